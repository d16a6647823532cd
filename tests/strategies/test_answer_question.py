"""The dispatcher: routes, runs the strategy, records how, and never raises."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from finrag.config import load_settings
from finrag.llm import LLMClient
from finrag.models import Question
from strategies.dispatch import answer_question
from tests.support.fake_openai import Error, FakeOpenAI, Text, ToolCall

SECRET = "sk-test-SECRET123"


def ask(text: str, services, strategy: str = "auto", **fields):
    return answer_question(Question(id="t", question=text, **fields), services, strategy)


@pytest.fixture
def offline(sample_services):
    return replace(sample_services, llm=None)


@pytest.fixture
def server():
    with FakeOpenAI() as s:
        yield s


def with_llm(services, server: FakeOpenAI, **overrides):
    settings = load_settings(llm_base_url=server.url, llm_api_key=SECRET, writer_model="writer-m",
                             router_model="router-m", **{"llm_max_retries": 1, **overrides})
    return replace(services, settings=settings, llm=LLMClient(settings, backoff_base_s=0.01))


def test_auto_routes_and_records_the_route(offline):
    answer = ask("What is EBITDA?", offline)
    assert (answer.status, answer.strategy, answer.engine) == ("answered", "direct", "offline")
    assert "definition" in answer.route_reason
    assert answer.trace[0].step == "route"
    assert answer.trace[0].decision.startswith("direct")
    assert answer.latency_s > 0


def test_a_forced_strategy_is_used_and_said(offline):
    answer = ask("What is EBITDA?", offline, strategy="single")
    assert answer.strategy == "single"
    assert answer.route_reason == "forced by user: single"


def test_single_answers_a_sample_fact_with_verified_citations(offline, sample_dir):
    from samples.truth import load_questions

    fact = next(q for q in load_questions(sample_dir) if q.type == "fact" and q.answerable)
    answer = answer_question(fact, offline)
    assert answer.status == "answered", answer.reason
    assert answer.citations
    chunk_texts = {h.chunk.chunk_id: h.chunk.text for h in offline.retriever.search(fact.question, k=50)}
    for citation in answer.citations:
        if citation.chunk_id in chunk_texts:
            assert " ".join(citation.quote.split()) in " ".join(chunk_texts[citation.chunk_id].split())


def test_unknown_strategy_fails_without_raising(offline):
    answer = ask("What is EBITDA?", offline, strategy="telepathy")
    assert answer.status == "failed"
    assert "unknown strategy" in answer.reason


def test_a_crashing_strategy_becomes_a_failed_answer(offline, monkeypatch):
    def crash(question, services, route):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("strategies.direct.answer_direct", crash)
    answer = ask("What is EBITDA?", offline)
    assert (answer.status, answer.strategy) == ("failed", "direct")
    assert "disk on fire" in answer.reason


def test_router_and_writer_calls_are_both_counted(offline, server):
    # Unclear to the rules, so the LLM classifier routes it; then the writer answers.
    server.script(
        ToolCall({"strategy": "direct", "reason": "general concept"}, tokens_in=100, tokens_out=10),
        Text("Cyclicality means results move with the economic cycle.", tokens_in=50, tokens_out=12),
    )
    answer = ask("Is cyclicality a risk for a business?", with_llm(offline, server))
    assert (answer.status, answer.strategy, answer.engine) == ("answered", "direct", "llm:writer-m")
    assert (answer.llm_calls, answer.tokens_in, answer.tokens_out) == (2, 150, 22)
    assert "LLM classifier" in answer.route_reason
    assert [r.body["model"] for r in server.requests] == ["router-m", "writer-m"]


def test_server_errors_fall_back_offline_and_say_why(offline, server):
    server.default = Error(500, "upstream exploded")
    answer = ask("What is EBITDA?", with_llm(offline, server))
    # The glossary answers instead; the answer says it is not the LLM's and why.
    assert (answer.status, answer.engine, answer.fallback) == ("answered", "offline", "http_error")
    assert "HTTP 500" in answer.reason and "2 attempt(s)" in answer.reason
    assert len(server.requests) == 2
    assert answer.llm_calls == 2  # failed attempts are counted too


def test_a_slow_llm_times_out_and_the_answer_says_so(offline, server):
    server.default = Text("too late", delay_s=1.5)
    answer = ask("What is EBITDA?", with_llm(offline, server, llm_timeout_s=0.3, llm_max_retries=0))
    assert (answer.engine, answer.fallback) == ("offline", "timeout")
    assert "timed out" in answer.reason


@pytest.mark.parametrize("strategy", ["single", "direct", "iterative"])
def test_every_strategy_stops_calling_the_llm_at_the_question_deadline(offline, server, strategy):
    import time

    server.default = Text("too late", delay_s=30)
    services = with_llm(offline, server, llm_timeout_s=60, llm_max_retries=3, question_timeout_s=4.0)
    started = time.monotonic()
    answer = ask("What was the FY2023 revenue of Northwind Robotics?", services, strategy=strategy)
    elapsed = time.monotonic() - started
    assert elapsed < 7, f"{strategy} took {elapsed:.1f} s against a 4 s deadline"
    assert answer.engine == "offline" and answer.fallback == "deadline"
    assert answer.stopped_by == "timeout"
    assert answer.llm_calls == len(server.requests) >= 1  # every attempt sent is counted
    time.sleep(2)  # anything still running after the answer would show up now
    assert answer.llm_calls == len(server.requests)


def test_a_dead_endpoint_is_tried_a_few_times_for_the_whole_run(offline):
    from tests.support.prefect_server import free_port

    settings = load_settings(llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_api_key=SECRET,
                             llm_breaker_failures=3)
    services = replace(offline, settings=settings, llm=LLMClient(settings, backoff_base_s=0.01))
    answers = [ask(q, services, strategy="single") for q in (
        "What was the FY2023 revenue of Northwind Robotics?", "What is EBITDA?", "Who audits Northwind?")]
    assert [a.fallback for a in answers] == ["connection", "circuit_open", "circuit_open"]
    assert all(a.engine == "offline" for a in answers)
    assert sum(a.llm_calls for a in answers) == 3


def test_rate_limit_then_success_answers(offline, server):
    server.script(Error(429, retry_after=0), Text("EBITDA is operating income plus D&A."))
    answer = ask("What is EBITDA?", with_llm(offline, server))
    assert answer.status == "answered"
    assert len(server.requests) == 2


def test_api_key_never_appears_in_the_answer_logs_or_stderr(offline, server, caplog, capfd):
    server.default = Error(401, f"Incorrect API key provided: {SECRET}")
    with caplog.at_level(logging.DEBUG):
        answer = ask("What is EBITDA?", with_llm(offline, server))
    assert answer.fallback == "http_error"
    assert SECRET not in answer.model_dump_json()
    assert SECRET not in caplog.text
    out, err = capfd.readouterr()
    assert SECRET not in out + err


def test_the_period_hint_is_said_in_the_question_and_the_company_hint_never_is():
    from strategies.dispatch import with_period_words

    q = Question(id="t", question="What was revenue?", company="Acme Widgets", period="FY2023")
    assert with_period_words(q).question == "What was revenue? (FY2023)"
    said = Question(id="t", question="What was Acme Widgets' revenue in FY2023?", company="acme widgets", period="FY2023")
    assert with_period_words(said) == said  # nothing added when the question already says it


def test_an_answer_uses_the_company_hint_when_the_question_names_none(offline):
    meta = offline.store.documents()[-1]
    answer = ask("What was total revenue?", offline, strategy="single", company=meta.company, period=meta.period)
    assert answer.status == "answered", answer.reason
    assert answer.citations and all(c.doc == meta.doc for c in answer.citations)
