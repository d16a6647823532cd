"""Plan an ingest from bytes and the store alone: which files need loading.

Each file is hashed here, once; the hash travels with its job into the loader and the
store. A file is unchanged (same bytes already stored and the manifest agrees), skipped
(same content as another file, or another file with the same document name), failed
(unreadable, with why: a symlink loop, a broken link, ...) or pending (to be loaded). An
unchanged document whose LLM relations are pending (the LLM failed at its ingest) goes
back in as a graph-only job when an LLM is configured.
"""

from __future__ import annotations

import errno
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from finrag.catalog import add_alias
from finrag.config import Settings
from finrag.knowledge_graph import GraphStore
from finrag.models import DocumentMeta, DocumentReport
from finrag.store import VectorStore
from loaders import read_manifest
from loaders.manifest import hints_for


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


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def document_report(path: Path, doc: str, status: str, reason: str = "", meta: DocumentMeta | None = None,
                    chunks: int | None = None, seconds: float = 0.0, bad_file: bool = False) -> DocumentReport:
    known = meta.model_dump(include=set(DocumentReport.model_fields)) if meta else {}
    known.update(file=str(path), doc=doc, status=status, reason=reason, seconds=round(seconds, 3), bad_file=bad_file)
    if chunks is not None:
        known["chunks"] = chunks
    return DocumentReport(**known)


def unreadable_reason(path: Path, err: OSError) -> str:
    if err.errno == errno.ELOOP:
        return "symbolic link loop: the link points back to itself"
    if isinstance(err, FileNotFoundError):
        return "broken symbolic link: its target does not exist" if path.is_symlink() else "file not found"
    if isinstance(err, IsADirectoryError):
        return "is a directory"
    return f"cannot read file: {err.strerror}"


def plan_jobs(
    files: list[Path], store: VectorStore, hints_for: Callable[[Path], Any], catalog_path: Path | None = None
) -> list[FileJob]:
    """Decide, from bytes and the store alone, which files need loading.

    A manifest that now names another company for a stored, unchanged filing is a
    correction of the name, not of the text: it is saved as a catalog alias (stored name
    -> manifest name, in `catalog_path`) and the filing is not loaded or re-embedded again."""
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
            job.sha256 = sha256_file(path)
        except OSError as err:
            job.outcome = document_report(path, job.doc, "failed", unreadable_reason(path, err), bad_file=True)
            continue
        if job.sha256 in seen_sha:
            job.outcome = document_report(path, job.doc, "skipped", f"same content as {seen_sha[job.sha256]} in this batch")
            continue
        if job.doc in seen_doc:
            job.outcome = document_report(
                path, job.doc, "skipped",
                f"{seen_doc[job.doc]} in this batch has the same document name {job.doc!r}; rename one",
            )
            continue
        seen_sha[job.sha256] = path
        seen_doc[job.doc] = path
        job.hints = hints_for(path)
        meta = stored.get(job.doc)
        if meta and meta.sha256 == job.sha256 and catalog_path and _renames_company(meta, job.hints):
            add_alias(catalog_path, meta.company, job.hints.company)
            job.outcome = document_report(path, job.doc, "unchanged", meta=meta, chunks=stored_chunks.get(job.doc))
            job.outcome.company = job.hints.company
            continue
        if meta and meta.sha256 == job.sha256 and _agrees_with_hints(meta, job.hints):
            job.outcome = document_report(path, job.doc, "unchanged", meta=meta, chunks=stored_chunks.get(job.doc))
            continue
        others = [d for d in stored_by_sha.get(job.sha256, []) if d != job.doc]
        if others:
            job.outcome = document_report(path, job.doc, "skipped", f"same content as stored document {others[0]}")
            continue
    return jobs


def _agrees_with_hints(meta: DocumentMeta, hints: Any) -> bool:
    """False when a manifest now says something else than what was stored: re-ingest."""
    if hints is None:
        return True
    given = hints.model_dump(exclude_none=True)
    return all(getattr(meta, name, None) == value for name, value in given.items())


def _renames_company(meta: DocumentMeta, hints: Any) -> bool:
    """The manifest names another company and otherwise agrees with what is stored."""
    if hints is None or not hints.company or not meta.company or hints.company == meta.company:
        return False
    return _agrees_with_hints(meta, hints.model_copy(update={"company": None}))


def manifest_hints(manifest: Path | None) -> Callable[[Path], Any]:
    """A file's hints from the manifest (matched by file name or stem), or None."""
    if manifest is None:
        return lambda path: None
    entries = read_manifest(Path(manifest))
    return lambda path: hints_for(entries, path)


def mark_relation_retries(jobs: list[FileJob], settings: Settings) -> None:
    """Unchanged documents whose LLM relations are pending go back in the pipeline, graph only."""
    if settings.offline or not settings.graph_path.exists():
        return
    with GraphStore(settings.graph_path) as graph:
        pending = graph.relations_pending()
    for job in jobs:
        if job.outcome is not None and job.outcome.status == "unchanged" and job.doc in pending:
            job.outcome, job.relations_only = None, True
