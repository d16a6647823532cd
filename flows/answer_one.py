"""One question answered without ever sinking a batch: a crash or an unreadable row becomes
that question's `failed` record, with a reason and a flag a re-run reads.

Shared by the local runner (flows/answer_batch.py), the Dask workers (flows/parallel_batch.py),
the ask flow, and resume (flows/resume.py, which answers again what a lost worker dropped).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from finrag.models import Answer, Question

if TYPE_CHECKING:
    from strategies.services import Services

# The flag of a question whose Dask worker died: a re-run answers it again.
WORKER_LOST = "worker_lost"


def answer_safely(question: Question, services: Services, strategy: str) -> Answer:
    """`answer_question` promises never to raise; a bug that does anyway must not sink the batch.

    A row that could not be read as a question (`problem`) is recorded failed, never asked.
    """
    from strategies.dispatch import answer_question

    if question.problem:
        return failed_answer(question, strategy, question.problem, flag="bad_input")
    started = time.perf_counter()
    try:
        return answer_question(question, services, strategy=strategy)
    except Exception as e:  # noqa: BLE001 - recorded as this question's failure
        return failed_answer(question, strategy, f"{type(e).__name__}: {e}", time.perf_counter() - started)


def failed_answer(
    question: Question, strategy: str, reason: str, latency_s: float = 0.0, flag: str = "answerer_raised"
) -> Answer:
    return Answer(
        status="failed",
        answer="",
        # An Answer must name a concrete strategy; for "auto" the router never got to say.
        strategy=strategy if strategy != "auto" else (question.expected_strategy or "single"),
        reason=reason,
        engine="none",  # no engine answered it
        flags=[flag],
        latency_s=latency_s,
    )
