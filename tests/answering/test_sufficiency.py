"""Aspect coverage: which (company, year, metric) figures the evidence holds, and what to search next."""

from __future__ import annotations

from answering.aspects import Aspect, plan_aspects
from answering.sufficiency import assess
from finrag.models import Chunk, SearchHit

INCOME_2023 = """Consolidated Statements of Operations
(in millions, except per share data) 2023 2022
Revenue $ 2,500.0 $ 2,000.0
Operating income 1,310.0 1,203.4"""
BALANCE_2023 = """Consolidated Balance Sheets
(in millions) 2023 2022
Inventories 160.0 140.0
Total current assets 900.0 800.0
Total current liabilities 600.0 500.0"""


def hit(text: str, company: str, year: int, n: int = 0) -> SearchHit:
    c = Chunk(chunk_id=f"{company}-{year}-{n}", doc=f"{company}_{year}_10K", doc_sha256="0" * 64, index=n,
              company=company, fiscal_year=year, page=n, page_end=n, text=text)
    return SearchHit(chunk=c, score=0.5)


def test_aspects_are_companies_by_years_by_base_metrics():
    aspects = plan_aspects(["Acme", "Bolt"], [2023], ["revenue", "operating_income"])
    assert len(aspects) == 4
    assert Aspect(company="Bolt", fiscal_year=2023, metric="operating_income") in aspects


def test_derived_metrics_plan_their_formula_inputs_including_prior_year():
    quick = plan_aspects(["Acme"], [2023], ["quick_ratio"])
    assert {a.metric for a in quick} == {"cash", "short_term_investments", "receivables", "current_liabilities"}
    turnover = plan_aspects(["Acme"], [2023], ["fixed_asset_turnover"])
    assert Aspect(company="Acme", fiscal_year=2022, metric="ppe_net") in turnover  # avg(ppe_net)


def test_coverage_needs_the_right_company_year_and_metric():
    aspects = plan_aspects(["Acme", "Bolt"], [2022, 2023], ["operating_income"])
    coverage = assess(aspects, [hit(INCOME_2023, "Acme", 2023)])
    assert {(a.company, a.fiscal_year) for a in (r.aspect for r in coverage.readings)} == {("Acme", 2022), ("Acme", 2023)}
    assert {a.company for a in coverage.uncovered} == {"Bolt"}
    assert not coverage.complete
    nxt = coverage.next_query
    assert nxt is not None and nxt.aspect in coverage.uncovered
    assert "Bolt" in nxt.text and "Operating income" in nxt.text
    assert nxt.filters.companies == ["Bolt"] and nxt.aspect.fiscal_year in nxt.filters.fiscal_years


def test_complete_when_every_aspect_is_read():
    aspects = plan_aspects(["Acme"], [2023], ["current_ratio"])
    coverage = assess(aspects, [hit(INCOME_2023, "Acme", 2023), hit(BALANCE_2023, "Acme", 2023, 1)])
    assert coverage.complete and coverage.next_query is None
    assert coverage.summary() == "2/2 aspects covered"


def test_next_query_moves_on_when_a_query_was_tried_and_stops_when_all_were():
    aspects = [Aspect(company="Acme", fiscal_year=2023, metric="capex")]
    first = assess(aspects, []).next_query
    second = assess(aspects, [], tried=[first.text]).next_query
    assert second is not None and second.text != first.text
    assert "cash flow" in first.text.lower()  # the statement the metric lives in, first
    assert assess(aspects, [], tried=[first.text, second.text]).next_query is None


def test_prefers_the_years_own_filing_over_a_comparative_column():
    aspects = [Aspect(company="Acme", fiscal_year=2022, metric="revenue")]
    own = """(in millions) 2022 2021
Revenue $ 2,000.0 $ 1,800.0"""
    coverage = assess(aspects, [hit(INCOME_2023, "Acme", 2023), hit(own, "Acme", 2022, 1)])
    assert coverage.readings[0].chunk.fiscal_year == 2022
