"""The iterative agent: plan aspects -> search -> assess coverage -> search again or write.

A LangGraph `StateGraph` over `AgentState`. Nodes are small functions (state, runtime) ->
partial update; routing functions return the next node's name; the wiring is at the
bottom of this file. Deterministic aspect coverage (answering.sufficiency) decides when
the evidence is enough; with an LLM configured, the planner may add search queries.

Guardrails (AgentConfig, from Settings), each recorded in `Answer.stopped_by` when it
trips, after which the agent writes from what it gathered:
- max_searches: the assess node stops asking for more searches.
- recursion_limit: passed explicitly to the run; `remaining_steps` lets the graph stop a
  step early, and a GraphRecursionError is caught all the same.
- timeout: every node and routing function checks the deadline; the graph runs in a
  worker thread and the caller stops waiting when the deadline passes (a blocking
  retriever or LLM call cannot hold the answer), then writes offline from the last state.
- token_budget: LLM tokens spent on this answer (the Usage accumulator).

Plan review (agents/review.py): with `services.plan_reviewer` set, the graph stops after
planning with LangGraph's `interrupt` (its state checkpointed; in memory unless a checkpoint
file is configured), the reviewer gets the planned searches and returns the ones to run,
and the graph resumes from its checkpoint with `Command(resume=...)`: it runs the reviewed
searches and no others. The question's deadline starts again after the review.

Inspecting a run step by step: set FINRAG_AGENT_CHECKPOINT=agent.sqlite (or pass
`AgentConfig(checkpoint_path=...)` to `run_agent`); every step's state is saved under the
run's own thread id (`<question id>-<random>`, shown in the plan step of the trace), and
`build_agent_graph(SqliteSaver(conn)).get_state_history({"configurable": {"thread_id": tid}})`
lists them newest first.
"""

from __future__ import annotations

import functools
import sqlite3
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime
from langgraph.types import Command
from pydantic import BaseModel, Field

from agents.analyst_searches import with_analyst_findings
from agents.configuration import (
    MAX_SEARCHES,
    RECURSION_LIMIT,
    TIMEOUT,
    TOKEN_BUDGET,
    AgentConfig,
)
from agents.provenance import contributing_searches
from agents.review import review
from agents.state import CHECKPOINTED_TYPES, AgentContext, AgentState
from agents.stream import stream_until_stopped
from answering.aspects import (
    asks_across_companies,
    figure_years,
    implied_years,
    plan_aspects,
    primary_metrics,
)
from answering.evidence import from_one_company, held_to_evidence, not_covered, out_of_scope
from answering.metric_answer import inputs_in_graph
from answering.sufficiency import NextQuery, assess
from answering.writer import WrittenAnswer, not_found, write_answer
from finrag.llm import LLMError
from finrag.models import Answer, PlannedSearches, Question, SearchFilters, SearchHit, TraceStep
from strategies.router import companies_held, understanding_for

if TYPE_CHECKING:
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    from retrieval.query_understanding import QueryUnderstanding
    from strategies.router import RouteDecision
    from strategies.services import Services

# A search costs two steps (search, assess) and writing one: stop before the limit bites.
_STEPS_TO_FINISH = 3
_MAX_LLM_QUERIES = 3


class PlannedQueries(BaseModel):
    """The planner model's structured reply."""

    queries: list[str] = Field(default_factory=list, description="short search queries, one per missing fact")


# --------------------------------------------------------------------------- nodes


