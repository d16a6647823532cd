"""What protects a run from a dead or slow LLM endpoint (see finrag.llm, the one client).

- `CircuitBreaker`: after `FINRAG_LLM_BREAKER_FAILURES` consecutive endpoint failures no
  further call is sent for the rest of the run;
- `question_scope`: one question's deadline, shared by every LLM call made in its context,
  and the ledger of the attempts that failed under it (what they cost is still paid).
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from finrag.models import FailureKind, LLMReply


class DeadlineExpired(Exception):
    """The question's deadline passed before an attempt could start."""


@dataclass
class QuestionScope:
    """One question's LLM deadline and the attempts that failed under it."""

    deadline: float  # time.monotonic() value
    failed_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    failures: list[str] = field(default_factory=list)  # FailureKind of each failed call
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def seconds_left(self) -> float:
        return self.deadline - time.monotonic()

    def expired(self) -> bool:
        return self.seconds_left() <= 0

    def failed_attempt(self, reply: LLMReply | None) -> None:
        with self._lock:
            self.failed_calls += 1
            if reply is not None:
                self.tokens_in += reply.tokens_in
                self.tokens_out += reply.tokens_out
                self.cost_usd += reply.cost_usd

    def gave_up(self, kind: FailureKind) -> None:
        with self._lock:
            self.failures.append(kind)


_scope: contextvars.ContextVar[QuestionScope | None] = contextvars.ContextVar("finrag_llm_scope", default=None)


@contextmanager
def question_scope(timeout_s: float) -> Iterator[QuestionScope]:
    """Every LLM call made in this context (and in threads started with its copy) shares
    one deadline `timeout_s` from now and one failure ledger."""
    scope = QuestionScope(deadline=time.monotonic() + timeout_s)
    token = _scope.set(scope)
    try:
        yield scope
    finally:
        _scope.reset(token)


def current_scope() -> QuestionScope | None:
    return _scope.get()


class CircuitBreaker:
    """Opens after `limit` consecutive endpoint failures and stays open for the client's life."""

    def __init__(self, limit: int) -> None:
        self._limit = max(1, limit)
        self._failures = 0
        self._last = ""
        self._lock = threading.Lock()

    @property
    def open(self) -> bool:
        return self._failures >= self._limit

    def record(self, exc: BaseException | None, description: str = "") -> None:
        """One call's outcome: `exc` None when the server answered; `description` is the
        caller's readable, key-free account of `exc`, kept for the breaker's reason."""
        with self._lock:
            if exc is not None and _is_endpoint_failure(exc):
                self._failures += 1
                self._last = description
            elif not self.open:
                self._failures = 0  # the server answered (a bad reply or a 429 is still an answer)

    def reason(self) -> str:
        return f"LLM endpoint not called: {self._failures} consecutive failures in this run (last: {self._last})"


def _is_endpoint_failure(exc: BaseException) -> bool:
    """The endpoint is down, unreachable or misconfigured (not: busy, or a bad reply)."""
    import openai

    if isinstance(exc, openai.APIStatusError):
        return exc.status_code >= 500 or exc.status_code in (401, 403, 404)
    return isinstance(exc, openai.APIConnectionError)
