"""Ingestion: PDF files -> chunks with dense + sparse vectors in the store, plus the graph.

One pipeline, two front doors:
- `ingest_paths(...)`: a plain function (CLI, tests, benchmarks, other flows).
- `ingest_reports(...)`: the same pipeline as a Prefect flow, a task per document,
  with a progress artifact while it runs and a summary table at the end.

Per file the outcome is one of: ingested, unchanged (same bytes already completely
stored: no parsing, embedding or graph work), skipped (same content as another file, or
another file with the same document name), failed (unreadable input or an error; the
other files go on). With an LLM configured, a document whose LLM relation calls failed is
stored with its reason "relations pending" recorded in the graph; a later ingest of the
unchanged file re-reads it and asks the LLM again for those relations only (no embedding,
no vector store write). Parsing runs one document ahead in a background thread while the
flow thread embeds and writes, because embedding bounds the speed (pdfium is not
thread-safe, so one parser thread). Store writes stay in one thread: local Qdrant is a
single client. A document counts as stored only once its record is written (last).
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from prefect import flow, task
from prefect.artifacts import (
    create_progress_artifact,
    create_table_artifact,
    update_progress_artifact,
)
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner

from finrag.config import Settings, load_settings
from finrag.embeddings import Embedder, get_embedder
from finrag.models import DocumentMeta, DocumentReport, LoadedDocument
from finrag.sparse import document_vector
from finrag.store import StoreBusy, VectorStore, open_store

if TYPE_CHECKING:
    from loaders import PdfLimits

log = logging.getLogger(__name__)

Progress = Callable[[DocumentReport, int, int], None]  # (report, done, total)
# Ingestion waits this long for a store held by another process, then fails with StoreBusy.
STORE_WAIT_S = 60.0
# How many documents may be parsed ahead of the one being embedded: enough to keep the
# parser busy, few enough that a large batch does not sit in memory.
_LOOKAHEAD = 2


@dataclass
class StageSeconds:
    """Wall time spent per stage, summed over documents (for `finrag bench ingest`)."""

    plan: float = 0.0
    parse: float = 0.0  # parse + chunk, in the loader thread
    embed: float = 0.0
    upsert: float = 0.0
    graph: float = 0.0
    pages: int = 0
    chunks: int = 0


@dataclass
class FileJob:
    path: Path
    doc: str
    sha256: str = ""
    hints: Any = None
    outcome: DocumentReport | None = None  # set when decided without loading
    relations_only: bool = False  # unchanged, but its LLM relations are pending: redo the graph slice only
    timings: StageSeconds = field(default_factory=StageSeconds)


# --------------------------------------------------------------------------- planning


def expand_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Files as given; directories become their *.pdf files, sorted.

    A *.pdf entry that is not a readable file (a symlink loop or a dangling link) is kept:
    planning reports it as failed with its reason instead of skipping it silently.
    """
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():  # ".PDF" too: scanners and Windows tools write upper case
            files.extend(sorted(p for p in path.iterdir() if p.suffix.lower() == ".pdf" and not p.is_dir()))
        else:
            files.append(path)
    return files


def _unreadable(path: Path, err: OSError) -> str:
    if err.errno == errno.ELOOP:
        return "symbolic link loop: the link points back to itself"
    if isinstance(err, FileNotFoundError):
        return "broken symbolic link: its target does not exist" if path.is_symlink() else "file not found"
    if isinstance(err, IsADirectoryError):
        return "is a directory"
    return f"cannot read file: {err.strerror}"


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _report(path: Path, doc: str, status: str, reason: str = "", meta: DocumentMeta | None = None,
            chunks: int | None = None, seconds: float = 0.0) -> DocumentReport:
    known = meta.model_dump(include=set(DocumentReport.model_fields)) if meta else {}
    known.update(file=str(path), doc=doc, status=status, reason=reason, seconds=round(seconds, 3))
    if chunks is not None:
        known["chunks"] = chunks
    return DocumentReport(**known)


