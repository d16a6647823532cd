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
