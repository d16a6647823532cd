"""The iterative agent: searches until every aspect is covered, under guardrails.

A scripted in-memory retriever stands in for the store here so each guard can be
driven deliberately (a question that can never be covered, a retriever that hangs);
the sample-corpus run over the real store is in tests/strategies/test_single.py.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

import agents.iterative as iterative
from agents.configuration import AgentConfig
from agents.iterative import answer_iterative, build_agent_graph, run_agent
from agents.provenance import contributing_searches
from answering.sufficiency import Coverage, NextQuery
from finrag.config import load_settings
from finrag.llm import get_llm
from finrag.models import CatalogCompany, Chunk, Question, SearchFilters, SearchHit, StoreCatalog
from finrag.vocabulary import load_vocabulary
from retrieval.query_understanding import understand
from retrieval.retriever import Retrieval
from strategies.router import forced
from strategies.services import Services
from strategies.single import answer_single
from tests.support.fake_openai import FakeOpenAI, ToolCall

CATALOG = StoreCatalog(
    companies=[CatalogCompany(name="Acme Widgets", fiscal_years=[2022, 2023]),
               CatalogCompany(name="Bolt Motors", fiscal_years=[2022, 2023])],
    fiscal_years=[2022, 2023],
)
STATEMENTS = {
    "Acme Widgets": "Consolidated Statements of Operations\n(in millions) 2023 2022\n"
                    "Revenue $ 2,500.0 $ 2,000.0\nGross profit 1,000.0 750.0\nNet income $ 410.5 $ 380.0",
    "Bolt Motors": "Consolidated Statements of Operations\n(in millions) 2023 2022\n"
                   "Revenue $ 5,000.0 $ 4,000.0\nGross profit 1,500.0 1,400.0\nNet income $ 120.0 $ 90.0",
}
NOISE = "Item 1A. Risk Factors\nOur business faces competition and supply chain risks."
def agent_config(**limits) -> AgentConfig:
    """The configured limits (Settings' defaults) with these changed."""
    return replace(AgentConfig.from_settings(load_settings()), **limits)


COMPARISON = Question(id="cmp", question="Which had higher FY2023 gross margin, Acme Widgets or Bolt Motors?")


def _hit(company: str, text: str) -> SearchHit:
    slug = company.lower().replace(" ", "-")
    c = Chunk(chunk_id=f"{slug}-{abs(hash(text)) % 10**8}", doc=f"{slug}_2023_10K", doc_sha256="0" * 64, index=0,
              company=company, fiscal_year=2023, page=5, page_end=5, text=text)
    return SearchHit(chunk=c, score=0.5)


class ScriptedRetriever:
    """The question's own search finds only the first company's statement; a search
    filtered to a company finds that company's statement (unless `blind`)."""

    def __init__(self, blind: bool = False, delay_s: float = 0.0):
        self.blind = blind
        self.delay_s = delay_s
        self.calls: list[tuple[str, SearchFilters | None]] = []
        self.catalog = CATALOG

    def retrieve(self, question: str, k: int | None = None, understanding=None) -> Retrieval:
        self.calls.append((question, None))
        u = understand(question, CATALOG)
        first = u.companies[0] if u.companies else "Acme Widgets"
        hits = [_hit(first, NOISE if self.blind else STATEMENTS[first])]
        return Retrieval(question=question, hits=hits, understanding=u,
                         filters=SearchFilters(companies=u.companies, fiscal_years=u.fiscal_years))

    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None, mode=None):
        self.calls.append((query, filters))
        time.sleep(self.delay_s)
        company = (filters.companies or ["Acme Widgets"])[0] if filters else "Acme Widgets"
        return [_hit(company, NOISE if self.blind else STATEMENTS[company])]


def services_with(retriever, llm=None, **settings) -> Services:
    return Services(settings=load_settings(**settings), store=None, embedder=None, retriever=retriever,  # type: ignore[arg-type]
                    llm=llm, graph=None, vocabulary=load_vocabulary())


def test_agent_searches_for_the_missing_company_and_beats_single_shot():
    retriever = ScriptedRetriever()
    services = services_with(retriever)
    single = answer_single(COMPARISON, services, forced("single"))
    agent = answer_iterative(COMPARISON, services, forced("iterative"))
    assert single.status == "not_found"  # one search saw only Acme's statement
    assert agent.status == "answered" and agent.answer.startswith("Acme Widgets: the higher gross margin")  # 40% vs 30%
    assert agent.searches == 2 and agent.stopped_by is None
    searches = [s for s in agent.trace if s.step == "search"]
    assert searches[1].filters["companies"] == ["Bolt Motors"] and searches[1].retrieved
    assert [s.step for s in agent.trace] == ["plan", "search", "assess", "search", "assess", "kind", "write"]
    assert agent.engine == "offline" and agent.strategy == "iterative"


