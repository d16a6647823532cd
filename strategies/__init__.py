"""Answer one question: route it (unless a strategy is forced), run the strategy, never raise.

`answer_question` is the one entry point the CLI, batch flow and evaluations use. A bad
question, an LLM outage or a bug inside a strategy comes back as
`Answer(status="failed", reason=...)` so a batch goes on with the next question.
"""

from __future__ import annotations

import importlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from finrag.models import Answer, Question, StrategyName, TraceStep

if TYPE_CHECKING:
    from strategies.router import RouteDecision
    from strategies.services import Services

log = logging.getLogger(__name__)

# Strategy functions, imported lazily: a direct question needn't import LangGraph. The
# iterative agent lives in agents/ (above strategies/); this table is the one place that
# reaches up, because the dispatcher is what knows every strategy.
STRATEGY_FUNCTIONS: dict[StrategyName, str] = {
    "direct": "strategies.direct:answer_direct",
    "single": "strategies.single:answer_single",
    "iterative": "agents.iterative:answer_iterative",
    "graph": "strategies.knowledge_graph:answer_graph",
}

StrategyFunction = Callable[["Question", "Services", "RouteDecision"], Answer]


def answer_question(question: Question, services: Services, strategy: str = "auto") -> Answer:
    from finrag.llm import question_scope

    started = time.perf_counter()
    decision: RouteDecision | None = None
    # One deadline per question, whatever the strategy: no LLM call starts after it.
    with question_scope(services.settings.question_timeout_s) as scope:
        try:
            decision = _decide(question, services, strategy)
            answer, notes = _run(question, services, decision)
        except Exception as exc:  # never raise: the question fails, the batch goes on
            _log_failure(question, exc)
            answer, notes = _failed(decision, strategy, _safe_reason(exc, services)), []
    answer.latency_s = round(time.perf_counter() - started, 3)
    # Failed attempts were paid for (or at least sent): they count like the others.
    answer.llm_calls += scope.failed_calls
    answer.tokens_in += scope.tokens_in
    answer.tokens_out += scope.tokens_out
    answer.cost_usd = round(answer.cost_usd + scope.cost_usd, 6)
    if services.llm is not None and answer.engine == "offline" and scope.failures and answer.fallback is None:
        answer.fallback = scope.failures[-1]
    if "deadline" in scope.failures and answer.stopped_by is None:
        answer.stopped_by = "timeout"
    if decision is not None:
        answer.route_reason = decision.reason
        answer.trace = [
            TraceStep(step="route", decision=f"{decision.strategy}: {decision.reason}"),
            *notes,
            *answer.trace,
        ]
        if decision.llm_reply is not None:  # the classifier call belongs to this answer too
            reply = decision.llm_reply
            answer.llm_calls += 1
            answer.tokens_in += reply.tokens_in
            answer.tokens_out += reply.tokens_out
            answer.cost_usd += reply.cost_usd
    return answer


def _decide(question: Question, services: Services, strategy: str) -> RouteDecision:
    from strategies.router import forced, route

    if strategy == "auto":
        return route(question, services)
    if strategy not in STRATEGY_FUNCTIONS:
        raise ValueError(f"unknown strategy {strategy!r}; choose auto, {', '.join(STRATEGY_FUNCTIONS)}")
    return forced(strategy)  # type: ignore[arg-type]


def _run(
    question: Question, services: Services, decision: RouteDecision
) -> tuple[Answer, list[TraceStep]]:
    notes: list[TraceStep] = []
    try:
        function = load_strategy(decision.strategy)
    except ImportError as exc:
        if decision.strategy != "graph":
            raise
        # The graph strategy is optional: without it, the iterative agent is the next best.
        notes.append(TraceStep(step="fallback", decision=f"graph strategy unavailable ({exc}); using iterative"))
        function = load_strategy("iterative")
    return function(question, services, decision), notes


def load_strategy(strategy: StrategyName) -> StrategyFunction:
    module_name, function_name = STRATEGY_FUNCTIONS[strategy].split(":")
    return getattr(importlib.import_module(module_name), function_name)


def _failed(decision: RouteDecision | None, strategy: str, reason: str) -> Answer:
    name = decision.strategy if decision else strategy if strategy in STRATEGY_FUNCTIONS else "single"
    return Answer(status="failed", answer="", strategy=name, reason=reason)


def _log_failure(question: Question, exc: Exception) -> None:
    # Imported here so importing `strategies` (e.g. for `finrag graph`) stays light.
    from finrag.llm import LLMError

    if isinstance(exc, LLMError):  # an outage, not a bug: no traceback per question
        log.warning("question %s failed: %s", question.id, exc.reason)
    else:
        log.exception("question %s failed", question.id)


def _safe_reason(exc: Exception, services: Services) -> str:
    reason = getattr(exc, "reason", None) or f"{type(exc).__name__}: {exc}"
    secret = services.settings.llm_api_key
    return reason.replace(secret, "***") if secret else reason
