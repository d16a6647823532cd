"""Earnings releases give statement facts, each column filed under the period its header names.

Real releases of three companies (shared financebench-extra), read without embedding, once
per module: eBay (header split over lines, quarter and six-month columns side by side, a free
cash flow reconciliation), McDonald's (an "Inc/ (Dec)" amount and a percent after the years,
quarter and six months as separate tables), Intel (dates in the header, a fourth-quarter
release with twelve-month columns), and PepsiCo's release of the dev set (numeric dates).
"""

from __future__ import annotations

import pytest

from finrag.models import DocumentMeta, Fact
from loaders.document import read_document
from loaders.release_tables import release_facts, table_columns


def _facts(path) -> dict[tuple[str, int, str], Fact]:
    meta, pages = read_document(path)
    return {(f.metric, f.fiscal_year, f.period): f for f in release_facts(meta, pages)}


@pytest.fixture(scope="module")
def ebay(financebench_extra_dir):
    return _facts(financebench_extra_dir / "pdfs" / "EBAY_2023Q2_EARNINGS.pdf")


@pytest.fixture(scope="module")
def mcdonalds(financebench_extra_dir):
    return _facts(financebench_extra_dir / "pdfs" / "MCDONALDS_2023Q2_EARNINGS.pdf")


def test_a_header_split_over_lines_places_quarter_and_year_to_date_columns(ebay):
    # "Three Months Ended" / "June 30," / "Six Months Ended" / "June 30," / "2023 2022 2023 2022"
    assert ebay[("revenue", 2023, "Q2")].value == 2540
    assert ebay[("revenue", 2022, "Q2")].value == 2422
    assert ebay[("revenue", 2023, "Q2YTD")].value == 5050
    assert ebay[("operating_income", 2022, "Q2YTD")].value == 1217
    # the balance sheet at the quarter's end beside the prior fiscal year-end
    assert ebay[("total_assets", 2023, "Q2")].value == 19956
    assert ebay[("total_assets", 2022, "FY")].value == 20850


def test_cash_from_operations_agrees_with_the_free_cash_flow_the_release_states(ebay):
    # stated: free cash flow 492 = continuing operating activities 605 - capex 113 (the
    # statement's total, 601, includes discontinued operations and would give 488)
    ocf, capex = ebay[("operating_cash_flow", 2023, "Q2")], ebay[("capex", 2023, "Q2")]
    assert (ocf.value, capex.value) == (605, 113)
    assert "continuing" in ocf.source_text
    assert ebay[("operating_cash_flow", 2023, "Q2YTD")].value - ebay[("capex", 2023, "Q2YTD")].value == 1201


def test_change_columns_after_the_years_are_not_read_as_a_year(mcdonalds):
    # "TOTAL REVENUES 6,497.5 5,718.4 779.1 14" under "Quarters Ended June 30, 2023 2022 Inc/ (Dec)"
    assert mcdonalds[("revenue", 2023, "Q2")].value == pytest.approx(6497.5)
    assert mcdonalds[("revenue", 2022, "Q2")].value == pytest.approx(5718.4)
    assert mcdonalds[("revenue", 2023, "Q2YTD")].value == pytest.approx(12395.3)
    assert not any(f.value == pytest.approx(779.1) for f in mcdonalds.values())


def test_a_fourth_quarter_release_files_twelve_months_as_the_fiscal_year(financebench_extra_dir):
    intel = _facts(financebench_extra_dir / "pdfs" / "INTEL_2022Q4_EARNINGS.pdf")
    assert intel[("revenue", 2022, "Q4")].value == 14042
    assert intel[("revenue", 2022, "FY")].value == 63054
    assert intel[("total_assets", 2022, "FY")].value == 182103  # the closing balance is the year-end's
    assert not any(period == "Q4YTD" for _, _, period in intel)


def test_numeric_dates_in_the_header_place_the_columns(financebench_dir):
    pepsico = _facts(financebench_dir / "pdfs" / "PEPSICO_2023Q1_EARNINGS.pdf")
    assert pepsico[("revenue", 2023, "Q1")].value == 17846  # "12 Weeks Ended" / "3/25/2023 3/19/2022"
    assert pepsico[("capex", 2022, "Q1")].value == 522


@pytest.mark.parametrize("header", [
    ["Three Months Ended", "June 30,", "2023 2022 2023 2022"],  # four years, one span
    ["Nine Months Ended June 30,", "2023 2022"],  # a year to date that is not a Q2 release's
    ["2023 2022"],  # no span: quarter or year to date is a guess
    ["Three Months Ended Six Months Ended", "2023 2022 2023"],  # spans do not share the years
    ["Three Months Ended", "2020 2019"],  # years far from the release's fiscal year
])
def test_columns_that_cannot_be_placed_give_no_table(header):
    assert table_columns(header, "income_statement", 2023, 2) is None


