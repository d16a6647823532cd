"""A schedule's row for an asked year: "how much did X expect to pay for its retirees in 2024?"

Filings print what falls due in each coming year (benefit payments, lease and debt
maturities) as a table whose rows are labelled by the year alone ("2024 1,097 862") under a
caption that says what is paid ("The benefit payments to retirees are expected to be paid as
follows:") and a header that names the columns. No sentence states one year's figure; the
row does, read with its caption and header. A caption that is not about the question (half its
content words), or a year the question does not name, is no answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import content_words, overlap
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

_YEAR_ROW = re.compile(r"^\s*(?P<year>(?:19|20)\d\d)(?P<amounts>(?:\s+\$?\s*\(?[\d,]+(?:\.\d+)?\)?|\s+[-—–])+)\s*$")
_CAPTION_LINES = 4
_MIN_CAPTION = 0.5


def write(ask: str, hits: list[SearchHit], understanding: QueryUnderstanding, kind: str) -> WrittenAnswer | None:
    years = set(parse_periods(ask).years)
    companies = list(understanding.companies)
    words = content_words(ask, companies)
    if not years or not words:
        return None
    wanted = {c.casefold() for c in companies}
    for hit in hits:
        chunk = hit.chunk
        if wanted and (chunk.company or "").casefold() not in wanted:
            continue
        lines = chunk.text.splitlines()
        rows = [(i, m) for i, line in enumerate(lines) if (m := _YEAR_ROW.match(line))]
        for i, m in rows:
            if int(m.group("year")) not in years:
                continue
            first = _first_row(lines, i)
            if sum(1 for j, _ in rows if first <= j) < 2:
                continue  # one line with a year is not a schedule
            above = [line.strip() for line in lines[max(0, first - _CAPTION_LINES) : first] if line.strip()]
            caption = next((line for line in above if line.endswith(":")), "")
            if not caption or overlap(" ".join(above), words) < _MIN_CAPTION:
                continue
            shown = " ".join(above[above.index(caption):])
            text = f'"{shown} {lines[i].strip()}" ({chunk.doc} p.{chunk.page + 1})'
            citations = [cite(chunk, caption), cite(chunk, lines[i].strip())]
            return WrittenAnswer(status="answered", kind=kind, text=text, citations=unique_citations(citations))
    return None


def _first_row(lines: list[str], at: int) -> int:
    """The first of the consecutive year rows that `at` is one of."""
    while at > 0 and _YEAR_ROW.match(lines[at - 1]):
        at -= 1
    return at
