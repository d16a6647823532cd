"""Answer a batch of questions: the `answer_batch` flow and the nightly inbox flow (`finrag batch` is cli/batch.py).

Every answered question is appended to `results.jsonl` at once, so a batch
killed half-way resumes where it stopped: a re-run keeps the records made for the same
question text with the same answer key (strategy + the settings that shape an answer +
engine/model identity) and store content version, and answers only the rest. Paths as
typed, timeouts, retries, concurrency and group size are not in the key: changing them
keeps every answer. When something else changed, the earlier file moves to
`results.<UTC timestamp>.jsonl` first (one line on stderr says so): nothing an earlier
run paid for is deleted (flows/resume.py decides what is kept). `results.csv` is a spreadsheet
view rewritten atomically at the end.

The Qdrant local store admits one client per process, so a flow opens `Services` once and
shares them with its task threads (passed through `quote`, never hashed or serialized).
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prefect import flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.futures import PrefectFuture
from prefect.states import Failed
from prefect.utilities.annotations import quote

from finrag.config import Settings, load_settings
from finrag.console import progress as progress_bars
from finrag.errors import DiskFull, full_disk_named
from finrag.models import Answer, Question, RunRecord, StrategyChoice
from flows.answer_one import answer_safely, failed_answer
from flows.artifacts import (
    BatchSummary,
    artifact_key,
    batch_summary_markdown,
    publish_batch_artifacts,
    summarize,
)
from flows.batch_io import (
    ResultsLog,
    read_questions,
    records_csv,
    write_text_atomic,
)
from flows.outcome import finish
from flows.parallel_batch import dask_answers
from flows.resume import answer_versions, config_hash, resume_results
from flows.runner import configured_task_runner, on_dask
from flows.store_queue import open_queued

if TYPE_CHECKING:
    from strategies.services import Services

RESULTS_JSONL = "results.jsonl"
RESULTS_CSV = "results.csv"
SUMMARY_MD = "summary.md"

# Yields (question, answer) pairs as they complete, in any order.
AnswerMany = Callable[[Sequence[Question]], Iterable[tuple[Question, Answer]]]
Progress = Callable[[int, int, RunRecord], None]


def sequential_answers(services: Services, strategy: str) -> AnswerMany:
    """Answer one question after another in this thread (no Prefect needed)."""

    def answer_many(questions: Sequence[Question]) -> Iterator[tuple[Question, Answer]]:
        for q in questions:
            yield q, answer_safely(q, services, strategy)

    return answer_many


def run_batch(
    questions: Sequence[Question],
    out_dir: str | Path,
    *,
    settings: Settings,
    services: Services,
    strategy: str = "auto",
    answer_many: AnswerMany | None = None,
    progress: Progress | None = None,
) -> tuple[BatchSummary, list[RunRecord]]:
    """Answer what is not answered yet, append each record as it arrives, write the CSV.

    Returns the summary and the records in the order of `questions`.
    """
    started = time.perf_counter()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chash = config_hash(settings, strategy)
    store_version = str(services.store.version())
    versions = answer_versions(questions, store_version, services, settings)
    log = ResultsLog(out / RESULTS_JSONL)

    done, previous = resume_results(log, questions, chash, versions, retry_fallbacks=not settings.offline)
    pending = [q for q in questions if q.id not in done]
    reused = len(done)

    answer_many = answer_many or sequential_answers(services, strategy)
    kept = lambda: f"{len(done)} answers kept in {log.path}; free space and run again to resume"  # noqa: E731
    with full_disk_named(out, kept):  # one line naming --out, never a traceback per answer
        for question, answer in answer_many(pending):
            record = RunRecord(
                id=question.id,
                question=question.question,
                company=question.company,
                period=question.period,
                config_hash=chash,
                store_version=versions[question.id],
                gold=question.answer,
                expected_strategy=question.expected_strategy,
                type=question.type,
                answer=answer,
            )
            log.append(record)
            done[record.id] = record
            if progress:
                progress(len(done), len(questions), record)

        log.sync()
        records = [done[q.id] for q in questions if q.id in done]
        summary = summarize(
            records, out_dir=str(out), strategy=strategy, config_hash=chash,
            store_version=store_version, reused=reused, wall_seconds=time.perf_counter() - started,
            llm_configured=not settings.offline, previous_results=str(previous) if previous else None,
        )  # fmt: skip
        write_text_atomic(out / RESULTS_CSV, records_csv(records))
        write_text_atomic(out / SUMMARY_MD, batch_summary_markdown(summary))
    return summary, records


# --------------------------------------------------------------------------- Prefect


def limits_present(names: Sequence[str]) -> set[str]:
    """Which global concurrency limits exist on the Prefect server.

    Asking `concurrency()` for a limit that does not exist costs about two seconds per
    call on Prefect 3.9 before it gives up (measured), so look once per run.
    """
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    found: set[str] = set()
    try:
        with get_client(sync_client=True) as client:
            for name in names:
                try:
                    client.read_global_concurrency_limit_by_name(name)
                    found.add(name)
                except ObjectNotFound:
                    pass
    except Exception as e:  # noqa: BLE001 - no server reachable: run without limits
        print(f"concurrency limits unavailable ({type(e).__name__}); running without", file=sys.stderr)
    return found


SLOT_LEASE_S = 60.0


def limit_slot(name: str, present: set[str]) -> AbstractContextManager[Any]:
    """Occupy one slot of a Prefect global concurrency limit, if the limit exists."""
    if name not in present:
        return nullcontext()
    from prefect.concurrency.sync import concurrency

    # Prefect renews the lease while this run lives; a holder killed with kill -9 frees
    # its slot when the lease runs out (here 60 s, not Prefect's default of 5 minutes).
    return concurrency(name, occupy=1, strict=False, lease_duration=SLOT_LEASE_S)


@contextmanager
def open_run_services(settings: Settings) -> Iterator[Services]:
    """Open Services for one flow run.

    The embedded (local-mode) store is one process at a time: a run that wants a busy
    store waits its turn for that store alone, logging who holds it (flows/store_queue.py).
    """
    services = open_queued(settings)
    try:
        yield services
    finally:
        services.close()


OFFLINE_TASK_SIZE = 50
# After an interrupt, how long the run waits for each running task to finish its current
# question before the store is closed under it.
STOP_WAIT_S = 30.0


def task_size(settings: Settings) -> int:
    """Questions per Prefect task.

    A Prefect task costs ~25-90 ms of orchestration here (measured: `finrag bench batch`),
    about what an offline answer costs, so offline questions go in large groups; an LLM
    answer takes seconds, so there each question is its own task (and its own UI row).
    """
    if settings.batch_task_size > 0:
        return settings.batch_task_size
    return OFFLINE_TASK_SIZE if settings.offline else 1


Deliver = Callable[[Question, Answer], None]


@task(cache_policy=NO_CACHE, task_run_name="answer {label}")
def answer_group(
    questions: list[Question], services: Services, strategy: str, llm_limited: bool, deliver: Deliver, label: str,
    stop: threading.Event | None = None,
) -> int:
    """Answer a group of questions, handing each answer over the moment it exists.

    Delivering one by one (not returning the group) keeps "nothing done twice": a run
    killed mid-group has already recorded every answer made before the kill. `stop` is
    set when the run is interrupted: the group ends after its current question, before
    the store it reads is closed.
    """
    for question in questions:
        if stop is not None and stop.is_set():
            break
        # Offline answers make no LLM calls; online, one slot per question in flight
        # bounds the LLM calls it makes (the "llm" limit is created by the operator).
        with limit_slot("llm", {"llm"} if llm_limited else set()):
            deliver(question, answer_safely(question, services, strategy))
    return len(questions)


def prefect_answers(services: Services, strategy: str, settings: Settings, present: set[str]) -> AnswerMany:
    """Answer the questions as Prefect tasks (groups of `task_size`) on the flow's thread pool,
    or on the Dask workers when the flow runs on a Dask task runner (flows/parallel_batch.py)."""
    if on_dask():
        return dask_answers(services, strategy, settings)
    llm_limited = not settings.offline and "llm" in present
    size = task_size(settings)

    def answer_many(questions: Sequence[Question]) -> Iterator[tuple[Question, Answer]]:
        # Tasks put answers, then their own future when it finishes, on one queue: this
        # thread records answers as they come and knows when every task is over.
        arrivals: queue.SimpleQueue[tuple[Question, Answer] | PrefectFuture[int]] = queue.SimpleQueue()
        groups = [list(questions[i : i + size]) for i in range(0, len(questions), size)]
        task_of: dict[str, PrefectFuture[int]] = {}
        stop = threading.Event()
        for group in groups:
            label = group[0].id if len(group) == 1 else f"{group[0].id} … {group[-1].id} ({len(group)})"
            future = answer_group.submit(
                group, quote(services), strategy, llm_limited, quote(lambda q, a: arrivals.put((q, a))), label,
                quote(stop),
            )
            future.add_done_callback(arrivals.put)
            task_of.update((q.id, future) for q in group)

        unanswered = {q.id: q for q in questions}
        finished = 0
        try:
            while finished < len(groups):
                item = arrivals.get()
                if isinstance(item, tuple):
                    question, answer = item
                    unanswered.pop(question.id, None)
                    yield question, answer
                else:
                    finished += 1
        finally:
            if finished < len(groups):  # interrupted (signal, error): let the tasks end first
                stop.set()
                for future in set(task_of.values()):
                    future.wait(timeout=STOP_WAIT_S)
        for question in unanswered.values():  # its task crashed (worker, Prefect) before answering
            reason = _task_failure(task_of[question.id])
            yield question, failed_answer(question, strategy, f"task failed: {reason}")

    return answer_many


def _task_failure(future: PrefectFuture[int]) -> str:
    result = future.result(raise_on_failure=False)
    return repr(result) if not isinstance(result, int) else "ended without answering"


def local_task_runner():
    from prefect.task_runners import ThreadPoolTaskRunner

    # Offline answering is CPU work on a process-local store and model: more threads only
    # contend for two cores. Online, threads wait on HTTP, so use the LLM concurrency.
    settings = load_settings()
    return ThreadPoolTaskRunner(max_workers=1 if settings.offline else settings.llm_concurrency)


def task_runner():
    """The flows' task runner: Dask when FINRAG_RUNNER=dask, else this process's threads."""
    return configured_task_runner(local_task_runner())


def settings_for(store: str | None) -> Settings:
    return load_settings(store_dir=Path(store) if store else None)


def answer_file(
    questions_file: str | Path, out_dir: str | Path, *, strategy: str, store: str | None, key_prefix: str
) -> BatchSummary:
    """A flow's work on one question file: answer it as Prefect tasks, publish the artifacts."""
    logger = get_run_logger()
    settings = settings_for(store)
    questions = read_questions(questions_file)
    present = limits_present(["llm"])
    # A bar with ETA when run from a terminal (`finrag batch`); a worker's log gets the lines.
    with open_run_services(settings) as services, progress_bars(transient=True) as bars:
        bar = bars.add_task(f"{Path(questions_file).name} ({strategy})", total=len(questions))

        def progress(done: int, total: int, record: RunRecord) -> None:
            logger.info("[%d/%d] %s %s via %s", done, total, record.id, record.answer.status, record.answer.strategy)
            bars.update(bar, completed=done)

        summary, records = run_batch(
            questions, out_dir, settings=settings, services=services, strategy=strategy,
            answer_many=prefect_answers(services, strategy, settings, present), progress=progress,
        )  # fmt: skip
    publish_batch_artifacts(summary, records, key_prefix=key_prefix)
    logger.info("%d questions, %s, %s, results in %s", summary.total, summary.status_line(), summary.engine_line(), out_dir)
    return summary


