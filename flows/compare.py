"""`compare_strategies` flow and `finrag compare`: one batch under single, iterative and auto.

Each strategy's run is an ordinary resumable batch in `OUT/<strategy>/`; the comparison
scores them against gold answers (flows/compare_scoring.py: numbers, lists and refusals
automatically, text answers by the LLM judge with `--judge`, else left unscored; the report
says which)
and writes `OUT/report.html` (self-contained, with plots) and `OUT/summary.md`; the flow
publishes the summary (markdown, with the report's path) and a per-question table as artifacts.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from prefect import flow, get_run_logger
from pydantic import BaseModel, Field

from finrag.config import Settings
from finrag.errors import UserError
from finrag.models import STRATEGY_HELP, Question, RunRecord
from flows.answer_batch import (
    AnswerMany,
    limits_present,
    local_task_runner,
    open_run_services,
    prefect_answers,
    run_batch,
    sequential_answers,
    settings_for,
    task_runner,
)
from flows.batch_io import read_questions, write_text_atomic
from flows.compare_scoring import CompareScorer
from flows.comparison import Comparison, Scorer, build_comparison
from flows.outcome import finish, result_of
from flows.report import question_table, render_html, render_markdown
from flows.runner import check_runner, parse_runner, running_on

if TYPE_CHECKING:
    from collections.abc import Callable

    from strategies.services import Services

COMPARED = ("single", "iterative", "auto")
INBOX = "data/inbox/questions"  # the questions inbox (prefect.yaml's build step creates it)


class CompareStrategy(StrEnum):
    single = "single"
    iterative = "iterative"
    auto = "auto"
    direct = "direct"
    graph = "graph"


class CompareRequest(BaseModel):
    """What the `compare` deployment's run form asks for (Prefect builds the form from this)."""

    questions_file: str = Field(
        title="Question file",
        description="A file name in the questions inbox (data/inbox/questions, or a file the nightly run "
        "already moved to its processed/ folder), or a path on the worker: CSV, JSONL or YAML with gold answers.",
        examples=["questions.jsonl"],
    )
    strategies: list[CompareStrategy] = Field(
        default_factory=lambda: [CompareStrategy(s) for s in COMPARED],
        min_length=2,
        title="Strategies",
        description="At least two. The verdict compares single against iterative first, then what auto's "
        "routing adds. " + "; ".join(f"**{name}**: {STRATEGY_HELP[name]}" for name in CompareStrategy),
    )
    # Plain text with an empty default (not `str | None`, which the form shows as a "None" toggle).
    store: str = Field("", title="Store", description="The embedded store's folder on the worker; empty: the "
                       "worker's FINRAG_STORE (or data/store)")
    out_dir: str = Field("", title="Output folder", description="Where report.html, summary.md and each "
                         "strategy's results go; empty: out/compare/<question file>-<date>")
    judge: bool = Field(False, title="Judge text answers with the LLM", description="Grade definitions and "
                        "other text answers with the configured LLM (FinanceBench's scheme); off: they are not "
                        "scored (key-word overlap marks correct ones wrong). Needs FINRAG_LLM_BASE_URL on the worker.")

    def questions_path(self, inbox: str | Path = INBOX) -> Path:
        """The path as given when it is a file; else a name in the inbox (or, newest day first,
        in its processed/ folders, where the nightly run moves answered files)."""
        given = Path(self.questions_file.strip())
        if given.is_file() or given.name != str(given):
            return given
        root = Path(inbox)
        candidates = [root / given, *sorted(root.glob(f"processed/*/{given}"), reverse=True)]
        return next((c for c in candidates if c.is_file()), given)  # not found: read_questions says so

    def output_dir(self, day: str) -> Path:
        if self.out_dir.strip():
            return Path(self.out_dir.strip())
        return Path("out/compare") / f"{Path(self.questions_file.strip()).stem}-{day}"


