"""Columns of a 10-Q statement: which fiscal year and period each one reports.

A 10-Q's columns are dates, not fiscal years: "Three Months Ended | Six Months Ended" over
"July 29, 2023  July 30, 2022  July 29, 2023  July 30, 2022", or a balance sheet at the
quarter's end beside the prior fiscal year-end. `quarter_columns` places each column by its
date against the filing's period end.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from loaders.line_items import Statement

_DATE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b", re.I
)
_MONTH_NUMBER = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_QUARTER_SPAN = re.compile(r"\bthree\s+months\b|\bquarters?\s+ended\b|\b1[23]\s+weeks\b|\bthirteen\s+weeks\b", re.I)
_YTD_SPAN = re.compile(r"\b(?:six|nine)\s+months\b|\b(?:2[56]|3[89])\s+weeks\b|\byear[- ]to[- ]date\b", re.I)


# "April 30," with no year after it: a stacked header prints the month-days on one line and
# the years on the next ("April 30, May 1," / "2023 2022").
_MONTH_DAY = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b(?![,.]?\d)", re.I)
_BARE_YEAR = re.compile(r"(?<![\d/,.])((?:19|20)\d\d)(?![\d/]|[,.]\d)")


def column_dates(header: str) -> list[date] | None:
    """The column dates a statement header prints, in order; None when a date is invalid.

    Dates printed whole ("July 29, 2023  July 30, 2022") are read as printed. A header whose
    years are stacked under its month-days ("Three Months Ended April 30, May 1," / "2023 2022",
    "As of December 31, As of March 31," / "2022 2023", "June 30," / "2023 2022") has more years
    than whole dates: its k-th year group goes with its k-th month-day, in the order printed
    (the text extractor reads a "May 1, / 2022" column as "May 1, 2023" when the lines merge).
    """
    try:
        whole = [date(int(m.group(3)), _MONTH_NUMBER[m.group(1).lower()[:3]], int(m.group(2)))
                 for m in _DATE.finditer(header)]
        days = [(_MONTH_NUMBER[m.group(1).lower()[:3]], int(m.group(2))) for m in _MONTH_DAY.finditer(header)]
        years = [int(m.group(1)) for m in _BARE_YEAR.finditer(header)]
        if not days or len(years) <= len(whole) or len(years) % len(days):
            return whole
        per = len(years) // len(days)
        return [date(year, *days[i // per]) for i, year in enumerate(years)]
    except ValueError:
        return None


def _near(a: date, b: date, days: int = 10) -> bool:
    return abs((a - b).days) <= days


def quarter_columns(
    header: str, kind: Statement, fiscal_year: int, quarter: int, period_end: date
) -> list[tuple[int, str]] | None:
    """(fiscal year, period) of each column of a 10-Q statement, from its header's dates.

    Periods: "Q2" is the quarter's own column (three months, or the balance at the quarter's
    end), "Q2YTD" the year to date (six months for Q2), "FY" the prior fiscal year-end
    balance. A column dated the period end belongs to the filing's fiscal year, one dated a
    year earlier to the year before. None when a column cannot be placed: no fact is
    better than a quarter's value filed under the year to date.
    """
    dates = column_dates(header)
    if not dates:
        return None
    quarter_at, ytd_at = _QUARTER_SPAN.search(header), _YTD_SPAN.search(header)
    if quarter_at and ytd_at:
        if len(dates) % 2:
            return None
        first, second = (f"Q{quarter}", f"Q{quarter}YTD") if quarter_at.start() < ytd_at.start() else \
            (f"Q{quarter}YTD", f"Q{quarter}")
        spans = [first] * (len(dates) // 2) + [second] * (len(dates) // 2)
    elif quarter_at or ytd_at:
        spans = [f"Q{quarter}" if quarter_at else f"Q{quarter}YTD"] * len(dates)
    elif kind == "balance_sheet":
        spans = [f"Q{quarter}"] * len(dates)  # balances at a date
    else:
        return None
    columns: list[tuple[int, str]] = []
    for when, span in zip(dates, spans, strict=True):
        if _near(when, period_end):
            columns.append((fiscal_year, span))
        elif _near(when, period_end - timedelta(days=365), 12):
            columns.append((fiscal_year - 1, span))
        elif kind == "balance_sheet" and _near(when, period_end - timedelta(days=91 * quarter), 25):
            columns.append((fiscal_year - 1, "FY"))  # the prior fiscal year-end balance
        else:
            return None
    return columns
