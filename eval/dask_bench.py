"""`finrag bench ingest --runner dask --workers 1,2,4`: ingest throughput per worker count
beside the scale model's prediction (README "Scaling out: the scale model").

1. A serial ingest in this process (fresh store, empty embedding cache) measures the
   per-stage costs: parse per page, embed + sparse per chunk, facts per document (the
   worker's share, W seconds) and store writes per point (the flow's share, S seconds).
2. For each N: a LocalCluster of N workers, warmed up (model loaded in each worker: the
   start-up cost, shown apart), then the ingest flow on Dask into a fresh store with an
   empty cache.

Model (steady state, warm workers, C cores, the flow's writes in one process):
    T(N) = max(W / min(N, C), S, (W + S) / C) + D * o
W is spread over the workers but never over more than C cores; S cannot be spread (one
writer); on a machine whose cores the writer shares with the workers, the total CPU
(W + S) / C bounds it too. D * o is Prefect's cost per document task (o ~ 0.1 s here).
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from finrag.config import Settings, load_settings
from indexing.pipeline import ingest_paths
from indexing.plan import StageSeconds
from loaders.files import expand_paths

TASK_OVERHEAD_S = 0.1  # Prefect's cost per task run on this machine (`finrag bench batch`)


@dataclass
class Costs:
    """Per-stage seconds of a serial ingest of the corpus."""

    docs: int
    pages: int
    chunks: int
    worker_s: float  # parse + embed + facts: what Dask workers take over
    write_s: float  # store writes (and graph writes): the flow's process only
    serial_s: float  # wall time of the serial ingest

    def predict(self, workers: int, cores: int) -> float:
        spread = self.worker_s / min(workers, cores)
        return max(spread, self.write_s, (self.worker_s + self.write_s) / cores) + self.docs * TASK_OVERHEAD_S


def measure_serial(files: list[Path], settings: Settings, tmp: Path) -> Costs:
    timings = StageSeconds()
    run = settings.with_overrides(store_dir=tmp / "serial" / "store", cache_dir=tmp / "serial" / "cache")
    from finrag.embeddings import get_embedder

    _ = get_embedder(run).dim  # the model load is start-up, not ingest
    started = time.perf_counter()
    reports = ingest_paths(files, run, timings=timings)
    wall = time.perf_counter() - started
    return Costs(
        docs=sum(r.status == "ingested" for r in reports), pages=timings.pages, chunks=timings.chunks,
        worker_s=timings.parse + timings.embed + timings.graph, write_s=timings.upsert, serial_s=wall,
    )


@dataclass
class Measured:
    workers: int
    startup_s: float
    wall_s: float
    chunks: int


def measure_dask(files: list[Path], settings: Settings, workers: int, tmp: Path) -> Measured:
    from distributed import Client
    from prefect_dask import DaskTaskRunner

    from flows.ingest import ingest_reports
    from flows.parallel_ingest import embedding_dim
    from flows.runner import local_cluster

    run_dir = tmp / f"dask-{workers}"
    os.environ["FINRAG_CACHE"] = str(run_dir / "cache")  # the flow reads its settings itself
    try:
        started = time.perf_counter()
        with local_cluster(n_workers=workers) as cluster:
            with Client(cluster) as client:  # warm-up: each worker loads the model once
                client.run(embedding_dim, settings)
            startup = time.perf_counter() - started
            flow = ingest_reports.with_options(task_runner=DaskTaskRunner(address=cluster.scheduler_address))
            started = time.perf_counter()
            reports = flow(paths=[str(f) for f in files], store=str(run_dir / "store"))
            wall = time.perf_counter() - started
    finally:
        os.environ.pop("FINRAG_CACHE", None)
    return Measured(workers, startup, wall, sum(r.chunks or 0 for r in reports if r.status == "ingested"))


def format_table(costs: Costs, rows: list[Measured], cores: int) -> str:
    lines = [
        f"serial ingest: {costs.docs} documents, {costs.pages} pages, {costs.chunks} chunks in "
        f"{costs.serial_s:.1f} s ({costs.chunks / costs.serial_s:.2f} chunks/s); worker share "
        f"W = {costs.worker_s:.1f} s (parse+embed+facts: {1000 * costs.worker_s / max(costs.chunks, 1):.0f} ms/chunk), "
        f"writer share S = {costs.write_s:.1f} s ({1000 * costs.write_s / max(costs.chunks, 1):.1f} ms/point); "
        f"C = {cores} cores",
        "",
        f"{'workers':>7}  {'start-up s':>10}  {'ingest s':>8}  {'chunks/s':>8}  {'predicted s':>11}  "
        f"{'predicted chunks/s':>18}  {'speed-up':>8}",
    ]
    for m in rows:
        predicted = costs.predict(m.workers, cores)
        lines.append(
            f"{m.workers:>7}  {m.startup_s:>10.1f}  {m.wall_s:>8.1f}  {m.chunks / m.wall_s:>8.2f}  "
            f"{predicted:>11.1f}  {costs.chunks / predicted:>18.2f}  {costs.serial_s / m.wall_s:>7.2f}x"
        )
    load = os.getloadavg()
    lines.append(f"\nload average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} "
                 "(other jobs share these cores: the measured rows include their share)")
    return "\n".join(lines)


def run_cli(args) -> int:
    """`finrag bench ingest [PATH...] --runner dask --workers 1,2,4 [--limit N]`."""
    from flows.runner import Runner, running_on

    counts = [int(n) for n in str(args.workers or "1,2,4").split(",") if n.strip()]
    settings = load_settings()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="finrag-bench-dask-") as tmp_name:
        tmp = Path(tmp_name)
        if args.paths:
            files = expand_paths(args.paths)[: args.limit]
        else:  # a tiny generated corpus: enough documents to keep 4 workers busy
            from samples import generate_corpus

            files = expand_paths([generate_corpus(tmp / "sample", companies=8, years=1, seed=7) / "pdfs"])
            files = files[: args.limit]
        print(f"serial ingest of {len(files)} file(s)...", flush=True)
        costs = measure_serial(files, settings, tmp)
        rows = []
        with running_on(Runner(kind="dask", workers=max(counts))):
            for n in counts:
                print(f"Dask ingest on {n} worker(s)...", flush=True)
                rows.append(measure_dask(files, settings, n, tmp))
                print(format_table(costs, rows, cores), flush=True)
    return 0