class ComparisonOutcome(BaseModel):
    report: str  # path of report.html
    llm_failed: list[str] = Field(default_factory=list)  # strategies whose LLM calls all failed
    failed: dict[str, int] = Field(default_factory=dict)  # strategy -> questions answered `failed`

    def problem(self) -> str | None:
        """Why the comparison did not fully succeed (run Failed, exit 1), or None."""
        problems = []
        if any(self.failed.values()):
            problems.append("failed answers: " + ", ".join(f"{s} {n}" for s, n in self.failed.items() if n))
        if self.llm_failed:
            problems.append(f"every LLM call failed in {', '.join(self.llm_failed)}")
        return "; ".join(problems) or None
REPORT_HTML = "report.html"
SUMMARY_MD = "summary.md"


def run_comparison(
    questions: Sequence[Question],
    out_dir: str | Path,
    *,
    settings: Settings,
    services: Services,
    strategies: Sequence[str] = COMPARED,
    scorer: Scorer | None = None,
    answer_many_for: Callable[[str], AnswerMany] | None = None,
    progress_label: bool = False,
) -> Comparison:
    """Run the batch under each strategy (resumable), score, and write the report files.

    Latency is compared fairly: each strategy answers one question untimed first (the
    warm-up: model, caches, the agent's graph), then the strategies take turns over rounds
    of a few questions, so neither pays the cold start nor a different stretch of a busy
    machine's load."""
    scorer = scorer or CompareScorer()
    note = scorer.note(questions) if isinstance(scorer, CompareScorer) else ""
    out = Path(out_dir)
    _warm_up(questions, out, strategies, services)
    for end in range(ROUND, len(questions), ROUND):
        turn = {q.id for q in questions[:end]}
        for strategy in strategies:
            answer_many = answer_many_for(strategy) if answer_many_for else sequential_answers(services, strategy)
            run_batch(questions, out / strategy, settings=settings, services=services,
                      strategy=strategy, answer_many=_only(turn, answer_many))  # fmt: skip
    records: dict[str, list[RunRecord]] = {}
    llm_failed = []
    for strategy in strategies:  # the last round; also each strategy's summary over every question
        answer_many = answer_many_for(strategy) if answer_many_for else None
        summary, records[strategy] = run_batch(
            questions, out / strategy, settings=settings, services=services,
            strategy=strategy, answer_many=answer_many,
        )  # fmt: skip
        if progress_label:
            print(f"{strategy}: {summary.status_line()} in {summary.wall_seconds:.1f}s", file=sys.stderr)
        if summary.llm_all_failed:
            llm_failed.append(strategy)
    comparison = build_comparison(records, scorer, note).model_copy(update={"llm_failed": llm_failed})
    write_text_atomic(out / REPORT_HTML, render_html(comparison))
    write_text_atomic(out / SUMMARY_MD, render_markdown(comparison, report_path=str((out / REPORT_HTML).resolve())))
    return comparison


ROUND = 4  # questions per turn when strategies take turns


def _only(ids: set[str], answer_many: AnswerMany) -> AnswerMany:
    """`answer_many` restricted to these questions: the others stay pending for a later turn
    (the batch is given every question, so resuming keeps what other turns answered)."""
    return lambda pending: answer_many([q for q in pending if q.id in ids])


def _warm_up(questions: Sequence[Question], out: Path, strategies: Sequence[str], services: Services) -> None:
    """Answer the first question once per strategy, untimed and unrecorded, unless every
    strategy already has results (a resumed comparison has nothing cold left to pay)."""
    if not questions or all((out / s / "results.jsonl").exists() for s in strategies):
        return
    from strategies.dispatch import answer_question

    for strategy in strategies:
        answer_question(questions[0], services, strategy)


