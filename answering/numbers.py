"""Reading figures out of report text: statement rows, column-header years, scale.

A statement row is one text line (the PDF extractor keeps a row together):
`Purchases of property, plant and equipment (PP&E)   (1,577)   (1,373)`.
Its label is the text before the trailing run of amounts; the column for a year
comes from the nearest column-header line above it (`2023   2022`). Parentheses
mean negative; the table's "(in millions)" / "in thousands" says the scale.
Values are returned in MILLIONS for money rows (per-share and percent rows as read).
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from finrag.models import NumberConventionName
from finrag.numerals import read_number
from finrag.text import collapse_whitespace
from loaders.facts import (
    NOTE_REFERENCE,  # "(Note 7)" in a label: one pattern for ingest and answers
    join_split_numbers,
    trailing_years,
)
from loaders.statement_layout import statement_unit, units_unit
from loaders.statement_words import HEADER_WORDS
from loaders.statement_words import MONTHS as OTHER_MONTHS

_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")
# One amount token: optional "$", optional parentheses, thousands separators, decimals, "%".
_AMOUNT = re.compile(r"^\(?\$?\(?-?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?%?\)?$|^\(?\$?-?\d+(?:\.\d+)?\)?%?$")
# A presentation's cell that prints its scale: "$3,859M" (millions), "$(12.5)M".
_MILLIONS_CELL = re.compile(r"^\(?\$\(?-?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?M\)?$")
_DASHES = {"—", "–", "-", "--"}
_SCALES = (
    (re.compile(r"in\s+billions", re.I), "billions", 1000.0),
    (re.compile(r"in\s+millions", re.I), "millions", 1.0),
    (re.compile(r"in\s+thousands", re.I), "thousands", 0.001),
    # Column headers that carry the currency and the scale together, as annual reports outside
    # the US print them: "£'000", "CHF000", "US$'000" (thousands); "£m", "€m", "$bn".
    (re.compile(r"(?:[£€¥$]|\b(?:CHF|EUR|GBP|USD|CAD|AUD|JPY|INR|ILS|NIS))\s?['’]?000s?\b"), "thousands", 0.001),
    (re.compile(r"(?:[£€¥$]|\b(?:CHF|EUR|GBP|USD|CAD|AUD|JPY|INR|ILS|NIS))\s?(?:m|mn)\b"), "millions", 1.0),
    (re.compile(r"(?:[£€¥$]|\b(?:CHF|EUR|GBP|USD|CAD|AUD|JPY|INR|ILS|NIS))\s?bn\b"), "billions", 1000.0),
    # A column header of bare currency symbols ("Notes £ £") when no scale is stated anywhere in
    # the table: the amounts are in units of the currency ("Total assets 84,641,911"). A bare
    # "$ $" line is left out: a US table continued from a chunk whose "(in millions)" is above
    # prints such lines too.
    (re.compile(r"^[ \t]*(?:notes?[ \t]+)?(A\$|C\$|£|€|¥)(?:[ \t]+\1)+[ \t]*$", re.I | re.M), "units", 1e-6),
)
_MONTHS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec",
}
# Words a column-header line may contain besides years.
_HEADER_WORDS = _MONTHS | {
    "fiscal", "year", "years", "ended", "ending", "as", "of", "at", "for", "the", "fy", "and",
    "quarter", "three", "six", "nine", "twelve", "months", "weeks", "period",
    # the scale note often shares the header line: "(in millions, except per share data) 2022 2021"
    "in", "millions", "thousands", "billions", "except", "per", "share", "data", "amounts",
    "shares",  # "$ and shares in millions, except per share amounts January 29, 2022"
    "dollars", "usd", "unaudited",
    # IFRS headers: "Notes 2022 2021", "2022 £'000 2021 £'000", "2022 €m 2021 €m (restated)"
    "note", "notes", "restated", "m", "mn", "bn", "us", "gbp", "eur", "aud", "hkd", "inr", "group", "company",
} | set(OTHER_MONTHS) | HEADER_WORDS  # the vocabulary's other languages: "Catatan 2011 2010", "31 Desember 2013 dan 2012"


class Row(BaseModel):
    """One table line split into its label and its amounts (signed, as printed)."""

    line: str  # the line exactly as in the chunk text (used as the citation quote)
    label: str
    values: list[float | None]  # None for a dash ("—")
    percent: bool = False
    tokens: list[str] = []  # the amounts as printed, parallel to `values` (a note reference "3")
    # a bilingual statement's row carries a label on each side of its amounts ("Laba bruto
    # 1,332,785,498 1,664,223,263 Gross profit"): `label` is the one after them, this the one before
    label_before: str = ""


def plain(value: float) -> str:
    """An amount as a table prints it, to two decimals at most: 1,180.4; 998."""
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def parse_amount(token: str, convention: NumberConventionName = "us") -> float | None:
    """`$1,234.5` -> 1234.5; `(1,577)` -> -1577.0; `12.5%` -> 12.5; dashes -> None. A document
    that writes numbers the continental way: `Rp1.234,5` -> 1234.5 (finrag.numerals)."""
    t = token.strip()
    if t in _DASHES:
        return None
    negative = t.startswith("(") or t.endswith(")") or t.startswith("-") or t.startswith("$(")
    if convention != "us":
        m = _OTHER_AMOUNT.match(t)
        if m is None:
            raise ValueError(f"not an amount: {token!r}")
        value = read_number(m.group("digits"), convention)
        return -value if negative or m.group("minus") else value
    digits = re.sub(r"[^\d.]", "", t)
    if not digits or digits == ".":
        raise ValueError(f"not an amount: {token!r}")
    value = float(digits)
    return -value if negative else value


# An amount token in a document not written the US way: a currency mark its reports print
# before amounts ("Rp1.234", "€405,9"), parentheses, a sign, "%"; the digits are read by the
# document's convention (`read_number`), so "12.5" in a continental document is not an amount.
_OTHER_AMOUNT = re.compile(r"^\(?(?:[$€£]|Rp\.?|IDR)?\s?\(?(?P<minus>-)?(?P<digits>\d[\d.,]*\d|\d)\)?%?\)?$")


def is_amount(token: str, convention: NumberConventionName = "us") -> bool:
    if convention != "us":
        if token in _DASHES:
            return True
        try:
            parse_amount(token, convention)
        except ValueError:  # AmbiguousNumber too: a number only a convention settles is not read
            return False
        return True
    return token in _DASHES or bool(_AMOUNT.match(token)) or bool(_MILLIONS_CELL.match(token))


def millions_cells(row: Row) -> bool:
    """The row's amounts print their scale ("$960M $1,001M $3,859M"): millions whatever the
    table's note says."""
    return bool(row.tokens) and all(_MILLIONS_CELL.match(t) for t in row.tokens)


