"""How a company that paid no dividend returned capital instead, as its filing states it.

"Did eBay pay a dividend in 2016? How did it return capital instead?": the "No" is the
filing's dividend policy; the other part is answered by the asked year's sentence stating the
stock it bought back ("During 2016, we repurchased approximately $3.0 billion of our common stock"):
a repurchase said done, with its amount, naming the asked year. An authorization, a plan, or
another year's buyback states nothing of it: None.
"""

from __future__ import annotations

import re
from typing import Protocol

from answering.kinds.sentences import Sentence, sentences
from finrag.models import SearchFilters, SearchHit

# "How did it return capital instead?", "how did it return cash to shareholders?"
ASKS_INSTEAD = re.compile(r"\bhow\s+(?:did|does|has|have)\s+(?:\S+\s+){1,3}?return(?:ed)?\s+(?:capital|cash)\b", re.I)
_BOUGHT = re.compile(r"\b(?:repurchased|bought\s+back)\b[^.;]{0,80}?(?:[$€£]\s?\d[\d,.]*\s*(?:billion|million)?|"
                     r"\d[\d,.]*\s*(?:billion|million))", re.I)
_NOT_DONE = re.compile(r"\b(?:could|may|might|would|if|expect\w*|anticipat\w*|intend\w*|authoriz\w*|remain\w*)\b", re.I)

# a part of the year ("During the three months ended December 31, 2016, we repurchased ...") is not the year's buyback
_PART_OF_YEAR = re.compile(r"\b(?:three|six|nine)\s+months\b|\bquarter\b", re.I)


class _Searcher(Protocol):
    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None,
               mode: str | None = None) -> list[SearchHit]: ...


def repurchase(hits: list[SearchHit], company: str, year: int, retriever: _Searcher | None) -> Sentence | None:
    """The asked year's sentence stating the stock `company` bought back, from the hits or its filing searched."""
    found = _stated(hits, company, year)
    if found is not None or retriever is None:
        return found
    searched = retriever.search(f"{company} repurchased common stock {year}",
                                filters=SearchFilters(companies=[company], fiscal_years=[year]), k=8, mode="sparse")
    return _stated(searched, company, year)


def _stated(hits: list[SearchHit], company: str, year: int) -> Sentence | None:
    for s in sentences([h for h in hits if h.chunk.fiscal_year == year], [company]):
        m = _BOUGHT.search(s.text)
        if m is not None and str(year) in s.text and not _NOT_DONE.search(s.text[: m.end()]) \
                and not _PART_OF_YEAR.search(s.text):
            return s
    return None