# No flow retry, as for a batch: failed answers end the run Failed, and a re-run resumes.
@flow(name="compare_strategies", task_runner=task_runner(), timeout_seconds=6 * 3600)
def compare_strategies(request: CompareRequest) -> ComparisonOutcome:
    """Single-shot vs iterative (and auto) on one question file: the verdict and tables on
    this run's page, the report's path, and the strategies whose LLM calls all failed."""
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    logger = get_run_logger()
    settings = settings_for(request.store.strip() or None)
    questions_file = request.questions_path()
    out_dir = request.output_dir(datetime.now(UTC).strftime("%Y-%m-%d"))
    logger.info("comparing %s on %s into %s", ", ".join(request.strategies), questions_file, out_dir)
    questions = read_questions(questions_file)
    scorer = comparison_scorer(settings, request.judge)
    present = limits_present(["llm"])
    with open_run_services(settings) as services:
        comparison = run_comparison(
            questions, out_dir, settings=settings, services=services, strategies=[str(s) for s in request.strategies],
            scorer=scorer, answer_many_for=lambda s: prefect_answers(services, s, settings, present),
            progress_label=True,
        )  # fmt: skip
    report = str((Path(out_dir) / REPORT_HTML).resolve())
    create_markdown_artifact(
        key="compare-summary",
        markdown=render_markdown(comparison, report_path=report),
        description=comparison.verdict[:500],
    )
    create_table_artifact(
        key="compare-questions",
        table=question_table(comparison),
        description="Per question: gold, each strategy's mark and answer",
    )
    logger.info("report: %s", report)
    if comparison.llm_failed:
        logger.error("every LLM call failed in %s: those answers were written offline", ", ".join(comparison.llm_failed))
    outcome = ComparisonOutcome(report=report, llm_failed=comparison.llm_failed,
                                failed={t.strategy: t.failed for t in comparison.totals})
    return finish(outcome, outcome.problem())


def comparison_scorer(settings: Settings, judge: bool) -> CompareScorer:
    """The automatic scorer, with the LLM judge for text answers when asked (and configured)."""
    if not judge:
        return CompareScorer()
    if settings.offline:
        raise UserError("--judge needs an LLM: set FINRAG_LLM_BASE_URL (or OPENAI_BASE_URL) and a key")
    from finrag.llm import get_llm

    return CompareScorer(get_llm(settings))


def run_cli(args) -> int:
    """`finrag compare FILE --out DIR [--store DIR] [--runner R] [--workers N]`: rc 0 all
    answered (refusals included), 1 failed answers or an LLM that never answered, 2 a usage
    error (one line)."""
    from flows.answer_batch import preflight
    from flows.runtime import temporary_server

    runner = parse_runner(args.runner, args.workers, settings_for(args.store))  # RunnerError: one line, rc 2
    check_runner(runner)
    preflight(args.file, args.out, args.store)
    comparison_scorer(settings_for(args.store), getattr(args, "judge", False))  # --judge offline: one line, rc 2
    with temporary_server(), running_on(runner):
        run = compare_strategies.with_options(task_runner=runner.task_runner(local_task_runner()))
        request = CompareRequest(questions_file=args.file, out_dir=args.out, store=args.store or "",
                                 judge=getattr(args, "judge", False))
        outcome = result_of(run(request, return_state=True))
    print((Path(args.out) / SUMMARY_MD).read_text(encoding="utf-8"))
    print(f"report: {outcome.report}")
    if outcome.llm_failed:
        print(f"finrag compare: every LLM call failed in {', '.join(outcome.llm_failed)}; those answers were "
              "written offline, so this is not a comparison of the LLM's strategies", file=sys.stderr)
    if failed := {s: n for s, n in outcome.failed.items() if n}:
        print("finrag compare: questions answered `failed`: " + ", ".join(f"{s} {n}" for s, n in failed.items())
              + f" (reasons in {args.out}/<strategy>/results.csv)", file=sys.stderr)
    return 1 if outcome.problem() else 0  # exit codes: README "Exit codes"

