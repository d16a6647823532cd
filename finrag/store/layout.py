"""The embedded store's folder: what lives in it, its metadata file, and its process lock.

One folder holds the whole store, so copying or moving it moves everything:

    <store>/store.json      engine, format, created-with versions, dimension (this module)
    <store>/chunks/         Qdrant Edge shard: one point per chunk
    <store>/documents/      Qdrant Edge shard: one record per completely stored document
    <store>/graph.sqlite    the knowledge graph (Settings.graph_path)
    <store>/.finrag.lock    held by the process that has the store open

A folder with `collection/` and `meta.json` but no `store.json` is a store of the engine
before Edge (qdrant-client local mode): `finrag store migrate` converts it.
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import IO

from pydantic import BaseModel, ValidationError

from finrag.errors import UserError
from finrag.store.base import StoreBusy, StoreNeedsMigration
from finrag.store.holder import StoreHolder

META_FILE = "store.json"
CHUNKS_DIR = "chunks"
DOCUMENTS_DIR = "documents"
FORMAT = 1
EDGE_ENGINE = "qdrant-edge"


class StoreMeta(BaseModel):
    engine: str = EDGE_ENGINE
    format: int = FORMAT
    dim: int
    collection: str  # the collection name it takes on a server (`finrag store push`)
    created_at: str
    created_with: dict[str, str]  # package -> version that created the store
    # The vector family its vectors were made by (finrag.embeddings.vector_family); None: a
    # store from before it was recorded, stamped by its next write.
    encoder: str | None = None


def new_meta(dim: int, collection: str, encoder: str | None = None) -> StoreMeta:
    return StoreMeta(
        dim=dim,
        collection=collection,
        encoder=encoder,
        created_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        created_with={pkg: version(pkg) for pkg in ("finrag", "qdrant-edge-py")},
    )


def read_meta(store_dir: Path) -> StoreMeta | None:
    """The store's `store.json`, None when there is none; a damaged one is a UserError
    naming it (one line, not a pydantic ValidationError)."""
    path = store_dir / META_FILE
    if not path.exists():
        return None
    try:
        return StoreMeta.model_validate_json(path.read_bytes())
    except ValidationError as err:
        first = err.errors()[0]
        raise UserError(f"{path}: not a valid store file ({first['msg']}); restore it from a copy of the store "
                        "(it records the engine and the vector size)") from None


class EncoderMismatch(UserError):
    """The store's vectors were made by another encoder than this process's queries."""


def check_encoder(store_dir: Path, meta: StoreMeta, encoder: str | None) -> None:
    """One line naming both encoders when a store built with one is opened to be searched
    (or added to) with another: its vectors and the new ones would not be comparable."""
    if encoder and meta.encoder and meta.encoder != encoder:
        raise EncoderMismatch(
            f"the store at {store_dir} was built with the encoder {meta.encoder} but this process embeds with "
            f"{encoder}: set FINRAG_EMBEDDING_MODEL / _QUANTIZE / _RUNTIME / _URL as when it was built, "
            "or use another FINRAG_STORE"
        )


def write_meta(store_dir: Path, meta: StoreMeta) -> None:
    tmp = store_dir / f".{META_FILE}.tmp"
    tmp.write_text(json.dumps(meta.model_dump(), indent=2) + "\n")
    os.replace(tmp, store_dir / META_FILE)


def is_local_mode_store(store_dir: Path) -> bool:
    """A store written by qdrant-client local mode (the embedded engine before Edge)."""
    return (
        not (store_dir / META_FILE).exists()
        and (store_dir / "meta.json").is_file()
        and (store_dir / "collection").is_dir()
    )


def needs_migration(store_dir: Path) -> StoreNeedsMigration:
    return StoreNeedsMigration(
        f"{store_dir} holds a store of the previous embedded engine (qdrant-client local mode). "
        f"Convert it once, keeping every vector (no re-embedding): finrag store migrate --store {store_dir}"
    )


def size_bytes(folder: Path) -> int:
    # Blocks, not lengths: the engine preallocates sparse files (WAL, mmap pages) of 32 MB.
    return sum(p.stat().st_blocks * 512 for p in folder.rglob("*") if p.is_file())


class StoreLock:
    """An exclusive flock on `<store>/.finrag.lock`, taken BEFORE the engine opens the store.

    The engine's own lock (Edge: its write-ahead log) fails with an error naming no
    process; ours fails fast and says who holds the store and since when (holder.py). The
    lock is the store's own file, so runs on two different stores never wait on each other.
    """

    def __init__(self, store_dir: Path) -> None:
        store_dir.mkdir(parents=True, exist_ok=True)
        self.store_dir = store_dir
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
        handle.write(StoreHolder.me().model_dump_json())
        handle.flush()
        self._file = handle
        return True

    def acquire(self, wait_s: float, on_wait: Callable[[StoreHolder], None] | None = None,
                tell_every_s: float = 60.0) -> None:
        """Take the lock, retrying for up to `wait_s` seconds, else raise StoreBusy.

        `on_wait` is told who holds the store when the wait begins, when the holder changes
        and every `tell_every_s` seconds, so a waiting run's log says what it waits for."""
        deadline = time.monotonic() + wait_s
        told: tuple[float, StoreHolder | None] = (float("-inf"), None)
        while not self.try_acquire():
            now = time.monotonic()
            if now >= deadline:
                raise busy(self.store_dir, self.holder())
            if on_wait is not None:
                holder = self.holder()
                if now - told[0] >= tell_every_s or (holder.pid is not None and holder != told[1]):
                    on_wait(holder)
                    told = (now, holder)
            time.sleep(min(0.5, max(0.0, deadline - now)))

    def holder(self) -> StoreHolder:
        try:
            return StoreHolder.parse(self.path.read_text())
        except OSError:
            return StoreHolder()

    def release(self) -> None:
        if self._file is not None:
            self._file.truncate(0)  # still ours: the next holder never appears to be us
            self._file.flush()
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


def busy(store_dir: Path, holder: StoreHolder | None = None) -> StoreBusy:
    who = (holder or StoreHolder()).describe()
    who = f": {who}" if who and not who.startswith("(") else f" {who}" if who else ""
    return StoreBusy(
        f"store at {store_dir} is in use by another process{who} — wait for it to "
        "finish or use a Qdrant server (QDRANT_URL)"
    )
