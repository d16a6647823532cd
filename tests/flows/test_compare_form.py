"""The `compare` deployment's run form: typed parameters with titles, descriptions, defaults."""

from __future__ import annotations

import pytest
from prefect.utilities.callables import parameter_schema

from flows.compare import COMPARED, CompareRequest, compare_strategies
from flows.comparison import build_comparison
from flows.report import render_markdown
from tests.flows.test_report import exact_scorer, runs


def test_the_form_has_a_question_file_a_strategies_list_and_a_store_each_described():
    schema = parameter_schema(compare_strategies).model_dump_for_openapi()
    (request,) = schema["properties"].values()  # one parameter: the form
    fields = schema["definitions"]["CompareRequest"]["properties"]
    assert request["$ref"].endswith("CompareRequest") and schema["required"] == ["request"]
    assert {"questions_file", "strategies", "store"} <= set(fields)
    assert all(f.get("title") and f.get("description") for f in fields.values())
    assert fields["strategies"]["type"] == "array" and fields["strategies"]["items"]["$ref"].endswith("CompareStrategy")
    assert schema["definitions"]["CompareStrategy"]["enum"] >= list(COMPARED)  # a multi-select, not free text
    assert "anyOf" not in fields["store"] and fields["store"]["default"] == ""  # no "None" toggle
    assert CompareRequest(questions_file="q.csv").strategies == list(COMPARED)


def test_a_bare_name_is_found_in_the_inbox_or_where_the_nightly_run_moved_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    inbox = tmp_path / "inbox"
    (inbox / "processed" / "2026-11-30").mkdir(parents=True)
    (inbox / "processed" / "2026-11-30" / "old.csv").write_text("question\n")
    (inbox / "new.csv").write_text("question\n")
    (tmp_path / "here.csv").write_text("question\n")
    assert CompareRequest(questions_file="new.csv").questions_path(inbox) == inbox / "new.csv"
    assert CompareRequest(questions_file="old.csv").questions_path(inbox) == inbox / "processed/2026-11-30/old.csv"
    assert CompareRequest(questions_file="here.csv").questions_path(inbox).resolve() == tmp_path / "here.csv"
    assert CompareRequest(questions_file="/elsewhere/q.csv").questions_path(inbox).as_posix() == "/elsewhere/q.csv"
    assert CompareRequest(questions_file="q.csv").output_dir("2026-12-01").as_posix() == "out/compare/q-2026-12-01"


def test_the_summary_artifact_leads_with_the_verdict():
    c = build_comparison(runs(), exact_scorer)
    markdown = render_markdown(c, report_path="/tmp/report.html")
    first = [line for line in markdown.splitlines() if line.strip() and not line.startswith("#")][0]
    assert first == f"**{c.verdict}**" and "single-shot" in c.verdict


@pytest.mark.slow
def test_the_compare_flow_puts_the_verdict_and_tables_on_its_run_page(sample_store_copy, sample_dir, tmp_path,
                                                                      embedding_cache_dir, monkeypatch):  # fmt: skip
    """On a real Prefect server: the decision is readable from the UI, not only as a worker path."""
    import json

    from prefect.settings import PREFECT_API_URL, temporary_settings

    from flows.outcome import result_of
    from tests.support.prefect_server import api, shared_prefect_server

    monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))
    rows = [json.loads(line) for line in (sample_dir / "questions.jsonl").read_text().splitlines()]
    picked = [next(r for r in rows if r["type"] == kind) for kind in ("fact", "definition", "unanswerable")]
    questions = tmp_path / "three.jsonl"
    questions.write_text("".join(json.dumps(r) + "\n" for r in picked))
    server = shared_prefect_server()
    request = CompareRequest(questions_file=str(questions), store=str(sample_store_copy), out_dir=str(tmp_path / "out"),
                             strategies=["single", "iterative"])  # fmt: skip
    with temporary_settings({PREFECT_API_URL: server.api_url}):
        state = compare_strategies(request, return_state=True)
        result_of(state)
    run_id = str(state.state_details.flow_run_id)
    artifacts = {a["key"]: a for a in api(server, "POST", "/artifacts/filter",
                                          {"artifacts": {"flow_run_id": {"any_": [run_id]}}})}  # fmt: skip
    summary = artifacts["compare-summary"]
    assert summary["type"] == "markdown"
    lines = [line for line in summary["data"].splitlines() if line.strip() and not line.startswith("#")]
    assert lines[0].startswith("**iterative is right on ") and "against single-shot" in lines[0]  # the verdict
    assert "| strategy | against | won | lost |" in summary["data"]  # the pairs, with McNemar
    assert "1 text answer (definitions, explanations) not scored" in summary["data"]  # which scorer
    assert artifacts["compare-questions"]["type"] == "table"
    assert len(json.loads(artifacts["compare-questions"]["data"])) == 3
