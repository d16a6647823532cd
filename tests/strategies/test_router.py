"""The router: deterministic features decide clear questions; the LLM classifier the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.config import load_settings
from finrag.llm import LLMClient
from finrag.models import CatalogCompany, Question, StoreCatalog
from finrag.vocabulary import load_vocabulary
from strategies.router import RouteChoice, forced, route, route_with
from tests.support.fake_openai import Error, FakeOpenAI, ToolCall

CATALOG = StoreCatalog(
    companies=[
        CatalogCompany(name="Northwind Robotics", legal_names=["Northwind Robotics, Inc."],
                       tickers=["NWRB"], fiscal_years=[2021, 2022, 2023]),
        CatalogCompany(name="Acme Foods", legal_names=["Acme Foods Corporation"],
                       tickers=["ACMF"], fiscal_years=[2021, 2022, 2023]),
        CatalogCompany(name="Helios Energy", legal_names=["Helios Energy plc"],
                       tickers=["HLIO"], fiscal_years=[2022, 2023]),
    ],
    fiscal_years=[2021, 2022, 2023],
)
VOCABULARY = load_vocabulary()


def decide(text: str, llm: LLMClient | None = None):
    return route_with(Question(id="q", question=text), CATALOG, VOCABULARY, llm)


@pytest.mark.parametrize(
    ("text", "strategy", "reason_part"),
    [
        ("What is EBITDA?", "direct", "definition"),
        ("How is the quick ratio computed?", "direct", "definition"),
        ("What does free cash flow mean?", "direct", "definition"),
        ("What was Northwind Robotics' FY2022 capex?", "single", "1 company"),
        ("What were Acme Foods' total assets at the end of FY2023?", "single", "1 metric"),
        ("Compare the FY2023 revenue of Acme Foods and Helios Energy.", "iterative", "2 companies"),
        # a pick among the companies it names is a comparison of those (answering.company_comparison)
        ('Which company had a higher total assets: "Acme Foods" or "Helios Energy", in the fiscal year 2023?',
         "iterative", "2 companies"),
        ("How did Northwind Robotics' revenue change from FY2021 to FY2023?", "iterative", "fiscal years"),
        ("What were Acme Foods' revenue and net income in FY2022?", "iterative", "2 metrics"),
        ("What was Helios Energy's FY2023 EBITDA margin?", "iterative", "statements"),
        ("Why did Northwind Robotics' operating margin fall in FY2023?", "iterative", "why"),
        ("Who audits Acme Foods?", "graph", "relationship"),
        ("Who is the CEO of Helios Energy?", "graph", "relationship"),
        ("What are Northwind Robotics' subsidiaries?", "graph", "relationship"),
        ("Which companies share an auditor with Acme Foods?", "graph", "many companies"),
        ("Rank the companies by FY2023 revenue.", "graph", "many companies"),
    ],
)
def test_clear_questions_are_routed_by_rules_with_a_reason(text, strategy, reason_part):
    decision = decide(text)
    assert (decision.strategy, decision.engine) == (strategy, "rules"), decision.reason
    assert reason_part in decision.reason


@pytest.mark.parametrize("text", [
    "Did Helios Energy have a change in CEO in the fiscal year 2023? If there is no mention, return False.",
    "Is Acme Foods' auditor a Big Four firm?",
    # a second ask joined on: the relation's name answers only its first part
    "Who is the CEO of Helios Energy as of FY2018 and since when has he held the role?",
])
def test_a_question_a_relations_name_does_not_answer_is_not_a_graph_lookup(text):
    # the graph answers who the CEO or the auditor is: a name, which answers no yes/no question
    assert decide(text).strategy != "graph"



def test_companies_a_named_company_did_a_deed_to_are_no_question_over_the_store():
    # "which companies did Acme acquire": the companies its own filing names as acquired
    assert decide("Which companies did Acme Foods acquire in 2020 for a cash consideration of $0.7 billion or "
                  "more?").strategy != "graph"
    # what it sold of theirs is its own deed too (eBay's Adevinta, Adyen and KakaoBank shares, once answered from the
    # graph with eBay's cash balance)
    assert decide("Which companies' shares did Acme Foods sell in 2022, receiving cash proceeds of $1.1 billion in "
                  "the aggregate?").strategy != "graph"
    assert decide("Which companies share an auditor with Acme Foods?").strategy == "graph"
    # no named doer: a comparison over the store
    assert decide("Among the Technology companies, which company did the best on operating margin in 2022?").strategy \
        == "graph"


def test_companies_the_store_lacks_still_count_as_companies():
    decision = decide("Compare the FY2022 revenue of Tesla and Ford Motor Company.")
    assert decision.strategy == "iterative"
    assert len(decision.features.companies) == 2


def test_a_company_hint_on_the_question_counts():
    question = Question(id="q", question="What was capex in FY2022?", company="Acme Foods")
    decision = route_with(question, CATALOG, VOCABULARY, None)
    assert decision.strategy == "single"
    assert decision.features.companies == ["Acme Foods"]


def test_offline_unclear_question_defaults_to_single_and_says_so():
    decision = decide("Is Northwind Robotics' business subject to cyclicality?")
    assert decision.strategy == "single"
    assert "no clear feature" in decision.reason


def test_forcing_a_strategy_skips_routing():
    decision = forced("graph")
    assert (decision.strategy, decision.engine) == ("graph", "forced")
    assert "forced" in decision.reason


@pytest.fixture
def server():
    with FakeOpenAI() as s:
        yield s


def llm_for(server: FakeOpenAI) -> LLMClient:
    settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", router_model="router-m",
                             llm_max_retries=1)
    return LLMClient(settings, backoff_base_s=0.01)


def test_llm_classifier_decides_an_ambiguous_question(server):
    server.script(ToolCall({"strategy": "iterative", "reason": "needs several risk passages"},
                           tokens_in=120, tokens_out=15))
    decision = decide("Is Northwind Robotics' business subject to cyclicality?", llm_for(server))

    assert decision.strategy == "iterative"
    assert decision.engine == "llm:router-m"
    assert "needs several risk passages" in decision.reason
    assert decision.llm_reply is not None and decision.llm_reply.tokens_in == 120
    request = server.requests[0]
    assert request.body["model"] == "router-m"
    assert request.tool_names() == [RouteChoice.__name__]
    assert "cyclicality" in str(request.body["messages"])


def test_llm_choosing_direct_for_a_named_company_is_overruled_to_single(server):
    """Seen with SmolLM2 on llama.cpp: "direct" for a question about a company in the store,
    which then got an uncited answer invented from general knowledge."""
    server.script(ToolCall({"strategy": "direct", "reason": "general question"}))
    decision = decide("Tell me about Northwind Robotics and how its business went", llm_for(server))
    assert decision.strategy == "single"
    assert decision.engine == "llm:router-m" and decision.llm_reply is not None
    assert "direct overruled" in decision.reason and "Northwind Robotics" in decision.reason


def test_llm_may_choose_direct_when_no_company_is_named(server):
    server.script(ToolCall({"strategy": "direct", "reason": "general finance knowledge"}))
    decision = decide("Tell me how businesses usually go", llm_for(server))
    assert decision.strategy == "direct" and "overruled" not in decision.reason


def test_clear_questions_never_call_the_llm(server):
    decision = decide("Who audits Acme Foods?", llm_for(server))
    assert decision.strategy == "graph"
    assert server.requests == []


def test_llm_failure_falls_back_to_single_with_the_reason(server):
    server.default = Error(503, "overloaded")
    decision = decide("Is Northwind Robotics' business subject to cyclicality?", llm_for(server))
    assert decision.strategy == "single"
    assert "router LLM failed" in decision.reason and "HTTP 503" in decision.reason
    assert len(server.requests) == 2  # one try and one retry


@pytest.mark.slow
def test_sample_corpus_questions_route_as_labelled(sample_dir):
    from eval.router import evaluate, sample_catalog
    from samples.truth import load_questions

    questions = [q for q in load_questions(sample_dir) if q.expected_strategy]
    report = evaluate("sample", questions, sample_catalog(sample_dir), VOCABULARY, None)
    misses = [(r.question, r.expected, r.reason) for r in report.rows if r.expected != r.predicted]
    assert report.questions == len(questions) > 0
    assert report.accuracy >= 0.8, misses
    assert {"direct", "single", "iterative", "graph"} <= {r.predicted for r in report.rows}


def test_route_reads_companies_from_the_store_catalog(sample_dir, sample_services):
    from samples.truth import load_truth

    meta = load_truth(sample_dir).documents[0]
    # Only the catalog knows a ticker stands for a company (and which canonical name).
    decision = route(Question(id="q", question=f"What was {meta.ticker}'s revenue in FY2023?"), sample_services)
    assert decision.features.companies == [meta.company]
    assert decision.strategy == "single"


def test_eval_router_cli_prints_a_confusion_table(sample_dir, capsys):
    from cli.main import main

    labels = Path(__file__).resolve().parents[2] / "eval" / "router_labels.jsonl"
    assert main(["eval", "router", "--sample", str(sample_dir), "--labels", str(labels)]) == 0
    out = capsys.readouterr().out
    assert out.count("Router accuracy on") == 2
    assert "expected \\ routed" in out
