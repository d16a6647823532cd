"""The only ChatOpenAI client: role-based models, retries, token usage and cost.

Any OpenAI-compatible server works (OpenAI, vLLM, Ollama, llama.cpp's server).
Retries live here and only here (the OpenAI SDK's own retries are switched off), so a
test can count the attempts a server sees. After the last attempt the caller gets an
`LLMError` with a readable reason that never contains the API key, and a `kind` that
becomes the answer's `fallback` reason when a strategy answers offline instead.

Two limits protect a run from a dead or slow endpoint:
- a circuit breaker per client: after `FINRAG_LLM_BREAKER_FAILURES` consecutive endpoint
  failures (refused, timed out, 5xx, 401/403/404) no further call is sent for the rest of
  the run, so a dead server costs a few attempts, not every question's retry budget;
- a per-question deadline (`question_scope`): once it passes no attempt starts, a waiting
  call gives up its concurrency slot, and each attempt's HTTP timeout is cut to the time
  left. The scope also counts failed attempts (and what malformed replies cost), which
  `strategies.answer_question` adds to the answer's `llm_calls` and cost.
Both live in finrag.llm_guards; this module applies them around every attempt.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.output_parsers.openai_tools import PydanticToolsParser
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, SecretStr, ValidationError
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential,
)

from finrag.config import Settings
from finrag.llm_guards import CircuitBreaker, DeadlineExpired, QuestionScope, current_scope
from finrag.models import FailureKind, LLMReply

if TYPE_CHECKING:  # openai and langchain-openai take seconds to import: only with an LLM
    from langchain_openai import ChatOpenAI

log = logging.getLogger(__name__)

Role = Literal["router", "planner", "writer"]
SchemaT = TypeVar("SchemaT", bound=BaseModel)
T = TypeVar("T")

# Longest we ever sleep between attempts, whatever a server's Retry-After says.
MAX_BACKOFF_S = 30.0


class LLMError(Exception):
    """An LLM call failed after its last attempt. `reason` is safe to show and store."""

    def __init__(self, reason: str, kind: FailureKind = "http_error") -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind: FailureKind = kind


@dataclass
class Usage:
    """What one answer spent on LLM calls; strategies carry one per answer."""

    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0

    def add(self, reply: LLMReply) -> None:
        self.llm_calls += 1
        self.tokens_in += reply.tokens_in
        self.tokens_out += reply.tokens_out
        self.cost_usd += reply.cost_usd


class MalformedOutput(Exception):
    """The model's structured reply did not parse or validate against the schema."""

    def __init__(self, message: str, reply: LLMReply | None = None) -> None:
        super().__init__(message)
        self.reply = reply  # what the unusable reply cost: it is paid for all the same


def _kind(exc: BaseException) -> FailureKind:
    import openai

    if isinstance(exc, DeadlineExpired):
        return "deadline"
    if isinstance(exc, openai.APITimeoutError):
        return "timeout"
    if isinstance(exc, openai.APIConnectionError):
        return "connection"
    if isinstance(exc, MalformedOutput | ValidationError) or _not_the_api(exc):
        return "malformed_output"
    return "http_error"


def _not_the_api(exc: BaseException) -> bool:
    """A reply that is not the API's JSON at all (a proxy's HTML page, a cut-off body): the
    SDK fails to decode it, or langchain-openai gets a string where it wants a reply. Like
    malformed output, another attempt may well get a real reply."""
    if isinstance(exc, json.JSONDecodeError):
        return True
    return isinstance(exc, ValueError) and "Unexpected response type" in str(exc)


def _is_retryable(exc: BaseException) -> bool:
    import openai

    if isinstance(exc, openai.APIStatusError):
        return exc.status_code == 429 or exc.status_code >= 500
    # APITimeoutError is a subclass of APIConnectionError.
    return isinstance(exc, openai.APIConnectionError | MalformedOutput | ValidationError) or _not_the_api(exc)


