"""Statement rows put back together when the text layer prints the labels and the amounts
as two separate blocks.

Some producers lay a statement out as a column of labels and columns of amounts drawn
independently, and the text layer then gives every label first ("Net income", "Other",
"CASH PROVIDED BY OPERATIONS", ...) and every amount line after ("$ 6,177.4 $ 7,545.2",
"(644.6) 454.2", ...). No reader finds a row then, since a row is a label followed by its
amounts on one line. This module rebuilds such rows, by signals any filing carries:

- a run of label lines (letters, no trailing amount) directly followed by a run of
  amount-only lines that all carry the same number of columns;
- captions (a line ending with ':' or an activities/assets/liabilities heading) take no
  amounts and are set aside; a title line or two above the rows may be set aside too;
- labels and amount lines are paired in order ONLY when their counts then agree;
- the rebuild is kept ONLY when the statement's own arithmetic confirms it: a row equals
  the sum of the rows above it in its section, in every column, within rounding. When
  title lines were set aside by position, the confirmed section must be the first one (a
  pairing shifted by one line fails there). Otherwise the text stays as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_AMOUNT_CELL = re.compile(r"\(?\$?-?\d[\d,]*(?:\.\d+)?\)?%?|[—–-]|\$")
_YEAR = re.compile(r"(?:19|20)\d\d")
_WORD = re.compile(r"[A-Za-z]{2}")
# Headings of a statement's sections, which never carry amounts of their own.
_CAPTION = re.compile(
    r"^(?:cash\s+flows?\s+(?:from|used\s+(?:in|for)|provided\s+by)\s+)?(?:operating|investing|financing)\s+activities"
    r"|^(?:current\s+|non-?current\s+|other\s+)?(?:assets|liabilities)$"
    r"|^(?:shareholders'?|stockholders'?|shareowners'?)\s+equity$"
    r"|^liabilities\s+and\s+(?:shareholders'?|stockholders'?|shareowners'?)\s+equity$",
    re.I,
)
_MIN_ROWS = 3  # two summands and a total at least
# Two columns at least: one column of amounts sums by chance too easily (a numbered list,
# "1 2 3"; a chart's axis), two periods that both add up do not.
_MIN_COLUMNS = 2
_MAX_TITLE_LINES = 2  # lines above the rows that may be a title, set aside by position
_MAX_LABEL = 150  # longer lines are prose, not row labels


@dataclass(frozen=True)
class Rebuild:
    """One block rebuilt: where its label run starts (line index in the page as it was)
    and how many rows were paired."""

    first_line: int
    rows: int


def rebuild_label_blocks(text: str) -> str:
    """The page with its label/amount blocks paired into rows, where the arithmetic agrees."""
    return rebuild_page(text)[0]


def rebuild_page(text: str) -> tuple[str, list[Rebuild]]:
    lines = text.split("\n")
    out: list[str] = []
    done: list[Rebuild] = []
    i = 0
    while i < len(lines):
        if not _is_label(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        start = i
        while i < len(lines) and _is_label(lines[i]):
            i += 1
        labels_end = i
        columns = _columns(lines[i]) if i < len(lines) else 0
        columns = columns if columns >= _MIN_COLUMNS else 0
        while i < len(lines) and columns and _columns(lines[i]) == columns:
            i += 1
        rebuilt = _pair(lines[start:labels_end], lines[labels_end:i]) if i > labels_end else None
        if rebuilt is None:
            out.extend(lines[start:labels_end])
            i = labels_end  # the amount lines (if any) pass through unchanged
            continue
        out.extend(rebuilt[0])
        done.append(Rebuild(first_line=start, rows=rebuilt[1]))
    return "\n".join(out), done


def _is_label(line: str) -> bool:
    tokens = line.split()
    return (bool(tokens) and len(line) <= _MAX_LABEL and bool(_WORD.search(line))
            and not _AMOUNT_CELL.fullmatch(tokens[-1]) and not line.rstrip().endswith("."))


def _columns(line: str) -> int:
    """Number of amounts on an amount-only line ("$ 6,177.4 $ 7,545.2" -> 2), else 0.
    A line of years is a column header, not amounts."""
    tokens = line.split()
    if not tokens or not all(_AMOUNT_CELL.fullmatch(t) for t in tokens):
        return 0
    cells = [t for t in tokens if t != "$"]
    if not cells or all(_YEAR.fullmatch(t) for t in cells):
        return 0
    return len(cells)


def _pair(labels: list[str], amounts: list[str]) -> tuple[list[str], int] | None:
    """The label lines with their amounts appended, or None when counts or sums disagree."""
    captions = [_is_caption(line) for line in labels]
    rows = [k for k, caption in enumerate(captions) if not caption]
    extra = len(rows) - len(amounts)
    if extra < 0 or extra > _MAX_TITLE_LINES or len(amounts) < _MIN_ROWS:
        return None
    titles, rows = rows[:extra], rows[extra:]
    values = [_values(line) for line in amounts]
    # a caption between two rows starts a new section
    breaks = {n for n, k in enumerate(rows) if n and any(captions[j] for j in range(rows[n - 1] + 1, k))}
    confirmed = _confirmed_sections(values, breaks)
    if not confirmed or (titles and 0 not in confirmed):
        return None
    paired = dict(zip(rows, amounts, strict=True))
    return [f"{line} {paired[k]}" if k in paired else line for k, line in enumerate(labels)], len(rows)


def _is_caption(line: str) -> bool:
    line = line.strip()
    return line.endswith(":") or bool(_CAPTION.match(line))


def _confirmed_sections(values: list[list[tuple[float, int]]], breaks: set[int]) -> set[int]:
    """Starts of the sections whose last row is the sum of the rows above it in every column.

    A section starts at the block's first row, after a caption, or after a confirmed total;
    a total is also tried against the rows since the last confirmed total across a caption
    ("Net income", "Adjustments:", ..., "Net cash provided by operating activities")."""
    confirmed: set[int] = set()
    section = 0  # after a caption or a confirmed total
    since_total = 0  # after a confirmed total only
    for n in range(len(values)):
        if n in breaks:
            section = n
        for start in dict.fromkeys((section, since_total)):
            if _nonzero(values[start:n]) >= 2 and _nonzero([values[n]]) and _sums(values[start:n], values[n]):
                confirmed.add(start)
                section = since_total = n + 1
                break
    return confirmed


def _nonzero(rows: list[list[tuple[float, int]]]) -> int:
    """Rows with an amount other than zero: dashes sum to a dash whatever they are."""
    return sum(any(value for value, _ in row) for row in rows)


def _sums(parts: list[list[tuple[float, int]]], total: list[tuple[float, int]]) -> bool:
    for column, (value, decimals) in enumerate(total):
        unit = 10.0 ** -max([decimals, *(row[column][1] for row in parts)])
        # each printed amount is rounded by up to half a unit
        tolerance = unit * max(1.0, (len(parts) + 1) / 2)
        if abs(sum(row[column][0] for row in parts) - value) > tolerance + 1e-9:
            return False
    return True


def _values(line: str) -> list[tuple[float, int]]:
    """The amounts of an amount-only line with their printed decimals; a dash is zero."""
    out: list[tuple[float, int]] = []
    for token in line.split():
        if token == "$":
            continue
        digits = re.sub(r"[^\d.]", "", token)
        if not digits:
            out.append((0.0, 0))
            continue
        number = float(digits)
        negative = token.startswith("(") or token.lstrip("$").startswith("-")
        out.append((-number if negative else number, len(digits.split(".")[1]) if "." in digits else 0))
    return out
