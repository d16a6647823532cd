"""`finrag batch FILE --out DIR`: the answer_batch flow on this process's threads or on Dask
workers, and one line of totals at the end (progress goes to stderr as answers arrive)."""

from __future__ import annotations

import sys
from pathlib import Path

from finrag.wording import plural
from flows.answer_batch import (
    RESULTS_CSV,
    RESULTS_JSONL,
    answer_batch,
    local_task_runner,
    preflight,
    settings_for,
)
from flows.outcome import count_problem, result_of
from flows.runner import check_runner, parse_runner, running_on
from flows.runtime import temporary_server


def run(args) -> int:
    """`finrag batch FILE --out DIR [--strategy S] [--store DIR] [--runner R] [--workers N]`:
    rc 0 every question answered (refusals included), 1 some failed, 2 a usage error (one line)."""
    runner = parse_runner(args.runner, args.workers, settings_for(args.store))  # RunnerError: one line, rc 2
    check_runner(runner)
    preflight(args.file, args.out, args.store)
    with temporary_server(), running_on(runner):
        run = answer_batch.with_options(task_runner=runner.task_runner(local_task_runner()))
        state = run(questions_file=args.file, out_dir=args.out, strategy=args.strategy, store=args.store,
                    return_state=True)
        summary = result_of(state)  # a usage error or crash is raised: cli.main's one line
    print(
        f"{plural(summary.total, 'question')} ({summary.reused} kept from an earlier run): {summary.status_line()}"
        + f"\n{summary.engine_line()}"
        + f"\nresults: {Path(args.out) / RESULTS_JSONL}, {Path(args.out) / RESULTS_CSV}"
    )
    if summary.llm_all_failed:
        print("finrag batch: every LLM call failed; the answers above were written offline "
              f"({', '.join(f'{k} {v}' for k, v in sorted(summary.by_fallback.items()))})", file=sys.stderr)
    if summary.failed:
        print(f"finrag batch: {count_problem(summary.failed, summary.total, 'question')} "
              f"(reasons in {Path(args.out) / RESULTS_CSV})", file=sys.stderr)
    return 1 if summary.problem() else 0  # exit codes: README "Exit codes"
