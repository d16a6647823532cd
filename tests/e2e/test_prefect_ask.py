"""End to end through Prefect: a real server, `prefect deploy` from prefect.yaml, a process
worker, the `ask` flow triggered over the REST API, its answer read back as an artifact —
and the same seen in the UI by headless Chromium.

The worker runs flows in its own processes, so it gets its own small store (ingested here
first, then closed): Qdrant local mode lets one process at a time hold a store.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.prefect_server import REPO, VENV_BIN, PrefectServer, shared_prefect_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip


def api(server: PrefectServer, method: str, path: str, body: dict | None = None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{server.api_url}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


def prefect_cli(args: list[str], env: dict[str, str]) -> str:
    result = subprocess.run(
        [str(VENV_BIN / "prefect"), *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=180
    )
    assert result.returncode == 0, f"prefect {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@dataclass
class Deployed:
    server: PrefectServer
    deployment_id: str
    company_doc: str  # a document in the worker's store
    question: str


@pytest.fixture(scope="module")
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


@pytest.fixture(scope="module")
def deployed(e2e_store, sample_dir, embedding_cache_dir) -> Deployed:
    store, docs = e2e_store
    server = shared_prefect_server()
    env = server.env | {
        "FINRAG_STORE": str(store),
        "FINRAG_CACHE": str(embedding_cache_dir),
        "PREFECT_WORKER_QUERY_SECONDS": "2",  # pick the run up quickly
    }
    pools = api(server, "POST", "/work_pools/filter", {})
    if not any(p["name"] == "finrag-pool" for p in pools):
        prefect_cli(["work-pool", "create", "finrag-pool", "--type", "process"], env)
    prefect_cli(["--no-prompt", "deploy", "--name", "ask"], env)
    deployment = api(server, "GET", "/deployments/name/ask/ask")
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
    yield Deployed(server, deployment["id"], docs[0], question)
    worker.terminate()


@pytest.fixture(scope="module")
def ask_run(deployed) -> dict:
    """One `ask` run triggered through the REST API, waited for until it ends."""
    server = deployed.server
    run = api(
        server, "POST", f"/deployments/{deployed.deployment_id}/create_flow_run",
        {"parameters": {"request": {"questions": [deployed.question], "strategy": "single"}}},
    )  # fmt: skip
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        run = api(server, "GET", f"/flow_runs/{run['id']}")
        if run["state"]["type"] in ("COMPLETED", "FAILED", "CRASHED", "CANCELLED"):
            break
        time.sleep(2)
    log = (server.home / "worker.log").read_text(errors="replace")[-3000:]
    assert run["state"]["type"] == "COMPLETED", f"run ended {run['state']}; worker log:\n{log}"
    return run


def test_ask_through_the_api_returns_the_answer_as_an_artifact(deployed, ask_run):
    artifacts = api(
        deployed.server, "POST", "/artifacts/filter",
        {"artifacts": {"flow_run_id": {"any_": [ask_run["id"]]}}},
    )  # fmt: skip
    by_type = {a["type"]: a for a in artifacts}
    assert set(by_type) == {"markdown", "table"}
    markdown = by_type["markdown"]["data"]
    assert deployed.question in markdown
    assert "via **single**" in markdown  # the strategy chosen in the form was used
    table = by_type["table"]["data"]
    rows = json.loads(table) if isinstance(table, str) else table
    assert rows[0]["question"] == deployed.question
    if rows[0]["status"] == "answered":
        assert rows[0]["answer"] in markdown
        # Cited from the worker's store (the only documents it has).
        assert any(doc in markdown for doc in [deployed.company_doc.split("_")[0]])
    else:
        assert rows[0]["status"] == "not_found", rows[0]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium absent (scripts/ensure-chromium.sh installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def test_the_run_form_offers_questions_and_a_strategy_dropdown(deployed, browser, test_output_dir):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{deployed.server.url}/deployments/deployment/{deployed.deployment_id}/run")
    page.get_by_text("Questions", exact=True).first.wait_for(timeout=60_000)
    page.get_by_text("Add item").first.wait_for()  # the list of questions
    strategy = page.locator(
        ".schema-form-property", has=page.get_by_text("Strategy (Optional)", exact=True)
    ).last
    select = strategy.locator(".p-select-button__control")
    assert select.inner_text().strip() == "auto"  # the enum's default
    page.screenshot(path=str(test_output_dir / "e2e-ask-run-form.png"), full_page=True)
    # This select opens with focus + ArrowDown (a click does not open it).
    select.focus()
    page.keyboard.press("ArrowDown")
    options = page.get_by_role("option")
    options.last.wait_for(timeout=10_000)
    assert options.all_inner_texts() == ["auto", "direct", "single", "iterative", "graph"]
    page.screenshot(path=str(test_output_dir / "e2e-ask-strategy-open.png"), full_page=True)
    page.close()


def test_the_flow_run_page_shows_the_answer_artifact(deployed, ask_run, browser, test_output_dir):
    artifacts = api(
        deployed.server, "POST", "/artifacts/filter",
        {"artifacts": {"flow_run_id": {"any_": [ask_run["id"]]}, "type": {"any_": ["markdown"]}}},
    )  # fmt: skip
    (artifact,) = artifacts
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{deployed.server.url}/runs/flow-run/{ask_run['id']}")
    page.get_by_text("Artifacts", exact=True).first.click(timeout=60_000)
    page.screenshot(path=str(test_output_dir / "e2e-ask-run-artifacts.png"), full_page=True)
    page.get_by_text(artifact["key"], exact=True).first.click(timeout=30_000)
    first_line = next(line for line in artifact["data"].splitlines()[1:] if line.strip())
    page.get_by_text(deployed.question).first.wait_for(timeout=30_000)
    page.get_by_text(" ".join(first_line.split()[:4])).first.wait_for(timeout=10_000)  # the answer
    page.screenshot(path=str(test_output_dir / "e2e-ask-artifact.png"), full_page=True)
    page.close()
