"""Batch questions on Dask workers.

Each worker answers groups of questions with its own `Services`, opened once per worker
process: against the Qdrant server when QDRANT_URL is set, otherwise against a private
copy of the embedded store taken when the worker first needs it. The embedded engine
admits one process per store folder (a second open fails at once), so a copy is the only
read-only open it allows; a batch never writes to the store, and the copy's version is
checked against the flow's, so every answer is made against the same store.

Answers come back per group and the flow's process records each group's answers as the
group finishes (results.jsonl, as on the local runner), so a killed run loses only the
groups in flight, and a re-run answers only what is missing. A group whose worker died is
recorded as lost (flag `worker_lost`), which a re-run answers again.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from prefect import task
from prefect.cache_policies import NO_CACHE

from finrag.config import Settings
from finrag.models import Answer, Question
from flows.answer_one import WORKER_LOST, answer_safely, failed_answer

if TYPE_CHECKING:
    from strategies.services import Services

# Questions per Dask task: small enough that a kill loses few answers and progress moves,
# large enough that Prefect's ~50 ms per task stays small against ~0.1-1 s per answer.
DASK_GROUP = 8


def _snapshot(settings: Settings) -> Settings:
    """Settings pointing at this worker's private copy of the embedded store."""
    from distributed import get_worker

    root = Path(get_worker().local_directory) / "finrag-store"  # removed with the worker
    shutil.rmtree(root, ignore_errors=True)
    copy = root / settings.store_dir.name
    # The folder holds the whole store (points, records, graph, catalog); not its lock.
    shutil.copytree(settings.store_dir, copy, ignore=shutil.ignore_patterns(".finrag.lock"))
    return settings.with_overrides(store_dir=copy)


@lru_cache(maxsize=1)
def worker_services(settings: Settings, store_version: str) -> Services:
    """This worker's Services for (settings, store version), opened once."""
    from strategies.services import open_services

    opened = open_services(settings if settings.qdrant_url else _snapshot(settings))
    found = str(opened.store.version())
    if found != store_version:  # the store changed between the flow's open and this copy
        opened.close()
        raise RuntimeError(f"store changed during the batch (version {found}, the run started on {store_version})")
    return opened


@task(name="answer-questions", task_run_name="answer {label}", retries=0, cache_policy=NO_CACHE)
def answer_on_worker(questions: list[Question], settings: Settings, strategy: str, store_version: str,
                     label: str) -> list[Answer]:
    services = worker_services(settings, store_version)
    return [answer_safely(q, services, strategy) for q in questions]


def dask_answers(services: Services, strategy: str, settings: Settings):
    """An AnswerMany that sends groups of questions to the Dask workers of this flow run
    (FINRAG_BATCH_TASK_SIZE questions per group when set, else DASK_GROUP)."""
    from prefect.futures import as_completed

    store_version = str(services.store.version())
    group = settings.batch_task_size or DASK_GROUP

    def answer_many(questions: Sequence[Question]) -> Iterator[tuple[Question, Answer]]:
        groups = [list(questions[i : i + group]) for i in range(0, len(questions), group)]
        futures = {}
        for part in groups:
            label = part[0].id if len(part) == 1 else f"{part[0].id} … {part[-1].id} ({len(part)})"
            futures[answer_on_worker.submit(part, settings, strategy, store_version, label)] = part
        for future in as_completed(list(futures)):
            part = futures[future]
            started = time.perf_counter()
            try:
                answers = future.result()
            except Exception as err:  # noqa: BLE001 - the group's questions are lost, not the batch
                reason = _lost_reason(err)
                for question in part:
                    lost = failed_answer(question, strategy, reason, time.perf_counter() - started)
                    lost.flags = [WORKER_LOST]
                    yield question, lost
                continue
            yield from zip(part, answers, strict=True)

    return answer_many


def _lost_reason(err: BaseException) -> str:
    if type(err).__name__ == "KilledWorker":
        return "worker lost while answering (its process died); a re-run answers it again"
    return f"worker task failed: {type(err).__name__}: {err}; a re-run answers it again"
