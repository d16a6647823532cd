"""A real Prefect server on loopback for tests: random free port, its own PREFECT_HOME.

Starting one takes ~20 s, so a test process shares one (`shared_prefect_server`) and
stops it at exit. Subprocesses (CLI runs, workers, `prefect deploy`) get `server.env`,
which points them at this server instead of a temporary one of their own.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = REPO / ".venv" / "bin"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PrefectServer:
    home: Path
    port: int
    process: subprocess.Popen
    children: list[subprocess.Popen] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.url}/api"

    @property
    def env(self) -> dict[str, str]:
        """Environment for subprocesses that should talk to this server."""
        env = dict(os.environ)
        env.update(
            PREFECT_HOME=str(self.home),
            PREFECT_API_URL=self.api_url,
            PREFECT_SERVER_ANALYTICS_ENABLED="false",
            PREFECT_LOGGING_TO_API_BATCH_INTERVAL="0.5",
            HF_HUB_OFFLINE="1",
            TRANSFORMERS_OFFLINE="1",
            PATH=f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}",
        )
        return env

    def start_child(self, args: list[str], log_name: str, **kwargs) -> subprocess.Popen:
        """A long-running helper (e.g. a worker) stopped together with the server."""
        log = (self.home / log_name).open("wb")
        proc = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **kwargs
        )
        self.children.append(proc)
        return proc

    def stop(self) -> None:
        for proc in [*self.children, self.process]:
            stop_process_group(proc)
        self.children.clear()


def stop_process_group(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a process we started in its own session, and everything it started."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=timeout)
    except ProcessLookupError:
        pass


def start_prefect_server(home: Path, timeout_s: float = 240) -> PrefectServer:
    home.mkdir(parents=True, exist_ok=True)
    port = free_port()
    env = dict(
        os.environ,
        PREFECT_HOME=str(home),
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
        PREFECT_SERVER_API_HOST="127.0.0.1",
        PREFECT_SERVER_API_PORT=str(port),
        # The UI calls the API at this address; its default is port 4200.
        PREFECT_UI_API_URL=f"http://127.0.0.1:{port}/api",
    )
    env.pop("PREFECT_API_URL", None)
    log = (home / "server.log").open("wb")
    proc = subprocess.Popen(
        [str(VENV_BIN / "prefect"), "server", "start", "--host", "127.0.0.1", "--port", str(port)],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    server = PrefectServer(home=home, port=port, process=proc)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"prefect server exited: {(home / 'server.log').read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{server.api_url}/health", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            pass
        time.sleep(0.5)
    server.stop()
    raise RuntimeError(f"prefect server not healthy after {timeout_s} s")


_shared: PrefectServer | None = None


def shared_prefect_server() -> PrefectServer:
    """One server per test process, started on first use and stopped at exit."""
    global _shared
    if _shared is None or _shared.process.poll() is not None:
        home = Path(tempfile.mkdtemp(prefix="finrag-prefect-"))
        _shared = start_prefect_server(home)
        atexit.register(_shared.stop)
    return _shared


def _retryable(exc: BaseException) -> bool:
    # Prefect's server answers 503 for the errors "clients can retry on" (a busy SQLite
    # database under a loaded CI machine): the request did nothing, so it is sent again
    return isinstance(exc, urllib.error.HTTPError) and exc.code == 503


@retry(retry=retry_if_exception(_retryable), stop=stop_after_attempt(6), wait=wait_exponential(min=0.5, max=8),
       reraise=True)
def api(server: PrefectServer, method: str, path: str, body: dict | None = None):
    """One call to the server's REST API, JSON in and out."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{server.api_url}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


FINAL_STATES = ("COMPLETED", "FAILED", "CRASHED", "CANCELLED")


def wait_for_run(server: PrefectServer, run_id: str, timeout_s: float = 240, states=FINAL_STATES) -> dict:
    """Poll a flow run until its state type is one of `states` (or the time is up)."""
    deadline = time.monotonic() + timeout_s
    run = api(server, "GET", f"/flow_runs/{run_id}")
    while run["state"]["type"] not in states and time.monotonic() < deadline:
        time.sleep(2)
        run = api(server, "GET", f"/flow_runs/{run_id}")
    return run
