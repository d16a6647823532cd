"""A statement's run of chunks: from its first chunk, the chunks that follow it in the filing
without a gap, up to the one holding its closing line.

The income statement (answering.kinds.statement_lines), the balance sheet
(answering.kinds.balance_sheet) and the cash flow statement
(answering.kinds.cash_flow_statement) each say where their statement starts and which line
closes it; a run that stops at a gap before its closing line was not read whole, and a
missing line then proves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from answering.numbers import split_row
from finrag.models import Chunk
from loaders.statement_words import parent_only

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices


def consecutive_run(ordered: list[Chunk], start: int, closes: Callable[[Chunk], bool],
                    limit: int | None = None) -> list[Chunk]:
    """`ordered[start]` and the chunks after it whose index follows the one before, until a
    chunk `closes` (kept) or a gap; at most `limit` chunks."""
    run = [ordered[start]]
    for following in ordered[start + 1:start + limit if limit else None]:
        if closes(run[-1]) or following.index != run[-1].index + 1:
            break
        run.append(following)
    return run


def row_labels(chunk: Chunk) -> list[str]:
    """The labels of the chunk's rows (lines with amounts)."""
    return [r.label for line in chunk.text.splitlines() if (r := split_row(line, chunk.number_convention))]


def on_parent_only_page(chunk: Chunk, services: MetricServices) -> bool:
    """The chunk's page is titled as the parent's own statements (Schedule I: "Condensed financial
    information of PG&E Corporation ("Parent")"), read from the whole page: the chunker may have cut
    that title block off the statement's rows. A store ingested before such pages went untagged
    still holds them as statements."""
    retriever = getattr(services, "retriever", None)
    # (the page's own chunks, in reading order: one begun on the page before would head it with that page's lines)
    on_page = retriever.filing(chunk.doc).pages.get(chunk.page, []) if retriever is not None else []
    page = [c for c in on_page if c.page == chunk.page] or [chunk]
    return parent_only("\n".join(c.text for c in page))
