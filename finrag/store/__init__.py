"""The store: chunks with dense + sparse vectors, and one record per document.

One interface (`base.VectorStore`), two engines:

- embedded (the default): Qdrant Edge in the FinRAG process, the whole store in one
  folder (`FINRAG_STORE`, see `layout`); one process at a time (`StoreBusy` otherwise);
- a Qdrant server or cluster when `QDRANT_URL` is set, through qdrant-client.

`open_store(settings)` picks the engine. qdrant-client is imported only for a server: it
alone takes seconds to import, which every `finrag ask` would pay.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from finrag.config import Settings
from finrag.embeddings import vector_family
from finrag.store.base import StoreBusy, StoredPoint, StoreNeedsMigration, VectorStore
from finrag.store.edge import EdgeStore
from finrag.store.holder import StoreHolder, holding_as
from finrag.store.layout import (
    EncoderMismatch,
    StoreLock,
    busy,
    check_encoder,
    is_local_mode_store,
    needs_migration,
    new_meta,
    read_meta,
    write_meta,
)

__all__ = [
    "EdgeStore",
    "EncoderMismatch",
    "StoreBusy",
    "StoreHolder",
    "StoreNeedsMigration",
    "StoredPoint",
    "VectorStore",
    "holding_as",
    "open_edge",
    "open_store",
    "server_problem",
]


def open_store(settings: Settings, dim: int | None = None, wait_s: float = 0.0,
               on_wait: Callable[[StoreHolder], None] | None = None) -> VectorStore:
    """Open (creating if needed) the store of these settings.

    `dim` checks an existing store against the embedder, and sizes a new one (default: the
    configured embedder's). The embedded store retries for up to `wait_s` seconds while
    another process holds it (telling `on_wait` who does), then raises StoreBusy; a folder
    of the previous engine raises StoreNeedsMigration naming the command that converts it.
    """
    if settings.qdrant_url:
        from qdrant_client import QdrantClient

        from finrag.store.qdrant import QdrantStore

        client = QdrantClient(url=settings.qdrant_url, api_key=settings.qdrant_api_key)
        try:
            dim = dim or QdrantStore.existing_dim(client, settings.collection) or _embedder_dim(settings)
            return QdrantStore(client, settings.collection, dim, settings.qdrant_url, engine="qdrant-server",
                               encoder=vector_family(settings))
        except BaseException:  # refused (another encoder, another vector size): no client left open
            client.close()
            raise
    return open_edge(settings.store_dir, dim, wait_s=wait_s, settings=settings, on_wait=on_wait)


def open_edge(
    store_dir: Path, dim: int | None, wait_s: float = 0.0, settings: Settings | None = None,
    collection: str | None = None, on_wait: Callable[[StoreHolder], None] | None = None,
) -> EdgeStore:
    """The embedded store in `store_dir` (created with `dim`-d vectors if new)."""
    if is_local_mode_store(store_dir):
        raise needs_migration(store_dir)
    lock = StoreLock(store_dir)
    lock.acquire(wait_s, on_wait)
    encoder = vector_family(settings) if settings else None
    try:
        meta = read_meta(store_dir)
        if meta is None:
            if dim is None:
                dim = _embedder_dim(settings)
            meta = new_meta(dim, collection or (settings.collection if settings else "finrag_chunks"), encoder)
            write_meta(store_dir, meta)
        elif dim is not None and meta.dim != dim:
            raise ValueError(
                f"the store at {store_dir} holds {meta.dim}-d vectors but the embedder makes "
                f"{dim}-d ones: use another FINRAG_STORE"
            )
        check_encoder(store_dir, meta, encoder)
        try:
            return EdgeStore(store_dir, meta, lock, encoder)
        except Exception as exc:  # Edge's own WAL lock: a process that skipped ours holds it
            if "WouldBlock" in str(exc):
                raise busy(store_dir) from exc
            raise
    except BaseException:
        lock.release()
        raise


def _embedder_dim(settings: Settings | None) -> int:
    from finrag.config import load_settings
    from finrag.embeddings import get_embedder

    return get_embedder(settings or load_settings()).dim


def server_problem(settings: Settings) -> str | None:
    """Why the Qdrant server at QDRANT_URL cannot be used, or None when it answers."""
    from finrag.store.qdrant import server_problem as problem

    return problem(settings.qdrant_url, settings.qdrant_api_key)