# No flow retry: a run whose questions failed ends Failed (flows/outcome.py), and a retry
# would only wait a minute to fail the same rows again; a re-run resumes (every answer is
# recorded), and runs that want a busy embedded store wait their turn (flows/store_queue.py).
@flow(name="answer_batch", task_runner=task_runner(), log_prints=False, timeout_seconds=4 * 3600)
def answer_batch(
    questions_file: str, out_dir: str, strategy: StrategyChoice = "auto", store: str | None = None
) -> BatchSummary:
    """Answer every question of a CSV/JSONL/YAML file; resumable; one failure never stops the
    batch, but any failed question ends the run Failed (with the summary attached)."""
    key_prefix = artifact_key("batch", Path(questions_file).stem)
    try:
        summary = answer_file(questions_file, out_dir, strategy=strategy, store=store, key_prefix=key_prefix)
    except DiskFull as full:  # said in one line (state message, CLI), not as a traceback
        get_run_logger().error(str(full))
        return Failed(message=str(full), data=full)
    return finish(summary, summary.problem())


def preflight(questions_file: str, out_dir: str, store: str | None) -> None:
    """What would stop a batch, found before Prefect starts (each raises a one-line error):
    an unreadable question file, an --out that is a file, a missing, unreachable, busy or
    empty store, a corrupt catalog.json (every question would fail on it)."""
    from finrag.catalog import load_corrections
    from flows.batch_io import check_output_dir
    from strategies.services import check_store

    read_questions(questions_file)
    check_output_dir(out_dir)
    settings = settings_for(store)
    check_store(settings)
    load_corrections(settings.catalog_path)
