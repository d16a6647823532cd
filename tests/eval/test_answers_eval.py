"""`finrag eval answers`: FinanceBench metric questions get their own row per strategy, per half."""

from __future__ import annotations

import json

import pytest

from eval.answers import (
    Scored,
    company_halves,
    financebench_groups,
    financebench_questions,
    format_table,
    summarize,
)


def test_companies_are_split_alternately_by_name():
    halves = company_halves(["Costco", "Adobe", "Boeing", "Amazon", "Adobe"])
    assert halves == {"Adobe": "tune", "Amazon": "held-out", "Boeing": "tune", "Costco": "held-out"}


def _row(qid: str, strategy: str, correct: bool, group: str, half: str) -> Scored:
    return Scored(id=qid, type="fb-numeric", strategy=strategy, correct=correct, reason="", status="answered",
                  routed_to=strategy, searches=1, latency_s=0.1, answer="", numeric=True, group=group, half=half)


def test_metric_questions_are_their_own_row_per_strategy_and_half(tmp_path):
    rows = [json.dumps({"financebench_id": f"q{i}", "company": company, "question": "What is X?", "answer": answer,
                        "question_type": qtype})
            for i, (company, answer, qtype) in enumerate([
                ("Adobe", "$1577.00", "metrics-generated"), ("Amazon", "65.4%", "metrics-generated"),
                ("Adobe", "Yes, it did.", "novel-generated")])]
    (tmp_path / "questions.jsonl").write_text("\n".join(rows) + "\n")
    groups = financebench_groups(tmp_path)
    assert groups == {"q0": ("metrics-generated", "tune"), "q1": ("metrics-generated", "held-out"),
                      "q2": ("novel-generated", "tune")}
    assert [q.id for q in financebench_questions(tmp_path, "metrics-generated")] == ["q0", "q1"]

    scored = [_row("q0", s, s == "auto", *groups["q0"]) for s in ("auto", "single")] + \
             [_row("q1", s, True, *groups["q1"]) for s in ("auto", "single")]
    summary = summarize(scored)
    assert summary["by_type"]["metrics-generated"]["auto"].items() >= {"correct": 2, "n": 2, "accuracy": 1.0}.items()
    assert summary["by_type"]["metrics-generated"]["single"]["correct"] == 1
    assert summary["by_type"]["metrics-generated (tune)"]["single"].items() >= \
        {"correct": 0, "n": 1, "accuracy": 0.0}.items()
    assert summary["by_type"]["metrics-generated (held-out)"]["single"]["correct"] == 1
    table = format_table(summary)
    assert "metrics-generated (held-out)" in table and "1/1 (100%)" in table


def test_each_row_counts_statuses_and_kinds_and_the_precision_of_answers_given():
    rows = [
        _row("q0", "auto", True, "metrics-generated", "tune"),
        _row("q1", "auto", False, "metrics-generated", "tune").model_copy(update={"kind": "metric"}),
        _row("q2", "auto", False, "metrics-generated", "held-out").model_copy(update={"status": "unverified"}),
        _row("q3", "auto", False, "novel-generated", "held-out").model_copy(update={"status": "needs_company",
                                                                                    "kind": "yes_no"}),
    ]
    cell = summarize(rows)["by_type"]["all"]["auto"]
    assert (cell["n"], cell["correct"], cell["answered"], cell["answered_precision"]) == (4, 1, 2, 0.5)
    assert cell["statuses"] == {"answered": 2, "unverified": 1, "not_found": 0, "needs_company": 1, "failed": 0}
    assert cell["kinds"] == {"?": 2, "metric": 1, "yes_no": 1}
    halves = summarize(rows)["by_type"]
    assert halves["all (held-out)"]["auto"]["answered_precision"] is None  # nothing given: no precision
    assert halves["all (tune)"]["auto"]["answered_precision"] == 0.5
    table = format_table(summarize(rows))
    assert "precision" in table and "yes_no 1" in table and "all (held-out)" in table


def test_a_question_without_a_company_is_in_neither_half(tmp_path):
    rows = [{"financebench_id": "q0", "company": "Adobe", "question": "?", "answer": "1", "question_type": "x"},
            {"financebench_id": "q1", "company": None, "question": "?", "answer": "1", "question_type": "x"},
            {"financebench_id": "q2", "company": "Boeing", "question": "?", "answer": "1", "question_type": "x"}]
    (tmp_path / "questions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert financebench_groups(tmp_path) == {"q0": ("x", "tune"), "q1": ("x", None), "q2": ("x", "held-out")}


def test_strategies_are_repeatable_or_a_comma_list_and_unknown_ones_refused():
    from eval.answers import STRATEGIES, parse_strategies
    from finrag.errors import UsageError

    assert parse_strategies(None) == STRATEGIES
    assert parse_strategies(["auto"]) == ("auto",)
    assert parse_strategies(["auto,single", "single"]) == ("auto", "single")
    with pytest.raises(UsageError, match="bogus"):
        parse_strategies(["auto,bogus"])


@pytest.mark.slow
def test_json_carries_every_answer_in_full_with_its_status_counts(sample_dir, sample_store_copy, capsys):
    from cli.main import main

    rc = main(["eval", "answers", "--sample", str(sample_dir), "--store", str(sample_store_copy),
               "--strategy", "auto", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert list(out["strategies"]) == ["auto"]  # one strategy asked, one answered
    questions = out["questions"]
    assert questions and {q["strategy"] for q in questions} == {"auto"}
    cell = out["by_type"]["all"]["auto"]
    assert sum(cell["statuses"].values()) == cell["n"] == len(questions)
    assert cell["statuses"]["answered"] == cell["answered"] == sum(q["status"] == "answered" for q in questions)
    longest = max(questions, key=lambda q: len(q["answer"]))
    assert len(longest["answer"]) > 300  # not cut
    cited = next(q for q in questions if q["citations"])
    assert set(cited["citations"][0]) == {"doc", "page", "quote"}
    assert {"kind", "value", "unit", "status"} <= set(questions[0])

