"""Typed state and run context of the iterative agent (its limits: agents/configuration.py)."""

from __future__ import annotations

import operator
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, TypedDict

from langgraph.managed import RemainingSteps

from agents.configuration import AgentConfig
from answering.aspects import Aspect
from answering.sufficiency import Coverage, NextQuery
from answering.writer import WrittenAnswer
from finrag.llm import Usage
from finrag.models import Question, SearchHit, TraceStep
from retrieval.query_understanding import QueryUnderstanding

if TYPE_CHECKING:
    from strategies.services import Services

@dataclass
class AgentContext:
    """What nodes need besides state: services, limits, the LLM bill and the clock."""

    services: Services
    config: AgentConfig
    understanding: QueryUnderstanding | None = None  # the question as the router read it
    usage: Usage = field(default_factory=Usage)
    started: float = field(default_factory=time.monotonic)
    # Set when the caller stops waiting (timeout): a node still running must not do more work.
    cancelled: threading.Event = field(default_factory=threading.Event)
    review: bool = False  # stop after planning for someone to review the planned searches

    @property
    def deadline(self) -> float:
        return self.started + self.config.timeout_s

    def out_of_time(self) -> bool:
        return self.cancelled.is_set() or time.monotonic() >= self.deadline

    def seconds_left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def over_budget(self) -> bool:
        return self.usage.tokens_in + self.usage.tokens_out >= self.config.token_budget


class AgentState(TypedDict, total=False):
    question: Question
    understanding: QueryUnderstanding
    flags: list[str]  # retrieval flags of the first search (no_filter_match, low_evidence)
    aspects: list[Aspect]
    hits: list[SearchHit]  # everything retrieved so far, de-duplicated, first-seen order
    queries: list[str]  # query texts already searched
    planned: list[NextQuery]  # queries proposed by the LLM planner, not yet searched
    coverage: Coverage | None
    reviewed: bool  # the planned searches were reviewed: run those, invent no others
    reviewed_hits: int  # the first hits in `hits` came from the reviewed searches
    analyst_queries: list[str]  # reviewed searches the analyst wrote (agents/analyst_searches.py)
    searches: int
    stopped_by: str | None
    written: WrittenAnswer | None
    trace: Annotated[list[TraceStep], operator.add]
    remaining_steps: RemainingSteps


# Every type an AgentState checkpoint holds as a value (nested models are rebuilt by their
# parent's validation). The checkpointer restores exactly these: LangGraph warns about any
# other type it meets in a checkpoint ("Deserializing unregistered type") and will block it.
CHECKPOINTED_TYPES: tuple[type, ...] = (
    Question, QueryUnderstanding, Aspect, SearchHit, NextQuery, Coverage, WrittenAnswer, TraceStep,
)
