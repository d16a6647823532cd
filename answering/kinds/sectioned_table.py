"""sectioned_table: a table of items in sections, read as one set of items.

"Net revenues by type:" / "Net transaction revenues:" Marketplace, StubHub, "Total net transaction
revenues"; "Marketing services and other revenues:" Marketplace, Classifieds, ..., "Total marketing
services and other revenues"; "Total net revenues". Its rows repeat labels across sections
(Marketplace twice), so read as one list it is no set of items, and read a section at a time each
section is a part of the table, not all its items. Its items are its leaf rows, each named with its
section's heading ("Classifieds — Marketing services and other revenues"), and its total the grand
total; a table is read so only when its structure proves it:

- each section opens with a heading line of its own ending in ":" (no amounts) and closes with a
  "Total ..." row its rows sum to, in every column;
- the sections' totals sum to a last "Total ..." row, in every column;
- nothing else stands between the rows (no prose, no row of another width), and there are two
  sections at least.

Anything else is no sectioned table (None): the reader that asked refuses as it would have.
"""

from __future__ import annotations

import re

from answering.kinds.tables import Block, column_years
from answering.numbers import Row, split_row

SECTION = " — "  # between a leaf's own label and its section's heading
_TOTAL = re.compile(r"total\b", re.I)
_HEADING = re.compile(r"^[A-Za-z][^\d$]*:$")


def flattened(found: list[Block]) -> list[Block]:
    """One block of leaf items for each chunk whose blocks form a sectioned table."""
    by_chunk: dict[str, list[Block]] = {}
    for block in found:
        by_chunk.setdefault(block.chunk.chunk_id, []).append(block)
    out = []
    for parts in by_chunk.values():
        if len(parts) >= 2 and (flat := _flatten(parts) or _subtotalled(parts)) is not None:
            out.append(flat)
    return out


_BARE_HEADING = re.compile(r"^[A-Za-z][^\d$:]*$")


def _amounts_only(line: str, width: int) -> Row | None:
    """A line of `width` amounts and nothing else ("5,767 9,322"): a subtotal printed with no label."""
    row = split_row(f"Subtotal {line}")
    if row is None or row.label != "Subtotal" or len(row.values) != width:
        return None
    return row


def _subtotalled(parts: list[Block]) -> Block | None:
    """A table whose first item is itself broken down: "Client Computing" (a heading, no amounts),
    its lines Desktop, Notebook, Other, then their sum on a line of amounts alone ("5,767 9,322"), then
    the other items and "Total net revenue". Read as one item per heading, valued at its subtotal, and
    the other items, when the subtotals and items sum to the "Total ..." row in every column."""
    lines = [line.strip() for line in parts[0].chunk.text.splitlines() if line.strip()]
    at = {line: i for i, line in reversed(list(enumerate(lines)))}
    years = parts[0].years
    if len(years) < 2 or any(b.years != years for b in parts):
        return None
    for k, first in enumerate(parts):
        items: list[Row] = []
        for block in parts[k:]:
            start, end = at.get(block.rows[0].line.strip()), at.get(block.rows[-1].line.strip())
            if start is None or end is None or any(len(r.values) != len(years) for r in block.rows):
                break
            total = block.rows[-1] if _TOTAL.match(block.rows[-1].label) else None
            if total is not None:
                rows = [*items, *block.rows[:-1]]
                if items and len(rows) >= 2 and _sums(rows, total):
                    # the caption is the table's, not its first item's heading
                    context = first.context.splitlines()
                    while context and context[-1].strip() == items[0].label:
                        context.pop()
                    return first.model_copy(update={"rows": [*rows, total], "context": "\n".join(context)})
                break
            subtotal = _amounts_only(lines[end + 1], len(years)) if end + 1 < len(lines) else None
            heading = lines[start - 1] if start > 0 else ""
            if subtotal is None or not _BARE_HEADING.match(heading) or not _sums(block.rows, subtotal):
                break
            # the item: its heading, valued at the subtotal (cited from the heading to the subtotal's line)
            items.append(subtotal.model_copy(update={"label": heading, "line": " ".join(lines[start - 1:end + 2])}))
    return None


def _flatten(parts: list[Block]) -> Block | None:
    years = parts[0].years
    rows = [r for b in parts for r in b.rows]
    if len(years) < 2 or any(b.years != years for b in parts) or any(len(r.values) != len(years) for r in rows):
        return None
    lines = [line.strip() for line in parts[0].chunk.text.splitlines() if line.strip()]
    by_line = {r.line.strip(): r for r in rows}
    first = next((i for i, line in enumerate(lines) if line in by_line), None)
    if first is None:
        return None
    # the headings just above the first row belong to it (a caption "Net revenues by type:" first)
    start = first
    while start > 0 and _HEADING.match(lines[start - 1]) and not column_years(lines[start - 1]):
        start -= 1
    sections: list[tuple[str, list[Row], Row]] = []
    heading: str | None = None
    open_rows: list[Row] = []
    grand: Row | None = None
    for line in lines[start:]:
        row = by_line.get(line)
        if grand is not None:
            break  # the table ended with its grand total
        if row is None:
            if _HEADING.match(line) and not open_rows:
                heading = line.rstrip(":").strip()
                continue
            if open_rows or not sections:
                return None  # prose or another row inside the table: not a table of sections
            break
        if not _TOTAL.match(row.label):
            if heading is None:
                return None  # an item under no section heading
            open_rows.append(row)
            continue
        if open_rows:
            if heading is None or not _sums(open_rows, row):
                return None
            sections.append((heading, open_rows, row))
            heading, open_rows = None, []
        elif len(sections) >= 2 and heading is None and _sums([t for _, _, t in sections], row):
            grand = row
        else:
            return None
    if grand is None or open_rows or len(sections) < 2:
        return None
    leaves = [r.model_copy(update={"label": f"{r.label}{SECTION}{name}"}) for name, items, _ in sections for r in items]
    # the caption is the table's, not its first section's heading
    headings = {f"{name}:" for name, _, _ in sections}
    context = parts[0].context.splitlines()
    while context and context[-1].strip() in headings:
        context.pop()
    return parts[0].model_copy(update={"rows": [*leaves, grand], "context": "\n".join(context)})


def _sums(items: list[Row], total: Row) -> bool:
    """The items sum to the total in every column, within the rounding of the printed amounts."""
    decimals = max((len(t.split(".")[1].rstrip(")%")) for r in [*items, total] for t in r.tokens if "." in t), default=0)
    step = 10.0 ** -decimals
    for col, printed in enumerate(total.values):
        values = [r.values[col] for r in items]
        if printed is None or any(v is None for v in values):
            return False
        if abs(sum(v for v in values if v is not None) - printed) > max(step * (len(items) + 1) / 2, abs(printed) * 0.001):
            return False
    return True