def plan(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """First search with the question itself; its understanding gives the aspects."""
    ctx = runtime.context
    if ctx.out_of_time():
        return {"stopped_by": TIMEOUT, "trace": [TraceStep(step="plan", decision="timeout before planning")]}
    question = state["question"]
    retrieval = ctx.services.retriever.retrieve(question.question, understanding=ctx.understanding)
    if retrieval.rerank_reply:  # the LLM rerank of its pages (FINRAG_RERANK=llm)
        ctx.usage.add(retrieval.rerank_reply)
    u = retrieval.understanding
    vocab = ctx.services.vocabulary
    companies = list(u.companies)
    catalog = getattr(ctx.services.retriever, "catalog", None)  # not in every Retriever double
    if catalog is not None and asks_across_companies(question.question, companies):
        companies = [c.name for c in catalog.companies]
    metrics = primary_metrics(list(u.metrics), vocab)
    years = figure_years(implied_years(question.question, sorted(set(u.fiscal_years)), metrics, vocab), metrics, vocab)
    aspects = plan_aspects(companies, years, metrics, vocab)
    decision = f"{len(aspects)} aspects: " + ", ".join(a.label(ctx.services.vocabulary) for a in aspects)
    if aspects and inputs_in_graph(question.question, u, ctx.services):
        aspects = []  # nothing left to search for: the write step computes and cites the facts
        decision = "every input of the metric asked is a fact in the knowledge graph: no further search"
    return {
        "understanding": u,
        "flags": list(retrieval.flags),
        "aspects": aspects,
        "hits": list(retrieval.hits),
        "queries": [question.question],
        "planned": [],
        "searches": 1,
        "trace": [
            TraceStep(step="plan", decision=decision),
            retrieval.trace_step(),
        ],
    }


def propose(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """The planner model proposes searches. A node of its own, after `plan`: the first
    search's hits are already in the state, so a slow planner that the question's deadline
    cuts off leaves evidence to write from (inside `plan` it lost everything)."""
    ctx = runtime.context
    if ctx.out_of_time():
        return {"stopped_by": TIMEOUT, "trace": [TraceStep(step="propose", decision="timeout before planning searches")]}
    searched = _searched(state)
    filters = searched[0][1] if searched else None
    planned = _llm_queries(state["question"], filters, ctx)
    return {
        "planned": planned,
        "trace": [TraceStep(step="propose", decision=f"{len(planned)} searches proposed by the planner model")],
    }


def assess_evidence(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Coverage of the aspects, and whether a guard says to stop here."""
    ctx = runtime.context
    coverage = assess(state["aspects"], state["hits"], ctx.services.vocabulary, tried=state["queries"])
    stopped_by = None
    if coverage.complete:
        decision = f"sufficient: {coverage.summary()}"
    elif not coverage.aspects:
        decision = "no figures to look for: " + (
            "run the reviewed searches" if state.get("reviewed") and state.get("planned")
            else "write from the first search" if state["searches"] <= 1
            else f"write from the {state['searches']} searches run"
        )
    elif ctx.out_of_time():
        stopped_by, decision = TIMEOUT, "out of time"
    elif state["searches"] >= ctx.config.max_searches:
        stopped_by, decision = MAX_SEARCHES, f"{state['searches']} searches done"
    elif ctx.over_budget():
        stopped_by, decision = TOKEN_BUDGET, f"token budget {ctx.config.token_budget} spent"
    elif state["remaining_steps"] <= _STEPS_TO_FINISH:
        stopped_by, decision = RECURSION_LIMIT, f"{state['remaining_steps']} graph steps left"
    elif state.get("reviewed") and not state.get("planned"):
        decision = f"the reviewed searches are done: {coverage.summary()}"
    elif not (state.get("planned") or coverage.next_query):
        decision = f"nothing new to search: {coverage.summary()}"
    else:
        missing = ", ".join(a.label(ctx.services.vocabulary) for a in coverage.uncovered)
        decision = f"insufficient: {coverage.summary()}; missing {missing}"
    return {
        "coverage": coverage,
        "stopped_by": stopped_by,
        "trace": [TraceStep(step="assess", decision=decision)],
    }


def search(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """One more search: an LLM-planned query first, else the query for an uncovered aspect."""
    ctx = runtime.context
    if ctx.out_of_time():
        return {"stopped_by": TIMEOUT, "trace": [TraceStep(step="search", decision="timeout: search skipped")]}
    planned = list(state.get("planned") or [])
    coverage = state["coverage"]
    query = planned.pop(0) if planned else coverage.next_query if coverage else None
    if query is None:
        return {"planned": planned}
    hits = ctx.services.retriever.search(query.text, filters=query.filters, k=query.k)
    target = f"for {query.aspect.label(ctx.services.vocabulary)}" if query.aspect else "(planned)"
    update: dict = {"hits": _merge(state["hits"], hits)}
    if state.get("reviewed"):
        # An analyst's searches lead, in their order: the writer meets their evidence
        # before the first search's.
        lead = state.get("reviewed_hits", 0)
        new = _merge(state["hits"], hits)[len(state["hits"]) :]
        update = {"hits": [*state["hits"][:lead], *new, *state["hits"][lead:]], "reviewed_hits": lead + len(new)}
    return {
        **update,
        "queries": [*state["queries"], query.text],
        "planned": planned,
        "searches": state["searches"] + 1,
        "trace": [
            TraceStep(
                step="search",
                query=query.text,
                filters=query.filters.model_dump(),
                retrieved=[h.chunk.chunk_id for h in hits],
                decision=f"{len(hits)} hits {target}",
            )
        ],
    }


def write(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    ctx = runtime.context
    stopped_by = state.get("stopped_by")
    if stopped_by is None and ctx.out_of_time():
        stopped_by = TIMEOUT
    written = compose(state, ctx, offline_only=stopped_by in (TIMEOUT, TOKEN_BUDGET))
    if state.get("analyst_queries") and state.get("understanding") is not None:
        written = with_analyst_findings(written, state["analyst_queries"], state.get("hits") or [],
                                        state.get("trace") or [], list(state["understanding"].companies))
    return {
        "written": written,
        "stopped_by": stopped_by,
        "trace": [*([TraceStep(step="kind", decision=written.kind_reason)] if written.kind_reason else []),
                  TraceStep(step="write", decision=f"{written.status} ({written.engine})")],
    }


# --------------------------------------------------------------------------- routing


def after_plan(state: AgentState, runtime: Runtime[AgentContext]) -> Literal["propose", "review", "assess", "write"]:
    if out_of_scope(state.get("flags") or []) or runtime.context.out_of_time():
        return "write"
    if runtime.context.services.llm and state.get("aspects"):
        return "propose"
    return "review" if runtime.context.review else "assess"


def after_propose(state: AgentState, runtime: Runtime[AgentContext]) -> Literal["review", "assess"]:
    return "review" if runtime.context.review else "assess"


def after_assess(state: AgentState, runtime: Runtime[AgentContext]) -> Literal["search", "write"]:
    coverage = state["coverage"]
    if state.get("stopped_by") or runtime.context.out_of_time() or coverage is None:
        return "write"
    if state.get("reviewed"):  # the reviewed searches, all of them, and no others
        return "search" if state.get("planned") else "write"
    if coverage.complete or not coverage.aspects or not (state.get("planned") or coverage.next_query):
        return "write"
    return "search"


def after_search(state: AgentState, runtime: Runtime[AgentContext]) -> Literal["assess", "write"]:
    return "write" if state.get("stopped_by") or runtime.context.out_of_time() else "assess"


# --------------------------------------------------------------------------- helpers


def _merge(old: list[SearchHit], new: list[SearchHit]) -> list[SearchHit]:
    seen = {h.chunk.chunk_id for h in old}
    return [*old, *(h for h in new if h.chunk.chunk_id not in seen)]


def _llm_queries(question: Question, filters: SearchFilters | None, ctx: AgentContext) -> list[NextQuery]:
    """The planner model proposes searches; a failure costs nothing but the attempt."""
    llm = ctx.services.llm
    if llm is None or ctx.over_budget():
        return []
    messages = [
        SystemMessage(
            "You plan searches over company financial reports. Return up to three short search "
            "queries (company, line item, fiscal year) that together find every figure the question needs."
        ),
        HumanMessage(f"Question: {question.question}"),
    ]
    try:
        planned, reply = llm.structured("planner", PlannedQueries, messages)
    except LLMError:
        return []
    ctx.usage.add(reply)
    assert isinstance(planned, PlannedQueries)
    filters = filters or SearchFilters()
    texts = [q.strip() for q in planned.queries if q.strip()][:_MAX_LLM_QUERIES]
    return [NextQuery(text=t, filters=filters) for t in texts if t != question.question]


def compose(state: AgentState, ctx: AgentContext, offline_only: bool = False) -> WrittenAnswer:
    """Write from whatever the state holds (used by the write node and after a guard)."""
    question = state["question"]
    searched = _searched(state)
    if state.get("understanding") is None:
        return not_found(searched, "stopped before any evidence was gathered")
    flags = state.get("flags") or []
    if out_of_scope(flags):
        return not_covered(searched, state["understanding"])
    hits = state.get("hits") or []
    written = write_answer(question, hits, state["understanding"], ctx.services, ctx.usage, offline_only=offline_only)
    # The first search's low-evidence flag stops counting once the agent searched again.
    written = held_to_evidence(written, flags if state.get("searches", 0) <= 1 else [], searched)
    return from_one_company(written, question.question, hits, state["understanding"], companies_held(ctx.services))


def _searched(state: AgentState) -> list[tuple[str, SearchFilters | None]]:
    found: list[tuple[str, SearchFilters | None]] = []
    for step in state.get("trace") or []:
        if step.step == "search" and step.query:
            found.append((step.query, SearchFilters(**step.filters) if step.filters else None))
    return found


# --------------------------------------------------------------------------- running


def answer_iterative(question: Question, services: Services, route: RouteDecision) -> Answer:
    understanding = understanding_for(question, services, route)
    return run_agent(question, services, AgentConfig.from_settings(services.settings), understanding)


def run_agent(
    question: Question, services: Services, config: AgentConfig, understanding: QueryUnderstanding | None = None
) -> Answer:
    """Run the graph under every guard; always returns an Answer (never raises for a guard)."""
    reviewer = services.plan_reviewer
    ctx = AgentContext(services=services, config=config, understanding=understanding, review=reviewer is not None)
    # A review interrupts the run and resumes it from a checkpoint: it needs a checkpointer.
    graph = agent_graph(config.checkpoint_path, in_memory=reviewer is not None and config.checkpoint_path is None)
    # One thread per run: asking the same question again starts a new history.
    thread_id = f"{question.id}-{uuid.uuid4().hex[:12]}"
    run_config = {"recursion_limit": config.recursion_limit, "configurable": {"thread_id": thread_id}}
    last, stopped_by = stream_until_stopped(graph, {"question": question, "trace": []}, run_config, ctx,
                                            {"question": question, "trace": []})  # fmt: skip
    if reviewer is not None and stopped_by is None and (pending := graph.get_state(run_config)).interrupts:
        searches = reviewer(PlannedSearches.model_validate(pending.interrupts[0].value))
        # The review may take minutes: the question's deadline starts again after it.
        ctx = AgentContext(services=services, config=config, understanding=understanding, usage=ctx.usage, review=True)
        last, stopped_by = stream_until_stopped(graph, Command(resume=searches), run_config, ctx, last)

    written = last.get("written")
    trace = list(last.get("trace") or [])
    if trace and trace[0].step == "plan":
        trace[0] = trace[0].model_copy(update={"decision": f"{trace[0].decision} (thread {thread_id})"})
    if written is None or stopped_by is not None:
        # A guard stopped the graph before its write node: write from what it gathered,
        # offline when out of time (an LLM call could not finish anyway).
        out_of_time = stopped_by == TIMEOUT or ctx.out_of_time()
        written = compose(last, ctx, offline_only=out_of_time or ctx.over_budget())
        if out_of_time and services.llm is not None and written.engine == "offline":
            written = written.model_copy(update={"fallback": "deadline"})  # the LLM had no time left to write
        if written.kind_reason:
            trace.append(TraceStep(step="kind", decision=written.kind_reason))
        trace.append(TraceStep(step="write", decision=f"{written.status} ({written.engine}) after {stopped_by}"))
    stopped_by = stopped_by or last.get("stopped_by")
    answer = written.to_answer(
        "iterative", ctx.usage, searches=last.get("searches", 0), trace=trace,
        flags=list(last.get("flags") or []), stopped_by=stopped_by,
    )
    return _with_sources(answer)


def _with_sources(answer: Answer) -> Answer:
    """The write step says which searches found the evidence it cites."""
    found_by = contributing_searches(answer)
    writes = [n for n, step in enumerate(answer.trace) if step.step == "write"]
    if not found_by or not writes:
        return answer
    trace = list(answer.trace)
    step = trace[writes[-1]]
    trace[writes[-1]] = step.model_copy(update={"decision": f"{step.decision}; cites {', '.join(found_by)}"})
    return answer.model_copy(update={"trace": trace})


@functools.cache
def agent_graph(checkpoint_path: Path | None = None, in_memory: bool = False) -> CompiledStateGraph:
    """The agent graph, compiled once per process (per checkpoint file, when one is set:
    its SQLite connection then stays open for the process, shared by every run; in memory
    for plan reviews without one)."""
    return build_agent_graph(_open_checkpointer(checkpoint_path, in_memory))


def _open_checkpointer(path: Path | None, in_memory: bool = False) -> BaseCheckpointSaver | None:
    if path is None:
        if in_memory:
            from langgraph.checkpoint.memory import InMemorySaver

            return InMemorySaver(serde=checkpoint_serializer())
        return None
    from langgraph.checkpoint.sqlite import SqliteSaver

    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteSaver(sqlite3.connect(str(path), check_same_thread=False), serde=checkpoint_serializer())


def checkpoint_serializer() -> JsonPlusSerializer:
    """LangGraph's serializer, restoring the agent state's own types and no others."""
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    return JsonPlusSerializer(allowed_msgpack_modules=[(t.__module__, t.__name__) for t in CHECKPOINTED_TYPES])


# --------------------------------------------------------------------------- wiring
#
#   START -> plan -> [propose, with an LLM] -> [review, on request] -> assess -> write -> END
#                                                |  ^
#                                                v  |
#                                               search


def build_agent_graph(checkpointer: BaseCheckpointSaver | None = None) -> CompiledStateGraph:
    builder = StateGraph(AgentState, context_schema=AgentContext)
    builder.add_node("plan", plan)
    builder.add_node("propose", propose)
    builder.add_node("review", review)
    builder.add_node("assess", assess_evidence)
    builder.add_node("search", search)
    builder.add_node("write", write)
    builder.add_edge(START, "plan")
    builder.add_conditional_edges("plan", after_plan, ["propose", "review", "assess", "write"])
    builder.add_conditional_edges("propose", after_propose, ["review", "assess"])
    builder.add_edge("review", "assess")
    builder.add_conditional_edges("assess", after_assess, ["search", "write"])
    builder.add_conditional_edges("search", after_search, ["assess", "write"])
    builder.add_edge("write", END)
    return builder.compile(checkpointer=checkpointer)
