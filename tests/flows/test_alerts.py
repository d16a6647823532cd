"""Alerts worth reading (issue 24 #3), on a real Prefect server with a real webhook receiver on
loopback: one alert per nightly run with the deployment, the day, the counts, each failed file's
one-line reason and the run's link; a failure is reported once, not every night; nothing for a
run whose retry succeeded; the webhook's URL is never shown.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tests.support.prefect_server import api, shared_prefect_server
from tests.support.webhook import WebhookReceiver

pytestmark = pytest.mark.slow

SECRET_PATH = "/hooks/T0KEN-s3cr3t-PATH"


@pytest.fixture(scope="module")
def server():
    from prefect.settings import PREFECT_API_URL, temporary_settings

    server = shared_prefect_server()
    with temporary_settings({PREFECT_API_URL: server.api_url}):
        yield server


@pytest.fixture(scope="module")
def webhook(server):
    from flows.nightly import main

    receiver = WebhookReceiver(path=SECRET_PATH)
    main([receiver.url])  # the operator's one-time step (README)
    yield receiver
    receiver.close()


@pytest.fixture
def received(webhook):
    """The bodies posted during one test."""
    webhook.bodies.clear()
    return webhook.bodies


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def child_runs(server, parent_id: str) -> list[dict]:
    """Subflow runs link to their parent through a task run in the parent."""
    tasks = api(server, "POST", "/task_runs/filter", {"task_runs": {"flow_run_id": {"any_": [parent_id]}}})
    return api(server, "POST", "/flow_runs/filter",
               {"flow_runs": {"parent_task_run_id": {"any_": [t["id"] for t in tasks]}}})  # fmt: skip


def automation_would_notify(run: dict) -> None:
    """What the failure automation in prefect.yaml does on a run's Failed event."""
    from flows.nightly import notify_failure

    notify_failure(flow_run=run["name"], flow_run_id=f"prefect.flow-run.{run['id']}", state=run["state"]["name"],
                   message=run["state"]["message"] or "")  # fmt: skip


def test_the_alert_block_keeps_the_webhook_url_secret(server, webhook, capsys):
    from flows.nightly import main

    main([webhook.url])
    printed = capsys.readouterr()
    assert "POST http://127.0.0.1:" in printed.out
    assert "T0KEN" not in printed.out + printed.err
    blocks = api(server, "POST", "/block_documents/filter", {"block_documents": {"name": {"any_": ["finrag-alerts"]}}})
    assert blocks and "T0KEN" not in json.dumps(blocks)  # masked in the API (and the UI reading it)


def test_one_alert_per_nightly_run_and_an_unfixed_file_is_not_reported_again(server, received, tmp_path):
    from flows.nightly import nightly_batch

    inbox = tmp_path / "inbox"
    inbox.mkdir()
    dropped = {"bad.jsonl": "this line is not JSON\n", "bad.yaml": "- [unclosed\n"}

    def night() -> dict:
        for name, text in dropped.items():  # left in the inbox, or (moved to failed/) dropped again
            if not (inbox / name).exists():
                (inbox / name).write_text(text)
        state = nightly_batch(inbox=str(inbox), out_root=str(tmp_path / "out"), return_state=True)
        assert state.is_failed()
        return api(server, "GET", f"/flow_runs/{state.state_details.flow_run_id}")

    run = night()
    assert len(received) == 1, received  # not one per file, not one more for the parent
    alert = received[0]
    assert alert["subject"] == f"FinRAG nightly_batch {today()}: 2 of 2 files failed"
    lines = alert["body"].splitlines()
    assert lines[0].startswith("- bad.jsonl: bad.jsonl:1: not valid JSON (Expecting value")
    assert lines[1].startswith("- bad.yaml: bad.yaml:")
    assert not any("Flow run encountered" in line or "Traceback" in line for line in lines)
    assert lines[-1] == f"Run: {server.url}/runs/flow-run/{run['id']}"
    # The failure automation fires for the nightly run and for each file's run: all stay quiet.
    for failed in [run, *child_runs(server, run["id"])]:
        assert failed["state"]["type"] == "FAILED"
        automation_would_notify(failed)
    assert len(received) == 1, received

    night()  # the same unfixed files the next night: the run is Failed, no alert
    assert len(received) == 1, received

    dropped["bad.jsonl"] = "{still broken\n"  # "fixed" into another mistake: reported
    (inbox / "bad.jsonl").unlink(missing_ok=True)
    night()
    assert len(received) == 2, received
    lines = received[1]["body"].splitlines()
    assert lines[0].startswith("- bad.jsonl: bad.jsonl:1: not valid JSON (Expecting property name")
    assert lines[1] == "Still failing, reported before: bad.yaml"


def test_an_alert_that_could_not_be_sent_goes_out_the_next_night(server, webhook, received, tmp_path):
    from flows.nightly import main, nightly_batch
    from tests.support.prefect_server import free_port

    inbox = tmp_path / "inbox"
    inbox.mkdir()

    def night():
        if not (inbox / "bad.jsonl").exists():  # left in the inbox, or (moved to failed/) dropped again
            (inbox / "bad.jsonl").write_text("this line is not JSON\n")
        state = nightly_batch(inbox=str(inbox), out_root=str(tmp_path / "out"), return_state=True)
        assert state.is_failed()
        return api(server, "GET", f"/flow_runs/{state.state_details.flow_run_id}")

    main([f"http://127.0.0.1:{free_port()}/down"])  # the receiver is down tonight
    try:
        run = night()
    finally:
        main([webhook.url])
    assert received == []
    # No nightly-alert artifact: the failure automation alerts for this run, as for any other.
    artifacts = api(server, "POST", "/artifacts/filter", {"artifacts": {"flow_run_id": {"any_": [run["id"]]}}})
    assert "nightly-alert" not in {a["key"] for a in artifacts}
    automation_would_notify(run)
    assert len(received) == 1 and received[0]["subject"].endswith(f"{run['name']} Failed")
    received.clear()
    night()  # and the next night's alert reports the failure (it was never reported by this run)
    assert len(received) == 1 and received[0]["body"].startswith("- bad.jsonl: bad.jsonl:1: not valid JSON")


