"""`finrag eval judged`: a judge's grades counted per question type and per half of the companies."""

from __future__ import annotations

import json

import pytest

from eval.judged import format_summary, read_grades, read_items, summarize
from finrag.errors import UserError


def _write(path, rows) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


@pytest.fixture
def graded(tmp_path):
    companies = {"q0": "Adobe", "q1": "Amazon", "q2": "Adobe", "q3": "Boeing", "q4": "Amazon", "q5": None}
    types = {"q0": "metrics-generated", "q1": "metrics-generated", "q2": "novel-generated",
             "q3": "metrics-generated", "q4": "novel-generated", "q5": "novel-generated"}
    _write(tmp_path / "questions.jsonl", [{"financebench_id": q, "company": c, "question": "?", "answer": "x",
                                           "question_type": types[q]} for q, c in companies.items()])
    _write(tmp_path / "items.jsonl", [{"id": q, "question_type": t, "question": "?", "gold_answer": "x",
                                       "system_status": "not_found" if q == "q4" else "answered",
                                       "system_answer": "y", "system_citations": []} for q, t in types.items()])
    _write(tmp_path / "grades.jsonl", [
        {"id": "q0", "grade": "correct", "reason": "same value"},
        {"id": "q1", "grade": "incorrect", "reason": "NCI line", "kind": "wrong line"},
        {"id": "q2", "grade": "refusal", "reason": "says it cannot tell", "kind": "no answer"},
        {"id": "q3", "grade": "incorrect", "reason": "segment table", "kind": "wrong line"},
        {"id": "q4", "grade": "refusal", "reason": "not found"},
        # q5 ungraded; a grade for an id that is not an item:
        {"id": "q9", "grade": "correct", "reason": "?"},
    ])
    return tmp_path


def test_grades_are_counted_per_type_and_half_with_answered_precision(graded):
    from eval.answers import question_groups

    halves = {q: h for q, (_, h) in question_groups(graded / "questions.jsonl").items()}
    summary = summarize(read_items(graded / "items.jsonl"), read_grades(graded / "grades.jsonl"), halves)
    rows = {r.name: r for r in summary.rows}
    # Adobe, Amazon, Boeing -> tune, held-out, tune; q5 names no company: in neither half.
    assert list(rows) == ["metrics-generated", "metrics-generated (tune)", "metrics-generated (held-out)",
                          "novel-generated", "novel-generated (tune)", "novel-generated (held-out)",
                          "all", "all (tune)", "all (held-out)"]
    m = rows["metrics-generated"]
    assert (m.n, m.correct, m.incorrect, m.refusal, m.ungraded) == (3, 1, 2, 0, 0)
    assert m.accuracy == pytest.approx(1 / 3) and m.answered_precision == pytest.approx(1 / 3)
    assert (rows["all"].n, rows["all"].ungraded, rows["all"].refusal) == (6, 1, 2)
    assert rows["all (tune)"].n == 3 and rows["all (tune)"].answered_precision == pytest.approx(1 / 2)
    assert rows["novel-generated (held-out)"].answered_precision is None  # nothing given
    assert summary.failure_kinds == {"wrong line": 2, "no answer": 1}
    assert summary.refused_answers == 1  # q2: graded refusal, although its status was answered
    assert summary.unknown_grades == ["q9"]
    table = format_summary(summary)
    assert "answered prec." in table and "wrong line" in table


def test_the_command_prints_json_and_a_bad_grade_is_one_line(graded, capsys):
    from cli.main import main

    rc = main(["eval", "judged", str(graded / "items.jsonl"), str(graded / "grades.jsonl"),
               "--questions", str(graded / "questions.jsonl"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["rows"][-1]["name"] == "all (held-out)" and out["rows"][-1]["n"] == 2
    all_row = next(r for r in out["rows"] if r["name"] == "all")
    assert (all_row["accuracy"], all_row["answered_precision"]) == (round(1 / 6, 4), round(1 / 3, 4))

    (graded / "grades.jsonl").write_text(json.dumps({"id": "q0", "grade": "mostly right"}) + "\n")
    with pytest.raises(UserError, match=r"grades.jsonl:1: grade"):
        read_grades(graded / "grades.jsonl")
    rc = main(["eval", "judged", str(graded / "items.jsonl"), str(graded / "grades.jsonl")])
    assert rc == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_set_of_one_ask_and_several_ask_questions_is_counted_by_form_too(tmp_path):
    asked = {"q0": "What was Acme's FY2022 revenue?",
             "q1": "What was Acme's FY2022 capex, and how does it compare with its long-term goals?",
             "q2": "Is Acme a capital-intensive business?"}
    _write(tmp_path / "items.jsonl", [{"id": q, "question_type": "novel-generated", "question": text,
                                       "system_status": "answered"} for q, text in asked.items()])
    _write(tmp_path / "grades.jsonl", [{"id": "q0", "grade": "correct"}, {"id": "q1", "grade": "refusal"},
                                       {"id": "q2", "grade": "incorrect"}])
    rows = {r.name: r for r in summarize(read_items(tmp_path / "items.jsonl"),
                                          read_grades(tmp_path / "grades.jsonl")).rows}
    one, several = rows["all, one ask"], rows["all, several asks"]
    assert (one.n, one.correct, one.incorrect) == (2, 1, 1) and (several.n, several.refusal) == (1, 1)
