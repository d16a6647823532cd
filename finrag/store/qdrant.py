"""The Qdrant API through qdrant-client: a server or cluster (`QDRANT_URL`), or local mode.

A server is the store for more than one process. Local mode (`QdrantClient(path=...)`) is
the embedded engine FinRAG used before Edge: it is opened here only to migrate such a
store, and in tests, where it stands in for a server (same API, same behaviour tests).
Two collections: `<collection>` (chunks) and `<collection>_documents` (records). The chunk
collection's metadata records the encoder its vectors were made by (`ENCODER_KEY`), as the
embedded store's `store.json` does: a process embedding with another encoder is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

from qdrant_client import QdrantClient, models

from finrag.config import redact
from finrag.models import Chunk, SearchFilters, SearchHit
from finrag.sparse import SparseVec
from finrag.store.base import (
    INDEXED_FIELDS,
    SCROLL_PAGE,
    Fusion,
    Mode,
    StoredPoint,
    VectorStore,
    filter_fields,
    hit,
    record_id,
    similarity,
)
from finrag.store.layout import EncoderMismatch

ENCODER_KEY = "finrag_encoder"  # collection metadata: finrag.embeddings.vector_family of its vectors

_SCHEMA = {"keyword": models.PayloadSchemaType.KEYWORD, "integer": models.PayloadSchemaType.INTEGER}


def _filter(fields: dict[str, list]) -> models.Filter | None:
    if not fields:
        return None
    return models.Filter(
        must=[models.FieldCondition(key=k, match=models.MatchAny(any=v)) for k, v in fields.items()]
    )


def _doc_filter(doc: str, keep: set[str] | None = None) -> models.Filter:
    return models.Filter(
        must=[models.FieldCondition(key="doc", match=models.MatchValue(value=doc))],
        must_not=[models.HasIdCondition(has_id=sorted(keep))] if keep else None,
    )


def _sparse(vec: SparseVec | None) -> models.SparseVector | None:
    return models.SparseVector(indices=vec.indices, values=vec.values) if vec is not None and vec.indices else None


def server_problem(url: str, api_key: str | None) -> str | None:
    """Why the Qdrant server at `url` cannot be used, or None when it answers."""
    client = None
    try:  # (QdrantClient is not a context manager; check_compatibility would warn on stderr)
        client = QdrantClient(url=url, api_key=api_key, timeout=5, check_compatibility=False)
        client.get_collections()
    except Exception as exc:  # noqa: BLE001 - any failure means "unusable"; say which
        return redact(f"{type(exc).__name__}: {exc}", [api_key])  # a server may echo the key
    finally:
        if client is not None:
            client.close()
    return None


class QdrantStore(VectorStore):
    """`encoder`: the vector family this process writes and queries with (None: not checked,
    as for a local-mode store being migrated); a collection recording another is refused."""

    def __init__(self, client: QdrantClient, collection: str, dim: int, location: str, engine: str,
                 encoder: str | None = None) -> None:
        self.client = client
        self.collection = collection
        self.records = f"{collection}_documents"
        self.dim = dim
        self.location = location
        self.engine = engine
        self.encoder = encoder
        self._stamp_encoder = False  # a collection from before the encoder was recorded: its first write says
        self._ensure_collections()

    @classmethod
    def existing_dim(cls, client: QdrantClient, collection: str) -> int | None:
        if not client.collection_exists(collection):
            return None
        return client.get_collection(collection).config.params.vectors["dense"].size

    def _ensure_collections(self) -> None:
        size = self.existing_dim(self.client, self.collection)
        if size is None:
            self.client.create_collection(
                self.collection,
                vectors_config={"dense": models.VectorParams(size=self.dim, distance=models.Distance.COSINE)},
                sparse_vectors_config={"sparse": models.SparseVectorParams(modifier=models.Modifier.IDF)},
                metadata={ENCODER_KEY: self.encoder} if self.encoder else None,
            )
            for key, schema in INDEXED_FIELDS.items():  # local mode ignores them; a server uses them
                self.client.create_payload_index(self.collection, key, field_schema=_SCHEMA[schema])
        elif size != self.dim:
            raise ValueError(
                f"collection {self.collection!r} holds {size}-d vectors but the embedder "
                f"makes {self.dim}-d ones: use another FINRAG_STORE or FINRAG_COLLECTION"
            )
        else:
            self._check_encoder()
        if not self.client.collection_exists(self.records):
            self.client.create_collection(self.records, vectors_config={})

    def _check_encoder(self) -> None:
        """One line naming both encoders when the collection's vectors were made by another
        encoder than this process's: its vectors and the new ones would not be comparable."""
        if not self.encoder:
            return
        built_with = (self.client.get_collection(self.collection).config.metadata or {}).get(ENCODER_KEY)
        if built_with is None:
            self._stamp_encoder = True
        elif built_with != self.encoder:
            raise EncoderMismatch(
                f"the collection {self.collection!r} at {self.location} was built with the encoder {built_with} but "
                f"this process embeds with {self.encoder}: set FINRAG_EMBEDDING_MODEL / _QUANTIZE / _RUNTIME / _URL "
                "as when it was built, or use another FINRAG_COLLECTION"
            )

    # ------------------------------------------------------------------ records

    def _records(self) -> list[dict]:
        records, offset = [], None
        while True:
            page, offset = self.client.scroll(self.records, limit=SCROLL_PAGE, offset=offset, with_payload=True)
            records.extend(dict(r.payload) for r in page)
            if offset is None:
                return records

    def _record(self, doc: str) -> dict | None:
        found = self.client.retrieve(self.records, ids=[record_id(doc)], with_payload=True)
        return dict(found[0].payload) if found else None

    def _put_record(self, doc: str, payload: dict) -> None:
        self.client.upsert(
            self.records, points=[models.PointStruct(id=record_id(doc), vector={}, payload=payload)], wait=True
        )

    def _drop_record(self, doc: str) -> None:
        self.client.delete(self.records, points_selector=models.PointIdsList(points=[record_id(doc)]), wait=True)

    # ------------------------------------------------------------------ chunks

    def upsert_points(self, points: list[StoredPoint]) -> None:
        if not points:
            return
        if self._stamp_encoder:
            self.client.update_collection(self.collection, metadata={ENCODER_KEY: self.encoder})
            self._stamp_encoder = False
        structs = []
        for p in points:
            vector: dict = {"dense": p.dense}
            if (sparse := _sparse(p.sparse)) is not None:
                vector["sparse"] = sparse
            structs.append(models.PointStruct(id=p.id, vector=vector, payload=p.payload))
        self.client.upsert(self.collection, points=structs, wait=True)

    def existing_ids(self, ids: list[str]) -> set[str]:
        """Which of these chunk ids the collection already holds (a resumed push skips them)."""
        found = self.client.retrieve(self.collection, ids=ids, with_payload=False, with_vectors=False)
        return {str(p.id) for p in found}

    def _delete_chunks(self, doc: str, keep: set[str] | None = None) -> None:
        self.client.delete(
            self.collection, points_selector=models.FilterSelector(filter=_doc_filter(doc, keep)), wait=True
        )

    def count(self, doc: str | None = None) -> int:
        flt = _doc_filter(doc) if doc else None
        return self.client.count(self.collection, count_filter=flt, exact=True).count

    def chunk_ids(self, doc: str | None = None) -> set[str]:
        ids: set[str] = set()
        offset = None
        flt = _doc_filter(doc) if doc else None
        while True:
            page, offset = self.client.scroll(
                self.collection, scroll_filter=flt, limit=SCROLL_PAGE, offset=offset,
                with_payload=False, with_vectors=False,
            )
            ids.update(str(p.id) for p in page)
            if offset is None:
                return ids

    def doc_chunks(self, doc: str) -> list[Chunk]:
        chunks, offset = [], None
        while True:
            records, offset = self.client.scroll(
                self.collection, scroll_filter=_doc_filter(doc), limit=SCROLL_PAGE, offset=offset,
                with_payload=True, with_vectors=False,
            )
            chunks.extend(Chunk(chunk_id=str(r.id), **(r.payload or {})) for r in records)
            if offset is None:
                return sorted(chunks, key=lambda c: c.index)

    def iter_points(self, page: int = SCROLL_PAGE) -> Iterator[list[StoredPoint]]:
        offset = None
        while True:
            records, offset = self.client.scroll(
                self.collection, limit=page, offset=offset, with_payload=True, with_vectors=True
            )
            if records:
                yield [
                    StoredPoint(
                        id=str(r.id),
                        dense=list(r.vector["dense"]),
                        sparse=SparseVec(indices=list(s.indices), values=list(s.values))
                        if (s := r.vector.get("sparse")) is not None else None,
                        payload=dict(r.payload),
                    )
                    for r in records
                ]
            if offset is None:
                return

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
        flt = _filter(filter_fields(filters))
        sparse_query = _sparse(sparse)
        with_dense = ["dense"] if dense is not None else False
        params = models.SearchParams(exact=True) if exact else None
        if mode == "dense":
            response = self.client.query_points(
                self.collection, query=dense, using="dense", query_filter=flt, limit=k, with_payload=True,
                search_params=params,
            )
            return [hit(p.id, p.payload, p.score, p.score) for p in response.points]
        if mode == "sparse":
            if sparse_query is None:
                return []
            response = self.client.query_points(
                self.collection, query=sparse_query, using="sparse", query_filter=flt, limit=k,
                with_payload=True, with_vectors=with_dense, search_params=params,
            )
        elif mode == "hybrid":
            limit = prefetch_k or max(4 * k, 20)
            prefetch = [models.Prefetch(query=dense, using="dense", filter=flt, limit=limit, params=params)]
            if sparse_query is not None:
                prefetch.append(
                    models.Prefetch(query=sparse_query, using="sparse", filter=flt, limit=limit, params=params)
                )
            response = self.client.query_points(
                self.collection,
                prefetch=prefetch,
                query=models.FusionQuery(fusion=models.Fusion.RRF if fusion == "rrf" else models.Fusion.DBSF),
                limit=k,
                with_payload=True,
                with_vectors=with_dense,
            )
        else:
            raise ValueError(f"unknown search mode {mode!r}: use dense, sparse or hybrid")
        return [hit(p.id, p.payload, p.score, similarity(dense, p.vector)) for p in response.points]

    def optimize(self) -> None:
        """A server optimizes in the background; local mode has nothing to optimize."""

    def size_bytes(self) -> int | None:
        return None

    def drop(self) -> None:
        """Delete both collections (benchmarks' throw-away collections)."""
        self.client.delete_collection(self.collection)
        self.client.delete_collection(self.records)

    def close(self) -> None:
        self.client.close()

