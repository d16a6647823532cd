"""Copying a store between engines, vectors included (nothing is re-embedded).

- `migrate_local_store`: a qdrant-client local-mode folder (the embedded engine before
  Edge) -> an Edge store folder.
- `push_store`: any store -> a Qdrant server collection, batched and resumable: points the
  target already holds are skipped, so a push killed halfway is simply run again. A push
  is a copy: it never deletes a document of the target unless asked to prune, and refuses
  an empty source (a mistyped store must not empty a server).

Both copy the chunk points first and the document records last: on the target, as in every
write, a document counts as stored only once all its chunks are there.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from finrag.store.base import VectorStore
from finrag.store.edge import EdgeStore
from finrag.store.layout import StoreLock, is_local_mode_store
from finrag.store.qdrant import QdrantStore

Progress = Callable[[str], None]
GRAPH_FILE = "graph.sqlite"
# Files the old layout kept beside the store folder -> their name inside it (Settings paths).
BESIDE_FILES = {".graph.sqlite": GRAPH_FILE, ".catalog.json": "catalog.json"}


@dataclass
class TransferReport:
    points: int  # chunk points in the source
    written: int  # points written to the target (a resumed push skips those already there)
    documents: int
    target: str
    pruned: list[str] = field(default_factory=list)  # documents deleted on the target (push --prune)


def copy_points(source: VectorStore, target: VectorStore, page: int, progress: Progress | None = None,
                skip_existing: bool = False) -> tuple[int, int]:
    """Every chunk point of `source` into `target`; returns (points seen, points written)."""
    seen = written = 0
    for points in source.iter_points(page):
        if skip_existing and isinstance(target, QdrantStore):
            have = target.existing_ids([p.id for p in points])
            points_to_write = [p for p in points if p.id not in have]
        else:
            points_to_write = points
        target.upsert_points(points_to_write)
        seen += len(points)
        written += len(points_to_write)
        if progress:
            progress(f"{seen} points copied" + (f" ({seen - written} already there)" if written < seen else ""))
    return seen, written


def _open_local_mode(store_dir: Path, collection: str) -> tuple[QdrantStore, StoreLock]:
    from qdrant_client import QdrantClient

    lock = StoreLock(store_dir)
    lock.acquire(0)
    try:
        client = QdrantClient(path=str(store_dir))
        dim = QdrantStore.existing_dim(client, collection)
        if dim is None:
            client.close()
            raise ValueError(f"{store_dir} has no collection {collection!r} to migrate")
        return QdrantStore(client, collection, dim, str(store_dir), engine="qdrant-local"), lock
    except BaseException:
        lock.release()
        raise


def migrate_local_store(
    source_dir: Path, target_dir: Path, collection: str, page: int = 1024, progress: Progress | None = None,
) -> TransferReport:
    """Copy a local-mode store into a new Edge store at `target_dir` (which must not exist),
    with the knowledge graph that sat beside the old folder."""
    from finrag.store import open_edge

    if not is_local_mode_store(source_dir):
        raise ValueError(f"{source_dir} is not a qdrant-client local-mode store")
    if target_dir.exists():
        raise ValueError(f"{target_dir} already exists: migrate writes a new folder")
    source, lock = _open_local_mode(source_dir, collection)
    try:
        target = open_edge(target_dir, source.dim, collection=collection)
        with target:
            points, written = copy_points(source, target, page, progress)
            records = source.document_records()
            for record in records:
                target.put_document_record(record)
            if progress:
                progress("building the index (optimize)")
            target.optimize()
            if target.count() != points or len(target.document_records()) != len(records):
                raise RuntimeError("migration lost points: the target does not hold every source point")
        for beside, inside in BESIDE_FILES.items():  # what the old layout kept next to the folder
            if (old := source_dir.parent / f"{source_dir.name}{beside}").exists():
                shutil.copy2(old, target_dir / inside)
    finally:
        source.close()
        lock.release()
    return TransferReport(points, written, len(records), str(target_dir))


def migrate_in_place(store_dir: Path, collection: str, progress: Progress | None = None) -> tuple[TransferReport, Path]:
    """Migrate `store_dir` where it is; the old folder (and its graph) is kept as a backup."""
    work = store_dir.with_name(f"{store_dir.name}.migrating")
    backup = store_dir.with_name(f"{store_dir.name}.local-mode-backup")
    if backup.exists():
        raise ValueError(f"{backup} exists from an earlier migration: move it away first")
    shutil.rmtree(work, ignore_errors=True)  # a killed earlier attempt starts over
    report = migrate_local_store(store_dir, work, collection, progress=progress)
    store_dir.rename(backup)
    work.rename(store_dir)
    for beside in BESIDE_FILES:  # copied in; the originals go with the backup
        if (old := store_dir.with_name(f"{store_dir.name}{beside}")).exists():
            old.rename(backup / f"beside{beside}")
    report.target = str(store_dir)
    return report, backup


class EmptySource(ValueError):
    """The store to push holds nothing: pushing it would copy nothing (and a mistyped path
    must never reach the server as "the truth")."""


def push_plan(store: VectorStore, target: QdrantStore) -> list[str]:
    """Documents the target holds that `store` does not: what `prune=True` would delete."""
    known = {r["doc"] for r in store.document_records()}
    return sorted(r["doc"] for r in target.document_records() if r["doc"] not in known)


def push_store(store: VectorStore, target: QdrantStore, page: int = 256, progress: Progress | None = None,
               prune: bool = False) -> TransferReport:
    """Copy what `store` holds into the server collection: points, then each document's
    record. A push is a copy: documents only the target holds stay, unless `prune` (then
    exactly `push_plan`'s list is deleted, after everything was copied). A pushed document
    replaces its own earlier version there (its chunks the store no longer has are dropped).

    Raises `EmptySource` for a store without documents, before anything is sent."""
    records = store.document_records()
    if not records:
        raise EmptySource(f"{store.location} holds no documents: nothing to push")
    to_prune = push_plan(store, target) if prune else []
    on_target = {r["doc"]: r.get("sha256") for r in target.document_records()}
    points, written = copy_points(store, target, page, progress, skip_existing=True)
    for record in records:
        if on_target.get(record["doc"]) != record.get("sha256"):  # new here, or another version
            target._delete_chunks(record["doc"], keep=store.chunk_ids(record["doc"]))
        target.put_document_record(record)
    for doc in to_prune:
        target.delete_document(doc)
    return TransferReport(points, written, len(records), target.location, pruned=to_prune)


def graph_copy(store: EdgeStore, to: Path) -> bool:
    """Copy the store's knowledge graph to `to` (a server's graph lives under the cache)."""
    graph = store.store_dir / GRAPH_FILE
    if not graph.exists():
        return False
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(graph, to)
    return True
