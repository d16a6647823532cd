"""A key a server echoes back never leaves the process: not on stderr, not in the Prefect
database (logs, states, events). An embedding endpoint answering 401 with the key in its
message, against `finrag ingest` and the ingest flow on a real Prefect server."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli.test_errors import base_env, questions_file, store_copy, store_env  # noqa: F401 - fixtures
from tests.flows.test_ingest import make_report
from tests.support.fake_openai import Error, FakeOpenAI
from tests.support.prefect_server import REPO, shared_prefect_server

pytestmark = pytest.mark.slow

KEY = "sk-embed-LEAKED-7731"


def test_an_echoed_embedding_key_is_in_no_message_log_or_prefect_state(tmp_path):
    server = shared_prefect_server()
    pdf = make_report(tmp_path / "acme-2022.pdf", "Acme", 2022, 1577)
    with FakeOpenAI(default=Error(401, message=f"Incorrect API key provided: {KEY}")) as endpoint:
        env = base_env(FINRAG_EMBEDDING_URL=endpoint.url, FINRAG_EMBEDDING_API_KEY=KEY,
                       FINRAG_CACHE=str(tmp_path / "cache"), PREFECT_API_URL=server.api_url,
                       PREFECT_HOME=str(server.home), PREFECT_SERVER_ANALYTICS_ENABLED="false")
        cli = subprocess.run([sys.executable, "-m", "cli.main", "ingest", str(pdf), "--store", str(tmp_path / "a")],
                             cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        code = ("from flows.ingest import ingest_reports; "
                f"s = ingest_reports([{str(pdf)!r}], store={str(tmp_path / 'b')!r}, return_state=True); "
                "print(s.type.value, s.message)")
        flow = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=600)
    assert cli.returncode == 2 and "Incorrect API key provided: ***" in cli.stderr, cli.stderr[-2000:]
    assert KEY not in cli.stdout + cli.stderr
    assert flow.stdout.startswith("FAILED") and "Incorrect API key provided: ***" in flow.stdout, flow.stderr[-3000:]
    assert KEY not in flow.stdout + flow.stderr
    # Everything the server recorded: flow and task run states, logs, events.
    import time

    time.sleep(3)  # the last log batch and events reach the database
    stored = b"".join(p.read_bytes() for p in server.home.glob("prefect.db*"))
    assert b"Incorrect API key provided" in stored  # the failure was recorded ...
    assert KEY.encode() not in stored  # ... without the key


WEBHOOK_TOKEN = "T0-WEBHOOK-LEAKED-5519"


class EchoingWebhook:
    """A webhook on loopback that refuses every alert with 401, echoing the path it was
    called on (the token a chat service puts in its webhook URLs)."""

    def __init__(self) -> None:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                body = f"invalid token in {self.path}".encode()
                self.send_response(401)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/hooks/{WEBHOOK_TOKEN}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def __enter__(self) -> EchoingWebhook:
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()


def _recorded_outside_blocks(database) -> bytes:
    """Every row the Prefect server recorded (runs, states, logs, events, artifacts), except
    the block documents: the configuration store that holds every block's secrets."""
    import sqlite3

    connection = sqlite3.connect(database)
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        rows = [repr(connection.execute(f'SELECT * FROM "{table}"').fetchall())  # noqa: S608 - names from the schema
                for table in tables if not table.startswith("block_document")]
    finally:
        connection.close()
    return "".join(rows).encode()