def plan_jobs(files: list[Path], store: VectorStore, hints_for: Callable[[Path], Any]) -> list[FileJob]:
    """Decide, from bytes and the store alone, which files need loading."""
    stored = {meta.doc: meta for meta in store.documents()}
    stored_chunks = store.chunk_counts()
    stored_by_sha: dict[str, list[str]] = {}
    for meta in stored.values():
        stored_by_sha.setdefault(meta.sha256, []).append(meta.doc)
    seen_sha: dict[str, Path] = {}
    seen_doc: dict[str, Path] = {}
    jobs: list[FileJob] = []
    for path in files:
        job = FileJob(path=path, doc=path.stem)
        jobs.append(job)
        try:
            job.sha256 = _sha256_file(path)
        except OSError as err:
            reason = _unreadable(path, err)
            job.outcome = _report(path, job.doc, "failed", reason)
            continue
        if job.sha256 in seen_sha:
            job.outcome = _report(path, job.doc, "skipped", f"same content as {seen_sha[job.sha256]} in this batch")
            continue
        if job.doc in seen_doc:
            job.outcome = _report(
                path, job.doc, "skipped",
                f"{seen_doc[job.doc]} in this batch has the same document name {job.doc!r}; rename one",
            )
            continue
        seen_sha[job.sha256] = path
        seen_doc[job.doc] = path
        job.hints = hints_for(path)
        meta = stored.get(job.doc)
        if meta and meta.sha256 == job.sha256 and _agrees_with_hints(meta, job.hints):
            job.outcome = _report(path, job.doc, "unchanged", meta=meta, chunks=stored_chunks.get(job.doc))
            continue
        others = [d for d in stored_by_sha.get(job.sha256, []) if d != job.doc]
        if others:
            job.outcome = _report(path, job.doc, "skipped", f"same content as stored document {others[0]}")
            continue
    return jobs


def mark_relation_retries(jobs: list[FileJob], settings: Settings) -> None:
    """Unchanged documents whose LLM relations are pending go back in the pipeline, graph only."""
    if settings.offline or not settings.graph_path.exists():
        return
    from finrag.knowledge_graph import GraphStore

    with GraphStore(settings.graph_path) as graph:
        pending = graph.relations_pending()
    for job in jobs:
        if job.outcome is not None and job.outcome.status == "unchanged" and job.doc in pending:
            job.outcome, job.relations_only = None, True


def _agrees_with_hints(meta: DocumentMeta, hints: Any) -> bool:
    """False when a manifest now says something else than what was stored: re-ingest."""
    if hints is None:
        return True
    given = hints.model_dump(exclude_none=True)
    return all(getattr(meta, name, None) == value for name, value in given.items())


def _manifest_hints(manifest: Path | None) -> Callable[[Path], Any]:
    """A file's hints from the manifest (matched by file name or stem), or None."""
    if manifest is None:
        return lambda path: None
    from loaders import read_manifest
    from loaders.manifest import hints_for

    entries = read_manifest(Path(manifest))
    return lambda path: hints_for(entries, path)


# --------------------------------------------------------------------------- stages


def load_job(job: FileJob, limits: PdfLimits | None = None) -> LoadedDocument | DocumentReport:
    """Parse + chunk one file; unreadable or over-`limits` input becomes a failed report, never an exception."""
    from loaders import LoadError, load_document

    started = time.perf_counter()
    try:
        loaded = load_document(job.path, job.hints, limits)
    except LoadError as err:
        return _report(job.path, job.doc, "failed", err.reason, seconds=time.perf_counter() - started)
    except Exception as err:  # a loader bug must not stop the batch; say what broke
        log.exception("loading %s failed", job.path)
        return _report(job.path, job.doc, "failed", f"{type(err).__name__}: {err}",
                       seconds=time.perf_counter() - started)
    finally:
        job.timings.parse = time.perf_counter() - started
    if not loaded.chunks:
        return _report(job.path, job.doc, "failed", "no text to index", meta=loaded.meta,
                       seconds=job.timings.parse)
    return loaded


def pdf_limits(settings: Settings) -> PdfLimits:
    """loaders.PdfLimits from FINRAG_PDF_MAX_MB / FINRAG_PDF_MAX_PAGES."""
    from loaders import PdfLimits

    return PdfLimits.from_settings(settings)


