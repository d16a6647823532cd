"""An answer about many companies as rows, one per company, highest first (Answer.rows)."""

from __future__ import annotations

from collections.abc import Callable

from answering.aspects import metric_label
from answering.figures import Figure
from finrag.models import AnswerRow, Fact
from finrag.vocabulary import Vocabulary

# An answer about at least this many companies also comes as a table.
MANY_COMPANIES = 3


def sorted_rows(rows: list[AnswerRow]) -> list[AnswerRow]:
    """Highest first (rows without a value last); [] unless MANY_COMPANIES companies are in them."""
    if len({r.company for r in rows}) < MANY_COMPANIES:
        return []
    return sorted(rows, key=lambda r: (r.value is None, -(r.value or 0.0), r.company))


def figure_rows(figures: list[Figure], vocab: Vocabulary) -> list[AnswerRow]:
    """Rows from the figures an extractive answer was written from."""
    return sorted_rows([
        AnswerRow(company=f.company, period=f"FY{f.fiscal_year}" if f.fiscal_year else None,
                  metric=metric_label(f.metric, vocab), value=f.headline(), shown=f.shown())
        for f in figures if f.company
    ])  # fmt: skip


def fact_rows(facts: list[Fact], label: str, value: Callable[[Fact], float], shown: Callable[[Fact], str]) -> list[AnswerRow]:
    """Rows from the knowledge graph's facts behind an answer (`value`/`shown` as the graph says them)."""
    return sorted_rows([
        AnswerRow(company=f.company, period=f"FY{f.fiscal_year}", metric=label, value=value(f), shown=shown(f))
        for f in facts
    ])  # fmt: skip
