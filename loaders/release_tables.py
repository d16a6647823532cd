"""Statement tables of an earnings release, read into facts with the period of each column.

A release prints the same primary statements as a 10-Q, but laid out for a reader, not a
filer:
- the title may sit anywhere on a page ("Unaudited Condensed Consolidated Statement of Cash
  Flows" at the foot of one page, its columns on the next) and several tables share a page;
- the column header is split over lines ("Three Months Ended" / "June 30," / "2023 2022"),
  or printed as numeric dates ("12 Weeks Ended" / "3/25/2023 3/19/2022");
- quarter and year-to-date columns stand side by side, and change columns ("Inc/ (Dec)",
  "% Change") follow the amounts.

So a release is cut into tables at its statement titles, and each table's columns are
placed from its own header: the spans ("three months" = the quarter, "six months" = the
year to date, "twelve months" = the fiscal year) split the year columns evenly between them,
in the order printed; a balance sheet's columns are placed by their dates. Whatever cannot
be placed with confidence gives no facts: a quarter's figure filed under the year to date is
worse than none. Rows are the same line-item rules as the 10-K/10-Q reader (exact label
match, best wording per table, amounts in millions); non-GAAP reconciliation tables are not
statements and are never read, so an adjusted figure never answers a GAAP question.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from pydantic import BaseModel

from finrag.models import DocumentMeta, Fact, NumberConventionName, Page
from loaders.facts import Row, header_years, label_key, letters, parse_row
from loaders.line_items import LINE_ITEMS, Statement
from loaders.quarter_columns import column_dates
from loaders.statement_layout import statement_unit

# The non-GAAP table where a release states its free cash flow: never read into facts, only
# a check of the statement rows the free cash flow formula reads (see `_agree_with_stated`).
FREE_CASH_FLOW = "free_cash_flow_table"

_TITLE = (
    ("income_statement", re.compile(r"^statements?of(?:income|operations|earnings)(?:andotherinformation)?$")),
    ("balance_sheet", re.compile(r"^(?:balancesheets?|statements?offinancialposition)$")),
    ("cash_flow", re.compile(r"^statements?ofcashflows?$")),
)
# A release's segment table ("Segment Results", "Segment Information", "Segment Operating
# Results", "Results by Segment"): segment names as rows under section lines ("Revenues:",
# "Operating income (loss):"). No statement and never read into facts; read only for a line
# a question names ("Google Cloud operating income"), see `placed_rows`.
SEGMENT_TABLE = "segment_table"
_SEGMENT_TITLE = re.compile(
    r"^(?:(?:business|reportable|operating)?segments?(?:operating)?(?:results|information|data|financialinformation)"
    r"|(?:results|information|financialinformation|data)by(?:business|reportable|operating)?segments?)$"
)
_TITLE_PREFIX = re.compile(r"^(?:unaudited|condensed|consolidated|combined|interim|the|and)")  # "consolidated and combined"
_TITLE_SUFFIX = re.compile(r"(?:unaudited|continued)$")
# What ends a table before the next title: another table's column header or a non-GAAP block.
_TABLE_BREAK = re.compile(r"non-?gaap|reconciliation|\badjusted\b|as a percentage", re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_NAMED_DATE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b", re.I)
_NUMERIC_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)(?![\d/])")
_YEAR = re.compile(r"(?<![\d/,.])((?:19|20)\d\d)(?![\d/,.]?\d)")
# Column spans in the order printed; the group says which period the span is.
_SPANS = re.compile(
    r"(?P<q>\bthree\s+months\b|\bquarters?\s+ended\b|\b1[23]\s+weeks\b|\bthirteen\s+weeks\b|\btwelve\s+weeks\b"
    r"|\b(?:first|second|third|fourth)\s+quarter\b)"
    r"|(?P<ytd>\bsix\s+months\b|\bnine\s+months\b|\b(?:2[456]|3[6-9]|40)\s+weeks\b|\byear[- ]to[- ]date\b)"
    r"|(?P<fy>\btwelve\s+months\b|\byears?\s+ended\b|\bfiscal\s+years?\b|\bfull[- ]year\b|\b5[23]\s+weeks\b)",
    re.I,
)
_YTD_QUARTER = {"six": 2, "nine": 3, "24": 2, "25": 2, "26": 2, "36": 3, "37": 3, "38": 3, "39": 3, "40": 3}
# Change columns after the amounts: "Inc/ (Dec)", "% Change", "Variance", "B/(W)", "constant currency".
_CHANGE_HEADER = re.compile(
    r"inc\.?\s*/\s*\(?\s*dec|%\s*change|\bchange\b|\bvariance\b|\bb\s*/\s*\(?w\)?|constant\s+currency|%\s*inc", re.I)
_PERCENT_CELL = re.compile(r"\s+\(?-?[\d,.]+\)?\s*%|\s+(?:nm|n/m|NM|N/M)\b")


def _title_kind(line: str, segments: bool = False) -> Statement | None:
    """The statement a short title line names ("Unaudited Condensed Consolidated Statement of
    Income", "CONDENSED CONSOLIDATED STATEMENT OF INCOME (UNAUDITED)"); None for prose.
    `FREE_CASH_FLOW` for the release's own free cash flow table ("Reconciliation of Operating
    Cash Flow to Free Cash Flow", "Computation of Free Cash Flow, a Non-GAAP Measure");
    with `segments`, `SEGMENT_TABLE` for a segment table's title."""
    if len(line) > 90 or line.rstrip().endswith((":", ".")) or re.search(r"\d", line):
        return None
    key = letters(line)
    if "freecashflow" in key:
        return FREE_CASH_FLOW
    while (m := _TITLE_PREFIX.match(key)) and m.end() < len(key):
        key = key[m.end():]
    while (m := _TITLE_SUFFIX.search(key)) and m.start() > 0:
        key = key[: m.start()]
    if segments and _SEGMENT_TITLE.match(key):
        return SEGMENT_TABLE
    return next((kind for kind, rx in _TITLE if rx.match(key)), None)


def release_tables(pages: list[Page], segments: bool = False) -> list[tuple[Statement, int, list[str], list[str]]]:
    """(statement, page of the first row, header lines, row lines) of each titled statement table
    (and, with `segments`, of each segment table).

    A table runs from its title to the next title, across a page break when its title closes
    a page, and stops at a second column header or a non-GAAP block after its rows began.
    """
    return _tables(pages, lambda line: _title_kind(line, segments))


# A quarter span alone on its line ("Three Months Ended", "Quarter Ended"): the head of a
# table's column header, titled or not (a release's "Supplemental Operating Data" table)
_SPAN_LINE = re.compile(r"^(?:(?:for\s+the\s+)?(?:three\s+months|quarters?|13\s+weeks|thirteen\s+weeks)\s+end(?:ed|ing))"
                        r"(?:\s*\(unaudited\))?$", re.I)
UNTITLED_TABLE = "untitled_table"


def _tables(pages: list[Page], kind_of: Callable[[str], str | None],
            in_header: bool = False) -> list[tuple[Statement, int, list[str], list[str]]]:
    """The tables that start at each line `kind_of` names (the line is in the header when
    `in_header`), read as `release_tables` says."""
    lines = [(p.number, ln.strip()) for p in pages for ln in p.text.splitlines() if ln.strip()]
    convention = {p.number: p.number_convention for p in pages}
    tables = []
    i = 0
    while i < len(lines):
        kind = kind_of(lines[i][1])
        if kind is None:
            i += 1
            continue
        header: list[str] = [lines[i][1]] if in_header else []
        rows: list[str] = []
        page = lines[i][0]
        j = i + 1
        while j < len(lines) and kind_of(lines[j][1]) is None:
            text = lines[j][1]
            if not rows:
                # "$ 374.2 18 %" ends a first row too
                row = parse_row(_PERCENT_CELL.sub(" ", text), convention[lines[j][0]])
                if row is not None and len(row.values) >= 2 and not header_years([text]):
                    rows.append(text)
                    page = lines[j][0]
                else:
                    header.append(text)
                    if len(header) > 12:
                        break  # no table follows the title
            else:
                if _SPANS.search(text) or _TABLE_BREAK.search(text) or re.match(r"^\(?in (?:millions|thousands)", text, re.I):
                    break
                rows.append(text)
            j += 1
        if rows:
            tables.append((kind, page, header, rows))
        i = j
    return tables


def _dates(header: str) -> list[date] | None:
    """The column dates a header prints, in order (named or numeric); None if one is invalid.
    Named dates stacked over their years ("As of December 31, As of March 31," / "2022 2023")
    are paired as `column_dates` reads them."""
    if not _NUMERIC_DATE.search(header):
        return column_dates(header)
    found: list[tuple[int, date]] = []
    try:
        for m in _NAMED_DATE.finditer(header):
            found.append((m.start(), date(int(m.group(3)), _MONTHS.index(m.group(1).lower()[:3]) + 1, int(m.group(2)))))
        for m in _NUMERIC_DATE.finditer(header):
            found.append((m.start(), date(int(m.group(3)), int(m.group(1)), int(m.group(2)))))
    except ValueError:
        return None
    return [d for _, d in sorted(found)]


def _years(header: str) -> list[int]:
    """The column years in the order printed: those of full dates ("Apr 1, 2023", "3/25/2023")
    and bare ones under a split header ("June 30," / "2023 2022 2023 2022")."""
    found = [(m.start(), int(m.group(1))) for m in _YEAR.finditer(header)]
    found += [(m.start(), int(m.group(3))) for m in _NUMERIC_DATE.finditer(header)]
    return [year for _, year in sorted(found)]


def _near(a: date, b: date, days: int) -> bool:
    return abs((a - b).days) <= days


def table_columns(
    header_lines: list[str], kind: Statement, fiscal_year: int, quarter: int | None
) -> list[tuple[int, str]] | None:
    """(fiscal year, period) of each amount column of a release table, None when unsure.

    `quarter`: the quarter the release reports (None for a full-year release, whose quarter
    columns are the fourth quarter). A flow statement's columns are split evenly between the
    spans its header names, in order; a balance sheet's are placed by their dates against
    the latest one (the release's period end). The latest year printed is the release's fiscal
    year (the same, or one less for a fiscal year named by the calendar year it ends in).
    """
    header = re.sub(r"\((?:in|dollars)[^)]*\)|\b(?:dollars\s+and\s+shares\s+)?in\s+(?:millions|thousands|billions)[^)]*$",
                    " ", " ".join(header_lines), flags=re.I)
    q = quarter or 4
    years = _years(header)
    if not years:
        return None
    offset = fiscal_year - max(years)
    if offset not in (0, 1):
        return None
    if kind == "balance_sheet":
        dates = _dates(header)
        if not dates or len(dates) != len(years):
            return None
        latest = max(dates)
        # a fourth quarter's closing balance is the fiscal year-end's (as a 10-K files it)
        at_end = f"Q{q}" if q < 4 else "FY"
        columns = []
        for when in dates:
            if when == latest:
                columns.append((fiscal_year, at_end))
            elif _near(when, latest - timedelta(days=365), 12):
                columns.append((fiscal_year - 1, at_end))
            elif quarter and quarter < 4 and _near(when, latest - timedelta(days=91 * quarter), 25):
                columns.append((fiscal_year - 1, "FY"))  # the prior fiscal year-end balance
            else:
                return None
        return columns
    spans = []
    for m in _SPANS.finditer(header):
        if m.group("q"):
            spans.append(f"Q{q}")
        elif m.group("ytd"):
            word = m.group("ytd").split()[0].lower()
            if quarter is None or _YTD_QUARTER.get(word, quarter) != quarter:
                return None  # a year to date that is not the release's: its period is unsure
            spans.append(f"Q{q}YTD")
        else:
            spans.append("FY" if quarter in (None, 4) else "")
    if not spans or "" in spans or len(years) % len(spans):
        return None
    per = len(years) // len(spans)
    columns = []
    for index, year in enumerate(years):
        group = years[index - index % per:index - index % per + per]
        if max(years) not in (group[0], group[-1]):
            return None  # each span prints its current year first ("2023 2022") or last ("2022 2023")
        columns.append((year + offset, spans[index // per]))
    if len(set(columns)) != len(columns):
        return None
    return columns


_QUARTER_DAYS = 365.25 / 4


def trailing_quarter_columns(header_lines: list[str], fiscal_year: int, quarter: int | None) -> list[tuple[int, str]] | None:
    """(fiscal year, quarter) of each column of a table of quarters side by side, each under
    its own end date ("Three Months Ended" / "March 31, 2023  December 31, 2022  September 30,
    2022 ...", a release's operating data over five trailing quarters), None when unsure.

    Only a header whose spans are all quarters and that prints a full date over every column,
    the latest first: each column is the quarter ending on its date, counted back from the
    release's own quarter in steps of a quarter (a date off those steps by more than twelve
    days places nothing)."""
    header = " ".join(header_lines)
    spans = list(_SPANS.finditer(header))
    if not spans or any(not m.group("q") for m in spans):
        return None
    dates = _dates(header)
    years = _years(header)
    if not dates or len(dates) < 2 or len(dates) != len(years) or dates[0] != max(dates) \
            or fiscal_year - dates[0].year not in (0, 1):
        return None
    columns = []
    for when in dates:
        steps = round((dates[0] - when).days / _QUARTER_DAYS)
        if not _near(when, dates[0] - timedelta(days=round(steps * _QUARTER_DAYS)), 12):
            return None
        back = (quarter or 4) - 1 - steps  # quarters counted from Q1 of the fiscal year
        columns.append((fiscal_year + back // 4, f"Q{back % 4 + 1}"))
    return columns if len(set(columns)) == len(columns) else None


def span_periods(span_text: str, years: list[int]) -> list[str] | None:
    """The period each year column is under, from the column spans printed above the years
    ("THREE MONTHS ENDED TWELVE MONTHS ENDED" over "2023 2022 2023 2022" -> quarter, quarter,
    fy, fy): "quarter", "ytd" or "fy", the years split evenly between the spans in order, as
    `table_columns` places a release's columns. None when the spans do not place every column
    (no span, years not a multiple of them, a span whose years do not hold the latest one)."""
    spans = ["quarter" if m.group("q") else "ytd" if m.group("ytd") else "fy" for m in _SPANS.finditer(span_text)]
    if not spans or not years or len(years) % len(spans):
        return None
    per = len(years) // len(spans)
    for start in range(0, len(years), per):
        group = years[start:start + per]
        if max(years) not in (group[0], group[-1]) or len(set(group)) != len(group):
            return None
    return [spans[index // per] for index in range(len(years))]


def _amounts(line: str, columns: int, change: bool, convention: NumberConventionName = "us") -> Row | None:
    """The row's label and its one amount per column; change and percent cells after them are
    dropped only when the header has change columns."""
    clean = _PERCENT_CELL.sub(" ", line) if change else line
    row = parse_row(clean, convention)
    if row is None:
        return None
    values = row.values
    if change and len(values) in (columns + 1, columns + 2):
        values = values[:columns]  # the "Inc/ (Dec)" amount and its percent after the years
    if len(values) != columns:
        return None
    places = {len(t.split(".")[1].strip(")%")) if "." in t else 0 for t in row.tokens[:columns] if re.search(r"\d", t)}
    if len(places) > 1:
        # "NET INCOME $ 61774 $ 7,545.2": a text layer that lost a figure's comma and point; a table prints
        # its columns alike, so a row whose figures disagree in their decimals is not read
        return None
    return Row(label=row.label, values=values, text=line, tokens=row.tokens[:columns])


def release_facts(meta: DocumentMeta, pages: list[Page]) -> list[Fact]:
    """Facts of an earnings release's statement tables; none when its period is unknown."""
    m = re.fullmatch(r"(\d{4})Q([1-4])|FY(\d{4})", meta.period or "")
    if not meta.company or not meta.fiscal_year or not m:
        return []
    quarter = int(m.group(2)) if m.group(2) else None
    chosen: dict[tuple[str, int, str], Fact] = {}
    ambiguous: set[tuple[str, int, str]] = set()
    stated: list[tuple[list[tuple[int, str]], list[Row], float, int]] = []
    for kind, page, header, lines in release_tables(pages):
        unit = statement_unit("\n".join(header))
        columns = table_columns(header, "cash_flow" if kind == FREE_CASH_FLOW else kind, meta.fiscal_year, quarter)
        if unit is None or columns is None:
            continue
        change = bool(_CHANGE_HEADER.search(" ".join(header)))
        if change and len({span for _, span in columns}) > 1:
            continue  # change cells between spans: which amount is which is unsure
        convention = next((p.number_convention for p in pages if p.number == page), "us")
        rows = [r for r in (_amounts(ln, len(columns), change, convention) for ln in _with_context(lines, convention)) if r]
        if kind == FREE_CASH_FLOW:
            stated.append((columns, rows, unit.factor / 1e6, page))
            continue
        facts = _table_facts(rows, kind, columns, unit.factor, meta, page, unit.currency, unit.scale)
        if not _spans_agree(facts):
            continue
        for fact in facts:
            key = (fact.metric, fact.fiscal_year, fact.period)
            if key in chosen and abs(chosen[key].value - fact.value) > 1e-6 * max(1.0, abs(fact.value)):
                ambiguous.add(key)
            chosen.setdefault(key, fact)
    for columns, rows, factor, page in stated:
        _agree_with_stated(chosen, ambiguous, columns, rows, factor, page)
    return [f for k, f in chosen.items() if k not in ambiguous]


def _spans_agree(facts: list[Fact]) -> bool:
    """A quarter's revenue is no more than the year to date (or full year) that contains it;
    more means the spans were given the wrong columns, and the table gives nothing."""
    revenue = {(f.fiscal_year, f.period): f.value for f in facts if f.metric == "revenue"}
    for (year, period), value in revenue.items():
        if re.fullmatch(r"Q[1-4]", period):
            longer = revenue.get((year, f"{period}YTD"), revenue.get((year, "FY")))
            if longer is not None and value > longer * 1.001 and value > 0:
                return False
    return True


def _agree_with_stated(
    chosen: dict[tuple[str, int, str], Fact], ambiguous: set[tuple[str, int, str]],
    columns: list[tuple[int, str]], rows: list[Row], factor: float, page: int,
) -> None:
    """Hold the statement's cash from operations to the free cash flow the release states.

    Free cash flow is computed as cash from operations minus capex. A company with
    discontinued operations builds its stated free cash flow on the continuing operations'
    cash flow ("Net cash provided by continuing operating activities 605", not the total
    601): when the statement's total disagrees with the stated figure and the table's own
    operating row agrees, that row is the cash from operations of the period; when neither
    agrees the fact is dropped (a free cash flow computed from it would contradict the
    release).
    """
    fcf = next((r for r in rows if label_key(r.label) == "freecashflow"), None)
    ocf = next((r for r in rows if "operatingactivities" in label_key(r.label)), None)
    if fcf is None:
        return
    tolerance = 0.51 * factor
    for index, (year, period) in enumerate(columns):
        key = ("operating_cash_flow", year, period)
        statement, capex = chosen.get(key), chosen.get(("capex", year, period))
        if statement is None or capex is None or key in ambiguous:
            continue
        stated = fcf.values[index] * factor
        if abs(statement.value - capex.value - stated) <= tolerance:
            continue
        if ocf is not None and abs(ocf.values[index] * factor - capex.value - stated) <= tolerance:
            chosen[key] = statement.model_copy(update={
                "value": ocf.values[index] * factor, "source_text": ocf.text, "page": page})
        else:
            ambiguous.add(key)


def _with_context(lines: list[str], convention: NumberConventionName = "us") -> list[str]:
    """Row lines with "Basic"/"Diluted" under a section line named by it ("Earnings per share:")."""
    out = []
    for section, line in _sectioned(lines, convention=convention):
        row = parse_row(line, convention)
        if row is not None and letters(row.label) in {"basic", "diluted"} and section:
            line = f"{section} {line}"
        out.append(line)
    return out


def _sectioned(lines: list[str], section: str = "", convention: NumberConventionName = "us") -> list[tuple[str, str]]:
    """Each row line with the section line it is under (the last short line without amounts
    before it: "Earnings per share:", "Operating income (loss):"); `section` before the first."""
    out = []
    for line in lines:
        # (a row whose change column ends in a percent, "... $ 374.2 18 %", is a row, not a caption)
        if parse_row(line, convention) is None and parse_row(_PERCENT_CELL.sub(" ", line), convention) is None:
            section = line.rstrip(":") if len(line) < 60 else section
            continue
        out.append((section, line))
    return out


def _table_facts(
    rows: list[Row], kind: Statement, columns: list[tuple[int, str]], factor: float, meta: DocumentMeta,
    page: int, currency: str | None, scale: str,
) -> list[Fact]:
    facts = []
    for item in LINE_ITEMS:
        if item.statement != kind or item.secondary:
            continue
        best: tuple[int, Row] | None = None
        for row in rows:
            key = label_key(row.label)
            rank = next((i for i, rx in enumerate(item.patterns) if re.match(rx, key)), None)
            if rank is not None and (best is None or rank < best[0]):
                best = (rank, row)
        if best is None:
            continue
        row = best[1]
        for (year, period), raw in zip(columns, row.values, strict=True):
            if item.unit == "USD/share":
                value, used = raw, "units"
            else:
                value, used = raw * factor / 1e6, "millions"
            if item.spent:
                value = abs(value)
            facts.append(Fact(
                company=meta.company or "", metric=item.metric, fiscal_year=year, value=value, unit=item.unit,
                scale=used, doc=meta.doc, page=page, source_text=row.text, period=period,
                currency=currency, table_scale=scale,
            ))
    return facts


class PlacedRow(BaseModel):
    """A row of a release table with its amounts (in millions for money) by placed column."""

    label: str
    text: str  # the row as printed
    amounts: dict[str, float]  # "2023 Q2" -> amount in millions (as printed x the table's scale)
    # a segment table's row: the section line it is under ("Operating income (loss)"), which
    # says what the row's segment name ("Google Cloud") is an amount of; "" elsewhere
    segment_section: str = ""
    # the caption any row is under ("Revenues", "Cost of revenues" of "Cost of revenues (1)(2):"), which
    # completes a row's name ("Subscription and support" under it); "" where none is printed
    section: str = ""


def placed_rows(text: str, fiscal_year: int, quarter: int | None,
                convention: NumberConventionName = "us") -> list[PlacedRow]:
    """The rows of the titled income statement, cash flow and segment tables in `text` (a
    retrieved passage of a release), each with its amount per placed column; none where a
    table's columns cannot be placed. Lets the answer read a line the question names for a
    quarter (a line that is no vocabulary metric, so no fact) by the same column rules as the
    facts: "Google Cloud operating income" is the segment table's "Google Cloud" row under its
    "Operating income (loss):" section."""
    out: list[PlacedRow] = []
    page = [Page(number=0, text=text, number_convention=convention)]
    untitled = _tables(page, lambda line: UNTITLED_TABLE if _SPAN_LINE.match(line) else None, in_header=True)
    for kind, _page, header, lines in release_tables(page, segments=True) + untitled:
        if kind not in ("income_statement", "cash_flow", SEGMENT_TABLE, UNTITLED_TABLE):
            continue
        unit = statement_unit("\n".join(header))
        # a table of trailing quarters (operating data, key metrics) is placed by its dates
        columns = (table_columns(header, kind, fiscal_year, quarter) if kind != UNTITLED_TABLE else None) \
            or trailing_quarter_columns(header, fiscal_year, quarter)
        if unit is None or columns is None:
            continue
        change = bool(_CHANGE_HEADER.search(" ".join(header)))
        if change and len({span for _, span in columns}) > 1:
            continue
        # the section line that closes the header ("Revenues:") is the first rows' caption
        for line_section, line in _sectioned(lines, _header_section(header), convention):
            parsed = parse_row(line, convention)
            if kind != SEGMENT_TABLE and line_section and parsed is not None \
                    and letters(parsed.label) in {"basic", "diluted"}:
                line = f"{line_section} {line}"  # "Basic" under "Net income per share:" is that line's
            row = _amounts(line, len(columns), change, convention)
            if row is None or (kind == SEGMENT_TABLE and not line_section):
                continue  # a segment's name means nothing outside its section
            out.append(PlacedRow(
                label=row.label, text=row.text,
                segment_section=line_section if kind == SEGMENT_TABLE else "",
                section=re.sub(r"\s*\(\d\)", "", line_section).strip(),
                amounts={f"{year} {period}": value * unit.factor / 1e6
                         for (year, period), value in zip(columns, row.values, strict=True)}))
    return out


def _header_section(header: list[str]) -> str:
    """The section line that closes a table's header ("Revenues:" printed before the first
    row), else ""."""
    last = header[-1] if header else ""
    return last.rstrip(":") if last.endswith(":") and len(last) < 60 else ""
