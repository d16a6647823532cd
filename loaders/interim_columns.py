"""Columns of an interim statement filed as no 10-Q, placed by the period its title states.

An interim report (a quarter's, a half-year's, nine months') prints its columns under bare
years ("Catatan 2011 2010") or under no year at all, and says which dates they are in the
statement's title block, in the filing's language and often in English too:

    LAPORAN POSISI KEUANGAN / Per 30 September 2011 Dan 31 Desember 2010
    LAPORAN LABA RUGI KOMPREHENSIF / Untuk Periode 9 (Sembilan) Bulan yang Berakhir pada 30 September 2011 Dan 2010
    CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME / For the Six - Month Periods Ended June 30, 2012 and 2011

The title's dates, in the order it gives them, are the columns' (a column header's years pick
each column's date when it prints them: "2012 2011" under "June 30, 2012 and December 31, 2011").
A balance sheet's column is a balance at its date; an income or cash flow statement's a flow of
the months the title names, ending at its date. So each column is labelled by its date, "2012-06-30",
or by its months and end, "9M2011-09-30" (`Fact.period`): a question's asked date and span find
it without knowing where the company's fiscal year ends.

PRECISION FIRST: a title block that names dates its columns cannot be matched to one for one
(fewer or more dates than columns, a header year no date or two dates carry, a flow with no
months, a balance sheet with months, the title's languages disagreeing) places no column.
"""

from __future__ import annotations

import re
from datetime import date

from loaders.dates import DATE, parse_date
from loaders.line_items import Statement
from loaders.statement_words import INTERIM_MONTHS

# "nine months ended", "Six - Month Periods Ended", "3-month period": an English title's span
_EN_SPAN = re.compile(r"\b(three|six|nine|3|6|9)[\s\-–—]*months?\b", re.I)
_EN_NUMBERS = {"three": 3, "six": 6, "nine": 9}
# a date's shorthand for the same day of another year: "30 September 2011 Dan 2010", "June 30, 2012 and 2011"
_AND_YEAR = re.compile(r"\s*(?:\([^)]*\)\s*)?(?:and|dan|&)\s+((?:19|20)\d\d)\b(?!\s*[,.]?\s*\d)", re.I)
_DATE_RX = re.compile(DATE, re.I)
# words that tell a line states the statement's period, not a stamp's or a signature's date
# ("d1/July 27, 2012 4 paraf:", an auditor's initials)
_PERIOD_CUE = re.compile(r"\b(?:per|as\s+(?:of|at)|at|ended|ending|berakhir|tanggal|pada|periode|periods?|untuk|for)\b",
                         re.I)
_JOINERS = re.compile(r"(?:\band|\bdan|&|,)\s*$", re.I)


def period_lines(head: list[str]) -> list[str]:
    """The title block's lines that state the period, a line ending in "and"/"dan" joined
    with the next ("... 30 Juni 2012 dan" / "2011(Tidak Diaudit)")."""
    joined: list[str] = []
    for line in head:
        if joined and _JOINERS.search(joined[-1]):
            joined[-1] = f"{joined[-1]} {line.strip()}"
        else:
            joined.append(line.strip())
    out = []
    for line in joined:
        first = _DATE_RX.search(line)
        if first is None:
            continue
        if first.start() == 0 or _PERIOD_CUE.search(line[: first.start()]):
            out.append(line)
    return out


def line_dates(line: str) -> list[date] | None:
    """The dates a period line names, in order, a year alone after "and" meaning the same day
    of that year; None when one is no date."""
    dates: list[date] = []
    for m in _DATE_RX.finditer(line):
        when = parse_date(m.group(1))
        if when is None:
            return None
        dates.append(when)
        if (other := _AND_YEAR.match(line, m.end())) is not None:
            try:
                dates.append(when.replace(year=int(other.group(1))))
            except ValueError:  # 29 February of a year that has none
                return None
    return dates


def line_months(line: str) -> set[int]:
    """The spans (in months) a period line names, in English or a language of the vocabulary."""
    found = {int(m.group(1)) if m.group(1).isdigit() else _EN_NUMBERS[m.group(1).lower()]
             for m in _EN_SPAN.finditer(line)}
    for phrase, months in INTERIM_MONTHS:
        if phrase.search(line):
            found.add(months)
    return found


def title_period(head: list[str]) -> tuple[int | None, list[date]] | None:
    """(months of the flow, or None for balances at dates; the columns' dates in the title's
    order) the title block states; None when it states none, or its lines disagree (a
    bilingual title says it twice: both must say the same)."""
    lines = period_lines(head)
    if not lines:
        return None
    readings: set[tuple[date, ...]] = set()
    months: set[int] = set()
    for line in lines:
        dates = line_dates(line)
        if not dates:
            return None
        readings.add(tuple(dict.fromkeys(dates)))
        months |= line_months(line)
    if len(readings) != 1 or len(months) > 1:
        return None
    return (next(iter(months)) if months else None), list(next(iter(readings)))


def column_labels(
    head: list[str], header_years: list[int], kind: Statement, columns: int,
) -> list[tuple[int, str]] | None:
    """(year, period label) of each of the statement's `columns`, from its title block `head`
    and the years its column header prints (`header_years`, [] when it prints none).

    Labels: "2012-06-30" a balance at that date, "6M2012-06-30" the six months ended then; the
    year is the column date's. None when the columns cannot be placed one for one."""
    period = title_period(head)
    if period is None:
        return None
    months, dates = period
    if (kind == "balance_sheet") != (months is None) or len(dates) != columns:
        return None
    if header_years:
        by_year = {d.year: d for d in dates}
        if len(by_year) != len(dates) or len(header_years) != columns or set(header_years) != set(by_year):
            return None
        dates = [by_year[y] for y in header_years]
    return [(d.year, d.isoformat() if months is None else f"{months}M{d.isoformat()}") for d in dates]


def dated_period(when: date, months: int | None) -> str:
    """The period label of a balance at `when` (months None) or of a flow of `months` ending then."""
    return when.isoformat() if months is None else f"{months}M{when.isoformat()}"


__all__ = ["column_labels", "dated_period", "title_period"]
