"""Write the answer from retrieved evidence: extractive offline, or an LLM when configured.

The one entry point strategies and the agent call. The offline extractive writer
(answering.extractive_writer) always runs: it is the answer without an LLM, the
fallback when the LLM fails or cites nothing verifiable, and the source of checked
figures the LLM writer (answering.llm_writer) is given. `WrittenAnswer` and
`not_found` (answering.written_answer) are re-exported as part of this surface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from answering.extractive_writer import write_offline
from answering.llm_writer import write_llm
from answering.metric_answer import MetricServices, answer_metric
from answering.written_answer import WrittenAnswer, not_found
from finrag.llm import LLMClient, LLMError, Usage
from finrag.models import Question, SearchHit

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

__all__ = ["WriterServices", "WrittenAnswer", "not_found", "write_answer"]


class WriterServices(MetricServices, Protocol):
    """What writing needs of the open services (strategies.services.Services has it)."""

    @property
    def llm(self) -> LLMClient | None: ...


def write_answer(
    question: Question | str,
    hits: list[SearchHit],
    understanding: QueryUnderstanding,
    services: WriterServices,
    usage: Usage,
    offline_only: bool = False,
) -> WrittenAnswer:
    """Answer from these hits. `offline_only` forces the deterministic engine (e.g. after a timeout)."""
    text = question.question if isinstance(question, Question) else question
    # A metric question is computed exactly from statement rows (answering.metric_answer): its
    # answer is the offline answer, and the checked figure the LLM writer is given. Offline,
    # an input it could not find is named rather than another quantity answered.
    metric = answer_metric(text, hits, understanding, services)
    offline_engine = services.llm is None or offline_only or not hits
    # An unverified figure (answering.checks) stays refused with an LLM too: the evidence it
    # would rest on failed a check, and the LLM reads the same evidence.
    if metric is not None and (metric.status in ("answered", "unverified") or offline_engine):
        offline = metric
    else:
        offline = write_offline(text, hits, understanding, services.vocabulary)
    if services.llm is None or offline_only or not hits or offline.status == "unverified":
        return offline
    try:
        return write_llm(text, hits, offline, services.llm, usage)
    except LLMError as exc:
        return offline.model_copy(update={
            "flags": [*offline.flags, "llm_failed"], "reason": offline.reason or exc.reason, "fallback": exc.kind,
        })
