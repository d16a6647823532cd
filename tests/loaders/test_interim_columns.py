"""An interim report filed as no 10-Q: its statements' columns placed by the dates their titles
state, each fact labelled by its day (a balance) or its months and end (a flow).

Real filings: PT Adhi Karya's nine-month 2011 report (Indonesian only: "Per 30 September 2011 Dan
31 Desember 2010", "Untuk Periode 9 (Sembilan) Bulan yang Berakhir pada 30 September 2011 Dan 2010",
the parent entity's statements printed again after the notes) and its six-month 2012 report
(bilingual: "30 Juni 2012 (Tidak Diaudit) dan 31 Desember 2011(Diaudit)" / "Juni 30, 2012(Unaudited)
and December 31 2011(Audited)", the income statement's period wrapped onto "2011(Tidak Diaudit)").
Generated title blocks for the rules themselves.
"""

from __future__ import annotations

from datetime import date

import pytest

from finrag.models import Fact, Page
from loaders.document import read_document
from loaders.facts import extract_facts, page_facts
from loaders.interim_columns import column_labels, title_period
from tests.conftest import FILINGS_WILD

PDFS = FILINGS_WILD / "pdfs"


def _facts(name: str) -> dict[tuple[str, str], Fact]:
    path = PDFS / name
    if not path.is_file():
        pytest.skip(f"{path} not present")
    meta, pages = read_document(path)
    return {(f.metric, f.period): f for f in extract_facts(meta, pages)}


@pytest.fixture(scope="module")
def q3_2011():
    return _facts("AdhiKarya_2011_FinancialStatements_Q3.pdf")


@pytest.fixture(scope="module")
def q2_2012():
    return _facts("AdhiKarya_2012_FinancialStatements_Q2.pdf")


def test_a_nine_month_statement_gives_nine_month_facts_ending_on_its_date(q3_2011):
    # "LABA SEBELUM PAJAK PENGHASILAN 104,951,093,083 130,253,693,418" under "Catatan 2011 2010"
    assert q3_2011[("pretax_income", "9M2011-09-30")].value == pytest.approx(104_951.093083)
    assert q3_2011[("pretax_income", "9M2010-09-30")].value == pytest.approx(130_253.693418)
    assert q3_2011[("income_tax", "9M2011-09-30")].value == pytest.approx(-74_664.66758)
    assert q3_2011[("pretax_income", "9M2011-09-30")].fiscal_year == 2011
    assert not [key for key in q3_2011 if key[1] == "FY"]  # no fiscal year's figure


def test_an_interim_balance_sheet_gives_its_date_and_the_prior_year_end(q3_2011):
    assert q3_2011[("current_assets", "2011-09-30")].value == pytest.approx(4_630_684.091855)
    assert q3_2011[("current_assets", "2010-12-31")].value == pytest.approx(3_943_832.511662)


def test_the_parent_entity_s_statements_after_the_notes_settle_nothing(q3_2011):
    # pp.81-83 print the parent's own statements (total assets 5,107,351,105,104): the report's
    # consolidated figure stands, and a line only the parent's set reads is not taken from it
    assert q3_2011[("total_assets", "2011-09-30")].value == pytest.approx(5_490_023.433812)
    assert ("equity", "2011-09-30") not in q3_2011


def test_the_column_header_s_years_place_the_columns_not_a_title_line_s(q2_2012):
    # the title's "... 30 Juni 2012 dan" / "2011(Tidak Diaudit)" puts 2011 before the header's "2012 2011"
    assert q2_2012[("revenue", "6M2012-06-30")].value == pytest.approx(1_775_524.502854)
    assert q2_2012[("revenue", "6M2011-06-30")].value == pytest.approx(1_826_058.912836)
    assert q2_2012[("current_assets", "2012-06-30")].value == pytest.approx(5_644_401.302254)
    assert q2_2012[("current_liabilities", "2012-06-30")].value == pytest.approx(5_269_721.472794)
    # the cash flow page carries an auditor's stamp "d1/July 27, 2012": no date of its columns
    assert q2_2012[("operating_cash_flow", "6M2012-06-30")].value == pytest.approx(-776_478.496525)


def test_a_title_states_its_span_and_dates_in_either_language():
    assert title_period(["For the nine months ended 30 September 2011 and 2010"]) == \
        (9, [date(2011, 9, 30), date(2010, 9, 30)])
    assert title_period(["LAPORAN LABA RUGI", "Untuk Periode Tiga Bulan yang Berakhir 31 Maret 2009 dan 2008"]) == \
        (3, [date(2009, 3, 31), date(2008, 3, 31)])
    assert title_period(["As of June 30, 2012 and December 31, 2011"]) == \
        (None, [date(2012, 6, 30), date(2011, 12, 31)])
    # a bilingual title says it twice; two readings that disagree place nothing
    assert title_period(["Per 30 Juni 2012 dan 31 Desember 2011", "As of June 30, 2012 and December 31, 2010"]) is None
    # a stamp's date is no period line
    assert title_period(["d1/July 27, 2012 4 paraf:"]) is None


def test_columns_follow_the_title_s_order_when_the_header_prints_no_year():
    head = ["BALANCE SHEETS", "June 30, 2012 and December 31, 2011", "(In millions)"]
    assert column_labels(head, [], "balance_sheet", 2) == [(2012, "2012-06-30"), (2011, "2011-12-31")]
    assert column_labels(head, [2011, 2012], "balance_sheet", 2) == [(2011, "2011-12-31"), (2012, "2012-06-30")]
    flows = ["STATEMENTS OF INCOME", "For the six months ended June 30, 2012 and 2011"]
    assert column_labels(flows, [], "income_statement", 2) == [(2012, "6M2012-06-30"), (2011, "6M2011-06-30")]


@pytest.mark.parametrize("head, years, kind, columns", [
    (["June 30, 2012 and December 31, 2011"], [2012, 2010], "balance_sheet", 2),  # a header year no date has
    (["June 30, 2012 and December 31, 2011"], [], "balance_sheet", 3),  # more columns than dates
    (["June 30, 2012 and December 31, 2011"], [], "income_statement", 2),  # a flow with no months
    (["For the six months ended June 30, 2012 and 2011"], [], "balance_sheet", 2),  # a balance with months
    (["For the periods ended March 31, 2012 and December 31, 2012"], [2012, 2012], "balance_sheet", 2),
])
def test_columns_that_cannot_be_placed_one_for_one_are_not_read(head, years, kind, columns):
    assert column_labels(head, years, kind, columns) is None


def test_a_generated_interim_page_reads_each_column_by_its_date():
    page = Page(number=2, text="\n".join([
        "ACME BERHAD", "CONDENSED STATEMENTS OF FINANCIAL POSITION",
        "As at 30 June 2012 and 31 December 2011", "(in millions)",
        "Total current assets 1,400.0 1,100.0", "Total current liabilities 700.0 650.0"]))
    facts = {(f.metric, f.period): f.value for f, _ in page_facts(page, "balance_sheet", "Acme", "acme", None,
                                                                   dated=True)}
    assert facts == {("current_assets", "2012-06-30"): 1400.0, ("current_assets", "2011-12-31"): 1100.0,
                     ("current_liabilities", "2012-06-30"): 700.0, ("current_liabilities", "2011-12-31"): 650.0}
