"""item_comparison: "is A more X than B", two items of one table compared by a measure.

"Is Apple's Services business more profitable than its Products business on a gross margin basis,
and how did the two gross margin percentages move from fiscal 2018 to fiscal 2020?": the two items
are rows of the table whose heading just above them names the measure ("Gross margin percentage:"
/ Products 31.5 % / Services 66.0 % / Total ...), read in the asked year's column; how they moved is
the same rows across the asked years, every year a column of that table.

- the measure is the basis the question names ("on a gross margin basis"), else the measure it
  compares ("a higher operating margin than"); profitability is a rate, so "more profitable" reads
  the rows of percents under the heading that names the basis;
- the items are the question's own names for them ("Services", "Products"), each the label of one
  row of that table (a company's name, "its", and a closing "business", "segment" left out);
- every asked year must be a column of that table, the two values must differ.

None (the yes/no reader goes on) when any of it is not so.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import content_words, overlap
from answering.kinds.tables import Block, blocks, more_tables
from answering.numbers import Row, normalize_label, plain
from answering.written_answer import WrittenAnswer
from finrag.models import Citation

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

_MORE = r"(?P<way>more|less|higher|lower|greater|larger|smaller)"
# "Is A more profitable than B on a gross margin basis", "Was A's operating margin higher than B's"
_COMPARE = re.compile(rf"^\W*(?:is|was|are|were)\s+(?P<a>.+?)\s+{_MORE}\s+(?P<measure>profitable|[a-z][\w\s-]*?)\s+"
                      r"than\s+(?P<b>.+?)(?:\s+(?:on|in)\s+(?:an?\s+|the\s+)?(?P<basis>[a-z][\w\s-]*?)\s+(?:basis|terms))?"
                      r"(?:\s+in\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?\d{4})?\s*$", re.I)
# "how did the two gross margin percentages move from fiscal 2018 to fiscal 2020"
_MOVE = re.compile(r"\bhow\s+did\s+(?:the\s+)?(?:two\s+|both\s+)?(?P<measure>[a-z][\w\s-]*?)\s+"
                   r"(?:move|change|develop|evolve|trend)\s+(?:from|between)\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?"
                   r"(?P<start>(?:19|20)\d\d)\s+(?:to|and)\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?(?P<end>(?:19|20)\d\d)\b", re.I)
_SPLIT = re.compile(r",?\s+and\s+(?=how\b)", re.I)
_ITEM_NOUN = re.compile(r"\s+(?:business(?:es)?|segments?|divisions?|units?|lines?|categor(?:y|ies))$", re.I)
_LOW = ("less", "lower", "smaller")


def answer(ask: str, companies: list[str], hits: list[SearchHit], understanding: QueryUnderstanding,
           services: MetricServices) -> WrittenAnswer | None:
    parts = [p.strip(" ?") for p in _SPLIT.split(ask.strip()) if p.strip(" ?")]
    if len(companies) != 1 or not parts or len(parts) > 2 or (asked := _COMPARE.match(parts[0])) is None:
        return None
    moved = _MOVE.search(parts[1]) if len(parts) == 2 else None
    if len(parts) == 2 and moved is None:
        return None  # another part this reader does not answer
    names = [_item(asked.group("a"), companies), _item(asked.group("b"), companies)]
    rate = asked.group("measure").lower() == "profitable"
    measure = asked.group("basis") or ("" if rate else asked.group("measure"))
    if not measure or not all(names):
        return None
    years = sorted(set(understanding.fiscal_years))
    if moved is not None:
        years = sorted({*years, int(moved.group("start")), int(moved.group("end"))})
    if not years:
        return None
    pool = more_tables(f"{companies[0]} {measure} {' '.join(names)}", hits, companies, years, services.retriever)
    found = _rows(pool, companies, names, measure, rate, years)
    if found is None:
        return None
    block, rows = found
    latest = years[-1]
    col = block.years.index(latest)
    a, b = (r.values[col] for r in rows)
    if a is None or b is None or a == b:
        return None
    low = asked.group("way").lower() in _LOW
    yes = (a < b) if low else (a > b)
    said = measure.lower() + (" percentage" if rate and "percent" not in measure.lower() else "")
    first = (f"{'Yes' if yes else 'No'}: the {said} of {rows[0].label} was {_shown(a, rows[0], col)} in {latest}, "
             f"{'above' if a > b else 'below'} the {_shown(b, rows[1], col)} of {rows[1].label} "
             f"(table \"{_heading(block)}\").")
    citations: list[Citation] = [cite(block.chunk, r.line) for r in rows]
    text = first
    if moved is not None:
        start, end = int(moved.group("start")), int(moved.group("end"))
        span = [y for y in sorted(block.years) if start <= y <= end]
        paths = []
        for row in rows:
            values = [row.values[block.years.index(y)] for y in span]
            if any(v is None for v in values):
                return None
            first_value, last_value = values[0] or 0.0, values[-1] or 0.0
            change = last_value - first_value
            unit = " points" if row.percent else ""
            paths.append(f"{row.label}: " + " → ".join(f"{_shown(v or 0.0, row, block.years.index(y))} ({y})"
                                                         for v, y in zip(values, span, strict=True))
                         + f", {'up' if change > 0 else 'down' if change < 0 else 'unchanged'}"
                         + (f" {plain(abs(change))}{unit}" if change else ""))
        part = parts[1][0].upper() + parts[1][1:]
        text += f" {part}? " + "; ".join(paths) + "."
    return WrittenAnswer(status="answered", kind="yes_no", text=text, citations=unique_citations(citations))


def _item(phrase: str, companies: list[str]) -> str:
    """The item as the question names it: "Apple's Services business" is "Services"."""
    text = phrase.strip()
    for company in companies:
        text = re.sub(rf"^(?:the\s+)?{re.escape(company)}['’]s?\s+", "", text, flags=re.I)
    text = re.sub(r"^(?:its|their|the)\s+", "", text, flags=re.I)
    text = re.sub(r"['’]s?$", "", _ITEM_NOUN.sub("", text)).strip()
    return text if text and len(text.split()) <= 4 else ""


def _rows(pool: list[SearchHit], companies: list[str], names: list[str], measure: str, rate: bool,
          years: list[int]) -> tuple[Block, list[Row]] | None:
    """The table under a heading naming the measure whose rows include both items, with every
    asked year a column; its rows of percents when a rate is asked, of amounts otherwise."""
    words = content_words(measure, companies)
    wanted = [normalize_label(n) for n in names]
    for block in blocks(pool, companies):
        heading = _heading(block)
        if not words or overlap(heading, words) < 1.0 or len(heading.split()) > len(measure.split()) + 3:
            continue  # the heading just above the rows names the asked measure, and little else
        if rate and "percent" not in heading.lower() and not all(r.percent for r in block.rows):
            continue
        if not all(y in block.years for y in years):
            continue
        by_label = {normalize_label(r.label): r for r in block.rows}
        if all(w in by_label for w in wanted):
            rows = [by_label[w] for w in wanted]
            if all(len(r.values) == len(block.years) for r in rows):
                return block, rows
    return None


def _heading(block: Block) -> str:
    return next((line.strip() for line in reversed(block.context.splitlines()) if line.strip()), "")


def _shown(value: float, row: Row, col: int) -> str:
    """The amount as the row prints it ("66.0%"), else as read."""
    if len(row.tokens) == len(row.values):
        token = row.tokens[col].rstrip("%").strip()
        return f"{token}%" if row.percent else token
    return f"{plain(value)}%" if row.percent else plain(value)
