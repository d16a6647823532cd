"""Which statement rows are the consolidated whole, by the words of their label or table.

A non-controlling interest's line, a segment's, a guarantor's or parent-only figure, a
preferred-stock line and a quarter's column are not the company's consolidated figure. Readers (answering.aspects)
prefer another row for the same metric; answering.checks refuses an answer built on one,
unless the question asks for that kind of figure.
"""

from __future__ import annotations

import re

# What a line or table is when it is not the consolidated whole, and the words that say so.
NOT_CONSOLIDATED: list[tuple[str, re.Pattern[str]]] = [
    ("a non-controlling-interest line", re.compile(
        r"(?<!including )(?<!including the )\bnon-?\s?controlling\b|\bminority\s+interests?\b", re.I)),
    ("a segment's figure", re.compile(r"\bsegments?\b", re.I)),
    ("a guarantor / parent-only figure", re.compile(
        r"\b(?:non-?)?guarantors?\b|\bparent\s+(?:company\s+)?only\b|\bcondensed\s+consolidating\b", re.I)),
    # a subsidiary's preferred shares are one class: "Preferred dividend requirement of subsidiary"
    # is not the dividends paid to the company's common shareholders; "Dividends — common and
    # preferred" names every class, the whole
    ("a preferred-stock figure", re.compile(r"(?<!common and )(?<!common & )\bpreferred\b(?!\s+(?:and|&)\s+common)", re.I)),
]
QUARTERLY = ("a quarter's figure", re.compile(
    r"\bquarter(?:s|ly)?\b|\b(?:three|thirteen|3)[\s-]months?\b|\bthirteen\s+weeks\b|\b(?:12|13)\s+weeks\b", re.I))


# "Liabilities, Redeemable Convertible Preferred Stock and Stockholders' Equity": the title of a
# balance sheet's second half names each class of claim on the whole company; a word of one class
# in it ("preferred") does not make the table that class's figures.
STATEMENT_SIDE = re.compile(r"\bliabilities\b.*\b(?:equity|deficit|deficiency)\b", re.I)


def label_not_consolidated(label: str) -> bool:
    """A row label that names a non-controlling interest, a segment, a guarantor or a quarter."""
    return any(p.search(label) for _, p in [*NOT_CONSOLIDATED, QUARTERLY])
