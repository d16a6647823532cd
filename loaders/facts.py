"""Financial facts read from the primary statement tables of one filing.

pypdfium2 keeps a statement row on one line ("Capital spending (5,207) (4,625) (4,240)"),
so a row is a label followed by exactly one value per column, and the columns are the
fiscal years named on the header line(s) above the first row.

PRECISION FIRST: a wrong number in the graph is worse than a missing one, so
- only pages that are a primary statement (by title, or by the loader's page tags) are read,
  of annual filings (columns = fiscal years) and 10-Qs (columns placed by their dates: the
  quarter, the year to date and the prior year-end apart, see `quarter_columns`);
- a row must carry exactly one value per header year, and the table must state its scale;
- a row label must match a line-item rule exactly (after normalisation), not merely contain it
  (the rules are the vocabulary's `rows`: statement-row grammar per metric key);
- per statement page the first row of the highest-priority wording wins ("Total net sales"
  beats "Net sales"); two different values for the same metric and year inside one document
  make the fact ambiguous and it is dropped.

Line-item rules (loaders/line_items.py, built from the `rows` of finrag/data/vocabulary.yaml)
are statement-row grammar: how a row label is spelled in a table, per vocabulary metric key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from finrag.models import DocumentMeta, Fact, NumberConventionName, Page
from finrag.numerals import read_number
from loaders.interim_columns import column_labels, period_lines, title_period
from loaders.line_items import LINE_ITEMS, LineItem, Statement
from loaders.quarter_columns import quarter_columns
from loaders.statement_layout import (
    StatementUnit,
    has_note_column,
    statement_unit,
    units_unit,
    without_note,
)
from loaders.statement_words import (
    HEADER_WORDS,
    INTERIM,
    MONTHS,
    NOTES_TITLE,
    PER_SHARE,
    parent_only,
    title_kind,
)

ANNUAL_FORMS = {"10-K", "annual", "other"}

# --------------------------------------------------------------------------- page reading

_TITLES: dict[Statement, re.Pattern[str]] = {
    "income_statement": re.compile(
        r"(statements?of(?:consolidated)?(?:operations|income|earnings|profitorloss)|incomestatements?"
        r"|profitandlossaccounts?)"
    ),
    "balance_sheet": re.compile(r"(balancesheets?|statements?of(?:consolidated)?financial(?:position|condition))"),
    "cash_flow": re.compile(r"statements?of(?:consolidated)?cashflows?|cashflowstatements?"),
}
# IFRS lets a company present profit or loss and other comprehensive income in one statement
# ("Consolidated statement of (profit or loss and other) comprehensive income"). Such a page is
# the income statement when its title names the profit or loss too, or it carries the revenue row;
# a US-style separate comprehensive income statement (starting from net income) is not.
_COMPREHENSIVE = re.compile(
    r"statements?of(?:consolidated)?(?P<combined>(?:profitorloss|income|operations|earnings)and(?:other)?)?"
    r"comprehensive(?:income|loss|incomeloss)")
# What may open a statement's title before its name: "Consolidated", "Combined", "Consolidated
# and Combined" (a spin-off's first statements, its years before the spin-off combined).
_TITLE_OPENING = re.compile(r"(?:consolidated|combined)(?:and(?:consolidated|combined))?")
# What may close it after its name: the period it covers ("... Statements of Income - Years
# ended September 30", "... Balance Sheets - As of September 30").
_TITLE_PERIOD = re.compile(r"(?:forthe)?(?:fiscal)?(?:years?|periods?|quarters?)(?:ended|ending)|as(?:of|at)")
_NOT_A_STATEMENT = re.compile(r"comprehensive|changesin|equity|notesto|parentcompany|condensed|quarterly|selected")
_SUMMARY = re.compile(r"selected(?:consolidated)?financialdata|fiveyear|quarterlyresults")
_SCALES = (("billions", 1e9), ("millions", 1e6), ("thousands", 1e3))
_MONTHS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec",
}
_DATE_WORDS = {"fiscal", "year", "years", "ended", "ending", "as", "of", "at", "and", "the", "for", "weeks", "week",
               # an IFRS header's other cells: "Notes 2022 2021", "2022 £'000 2021 £'000", "restated"
               "note", "notes", "restated", "group", "company", "consolidated"}
# A unit cell among the years: "£'000", "$000", "€m", "US$m", "RM'000"
_UNIT_CELL = re.compile(r"^(?:[A-Z]{0,3}\$|£|€|₹|¥|[A-Z]{3})?['’]?000s?$|^(?:[A-Z]{0,3}\$|£|€|₹|¥|[A-Z]{3})['’]?(?:m|mn|bn)$")
_YEAR = re.compile(r"^(19[5-9]\d|20[0-4]\d)$")
# "1,234", "$1,234", "(1,234)", "$(1.5)"; not "6)" (the end of "(Note 6)")
_VALUE = re.compile(r"^\$?(?:\(\$?-?[\d,]*\.?\d+\)|-?[\d,]*\.?\d+)$")
_DASHES = {"—", "–", "-", "$—", "$-", "$–"}
_FOOTNOTE = re.compile(r"\((?:[a-z]|\d{1,2}|note\s*\d+[^)]*|notes?\s[^)]*)\)|\*+$", re.I)


def letters(text: str) -> str:
    """Lower-case letters only: robust to PDFs that drop spaces ("Netsales") or add leaders."""
    return re.sub(r"[^a-z]", "", text.lower())


def statement_kind(page: Page) -> Statement | None:
    """The primary statement a page carries, judged by a title line near its top.

    "Statements of Operations:" inside a five-year summary is a section line, not a title.
    A page whose top names several statements (a running header listing the statements
    beside the page's own title) carries the one whose line items its rows are.
    """
    head = title_block(page.text)
    if _SUMMARY.search(letters(" ".join(head))):
        return None
    kinds: list[Statement] = []
    for line in head:
        if len(line) > 120 or line.rstrip().endswith(":"):
            continue
        key = letters(line)
        if (kind := title_kind(line)) is not None:
            kinds.append(kind)  # a title in another language ("LAPORAN POSISI KEUANGAN")
            continue
        single = _COMPREHENSIVE.search(key)
        # a title naming profit or loss beside the other comprehensive income is the income statement
        # whether or not the company has revenue (an explorer's "Other income" heads its rows)
        if single and _title_opening(key[: single.start()], "group") and (single.group("combined") or _has_row(page, "revenue") or _has_row(page, "operating_income")):
            kinds.append("income_statement")
            continue
        for kind, rx in _TITLES.items():
            match = rx.search(key)
            # a title line starts or ends with the title ("NIKE, Inc. Consolidated Statements of
            # Income"); prose that mentions one ("we have audited the ... balance sheets of") doesn't
            starts = match is not None and _title_opening(key[: match.start()])
            ends = match is not None and (match.end() == len(key) or (
                _TITLE_PERIOD.match(key, match.end()) is not None and _named_before(line, match.start())))
            if match and (starts or ends) and not _NOT_A_STATEMENT.search(key):
                kinds.append(kind)
                break
    kinds = list(dict.fromkeys(kinds))
    if len(kinds) > 1:
        return max(kinds, key=lambda kind: _rows_of(page, kind))  # ties: the first title
    return kinds[0] if kinds else None


# the note every statement carries, printed above the title by some reports (in both languages of a bilingual
# one): "The accompanying notes to the consolidated financial statements form an integral part of these ...",
# "Catatan atas laporan keuangan konsolidasian terlampir merupakan bagian yang tidak terpisahkan ..."
_NOTES_ARE_PART = re.compile(r"^\s*(?:the\s+)?accompanying\s+notes\b|^\s*catatan\s+atas\s+laporan\b", re.I)
_HEAD_TITLE_LINES = 12
_NOTE_LINES = 4


def title_block(text: str) -> list[str]:
    """The lines a statement's title is read from: the page's first twelve, with blank lines and the note that the
    notes are part of the statements left out (a report may print it above the title)."""
    block: list[str] = []
    note_lines: int | None = None  # lines of the note read so far, None outside it
    for line in text.splitlines():
        if not line.strip():
            continue
        if _NOTES_ARE_PART.match(line):
            note_lines = 0
        if note_lines is not None:
            note_lines += 1
            # (the note is one sentence of a few lines; one with no closing stop ends after four)
            note_lines = None if line.rstrip().endswith(".") or note_lines >= _NOTE_LINES else note_lines
            continue
        block.append(line)
        if len(block) == _HEAD_TITLE_LINES:
            break
    return block


_CONNECTOR = frozenset({"of", "and", "the", "&", "-", "–", "—"})


def _named_before(line: str, letters_before: int) -> bool:
    """The words before a statement's name are a title's (a company's name: "Patriot Transportation
    Holding, Inc."), not prose ("The following table presents data from our consolidated
    statements of operations for the years ended"): each is capitalised or a connector."""
    seen = 0
    for word in line.split():
        if seen >= letters_before:
            break
        seen += len(letters(word))
        if not (word[:1].isupper() or word[:1].isdigit() or word.lower() in _CONNECTOR or not letters(word)):
            return False
    return True


def _title_opening(prefix: str, *also: str) -> bool:
    """The letters before a statement's name in a title line are a title's opening words."""
    return prefix == "" or prefix in also or _TITLE_OPENING.fullmatch(prefix) is not None


def _rows_of(page: Page, kind: Statement) -> int:
    """How many of a page's rows are line items of the statement `kind`."""
    _, rows = statement_rows(page)
    patterns = [rx for item in LINE_ITEMS if item.statement == kind for rx in item.patterns]
    return sum(any(re.match(rx, key) for rx in patterns for key in row_keys(row)) for row in rows)


def _has_row(page: Page, metric: str) -> bool:
    """Whether a row of the page is the line item `metric` (a statement's revenue, its operating result)."""
    _, rows = statement_rows(page)
    patterns = [rx for item in LINE_ITEMS if item.metric == metric for rx in item.patterns]
    return any(re.match(rx, key) for row in rows for rx in patterns for key in row_keys(row))


def page_scale(text: str) -> tuple[str, float] | None:
    """The scale a table states in its header ("in millions", "(Dollars in thousands)")."""
    unit = page_unit(text)
    return (unit.scale, unit.factor) if unit else None


def page_unit(text: str, convention: NumberConventionName = "us") -> StatementUnit | None:
    """Scale and currency a table states in its header: "in millions", "(Dollars in
    thousands)", and the "£'000" / "€m" / "US$'000" over the columns of non-US reports."""
    lines = text.splitlines()[:15]
    head = letters(" ".join(lines))
    raw = " ".join(lines).lower()
    for name, factor in _SCALES:
        # "(in millions)", and "(MILLIONS, EXCEPT PER COMMON SHARE DATA)" with no "in"
        if f"in{name}" in head or re.search(rf"\(\s*{name}\b", raw):
            found = statement_unit("\n".join(lines))
            return StatementUnit(scale=name, factor=factor, currency=found.currency if found else None)
    return _header_unit(text, convention)


def _header_unit(text: str, convention: NumberConventionName = "us") -> StatementUnit | None:
    """The unit printed among the column headers, above the first row (a unit cell like
    "£'000" sits there, a line or two above the amounts, not always in the first 15 lines)."""
    # the rows read by the page's own convention ("5.629.454.335.393" ends the header of a continental one)
    lines, first_row = _split_header(Page(number=0, text=text, number_convention=convention))
    if first_row >= len(lines):
        return None
    return statement_unit("\n".join(lines[:first_row])) or units_unit(lines[:first_row])


# "In millions, except per share data" / "(MILLIONS, EXCEPT ...)" opening a column-header line
_SCALE_NOTE = re.compile(
    r"^\s*\(?\s*(?:\$\s*)?(?:in\s+)?(?:millions|thousands|billions)(?:,?\s*except\s+[a-z\s-]*?(?:data|amounts))?\)?",
    re.I,
)


def _strip_parentheticals(line: str) -> str:
    return re.sub(r"\([^)]*\)", " ", line)


def header_years(lines: list[str]) -> list[int]:
    """Fiscal years of the columns, from the date lines above the first row.

    Handles "2022 2021 2020", "December 28, 2019 December 29, 2018" and one date per line;
    a year repeated by a later line ("Fiscal years ended December 31, 2022, ..." then
    "2022 2021 2020") is counted once.
    """
    years: list[int] = []
    dates_above = False  # the line before named days without their years ("March 31, September 30,")
    for line in lines:
        line = _SCALE_NOTE.sub(" ", line)
        tokens = [t.strip(",./") for t in _strip_parentheticals(line).split()]
        # a footnote mark on a restated column ("2009 2008 *)") is no word of the header
        tokens = [t for t in tokens if t and not re.fullmatch(r"\*+\)?", t)]
        if not tokens:
            continue
        found = [int(t) for t in tokens if _YEAR.match(t)]
        dateish = all(
            _YEAR.match(t) or t.lower() in _MONTHS or t.lower() in _DATE_WORDS or re.fullmatch(r"\d{1,2}", t)
            or _UNIT_CELL.match(t) or t.lower() in MONTHS or t.lower() in HEADER_WORDS
            for t in tokens
        )
        if dateish and found:
            years.extend(y for y in found if y not in years)
        elif (trailing := trailing_years(tokens, after_dates=dates_above)):
            years.extend(y for y in trailing if y not in years)
        dates_above = dateish and not found and any(t.lower() in _MONTHS or t.lower() in MONTHS for t in tokens)
    return years


def _years_of_line(before: str, line: str) -> list[int]:
    """The column years `line` adds to a header, read after the line above it (which may name the
    days whose years it prints: "March 31, September 30," over "Assets 2019 2018")."""
    above = header_years([before]) if before else []
    return [y for y in header_years([before, line] if before else [line]) if y not in above]


def trailing_years(tokens: list[str], after_dates: bool = False) -> list[int]:
    """Column years printed at the end of a section line ("Cash flows from operating
    activities: 2022 2021 2020"): two or more bare years in a row, each one apart, after a
    label that ends in a colon, or after a heading of a few words under a line of days without
    their years (`after_dates`: "March 31, September 30," over "Assets 2019 2018"). Amounts are never consecutive bare years, so such a line is
    the table's column header, not its first row."""
    years: list[int] = []
    for token in reversed(tokens):
        if not _YEAR.match(token):
            break
        years.insert(0, int(token))
    label = tokens[: len(tokens) - len(years)]
    steps = {b - a for a, b in zip(years, years[1:], strict=False)}
    # (or, under a line of days without their years, a section heading of a few words: "Assets 2019 2018"
    # under "March 31, September 30,"; "Revenue (in millions) 2020 2019" alone is a row's label)
    heading = label and (label[-1].endswith(":") or (
        after_dates and len(label) <= 3 and all(w.isalpha() for w in label)))
    # (two days of one year under such a line, "December 31, September 30," over "Assets 2014 2014":
    # a 10-Q's quarter end beside its fiscal year's end)
    if len(years) >= 2 and (steps in ({1}, {-1}) or (after_dates and steps == {0} and len(years) == 2)) and heading:
        return years
    return []


@dataclass(frozen=True)
class Row:
    label: str  # as printed (without the values)
    values: list[float]
    text: str  # the whole row as it appears in the page
    tokens: tuple[str, ...] = ()  # the values as printed, parallel to `values`
    # a bilingual statement's row carries a label on each side of its amounts ("LABA KOTOR
    # 1,193,154,593,580 955,888,184,288 GROSS PROFITS"): `label` is the one before, this the one after
    other_label: str = ""
    # under the statement's per-share heading ("Laba per lembar saham" / "Earnings per share"): a
    # profit line there ("Laba bersih 94,20") is the profit per share, not an amount
    per_share: bool = False


def row_keys(row: Row) -> list[str]:
    """The letters of each label a row carries (two in a bilingual statement)."""
    return [label_key(label) for label in (row.label, row.other_label) if label]


def _parse_value(token: str, convention: NumberConventionName = "us") -> float | None:
    if token in _DASHES:
        return 0.0
    if convention != "us":
        return _other_value(token, convention)
    if not _VALUE.match(token):
        return None
    negative = "(" in token or token.lstrip("$(").startswith("-")
    digits = re.sub(r"[^\d.]", "", token)
    if not digits or digits == ".":
        return None
    number = float(digits)
    return -number if negative else number


# A value of a document not written the US way: "1.234.567", "(405,9)", "Rp1.234" (a currency
# mark its tables print); the digits read by the document's convention (finrag.numerals).
_OTHER_VALUE = re.compile(r"^(?:[$€£]|Rp\.?)?\(?(?:[$€£]|Rp\.?)?(?P<minus>-)?(?P<digits>\d[\d.,]*\d|\d)\)?$")


def _other_value(token: str, convention: NumberConventionName) -> float | None:
    m = _OTHER_VALUE.match(token)
    if m is None:
        return None
    try:
        number = read_number(m.group("digits"), convention)
    except ValueError:  # a number the convention does not write, or one only it would settle
        return None
    return -number if "(" in token or m.group("minus") else number


# "Provision for income taxes (Note 7) (411)": a note reference in the label, never an amount
NOTE_REFERENCE = re.compile(r"\s\((?:notes?|note)\s+[\w.]+(?:\s*(?:,|and|&)\s*[\w.]+)*\)(?=\s|$)", re.I)


def parse_row(line: str, convention: NumberConventionName = "us") -> Row | None:
    """Split "Label .... $ 1,234 (567) —" into its label and trailing values (read by the
    document's number convention: "Pendapatan 1.234.567 (405,9)" in a continental one)."""
    clean = re.sub(r"\.{2,}", " ", line).strip()
    tokens = join_split_numbers(NOTE_REFERENCE.sub(" ", clean).split(), convention)
    values: list[float] = []
    printed: list[str] = []
    i = len(tokens)
    while i > 0:
        token = tokens[i - 1]
        if token == "$":
            i -= 1
            continue
        value = _parse_value(token, convention)
        if value is None:
            break
        values.append(value)
        printed.append(token)
        i -= 1
    label = " ".join(tokens[:i]).rstrip(" $:")
    if not values or not re.search(r"[A-Za-z]", label):
        return None
    if len(values) == 1 and tokens[-1] in _DASHES:
        return None  # "... net of accumulated depreciation -": a wrapped label, not a zero
    return Row(label=label, values=list(reversed(values)), text=line.strip(), tokens=tuple(reversed(printed)))


# "165.529.733.25 2": a number whose text layer split off its last digit(s); grouped but one
# group short, and the short token after it completes the group
_CUT_GROUP = re.compile(r"^\(?\d{1,3}(?:[.,]\d{3})*[.,]\d{1,2}$")


def join_split_numbers(tokens: list[str], convention: NumberConventionName) -> list[str]:
    """Tokens with a number the text layer cut inside its last group joined again: the first
    part is no number the document writes, the second one or two digits, and together they are
    one ("165.529.733.25 2" -> "165.529.733.252"). Read apart, the row would hold a value "2".
    A negative's closing parenthesis set apart ("(8,695 )") is joined to it as well."""
    out: list[str] = []
    for token in tokens:
        if token == ")" and out and re.fullmatch(r"\(\$?\d[\d,.]*", out[-1]):
            out[-1] += token
            continue
        if out and re.fullmatch(r"\d{1,2}\)?", token) and _CUT_GROUP.match(out[-1]):
            joined = out[-1] + token
            if _parse_value(out[-1], convention) is None and _parse_value(joined, convention) is not None \
                    and re.search(r"[.,]\d{3}\)?$", joined):
                out[-1] = joined
                continue
        out.append(token)
    return out


def parse_two_label_row(line: str, convention: NumberConventionName = "us") -> Row | None:
    """A bilingual statement's row: its label before the amounts in one language and after them
    in the other ("Beban Pajak Penghasilan 3.w, 12.b (305,926,729,229) (209,997,521,506) Income Tax
    Expenses"); None for any other line. Two amounts at least, and words only after them."""
    tokens = line.split()
    i = len(tokens)
    while i > 0 and not re.search(r"\d", tokens[i - 1]) and tokens[i - 1] not in _DASHES and tokens[i - 1] != "$":
        i -= 1
    after = " ".join(tokens[i:]).rstrip(" -:")
    if i == len(tokens) or not re.search(r"[A-Za-z]{2}", after):
        return None
    row = parse_row(" ".join(tokens[:i]), convention)
    if row is None or len(row.values) < 2:
        return None
    return Row(label=row.label, values=row.values, text=line.strip(), tokens=row.tokens, other_label=after)


_BILINGUAL_ROWS = 3  # rows with a label on each side before a page is read as a bilingual statement


def _row_reader(lines: list[str], convention: NumberConventionName):
    """How the page's rows are read: a bilingual statement prints every row with a label on each
    side, so a page with several such lines (and never one alone: two rows run together) reads them."""
    bilingual = sum(1 for line in lines if parse_row(line, convention) is None
                    and parse_two_label_row(line, convention) is not None) >= _BILINGUAL_ROWS

    def read(line: str) -> Row | None:
        row = parse_row(line, convention)
        if row is None and bilingual:
            row = parse_two_label_row(line, convention)
        return row
    return read


_NOTE_TAIL = re.compile(r"(?:\s+[\w.,]*\d[\w.,]*)+\s*$")


def label_key(label: str) -> str:
    """Letters of a row label without footnote markers and "net of allowance ..." tails."""
    label = _FOOTNOTE.sub(" ", label)
    # note references printed at the end of the label under a notes column ("Beban Pajak
    # Penghasilan 3.w, 12.b"): a token with a figure in it is no word of the line's name
    label = _NOTE_TAIL.sub("", label)
    label = _strip_parentheticals(label) if re.search(r"\(.*\)", label) and "(loss)" not in label.lower() else label
    return letters(without_contra_tail(label))


# "..., net of ...", "Interest expense-net of capitalized interest of $9.5, ...", "... less ...", "... - $"
_NET_OF = r"(?:,?\s+|\s*[-–—]\s*)net of\b"
# "Inventories, at cost, not in excess of market", "Inventories, at lower of cost or market": the
# carrying basis of the line (cost capped at market), stated after its name. Cost alone ("Property
# and equipment, at cost") is kept: it names the gross line, which a "less accumulated depreciation"
# row follows.
_CARRYING_BASIS = r",?\s+at\s+(?:cost,?\s+not\s+in\s+excess\s+of\s+market|(?:the\s+)?lower\s+of\s+cost)\b"
_CONTRA_TAIL = re.compile(rf"{_NET_OF}|,?\s+less\b|\s+-\s+\$|{_CARRYING_BASIS}", re.I)


def without_contra_tail(label: str) -> str:
    """A row label without its contra-account tail: "Other intangibles, net of accumulated
    amortization of $2,268.6 and $1,908.9" is "Other intangibles net", the line it names (the
    tail's amounts are the allowance's, not the line's)."""
    head = _CONTRA_TAIL.split(label, maxsplit=1)[0]
    return head + (" net" if re.search(_NET_OF, label, re.I) else "")


def statement_rows(page: Page) -> tuple[list[int], list[Row]]:
    """Header years and the value rows of one statement page, with context for bare labels.

    "Basic" / "Diluted" under an "Earnings per share:" line become "Earnings per share basic";
    a label wrapped onto a second line is joined to its first line.
    """
    lines, first_row = _split_header(page)
    years = header_years(lines[:first_row])
    read = _row_reader(lines, page.number_convention)
    rows: list[Row] = []
    section = ""
    pending = ""
    per_share = False
    # the last group heading ("Current assets") and its first row; the column header may end with one
    heading = lines[first_row - 1].strip() if first_row else ""
    group: tuple[str, int] | None = (heading, 0) if _GROUP_HEADING.fullmatch(heading) else None
    body = lines[first_row:]
    for n, line in enumerate(body):
        row = read(line)
        per_share = per_share or _per_share_heading(row.label if row else line)
        if row is None and group is not None and (total := _group_total(line, group[0], rows[group[1]:],
                                                                        page.number_convention)):
            rows.append(total)
            if _assets_are_current(group[0], body[n + 1 : n + 2], lines[:first_row] + body[:n]):
                # "ASSETS" / "Current Assets" / rows / their total / "LIABILITIES": the company holds no
                # other assets (a fund), and the statement prints no total assets but this one
                rows.append(Row(label="Total assets", values=total.values, text=total.text, tokens=total.tokens))
            group = None
            continue
        if row is None:
            stripped = line.strip()
            if _GROUP_HEADING.fullmatch(stripped):
                group = (stripped, len(rows))
            pending = stripped if stripped.endswith(("-", ",", "of", "and")) else ""
            section = stripped.rstrip(":") if stripped.endswith(":") or len(stripped) < 60 else section
            continue
        label = row.label
        if pending:
            label = f"{pending} {label}"
            pending = ""
        if letters(label) in {"basic", "diluted"} and section:
            label = f"{section} {label}"
        rows.append(Row(label=label, values=row.values, text=row.text, tokens=row.tokens,
                        other_label=row.other_label, per_share=per_share))
        if group is not None and letters(label).startswith("total"):
            if letters(label) != letters(f"total {group[0]}") and _sums(row.values, rows[group[1]:-1]):
                # "Current liabilities" / two rows / "Total liabilities 402 1,563" that they add up to: the
                # company has no other liabilities, and the total is the current ones' too
                rows.append(Row(label=f"Total {group[0]}", values=row.values, text=row.text, tokens=row.tokens))
            group = None
    return years, rows


# a heading over a group of a statement's rows: "Current Assets", "Non-current liabilities"
_GROUP_HEADING = re.compile(r"(?i:(?:non-?\s?current|current)\s+(?:assets|liabilities))")


def _assets_are_current(heading: str, after: list[str], before: list[str]) -> bool:
    """The current assets are all the assets: their group closes on the liabilities' heading, and no
    other group of assets opened before it."""
    return bool(re.fullmatch(r"(?i)current\s+assets", heading)) and bool(after) \
        and re.match(r"(?i)\s*liabilities\b", after[0]) is not None \
        and not any(re.search(r"(?i)non-?\s?current\s+assets|long-term\s+assets|fixed\s+assets", b) for b in before)


def _group_total(line: str, heading: str, group: list[Row], convention: NumberConventionName) -> Row | None:
    """An amounts-only line closing a group of rows under a heading, printed without the words
    "Total current assets" ("Current Assets" / four rows / "353,118,238 238,523,756"): that
    heading's total, when each of its amounts is the sum of the group's rows in its column (the
    statement's own arithmetic, which any layout keeps, says what the line is)."""
    tokens = join_split_numbers(line.split(), convention)
    values = [_parse_value(t, convention) for t in tokens if t != "$"]
    if not values or any(v is None for v in values) or not re.search(r"\d", line):
        return None
    amounts = [v for v in values if v is not None]
    if not _sums(amounts, group):
        return None
    return Row(label=f"Total {heading}", values=amounts, text=line.strip(), tokens=tuple(t for t in tokens if t != "$"))


def _sums(values: list[float], group: list[Row]) -> bool:
    """Each of `values` is the sum of the group's rows in its column (the last columns of each row:
    a note reference leads the amounts), the group being two rows or more."""
    n = len(values)
    if len(group) < 2 or not n or any(len(r.values) < n for r in group):
        return False
    columns = [[r.values[-n + k] for r in group] for k in range(n)]
    return all(abs(sum(c) - v) <= 1.0 + 1e-6 * abs(v) for c, v in zip(columns, values, strict=True))


def _per_share_heading(text: str) -> bool:
    """A line heading the per-share rows ("Laba per lembar saham dasar", "Earnings per share:"),
    not a scale note's "(in millions, except per share data)"."""
    return bool(PER_SHARE.search(text)) and not re.search(r"\bexcept\b", text, re.I)


def _split_header(page: Page) -> tuple[list[str], int]:
    """The page's non-empty lines and the index of its first value row (the header ends there)."""
    lines = [ln for ln in page.text.splitlines() if ln.strip()]
    read = _row_reader(lines, page.number_convention)

    def first_row_from(start: int) -> int:
        # The first row with two or more values ends the header ("Item 8" is not a table row).
        return next(
            (i for i in range(start, len(lines))
             if len(getattr(read(lines[i]), "values", [])) >= 2
             and not header_years([lines[i]]) and not _years_of_line(lines[i - 1] if i else "", lines[i])),
            len(lines),
        )

    first_row = first_row_from(0)
    if not header_years(lines[:first_row]):
        # a running header with numbers ("ACME PLC ANNUAL REPORT 2022 33") above the column
        # header is no row: the table starts after the column header's years, when one follows
        later = next((i for i in range(first_row, min(first_row + 8, len(lines))) if header_years([lines[i]])), None)
        if later is not None:
            first_row = first_row_from(later + 1)
    return lines, first_row


# --------------------------------------------------------------------------- extraction


def _quarter(meta: DocumentMeta) -> tuple[int, date] | None:
    """(fiscal quarter, period end) of a quarterly report; None for annual filings."""
    m = re.search(r"Q([1-4])", meta.period or "")
    if not m or meta.form != "10-Q" or not meta.period_end:
        return None
    try:
        return int(m.group(1)), date.fromisoformat(meta.period_end)
    except ValueError:
        return None


def _is_annual(meta: DocumentMeta) -> bool:
    if meta.period and re.search(r"Q\d", meta.period):
        return False
    return meta.form in ANNUAL_FORMS


def _statement_pages(meta: DocumentMeta, pages: Iterable[Page]) -> list[tuple[Page, Statement]]:
    tagged = {p: kind for kind in ("income_statement", "balance_sheet", "cash_flow") for p in meta.page_tags.get(kind, [])}
    found = []
    for page in pages:
        # (Schedule I, the parent's own statements, is titled like a statement and is none of the company's)
        kind = None if parent_only(page.text) else statement_kind(page) or tagged.get(page.number)
        if kind:
            found.append((page, kind))
    return found


_HEAD_LINES = 12


def page_facts(
    page: Page, kind: Statement, company: str, doc: str, fiscal_year: int | None,
    quarter: tuple[int, date] | None = None, dated: bool = False, continued: StatementUnit | None = None,
) -> list[tuple[Fact, bool]]:
    """Facts of one statement page (best row per line item, one fact per column),
    each with whether it comes from a secondary source.

    `quarter`: (fiscal quarter, period end) of a 10-Q, whose columns are read by their dates
    (`quarter_columns`); `dated`: an interim report's, placed by the dates its title states
    (`interim_columns`); an annual filing's columns are fiscal years. `continued`: the unit of the
    page before, which an untitled page continuing its statement prints no line of.
    """
    unit = page_unit(page.text, page.number_convention) or continued
    if unit is None:
        return []
    factor = unit.factor
    years, rows = statement_rows(page)
    header, first_row = _split_header(page)
    note_column = has_note_column(header[:first_row])
    if dated:
        placed = _dated_columns(page, kind)
        if not placed:
            return []
        columns = placed
    elif quarter is not None:
        if fiscal_year is None:
            return []
        lines, first_row = _split_header(page)
        found = quarter_columns(" ".join(lines[:first_row]), kind, fiscal_year, *quarter)
        if not found:
            return []
        half = len(found) // 2
        if len(found) % 2 == 0 and found[:half] == found[half:]:
            # the title states the period ("THREE MONTHS ENDED DECEMBER 31, 2014 AND 2013") and the
            # column header again: one set of columns, read twice
            found = found[:half]
        columns = found
    else:
        if len(years) < 1 or (fiscal_year is not None and fiscal_year not in years):
            return []
        columns = [(y, "FY") for y in years]
    facts: list[tuple[Fact, bool]] = []
    others = [i for i in LINE_ITEMS if i.statement == kind]
    for item in LINE_ITEMS:
        if item.statement != kind:
            continue
        best: tuple[int, Row] | None = None
        named_after = 0
        for row in rows:
            values = _column_values(row, len(columns), note_column)
            if values is None or (row.per_share and item.unit == "USD"):
                continue  # a profit line under the per-share heading is per share, not an amount
            rank = _rank(row, item, others)
            named_after += rank is not None and rank >= _AFTER_ONLY_RANK
            if rank is not None and (best is None or rank < best[0]):
                best = (rank, Row(label=row.label, values=values, text=row.text, tokens=row.tokens))
        if best is None or (best[0] >= _AFTER_ONLY_RANK and named_after > 1):
            continue  # two rows named the item only after their amounts: which is its own is not for a reader to guess
        row = best[1]
        for (year, period), raw in zip(columns, row.values, strict=True):
            if item.unit == "USD/share":
                value, used_scale = raw, "units"
            else:
                # amounts are kept in millions whatever the table's scale, so facts of
                # different filings compare directly (the row text keeps the printed figure)
                value, used_scale = raw * factor / 1e6, "millions"
            if item.spent:
                value = abs(value)
            facts.append((Fact(
                company=company, metric=item.metric, fiscal_year=year, value=value, unit=item.unit,
                scale=used_scale, doc=doc, page=page.number, source_text=row.text, period=period,
                currency=unit.currency, table_scale=unit.scale,
            ), item.secondary))
    return facts


# a bilingual interim statement's title block: the stamps and notes line above it, the title, its
# period and unit in one language, then in the other
_DATED_TITLE_LINES = 24


def _dated_columns(page: Page, kind: Statement) -> list[tuple[int, str]] | None:
    """An interim statement's columns placed by its title's dates (`interim_columns`), one column
    per date it names (each row must print as many amounts), each column's date picked by the
    year its header prints over it, or in the title's order when it prints none."""
    lines, first_row = _split_header(page)
    head = [line for line in lines[: min(first_row, _DATED_TITLE_LINES)] if len(line) < 160]
    period = title_period(head)
    if period is None:
        return None
    return column_labels(head, _column_header_years(lines[:first_row]), kind, len(period[1]))


def _column_header_years(header: list[str]) -> list[int]:
    """The years the column header prints: those of the last line above the first row that
    carries years ("Catatan/ 2012 2011", over "Notes Rp Rp"), unless that line states the
    period (a title's "2011(Tidak Diaudit)" is no column's header); [] when it prints none."""
    for line in reversed(header):
        if period_lines([line]):
            return []
        if (found := header_years([line])):
            return found
    return []


def _names(key: str, item: LineItem) -> int | None:
    return next((i for i, rx in enumerate(item.patterns) if re.match(rx, key)), None)


def _rank(row: Row, item: LineItem, others: list[LineItem]) -> int | None:
    """How well the row's label names the item (None: not at all). A bilingual row is read by its
    label before the amounts, the one after confirming it or naming nothing the statement reads:
    one after that names another line ("Total revenues 5,000 4,800 Cost of revenues") makes the
    line two rows run together, read as neither."""
    rank = _names(label_key(row.label), item)
    if not row.other_label:
        return rank
    after = label_key(row.other_label)
    if rank is None:
        # the label in the vocabulary's language may be the one after ("Pendapatan 22 3,446,214,954 3,581,375,403
        # Revenue"): it names the line when the one before names no other line of the statement, ranked after any
        # row whose own label names it (`page_facts` takes it only when no other row is named so after its amounts)
        if _named_by_label_before(row, others) or (after_rank := _names(after, item)) is None:
            return None
        return _AFTER_ONLY_RANK + after_rank
    if _names(after, item) is None and any(_names(after, o) is not None for o in others if o.metric != item.metric):
        return None
    return rank


def _named_by_label_before(row: Row, items: list[LineItem]) -> bool:
    before = label_key(row.label)
    return any(_names(before, o) is not None for o in items)


_AFTER_ONLY_RANK = 1000  # a row named only by its label after the amounts ranks after every row named before them


def _column_values(row: Row, columns: int, note_column: bool = False) -> list[float] | None:
    """The row's one value per column; "net of allowance of $426 and $335  18,277 17,908"
    reads one amount of its label as a value, recognisable by the label ending in "and"/"of";
    under a "Note" column heading, "Revenue 3 23,183 23,410" leads with a note reference."""
    values = without_note(row.values, list(row.tokens), columns, note_column)
    if values is not None:
        return values
    if len(row.values) == columns + 1 and re.search(r"\b(?:and|of)$", row.label.strip()):
        return row.values[1:]
    return None


def extract_facts(meta: DocumentMeta, pages: list[Page]) -> list[Fact]:
    """Reported facts of one document (derived metrics are added by `loaders.knowledge`).

    Annual filings give one fact per fiscal-year column; a 10-Q gives the quarter's and the
    year-to-date columns apart (`Fact.period` "Q2" / "Q2YTD"); an interim report filed as no 10-Q
    its columns by their dates (`Fact.period` "2012-06-30", "6M2012-06-30"). Other reports give none.
    """
    quarter = _quarter(meta)
    if not meta.company or not (_is_annual(meta) or quarter):
        return []
    chosen: dict[tuple[str, int, str], Fact] = {}
    ambiguous: set[tuple[str, int, str]] = set()
    backup: dict[tuple[str, int, str], Fact] = {}
    # the filer's own consolidated statements: in a combined filing of a parent and its
    # subsidiary registrant ("PG&E CORPORATION" and "PACIFIC GAS AND ELECTRIC COMPANY"), the
    # subsidiary's statements give other figures for the same lines; the filer's settle them
    own: dict[tuple[str, int, str], Fact] = {}
    own_ambiguous: set[tuple[str, int, str]] = set()
    statements = _statement_pages(meta, pages)
    if quarter is None and any(_interim(page) for page, _ in statements):
        # an interim report filed as another form than a 10-Q ("Untuk Periode Enam Bulan yang
        # Berakhir 30 Juni 2012"): its columns are six or nine months, and its balance sheet a
        # date inside the year, none of them a fiscal year's figure: each is read by its date
        return _dated_facts(meta, statements, pages)
    filer_pages: set[int] = set()
    units: dict[int, StatementUnit | None] = {}
    for page, kind in statements:
        units[page.number] = page_unit(page.text, page.number_convention)
        # an untitled page that continues the page before (its liabilities) is that page's
        # registrant's, in that page's unit
        continues = statement_kind(page) is None and page.number - 1 in units
        filer = _filer_statement(page, meta) or (continues and page.number - 1 in filer_pages)
        if filer:
            filer_pages.add(page.number)
        inherited = units[page.number - 1] if continues else None
        for fact, secondary in page_facts(page, kind, meta.company, meta.doc, meta.fiscal_year, quarter,
                                          continued=inherited):
            key = (fact.metric, fact.fiscal_year, fact.period)
            if secondary:
                backup.setdefault(key, fact)
                continue
            if key in chosen and not _same(chosen[key].value, fact.value):
                ambiguous.add(key)
            chosen.setdefault(key, fact)
            if filer:
                if key in own and not _same(own[key].value, fact.value):
                    own_ambiguous.add(key)
                own.setdefault(key, fact)
    for key in ambiguous & set(own) - own_ambiguous:
        chosen[key] = own[key]
    ambiguous -= set(own) - own_ambiguous
    for key, fact in backup.items():
        chosen.setdefault(key, fact)
    return [f for k, f in chosen.items() if k not in ambiguous]


def _dated_facts(meta: DocumentMeta, statements: list[tuple[Page, Statement]], pages: list[Page]) -> list[Fact]:
    """An interim report's facts, each column labelled by its date (and months, for a flow).

    The report's own statements come first: a second set printed after its notes (the parent
    entity's, as supplementary information) gives other figures for the same lines and dates,
    and is read only when no statement precedes the notes (a line the first set lacks is not
    the parent's either). Two values for one line and date within either set
    make it ambiguous, and it is dropped."""
    notes = next((p.number for p in pages if _notes_title(p)), None)
    chosen: dict[tuple[str, int, str], Fact] = {}
    ambiguous: set[tuple[str, int, str]] = set()
    backup: dict[tuple[str, int, str], Fact] = {}
    later: dict[tuple[str, int, str], list[Fact]] = {}
    for page, kind in statements:
        after_notes = notes is not None and page.number > notes
        for fact, secondary in page_facts(page, kind, meta.company or "", meta.doc, meta.fiscal_year, dated=True):
            key = (fact.metric, fact.fiscal_year, fact.period)
            if secondary:
                backup.setdefault(key, fact)
            elif after_notes:
                later.setdefault(key, []).append(fact)
            else:
                if key in chosen and not _same(chosen[key].value, fact.value):
                    ambiguous.add(key)
                chosen.setdefault(key, fact)
    if not any(notes is None or page.number < notes for page, _ in statements):
        # no statement before the notes: the set after them is the report's own
        for key, facts in later.items():
            if any(not _same(f.value, facts[0].value) for f in facts):
                ambiguous.add(key)
            chosen[key] = facts[0]
    for key, fact in backup.items():
        chosen.setdefault(key, fact)
    return [f for k, f in chosen.items() if k not in ambiguous]


def _notes_title(page: Page) -> bool:
    """The page opens the notes: a title line that is the notes' title alone ("CATATAN ATAS
    LAPORAN KEUANGAN KONSOLIDASIAN", "Notes to Consolidated Financial Statements"), not a
    statement's footer that refers to them ("Lihat Catatan atas Laporan Keuangan ...")."""
    return any(NOTES_TITLE.fullmatch(letters(line)) for line in page.text.splitlines()[:_HEAD_LINES])


# a period shorter than a year, as an English statement's title says it
_INTERIM_EN = re.compile(r"\b(?:three|six|nine|3|6|9)[\s\-–—]*months?(?:\s+periods?)?\s+ended\b", re.I)
_TITLE_LINES = 16  # a statement's title block, a bilingual one's in both languages


def _interim(page: Page) -> bool:
    """The statement's title block (its short lines above the first row, near the top) names a
    period shorter than a year, in English ("For the Six - Month Periods Ended June 30") or in a
    language of the vocabulary ("Untuk Periode 9 (Sembilan) Bulan yang Berakhir")."""
    lines, first_row = _split_header(page)
    head = " ".join(line for line in lines[: min(first_row, _TITLE_LINES)] if len(line) < 120)
    return bool(_INTERIM_EN.search(head) or INTERIM.search(head))


def _filer_statement(page: Page, meta: DocumentMeta) -> bool:
    """The page's title block names the filer and a consolidated statement ("PG&E CORPORATION /
    CONSOLIDATED STATEMENTS OF INCOME"): not a subsidiary's, a parent-only schedule's or a note's."""
    head = [letters(line) for line in page.text.splitlines()[:5]]
    names = {letters(n) for n in (meta.company, meta.company_legal) if n}
    names.discard("")
    # ("CONDENSED CONSOLIDATED STATEMENTS OF INCOME": a 10-Q's title of the same statements)
    return any(line in names for line in head) and any(
        line.startswith(("consolidated", "condensedconsolidated")) for line in head)


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))
