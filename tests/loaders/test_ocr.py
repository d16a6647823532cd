"""A page whose text layer cannot be read is read by OCR, within a limit, or named as
unreadable: never indexed as glyph codes, never guessed from them."""

from __future__ import annotations

import shutil

import pytest
from fpdf import FPDF
from PIL import Image, ImageDraw, ImageFont

from finrag.config import load_settings
from finrag.models import DocumentReport
from indexing.summary import ingest_warnings
from loaders import LoadError, read_document
from loaders.ocr import text_layer_unreadable
from loaders.pdf_text import PdfOptions

needs_tesseract = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract-ocr not installed")

# A real earnings release set in Type3 fonts with numbered glyphs: every page's text
# layer comes out as control characters.
GLYPH_CODES_RELEASE = "MCDONALDS_2022Q4_EARNINGS"


def _options(**settings) -> PdfOptions:
    return PdfOptions.from_settings(load_settings(**settings))


@pytest.fixture(scope="module")
def glyph_codes_release(financebench_extra_dir):
    return financebench_extra_dir / "pdfs" / f"{GLYPH_CODES_RELEASE}.pdf"


def test_glyph_codes_are_unreadable_and_words_or_tables_are_not():
    assert text_layer_unreadable("\x04\x05\x04\x06\x07\x08\x08\t\n\x07\r\n\x0b\x0c\r\x07\x0e\x0f\x0f\x10\x0e\x11\x12")
    assert not text_layer_unreadable("Net revenue 86,392 79,474\nCost of sales (52,337) (48,090)\n")
    assert not text_layer_unreadable("Total\x07assets 1,234 and one stray control character in a long page of text")
    assert text_layer_unreadable("/0 /1/2/3/4/3/5/i255/7/7/8/9/i255\n/10 /11/12 /i255/13/14/14/0 /15")  # as pypdf spells them
    assert not text_layer_unreadable("See Note 1/2 and 2023/24 /s/ Jane Doe, 10/15/2023 " * 3)
    assert not text_layer_unreadable("Dates: " + " ".join(f"{m}/28/2023" for m in range(1, 13)))
    assert not text_layer_unreadable("")


@needs_tesseract
def test_a_release_in_fonts_without_unicode_map_is_read_by_ocr(glyph_codes_release, tmp_path):
    opaque = tmp_path / "doc_017.pdf"
    opaque.write_bytes(glyph_codes_release.read_bytes())
    meta, pages = read_document(opaque)
    assert meta.ocr_pages == list(range(9)) and meta.unreadable_pages == []
    assert (meta.company, meta.fiscal_year, meta.form) == ("McDonald's", 2022, "earnings")
    assert "FOURTH QUARTER AND FULL YEAR 2022 RESULTS" in pages[0].text
    assert not any(text_layer_unreadable(p.text) for p in pages)


def test_with_ocr_off_the_file_fails_naming_the_setting(glyph_codes_release):
    with pytest.raises(LoadError) as caught:
        read_document(glyph_codes_release, options=_options(ocr_max_pages=0))
    assert caught.value.reason == (
        "unreadable text layer (fonts without a Unicode map) in 9 page(s); OCR is off (FINRAG_OCR_MAX_PAGES=0)"
    )


@needs_tesseract
def test_pages_over_the_ocr_limit_are_listed_and_warned_about(glyph_codes_release):
    meta, pages = read_document(glyph_codes_release, options=_options(ocr_max_pages=2))
    assert meta.ocr_pages == [0, 1] and meta.unreadable_pages == [2, 3, 4, 5, 6, 7, 8]
    assert all(p.text == "" for p in pages[2:])  # left empty, not indexed as glyph codes
    report = DocumentReport(status="ingested", **meta.model_dump(include=set(DocumentReport.model_fields)))
    assert ingest_warnings([report])[-2:] == [
        f"warning: {meta.doc}: 7 page(s) unreadable, left out: 3, 4, 5, 6, 7, 8, 9",
        f"note: {meta.doc}: 2 page(s) read by OCR: 1, 2",
    ]


