"""Router accuracy on labelled questions, with a confusion table.

    finrag eval router --sample DIR --labels eval/router_labels.jsonl [--json]

`--sample` reads the sample corpus's questions.jsonl (`expected_strategy`) and knows its
companies from truth.json; `--labels` reads a JSONL of {question, expected_strategy}
(eval/router_labels.jsonl: hand-labelled FinanceBench dev questions). No store is needed:
companies the catalog doesn't know still count as named companies. With an LLM
configured, unclear questions go to the LLM classifier, as in `finrag ask`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import get_args

from pydantic import BaseModel, Field

from finrag.config import load_settings
from finrag.llm import LLMClient, get_llm
from finrag.models import CatalogCompany, Question, StoreCatalog, StrategyName
from finrag.vocabulary import Vocabulary, load_vocabulary
from samples.truth import load_questions, load_truth
from strategies.router import route_with

STRATEGIES: list[StrategyName] = list(get_args(StrategyName))


class RoutedQuestion(BaseModel):
    id: str
    question: str
    expected: StrategyName
    predicted: StrategyName
    reason: str
    engine: str


class RouterReport(BaseModel):
    source: str
    questions: int
    correct: int
    accuracy: float
    llm_calls: int
    # confusion[expected][predicted] = count
    confusion: dict[str, dict[str, int]] = Field(default_factory=dict)
    rows: list[RoutedQuestion] = Field(default_factory=list)


def load_labelled(path: Path) -> list[Question]:
    """Questions with an expected strategy (others, e.g. unlabelled ones, are skipped)."""
    questions = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip():
            continue
        record = json.loads(line)
        record.setdefault("id", f"{path.stem}-{n}")
        question = Question.model_validate(record)
        if question.expected_strategy is not None:
            questions.append(question)
    return questions


def sample_catalog(sample_dir: Path) -> StoreCatalog:
    """The sample corpus's companies, as the store's catalog lists them after ingest."""
    documents = load_truth(sample_dir).documents
    companies: dict[str, CatalogCompany] = {}
    for meta in documents:
        if not meta.company:
            continue
        entry = companies.setdefault(meta.company, CatalogCompany(name=meta.company))
        for values, value in ((entry.legal_names, meta.company_legal), (entry.tickers, meta.ticker),
                              (entry.fiscal_years, meta.fiscal_year)):
            if value is not None and value not in values:
                values.append(value)
        entry.aliases = sorted({*entry.aliases, *meta.aliases})
    return StoreCatalog(
        companies=list(companies.values()),
        fiscal_years=sorted({m.fiscal_year for m in documents if m.fiscal_year is not None}),
        documents=len(documents),
    )


def evaluate(
    source: str,
    questions: list[Question],
    catalog: StoreCatalog,
    vocabulary: Vocabulary,
    llm: LLMClient | None,
) -> RouterReport:
    rows = []
    llm_calls = 0
    for q in questions:
        decision = route_with(q, catalog, vocabulary, llm)
        llm_calls += decision.llm_reply is not None
        assert q.expected_strategy is not None
        rows.append(
            RoutedQuestion(
                id=q.id,
                question=q.question,
                expected=q.expected_strategy,
                predicted=decision.strategy,
                reason=decision.reason,
                engine=decision.engine,
            )
        )
    pairs = Counter((r.expected, r.predicted) for r in rows)
    confusion = {e: {p: pairs[(e, p)] for p in STRATEGIES} for e in STRATEGIES}
    correct = sum(r.expected == r.predicted for r in rows)
    return RouterReport(
        source=source,
        questions=len(rows),
        correct=correct,
        accuracy=round(correct / len(rows), 3) if rows else 0.0,
        llm_calls=llm_calls,
        confusion=confusion,
        rows=rows,
    )


def format_report(report: RouterReport, show_errors: int = 15) -> str:
    lines = [
        f"Router accuracy on {report.source}: {report.correct}/{report.questions} "
        f"= {report.accuracy:.1%}  (LLM classifier calls: {report.llm_calls})",
        "",
        "expected \\ routed  " + "".join(f"{s:>10}" for s in STRATEGIES) + f"{'recall':>9}",
    ]
    for expected in STRATEGIES:
        row = report.confusion.get(expected, {})
        total = sum(row.values())
        recall = f"{row.get(expected, 0) / total:.0%}" if total else "-"
        lines.append(f"{expected:<18} " + "".join(f"{row.get(s, 0):>10}" for s in STRATEGIES) + f"{recall:>9}")
    errors = [r for r in report.rows if r.expected != r.predicted]
    if errors:
        lines += ["", f"Misrouted ({len(errors)}, first {min(show_errors, len(errors))}):"]
        for r in errors[:show_errors]:
            text = r.question if len(r.question) <= 90 else r.question[:89] + "…"
            lines.append(f"  [{r.expected} → {r.predicted}] {text}\n      because: {r.reason}")
    return "\n".join(lines)


def run_cli(args: argparse.Namespace) -> int:
    if not (args.sample or args.labels):
        print("finrag eval router: give --sample DIR and/or --labels FILE", file=sys.stderr)
        return 2
    settings = load_settings()
    llm = get_llm(settings)
    vocabulary = load_vocabulary()
    reports = []
    if args.sample:
        sample_dir = Path(args.sample)
        questions = [q for q in load_questions(sample_dir) if q.expected_strategy is not None]
        reports.append(evaluate(f"sample corpus {sample_dir}", questions, sample_catalog(sample_dir), vocabulary, llm))
    if args.labels:
        labels = Path(args.labels)
        reports.append(evaluate(str(labels), load_labelled(labels), StoreCatalog(), vocabulary, llm))
    if args.json:
        print(json.dumps([r.model_dump() for r in reports], indent=2))
    else:
        print(f"engine: {'LLM classifier for unclear questions' if llm else 'rules only (offline)'}\n")
        print("\n\n".join(format_report(r) for r in reports))
    return 0
