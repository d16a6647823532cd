"""What a period's results included, as a release lists it: "Results for 2022 included the following:
• Pre-tax charges of $1,153 million ... related to the sale of the Company's business in Russia • Pre-tax
gain of $271 million ...". When the statement line that moved a total most is a catch-all ("Other
operating (income) expense, net"), its name explains nothing; the items the filing says each period's
results held are what it held. Read from the statement's own filing only, each item with an amount,
for the asked year or the year before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel

from finrag.models import Chunk, SearchHit

# "Results for 2022 included the following:", "Fourth quarter 2021 results included:"
HEAD = re.compile(r"\b(?:results|earnings)\s+(?:for|in)\s+(?:the\s+)?(?:(?:first|second|third|fourth)\s+quarter\s+(?:of\s+)?)?"
                   r"(?P<year>(?:19|20)\d\d)\s+included(?:\s+the\s+following)?\s*:", re.I)
_BULLET = re.compile(r"\s*[•●▪◦]\s*")
# where a list of items ends: the next period's list, or what the results were without them
_END = re.compile(r"\b(?:excluding|exclusive\s+of|apart\s+from)\s+(?:the\s+)?(?:above|these|those)\b|\b(?:results|earnings)\s+"
                  r"(?:for|in)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:19|20)\d\d\s+included\b", re.I)
_AMOUNT = re.compile(r"[$€£¥]\s?\d[\d,.]*(?:\s*(?:thousand|million|billion))?", re.I)
_MAX_ITEMS = 6


class Included(BaseModel):
    year: int
    items: list[str]
    chunk: Chunk
    after: str = ""  # "Excluding the above items, results reflected ... driven primarily by ...": the rest


def _runs(hits: Sequence[SearchHit], doc: str) -> list[tuple[str, Chunk]]:
    """The filing's consecutive chunks joined into one text each (the chunker's overlap said once),
    with the run's first chunk."""
    chunks = sorted({h.chunk.index: h.chunk for h in hits if h.chunk.doc == doc}.items())
    runs: list[tuple[str, Chunk]] = []
    last = -2
    for index, chunk in chunks:
        text = " ".join(chunk.text.split())
        if runs and index == last + 1:
            joined, first = runs[-1]
            cut = next((k for k in range(min(len(joined), len(text), 600), 20, -1) if joined.endswith(text[:k])), 0)
            runs[-1] = (joined + " " + text[cut:] if cut < len(text) else joined, first)
        else:
            runs.append((text, chunk))
        last = index
    return runs


def read(hits: Sequence[SearchHit], doc: str, years: tuple[int, int]) -> list[Included]:
    """Each of the two years' lists of what its results included, from the filing `doc`."""
    out: list[Included] = []
    for text, chunk in _runs(hits, doc):
        for head in HEAD.finditer(text):
            year = int(head.group("year"))
            if year not in years or any(i.year == year for i in out):
                continue
            rest = text[head.end():]
            end = _END.search(rest)
            body = rest[:end.start()] if end else rest[:1500]
            items = [" ".join(p.split()).rstrip(" ;,") for p in _BULLET.split(body) if _AMOUNT.search(p)]
            if not items or len(items) > _MAX_ITEMS:
                continue
            after = ""
            if end and re.match(r"(?:excluding|exclusive|apart)", end.group(0), re.I):
                tail = rest[end.start():]
                stop = re.search(r"(?<=[a-z)])\.(?=\s|$)", tail)
                after = tail[:stop.end()] if stop else ""
            out.append(Included(year=year, items=items, chunk=chunk, after=after))
    return sorted(out, key=lambda i: i.year)
