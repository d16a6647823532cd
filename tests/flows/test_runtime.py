"""How a `finrag` process runs its flows: what the terminal shows of Prefect."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# A flow run on the temporary server, as `finrag batch` does it, in a process of its own
# (Prefect reads its settings once per process).
SCRIPT = """
from flows.runtime import prefect_defaults, temporary_server
prefect_defaults()
from prefect import flow
from prefect._internal.analytics.enabled import is_telemetry_enabled

@flow(name="hello")
def hello() -> str:
    return "done"

with temporary_server():
    print(hello())
print("telemetry", is_telemetry_enabled())
"""


def test_a_run_on_the_temporary_server_logs_no_link_to_it_and_reports_no_usage(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_") and k != "DO_NOT_TRACK"}
    env.update(PYTHONPATH=str(REPO), PREFECT_HOME=str(tmp_path / "prefect"))
    for ci in ("CI", "GITHUB_ACTIONS", "GITLAB_CI"):  # Prefect stays quiet in CI anyway: test the default
        env.pop(ci, None)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Beginning flow run" in proc.stderr  # the run's log lines are shown...
    assert "View at" not in proc.stderr  # ...but no link to a server that is gone when we are
    assert proc.stdout.splitlines() == ["done", "telemetry False"]