def test_a_release_without_a_known_period_gives_no_facts(financebench_extra_dir):
    meta, pages = read_document(financebench_extra_dir / "pdfs" / "EBAY_2023Q2_EARNINGS.pdf")
    unknown = DocumentMeta(**{**meta.model_dump(), "period": None})
    assert release_facts(unknown, pages) == []


def test_ingest_reads_a_releases_tables_into_its_knowledge(financebench_dir):
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge

    knowledge = extract_knowledge(load_document(financebench_dir / "pdfs" / "PEPSICO_2023Q1_EARNINGS.pdf"))
    revenue = {(f.fiscal_year, f.period): f.value for f in knowledge.facts if f.metric == "revenue"}
    assert revenue[(2023, "Q1")] == 17846


def test_a_table_whose_quarter_exceeds_its_year_to_date_gives_nothing():
    from finrag.models import Page

    # spans printed in one order, amounts in the other: the quarter would read 5,050
    text = """Acme Inc.
Condensed Consolidated Statement of Income
Three Months Ended Six Months Ended
June 30, 2023 June 30, 2022 June 30, 2023 June 30, 2022
(In millions)
Net revenues $ 5,050 $ 4,905 $ 2,540 $ 2,422
Income from operations 1,076 1,217 518 525"""
    meta = DocumentMeta(doc="ACME_2023Q2_EARNINGS", file="ACME_2023Q2_EARNINGS.pdf", sha256="0" * 64, company="Acme",
                        form="earnings", period="2023Q2", fiscal_year=2023)
    assert release_facts(meta, [Page(number=0, text=text)]) == []
    fixed = text.replace("$ 5,050 $ 4,905 $ 2,540 $ 2,422", "$ 2,540 $ 2,422 $ 5,050 $ 4,905")
    assert {(f.metric, f.period) for f in release_facts(meta, [Page(number=0, text=fixed)])} >= {("revenue", "Q2")}


def test_a_release_printing_the_prior_year_first_with_stacked_dates_is_read(filings_wild_dir):
    # Alphabet's Q1 2023 release: "Quarter Ended March 31," over "2022 2023" (the current year last)
    # and a balance sheet "As of December 31, As of March 31," over "2022 2023"
    facts = _facts(filings_wild_dir / "pdfs" / "Alphabet_2023_EarningsRelease_Q1.pdf")
    assert facts[("income_tax", 2023, "Q1")].value == 3154
    assert facts[("pretax_income", 2023, "Q1")].value == 18205
    assert facts[("pretax_income", 2022, "Q1")].value == 18934
    assert facts[("current_assets", 2023, "Q1")].value == 161985
    assert facts[("current_assets", 2022, "FY")].value == 164795


def test_a_consolidated_and_combined_statement_of_operations_is_read(filings_wild_dir):
    # a spin-off's release: "CONSOLIDATED AND COMBINED STATEMENTS OF OPERATIONS", three and six months
    facts = _facts(filings_wild_dir / "pdfs" / "PatriotTransportation_2015_EarningsRelease_Q2.pdf")
    assert facts[("revenue", 2015, "Q2")].value == pytest.approx(29.737)
    assert facts[("revenue", 2014, "Q2YTD")].value == pytest.approx(63.491)
    assert facts[("net_income", 2015, "Q2")].value == pytest.approx(-0.351)


def test_basic_and_diluted_rows_are_named_by_their_section():
    # "Basic" under "Net income per share:" and under "Weighted-average shares:" are two lines
    from loaders.release_tables import placed_rows

    text = ("Acme Inc.\nCondensed Consolidated Statements of Operations\n(in millions, except per share data)\n"
            "Three Months Ended\nJune 30, 2023 June 30, 2022\nRevenue $ 1,000 $ 900\nNet income $ 100 $ 90\n"
            "Net income per share:\nBasic $ 1.00 $ 0.90\nDiluted $ 0.99 $ 0.89\n"
            "Weighted-average shares:\nBasic 100 100\nDiluted 101 101\n")
    labels = [r.label for r in placed_rows(text, 2023, 2)]
    assert "Net income per share Basic" in labels and "Weighted-average shares Basic" in labels, labels


def test_each_row_keeps_the_caption_it_is_under_without_its_footnote_markers():
    # Salesforce's Q2 FY2024 release: "Subscription and support" is printed under "Revenues:" and again
    # under "Cost of revenues (1)(2):", two lines a question tells apart by the caption's words
    from loaders.release_tables import placed_rows

    text = ("Salesforce, Inc.\nCondensed Consolidated Statements of Operations\n(in millions, except per share data)\n"
            "Three Months Ended July 31,\n2023 2022\nRevenues:\nSubscription and support $ 8,006 $ 7,143\n"
            "Total revenues 8,603 7,720\nCost of revenues (1)(2):\nSubscription and support 1,515 1,490\n"
            "Total cost of revenues 2,113 2,127\n")
    rows = [(r.label, r.section, r.amounts.get("2024 Q2")) for r in placed_rows(text, 2024, 2)]
    assert ("Subscription and support", "Revenues", 8006.0) in rows, rows
    assert ("Subscription and support", "Cost of revenues", 1515.0) in rows, rows


