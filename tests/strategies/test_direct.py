"""Direct strategy: definitions from the glossary offline, from the writer model with an LLM."""

from __future__ import annotations

from dataclasses import replace

import pytest

from finrag.config import load_settings
from finrag.llm import LLMClient
from finrag.models import Question
from strategies.direct import answer_direct, term_of
from strategies.router import forced
from tests.support.fake_openai import FakeOpenAI, Text

ROUTE = forced("direct")


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("What is EBITDA?", "EBITDA"),
        ("How is the quick ratio computed?", "quick ratio"),
        ("What does free cash flow mean?", "free cash flow"),
        ("Define days payable outstanding.", "days payable outstanding"),
        ("What's the meaning of working capital?", "working capital"),
    ],
)
def test_term_is_read_from_the_question(text, term):
    assert term_of(text) == term


@pytest.fixture
def offline(sample_services):
    return replace(sample_services, llm=None)


@pytest.mark.parametrize(
    ("text", "term"),
    [("What is EBITDA?", "EBITDA"), ("How is the quick ratio computed?", "quick ratio")],
)
def test_offline_answers_from_the_glossary_without_retrieval(offline, text, term):
    answer = answer_direct(Question(id="q", question=text), offline, ROUTE)
    assert answer.status == "answered"
    assert answer.answer.startswith(f"{term[0].upper()}{term[1:]}: {offline.vocabulary.define(term)}")
    assert (answer.strategy, answer.engine, answer.searches, answer.citations) == ("direct", "offline", 0, [])


def test_offline_definition_of_a_derived_metric_shows_its_formula(offline):
    answer = answer_direct(Question(id="q", question="How is the quick ratio computed?"), offline, ROUTE)
    formula = answer.answer.split("Formula: ")[1]
    for key in offline.vocabulary.inputs("quick_ratio"):
        assert offline.vocabulary.label(key) in formula
    assert "_" not in formula  # people read labels, not metric keys


def test_offline_unknown_term_is_not_found_with_a_reason(offline):
    answer = answer_direct(Question(id="q", question="What is a zorblax coefficient?"), offline, ROUTE)
    assert answer.status == "not_found"
    assert "zorblax coefficient" in answer.reason
    assert "not found" in answer.answer


def test_with_an_llm_the_writer_answers_from_general_knowledge(sample_services):
    with FakeOpenAI() as server:
        server.script(Text("EBITDA is earnings before interest, taxes, depreciation and amortization.",
                           tokens_in=60, tokens_out=20))
        settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", writer_model="writer-m",
                                 price_in_per_mtok=1.0, price_out_per_mtok=2.0)
        services = replace(sample_services, llm=LLMClient(settings))
        answer = answer_direct(Question(id="q", question="What is EBITDA?"), services, ROUTE)

    assert answer.status == "answered"
    assert answer.answer.startswith("EBITDA is earnings before interest")
    assert (answer.engine, answer.citations, answer.searches) == ("llm:writer-m", [], 0)
    assert (answer.llm_calls, answer.tokens_in, answer.tokens_out) == (1, 60, 20)
    assert answer.cost_usd == pytest.approx((60 * 1.0 + 20 * 2.0) / 1e6)
    request = server.requests[0].body
    assert request["model"] == "writer-m"
    assert "tools" not in request  # plain chat, no retrieval tools
    assert request["messages"][-1]["content"] == "What is EBITDA?"
