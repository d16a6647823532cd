"""How a `finrag` process runs its flows: Prefect defaults, the temporary server, signals.

- `prefect_defaults()`: what the Makefile exports, for people who call `finrag` directly
  (analytics off — its first-run SQLite writes race the first flow run and print pages of
  "database is locked" —, the client's usage notice off, a start-up timeout for a busy
  machine, PREFECT_HOME under data/).
  Values already set win.
- `temporary_server()`: without PREFECT_API_URL, flows run on Prefect's temporary local
  server. It is started here, up front, and a small watchdog process stops it if this
  process dies without cleaning up (kill -9): the server (~200 MB) never outlives us.
- `user_errors_in_one_line()`: a run failing on the user's file logs one line, not a traceback.
- `signals_as_interrupts()`: SIGTERM (what `timeout`, systemd and CI send) is turned into
  the same KeyboardInterrupt as Ctrl-C, so `finally` blocks run: Prefect marks the flow run
  Crashed, the store is closed and the temporary server stopped.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType

PREFECT_DEFAULTS = {
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120",
    # The temporary server shares our stderr; stopping it mid-flush (the run is over, or was
    # interrupted) logs cancelled-write tracebacks that are no concern of the user's.
    "PREFECT_SERVER_LOGGING_LEVEL": "CRITICAL",
    # The client's own usage reporting, and its first-run notice on the terminal ("Prefect
    # collects anonymous usage data..."): the server setting above does not cover it.
    "DO_NOT_TRACK": "1",
}


def prefect_defaults(environ: MutableMapping[str, str] | None = None) -> None:
    """Set the Makefile's Prefect defaults where the environment does not say otherwise.

    Must run before Prefect is imported: it reads its settings once.
    """
    environ = os.environ if environ is None else environ
    for name, value in PREFECT_DEFAULTS.items():
        environ.setdefault(name, value)
    if not environ.get("PREFECT_HOME"):
        environ["PREFECT_HOME"] = str(Path("data/prefect").resolve())
    Path(environ["PREFECT_HOME"]).mkdir(parents=True, exist_ok=True)


class UserErrorsInOneLine(logging.Filter):
    """A run that fails on the user's file or setting (a bad question file, an unreadable
    PDF): Prefect logs "Encountered exception during execution" with the whole traceback,
    which the run page then shows; the person reading it needs the error's one line. Other
    exceptions are bugs and keep their traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        err = record.exc_info[1] if record.exc_info else None
        if err is not None and isinstance(err, _user_errors()):
            lines = [line.strip() for line in str(err).splitlines() if line.strip()]
            record.msg, record.args = "failed: %s", (lines[0] if lines else type(err).__name__,)
            record.exc_info, record.exc_text = None, None
        return True


def _user_errors() -> tuple[type[BaseException], ...]:
    from finrag.config import ConfigError
    from finrag.errors import UserError
    from loaders.errors import LoadError

    return (UserError, LoadError, ConfigError)


def user_errors_in_one_line() -> None:
    """Install the filter on the loggers Prefect's engines log run failures to (once)."""
    for name in ("prefect.flow_runs", "prefect.task_runs"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, UserErrorsInOneLine) for f in logger.filters):
            logger.addFilter(UserErrorsInOneLine())


