"""column_choice: "Which director nominee received the most votes against?" read from a table whose columns are
named, not dated.

A vote tally ("Nominee For Against Abstain Broker Non-Votes", then one row per nominee), a count by category,
any table with a header line of column names: the question names one column ("against"), a superlative picks the
row. The column is found by its place in the header, counted from the left after the rows' label; each row must
print a number for every column up to it. Rows of another table (a header between) are not ranked with them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.numbers import split_row
from answering.written_answer import WrittenAnswer

if TYPE_CHECKING:
    from finrag.models import Chunk, NumberConventionName, SearchHit
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

# "Which director nominee received the most votes against": which item, a superlative, then the column's word
ASKS = re.compile(r"^\W*which\s+(?P<item>[^?]{1,80}?)\s+(?:received|got|had|recorded|drew|won)\s+the\s+"
                  r"(?P<order>most|fewest|least|highest|lowest|largest|smallest)\s+(?P<what>[^?]+)", re.I)
_HIGH = frozenset({"most", "highest", "largest"})
# a header line: a label word, then two column names or more, no figure
_HEADER = re.compile(r"^(?P<label>[A-Z][\w-]*)\s+(?P<columns>(?:[A-Z][\w-]*(?:\s+|$)){2,})$")
_MIN_ROWS = 2


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          retriever: Retriever | None = None) -> WrittenAnswer | None:
    """The row that ranks first by the asked column, with the rows it was ranked among; None when no table of the
    asked company prints a header naming that column and two rows under it."""
    asked = ASKS.search(question)
    if asked is None:
        return None
    wanted = {w.lower() for w in re.findall(r"[A-Za-z-]+", asked.group("what"))}
    companies = {c.casefold() for c in understanding.companies}
    for hit in hits:
        if companies and (hit.chunk.company or "").casefold() not in companies:
            continue
        if (ranked := _ranked(_with_next(hit.chunk, hits, retriever), wanted, hit.chunk.number_convention)) is not None:
            column, rows = ranked
            high = asked.group("order").lower() in _HIGH
            name, value, line = (max if high else min)(rows, key=lambda r: r[1])
            if sum(1 for _, v, _ in rows if v == value) > 1:
                return None  # a tie picks no one
            word = "most" if high else "fewest"
            shown = "; ".join(f"{n}: {v:,.0f}" for n, v, _ in sorted(rows, key=lambda r: r[1], reverse=high))
            return WrittenAnswer(
                status="answered", kind="choice", citations=[cite(hit.chunk, line)],
                text=f"{name}, with the {word} ({value:,.0f}) in the column \"{column}\" of the table "
                     f"({hit.chunk.doc} p.{hit.chunk.page + 1}): \"{line}\". All rows: {shown}.")
    return None


_NEXT_CHUNKS = 3  # chunks after a hit a table the chunker cut may run on into


def _with_next(chunk: Chunk, hits: list[SearchHit], retriever: Retriever | None) -> str:
    """The chunk's text with the text of the few chunks after it in its filing (a tally of fifteen nominees runs over
    three chunks); each repeats the few lines the chunker carried over, which `_ranked` reads once."""
    filing = getattr(retriever, "filing", None)
    chunks = filing(chunk.doc).chunks if filing is not None else [h.chunk for h in hits]
    after = sorted((c for c in chunks if c.doc == chunk.doc and chunk.index < c.index <= chunk.index + _NEXT_CHUNKS),
                   key=lambda c: c.index)
    return "\n".join([chunk.text, *(c.text for c in after)])


def _ranked(text: str, wanted: set[str], convention: NumberConventionName) -> tuple[str, list[tuple[str, float, str]]] | None:
    """(the asked column's name, [(row name, its figure in that column, the row as printed)]) of the first table of
    the text whose header names a column the question asks."""
    lines = [line.strip() for line in text.splitlines()]
    for at, line in enumerate(lines):
        header = _HEADER.match(line)
        if header is None:
            continue
        columns = header.group("columns").split()
        index = next((i for i, c in enumerate(columns) if c.lower() in wanted), None)
        if index is None:
            continue
        rows: dict[str, tuple[str, float, str]] = {}
        width = None
        ended = False
        for below in lines[at + 1:]:
            row = split_row(below, convention)
            if row is None or not row.label or len(row.values) <= index or (value := row.values[index]) is None:
                ended = True  # the table ends where a line is no row of it
                break
            width = width or len(row.values)
            if len(row.values) != width:
                continue  # a row the chunk's end cut, printed whole again after it
            rows[row.label.strip()] = (row.label.strip(), value, below)
        if not ended:
            return None  # rows up to the text's end: the table may go on where the text was cut, unread
        if len(rows) >= _MIN_ROWS:
            return columns[index], list(rows.values())
    return None
