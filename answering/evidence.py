"""The evidence-honesty rule, one for every strategy that reads the reports.

- `no_filter_match` (the question names a company or year the store doesn't hold) is
  always "not found": nothing was searched that could answer it.
- `low_evidence` (nothing close enough to the question was retrieved) turns an answer into
  "not found" unless the writer read a figure the question asks for (exact evidence
  outranks a low similarity score) or answered from the glossary.
"""

from __future__ import annotations

from collections.abc import Sequence

from answering.written_answer import WrittenAnswer, not_found
from finrag.models import SearchFilters

NOT_COVERED = "the reports in the store do not cover the company or period asked about"
NOT_RELEVANT = "no retrieved passage is relevant enough"

Searched = list[tuple[str, SearchFilters | None]]


def out_of_scope(flags: Sequence[str]) -> bool:
    """The question names a company or period the store does not hold."""
    return "no_filter_match" in flags


def not_covered(searched: Searched, mentions: Sequence[str] = ()) -> WrittenAnswer:
    """The "not found" for an out-of-scope question, naming the unknown companies if known."""
    named = ", ".join(mentions)
    return not_found(searched, f"{NOT_COVERED}{f' ({named})' if named else ''}")


def held_to_evidence(written: WrittenAnswer, flags: Sequence[str], searched: Searched) -> WrittenAnswer:
    """`written`, or "not found" when retrieval flagged low evidence and no figure backs it."""
    if "low_evidence" in flags and written.status == "answered" and written.value is None \
            and "glossary" not in written.flags:
        return not_found(searched, NOT_RELEVANT)
    return written
