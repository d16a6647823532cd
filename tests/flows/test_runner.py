"""`--runner local|dask[:ADDRESS]` / `--workers N` and their environment defaults."""

from __future__ import annotations

import pytest

from cli.main import main
from finrag.config import load_settings
from flows.runner import Runner, RunnerError, parse_runner


def test_the_cli_value_wins_and_the_environment_fills_in(monkeypatch):
    assert parse_runner(None, None, load_settings()) == Runner(kind="local")
    assert parse_runner("dask", 4, load_settings()).report() == {"kind": "dask", "workers": 4}
    assert parse_runner("dask:tcp://10.0.0.5:8786", 4, load_settings()).report() == {
        "kind": "dask", "address": "tcp://10.0.0.5:8786"}

    monkeypatch.setenv("FINRAG_RUNNER", "dask")
    monkeypatch.setenv("FINRAG_DASK_WORKERS", "3")
    assert parse_runner(None, None, load_settings()).report() == {"kind": "dask", "workers": 3}
    assert parse_runner("local", None, load_settings()) == Runner(kind="local")
    monkeypatch.setenv("FINRAG_DASK_ADDRESS", "tcp://scheduler:8786")
    assert parse_runner(None, None, load_settings()).address == "tcp://scheduler:8786"


@pytest.mark.parametrize(("runner", "workers", "says"), [("ray", None, "unknown runner 'ray'"),
                                                        ("dask", 0, "at least 1")])
def test_an_unusable_runner_is_one_line_and_exit_code_2(runner, workers, says, tmp_path, capsys):
    with pytest.raises(RunnerError, match=says):
        parse_runner(runner, workers, load_settings())
    args = ["ingest", str(tmp_path), "--runner", runner] + (["--workers", str(workers)] if workers is not None else [])
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]
