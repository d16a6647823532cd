"""A metric answer's period is the one the question asks: a year's figure is not a half year's,
and a December balance is not a June one. Inputs as read from PT Adhi Karya's FY2013 and FY2009
annual reports (shared filings-wild), whose statements now read."""

from __future__ import annotations

import pytest

from answering import checks
from answering.checks import CheckedInput
from finrag.vocabulary import load_vocabulary
from loaders.document import read_document
from tests.conftest import FILINGS_WILD

FY2013 = FILINGS_WILD / "pdfs" / "AdhiKarya_2013_AnnualFinancialStatements.pdf"


@pytest.fixture(scope="module")
def balance_sheet_page() -> str:
    if not FY2013.is_file():
        pytest.skip(f"{FY2013} not present")
    _, pages = read_document(FY2013)
    return pages[5].text  # "Per 31 Desember 2013 dan 2012" / "As of December 31, 2013 and 2012"


def _current_assets(page: int = 5) -> CheckedInput:
    return CheckedInput(metric="current_assets", fiscal_year=2012, value=7_283_097.472884, doc="cc98413c", page=page,
                        quote="Total Aset Lancar 9,099,466,807,010 7,283,097,472,884 Total Current Assets")


def test_a_balance_asked_at_june_30_is_not_read_from_a_december_balance_sheet(balance_sheet_page):
    failure = checks.check_asked_period([_current_assets()], "What was PT Adhi Karya's current ratio at June 30, "
                                        "2012?", load_vocabulary(), {("cc98413c", 5): balance_sheet_page})
    assert failure is not None and failure.check == checks.ASKED_PERIOD and "2012-06-30" in failure.why


def test_a_balance_asked_at_the_date_its_statement_prints_is_given(balance_sheet_page):
    assert checks.check_asked_period([_current_assets()], "What was PT Adhi Karya's current ratio at December 31, "
                                     "2012?", load_vocabulary(), {("cc98413c", 5): balance_sheet_page}) is None


def test_a_half_year_is_not_answered_with_a_fiscal_year_figure():
    dividends = CheckedInput(metric="dividends_paid", fiscal_year=2012, value=58_732.403011, doc="cc98413c", page=9,
                             quote="Pembayaran Dividen (42,318,078,814) (58,732,403,011) Payment of Dividend")
    failure = checks.check_asked_period([dividends], "In the first half of 2012, how much cash dividend did PT "
                                        "Adhi Karya distribute?", load_vocabulary(), {})
    assert failure is not None and "first half" in failure.why


def test_a_number_the_text_layer_cut_is_the_number_cited():
    # FY2009 p.7 "Laba bersih 165.529.733.25 2 81.482.495.008", whole rupiah: Rp165,529.7 million
    net_income = CheckedInput(metric="net_income", fiscal_year=2009, value=165_529.733252, doc="569eeb2f", page=6,
                              quote="Laba bersih 165.529.733.25 2 81.482.495.008", number_convention="continental")
    assert checks.check_cited_values([net_income], load_vocabulary()) is None


def test_a_bilingual_row_above_a_total_is_no_heading_of_its_table():
    context = ("Kepentingan Non Pengendali 3.y, 37 9,234,110,806 6,772,998,398 Non Controlling Interest\n"
               "Total Ekuitas 1,548,462,792,571 1,180,918,969,692 Total Equity")
    assert checks.not_consolidated("Total Ekuitas 1,548,462,792,571 1,180,918,969,692 Total Equity", context,
                                   "What was the return on equity?", annual=True) is None


def test_the_answer_time_row_reader_heads_columns_in_indonesian():
    # "Catatan 2011 2010" (notes column, years) and "TANGGAL 31 DESEMBER 2009 dan 2008" head a table's columns
    from answering.numbers import header_years

    assert header_years("Catatan 2011 2010") == [2011, 2010]
    assert header_years("TANGGAL 31 DESEMBER 2009 dan 2008") == [2009, 2008]
