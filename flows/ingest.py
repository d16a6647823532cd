"""The ingest pipeline (indexing/) as a Prefect flow: a task per document to load and to
store, a progress artifact while it runs and a summary table at the end."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import (
    create_progress_artifact,
    create_table_artifact,
    update_progress_artifact,
)
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner

from finrag.config import Settings, load_settings
from finrag.embeddings import Embedder, EmbeddingEndpointError, get_embedder
from finrag.knowledge_graph import open_graph
from finrag.models import DocumentReport, LoadedDocument
from finrag.store import VectorStore, open_store
from flows import parallel_ingest
from flows.outcome import count_problem, finish
from flows.runner import configured_task_runner, dask_workers_now, on_dask
from flows.store_queue import QUEUE_WAIT_S, queued_for_store
from indexing.knowledge_graph import GraphWriter, open_graph_writer
from indexing.load import load_isolated, pdf_options, reader_process
from indexing.pipeline import run_pipeline
from indexing.plan import FileJob, manifest_hints, mark_relation_retries, plan_jobs
from indexing.store import optimize_if_written, store_loaded
from indexing.summary import ingest_warnings, progress_line, status_counts, summary_row
from loaders import PdfOptions
from loaders.files import expand_paths
from loaders.reader_process import ReaderProcess


# NO_CACHE: results depend on file bytes and the store, not on hashable inputs, and the
# store/embedder arguments cannot be hashed into a cache key anyway.
@task(name="load-document", task_run_name="load {job.doc}", retries=0, cache_policy=NO_CACHE)
def load_task(job: FileJob, options: PdfOptions, reader: ReaderProcess) -> LoadedDocument | DocumentReport:
    # No retries: a file that failed to parse (or killed its reader process) fails the same way again.
    return load_isolated(job, options, reader)


def _worth_retrying(task, task_run, state) -> bool:  # noqa: ANN001 - Prefect's retry_condition_fn
    """A wrong key, URL or model fails the same way again: no retry for those."""
    try:
        state.result()
    except EmbeddingEndpointError as exc:
        return not exc.permanent
    except Exception:  # noqa: BLE001 - anything else: the retry policy decides
        return True
    return True


@task(name="store-document", task_run_name="store {job.doc}", retries=2, retry_delay_seconds=2,
      cache_policy=NO_CACHE, retry_condition_fn=_worth_retrying)
def store_task(job: FileJob, loaded: LoadedDocument, store: VectorStore, embedder: Embedder,
               graph: GraphWriter | None) -> DocumentReport:
    # Retries help here: a Qdrant server or embedding endpoint can fail transiently, and
    # replace_document converges to the same store when repeated.
    return store_loaded(job, loaded, store, embedder, graph)


@flow(name="ingest-reports", task_runner=configured_task_runner(ThreadPoolTaskRunner(max_workers=1)),
      log_prints=True)
def ingest_reports(paths: list[str], store: str | None = None, manifest: str | None = None) -> list[DocumentReport]:
    """Ingest PDF files or directories of PDFs into the FinRAG store (idempotent).

    paths: PDF files or directories (their *.pdf files). store: Qdrant local-mode
    directory (default $FINRAG_STORE). manifest: optional CSV/JSONL of hints.
    On a Dask task runner (FINRAG_RUNNER=dask), documents are processed on the workers
    and written by this process (flows/parallel_ingest.py). A document that failed ends the
    run Failed ("1 of 3 documents failed"), the reports attached (flows/outcome.py).
    """
    settings = load_settings(store_dir=Path(store) if store else None)
    options = pdf_options(settings)
    dask = on_dask()
    # Locally each file is read in a reader process (memory budget; a file that kills it
    # fails alone), forked before the model loads and the store's lock is taken.
    with contextlib.nullcontext() if dask else reader_process(options) as reader:
        return _ingest(settings, options, reader, paths, manifest)


def _ingest(settings: Settings, options: PdfOptions, reader: ReaderProcess | None, paths: list[str],
            manifest: str | None) -> list[DocumentReport]:
    dask = reader is None
    if dask:
        dim = parallel_ingest.dimension_task.submit(settings).result()
    else:
        embedder = get_embedder(settings)
        dim = embedder.dim
    started = time.perf_counter()
    # A busy store: this run waits its turn, logging who holds it (flows/store_queue.py).
    with (queued_for_store(settings) as tell,
          open_store(settings, dim=dim, wait_s=QUEUE_WAIT_S, on_wait=tell) as vector_store):
        jobs = plan_jobs(
            expand_paths(paths), vector_store, manifest_hints(Path(manifest) if manifest else None),
            settings.catalog_path,
        )
        mark_relation_retries(jobs, settings)
        progress_id = create_progress_artifact(
            0.0, key="ingest-progress", description=f"documents done of {len(jobs)}"
        )

        def on_progress(report: DocumentReport, done: int, total: int) -> None:
            update_progress_artifact(progress_id, 100.0 * done / max(total, 1))
            print(progress_line(report, done, total))

        work = any(j.outcome is None for j in jobs)
        if dask:
            graph = open_graph(settings) if work else None
            submit = lambda job: parallel_ingest.Outcome(job, parallel_ingest.process_task.submit(job, settings, options))  # noqa: E731
            write = lambda job, done: parallel_ingest.write_processed(job, done, vector_store, graph)  # noqa: E731
            # Two documents per worker in flight: one being processed, one queued behind it.
            ahead = {"lookahead": 2 * dask_workers_now()}
        else:
            graph = open_graph_writer(settings) if work else None
            submit = lambda job: load_task.submit(job, options, reader)  # noqa: E731
            write = lambda job, loaded: store_task(job, loaded, vector_store, embedder, graph)  # noqa: E731
            ahead = {}  # the pipeline's default: one parser thread kept busy
        try:
            reports = run_pipeline(jobs, submit_load=submit, store_step=write, progress=on_progress, **ahead)
            optimize_if_written(vector_store, reports)
        finally:
            if graph is not None:
                graph.close()
    seconds = time.perf_counter() - started
    create_table_artifact(
        key="ingest-summary",
        table=[summary_row(r) for r in reports],
        description=f"Ingest of {len(reports)} file(s) in {seconds:.1f} s: {status_counts(reports)}",
    )
    for line in ingest_warnings(reports):
        print(line)  # in the flow run's log, as the CLI prints them under its table
    failed = sum(r.status == "failed" for r in reports)
    return finish(reports, count_problem(failed, len(reports), "document"))  # Failed when any failed
