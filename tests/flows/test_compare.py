"""`compare_strategies`' work on the sample corpus: three resumable runs, scored, one report
whose every number is checked against what results.jsonl says, computed independently here
(scipy's binomial test and Wilson interval, not FinRAG's)."""

from __future__ import annotations

import json
import re
import statistics
from itertools import combinations

import pytest
from bs4 import BeautifulSoup
from scipy.stats import binomtest

from answering.scoring import score
from finrag.models import Answer
from flows.batch_io import read_questions
from flows.compare import COMPARED, run_comparison
from flows.compare_scoring import is_text_gold

pytestmark = pytest.mark.slow


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _marks_from_results(out, strategy) -> dict[str, bool | None]:
    """Question id -> right / wrong / unscored, read straight from results.jsonl."""
    marks = {}
    for line in (out / strategy / "results.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        scorable = r["gold"] is not None or r["type"] == "unanswerable"
        # text answers are not scored offline (flows/compare_scoring.py: no key-word overlap)
        scorable = scorable and not is_text_gold(r["gold"], r["type"])
        marks[r["id"]] = score(r["gold"], Answer(**r["answer"]), r["type"]).correct if scorable else None
    return marks


def _latencies(out, strategy) -> list[float]:
    lines = (out / strategy / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["answer"]["latency_s"] for line in lines]


@pytest.fixture(scope="module")
def compared(sample_settings, sample_services, sample_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("compare")
    questions = read_questions(sample_dir / "questions.jsonl")
    comparison = run_comparison(questions, out, settings=sample_settings, services=sample_services)
    return out, questions, comparison


def test_the_report_states_numbers_that_results_jsonl_bears_out(compared):
    out, questions, _ = compared
    soup = BeautifulSoup((out / "report.html").read_text(encoding="utf-8"), "html.parser")
    marks = {s: _marks_from_results(out, s) for s in COMPARED}
    assert all(len(m) == len(questions) for m in marks.values())

    # Per strategy: accuracy and its Wilson 95% interval.
    accuracy = {}
    for s in COMPARED:
        scored = [m for m in marks[s].values() if m is not None]
        k, n = sum(scored), len(scored)
        accuracy[s] = k / n
        ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        row = soup.select_one(f"#totals tr[data-strategy={s}]")
        assert row.select_one(".accuracy").get_text() == _pct(k / n)
        assert row.select_one(".correct").get_text() == f"{k}/{n}"
        assert row.select_one(".ci").get_text() == f"{_pct(ci.low)}–{_pct(ci.high)}"
        assert row.select_one(".median").get_text() == f"{statistics.median(_latencies(out, s)):.2f}"

    # Per pair: the four-way split and the exact McNemar p-value.
    outcome_of: dict[str, dict[str, str]] = {}
    for earlier, later in combinations(COMPARED, 2):
        key = f"{later}-vs-{earlier}"
        split = {"won": 0, "lost": 0, "both right": 0, "both wrong": 0}
        outcome_of[key] = {}
        for qid, mine in marks[later].items():
            theirs = marks[earlier][qid]
            if mine is None or theirs is None:
                outcome_of[key][qid] = "unscored"
                continue
            o = ("both right" if theirs else "won") if mine else ("lost" if theirs else "both wrong")
            split[o] += 1
            outcome_of[key][qid] = o
        row = soup.select_one(f"#pairs tr[data-pair={key}]")
        for o, count in split.items():
            assert row.select_one("." + o.replace(" ", "-")).get_text() == str(count), (key, o)
        discordant = split["won"] + split["lost"]
        p = binomtest(split["won"], discordant, 0.5).pvalue if discordant else 1.0
        shown = row.select_one(".p-value").get_text().rstrip(" *")
        assert shown == ("< 0.001" if p < 0.001 else f"{p:.3f}"), key

    # The verdict, first: single-shot or agentic? Then what routing adds, by route taken.
    verdict = soup.find(id="verdict")
    assert verdict is soup.find("h1").find_next("p")
    assert verdict.get_text().startswith(f"iterative is right on {_pct(accuracy['iterative'])} (95% CI ")
    assert f"against single-shot ({_pct(accuracy['single'])})" in verdict.get_text()
    assert f"Routing (auto) is right on {_pct(accuracy['auto'])}" in verdict.get_text()
    assert re.search(r"McNemar p (=|<) [0-9.]+", verdict.get_text())

    # Every question expands to each strategy's answer; its outcome per pair is as computed.
    rows = soup.select("details.question")
    assert sorted(r["data-id"] for r in rows) == sorted(q.id for q in questions)
    for r in rows:
        for key, outcomes in outcome_of.items():
            assert r[f"data-{key}"] == outcomes[r["data-id"]], (r["data-id"], key)
        assert [d["data-strategy"] for d in r.select("div.strategy")] == list(COMPARED)
    answered = json.loads((out / "iterative" / "results.jsonl").read_text().splitlines()[0])
    row = soup.select_one(f"details.question[data-id={answered['id']}] div.strategy[data-strategy=iterative]")
    assert len(row.select("ol.trace li")) == len(answered["answer"]["trace"])
    assert len(row.select("ol.citations li")) == len(answered["answer"]["citations"])
    assert len(re.findall(r'src="data:image/png;base64,', str(soup))) == 2  # offline: no cost panel


def test_a_second_comparison_answers_nothing_again(compared, sample_settings, sample_services):
    out, questions, comparison = compared
    text = sum(is_text_gold(q.answer, q.type) for q in questions)  # offline: not scored, and said so
    assert text and f"{text} text answers (definitions, explanations) not scored" in comparison.scorer_note
    before = {s: (out / s / "results.jsonl").read_bytes() for s in COMPARED}
    run_comparison(questions, out, settings=sample_settings, services=sample_services)
    assert before == {s: (out / s / "results.jsonl").read_bytes() for s in COMPARED}
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert comparison.verdict in summary and str(out / "report.html") in summary


def test_a_comparison_whose_llm_calls_all_failed_says_so_first(sample_settings, sample_services, sample_dir,
                                                               tmp_path):
    from dataclasses import replace

    from finrag.llm import LLMClient
    from tests.support.prefect_server import free_port

    dead = sample_settings.with_overrides(
        llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_api_key="sk-test", llm_breaker_failures=1)
    services = replace(sample_services, settings=dead, llm=LLMClient(dead, backoff_base_s=0.01))
    questions = read_questions(sample_dir / "questions.jsonl")[:2]
    comparison = run_comparison(questions, tmp_path, settings=dead, services=services, strategies=["single"])

    assert comparison.llm_failed == ["single"]
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert summary.splitlines()[2].startswith("**Warning: every LLM call failed in single: those answers were")
    warning = BeautifulSoup((tmp_path / "report.html").read_text(encoding="utf-8"), "html.parser").find(id="llm-failed")
    assert warning is not None and "every LLM call failed in single" in warning.text


def test_strategies_take_turns_after_a_warm_up_so_latency_is_fair(sample_settings, sample_services, sample_dir,
                                                                   tmp_path):
    from flows.answer_batch import sequential_answers

    questions = read_questions(sample_dir / "questions.jsonl")[:9]
    order: list[tuple[str, str]] = []

    def recording(strategy):
        inner = sequential_answers(sample_services, strategy)

        def answer_many(pending):
            for q, a in inner(pending):
                order.append((strategy, q.id))
                yield q, a
        return answer_many

    run_comparison(questions, tmp_path, settings=sample_settings, services=sample_services,
                   strategies=("single", "iterative"), answer_many_for=recording)  # fmt: skip
    ids = [q.id for q in questions]
    # Rounds of four: single q1-q4, iterative q1-q4, single q5-q8, ... never one strategy's whole run first.
    assert order[:8] == [("single", i) for i in ids[:4]] + [("iterative", i) for i in ids[:4]]
    assert order[8:12] == [("single", i) for i in ids[4:8]]
    assert sorted(order) == sorted((s, i) for s in ("single", "iterative") for i in ids)  # each once