def split_row(line: str, convention: NumberConventionName = "us") -> Row | None:
    """Split `Label  $ 1,234.5  (99.0)` into label + amounts; None if the line has no amounts.

    Tokens are read from the right while they look like amounts ("$" alone is skipped),
    so digits inside the label ("Note 5", "2023 Notes") stay in the label.
    """
    tokens = join_split_numbers(NOTE_REFERENCE.sub(" ", line).split(), convention)
    values: list[float | None] = []
    printed: list[str] = []
    percent = False
    i = len(tokens)
    while i > 0:
        tok = tokens[i - 1]
        if tok in ("$", "%"):
            percent = percent or tok == "%"
            i -= 1
            continue
        if tok.lower() == "n/a" or (_FOOTNOTE_CELL.fullmatch(tok) and i >= 2 and tokens[i - 2].lower() == "n/a"):
            # "Apple, Inc. 11 % N/A (1) N/A (1)": a cell with no figure (and its footnote mark), as a dash is
            step = 1 if tok.lower() == "n/a" else 2
            values.append(None)
            printed.append(" ".join(tokens[i - step:i]))
            i -= step
            continue
        if not is_amount(tok, convention):
            break
        percent = percent or tok.endswith("%") or tok.endswith("%)")
        values.append(parse_amount(tok, convention))
        printed.append(tok)
        i -= 1
    # "Interest expense-net of capitalized interest of $9.5, $6.8 and $6.0 1,207.0 ...": an amount
    # after a joining word ends a list the label holds; it is the label's, not a column's
    while len(values) > 1 and i > 0 and tokens[i - 1].lower() in _JOINING_WORDS:
        i += 1
        values.pop()
        printed.pop()
    if not values or i == 0:
        return None
    label = " ".join(tokens[:i]).rstrip(" $:")
    if not re.search(r"[A-Za-z]", label):
        return None
    return Row(line=line, label=label, values=list(reversed(values)), percent=percent, tokens=list(reversed(printed)))


_FOOTNOTE_CELL = re.compile(r"\(\d\)")
_JOINING_WORDS = frozenset({"and", "or", "of", "to", "from", "through"})


