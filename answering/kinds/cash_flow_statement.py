"""The cash flow statement as a filing prints it, read whole or not at all.

Like the balance sheet (answering.kinds.balance_sheet), a line's absence means something
only when the statement was read from its title and first line (net income, or the
operating activities heading) to its closing cash balance ("Cash ... at end of year",
"Cash ... at December 31"), every chunk in between: then "no dividends paid line" can be
said of the company (answering.kinds.not_meaningful: a payout ratio does not apply).

A statement runs over pages whose later chunks a search may not tag, so the run is read
from the filing's own chunks in reading order. In a combined filing (a parent and its
subsidiary registrant) the filer's statement comes first; its run is the one read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.kinds.statement_run import consecutive_run, row_labels
from answering.numbers import split_row
from finrag.models import ANNUAL_FILINGS, Chunk, SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

TITLE = re.compile(r"\bstatements?\s+of\s+(?:consolidated\s+)?cash\s+flows?\b", re.I)
_OPENING = re.compile(r"^net\s+(?:income|earnings|loss|\(loss\))|^(?:profit|loss)\b|\boperating\s+activities\b", re.I)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
# "Cash and cash equivalents at end of year", "Cash, Cash Equivalents, and Restricted Cash at December 31"
_CLOSING = re.compile(rf"^cash\b.*\b(?:end\s+of\s+(?:the\s+)?(?:year|period)|at\s+(?:the\s+)?end\b|at\s+{_MONTH}\b)", re.I)
_MAX_CHUNKS = 14  # a statement fills two or three pages


def cash_flow_statement(company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                        services: MetricServices) -> list[Chunk] | None:
    """The company's cash flow statement of one annual filing of the asked year, from its
    title to its closing cash line; None when it was not found or not read whole."""
    asked = set(understanding.fiscal_years)

    def usable(chunks: list[Chunk]) -> list[Chunk]:
        return [c for c in chunks if c.company == company and "cash_flow" in c.tags and c.form in ANNUAL_FILINGS
                and (not asked or c.fiscal_year in asked)]

    found = usable([h.chunk for h in hits])
    if not found and services.retriever is not None:
        filters = SearchFilters(companies=[company], tags=["cash_flow"], fiscal_years=sorted(asked)[-1:],
                                forms=list(ANNUAL_FILINGS))
        searched = services.retriever.search("consolidated statements of cash flows operating investing financing "
                                             "activities", filters=filters, k=8, mode="sparse")
        found = usable([h.chunk for h in searched])
    filing = getattr(services.retriever, "filing", None)
    if not found or filing is None:
        return None
    doc = found[0].doc
    return read_whole(filing(doc).chunks)


def read_whole(chunks: list[Chunk]) -> list[Chunk] | None:
    """The first statement of these chunks (a filing's, in reading order), title to closing
    cash line; None when no run closes."""
    ordered = sorted(chunks, key=lambda c: c.index)
    start = next((n for n, c in enumerate(ordered) if TITLE.search(c.text) and _opens(c)), None)
    if start is None:
        return None
    run = consecutive_run(ordered, start, _closes, limit=_MAX_CHUNKS)
    return run if _closes(run[-1]) else None


def lines(statement: list[Chunk]) -> list[tuple[str, Chunk]]:
    """Every row of the statement (label and amounts), with its chunk; a repeated page header
    is not a row."""
    return [(line.strip(), chunk) for chunk in statement for line in chunk.text.splitlines()
            if split_row(line, chunk.number_convention)]


def _opens(chunk: Chunk) -> bool:
    """The statement's first chunk: its operating activities heading, or net income as its first row."""
    head = chunk.text.splitlines()[:10]
    labels = row_labels(chunk)
    return any(re.search(r"\boperating\s+activities\b", line, re.I) for line in head) or bool(
        labels and _OPENING.search(labels[0]))


def _closes(chunk: Chunk) -> bool:
    return any(_CLOSING.search(label) for label in row_labels(chunk))
