"""What kind of line a statement page is made of: data rows and column headers.

pypdfium2 keeps a statement row on one line ("Net income 11,675 10,618 7,175"), so a
line with two or more amounts is a table row; headers are the lines that say which
period and unit the columns are in.
"""

from __future__ import annotations

import re

from loaders.statement_layout import units_unit

# An amount: 1,577 | (1,577) | $ 3,377 | 12.5% | 0.75 ; a dash stands for zero.
_AMOUNT = re.compile(r"(?<![\w.,])\(?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?(?![\w])|(?<=\s)[—–-](?=\s|$)")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_HEADER_WORDS = re.compile(
    r"\b(?:in\s+(?:millions|thousands|billions)|except\s+per\s+share|months\s+ended|weeks\s+ended|"
    r"years?\s+ended|quarters?\s+ended|as\s+of|unaudited)\b",
    re.I,
)
# Tokens of year/date header rows: "2022 2021 2020", "December 31, 2022 December 25, 2021".
_DATE_TOKEN = re.compile(
    r"(?:19|20)\d\d|[A-Z][a-z]{2,8}\.?,?|\d{1,2},?|\d{1,2}/\d{1,2}/\d{2,4}|and|\$|%|[Cc]hange"
)


def amounts(line: str) -> int:
    return len(_AMOUNT.findall(line))


_AMOUNT_TOKEN = re.compile(r"\(?\$?\d[\d,]*(?:\.\d+)?\)?%?|[—–-]|\$")


def is_amount_cell(token: str) -> bool:
    """One amount cell as printed: 1,577 | (1,577) | 12.5% | a nil dash ("$" alone is no cell)."""
    return token != "$" and _AMOUNT_TOKEN.fullmatch(token) is not None


def trailing_amounts(line: str) -> int:
    """Amounts at the end of the line ('Net revenue 86,392 79,474' -> 2); a year or a
    number inside a sentence does not make prose a table row."""
    count = 0
    for token in reversed(line.split()):
        if not _AMOUNT_TOKEN.fullmatch(token):
            break
        count += token != "$"
    return count


def is_data_row(line: str) -> bool:
    return trailing_amounts(line) >= 2 and not is_column_header(line)


# an amount written the continental way ("5.629.454.335.393", "(150.791.957.628)")
_CONTINENTAL_CELL = re.compile(r"\(?\d{1,3}(?:\.\d{3})+(?:,\d+)?\)?")


def is_statement_row(line: str) -> bool:
    """A row of a statement, whichever way it is printed: a data row, a row of amounts written
    the continental way ("Jumlah Aset 5.629.454.335.393 5.125.368.541.520"), or a bilingual
    statement's row with its label on each side of the amounts ("LABA KOTOR 1,193,154,593,580
    955,888,184,288 GROSS PROFITS"). Counts a statement page's rows; rows are read elsewhere."""
    if is_data_row(line):
        return True
    tokens = line.split()
    while tokens and not re.search(r"\d", tokens[-1]):
        tokens.pop()  # the other language's label, after the amounts
    count = 0
    for token in reversed(tokens):
        if not (_AMOUNT_TOKEN.fullmatch(token) or _CONTINENTAL_CELL.fullmatch(token)):
            break
        count += token != "$"
    return count >= 2 and not is_column_header(line)


def is_column_header(line: str) -> bool:
    if len(line) > 160:
        return False
    if _names_whole_units(line):
        return True
    if _HEADER_WORDS.search(line) and amounts(line) <= 6:
        return True
    tokens = line.split()
    return bool(_YEAR.search(line)) and all(_DATE_TOKEN.fullmatch(t) for t in tokens)


def _names_whole_units(line: str) -> bool:
    """A unit line over the columns that names the currency and no scale ("US dollars", "($)
    ($)"): the statement is in whole units, and a continuation chunk must repeat it. A bare "$"
    is not one: a text layer puts a row's dollar sign on a line of its own."""
    return any(t != "$" for t in line.split()) and units_unit([line]) is not None
