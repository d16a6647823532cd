"""Figures: a metric's value for (company, year), read from a row or computed by a formula.

A vocabulary formula (e.g. gross margin = gross profit / revenue) is evaluated in code
(answering.arithmetic) from the readings answering.sufficiency picked, and the working
is written out in words and in numbers so an answer can show its arithmetic.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from answering import arithmetic
from answering.arithmetic import MissingInput
from answering.aspects import Aspect, Reading, metric_label, metric_unit
from answering.numbers import format_money
from finrag.vocabulary import Vocabulary


class Figure(BaseModel):
    """A metric's value for (company, year), read or computed, with the readings behind it."""

    company: str | None
    fiscal_year: int | None
    metric: str
    value: float
    unit: str  # "USD" (millions), "USD/share", "shares", "ratio"
    readings: list[Reading]
    working: str = ""  # the arithmetic, for derived metrics

    def shown(self) -> str:
        if self.unit == "ratio":
            return arithmetic.format_ratio(self.metric, self.value)
        if self.unit == "USD":
            return format_money(self.value)
        if self.unit == "USD/share":
            return f"${self.value:,.2f} per share"
        return f"{self.value:,.1f}M" if self.unit == "shares" else f"{self.value:,.2f}"

    @property
    def currency(self) -> str | None:
        """ISO currency of the statement rows behind a money figure when they name one and
        agree ("GBP" for a "£'000" table); None for ratios, a bare "$" or mixed readings."""
        if self.unit != "USD":  # "USD" is the money unit of a metric, whatever the table's currency
            return None
        found = {r.currency for r in self.readings}
        return found.pop() if len(found) == 1 else None

    def headline(self) -> float:
        if self.unit == "ratio":
            return arithmetic.display_value(self.metric, self.value)
        return round(self.value, 4)

    def who_when(self) -> str:
        parts = [self.company or "", f"FY{self.fiscal_year}" if self.fiscal_year else ""]
        return " ".join(p for p in parts if p)


def build_figure(
    company: str | None,
    year: int | None,
    metric: str,
    readings: dict[Aspect, Reading],
    vocab: Vocabulary,
) -> Figure | str:
    """The figure, or a description of the missing input."""
    formula = vocab.formula(metric)
    if not formula:
        return _read_figure(company, year, metric, readings, vocab)
    used: list[Reading] = []

    def value_of(name: str, offset: int) -> float | None:
        if year is None and offset:
            return None
        y = year + offset if year is not None else None
        reading = readings.get(Aspect(company=company, fiscal_year=y, metric=name))
        if reading is not None and all(r is not reading for r in used):
            used.append(reading)
        return reading.value if reading else None

    try:
        value = arithmetic.evaluate_formula(formula, value_of)
    except MissingInput as missing:
        y = (year - 1 if missing.offset else year) if year is not None else None
        return f"{metric_label(missing.metric, vocab)}" + (f" FY{y}" if y else "")
    except ZeroDivisionError:
        return f"{metric_label(metric, vocab)} (division by zero)"
    unit = metric_unit(metric, vocab)
    shown = arithmetic.format_ratio(metric, value) if unit == "ratio" else format_money(value)
    working = _working(formula, metric, year, used, shown, vocab)
    return Figure(
        company=company or (used[0].chunk.company if used else None),
        fiscal_year=year if year is not None else (used[0].fiscal_year if used else None),
        metric=metric,
        value=value,
        unit=unit,
        readings=used,
        working=working,
    )


def _read_figure(
    company: str | None, year: int | None, metric: str, readings: dict[Aspect, Reading], vocab: Vocabulary
) -> Figure | str:
    """A figure read as such (no formula), or what is missing."""
    reading = readings.get(Aspect(company=company, fiscal_year=year, metric=metric))
    if reading is None:
        return f"{metric_label(metric, vocab)}" + (f" FY{year}" if year else "")
    return Figure(
        company=company or reading.chunk.company,
        fiscal_year=reading.fiscal_year,
        metric=metric,
        value=reading.value,
        unit=reading.unit,
        readings=[reading],
    )


def _working(
    formula: str, metric: str, year: int | None, used: list[Reading], shown: str, vocab: Vocabulary
) -> str:
    """The working shown in the answer: metric = formula in words = in amounts = result."""
    by_key = {(r.aspect.metric, r.fiscal_year): r for r in used}

    def amount(name: str, offset: int) -> str:
        y = year + offset if year is not None else next((r.fiscal_year for r in used), None)
        r = by_key.get((name, y))
        return (format_money(r.value) if r.unit == "USD" else f"{r.value:g}") if r else name

    def substitute(render) -> str:
        def one(m: re.Match) -> str:
            func, inner, name = m.group(1), m.group(2), m.group(3)
            if func == "prior":
                return render(inner, -1)
            if func == "avg":
                return f"avg({render(inner, 0)}, {render(inner, -1)})"
            return render(name, 0) if name in vocab.metrics else name

        return re.sub(r"\b(avg|prior)\(([a-z_]+)\)|\b([a-z_]+)\b", one, formula)

    in_words = substitute(lambda name, offset: metric_label(name, vocab) + (" (prior year)" if offset else ""))
    return f"{metric_label(metric, vocab)} = {in_words} = {substitute(amount)} = {shown}"
