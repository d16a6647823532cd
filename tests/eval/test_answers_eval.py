"""`finrag eval answers`: FinanceBench metric questions get their own row per strategy, per half."""

from __future__ import annotations

import json

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
    assert summary["by_type"]["metrics-generated"]["auto"] == {"correct": 2, "n": 2, "accuracy": 1.0}
    assert summary["by_type"]["metrics-generated"]["single"]["correct"] == 1
    assert summary["by_type"]["metrics-generated (tune)"]["single"] == {"correct": 0, "n": 1, "accuracy": 0.0}
    assert summary["by_type"]["metrics-generated (held-out)"]["single"]["correct"] == 1
    table = format_table(summary)
    assert "metrics-generated (held-out)" in table and "1/1 (100%)" in table
