"""asked_rows: "What was Boeing's total backlog at the end of FY2021, and how much of it was
contractual?" answered by the table rows that name each asked amount, in the asked year's column.

A filing often prints what such a question asks as rows of one small table ("Total Backlog
$377,499 $363,404 / Contractual backlog $356,362 $339,309") and in no sentence, so the passage
writer, which reads sentences, refuses it. Signals any filing and question carry:
- each part of the question (answering.kinds.every_part.asked_parts) asks an amount ("what was",
  "how much", "how many"); its measure is its own words, less the company, the period and the
  question's scaffolding; a part that refers back ("how much of it was contractual") adds the
  words of the part it refers to as words its row may carry;
- a row names a part when its label holds every word of the part's measure and nothing beyond
  them and the words referred back to ("Contractual backlog" for "contractual" of "total backlog");
- the column is the asked year's, under a header naming it once, in a table that states its scale;
- a metric question is left to the metric path, whose rows are checked (answering.checks).
Every part is read, each from exactly one figure (rows that agree), or nothing is answered.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from answering.citations import cite, unique_citations
from answering.kinds.every_part import asked_parts, capitalised_names, part_unanswered
from answering.kinds.listed_amounts import EVERY_ITEM
from answering.kinds.tables import Block, blocks
from answering.written_answer import WrittenAnswer
from finrag.vocabulary import tokenize
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from finrag.models import Citation, SearchHit

_AMOUNT_ASK = re.compile(r"^\W*(?:(?:and|if\s+so),?\s+)?(?:what\s+(?:was|were|is|are)\b|how\s+(?:much|many)\b)", re.I)
_REFERS_BACK = re.compile(r"\b(?:of\s+(?:it|that|this|them|those)|(?:it|that|this)\s+(?:was|were|is))\b", re.I)
# the question's scaffolding and the period's words: no part of a measure's name
_SCAFFOLD = frozenset(tokenize(
    "what was were is are how much many of it its their them that this those the a an at as on in for by to and "
    "or end ending ended close year years fiscal quarter period month months day did does do has have had so if "
    "report reported record recorded total amount amounts value figure company"))
_KEEP = frozenset(tokenize("total"))  # "total backlog": the row says it too


def _measure(part: str, companies: list[str]) -> set[str]:
    owner = {t for c in companies for t in tokenize(c)}
    text = re.sub(r"['’]s\b", "", part)
    text = re.sub(r"\b(?:FY\s?)?(?:19|20)\d\d\b|\b[A-Z][a-z]+\.?\s+\d{1,2},", " ", text)
    return {t for t in tokenize(text) if (t not in _SCAFFOLD or t in _KEEP) and t not in owner and not t.isdigit()}


def _label_words(label: str) -> set[str]:
    text = re.sub(r"\([^)]*\)|\$", " ", label)
    return {t for t in tokenize(text) if t not in _SCAFFOLD or t in _KEEP}


_SCALE = re.compile(r"\b(?:in\s+)?(?:millions|thousands|billions)\b|\bin\s+\$?\s*(?:m|mm|bn|000s?)\b", re.I)


def _scaled(block: Block) -> bool:
    """The table states its scale just above its rows ("(Dollars in millions)"): an amount read
    from a table that does not is in no known unit."""
    lines = block.chunk.text.splitlines()
    first = next((i for i, line in enumerate(lines) if line == block.rows[0].line), 0)
    return _SCALE.search("\n".join(lines[max(0, first - 8):first])) is not None


def _readings(measure: set[str], referred: set[str], tables: list[Block], year: int) -> set[tuple[float, str, int]]:
    """(value, the row's line, which table) of every row naming the measure in the year's column."""
    found = set()
    for n, block in enumerate(tables):
        if block.years.count(year) != 1:
            continue
        column = block.years.index(year)
        for row in block.rows:
            words = _label_words(row.label)
            if words and measure <= words and words <= measure | referred and column < len(row.values) \
                    and len(row.values) <= len(block.years) + 1 and (value := row.values[column]) is not None:
                found.add((value, row.line, n))
    return found


class RowReading(NamedTuple):
    """One asked amount read from the row naming it: what the answer says, its citation, its value."""

    said: str
    citation: Citation
    amount: float


def amount_tables(hits: list[SearchHit], companies: list[str]) -> list[Block]:
    """The tables an asked amount may be read from: with years in their header, a stated scale, no percentages."""
    return [b for b in blocks(hits, companies) if b.years and not any(r.percent for r in b.rows) and _scaled(b)]


def read_part(part: str, year: int, tables: list[Block], companies: list[str],
              referred: set[str] | None = None) -> RowReading | None:
    """The one figure the rows naming `part`'s measure give in `year`'s column, or None (no row
    names it, or rows that do disagree)."""
    measure = _measure(part, companies)
    if not measure:
        return None
    back = (referred or set()) if _REFERS_BACK.search(part) else set()
    readings = _readings(measure, back, tables, year)
    if len({v for v, _, _ in readings}) != 1:
        return None
    amount, line, n = sorted(readings, key=lambda r: r[2])[0]
    block = tables[n]
    label = next(r.label for r in block.rows if r.line == line)
    token = next((r.tokens[block.years.index(year)] for r in block.rows if r.line == line
                  and len(r.tokens) == len(r.values)), f"{amount:,.0f}")
    said = (f"{label}: {token.strip()} {block.scale.removesuffix('s')} in {year}: \"{line.strip()}\" "
            f"({block.chunk.doc} p.{block.chunk.page + 1})")
    return RowReading(said=said, citation=cite(block.chunk, line), amount=amount)


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """Each asked amount from the row naming it; None unless every part is read beyond doubt."""
    if len(companies) != 1:
        return None
    parts = asked_parts(question)
    years = parse_periods(question).years
    if not 1 <= len(parts) <= 3 or len(set(years)) != 1 or not all(_AMOUNT_ASK.search(p) for p in parts):
        return None
    tables = amount_tables(hits, companies)
    readings: list[RowReading] = []
    referred: set[str] = set()
    for part in parts:
        if (reading := read_part(part, years[0], tables, companies, referred)) is None:
            return None
        readings.append(reading)
        referred = referred | _measure(part, companies)
    return WrittenAnswer(status="answered", kind="passage", value=readings[0].amount if len(parts) == 1 else None,
                         text="; ".join(r.said for r in readings) + ".", citations=[r.citation for r in readings],
                         flags=[EVERY_ITEM])


def completed(written: WrittenAnswer, question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer:
    """Another kind's answer with each follow-on amount it leaves out read from the one row naming it
    ("What were its renewal rates, and how many total paid members did it have?": the rate's sentence,
    then "Total paid members 65,800 61,700 58,100" under "(in thousands)"), or the answer as it was."""
    years = set(parse_periods(question).years)
    if written.status != "answered" or len(years) != 1 or len(companies) != 1 or _names_a_part(question, companies):
        return written
    year, tables = years.pop(), amount_tables(hits, companies)
    readings = [reading for part in asked_parts(question)[1:]
                if _AMOUNT_ASK.search(part) and part_unanswered(part, written.text, written.kind or "", companies)
                and (reading := read_part(part, year, tables, companies)) is not None]
    if not readings:
        return written
    return written.model_copy(update={"text": f"{written.text} " + "; ".join(r.said for r in readings) + ".",
                                      "citations": unique_citations([*written.citations, *(r.citation for r in readings)])})


_NOT_A_PART = frozenset(tokenize("fy fiscal q1 q2 q3 q4 january february march april may june july august september "
                                 "october november december form"))


def _names_a_part(question: str, companies: list[str]) -> bool:
    """The question names something of the company's by name ("Boeing's BDS revenues ..., and what was its total
    backlog?"): "its" may be that part's, and the company's row is not its figure."""
    own = {t for c in companies for t in tokenize(c)}
    named = {t for t in capitalised_names(question) if len(t) > 2 and not any(ch.isdigit() for ch in t)}
    return bool(named - own - _NOT_A_PART)
