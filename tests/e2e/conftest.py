"""One Prefect server, one `prefect deploy --all` from prefect.yaml and one process worker,
shared by every e2e test (each takes tens of seconds to start).

The worker runs flows in its own processes, so it gets its own small store (ingested here
first, then closed): the embedded store lets one process at a time hold it, and the
worker's runs on it take turns (flows/store_queue.py).
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.prefect_server import REPO, VENV_BIN, PrefectServer, api, shared_prefect_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip


def prefect_cli(args: list[str], env: dict[str, str]) -> str:
    result = subprocess.run(
        [str(VENV_BIN / "prefect"), *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=180
    )
    assert result.returncode == 0, f"prefect {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@dataclass
class Deployed:
    server: PrefectServer
    env: dict[str, str]  # the worker's environment (also right for CLI calls to this server)
    deployments: dict[str, str]  # deployment name -> id
    company_doc: str  # a document in the worker's store
    question: str  # a fact question the worker's store can answer


@pytest.fixture(scope="session")
def e2e_store(tmp_path_factory, sample_dir, embedding_cache_dir) -> tuple[Path, list[str]]:
    """Two reports of one company, ingested into a store only the worker will open."""
    from finrag.config import load_settings
    from indexing.pipeline import ingest_paths

    pdfs = sorted((sample_dir / "pdfs").glob("*.pdf"))[:2]
    store = tmp_path_factory.mktemp("e2e-store") / "store"
    settings = load_settings(store_dir=store, cache_dir=embedding_cache_dir)
    reports = ingest_paths(pdfs, settings)
    assert all(r.status == "ingested" for r in reports), reports
    return store, [p.stem for p in pdfs]


@pytest.fixture(scope="session")
def deployed(e2e_store, sample_dir, embedding_cache_dir) -> Deployed:
    store, docs = e2e_store
    server = shared_prefect_server()
    env = server.env | {
        "FINRAG_STORE": str(store),
        "FINRAG_CACHE": str(embedding_cache_dir),
        "PREFECT_WORKER_QUERY_SECONDS": "2",  # pick runs up quickly
    }
    pools = api(server, "POST", "/work_pools/filter", {})
    if not any(p["name"] == "finrag-pool" for p in pools):
        prefect_cli(["work-pool", "create", "finrag-pool", "--type", "process"], env)
    prefect_cli(["--no-prompt", "deploy", "--all"], env)
    deployments = {d["name"]: d["id"] for d in api(server, "POST", "/deployments/filter", {})}
    worker = server.start_child(
        [str(VENV_BIN / "prefect"), "worker", "start", "--pool", "finrag-pool"],
        "worker.log", env=env, cwd=REPO,
    )  # fmt: skip
    company = docs[0].split("_")[0]
    questions = [json.loads(line) for line in (sample_dir / "questions.jsonl").read_text().splitlines()]
    # A fact question about the company whose reports the worker's store holds.
    question = next(
        q["question"] for q in questions
        if q["type"] == "fact" and any(e["doc"].startswith(company) for e in q.get("evidence", []))
    )  # fmt: skip
    yield Deployed(server, env, deployments, docs[0], question)
    worker.terminate()


def open_artifact(page, server: PrefectServer, run_id: str, key: str, attempts: int = 3) -> None:
    """Open a run's artifact from its flow-run page, as an analyst would: the Artifacts tab,
    then the artifact's card. The artifact is checked in the API first, so a missing one is
    a clear failure; the UI is given a reload when a busy machine leaves the tab's list
    unloaded (seen once in CI: the card never appeared within 30 s)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    found = api(server, "POST", "/artifacts/filter",
                {"artifacts": {"flow_run_id": {"any_": [run_id]}, "key": {"any_": [key]}}})  # fmt: skip
    assert found, f"run {run_id} has no artifact {key!r}"
    for attempt in range(attempts):
        page.goto(f"{server.url}/runs/flow-run/{run_id}?tab=Artifacts")
        page.get_by_text("Artifacts", exact=True).first.click(timeout=60_000)
        try:
            page.get_by_text(key, exact=True).first.click(timeout=30_000)
            return
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                raise


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium absent (scripts/ensure-system-tools.sh installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()
