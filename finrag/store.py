"""The only Qdrant client: chunks with dense + sparse vectors, and one record per document.

Local mode (`QdrantClient(path=...)`) is the default; setting `QDRANT_URL` switches to a
server with the same code. Two collections:

- `<collection>`: one point per chunk (id = chunk_id), named vectors "dense" (cosine)
  and "sparse" (BM25 term weights; Qdrant applies IDF), payload = the Chunk fields.
- `<collection>_documents`: one record per document (DocumentMeta, sha256, chunk count),
  written LAST by `replace_document`. A document counts as stored only when its record
  exists, so an ingest killed halfway is detected and redone on the next run.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import time
import uuid
from pathlib import Path
from typing import IO, Literal

from qdrant_client import QdrantClient, models

from finrag.config import Settings
from finrag.models import (
    CatalogCompany,
    Chunk,
    DocumentMeta,
    SearchFilters,
    SearchHit,
    StoreCatalog,
)
from finrag.sparse import SparseVec

Fusion = Literal["rrf", "dbsf"]
_UPSERT_BATCH = 256
_SCROLL_PAGE = 1024
_RECORD_NAMESPACE = uuid.UUID("3f1c1b1e-6d1a-4c55-9d0e-6c2f4b0f7a10")
# Fields filters match on; indexed on a server (local mode ignores payload indexes).
_INDEXED_FIELDS = {
    "doc": models.PayloadSchemaType.KEYWORD,
    "doc_sha256": models.PayloadSchemaType.KEYWORD,
    "company": models.PayloadSchemaType.KEYWORD,
    "fiscal_year": models.PayloadSchemaType.INTEGER,
    "form": models.PayloadSchemaType.KEYWORD,
    "tags": models.PayloadSchemaType.KEYWORD,
}


class StoreBusy(RuntimeError):
    """Another process holds the local-mode store (Qdrant local mode is single-client)."""


class _StoreLock:
    """An exclusive flock beside Qdrant's own, taken BEFORE Qdrant loads the collections.

    Qdrant's lock is only tried after it has read every collection into memory, and its
    error names no process; ours fails fast and says which pid holds the store.
    """

    def __init__(self, store_dir: Path) -> None:
        store_dir.mkdir(parents=True, exist_ok=True)
        self.path = store_dir / ".finrag.lock"
        self._file: IO[str] | None = None

    def try_acquire(self) -> bool:
        handle = open(self.path, "a+")  # noqa: SIM115 - held open for the store's lifetime
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle
        return True

    def holder(self) -> str:
        try:
            return self.path.read_text().strip() or "?"
        except OSError:
            return "?"

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


def _busy(store_dir: Path, pid: str) -> StoreBusy:
    return StoreBusy(
        f"store at {store_dir} is in use by another process (pid {pid}) — wait for it to "
        "finish or use a Qdrant server (QDRANT_URL)"
    )


def server_problem(settings: Settings) -> str | None:
    """Why the Qdrant server at QDRANT_URL cannot be used, or None when it answers."""
    client = None
    try:
        client = QdrantClient(url=settings.qdrant_url, api_key=settings.qdrant_api_key, timeout=5,
                              check_compatibility=False)
        client.get_collections()
    except Exception as exc:  # noqa: BLE001 - any failure means "unusable"; say which
        return f"{type(exc).__name__}: {exc}"
    finally:
        if client is not None:
            client.close()
    return None


def open_store(settings: Settings, dim: int | None = None, wait_s: float = 0.0) -> VectorStore:
    """Open (creating if needed) the store; `dim` defaults to the configured embedder's.

    In local mode, retries for up to `wait_s` seconds while another process holds the
    store, then raises StoreBusy.
    """
    if dim is None:
        from finrag.embeddings import get_embedder

        dim = get_embedder(settings).dim
    if settings.qdrant_url:
        client = QdrantClient(url=settings.qdrant_url, api_key=settings.qdrant_api_key)
        return VectorStore(client, settings.collection, dim, lock=None, location=settings.qdrant_url)

    store_dir = settings.store_dir
    lock = _StoreLock(store_dir)
    deadline = time.monotonic() + wait_s
    while not lock.try_acquire():
        if time.monotonic() >= deadline:
            raise _busy(store_dir, lock.holder())
        time.sleep(0.5)
    try:
        client = QdrantClient(path=str(store_dir))
    except RuntimeError as exc:  # a Qdrant client that is not FinRAG holds the store
        lock.release()
        if "already accessed" in str(exc):
            raise _busy(store_dir, "?") from exc
        raise
    return VectorStore(client, settings.collection, dim, lock=lock, location=str(store_dir))


def _record_id(doc: str) -> str:
    return str(uuid.uuid5(_RECORD_NAMESPACE, doc))


def _match(key: str, values: list) -> models.FieldCondition:
    return models.FieldCondition(key=key, match=models.MatchAny(any=list(values)))


def to_qdrant_filter(filters: SearchFilters | None) -> models.Filter | None:
    if filters is None or filters.is_empty():
        return None
    fields = {
        "company": filters.companies,
        "fiscal_year": filters.fiscal_years,
        "form": filters.forms,
        "doc": filters.docs,
        "tags": filters.tags,
    }
    return models.Filter(must=[_match(key, values) for key, values in fields.items() if values])


def _doc_filter(doc: str) -> models.Filter:
    return models.Filter(must=[models.FieldCondition(key="doc", match=models.MatchValue(value=doc))])


class VectorStore:
    def __init__(
        self, client: QdrantClient, collection: str, dim: int, lock: _StoreLock | None, location: str
    ) -> None:
        self.client = client
        self.collection = collection
        self.records = f"{collection}_documents"
        self.dim = dim
        self.location = location
        self._lock = lock
        self._ensure_collections()

    # ------------------------------------------------------------------ lifecycle

    def _ensure_collections(self) -> None:
        if not self.client.collection_exists(self.collection):
            self.client.create_collection(
                self.collection,
                vectors_config={
                    "dense": models.VectorParams(size=self.dim, distance=models.Distance.COSINE)
                },
                sparse_vectors_config={
                    "sparse": models.SparseVectorParams(modifier=models.Modifier.IDF)
                },
            )
            if self._lock is None:  # a server: payload indexes make filtered search fast
                for field, schema in _INDEXED_FIELDS.items():
                    self.client.create_payload_index(self.collection, field, field_schema=schema)
        else:
            size = self.client.get_collection(self.collection).config.params.vectors["dense"].size
            if size != self.dim:
                raise ValueError(
                    f"collection {self.collection!r} holds {size}-d vectors but the embedder "
                    f"makes {self.dim}-d ones: use another FINRAG_STORE or FINRAG_COLLECTION"
                )
        if not self.client.collection_exists(self.records):
            self.client.create_collection(self.records, vectors_config={})

    def close(self) -> None:
        self.client.close()
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> VectorStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ documents

    def _records(self) -> list[models.Record]:
        records: list[models.Record] = []
        offset = None
        while True:
            page, offset = self.client.scroll(
                self.records, limit=_SCROLL_PAGE, offset=offset, with_payload=True
            )
            records.extend(page)
            if offset is None:
                return records

    def document_sha(self, doc: str) -> str | None:
        """The sha256 of `doc` if it is COMPLETELY stored, else None."""
        found = self.client.retrieve(self.records, ids=[_record_id(doc)], with_payload=True)
        return found[0].payload["sha256"] if found else None

    def documents(self) -> list[DocumentMeta]:
        metas = [DocumentMeta.model_validate(r.payload["meta"]) for r in self._records()]
        return sorted(metas, key=lambda m: m.doc)

    def chunk_counts(self) -> dict[str, int]:
        """Chunks per completely stored document, as recorded when it was written."""
        return {r.payload["doc"]: r.payload["chunks"] for r in self._records()}

    def docs_with_sha(self, sha: str) -> list[str]:
        """Completely stored documents with this content (duplicate detection)."""
        return sorted(r.payload["doc"] for r in self._records() if r.payload["sha256"] == sha)

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
        record_id = _record_id(meta.doc)
        self.client.delete(
            self.records, points_selector=models.PointIdsList(points=[record_id]), wait=True
        )
        self.write_chunks_only(chunks, dense, sparse)
        stale = models.Filter(
            must=_doc_filter(meta.doc).must,
            must_not=[models.HasIdCondition(has_id=[c.chunk_id for c in chunks])],
        )
        self.client.delete(
            self.collection, points_selector=models.FilterSelector(filter=stale), wait=True
        )
        record = {
            "doc": meta.doc,
            "sha256": meta.sha256,
            "chunks": len(chunks),
            "meta": meta.model_dump(mode="json"),
        }
        self.client.upsert(
            self.records,
            points=[models.PointStruct(id=record_id, vector={}, payload=record)],
            wait=True,
        )

    @staticmethod
    def _point(chunk: Chunk, dense: list[float], sparse: SparseVec) -> models.PointStruct:
        vector: dict = {"dense": dense}
        if sparse.indices:  # a chunk without words (a bare table of symbols) has no sparse part
            vector["sparse"] = models.SparseVector(indices=sparse.indices, values=sparse.values)
        return models.PointStruct(
            id=chunk.chunk_id,
            vector=vector,
            payload=chunk.model_dump(mode="json", exclude={"chunk_id"}),
        )

    def write_chunks_only(
        self, chunks: list[Chunk], dense: list[list[float]], sparse: list[SparseVec]
    ) -> None:
        """Upsert chunk points WITHOUT a document record: what a killed ingest leaves behind.

        `replace_document` builds on it; alone it serves crash-recovery tests and the
        benchmark of the upsert stage.
        """
        for start in range(0, len(chunks), _UPSERT_BATCH):
            part = range(start, min(start + _UPSERT_BATCH, len(chunks)))
            self.client.upsert(
                self.collection,
                points=[self._point(chunks[i], dense[i], sparse[i]) for i in part],
                wait=True,
            )

    def delete_document(self, doc: str) -> None:
        # Record first: a half-deleted document must read as incomplete, not as stored.
        self.client.delete(
            self.records, points_selector=models.PointIdsList(points=[_record_id(doc)]), wait=True
        )
        self.client.delete(
            self.collection, points_selector=models.FilterSelector(filter=_doc_filter(doc)), wait=True
        )

    # ------------------------------------------------------------------ reading

    def count(self, doc: str | None = None) -> int:
        flt = _doc_filter(doc) if doc else None
        return self.client.count(self.collection, count_filter=flt, exact=True).count

    def chunk_ids(self, doc: str | None = None) -> set[str]:
        ids: set[str] = set()
        offset = None
        flt = _doc_filter(doc) if doc else None
        while True:
            page, offset = self.client.scroll(
                self.collection, scroll_filter=flt, limit=_SCROLL_PAGE, offset=offset,
                with_payload=False, with_vectors=False,
            )
            ids.update(str(p.id) for p in page)
            if offset is None:
                return ids

    def version(self) -> str:
        """Changes whenever a document is added, removed or replaced."""
        pairs = sorted(f"{r.payload['doc']}\t{r.payload['sha256']}" for r in self._records())
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
        for entry in companies.values():
            entry.fiscal_years.sort()
        return StoreCatalog(
            companies=sorted(companies.values(), key=lambda c: c.name),
            fiscal_years=sorted(years),
            forms=sorted(forms),
            documents=len(metas),
        )

    def query(
        self,
        dense: list[float] | None,
        sparse: SparseVec | None,
        filters: SearchFilters | None = None,
        k: int = 8,
        mode: Literal["dense", "sparse", "hybrid"] = "hybrid",
        fusion: Fusion = "rrf",
        prefetch_k: int | None = None,
    ) -> list[SearchHit]:
        flt = to_qdrant_filter(filters)
        sparse_query = (
            models.SparseVector(indices=sparse.indices, values=sparse.values)
            if sparse is not None and sparse.indices
            else None
        )
        if mode == "hybrid" and (dense is None or sparse_query is None):
            # A query with no indexable words (or no dense vector) degrades to the other half.
            mode = "dense" if dense is not None else "sparse"
        if mode == "dense":
            if dense is None:
                raise ValueError("dense mode needs a dense query vector")
            response = self.client.query_points(
                self.collection, query=dense, using="dense", query_filter=flt, limit=k,
                with_payload=True,
            )
        elif mode == "sparse":
            if sparse_query is None:
                return []
            response = self.client.query_points(
                self.collection, query=sparse_query, using="sparse", query_filter=flt, limit=k,
                with_payload=True,
            )
        elif mode == "hybrid":
            limit = prefetch_k or max(4 * k, 20)
            # The filter sits in EACH prefetch only: fusion merely merges the two filtered
            # lists. Older local modes ignored a top-level filter on a fusion query; newer
            # ones (and the server) push it down into every prefetch, so repeating it there
            # made local mode test every condition twice on each matching point.
            response = self.client.query_points(
                self.collection,
                prefetch=[
                    models.Prefetch(query=dense, using="dense", filter=flt, limit=limit),
                    models.Prefetch(query=sparse_query, using="sparse", filter=flt, limit=limit),
                ],
                query=models.FusionQuery(
                    fusion=models.Fusion.RRF if fusion == "rrf" else models.Fusion.DBSF
                ),
                limit=k,
                with_payload=True,
            )
        else:
            raise ValueError(f"unknown search mode {mode!r}: use dense, sparse or hybrid")
        return [
            SearchHit(chunk=Chunk(chunk_id=str(p.id), **p.payload), score=p.score)
            for p in response.points
        ]


def _add(values: list[str], value: str | None) -> None:
    if value and value not in values:
        values.append(value)
