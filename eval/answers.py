"""Answer accuracy per question type × strategy on the sample corpus's gold questions.

    finrag eval answers --sample DIR [--store DIR] [--strategy auto[,single]] [--json]
    finrag eval answers --financebench DIR [--store DIR (default data/fb-store)] [--json]
                        [--strategy auto] [--question-type metrics-generated] [--judge]

Every gold question is answered under the router ("auto") and under each forced
strategy (single, iterative), or only under those `--strategy` names; answers are scored
by answering/scoring.py. The store must already hold the corpus (`finrag ingest
DIR/pdfs --store STORE`).

Beside accuracy (correct / all), each row shows what an analyst sees: the statuses
(answered / unverified / not_found / needs_company / failed), the answer kinds chosen
(metric, yes_no, ...; "?" when the answer does not say) and the **answered precision**
(correct answers among those given, status answered). `--json` carries every answer in
full: text, status, kind, value, unit and citations (doc, page, quote).

FinanceBench questions are typed by their gold (a bare number is "fb-numeric", other text
"fb-text") and also grouped by the benchmark's `question_type`: the metric questions
(`metrics-generated`) get their own row, and that row again per half of the companies
(sorted by name, alternate ones: "tune" is where rules were chosen, "held-out" is not).
`--judge` grades every answer with the configured LLM as well (eval/judge.py).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path

from pydantic import BaseModel

from answering.scoring import SCORERS, Score, is_number, score
from finrag.config import load_settings
from finrag.console import table, to_text
from finrag.errors import UsageError
from finrag.models import Answer, AnswerStatus, Question

STRATEGIES = ("auto", "single", "iterative")
CHOICES = ("auto", "direct", "single", "iterative", "graph")
STATUSES: tuple[AnswerStatus, ...] = ("answered", "unverified", "not_found", "needs_company", "failed")
UNKNOWN_KIND = "?"  # an answer that does not say its kind


def parse_strategies(values: list[str] | None) -> tuple[str, ...]:
    """`--strategy auto --strategy single` or `--strategy auto,single`; none given: STRATEGIES."""
    if not values:
        return STRATEGIES
    names = [n.strip() for v in values for n in v.split(",") if n.strip()]
    unknown = [n for n in names if n not in CHOICES]
    if unknown or not names:
        raise UsageError(f"--strategy {', '.join(unknown) or '(empty)'}: use {', '.join(CHOICES)}")
    return tuple(dict.fromkeys(names))


class CitedQuote(BaseModel):
    doc: str
    page: int  # zero-based
    quote: str


class Scored(BaseModel):
    id: str
    type: str
    strategy: str
    correct: bool
    reason: str
    status: str
    routed_to: str
    searches: int
    latency_s: float
    stopped_by: str | None = None
    answer: str  # in full
    kind: str | None = None  # the answer kind given (None: the answer does not say)
    value: float | None = None
    unit: str | None = None
    citations: list[CitedQuote] = []
    numeric: bool = False  # the gold is a number (scored within 1% or its rounding)
    group: str | None = None  # FinanceBench question_type, e.g. "metrics-generated"
    half: str | None = None  # "tune" or "held-out": which half of the companies
    judge: str | None = None  # the LLM judge's grade (eval/judge.py), with --judge
    judge_reason: str | None = None


def _same_kind(gold: object, universe: dict[str, list[str]] | None) -> list[str] | None:
    """The names a list answer could wrongly add: those of the gold items' kind only
    (a list of competitors is not made wrong by naming the shared auditor that links them)."""
    if not universe or not isinstance(gold, list):
        return None
    items = {str(g) for g in gold}
    for names in universe.values():
        if items <= set(names):
            return names
    return sorted({n for names in universe.values() for n in names})


def evaluate(
    questions: list[Question],
    services,
    strategies: tuple[str, ...] = STRATEGIES,
    universe: dict[str, list[str]] | None = None,
    groups: dict[str, tuple[str, str | None]] | None = None,
    judge=None,
) -> list[Scored]:
    """Answer and score every question under every strategy.

    `groups`: question id -> (group, half) rows of the summary; `judge`: an LLM client
    that also grades each answer (FinanceBench's scheme)."""
    from eval.judge import judge_answer
    from strategies.dispatch import answer_question

    rows: list[Scored] = []
    for strategy in strategies:
        for q in questions:
            answer: Answer = answer_question(q, services, strategy)
            qtype = q.type or ("unanswerable" if not q.answerable else "fact")
            ordered = getattr(q, "unit", None) == "ranking"
            s: Score = SCORERS["definition"](q.answer, answer) if qtype == "fb-text" else \
                score(q.answer, answer, qtype, universe=_same_kind(q.answer, universe), ordered=ordered,
                      question=q.question)
            group, half = (groups or {}).get(q.id, (None, None))
            judged = judge_answer(judge, q.question, q.answer, answer.answer) if judge is not None else None
            rows.append(
                Scored(
                    id=q.id, type=qtype, strategy=strategy, correct=s.correct, reason=s.reason,
                    status=answer.status, routed_to=answer.strategy, searches=answer.searches,
                    latency_s=answer.latency_s, stopped_by=answer.stopped_by, answer=answer.answer,
                    kind=answer.kind, value=answer.value, unit=answer.unit,
                    citations=[CitedQuote(doc=c.doc, page=c.page, quote=c.quote) for c in answer.citations],
                    numeric=qtype != "unanswerable" and is_number(q.answer),
                    group=group, half=half, judge=judged.grade if judged else None,
                    judge_reason=judged.reason if judged else None,
                )
            )
    return rows


def _row_names(rows: list[Scored]) -> dict[str, object]:
    """Summary rows: each type, each group and each group's halves, then all and its halves."""
    names: dict[str, object] = {t: (lambda r, t=t: r.type == t) for t in sorted({r.type for r in rows})}
    for g in sorted({r.group for r in rows if r.group}):
        names[g] = lambda r, g=g: r.group == g
        for h in sorted({r.half for r in rows if r.group == g and r.half}, reverse=True):
            names[f"{g} ({h})"] = lambda r, g=g, h=h: r.group == g and r.half == h
    names["all"] = lambda r: True
    for h in sorted({r.half for r in rows if r.half}, reverse=True):
        names[f"all ({h})"] = lambda r, h=h: r.half == h
    return names


def cell_stats(cell: list[Scored]) -> dict:
    """One row × strategy: accuracy, answered precision (correct / answered), statuses, kinds."""
    correct = sum(r.correct for r in cell)
    answered = [r for r in cell if r.status == "answered"]
    answered_correct = sum(r.correct for r in answered)
    kinds: dict[str, int] = {}
    for r in cell:
        kinds[r.kind or UNKNOWN_KIND] = kinds.get(r.kind or UNKNOWN_KIND, 0) + 1
    return {
        "correct": correct, "n": len(cell), "accuracy": round(correct / len(cell), 3) if cell else 0.0,
        "answered": len(answered), "answered_correct": answered_correct,
        "answered_precision": round(answered_correct / len(answered), 3) if answered else None,
        "statuses": {s: sum(1 for r in cell if r.status == s) for s in STATUSES},
        "kinds": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def summarize(rows: list[Scored]) -> dict:
    strategies = list(dict.fromkeys(r.strategy for r in rows))
    by_type: dict[str, dict[str, dict]] = {}
    for t, keep in _row_names(rows).items():
        by_type[t] = {s: cell_stats([r for r in rows if r.strategy == s and keep(r)])  # type: ignore[operator]
                      for s in strategies}
    per_strategy = {}
    for s in strategies:
        cell = [r for r in rows if r.strategy == s]
        latencies = [r.latency_s for r in cell]
        per_strategy[s] = {
            "accuracy": round(sum(r.correct for r in cell) / len(cell), 3) if cell else 0.0,
            "mean_searches": round(statistics.mean(r.searches for r in cell), 2) if cell else 0.0,
            "mean_latency_s": round(statistics.mean(latencies), 3) if cell else 0.0,
            "p95_latency_s": round(sorted(latencies)[int(0.95 * (len(latencies) - 1))], 3) if cell else 0.0,
            "stopped": sum(1 for r in cell if r.stopped_by),
        }
    return {"by_type": by_type, "strategies": per_strategy}


def format_table(summary: dict) -> str:
    strategies = list(summary["strategies"])
    by_type = table(
        ["type", *strategies],
        [[t, *(f"{cells[s]['correct']}/{cells[s]['n']} ({cells[s]['accuracy']:.0%})" for s in strategies)]
         for t, cells in summary["by_type"].items()],
        title="Answer accuracy (correct/n) per question type × strategy",
        right=strategies,
    )  # fmt: skip
    columns = ["strategy", "accuracy", "searches", "latency s", "p95 s", "stopped"]
    per_strategy = table(
        columns,
        [[s, f"{m['accuracy']:.0%}", f"{m['mean_searches']:.2f}", f"{m['mean_latency_s']:.3f}",
          f"{m['p95_latency_s']:.3f}", m["stopped"]] for s, m in summary["strategies"].items()],
        right=columns[1:],
    )  # fmt: skip
    details = [table(
        columns := ["type", "n", "correct", "accuracy", "answ. precision", *_STATUS_HEADS, "answer kinds"],
        [[t, c["n"], c["correct"], f"{c['accuracy']:.0%}", _percent(c["answered_precision"]),
          *(c["statuses"][st] for st in STATUSES), _kinds(c["kinds"])]
         for t, cells in summary["by_type"].items() if (c := cells[s])["n"]],
        title=f"{s}: answered precision (correct among answered), statuses and answer kinds per question type",
        right=columns[1:-1],
    ) for s in strategies]  # fmt: skip
    return to_text(by_type, "", per_strategy, *(part for d in details for part in ("", d)))


_STATUS_HEADS = ("answered", "unverified", "not found", "needs co.", "failed")


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _kinds(kinds: dict[str, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in kinds.items())


_FB_NUMBER = re.compile(r"^\$?(-?[\d,]*\.?\d+)%?$")
FINANCEBENCH_STORE = Path("data/fb-store")


def company_halves(companies: list[str | None]) -> dict[str, str]:
    """Companies sorted by name, alternate ones: the first, third, ... are "tune" (where
    rules are chosen), the others "held-out" (reported apart, never tuned on). A missing
    company (None, "") is in neither half: it is left out, not a crash."""
    named = sorted({c for c in companies if c})
    return {c: ("tune" if i % 2 == 0 else "held-out") for i, c in enumerate(named)}


def question_groups(questions: Path, documents: Path | None = None) -> dict[str, tuple[str, str | None]]:
    """Question id (`financebench_id`, else `id`) -> (question_type, half of the companies it
    is about; None when the row names no company). The halves are drawn over the companies
    of `documents` (a documents.jsonl) and of the questions together."""
    rows = [json.loads(line) for line in questions.read_text(encoding="utf-8").splitlines() if line.strip()]
    companies = [r.get("company") for r in rows]
    if documents is not None and documents.exists():
        companies += [json.loads(line).get("company") for line in documents.read_text(encoding="utf-8").splitlines()
                      if line.strip()]
    halves = company_halves(companies)
    return {str(r.get("financebench_id") or r.get("id")): (r.get("question_type") or "", halves.get(r.get("company") or ""))
            for r in rows}


def financebench_groups(directory: Path) -> dict[str, tuple[str, str | None]]:
    """Question id -> (question_type, half of the companies it is about)."""
    return question_groups(directory / "questions.jsonl", directory / "documents.jsonl")


def financebench_questions(directory: Path, question_type: str | None = None) -> list[Question]:
    """FinanceBench gold is free text: a bare number ("$1577.00", "65.4%") is scored as a
    number ("fb-numeric"); anything else by key-word share ("fb-text", a rough proxy).
    `question_type` keeps only that kind (e.g. "metrics-generated")."""
    questions = []
    for line in (directory / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if question_type and row.get("question_type") != question_type:
            continue
        gold = row["answer"].strip()
        number = _FB_NUMBER.match(gold.replace(" ", ""))
        if number:
            questions.append(Question(id=row["financebench_id"], question=row["question"],
                                      answer=float(number.group(1).replace(",", "")), type="fb-numeric"))
        else:
            questions.append(Question(id=row["financebench_id"], question=row["question"], answer=gold, type="fb-text"))
    return questions


def run_cli(args: argparse.Namespace) -> int:
    from strategies.services import check_store_exists, open_services

    strategies = parse_strategies(getattr(args, "strategy", None))  # UsageError: one line, rc 2
    universe: dict[str, list[str]] | None = None
    groups: dict[str, tuple[str, str | None]] | None = None
    if getattr(args, "financebench", None):
        corpus = Path(args.financebench)
        if not (corpus / "questions.jsonl").exists():
            raise UsageError(f"no questions.jsonl in {corpus}")  # one line, rc 2 (cli.main)
        questions = financebench_questions(corpus, getattr(args, "question_type", None))
        groups = financebench_groups(corpus)
        store = Path(args.store) if args.store else FINANCEBENCH_STORE
    else:
        from samples.truth import load_questions, load_truth

        corpus = Path(args.sample)
        questions = list(load_questions(corpus))
        truth = load_truth(corpus)
        universe = {"company": sorted({d.company for d in truth.documents if d.company})}
        for r in truth.relations:
            universe.setdefault(r.predicate, [])
            if r.object not in universe[r.predicate]:
                universe[r.predicate].append(r.object)
        store = Path(args.store) if args.store else None
    settings = load_settings(store_dir=store) if store else load_settings()
    check_store_exists(settings)  # StoreUnavailable: one line, rc 2 (cli.main)
    judge = None
    if getattr(args, "judge", False):
        if settings.offline:
            print("--judge needs an LLM: set FINRAG_LLM_BASE_URL (or OPENAI_BASE_URL) and a key", file=sys.stderr)
            return 2
        from finrag.llm import get_llm

        judge = get_llm(settings)
    services = open_services(settings)
    try:
        rows = evaluate(questions, services, strategies, universe=universe, groups=groups, judge=judge)
    finally:
        services.close()
    summary = summarize(rows)
    judged = _judge_summary(rows) if judge is not None else None
    if args.json:
        extra = {"judge": {**judged.model_dump(), "agreement": judged.agreement}} if judged else {}
        print(json.dumps({**summary, **extra, "questions": [r.model_dump() for r in rows]}, indent=1))
    else:
        print(format_table(summary))
        if judged is not None:
            from eval.judge import format_judged

            print("\n" + format_judged(judged))
        print(f"\n{len(questions)} questions from {corpus}; store {settings.store_dir}; engine "
              f"{'offline' if settings.offline else 'llm'}")
    return 0


def _judge_summary(rows: list[Scored]):
    from eval.judge import summarize_judged

    return summarize_judged([(r.strategy, r.judge, r.numeric, r.correct) for r in rows if r.judge])