def test_a_table_of_trailing_quarters_is_placed_by_its_dates(financebench_extra_dir):
    # eBay's Q1 2023 release prints its "Unaudited Supplemental Operating Data" (no statement
    # title) under "Three Months Ended" / "March 31, 2023  December 31, 2022  September 30,
    # 2022 ..." (each date over its own column): each column is the quarter ending on its date
    from loaders.release_tables import placed_rows

    _meta, pages = read_document(financebench_extra_dir / "pdfs" / "EBAY_2023Q1_EARNINGS.pdf")
    rows = [r for r in placed_rows(pages[9].text, 2023, 1) if r.label == "Total Gross Merchandise Volume"]
    assert rows and rows[0].amounts == {"2023 Q1": 18410.0, "2022 Q4": 18227.0, "2022 Q3": 17715.0,
                                        "2022 Q2": 18549.0, "2022 Q1": 19409.0}


def test_trailing_quarter_dates_off_a_quarter_s_step_place_nothing():
    from loaders.release_tables import trailing_quarter_columns

    header = ["Three Months Ended", "March 31, 2023 December 31, 2022 September 30, 2022", "(In millions)"]
    assert trailing_quarter_columns(header, 2023, 1) == [(2023, "Q1"), (2022, "Q4"), (2022, "Q3")]
    # a date a month off the quarters counted back, or a six months' span beside them: unsure
    assert trailing_quarter_columns(["Three Months Ended", "March 31, 2023 January 31, 2023"], 2023, 1) is None
    assert trailing_quarter_columns(["Three Months Ended Six Months Ended",
                                     "June 30, 2023 March 31, 2023"], 2023, 2) is None


def test_a_row_whose_change_column_ends_in_a_spaced_percent_is_a_row_not_a_caption():
    # McDonald's Q2 2023 release: "Sales by Company-operated restaurants $ 2,487.0 $ 2,112.8 $ 374.2 18 %"
    from loaders.release_tables import placed_rows

    text = ("McDONALD'S CORPORATION\nCONDENSED CONSOLIDATED STATEMENT OF INCOME (UNAUDITED)\n"
            "Dollars and shares in millions, except per share data\nQuarters Ended June 30, 2023 2022 Inc/ (Dec)\n"
            "Revenues\nSales by Company-operated restaurants $ 2,487.0 $ 2,112.8 $ 374.2 18 %\n"
            "Revenues from franchised restaurants 3,933.3 3,526.8 406.5 12\nTOTAL REVENUES 6,497.5 5,718.4 779.1 14\n")
    rows = {r.label: r.amounts for r in placed_rows(text, 2023, 2)}
    assert rows.get("Sales by Company-operated restaurants") == {"2023 Q2": 2487.0, "2022 Q2": 2112.8}, rows


def test_a_row_whose_figures_disagree_in_their_decimals_is_not_read():
    # McDonald's Q4 2022 release: the text layer prints "NET INCOME $ 61774 $ 7,545.2" for $6,177.4 million
    from loaders.release_tables import _amounts

    assert _amounts("NET INCOME $ 61774 $ 7,545.2 $ (1,367.8) (18)%", 2, True) is None
    row = _amounts("NET INCOME $ 6,177.4 $ 7,545.2 $ (1,367.8) (18)%", 2, True)
    assert row is not None and row.values == [6177.4, 7545.2]


def test_net_income_per_common_share_is_the_eps_and_a_share_count_used_in_computing_it_is_not(
        financebench_extra_dir, filings_wild_dir):
    """PG&E's Q1 2023 release prints "Net Income Per Common Share, Diluted $ 0.27 $ 0.22": the diluted EPS. Patriot's
    2017 report prints the shares "used in computing basic earnings per common share" (3,299): a count of shares,
    never read as EPS."""
    pge = _facts(financebench_extra_dir / "pdfs" / "PG_E_2023_EARNINGS_dated-2023-05-04.pdf")
    assert pge[("eps_diluted", 2023, "Q1")].value == 0.27 and pge[("eps_basic", 2023, "Q1")].value == 0.29
    from loaders.facts import extract_facts

    meta, pages = read_document(filings_wild_dir / "pdfs" / "PatriotTransportation_2017_AnnualReport.pdf")
    per_share = [f.value for f in extract_facts(meta, pages) if f.metric in ("eps_basic", "eps_diluted")]
    assert per_share and all(abs(v) < 100 for v in per_share), per_share