def test_uncoverable_question_stops_at_max_searches_with_a_reason():
    services = services_with(ScriptedRetriever(blind=True), max_searches=3)
    answer = answer_iterative(COMPARISON, services, forced("iterative"))
    assert answer.stopped_by == "max_searches"
    assert answer.searches == 3
    assert answer.status == "not_found" and answer.reason
    assert "not found in the reports" in answer.answer.lower()


def test_never_satisfied_sufficiency_stops_before_the_recursion_limit(monkeypatch):
    counter = iter(range(10**6))

    def never_enough(aspects, hits, vocabulary=None, tried=()):
        return Coverage(aspects=aspects, uncovered=aspects,
                        next_query=NextQuery(text=f"query {next(counter)}", filters=SearchFilters()))

    monkeypatch.setattr(iterative, "assess", never_enough)
    services = services_with(ScriptedRetriever(blind=True))
    config = agent_config(max_searches=1000, recursion_limit=12, timeout_s=60)
    answer = run_agent(COMPARISON, services, config)
    assert answer.stopped_by == "recursion_limit"
    assert answer.status in ("answered", "not_found") and answer.answer
    # Stopped gracefully by RemainingSteps: the graph's own write step ran.
    assert answer.trace[-1].step == "write" and "after" not in (answer.trace[-1].decision or "")


def test_graph_recursion_error_is_caught_and_still_answers(monkeypatch):
    counter = iter(range(10**6))

    def never_enough(aspects, hits, vocabulary=None, tried=()):
        return Coverage(aspects=aspects, uncovered=aspects,
                        next_query=NextQuery(text=f"query {next(counter)}", filters=SearchFilters()))

    monkeypatch.setattr(iterative, "assess", never_enough)
    monkeypatch.setattr(iterative, "_STEPS_TO_FINISH", -1)  # disable the graceful stop
    answer = run_agent(COMPARISON, services_with(ScriptedRetriever(blind=True)),
                       agent_config(max_searches=1000, recursion_limit=10, timeout_s=60))
    assert answer.stopped_by == "recursion_limit"
    assert answer.trace[-1].decision.endswith("after recursion_limit")
    assert answer.answer


def test_a_hanging_search_hits_the_timeout_and_answers_from_what_was_gathered():
    hang_s = 20.0
    retriever = ScriptedRetriever(delay_s=hang_s)
    services = services_with(retriever)
    started = time.monotonic()
    answer = run_agent(COMPARISON, services, agent_config(max_searches=4, recursion_limit=25, timeout_s=1.0))
    elapsed = time.monotonic() - started
    assert answer.stopped_by == "timeout"
    assert elapsed < hang_s / 2  # the caller did not wait for the blocked search
    # Acme's figures came from the first search; Bolt's search never returned.
    assert answer.status == "not_found" and "Bolt Motors" in answer.answer
    assert answer.searches == 1


def test_token_budget_stops_the_agent_after_the_planner_spends_it():
    with FakeOpenAI() as server:
        server.script(ToolCall({"queries": ["Bolt Motors gross profit 2023"]}, tokens_in=5000, tokens_out=50))
        settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", llm_max_retries=1)
        services = services_with(ScriptedRetriever(blind=True), llm=get_llm(settings))
        answer = run_agent(COMPARISON, services, agent_config(max_searches=4, token_budget=1000, timeout_s=60))
        assert answer.stopped_by == "token_budget"
        assert answer.llm_calls == 1 and answer.tokens_in == 5000
        assert len(server.requests) == 1  # no writer call once the budget is spent


def test_checkpointer_records_every_step(tmp_path: Path):
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    path = tmp_path / "agent.sqlite"
    services = services_with(ScriptedRetriever())
    answer = run_agent(COMPARISON, services, agent_config(checkpoint_path=path, timeout_s=60))
    assert answer.status == "answered"
    thread_id = answer.trace[0].decision.rsplit("(thread ", 1)[1].rstrip(")")
    assert thread_id.startswith(f"{COMPARISON.id}-")
    with sqlite3.connect(path, check_same_thread=False) as conn:
        graph = build_agent_graph(SqliteSaver(conn))
        history = list(graph.get_state_history({"configurable": {"thread_id": thread_id}}))
    assert len(history) >= 6
    assert history[0].values["written"].status == "answered"
    assert history[0].values["searches"] == 2