class Interrupted(KeyboardInterrupt):
    """The process was asked to stop (SIGTERM or SIGINT)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def signals_as_interrupts() -> Iterator[None]:
    """SIGTERM and SIGINT raise `Interrupted` once in the main thread; repeats are ignored
    while the run cleans up (a kill -9 is still the way to stop it at once)."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if _holding_a_lock(frame):
            # An exception raised between a lock's acquire and its `try` leaves the lock held for
            # good (a logging handler's: every other thread that logs then hangs, and the run
            # with it). Ask again in a moment, outside that section.
            again = threading.Timer(0.05, os.kill, (os.getpid(), signum))
            again.daemon = True
            again.start()
            return
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise Interrupted(signum)

    previous = {s: signal.signal(s, interrupt) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


# Code that takes a lock with `acquire()` and only then enters its `try`: logging's handlers
# (and rich's console, which Prefect's handler prints with). Waiting in threading's primitives
# is safe to interrupt, and is where the main thread spends a batch.
_LOCKING_CODE = (os.sep + "logging" + os.sep, os.sep + "rich" + os.sep)


def _holding_a_lock(frame: FrameType | None, depth: int = 12) -> bool:
    """The interrupted code, or one of its callers close above, is a logging handler or rich's
    console: places that hold a lock while they run."""
    while frame is not None and depth > 0:
        if any(part in frame.f_code.co_filename for part in _LOCKING_CODE):
            return True
        frame, depth = frame.f_back, depth - 1
    return False


def exit_code(interrupted: KeyboardInterrupt) -> int:
    """The shell's convention: 128 + the signal number (130 for Ctrl-C, 143 for SIGTERM)."""
    return 128 + getattr(interrupted, "signum", signal.SIGINT)


# The watchdog is its own tiny process: it polls for its parent to go away (then it is
# re-parented and getppid() changes) and stops the server, checking first that the pid
# is still that server's (pids are reused).
_WATCHDOG = """
import os, signal, sys, time
parent, server, port = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
while os.getppid() == parent:
    time.sleep(0.5)
def ours():
    try:
        with open(f"/proc/{server}/cmdline", "rb") as f:
            cmdline = f.read()
    except OSError:
        return False
    return b"uvicorn" in cmdline and port.encode() in cmdline
if ours():
    os.kill(server, signal.SIGTERM)
    for _ in range(50):
        time.sleep(0.1)
        if not ours():
            break
    else:
        os.kill(server, signal.SIGKILL)
"""


def uses_temporary_server(environ: MutableMapping[str, str] | None = None) -> bool:
    environ = os.environ if environ is None else environ
    return not environ.get("PREFECT_API_URL")


@contextmanager
def temporary_server() -> Iterator[None]:
    """Start Prefect's temporary server now (not inside the first flow run), tie its life to
    this process, and stop it on the way out. A no-op when PREFECT_API_URL names a server."""
    if not uses_temporary_server():
        yield
        return
    from prefect.server.api.server import SubprocessASGIServer
    from prefect.settings import get_current_settings

    server = SubprocessASGIServer()  # the instance Prefect's clients use in ephemeral mode
    server.start(timeout=get_current_settings().server.ephemeral.startup_timeout_seconds)
    watchdog = None
    if server.server_process is not None:
        watchdog = subprocess.Popen(
            [sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(server.server_process.pid), str(server.port)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,  # a Ctrl-C to our process group must not stop it first
        )
    # Dask worker processes inherit the environment: they use this server instead of
    # each starting its own (~20 s each here, and invisible in this run's UI).
    # No UI link either: Prefect logs "View at <url>" for every flow run, and this server is
    # gone when the command ends (an empty UI URL is Prefect's "no UI to link to").
    from prefect.settings import PREFECT_API_URL, PREFECT_UI_URL, temporary_settings

    ui_url = os.environ.get("PREFECT_UI_URL")
    os.environ["PREFECT_API_URL"] = server.api_url
    os.environ["PREFECT_UI_URL"] = ""
    try:
        with temporary_settings({PREFECT_API_URL: server.api_url, PREFECT_UI_URL: ""}):
            yield
    finally:
        os.environ.pop("PREFECT_API_URL", None)
        if ui_url is None:
            os.environ.pop("PREFECT_UI_URL", None)
        else:
            os.environ["PREFECT_UI_URL"] = ui_url
        _drain_prefect_workers()  # logs and events still queued go out while the server is up
        server.stop()
        if watchdog is not None:
            watchdog.terminate()
            watchdog.wait(timeout=5)


def _drain_prefect_workers(timeout_s: float = 5.0) -> None:
    """Send the run's queued logs and events now: after the server stops they would be
    retried for over a minute at exit, then reported as "Error logging to API"."""
    from prefect.events.worker import EventsWorker
    from prefect.logging.handlers import APILogWorker

    for worker in (APILogWorker, EventsWorker):
        with suppress(Exception):  # best effort: nothing left to send is the usual case
            worker.drain_all(timeout=timeout_s)
