"""The agent's plan review node: stop after planning for someone to edit the planned searches.

`review` calls LangGraph's `interrupt` with the plan (`PlannedSearches`): the run ends there
with its state checkpointed. The caller shows the plan to a reviewer and resumes the graph
with `Command(resume=[searches])`; LangGraph re-runs this node, `interrupt` then returns
those searches, and they become the agent's whole remaining plan.
"""

from __future__ import annotations

import re

from langgraph.runtime import Runtime
from langgraph.types import interrupt

from agents.state import AgentContext, AgentState
from answering.aspects import Aspect
from answering.kinds.sentences import content_words
from answering.sufficiency import NextQuery, assess, query_variants
from finrag.models import PlannedAspect, PlannedSearches, SearchFilters, TraceStep
from finrag.vocabulary import tokenize
from finrag.wording import plural
from retrieval.query_understanding import understand


def review(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Interrupt with the planned searches; go on with the reviewed ones."""
    ctx = runtime.context
    proposed = proposed_searches(state, ctx)
    room = max(0, ctx.config.max_searches - state["searches"])
    plan = PlannedSearches(question=state["question"].question, searched=list(state["queries"]),
                           planned=[q.text for q in proposed][:room], max_planned=room,
                           aspects=planned_aspects(state, ctx, proposed))  # fmt: skip
    reviewed = interrupt(plan.model_dump())
    texts = [t.strip() for t in (reviewed or []) if isinstance(t, str) and t.strip()]
    kept = {q.text: q for q in proposed}
    planned = [kept.get(t) or reviewed_query(t, state, ctx) for t in texts[:room]]
    decision = f"reviewed plan: {plural(len(planned), 'search')}" + (": " + "; ".join(q.text for q in planned) if planned else "")
    if len(texts) > room:
        decision += f"; {len(texts) - room} over the limit of {ctx.config.max_searches} searches dropped"
    analyst = [t for t in texts[:room] if t not in kept]  # written by the analyst, not proposed
    return {"planned": planned, "reviewed": True, "analyst_queries": analyst,
            "trace": [TraceStep(step="review", decision=decision)]}


def proposed_searches(state: AgentState, ctx: AgentContext) -> list[NextQuery]:
    """The searches the agent would run next: the planner model's, else one per missing figure.

    When nothing is missing (the first search found every figure, or the question asks for
    text, not figures) the plan is not empty: a search per figure that confirms it, or one
    on the question's topic, gives the analyst something to keep, edit or delete."""
    if state.get("planned"):
        return list(state["planned"])
    vocab = ctx.services.vocabulary
    coverage = assess(state["aspects"], state["hits"], vocab, tried=state["queries"])
    proposed = _one_per_aspect(coverage.uncovered, ctx, set(state["queries"]))
    if not proposed and coverage.aspects:
        proposed = _one_per_aspect(coverage.aspects, ctx, set(state["queries"]))
    if not proposed and not coverage.aspects:
        topic = topic_search(state, ctx)
        proposed = [topic] if topic is not None and topic.text not in state["queries"] else []
    return proposed


def planned_aspects(state: AgentState, ctx: AgentContext, proposed: list[NextQuery]) -> list[PlannedAspect]:
    """Every figure the agent looks for, whether the first search found it, and its search:
    the planned one (several companies may share it), else the figure's own."""
    vocab = ctx.services.vocabulary
    coverage = assess(state["aspects"], state["hits"], vocab, tried=[])
    found = {r.aspect for r in coverage.readings}
    planned = {q.aspect: q.text for q in proposed if q.aspect is not None}
    for q in proposed:  # a search for several companies serves each of their figures
        if q.aspect is not None:
            for a in coverage.aspects:
                if a.company in q.filters.companies and (a.metric, a.fiscal_year) == (q.aspect.metric, q.aspect.fiscal_year):
                    planned.setdefault(a, q.text)
    return [PlannedAspect(label=a.label(vocab), query=planned.get(a) or query_variants(a, vocab)[0].text,
                          found=a in found) for a in coverage.aspects]  # fmt: skip


def _one_per_aspect(aspects: list[Aspect], ctx: AgentContext, tried: set[str]) -> list[NextQuery]:
    vocab = ctx.services.vocabulary
    proposed: list[NextQuery] = []
    for aspect in aspects:
        peers = [a.company for a in aspects
                 if a.company and (a.metric, a.fiscal_year) == (aspect.metric, aspect.fiscal_year)]  # fmt: skip
        query = next((q for q in query_variants(aspect, vocab, peers) if q.text not in tried), None)
        if query is not None:
            tried.add(query.text)
            proposed.append(query)
    return proposed


def topic_search(state: AgentState, ctx: AgentContext) -> NextQuery | None:
    """A question without figures to look for (a definition, a risk, a policy): its topic
    words with the companies and years it names, under the first search's filters."""
    u = state.get("understanding")
    companies = list(u.companies) if u is not None else []
    topic = set(content_words(state["question"].question, companies))
    words = [w for w in re.findall(r"[\w'&-]+", state["question"].question) if set(tokenize(w)) & topic]
    if not words:
        return None
    years = [f"fiscal {y}" for y in (u.fiscal_years if u is not None else [])]
    return reviewed_query(" ".join([*companies, *words, *years]), state, ctx)


def reviewed_query(text: str, state: AgentState, ctx: AgentContext) -> NextQuery:
    """A search someone wrote: filtered by the companies and years it names, like a question,
    or by the first search's filters when it names none."""
    catalog = getattr(ctx.services.retriever, "catalog", None)
    if catalog is not None:
        u = understand(text, catalog, ctx.services.vocabulary)
        if u.companies or u.fiscal_years:
            filters = SearchFilters(companies=list(u.companies), fiscal_years=list(u.fiscal_years))
            return NextQuery(text=text, filters=filters)
    first = next((s for s in state.get("trace") or [] if s.step == "search" and s.filters), None)
    return NextQuery(text=text, filters=SearchFilters(**first.filters) if first else SearchFilters())
