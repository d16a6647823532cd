"""The page stage on real shared filings: every page of a filing scored as a whole page,
without embedding, and the page that answers comes first.

The candidates are ALL pages of the filing(s) with no first-stage rank, which is harder
than the retriever's shortlist: the scorer alone has to find the page.
"""

from __future__ import annotations

import pytest

from finrag.models import StoreCatalog
from loaders.document import load_document
from retrieval.page_rerank import (
    FilingPages,
    PageCandidate,
    PageWeights,
    rerank_pages,
)
from retrieval.query_understanding import understand
from retrieval.sections import QuestionNeeds, explains_changes, page_sections, question_needs


def _candidates(financebench_dir, name: str) -> list[PageCandidate]:
    filing = FilingPages(load_document(financebench_dir / "pdfs" / f"{name}.pdf").chunks)
    return [filing.candidate(name, p, None) for p in sorted(filing.pages)]


@pytest.fixture(scope="module")
def boeing(financebench_dir) -> list[PageCandidate]:
    return _candidates(financebench_dir, "BOEING_2022_10K")


@pytest.fixture(scope="module")
def pfizer(financebench_dir) -> list[PageCandidate]:
    return _candidates(financebench_dir, "PFIZER_2022_10K") + _candidates(financebench_dir, "Pfizer_2023Q2_10Q")


def _ranked(question: str, candidates: list[PageCandidate], weights: PageWeights | None = None):
    u = understand(question, StoreCatalog())
    text = u.search_text or question
    return rerank_pages(text, question_needs(text, u.periods, u.statements), candidates, weights)


def _page(candidates: list[PageCandidate], number: int) -> PageCandidate:
    return next(c for c in candidates if c.page == number)


def test_a_drivers_question_gets_the_results_discussion_that_explains_the_change(boeing):
    ranked = _ranked("What drove the increase in Boeing's total revenues in 2022?", boeing)
    top = _page(boeing, ranked[0].page)
    # Consolidated results of operations: "Revenues increased ... primarily due to higher deliveries".
    assert ranked[0].page == 23
    assert "results_discussion" in ranked[0].sections and ranked[0].causal > 0
    assert "primarily due to" in top.text and "Revenues" in top.text
    assert "explains changes" in ranked[0].reason(PageWeights())


def test_a_litigation_question_gets_legal_proceedings_not_the_table_of_contents(boeing):
    ranked = _ranked("Is Boeing involved in any material legal proceedings?", boeing)
    # Item 3 (p.20) and the legal proceedings note (pp.112-113, the 737 MAX actions).
    assert ranked[0].page in {19, 111, 112}
    assert ranked[0].sections == ["legal"]
    # The table of contents names "Legal Proceedings" with a page number: not a heading.
    contents = _page(boeing, 1)
    assert "Legal Proceedings" in contents.text and "legal" not in page_sections([], [], contents.text)


def test_an_executive_question_gets_the_executive_officers_list(boeing):
    ranked = _ranked("Who are Boeing's executive officers and what roles did they hold before?", boeing)
    top = _page(boeing, ranked[0].page)
    assert "executives" in ranked[0].sections
    # Item 10's list: name, age, roles held and since when.
    assert "Principal Occupation" in top.text and "Chief" in top.text and "served" in top.text


def _first_stage(candidates: list[PageCandidate], pages: list[int]) -> list[PageCandidate]:
    """The candidates the first stage found, in its order (the rest are not candidates)."""
    return sorted((c.model_copy(update={"first_rank": pages.index(c.page)}) for c in candidates if c.page in pages),
                  key=lambda c: c.first_rank)


def test_after_the_first_stage_a_drivers_question_gets_a_page_that_explains_not_the_statement(boeing):
    question = "What drove the increase in Boeing's total revenues in 2022?"
    # The hybrid search over the 53 dev filings ranks the statement of operations (p.55) first:
    # it shows the increase, it does not explain it.
    found = _first_stage(boeing, [54, 39, 27, 29, 30, 23, 61, 42, 40, 63])
    ranked = _ranked(question, found)
    top = _page(boeing, ranked[0].page)
    assert "results_discussion" in ranked[0].sections and ranked[0].causal > 0
    assert "primarily due to" in top.text and "revenues" in top.text
    # Without the section and the explanation parts the statement keeps the lead.
    assert _ranked(question, found, PageWeights(section=0.0, causal=0.0))[0].page == 54


