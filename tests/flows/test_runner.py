"""`--runner local|dask[:ADDRESS]` / `--workers N` and their environment defaults."""

from __future__ import annotations

import os

import pytest

from cli.main import main
from finrag.config import load_settings
from flows.runner import Runner, RunnerError, parse_runner


def test_the_cli_value_wins_and_the_environment_fills_in(monkeypatch):
    assert parse_runner(None, None, load_settings()) == Runner(kind="local")
    cores = os.cpu_count() or 1
    assert parse_runner("dask", 1, load_settings()).report() == {"kind": "dask", "workers": 1}
    assert parse_runner("dask:tcp://10.0.0.5:8786", None, load_settings()).report() == {
        "kind": "dask", "address": "tcp://10.0.0.5:8786"}

    monkeypatch.setenv("FINRAG_RUNNER", "dask")
    monkeypatch.setenv("FINRAG_DASK_WORKERS", "3")
    assert parse_runner(None, None, load_settings()).report() == {"kind": "dask", "workers": min(3, cores)}
    assert parse_runner("local", None, load_settings()) == Runner(kind="local")
    monkeypatch.setenv("FINRAG_DASK_ADDRESS", "tcp://scheduler:8786")
    assert parse_runner(None, None, load_settings()).address == "tcp://scheduler:8786"


@pytest.mark.parametrize(("runner", "workers", "says"), [
    ("ray", None, "unknown runner 'ray'"),
    ("dask", 0, "at least 1"),
    ("dask:tcp://nonsense:xx", None, "'tcp://nonsense:xx' is not a Dask scheduler address"),
    ("dask:http://127.0.0.1:8786", None, "is not a Dask scheduler address: use tcp://HOST:PORT"),
    ("local", 4, "--workers is for --runner dask"),
    ("dask:tcp://127.0.0.1:8786", 4, "the scheduler at tcp://127.0.0.1:8786 has its own workers"),
])
def test_an_unusable_runner_is_one_line_and_exit_code_2(runner, workers, says, tmp_path, capsys):
    with pytest.raises(RunnerError, match=says):
        parse_runner(runner, workers, load_settings())
    args = ["ingest", str(tmp_path), "--runner", runner] + (["--workers", str(workers)] if workers is not None else [])
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]


def test_more_workers_than_cores_are_capped_with_a_warning(capsys):
    runner = parse_runner("dask", 999, load_settings())
    assert runner.workers == (os.cpu_count() or 1)
    assert f"999 Dask workers capped at {runner.workers}" in capsys.readouterr().err


