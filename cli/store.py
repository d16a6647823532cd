"""`finrag store info | migrate | push`: the store commands for operators.

Exit codes: 0 done, 1 a push cancelled at its --prune question, 2 bad input or the store is
busy (one stderr line, no traceback). `push` never creates a store, refuses an empty one, and
deletes nothing on the server unless --prune (then it lists what goes and asks, or --yes).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from finrag.config import Settings, load_settings
from finrag.errors import UserError
from finrag.store import open_store
from finrag.store.layout import is_local_mode_store, read_meta


def _settings(args: argparse.Namespace) -> Settings:
    return load_settings(**({"store_dir": Path(args.store)} if getattr(args, "store", None) else {}))


def _progress(message: str) -> None:
    print(f"\r{message}", end="", file=sys.stderr, flush=True)


def info(args: argparse.Namespace) -> int:
    settings = _settings(args)
    if not settings.qdrant_url and is_local_mode_store(settings.store_dir):
        raise UserError(_needs_migration(settings))
    if not settings.qdrant_url and not (settings.store_dir / "store.json").exists():
        raise UserError(f"no store at {settings.store_dir}: ingest PDFs first (finrag ingest DIR --store {settings.store_dir})")
    with open_store(settings) as store:
        meta = read_meta(settings.store_dir) if not settings.qdrant_url else None
        size = store.size_bytes()
        facts = {
            "engine": store.engine,
            "location": store.location,
            "documents": len(store.document_records()),
            "chunks": store.count(),
            "dim": store.dim,
            "size_mb": round(size / 2**20, 1) if size is not None else None,
            "created_with": meta.created_with if meta else None,
            "created_at": meta.created_at if meta else None,
            "graph": str(settings.graph_path) if settings.graph_path.exists() else None,
            "version": store.version(),
        }
    if args.json:
        print(json.dumps(facts, indent=2))
    else:
        for key, value in facts.items():
            if isinstance(value, dict):
                value = ", ".join(f"{k} {v}" for k, v in value.items())
            print(f"{key + ':':<14}{value if value is not None else '-'}")
    return 0


def _needs_migration(settings: Settings) -> str:
    from finrag.store.layout import needs_migration

    return str(needs_migration(settings.store_dir))


def migrate(args: argparse.Namespace) -> int:
    from finrag.store.transfer import migrate_in_place, migrate_local_store

    settings = _settings(args)
    source = settings.store_dir
    if not is_local_mode_store(source):
        if (source / "store.json").exists():
            raise UserError(f"{source} is already an embedded (Qdrant Edge) store: nothing to migrate")
        raise UserError(f"{source} is not a qdrant-client local-mode store (no collection/ and meta.json)")
    try:
        if args.out:
            report = migrate_local_store(source, Path(args.out), settings.collection, progress=_progress)
            kept = None
        else:
            report, kept = migrate_in_place(source, settings.collection, progress=_progress)
    except ValueError as exc:  # a half-migrated folder, a clash with the target: said for people
        raise UserError(str(exc)) from exc
    print(file=sys.stderr)
    print(f"migrated {report.points} chunks and {report.documents} documents to {report.target} "
          "(Qdrant Edge; vectors copied, nothing re-embedded)")
    if kept is not None:
        print(f"the old local-mode folder is kept at {kept}: delete it once the new store answers")
    return 0


def push(args: argparse.Namespace) -> int:
    """Copy the embedded store into a server collection. Refuses a missing or empty source
    (rc 2) before anything reaches the server; deletes there only with --prune, after
    listing what goes and a yes (or --yes)."""
    from qdrant_client import QdrantClient

    from finrag.store.qdrant import QdrantStore, server_problem
    from finrag.store.transfer import EmptySource, graph_copy, push_plan, push_store

    settings = _settings(args)
    if settings.qdrant_url:
        raise UserError("QDRANT_URL is set, so the store already is a server: unset it to push the embedded store")
    source = settings.store_dir
    if not is_local_mode_store(source) and not (source / "store.json").exists():  # never create one here
        raise UserError(f"no store at {source}: nothing to push (check --store or FINRAG_STORE)")
    collection = args.collection or settings.collection
    problem = server_problem(args.to, settings.qdrant_api_key)
    if problem:
        raise UserError(f"the Qdrant server at {args.to} does not answer ({problem})")
    try:
        with open_store(settings) as store:
            if not store.document_records():
                raise EmptySource(f"the store at {source} holds no documents: nothing to push")
            # The collection takes the encoder the store's vectors were made by (not this process's).
            target = QdrantStore(QdrantClient(url=args.to, api_key=settings.qdrant_api_key), collection,
                                 store.dim, args.to, engine="qdrant-server", encoder=store.meta.encoder)
            with target:
                if args.prune and not _prune_confirmed(push_plan(store, target), args, collection):
                    print("push cancelled: nothing was written or deleted", file=sys.stderr)
                    return 1
                report = push_store(store, target, page=args.batch, progress=_progress, prune=args.prune)
            server_settings = settings.with_overrides(qdrant_url=args.to, collection=collection)
            graph = graph_copy(store, server_settings.graph_path)
    except ValueError as exc:  # an empty source; the server's collection has another vector size
        raise UserError(str(exc)) from exc
    print(file=sys.stderr)
    print(f"pushed {report.points} chunks ({report.written} written now, the rest already there) and "
          f"{report.documents} documents to {args.to} collection {collection!r}")
    if report.pruned:
        print(f"pruned {len(report.pruned)} documents the store does not hold: {', '.join(report.pruned)}")
    if graph:
        print(f"knowledge graph copied to {server_settings.graph_path} (where FinRAG reads it with QDRANT_URL set)")
    print(f"use it: QDRANT_URL={args.to} FINRAG_COLLECTION={collection} finrag ask ...")
    return 0


def _prune_confirmed(docs: list[str], args: argparse.Namespace, collection: str) -> bool:
    """List what --prune deletes; go on with --yes, or a "y" typed at a terminal."""
    if not docs:
        return True
    print(f"--prune deletes {len(docs)} documents from {args.to} collection {collection!r} "
          f"(the store at hand does not hold them): {', '.join(docs)}", file=sys.stderr)
    if args.yes:
        return True
    if not sys.stdin.isatty():
        raise UserError("--prune would delete documents on the server: re-run with --yes to confirm in a script")
    return input("delete them? [y/N] ").strip().lower() in {"y", "yes"}
