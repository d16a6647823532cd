"""`finrag batch FILE --out DIR`: the answer_batch flow on this process's threads or on Dask
workers, and one line of totals at the end (progress goes to stderr as answers arrive)."""

from __future__ import annotations

import sys
from pathlib import Path

from finrag.store import StoreBusy
from flows.answer_batch import (
    RESULTS_CSV,
    RESULTS_JSONL,
    answer_batch,
    local_task_runner,
    settings_for,
)
from flows.batch_io import BatchFormatError, read_questions
from flows.runner import RunnerError, parse_runner, running_on


def run(args) -> int:
    """`finrag batch FILE --out DIR [--strategy S] [--store DIR] [--runner R] [--workers N]`."""
    try:
        read_questions(args.file)  # fail fast, before Prefect starts, on an unreadable file
    except (OSError, BatchFormatError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        runner = parse_runner(args.runner, args.workers, settings_for(args.store))
    except RunnerError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        with running_on(runner):
            run = answer_batch.with_options(task_runner=runner.task_runner(local_task_runner()))
            summary = run(questions_file=args.file, out_dir=args.out, strategy=args.strategy, store=args.store)
    except StoreBusy as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(
        f"{summary.total} questions ({summary.reused} kept from an earlier run): "
        + ", ".join(f"{k} {v}" for k, v in sorted(summary.by_status.items()))
        + f"\nresults: {Path(args.out) / RESULTS_JSONL}, {Path(args.out) / RESULTS_CSV}"
    )
    return 0
