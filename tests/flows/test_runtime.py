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

@flow(name="bad-file")
def bad_file() -> None:
    from flows.batch_io import BatchFormatError

    raise BatchFormatError("q.jsonl:3: not valid JSON (Unterminated string starting at: line 1 column 14)")

with temporary_server():
    print(hello())
    state = bad_file(return_state=True)
    print(state.type.value, state.message)
print("telemetry", is_telemetry_enabled())
"""


def test_a_run_on_the_temporary_server_logs_no_link_to_it_no_traceback_for_a_bad_file_and_no_usage(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_") and k != "DO_NOT_TRACK"}
    env.update(PYTHONPATH=str(REPO), PREFECT_HOME=str(tmp_path / "prefect"))
    for ci in ("CI", "GITHUB_ACTIONS", "GITLAB_CI"):  # Prefect stays quiet in CI anyway: test the default
        env.pop(ci, None)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Beginning flow run" in proc.stderr  # the run's log lines are shown...
    assert "View at" not in proc.stderr  # ...but no link to a server that is gone when we are
    assert proc.stdout.splitlines() == [
        "done",
        "FAILED Flow run encountered an exception: BatchFormatError: q.jsonl:3: not valid JSON "
        "(Unterminated string starting at: line 1 column 14)",
        "telemetry False",
    ]
    # the user's file error is one line in the run's log, not a traceback
    assert "Traceback" not in proc.stderr
    assert "failed: q.jsonl:3: not valid JSON (Unterminated string starting at: line 1 column 14)" in proc.stderr


def test_sigterm_inside_a_logging_handler_is_raised_after_it_leaves_the_handler_lock_free():
    """An exception raised inside a handler (between its lock's acquire and `try`) would keep
    the lock: every thread that logs afterwards hangs, and the interrupted run never ends."""
    import logging
    import os
    import signal
    import threading
    import time

    import pytest

    from flows.runtime import Interrupted, signals_as_interrupts

    class SignalsWhileEmitting(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.2)  # the signal arrives while this handler holds its lock

    handler = SignalsWhileEmitting()
    logger = logging.getLogger("test_runtime.sigterm")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        with signals_as_interrupts():
            logger.warning("a log line")  # not interrupted in here
            with pytest.raises(Interrupted):
                time.sleep(5)  # but right after
        free: list[bool] = []
        taker = threading.Thread(target=lambda: free.append(handler.lock.acquire(timeout=2)))
        taker.start()
        taker.join()
        assert free == [True]  # another thread can log
    finally:
        logger.removeHandler(handler)
