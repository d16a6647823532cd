"""`finrag bench scale`: build time, open time, memory and search latency vs store size, per engine.

    FINRAG_STORE=<an ingested store> finrag bench scale --engines edge,local --sizes 10000,50000 [--json]

Stores of each size are synthesized from the REAL chunks of an ingested store
(FINRAG_STORE, else data/fb-store; either engine's folder): every copy keeps a real chunk's
sparse vector and a slightly perturbed copy of its dense vector, and gets a perturbed
payload (another company name and document), so filters and scores behave as on real
data. Engines:

- `edge`: Qdrant Edge, the embedded default (HNSW, payload indexes), `optimize()`d once
  after the build as an ingest does;
- `local`: qdrant-client local mode, the embedded engine before Edge (exhaustive search
  in Python: at 200k points a query takes many seconds, so keep it to small sizes);
- `server`: the Qdrant server at QDRANT_URL (collection `finrag_scale_<size>`, dropped after).

Per engine and size: build seconds (upserts + optimize), open seconds and resident memory
of a fresh process opening the store (what each `finrag ask` pays), hybrid and filtered
hybrid (one company and year) latency p50 / p95 with precomputed query vectors, and
`overlap_at_10`: the share of the hybrid top 10 that the same search with the exact
(non-HNSW) scorer also returns. The load average is printed with every row: timings on a
shared machine move with it. Local-mode stores are built under TMPDIR; `TMPDIR=/dev/shm`
makes its per-point SQLite commits bearable.
"""

from __future__ import annotations

import gc
import json
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
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from finrag.config import Settings, load_settings
from finrag.console import table_text
from finrag.embeddings import get_embedder
from finrag.models import SearchFilters
from finrag.sparse import SparseVec, query_vector
from finrag.store import StoredPoint, VectorStore, open_edge, open_store, server_problem
from finrag.store.layout import is_local_mode_store

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
ENGINES = ("edge", "local", "server")
_BATCH = 512
_NOISE = 0.01  # dense perturbation: copies stay near their source (realistic neighbours)
_PROGRESS_EVERY = 20_000  # points between build progress lines
_FALLBACK_SOURCE = Path("data/fb-store")
_LOCAL_QUERIES = 6  # local mode: the same few queries at every size (seconds each at 50k)

QueryVectors = list[tuple[list[float], SparseVec]]


@dataclass
class Latency:
    p50: float
    p95: float


@dataclass
class ScaleRun:
    engine: str
    chunks: int
    build_s: float
    open_s: float  # a fresh process opening the store (embedded), or connecting (server)
    open_cpu_s: float | None  # that process's CPU seconds for the open: moves less with the load
    rss_gb: float | None  # resident memory the open store adds to that process (embedded)
    hybrid_ms: Latency
    filtered_ms: Latency
    overlap_at_10: float
    queries: int  # timed queries per kind
    load: float  # 1-minute load average when the run finished


def _log(message: str) -> None:
    print(f"[scale {time.strftime('%H:%M:%S')} load {os.getloadavg()[0]:.2f}] {message}", file=sys.stderr, flush=True)


def _rss_gb() -> float:
    """Current resident set size (not the peak: earlier, larger stores must not count)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 1e9


# ---------------------------------------------------------------------- source and copies


def _open_source(store_dir: Path, settings: Settings) -> VectorStore:
    if is_local_mode_store(store_dir):
        return _open_local(store_dir, dim=None)
    return open_edge(store_dir, None, wait_s=60, settings=settings)


def source_points(settings: Settings) -> list[StoredPoint]:
    """Every chunk (payload + vectors) of the ingested store the copies are made from."""
    for store_dir in (settings.store_dir, _FALLBACK_SOURCE):
        if not store_dir.is_dir() or not any(store_dir.iterdir()):
            continue
        _log(f"reading source store {store_dir}")
        with _open_source(store_dir, settings) as store:
            points = [p for page in store.iter_points() for p in page]
        if points:
            _log(f"source: {len(points)} real chunks from {store_dir}")
            return points
    raise SystemExit("no ingested store found: ingest some PDFs first, or set FINRAG_STORE")


def synthetic_points(source: list[StoredPoint], size: int, seed: int = 7) -> Iterator[list[StoredPoint]]:
    """`size` points in upsert batches: copy i is source chunk i mod len(source), perturbed.

    The first pass over the source keeps company and document; later passes rename both
    ("<company> 2", "<doc>-copy2"), so a one-company filter matches as few points as it
    would in a store of that many different companies.
    """
    dense = np.array([p.dense for p in source], dtype=np.float32)
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
            payload = dict(src.payload)
            if copy_no:
                if payload.get("company"):  # a filing with no company read stays without one
                    payload["company"] = f"{payload['company']} {copy_no + 1}"
                payload["doc"] = f"{payload.get('doc')}-copy{copy_no + 1}"
            point_id = str(uuid.UUID(int=id_rng.getrandbits(128)))
            batch.append(StoredPoint(point_id, vector.tolist(), _perturbed(src.sparse, copy_no, rng), payload))
        yield batch


def _perturbed(sparse: SparseVec | None, copy_no: int, rng: np.random.Generator) -> SparseVec | None:
    """Copies after the first get term weights off by ~1%: distinct chunks are never exact
    ties, and ties would make "the top 10" ambiguous for `overlap_at_10`."""
    if sparse is None or not copy_no:
        return sparse
    noise = 1.0 + rng.normal(0.0, _NOISE, len(sparse.values))
    return SparseVec(indices=sparse.indices, values=(np.asarray(sparse.values) * noise).tolist())


# ---------------------------------------------------------------------- engines


def _open_local(store_dir: Path, dim: int | None, collection: str = "finrag_chunks") -> VectorStore:
    from qdrant_client import QdrantClient

    from finrag.store.qdrant import QdrantStore

    client = QdrantClient(path=str(store_dir))
    dim = dim or QdrantStore.existing_dim(client, collection)
    return QdrantStore(client, collection, dim, str(store_dir), engine="qdrant-local")


def _open_engine(engine: str, where: str, dim: int, settings: Settings) -> VectorStore:
    if engine == "edge":
        return open_edge(Path(where), dim)
    if engine == "local":
        return _open_local(Path(where), dim)
    return open_store(settings.model_copy(update=dict(collection=where)), dim=dim)


# ---------------------------------------------------------------------- measuring


def percentiles_ms(samples: list[float]) -> Latency:
    """p50 and p95 in milliseconds; p95 is the nearest rank, so with few samples it is the max."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Latency(round(statistics.median(ordered) * 1000, 2), round(p95 * 1000, 2))


