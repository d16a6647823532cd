"""Typed state, run context and configuration of the iterative agent."""

from __future__ import annotations

import operator
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypedDict

from langgraph.managed import RemainingSteps

from answering.aspects import Aspect
from answering.sufficiency import Coverage, NextQuery
from answering.writer import WrittenAnswer
from finrag.config import Settings
from finrag.llm import Usage
from finrag.models import Question, SearchHit, TraceStep

if TYPE_CHECKING:
    from strategies.services import Services

# Guards that can stop the agent before its evidence is complete (Answer.stopped_by).
MAX_SEARCHES = "max_searches"
RECURSION_LIMIT = "recursion_limit"
TIMEOUT = "timeout"
TOKEN_BUDGET = "token_budget"


@dataclass(frozen=True)
class AgentConfig:
    """Every limit of one agent run, in one place (defaults from Settings)."""

    max_searches: int = 4
    recursion_limit: int = 25
    timeout_s: float = 120.0
    token_budget: int = 20_000
    # SQLite checkpoint file: every step's state is saved under thread_id = question id.
    checkpoint_path: Path | None = None

    @classmethod
    def from_settings(cls, settings: Settings, checkpoint_path: Path | None = None) -> AgentConfig:
        return cls(
            max_searches=settings.max_searches,
            recursion_limit=settings.recursion_limit,
            timeout_s=settings.question_timeout_s,
            token_budget=settings.token_budget,
            checkpoint_path=checkpoint_path or settings.agent_checkpoint,
        )


@dataclass
class AgentContext:
    """What nodes need besides state: services, limits, the LLM bill and the clock."""

    services: Services
    config: AgentConfig
    usage: Usage = field(default_factory=Usage)
    started: float = field(default_factory=time.monotonic)
    # Set when the caller stops waiting (timeout): a node still running must not do more work.
    cancelled: threading.Event = field(default_factory=threading.Event)

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
    understanding: Any  # retrieval.query_understanding.QueryUnderstanding (pydantic)
    flags: list[str]  # retrieval flags of the first search (no_filter_match, low_evidence)
    aspects: list[Aspect]
    hits: list[SearchHit]  # everything retrieved so far, de-duplicated, first-seen order
    queries: list[str]  # query texts already searched
    planned: list[NextQuery]  # queries proposed by the LLM planner, not yet searched
    coverage: Coverage | None
    searches: int
    stopped_by: str | None
    written: WrittenAnswer | None
    trace: Annotated[list[TraceStep], operator.add]
    remaining_steps: RemainingSteps