def _scanned_pdf(path, lines: list[str]):
    image = Image.new("L", (1700, 600), "white")
    font = ImageFont.load_default(size=44)
    for row, line in enumerate(lines):
        ImageDraw.Draw(image).text((60, 60 + 70 * row), line, fill="black", font=font)
    pdf = FPDF()
    pdf.add_page()
    pdf.image(image, x=10, y=10, w=190)
    pdf.output(str(path))
    return path


@needs_tesseract
def test_a_scanned_filing_is_read_by_ocr(tmp_path):
    path = _scanned_pdf(tmp_path / "scan.pdf", ["Acme Corp annual report", "Net revenue 1,577 million"])
    meta, pages = read_document(path)
    assert meta.ocr_pages == [0]
    assert "Net revenue 1,577" in pages[0].text


def test_a_scanned_filing_without_ocr_fails_with_the_reason(tmp_path):
    path = _scanned_pdf(tmp_path / "scan.pdf", ["Net revenue 1,577 million"])
    with pytest.raises(LoadError) as caught:
        read_document(path, options=_options(ocr_max_pages=0))
    assert caught.value.reason == "no text layer (scanned/image-only?) in 1 page(s); OCR is off (FINRAG_OCR_MAX_PAGES=0)"


def test_a_hung_tesseract_times_out_once_per_file_and_says_so(tmp_path, monkeypatch):
    import os
    import time

    hung = tmp_path / "bin" / "tesseract"
    hung.parent.mkdir()
    hung.write_text("#!/bin/sh\nexec sleep 60\n")
    hung.chmod(0o755)
    monkeypatch.setenv("PATH", f"{hung.parent}{os.pathsep}{os.environ['PATH']}")
    image = Image.new("L", (800, 300), "white")
    ImageDraw.Draw(image).text((40, 40), "Net revenue 1,577 million", fill="black")
    pdf = FPDF()
    for _ in range(3):
        pdf.add_page()
        pdf.image(image, x=10, y=10, w=190)
    pdf.output(str(tmp_path / "scan.pdf"))
    started = time.monotonic()
    with pytest.raises(LoadError) as caught:
        read_document(tmp_path / "scan.pdf", options=_options(ocr_timeout_s=1))
    assert time.monotonic() - started < 15  # one page's timeout, not three
    assert caught.value.reason == ("no text layer (scanned/image-only?) in 3 page(s); OCR stopped: tesseract timed "
                                   "out after 1 s on a page (FINRAG_OCR_TIMEOUT)")


def test_a_huge_page_is_rendered_for_ocr_within_the_pixel_cap(tmp_path, monkeypatch):
    import loaders.pdf_text as pdf_text
    from loaders.ocr import MAX_OCR_PIXELS

    image = Image.new("L", (800, 300), "white")
    ImageDraw.Draw(image).text((40, 40), "Net revenue 1,577 million", fill="black")
    pdf = FPDF(format=(3000, 3000))  # mm: 118 inches a side, 1.2 billion pixels at 300 dpi
    pdf.add_page()
    pdf.image(image, x=10, y=10, w=2900)
    pdf.output(str(tmp_path / "huge.pdf"))
    rendered = []

    def fake_ocr(image, timeout_s, dpi):  # what would be handed to Tesseract
        rendered.append((image.size, dpi))
        return "Net revenue 1,577 million"

    monkeypatch.setattr(pdf_text, "ocr_image", fake_ocr)
    monkeypatch.setattr(pdf_text, "tesseract_available", lambda: True)
    _, pages = read_document(tmp_path / "huge.pdf")
    [((width, height), dpi)] = rendered
    assert width * height <= MAX_OCR_PIXELS and dpi < 300
    assert "Net revenue 1,577" in pages[0].text
