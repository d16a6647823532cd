"""`finrag bench scale`: store-open time and search latency vs store size.

    FINRAG_STORE=<an ingested store> finrag bench scale [--sizes 10000,50000,200000]

Stores of each size are synthesized from the REAL chunks of an ingested store
(FINRAG_STORE, else data/fb-store): every copy keeps a real chunk's sparse vector and a
slightly perturbed copy of its dense vector, and gets a perturbed payload (another
company name and document), so filters and scores behave as on real data. Measured per
size, in Qdrant local mode (a fresh directory per size) and, when QDRANT_URL is set, on
that server (collection `finrag_scale_<size>`, dropped afterwards):

- build: seconds to upsert the points;
- open: seconds for a fresh process to open the store (local mode loads every point
  into memory), and how much resident memory the open store adds to that process;
- hybrid / hybrid+filter / dense: search latency p50 / p95 in ms (query vectors
  precomputed, so only the store is timed), the filter being one company and year;
  and the CPU time per query (p50), which moves much less with the machine's load.

Local mode scores every point in Python, so a query at 200k points takes many seconds:
local mode times the same first 6 queries at every size, repeated less at larger sizes
(the `n` column), and progress goes to stderr. The machine's load average is printed
with every row, since timings on a shared machine move with it.

The local stores are built under the temporary directory (TMPDIR). Local mode commits
every point to SQLite on its own, so on a disk that syncs each commit the build runs at
tens of points per second; `TMPDIR=/dev/shm` (tmpfs) makes 200k points feasible and
changes only the build column.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from qdrant_client import models

from finrag.config import Settings, load_settings
from finrag.embeddings import get_embedder
from finrag.models import SearchFilters
from finrag.sparse import SparseVec, query_vector
from finrag.store import VectorStore, open_store, server_problem

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
KINDS = ("hybrid", "hybrid+filter", "dense")
_BATCH = 512
_NOISE = 0.01  # dense perturbation: copies stay near their source (realistic neighbours)
_PROGRESS_EVERY = 10_000  # points between build progress lines
_FALLBACK_SOURCE = Path("data/fb-store")

QueryVectors = list[tuple[list[float], SparseVec]]


@dataclass(frozen=True)
class QueryPlan:
    """How many distinct queries, and how many passes over them, one latency sample takes."""

    queries: int
    repeats: int

    @property
    def samples(self) -> int:
        return self.queries * self.repeats


_LOCAL_QUERIES = 6  # the same queries at every local size, so sizes compare like for like


def query_plan(size: int, local: bool) -> QueryPlan:
    """Fewer timed queries where one query costs seconds (local mode, large stores).

    Local mode scores every point in Python: tens of microseconds per point for a sparse
    search, so 200k points cost several seconds per hybrid query.
    """
    if not local:
        return QueryPlan(queries=len(QUERIES), repeats=3)
    return QueryPlan(queries=_LOCAL_QUERIES, repeats=3 if size <= 20_000 else 1)


@dataclass
class ScaleRow:
    size: int
    build_s: float
    open_s: float  # a fresh process opening the store (local mode), or connecting (server)
    store_gb: float | None  # resident memory the open store adds to that process (local mode)
    samples: int  # timed queries per search kind
    latency_ms: dict[str, tuple[float, float]]  # kind -> wall-clock (p50, p95)
    cpu_ms: dict[str, float]  # kind -> this process's CPU time per query, p50
    load: float  # 1-minute load average when the row finished


def _log(message: str) -> None:
    print(f"[scale {time.strftime('%H:%M:%S')} load {os.getloadavg()[0]:.2f}] {message}", file=sys.stderr, flush=True)


def _rss_gb() -> float:
    """Current resident set size (not the peak: earlier, larger stores must not count)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 1e9


# ---------------------------------------------------------------------- source and copies


def source_points(settings: Settings) -> list[models.Record]:
    """Every chunk (payload + vectors) of the ingested store the copies are made from."""
    for store_dir in (settings.store_dir, _FALLBACK_SOURCE):
        if not (store_dir / "collection").exists():
            continue
        _log(f"opening source store {store_dir} (local mode loads it all)")
        source_settings = settings.model_copy(update=dict(store_dir=store_dir, qdrant_url=None))
        with open_store(source_settings, dim=None, wait_s=60) as store:
            points: list[models.Record] = []
            offset = None
            while True:
                page, offset = store.client.scroll(
                    store.collection, limit=4096, offset=offset, with_payload=True, with_vectors=True
                )
                points.extend(page)
                if offset is None:
                    break
        if points:
            _log(f"source: {len(points)} real chunks from {store_dir}")
            return points
    raise SystemExit("no ingested store found: ingest some PDFs first, or set FINRAG_STORE")


