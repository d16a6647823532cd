"""`finrag bench batch`: offline batch throughput and Prefect's overhead per question.

Generates a small sample corpus in a temporary folder, ingests it, then answers N
single-shot questions three ways over the same open services:

- plain loop: `answer_safely` per question, nothing else (the work itself);
- run_batch: the batch machinery without Prefect (records, fsync per line, CSV);
- flow + tasks: `run_batch` inside a Prefect flow with one task per question
  (what `finrag batch` runs), after a warm-up flow so server start-up is not counted.

Targets: >= 300 questions/min single-shot offline; Prefect overhead <= 15 %.
"""

from __future__ import annotations

import itertools
import sys
import tempfile
import time
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
    from eval.sample_corpus import generate_corpus
    from finrag.config import load_settings
    from flows.answer_batch import answer_safely, prefect_answers, run_batch, task_runner
    from flows.ingest import ingest_paths
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
            rows = _measure(questions, root, settings, services, answer_safely, run_batch, prefect_answers,
                            task_runner)  # fmt: skip
        finally:
            services.close()
    _print_table(rows, n)
    return 0


def _measure(questions, root, settings, services, answer_safely, run_batch, prefect_answers, task_runner):
    from prefect import flow

    answer_safely(questions[0], services, "single")  # warm the model and caches
    rows: list[tuple[str, float, int]] = []  # mode, seconds, failed answers

    t = time.perf_counter()
    failed = sum(answer_safely(q, services, "single").status == "failed" for q in questions)
    rows.append(("plain loop", time.perf_counter() - t, failed))

    t = time.perf_counter()
    summary, _ = run_batch(questions, root / "plain", settings=settings, services=services, strategy="single")
    rows.append(("run_batch, no Prefect", time.perf_counter() - t, summary.by_status.get("failed", 0)))

    # Defined here so Services reach the tasks by closure, never as flow parameters; the
    # same task runner as `answer_batch` (one thread offline).
    @flow(name="batch-bench", task_runner=task_runner())
    def bench_flow(label: str) -> int:
        summary, _ = run_batch(
            questions if label != "warm-up" else questions[:1], root / label,
            settings=settings, services=services, strategy="single",
            answer_many=prefect_answers(services, "single", settings, set()),
        )  # fmt: skip
        return summary.by_status.get("failed", 0)

    bench_flow("warm-up")  # starts a temporary server when no PREFECT_API_URL is set
    t = time.perf_counter()
    failed = bench_flow("flow")
    rows.append(("flow + task per question", time.perf_counter() - t, failed))
    return rows


def _print_table(rows: list[tuple[str, float, int]], n: int) -> None:
    base = rows[0][1]
    print(f"\nBatch throughput, {n} single-shot questions, offline engine")
    print(f"{'mode':<28}{'seconds':>9}{'q/min':>9}{'ms/q':>8}{'overhead':>10}{'failed':>8}")
    for name, seconds, failed in rows:
        overhead = (seconds - base) / base if base else 0.0
        print(f"{name:<28}{seconds:>9.1f}{60 * n / seconds:>9.0f}{1000 * seconds / n:>8.1f}{overhead:>9.0%}{failed:>8}")
    flow_s = rows[-1][1]
    print(
        f"\ntargets: >= {TARGET_QPM} q/min single-shot (plain: {60 * n / base:.0f}), "
        f"Prefect overhead <= {TARGET_OVERHEAD:.0%} (measured: {(flow_s - base) / base:.0%})"
    )
