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

from answering.numbers import split_row
from finrag.models import Chunk


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
