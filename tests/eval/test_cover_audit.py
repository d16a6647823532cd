"""eval.cover_audit reads its rows from the judged runs kept in the repo, not from a session's files."""

import json
from pathlib import Path

from eval.cover_audit import judged_rows


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _item(qid: str, answer: str, status: str = "answered") -> dict:
    return {"id": qid, "question_type": "novel-generated", "question": f"Q {qid}?", "gold_answer": "g",
            "system_status": status, "system_answer": answer}


def test_rows_are_answered_graded_items_once_each_without_held_out(tmp_path):
    _write(tmp_path / "wild3-first-items.jsonl", [_item("a", "x"), _item("b", "y"), _item("c", "", "not_found"),
                                                  _item("h", "z")])
    _write(tmp_path / "wild3-first-grades.jsonl", [{"id": "a", "grade": "correct", "reason": "r"},
                                                   {"id": "b", "grade": "incorrect"},
                                                   {"id": "c", "grade": "refusal"},
                                                   {"id": "h", "grade": "correct"}])
    # the same answer graded again in a later run is one row; a changed answer is another
    _write(tmp_path / "wild3-final-items.jsonl", [_item("a", "x"), _item("b", "y2")])
    _write(tmp_path / "wild3-final-grades.jsonl", [{"id": "a", "grade": "correct"}, {"id": "b", "grade": "correct", "reason": "right now"}])
    # items without grades are not judged
    _write(tmp_path / "fresh-extra-new-items.jsonl", [_item("f", "w")])

    rows = judged_rows(tmp_path, held={"h"})

    assert sorted((r["id"], r["system_answer"], r["grade"]) for r in rows) == [
        ("a", "x", "correct"), ("b", "y", "incorrect"), ("b", "y2", "correct")]
    assert {r["set"] for r in rows} == {"wild3"}
    assert next(r for r in rows if r["system_answer"] == "y2")["reason"] == "right now"