def test_after_the_first_stage_an_executive_question_gets_the_officers_list_not_an_exhibit(boeing):
    question = "Who are Boeing's executive officers and what roles did they hold before?"
    # The hybrid search ranks a compensation plan exhibit (p.157) first and the pages of
    # executive officers 5th to 7th. The exhibit keeps first place (the first stage's best
    # page stays strongest); the executive pages rise above the exhibits ranked 2nd to 4th.
    found = _first_stage(boeing, [156, 136, 188, 189, 6, 127, 129])
    ranked = _ranked(question, found)
    assert [p.page for p in ranked[:3]] == [156, 129, 6] and all("executives" in p.sections for p in ranked[1:3])
    assert [p.page for p in _ranked(question, found, PageWeights(section=0.0))[:3]] == [156, 136, 188]


def test_a_question_about_the_business_gets_item_1_business_not_the_segment_note(boeing):
    question = "Who are the primary customers of Boeing as of FY2022?"
    # The first stage put the segment note (its revenue by customer table) first and Item 1
    # second: the page stage reads "customers" as a question about the business.
    ranked_first = [c.model_copy(update={"first_rank": {116: 0, 3: 1}.get(c.page)}) for c in boeing]
    ranked = _ranked(question, ranked_first)
    assert ranked[0].page == 3 and ranked[0].sections == ["business"]
    assert "Item 1. Business" in _page(boeing, 3).labels
    assert "section business" in ranked[0].reason(PageWeights())
    # Without the section part the segment note keeps the lead.
    assert _ranked(question, ranked_first, PageWeights(section=0.0))[0].page == 116


def test_a_question_about_customers_also_gets_the_risk_factors_that_say_whom_the_company_depends_on(boeing):
    question = "Who are the primary customers of Boeing as of FY2022?"
    # The hybrid search's first 30 pages over the 53 dev filings, in its order (the segment
    # note's revenue-by-customer table first); p.10 says "We derive a substantial portion of
    # our revenue from the U.S. government", under "Risks Related to Our Business".
    found = _first_stage(boeing, [117, 4, 29, 32, 45, 42, 28, 18, 2, 39, 9, 21, 113, 40, 11, 23, 112, 129, 1, 62,
                                  81, 86, 55, 15, 148, 41, 56, 80, 152, 20])
    ranked = _ranked(question, found)
    assert 9 in [p.page for p in ranked[:3]]
    assert next(p for p in ranked if p.page == 9).sections == ["risk_factors"]
    assert "substantial portion of our revenue from the U.S. government" in " ".join(_page(boeing, 9).text.split())
    # Read as a question about Item 1 alone, the page stays below the first five.
    only_business = rerank_pages(question, QuestionNeeds(sections=["business"]), found)
    assert 9 not in [p.page for p in only_business[:5]]


def test_a_section_nearly_every_candidate_is_in_does_not_outrank_the_first_stages_best_page(boeing):
    # A drivers question whose first stage found the statement (p.55) and the segment data
    # first and then eight pages of the 32-page MD&A: the section tells those ten apart
    # little, and the first stage's best page keeps the lead (on fresh, PG&E's drivers
    # question lost its answering note from 1st to 5th to MD&A pages this way).
    question = "What drove the increase in Boeing's total revenues in 2022?"
    found = _first_stage(boeing, [54, 61, 21, 22, 23, 24, 25, 26, 27, 28])
    ranked = _ranked(question, found)
    assert ranked[0].page == 54 and ranked[1].sections == ["results_discussion"]
    assert ranked[1].section < 0.5  # 8 of 10 candidates in the MD&A: a fifth of the bonus
    # Counting the section in full however many candidates share it, an MD&A page wins.
    assert _ranked(question, found, PageWeights(section_spread=0.0))[0].page == 21


