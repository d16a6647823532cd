"""A plan review nobody answers: the run pauses for FINRAG_REVIEW_TIMEOUT, then fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from finrag.models import Answer, Question
from flows.artifacts import answer_markdown
from flows.plan_review import PlanReviewer

REPO = Path(__file__).resolve().parents[2]

# The ask flow's reviewer in a flow of its own (no store needed), on a temporary server,
# in a process of its own (Prefect reads its settings once per process).
SCRIPT = """
from flows.runtime import prefect_defaults, temporary_server
prefect_defaults()
from prefect import flow
from finrag.config import load_settings
from finrag.models import PlannedSearches
from flows.plan_review import PlanReviewer

@flow(name="unreviewed")
def unreviewed() -> None:
    reviewer = PlanReviewer(key="plan-review-0", timeout_s=load_settings().review_timeout_s)
    try:
        reviewer(PlannedSearches(question="What was Acme's revenue?", planned=["Acme revenue fiscal 2023"]))
    finally:
        print("timed out:", reviewer.timed_out, "paused:", reviewer.paused_s >= 2)

with temporary_server():
    state = unreviewed(return_state=True)
    print(state.type.value, state.message)
"""


def test_a_review_nobody_resumes_fails_the_run_after_the_configured_timeout(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "FINRAG_"))}
    env.update(PYTHONPATH=str(REPO), PREFECT_HOME=str(tmp_path / "prefect"), FINRAG_REVIEW_TIMEOUT="2")
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    timed_out, state = proc.stdout.splitlines()
    assert timed_out == "timed out: True paused: True"  # the ask flow then fails its run (flows/ask.py)
    # Failed, by Prefect's server when the pause expires ("never resumed") or by the reviewer's error
    assert state.startswith("FAILED") and "resumed" in state
    assert "Traceback" not in proc.stderr  # the user's (un)doing: one line


def test_latency_leaves_out_the_wait_for_the_analyst_and_records_it_apart():
    reviewer = PlanReviewer(key="plan-review-0", timeout_s=1800)
    reviewer.paused_s = 600.25  # ten minutes with the analyst
    answer = reviewer.timed(Answer(status="answered", answer="x", strategy="iterative", latency_s=602.5))
    assert (answer.latency_s, answer.review_wait_s) == (2.25, 600.25)
    assert "2.25 s (and 600 s waiting for the plan review)" in answer_markdown(Question(id="q", question="q?"), answer)
