"""Periods and metrics read from ERC-style questions.

A day named in a question ("as of January 28, 2023", "in June 30, 2022", "for the year ended
31 March 2022") is read as the fiscal year of the held filing whose period ends that day; a
day no held filing ends on keeps its calendar year (a year the filings do not cover stays
missing, and is answered "not found"). A company's name never counts as a metric."""

from __future__ import annotations

from finrag.models import CatalogCompany, CatalogFiling, StoreCatalog
from retrieval.periods import parse_periods
from retrieval.query_understanding import understand

# A retailer whose "fiscal 2022" ends in January 2023 (the 52-53 week year many retailers keep),
# and a UK fund manager whose year ends on 31 March.
CATALOG = StoreCatalog(
    companies=[
        CatalogCompany(name="Harbor Retail", fiscal_years=[2021, 2022], filings=[
            CatalogFiling(doc="harbor-2021", form="10-K", fiscal_year=2021, period_end="2022-01-29"),
            CatalogFiling(doc="harbor-2022", form="10-K", fiscal_year=2022, period_end="2023-01-28"),
        ]),
        CatalogCompany(name="Mercia", legal_names=["Mercia Asset Management PLC"], fiscal_years=[2022], filings=[
            CatalogFiling(doc="mercia-2022", form="annual", fiscal_year=2022, period_end="2022-03-31"),
        ]),
    ],
    fiscal_years=[2021, 2022],
)


def test_days_are_read_in_every_way_reports_write_them():
    assert parse_periods("EPS in June 30, 2023?").dates == ["2023-06-30"]
    assert parse_periods("as of 31 March 2022").dates == ["2022-03-31"]
    assert parse_periods("for the year ended 31st December, 2022").dates == ["2022-12-31"]


def test_a_day_a_filing_ends_on_is_that_filings_fiscal_year():
    u = understand('What were the total assets of "Harbor Retail" as of January 28, 2023?', CATALOG)
    assert u.fiscal_years == [2022]
    assert not u.missing_years


def test_a_day_no_filing_ends_on_keeps_its_calendar_year():
    u = understand('What was the total assets of "Mercia Asset Management PLC" in June 30, 2025?', CATALOG)
    assert u.fiscal_years == [2025]
    assert u.missing_years == [2025]


def test_a_period_end_named_like_the_report_does_is_its_year():
    u = understand('What was the revenue of "Mercia Asset Management PLC" for the year ended 31 March 2022?', CATALOG)
    assert u.fiscal_years == [2022]


def test_a_company_name_is_not_read_as_a_metric():
    # "Mercia Asset Management PLC" names no assets: the question asks for revenue only.
    u = understand('What was the total revenue of "Mercia Asset Management PLC" in the fiscal year 2021?', CATALOG)
    assert u.metrics == ["revenue"]


def test_a_quarter_named_by_its_last_day_is_the_held_quarterly_filing_ending_then():
    catalog = StoreCatalog(companies=[
        CatalogCompany(name="McDonald's", fiscal_years=[2023], filings=[
            CatalogFiling(doc="mcd-q1", form="earnings", fiscal_year=2023, period="2023Q1", period_end="2023-03-31")]),
        # a September year: the quarter ended December 31, 2022 is its fiscal 2023 Q1
        CatalogCompany(name="Apple", fiscal_years=[2023], filings=[
            CatalogFiling(doc="aapl-q1", form="10-Q", fiscal_year=2023, period="2023Q1", period_end="2022-12-31")]),
    ], fiscal_years=[2023])
    assert understand("What were McDonald's total revenues for the quarter ended March 31, 2023?", catalog).periods == [
        "2023Q1"]
    assert understand("Apple's net sales for the three months ended December 31, 2022?", catalog).periods == ["2023Q1"]
    # six months, or a day no quarterly filing ends on: no quarter is read
    assert understand("McDonald's revenues for the six months ended March 31, 2023?", catalog).periods == []
    assert understand("McDonald's revenues for the quarter ended June 30, 2023?", catalog).periods == []
