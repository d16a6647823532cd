"""Which searches found the evidence an answer cites, read from the answer's own trace.

Every search step records the chunk ids it retrieved; a citation's chunk is credited to
the first search that brought it back. Searches after a plan review are the analyst's.
"""

from __future__ import annotations

from finrag.models import Answer
from finrag.wording import shorten


def contributing_searches(answer: Answer) -> list[str]:
    """E.g. ['search 2 “Acme supplier concentration” (reviewed)'], in search order; empty when
    no citation can be traced to a search (answers without an agent's trace)."""
    first_found: dict[str, int] = {}
    searches: list[tuple[int, str, bool]] = []
    reviewed = False
    for step in answer.trace:
        if step.step == "review":
            reviewed = True
        if step.step != "search" or not step.query:
            continue
        n = len(searches) + 1
        searches.append((n, step.query, reviewed))
        for chunk_id in step.retrieved:
            first_found.setdefault(chunk_id, n)
    cited = {first_found[c.chunk_id] for c in answer.citations if c.chunk_id in first_found}
    return [f"search {n} “{shorten(query, 120)}”" + (" (reviewed)" if was_reviewed else "")
            for n, query, was_reviewed in searches if n in cited]  # fmt: skip
