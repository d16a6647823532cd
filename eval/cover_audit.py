"""Audit the answer gates on judged answers: which correct / incorrect answers each gate keeps.

Usage: PYTHONPATH=. python -m eval.cover_audit [-v]          (every graded answer in eval/judged)
       PYTHONPATH=. python -m eval.cover_audit --items RUN-SET-items.jsonl   (answers the gate would refuse)
       PYTHONPATH=. python -m eval.cover_audit --gold [QUESTIONS.jsonl...]   (gold answers it would refuse;
                                                  default: eval/judged/*-questions.jsonl)

Each judged row (question, the system's answer text, its grade) is run through the writer's
final gates as the writer runs them (answering.kinds.every_part, quote_focus, ask_coverage),
on a `WrittenAnswer` rebuilt from the answer text: the kind is read from the text (a figure's
"(statement line item)" working is a metric, "Yes." / "No." a yes/no), else the classifier's.
The rows are every answered, graded item of eval/judged (an `X-items.jsonl` beside its
`X-grades.jsonl`; one row per distinct question and answer), split in two halves: the sets
rules are chosen on (tune) and the sets they are checked on (check). FinanceBench's held-out
companies (`eval.answers.financebench_groups`, from --financebench, default
../shared/financebench) are left out. Printed: per half, correct kept / correct refused /
incorrect kept / incorrect refused, for text questions (domain-relevant, novel-generated) and
for metric ones.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

from answering.kinds.ask_coverage import answered_in_every_ask
from answering.kinds.classify import classify
from answering.kinds.every_part import answered_in_every_part
from answering.kinds.quote_focus import answered_on_focus
from answering.written_answer import WrittenAnswer
from eval.answers import financebench_groups
from finrag.vocabulary import load_vocabulary

JUDGED = Path(__file__).parent / "judged"
TUNE = {"wild", "wild3", "wild5", "wild7", "financebench"}
CHECK = {"wild2", "wild4", "wild6", "wild8", "fresh"}
_METRIC = re.compile(r"\((?:statement line item|standard definition|as the question defines it)\)|\bRead from\b")
# "eBay's", "PG&E Corporation's": the company a question names, as the router would resolve it
_COMPANY = re.compile(r"\b((?:[A-Z][\w&.-]*\s){0,3}[A-Z][\w&.-]*)['’]s\b")


def kind_of(question: str, answer: str, vocab) -> str:
    if re.search(r"\bWhat drove it\b", answer):
        return "drivers"
    if re.match(r"^(?:Yes|No)\b", answer):
        return "yes_no"
    if _METRIC.search(answer):
        return "metric"
    kind = classify(question, vocab).kind
    # a figure's answer quotes nothing: quotes are a text kind's
    return "passage" if kind == "metric" and '"' in answer else kind


def gate(question: str, answer: str, vocab, with_new: bool = True) -> tuple[str, str | None]:
    """('kept' | 'refused', the refusal's reason) for this answer to this question."""
    companies = [m.group(1) for m in _COMPANY.finditer(question)]
    written = WrittenAnswer(status="answered", kind=kind_of(question, answer, vocab), text=answer)
    for step in (answered_in_every_part, answered_on_focus, *([answered_in_every_ask] if with_new else [])):
        written = step(written, question, companies, vocab) if step is answered_in_every_ask \
            else step(written, question, companies)
        if written.status != "answered":
            return "refused", f"{step.__name__}: {written.reason}"
    return "kept", None


def held_out_ids(financebench: Path) -> set[str]:
    """FinanceBench question ids of its held-out companies (empty when the shared data is absent):
    their answers are counted, never printed."""
    if not (financebench / "questions.jsonl").exists():
        return set()
    return {qid for qid, (_, half) in financebench_groups(financebench).items() if half == "held-out"}


def judged_rows(directory: Path, held: set[str]) -> list[dict]:
    """Every answered, graded item of the judged runs in `directory`, one per distinct question id
    and answer, with its set (the file name's first word: "wild3", "fresh", "financebench"), grade
    and the judge's reason. Held-out FinanceBench ids are left out."""
    rows: dict[tuple[str, str], dict] = {}
    for items_path in sorted(directory.glob("*-items.jsonl")):
        grades_path = items_path.with_name(items_path.name.replace("-items.jsonl", "-grades.jsonl"))
        if not grades_path.exists():
            continue
        grades = {g["id"]: g for g in map(json.loads, grades_path.read_text(encoding="utf-8").splitlines()) if g}
        for item in map(json.loads, items_path.read_text(encoding="utf-8").splitlines()):
            grade = grades.get(item["id"])
            if item["id"] in held or item.get("system_status") != "answered" or grade is None \
                    or grade["grade"] not in ("correct", "incorrect"):
                continue
            rows.setdefault((item["id"], item["system_answer"] or ""), {
                **item, "set": items_path.name.split("-")[0], "grade": grade["grade"], "reason": grade.get("reason", "")})
    return list(rows.values())


def items(path: str, held: set[str]) -> None:
    """The answered items of one batch run (finrag batch -> judge items) this gate would refuse, with gold."""
    vocab = load_vocabulary()
    with open(path) as rows:
        lines = rows.readlines()
    for line in lines:
        row = json.loads(line)
        if row.get("system_status") != "answered":
            continue
        verdict, why = gate(row["question"], row["system_answer"] or "", vocab)
        if verdict == "refused" and why and why.startswith("answered_in_every_ask"):
            if row["id"] in held:
                print(f"- {row['id']} (held-out) refused")  # counts only: never its gold
                continue
            print(f"- {row['id']} [{row['question_type']}] {why}\n  Q: {row['question'][:200]}\n"
                  f"  GOLD: {(row.get('gold_answer') or '')[:250]}\n  A: {row['system_answer'][:300]}")


def gold(paths: list[Path], held: set[str]) -> None:
    """Text questions' gold answers, given as answers: a gold answer states every ask, so each one
    the new gate refuses (and the older gates keep) is a rule too strict. FinanceBench's held-out
    half is left out."""
    vocab = load_vocabulary()
    for path in paths:
        questions = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        asked = [q for q in questions if (q.get("financebench_id") or q.get("id")) not in held
                 and q.get("question_type") != "metrics-generated"]
        refused = [(q, why) for q in asked for verdict, why in [gate(q["question"], q["answer"], vocab)]
                   if verdict == "refused" and gate(q["question"], q["answer"], vocab, False)[0] == "kept"]
        print(f"{path.name}: {len(asked)} text questions, {len(refused)} gold answers refused by the new gate")
        for q, why in refused:
            print(f"  {q.get('financebench_id') or q.get('id')}: {why}")


def _option(name: str, default: str) -> Path:
    return Path(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else Path(default)


def main() -> None:
    held = held_out_ids(_option("--financebench", "../shared/financebench"))
    if sys.argv[1:2] == ["--items"]:
        items(sys.argv[2], held)
        return
    if sys.argv[1:2] == ["--gold"]:
        given = [Path(a) for a in sys.argv[2:] if a.endswith(".jsonl")]
        gold(given or sorted(JUDGED.glob("*-questions.jsonl")), held)
        return
    verbose = "-v" in sys.argv
    vocab = load_vocabulary()
    counts: dict[tuple[str, str, bool], Counter] = {}
    for row in judged_rows(_option("--judged", str(JUDGED)), held):
        half = "tune" if row["set"] in TUNE else "check" if row["set"] in CHECK else None
        if half is None:
            continue
        text_q = row["question_type"] != "metrics-generated"
        for with_new in (False, True):
            verdict, why = gate(row["question"], row["system_answer"], vocab, with_new)
            counts.setdefault((half, "text" if text_q else "metric", with_new), Counter())[(row["grade"], verdict)] += 1
            if verbose and with_new and (half == "tune" or "-vv" in sys.argv) and \
                    (verdict == "refused") != (gate(row["question"], row["system_answer"], vocab, False)[0] == "refused"):
                print(f"[{half} {row['set']} {row['id']} {row['grade']} -> {verdict}] {why}\n  Q: {row['question'][:200]}"
                      f"\n  A: {row['system_answer'][:300]}\n  R: {row['reason'][:200]}")
    for key in sorted(counts):
        c = counts[key]
        print(f"{key[0]:5} {key[1]:6} {'new' if key[2] else 'old'}: correct kept {c['correct', 'kept']}, correct refused "
              f"{c['correct', 'refused']}, incorrect kept {c['incorrect', 'kept']}, incorrect refused {c['incorrect', 'refused']}")


if __name__ == "__main__":
    main()
