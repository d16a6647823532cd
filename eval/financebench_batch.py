"""`finrag eval financebench-batch DIR OUT.jsonl [--question-type T]`: a `finrag batch` file
from FinanceBench questions, for a judged run.

`finrag batch DIR/questions.jsonl` as it stands would give each question an id made from
its text (batch files name theirs `id`) and pass the row's `company` as a hint, which an
analyst's question by text does not have. This writes `{"id": financebench_id,
"question": text}` lines only, so that the run is "by text only" and its results.jsonl
joins ../shared/judge/items.py's gold by id:

    finrag eval financebench-batch ../shared/financebench fb-batch.jsonl
    finrag batch fb-batch.jsonl --out runs/fb --store STORE
    python ../shared/judge/items.py ../shared/financebench/questions.jsonl runs/fb/results.jsonl > items.jsonl
    (a judging session grades items.jsonl by rubric.md into grades.jsonl)
    finrag eval judged items.jsonl grades.jsonl --questions ../shared/financebench/questions.jsonl
"""

from __future__ import annotations

import json
from pathlib import Path

from finrag.errors import UserError


def batch_rows(questions: Path, question_type: str | None = None) -> list[dict[str, str]]:
    rows = []
    for n, line in enumerate(questions.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if "financebench_id" not in row or "question" not in row:
            raise UserError(f"{questions}:{n}: a FinanceBench row needs financebench_id and question")
        if question_type and row.get("question_type") != question_type:
            continue
        rows.append({"id": row["financebench_id"], "question": row["question"]})
    return rows


def run_cli(args) -> int:
    questions = Path(args.financebench) / "questions.jsonl"
    if not questions.is_file():
        raise UserError(f"no questions.jsonl in {args.financebench}")
    rows = batch_rows(questions, getattr(args, "question_type", None))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} questions (id = financebench_id, text only) -> {out}")
    return 0
