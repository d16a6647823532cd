"""The only ChatOpenAI client: role-based models, retries, token usage and cost.

Any OpenAI-compatible server works (OpenAI, vLLM, Ollama, llama.cpp's server).
Retries live here and only here (the OpenAI SDK's own retries are switched off), so a
test can count the attempts a server sees. After the last attempt the caller gets an
`LLMError` with a readable reason that never contains the API key.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar

from langchain_core.messages import AIMessage, BaseMessage
from pydantic import BaseModel, SecretStr, ValidationError
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential,
)

from finrag.config import Settings

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

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class LLMReply(BaseModel):
    text: str
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    model: str


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


def _is_retryable(exc: BaseException) -> bool:
    import openai

    if isinstance(exc, openai.APIStatusError):
        return exc.status_code == 429 or exc.status_code >= 500
    # APITimeoutError is a subclass of APIConnectionError.
    return isinstance(exc, openai.APIConnectionError | MalformedOutput | ValidationError)


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
    return f"{type(exc).__name__}: {exc}"


class LLMClient:
    """One ChatOpenAI per role, all sharing the endpoint, limits and price table."""

    def __init__(self, settings: Settings, backoff_base_s: float = 1.0) -> None:
        self._settings = settings
        self._backoff_base_s = backoff_base_s
        self._secret = settings.llm_api_key or ""
        self._gate = threading.BoundedSemaphore(max(1, settings.llm_concurrency))
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
        def call() -> LLMReply:
            message = self._models[role].invoke(messages)
            return self._reply(role, message)

        return self._with_retries(role, call)

    def structured(
        self, role: Role, schema: type[SchemaT], messages: list[BaseMessage]
    ) -> tuple[SchemaT, LLMReply]:
        # function_calling is the portable method: json_schema fails on several servers.
        runnable = self._models[role].with_structured_output(
            schema, method="function_calling", include_raw=True
        )

        def call() -> tuple[SchemaT, LLMReply]:
            out = runnable.invoke(messages)
            parsed, error = out.get("parsed"), out.get("parsing_error")
            if error is not None or not isinstance(parsed, schema):
                raise MalformedOutput(str(error) if error else "no tool call in the reply")
            return parsed, self._reply(role, out["raw"])

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

    def _with_retries(self, role: Role, call: Callable[[], T]) -> T:
        attempts = self._settings.llm_max_retries + 1
        retrying = Retrying(
            stop=stop_after_attempt(attempts),
            wait=self._wait,
            retry=retry_if_exception(_is_retryable),
            before_sleep=lambda st: log.warning(
                "LLM %s call attempt %d failed (%s); retrying",
                role,
                st.attempt_number,
                self._redact(_describe(st.outcome.exception())),
            ),
            reraise=True,
        )
        try:
            with self._gate:
                return retrying(call)
        except Exception as exc:  # every failure becomes one readable, key-free reason
            tried = retrying.statistics.get("attempt_number", 1)
            reason = self._redact(
                f"LLM {role} call to {self.model_name(role)} failed after {tried} "
                f"attempt(s): {_describe(exc)}"
            )
            # `from None`: the SDK's exception text may echo request details; keep it out.
            raise LLMError(reason) from None


def get_llm(settings: Settings) -> LLMClient | None:
    """The LLM client, or None when FinRAG runs offline (no endpoint configured)."""
    return None if settings.offline else LLMClient(settings)
