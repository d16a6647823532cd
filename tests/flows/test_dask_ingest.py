"""Ingest on Dask: the same store as a serial ingest, and a dead worker loses only its documents.

Real parts: a `LocalCluster` of 2 worker processes (flows.runner.local_cluster), Prefect's
Dask task runner against the shared test Prefect server, the generated sample corpus, the
bundled embedding model in every worker, Qdrant local mode.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from qdrant_client import QdrantClient

from cli.main import main
from finrag.config import load_settings
from flows.ingest import ingest_paths
from tests.support.prefect_server import shared_prefect_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    from samples import generate_corpus

    out = tmp_path_factory.mktemp("dask-corpus")
    generate_corpus(out, companies=4, years=1, seed=11)
    return out / "pdfs"


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes pointed at the shared Prefect server (they inherit its URL)."""
    from prefect.settings import PREFECT_API_URL, temporary_settings

    from flows.runner import local_cluster

    api = shared_prefect_server().api_url
    os.environ["PREFECT_API_URL"] = api
    try:
        with temporary_settings({PREFECT_API_URL: api}), local_cluster(n_workers=2) as running:
            yield running
    finally:
        os.environ.pop("PREFECT_API_URL", None)


def stored_points(store_dir: Path) -> dict[str, tuple[str, np.ndarray]]:
    """chunk id -> (document, dense vector), read straight from the store's files."""
    client = QdrantClient(path=str(store_dir))
    points: dict[str, tuple[str, np.ndarray]] = {}
    offset = None
    try:
        while True:
            batch, offset = client.scroll("finrag_chunks", limit=256, offset=offset, with_vectors=["dense"])
            points.update({str(p.id): (p.payload["doc"], np.asarray(p.vector["dense"])) for p in batch})
            if offset is None:
                return points
    finally:
        client.close()


def test_dask_ingest_stores_what_a_serial_ingest_stores(cluster, corpus, tmp_path, monkeypatch, capsys):
    serial = load_settings(store_dir=tmp_path / "serial", cache_dir=tmp_path / "cache-serial")
    assert {r.status for r in ingest_paths([corpus], serial)} == {"ingested"}

    # Its own embedding cache: the workers embed every chunk themselves.
    monkeypatch.setenv("FINRAG_CACHE", str(tmp_path / "cache-dask"))
    rc = main(["ingest", str(corpus), "--store", str(tmp_path / "dask"), "--runner",
               f"dask:{cluster.scheduler_address}", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["runner"] == {"kind": "dask", "address": cluster.scheduler_address}
    assert {d["status"] for d in out["documents"]} == {"ingested"}

    want, got = stored_points(tmp_path / "serial"), stored_points(tmp_path / "dask")
    assert set(got) == set(want)
    assert {doc for doc, _ in got.values()} == {p.stem for p in corpus.glob("*.pdf")}
    cosines = [float(got[i][1] @ want[i][1] / np.linalg.norm(got[i][1]) / np.linalg.norm(want[i][1])) for i in want]
    assert min(cosines) >= 0.9999


def _kill_a_worker_mid_document(address: str, stop: threading.Event) -> str | None:
    """SIGKILL the first worker seen executing a document (not the dimension probe)."""
    from distributed import Client

    def executing(dask_worker) -> list[str]:
        return [str(ts.key) for ts in dask_worker.state.executing]

    with Client(address, timeout=60) as client:
        while not stop.is_set():
            for worker, keys in client.run(executing).items():
                if any("process" in key for key in keys):
                    pid = client.run(os.getpid, workers=[worker])[worker]
                    os.kill(pid, signal.SIGKILL)
                    return worker
            time.sleep(0.2)
    return None


def test_a_dead_worker_fails_only_its_documents_and_a_rerun_finishes_them(cluster, corpus, tmp_path, monkeypatch):
    from prefect_dask import DaskTaskRunner

    from flows.ingest import ingest_reports

    monkeypatch.setenv("FINRAG_CACHE", str(tmp_path / "cache"))
    store = str(tmp_path / "store")
    run = ingest_reports.with_options(task_runner=DaskTaskRunner(address=cluster.scheduler_address))

    stop = threading.Event()
    killed: list[str | None] = []
    killer = threading.Thread(target=lambda: killed.append(_kill_a_worker_mid_document(cluster.scheduler_address, stop)))
    killer.start()
    try:
        first = run(paths=[str(corpus)], store=store)
    finally:
        stop.set()
        killer.join()
    assert killed and killed[0], "no worker was seen processing a document"

    lost = [r for r in first if r.status == "failed"]
    assert lost, "the killed worker's document should be reported lost"
    assert all("worker lost" in r.reason for r in lost), [r.reason for r in lost]
    assert len(lost) < len(first), "only the dead worker's documents are lost"
    assert {r.status for r in first} == {"ingested", "failed"}

    second = run(paths=[str(corpus)], store=store)
    status = {r.doc: r.status for r in second}
    assert {status[r.doc] for r in lost} == {"ingested"}
    assert {status[r.doc] for r in first if r.status == "ingested"} == {"unchanged"}
