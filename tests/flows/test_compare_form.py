"""The `compare` deployment's run form: typed parameters with titles, descriptions, defaults."""

from __future__ import annotations

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