class GraphWriter(Protocol):
    def write(self, loaded: LoadedDocument) -> str | None: ...  # returns "relations pending" reason


class KnowledgeGraphWriter:
    """Extracts a document's facts/relations and replaces its slice of the graph."""

    def __init__(self, settings: Settings) -> None:
        from finrag.knowledge_graph import open_graph
        from loaders.knowledge import extract_knowledge

        self._extract = extract_knowledge
        self._graph = open_graph(settings)
        self._llm: Any = None  # offline: the rules' relations only
        self._relation_cache: Any = None
        self._llm_chunks = settings.llm_relation_chunks
        if not settings.offline:  # LLM relations, replies cached so re-ingest never re-asks
            from finrag.llm import get_llm
            from loaders.llm_relations import RelationCache

            self._llm = get_llm(settings)
            self._relation_cache = RelationCache(settings.cache_dir / "llm-relations.sqlite")

    def write(self, loaded: LoadedDocument) -> str | None:
        knowledge = self._extract(loaded, llm=self._llm, cache=self._relation_cache, llm_chunks=self._llm_chunks)
        self._graph.replace_document(knowledge)
        return knowledge.relations_pending

    def close(self) -> None:
        self._graph.close()
        if self._relation_cache is not None:
            self._relation_cache.close()


def open_graph_writer(settings: Settings) -> KnowledgeGraphWriter | None:
    try:
        return KnowledgeGraphWriter(settings)
    except ImportError as err:
        # GRAPH-PENDING: loaders.knowledge / finrag.knowledge_graph are not in the tree yet;
        # documents are stored without their graph slice until they land.
        log.warning("knowledge graph not built: %s", err)
        return None


def store_loaded(
    job: FileJob,
    loaded: LoadedDocument,
    store: VectorStore,
    embedder: Embedder,
    graph: GraphWriter | None,
) -> DocumentReport:
    """Embed, write the graph slice, then replace the document's points (record last).

    The graph is written BEFORE the vector store commits the document record: if the
    graph fails, the document is not marked stored and the next run redoes both, instead
    of calling it "unchanged" with its graph slice missing.
    """
    meta, chunks, t = loaded.meta, loaded.chunks, job.timings
    if job.relations_only:
        return _retry_relations(job, loaded, graph)
    texts = [c.embed_text for c in chunks]
    started = time.perf_counter()
    dense = embedder.embed_documents(texts)
    sparse = [document_vector(text) for text in texts]
    t.embed = time.perf_counter() - started

    pending = None
    if graph is not None:
        started = time.perf_counter()
        try:
            pending = graph.write(loaded)
        except Exception as err:
            log.exception("knowledge graph for %s failed", meta.doc)
            return _report(job.path, meta.doc, "failed", f"knowledge graph: {type(err).__name__}: {err}",
                           meta=meta, seconds=t.parse + t.embed)
        t.graph = time.perf_counter() - started

    started = time.perf_counter()
    store.replace_document(meta, chunks, dense, sparse)
    t.upsert = time.perf_counter() - started
    t.pages, t.chunks = meta.pages, len(chunks)
    return _report(job.path, meta.doc, "ingested", reason=pending or "", meta=meta, chunks=len(chunks),
                   seconds=t.parse + t.embed + t.graph + t.upsert)


def _retry_relations(job: FileJob, loaded: LoadedDocument, graph: GraphWriter | None) -> DocumentReport:
    """An unchanged document whose LLM relations were pending: rebuild its graph slice only."""
    started = time.perf_counter()
    pending = graph.write(loaded) if graph is not None else "knowledge graph unavailable"
    job.timings.graph = time.perf_counter() - started
    reason = pending or "LLM relations completed (vectors unchanged)"
    return _report(job.path, loaded.meta.doc, "unchanged", reason=reason, meta=loaded.meta,
                   chunks=len(loaded.chunks), seconds=job.timings.parse + job.timings.graph)


# --------------------------------------------------------------------------- the pipeline


LoadSubmitter = Callable[[FileJob], "Future[LoadedDocument | DocumentReport]"]
StoreStep = Callable[[FileJob, LoadedDocument], DocumentReport]


