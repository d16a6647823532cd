"""The `ask` flow: analysts type questions into the Prefect UI and read answers on the run page.

The single parameter is a pydantic model, which the UI renders as a form: a list of
question fields, a strategy dropdown (from the enum) and optional company / period hints.
Each answer becomes a markdown artifact (answer + citations); all of them also form one
table artifact.
"""

from __future__ import annotations

from enum import StrEnum

from prefect import flow, get_run_logger
from pydantic import BaseModel, Field

from finrag.config import load_settings
from finrag.models import Answer, Question
from flows.answer_batch import answer_safely, limits_present, open_run_services
from flows.artifacts import answer_markdown, artifact_key
from flows.batch_io import question_id


class Strategy(StrEnum):
    auto = "auto"
    direct = "direct"
    single = "single"
    iterative = "iterative"
    graph = "graph"


class AskRequest(BaseModel):
    """What an analyst fills in on the run form."""

    questions: list[str] = Field(
        min_length=1,
        title="Questions",
        description="One question per item, e.g. “What was Northwind's revenue in FY2023?”",
    )
    strategy: Strategy = Field(
        Strategy.auto, title="Strategy", description="auto lets the router choose the cheapest that fits"
    )
    company: str | None = Field(None, title="Company", description="Optional hint, e.g. PepsiCo")
    period: str | None = Field(None, title="Period", description="Optional hint, e.g. FY2022 or 2023Q2")

    def to_questions(self) -> list[Question]:
        texts = [t.strip() for t in self.questions if t.strip()]
        return [
            Question(id=question_id(t), question=t, company=self.company, period=self.period)
            for t in texts
        ]


# No retry: an analyst is waiting and should see a failure at once; a few minutes is plenty.
@flow(name="ask", timeout_seconds=900)
def ask(request: AskRequest) -> list[Answer]:
    """Answer an analyst's questions; each answer appears as an artifact on this run's page."""
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    logger = get_run_logger()
    settings = load_settings()
    questions = request.to_questions()
    present = limits_present(["store"])
    answers: list[Answer] = []
    with open_run_services(settings, present) as services:
        for q in questions:
            answer = answer_safely(q, services, request.strategy.value)
            logger.info("%s: %s via %s", q.id, answer.status, answer.strategy)
            create_markdown_artifact(
                key=artifact_key("ask", q.id),
                markdown=answer_markdown(q, answer),
                description=q.question[:200],
            )
            answers.append(answer)
    create_table_artifact(
        key="ask-answers",
        table=[
            {
                "question": q.question,
                "status": a.status,
                "strategy": a.strategy,
                "answer": a.answer,
                "citations": "; ".join(f"{c.doc} p.{c.page + 1}" for c in a.citations),
            }
            for q, a in zip(questions, answers, strict=True)
        ],
        description="Answers to this run's questions (pages one-based)",
    )
    return answers