def _latency(store: VectorStore, vectors: QueryVectors, filters: SearchFilters | None, repeats: int, fusion: str) -> Latency:
    wall = []
    for _ in range(repeats):
        for dense, sparse in vectors:
            started = time.perf_counter()
            store.query(dense, sparse, filters, k=8, mode="hybrid", fusion=fusion)
            wall.append(time.perf_counter() - started)
    return percentiles_ms(wall)


def overlap_at_10(store: VectorStore, vectors: QueryVectors, fusion: str) -> float:
    """Mean share of the hybrid top 10 that the exact scorer's top 10 also holds."""
    shares = []
    for dense, sparse in vectors:
        fast = {h.chunk.chunk_id for h in store.query(dense, sparse, None, k=10, mode="hybrid", fusion=fusion)}
        exact = {h.chunk.chunk_id for h in store.query(dense, sparse, None, k=10, mode="hybrid", fusion=fusion, exact=True)}
        shares.append(len(fast & exact) / max(len(exact), 1))
    return round(statistics.fmean(shares), 4)


def measure(
    engine: str, where: str, size: int, source: list[StoredPoint], vectors: QueryVectors, settings: Settings,
) -> ScaleRun:
    """Build a store of `size` copies with `engine` at `where`, reopen it, time the searches."""
    dim = len(vectors[0][0])
    started = time.perf_counter()
    with _open_engine(engine, where, dim, settings) as store:
        done = 0
        for batch in synthetic_points(source, size):
            store.upsert_points(batch)
            done += len(batch)
            if done % _PROGRESS_EVERY < _BATCH or done == size:
                _log(f"{engine} {size}: built {done} points ({done / (time.perf_counter() - started):.0f}/s)")
        store.optimize()
    build_s = time.perf_counter() - started

    rss_gb = open_cpu_s = None
    if engine != "server":
        gc.collect()
        open_s, open_cpu_s, rss_gb = open_in_fresh_process(engine, where, dim)
    started = time.perf_counter()
    store = _open_engine(engine, where, dim, settings)
    store.count()
    if engine == "server":
        open_s = time.perf_counter() - started
    _log(f"{engine} {size}: build {build_s:.1f} s, open {open_s:.2f} s")
    try:
        # The first chunk whose filing has a company and a year read (a null one cannot filter).
        src = next((p.payload for p in source if p.payload.get("company") and p.payload.get("fiscal_year")),
                   source[0].payload)
        one_filing = SearchFilters(companies=[c for c in [src.get("company")] if c],
                                   fiscal_years=[y for y in [src.get("fiscal_year")] if y])
        timed = vectors[:_LOCAL_QUERIES] if engine == "local" else vectors
        repeats = 1 if engine == "local" and size > 20_000 else 3
        store.query(*vectors[0], None, k=8, mode="dense")  # warm-up: first-call overheads
        hybrid = _latency(store, timed, None, repeats, settings.fusion)
        filtered = _latency(store, timed, one_filing, repeats, settings.fusion)
        overlap = overlap_at_10(store, timed, settings.fusion)
        _log(f"{engine} {size}: hybrid p50 {hybrid.p50:.1f} ms, filtered p50 {filtered.p50:.1f} ms, "
             f"overlap@10 {overlap:.3f}")
    finally:
        if engine == "server":
            store.drop()
        store.close()
    return ScaleRun(engine, size, round(build_s, 2), round(open_s, 3), open_cpu_s, rss_gb, hybrid, filtered, overlap,
                    len(timed) * repeats, round(os.getloadavg()[0], 2))


