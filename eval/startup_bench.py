"""`finrag bench startup`: wall time of a cold `finrag ask` (a new process), now vs a checkout of older code.

    finrag bench startup --store STORE [--before CHECKOUT --before-store OLD_STORE] [--runs 3]

Every Prefect `ask` run is a new process, so the analyst pays the start-up on every
question. Each run asks a question no earlier run asked (its vector is not in the cache),
so every process loads its query encoder: the honest cold case. Runs of the two checkouts
alternate, so both see the same machine load; the load average is printed beside them.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUESTION = "What was the total revenue of the largest company in its latest fiscal year?"


def _entry(checkout: Path) -> list[str]:
    """How that checkout runs its CLI (the CLI moved from flows/ to cli/ in the restructure)."""
    module = "cli.main" if (checkout / "cli" / "main.py").exists() else "flows.cli"
    return [sys.executable, "-m", module]


def time_ask(checkout: Path, store: Path) -> float:
    env = os.environ | {"PYTHONPATH": str(checkout)}
    question = f"{QUESTION} ({uuid.uuid4().hex[:8]})"  # never cached: the encoder must load
    started = time.perf_counter()
    done = subprocess.run([*_entry(checkout), "ask", question, "--store", str(store)], cwd=checkout, env=env,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"ask failed in {checkout} (exit {done.returncode}): {done.stderr.strip()[-400:]}")
    return seconds


def run_cli(args) -> int:
    runs = max(1, args.runs)
    sides = [("now", REPO, Path(args.store or os.environ.get("FINRAG_STORE", "data/store")).resolve())]
    if args.before:
        if not args.before_store:
            print("--before needs --before-store (a store that checkout can open)", file=sys.stderr)
            return 2
        sides.insert(0, ("before", Path(args.before).resolve(), Path(args.before_store).resolve()))
    times: dict[str, list[float]] = {name: [] for name, _, _ in sides}
    loads = []
    for i in range(runs):
        for name, checkout, store in sides:
            seconds = time_ask(checkout, store)
            times[name].append(seconds)
            loads.append(os.getloadavg()[0])
            print(f"run {i + 1} {name:<6} {seconds:6.2f} s  (load {loads[-1]:.2f})", file=sys.stderr, flush=True)
    print(f"cold `finrag ask`, wall seconds over {runs} run(s); load average {min(loads):.1f}-{max(loads):.1f} "
          f"on {os.cpu_count()} cores")
    for name, checkout, store in sides:
        print(f"  {name:<6} median {statistics.median(times[name]):6.2f}  min {min(times[name]):6.2f}  "
              f"max {max(times[name]):6.2f}   code {checkout}  store {store}")
    if len(sides) == 2:
        ratio = statistics.median(times["now"]) / statistics.median(times["before"])
        print(f"  now / before: {ratio:.2f} (target <= 0.25)")
    return 0
