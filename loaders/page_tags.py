"""Which pages hold the primary statements, the segment note, MD&A and risk factors.

A statement page is recognised by its title near the top AND a body of data rows, so
the table of contents (titles with page numbers, no rows) and prose that merely names
a statement are not tagged.
"""

from __future__ import annotations

import re

from finrag.models import PAGE_TAGS
from loaders.lines import is_statement_row
from loaders.sections import Section, statement_heading
from loaders.statement_words import parent_only, title_kind

_TITLE_LINES = 12  # a statement's title sits in the first lines of its page
_MIN_STATEMENT_ROWS = 8
_MIN_SEGMENT_ROWS = 3

_STATEMENT_KINDS = [
    ("cash_flow", re.compile(r"cash\s+flows?", re.I)),
    ("balance_sheet", re.compile(r"balance\s+sheets?|financial\s+(?:position|condition)", re.I)),
    ("income_statement", re.compile(r"\b(?:income|operations|earnings)\b", re.I)),
]
_NOT_INCOME = re.compile(r"^(?:\w+\s+)*?statements?\s+of\s+comprehensive\s+income", re.I)
# ...unless its rows start from the business (a UK company's single statement of comprehensive income,
# "Revenue" or costs down to "Operating loss"); a US one starts from net income
_OPERATING_ROW = re.compile(r"^\s*(?:total\s+)?(?:revenues?|turnover|net\s+sales|operating\s+(?:loss|profit|income)|"
                            r"(?:loss|profit|income)\s+from\s+operations)\b", re.I)
_EQUITY = re.compile(r"equity|stockholders|shareholders|shareowners", re.I)
_SEGMENT = re.compile(r"\bsegment", re.I)
_MDNA = re.compile(r"management.s\s+discussion", re.I)
_RISK = re.compile(r"risk\s+factors", re.I)


def statement_kind(title: str) -> str | None:
    """'Consolidated Statements of Cash Flows' -> 'cash_flow'; None for other statements."""
    if _EQUITY.search(title):
        return None
    for tag, pattern in _STATEMENT_KINDS:
        if pattern.search(title):
            if tag == "income_statement" and _NOT_INCOME.search(title):
                return None
            return tag
    return None


# the row that closes a statement, printed on its last page: a continuation page without a title
# ("Balance at December 31, / 2015 2014 / LIABILITIES AND EQUITY ...") is the statement it closes
_CLOSING_ROW = {
    "balance_sheet": re.compile(r"^\s*total\s+liabilities\s*(?:,|and)\s*(?:[\w'’]+\s+){0,4}?(?:equity|deficit)\b"
                                r"|^\s*total\s+equity\s+and\s+liabilities\b", re.I | re.M),
    "cash_flow": re.compile(r"^\s*cash\b.{0,80}\bend\s+of\s+(?:the\s+)?(?:year|period)\b", re.I | re.M),
}  # (an income statement's "Net income" also opens the comprehensive income statement that follows it)
_STATEMENTS = tuple(_CLOSING_ROW)


def page_tags(pages: list[str], sections: list[list[Section]]) -> dict[str, list[int]]:
    tags: dict[str, list[int]] = {tag: [] for tag in PAGE_TAGS}
    before: set[str] = set()
    for number, (text, page_sections) in enumerate(zip(pages, sections, strict=True)):
        lines = text.split("\n")
        rows = sum(is_statement_row(line) for line in lines)
        found = _page_tags(lines, page_sections, rows)
        if not found & set(_STATEMENTS) and (continued := continued_statement(text, rows, before)):
            found = (found - {"mdna", "risk_factors"}) | {continued}
        for tag in found:
            tags[tag].append(number)
        before = found
    return {tag: found for tag, found in tags.items() if found}


def continued_statement(text: str, rows: int, before: set[str]) -> str | None:
    """The statement an untitled page continues: the one the page before carries, when this page is
    a body of data rows that closes it (a balance sheet's liabilities page ends with "Total
    liabilities and equity"); None otherwise."""
    if rows < _MIN_STATEMENT_ROWS:
        return None
    return next((kind for kind in _STATEMENTS if kind in before and _CLOSING_ROW[kind].search(text)), None)


def _page_tags(lines: list[str], sections: list[Section], rows: int) -> set[str]:
    found: set[str] = set()
    # Schedule I prints the parent's own statements under statement titles: no statement of the company's
    if rows >= _MIN_STATEMENT_ROWS and not parent_only("\n".join(lines)):
        for line in lines[:_TITLE_LINES]:
            # a title in English, or in a language of the vocabulary ("LAPORAN ARUS KAS KONSOLIDASIAN")
            kind = statement_kind(line) if statement_heading(line) else title_kind(line)
            if kind is None and statement_heading(line) and _NOT_INCOME.search(line) \
                    and any(_OPERATING_ROW.match(row) and is_statement_row(row) for row in lines):
                kind = "income_statement"
            if kind:
                found.add(kind)
                break
    items = {s.item for s in sections if s.item}
    # Some filings print their statements inside the MD&A item; a statement page is
    # tagged as the statement only.
    if not found and any(_MDNA.search(item) for item in items):
        found.add("mdna")
    if not found and any(_RISK.search(item) for item in items):
        found.add("risk_factors")
    if rows >= _MIN_SEGMENT_ROWS and (
        any(s.sub_kind == "note" and _SEGMENT.search(s.sub) for s in sections)
        or any(_SEGMENT.search(line) and len(line) < 80 for line in lines[:_TITLE_LINES])
    ):
        found.add("segment_note")
    return found