def test_asking_again_starts_a_new_thread_instead_of_growing_the_old_one(tmp_path: Path):
    services = services_with(ScriptedRetriever())
    config = agent_config(checkpoint_path=tmp_path / "agent.sqlite", timeout_s=60)
    first, again = run_agent(COMPARISON, services, config), run_agent(COMPARISON, services, config)
    assert first.trace[0].decision != again.trace[0].decision  # another thread id
    assert [s.step for s in first.trace] == [s.step for s in again.trace]  # not 5 steps, then 9


def test_plan_review_shows_the_planned_searches_and_runs_the_reviewed_ones():
    seen = []

    def analyst(plan):
        seen.append(plan)
        return ["Bolt Motors gross margin 2023 (analyst)"]

    retriever = ScriptedRetriever()
    services = services_with(retriever)
    services.plan_reviewer = analyst
    answer = answer_iterative(COMPARISON, services, forced("iterative"))
    (plan,) = seen
    assert plan.searched == [COMPARISON.question]
    assert plan.planned and all("Bolt Motors" in q for q in plan.planned)  # one per missing figure
    steps = [s.step for s in answer.trace]
    assert steps == ["plan", "search", "review", "assess", "search", "assess", "kind", "write"]
    searches = [s for s in answer.trace if s.step == "search"]
    assert searches[1].query == "Bolt Motors gross margin 2023 (analyst)"
    assert "Bolt Motors gross margin 2023 (analyst)" in [query for query, _ in retriever.calls]
    assert answer.status == "answered" and answer.answer.startswith("Acme Widgets: the higher gross margin")


def test_a_plan_emptied_in_review_runs_no_more_searches():
    services = services_with(ScriptedRetriever())
    services.plan_reviewer = lambda plan: []
    answer = answer_iterative(COMPARISON, services, forced("iterative"))
    assert answer.searches == 1
    assert [s.step for s in answer.trace] == ["plan", "search", "review", "assess", "kind", "write"]
    assert answer.status == "not_found"  # Bolt Motors' figures were never searched for


def test_no_worker_threads_left_running_after_normal_answers():
    services = services_with(ScriptedRetriever())
    answer_iterative(COMPARISON.model_copy(update={"id": "threads"}), services, forced("iterative"))
    assert not [t for t in threading.enumerate() if t.name == "agent-threads" and t.is_alive()]


@pytest.mark.parametrize("question", ["What was Acme Widgets' revenue in FY2023?"])
def test_single_aspect_question_needs_one_search(question):
    answer = answer_iterative(Question(id="q", question=question), services_with(ScriptedRetriever()), forced("iterative"))
    assert answer.status == "answered" and answer.value == pytest.approx(2500.0)
    assert answer.searches == 1


def test_a_planner_slower_than_the_deadline_keeps_the_first_search_evidence():
    """Seen against llama.cpp: the planner call queued behind other requests until the
    question's deadline, and the answer said "stopped before any evidence was gathered"."""
    with FakeOpenAI() as server:
        server.script(ToolCall({"queries": ["Acme Widgets revenue 2023"]}, delay_s=4.0))
        settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", llm_max_retries=0)
        services = services_with(ScriptedRetriever(), llm=get_llm(settings))
        question = Question(id="slow-planner", question="What was Acme Widgets' revenue in FY2023?")
        answer = run_agent(question, services, agent_config(timeout_s=1.0))
    assert answer.stopped_by == "timeout"
    assert answer.status == "answered" and answer.value == pytest.approx(2500.0)
    assert [s.step for s in answer.trace][:2] == ["plan", "search"]


def _models_in(annotation) -> set[type]:
    """The pydantic models an annotation names, inside list[...], X | None, Annotated[...]."""
    import typing

    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return {annotation}
    return {m for arg in typing.get_args(annotation) for m in _models_in(arg)}


def test_the_checkpointer_restores_every_type_the_agent_state_holds():
    # LangGraph warns about (and will block) any type a checkpoint holds that its serializer
    # was not told about: a plan review resumes from such a checkpoint.
    import typing

    from agents.iterative import checkpoint_serializer
    from agents.state import CHECKPOINTED_TYPES, AgentState

    held = {m for hint in typing.get_type_hints(AgentState, include_extras=True).values() for m in _models_in(hint)}
    assert held <= set(CHECKPOINTED_TYPES)
    serde = checkpoint_serializer()
    hit = SearchHit(chunk=Chunk(chunk_id="c", doc="d", doc_sha256="s", index=0, page=1, page_end=1, text="t"), score=1.0)
    restored = serde.loads_typed(serde.dumps_typed({"hits": [hit], "question": COMPARISON}))
    assert restored == {"hits": [hit], "question": COMPARISON}


# --------------------------------------------------------------------------- plan review, offline

