"""drivers of a table row the vocabulary does not know, read from the row's own footnote: "Corporate costs,
unallocated(1) (338) (3,288)" with "(1) ... For the three months ended March 31, 2023, unallocated corporate
costs include charges related to the reductions in our workforce and office space totaling $2.5 billion."

The row is the one whose label's words are all words of the question's premise ("Alphabet's unallocated
corporate costs rose sharply ..."), printed with a footnote mark, in a table whose header places the asked
year beside the year before; its causes are the footnote's sentences that say what the row's figure
included, with an amount, in the asked year. A row without a mark, or a footnote that says nothing the
figure held in that year, answers nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel

from answering.citations import cite, unique_citations
from answering.kinds import statement_drivers
from answering.numbers import years_in
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import Vocabulary, tokenize

_MARK = re.compile(r"\s*\((?P<mark>\d{1,2}|[a-z])\)\s*$")
_INCLUDED = re.compile(r"\binclud(?:e|es|ed|ing)\b", re.I)
_AMOUNT = re.compile(r"[$€£¥]\s?\d[\d,.]*(?:\s*(?:thousand|million|billion))?", re.I)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9%)])\.\s+(?=[A-Z(])")
_SMALL = frozenset({"and", "the", "of", "for", "net", "total", "other", "in", "to", "a", "an", "s"})
_MIN_WORDS = 2


class FootnotedRow(BaseModel):
    label: str
    years: tuple[int, int]
    values: tuple[float, float]
    tokens: tuple[str, str]
    chunk: Chunk
    line: str
    causes: list[str]


def _words(text: str) -> set[str]:
    return {w for w in tokenize(text) if w not in _SMALL and not w.isdigit()}


def _footnote(mark: str, chunk: Chunk, line: str) -> str:
    """The footnote the mark points to, read after the row in its chunk (what is cited is its text)."""
    text = " ".join(chunk.text.split())
    at = text.find(" ".join(line.split()))
    rest = text[at + len(" ".join(line.split())):] if at >= 0 else ""
    start = re.search(rf"(?:^|\s)\({re.escape(mark)}\)\s+(?=[A-Z])", rest)
    if start is None:
        return ""
    body = rest[start.end():]
    stop = re.search(r"\s\((?:\d{1,2}|[a-z])\)\s+(?=[A-Z])", body)
    return body[:stop.start()] if stop else body[:1200]


def read(premise: str, year: int, hits: Sequence[SearchHit], companies: list[str],
         vocab: Vocabulary) -> FootnotedRow | None:
    """The premise's row with the footnote sentences on what it held in `year`, or None."""
    asked = _words(premise)
    for lines in statement_drivers._lines(hits, companies, vocab):
        for at, item in enumerate(lines):
            if isinstance(item, tuple):
                continue
            mark = _MARK.search(item.label)
            label = _MARK.sub("", item.label).strip(" ,:")
            words = _words(label)
            if mark is None or len(words) < _MIN_WORDS or not words <= asked or item.row.percent:
                continue
            width = len(item.row.values)
            placed = statement_drivers._columns(statement_drivers._header(lines[:at]), year, width)
            if placed is None:
                continue
            years, cols = placed
            values = [item.row.values[width - c] for c in cols]
            if any(v is None for v in values):
                continue
            note = _footnote(mark.group("mark"), item.chunk, item.row.line)
            causes = [s.strip() for s in _SENTENCE_END.split(note)
                      if _INCLUDED.search(s) and _AMOUNT.search(s) and year in years_in(s)
                      and len(_words(s) & words) * 2 >= len(words)]
            if causes:
                tokens = item.row.tokens[-width:]
                return FootnotedRow(label=label, years=years, values=(values[0] or 0.0, values[1] or 0.0),
                                    tokens=(tokens[width - cols[0]], tokens[width - cols[1]]), chunk=item.chunk,
                                    line=item.row.line, causes=[c if c.endswith(".") else f"{c}." for c in causes])
    return None


def write(row: FootnotedRow) -> WrittenAnswer:
    before, now = row.years
    v0, v1 = row.values
    sample = row.tokens[1]
    change = statement_drivers.shown_value(abs(v1 - v0), sample)
    text = (f"{row.label} went from {statement_drivers.shown_value(v0, sample)} ({before}) to "
            f"{statement_drivers.shown_value(v1, sample)} ({now}), a difference of {change}. What the filing says "
            f"it included (the row's footnote): " + " ".join(f'"{c}"' for c in row.causes))
    citations = [cite(row.chunk, row.line), *(cite(row.chunk, c) for c in row.causes)]
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=["drivers_from_row_footnote"])
