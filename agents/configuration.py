"""Configuration of the iterative agent: its guards and their limits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from finrag.config import Settings

# Guards that can stop the agent before its evidence is complete (Answer.stopped_by).
MAX_SEARCHES = "max_searches"
RECURSION_LIMIT = "recursion_limit"
TIMEOUT = "timeout"
TOKEN_BUDGET = "token_budget"


@dataclass(frozen=True)
class AgentConfig:
    """Every limit of one agent run, in one place. No defaults here: they are Settings'
    (FINRAG_MAX_SEARCHES, FINRAG_RECURSION_LIMIT, FINRAG_QUESTION_TIMEOUT,
    FINRAG_TOKEN_BUDGET, FINRAG_AGENT_CHECKPOINT); change one with dataclasses.replace."""

    max_searches: int
    recursion_limit: int
    timeout_s: float
    token_budget: int
    # SQLite checkpoint file: every step's state is saved under thread_id = question id.
    checkpoint_path: Path | None

    @classmethod
    def from_settings(cls, settings: Settings, checkpoint_path: Path | None = None) -> AgentConfig:
        return cls(
            max_searches=settings.max_searches,
            recursion_limit=settings.recursion_limit,
            timeout_s=settings.question_timeout_s,
            token_budget=settings.token_budget,
            checkpoint_path=checkpoint_path or settings.agent_checkpoint,
        )