def test_a_quarter_question_gets_the_quarterly_report(pfizer):
    question = "What were Pfizer's total revenues in the second quarter of 2023?"
    # A first stage that ranked the annual report's pages three places above the quarter's (as a
    # revenue question with the annual filing's statement boost does).
    ranked_first = [c.model_copy(update={"first_rank": 0 if c.doc == "PFIZER_2022_10K" else 3}) for c in pfizer]
    ranked = _ranked(question, ranked_first)
    assert ranked[0].doc == "Pfizer_2023Q2_10Q" and ranked[0].kind == 1.0
    assert "filing kind" in ranked[0].reason(PageWeights())
    # Without the filing-kind part the annual report keeps the lead.
    assert _ranked(question, ranked_first, PageWeights(kind=0.0))[0].doc == "PFIZER_2022_10K"


def test_question_needs_read_sections_and_filing_kind_from_words_alone():
    assert question_needs("What drove the margin decline?").sections == ["results_discussion"]
    # "Why" of an event, a programme named in capitals: no change of a measure to explain.
    assert question_needs("Whom did Oracle buy in fiscal 2015, at what price per share, and why?").sections == []
    assert question_needs("Why did Salesforce announce a restructuring plan?").sections == []
    assert question_needs("What savings does FedEx expect from its DRIVE program?").sections == []
    assert question_needs("Why did revenues fall in fiscal 2017?").sections == ["results_discussion"]
    assert question_needs("What drove the increase in expenses?").sections == ["results_discussion"]
    assert question_needs("Any ongoing lawsuits or investigations?").sections == ["legal"]
    assert question_needs("Who is the new CFO?").sections == ["executives"]
    assert question_needs("Which notes due 2030 are registered?").sections == ["debt_securities"]
    assert question_needs("Who are its primary customers?").sections == ["business", "risk_factors"]
    assert question_needs("In which geographies does it operate?").sections == ["business", "risk_factors"]
    assert question_needs("Is the business seasonal?").sections == ["business", "risk_factors"]
    assert question_needs("What was adjusted EBITDA?").filing_kind == "release"
    assert question_needs("Revenue in Q2?", ["2023Q2"]).filing_kind == "quarterly"
    # A drivers question is answered by the discussion, not by the statement its metric is on.
    assert question_needs("Why did operating income fall?", statements=["income_statement"]).statements == []
    assert question_needs("What was operating income?", statements=["income_statement"]).statements == [
        "income_statement"
    ]
    assert explains_changes("Sales rose primarily due to volume, partially offset by price.") > 0
    assert explains_changes("Sales 100 120 Cost of sales 60 70") == 0


@pytest.fixture(scope="module")
def ebay_2018(financebench_extra_dir) -> list[PageCandidate]:
    return _candidates(financebench_extra_dir, "EBAY_2018_10K")


@pytest.fixture(scope="module")
def oracle_2016(financebench_extra_dir) -> list[PageCandidate]:
    return _candidates(financebench_extra_dir, "ORACLE_2016_10K")


def test_a_drivers_question_gets_the_md_and_a_whose_item_heading_was_cut_short(ebay_2018):
    # eBay's 10-K prints "ITEM 7: MANAGEMENT'S DISCUSSION AND ANALYSIS ..." over lines, and its
    # pages carry the label "Item 7. MANAGEMENT'S" alone: still the MD&A (Item 7 of a 10-K).
    question = "Which of eBay's revenue lines grew fastest in 2018, and what drove it?"
    labels = _page(ebay_2018, 40).labels
    assert labels and all("discussion" not in label.lower() for label in labels)
    assert "results_discussion" in page_sections(labels, [], "")
    ranked = _ranked(question, ebay_2018)
    # Pp.37-41: net revenues by line, "primarily due to", marketing services and other revenues.
    assert ranked[0].page in {36, 37, 40} and "results_discussion" in ranked[0].sections
    assert "Revenues" in _page(ebay_2018, ranked[0].page).text


def test_a_lawsuit_question_gets_the_legal_note_numbered_without_the_word_note(oracle_2016):
    # Oracle's notes are headed "18. LEGAL PROCEEDINGS", mid-page, under a running label of
    # another statement: the heading alone says the page is in the legal section.
    question = ("What is the Hewlett-Packard (Itanium) lawsuit against Oracle described in Oracle's fiscal 2016 "
                "annual report about, and what was its status?")
    ranked = _ranked(question, oracle_2016)
    top = _page(oracle_2016, ranked[0].page)
    assert ranked[0].page == 134 and ranked[0].sections == ["legal"]
    assert "LEGAL PROCEEDINGS" in top.text and "Hewlett-Packard" in top.text

