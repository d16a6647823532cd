"""`finrag eval financebench-batch`: a batch file that asks FinanceBench questions by text only."""

from __future__ import annotations

import json

from flows.batch_io import read_questions


def test_ids_are_financebench_ids_and_no_company_hint_is_given(financebench_dir, tmp_path, capsys):
    from cli.main import main

    out = tmp_path / "batch.jsonl"
    assert main(["eval", "financebench-batch", str(financebench_dir), str(out),
                 "--question-type", "metrics-generated"]) == 0
    gold = [json.loads(line) for line in (financebench_dir / "questions.jsonl").read_text().splitlines() if line]
    wanted = [g for g in gold if g["question_type"] == "metrics-generated"]
    questions = read_questions(out)
    assert [q.id for q in questions] == [g["financebench_id"] for g in wanted]
    assert [q.question for q in questions] == [g["question"] for g in wanted]
    assert all(q.company is None and q.answer is None for q in questions)
