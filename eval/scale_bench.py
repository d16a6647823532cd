"""`finrag bench scale`: store-open time and search latency vs store size.

    finrag bench scale [--sizes 10000,50000,200000]

Stores of each size are synthesized from the REAL chunks of an ingested store
(FINRAG_STORE, else data/fb-store): every copy keeps a real chunk's sparse vector and a
slightly perturbed copy of its dense vector, and gets a perturbed payload (another
company name and document), so filters and scores behave as on real data. Measured per
size, in Qdrant local mode (a fresh directory per size) and, when QDRANT_URL is set, on
that server (collection `finrag_scale_<size>`, dropped afterwards):

- build: seconds to upsert the points;
- open: seconds to open the store again (local mode loads every point into memory);
- hybrid / hybrid+filter / dense: search latency p50 / p95 in ms (query vectors
  precomputed, so only the store is timed), the filter being one company and year.
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import replace
from pathlib import Path

from qdrant_client import models

from finrag.config import Settings, load_settings
from finrag.embeddings import get_embedder
from finrag.models import SearchFilters
from finrag.sparse import query_vector
from finrag.store import open_store

QUERIES = [
    "What was total revenue in the fiscal year?",
    "capital expenditures purchases of property and equipment",
    "net cash provided by operating activities",
    "How much inventory did the company hold at year end?",
    "What are the main risk factors?",
    "total current liabilities balance sheet",
    "diluted earnings per share",
    "Which segment grew fastest?",
    "long-term debt maturities",
    "effective tax rate change",
    "dividends paid to shareholders",
    "goodwill impairment",
]
REPEATS = 3  # each query runs this many times per measurement
_BATCH = 512
_NOISE = 0.01  # dense perturbation: copies stay near their source (realistic neighbours)


def _source_points(settings: Settings, limit: int = 20_000) -> list[models.Record]:
    for store_dir in (settings.store_dir, Path("data/fb-store")):
        if not (store_dir / "collection").exists():
            continue
        with open_store(replace(settings, store_dir=store_dir, qdrant_url=None), dim=None, wait_s=60) as store:
            points, _ = store.client.scroll(
                store.collection, limit=limit, with_payload=True, with_vectors=True
            )
        if points:
            print(f"source: {len(points)} real chunks from {store_dir}", file=sys.stderr)
            return points
    raise SystemExit("no ingested store found: ingest some PDFs first (finrag ingest ... or FINRAG_STORE)")


def _copies(source: list[models.Record], size: int, rng: random.Random):
    """`size` points: perturbed copies of the source chunks, in upsert batches."""
    batch = []
    for i in range(size):
        src = source[i % len(source)]
        copy_no = i // len(source)
        dense = [v + rng.gauss(0.0, _NOISE) for v in src.vector["dense"]]
        norm = sum(v * v for v in dense) ** 0.5
        vector = {"dense": [v / norm for v in dense]}
        if "sparse" in src.vector:
            vector["sparse"] = src.vector["sparse"]
        payload = dict(src.payload)
        if copy_no:
            payload["company"] = f"{payload.get('company')} {copy_no}"
            payload["doc"] = f"{payload.get('doc')}-copy{copy_no}"
        batch.append(models.PointStruct(id=str(uuid.UUID(int=rng.getrandbits(128))), vector=vector, payload=payload))
        if len(batch) == _BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def _latencies(store, vectors, filters: SearchFilters | None, mode: str) -> tuple[float, float]:
    samples = []
    for _ in range(REPEATS):
        for dense, sparse in vectors:
            started = time.perf_counter()
            store.query(dense, sparse, filters, k=8, mode=mode)
            samples.append(time.perf_counter() - started)
    return _ms(samples)


def _measure(settings: Settings, size: int, source, vectors, rng) -> dict[str, float | str]:
    started = time.perf_counter()
    with open_store(settings, dim=len(vectors[0][0])) as store:
        for batch in _copies(source, size, rng):
            store.client.upsert(store.collection, points=batch, wait=True)
    build_s = time.perf_counter() - started

    started = time.perf_counter()
    store = open_store(settings, dim=len(vectors[0][0]))
    store.client.count(store.collection)  # first touch
    open_s = time.perf_counter() - started
    try:
        src = source[0].payload
        filters = SearchFilters(companies=[src["company"]], fiscal_years=[src["fiscal_year"]])
        row: dict[str, float | str] = {"size": size, "build_s": build_s, "open_s": open_s}
        for name, flt, mode in (("hybrid", None, "hybrid"), ("hybrid+filter", filters, "hybrid"), ("dense", None, "dense")):
            row[f"{name} p50"], row[f"{name} p95"] = _latencies(store, vectors, flt, mode)
    finally:
        if settings.qdrant_url:
            store.client.delete_collection(store.collection)
            store.client.delete_collection(store.records)
        store.close()
    return row


def format_rows(title: str, rows: list[dict]) -> str:
    head = f"{'points':>8} {'build s':>8} {'open s':>7} {'hybrid p50/p95 ms':>19} {'+filter p50/p95 ms':>19} {'dense p50/p95 ms':>17}"
    lines = [title, head]
    for r in rows:
        lines.append(
            f"{r['size']:>8} {r['build_s']:>8.1f} {r['open_s']:>7.2f} "
            f"{r['hybrid p50']:>9.1f}/{r['hybrid p95']:<9.1f} {r['hybrid+filter p50']:>9.1f}/{r['hybrid+filter p95']:<9.1f} "
            f"{r['dense p50']:>8.1f}/{r['dense p95']:<8.1f}"
        )
    return "\n".join(lines)


def run_cli(args) -> int:
    sizes = [int(s) for s in str(args.sizes).split(",") if s.strip()]
    settings = load_settings()
    source = _source_points(settings)
    embedder = get_embedder(settings)
    vectors = [(embedder.embed_query(q), query_vector(q)) for q in QUERIES]
    rng = random.Random(7)

    local_rows = []
    with tempfile.TemporaryDirectory(prefix="finrag-scale-") as tmp:
        for size in sizes:
            local = replace(settings, store_dir=Path(tmp) / f"store-{size}", qdrant_url=None, collection="finrag_scale")
            local_rows.append(_measure(local, size, source, vectors, rng))
            print(format_rows("local mode (so far)", local_rows[-1:]), file=sys.stderr)
            shutil.rmtree(local.store_dir, ignore_errors=True)
    print(format_rows("Qdrant local mode (exhaustive search in the process)", local_rows))

    if settings.qdrant_url:
        server_rows = [
            _measure(replace(settings, collection=f"finrag_scale_{size}"), size, source, vectors, rng)
            for size in sizes
        ]
        print()
        print(format_rows(f"Qdrant server {settings.qdrant_url}", server_rows))
    else:
        print("\n(set QDRANT_URL to measure a Qdrant server the same way)")
    return 0
