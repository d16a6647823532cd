"""A mistake never becomes a wrong answer: the `finrag` command in a subprocess, on real parts.

Every case of a hostile first use ends as one stderr line and rc 2 (never a traceback), an
honest status, or a non-zero exit — never a confident answer with rc 0. Cases that need
no store run first and in parallel; the rest share one copy of the sample store and the
test process's Prefect server; shutdown is checked on Prefect's own temporary server.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

from tests.support.prefect_server import REPO, free_port, shared_prefect_server

pytestmark = pytest.mark.slow

HIDDEN = ("Traceback", "QdrantLocal instance is closed", "database is locked")


@dataclass
class Run:
    rc: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]


def base_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FINRAG_", "PREFECT_", "QDRANT_"))}
    env.update(PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", **extra)
    return env


def finrag(*args: str, env: dict[str, str], cwd: Path = REPO, timeout: float = 600) -> Run:
    proc = subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    run = Run(proc.returncode, proc.stdout, proc.stderr)
    for hidden in HIDDEN:
        assert hidden not in run.err, f"{hidden!r} in stderr of finrag {' '.join(args)}:\n{run.err[-3000:]}"
    return run


def one_line_error(run: Run, *needles: str) -> str:
    errors = [line for line in run.lines if line.startswith("finrag ")]
    assert run.rc == 2, (run.rc, run.err[-2000:])
    assert len(errors) == 1, run.err[-2000:]
    for needle in needles:
        assert needle in errors[0], errors[0]
    return errors[0]


# --------------------------------------------------------------------------- no store needed


ALIAS_BOMB = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n" \
             "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\nquestions: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"


def test_bad_settings_and_bad_files_are_one_line_with_rc_2(tmp_path):
    store = tmp_path / "store"  # never reached: every case fails on its input first
    (tmp_path / "q.csv").write_text("question\nWhat is EBITDA?\n", encoding="utf-8")
    (tmp_path / "bomb.yaml").write_text(ALIAS_BOMB, encoding="utf-8")
    (tmp_path / "bad.yaml").write_text("- question: [unclosed\n", encoding="utf-8")
    (tmp_path / "latin.csv").write_bytes(b"question\n\x81\x8d\x8f\n")
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    env = base_env(FINRAG_STORE=str(store))
    cases = {
        "top_k=abc": (["ask", "What is EBITDA?"], {"FINRAG_TOP_K": "abc"},
                      ["FINRAG_TOP_K='abc': expected a whole number"]),
        "top_k=0": (["ask", "What is EBITDA?"], {"FINRAG_TOP_K": "0"}, ["FINRAG_TOP_K='0'", ">= 1"]),
        "timeout=-1": (["batch", "q.csv", "--out", "out"], {"FINRAG_QUESTION_TIMEOUT": "-1"},
                       ["FINRAG_QUESTION_TIMEOUT='-1': expected a finite number > 0"]),
        "alias bomb": (["batch", "bomb.yaml", "--out", "out"], {}, ["bomb.yaml:2", "aliases"]),
        "bad yaml": (["compare", "bad.yaml", "--out", "out"], {}, ["bad.yaml:", "not valid YAML"]),
        "missing file": (["batch", "nope.csv", "--out", "out"], {}, ["nope.csv: file not found"]),
        "not text": (["batch", "latin.csv", "--out", "out"], {}, ["latin.csv:2: not UTF-8"]),
        "out is a file": (["batch", "q.csv", "--out", "a-file"], {}, ["--out a-file is a file"]),
        "missing manifest": (["ingest", "q.csv", "--manifest", "nope.csv"], {}, ["nope.csv: file not found"]),
        "non-UTF-8 manifest": (["ingest", "q.csv", "--manifest", "latin.csv"], {}, ["latin.csv:2: not UTF-8"]),
    }

    def run(case):
        args, extra, needles = cases[case]
        return case, finrag(*args, env=env | extra, cwd=tmp_path), needles

    with ThreadPoolExecutor(max_workers=3) as pool:
        for _case, result, needles in pool.map(run, cases):
            one_line_error(result, *needles)
    assert not store.exists(), "a failed command created a store"

    bomb_started = time.monotonic()
    finrag("batch", "bomb.yaml", "--out", "out", env=env, cwd=tmp_path)
    assert time.monotonic() - bomb_started < 30  # refused, not expanded


def test_unknown_variables_are_warned_about_and_debug_shows_the_trace(tmp_path):
    env = base_env(FINRAG_TOPK="3", FINRAG_STORE=str(tmp_path / "nowhere"))
    run = finrag("ask", "What is EBITDA?", env=env)
    assert "warning: FINRAG_TOPK is not a FinRAG setting and is ignored; did you mean FINRAG_TOP_K?" in run.lines
    one_line_error(run, "no store at")
    debug = subprocess.run([sys.executable, "-m", "cli.main", "--debug", "ask", "What is EBITDA?"], cwd=REPO,
                           env=env, capture_output=True, text=True, timeout=600)
    assert debug.returncode != 0 and "Traceback" in debug.stderr and "StoreUnavailable" in debug.stderr


# --------------------------------------------------------------------------- one shared store


@pytest.fixture(scope="module")
def store_copy(sample_store_copy) -> Path:
    return sample_store_copy


@pytest.fixture(scope="module")
def store_env(store_copy, embedding_cache_dir) -> dict[str, str]:
    server = shared_prefect_server()
    return base_env(FINRAG_STORE=str(store_copy), FINRAG_CACHE=str(embedding_cache_dir),
                    PREFECT_API_URL=server.api_url, PREFECT_HOME=str(server.home),
                    PREFECT_SERVER_ANALYTICS_ENABLED="false")


@pytest.fixture(scope="module")
def questions_file(tmp_path_factory, sample_dir) -> Path:
    lines = (sample_dir / "questions.jsonl").read_text(encoding="utf-8").splitlines()[:3]
    path = tmp_path_factory.mktemp("questions") / "q.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_store_that_is_not_there_is_refused_with_the_command_that_builds_it(tmp_path, store_env):
    typo = tmp_path / "with_typo"
    one_line_error(finrag("ask", "What was the revenue?", "--store", str(typo), env=store_env),
                   f"no store at {typo}", f"finrag ingest PDF_DIR --store {typo}")
    assert not typo.exists()  # the typo did not become an empty store
    one_line_error(finrag("graph", "stats", "--store", str(typo), env=store_env), "finrag ingest")
    (tmp_path / "empty").mkdir()
    with_nothing = finrag("ingest", str(tmp_path / "empty"), "--store", str(tmp_path / "empty-store"), env=store_env)
    assert with_nothing.rc == 0  # an ingest of nothing makes a store with no documents ...
    one_line_error(finrag("ask", "What was the revenue?", "--store", str(tmp_path / "empty-store"), env=store_env),
                   "holds no documents")  # ... which is refused, not answered "not found"


def test_a_qdrant_url_at_a_closed_port_is_one_line_in_ask_ingest_and_batch(tmp_path, store_env, questions_file):
    env = store_env | {"QDRANT_URL": f"http://127.0.0.1:{free_port()}"}
    for args in (["ask", "What was the revenue?"], ["ingest", str(tmp_path)],
                 ["batch", str(questions_file), "--out", str(tmp_path / "out")]):
        one_line_error(finrag(*args, env=env), "(QDRANT_URL) cannot be used", "Connection refused")


def test_a_busy_store_is_one_line_before_prefect_starts_and_ingest_waits_for_it(tmp_path, store_env, store_copy,
                                                                                  questions_file, sample_dir):
    holder = subprocess.Popen(  # holds the store until told to let go
        [sys.executable, "-c", "import sys\nfrom finrag.config import load_settings\n"
         "from finrag.store import open_store\nstore = open_store(load_settings(), dim=384)\n"
         "print('held', flush=True)\nsys.stdin.readline()\nstore.close()"],
        cwd=REPO, env=store_env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        for command in ("batch", "compare"):
            run = finrag(command, str(questions_file), "--out", str(tmp_path / command), env=store_env)
            one_line_error(run, "is in use by another process")
            assert "Beginning flow run" not in run.err  # refused before any flow run
        one_line_error(finrag("ask", "What was the revenue?", env=store_env), "in use by another process")
        # ingest waits for the store (up to a minute) instead of failing at once
        ingest = subprocess.Popen([sys.executable, "-m", "cli.main", "ingest", str(sample_dir / "pdfs")], cwd=REPO,
                                  env=store_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for line in ingest.stderr:
            if "waiting up to 60 s" in line:
                break
        else:
            pytest.fail("ingest did not wait for the busy store")
        holder.stdin.write("go\n")
        holder.stdin.flush()
        out, err = ingest.communicate(timeout=600)
        assert ingest.returncode == 0, err[-2000:]
        assert "unchanged" in out
    finally:
        holder.kill()
        holder.wait()


def test_a_rerun_with_another_store_spelling_and_timeouts_keeps_every_answer(tmp_path, store_env, store_copy,
                                                                              questions_file):
    out = tmp_path / "out"
    first = finrag("batch", str(questions_file), "--out", str(out), "--strategy", "single",
                   "--store", str(store_copy), env=store_env)
    assert first.rc == 0, first.err[-2000:]
    results = (out / "results.jsonl").read_text(encoding="utf-8")
    again = finrag("batch", str(questions_file), "--out", str(out), "--strategy", "single", "--store", "store",
                   env=store_env | {"FINRAG_LLM_TIMEOUT": "61", "FINRAG_QUESTION_TIMEOUT": "300",
                                    "FINRAG_BATCH_TASK_SIZE": "1", "FINRAG_LLM_CONCURRENCY": "2"},
                   cwd=store_copy.parent)
    assert again.rc == 0, again.err[-2000:]
    assert "3 questions (3 kept from an earlier run)" in again.out
    assert (out / "results.jsonl").read_text(encoding="utf-8") == results
    assert list(out.glob("results.*.jsonl")) == []

    changed = finrag("batch", str(questions_file), "--out", str(out), "--strategy", "single",
                     env=store_env | {"FINRAG_TOP_K": "3"})
    assert changed.rc == 0, changed.err[-2000:]
    kept = list(out.glob("results.*.jsonl"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == results  # nothing thrown away
    assert sum("no longer match" in line and kept[0].name in line for line in changed.lines) == 1


def test_a_batch_against_a_dead_llm_says_so_and_exits_non_zero(tmp_path, store_env, sample_dir):
    batch = tmp_path / "q.csv"
    huge = "x" * 140_000
    rows = ["question,gold", "What did Northwind Robotics report as revenue for FY2023?,1",
            f"What is EBITDA?,{huge}", "=1+2,3"]
    batch.write_bytes("\r\n".join(rows).encode("utf-16"))  # Excel's "Unicode text" encoding
    env = store_env | {"FINRAG_LLM_BASE_URL": f"http://127.0.0.1:{free_port()}/v1", "FINRAG_LLM_API_KEY": "sk-x"}
    run = finrag("batch", str(batch), "--out", str(tmp_path / "out"), "--strategy", "single", env=env)
    assert run.rc == 1, run.err[-2000:]
    assert "engines: none 1, offline 2 (fell back from the LLM:" in run.out
    assert any(line.startswith("finrag batch: every LLM call failed") for line in run.lines)
    summary = (tmp_path / "out" / "summary.md").read_text(encoding="utf-8")
    # questions run concurrently with an LLM configured: one or both meet the refused connection
    assert "Every LLM call failed" in summary and "| connection |" in summary
    csv_text = (tmp_path / "out" / "results.csv").read_text(encoding="utf-8")
    assert "'=1+2" in csv_text  # the question that looks like a formula is escaped in the CSV
    assert "q.csv:3: cell 'answer' is 140,000 characters" in summary  # the big cell is its row's status


# --------------------------------------------------------------------------- shutdown


def _server_children(pid: int) -> list[psutil.Process]:
    return [p for p in psutil.Process(pid).children(recursive=True) if "uvicorn" in " ".join(p.cmdline())]


def _wait_for_results(path: Path, proc: subprocess.Popen, lines: int = 1, timeout_s: float = 300) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and len(path.read_text(encoding="utf-8").splitlines()) >= lines:
            return
        time.sleep(0.1)
    pytest.fail(f"no results before the batch ended: {proc.poll()}")


def test_sigterm_and_kill_leave_no_server_and_no_running_flow(tmp_path, store_copy, embedding_cache_dir,
                                                                 sample_dir):
    import sqlite3

    home = tmp_path / "prefect-home"  # a fresh Prefect home: the first runs are the noisy ones
    env = base_env(FINRAG_STORE=str(store_copy), FINRAG_CACHE=str(embedding_cache_dir), PREFECT_HOME=str(home),
                   FINRAG_BATCH_TASK_SIZE="1")
    cmd = [sys.executable, "-m", "cli.main", "batch", str(sample_dir / "questions.jsonl"), "--strategy", "single"]

    out = tmp_path / "term"
    proc = subprocess.Popen([*cmd, "--out", str(out)], cwd=REPO, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    _wait_for_results(out / "results.jsonl", proc)
    servers = _server_children(proc.pid)
    assert servers, "the batch runs on a temporary Prefect server"
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=120)
    finally:  # a run that hangs must not keep the store from the tests after this one
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, err[-3000:]
    for hidden in HIDDEN:
        assert hidden not in err, err[-3000:]
    assert "interrupted (SIGTERM)" in err.splitlines()[-1]
    psutil.wait_procs(servers, timeout=10)
    assert not any(p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in servers)
    with sqlite3.connect(home / "prefect.db") as db:
        states = [s for (s,) in db.execute("SELECT state_type FROM flow_run")]
    assert states and all(s in ("CRASHED", "CANCELLED") for s in states), states
    kept = len((out / "results.jsonl").read_text(encoding="utf-8").splitlines())
    assert kept >= 1  # what was answered before the signal is kept

    out = tmp_path / "kill"
    proc = subprocess.Popen([*cmd, "--out", str(out)], cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _wait_for_results(out / "results.jsonl", proc)
    servers = _server_children(proc.pid)
    assert servers
    proc.kill()  # kill -9 of the parent alone: no cleanup code runs in it
    proc.wait()
    gone, alive = psutil.wait_procs(servers, timeout=20)
    assert not alive, "the temporary Prefect server outlived a killed batch"


def test_a_comparison_against_a_dead_llm_says_so_and_exits_non_zero(tmp_path, store_env):
    batch = tmp_path / "q.csv"
    batch.write_text("question,gold\nWhat did Northwind Robotics report as revenue for FY2023?,1\n", encoding="utf-8")
    env = store_env | {"FINRAG_LLM_BASE_URL": f"http://127.0.0.1:{free_port()}/v1", "FINRAG_LLM_API_KEY": "sk-x",
                       "FINRAG_LLM_BREAKER_FAILURES": "1"}
    run = finrag("compare", str(batch), "--out", str(tmp_path / "out"), env=env)
    assert run.rc == 1, run.err[-2000:]
    assert any(line.startswith("finrag compare: every LLM call failed in single, iterative, auto") for line in run.lines)
    assert "**Warning: every LLM call failed in" in run.out
