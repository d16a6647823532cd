"""not_meaningful from the balance sheet: a metric built on a line the business does not
hold (inventory turnover without inventories) is explained from the balance sheet read
whole, and never for a business that has the line (answering.kinds.balance_sheet)."""

from __future__ import annotations

import pytest

from answering.kinds.balance_sheet import balance_sheet
from tests.answering.kinds.conftest import ask, catalog, filing, hits


@pytest.fixture(scope="module")
def netflix():
    return filing("financebench/pdfs/NETFLIX_2022_10K.pdf")


@pytest.fixture(scope="module")
def costco():
    return filing("financebench/pdfs/COSTCO_2022_10K.pdf")


def _all(chunks):
    return sorted({c.page for c in chunks})


def test_inventory_turnover_of_a_business_without_inventories_is_explained(netflix, services):
    a = ask("What was Netflix's inventory turnover ratio in FY2022?", netflix, _all(netflix), services)
    assert a.status == "answered" and a.kind == "not_meaningful" and a.value is None
    assert "no inventories line" in a.text
    assert any("Total current assets" in c.quote for c in a.citations)
    assert any("BALANCE SHEETS" in c.quote.upper() for c in a.citations)


def test_a_business_with_inventories_is_never_told_the_metric_does_not_apply(costco, services):
    a = ask("What was Costco's inventory turnover ratio in FY2022? If inventory turnover is not a useful metric "
            "for Costco, state that and explain why.", costco, _all(costco), services)
    assert a.kind != "not_meaningful"


def test_a_balance_sheet_cut_short_proves_nothing(netflix, services):
    """Without the page that closes the statement (total liabilities and equity), a missing
    line is not evidence: no balance sheet is read."""
    from retrieval.query_understanding import understand

    pages = sorted({c.page for c in netflix if "balance_sheet" in c.tags})
    cut = [h for h in hits(netflix, pages) if "liabilities and stockholders" not in h.chunk.text]
    understanding = understand("Netflix inventory turnover FY2022", catalog(netflix), services.vocabulary)
    assert balance_sheet("Netflix", hits(netflix, pages), understanding, services) is not None
    assert balance_sheet("Netflix", cut, understanding, services) is None


def test_a_later_page_repeating_the_title_is_not_the_statement_s_start(netflix, services):
    """Each page of the statement repeats its title; without the page that opens it (its cash
    line) the statement was not read whole, and so nothing is said of its lines."""
    from retrieval.query_understanding import understand

    pages = sorted({c.page for c in netflix if "balance_sheet" in c.tags})
    headless = [h for h in hits(netflix, pages) if "Cash and cash equivalents" not in h.chunk.text]
    understanding = understand("Netflix inventory turnover FY2022", catalog(netflix), services.vocabulary)
    assert balance_sheet("Netflix", headless, understanding, services) is None


def test_working_capital_of_an_investment_fund_is_explained(services):
    # Canadian Banc Corp. (a mutual fund corporation, FY2022): its statement of financial position reports "NET
    # ASSETS ATTRIBUTABLE TO HOLDERS OF REDEEMABLE CLASS A SHARES", its current liabilities hold the preferred
    # shares holders may redeem, its current assets are its portfolio: working capital is not its liquidity
    fund = filing("filings-wild/pdfs/CanadianBancCorp_2022_AnnualReport.pdf")
    a = ask("Does Canadian Banc Corp. have positive working capital based on FY2022 data? If working capital is not a "
            "useful or relevant metric for this company, then please state that and explain why.", fund, [15], services)
    assert (a.status, a.kind) == ("answered", "not_meaningful"), a.text
    assert "investment fund" in a.text and "redeemable" in a.text