@pytest.fixture
def silent_listener():
    """A port that accepts connections and never says a word (not a Dask scheduler)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    accepted = []
    threading.Thread(target=lambda: accepted.extend(server.accept() for _ in range(8)), daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


def test_a_listener_that_is_not_dask_or_a_closed_port_is_one_line_within_the_timeout(silent_listener, tmp_path,
                                                                                      capsys, monkeypatch):
    import socket
    import time

    from tests.support.prefect_server import free_port

    monkeypatch.setenv("FINRAG_DASK_TIMEOUT", "2")
    (tmp_path / "q.csv").write_text("question\nWhat is EBITDA?\n", encoding="utf-8")
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", free_port()))  # bound, not listening: refused
        for address, says in ((silent_listener, "did not answer as a Dask scheduler within 2 s (FINRAG_DASK_TIMEOUT)"),
                              (f"tcp://127.0.0.1:{closed.getsockname()[1]}", "cannot be reached")):
            started = time.monotonic()
            assert main(["batch", str(tmp_path / "q.csv"), "--out", str(tmp_path / "out"),
                         "--runner", f"dask:{address}"]) == 2
            assert time.monotonic() - started < 10
            [line] = capsys.readouterr().err.strip().splitlines()
            assert line.startswith(f"finrag batch: the Dask scheduler at {address}") and says in line, line
    assert not (tmp_path / "out").exists()  # refused before any work


class Listener:
    """A port on loopback that is not a Dask scheduler: it accepts connections and says
    `greeting` (nothing, or the start of something), then nothing more."""

    def __init__(self, greeting: bytes = b"") -> None:
        import socket
        import threading

        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.accepted: list = []

        def serve() -> None:
            while True:
                try:
                    connection, _ = self.server.accept()
                except OSError:
                    return
                self.accepted.append(connection)
                if greeting:
                    connection.sendall(greeting)

        threading.Thread(target=serve, daemon=True).start()
        self.address = f"tcp://127.0.0.1:{self.server.getsockname()[1]}"

    def close(self) -> None:
        self.server.close()


def test_a_server_that_speaks_first_but_not_dask_is_one_line(capsys, monkeypatch, tmp_path):
    """An HTTP or SSH server answers a connection first, as a Dask scheduler does; its text
    read as a Dask message length made the client allocate exabytes (a MemoryError)."""
    import time

    listener = Listener(b"HTTP/1.1 400 Bad Request\r\n\r\n")
    monkeypatch.setenv("FINRAG_DASK_TIMEOUT", "30")
    (tmp_path / "q.csv").write_text("question\nWhat is EBITDA?\n", encoding="utf-8")
    try:
        started = time.monotonic()
        assert main(["batch", str(tmp_path / "q.csv"), "--out", str(tmp_path / "out"),
                     "--runner", f"dask:{listener.address}"]) == 2
        assert time.monotonic() - started < 10
    finally:
        listener.close()
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line == (f"finrag batch: {listener.address} is not a Dask scheduler: it answered 'HTTP/1.1', "
                    "not a Dask handshake; check the address and port")


@pytest.mark.slow
@pytest.mark.parametrize("waiting_in", ["the address probe", "the Dask client"])
def test_sigterm_stops_a_run_waiting_on_a_scheduler(waiting_in, make_pdf, tmp_path):
    """A listener that never finishes a Dask handshake: silent (the probe waits), or one
    plausible message length and then silence (the probe passes, the Dask client waits for
    the rest). SIGTERM ends the command within seconds, not at FINRAG_DASK_TIMEOUT: exit
    code 143, one line, no traceback."""
    import signal
    import subprocess
    import sys
    import time

    from tests.cli.test_errors import base_env
    from tests.support.prefect_server import REPO, shared_prefect_server

    pdf = make_pdf("filing.pdf", ["Acme Widgets annual report " * 10])
    env = base_env(FINRAG_DASK_TIMEOUT="120", FINRAG_CACHE=str(tmp_path / "cache"))
    if waiting_in == "the Dask client":  # a running server: no temporary one to start and stop
        server = shared_prefect_server()
        env.update(PREFECT_API_URL=server.api_url, PREFECT_HOME=str(server.home),
                   PREFECT_SERVER_ANALYTICS_ENABLED="false")
    listener = Listener(b"" if waiting_in == "the address probe" else (64).to_bytes(8, "little"))
    connections = 1 if waiting_in == "the address probe" else 2  # the probe's, then the client's
    run = subprocess.Popen([sys.executable, "-m", "cli.main", "ingest", str(pdf), "--store", str(tmp_path / "store"),
                            "--runner", f"dask:{listener.address}"], cwd=REPO, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while len(listener.accepted) < connections and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(listener.accepted) == connections and run.poll() is None, run.communicate()[1][-3000:]
        time.sleep(1)  # waiting in a recv
        sent = time.monotonic()
        run.send_signal(signal.SIGTERM)
        _out, err = run.communicate(timeout=60)
        seconds = time.monotonic() - sent
    finally:
        if run.poll() is None:
            run.kill()
        listener.close()
    assert run.returncode == 128 + signal.SIGTERM, err[-3000:]
    assert seconds < 20
    assert "Traceback" not in err
    ours = [line for line in err.splitlines() if line.startswith("finrag ")]
    assert ours == ["finrag ingest: interrupted (SIGTERM); the store was closed and partial results kept"], err[-3000:]
    assert err.strip().splitlines()[-1] == ours[0]
    if waiting_in == "the Dask client":  # the flow run is not left "Running"
        import httpx

        found = httpx.post(f"{server.api_url}/flow_runs/filter", json={"limit": 200}, timeout=30).json()
        runs = [r for r in found if r["parameters"].get("store") == str(tmp_path / "store")]
        assert [r["state"]["type"] for r in runs] == ["CRASHED"]
