"""A statement whose text layer gives all its labels, then all its amounts, gets its rows back,
and only when the counts agree and the statement's own sums confirm the pairing."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from finrag.models import Page
from loaders.document import read_document
from loaders.facts import parse_row
from loaders.label_blocks import rebuild_label_blocks, rebuild_page
from loaders.ocr import tesseract_available

_CASH_FLOW_PAGE = 8  # zero-based: the release's condensed statement of cash flows


@pytest.fixture(scope="module")
def mcdonalds_cash_flow(financebench_extra_dir, tmp_path_factory) -> Page:
    """The cash flow page of McDonald's Q4 2022 earnings release, alone in a one-page PDF (its
    text layer is unusable and the page is read by OCR: one page keeps the test quick)."""
    if not tesseract_available():
        pytest.skip("tesseract not installed")
    source = pdfium.PdfDocument(financebench_extra_dir / "pdfs" / "MCDONALDS_2022Q4_EARNINGS.pdf")
    single = pdfium.PdfDocument.new()
    single.import_pages(source, [_CASH_FLOW_PAGE])
    path: Path = tmp_path_factory.mktemp("mcd") / "mcdonalds-2022q4-cash-flow.pdf"
    single.save(path)
    _, pages = read_document(path)
    return pages[0]


def test_a_cash_flow_printed_as_label_block_then_amount_block_reads_as_rows(mcdonalds_cash_flow):
    lines = mcdonalds_cash_flow.text.splitlines()
    assert "CASH PROVIDED BY OPERATIONS 7,386.7 9,141.5" in lines
    assert "Capital expenditures (1,899.2) (2,040.0)" in lines
    assert "Net income $ 6,177.4 $ 7,545.2" in lines
    # the small free cash flow table under its own title line is paired too
    assert "FREE CASH FLOW $ 5,487.5 $ 7,101.5" in lines
    assert "Supplemental cash flow disclosures" in lines
    # captions keep no amounts and stay where they were
    assert "Investing activities" in lines
    row = parse_row("CASH PROVIDED BY OPERATIONS 7,386.7 9,141.5")
    assert row is not None and row.values == [7386.7, 9141.5]
    # no amount line is left over
    assert not [ln for ln in lines if ln.startswith(("(", "$ ")) and parse_row(ln) is None]


_BLOCK = """Operating activities
Net income
Depreciation
CASH PROVIDED BY OPERATIONS
Investing activities
Capital expenditures
Other
CASH USED FOR INVESTING ACTIVITIES
$ 100.0 $ 90.0
20.0 18.0
120.0 108.0
(30.0) (25.0)
(5.0) 1.0
(35.0) (24.0)"""


def test_the_pairing_is_kept_when_a_section_adds_up():
    text, done = rebuild_page(_BLOCK)
    assert [d.rows for d in done] == [6]
    assert "CASH PROVIDED BY OPERATIONS 120.0 108.0" in text.splitlines()
    assert "Other (5.0) 1.0" in text.splitlines()


def test_a_block_whose_counts_disagree_is_left_untouched():
    one_label_short = _BLOCK.replace("Depreciation\n", "")
    assert rebuild_label_blocks(one_label_short) == one_label_short


def test_a_block_whose_sums_fail_is_left_untouched():
    # every total off: the labels may belong to other amounts, so nothing is paired
    wrong = _BLOCK.replace("120.0 108.0", "121.0 108.0").replace("(35.0) (24.0)", "(36.0) (24.0)")
    assert rebuild_label_blocks(wrong) == wrong


def test_a_numbered_list_beside_prose_is_no_statement():
    # an annual report's training table: prose lines, then "1 2 3 4" (1 + 2 = 3 by chance)
    text = "Selama tahun 2024 anggota Komite\nkompetensi sebagai berikut\nEducation and Training\nDuring 2024 members\n1\n2\n3\n4"
    assert rebuild_label_blocks(text) == text
