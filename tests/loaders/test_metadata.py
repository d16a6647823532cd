"""Company, period and form are read from the text itself."""

from __future__ import annotations

import pytest

from loaders import read_document
from loaders.metadata import read_metadata

TEN_Q = """UNITED STATES SECURITIES AND EXCHANGE COMMISSION
FORM 10-Q
QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934
For the quarterly period ended July 29, 2023
NORTHWIND RETAIL GROUP CORPORATION
(Exact name of registrant as specified in its charter)
Title of each class Trading Symbol Name of exchange on which registered
Common Stock NWR The Nasdaq Stock Market LLC"""
TEN_Q_BODY = (
    "Northwind Retail Group sells furniture. Results for the Three Months Ended and Six Months Ended "
    "July 29, 2023. We expect fiscal 2024 capital expenditures of $80 million; fiscal 2024 comparable "
    "sales and fiscal 2024 margins. Six Months Ended July 30, 2022."
)


def test_quarter_of_a_fiscal_year_that_ends_next_calendar_year():
    meta = read_metadata([TEN_Q, TEN_Q_BODY * 3])
    assert meta.form == "10-Q"
    assert meta.company_legal == "NORTHWIND RETAIL GROUP CORPORATION"
    assert meta.company == "Northwind Retail Group"  # the prose's casing, suffix dropped
    assert meta.ticker == "NWR"
    assert (meta.fiscal_year, meta.period, str(meta.period_end)) == (2024, "2024Q2", "2023-07-29")


def test_annual_report_for_a_year_ending_in_january_is_named_as_the_text_names_it():
    cover = TEN_Q.replace("FORM 10-Q", "FORM 10-K").replace(
        "QUARTERLY REPORT", "ANNUAL REPORT").replace(
        "For the quarterly period ended July 29, 2023", "For the fiscal year ended January 28, 2023")
    says_2022 = "In fiscal 2022 sales rose; fiscal 2022 margins; compared with fiscal 2021. " * 5
    says_2023 = "In fiscal 2023 sales rose; fiscal 2023 margins; compared with fiscal 2022. " * 5
    assert read_metadata([cover, says_2022]).fiscal_year == 2022
    assert read_metadata([cover, says_2023]).fiscal_year == 2023


def test_current_report_8k():
    cover = """FORM 8-K
CURRENT REPORT
Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934
Date of Report (Date of earliest event reported): May 3, 2023
Globex Corporation
(Exact name of registrant as specified in its charter)"""
    meta = read_metadata([cover])
    assert (meta.form, meta.company, meta.fiscal_year, str(meta.period_end)) == ("8-K", "Globex", 2023, "2023-05-03")


def test_earnings_press_release():
    release = """Initech Reports Fourth-Quarter 2022 Results
CHICAGO - February 9, 2023 - Initech, Inc. (NYSE: INTC) today reported results for the fourth quarter 2022."""
    meta = read_metadata([release])
    assert (meta.form, meta.company, meta.ticker, meta.fiscal_year, meta.period) == (
        "earnings", "Initech", "INTC", 2022, "2022Q4")


def test_text_without_any_cover_is_other():
    meta = read_metadata(["Minutes of the gardening club. We planted tulips."])
    assert (meta.form, meta.company, meta.fiscal_year) == ("other", None, None)


# --------------------------------------------------------------------------- real filings


def _pdf(financebench_dir, name):
    path = financebench_dir / "pdfs" / f"{name}.pdf"
    if not path.is_file():
        pytest.skip(f"{name} not in the FinanceBench split")
    return path


def test_real_8k_cover(financebench_dir):
    meta, pages = read_document(_pdf(financebench_dir, "PEPSICO_2023_8K_dated-2023-05-05"))
    assert (meta.company, meta.company_legal, meta.form, meta.fiscal_year) == ("PepsiCo", "PepsiCo, Inc.", "8-K", 2023)
    assert meta.pages == len(pages) == 5


def test_real_10q_cover_and_cash_flow_page(financebench_dir):
    meta, pages = read_document(_pdf(financebench_dir, "BESTBUY_2024Q2_10Q"))
    assert (meta.company, meta.ticker, meta.form) == ("Best Buy", "BBY", "10-Q")
    assert (meta.fiscal_year, meta.period, meta.period_end) == (2024, "2024Q2", "2023-07-29")
    cash_flow_pages = meta.page_tags["cash_flow"]
    assert cash_flow_pages
    assert all("Cash Flows" in pages[p].text[:300] for p in cash_flow_pages)


def test_real_earnings_release(financebench_dir):
    meta, pages = read_document(_pdf(financebench_dir, "PEPSICO_2023Q1_EARNINGS"))
    assert (meta.company, meta.ticker, meta.form, meta.period) == ("PepsiCo", "PEP", "earnings", "2023Q1")
    assert set(meta.page_tags) >= {"income_statement", "balance_sheet", "cash_flow"}
    for page in meta.page_tags["cash_flow"]:
        assert "Cash Flows" in pages[page].text


def test_8k_under_item_2_02_is_an_earnings_release():
    cover = """FORM 8-K
CURRENT REPORT
Date of Report (Date of earliest event reported): February 9, 2023
Initech, Inc.
(Exact name of registrant as specified in its charter)
Item 2.02. Results of Operations and Financial Condition.
On February 9, 2023 the company issued a press release, furnished as Exhibit 99.1."""
    release = "Exhibit 99.1\nInitech Reports Fourth-Quarter 2022 Results\nInitech, Inc. (NYSE: INTC) today reported results."
    meta = read_metadata([cover, release])
    assert (meta.form, meta.company, meta.fiscal_year, meta.period) == ("earnings", "Initech", 2022, "2022Q4")


# Layouts other PDF producers and extractors give the same cover (seen with pypdf's
# extraction of real filings): the reading must not depend on one layout.


def test_a_ligature_does_not_hide_the_fiscal_year():
    from loaders.cleaning import clean_pages

    cover = ("FORM 10-K\nANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934\n"
             "For the \ufb01scal year ended May 31, 2023\nOracle Corporation\n"
             "(Exact name of registrant as specified in its charter)")
    meta = read_metadata(clean_pages([cover]))
    assert (meta.fiscal_year, meta.period, meta.form) == (2023, "FY2023", "10-K")


def test_a_name_wrapped_onto_the_caption_line_is_joined():
    cover = ("FORM 10-K\nCommission File Number: 001-35992\nOracle\n"
             "Corporation (Exact name of registrant as specified\nin its charter)Delaware\n54-2185193")
    assert read_metadata([cover]).company == "Oracle"


def test_a_combined_cover_row_with_the_file_number_last():
    cover = ("FORM 10-K\nFor the Fiscal Year Ended December 31, 2019\nCommission\nFile Number\n"
             "Exact Name of Registrant\nas\nSpecified In Its Charter\n1-12609\n"
             "PG&E CORPORATION California 94-3234914 1-2348\n77 Beale Street")
    meta = read_metadata([cover])
    assert (meta.company, meta.fiscal_year) == ("PG&E", 2019)
