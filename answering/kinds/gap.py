"""Why two statement totals moved apart: the lines between them, proven by the statement's arithmetic.

"Net income roughly tripled while operating income grew only about 2%. What explains the gap?" asks
for the lines printed between the two totals (interest, non-operating items, income taxes): the upper
total plus those lines is the lower total in *both* columns, so each line's change is its share of the
gap, and together they are all of it. Read from the income statement whole (statement_drivers' lines);
refused (None) when either total is not on it, or the lines between them do not add up in both years.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from answering.citations import cite, unique_citations
from answering.kinds import statement_drivers
from answering.kinds.statement_drivers import Line, StatementChange
from answering.kinds.statement_lines import has_line
from answering.numbers import normalize_label
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import Vocabulary

_SHOWN = 4
_MIN_SHARE = 0.1  # a line shown moved the gap by at least a tenth of what all lines between moved it


class Gap(BaseModel):
    """The lower total's change, the upper one it moved apart from, and the lines between them."""

    change: StatementChange
    upper: Line
    between: list[tuple[Line, int]]  # (line, +1 / -1), subtotals on the way left out

    def moved(self, line: Line, sign: int) -> float:
        return sign * (self.change.value(line, 1) - self.change.value(line, 0))

    def movers(self) -> list[tuple[Line, float]]:
        """The lines that opened the gap, largest first, with what each moved the lower total by."""
        moves = [(line, self.moved(line, sign)) for line, sign in self.between]
        total = sum(abs(m) for _, m in moves) or 1.0
        return [(line, m) for line, m in sorted(moves, key=lambda t: -abs(t[1]))
                if abs(m) >= _MIN_SHARE * total][:_SHOWN]


def read(upper: str, lower: str, year: int | None, hits: Sequence[SearchHit], companies: list[str],
         vocab: Vocabulary) -> Gap | None:
    """The gap between the `upper` total (operating income) and the `lower` one below it on the
    statement (net income), or None."""
    change = statement_drivers.read_change(lower, year, hits, companies, vocab)
    if change is None:
        return None
    run = [line for line, _ in change.run]
    at = next((i for i in range(len(run) - 1, -1, -1) if run[i].subtotal
               and has_line(upper, normalize_label(run[i].label), vocab)), None)
    if at is None or at == len(run) - 1:
        return None
    start, lines = run[at], run[at + 1:]
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""
    signs = statement_drivers.from_subtotal(change, start, lines, sample)
    if signs is None or not any(signs):
        return None
    between = [(line, sign) for line, sign in zip(lines, signs, strict=True) if sign]
    return Gap(change=change, upper=start, between=between)


def write(gap: Gap) -> WrittenAnswer | None:
    """Both totals in both years, and the lines between them that opened the gap, each with its two
    values; None when no line between them moved (nothing opened a gap)."""
    change = gap.change
    before, now = change.years
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""
    top = gap.movers()
    if not top or statement_drivers.catch_all(top[0][0]):
        return None

    def two(line: Line) -> str:
        return (f"{statement_drivers.shown_value(change.value(line, 0), sample)} ({before}) to "
                f"{statement_drivers.shown_value(change.value(line, 1), sample)} ({now})")

    lower, upper = change.total.name, gap.upper.name
    opened = sum(gap.moved(line, sign) for line, sign in gap.between)
    shown = "; ".join(f"{line.name}: {two(line)}, {'+' if m > 0 else '-'}"
                      f"{statement_drivers.shown_value(abs(m), sample)} on {lower}" for line, m in top)
    text = (f"{lower} went from {two(change.total)}, while {upper} went from {two(gap.upper)}. The lines between "
            f"them on the statement ({upper} plus these lines is {lower} in both years) moved {lower} by "
            f"{'+' if opened >= 0 else '-'}{statement_drivers.shown_value(abs(opened), sample)} more than {upper}: "
            f"{shown}.")
    citations = [cite(change.total.chunk, change.total.row.line), cite(gap.upper.chunk, gap.upper.row.line),
                 *(cite(line.chunk, line.row.line) for line, _ in top)]
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=["drivers_from_statement_lines", "drivers_gap"])


def main_line(gap: Gap) -> tuple[Line, int] | None:
    """The line that opened the gap most and the way it moved itself (+1 up, -1 down)."""
    top = gap.movers()
    if not top:
        return None
    line = top[0][0]
    delta = gap.change.value(line, 1) - gap.change.value(line, 0)
    return line, (delta > 0) - (delta < 0)
