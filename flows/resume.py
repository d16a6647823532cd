"""Resuming a batch: which earlier answers in results.jsonl still hold, and keeping the rest.

A record is kept when it was made for the same question text and company / period hints, with the same answer key
(`config_hash`: strategy + the settings that shape an answer + engine/model identity) and
the same content version: the store's, and that of the catalog entries the question names
(so a catalog correction re-answers the questions about the companies it changed). When any earlier record no longer holds, the whole earlier
file moves to `results.<UTC timestamp>.jsonl` first: nothing a run paid for is deleted.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from finrag.catalog import catalog_from_documents, catalog_key, load_corrections, resolve
from finrag.config import Settings
from finrag.models import Question, RunRecord
from flows.answer_one import WORKER_LOST
from flows.batch_io import ResultsLog

if TYPE_CHECKING:
    from strategies.services import Services

# The settings that shape an answer (with the strategy, the store's content version and
# the engine below, the resume key). Everything else — where the store is and how its path
# was typed, timeouts, retries, concurrency, group size, prices — only schedules or
# bounds the work, so changing it keeps earlier answers.
ANSWER_SETTINGS = (
    "embedding_model", "embedding_url", "embedding_quantize", "embedding_runtime",
    "search_mode", "fusion", "top_k", "max_per_page",
    "rerank", "rerank_url", "rerank_model", "rerank_top_n", "rerank_llm_pages",  # they re-order the pages read
    "max_searches", "recursion_limit", "token_budget",
)  # fmt: skip
LLM_IDENTITY = ("llm_base_url", "router_model", "planner_model", "writer_model", "llm_max_tokens")


def config_hash(settings: Settings, strategy: str) -> str:
    """The answer key: what would make an earlier answer differ from one made now."""
    key: dict[str, object] = {name: str(getattr(settings, name)) for name in ANSWER_SETTINGS}
    key["engine"] = "offline" if settings.offline else {n: str(getattr(settings, n)) for n in LLM_IDENTITY}
    payload = json.dumps({**key, "strategy": strategy}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


def answer_versions(questions: Sequence[Question], store_version: str, services: Services,
                    settings: Settings) -> dict[str, str]:
    """Each question's content version: the store's, and the catalog entries the question
    names (`finrag.catalog.catalog_key`). A correction (`finrag catalog alias`, a manifest)
    changes the version of the questions about the companies it touches, so those are
    answered again, and only those."""
    catalog = resolve(catalog_from_documents(services.store.documents()), load_corrections(settings.catalog_path))
    return {q.id: f"{store_version}+catalog:{catalog_key(catalog, q.question)}" for q in questions}


def resume_results(
    log: ResultsLog, questions: Sequence[Question], chash: str, versions: Mapping[str, str], retry_fallbacks: bool,
) -> tuple[dict[str, RunRecord], Path | None]:
    """The earlier records still valid now, by id, and where the earlier file was moved
    (None when every earlier record still holds). The log is left holding just those.
    `versions`: each question's content version now (`answer_versions`)."""
    earlier = log.read()
    done = reusable_records(earlier, questions, chash, versions, retry_fallbacks=retry_fallbacks)
    previous = None
    dropped = [r for r in earlier if done.get(r.id) != r]
    if dropped:
        previous = move_aside(log.path)
        print(f"{log.path}: {len(dropped)} earlier answer(s) no longer match (questions, strategy, store, "
              f"catalog corrections or engine changed, or the LLM was unreachable); earlier results kept as {previous}",
              file=sys.stderr, flush=True)
    # Rewrite even when nothing changed: it drops a torn last line and duplicates, so
    # appends below start on a clean line.
    log.rewrite(done.values())
    return done, previous


def reusable_records(
    records: list[RunRecord], questions: Sequence[Question], chash: str, versions: Mapping[str, str],
    retry_fallbacks: bool,
) -> dict[str, RunRecord]:
    """Earlier records still valid now. With an LLM configured, an answer that fell back
    offline (the LLM was unreachable) is asked again rather than kept."""
    # The company / period hints filter like the question's words: a changed hint is a new question.
    wanted = {q.id: (q.question, q.company, q.period) for q in questions}
    keep: dict[str, RunRecord] = {}
    for r in records:
        same_question = wanted.get(r.id) == (r.question, r.company, r.period)
        fell_back = retry_fallbacks and r.answer.fallback is not None
        # A question whose Dask worker died was never answered: ask it again.
        lost = WORKER_LOST in r.answer.flags
        if same_question and r.config_hash == chash and r.store_version == versions.get(r.id) and not (fell_back or lost):
            keep.setdefault(r.id, r)
    return keep


def move_aside(path: Path) -> Path:
    """Keep the whole earlier results file under a timestamped name before it is rewritten."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.stem}.{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target
