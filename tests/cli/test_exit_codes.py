"""Exit codes that tell the truth (README "Exit codes"), and the Prefect run agrees.

0: every item succeeded (refusals are answers); 1: some items failed, the summary counts
them; 2: a usage error. A run that exits non-zero ends Failed in Prefect, so nightly
monitoring never sees success for a batch whose every row failed. Real `finrag` processes
against the test process's Prefect server and a copy of the sample store.
"""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
import pytest

from tests.cli.test_errors import finrag, one_line_error, store_copy, store_env  # noqa: F401 - fixtures
from tests.support.prefect_server import REPO, shared_prefect_server

pytestmark = pytest.mark.slow


def _runs(**parameters: str) -> list[dict]:
    """Flow runs of the shared server whose parameters include these."""
    response = httpx.post(f"{shared_prefect_server().api_url}/flow_runs/filter",
                          json={"sort": "EXPECTED_START_TIME_DESC", "limit": 200}, timeout=30)
    response.raise_for_status()
    # a flow whose parameters are one form (compare's `request`) carries them one level down
    return [r for r in response.json()
            if parameters.items() <= {**r["parameters"], **(r["parameters"].get("request") or {})}.items()]


@pytest.fixture
def no_questions(tmp_path):
    path = tmp_path / "no-questions.jsonl"
    path.write_text('{"gold": "1"}\n{"answer": "2", "id": "b"}\n', encoding="utf-8")
    return path


def test_a_batch_whose_every_row_failed_exits_1_and_its_run_is_failed(tmp_path, store_env, no_questions):  # noqa: F811
    out = tmp_path / "out"
    run = finrag("batch", str(no_questions), "--out", str(out), env=store_env)
    assert run.rc == 1, run.err[-2000:]
    assert "failed 2" in run.out
    assert f"finrag batch: 2 of 2 questions failed (reasons in {out / 'results.csv'})" in run.lines
    [flow_run] = _runs(out_dir=str(out))
    assert (flow_run["state"]["type"], flow_run["state"]["message"]) == ("FAILED", "2 of 2 questions failed")


def test_refusals_are_answers_and_exit_0(tmp_path, store_env, sample_dir):  # noqa: F811
    first = json.loads((sample_dir / "questions.jsonl").read_text(encoding="utf-8").splitlines()[0])
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"question": first["question"]}) + "\n"
                         + json.dumps({"question": "What was Zyxwv Quantum Holdings' revenue in FY2023?"}) + "\n",
                         encoding="utf-8")
    out = tmp_path / "out"
    run = finrag("batch", str(questions), "--out", str(out), "--strategy", "single", env=store_env)
    statuses = [json.loads(line)["answer"]["status"] for line in (out / "results.jsonl").read_text().splitlines()]
    assert "failed" not in statuses and set(statuses) - {"answered"}, statuses  # a refusal among them
    assert run.rc == 0, run.err[-2000:]
    [flow_run] = _runs(out_dir=str(out))
    assert flow_run["state"]["type"] == "COMPLETED"


def test_a_comparison_whose_rows_all_failed_exits_1(tmp_path, store_env, no_questions):  # noqa: F811
    out = tmp_path / "cmp"
    run = finrag("compare", str(no_questions), "--out", str(out), env=store_env)
    assert run.rc == 1, run.err[-2000:]
    assert any(line.startswith("finrag compare: questions answered `failed`: single 2, iterative 2, auto 2")
               for line in run.lines), run.err[-2000:]
    [flow_run] = _runs(out_dir=str(out))
    assert flow_run["state"]["type"] == "FAILED"


def test_a_nightly_file_whose_rows_all_failed_ends_the_nightly_run_failed(tmp_path, store_env, store_copy,  # noqa: F811
                                                                           no_questions):
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    no_questions.rename(inbox / "team.jsonl")
    (inbox / "team.csv").write_text("question,gold\n,1\n", encoding="utf-8")  # same stem: its own folder
    code = ("from flows.nightly import nightly_batch; import sys; "
            f"s = nightly_batch(inbox={str(inbox)!r}, out_root={str(tmp_path / 'nightly')!r}, "
            f"store={str(store_copy)!r}, return_state=True); print(s.type.value, s.message)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=store_env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().splitlines()[-1] == (
        "FAILED 2 of 2 question files answered; with failed questions: team.csv (1 of 1 question failed), "
        "team.jsonl (2 of 2 questions failed). Questions: 0 answered, 0 refused")
    [nightly] = _runs(inbox=str(inbox))
    assert nightly["state"]["type"] == "FAILED"
    assert not list(inbox.glob("team.*"))  # answered: moved to processed/
    [day] = (tmp_path / "nightly").iterdir()
    assert sorted(p.name for p in day.iterdir()) == ["team.csv", "team.jsonl"]
    # each file's own results (one folder each: neither overwrote the other's)
    assert [len((day / f / "results.jsonl").read_text().splitlines()) for f in ("team.csv", "team.jsonl")] == [1, 2]


def test_a_corrupt_catalog_stops_a_batch_with_one_line_before_any_work(tmp_path, store_env, store_copy,  # noqa: F811
                                                                        no_questions):
    catalog = store_copy / "catalog.json"
    kept = catalog.read_bytes() if catalog.exists() else None
    catalog.write_text('{"aliases": {"Amex": ', encoding="utf-8")
    try:
        run = finrag("batch", str(no_questions), "--out", str(tmp_path / "out"), env=store_env)
    finally:
        catalog.write_bytes(kept) if kept is not None else catalog.unlink()
    one_line_error(run, f"{catalog}: not a valid catalog file")
    assert not (tmp_path / "out").exists()
