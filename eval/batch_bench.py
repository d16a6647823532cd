"""`finrag bench batch`: offline batch throughput and Prefect's overhead per question.

Generates a small sample corpus in a temporary folder, ingests it, then answers N
single-shot questions four ways over the same open services:

- plain loop: `answer_safely` per question, nothing else (the work itself);
- run_batch: the batch machinery without Prefect (records, fsync per line, CSV);
- flow + tasks: `run_batch` inside a Prefect flow, once with one task per question and
  once with the offline default group size (what `finrag batch` runs offline), after a
  warm-up flow so server start-up is not counted.

Each mode runs twice, in mirrored order, and the mean is reported (see `_measure`).

Targets: >= 300 questions/min single-shot offline; Prefect overhead <= 15 %.
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

TARGET_QPM = 300
TARGET_OVERHEAD = 0.15


def bench_questions(questions_file: Path, n: int):
    """N questions cycled from the corpus's answerable single-shot ones, each with its own id."""
    from flows.batch_io import read_questions

    pool = [q for q in read_questions(questions_file) if q.answerable and q.expected_strategy == "single"]
    pool = pool or read_questions(questions_file)
    return [q.model_copy(update={"id": f"{q.id}-{i}"}) for i, q in zip(range(n), itertools.cycle(pool))]


def run_cli(args) -> int:
    from finrag.config import load_settings
    from indexing.pipeline import ingest_paths
    from samples import generate_corpus
    from strategies.services import open_services

    n = args.questions
    with tempfile.TemporaryDirectory(prefix="finrag-batch-bench-") as tmp:
        root = Path(tmp)
        print("generating and ingesting a 4 × 2 sample corpus ...", file=sys.stderr)
        generate_corpus(root / "corpus", companies=4, years=2, seed=7)
        settings = load_settings(store_dir=root / "store")
        ingest_paths([root / "corpus" / "pdfs"], settings)
        questions = bench_questions(root / "corpus" / "questions.jsonl", n)
        services = open_services(settings)
        try:
            rows = _measure(questions, root, settings, services)
        finally:
            services.close()
    _print_table(rows, n)
    return 0


def _measure(questions, root: Path, settings, services) -> list[tuple[str, float, int]]:
    """(mode, seconds, failed answers) per mode, the plain loop first.

    The machine is shared and its load drifts, so the modes run twice in mirrored order
    (A B C D D C B A) and each mode's time is the mean of its two runs: a load that rises
    or falls steadily weighs the same on every mode.
    """
    from prefect import flow

    from flows.answer_batch import answer_safely, prefect_answers, run_batch, task_runner, task_size

    # Defined here so Services reach the tasks by closure, never as flow parameters; the
    # same task runner as `answer_batch` (one thread offline).
    @flow(name="batch-bench", task_runner=task_runner())
    def bench_flow(out: Path, size: int, warm_up: bool = False) -> int:
        sized = settings.with_overrides(batch_task_size=size)
        summary, _ = run_batch(
            questions[:1] if warm_up else questions, out, settings=settings, services=services, strategy="single",
            answer_many=prefect_answers(services, "single", sized, set()),
        )  # fmt: skip
        return summary.by_status.get("failed", 0)

    def plain_loop(out: Path) -> int:
        return sum(answer_safely(q, services, "single").status == "failed" for q in questions)

    def batch_without_prefect(out: Path) -> int:
        summary, _ = run_batch(questions, out, settings=settings, services=services, strategy="single")
        return summary.by_status.get("failed", 0)

    grouped = task_size(settings)
    modes: dict[str, Callable[[Path], int]] = {
        "plain loop": plain_loop,
        "run_batch, no Prefect": batch_without_prefect,
        "flow, 1 question/task": lambda out: bench_flow(out, 1),
        f"flow, {grouped} questions/task": lambda out: bench_flow(out, grouped),
    }
    answer_safely(questions[0], services, "single")  # warm the model and caches
    bench_flow(root / "warm-up", 1, warm_up=True)  # starts a temporary server when no PREFECT_API_URL is set

    seconds: dict[str, list[float]] = {name: [] for name in modes}
    failed: dict[str, int] = {}
    order = [*modes, *reversed(modes)]
    for run, name in enumerate(order):
        print(f"[{run + 1}/{len(order)}] {name} ...", file=sys.stderr, flush=True)
        t = time.perf_counter()
        failed[name] = modes[name](root / f"run-{run}")
        seconds[name].append(time.perf_counter() - t)
    return [(name, statistics.mean(seconds[name]), failed[name]) for name in modes]


def _print_table(rows: list[tuple[str, float, int]], n: int) -> None:
    base = rows[0][1]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nBatch throughput, {n} single-shot questions, offline engine (load average {load})")
    print(f"{'mode':<28}{'seconds':>9}{'q/min':>9}{'ms/q':>8}{'overhead':>10}{'failed':>8}")
    for name, seconds, failed in rows:
        overhead = (seconds - base) / base if base else 0.0
        print(f"{name:<28}{seconds:>9.1f}{60 * n / seconds:>9.0f}{1000 * seconds / n:>8.1f}{overhead:>9.0%}{failed:>8}")
    flow_s = rows[-1][1]
    print(
        f"\ntargets: >= {TARGET_QPM} q/min single-shot (plain: {60 * n / base:.0f}), "
        f"Prefect overhead <= {TARGET_OVERHEAD:.0%} (measured with the default grouping: {(flow_s - base) / base:.0%})"
    )
