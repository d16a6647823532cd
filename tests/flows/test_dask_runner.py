"""The Dask runner: the same store and answers as a serial run, and nothing lost or done twice.

Real parts: a `LocalCluster` of 2 worker processes (flows.runner.local_cluster), Prefect's
Dask task runner against the shared test Prefect server, a tiny generated corpus (4
companies, one year), the bundled embedding model in every worker, the embedded store, the
`finrag` CLI in a subprocess for the kill test.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from cli.main import main
from finrag.config import load_settings
from finrag.store import open_store
from indexing.pipeline import ingest_paths
from tests.support.prefect_server import REPO, shared_prefect_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> Path:
    from samples import generate_corpus

    out = tmp_path_factory.mktemp("dask-corpus")
    return generate_corpus(out, companies=4, years=1, seed=11)


@pytest.fixture(scope="module")
def corpus(sample) -> Path:
    return sample / "pdfs"


@pytest.fixture(scope="module")
def serial(corpus, tmp_path_factory):
    """Settings of a store ingested serially (in this process), the reference."""
    root = tmp_path_factory.mktemp("serial")
    settings = load_settings(store_dir=root / "store", cache_dir=root / "cache")
    assert {r.status for r in ingest_paths([corpus], settings)} == {"ingested"}
    return settings


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
    """chunk id -> (document, dense vector), as the store holds them."""
    with open_store(load_settings(store_dir=store_dir), dim=384) as store:
        return {p.id: (p.payload["doc"], np.asarray(p.dense)) for page in store.iter_points() for p in page}


def test_dask_ingest_stores_what_a_serial_ingest_stores(cluster, corpus, serial, tmp_path, monkeypatch):
    # Its own embedding cache: the workers embed every chunk themselves.
    monkeypatch.setenv("FINRAG_CACHE", str(tmp_path / "cache-dask"))
    # stdout only: capsys would also swap the stderr that Prefect's log handler keeps using
    # after this test, and the later tests' log lines would go to a closed file.
    with contextlib.redirect_stdout(io.StringIO()) as stdout:
        rc = main(["ingest", str(corpus), "--store", str(tmp_path / "dask"), "--runner",
                   f"dask:{cluster.scheduler_address}", "--json"])
    out = json.loads(stdout.getvalue())
    assert rc == 0
    assert out["runner"] == {"kind": "dask", "address": cluster.scheduler_address}
    assert {d["status"] for d in out["documents"]} == {"ingested"}

    want, got = stored_points(serial.store_dir), stored_points(tmp_path / "dask")
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
    from flows.outcome import result_of

    monkeypatch.setenv("FINRAG_CACHE", str(tmp_path / "cache"))
    store = str(tmp_path / "store")
    run = ingest_reports.with_options(task_runner=DaskTaskRunner(address=cluster.scheduler_address))

    stop = threading.Event()
    killed: list[str | None] = []
    killer = threading.Thread(target=lambda: killed.append(_kill_a_worker_mid_document(cluster.scheduler_address, stop)))
    killer.start()
    try:
        state = run(paths=[str(corpus)], store=store, return_state=True)
    finally:
        stop.set()
        killer.join()
    assert killed and killed[0], "no worker was seen processing a document"
    assert state.is_failed()  # documents were lost: the run says so (flows/outcome.py)
    first = result_of(state)

    lost = [r for r in first if r.status == "failed"]
    assert lost, "the killed worker's document should be reported lost"
    assert all("worker lost" in r.reason for r in lost), [r.reason for r in lost]
    assert len(lost) < len(first), "only the dead worker's documents are lost"
    assert {r.status for r in first} == {"ingested", "failed"}

    second = run(paths=[str(corpus)], store=store)
    status = {r.doc: r.status for r in second}
    assert {status[r.doc] for r in lost} == {"ingested"}
    assert {status[r.doc] for r in first if r.status == "ingested"} == {"unchanged"}


def _answers(path: Path) -> dict[str, tuple]:
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids)), "a question was recorded twice"
    return {r["id"]: (r["answer"]["status"], r["answer"]["answer"],
                      [(c["doc"], c["page"], c["chunk_id"]) for c in r["answer"]["citations"]]) for r in records}


def test_a_dask_batch_killed_midway_resumes_to_the_serial_answers(cluster, sample, serial, tmp_path):
    from flows.answer_batch import run_batch
    from flows.batch_io import read_questions
    from strategies.services import open_services

    questions = read_questions(sample / "questions.jsonl")
    services = open_services(serial)
    try:
        run_batch(questions, tmp_path / "serial", settings=serial, services=services)
    finally:
        services.close()  # the embedded store admits one process: the CLI's flow opens it next

    env = {**shared_prefect_server().env, "FINRAG_CACHE": str(serial.cache_dir),
           "FINRAG_BATCH_TASK_SIZE": "1"}  # one question per task: a kill lands mid-batch
    command = [sys.executable, "-m", "cli.main", "batch", str(sample / "questions.jsonl"),
               "--out", str(tmp_path / "dask"), "--store", str(serial.store_dir),
               "--runner", f"dask:{cluster.scheduler_address}"]
    results = tmp_path / "dask" / "results.jsonl"
    first = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and first.poll() is None:
        if results.exists() and len(results.read_text().splitlines()) >= 2:
            first.kill()
            break
        time.sleep(0.1)
    first.wait(timeout=60)
    answered_before_kill = len(_answers(results))
    assert 0 < answered_before_kill < len(questions), "the kill should land mid-batch"

    rerun = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert f"({answered_before_kill} kept from an earlier run)" in rerun.stdout
    assert _answers(results) == _answers(tmp_path / "serial" / "results.jsonl")
