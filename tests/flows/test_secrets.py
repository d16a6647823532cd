"""A key a server echoes back never leaves the process: not on stderr, not in the Prefect
database (logs, states, events). An embedding endpoint answering 401 with the key in its
message, against `finrag ingest` and the ingest flow on a real Prefect server."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli.test_errors import base_env
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
