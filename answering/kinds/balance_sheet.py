"""The balance sheet as a filing prints it, read whole or not at all.

Like the income statement (answering.kinds.statement_lines), a line's absence means
something only when the statement was read from its title to its "Total liabilities and
... equity" line with no chunk missing in between: then "no inventory line" can be said
of the business (answering.kinds.not_meaningful: inventory turnover does not apply).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.kinds.statement_run import consecutive_run, on_parent_only_page, row_labels
from answering.numbers import split_row
from finrag.models import Chunk, SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_TITLE = re.compile(r"\bbalance\s+sheets?\b|\bstatements?\s+of\s+(?:consolidated\s+)?financial\s+(?:position|condition)\b",
                    re.I)
_END = re.compile(r"\btotal\s+liabilities\s*(?:,|and|&)\s*(?:[\w'’()-]+\s+){0,5}?(?:equity|deficit|capital)\b", re.I)
_CURRENT_ASSETS_END = re.compile(r"\btotal\s+current\s+assets\b", re.I)


def balance_sheet(company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                  services: MetricServices) -> list[Chunk] | None:
    """The company's balance sheet chunks of one filing of the asked year, from its title to
    its total liabilities and equity line (one more search for the statement's pages when needed)."""
    asked = set(understanding.fiscal_years)

    def usable(chunks: list[Chunk]) -> list[Chunk]:
        # another period's balance sheet says nothing of this one
        # (nor is the parent's own, Schedule I's, the company's)
        return [c for c in chunks if c.company == company and "balance_sheet" in c.tags
                and (not asked or c.fiscal_year in asked) and not on_parent_only_page(c, services)]

    found = usable([h.chunk for h in hits])
    run = _first_whole(found)
    if run is None and services.retriever is not None:
        years = sorted(asked)[-1:]
        filters = SearchFilters(companies=[company], tags=["balance_sheet"], fiscal_years=years)
        searched = services.retriever.search("consolidated balance sheets total assets total liabilities and equity",
                                             filters=filters, k=8, mode="sparse")
        run = _first_whole(found + usable([h.chunk for h in searched]))
    return run


def _first_whole(chunks: list[Chunk]) -> list[Chunk] | None:
    """The first filing whose statement was read whole, an annual report's before a release's
    condensed one."""
    by_doc: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        by_doc.setdefault(chunk.doc, []).append(chunk)
    for group in sorted(by_doc.values(), key=lambda cs: cs[0].form != "10-K"):
        run = _run(group)
        if run is not None:
            return run
    return None


def _run(chunks: list[Chunk]) -> list[Chunk] | None:
    """The chunks from the title to the closing total, consecutive; None when any is missing."""
    ordered = sorted({c.chunk_id: c for c in chunks}.values(), key=lambda c: c.index)
    for start, chunk in enumerate(ordered):
        if not (_TITLE.search(chunk.text) and _opens(chunk)):
            continue  # a later page repeats the title: the statement starts where its cash line is
        run = consecutive_run(ordered, start, _closes)
        if _closes(run[-1]):
            return run
    return None


def _opens(chunk: Chunk) -> bool:
    """The statement's first chunk: its first asset row (cash, for every business and bank)
    comes before any total of assets."""
    for label in row_labels(chunk):
        if re.match(r"total\s+assets\b", label, re.I):
            return False
        if re.search(r"\bcash\b", label, re.I):
            return True
    return False


def _closes(chunk: Chunk) -> bool:
    return any(_END.search(line) for line in chunk.text.splitlines())


def current_assets_lines(statement: list[Chunk], limit: int = 6) -> list[tuple[str, Chunk]]:
    """The statement's lines with amounts up to its "Total current assets" line (what the
    business holds instead of the missing line), with their chunks."""
    out: list[tuple[str, Chunk]] = []
    for chunk in statement:
        for line in chunk.text.splitlines():
            if split_row(line, chunk.number_convention) is None or _TITLE.search(line):
                continue
            out.append((line.strip(), chunk))
            if _CURRENT_ASSETS_END.search(line):
                return out[-limit:]
    return []
