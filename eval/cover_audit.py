"""Audit the answer gates on judged answers: which correct / incorrect answers each gate keeps.

Usage: PYTHONPATH=. python -m eval.cover_audit [/work/runs/answered-items.jsonl] [-v]
       PYTHONPATH=. python -m eval.cover_audit --items RUN-SET-items.jsonl   (answers the gate would refuse)
       PYTHONPATH=. python -m eval.cover_audit --gold SET...   (gold answers of /work/sets/SET it would refuse)

Each judged row (question, the system's answer text, its grade) is run through the writer's
final gates as the writer runs them (answering.kinds.every_part, quote_focus, ask_coverage),
on a `WrittenAnswer` rebuilt from the answer text: the kind is read from the text (a figure's
"(statement line item)" working is a metric, "Yes." / "No." a yes/no), else the classifier's.
The rows are split in two halves: the sets rules are chosen on (tune) and the sets they are
checked on (check). Printed: per half, correct kept / correct refused / incorrect kept /
incorrect refused, for text questions (domain-relevant, novel-generated) and for metric ones.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter

from answering.kinds.ask_coverage import answered_in_every_ask
from answering.kinds.classify import classify
from answering.kinds.every_part import answered_in_every_part
from answering.kinds.quote_focus import answered_on_focus
from answering.written_answer import WrittenAnswer
from finrag.vocabulary import load_vocabulary

HELD_OUT = "/work/runs/fb-heldout-ids.txt"
TUNE = {"wild", "wild3", "wild5", "wild7", "financebench", "financebench_id"}
CHECK = {"wild2", "wild4", "wild6", "fresh"}
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


def items(path: str) -> None:
    """The answered items of one batch run (finrag batch -> judge items) this gate would refuse, with gold."""
    vocab = load_vocabulary()
    with open(path) as rows:
        lines = rows.readlines()
    held: set[str] = set()
    if os.path.exists(HELD_OUT):
        with open(HELD_OUT) as ids:
            held = set(ids.read().split())
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


def gold(sets: list[str]) -> None:
    """Text questions' gold answers, given as answers: a gold answer states every ask, so each one
    the new gate refuses (and the older gates keep) is a rule too strict. FinanceBench's held-out
    half is left out."""
    vocab = load_vocabulary()
    held: set[str] = set()
    if os.path.exists(HELD_OUT):
        with open(HELD_OUT) as ids:
            held = set(ids.read().split())
    for name in sets:
        with open(f"/work/sets/{name}/questions.jsonl") as rows:
            questions = [json.loads(line) for line in rows]
        asked = [q for q in questions if (q.get("financebench_id") or q.get("id")) not in held
                 and q.get("question_type") != "metrics-generated"]
        refused = [(q, why) for q in asked for verdict, why in [gate(q["question"], q["answer"], vocab)]
                   if verdict == "refused" and gate(q["question"], q["answer"], vocab, False)[0] == "kept"]
        print(f"{name}: {len(asked)} text questions, {len(refused)} gold answers refused by the new gate")
        for q, why in refused:
            print(f"  {q.get('financebench_id') or q.get('id')}: {why}")


def main() -> None:
    if sys.argv[1:2] == ["--items"]:
        items(sys.argv[2])
        return
    if sys.argv[1:2] == ["--gold"]:
        gold(sys.argv[2:])
        return
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    path = args[0] if args else "/work/runs/answered-items.jsonl"
    vocab = load_vocabulary()
    counts: dict[tuple[str, str, bool], Counter] = {}
    with open(path) as rows:
        lines = rows.readlines()
    for line in lines:
        row = json.loads(line)
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
