"""The nightly inboxes: their bookkeeping, and the flows on a real Prefect server (deployed and
run by a worker in tests/e2e/test_nightly.py)."""

from __future__ import annotations

import json
import shutil

import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import (
    ArtifactFilter,
    ArtifactFilterFlowRunId,
    ArtifactFilterKey,
)
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows.nightly import ensure_inbox, move_to_failed, move_to_processed, question_files, today
from flows.outcome import result_of
from tests.support.prefect_server import shared_prefect_server


def test_only_question_files_directly_in_the_inbox_are_picked_up(tmp_path):
    inbox = ensure_inbox(tmp_path / "inbox" / "questions")  # created when missing
    for name in ("b.csv", "a.jsonl", "c.YAML", "notes.txt"):
        (inbox / name).write_text("x")
    (inbox / "processed" / "2026-01-01").mkdir(parents=True)
    (inbox / "processed" / "2026-01-01" / "old.csv").write_text("x")
    assert [p.name for p in question_files(inbox)] == ["a.jsonl", "b.csv", "c.YAML"]


def test_an_answered_file_moves_under_its_day_without_overwriting_an_earlier_one(tmp_path):
    first = tmp_path / "q.csv"
    first.write_text("first")
    moved = move_to_processed(first, "2026-12-01")
    assert moved == tmp_path / "processed" / "2026-12-01" / "q.csv" and not first.exists()
    again = tmp_path / "q.csv"
    again.write_text("second")
    moved_again = move_to_processed(again, "2026-12-01")
    assert moved_again.name == "q.1.csv"
    assert (moved.read_text(), moved_again.read_text()) == ("first", "second")


def test_a_long_failure_reason_is_shortened_in_the_nightly_summary_table():
    from flows.artifacts import REASON_CHARS
    from flows.nightly import FileOutcome, nightly_markdown

    reason = "bad.jsonl:1: not valid JSON (" + "x " * 400 + ")"
    row = nightly_markdown("2026-12-01", "0 of 1", [FileOutcome(file="bad.jsonl", status="failed", message=reason)])
    cell = row.splitlines()[-1].split(" | ")[-1].rstrip(" |")
    assert cell.endswith("…") and len(cell) <= REASON_CHARS  # a screen wide, not the whole reason


def test_a_file_that_cannot_be_used_moves_to_failed_beside_its_reason(tmp_path):
    bad = tmp_path / "q.jsonl"
    bad.write_text("not JSON")
    moved = move_to_failed(bad, "2026-12-01", "q.jsonl:1: not valid JSON (Expecting value)\n")
    assert moved == tmp_path / "failed" / "2026-12-01" / "q.jsonl" and not bad.exists()
    assert (moved.parent / "q.jsonl.reason.txt").read_text() == "q.jsonl:1: not valid JSON (Expecting value)\n"
    assert question_files(tmp_path) == []  # not picked up again


# --------------------------------------------------------------------------- the flows, on a real Prefect server


@pytest.fixture
def on_server():
    with temporary_settings({PREFECT_API_URL: shared_prefect_server().api_url}):
        yield


def test_a_pdf_that_cannot_be_read_moves_to_failed_with_its_reason_and_the_ingest_fails_once_without_retry(
    on_server, tmp_path, sample_dir, embedding_cache_dir, monkeypatch
):
    from flows.nightly import ingest_inbox

    monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))  # the sample's embeddings: no model work
    inbox = tmp_path / "reports"
    inbox.mkdir()
    good = sorted((sample_dir / "pdfs").glob("*.pdf"))[0]
    shutil.copy(good, inbox / good.name)
    (inbox / "corrupt.pdf").write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 40)
    store = str(tmp_path / "store")

    state = ingest_inbox(inbox=str(inbox), store=store, return_state=True)
    day = today()
    assert state.is_failed()  # red, with what failed and where it went
    assert state.message == f"1 of 2 documents failed; moved to failed/{day}/: corrupt.pdf"
    assert (inbox / good.name).exists() and not (inbox / "corrupt.pdf").exists()
    assert (inbox / "failed" / day / "corrupt.pdf").exists()
    reason = (inbox / "failed" / day / "corrupt.pdf.reason.txt").read_text()
    assert reason.strip() and reason.count("\n") == 1  # its one line
    with get_client(sync_client=True) as client:  # no retry: reading a bad file again fails the same way
        assert client.read_flow_run(state.state_details.flow_run_id).run_count == 1

    again = ingest_inbox(inbox=str(inbox), store=store, return_state=True)  # the next night
    assert again.is_completed(), again.message  # reported once, not every night
    assert [r.status for r in result_of(again)] == ["unchanged"]


def test_a_nightly_run_with_a_failed_file_or_row_is_failed_and_never_calls_a_partly_failed_file_answered(
    on_server, tmp_path, sample_dir, sample_store_copy, embedding_cache_dir, monkeypatch
):
    from flows.nightly import nightly_batch

    monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))
    question = json.loads((sample_dir / "questions.jsonl").read_text().splitlines()[0])["question"]
    inbox = tmp_path / "questions"
    inbox.mkdir()
    (inbox / "good.jsonl").write_text(json.dumps({"id": "g1", "question": question}) + "\n")
    (inbox / "partial.jsonl").write_text(json.dumps({"id": "p1", "question": question}) + "\n"
                                         + json.dumps({"id": "p2"}) + "\n")  # a row without a question
    (inbox / "bad.jsonl").write_text("this line is not JSON\n")

    state = nightly_batch(inbox=str(inbox), out_root=str(tmp_path / "out"), strategy="single",
                          store=str(sample_store_copy), return_state=True)
    day = today()
    assert state.is_failed()
    assert state.message.startswith("2 of 3 question files answered; failed: bad.jsonl; "
                                    "with failed questions: partial.jsonl ("), state.message
    outcomes = {o.file: o for o in result_of(state).files}
    assert {f: o.status for f, o in outcomes.items()} == {
        "bad.jsonl": "failed", "good.jsonl": "answered", "partial.jsonl": "answered with failures"}
    assert (outcomes["partial.jsonl"].answered, outcomes["good.jsonl"].answered) == (1, 1)
    # the bad file is out of the inbox, with its reason, so tomorrow's run does not fail on it again
    assert (inbox / "failed" / day / "bad.jsonl").exists() and not (inbox / "bad.jsonl").exists()
    assert "not valid JSON" in (inbox / "failed" / day / "bad.jsonl.reason.txt").read_text()
    assert outcomes["bad.jsonl"].moved_to == str(inbox / "failed" / day)
    assert sorted(p.name for p in (inbox / "processed" / day).iterdir()) == ["good.jsonl", "partial.jsonl"]

    with get_client(sync_client=True) as client:  # the summary artifact counts them
        (artifact,) = client.read_artifacts(
            artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=["nightly-summary"]),
                                           flow_run_id=ArtifactFilterFlowRunId(any_=[state.state_details.flow_run_id])))
    assert state.message in artifact.data
    assert "| partial.jsonl | answered with failures | 1 |" in artifact.data
    assert "| bad.jsonl | failed |" in artifact.data
