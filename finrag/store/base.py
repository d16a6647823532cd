"""The store interface both engines implement, and everything above the engine.

A store holds two collections: one point per chunk (id = chunk_id; vectors "dense",
cosine, and "sparse", BM25 term weights with Qdrant's IDF modifier; payload = the Chunk
fields) and one record per document (DocumentMeta, sha256, chunk count), written LAST by
`replace_document`. A document counts as stored only when its record exists, so an ingest
killed halfway is detected and redone on the next run.

Engines (`edge.EdgeStore`, `qdrant.QdrantStore`) provide only the primitive operations;
document replacement, catalog and versioning live here, once.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from finrag.models import (
    CatalogCompany,
    CatalogFiling,
    Chunk,
    DocumentMeta,
    SearchFilters,
    SearchHit,
    StoreCatalog,
)
from finrag.sparse import SparseVec

log = logging.getLogger(__name__)

Fusion = Literal["rrf", "dbsf"]
Mode = Literal["dense", "sparse", "hybrid"]
UPSERT_BATCH = 256
SCROLL_PAGE = 1024
_RECORD_NAMESPACE = uuid.UUID("3f1c1b1e-6d1a-4c55-9d0e-6c2f4b0f7a10")
# Payload fields that filters match on: both engines index them.
INDEXED_FIELDS = {
    "doc": "keyword",
    "doc_sha256": "keyword",
    "company": "keyword",
    "fiscal_year": "integer",
    "form": "keyword",
    "tags": "keyword",
}


class StoreBusy(RuntimeError):
    """Another process holds the embedded store (an embedded engine admits one process)."""


class StoreNeedsMigration(RuntimeError):
    """The folder holds a store of an older engine; the message names the one command."""


@dataclass
class StoredPoint:
    """One chunk point as the engines exchange it (migrate, push, benchmarks)."""

    id: str
    dense: list[float]
    sparse: SparseVec | None
    payload: dict = field(default_factory=dict)


def record_id(doc: str) -> str:
    return str(uuid.uuid5(_RECORD_NAMESPACE, doc))


def filter_fields(filters: SearchFilters | None) -> dict[str, list]:
    """The payload key -> accepted values a search filter stands for (empty: no filter)."""
    if filters is None or filters.is_empty():
        return {}
    fields = {
        "company": filters.companies,
        "fiscal_year": filters.fiscal_years,
        "form": filters.forms,
        "doc": filters.docs,
        "tags": filters.tags,
    }
    return {key: list(values) for key, values in fields.items() if values}


def chunk_payload(chunk: Chunk) -> dict:
    return chunk.model_dump(mode="json", exclude={"chunk_id"})


def hit(point_id: object, payload: dict, score: float, similarity: float | None) -> SearchHit:
    return SearchHit(chunk=Chunk(chunk_id=str(point_id), **payload), score=score, similarity=similarity)


def similarity(dense: list[float] | None, vectors: dict | None) -> float | None:
    """Cosine of a query to a hit's stored dense vector (stored vectors are unit length)."""
    if dense is None or not vectors or vectors.get("dense") is None:
        return None
    query = np.asarray(dense, dtype=np.float32)
    norm = float(np.linalg.norm(query)) or 1.0
    return float(np.dot(query, np.asarray(vectors["dense"], dtype=np.float32)) / norm)


