"""Answer one question: route it (unless a strategy is forced), run the strategy, never raise.

`answer_question` is the one entry point the CLI, batch flow and evaluations use. A bad
question, an LLM outage or a bug inside a strategy comes back as
`Answer(status="failed", reason=...)` so a batch goes on with the next question.
"""

from __future__ import annotations

import logging
import time
from typing import get_args

from answering.currency import against_asked_currency
from finrag.llm import LLMError
from finrag.llm_guards import question_scope
from finrag.models import Answer, Question, StrategyName, TraceStep
from strategies import direct, knowledge_graph, single
from strategies.report_terms import in_report_terms
from strategies.router import RouteDecision, StrategyFunction, forced, route, understand_question
from strategies.services import Services

log = logging.getLogger(__name__)

STRATEGY_NAMES: tuple[StrategyName, ...] = get_args(StrategyName)


def answer_iterative(question: Question, services: Services, decision: RouteDecision) -> Answer:
    """The LangGraph agent, imported when a question first needs it: LangGraph alone takes
    seconds to import, which every cold `finrag ask` would otherwise pay."""
    from agents.iterative import answer_iterative as agent

    return agent(question, services, decision)


def strategy_function(strategy: StrategyName) -> StrategyFunction:
    """The function that answers with `strategy` (looked up on its module at call time)."""
    match strategy:
        case "direct":
            return direct.answer_direct
        case "single":
            return single.answer_single
        case "iterative":
            return answer_iterative
        case "graph":
            return lambda question, services, decision: knowledge_graph.answer_graph(
                question, services, decision, fallback=answer_iterative
            )
    raise ValueError(f"unknown strategy {strategy!r}")


def answer_question(question: Question, services: Services, strategy: str = "auto") -> Answer:
    started = time.perf_counter()
    question = with_period_words(question)
    decision: RouteDecision | None = None
    # One deadline per question, whatever the strategy: no LLM call starts after it.
    with question_scope(services.settings.question_timeout_s) as scope:
        try:
            decision = _decide(question, services, strategy)
            answer = _answer_decided(question, services, decision)
            answer = against_asked_currency(answer, question.question)
        except Exception as exc:  # never raise: the question fails, the batch goes on
            _log_failure(question, exc)
            answer = _failed(decision, strategy, _safe_reason(exc, services))
    answer.latency_s = round(time.perf_counter() - started, 3)
    # Failed attempts were sent (and a malformed reply paid for): they count like the others.
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
            *answer.trace,
        ]
        if decision.llm_reply is not None:  # the classifier call belongs to this answer too
            reply = decision.llm_reply
            answer.llm_calls += 1
            answer.tokens_in += reply.tokens_in
            answer.tokens_out += reply.tokens_out
            answer.cost_usd += reply.cost_usd
    return answer


def _answer_decided(question: Question, services: Services, decision: RouteDecision) -> Answer:
    """Answer under the decided strategy, and say the answer in its report's terms."""
    answer = strategy_function(decision.strategy)(question, services, decision)
    return in_report_terms(answer, question.question, services)


def with_period_words(question: Question) -> Question:
    """The question with the asker's period hint said in it, when its words do not say it.

    The hints filter through query understanding (company and period alike); the period is
    also put in words because the metric writer reads a question's years from its text
    ("What was capex?" with period FY2023 is computed as "What was capex? (FY2023)"). The
    company hint never becomes words: an unknown name in the text would read as no company.
    """
    period = (question.period or "").strip()
    if not period or period.lower() in question.question.lower():
        return question
    return question.model_copy(update={"question": f"{question.question.rstrip()} ({period})"})


def _decide(question: Question, services: Services, strategy: str) -> RouteDecision:
    if strategy == "auto":
        return route(question, services)
    if strategy not in STRATEGY_NAMES:
        raise ValueError(f"unknown strategy {strategy!r}; choose auto, {', '.join(STRATEGY_NAMES)}")
    # A forced strategy reads the question (and the asker's hints) once here, as routing would.
    return forced(strategy, understand_question(question, services.catalog(), services.vocabulary))  # type: ignore[arg-type]


def _failed(decision: RouteDecision | None, strategy: str, reason: str) -> Answer:
    name = decision.strategy if decision else strategy if strategy in STRATEGY_NAMES else "single"
    return Answer(status="failed", answer="", strategy=name, reason=reason)


def _log_failure(question: Question, exc: Exception) -> None:
    if isinstance(exc, LLMError):  # an outage, not a bug: no traceback per question
        log.warning("question %s failed: %s", question.id, exc.reason)
    else:
        log.exception("question %s failed", question.id)


def _safe_reason(exc: Exception, services: Services) -> str:
    reason = getattr(exc, "reason", None) or f"{type(exc).__name__}: {exc}"
    secret = services.settings.llm_api_key
    return reason.replace(secret, "***") if secret else reason
