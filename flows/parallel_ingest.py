"""Ingest on Dask workers: workers do the CPU work, the flow's process writes.

A worker turns one planned file into a `ProcessedDocument` (parse, clean, chunk, metadata,
dense + sparse vectors, facts and relations); the flow's process writes the graph slice and
then the document's points (record last), in plan order, as results arrive. Only the flow's
process opens the embedded store: it is single-writer (one process holds the folder).

Each worker process loads the embedding model once and embeds through the shared SQLite
cache (WAL: readers never wait, writers take turns for the few ms of a commit; see README
"Scaling out" for the measurement against a cache per worker merged afterwards).

A worker that dies loses only the documents it held: they come back as failed reports
with the reason, nothing of them is written, so the next run plans them again.
"""

from __future__ import annotations

import logging
import os
import time
from functools import lru_cache
from typing import Any

from prefect import task
from prefect.cache_policies import NO_CACHE
from pydantic import BaseModel

from finrag.config import Settings
from finrag.embeddings import get_embedder
from finrag.knowledge_graph import GraphStore
from finrag.models import Chunk, DocumentKnowledge, DocumentMeta, DocumentReport
from finrag.sparse import SparseVec, document_vector
from finrag.store import VectorStore
from indexing.load import load_job
from indexing.plan import FileJob, document_report
from loaders.knowledge import extract_knowledge

log = logging.getLogger(__name__)


class ProcessedDocument(BaseModel):
    """Everything the store and the graph need for one document, made on a worker."""

    meta: DocumentMeta
    chunks: list[Chunk]
    dense: list[list[float]]
    sparse: list[SparseVec]
    knowledge: DocumentKnowledge  # facts and relations: the document's graph slice
    parse_s: float = 0.0
    embed_s: float = 0.0
    extract_s: float = 0.0
    texts_encoded: int = 0  # chunks that missed the embedding cache
    worker: str = ""  # the worker process that made it, e.g. "pid 4242"


@lru_cache(maxsize=2)
def _relation_tools(settings: Settings) -> tuple[Any, Any]:
    """(llm, reply cache) for LLM relation extraction, once per worker process; offline (None, None)."""
    if settings.offline:
        return None, None
    from finrag.llm import get_llm
    from loaders.llm_relations import RelationCache

    return get_llm(settings), RelationCache(settings.cache_dir / "llm-relations.sqlite")


def process_document(job: FileJob, settings: Settings, options: Any = None) -> ProcessedDocument | DocumentReport:
    """The CPU work of one file, on a worker: a ProcessedDocument, or the file's failed report."""
    loaded = load_job(job, options)
    if isinstance(loaded, DocumentReport):
        return loaded
    parse_s = job.timings.parse
    embedder = get_embedder(settings)  # once per worker process
    texts = [c.embed_text for c in loaded.chunks]
    started = time.perf_counter()
    encoded_before = embedder.texts_encoded
    dense = embedder.embed_documents(texts)
    sparse = [document_vector(text) for text in texts]
    embed_s = time.perf_counter() - started

    started = time.perf_counter()
    llm, cache = _relation_tools(settings)
    try:
        knowledge = extract_knowledge(loaded, llm=llm, cache=cache, llm_chunks=settings.llm_relation_chunks)
    except Exception as err:  # the serial path fails the document the same way
        log.exception("knowledge extraction for %s failed", job.doc)
        return document_report(job.path, job.doc, "failed", f"knowledge graph: {type(err).__name__}: {err}",
                       meta=loaded.meta, seconds=parse_s + embed_s)
    return ProcessedDocument(
        meta=loaded.meta, chunks=loaded.chunks, dense=dense, sparse=sparse, knowledge=knowledge,
        parse_s=parse_s, embed_s=embed_s, extract_s=time.perf_counter() - started,
        texts_encoded=embedder.texts_encoded - encoded_before, worker=f"pid {os.getpid()}",
    )


def embedding_dim(settings: Settings) -> int:
    """The embedder's dimension, asked of a worker so the flow's process never loads the model."""
    return get_embedder(settings).dim


# Retries 0: a file that fails to parse fails again, and a document whose worker died
# (out of memory on a huge PDF, say) would kill the next worker too; a re-run retries it.
@task(name="process-document", task_run_name="process {job.doc}", retries=0, cache_policy=NO_CACHE)
def process_task(job: FileJob, settings: Settings, options: Any = None) -> ProcessedDocument | DocumentReport:
    return process_document(job, settings, options)


@task(name="embedding-dimension", cache_policy=NO_CACHE)
def dimension_task(settings: Settings) -> int:
    return embedding_dim(settings)


class Outcome:
    """A submitted document's future whose failure becomes the document's failed report.

    `run_pipeline` waits on `.result()`; a lost worker (KilledWorker) or a task that raised
    must fail that one document with a reason, not the whole run.
    """

    def __init__(self, job: FileJob, future: Any) -> None:
        self.job, self.future = job, future

    def result(self) -> ProcessedDocument | DocumentReport:
        try:
            return self.future.result()
        except Exception as err:  # noqa: BLE001 - recorded as this document's failure
            reason = lost_reason(err)
            log.warning("%s: %s", self.job.doc, reason)
            return document_report(self.job.path, self.job.doc, "failed", reason)


def lost_reason(err: BaseException) -> str:
    if type(err).__name__ == "KilledWorker":
        return ("worker lost while processing this document (its process died: killed or out of "
                "memory); nothing of it was written, a re-run processes it again")
    return f"worker task failed: {type(err).__name__}: {err}"


def write_processed(job: FileJob, done: ProcessedDocument, store: VectorStore,
                    graph: GraphStore | None) -> DocumentReport:
    """Graph slice first, then the document's points with its record last (as the serial path)."""
    t = job.timings
    t.parse, t.embed, t.graph = done.parse_s, done.embed_s, done.extract_s
    if graph is not None:
        started = time.perf_counter()
        try:
            graph.replace_document(done.knowledge)
        except Exception as err:
            log.exception("knowledge graph for %s failed", done.meta.doc)
            return document_report(job.path, done.meta.doc, "failed", f"knowledge graph: {type(err).__name__}: {err}",
                           meta=done.meta, seconds=t.parse + t.embed)
        t.graph += time.perf_counter() - started
    started = time.perf_counter()
    store.replace_document(done.meta, done.chunks, done.dense, done.sparse)
    t.upsert = time.perf_counter() - started
    t.pages, t.chunks = done.meta.pages, len(done.chunks)
    return document_report(job.path, done.meta.doc, "ingested", meta=done.meta, chunks=len(done.chunks),
                   seconds=t.parse + t.embed + t.graph + t.upsert)
