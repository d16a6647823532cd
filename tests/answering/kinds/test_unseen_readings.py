"""Readings that failed on filings nobody here had seen (blind17's first run), each checked on the
real filing: a measure over itself, a named part's or a quarter's figure from the yearly fallback,
two measures asked side by side, a release's four-column header, the funding of a deal."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def intel_release() -> list:
    return filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")


def test_a_line_that_shares_a_word_with_revenue_is_read_as_printed_not_as_revenue(services):
    # eBay's FY2018 10-K (p.62): "Sales and marketing 3,391 2,878", "Net revenues $ 10,746 $ 9,927"
    ebay = filing("financebench-extra/pdfs/EBAY_2018_10K.pdf")
    written = ask("At eBay, what was sales and marketing expense as a percentage of net revenues in 2018 versus 2017, "
                  "and by how many percentage points did that ratio change?", ebay, [61], services)
    assert (written.status, written.kind) == ("answered", "metric"), written.text
    assert "29.0% in FY2017 to 31.6% in FY2018" in written.text and "$3,391.0M / $10,746.0M" in written.text
    assert "100.0%" not in written.text


def test_a_named_part_or_a_quarter_is_never_answered_with_the_whole_company_s_year(intel_release, services):
    # Intel's Q4 2022 release: the consolidated income statement prints the company's quarter and year; the
    # Client Computing Group's margin is not the company's (its segment table is not among the pages read)
    part = ask("Using the segment table in Intel's Q4 2022 earnings release, what was the Client Computing Group's "
               "operating margin in Q4 2022 versus Q4 2021, and how many percentage points did it lose?",
               intel_release, [7], services)
    assert part.status == "not_found" and "Client Computing" in part.text, part.text
    assert "24.6%" not in part.text and "3.7%" not in part.text


def test_a_release_s_dated_column_header_places_the_twelve_months_column(intel_release, services):
    # "Three Months Ended Twelve Months Ended" over "Dec 31, 2022 Dec 25, 2021 Dec 31, 2022 Dec 25, 2021": the
    # year's revenue (63,054) is the twelve months' column, not a quarter's figure
    written = ask("What was Intel's capex as a percentage of revenue in fiscal 2022?", intel_release, [7, 9], services)
    assert (written.status, written.value) == ("answered", pytest.approx(39.4, abs=0.05)), written.text
    capex = ask("What were Intel's capital expenditures in fiscal 2022?", intel_release, [9], services)
    assert (capex.status, capex.kind, capex.value) == ("answered", "metric", pytest.approx(24844)), capex.text


def test_two_measures_asked_side_by_side_are_each_computed_or_refused(services):
    # Best Buy's FY2019 10-K: balance sheet (p.52) and statement of earnings (p.53); the inventory policy (p.61)
    # names inventories but states no turnover
    bestbuy = filing("financebench/pdfs/BESTBUY_2019_10K.pdf")
    asked = ("Based on average merchandise inventory, what were Best Buy's inventory turnover and days inventory "
             "outstanding for fiscal 2019 (year ended February 2, 2019)? Use a 365-day year.")
    written = ask(asked, bestbuy, [51, 52], services)
    assert (written.status, written.kind) == ("answered", "metric"), written.text
    assert "Inventory turnover FY2019: 6.20" in written.text and "58.87 days" in written.text
    policy = ask(asked, bestbuy, [59], services)
    assert policy.status == "not_found" and "state none" in policy.text, policy.text


def test_how_a_deal_is_funded_is_answered_by_its_financing_not_by_its_all_cash_price(services):
    # Microsoft's FY2016 10-K (p.45): the all-cash price, then "we will finance the transaction primarily
    # through the issuance of new debt"
    microsoft = filing("financebench/pdfs/MICROSOFT_2016_10K.pdf")
    written = ask("What were the key terms of the LinkedIn acquisition agreement disclosed in Microsoft's fiscal 2016 "
                  "10-K, and how did Microsoft plan to fund it?", microsoft, [44], services)
    assert written.status == "answered", written.text
    assert "$26.2 billion" in written.text and "issuance of new debt" in written.text
