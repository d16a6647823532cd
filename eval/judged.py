"""`finrag eval judged ITEMS.jsonl GRADES.jsonl [--questions QUESTIONS.jsonl] [--json]`: the
judged numbers of a graded run (../shared/judge/rubric.md).

ITEMS.jsonl is the judge's input, made by ../shared/judge/items.py from `finrag batch`
results (ids = financebench_id; `finrag eval financebench-batch` writes such a batch);
GRADES.jsonl holds one line per item as a judging session writes it:
`{"id", "grade": "correct"|"incorrect"|"refusal", "reason"[, "kind"]}` where `kind` names
the kind of failure ("wrong table", "not the asked shape", ...).

Printed per question type, per half of the companies (from QUESTIONS.jsonl's company,
split as `finrag eval answers` splits them: sorted by name, alternating "tune" /
"held-out") and per form of question when a set has both (one ask, or several asks joined
in one question, as answering.kinds.every_part splits them: FinanceBench asks one thing at a
time, and a set whose writers joined asks measures a harder population): n, correct,
incorrect, refusal, accuracy (correct / n) and answered precision (correct / (correct +
incorrect)); then the kinds of failure with their counts, and
refusals of an answer the system gave (graded refusal although its status was answered).
An item without a grade is counted as "ungraded" and left out of the rates' numerators
only (it stays in n: a missing grade is never a silent success).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ValidationError

from answering.kinds.every_part import asked_parts
from eval.answers import question_groups
from finrag.console import table_text
from finrag.errors import UserError

JudgedGrade = Literal["correct", "incorrect", "refusal"]


class JudgeItem(BaseModel):
    id: str
    question_type: str | None = None
    question: str = ""
    system_status: str | None = None


class GradeLine(BaseModel):
    id: str
    grade: JudgedGrade
    reason: str = ""
    kind: str | None = None  # the kind of failure, when the judge names one


class JudgedRow(BaseModel):
    name: str
    n: int
    correct: int
    incorrect: int
    refusal: int
    ungraded: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.n if self.n else 0.0

    @property
    def answered_precision(self) -> float | None:
        given = self.correct + self.incorrect
        return self.correct / given if given else None


class JudgedSummary(BaseModel):
    rows: list[JudgedRow]
    failure_kinds: dict[str, int]  # kind -> count (incorrect and refusal grades that name one)
    refused_answers: int  # graded refusal although the system's status was answered
    unknown_grades: list[str]  # grade ids that match no item


def _read_jsonl(path: Path, model: type[BaseModel]) -> list:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(model.model_validate_json(line))
        except ValidationError as e:
            error = e.errors()[0]
            field = ".".join(str(p) for p in error["loc"]) or "line"
            raise UserError(f"{path}:{n}: {field}: {error['msg']}") from None
    return rows


def read_items(path: Path) -> list[JudgeItem]:
    return _read_jsonl(path, JudgeItem)


def read_grades(path: Path) -> list[GradeLine]:
    return _read_jsonl(path, GradeLine)


def summarize(items: list[JudgeItem], grades: list[GradeLine],
              halves: dict[str, str | None] | None = None) -> JudgedSummary:  # fmt: skip
    """Rows: each question type, each type per half, all, and all per half."""
    grade_of = {g.id: g for g in grades}
    types = sorted({i.question_type or "(none)" for i in items})
    half_names = sorted({h for h in (halves or {}).values() if h}, reverse=True)  # tune, held-out

    def type_of(item: JudgeItem) -> str:
        return item.question_type or "(none)"

    def half_of(item: JudgeItem) -> str | None:
        return (halves or {}).get(item.id)

    groups: list[tuple[str, list[JudgeItem]]] = []
    for t in types:
        groups.append((t, [i for i in items if type_of(i) == t]))
        groups += [(f"{t} ({h})", [i for i in items if type_of(i) == t and half_of(i) == h]) for h in half_names]
    groups.append(("all", items))
    groups += [(f"all ({h})", [i for i in items if half_of(i) == h]) for h in half_names]
    several = {i.id for i in items if len(asked_parts(i.question)) > 1}
    if several and len(several) < len(items):
        groups += [("all, one ask", [i for i in items if i.id not in several]),
                   ("all, several asks", [i for i in items if i.id in several])]
    rows = [_row(name, members, grade_of) for name, members in groups if members]
    kinds = Counter(g.kind for i in items if (g := grade_of.get(i.id)) and g.grade != "correct" and g.kind)
    refused = sum(1 for i in items if (g := grade_of.get(i.id)) and g.grade == "refusal" and i.system_status == "answered")
    known = {i.id for i in items}
    return JudgedSummary(rows=rows, failure_kinds=dict(kinds.most_common()), refused_answers=refused,
                         unknown_grades=[g.id for g in grades if g.id not in known])


def _row(name: str, members: list[JudgeItem], grade_of: dict[str, GradeLine]) -> JudgedRow:
    grades = Counter(grade_of[i.id].grade if i.id in grade_of else "ungraded" for i in members)
    return JudgedRow(name=name, n=len(members), correct=grades["correct"], incorrect=grades["incorrect"],
                     refusal=grades["refusal"], ungraded=grades["ungraded"])


def format_summary(summary: JudgedSummary) -> str:
    columns = ["question type", "n", "correct", "incorrect", "refusal", "ungraded", "accuracy", "answered prec."]
    lines = [table_text(
        columns,
        [[r.name, r.n, r.correct, r.incorrect, r.refusal, r.ungraded or "", f"{r.accuracy:.0%}",
          "-" if r.answered_precision is None else f"{r.answered_precision:.0%}"] for r in summary.rows],
        title="Judged answers (rubric.md): accuracy = correct / n; answered precision = correct / (correct + incorrect)",
        right=columns[1:],
    )]  # fmt: skip
    if summary.failure_kinds:
        lines += ["", "kinds of failure (incorrect and refusal grades that name one):"]
        lines += [f"  {n:>3}  {kind}" for kind, n in summary.failure_kinds.items()]
    lines.append(f"\ngraded refusal although the system answered: {summary.refused_answers}")
    if summary.unknown_grades:
        lines.append(f"grades for ids not in the items (ignored): {', '.join(summary.unknown_grades[:10])}"
                     + (" ..." if len(summary.unknown_grades) > 10 else ""))
    return "\n".join(lines)


def to_json(summary: JudgedSummary) -> dict:
    return {
        "rows": [{**r.model_dump(), "accuracy": round(r.accuracy, 4),
                  "answered_precision": None if r.answered_precision is None else round(r.answered_precision, 4)}
                 for r in summary.rows],
        "failure_kinds": summary.failure_kinds,
        "refused_answers": summary.refused_answers,
        "unknown_grades": summary.unknown_grades,
    }


def run_cli(args) -> int:
    paths = [Path(args.items), Path(args.grades)] + ([Path(args.questions)] if args.questions else [])
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise UserError(f"no such file: {', '.join(missing)}")
    items, grades = read_items(Path(args.items)), read_grades(Path(args.grades))
    halves = None
    if args.questions:
        questions = Path(args.questions)
        halves = {qid: half for qid, (_, half) in question_groups(questions, questions.with_name("documents.jsonl")).items()}
    summary = summarize(items, grades, halves)
    if args.json:
        print(json.dumps(to_json(summary), indent=1))
    else:
        print(format_summary(summary))
        print(f"\n{len(items)} items from {args.items}, {len(grades)} grades from {args.grades}", file=sys.stderr)
    return 0
