"""whole_table: a ranking is over every item of its table, or it is no ranking.

A table cut by the chunker between two chunks (or two pages) shows a choice only its first
rows: ranked alone, they can name the wrong item (Accuray's FY2022 revenue by region: Americas
and EMEA in one chunk; Japan, the one region that fell, with China and the total in the next).
Two signals any table carries tell a whole set of items:

- its total row ("Total", "Total revenue", "Consolidated", "Net sales"): the items' amounts sum
  to it in the compared columns, within the rounding of the printed amounts (a table of rates,
  which do not add up, is exempt);
- its end: a table whose last row is its chunk's last line, no total reached, runs on in the
  next chunk of the filing, whose first rows (after the caption and header the chunker repeats)
  are its rest; when it goes on with anything else (prose, a row already read), the table
  ended with its chunk.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.kinds.tables import Block, column_years, next_chunk
from answering.numbers import Row, split_row
from finrag.models import Chunk, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

TOTAL_ROW = re.compile(r"(?:total|consolidated|combined|worldwide|net)\b", re.I)
_HEADER_LINES = 6  # lines the chunker repeats above a table's rest (its caption, its years)


def runs_on(block: Block) -> bool:
    """The table's last row is its chunk's last line and no total row closed it."""
    lines = [line for line in block.chunk.text.splitlines() if line.strip()]
    return bool(lines) and lines[-1] == block.rows[-1].line and not any(TOTAL_ROW.match(r.label) for r in block.rows)


def following(chunk: Chunk, hits: list[SearchHit], retriever: Retriever | None) -> Chunk | None:
    """The filing's next chunk: among the hits, else read from the store."""
    found = next((h.chunk for h in hits if h.chunk.doc == chunk.doc and h.chunk.index == chunk.index + 1), None)
    if found is not None or retriever is None:
        return found
    return next_chunk(chunk, retriever)


def rest(block: Block, after: Chunk) -> list[Row]:
    """The rows `after` continues the table with: the first rows of as many amounts, past only a
    few lines of caption and header, up to its total row; none when the chunk goes on with
    something else (prose, a row already read)."""
    width = len(block.rows[0].values)
    seen = {r.label.casefold() for r in block.rows}
    out: list[Row] = []
    skipped = 0
    for line in after.text.splitlines():
        if not line.strip():
            continue
        raw = split_row(line, after.number_convention) if not column_years(line) else None
        if raw is None and (total := _unlabeled_total(line, [*block.rows, *out], width, after)):
            # "$ 7,642 $ 6,856" under the items: the table's total printed without its label
            out.append(total)
            break
        # (in the columns the block reads: a table with change columns between its years keeps its years' amounts)
        row = block.read(raw) if raw is not None else None
        if row is None or len(row.values) != width:
            if out or raw is not None or (skipped := skipped + 1) > _HEADER_LINES:
                break
            continue
        if row.label.casefold() in seen:
            return []  # the same rows again: another table (or the same one repeated), not its rest
        out.append(row)
        if TOTAL_ROW.match(row.label):
            break
    return out


def _unlabeled_total(line: str, rows: list[Row], width: int, after: Chunk) -> Row | None:
    """A line of amounts only, as many as the table's columns, each the sum of the rows above it
    in its column (within the printed rounding): the table's total, its label left unprinted."""
    if re.search(r"[A-Za-z]", line) or len(rows) < 2:
        return None
    row = split_row(f"Total {line}", after.number_convention)
    if row is None or len(row.values) != width or row.percent or any(r.percent for r in rows):
        return None
    for col, printed in enumerate(row.values):
        values = [r.values[col] if col < len(r.values) else None for r in rows]
        if printed is None or any(v is None for v in values):
            return None
        slack = max(0.5 * (len(rows) + 1), abs(printed) * 0.001)
        if abs(sum(v for v in values if v is not None) - printed) > slack:
            return None
    return row.model_copy(update={"line": line})


def subtotals(rows: list[Row], columns: list[int], block: Block) -> set[int]:
    """The indexes of the rows that sum the rows just above them in every compared column ("Software
    and cloud revenues" under its four lines, "Hardware systems revenues" under its two): a subtotal
    of the table, whatever its label says, not an item beside the lines it adds."""
    out: set[int] = set()
    for i, row in enumerate(rows):
        if TOTAL_ROW.match(row.label) or any(c >= len(row.values) or row.values[c] is None for c in columns):
            continue
        for start in range(i - 2, -1, -1):
            run = [r for k, r in enumerate(rows[start:i], start) if k not in out]
            if len(run) < 2 or any(c >= len(r.values) or r.values[c] is None for r in run for c in columns):
                break
            if all(abs(sum(r.values[c] for r in run) - row.values[c]) <= _rounding(block, len(run), row.values[c])
                   for c in columns):
                out.add(i)
                break
    return out


def adds_up(block: Block, columns: list[int]) -> bool | None:
    """The items (rows that are no total, nor a subtotal of the rows above it) sum to one of the
    table's total rows in each column compared: True; they sum to none: False; no total row, or
    rates (which do not add): None."""
    totals = [r for r in block.rows if TOTAL_ROW.match(r.label)]
    if not totals and len(block.rows) >= 3 and not _rates(block) and _sums_above(block, columns):
        return True  # a last row named for the measure ("Revenues $ 12,734 $ 27,742") that sums every row above it
    below = subtotals(block.rows, columns, block) if not _rates(block) else set()
    items = [r for k, r in enumerate(block.rows) if not TOTAL_ROW.match(r.label) and k not in below]
    if not totals or not items or _rates(block):
        return None
    # the items above each total (those after it lead to a further total: "Net sales of reportable segments
    # and All Other" and then the foreign currency impact on the way to consolidated net sales)
    at = [k for k, r in enumerate(block.rows) if TOTAL_ROW.match(r.label)]
    groups = [items, *([r for k, r in enumerate(block.rows) if k < t and k not in at and k not in below] for t in at)]
    for col in columns:
        sums = [t.values[col] for t in totals if col < len(t.values) and t.values[col] is not None]
        if not sums:
            return None
        values = [r.values[col] if col < len(r.values) else None for r in items]
        if any(v is None for v in values):
            return None  # a dash ("—") is no zero the table says; nothing to check
        if not any(group and all(col < len(r.values) and r.values[col] is not None for r in group)
                   and abs(sum(r.values[col] for r in group) - s) <= _rounding(block, len(group), s)
                   for group in groups for s in sums):
            return False
    return True


def _sums_above(block: Block, columns: list[int]) -> bool:
    """The block's last row is the sum of every row above it in each column compared."""
    *items, last = block.rows
    for col in columns:
        values = [r.values[col] if col < len(r.values) else None for r in items]
        total = last.values[col] if col < len(last.values) else None
        if total is None or any(v is None for v in values) \
                or abs(sum(v for v in values if v is not None) - total) > _rounding(block, len(items), total):
            return False
    return bool(columns)


def _rates(block: Block) -> bool:
    """The table's amounts are rates (a "%" in change columns past the years', "17% (3)%", leaves its
    year columns amounts)."""
    return any(block.is_rate(r) for r in block.rows)


def _rounding(block: Block, count: int, total: float) -> float:
    """How far printed amounts, each rounded, may sum from their printed total."""
    decimals = max((len(t.split(".")[1].rstrip(")%")) for r in block.rows for t in r.tokens if "." in t), default=0)
    step = 10.0 ** -decimals
    return max(step * (count + 1) / 2, abs(total) * 0.001)