NET_INCOME = Question(id="ni", question="What was Acme Widgets net income in FY2023?")
PROPERTIES = "Item 2. Properties\nAcme Widgets leases its headquarters and two plants in Ohio."
SUPPLIER = "Supply chain risks: Acme Widgets relies on one supplier, Volta GmbH, for about 60% of its motors."
RISKS = Question(id="risks", question="What supply chain risks does Acme Widgets describe for FY2023?")


class PassageRetriever:
    """The question's own search, and any search not about a supplier, find the properties
    page; a search about a supplier finds the risk passage."""

    catalog = CATALOG

    def retrieve(self, question: str, k: int | None = None, understanding=None) -> Retrieval:
        u = understand(question, CATALOG)
        return Retrieval(question=question, hits=[_hit("Acme Widgets", PROPERTIES)], understanding=u,
                         filters=SearchFilters(companies=u.companies, fiscal_years=u.fiscal_years))

    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None, mode=None):
        return [_hit("Acme Widgets", SUPPLIER if "supplier" in query.lower() else PROPERTIES)]


def reviewed(question: Question, retriever, edit=None):
    """The answer after a plan review (the agent's interrupt and resume), and the plan shown."""
    plans = []

    def analyst(plan):
        plans.append(plan)
        return plan.planned if edit is None else edit

    services = services_with(retriever)
    services.plan_reviewer = analyst
    return answer_iterative(question, services, forced("iterative")), plans[0]


def test_the_plan_lists_each_figure_with_its_search_even_when_the_first_search_found_it():
    answer, plan = reviewed(NET_INCOME, ScriptedRetriever())
    assert [(a.label, a.found) for a in plan.aspects] == [("Acme Widgets Net income FY2023", True)]
    assert "Acme Widgets" in plan.aspects[0].query and "2023" in plan.aspects[0].query
    assert plan.planned  # something for the analyst to keep, edit or delete
    assert answer.status == "answered" and "410.5" in answer.answer


def test_a_text_question_gets_a_topic_search_to_review():
    _, plan = reviewed(RISKS, PassageRetriever())
    assert plan.aspects == []  # no figures: the answer is a passage
    (search,) = plan.planned
    assert "Acme Widgets" in search and "supply chain risks" in search and search != RISKS.question


def test_an_edited_plan_changes_the_answer_and_says_which_search_found_its_evidence():
    as_planned, _ = reviewed(RISKS, PassageRetriever())
    edited, _ = reviewed(RISKS, PassageRetriever(), edit=["Acme Widgets single supplier of motors"])
    assert as_planned.status == "not_found"  # the planned searches find only the properties page
    assert edited.status == "answered" and "Volta GmbH" in edited.answer
    assert edited.citations and "Volta GmbH" in edited.citations[0].quote
    assert contributing_searches(edited) == ["search 2 “Acme Widgets single supplier of motors” (reviewed)"]
    assert edited.trace[-1].step == "write" and "cites search 2" in edited.trace[-1].decision
    assessed = [s.decision for s in edited.trace if s.step == "assess"]
    assert assessed == ["no figures to look for: run the reviewed searches",
                        "no figures to look for: write from the 2 searches run"]


def test_an_analysts_own_search_adds_what_it_found_to_the_answer_cited():
    """The question is answered as asked; a search the analyst wrote into the plan adds the
    sentence its own hits state, cited, so the edited plan gives a different answer."""
    planned_search = "Acme Widgets single supplier of motors"
    as_asked, _ = reviewed(RISKS, PassageRetriever(), edit=[planned_search])
    edited, _ = reviewed(RISKS, PassageRetriever(), edit=[planned_search, "Acme Widgets headquarters plants Ohio"])
    assert "Your search “Acme Widgets headquarters plants Ohio” found: " in edited.answer
    assert "leases its headquarters and two plants in Ohio" in edited.answer
    assert edited.answer != as_asked.answer and edited.status == as_asked.status == "answered"
    assert any("headquarters" in c.quote for c in edited.citations)
    # a search that finds no sentence stating its words says so, and is never taken for the answer
    nothing, _ = reviewed(RISKS, PassageRetriever(), edit=[planned_search, "Acme Widgets dividend policy"])
    assert "Your search “Acme Widgets dividend policy” found no sentence stating it." in nothing.answer
    assert "Volta GmbH" in nothing.answer


def test_the_plan_marks_which_figures_the_first_search_found_and_plans_a_search_for_each_other():
    _, plan = reviewed(COMPARISON, ScriptedRetriever())
    found = {a.label.split(" ")[0] + " " + a.label.split(" ")[1]: a.found for a in plan.aspects}
    assert found == {"Acme Widgets": True, "Bolt Motors": False}
    assert all(a.query in plan.planned for a in plan.aspects if not a.found)
