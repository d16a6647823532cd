"""The text layer of a real PDF's first pages, as pdfium prints it (no OCR, no cleaning):
what the metadata readers' tests read from shared filings."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def page_texts(path: Path, pages: int | None = None) -> list[str]:
    """The first `pages` pages' text (all of them when None)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        count = len(pdf) if pages is None else min(pages, len(pdf))
        return [pdf[i].get_textpage().get_text_range() for i in range(count)]
    finally:
        pdf.close()
