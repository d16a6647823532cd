"""Nightly runs an operator can leave alone, on a real Prefect server deployed from prefect.yaml:
an empty inbox is a success with nothing to do, a bad question file fails alone, an answered
file moves to processed/YYYY-MM-DD/, and a failure reaches the operator's webhook.

The runs get their inbox and output folders as parameters (in temporary folders), as an
operator overriding the deployment's defaults would; the deploy step's own inboxes are in
the repository's data/ folder.
"""

from __future__ import annotations

import json
import subprocess
import time
from datetime import UTC, datetime

import pytest

from tests.e2e.conftest import open_artifact
from tests.support.prefect_server import REPO, VENV_BIN, api, wait_for_run
from tests.support.webhook import WebhookReceiver

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def webhook(deployed):
    receiver = WebhookReceiver()
    # The operator's one-time step (README): the block the failure automation sends through.
    subprocess.run(
        [str(VENV_BIN / "python"), "-m", "flows.nightly", receiver.url],
        cwd=REPO, env=deployed.env | {"PYTHONPATH": str(REPO)}, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    yield receiver
    receiver.close()


def run_deployment(deployed, name: str, parameters: dict) -> dict:
    run = api(deployed.server, "POST", f"/deployments/{deployed.deployments[name]}/create_flow_run",
              {"parameters": parameters})  # fmt: skip
    return wait_for_run(deployed.server, run["id"], timeout_s=300)


def automation_runs(deployed, run_ids: list[str], timeout_s: float = 180) -> list[dict]:
    """The failure automation's `notify-failure` runs about these runs, once all have ended."""
    deadline = time.monotonic() + timeout_s
    while True:
        runs = api(deployed.server, "POST", "/flow_runs/filter",
                   {"flow_runs": {"deployment_id": {"any_": [deployed.deployments["notify-failure"]]}}})  # fmt: skip
        about = [r for r in runs if r["parameters"].get("flow_run_id", "").rpartition(".")[2] in run_ids]
        ended = all(r["state"]["type"] in ("COMPLETED", "FAILED", "CRASHED") for r in about)
        if (len(about) >= len(run_ids) and ended) or time.monotonic() > deadline:
            return about
        time.sleep(2)


def worker_log(deployed) -> str:
    return (deployed.server.home / "worker.log").read_text(errors="replace")[-4000:]


def test_deploy_creates_the_inboxes_and_empty_nightly_runs_succeed(deployed, tmp_path):
    assert (REPO / "data" / "inbox" / "questions").is_dir()  # prefect.yaml's build step
    assert (REPO / "data" / "inbox" / "reports").is_dir()
    questions, reports = tmp_path / "inbox" / "questions", tmp_path / "inbox" / "reports"
    batch = run_deployment(deployed, "batch-nightly", {"inbox": str(questions), "out_root": str(tmp_path / "out")})
    ingest = run_deployment(deployed, "ingest-nightly", {"inbox": str(reports)})
    for run in (batch, ingest):
        assert run["state"]["type"] == "COMPLETED", f"{run['name']}: {run['state']}\n{worker_log(deployed)}"
    assert questions.is_dir() and reports.is_dir()  # a first run creates a missing inbox
    logs = api(deployed.server, "POST", "/logs/filter", {"logs": {"flow_run_id": {"any_": [batch["id"]]}}})
    assert any("nothing to do" in log["message"] for log in logs)


def test_a_bad_file_fails_alone_the_good_one_is_answered_and_moved(
    deployed, webhook, tmp_path, browser, test_output_dir
):
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "good.jsonl").write_text(json.dumps({"id": "g1", "question": deployed.question}) + "\n")
    (inbox / "bad.jsonl").write_text("this line is not JSON\n")
    out = tmp_path / "out"

    run = run_deployment(deployed, "batch-nightly", {"inbox": str(inbox), "out_root": str(out)})
    # A file failed, so the nightly run is Failed (monitoring must not see success); its
    # message says which file.
    assert run["state"]["type"] == "FAILED", f"{run['state']}\n{worker_log(deployed)}"
    assert run["state"]["message"] == "1 of 2 question files answered; failed: bad.jsonl. Questions: 1 answered, 0 refused"
    children = api(deployed.server, "POST", "/flow_runs/filter",
                   {"flow_runs": {"parent_flow_run_id": {"any_": [run["id"]]}}})  # fmt: skip
    if not children:  # subflow runs link to their parent through a task run in the parent
        tasks = api(deployed.server, "POST", "/task_runs/filter",
                    {"task_runs": {"flow_run_id": {"any_": [run["id"]]}}})  # fmt: skip
        children = api(deployed.server, "POST", "/flow_runs/filter",
                       {"flow_runs": {"parent_task_run_id": {"any_": [t["id"] for t in tasks]}}})  # fmt: skip
    states = {c["name"]: c["state"]["type"] for c in children}
    assert states == {"good.jsonl": "COMPLETED", "bad.jsonl": "FAILED"}, states

    day = datetime.now(UTC).date().isoformat()
    assert (inbox / "processed" / day / "good.jsonl").exists()
    assert not (inbox / "good.jsonl").exists()
    assert not (inbox / "bad.jsonl").exists()  # out of the inbox, so it fails once, not every night
    assert "not valid JSON" in (inbox / "failed" / day / "bad.jsonl.reason.txt").read_text()
    records = [json.loads(line) for line in (out / day / "good.jsonl" / "results.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == ["g1"]

    # One alert for the night (not one more for bad.jsonl's own run, nor for the automation's
    # view of the parent): deployment, day, counts, the file's reason, the run's link.
    alert = webhook.wait_for("bad.jsonl")
    assert alert is not None, f"no webhook call; received {webhook.bodies}\n{worker_log(deployed)}"
    assert alert["subject"] == f"FinRAG batch-nightly {day}: 1 of 2 files failed"
    assert alert["body"].splitlines()[0].startswith("- bad.jsonl: ") and "not valid JSON" in alert["body"]
    assert alert["body"].splitlines()[-1] == f"Run: {deployed.server.url}/runs/flow-run/{run['id']}"
    notified = automation_runs(deployed, [run["id"], *(c["id"] for c in children if c["name"] == "bad.jsonl")])
    assert len(notified) == 2 and all(r["state"]["type"] == "COMPLETED" for r in notified), notified
    about_bad = [b for b in webhook.bodies if "bad.jsonl" in json.dumps(b)]
    assert len(about_bad) == 1, about_bad
    assert not any("good.jsonl" in json.dumps(b) for b in webhook.bodies)

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    open_artifact(page, deployed.server, run["id"], "nightly-summary")
    page.get_by_text("1 of 2 question files answered; failed: bad.jsonl").first.wait_for(timeout=30_000)
    page.screenshot(path=str(test_output_dir / "e2e-nightly-summary.png"), full_page=True)
    page.goto(f"{deployed.server.url}/runs/flow-run/{run['id']}")
    page.get_by_text("Subflow Runs", exact=True).first.click(timeout=60_000)
    page.get_by_text("bad.jsonl", exact=True).first.wait_for(timeout=30_000)
    page.screenshot(path=str(test_output_dir / "e2e-nightly-file-runs.png"), full_page=True)
    page.close()