def run_pipeline(jobs: list[FileJob], submit_load: LoadSubmitter, store_step: StoreStep,
                 progress: Progress | None = None) -> list[DocumentReport]:
    """Walk the jobs in order, keeping up to _LOOKAHEAD loads in flight ahead of storing."""
    pending = [job for job in jobs if job.outcome is None]
    futures: dict[int, Future] = {}
    next_submit = 0

    def top_up() -> None:
        nonlocal next_submit
        while next_submit < len(pending) and len(futures) < _LOOKAHEAD:
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
                    log.exception("storing %s failed", job.doc)
                    job.outcome = _report(job.path, job.doc, "failed", f"{type(err).__name__}: {err}",
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
    wait_s: float = 0.0,
    waiting: Callable[[str], None] | None = None,
) -> list[DocumentReport]:
    """Ingest PDF files/directories into the store of `settings`; one report per file.

    Raises StoreBusy when another process holds the local store for longer than `wait_s`.
    `timings`, when given, receives the per-stage seconds summed over documents; `waiting`
    is told (once) when the store is busy and the wait begins.
    """
    started = time.perf_counter()
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
        jobs = plan_jobs(expand_paths(paths), store, _manifest_hints(manifest))
        mark_relation_retries(jobs, settings)
        plan_s = time.perf_counter() - started
        graph = open_graph_writer(settings) if any(j.outcome is None for j in jobs) else None
        limits = pdf_limits(settings)
        try:
            with ThreadPoolExecutor(max_workers=1, thread_name_prefix="finrag-parse") as parser:
                reports = run_pipeline(
                    jobs,
                    submit_load=lambda job: parser.submit(load_job, job, limits),
                    store_step=lambda job, loaded: store_loaded(job, loaded, store, embedder, graph),
                    progress=progress,
                )
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


# --------------------------------------------------------------------------- Prefect flow


# NO_CACHE: results depend on file bytes and the store, not on hashable inputs, and the
# store/embedder arguments cannot be hashed into a cache key anyway.
@task(name="load-document", task_run_name="load {job.doc}", retries=0, cache_policy=NO_CACHE)
def load_task(job: FileJob, limits: PdfLimits | None = None) -> LoadedDocument | DocumentReport:
    # No retries: a file that failed to parse fails the same way again (LoadError).
    return load_job(job, limits)


@task(name="store-document", task_run_name="store {job.doc}", retries=2, retry_delay_seconds=2,
      cache_policy=NO_CACHE)
def store_task(job: FileJob, loaded: LoadedDocument, store: VectorStore, embedder: Embedder,
               graph: GraphWriter | None) -> DocumentReport:
    # Retries help here: a Qdrant server or embedding endpoint can fail transiently, and
    # replace_document converges to the same store when repeated.
    return store_loaded(job, loaded, store, embedder, graph)


@flow(name="ingest-reports", task_runner=ThreadPoolTaskRunner(max_workers=1), log_prints=True)
def ingest_reports(paths: list[str], store: str | None = None, manifest: str | None = None) -> list[DocumentReport]:
    """Ingest PDF files or directories of PDFs into the FinRAG store (idempotent).

    paths: PDF files or directories (their *.pdf files). store: Qdrant local-mode
    directory (default $FINRAG_STORE). manifest: optional CSV/JSONL of hints.
    """
    settings = load_settings(store_dir=Path(store) if store else None)
    embedder = get_embedder(settings)
    started = time.perf_counter()
    with open_store(settings, dim=embedder.dim, wait_s=STORE_WAIT_S) as vector_store:
        jobs = plan_jobs(expand_paths(paths), vector_store, _manifest_hints(Path(manifest) if manifest else None))
        mark_relation_retries(jobs, settings)
        progress_id = create_progress_artifact(
            0.0, key="ingest-progress", description=f"documents done of {len(jobs)}"
        )

        def on_progress(report: DocumentReport, done: int, total: int) -> None:
            update_progress_artifact(progress_id, 100.0 * done / max(total, 1))
            print(progress_line(report, done, total))

        graph = open_graph_writer(settings) if any(j.outcome is None for j in jobs) else None
        limits = pdf_limits(settings)
        try:
            reports = run_pipeline(
                jobs,
                submit_load=lambda job: load_task.submit(job, limits),
                store_step=lambda job, loaded: store_task(job, loaded, vector_store, embedder, graph),
                progress=on_progress,
            )
        finally:
            if graph is not None:
                graph.close()
    seconds = time.perf_counter() - started
    create_table_artifact(
        key="ingest-summary",
        table=[summary_row(r) for r in reports],
        description=f"Ingest of {len(reports)} file(s) in {seconds:.1f} s: {status_counts(reports)}",
    )
    return reports


