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
from loaders.statement_words import title_kind

_TITLE_LINES = 12  # a statement's title sits in the first lines of its page
_MIN_STATEMENT_ROWS = 8
_MIN_SEGMENT_ROWS = 3

_STATEMENT_KINDS = [
    ("cash_flow", re.compile(r"cash\s+flows?", re.I)),
    ("balance_sheet", re.compile(r"balance\s+sheets?|financial\s+(?:position|condition)", re.I)),
    ("income_statement", re.compile(r"\b(?:income|operations|earnings)\b", re.I)),
]
_NOT_INCOME = re.compile(r"^(?:\w+\s+)*?statements?\s+of\s+comprehensive\s+income", re.I)
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


def page_tags(pages: list[str], sections: list[list[Section]]) -> dict[str, list[int]]:
    tags: dict[str, list[int]] = {tag: [] for tag in PAGE_TAGS}
    for number, (text, page_sections) in enumerate(zip(pages, sections, strict=True)):
        lines = text.split("\n")
        rows = sum(is_statement_row(line) for line in lines)
        for tag in _page_tags(lines, page_sections, rows):
            tags[tag].append(number)
    return {tag: found for tag, found in tags.items() if found}


def _page_tags(lines: list[str], sections: list[Section], rows: int) -> set[str]:
    found: set[str] = set()
    if rows >= _MIN_STATEMENT_ROWS:
        for line in lines[:_TITLE_LINES]:
            # a title in English, or in a language of the vocabulary ("LAPORAN ARUS KAS KONSOLIDASIAN")
            kind = statement_kind(line) if statement_heading(line) else title_kind(line)
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
