"""Cleaned pages + sections -> Chunks that fit the embedding model's window.

Rules, in order of importance:
- every chunk's `embed_text` (context header + body) is at most 256 word pieces, the
  all-MiniLM-L6-v2 window, measured with its own tokenizer;
- chunks follow sections (a new Item, note or statement starts a new chunk) and
  pages (a chunk crosses a page break only while it is still small);
- a statement table split over several chunks repeats its title and column header
  lines (periods, "in millions") at the top of every continuation, so a row is never
  separated from the years it belongs to;
- prose chunks overlap by a line or two so a sentence cut at a boundary is whole in one.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field

from finrag.models import Chunk, DocumentMeta
from finrag.tokens import (
    MODEL_WINDOW,
    count_wordpieces,
    count_wordpieces_batch,
    split_by_wordpieces,
)
from loaders.dates import ENGLISH_MONTHS
from loaders.lines import is_column_header, is_data_row
from loaders.sections import Section

TARGET_PIECES = 230  # fill chunks up to this (header included); the window is 256
_SPECIAL = 2  # [CLS] and [SEP]
_CROSS_PAGE_BELOW = 60  # a chunk smaller than this may continue onto the next page
_OVERLAP_PIECES = 40  # prose overlap carried into the next chunk
_MAX_CONTEXT_LINES = 4
_MAX_CONTEXT_PIECES = 60
_MAX_HEADER_PIECES = 40
_CHUNK_NAMESPACE = uuid.UUID("6f1b8a52-3c0e-4a8e-9d27-1f0b2c6e5a10")


@dataclass
class _Line:
    text: str
    page: int
    section: Section
    pieces: int
    row: bool


@dataclass
class _Draft:
    section: Section
    lines: list[_Line] = field(default_factory=list)
    pieces: int = 0

    @property
    def has_rows(self) -> bool:
        return any(line.row for line in self.lines)


def chunk_document(
    meta: DocumentMeta, pages: list[str], sections: list[list[Section]]
) -> list[Chunk]:
    lines = _lines(pages, sections)
    drafts = _drafts(lines, meta)
    chunks = []
    for draft in drafts:
        if not any(line.text.strip() for line in draft.lines):
            continue
        chunks.append(_chunk(meta, draft, index=len(chunks)))
    return chunks


def context_header(meta: DocumentMeta, section: Section) -> str:
    """'PepsiCo | FY2022 | 10-K | Item 8. Consolidated Statement of Cash Flows'."""
    period = meta.period or (str(meta.fiscal_year) if meta.fiscal_year else None)
    parts = [meta.company, period, meta.form if meta.form != "other" else None, section.label]
    header = " | ".join(p for p in parts if p)
    while count_wordpieces(header) - _SPECIAL > _MAX_HEADER_PIECES:
        header = header.rsplit(" ", 1)[0]
    return header


def _lines(pages: list[str], sections: list[list[Section]]) -> list[_Line]:
    flat = [
        (text, number, section)
        for number, (page, page_sections) in enumerate(zip(pages, sections, strict=True))
        for text, section in zip(page.split("\n"), page_sections, strict=True)
        if text.strip()
    ]
    pieces = count_wordpieces_batch([text for text, _, _ in flat])
    result = []
    for (text, page, section), n in zip(flat, pieces, strict=True):
        result.extend(_split_long(text, page, section, n))
    return result


def _split_long(text: str, page: int, section: Section, pieces: int) -> list[_Line]:
    """Lines longer than a third of the window (PDFs without line breaks) are cut by words."""
    limit = TARGET_PIECES // 3
    if pieces <= limit:
        return [_Line(text, page, section, pieces, is_data_row(text))]
    parts = split_by_wordpieces(text, limit)
    counts = count_wordpieces_batch(parts)
    return [_Line(p, page, section, n, is_data_row(p)) for p, n in zip(parts, counts, strict=True)]


def _drafts(lines: list[_Line], meta: DocumentMeta) -> list[_Draft]:
    drafts: list[_Draft] = []
    header_pieces: dict[Section, int] = {}
    context: list[_Line] = []  # title + column headers of the table being read
    since_row: list[_Line] = []  # header-like lines seen since the last data row
    draft: _Draft | None = None

    def budget(section: Section) -> int:
        if section not in header_pieces:
            header_pieces[section] = count_wordpieces(context_header(meta, section)) - _SPECIAL
        return TARGET_PIECES - _SPECIAL - header_pieces[section]

    for line in lines:
        if draft is None or line.section != draft.section:
            if draft is not None:
                drafts.append(draft)
            draft = _Draft(line.section)
            context, since_row = [], []
        elif line.page != draft.lines[-1].page and draft.pieces >= _CROSS_PAGE_BELOW:
            drafts.append(draft)
            # A table running on without repeated headers still gets its context.
            draft = _with_context(_Draft(line.section), line, context)
            since_row = []

        if line.row:
            if since_row:
                context = _table_context(line.section, since_row, context)
                since_row = []
        elif is_column_header(line.text) or not draft.has_rows or _is_title(line) or (
                _fragment(line.text) and since_row):  # a date's piece under a header line, never a row's neighbour
            since_row.append(line)

        if draft.pieces + line.pieces > budget(line.section) and draft.lines:
            drafts.append(draft)
            draft = _continuation(draft, line, context)
        draft.lines.append(line)
        draft.pieces += line.pieces
    if draft is not None:
        drafts.append(draft)
    return drafts


def _is_title(line: _Line) -> bool:
    return line.section.sub_kind == "statement" and line.text.startswith(line.section.sub)


def _table_context(
    section: Section, candidates: list[_Line], previous: list[_Line]
) -> list[_Line]:
    """The lines to repeat above a split table: its statement title and column headers
    (a continuation page may repeat only the headers: the title is kept from before)."""
    chosen = _joined_headers([line for line in candidates
                              if is_column_header(line.text) or _fragment(line.text)])[-_MAX_CONTEXT_LINES:]
    if section.sub_kind == "statement":
        title = [line for line in candidates if _is_title(line)][:1]
        title = title or [line for line in previous if _is_title(line)][:1]
        chosen = title + [line for line in chosen if line not in title]
    while chosen and sum(line.pieces for line in chosen) > _MAX_CONTEXT_PIECES:
        chosen = chosen[1:]
    return chosen


def _joined_headers(headers: list[_Line]) -> list[_Line]:
    """Header lines of one page run together: a header printed one date per line ("March 31,"
    / "2023" / "December 31," / "2022" ...) is one header, and keeping only its last lines would
    repeat "2022 2022 2022" above five columns of figures."""
    joined: list[_Line] = []
    for line in headers:
        last = joined[-1] if joined else None
        # only date pieces join one another: a span line ("52 Weeks Ended") stays a line of its own,
        # which header readers take apart from the dates below it
        if last is not None and last.page == line.page and len(last.text) + len(line.text) < 160 \
                and _fragment(line.text) and _fragments_only(last.text):
            joined[-1] = _Line(f"{last.text} {line.text}", last.page, last.section, last.pieces + line.pieces, False)
        else:
            joined.append(line)
    return joined


# one piece of a column's date: "March 31," or "2023"
_DATE_PIECE = rf"(?:{ENGLISH_MONTHS}\s+\d{{1,2}},?|(?:19|20)\d{{2}})"
_FRAGMENT = re.compile(rf"^{_DATE_PIECE}$")
_FRAGMENTS = re.compile(rf"{_DATE_PIECE}(?:\s+{_DATE_PIECE})*")


def _fragments_only(text: str) -> bool:
    """A line made only of date pieces ("March 31, 2023 December 31,")."""
    return bool(_FRAGMENTS.fullmatch(text.strip()))


def _fragment(text: str) -> bool:
    """A header line that is one piece of a date ("March 31," or "2023"): it continues the line before."""
    return bool(_FRAGMENT.match(text.strip()))


def _with_context(draft: _Draft, line: _Line, context: list[_Line]) -> _Draft:
    if line.row and context:
        # Repeated headers are attributed to the page of the rows they introduce.
        draft.lines = [_Line(c.text, line.page, c.section, c.pieces, False) for c in context]
        draft.pieces = sum(c.pieces for c in context)
    return draft


def _continuation(previous: _Draft, line: _Line, context: list[_Line]) -> _Draft:
    """The next chunk of a section that did not fit: table context or prose overlap."""
    draft = _Draft(previous.section)
    if line.row:
        return _with_context(draft, line, context)
    if previous.lines[-1].row:
        return draft
    carried: list[_Line] = []
    for old in reversed(previous.lines):
        if sum(c.pieces for c in carried) + old.pieces > _OVERLAP_PIECES:
            break
        carried.insert(0, old)
    if len(carried) < len(previous.lines):  # overlap must not repeat a whole chunk
        draft.lines = carried
        draft.pieces = sum(c.pieces for c in carried)
    return draft


def _chunk(meta: DocumentMeta, draft: _Draft, index: int) -> Chunk:
    header = context_header(meta, draft.section)
    lines = list(draft.lines)
    text = "\n".join(line.text for line in lines)
    # Pieces of whitespace-joined lines add up exactly, and drafts are filled to
    # TARGET_PIECES, so this guard only re-measures a chunk that could be too long.
    estimate = count_wordpieces(header) + sum(line.pieces for line in lines)
    while estimate > MODEL_WINDOW and len(lines) > 1:
        lines.pop()
        text = "\n".join(line.text for line in lines)
        estimate = count_wordpieces(f"{header}\n{text}")
    pages = sorted({line.page for line in draft.lines})
    tags = sorted(tag for tag, tagged in meta.page_tags.items() if set(tagged) & set(pages))
    return Chunk(
        chunk_id=str(uuid.uuid5(_CHUNK_NAMESPACE, f"{meta.sha256}:{index}:{text}")),
        doc=meta.doc,
        doc_sha256=meta.sha256,
        index=index,
        company=meta.company,
        fiscal_year=meta.fiscal_year,
        period=meta.period,
        form=meta.form,
        page=pages[0],
        page_end=pages[-1],
        section=draft.section.label,
        tags=tags,
        text=text,
        header=header,
        number_convention=meta.number_convention.on_page(pages[0]),
    )
