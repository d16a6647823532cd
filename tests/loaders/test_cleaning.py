"""Cleaning removes page furniture and joins split words, and leaves table rows alone."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from finrag.models import Page
from loaders.cleaning import clean_pages, split_joined_rows
from loaders.facts import page_facts, statement_kind
from loaders.pdf_text import extract_pages

ROW = "Net revenue 86,392 79,474 70,372"


TOPICS = ["widgets", "gadgets", "pricing", "suppliers", "customers", "taxes", "leases", "debt"]


def _pages(n: int) -> list[str]:
    return [f"Table of Contents\nWe discuss {TOPICS[i % 8]} here.\n{ROW}\n{i + 1}" for i in range(n)]


def test_running_header_and_page_numbers_go_rows_stay():
    cleaned = clean_pages(_pages(6))
    for text in cleaned:
        lines = text.split("\n")
        assert lines[0].startswith("We discuss")
        assert lines[-1] == ROW


def test_a_line_on_few_pages_is_not_furniture():
    pages = _pages(20)
    pages[3] = "Consolidated Statements of Cash Flows\n" + pages[3]
    assert "Consolidated Statements of Cash Flows" in clean_pages(pages)[3]


def test_column_headers_repeated_on_every_page_are_kept():
    pages = [f"(in millions)\n2022 2021\nRevenue {i},000 {i},100" for i in range(1, 8)]
    for text in clean_pages(pages):
        assert text.startswith("(in millions)\n2022 2021\n")


def test_dehyphenation_uses_the_documents_own_words():
    pages = ["Our financial results improved.\nThe finan-\ncial statements and long-\nterm debt are audited."]
    text = clean_pages(pages)[0]
    assert "The financial\nstatements" in text or "The financial statements" in text
    assert "long-term" in text  # "longterm" never occurs in the document


def test_pdfium_soft_hyphen_marker_becomes_a_hyphen():
    assert clean_pages(["non\ufffeGAAP measures"])[0] == "non-GAAP measures"


def test_a_lost_ligature_is_put_back_only_where_it_makes_a_word():
    pages = clean_pages(["Generated $492 million of free cash \ufffeow. Chief Financial O\ufffecer.\n"
                         "The non\ufffeGAAP e\ufffeective tax rate and non\ufffeequity investments."])
    assert "free cash flow" in pages[0] and "Chief Financial Officer" in pages[0]
    assert "effective tax rate" in pages[0]
    assert "non-GAAP" in pages[0] and "non-equity" in pages[0]  # a real hyphen: no ligature makes a word


@pytest.fixture(scope="module")
def ebay_release(financebench_extra_dir: Path) -> str:
    # eBay's Q2 2023 release maps its "fl"/"fi"/"ffi" ligatures to no character: pdfium
    # gives its soft-hyphen marker, read as "cash -ow", "-nancial", "O-cer" before the fix
    path = financebench_extra_dir / "pdfs" / "EBAY_2023Q2_EARNINGS.pdf"
    return "\n".join(clean_pages(extract_pages(path).pages))


def test_a_release_that_lost_its_ligatures_reads_as_printed(ebay_release: str):
    assert "$605 million of operating cash flow and $492 million of free cash flow from continuing operations" \
        in ebay_release.replace("\n", " ")
    assert "Chief Financial Officer" in ebay_release
    assert "-ow" not in ebay_release and "-nancial" not in ebay_release
    # hyphenated compounds of the same release keep their hyphen
    assert "non-GAAP" in ebay_release and "FX-Neutral" in ebay_release and "non-equity" in ebay_release


def _pdfium_page(path: Path, index: int) -> str:
    """One page's text as the loader's extractor (pypdfium2's text range) gives it."""
    pdf = pdfium.PdfDocument(path)
    try:
        page = pdf[index]
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        textpage.close()
        page.close()
        return text
    finally:
        pdf.close()


def test_rows_run_together_after_a_nil_cell_are_two_rows(filings_wild_dir):
    # Uber's FY2021 balance sheet (p.76): pdfium ends no line after a dash cell, so
    # "Assets held for sale 517 — Total current assets 9,882 8,819" came as one row, whose
    # label is not "Total current assets": the current ratio was refused
    text = clean_pages([_pdfium_page(filings_wild_dir / "pdfs" / "Uber_2021_10-K.pdf", 75)])[0]
    lines = text.split("\n")
    assert "Assets held for sale 517 —" in lines and "Total current assets 9,882 8,819" in lines
    assert "Liabilities held for sale 100 —" in lines and "Total current liabilities 6,865 9,024" in lines
    page = Page(number=75, text=text)
    assert statement_kind(page) == "balance_sheet"
    facts = {(f.metric, f.fiscal_year): f.value for f, _ in page_facts(page, "balance_sheet", "Uber", "uber", 2021)}
    assert facts[("current_assets", 2021)] == 8819 and facts[("current_liabilities", 2021)] == 9024


def test_a_dash_in_prose_or_a_one_column_row_is_not_cut():
    assert split_joined_rows("Gain on sale of terminal sites — — — (8,330)") == [
        "Gain on sale of terminal sites — — — (8,330)"]
    assert split_joined_rows("Revenue grew 5 — Total was 3") == ["Revenue grew 5 — Total was 3"]


@pytest.fixture(scope="module")
def nice_pages(filings_wild_dir) -> list[str]:
    return clean_pages(extract_pages(filings_wild_dir / "pdfs" / "NICE_2022_AnnualReport.pdf").pages)


def test_headings_a_text_layer_gives_last_are_put_back_on_top(nice_pages):
    # NICE's 2022 annual report: pdfium gives each financial page's company, title and
    # "U.S. dollars in thousands" after its rows; the income statement (p.114) then read its
    # amounts as millions (cloud revenue $1.3 trillion) and was no statement by its title
    page = Page(number=113, text=nice_pages[113])
    assert nice_pages[113].split("\n")[1:3] == [
        "CONSOLIDATED STATEMENTS OF INCOME", "U.S. dollars in thousands (except share and per share data)"]
    assert statement_kind(page) == "income_statement"
    facts = {(f.metric, f.fiscal_year): f.value for f, _ in page_facts(page, "income_statement", "Nice", "nice", 2022)}
    assert facts[("revenue", 2022)] == pytest.approx(2181.294)


def test_a_title_at_one_pages_foot_stays_there():
    # an earnings release prints a statement's title at the foot of a page, its table overleaf:
    # one page doing so is no document printing its headings last
    pages = ["Revenue 10 9\nNet income 2 1\nCONDENSED STATEMENTS OF CASH FLOWS\n(in thousands)",
             "2023 2022\nNet cash provided by operating activities 5 4"]
    assert clean_pages(pages)[0].endswith("CONDENSED STATEMENTS OF CASH FLOWS\n(in thousands)")


def test_a_date_range_is_not_two_rows():
    assert split_joined_rows("September 3 — September 30, 2016") == ["September 3 — September 30, 2016"]


def test_rows_run_together_after_any_amount_are_cut_at_the_next_label():
    # eBay's FY2018 10-K cash flow statement as pdfium reads it: three rows on one line, so
    # "Purchases of property and equipment" (capex) was never a row of its own
    line = ("Purchases of property and equipment (651) (666) (626) Purchases of investments (28,115) (14,599) "
            "(11,212) Maturities and sales of investments 30,901 14,520 10,063")
    assert split_joined_rows(line) == [
        "Purchases of property and equipment (651) (666) (626)",
        "Purchases of investments (28,115) (14,599) (11,212)",
        "Maturities and sales of investments 30,901 14,520 10,063",
    ]
    # a column header run into the first row (Oracle's notes) comes apart too
    assert split_joined_rows("(in millions) 2020 2019 2018 Net income $ 10,135 $ 11,083 $ 3,587") == [
        "(in millions) 2020 2019 2018", "Net income $ 10,135 $ 11,083 $ 3,587"]
    # prose with amounts is never cut: its parts do not end in as many amounts
    assert split_joined_rows("Revenue was 1,234 and 5,678 Compared with 12 13") == [
        "Revenue was 1,234 and 5,678 Compared with 12 13"]
