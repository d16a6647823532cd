"""README's "Running on Prefect" commands, pasted as written into three shells.

Only the port (a free one instead of 4200) and PREFECT_HOME (a temporary folder instead of
the project's data/prefect) are changed; every other line runs as the README prints it.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.request

import pytest

from tests.support.prefect_server import (
    REPO,
    VENV_BIN,
    PrefectServer,
    api,
    free_port,
    stop_process_group,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def readme_terminals() -> dict[str, list[str]]:
    """The section's bash block, split at its `# terminal N` comments into command lines."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Running on Prefect") :]
    block = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    terminals: dict[str, list[str]] = {}
    current = None
    for line in block.splitlines():
        if m := re.match(r"# (terminal \d)", line):
            current = m.group(1)
            terminals[current] = []
        elif line.strip() and not line.startswith("#") and current:
            terminals[current].append(line)
    return terminals


def test_readme_prefect_commands_work_when_pasted(tmp_path):
    terminals = readme_terminals()
    assert list(terminals) == ["terminal 1", "terminal 2", "terminal 3"]
    port = free_port()

    def script(lines: list[str]) -> str:
        body = "\n".join(lines).replace("4200", str(port)).replace("$PWD/data/prefect", str(tmp_path / "prefect"))
        return "set -e\n" + body

    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(REPO)
    log = (tmp_path / "server.log").open("wb")
    server_proc = subprocess.Popen(
        ["bash", "-c", script(terminals["terminal 1"])], cwd=REPO, env=env,
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    server = PrefectServer(home=tmp_path / "prefect", port=port, process=server_proc)
    try:
        deadline = time.monotonic() + 240
        while True:
            try:
                with urllib.request.urlopen(f"{server.api_url}/health", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline and server_proc.poll() is None, (tmp_path / "server.log").read_text()
                time.sleep(0.5)
        # The UI is told to call the API on the same port (a blank page otherwise).
        with urllib.request.urlopen(f"{server.url}/ui-settings", timeout=10) as r:
            assert f"127.0.0.1:{port}/api" in r.read().decode()

        done = subprocess.run(["bash", "-c", script(terminals["terminal 2"])], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=600)  # fmt: skip
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        names = {d["name"] for d in api(server, "POST", "/deployments/filter", {})}
        assert names == {"ingest-nightly", "batch-nightly", "ask", "compare", "notify-failure"}
        limits = {g["name"] for g in api(server, "POST", "/v2/concurrency_limits/filter", {})}
        assert "llm" in limits  # none for the store: its runs take turns per store (flows/store_queue.py)

        # Deploying activated the nightly schedules; the README's pause command stops them.
        def active_schedules() -> int:
            return sum(s["active"] for d in api(server, "POST", "/deployments/filter", {}) for s in d["schedules"])

        assert active_schedules() == 2
        pause = "prefect deployment schedule pause --all"
        assert f"`{pause}`" in (REPO / "README.md").read_text(encoding="utf-8")
        paused = subprocess.run(["bash", "-c", script([terminals["terminal 2"][0], pause])], cwd=REPO, env=env,
                                capture_output=True, text=True, timeout=120)  # fmt: skip
        assert paused.returncode == 0, paused.stdout + paused.stderr
        assert active_schedules() == 0

        # README's warning holds: deploying by name leaves paused schedules paused; `--all` does not.
        by_name = "prefect --no-prompt deploy -n ask -n compare -n notify-failure"
        assert f"`{by_name}`" in (REPO / "README.md").read_text(encoding="utf-8")
        redeployed = subprocess.run(["bash", "-c", script([terminals["terminal 2"][0], by_name])], cwd=REPO,
                                    env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
        assert redeployed.returncode == 0, redeployed.stdout[-3000:] + redeployed.stderr[-3000:]
        assert active_schedules() == 0
        everything = next(line for line in terminals["terminal 2"] if "deploy --all" in line)
        redeployed = subprocess.run(["bash", "-c", script([terminals["terminal 2"][0], everything])], cwd=REPO,
                                    env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
        assert redeployed.returncode == 0, redeployed.stdout[-3000:] + redeployed.stderr[-3000:]
        assert active_schedules() == 2  # re-activated, as README warns

        worker = server.start_child(["bash", "-c", script(terminals["terminal 3"])], "worker.log",
                                    cwd=REPO, env=env)  # fmt: skip
        deadline = time.monotonic() + 120
        while not api(server, "POST", "/work_pools/finrag-pool/workers/filter", {}):
            assert time.monotonic() < deadline and worker.poll() is None, (server.home / "worker.log").read_text()
            time.sleep(1)
    finally:
        server.stop()
        stop_process_group(server_proc)
