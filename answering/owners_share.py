"""The owners' share of a profit that a statement splits between the parent's owners and minority holders.

An IFRS income statement prints the year's profit whole, then splits it under a heading of its own:

    Profit for the year                      408,437   213,317
    Profit attributable to:
      Owners of the parent                   405,976   211,590
      Non-controlling interests                2,461     1,727

A US statement prints the owners' share as one row under the whole ("Net income attributable to PepsiCo").
A question defining its measure with "net income attributable to owners of the parent" asks the
owners' row, not the profit line the vocabulary reads first. The owners' row is trusted only when
it and the row after it (the minority's) add up to the whole, as the statement's own arithmetic
says they must.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from answering import numbers
from finrag.models import NumberConventionName

# a question's measure that is the parent's owners' share ("attributable to owners of the parent", "to
# shareholders of the company", "to PepsiCo"), not the minority's
ASKS_OWNERS = re.compile(r"\battributable\s+to\s+(?!(?:[\w'’-]+\s+){0,3}(?:non|minority|nci\b))(?:the\s+)?\w", re.I)
# the split's heading: a line with no figure that ends in "attributable to" (a bilingual statement's
# English half after its own: "KEPADA NET INCOME ATTRIBUTABLE TO")
_HEADING = re.compile(r"\battributable\s+to\s*:?\s*$", re.I)
_OWNERS = re.compile(r"\b(?:owners?|equity\s+holders?|shareholders?|stockholders?|parent|members|pemilik)\b", re.I)
_COMPREHENSIVE = re.compile(r"\bcomprehensive\b", re.I)
_PER_SHARE = re.compile(r"\bper\s+(?:\w+\s+){0,2}share\b|\bearnings\s+per\b|\blaba\s+per\b", re.I)
# the minority's row: "Non-controlling interests", "Minority shareholders", "Kepentingan Non Pengendali"
_MINORITY = re.compile(r"\bnon[-\s]?controlling\b|\bminority\b|\bnon\s+pengendali\b|\bnonpengendali\b", re.I)
# the US layout's owners' row: "Net income attributable to PepsiCo", "Net loss attributable to Boeing Shareholders"
_ATTRIBUTED = re.compile(r"\battributable\s+to\s+(?!non|minority|the\s+non)\w", re.I)
_ROWS_AFTER_WHOLE = 12
_ROWS_AFTER_HEADING = 3  # the owners' row right under its heading (a wrapped heading line or two)
_SAME = 0.005


class OwnersShare(BaseModel):
    """The owners' row read at the column of the whole profit used (`value` in the profit's scale)."""

    value: float
    quote: str


class Split(BaseModel):
    """A split of the profit found after its row; `owners` None when its rows could not be read or did not
    add up to the whole, or its one owners' row exceeds it (then no figure of the profit answers the question)."""

    owners: OwnersShare | None


def split_of(page: str, whole_line: str, whole_value: float, convention: NumberConventionName = "us") -> Split | None:
    """The owners' share of the profit row `whole_line` (read as `whole_value`) from the split printed after
    it on `page`; None when the page prints no such split (the profit is the owners' whole)."""
    start = page.find(whole_line.strip()[:40]) if whole_line.strip() else -1
    whole = numbers.statement_row(whole_line.strip(), convention)
    if start < 0 or whole is None:
        return None
    lines = page[start:].splitlines()[1:]
    for i, line in enumerate(lines[:_ROWS_AFTER_WHOLE]):  # (the split stands right under the profit)
        if _COMPREHENSIVE.search(line) or _PER_SHARE.search(line):
            continue  # (comprehensive income's split, or earnings per share "attributable to" the company)
        row = numbers.statement_row(line, convention)
        if row is None and _HEADING.search(line):
            under = lines[i + 1: i + 1 + _ROWS_AFTER_HEADING + 1]
            if not any((r := numbers.statement_row(u, convention)) is not None and _owners(r) for u in under):
                continue  # no owners' row under it: another heading
            return Split(owners=_owners_row(under, whole, whole_value, convention))
        if row is not None and _ATTRIBUTED.search(_label(row)) and not _MINORITY.search(_label(row)):
            # the US layout, one row: "Net income attributable to PepsiCo 8,910" under "Net income 8,978"
            return Split(owners=_one_row(row, whole, whole_value))
    return None


def _owners_row(lines: list[str], whole: numbers.Row, whole_value: float,
                convention: NumberConventionName) -> OwnersShare | None:
    rows = [r for r in (numbers.statement_row(line, convention) for line in lines) if r is not None]
    owners = next((k for k, r in enumerate(rows[:_ROWS_AFTER_HEADING]) if _owners(r)), None)
    if owners is None:
        return None
    # the minority's row beside it, after or (listed first) before
    beside = [r for r in (rows[owners + 1: owners + 2] + rows[max(0, owners - 1): owners]) if _MINORITY.search(_label(r))]
    if not beside and owners + 1 >= len(rows):
        return None
    own, minority = rows[owners], (beside or rows[owners + 1: owners + 2])[0]
    if (column := numbers.column_from_right(whole, whole_value, own, minority)) is None:
        return None
    right = column[0]
    total, part, rest = whole.values[-right], own.values[-right], minority.values[-right] or 0.0
    if not total or part is None or abs(part + rest - total) > _SAME * max(1.0, abs(total)):
        return None  # the rows do not add up to the whole: not read as the split they seem
    return OwnersShare(value=part * (whole_value / total), quote=own.line.strip())


def _one_row(own: numbers.Row, whole: numbers.Row, whole_value: float) -> OwnersShare | None:
    """The owners' row of the US layout at the whole's column; never more than the whole, nor of another sign."""
    if (column := numbers.column_from_right(whole, whole_value, own)) is None:
        return None
    right = column[0]
    total, part = whole.values[-right], own.values[-right]
    if not total or part is None or (part > 0) != (total > 0) or abs(part) > abs(total) * (1 + _SAME):
        return None
    return OwnersShare(value=part * (whole_value / total), quote=own.line.strip())


def _owners(row: numbers.Row) -> bool:
    """A row of the parent's owners (shareholders of the company, owners of the parent), not the minority's."""
    label = _label(row)
    return bool(_OWNERS.search(label)) and not _MINORITY.search(label)


def _label(row: numbers.Row) -> str:
    return f"{row.label_before} {row.label}"