def synthetic_points(source: list[models.Record], size: int, seed: int = 7) -> Iterator[list[models.PointStruct]]:
    """`size` points in upsert batches: copy i is source chunk i mod len(source), perturbed.

    The first pass over the source keeps company and document; later passes rename both
    ("<company> 2", "<doc>-copy2"), so a one-company filter matches as few points as it
    would in a store of that many different companies.
    """
    dense = np.array([p.vector["dense"] for p in source], dtype=np.float32)
    rng = np.random.default_rng(seed)
    id_rng = random.Random(seed)
    for start in range(0, size, _BATCH):
        rows = np.arange(start, min(start + _BATCH, size))
        noisy = dense[rows % len(source)] + rng.normal(0.0, _NOISE, (len(rows), dense.shape[1])).astype(np.float32)
        noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
        batch = []
        for row, vector in zip(rows.tolist(), noisy, strict=True):
            src = source[row % len(source)]
            copy_no = row // len(source)
            vectors: dict = {"dense": vector.tolist()}
            if "sparse" in src.vector:
                vectors["sparse"] = src.vector["sparse"]
            payload = dict(src.payload)
            if copy_no:
                payload["company"] = f"{payload.get('company')} {copy_no + 1}"
                payload["doc"] = f"{payload.get('doc')}-copy{copy_no + 1}"
            point_id = str(uuid.UUID(int=id_rng.getrandbits(128)))
            batch.append(models.PointStruct(id=point_id, vector=vectors, payload=payload))
        yield batch


# ---------------------------------------------------------------------- measuring


