"""What a company acquired: only sentences that name an acquired business answer it.

"What are the major acquisitions that X has done in FY2022?" shares its words with risk factors
("the companies we acquire ... may lack controls") and expense lines ("acquisition related and
other expenses included ..."), which name no business bought. A sentence answers when it names
one: "we acquired Cerner", "completed the acquisition of Mandiant", "our recent acquisitions,
including Cerner" (a capitalised name after the acquiring words). The other sentences are left
out; none left, the question is refused.
"""

from __future__ import annotations

import re

from answering.written_answer import WrittenAnswer
from loaders.dates import MONTH_NAMES

ASKS_ACQUISITIONS = re.compile(r"\bacquisitions\b|\bacquired\b|\bacquire\b", re.I)
# the acquiring words, then within a few words a capitalised name (not a month or "Company")
_NAMES_ACQUIRED = re.compile(
    r"\b(?:acquired|acquire|acquiring|(?:acquisitions?|purchases?)\s+of|acquisitions?,?\s+(?:including|such\s+as|of))"
    r"\s+(?:(?:all|substantially|of|the|a|an|its|our|outstanding|remaining|shares|stock|equity|interests?|in|\d+%)\s+){0,6}"
    rf"(?!(?:{MONTH_NAMES}|Company|Corporation)\b)"
    r"[A-Z][\w&.'’-]+")


def names_acquired(text: str) -> bool:
    return _NAMES_ACQUIRED.search(text) is not None


def named_only(written: WrittenAnswer | None) -> WrittenAnswer | None:
    """The answer's quotes that name an acquired business; None when none does."""
    if written is None or written.status != "answered" or "dash_listed" in written.flags:
        return written  # (items listed after "acquisitions —" are the businesses acquired)
    kept = [c for c in written.citations if names_acquired(c.quote)]
    if not kept:
        return None
    if len(kept) == len(written.citations):
        return written
    text = " ".join(f'"{c.quote}" ({c.doc} p.{c.page + 1})' for c in kept)
    return written.model_copy(update={"text": text, "citations": kept})