def _retry_after_s(exc: BaseException | None) -> float | None:
    import openai

    if not isinstance(exc, openai.APIStatusError):
        return None
    value = exc.response.headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:  # an HTTP date: not worth parsing, fall back to backoff
        return None


def _describe(exc: BaseException) -> str:
    import openai

    if isinstance(exc, openai.APITimeoutError):
        return "timed out"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {exc.message}"
    if isinstance(exc, openai.APIConnectionError):
        return f"connection failed: {exc}"
    if isinstance(exc, MalformedOutput | ValidationError):
        return f"malformed structured output: {exc}"
    if isinstance(exc, DeadlineExpired):
        return f"question deadline passed ({exc})"
    return f"{type(exc).__name__}: {exc}"


class LLMClient:
    """One ChatOpenAI per role, all sharing the endpoint, limits and price table."""

    def __init__(self, settings: Settings, backoff_base_s: float = 1.0) -> None:
        self._settings = settings
        self._backoff_base_s = backoff_base_s
        self._secret = settings.llm_api_key or ""
        self._gate = threading.BoundedSemaphore(max(1, settings.llm_concurrency))
        self.breaker = CircuitBreaker(settings.llm_breaker_failures)
        self._models: dict[Role, ChatOpenAI] = {
            role: self._chat_model(self.model_name(role))
            for role in ("router", "planner", "writer")
        }

    def _chat_model(self, model: str) -> ChatOpenAI:
        from langchain_openai import ChatOpenAI

        s = self._settings
        return ChatOpenAI(
            model=model,
            base_url=s.llm_base_url,
            # Local servers (llama.cpp, vLLM) accept any key but the SDK insists on one.
            api_key=SecretStr(s.llm_api_key or "not-needed"),
            timeout=s.llm_timeout_s,
            max_retries=0,  # tenacity below is the one place retries happen
            max_tokens=s.llm_max_tokens,  # sent as max_completion_tokens ...
            # ... which llama.cpp's server ignores, so send the legacy field as well.
            extra_body={"max_tokens": s.llm_max_tokens},
            temperature=0,
        )

    def model_name(self, role: Role) -> str:
        s = self._settings
        return {"router": s.router_model, "planner": s.planner_model, "writer": s.writer_model}[role]

    def engine(self, role: Role = "writer") -> str:
        return f"llm:{self.model_name(role)}"

    def __repr__(self) -> str:  # never show the key
        return f"LLMClient(base_url={self._settings.llm_base_url!r})"

    # ------------------------------------------------------------------ calls

    def chat(self, role: Role, messages: list[BaseMessage]) -> LLMReply:
        def call(timeout_s: float) -> LLMReply:
            message = self._models[role].invoke(messages, timeout=timeout_s)
            return self._reply(role, message)

        return self._with_retries(role, call)

    def structured(
        self, role: Role, schema: type[SchemaT], messages: list[BaseMessage]
    ) -> tuple[SchemaT, LLMReply]:
        # function_calling is the portable method: json_schema fails on several servers.
        # Bound by hand (not with_structured_output) so each attempt can take its own timeout.
        name = convert_to_openai_tool(schema)["function"]["name"]
        bound = self._models[role].bind_tools([schema], tool_choice=name, parallel_tool_calls=False)
        parser = PydanticToolsParser(tools=[schema], first_tool_only=True)

        def call(timeout_s: float) -> tuple[SchemaT, LLMReply]:
            message = bound.invoke(messages, timeout=timeout_s)
            reply = self._reply(role, message)
            try:
                parsed = parser.invoke(message)
            except Exception as exc:  # noqa: BLE001 - any parse/validation failure is a bad reply
                raise MalformedOutput(str(exc), reply) from None
            if not isinstance(parsed, schema):
                raise MalformedOutput("no tool call in the reply", reply)
            return parsed, reply

        return self._with_retries(role, call)

    # ------------------------------------------------------------------ helpers

    def _reply(self, role: Role, message: AIMessage) -> LLMReply:
        usage = message.usage_metadata or {}
        tokens_in = int(usage.get("input_tokens", 0))
        tokens_out = int(usage.get("output_tokens", 0))
        s = self._settings
        cost = (tokens_in * s.price_in_per_mtok + tokens_out * s.price_out_per_mtok) / 1e6
        text = message.content if isinstance(message.content, str) else str(message.content)
        return LLMReply(
            text=text,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            cost_usd=cost,
            model=self.model_name(role),
        )

    def _wait(self, state: RetryCallState) -> float:
        backoff = wait_exponential(multiplier=self._backoff_base_s, max=MAX_BACKOFF_S)(state)
        exc = state.outcome.exception() if state.outcome else None
        retry_after = _retry_after_s(exc)
        return min(MAX_BACKOFF_S, retry_after) if retry_after is not None else backoff

    def _redact(self, text: str) -> str:
        return text.replace(self._secret, "***") if self._secret else text

    def _with_retries(self, role: Role, call: Callable[[float], T]) -> T:
        scope = current_scope()
        attempts = self._settings.llm_max_retries + 1
        retrying = Retrying(
            stop=stop_after_attempt(attempts),
            wait=lambda st: self._bounded_wait(st, scope),
            retry=retry_if_exception(lambda e: _is_retryable(e) and not self.breaker.open),
            before_sleep=lambda st: log.warning(
                "LLM %s call attempt %d failed (%s); retrying",
                role,
                st.attempt_number,
                self._redact(_describe(st.outcome.exception())),
            ),
            reraise=True,
        )
        try:
            return retrying(self._attempt, call, scope)
        except Exception as exc:  # every failure becomes one readable, key-free reason
            kind = "circuit_open" if isinstance(exc, _BreakerOpen) else _kind(exc)
            if scope is not None:
                scope.gave_up(kind)
            if isinstance(exc, _BreakerOpen):
                raise LLMError(self._redact(self.breaker.reason()), kind) from None
            tried = retrying.statistics.get("attempt_number", 1)
            reason = self._redact(
                f"LLM {role} call to {self.model_name(role)} failed after {tried} "
                f"attempt(s): {_describe(exc)}"
            )
            # `from None`: the SDK's exception text may echo request details; keep it out.
            raise LLMError(reason, kind) from None

    def _attempt(self, call: Callable[[float], T], scope: QuestionScope | None) -> T:
        """One request: never after the deadline or with the breaker open; the slot is held
        only while the request is in flight (not while backing off)."""
        import openai

        if self.breaker.open:
            raise _BreakerOpen()
        timeout = self._settings.llm_timeout_s
        if scope is not None:
            if scope.expired():
                raise DeadlineExpired("no time left for another attempt")
            timeout = min(timeout, scope.seconds_left())
        if not self._gate.acquire(timeout=None if scope is None else max(0.0, scope.seconds_left())):
            raise DeadlineExpired("still waiting for a free LLM slot")
        cut_short = False
        try:
            if scope is not None and scope.seconds_left() < timeout:
                timeout, cut_short = max(0.05, scope.seconds_left()), True
            result = call(timeout)
        except Exception as exc:
            if scope is not None:
                scope.failed_attempt(exc.reply if isinstance(exc, MalformedOutput) else None)
            if cut_short and isinstance(exc, openai.APITimeoutError):
                # Our deadline, not the endpoint's fault: not a breaker failure, not retried.
                raise DeadlineExpired("the call was cut off at the question's deadline") from None
            self.breaker.record(exc, _describe(exc))
            raise
        finally:
            self._gate.release()
        self.breaker.record(None)
        return result

    def _bounded_wait(self, state: RetryCallState, scope: QuestionScope | None) -> float:
        wait = self._wait(state)
        return wait if scope is None else max(0.0, min(wait, scope.seconds_left()))


class _BreakerOpen(Exception):
    """The circuit breaker is open: the call is not sent."""


def get_llm(settings: Settings) -> LLMClient | None:
    """The LLM client, or None when FinRAG runs offline (no endpoint configured)."""
    return None if settings.offline else LLMClient(settings)
