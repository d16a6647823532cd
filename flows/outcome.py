"""How a run that did its work ends, for Prefect and for the shell: one rule.

- Every item succeeded: the flow returns its value, the run is Completed, the command exits 0.
- Some items failed (a question answered `failed`, a PDF that did not ingest, every LLM call
  failing): the run ends **Failed** with a message that counts them, the value still
  attached (artifacts and the CLI's summary are written as usual), and the command exits 1.
- A usage error (bad file, missing store, bad settings) stops before any work: exit 2.

Refusals (`not_found`, `unverified`, `needs_company`) are answers, not failures.
Monitoring reads the run's state: a nightly run whose questions all failed is never green.
"""

from __future__ import annotations

from typing import Any, TypeVar

from prefect.client.schemas.objects import State
from prefect.states import Failed

from finrag.wording import plural

T = TypeVar("T")


def finish(value: T, problem: str | None) -> T | State:
    """The flow's return: `value` when nothing failed, else a Failed state carrying it."""
    return Failed(message=problem, data=value) if problem else value


def count_problem(failed: int, total: int, noun: str) -> str | None:
    """E.g. "2 of 30 questions failed" or "1 of 1 question failed" (`noun` singular), or
    None when none did."""
    return f"{failed} of {plural(total, noun)} failed" if failed else None


def result_of(state: State) -> Any:
    """What a flow run returned, whether it Completed or ended Failed by `finish`; an
    exception the run raised (a usage error, a crash, a timeout) is raised again here, so
    the CLI turns it into its one line."""
    # `_sync`: the sync path even when a test (or an embedding host) runs an event loop in this
    # thread; Prefect's async_dispatch would otherwise hand back a coroutine
    value = state.result(raise_on_failure=False, _sync=True)  # type: ignore[call-overload]
    if isinstance(value, BaseException):
        raise value
    return value
