"""The evidence-honesty rules, one set for every strategy that reads the reports.

- `no_filter_match` (the question, or the asker's company / period hint, names a company or
  year the store doesn't hold) is always "not found": nothing was searched that could
  answer it. A missing company is named, with the nearest names the store holds.
- `low_evidence` (nothing close enough to the question was retrieved) turns an answer into
  "not found" unless the writer read a figure the question asks for (exact evidence
  outranks a low similarity score) or answered from the glossary.
- A question that names no company, in a store of several, is answered only from one
  company's filings; evidence from several asks which company (`needs_company`) instead of
  answering with whichever company ranked first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from answering.aspects import asks_across_companies
from answering.written_answer import GLOSSARY, WrittenAnswer, not_found
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

NOT_COVERED = "the reports in the store do not cover the company or period asked about"
NOT_RELEVANT = "no retrieved passage is relevant enough"

Searched = list[tuple[str, SearchFilters | None]]
_GROUP = re.compile(r"\bcompanies\b", re.I)


def out_of_scope(flags: Sequence[str]) -> bool:
    """The question names a company or period the store does not hold."""
    return "no_filter_match" in flags


def not_covered(searched: Searched, understanding: QueryUnderstanding | None = None) -> WrittenAnswer:
    """The "not found" for an out-of-scope question: a company the store does not hold is
    named, with the nearest names it does hold ("Apple is not in the store; nearest: ...")."""
    missing = list(getattr(understanding, "missing_companies", None) or [])
    unread = getattr(understanding, "unread_period", None)
    if unread and not missing:
        return not_found(searched, f"the period {unread!r} could not be read (write e.g. FY2023 or 2023Q2)")
    if not missing:
        return not_found(searched, NOT_COVERED)
    names = ", ".join(missing)
    nearest = ", ".join(getattr(understanding, "nearest_companies", None) or [])
    reason = f"{names} {'is' if len(missing) == 1 else 'are'} not in the store" + (
        f"; nearest: {nearest}" if nearest else ""
    )
    return not_found(searched, reason)


def held_to_evidence(written: WrittenAnswer, flags: Sequence[str], searched: Searched) -> WrittenAnswer:
    """`written`, or "not found" when retrieval flagged low evidence and no figure backs it."""
    if "low_evidence" in flags and written.status == "answered" and written.value is None \
            and GLOSSARY not in written.flags:
        return not_found(searched, NOT_RELEVANT)
    return written


def from_one_company(
    written: WrittenAnswer,
    question: str,
    hits: Sequence[SearchHit],
    understanding: QueryUnderstanding,
    companies_held: int,
) -> WrittenAnswer:
    """`written`, or `needs_company` when the question names no company, the store holds
    several, and the evidence the answer was written from comes from more than one.

    A "not found" written from such evidence asks too (what was missing, and the figures it
    did find, are another company's); one for want of any relevant passage stays "not found".
    A question about all companies ("which company had the highest revenue") is exempt: it
    names none on purpose. So is a definition answered from the glossary (general knowledge,
    no filing read), and a store of one company: there is no other to confuse.
    """
    if understanding.companies or companies_held < 2:
        return written
    # an unverified reading (a failed check, a shape under its record) shows what it found,
    # which may be another company's: it asks too
    if written.status not in ("answered", "not_found", "unverified") or written.reason == NOT_RELEVANT:
        return written
    if written.status == "not_found" and (_GROUP.search(question) or understanding.unplaced_names):
        # "the Industrials companies": a group, not one company left unnamed; "Who audits
        # Bluewater Aerospace?": a name no company in the store answers to.
        return written
    if GLOSSARY in written.flags:
        return written
    if asks_across_companies(question, []):
        return written
    sources = list(dict.fromkeys(h.chunk.company or "(no company)" for h in hits))
    if len(sources) < 2:
        return written
    listed = ", ".join(sources)
    return WrittenAnswer(
        status="needs_company",
        text=f"Which company? The question names none, and the evidence found comes from "
        f"{len(sources)} companies: {listed}. Ask again naming one of them.",
        reason=f"the question names no company; evidence from {len(sources)} companies ({listed})",
        flags=["needs_company"],
    )
