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
from flows.runner import parse_runner, running_on
from flows.runtime import temporary_server


def run(args) -> int:
    """`finrag batch FILE --out DIR [--strategy S] [--store DIR] [--runner R] [--workers N]`;
    errors are one line (rc 2)."""
    runner = parse_runner(args.runner, args.workers, settings_for(args.store))  # RunnerError: one line, rc 2
    preflight(args.file, args.out, args.store)
    with temporary_server(), running_on(runner):
        run = answer_batch.with_options(task_runner=runner.task_runner(local_task_runner()))
        summary = run(questions_file=args.file, out_dir=args.out, strategy=args.strategy, store=args.store)
    print(
        f"{plural(summary.total, 'question')} ({summary.reused} kept from an earlier run): "
        + ", ".join(f"{k} {v}" for k, v in sorted(summary.by_status.items()))
        + f"\n{summary.engine_line()}"
        + f"\nresults: {Path(args.out) / RESULTS_JSONL}, {Path(args.out) / RESULTS_CSV}"
    )
    if summary.llm_all_failed:
        print("finrag batch: every LLM call failed; the answers above were written offline "
              f"({', '.join(f'{k} {v}' for k, v in sorted(summary.by_fallback.items()))})", file=sys.stderr)
        return 1
    return 0