def open_in_fresh_process(engine: str, where: str, dim: int) -> tuple[float, float, float]:
    """(seconds to open, CPU seconds, GB of memory the open store takes) in a new process."""
    probe = subprocess.run(
        [sys.executable, "-m", "eval.scale_bench", engine, str(Path(where).resolve()), str(dim)],
        capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1],
    )
    open_s, cpu_s, rss_gb = probe.stdout.split()
    return float(open_s), float(cpu_s), float(rss_gb)


def _open_probe(engine: str, where: str, dim: str) -> None:
    before = _rss_gb()
    started, started_cpu = time.perf_counter(), time.process_time()
    with _open_engine(engine, where, int(dim), load_settings()) as store:
        store.count()
        print(f"{time.perf_counter() - started:.3f} {time.process_time() - started_cpu:.3f} {_rss_gb() - before:.4f}")


# ---------------------------------------------------------------------- output


def format_runs(runs: list[ScaleRun]) -> str:
    columns = ["engine", "chunks", "build s", "open s", "CPU s", "mem GB", "n", "hybrid p50/p95 ms",
               "filtered p50/p95 ms", "overlap@10", "load"]  # fmt: skip
    lines = [table_text(
        columns,
        [[r.engine, r.chunks, f"{r.build_s:.1f}", f"{r.open_s:.2f}",
          "-" if r.open_cpu_s is None else f"{r.open_cpu_s:.2f}", "-" if r.rss_gb is None else f"{r.rss_gb:.2f}",
          r.queries, f"{r.hybrid_ms.p50:.1f}/{r.hybrid_ms.p95:.1f}", f"{r.filtered_ms.p50:.1f}/{r.filtered_ms.p95:.1f}",
          f"{r.overlap_at_10:.3f}", f"{r.load:.2f}"] for r in runs],
        right=columns[1:],
    )]  # fmt: skip
    by_size: dict[int, dict[str, ScaleRun]] = {}
    for r in runs:
        by_size.setdefault(r.chunks, {})[r.engine] = r
    for size, engines in by_size.items():
        if "edge" in engines and "local" in engines:
            ratio = engines["local"].filtered_ms.p50 / max(engines["edge"].filtered_ms.p50, 1e-6)
            lines.append(f"{size} chunks: local mode's filtered hybrid p50 is {ratio:,.0f}x Edge's")
    return "\n".join(lines)


def run_cli(args) -> int:
    sizes = [int(s) for s in str(args.sizes).split(",") if s.strip()]
    engines = [e.strip() for e in str(getattr(args, "engines", "edge,local")).split(",") if e.strip()]
    unknown = sorted(set(engines) - set(ENGINES))
    if unknown:
        print(f"unknown engine(s) {', '.join(unknown)}: use {', '.join(ENGINES)}", file=sys.stderr)
        return 2
    settings = load_settings()
    if "server" in engines:
        # Checked first: building the embedded stores takes minutes, a typo should not.
        problem = server_problem(settings) if settings.qdrant_url else "QDRANT_URL is not set"
        if problem:
            print(f"QDRANT_URL={settings.qdrant_url} does not answer ({problem}): start the server "
                  "or leave `server` out of --engines", file=sys.stderr)
            return 2
    load_start = os.getloadavg()
    _log(f"load average at start: {' '.join(f'{x:.2f}' for x in load_start)} ({os.cpu_count()} cores)")
    source = source_points(settings)
    embedder = get_embedder(settings)
    vectors = [(embedder.embed_query(q), query_vector(q)) for q in QUERIES]

    runs = []
    with tempfile.TemporaryDirectory(prefix="finrag-scale-") as tmp:
        for size in sizes:
            for engine in engines:
                where = f"finrag_scale_{size}" if engine == "server" else str(Path(tmp) / f"{engine}-{size}")
                runs.append(measure(engine, where, size, source, vectors, settings))
                if engine != "server":
                    shutil.rmtree(where, ignore_errors=True)
    load_end = os.getloadavg()
    if getattr(args, "json", False):
        print(json.dumps({
            "runs": [asdict(r) for r in runs],
            "load_average": {"start": list(load_start), "end": list(load_end)},
            "cores": os.cpu_count(),
        }, indent=2))
    else:
        print(f"load average at start: {' '.join(f'{x:.2f}' for x in load_start)} ({os.cpu_count()} cores)")
        print(format_runs(runs))
        print("open s, CPU s, mem GB: a fresh process opening the store; n: timed queries per kind; "
              "filtered = one company and fiscal year in each prefetch")
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in load_end)}")
    return 0


if __name__ == "__main__":  # the fresh process of `open_in_fresh_process`
    _open_probe(*sys.argv[1:])
