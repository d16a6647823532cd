"""The embedded engine: Qdrant Edge (`qdrant-edge-py`, pinned: beta), in the FinRAG process.

Edge is the server's engine as a library: HNSW for dense vectors, an inverted index for
sparse ones with the IDF modifier, payload indexes and a write-ahead log, so searches cost
milliseconds where qdrant-client local mode scored every point in Python. Every update is
in the WAL when `update` returns: a process killed mid-ingest reopens with every
acknowledged write, and the document record written last tells what is complete.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

from qdrant_edge import (
    CountRequest,
    Distance,
    EdgeConfig,
    EdgeOptimizersConfig,
    EdgeShard,
    EdgeSparseVectorParams,
    EdgeVectorParams,
    FieldCondition,
    Filter,
    Fusion,
    HasIdCondition,
    HnswIndexConfig,
    MatchAny,
    MatchValue,
    Modifier,
    PayloadSchemaType,
    Point,
    Prefetch,
    Query,
    QueryRequest,
    ScrollRequest,
    SearchParams,
    SparseVector,
    UpdateOperation,
)

from finrag.errors import DiskFull, is_disk_full
from finrag.models import Chunk, SearchFilters, SearchHit
from finrag.sparse import SparseVec
from finrag.store.base import (
    INDEXED_FIELDS,
    SCROLL_PAGE,
    Mode,
    StoredPoint,
    VectorStore,
    filter_fields,
    hit,
    record_id,
    similarity,
)
from finrag.store.base import (
    Fusion as FusionName,
)
from finrag.store.layout import (
    CHUNKS_DIR,
    DOCUMENTS_DIR,
    EDGE_ENGINE,
    StoreLock,
    StoreMeta,
    size_bytes,
    write_meta,
)

_SCHEMA = {"keyword": PayloadSchemaType.Keyword, "integer": PayloadSchemaType.Integer}
# HNSW graph parameters are Qdrant's defaults. Thresholds (KB of vectors, 1.5 KB per
# 384-d vector): a segment smaller than the indexing threshold stays a plain scan, and a
# filtered search whose matches fit under the full-scan threshold scores them exactly
# through the payload index instead of walking the graph. Chosen with `finrag bench scale`:
# a one-filing filter (~1,000 chunks) is then an exact scan of a few hundred kB.
HNSW = HnswIndexConfig(m=16, ef_construct=100, full_scan_threshold=10_000)
OPTIMIZERS = EdgeOptimizersConfig(indexing_threshold=10_000)
# Candidates the graph search keeps (Qdrant's default is ef_construct = 100). Measured on the
# 13,355 real chunks of 25 FinanceBench filings, dense top 40 against the exact scorer:
# recall 0.980 at 100, 0.987 at 128, 0.996 at 256, 1.000 at 512, a few ms each.
HNSW_EF = 256


def _config(dim: int) -> EdgeConfig:
    return EdgeConfig(
        vectors={"dense": EdgeVectorParams(size=dim, distance=Distance.Cosine)},
        sparse_vectors={"sparse": EdgeSparseVectorParams(modifier=Modifier.Idf)},
        hnsw_config=HNSW,
        optimizers=OPTIMIZERS,
    )


def _records_config() -> EdgeConfig:
    # Records carry no vectors, but a shard needs at least one vector name.
    return EdgeConfig(sparse_vectors={"none": EdgeSparseVectorParams()})


def _filter(fields: dict[str, list]) -> Filter | None:
    if not fields:
        return None
    return Filter(must=[FieldCondition(key=k, match=MatchAny(v)) for k, v in fields.items()])


# Free space the embedded store needs to open and write: its files are sparse memory maps
# (32 MB WAL segments and storage pages) that fill as points arrive, and the first open
# after an ingest materializes its segments (measured: a one-filing store went from 16 MB
# to 84 MB on disk). Under a mapping, a full disk is SIGBUS: the process dies silently.
MIN_FREE_MB = 128

def _doc_filter(doc: str, keep: set[str] | None = None) -> Filter:
    return Filter(
        must=[FieldCondition(key="doc", match=MatchValue(doc))],
        must_not=[HasIdCondition(set(keep))] if keep else None,
    )


def _sparse(vec: SparseVec | None) -> SparseVector | None:
    return SparseVector(vec.indices, vec.values) if vec is not None and vec.indices else None


def _stored(record) -> StoredPoint:
    vectors = record.vector or {}
    sparse = vectors.get("sparse")
    return StoredPoint(
        id=str(record.id),
        dense=list(vectors["dense"]),
        sparse=SparseVec(indices=list(sparse.indices), values=list(sparse.values)) if sparse else None,
        payload=dict(record.payload or {}),
    )


def _open_shard(path: Path, config: EdgeConfig) -> EdgeShard:
    if (path / "edge_config.json").exists():
        return EdgeShard.load(str(path))
    return EdgeShard.create(str(path), config)


class EdgeStore(VectorStore):
    engine = EDGE_ENGINE

    def __init__(self, store_dir: Path, meta: StoreMeta, lock: StoreLock, encoder: str | None = None) -> None:
        self.location = str(store_dir)
        self._encoder = encoder  # the vector family this process writes (stamped on a store without one)
        self.store_dir = store_dir
        self.meta = meta
        self.dim = meta.dim
        self._lock = lock
        fresh = not (store_dir / CHUNKS_DIR / "edge_config.json").exists()
        self.check_space("create a store" if fresh else "open the store")  # opening writes too
        self._chunks = _open_shard(store_dir / CHUNKS_DIR, _config(meta.dim))
        self._docs = _open_shard(store_dir / DOCUMENTS_DIR, _records_config())
        if fresh:
            for key, schema in INDEXED_FIELDS.items():
                self._chunks.update(UpdateOperation.create_field_index(key, _SCHEMA[schema]))
            self._docs.update(UpdateOperation.create_field_index("doc", PayloadSchemaType.Keyword))
        self._dirty = False

    # ------------------------------------------------------------------ records

    def _records(self) -> list[dict]:
        records, offset = [], None
        while True:
            page, offset = self._docs.scroll(
                ScrollRequest(offset=offset, limit=SCROLL_PAGE, with_payload=True, with_vector=False)
            )
            records.extend(dict(r.payload) for r in page)
            if offset is None:
                return records

    def _record(self, doc: str) -> dict | None:
        found = self._docs.retrieve([record_id(doc)], with_payload=True, with_vector=False)
        return dict(found[0].payload) if found else None

    def _put_record(self, doc: str, payload: dict) -> None:
        self.check_space()
        self._docs.update(UpdateOperation.upsert_points([Point(record_id(doc), {}, payload)]))
        self._dirty = True

    def _drop_record(self, doc: str) -> None:
        self._docs.update(UpdateOperation.delete_points([record_id(doc)]))
        self._dirty = True

    # ------------------------------------------------------------------ chunks

    def check_space(self, doing: str = "write") -> None:
        """Refuse to write with less than MIN_FREE_MB free on the store's disk: Edge writes
        through memory-mapped files, and a full disk under a mapping kills the process
        (SIGBUS) with no message. Stopping first keeps every document already stored."""
        free = shutil.disk_usage(self.store_dir).free
        if free < MIN_FREE_MB * 2**20:
            raise DiskFull(f"{self.store_dir}: no space left on device to {doing} ({free / 2**20:.0f} MB free, the "
                           f"embedded store needs {MIN_FREE_MB} MB); nothing was written, the documents already "
                           "stored are kept")

    def upsert_points(self, points: list[StoredPoint]) -> None:
        if not points:
            return
        self.check_space()
        if self.meta.encoder is None and self._encoder:
            # A store from before the encoder was recorded: its first write says what it holds.
            self.meta = self.meta.model_copy(update={"encoder": self._encoder})
            write_meta(self.store_dir, self.meta)
        batch = []
        for p in points:
            vector: dict = {"dense": p.dense}
            if (sparse := _sparse(p.sparse)) is not None:  # a chunk of bare symbols has no words
                vector["sparse"] = sparse
            batch.append(Point(p.id, vector, p.payload))
        self._chunks.update(UpdateOperation.upsert_points(batch))
        self._dirty = True

    def _delete_chunks(self, doc: str, keep: set[str] | None = None) -> None:
        self._chunks.update(UpdateOperation.delete_points_by_filter(_doc_filter(doc, keep)))
        self._dirty = True

    def count(self, doc: str | None = None) -> int:
        flt = _doc_filter(doc) if doc else None
        return self._chunks.count(CountRequest(exact=True, filter=flt))

    def chunk_ids(self, doc: str | None = None) -> set[str]:
        ids: set[str] = set()
        offset = None
        flt = _doc_filter(doc) if doc else None
        while True:
            page, offset = self._chunks.scroll(
                ScrollRequest(offset=offset, limit=SCROLL_PAGE, filter=flt, with_payload=False, with_vector=False)
            )
            ids.update(str(r.id) for r in page)
            if offset is None:
                return ids

    def doc_chunks(self, doc: str) -> list[Chunk]:
        chunks, offset = [], None
        while True:
            records, offset = self._chunks.scroll(
                ScrollRequest(offset=offset, limit=SCROLL_PAGE, filter=_doc_filter(doc), with_payload=True,
                              with_vector=False)
            )
            chunks.extend(Chunk(chunk_id=str(r.id), **(r.payload or {})) for r in records)
            if offset is None:
                return sorted(chunks, key=lambda c: c.index)

    def iter_points(self, page: int = SCROLL_PAGE) -> Iterator[list[StoredPoint]]:
        offset = None
        while True:
            records, offset = self._chunks.scroll(
                ScrollRequest(offset=offset, limit=page, with_payload=True, with_vector=True)
            )
            if records:
                yield [_stored(r) for r in records]
            if offset is None:
                return

    def query(
        self,
        dense: list[float] | None,
        sparse: SparseVec | None,
        filters: SearchFilters | None = None,
        k: int = 8,
        mode: Mode = "hybrid",
        fusion: FusionName = "rrf",
        prefetch_k: int | None = None,
        exact: bool = False,
    ) -> list[SearchHit]:
        flt = _filter(filter_fields(filters))
        sparse_query = _sparse(sparse)
        params = SearchParams(exact=True) if exact else SearchParams(hnsw_ef=HNSW_EF)
        if mode == "dense":
            if dense is None:
                raise ValueError("dense search needs a dense query vector")
            points = self._chunks.query(QueryRequest(
                limit=k, query=Query.Nearest(dense, using="dense"), filter=flt, with_payload=True,
                params=params,
            ))
            return [hit(p.id, p.payload, p.score, p.score) for p in points]
        if mode == "sparse":
            if sparse_query is None:
                return []
            points = self._chunks.query(QueryRequest(
                limit=k, query=Query.Nearest(sparse_query, using="sparse"), filter=flt,
                with_payload=True, params=params, with_vector=["dense"] if dense is not None else None,
            ))
        elif mode == "hybrid":
            if dense is None:
                raise ValueError("hybrid search needs a dense query vector")
            limit = prefetch_k or max(4 * k, 20)
            prefetches = [Prefetch(limit=limit, query=Query.Nearest(dense, using="dense"), filter=flt, params=params)]
            if sparse_query is not None:
                prefetches.append(
                    Prefetch(limit=limit, query=Query.Nearest(sparse_query, using="sparse"), filter=flt, params=params)
                )
            points = self._chunks.query(QueryRequest(
                limit=k, prefetches=prefetches,
                query=Fusion.Rrf(k=2) if fusion == "rrf" else Fusion.Dbsf(),
                with_payload=True, with_vector=["dense"],
            ))
        else:
            raise ValueError(f"unknown search mode {mode!r}: use dense, sparse or hybrid")
        return [hit(p.id, p.payload, p.score, similarity(dense, p.vector)) for p in points]

    # ------------------------------------------------------------------ lifecycle

    def optimize(self) -> None:
        self._chunks.optimize()
        self._docs.optimize()
        self.flush()

    def flush(self) -> None:
        self._chunks.flush()
        self._docs.flush()
        self._dirty = False

    def size_bytes(self) -> int | None:
        return size_bytes(self.store_dir)

    def close(self) -> None:
        if self._lock is None:
            return
        try:
            if self._dirty:  # an untouched store is left byte for byte as it was
                self.flush()
        except Exception as err:
            if not is_disk_full(err):
                raise
            raise DiskFull(f"{self.store_dir}: no space left on device to save the store's files; the documents "
                           "stored are kept (its write-ahead log holds them)") from None
        finally:  # the shards and the lock are let go even when the last flush failed
            self._chunks.close()
            self._docs.close()
            self._lock.release()
            self._lock = None

