"""Runs take turns per store, on a real Prefect server: a run on another copy of the store
never waits behind a run that holds the first, and a run on the held store waits its turn,
its log saying which run it waits behind and since when, then completes."""

from __future__ import annotations

import contextvars
import json
import shutil
import threading
import time

import pytest
from prefect import flow
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows.answer_batch import answer_batch, open_run_services, settings_for
from flows.outcome import result_of
from tests.support.prefect_server import api, shared_prefect_server

release = threading.Event()


@flow(name="holds_the_store")
def holds_the_store(store: str) -> None:
    """A run that keeps its store until the test lets go (as a long batch would)."""
    with open_run_services(settings_for(store)):
        release.wait(timeout=120)


@pytest.fixture(scope="module")
def stores(tmp_path_factory, sample_store_copy):
    root = tmp_path_factory.mktemp("queue")
    copies = [root / "a" / "store", root / "b" / "store"]
    for copy in copies:
        shutil.copytree(sample_store_copy, copy, ignore=shutil.ignore_patterns(".finrag.lock"))
    return copies


@pytest.fixture(scope="module")
def questions_file(tmp_path_factory, sample_dir):
    first = json.loads((sample_dir / "questions.jsonl").read_text().splitlines()[0])
    path = tmp_path_factory.mktemp("queue-questions") / "one.jsonl"
    path.write_text(json.dumps({"id": "q1", "question": first["question"]}) + "\n")
    return path


def holder_of(store) -> dict:
    text = (store / ".finrag.lock").read_text() if (store / ".finrag.lock").exists() else ""
    return json.loads(text) if text.startswith("{") else {}


def test_runs_on_two_stores_never_wait_and_a_run_on_a_held_store_says_whom_it_waits_behind(
    stores, questions_file, tmp_path
):
    held, other = stores
    server = shared_prefect_server()
    release.clear()
    # The one global `store` limit of earlier versions, still on an operator's server: ignored.
    old_limit = "store" not in {g["name"] for g in api(server, "POST", "/v2/concurrency_limits/filter", {})}
    if old_limit:
        api(server, "POST", "/v2/concurrency_limits/", {"name": "store", "limit": 1})
    waiting: dict = {}
    try:
        with temporary_settings({PREFECT_API_URL: server.api_url}):
            # threads get this context (the server's settings), as Prefect's own task threads do
            holding = threading.Thread(target=contextvars.copy_context().run, args=(holds_the_store, str(held)))
            holding.start()
            deadline = time.monotonic() + 120
            while "holds_the_store" not in holder_of(held).get("what", ""):
                assert time.monotonic() < deadline and holding.is_alive(), "the holding run never opened its store"
                time.sleep(0.2)

            # Another copy of the store: answered while the first is held, without waiting.
            state = answer_batch(str(questions_file), str(tmp_path / "other"), "single", str(other), return_state=True)
            assert state.is_completed(), state.message
            assert result_of(state).total == 1
            assert holding.is_alive() and "holds_the_store" in holder_of(held)["what"]  # still held meanwhile

            # The held store: this run waits its turn, and says behind whom and since when.
            behind = threading.Thread(target=contextvars.copy_context().run, args=(lambda: waiting.update(
                state=answer_batch(str(questions_file), str(tmp_path / "held"), "single", str(held),
                                   return_state=True)),))
            behind.start()
            line = wait_for_log(server, f"waiting for the store at {held}, in use by the holds_the_store run '")
            assert " since " in line and " UTC (" in line, line
            assert behind.is_alive() and "state" not in waiting  # not done while the store is held
            release.set()
            holding.join(timeout=60)
            behind.join(timeout=180)
    finally:
        release.set()
        if old_limit:
            api(server, "DELETE", "/v2/concurrency_limits/store")
    assert waiting["state"].is_completed(), waiting["state"].message  # its turn came


def wait_for_log(server, text: str, timeout_s: float = 60) -> str:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        logs = api(server, "POST", "/logs/filter", {"logs": {"level": {"ge_": 20}}, "sort": "TIMESTAMP_DESC",
                                                    "limit": 200})
        hit = next((log["message"] for log in logs if text in log["message"]), None)
        if hit:
            return hit
        time.sleep(1)
    pytest.fail(f"no log line with {text!r}")