def unlabelled_sum(line: str, parts: list[Row], convention: NumberConventionName = "us") -> Row | None:
    """`line` as a row when it prints amounts and no label, as many as each of `parts` prints, each the
    sum of the parts' column (to a rounding): the total of a group printed under its caption ("Inventories"
    / "Raw materials 1,517" / ... / "13,224"). A dash in a part or in the sum is no sum. Its label is empty,
    for the caller to name."""
    bare = split_row(f"Sum {line.strip()}", convention) if line.strip() and parts else None
    if bare is None or bare.label != "Sum" or any(len(p.values) != len(bare.values) for p in parts):
        return None
    for column, value in enumerate(bare.values):
        column_parts = [p.values[column] for p in parts]
        if value is None or None in column_parts or abs(sum(column_parts) - value) > max(1.0, abs(value) * 0.002):
            return None
    return bare.model_copy(update={"line": line, "label": ""})


def run_rows(text: str, columns: int, convention: NumberConventionName = "us") -> list[str] | None:
    """A statement's rows run together on one line, as some text layers give them ("Less
    accumulated depreciation 6,091 6,996 Net property and equipment 2,250 2,260 Goodwill 1,384
    986"): one line per row. Only when there are two rows at least and every one is a label
    (words, no figures) followed by exactly `columns` amounts; words after the last amounts (the
    next rows' start, cut off) are a line of their own, and so is a last row cut short. Else None: a label's own figures ("$1.00
    par value") or a row with more or fewer amounts leave the line as it is."""
    if columns < 2:
        return None
    rows: list[str] = []
    label: list[str] = []
    amounts: list[str] = []
    figured = False  # a figure inside the label being read
    for token in text.split():
        # "13)" of "(Note 13)" is no amount: a cell's parentheses close where they open
        if token == "$" or (is_amount(token, convention) and label and not figured
                            and token.count("(") == token.count(")")):
            amounts.append(token)
            continue
        if amounts:
            if sum(1 for a in amounts if a != "$") != columns or not re.search(r"[A-Za-z]", " ".join(label)):
                return None
            rows.append(" ".join(label + amounts))
            label, amounts = [], []
        figured = figured and bool(label) or bool(re.search(r"\d", token))
        label.append(token)
    if amounts:
        # the last row may be cut short at the text's end ("Accounts payable $ 6,803 $"): its own
        # line, read as any short row is
        if sum(1 for a in amounts if a != "$") > columns or figured:
            return None
        rows.append(" ".join(label + amounts))
    elif label:
        rows.append(" ".join(label))
    return rows if sum(1 for r in rows if split_row(r, convention)) >= 2 else None


# a dash between two words of the label after the amounts ("Gain on Foreign Exchange - Net") is the
# label's, not a nil amount (which stands between an amount and the label)
_LABEL_DASH = re.compile(r"[-–—]")


def split_two_label_row(line: str, convention: NumberConventionName = "us") -> Row | None:
    """A bilingual statement's row, its label printed before the amounts in one language and
    after them in the other ("Pendapatan 22 3,446,214,954 3,581,375,403 Revenue"); None for
    any other line. Two amounts at least, and words only (no figures) after them."""
    tokens = line.split()
    i = len(tokens)
    while i > 0 and (not is_amount(tokens[i - 1], convention) and tokens[i - 1] != "$" and not re.search(r"\d", tokens[i - 1])
                     or _LABEL_DASH.fullmatch(tokens[i - 1]) and i < len(tokens) and i >= 2
                     and not is_amount(tokens[i - 2], convention) and not re.search(r"\d", tokens[i - 2])):
        i -= 1
    after = " ".join(tokens[i:])
    if i == len(tokens) or not re.search(r"[A-Za-z]{2}", after):
        return None
    row = split_row(" ".join(tokens[:i]), convention)
    if row is None or len(row.values) < 2:
        return None
    return row.model_copy(update={"line": line, "label": after.rstrip(" -:"), "label_before": row.label})


def statement_row(line: str, convention: NumberConventionName = "us") -> Row | None:
    """The line as a statement's row, its label before its amounts or, a bilingual statement's, on
    each side of them; None for a sentence."""
    return split_row(line, convention) or split_two_label_row(line, convention)


_SCALE_NOTE = re.compile(r"\((?:(?:dollars|amounts)\s+)?in\s+(?:thousands|millions|billions)\b[^)]*\)", re.I)