class VectorStore(ABC):
    """One store interface over two engines: Qdrant Edge (embedded) and qdrant-client (server)."""

    engine: str  # "qdrant-edge", "qdrant-server" or "qdrant-local" (the engine before Edge)
    location: str
    dim: int

    # ------------------------------------------------------------------ engine primitives

    @abstractmethod
    def _records(self) -> list[dict]:
        """Every document record's payload."""

    @abstractmethod
    def _record(self, doc: str) -> dict | None: ...

    @abstractmethod
    def _put_record(self, doc: str, payload: dict) -> None: ...

    @abstractmethod
    def _drop_record(self, doc: str) -> None: ...

    @abstractmethod
    def upsert_points(self, points: list[StoredPoint]) -> None:
        """Write chunk points as they are (no record): the building block of every write."""

    @abstractmethod
    def _delete_chunks(self, doc: str, keep: set[str] | None = None) -> None:
        """Delete the document's chunk points, except the ids in `keep`."""

    @abstractmethod
    def count(self, doc: str | None = None) -> int: ...

    @abstractmethod
    def chunk_ids(self, doc: str | None = None) -> set[str]: ...

    @abstractmethod
    def doc_chunks(self, doc: str) -> list[Chunk]:
        """Every chunk of one filing (payload only, no vectors), in reading order: the
        retriever's page stage reads whole pages and their sections from them."""

    def chunk_texts(self, doc: str, limit: int) -> list[str]:
        """Up to `limit` chunk texts of `doc`, in reading order (the catalog's checks read them)."""
        return [c.text for c in self.doc_chunks(doc)[:limit]]

    @abstractmethod
    def iter_points(self, page: int = SCROLL_PAGE) -> Iterator[list[StoredPoint]]:
        """Every chunk point with its vectors, page by page in id order."""

    @abstractmethod
    def query(
        self,
        dense: list[float] | None,
        sparse: SparseVec | None,
        filters: SearchFilters | None = None,
        k: int = 8,
        mode: Mode = "hybrid",
        fusion: Fusion = "rrf",
        prefetch_k: int | None = None,
        exact: bool = False,
    ) -> list[SearchHit]:
        """Ranked chunks; each hit's `similarity` is its dense cosine to `dense` when given.

        The filter sits in EACH prefetch of a hybrid search: fusion only merges the two
        filtered lists. `exact` skips the approximate (HNSW) index: the benchmark's reference.
        """

    @abstractmethod
    def optimize(self) -> None:
        """Build indexes and merge segments: once after an ingest, not per document."""

    @abstractmethod
    def size_bytes(self) -> int | None:
        """Bytes on disk, when the store is a local folder."""

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> VectorStore:
        return self

    def __exit__(self, exc_type: object, exc: BaseException | None, traceback: object) -> None:
        try:
            self.close()
        except Exception:
            if exc is None:
                raise
            # Closing failed while an error is on its way out (a full disk, say): that
            # first error is the one to report, not the close's echo of it.
            log.debug("closing the store after %r failed too", exc, exc_info=True)

    # ------------------------------------------------------------------ documents

    def document_sha(self, doc: str) -> str | None:
        """The sha256 of `doc` if it is COMPLETELY stored, else None."""
        record = self._record(doc)
        return record["sha256"] if record else None

    def documents(self) -> list[DocumentMeta]:
        metas = [DocumentMeta.model_validate(r["meta"]) for r in self._records()]
        return sorted(metas, key=lambda m: m.doc)

    def document_records(self) -> list[dict]:
        """The raw document records (migrate and push copy them as they are)."""
        return sorted(self._records(), key=lambda r: r["doc"])

    def put_document_record(self, record: dict) -> None:
        self._put_record(record["doc"], record)

    def chunk_counts(self) -> dict[str, int]:
        """Chunks per completely stored document, as recorded when it was written."""
        return {r["doc"]: r["chunks"] for r in self._records()}

    def docs_with_sha(self, sha: str) -> list[str]:
        """Completely stored documents with this content (duplicate detection)."""
        return sorted(r["doc"] for r in self._records() if r["sha256"] == sha)

    def replace_document(
        self,
        meta: DocumentMeta,
        chunks: list[Chunk],
        dense: list[list[float]],
        sparse: list[SparseVec],
    ) -> None:
        """Make the store hold exactly these chunks for `meta.doc`, then mark it complete.

        Order matters for crash safety: unmark the document, upsert the new points,
        delete every other point of the document, write the record. Re-running after a
        kill at any step converges to the same store (ids are content-derived).
        """
        if not len(chunks) == len(dense) == len(sparse):
            raise ValueError("chunks, dense and sparse must have the same length")
        self._drop_record(meta.doc)
        self.write_chunks_only(chunks, dense, sparse)
        self._delete_chunks(meta.doc, keep={c.chunk_id for c in chunks})
        self._put_record(meta.doc, {
            "doc": meta.doc,
            "sha256": meta.sha256,
            "chunks": len(chunks),
            "meta": meta.model_dump(mode="json"),
        })

    def write_chunks_only(
        self, chunks: list[Chunk], dense: list[list[float]], sparse: list[SparseVec]
    ) -> None:
        """Upsert chunk points WITHOUT a document record: what a killed ingest leaves behind.

        `replace_document` builds on it; alone it serves crash-recovery tests and the
        benchmark of the upsert stage.
        """
        points = [
            StoredPoint(c.chunk_id, list(d), s if s.indices else None, chunk_payload(c))
            for c, d, s in zip(chunks, dense, sparse, strict=True)
        ]
        for start in range(0, len(points), UPSERT_BATCH):
            self.upsert_points(points[start : start + UPSERT_BATCH])

    def delete_document(self, doc: str) -> None:
        # Record first: a half-deleted document must read as incomplete, not as stored.
        self._drop_record(doc)
        self._delete_chunks(doc)

    # ------------------------------------------------------------------ reading

    def version(self) -> str:
        """Changes whenever a document is added, removed or replaced."""
        pairs = sorted(f"{r['doc']}\t{r['sha256']}" for r in self._records())
        return hashlib.sha256("\n".join(pairs).encode()).hexdigest()[:16]

    def catalog(self) -> StoreCatalog:
        companies: dict[str, CatalogCompany] = {}
        years: set[int] = set()
        forms: set[str] = set()
        metas = self.documents()
        for meta in metas:
            forms.add(meta.form)
            if meta.fiscal_year is not None:
                years.add(meta.fiscal_year)
            if not meta.company:
                continue
            entry = companies.setdefault(meta.company, CatalogCompany(name=meta.company))
            _add(entry.legal_names, meta.company_legal)
            _add(entry.tickers, meta.ticker)
            for alias in meta.aliases:
                _add(entry.aliases, alias)
            _add(entry.forms, meta.form)
            _add(entry.docs, meta.doc)
            if meta.fiscal_year is not None and meta.fiscal_year not in entry.fiscal_years:
                entry.fiscal_years.append(meta.fiscal_year)
            entry.filings.append(CatalogFiling(doc=meta.doc, form=meta.form, fiscal_year=meta.fiscal_year,
                                               period=meta.period, period_end=meta.period_end,
                                               low_confidence=meta.low_confidence))
        for entry in companies.values():
            entry.fiscal_years.sort()
        return StoreCatalog(
            companies=sorted(companies.values(), key=lambda c: c.name),
            fiscal_years=sorted(years),
            forms=sorted(forms),
            documents=len(metas),
        )


def _add(values: list[str], value: str | None) -> None:
    if value and value not in values:
        values.append(value)
