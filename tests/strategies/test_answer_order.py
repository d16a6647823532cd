"""An answer is a function of (question, store, settings) only: never of the questions a
process answered before it. `finrag ask` (one question, a fresh process) must say what the
overnight batch (every question, one process, whatever the order) says, so no cache, memo or
shared list may carry one question's reading into the next.

Each order runs in a fresh process (empty caches, its own hash seed): the first question of
each pass is answered cold, as `finrag ask` answers it, the others after different ones."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

# Answers questions in the given order with one Services, as `finrag batch` does offline.
_PASS = """
import json, sys
from pathlib import Path
from finrag.config import load_settings
from finrag.models import Question
from strategies.dispatch import answer_question
from strategies.services import open_services

store, questions = sys.argv[1], json.loads(sys.argv[2])
services = open_services(load_settings(store_dir=Path(store)))
try:
    out = {q["id"]: answer_question(Question(**q), services).model_dump(mode="json") for q in questions}
finally:
    services.close()
print(json.dumps(out))
"""


def _what_it_says(record: dict) -> dict:
    """The answer as a reader gets it: what it says, cites and how it was found; not its
    latency nor the agent's random thread id."""
    trace = [{**step, "decision": re.sub(r" \(thread [^)]*\)", "", step["decision"])} for step in record["trace"]]
    keep = ("status", "answer", "reason", "citations", "value", "unit", "kind", "rows", "strategy", "route_reason",
            "searches", "flags")
    return {**{k: record.get(k) for k in keep}, "trace": trace}


def _one_process(questions: list[dict], store: Path, cache: Path, home: Path) -> dict[str, dict]:
    run = subprocess.run(
        [sys.executable, "-c", _PASS, str(store), json.dumps(questions)], cwd=ROOT, capture_output=True, text=True,
        timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
                          "FINRAG_CACHE": str(cache), "PREFECT_HOME": str(home)},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return {qid: _what_it_says(record) for qid, record in json.loads(run.stdout.splitlines()[-1]).items()}


def test_an_answer_does_not_depend_on_the_questions_answered_before_it(
    sample_dir, sample_store_copy, embedding_cache_dir, tmp_path
):
    lines = filter(None, (sample_dir / "questions.jsonl").read_text().splitlines())
    questions = [{"id": q["id"], "question": q["question"]} for q in map(json.loads, lines)]
    assert len(questions) >= 10

    forward = _one_process(questions, sample_store_copy, embedding_cache_dir, tmp_path)
    backward = _one_process(questions[::-1], sample_store_copy, embedding_cache_dir, tmp_path)

    assert {a["status"] for a in forward.values()} >= {"answered"}
    assert {a["strategy"] for a in forward.values()} >= {"single", "iterative"}
    changed = [q["id"] for q in questions if forward[q["id"]] != backward[q["id"]]]
    assert changed == []
