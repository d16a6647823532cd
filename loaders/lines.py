"""What kind of line a statement page is made of: data rows and column headers.

pypdfium2 keeps a statement row on one line ("Net income 11,675 10,618 7,175"), so a
line with two or more amounts is a table row; headers are the lines that say which
period and unit the columns are in.
"""

from __future__ import annotations

import re

# An amount: 1,577 | (1,577) | $ 3,377 | 12.5% | 0.75 ; a dash stands for zero.
_AMOUNT = re.compile(r"(?<![\w.,])\(?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?(?![\w])|(?<=\s)[—–-](?=\s|$)")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_HEADER_WORDS = re.compile(
    r"\b(?:in\s+(?:millions|thousands|billions)|except\s+per\s+share|months\s+ended|weeks\s+ended|"
    r"years?\s+ended|quarters?\s+ended|as\s+of|unaudited)\b",
    re.I,
)
# Year/date header rows: "2022 2021 2020", "December 31, 2022 December 25, 2021".
_DATE_ROW = re.compile(
    r"(?:\s*(?:(?:19|20)\d\d|[A-Z][a-z]{2,8}\.?|\d{1,2},?|and|,|\$|%|Change|change)\s*)+"
)


def amounts(line: str) -> int:
    return len(_AMOUNT.findall(line))


def is_data_row(line: str) -> bool:
    return amounts(line) >= 2 and not is_column_header(line)


def is_column_header(line: str) -> bool:
    if len(line) > 160:
        return False
    if _HEADER_WORDS.search(line) and amounts(line) <= 6:
        return True
    return bool(_YEAR.search(line)) and bool(_DATE_ROW.fullmatch(line))
