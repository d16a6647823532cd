"""The `ask` flow: analysts type questions into the Prefect UI and read answers on the run page.

The single parameter is a pydantic model, which the UI renders as a form: a list of
question fields, a strategy dropdown (from the enum) and optional company / period text
fields, and a "review the plan" switch (flows/plan_review.py). Each answer becomes a markdown artifact keyed `ask-<question>-<date>`: the answer,
its sources (with the period of each figure of a table row), then the agent's steps,
collapsed. A run with several questions also gets one `ask-answers` overview.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum

from prefect import flow, get_run_logger
from pydantic import BaseModel, Field

from finrag.config import load_settings
from finrag.models import STRATEGY_HELP, Answer, Question
from finrag.wording import plural
from flows.answer_one import answer_safely
from flows.artifacts import answer_markdown, answers_overview_markdown, artifact_key
from flows.batch_io import question_id
from flows.plan_review import PlanReviewer, ReviewTimedOut
from flows.store_hold import StoreHold


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
        Strategy.auto,
        title="Strategy",
        description="; ".join(f"**{name}**: {text}" for name, text in STRATEGY_HELP.items()),
    )
    # Plain text with an empty default (not `str | None`, which the form shows as a
    # "None" toggle): empty means "read it from the question".
    company: str = Field("", title="Company", description="Optional: the company asked about, e.g. PepsiCo. Filters "
                         "like a company the question names; one the store does not hold is answered not found")
    period: str = Field("", title="Period", description="Optional: the period asked about, e.g. FY2022 or 2023Q2. "
                        "Filters like a period the question names")
    review_plan: bool = Field(
        False,
        title="Review the plan",
        description="Pause after the iterative agent plans its searches: edit or delete them with "
        "this run's Resume button, and the agent goes on with your plan. Uses the iterative strategy.",
    )

    def to_questions(self) -> list[Question]:
        texts = [t.strip() for t in self.questions if t.strip()]
        company, period = self.company.strip() or None, self.period.strip() or None
        return [Question(id=question_id(t), question=t, company=company, period=period) for t in texts]


def ask_artifact_key(question: str, day: str) -> str:
    """`ask-<slug of the question>-<YYYY-MM-DD>`, within the 100 characters a key may have."""
    return artifact_key("ask", artifact_key(question)[:80].strip("-"), day)


# No retry: an analyst is waiting and should see a failure at once. An hour leaves room for
# a plan review (each waits up to FINRAG_REVIEW_TIMEOUT, 30 minutes by default) and the answers.
@flow(name="ask", timeout_seconds=3600)
def ask(request: AskRequest) -> list[Answer]:
    """Answer an analyst's questions; each answer appears as an artifact on this run's page."""
    from prefect.artifacts import create_markdown_artifact

    logger = get_run_logger()
    settings = load_settings()
    questions = request.to_questions()
    day = datetime.now(UTC).date().isoformat()
    answers: list[Answer] = []
    unreviewed: list[str] = []
    # While a plan review waits, the store is free for other runs.
    hold = StoreHold(settings)
    with hold as services:
        for n, q in enumerate(questions):
            if request.review_plan:
                reviewer = PlanReviewer(key=f"plan-review-{n}", timeout_s=settings.review_timeout_s, release=hold.released)
                services.plan_reviewer = reviewer  # the same object: reopened in place after the review
                try:
                    answer = reviewer.timed(answer_safely(q, services, Strategy.iterative.value))
                finally:
                    services.plan_reviewer = None
                if reviewer.timed_out:
                    unreviewed.append(q.question)
            else:
                answer = answer_safely(q, services, request.strategy.value)
            logger.info("%s: %s via %s", q.id, answer.status, answer.strategy)
            create_markdown_artifact(
                key=ask_artifact_key(q.question, day),
                markdown=answer_markdown(q, answer),
                description=q.question[:200],
            )
            answers.append(answer)
    if len(questions) > 1:
        create_markdown_artifact(
            key="ask-answers",
            markdown=answers_overview_markdown(questions, answers),
            description=f"{plural(len(questions), 'question')} of this run",
        )
    if unreviewed:  # a review left unanswered is a failed run, not a completed one
        raise ReviewTimedOut(f"the plan review of “{unreviewed[0]}” was not resumed within "
                             f"{settings.review_timeout_s:g} s (FINRAG_REVIEW_TIMEOUT)")
    return answers
