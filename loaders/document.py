"""One PDF -> DocumentMeta + pages (+ chunks): the loaders' public entry points."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from finrag.models import DocumentMeta, FieldSource, LoadedDocument, MetaSource, Page
from finrag.numerals import detect_convention
from loaders.chunking import chunk_document
from loaders.cleaning import clean_document
from loaders.manifest import DocumentHints, hints_from_file_name
from loaders.metadata import read_metadata
from loaders.page_tags import page_tags
from loaders.pdf_text import PdfOptions, PdfText, extract_pages
from loaders.sections import Section, line_sections


@dataclass
class _Read:
    meta: DocumentMeta
    pages: list[str]
    sections: list[list[Section]]


def read_document(
    path: str | Path, hints: DocumentHints | None = None, options: PdfOptions | None = None
) -> tuple[DocumentMeta, list[Page]]:
    """Metadata and cleaned pages (zero-based), without chunking. Raises LoadError."""
    read = _read(Path(path), hints, options, None)
    return read.meta, _pages(read)


def load_document(
    path: str | Path,
    hints: DocumentHints | None = None,
    options: PdfOptions | None = None,
    sha256: str | None = None,
) -> LoadedDocument:
    """Metadata, cleaned pages and chunks of one PDF. Raises LoadError.

    `sha256`: the file's hash when the caller already has it (indexing hashes each file
    once, while planning); otherwise it is computed here."""
    read = _read(Path(path), hints, options, sha256)
    return LoadedDocument(
        meta=read.meta,
        pages=_pages(read),
        chunks=chunk_document(read.meta, read.pages, read.sections),
    )


def read_document_text(
    path: str | Path, raw: PdfText, hints: DocumentHints | None = None, sha256: str | None = None
) -> tuple[DocumentMeta, list[Page]]:
    """`read_document` from text already extracted (`extract_pages`), e.g. kept in a cache."""
    read = _from_text(Path(path), raw, hints, sha256)
    return read.meta, _pages(read)


def _pages(read: _Read) -> list[Page]:
    """Pages, each with the convention its numbers are read by."""
    convention = read.meta.number_convention
    return [Page(number=i, text=text, number_convention=convention.on_page(i)) for i, text in enumerate(read.pages)]


def _read(path: Path, hints: DocumentHints | None, options: PdfOptions | None, sha256: str | None) -> _Read:
    return _from_text(path, extract_pages(path, options), hints, sha256)


def _from_text(path: Path, raw: PdfText, hints: DocumentHints | None, sha256: str | None) -> _Read:
    cleaned = clean_document(raw.pages)
    pages = cleaned.pages
    sections = line_sections(pages)
    content = read_metadata(pages, cleaned.running_lines)
    meta = DocumentMeta(
        file=str(path),
        doc=path.stem,
        sha256=sha256 or hashlib.sha256(path.read_bytes()).hexdigest(),
        company=content.company,
        company_legal=content.company_legal,
        ticker=content.ticker,
        aliases=content.aliases,
        fiscal_year=content.fiscal_year,
        period_end=content.period_end.isoformat() if content.period_end else None,
        period=content.period,
        report_date=content.report_date.isoformat() if content.report_date else None,
        form=content.form,
        sources=dict(content.sources),
        company_evidence=list(content.evidence),
        pages=len(pages),
        ocr_pages=raw.ocr_pages,
        unreadable_pages=raw.unreadable_pages,
        repaired=raw.repaired,
        page_tags=page_tags(pages, sections),
        number_convention=detect_convention(pages),
    )
    _fill_from(meta, hints_from_file_name(path), override=False)
    if hints is not None:
        _fill_from(meta, hints, override=True)
    return _Read(meta, pages, sections)


def _fill_from(meta: DocumentMeta, hints: DocumentHints, override: bool) -> None:
    """Apply hints: a manifest overrides the content, a file name only fills gaps.

    A field a hint sets is recorded as read from the manifest (sure) or the file name (a
    guess: names are often meaningless)."""
    source: MetaSource = "manifest" if override else "file name"
    confidence = 1.0 if override else 0.5
    if hints.company and (override or not meta.company):
        if meta.company and meta.company != hints.company and meta.company not in meta.aliases:
            meta.aliases.append(meta.company)
        meta.company = hints.company
        meta.sources["company"] = FieldSource(source=source, confidence=confidence)
    if hints.form and (override or meta.form == "other"):
        meta.form = hints.form
        meta.sources["form"] = FieldSource(source=source, confidence=confidence)
    if hints.fiscal_year and (override or meta.fiscal_year is None):
        meta.fiscal_year = hints.fiscal_year
        meta.sources["fiscal_year"] = FieldSource(source=source, confidence=confidence)
        if override and meta.period and str(hints.fiscal_year) not in meta.period:
            meta.period = None
    if hints.period and (override or meta.period is None):
        meta.period = hints.period
    if meta.period is None and meta.fiscal_year and meta.form in ("10-K", "annual"):
        meta.period = f"FY{meta.fiscal_year}"