def header_years(line: str) -> list[int]:
    """Years of a column-header line (`2023 2022`, `December 31, 2023  December 31, 2022`), else [].
    A scale note in the header line ("Years Ended (In Millions, Except Per Share Amounts) Dec 26,
    2020 Dec 28, 2019") is not part of the header."""
    line = _SCALE_NOTE.sub(" ", line)
    years = [int(y) for y in _YEAR.findall(line)]
    if not years:
        return []
    if section_years := trailing_years(line.split()):
        return section_years  # "Cash flows from operating activities: 2022 2021 2020"
    rest = _YEAR.sub(" ", line).lower()
    for word in re.findall(r"[a-z]+", rest):
        if word not in _HEADER_WORDS:
            return []
    # Day numbers ("31,") are allowed; any other amount means this is a data row.
    for tok in re.findall(r"[\d,.]+", rest):
        digits = tok.strip(",.")
        if digits and not (digits.isdigit() and int(digits) <= 31):
            return []
    return years


_DATE = re.compile(r"\b(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?\s+\d{1,2},\s+(?:19|20)\d\d\b", re.I)


_BARE_YEARS = re.compile(r"^\s*(?:(?:19|20)\d\d\s+){1,4}(?:19|20)\d\d(?=\s+[A-Za-z])")


def header_then_row(line: str, convention: NumberConventionName = "us") -> tuple[list[int], str] | None:
    """A column header the text layer ran into the first row ("Fiscal Years Ended January 29,
    2022 January 30, 2021 February 1, 2020 Revenue $ 51,761 $ 47,262 $ 43,638"): the header's
    years and the row, when the header's dates are two at least and the row has an amount for each."""
    dates = list(_DATE.finditer(line))
    if (bare := _BARE_YEARS.match(line)) is not None:
        # "2022 2021 2020 Cash flows from operating activities: Net income $ 4,491,924 ...": the
        # header of bare years, then the first row
        head, rest = bare.group(0), line[bare.end():].strip()
    elif len(dates) < 2:
        return None
    else:
        head, rest = line[: dates[-1].end()], line[dates[-1].end():].strip()
    years = header_years(head)
    row = split_row(rest, convention) if rest[:1].isalpha() else None
    if len(years) < 2 or row is None or len(row.values) != len(years):
        return None
    return years, rest


_PERIOD_COLUMN = re.compile(r"\b(Q[1-4]|FY)\s?'?((?:19|20)\d\d)\b")


def period_columns(line: str) -> tuple[list[int], list[str]] | None:
    """A presentation's column header that names each column's period with its year ("Metrics
    Q3 2023 Q4 2023 FY 2023"): the years and "quarter" / "fy" per column, in order; None for
    any other line (two such columns at least, ending the line, no amounts among them)."""
    found = list(_PERIOD_COLUMN.finditer(line))
    if len(found) < 2 or line[found[-1].end():].strip():
        return None
    between = _PERIOD_COLUMN.sub(" ", line[found[0].start():])
    if between.strip():
        return None
    return [int(m.group(2)) for m in found], ["fy" if m.group(1) == "FY" else "quarter" for m in found]


# A statement's note that its amounts are whole currency units: "(Expressed in United States
# Dollars)", "(Expressed in United States Dollars, except for par value and share data)",
# "(Amounts in Canadian dollars)". Read only when no scale is stated ("in thousands of ...").
_WHOLE_UNITS_NOTE = re.compile(
    r"\((?:expressed|stated|presented|amounts?)\s+in\s+(?:(?:united\s+states|u\.?s\.?|canadian|australian|"
    r"singapore|hong\s+kong|new\s+zealand)\s+)?(?:dollars?|rupiah|euros?|pounds?(?:\s+sterling)?|ringgit|baht|"
    r"renminbi|rupees?|yen)\b(?:\s*,[^)]*)?\)", re.I)


_ANY_SCALE_WORD = re.compile(r"\b(?:thousands?|millions?|billions?|'?000s?|ribuan|jutaan?|miliar|lakhs?|crores?)\b", re.I)


def table_scale(text: str) -> tuple[str, float]:
    """The scale a table states, as (name, multiplier to millions); millions if unstated.

    Besides "in millions", a non-US statement's unit cell: "£'000", "€m", "US$'000", and a
    note that the amounts are whole units ("(Expressed in United States Dollars)")."""
    for pattern, name, factor in _SCALES:
        if pattern.search(text):
            return name, factor
    unit = statement_unit(text)
    if unit is not None:
        return unit.scale, unit.factor / 1e6
    if _WHOLE_UNITS_NOTE.search(text) and not _ANY_SCALE_WORD.search(text):
        # a scale the patterns above do not read ("In thousand US Dollars", "ribuan") still says
        # the amounts are not whole units: millions stands, which the size check bounds
        return "units", 1e-6
    if _whole_units_header(text):
        return "units", 1e-6
    return "millions", 1.0


