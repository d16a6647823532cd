"""Plan review in the Prefect UI: the ask flow pauses while an analyst edits the agent's plan.

The iterative agent stops after planning (LangGraph `interrupt`) and hands its planned
searches to `ui_plan_reviewer`, which pauses the flow run with `pause_flow_run(wait_for_input=
PlanReview)`. The run page then shows a Resume button with a form: the planned searches as
a list the analyst can edit, delete from or add to. Resuming returns the list to the agent,
which continues from its checkpoint with it.
"""

from __future__ import annotations

from collections.abc import Callable

from prefect.input import RunInput

from finrag.models import PlannedSearches

REVIEW_TIMEOUT_S = 1800  # an unanswered review fails the run after 30 minutes


class PlanReview(RunInput):
    searches: list[str]


def review_description(plan: PlannedSearches) -> str:
    searched = "; ".join(f"“{q}”" for q in plan.searched) or "nothing yet"
    if plan.aspects:
        looks_for = ["| figure | found by the first search | search for it |", "| --- | --- | --- |"]
        looks_for += [f"| {a.label} | {'yes' if a.found else '**no**'} | {a.query} |" for a in plan.aspects]
    else:
        looks_for = ["No figures to look for: the answer is text, so the searches below look for passages."]
    return (
        f"### Review the plan for: {plan.question}\n\n"
        f"Already searched: {searched}.\n\n"
        + "\n".join(looks_for) + "\n\n"
        f"**Searches** below are what the agent will run next, in order (at most {plan.max_planned}). "
        "Edit, delete or add searches, then Submit: the agent runs exactly these and then writes the answer."
    )


def ui_plan_reviewer(key: str) -> Callable[[PlannedSearches], list[str]]:
    """A reviewer for `Services.plan_reviewer` that pauses this flow run for the analyst."""

    def review(plan: PlannedSearches) -> list[str]:
        from prefect import get_run_logger
        from prefect.flow_runs import pause_flow_run

        get_run_logger().info("waiting for the plan review: %s", "; ".join(plan.planned) or "no searches planned")
        form = PlanReview.with_initial_data(description=review_description(plan), searches=plan.planned)
        reviewed = pause_flow_run(wait_for_input=form, timeout=REVIEW_TIMEOUT_S, key=key)
        return list(reviewed.searches)

    return review
