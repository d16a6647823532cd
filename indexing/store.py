"""Store one loaded document: embed, write its graph slice, then its points (record last)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from finrag.embeddings import Embedder
from finrag.errors import is_disk_full
from finrag.models import DocumentReport, LoadedDocument
from finrag.sparse import document_vector
from finrag.store import VectorStore
from indexing.knowledge_graph import GraphWriter
from indexing.plan import FileJob, document_report

log = logging.getLogger(__name__)

# Within one document, as its chunks are embedded (the slow part): (doc, pages, done, total).
ChunkProgress = Callable[[str, int, int, int], None]
EMBED_SLICE = 64  # chunks per progress step; the embedder batches inside each slice


def store_loaded(
    job: FileJob,
    loaded: LoadedDocument,
    store: VectorStore,
    embedder: Embedder,
    graph: GraphWriter | None,
    chunk_progress: ChunkProgress | None = None,
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
    dense: list[list[float]] = []
    for start in range(0, len(texts), EMBED_SLICE):
        dense += embedder.embed_documents(texts[start : start + EMBED_SLICE])
        if chunk_progress:
            chunk_progress(meta.doc, meta.pages, len(dense), len(texts))
    sparse = [document_vector(text) for text in texts]
    t.embed = time.perf_counter() - started

    pending = None
    if graph is not None:
        started = time.perf_counter()
        try:
            pending = graph.write(loaded)
        except Exception as err:
            if is_disk_full(err):  # every next document would fail the same way: the pipeline stops
                raise
            log.exception("knowledge graph for %s failed", meta.doc)
            return document_report(job.path, meta.doc, "failed", f"knowledge graph: {type(err).__name__}: {err}",
                                   meta=meta, seconds=t.parse + t.embed)
        t.graph = time.perf_counter() - started

    started = time.perf_counter()
    store.replace_document(meta, chunks, dense, sparse)
    t.upsert = time.perf_counter() - started
    t.pages, t.chunks = meta.pages, len(chunks)
    return document_report(job.path, meta.doc, "ingested", reason=pending or "", meta=meta, chunks=len(chunks),
                           seconds=t.parse + t.embed + t.graph + t.upsert)


def _retry_relations(job: FileJob, loaded: LoadedDocument, graph: GraphWriter | None) -> DocumentReport:
    """An unchanged document whose LLM relations were pending: rebuild its graph slice only."""
    started = time.perf_counter()
    pending = graph.write(loaded) if graph is not None else "knowledge graph unavailable"
    job.timings.graph = time.perf_counter() - started
    return document_report(job.path, loaded.meta.doc, "unchanged",
                           reason=pending or "LLM relations completed (vectors unchanged)", meta=loaded.meta,
                           chunks=len(loaded.chunks), seconds=job.timings.parse + job.timings.graph)
def optimize_if_written(store: VectorStore, reports: list[DocumentReport]) -> None:
    """Index and merge once per ingest (per document would rebuild the HNSW graph each time);
    an ingest that wrote nothing leaves the store's files untouched."""
    if any(r.status == "ingested" for r in reports):
        store.optimize()