def test_an_echoed_webhook_url_is_in_no_message_log_or_prefect_state(tmp_path):
    """The operator saves the block, a failure alert is refused with the token echoed back:
    the token is on no stdout or stderr line and in no Prefect run, state, log or event."""
    import time

    server = shared_prefect_server()
    env = base_env(PREFECT_API_URL=server.api_url, PREFECT_HOME=str(server.home),
                   PREFECT_SERVER_ANALYTICS_ENABLED="false", PREFECT_LOGGING_TO_API_BATCH_INTERVAL="0.5")
    with EchoingWebhook() as webhook:
        saved = subprocess.run([sys.executable, "-m", "flows.nightly", webhook.url], cwd=REPO, env=env,
                               capture_output=True, text=True, timeout=120)
        code = ("from flows.nightly import notify_failure; "
                "s = notify_failure('nightly_file', '', 'Failed', '2 of 3 questions failed', "
                "return_state=True); print(s.type.value, s.message)")
        started = time.monotonic()
        alert = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                               timeout=150)
        seconds = time.monotonic() - started
    assert saved.returncode == 0, saved.stderr[-2000:]
    assert WEBHOOK_TOKEN not in saved.stdout + saved.stderr
    assert alert.returncode == 0, alert.stderr[-3000:]
    assert "401" in alert.stdout + alert.stderr  # the refusal is said ...
    assert WEBHOOK_TOKEN not in alert.stdout + alert.stderr  # ... without the URL's token
    assert seconds < 60  # a refused token is not retried a minute later
    time.sleep(3)  # the last log batch and events reach the database
    recorded = _recorded_outside_blocks(server.home / "prefect.db")
    assert b"401" in recorded  # the failure was recorded ...
    assert WEBHOOK_TOKEN.encode() not in recorded  # ... without the URL's token


QDRANT_KEY = "q-qdrant-LEAKED-2287"


def test_a_qdrant_server_echoing_its_key_is_one_redacted_line(tmp_path, monkeypatch, capsys):
    """A Qdrant server (or the proxy before it) that answers 401 with the api-key it was sent."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from cli.main import main

    class Refusing(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            body = f'{{"status": {{"error": "Invalid api-key: {self.headers.get("api-key")}"}}}}'.encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Refusing)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("QDRANT_URL", f"http://127.0.0.1:{server.server_address[1]}")
    monkeypatch.setenv("QDRANT_API_KEY", QDRANT_KEY)
    try:
        for args in (["ingest", str(tmp_path)], ["ask", "What was the revenue?"]):
            assert main(args) == 2
            captured = capsys.readouterr()
            [line] = captured.err.strip().splitlines()
            assert "401 (Unauthorized)" in line, line
            assert QDRANT_KEY not in captured.out + captured.err
        from finrag.config import load_settings
        from finrag.store import server_problem

        problem = server_problem(load_settings())  # the whole answer, as a log or --debug would show it
        assert "Invalid api-key: ***" in problem and QDRANT_KEY not in problem
    finally:
        server.shutdown()


LLM_KEY = "sk-llm-LEAKED-4410"


def test_an_echoed_llm_key_is_in_no_answer_log_or_prefect_state(tmp_path, store_env, questions_file):  # noqa: F811
    """A batch against an LLM endpoint that answers 401 with the key in its message: the
    answers, their files, the terminal and everything the Prefect server recorded say why
    the LLM was not used, never with the key."""
    import time

    server = shared_prefect_server()
    out = tmp_path / "out"
    with FakeOpenAI(default=Error(401, message=f"Incorrect API key provided: {LLM_KEY}")) as endpoint:
        env = {**store_env, "FINRAG_LLM_BASE_URL": endpoint.url, "FINRAG_LLM_API_KEY": LLM_KEY,
               "PREFECT_LOGGING_TO_API_BATCH_INTERVAL": "0.5"}
        run = subprocess.run([sys.executable, "-m", "cli.main", "batch", str(questions_file), "--out", str(out)],
                             cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        assert endpoint.requests, "the LLM endpoint was never called"
    written = "".join(p.read_text(encoding="utf-8") for p in out.glob("results.*"))
    assert "Incorrect API key provided: ***" in written + run.stdout + run.stderr, run.stderr[-3000:]
    assert LLM_KEY not in run.stdout + run.stderr + written
    time.sleep(3)  # the last log batch and events reach the database
    recorded = _recorded_outside_blocks(server.home / "prefect.db")
    assert b"answer_batch" in recorded  # the run was recorded ...
    assert LLM_KEY.encode() not in recorded  # ... without the key
