"""Indexing: PDF files -> chunks with dense + sparse vectors in the store, plus the knowledge graph.

One pipeline, two front doors:
- `ingest_paths(...)`: a plain function (CLI, tests, benchmarks, other flows).
- `flows.ingest.ingest_reports(...)`: the same pipeline as a Prefect flow, a task per
  document, with a progress artifact while it runs and a summary table at the end.

Per file the outcome is one of: ingested, unchanged (same bytes already completely
stored: no parsing, embedding or graph work), skipped (same content as another file, or
another file with the same document name), failed (unreadable input or an error; the
other files go on). With an LLM configured, a document whose LLM relation calls failed is
stored with the reason "LLM relations pending" (recorded in the graph); a later ingest of
the unchanged file re-reads it and asks for those relations only (no embedding, no vector
write). Parsing runs one document ahead, in a reader process with a memory budget (a file
that kills it fails alone), fed by a background thread, while the flow thread embeds and
writes, because embedding bounds the speed (pdfium is not thread-safe, so one parser).
Store writes stay in one thread: local Qdrant is a single client. A document counts as stored only once its record is written (last).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from finrag.config import Settings
from finrag.embeddings import get_embedder
from finrag.errors import DiskFull, is_disk_full
from finrag.models import DocumentReport, LoadedDocument
from finrag.store import StoreBusy, open_store
from indexing.knowledge_graph import open_graph_writer
from indexing.load import load_isolated, pdf_options, reader_process
from indexing.plan import (
    FileJob,
    StageSeconds,
    document_report,
    manifest_hints,
    mark_relation_retries,
    plan_jobs,
)
from indexing.store import ChunkProgress, optimize_if_written, store_loaded
from loaders.files import expand_paths

log = logging.getLogger(__name__)

Progress = Callable[[DocumentReport, int, int], None]  # (report, done, total)
# Ingestion (flow and CLI) waits this long for a store another process holds, then fails
# with StoreBusy.
STORE_WAIT_S = 60.0
# How many documents may be parsed ahead of the one being embedded: enough to keep the
# parser busy, few enough that a large batch does not sit in memory.
_LOOKAHEAD = 2


LoadSubmitter = Callable[[FileJob], "Future[LoadedDocument | DocumentReport]"]
StoreStep = Callable[[FileJob, LoadedDocument], DocumentReport]


def run_pipeline(jobs: list[FileJob], submit_load: LoadSubmitter, store_step: StoreStep,
                 progress: Progress | None = None, lookahead: int = _LOOKAHEAD) -> list[DocumentReport]:
    """Walk the jobs in order, keeping up to `lookahead` loads in flight ahead of storing."""
    pending = [job for job in jobs if job.outcome is None]
    futures: dict[int, Future] = {}
    next_submit = 0

    def top_up() -> None:
        nonlocal next_submit
        while next_submit < len(pending) and len(futures) < lookahead:
            futures[id(pending[next_submit])] = submit_load(pending[next_submit])
            next_submit += 1

    reports: list[DocumentReport] = []
    for done, job in enumerate(jobs, start=1):
        if job.outcome is None:
            top_up()
            result = futures.pop(id(job)).result()
            top_up()  # start the next parse before this document's embedding begins
            if isinstance(result, DocumentReport):
                job.outcome = result
            else:
                try:
                    job.outcome = store_step(job, result)
                except Exception as err:
                    if is_disk_full(err):  # every next document would fail the same way: stop
                        stored = sum(1 for r in reports if r.status == "ingested")
                        detail = str(err) if isinstance(err, DiskFull) else f"no space left on device ({err})"
                        raise DiskFull(f"{detail}; stopped at {job.doc}: {stored} documents stored in this run are "
                                       "kept, run again once there is room (stored files are skipped)") from None
                    log.exception("storing %s failed", job.doc)
                    job.outcome = document_report(job.path, job.doc, "failed", f"{type(err).__name__}: {err}",
                                                  meta=result.meta)
        reports.append(job.outcome)
        if progress:
            progress(job.outcome, done, len(jobs))
    return reports


def ingest_paths(
    paths: list[Path | str],
    settings: Settings,
    manifest: Path | None = None,
    progress: Progress | None = None,
    timings: StageSeconds | None = None,
    chunk_progress: ChunkProgress | None = None,
    wait_s: float = 0.0,
    waiting: Callable[[str], None] | None = None,
) -> list[DocumentReport]:
    """Ingest PDF files/directories into the store of `settings`; one report per file.

    Raises StoreBusy when another process holds the local store for longer than `wait_s`;
    `waiting` is told (once) when the store is busy and the wait begins. `timings`, when
    given, receives the per-stage seconds summed over documents.
    """
    started = time.perf_counter()
    options = pdf_options(settings)
    # The reader process is forked first: before the model loads (a small copy) and before
    # the store's lock is taken (so it holds no copy of the lock).
    with reader_process(options) as reader:
        embedder = get_embedder(settings)
        try:
            store = open_store(settings, dim=embedder.dim)
        except StoreBusy as busy:
            if wait_s <= 0:
                raise
            if waiting is not None:
                waiting(f"{busy}; waiting up to {wait_s:.0f} s")
            store = open_store(settings, dim=embedder.dim, wait_s=wait_s)
        with store:
            jobs = plan_jobs(expand_paths(paths), store, manifest_hints(manifest), settings.catalog_path)
            mark_relation_retries(jobs, settings)
            plan_s = time.perf_counter() - started
            graph = open_graph_writer(settings) if any(j.outcome is None for j in jobs) else None
            try:
                with ThreadPoolExecutor(max_workers=1, thread_name_prefix="finrag-parse") as parser:
                    reports = run_pipeline(
                        jobs,
                        submit_load=lambda job: parser.submit(load_isolated, job, options, reader),
                        store_step=lambda job, loaded: store_loaded(job, loaded, store, embedder, graph,
                                                                    chunk_progress),
                        progress=progress,
                    )
                optimize_if_written(store, reports)
            finally:
                if graph is not None:
                    graph.close()
    if timings is not None:
        _add_timings(timings, jobs, plan_s)
    return reports


def _add_timings(total: StageSeconds, jobs: list[FileJob], plan_s: float) -> None:
    total.plan += plan_s
    for job in jobs:
        for name in ("parse", "embed", "upsert", "graph", "pages", "chunks"):
            setattr(total, name, getattr(total, name) + getattr(job.timings, name))
