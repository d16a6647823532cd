"""dated_comparison: "What was X's <measure> at <date>, and how did it compare with <other date>?"
answered by one table row that prints the measure under both dates.

Filings print point-in-time measures (headcount, backlog, customers, stores) in a table whose header
is a run of dates ("April 30, 2023  January 31, 2023  October 31, 2022 ...") and whose rows are a label
and one figure per date. The row whose label holds every word of the asked measure, under a header
that names both asked dates, gives both figures from one place; the change is their difference.
A header whose dates do not match the row's figures one for one, or a measure no row names, is no
answer (None): the kind's own refusal stands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.listed_amounts import EVERY_ITEM
from answering.written_answer import WrittenAnswer
from loaders.dates import ENGLISH_MONTHS

if TYPE_CHECKING:
    from finrag.models import Chunk, SearchHit

_DATE = rf"{ENGLISH_MONTHS}\s+\d{{1,2}},\s*(?:19|20)\d\d"
_DATE_RE = re.compile(_DATE, re.I)

ASKS_DATED_COMPARISON = re.compile(
    rf"\bwhat\s+(?:was|were)\s+(?:the\s+)?(?P<measure>.+?)\s+(?:at|as\s+of|on)\s+(?P<first>{_DATE})\s*,?\s*"
    rf"and\s+how\s+(?:did|does)\s+(?:it|that|this|they|the\s+figure)\s+compare\s+(?:with|to|against)\s+"
    rf"(?P<second>{_DATE})", re.I)

# a header: two or more dates in a row, nothing else between them
_HEADER = re.compile(rf"(?:{_DATE}\s+){{1,}}{_DATE}", re.I)
_FIGURE = re.compile(r"\(?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?")
_WORD = re.compile(r"[a-z]+")
# words a measure's name carries that a row label need not: its owner, articles, "total"
_FILLER = frozenset({"the", "a", "an", "of", "its", "their", "total", "number", "s"})


def _date_key(date: str) -> tuple[str, int, int]:
    month, day, year = re.match(r"([A-Za-z]+)\.?\s+(\d{1,2}),\s*(\d{4})", date).groups()  # type: ignore[union-attr]
    return month[:3].lower(), int(day), int(year)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower().replace("'s", " ")) if w not in _FILLER}


def _measure_words(measure: str, companies: list[str]) -> set[str]:
    # "Salesforce's full-time equivalent headcount": the owner's name is not the measure's
    owner = {w for company in companies for w in _words(company)}
    return _words(measure) - owner


def _number(raw: str) -> float:
    negative = raw.startswith("(")
    value = float(re.sub(r"[^\d.]", "", raw))
    return -value if negative else value


def _rows(chunk: Chunk, dates: list[str], measure: set[str]) -> list[tuple[str, list[str]]]:
    """The rows after each header naming `dates`: (the row's text, its figures), one figure per header date."""
    found: list[tuple[str, list[str]]] = []
    for header in _HEADER.finditer(chunk.text):
        columns = [_date_key(d) for d in _DATE_RE.findall(header.group(0))]
        if not all(_date_key(d) in columns for d in dates):
            continue
        rest = chunk.text[header.end():]
        at = 0
        for _ in range(12):  # the table's rows, a label then one figure per column each
            label = re.match(r"\s*([A-Za-z][A-Za-z\s\-–'’()/&,]*?)\s+(?=\(?\$?\s?\d)", rest[at:])
            if label is None:
                break
            figures: list[str] = []
            pos = at + label.end()
            for _ in columns:
                m = _FIGURE.match(rest, pos)
                if m is None:
                    break
                figures.append(m.group(0))
                pos = m.end()
                pos += len(rest[pos:]) - len(rest[pos:].lstrip())
            if len(figures) != len(columns):
                break
            if measure and measure <= _words(label.group(1)):
                picked = [figures[columns.index(_date_key(d))] for d in dates]
                found.append((collapse(header.group(0) + " " + rest[at:pos]), picked))
            at = pos
    return found


def collapse(text: str) -> str:
    return " ".join(text.split())


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The asked measure at both dates from one table row, and the change; None when no row of a
    table headed by both dates names the measure, or rows that do disagree."""
    asked = ASKS_DATED_COMPARISON.search(question)
    if asked is None or len(companies) != 1:
        return None
    measure = _measure_words(asked.group("measure"), companies)
    if not measure:
        return None
    dates = [asked.group("first"), asked.group("second")]
    readings: dict[tuple[float, float], tuple[Chunk, str, list[str]]] = {}
    for hit in hits:
        if hit.chunk.company and hit.chunk.company != companies[0]:
            continue
        for quote, figures in _rows(hit.chunk, dates, measure):
            readings.setdefault((_number(figures[0]), _number(figures[1])), (hit.chunk, quote, figures))
    if len(readings) != 1:
        return None
    ((now, then), (chunk, quote, figures)), = readings.items()
    change = now - then
    direction = "up" if change > 0 else "down" if change < 0 else "unchanged"
    shown = f"{abs(change):,.0f}" if float(change).is_integer() else f"{abs(change):,.2f}"
    share = f" ({abs(change) / abs(then):.1%})" if then else ""
    moved = f"{direction} {shown}{share} from" if change else "unchanged from"
    text = (f"{figures[0]} at {dates[0]}, {moved} {figures[1]} at {dates[1]}: "
            f'"{quote}" ({chunk.doc} p.{chunk.page + 1})')
    # (the question's whole grammar, the figure and its comparison, was matched above: every part is answered)
    return WrittenAnswer(status="answered", kind="passage", value=now, text=text, flags=[EVERY_ITEM],
                         citations=[cite(chunk, quote)])
