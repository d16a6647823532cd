"""`finrag ask`: readable and JSON output, exit codes, a busy store, no key in output."""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace

import pytest

from cli.ask import render
from cli.main import main
from finrag.models import Answer, Citation
from strategies.dispatch import answer_question
from tests.support.fake_openai import Error, FakeOpenAI
from tests.support.tables import read_table

SECRET = "sk-test-SECRET123"
JSON_KEYS = {
    "status", "answer", "citations", "strategy", "route_reason", "stopped_by", "engine", "searches",
    "llm_calls", "tokens_in", "tokens_out", "cost_usd", "latency_s", "trace",
}


@pytest.fixture
def store(sample_store_copy, monkeypatch, embedding_cache_dir):
    monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))
    return str(sample_store_copy)


def test_json_output_has_the_answer_record(store, capsys):
    code = main(["ask", "What is EBITDA?", "--json", "--store", store])
    record = json.loads(capsys.readouterr().out)
    assert code == 0
    assert record.keys() >= JSON_KEYS
    assert (record["status"], record["strategy"], record["engine"]) == ("answered", "direct", "offline")


def test_readable_output_and_forced_strategy(store, capsys):
    code = main(["ask", "What is a zorblax coefficient?", "--strategy", "direct", "--store", store])
    out = capsys.readouterr().out
    assert code == 0  # not found is an answer, not a failure
    assert "not found" in out
    assert "strategy: direct" in out and "route: forced by user: direct" in out


def test_llm_failure_is_said_exits_1_and_never_prints_the_key(store, capsys, monkeypatch):
    with FakeOpenAI() as server:
        server.default = Error(500, f"echoing {SECRET}")
        monkeypatch.setenv("FINRAG_LLM_BASE_URL", server.url)
        monkeypatch.setenv("FINRAG_LLM_API_KEY", SECRET)
        monkeypatch.setenv("FINRAG_LLM_MAX_RETRIES", "0")
        code = main(["ask", "What is EBITDA?", "--json", "--store", store])
    out, err = capsys.readouterr()
    assert code == 1  # answered from the glossary, but the configured LLM is broken: say so
    record = json.loads(out)
    assert (record["engine"], record["fallback"]) == ("offline", "http_error")
    assert SECRET not in out + err


def test_busy_store_exits_2_with_a_clear_message(sample_services, capsys):
    # The session's services hold the sample store; a second opener must be told, not crash.
    code = main(["ask", "What is EBITDA?", "--store", str(sample_services.settings.store_dir)])
    err = capsys.readouterr().err
    assert code == 2
    # who holds it (this test process, named by its program), and since when
    assert re.search(rf"in use by another process: `pytest` \(pid {os.getpid()}\), since \d\d:\d\d UTC \(", err), err


def test_sources_print_one_based_pages_with_quotes(sample_services, sample_dir):
    from samples.truth import load_questions

    fact = next(q for q in load_questions(sample_dir) if q.type == "fact" and q.answerable)
    answer = answer_question(fact, replace(sample_services, llm=None), "single")
    assert answer.citations, answer.reason
    text = render(answer)
    first = answer.citations[0]
    (row, *_) = read_table(text, "Sources (p.N is one-based)")
    assert (row["document"], row["page"]) == (first.doc, f"p.{first.page + 1}")
    assert row["columns (period of each figure)"] == " | ".join(first.columns) != ""  # a statement row
    assert "route: forced by user: single" in text


def test_render_shows_reason_when_not_answered():
    answer = Answer(status="not_found", answer="not found in the reports", strategy="single",
                    reason="searched Acme FY2022 capex", citations=[
                        Citation(doc="acme_2022_10K", page=0, chunk_id="c1", quote="Capital   expenditures 12")])
    text = render(answer)
    assert "Reason: searched Acme FY2022 capex" in text
    assert read_table(text, "Sources (p.N is one-based)") == [{
        "document": "acme_2022_10K", "page": "p.1", "quote": "Capital expenditures 12",
        "columns (period of each figure)": "",
    }]  # fmt: skip



def test_company_not_in_the_store_is_not_found_naming_it_and_the_nearest_names(store, capsys):
    code = main(["ask", "What was capex?", "--company", "Apple", "--json", "--store", store])
    record = json.loads(capsys.readouterr().out)
    assert code == 0  # a refusal is an answer (README: exit codes of ask), never "answered"
    assert record["status"] == "not_found" and not record["citations"]
    assert "Apple is not in the store; nearest: " in record["answer"]


def test_company_option_filters_to_that_company(store, capsys):
    code = main(["ask", "What was capex?", "--company", "nwrb", "--period", "FY2023", "--json", "--store", store])
    record = json.loads(capsys.readouterr().out)
    assert code == 0 and record["status"] == "answered", record["answer"]
    assert record["citations"]
    assert {c["doc"] for c in record["citations"]} == {"northwind-robotics_2023_10K"}
    search = next(s for s in record["trace"] if s["step"] == "search")
    assert search["filters"]["companies"] == ["Northwind Robotics"]  # a filter, not words added to the query