def _whole_units_header(text: str) -> bool:
    """A statement in whole currency units, as a non-US report prints one: a column-header cell
    naming the currency and no scale ("2022 $ 2021 $", "($) ($)", "US dollars") above amounts
    of seven digits or more, with no scale word anywhere in the text. The three together: a
    "$" the text layer puts on a line of its own, over a table in millions whose scale note is
    in another chunk, prints amounts of that size only for the largest companies."""
    if _ANY_SCALE_WORD.search(text):
        return False
    lines = [line for line in text.splitlines() if line.strip()]
    rows = [(n, row) for n, line in enumerate(lines) if not header_years(line)
            and (row := split_row(line)) is not None and sum(v is not None for v in row.values) >= 2]
    if not rows or units_unit(lines[: rows[0][0]]) is None:
        return False
    return any(abs(v) >= 1e6 for _, row in rows for v in row.values if v is not None)


def table_currency(text: str) -> str | None:
    """ISO code of the currency a table's unit names ("£'000" -> GBP); None for a bare "$"."""
    unit = statement_unit(text)
    return unit.currency if unit else None


_EXPENSE_PAIR = re.compile(r"\(expense\)\s*/\s*benefit\b|\bbenefit\s*/\s*\(expense\)"
                           r"|\bexpense\s*/\s*\(benefit\)|\(benefit\)\s*/\s*expense\b")


_SCALINGS = (1.0, 1e-3, 1e-6, 1e-9, 1e3, 1e6)  # a value read into millions from units, thousands or billions


def column_of(values: list[float | None], value: float) -> tuple[int, float] | None:
    """Which of a row's printed amounts a value was read from, and the factor it was scaled by (a row in
    thousands read as millions: 0.001); None when no amount is the value at any scale."""
    # the closest amount at any scaling ("1,234 1,230" read as 1,230 is the second column, not the first within 0.5%)
    fits = [(abs(abs(v * factor) - abs(value)) / abs(v * factor), k, factor)
            for factor in _SCALINGS for k, v in enumerate(values) if v]
    best = min(fits, default=None)
    return (best[1], best[2]) if best is not None and best[0] <= 0.005 else None


def column_from_right(row: Row, value: float, *others: Row) -> tuple[int, float] | None:
    """Where in `row` the amount `value` was read from, counted from the right, and its scaling: the same column of
    `others` is their amount at that count from the right (a note's reference may stand before one row's amounts,
    "Owners of the parent 46 405,976"); None when the value is not placed or another row prints fewer amounts."""
    placed = column_of(row.values, value)
    if placed is None:
        return None
    right = len(row.values) - placed[0]
    return (right, placed[1]) if all(right <= len(other.values) for other in others) else None


def normalize_label(text: str) -> str:
    """Lower-case, drop parentheticals/punctuation/"total"/trailing "net": for label matching."""
    # "Income tax (expense)/benefit": the sign convention's pair names the expense line, which
    # dropping the parenthesis would leave as "income tax benefit" (another line of a tax note)
    t = _EXPENSE_PAIR.sub("expense", text.lower())
    t = re.sub(r"\([^)]*\)", " ", t)
    t = t.replace("’", "'").replace("&", " and ")
    t = re.sub(r"[^a-z0-9' ]+", " ", t)
    t = collapse_whitespace(t)
    t = re.sub(r"^total ", "", t)
    t = re.sub(r" net$", "", t)
    return t.strip()


def years_in(text: str) -> set[int]:
    return {int(y) for y in _YEAR.findall(text)}


def millions_text(millions: float) -> str:
    """An amount in millions as a working prints it: "$1,203.4M", "-$0.307M" (a small company's thousands keep
    their digits)."""
    sign = "-" if millions < 0 else ""
    amount = abs(millions)
    if 0 < amount < 100:
        return f"{sign}${f'{amount:,.3f}'.rstrip('0').rstrip('.')}M"
    return f"{sign}${amount:,.1f}M"


def format_money(millions: float) -> str:
    """1203.4 -> "$1,203.4M", 1.735 -> "$1.735M", 274,515 -> "$274.5B"; negative amounts keep their sign."""
    if abs(millions) >= 100_000:
        return f"{'-' if millions < 0 else ''}${abs(millions) / 1000:,.1f}B"
    return millions_text(millions)
