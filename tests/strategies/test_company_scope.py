"""Never another company's answer: the asker's company hint filters like a company the
question names, a company the store does not hold is named as missing, and a question naming
no company in a store of several is not answered from whichever company ranked first.

On the real embedded store of the sample corpus (4 fictional companies, 2 years each).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from finrag.models import Question
from strategies.dispatch import answer_question


@pytest.fixture
def offline(sample_services):
    return replace(sample_services, llm=None)


def ask(services, text: str, strategy: str = "auto", **hints):
    return answer_question(Question(id="scope", question=text, **hints), services, strategy)


def company_of(doc: str) -> str:
    return doc.rsplit("_", 2)[0]


@pytest.mark.parametrize("strategy", ["auto", "single", "iterative", "graph"])
def test_a_company_hint_the_store_does_not_hold_is_not_found_naming_it_and_the_nearest(offline, strategy):
    held = [c.name for c in offline.catalog().companies]
    answer = ask(offline, "What was capex?", strategy, company="Apple")
    assert answer.status == "not_found", answer.answer
    assert not answer.citations and answer.value is None  # no other company's figure
    assert "Apple is not in the store; nearest: " in answer.answer
    nearest = answer.answer.split("nearest: ", 1)[1].split(".", 1)[0].split(", ")
    assert len(nearest) == 3 and set(nearest) <= set(held)


def test_a_company_named_in_the_question_that_the_store_does_not_hold_gets_the_nearest_names(offline):
    answer = ask(offline, "What was Apple's capex in FY2023?")
    assert answer.status == "not_found"
    assert "Apple is not in the store; nearest: " in answer.answer


@pytest.mark.parametrize("strategy", ["auto", "single", "iterative"])
def test_a_company_hint_in_the_store_filters_to_it_however_it_is_typed(offline, strategy):
    # A lower-case ticker, as typed into a form field: the catalog resolves it.
    answer = ask(offline, "What was capex?", strategy, company="nwrb", period="FY2023")
    assert answer.status == "answered", answer.answer
    assert answer.citations
    assert {company_of(c.doc) for c in answer.citations} == {"northwind-robotics"}
    searches = [s for s in answer.trace if s.step == "search" and s.filters]
    assert searches and all(s.filters["companies"] == ["Northwind Robotics"] for s in searches[:1])


@pytest.mark.parametrize(("question", "strategy"), [
    ("What was capex in FY2023?", "auto"),  # routed single
    ("What was revenue in FY2022 and FY2023?", "auto"),  # routed to the iterative agent
    ("What was capex in FY2023?", "iterative"),
])
def test_a_question_naming_no_company_asks_which_one_listing_the_companies(offline, question, strategy):
    held = {c.name for c in offline.catalog().companies}
    answer = ask(offline, question, strategy)
    assert answer.status == "needs_company", answer.answer
    assert not answer.citations and answer.value is None
    listed = answer.answer.split("companies: ", 1)[1].split(". ", 1)[0].split(", ")
    assert len(listed) >= 2 and set(listed) <= held


@pytest.mark.parametrize("strategy", ["auto", "single", "iterative"])
def test_definitions_from_the_glossary_are_still_answered(offline, strategy):
    # General knowledge: no company's filing is read, so no company needs naming.
    assert ask(offline, "What is EBITDA?", strategy).status == "answered"


def test_a_question_about_all_companies_is_still_answered(offline):
    assert ask(offline, "Which company had the highest revenue in FY2023?").status == "answered"


def test_the_graph_never_answers_for_a_company_hint_the_store_does_not_hold(offline):
    # A question the graph answers from facts across companies, restricted to Apple by the hint.
    answer = ask(offline, "Which company had the highest revenue in FY2023?", "graph", company="Apple")
    assert answer.status == "not_found" and not answer.citations
    assert "Apple is not in the store" in answer.answer


def test_a_period_hint_that_cannot_be_read_is_said_not_answered_for_another_period(offline):
    answer = ask(offline, "What was capex?", company="Helix Dynamics", period="second quarter")
    assert answer.status == "not_found" and not answer.citations
    assert "'second quarter' could not be read" in answer.answer


def test_a_not_found_written_from_several_companies_evidence_asks_which_company(offline):
    # Unanswerable as asked, and what was found belongs to whichever company ranked first.
    answer = ask(offline, "Who is the CFO?")
    assert answer.status == "needs_company", answer.answer
    assert "Which company?" in answer.answer


def test_a_question_naming_a_company_no_pattern_places_stays_not_found(offline):
    # "Bluewater Aerospace" is not in the store: "not found", not "which company?".
    answer = ask(offline, "Who audits Bluewater Aerospace?")
    assert answer.status == "not_found", answer.answer
