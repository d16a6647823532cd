"""Embedding cache under concurrent workers: one shared SQLite file vs a cache per worker.

`python -m eval.cache_bench [--workers 4] [--chunks 2000]`: N processes each store the
vectors of their own chunks (384 floats, batches of 32 as the embedder writes them) while
reading back what they wrote, as N Dask ingest workers do.
- shared: every process writes the one WAL-mode cache (EmbeddingCache, busy timeout 30 s);
- per worker: each writes its own file, then one process merges them into the shared one.
Checks every vector came back intact and prints the wall time of each option.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sqlite3
import tempfile
import time
from pathlib import Path

import numpy as np

from finrag.embedding_cache import EmbeddingCache

MODEL = "bench-model"
BATCH = 32


def _texts(worker: int, chunks: int) -> list[str]:
    return [f"worker {worker} chunk {i} " + "revenue grew " * (i % 7) for i in range(chunks)]


def _vectors(texts: list[str]) -> list[list[float]]:
    rng = np.random.default_rng(len(texts))
    return rng.standard_normal((len(texts), 384)).astype(np.float32).tolist()


def _write(path: Path, worker: int, chunks: int) -> None:
    cache = EmbeddingCache(path)
    texts = _texts(worker, chunks)
    vectors = _vectors(texts)
    for start in range(0, chunks, BATCH):
        part = texts[start : start + BATCH]
        cache.get_many(MODEL, part)  # the embedder looks up before it encodes
        cache.put_many(MODEL, part, vectors[start : start + BATCH])
    cache.close()


def _run(targets: list[Path], chunks: int) -> float:
    started = time.perf_counter()
    procs = [mp.get_context("spawn").Process(target=_write, args=(t, w, chunks)) for w, t in enumerate(targets)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        assert p.exitcode == 0, f"a writer failed (exit {p.exitcode})"
    return time.perf_counter() - started


def _merge(parts: list[Path], into: Path) -> float:
    started = time.perf_counter()
    EmbeddingCache(into).close()  # creates the table
    db = sqlite3.connect(into)
    for part in parts:
        db.execute("ATTACH DATABASE ? AS part", (str(part),))
        db.execute("INSERT OR REPLACE INTO embeddings SELECT * FROM part.embeddings")
        db.commit()
        db.execute("DETACH DATABASE part")
    db.close()
    return time.perf_counter() - started


def _check(path: Path, workers: int, chunks: int) -> int:
    cache = EmbeddingCache(path)
    bad = 0
    for w in range(workers):
        texts = _texts(w, chunks)
        found = cache.get_many(MODEL, texts)
        want = _vectors(texts)
        from finrag.embedding_cache import text_key

        bad += sum(not np.allclose(found.get(text_key(t), [0.0]), v) for t, v in zip(texts, want, strict=True))
    cache.close()
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--chunks", type=int, default=2000, help="chunks per worker")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="finrag-cache-bench-") as tmp:
        root = Path(tmp)
        shared = root / "shared.sqlite"
        shared_s = _run([shared] * args.workers, args.chunks)
        shared_bad = _check(shared, args.workers, args.chunks)
        parts = [root / f"part-{w}.sqlite" for w in range(args.workers)]
        parts_s = _run(parts, args.chunks)
        merge_s = _merge(parts, root / "merged.sqlite")
        merged_bad = _check(root / "merged.sqlite", args.workers, args.chunks)
    total = args.workers * args.chunks
    print(f"{args.workers} writer processes x {args.chunks} chunks ({total} vectors, batches of {BATCH})")
    print(f"{'option':<28}{'seconds':>9}{'vectors/s':>11}{'wrong or missing':>18}")
    print(f"{'one shared SQLite (WAL)':<28}{shared_s:>9.2f}{total / shared_s:>11.0f}{shared_bad:>18}")
    print(f"{'cache per worker + merge':<28}{parts_s + merge_s:>9.2f}{total / (parts_s + merge_s):>11.0f}"
          f"{merged_bad:>18}   (merge {merge_s:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