def test_a_busy_store_retried_into_success_sends_nothing(server, received, tmp_path, sample_dir, monkeypatch,
                                                          embedding_cache_dir):  # fmt: skip
    import flows.ingest
    from finrag.store import StoreBusy
    from flows.nightly import ingest_inbox

    monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))
    inbox = tmp_path / "reports"
    inbox.mkdir()
    pdf = sorted((sample_dir / "pdfs").glob("*.pdf"))[0]
    (inbox / pdf.name).write_bytes(pdf.read_bytes())
    real, calls = flows.ingest.open_store, []

    def busy_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise StoreBusy("the store is in use by another process (pid 1)")
        return real(*args, **kwargs)

    monkeypatch.setattr(flows.ingest, "open_store", busy_once)
    state = ingest_inbox.with_options(retries=1, retry_delay_seconds=0)(
        inbox=str(inbox), store=str(tmp_path / "store"), return_state=True
    )
    assert state.is_completed() and len(calls) == 2
    run = api(server, "GET", f"/flow_runs/{state.state_details.flow_run_id}")
    busy = [c for c in child_runs(server, run["id"]) if c["state"]["type"] == "FAILED"]
    assert busy and "in use by another process" in busy[0]["state"]["message"]
    automation_would_notify(busy[0])  # the automation saw the first ingest fail
    automation_would_notify(run)
    assert received == []


def test_a_nightly_run_that_prefect_retries_alerts_only_on_its_last_attempt(server, received, tmp_path):
    from prefect import flow
    from prefect.logging import get_run_logger

    from finrag.store import StoreBusy
    from flows.alerts import FailedFile, alert_nightly

    attempts = []

    @flow(name="retried_nightly", retries=1, retry_delay_seconds=0)
    def retried_nightly() -> None:
        attempts.append(1)
        failure = FailedFile(file="q.csv", reason=f"attempt {len(attempts)}", key=str(len(attempts)))
        alert_nightly(tmp_path, "2026-12-01", 2, [failure], get_run_logger())
        if len(attempts) == 1:
            raise StoreBusy("the store is in use by another process")

    assert retried_nightly(return_state=True).is_completed() and len(attempts) == 2
    assert len(received) == 1, received  # the first attempt, which Prefect retried, said nothing
    assert received[0]["subject"] == "FinRAG retried_nightly 2026-12-01: 1 of 2 files failed"
    assert received[0]["body"].startswith("- q.csv: attempt 2")


def test_any_other_failed_run_gets_one_alert_with_its_reason_and_link(server, received, tmp_path):
    from flows.answer_batch import answer_batch

    questions = tmp_path / "team.jsonl"
    questions.write_text("{not json\n")
    state = answer_batch(questions_file=str(questions), out_dir=str(tmp_path / "out"), return_state=True)
    run = api(server, "GET", f"/flow_runs/{state.state_details.flow_run_id}")
    automation_would_notify(run)
    assert len(received) == 1, received
    alert = received[0]
    assert alert["subject"] == f"FinRAG answer_batch {today()}: {run['name']} Failed"
    first, link = alert["body"].splitlines()
    assert first.startswith(f"{run['name']} ended Failed: {questions}:1: not valid JSON")
    assert link == f"Run: {server.url}/runs/flow-run/{run['id']}"


def test_the_link_goes_to_the_operators_ui_and_there_is_none_from_a_temporary_server():
    from prefect.settings import PREFECT_API_URL, PREFECT_UI_URL, temporary_settings

    from flows.alerts import run_link

    with temporary_settings({PREFECT_API_URL: "http://prefect.internal:4200/api"}):
        assert run_link("abc") == "http://prefect.internal:4200/runs/flow-run/abc"  # the API's own UI
    with temporary_settings({PREFECT_UI_URL: "https://prefect.example.com"}):
        assert run_link("abc") == "https://prefect.example.com/runs/flow-run/abc"
    with temporary_settings({PREFECT_API_URL: "http://127.0.0.1:8734/api", PREFECT_UI_URL: ""}):  # runtime.py's
        assert run_link("abc") is None  # temporary server: gone by the time anyone reads the alert


def test_saving_the_webhook_again_sends_alerts_to_the_new_url(server, webhook):
    """The operator's step run again with another URL (a receiver moved): alerts go there."""
    import logging

    from flows.alerts import send
    from flows.nightly import main

    moved = WebhookReceiver(path=SECRET_PATH)
    try:
        main([moved.url])
        assert send("FinRAG test: moved", "body", logging.getLogger("test")) == "sent"
        assert [b["subject"] for b in moved.bodies] == ["FinRAG test: moved"]
    finally:
        main([webhook.url])  # the module's receiver again, for the tests after this one
        moved.close()
