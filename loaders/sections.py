"""Headings that structure a filing: 10-K/10-Q Items, notes, statement titles.

Every line of a document gets the `Section` it belongs to, which chunking follows and
page tags are read from. Table-of-contents entries look like headings but end in a page
number; they are not taken as headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ITEM = re.compile(
    r"^(?:PART\s+[IV]+[,.]?\s*[-–—]?\s*)?ITEM\s+(\d{1,2}[A-Ca-c]?)\s*[.:\-–—]?\s*(.*)$", re.I
)
_NOTE = re.compile(r"^NOTE\s+(\d{1,2})\s*[.:\-–—]*\s*(.+)$", re.I)
_STATEMENT = re.compile(
    r"^(?:(?:condensed|unaudited|interim)\s+)*(?:(?:consolidated|combined)(?:\s+and\s+(?:consolidated|combined))?\s+)?"
    r"(?:statements?\s+of\s+\S.{2,80}|balance\s+sheets?\b.{0,40}"
    r"|(?:income|cash\s+flows?|comprehensive\s+income)\s+statements?\b.{0,40})$",
    re.I,
)
_TOC_ENTRY = re.compile(r"(?:\s|\.)\d{1,3}\s*$")  # "... Risk Factors 12"
# a title's own period ends in a day, not a page number: "... - Years ended September 30"
_ENDS_IN_A_DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\s*$", re.I)
_MAX_HEADING = 140


@dataclass(frozen=True)
class Section:
    item: str = ""  # "Item 7. Management's Discussion and Analysis ..."
    sub: str = ""  # a statement title or a note heading inside the item
    sub_kind: str = ""  # "statement" | "note" | ""

    @property
    def label(self) -> str:
        """Short human label: 'Item 8. Consolidated Statement of Cash Flows'."""
        if self.item and self.sub:
            return f"{self.item.split('. ')[0]}. {self.sub}"
        return self.sub or self.item


def _title_ok(title: str) -> bool:
    return bool(title) and title[0].isupper() and not _TOC_ENTRY.search(title)


def _looks_like_title(line: str) -> bool:
    """'Risk Factors' / 'RISK FACTORS' yes; 'Business model competition' no."""
    words = [w for w in re.findall(r"[A-Za-z’']+", line) if len(w) >= 4]
    if not line or len(line) > 100 or not words or not _title_ok(line):
        return False
    return sum(w[0].isupper() for w in words) >= 0.6 * len(words)


def _item_number(item: str) -> str:
    return item.split(".")[0]


def item_heading(line: str, next_line: str = "") -> str | None:
    if len(line) > _MAX_HEADING or not (m := _ITEM.match(line)):
        return None
    number, title = m.group(1).upper(), m.group(2).strip()
    if not title and _looks_like_title(next_line) and not _ITEM.match(next_line):
        title = next_line  # "Item 1A." on one line, "Risk Factors" on the next
    if not _title_ok(title) or title.endswith((",", ";")):
        return None
    return f"Item {number}. {title.rstrip('. ')}"


def note_heading(line: str) -> str | None:
    if len(line) > _MAX_HEADING or not (m := _NOTE.match(line)):
        return None
    title = m.group(2).strip()
    if not _title_ok(title) or title.endswith("."):
        return None
    return f"Note {m.group(1)} — {title}"


def statement_heading(line: str) -> str | None:
    if len(line) > 100 or not _STATEMENT.match(line) or not line[0].isupper():
        return None
    if line.endswith((".", ",", ":")) or (_TOC_ENTRY.search(line) and not _ENDS_IN_A_DATE.search(line)):
        return None
    return line


def line_sections(pages: list[str]) -> list[list[Section]]:
    """The Section of every line of every page (same shape as the pages' lines)."""
    current = Section()
    result: list[list[Section]] = []
    for text in pages:
        lines = text.split("\n")
        page_sections = []
        for i, line in enumerate(lines):
            next_line = lines[i + 1] if i + 1 < len(lines) else ""
            if item := item_heading(line, next_line):
                # A repeated "Item 1A" (running header, "continued") stays in its section.
                if _item_number(item) != _item_number(current.item):
                    current = Section(item=item)
            elif note := note_heading(line):
                current = Section(item=current.item, sub=note, sub_kind="note")
            elif statement := statement_heading(line):
                title = re.sub(r"\s*\((?:continued|unaudited)\)\s*$", "", statement, flags=re.I)
                if title.lower() != current.sub.lower():
                    current = Section(item=current.item, sub=title, sub_kind="statement")
            page_sections.append(current)
        result.append(page_sections)
    return result