def percentiles_ms(samples: list[float]) -> tuple[float, float]:
    """(p50, p95) in milliseconds; p95 is the nearest rank, so with few samples it is the max."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def _latencies(
    store: VectorStore, vectors: QueryVectors, filters: SearchFilters | None, mode: str, plan: QueryPlan,
    fusion: str,
) -> tuple[tuple[float, float], float]:
    """Wall-clock (p50, p95) ms and CPU p50 ms of `plan.samples` queries."""
    wall, cpu = [], []
    for _ in range(plan.repeats):
        for dense, sparse in vectors[: plan.queries]:
            started, started_cpu = time.perf_counter(), time.process_time()
            store.query(dense, sparse, filters, k=8, mode=mode, fusion=fusion)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
    return percentiles_ms(wall), statistics.median(cpu) * 1000


def measure(settings: Settings, size: int, source: list[models.Record], vectors: QueryVectors) -> ScaleRow:
    """Build a store of `size` copies, reopen it, time each search kind."""
    local = settings.qdrant_url is None
    dim = len(vectors[0][0])
    started = time.perf_counter()
    with open_store(settings, dim=dim) as store:
        done = 0
        for batch in synthetic_points(source, size):
            store.client.upsert(store.collection, points=batch, wait=True)
            done += len(batch)
            if done % _PROGRESS_EVERY < _BATCH or done == size:
                rate = done / (time.perf_counter() - started)
                _log(f"{size}: built {done} points ({rate:.0f}/s)")
    build_s = time.perf_counter() - started

    _log(f"{size}: reopening")
    store_gb = None
    if local:
        gc.collect()  # the build's points: the fresh process and this one must not both hold them
        open_s, store_gb = open_in_fresh_process(settings, dim)
    started = time.perf_counter()
    store = open_store(settings, dim=dim)
    store.count()  # first touch: a server answers, local mode has loaded everything
    if not local:
        open_s = time.perf_counter() - started
    _log(f"{size}: open {open_s:.1f} s" + (f", store memory {store_gb:.2f} GB" if store_gb is not None else ""))
    try:
        src = source[0].payload
        one_filing = SearchFilters(companies=[src["company"]], fiscal_years=[src["fiscal_year"]])
        plan = query_plan(size, local)
        store.query(*vectors[0], None, k=8, mode="dense")  # warm-up: first-call overheads
        latency, cpu = {}, {}
        for kind in KINDS:
            filters = one_filing if kind.endswith("+filter") else None
            mode = kind.split("+")[0]
            latency[kind], cpu[kind] = _latencies(store, vectors, filters, mode, plan, settings.fusion)
            _log(f"{size}: {kind} p50 {latency[kind][0]:.0f} ms, p95 {latency[kind][1]:.0f} ms, "
                 f"CPU p50 {cpu[kind]:.0f} ms ({plan.samples} queries)")
    finally:
        if not local:
            store.client.delete_collection(store.collection)
            store.client.delete_collection(store.records)
        store.close()
    return ScaleRow(size, build_s, open_s, store_gb, plan.samples, latency, cpu, os.getloadavg()[0])


def open_in_fresh_process(settings: Settings, dim: int) -> tuple[float, float]:
    """(seconds to open, GB of memory the open store takes) in a new process.

    What a new `finrag ask` pays in local mode; measured apart from this process, whose
    memory still holds the source chunks and the pages of earlier stores.
    """
    probe = subprocess.run(
        [sys.executable, "-m", "eval.scale_bench", str(settings.store_dir.resolve()), settings.collection, str(dim)],
        capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1],
    )
    open_s, store_gb = probe.stdout.split()
    return float(open_s), float(store_gb)


def _open_probe(store_dir: str, collection: str, dim: str) -> None:
    settings = load_settings().model_copy(update=dict(store_dir=Path(store_dir), collection=collection, qdrant_url=None))
    before = _rss_gb()
    started = time.perf_counter()
    with open_store(settings, dim=int(dim)) as store:
        store.count()
        print(f"{time.perf_counter() - started:.3f} {_rss_gb() - before:.4f}")


def format_rows(title: str, rows: list[ScaleRow]) -> str:
    head = (
        f"{'points':>8} {'build s':>8} {'open s':>7} {'mem GB':>6} {'n':>3} "
        f"{'hybrid p50/p95 ms':>19} {'+filter p50/p95 ms':>19} {'dense p50/p95 ms':>19} "
        f"{'CPU p50 ms hyb/+filt/dense':>26} {'load':>5}"
    )
    lines = [title, head]
    for r in rows:
        cells = "".join(f" {r.latency_ms[k][0]:>9.0f}/{r.latency_ms[k][1]:<9.0f}" for k in KINDS)
        cpu = "/".join(f"{r.cpu_ms[k]:.0f}" for k in KINDS)
        rss = f"{r.store_gb:>6.2f}" if r.store_gb is not None else f"{'-':>6}"
        lines.append(f"{r.size:>8} {r.build_s:>8.1f} {r.open_s:>7.1f} {rss} {r.samples:>3}{cells} {cpu:>26} {r.load:>5.2f}")
    return "\n".join(lines)


def run_cli(args) -> int:
    sizes = [int(s) for s in str(args.sizes).split(",") if s.strip()]
    settings = load_settings()
    if settings.qdrant_url:
        # Checked first: the local-mode part takes many minutes, a typo should not.
        problem = server_problem(settings)
        if problem:
            print(f"QDRANT_URL={settings.qdrant_url} does not answer ({problem}): start the server "
                  "or unset QDRANT_URL to measure local mode only", file=sys.stderr)
            return 2
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    source = source_points(settings)
    embedder = get_embedder(settings)
    vectors = [(embedder.embed_query(q), query_vector(q)) for q in QUERIES]

    local_rows = []
    with tempfile.TemporaryDirectory(prefix="finrag-scale-") as tmp:
        print(f"local stores built under {tmp}")
        for size in sizes:
            local = settings.model_copy(
                update=dict(store_dir=Path(tmp) / f"store-{size}", qdrant_url=None, collection="finrag_scale"))
            local_rows.append(measure(local, size, source, vectors))
            shutil.rmtree(local.store_dir, ignore_errors=True)
    print(format_rows(
        "Qdrant local mode (exhaustive search in the process). open s, mem GB: a fresh process opening "
        "the store; n: timed queries per kind", local_rows,
    ))

    if settings.qdrant_url:
        server_rows = [
            measure(settings.model_copy(update=dict(collection=f"finrag_scale_{size}")), size, source, vectors)
            for size in sizes
        ]
        print()
        print(format_rows(f"Qdrant server {settings.qdrant_url}", server_rows))
    else:
        print("\n(set QDRANT_URL to measure a Qdrant server the same way)")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":  # the fresh process of `open_in_fresh_process`
    _open_probe(*sys.argv[1:])
