"""Plan review in the Prefect UI: the ask flow pauses while an analyst edits the agent's plan.

The iterative agent stops after planning (LangGraph `interrupt`) and hands its planned
searches to `PlanReviewer`, which pauses the flow run with `pause_flow_run(wait_for_input=
PlanReview)`. The run page then shows a Resume button with a form: the planned searches as
a list the analyst can edit, delete from or add to. Resuming returns the list to the agent,
which continues from its checkpoint with it. A review nobody resumes within
FINRAG_REVIEW_TIMEOUT seconds fails the run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from prefect.input import RunInput

from finrag.errors import UserError
from finrag.models import Answer, PlannedSearches


class PlanReview(RunInput):
    searches: list[str]


def review_description(plan: PlannedSearches) -> str:
    searched = "; ".join(f"“{q}”" for q in plan.searched) or "nothing yet"
    if plan.aspects:
        looks_for = ["| figure | found by the first search | search for it |", "| --- | --- | --- |"]
        looks_for += [f"| {a.label} | {'yes' if a.found else '**no**'} | {a.query} |" for a in plan.aspects]
    else:
        looks_for = ["No figures left to search for (the question asks for text, or the knowledge graph holds "
                     "every figure): the searches below look for more passages."]
    return (
        f"### Review the plan for: {plan.question}\n\n"
        f"Already searched: {searched}.\n\n"
        + "\n".join(looks_for) + "\n\n"
        f"**Searches** below are what the agent will run next, in order (at most {plan.max_planned}). "
        "Edit, delete or add searches, then Submit: the agent runs exactly these and then writes the answer."
    )


class ReviewTimedOut(UserError):
    """Nobody resumed the plan review in time: the run fails (red in the UI, and alerted)."""


class PlanReviewer:
    """A reviewer for `Services.plan_reviewer` that pauses this flow run for the analyst;
    `timed_out` says whether a review was left unanswered (the ask flow then fails)."""

    def __init__(self, key: str, timeout_s: float,
                 release: Callable[[], AbstractContextManager[None]] = nullcontext) -> None:  # fmt: skip
        """`release`: what the run gives up while it waits (flows.store_hold: the store and its slot)."""
        self.key, self.timeout_s, self.timed_out, self.release = key, timeout_s, False, release
        self.paused_s = 0.0  # time spent waiting for the analyst

    def timed(self, answer: Answer) -> Answer:
        """The answer's latency without the wait for the review, which is recorded apart."""
        if not self.paused_s:
            return answer
        return answer.model_copy(update={"latency_s": round(max(0.0, answer.latency_s - self.paused_s), 3),
                                         "review_wait_s": round(self.paused_s, 3)})  # fmt: skip

    def __call__(self, plan: PlannedSearches) -> list[str]:
        from prefect import get_run_logger
        from prefect.exceptions import FlowPauseTimeout
        from prefect.flow_runs import pause_flow_run

        get_run_logger().info("waiting for the plan review: %s", "; ".join(plan.planned) or "no searches planned")
        form = PlanReview.with_initial_data(description=review_description(plan), searches=plan.planned)
        started = time.monotonic()
        try:
            with self.release():
                reviewed = pause_flow_run(wait_for_input=form, timeout=max(1, round(self.timeout_s)), key=self.key)
        except FlowPauseTimeout:
            self.timed_out = True
            raise ReviewTimedOut(
                f"the plan review was not resumed within {self.timeout_s:g} s (FINRAG_REVIEW_TIMEOUT)"
            ) from None
        finally:
            self.paused_s += time.monotonic() - started
        return list(reviewed.searches)