# --------------------------------------------------------------------------- presentation

SUMMARY_COLUMNS = ("document", "company", "period", "form", "pages", "chunks", "status", "reason", "seconds")


def summary_row(report: DocumentReport) -> dict[str, Any]:
    return {
        "document": report.doc,
        "company": report.company or "",
        "period": report.period or "",
        "form": report.form,
        "pages": report.pages,
        "chunks": "" if report.chunks is None else report.chunks,
        "status": report.status,
        "reason": report.reason,
        "seconds": f"{report.seconds:.1f}",
    }


def status_counts(reports: list[DocumentReport]) -> str:
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "no files"


def format_table(reports: list[DocumentReport]) -> str:
    rows = [[str(v) for v in summary_row(r).values()] for r in reports]
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(SUMMARY_COLUMNS)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(SUMMARY_COLUMNS, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    return "\n".join(lines)


def progress_line(report: DocumentReport, done: int, total: int) -> str:
    detail = report.reason or (f"{report.chunks} chunks" if report.chunks else "")
    return f"[{done}/{total}] {report.doc}: {report.status}" + (f" — {detail}" if detail else "") + (
        f" ({report.seconds:.1f} s)" if report.seconds else ""
    )


def _terminal_progress(stream) -> Progress:
    """One line per document; on a terminal, a bar redrawn in place instead."""
    if not stream.isatty():
        return lambda report, done, total: print(progress_line(report, done, total), file=stream, flush=True)

    def bar(report: DocumentReport, done: int, total: int) -> None:
        filled = int(30 * done / max(total, 1))
        text = f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {report.doc}: {report.status}"
        stream.write(text[:120].ljust(120))
        if report.status == "failed":  # failures stay visible above the bar
            stream.write(f"\n  {report.doc}: {report.reason}\n")
        if done == total:
            stream.write("\n")
        stream.flush()

    return bar


def run_cli(args) -> int:
    """`finrag ingest PATH... [--json] [--manifest F] [--store DIR]`."""
    settings = load_settings(store_dir=Path(args.store) if args.store else None)
    if args.manifest:  # a bad manifest is found before the model loads
        from loaders import read_manifest

        read_manifest(Path(args.manifest))
    if settings.qdrant_url:
        from finrag.errors import StoreUnavailable
        from finrag.store import server_problem

        problem = server_problem(settings)
        if problem:
            raise StoreUnavailable(f"the Qdrant server at {settings.qdrant_url} (QDRANT_URL) cannot be used: "
                                   f"{problem.strip().splitlines()[0][:300]}")
    started = time.perf_counter()
    try:
        reports = ingest_paths(
            args.paths,
            settings,
            manifest=Path(args.manifest) if args.manifest else None,
            progress=_terminal_progress(sys.stderr),
            wait_s=STORE_WAIT_S,  # as the flow does: another ingest may be finishing
            waiting=lambda message: print(f"finrag ingest: {message}", file=sys.stderr, flush=True),
        )
    except StoreBusy as err:  # waited STORE_WAIT_S for another process to finish
        print(f"finrag ingest: {err}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - started
    where = settings.qdrant_url or str(settings.store_dir)
    if args.json:
        payload = {
            "documents": [r.model_dump(mode="json") for r in reports],
            "store": where,
            "seconds": round(seconds, 3),
        }
        print(json.dumps(payload, indent=2))
    else:
        print(format_table(reports))
        print(f"\n{status_counts(reports)} in {seconds:.1f} s -> {where}")
    return 1 if any(r.status == "failed" for r in reports) else 0
