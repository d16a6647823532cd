"""unprinted_items: what one period's operating income holds that its statement's rows do not add up to.

An income statement's operating section adds up: gross profit less the expense rows under it is
operating income. When it does in one period and in the other falls short or over by a large part
of that period's operating income, the other period holds items printed with no amount in the
first (a gain on a sale, an impairment: "Gain associated with the Juice Transaction  —  (3,322)"),
which the text layer often leaves without a row of their own. A margin compared across the two
periods then moves by those items, not by the business: the judgement says so, and gives the
margin without them. Read from the statement's arithmetic alone, never from a line's name; the
labels left without amounts between the two rows are shown as what the filing calls the items.
"""

from __future__ import annotations

from pydantic import BaseModel

from answering.numbers import Row, split_row
from finrag.models import Chunk
from finrag.vocabulary import Vocabulary

# the part of a period's operating income its rows must leave unexplained to be items of their own
_LARGE = 0.2
# what the rows leave unexplained in the other period for it to add up (rounding of printed cells)
_ADDS_UP = 0.005


class UnprintedItems(BaseModel):
    column: int  # the column (period) whose operating income holds the items
    amount: float  # what the items add to operating income in it (negative: a charge)
    labels: list[str]  # the section's lines printed without amounts (the items, as the filing names them)
    revenue: list[float]  # each column's revenue
    operating_income: list[float]  # each column's operating income

    def margin_without(self, column: int) -> float:
        """Operating margin of `column`, in percent, without the items."""
        held = self.amount if column == self.column else 0.0
        return (self.operating_income[column] - held) / self.revenue[column] * 100


def read(chunk: Chunk, vocab: Vocabulary) -> UnprintedItems | None:
    """The items of a two-period income statement in `chunk`; None when its section adds up in both
    periods, in neither, or its rows are not all read."""
    lines = chunk.text.splitlines()
    rows: list[tuple[int, Row]] = [(n, r) for n, line in enumerate(lines)
                                   if (r := split_row(line, chunk.number_convention)) is not None]

    def first(metric: str) -> tuple[int, Row] | None:
        return next(((n, r) for n, r in rows if vocab.match_metrics(r.label)[:1] == [metric]), None)

    revenue, gross, operating = first("revenue"), first("gross_profit"), first("operating_income")
    if revenue is None or gross is None or operating is None or not revenue[0] < gross[0] < operating[0]:
        return None
    width = len(operating[1].values)
    between = [r for n, r in rows if gross[0] < n < operating[0]]
    if width != 2 or any(len(r.values) != width or None in r.values
                         for r in [revenue[1], gross[1], operating[1], *between]):
        return None
    unexplained = [operating[1].values[c] - (gross[1].values[c] - sum(r.values[c] for r in between))  # type: ignore[operator]
                   for c in range(width)]
    income = [v for v in operating[1].values if v is not None]
    for held, other in ((0, 1), (1, 0)):
        if abs(unexplained[other]) <= _ADDS_UP * abs(income[other]) \
                and abs(unexplained[held]) >= _LARGE * abs(income[held]):
            labels = [line.strip() for n, line in enumerate(lines) if gross[0] < n < operating[0]
                      and split_row(line, chunk.number_convention) is None and any(ch.isalpha() for ch in line)]
            return UnprintedItems(column=held, amount=unexplained[held], labels=labels,
                                  revenue=[v for v in revenue[1].values if v is not None], operating_income=income)
    return None


def note(items: UnprintedItems, when: list[str], rising: bool, latest: int = 0, scale: str = "") -> str:
    """The sentence a margin judgement adds: the items, and the margin compared without them. `when`:
    each column's period as the answer says it; `rising`: whether the reported margin rose; `latest`:
    the later period's column; `scale`: the statement's ("millions")."""
    other = 1 - items.column
    named = f" (lines printed with no amount in {when[other]}: {'; '.join(items.labels)})" if items.labels else ""
    before, after = items.margin_without(1 - latest), items.margin_without(latest)
    moved = "rose" if after > before else "fell" if after < before else "was unchanged"
    same = (after > before) == rising
    unit = f" ({scale})" if scale else ""
    return (f". But {when[items.column]}'s operating income holds {items.amount:+,.0f}{unit} that its gross profit less the "
            f"expense rows does not{named}: items of that period alone. Without them, operating margin {moved} from "
            f"{before:.1f}% ({when[1 - latest]}) to {after:.1f}% ({when[latest]})"
            + ("" if same else ", the other way from the reported margins"))
