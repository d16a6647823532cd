"""A metric target's value computed in code from its input figures, with the working shown.

`compute(target, vocab, get)` evaluates the target's formula for each year it needs
(definitions the question gives and the vocabulary's derived metrics are expanded; base
metrics come from `get(metric, year)`), aggregates (average, change, CAGR), converts to
the unit and scale asked and rounds as asked. The working is the formula in words and
with the numbers filled in, one line per year.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

from pydantic import BaseModel, Field

from answering.aspects import metric_label
from answering.metric_target import lower_is_better
from answering.numbers import millions_text
from finrag.models import Chunk, MetricTarget
from finrag.vocabulary import Vocabulary

_OPS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
}
_SCALE_FROM_MILLIONS = {"units": 1e6, "thousands": 1e3, "millions": 1.0, "billions": 1e-3}


class InputValue(BaseModel):
    """One input figure (base metric, fiscal year) and where it was read."""

    metric: str
    fiscal_year: int
    value: float  # USD millions for money, as printed for per-share and counts
    doc: str
    page: int
    quote: str  # the statement row as printed
    chunk: Chunk | None = None  # set when read from a retrieved chunk (cited directly)
    also: list[tuple[str, float]] = Field(default_factory=list)  # (doc, value) of other filings that differ
    # "FY"; an interim report's dated column ("2012-06-30", "9M2011-09-30") when read by the asked day
    period: str = "FY"


class Missing(Exception):
    def __init__(self, metric: str, year: int) -> None:
        super().__init__(f"{metric} FY{year}")
        self.metric = metric
        self.year = year


class MetricResult(BaseModel):
    value: float  # in the target's unit and scale, rounded as asked
    shown: str
    working: list[str]  # one line per year computed
    inputs: list[InputValue]
    # each year's formula value before aggregation, in the formula's own unit (a ratio as a
    # fraction, money in USD millions): what plausibility is checked on
    per_year: dict[int, float] = Field(default_factory=dict)


# --------------------------------------------------------------------------- computing


class _Formula:
    """A target formula evaluated per fiscal year; definitions and vocabulary formulas of
    derived inputs are expanded, base metrics come from `get(metric, year)`."""

    def __init__(self, target: MetricTarget, vocab: Vocabulary, get: Callable[[str, int], InputValue]):
        self.target = target
        self.vocab = vocab
        self.get = get

    def _tree(self, name: str) -> ast.AST | None:
        text = self.target.definitions.get(name)
        if text is None:
            entry = self.vocab.metrics.get(name)
            text = entry.formula if entry is not None and entry.kind == "derived" else None
        return ast.parse(text, mode="eval").body if text else None

    year: int | None = None  # the year being rendered: its inputs are named without a year

    def value(self, node: ast.AST, year: int) -> float:
        if isinstance(node, ast.Expression):
            return self.value(node.body, year)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self.value(node.operand, year)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](self.value(node.left, year), self.value(node.right, year))
        if isinstance(node, ast.Name):
            tree = self._tree(node.id)
            return self.value(tree, year) if tree is not None else self.get(node.id, year).value
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
            arg, func = node.args[0], node.func.id
            if func == "prior":
                return self.value(arg, year - 1)
            if func == "avg":
                return (self.value(arg, year) + self.value(arg, year - 1)) / 2
            if func == "change":
                return self.value(arg, year) - self.value(arg, year - 1)
        raise ValueError(f"unsupported formula element {ast.dump(node)}")

    def render(self, node: ast.AST, year: int, numbers: bool) -> str:
        """The formula with names (numbers=False) or with the values used (numbers=True)."""
        if isinstance(node, ast.Expression):
            self.year = year
        if isinstance(node, ast.Expression):
            return self.render(node.body, year, numbers)
        if isinstance(node, ast.Constant):
            return f"{node.value:g}"
        if isinstance(node, ast.UnaryOp):
            return f"-{self.render(node.operand, year, numbers)}"
        if isinstance(node, ast.BinOp):
            symbol = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}[type(node.op)]
            left, right = self.render(node.left, year, numbers), self.render(node.right, year, numbers)
            if isinstance(node.right, ast.BinOp) and type(node.op) in (ast.Sub, ast.Div, ast.Mult):
                right = f"({right})"
            if isinstance(node.left, ast.BinOp) and type(node.op) in (ast.Div, ast.Mult) \
                    and type(node.left.op) in (ast.Add, ast.Sub):
                left = f"({left})"
            return f"{left} {symbol} {right}"
        if isinstance(node, ast.Name):
            tree = self._tree(node.id)
            if tree is not None:
                return f"({self.render(tree, year, numbers)})"
            if numbers:
                return _amount(self.get(node.id, year).value, node.id, self.vocab)
            label = metric_label(node.id, self.vocab)
            return label if year == self.year else f"{label} FY{year}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            arg, func = node.args[0], node.func.id
            if func == "prior":
                return self.render(arg, year - 1, numbers)
            now, before = self.render(arg, year, numbers), self.render(arg, year - 1, numbers)
            return f"avg({now}, {before})" if func == "avg" else f"({now} - {before})"
        return ast.unparse(node)


def compute(target: MetricTarget, vocab: Vocabulary, get: Callable[[str, int], InputValue]) -> MetricResult:
    """The target's value from the inputs `get` supplies (raises Missing, ZeroDivisionError)."""
    used: dict[tuple[str, int], InputValue] = {}

    def recorded(metric: str, year: int) -> InputValue:
        if (metric, year) not in used:
            used[(metric, year)] = get(metric, year)
        return used[(metric, year)]

    formula = _Formula(target, vocab, recorded)
    tree = ast.parse(target.formula, mode="eval")
    per_year = {y: formula.value(tree, y) for y in target.years}
    working = []
    for y, v in per_year.items():
        name = target.label if len(per_year) == 1 else f"{target.label} {_when(y, target)}"
        words, filled = formula.render(tree, y, False), formula.render(tree, y, True)
        if isinstance(tree.body, ast.Name) and formula._tree(tree.body.id) is None:
            working.append(f"{name} = {filled}")  # a line item: nothing to compute
        else:
            working.append(f"{name} = {words} = {filled} = {_per_year(v, target)}")
    if len(per_year) == 1 and not isinstance(tree.body, ast.Name):
        # an amount the formula computes on the way ("free cash flow, calculated as A minus B, and what was it
        # as a percentage of net sales", "what was its free cash flow, and what share of it went back"): its
        # own value, which the question asks as well
        y = next(iter(per_year))
        for name in dict.fromkeys(n.id for n in ast.walk(tree) if isinstance(n, ast.Name)):
            sub = formula._tree(name)
            if sub is not None and (entry := vocab.metrics.get(name)) is not None and entry.unit == "USD":
                working.append(f"{metric_label(name, vocab)} = {formula.render(sub, y, False)} = "
                               f"{formula.render(sub, y, True)} = {_amount(formula.value(sub, y), name, vocab)}")
        body = tree.body
        if isinstance(body, ast.BinOp) and isinstance(body.op, ast.Div) and isinstance(body.left, ast.BinOp) \
                and isinstance(body.left.op, ast.Add) and all(
                    isinstance(n, ast.Name) and (e := vocab.metrics.get(n.id)) is not None and e.unit == "USD"
                    for n in (body.left.left, body.left.right)):
            # "how much did it return through dividends and buybacks, and what share of its free cash flow
            # was that": the total of the parts is asked as well
            total = ast.Expression(body=body.left)
            working.append(f"{formula.render(total, y, False)} = {formula.render(total, y, True)} = "
                           f"{_amount(formula.value(total, y), body.left.left.id, vocab)}")
    years = sorted(per_year)
    first, last = per_year[years[0]], per_year[years[-1]]
    if target.aggregation == "average":
        value = sum(per_year.values()) / len(per_year)
        working.append(f"average over FY{years[0]}-FY{years[-1]} = {value:,.4f}")
    elif target.aggregation == "change" and target.of_loss and first < 0 and last < 0:
        value = (abs(last) - abs(first)) / abs(first) * 100  # the loss's own change
        working.append(f"change in the loss = ({abs(last):,.2f} - {abs(first):,.2f}) / {abs(first):,.2f} = {value:+.1f}%")
    elif target.aggregation == "change":
        value = (last - first) / abs(first) * 100
        working.append(f"change = ({last:,.2f} - {first:,.2f}) / {abs(first):,.2f} = {value:+.1f}%")
    elif target.aggregation == "amount_change":
        value = last - first
        if target.unit == "percent":
            working.append(f"change = {last * 100:,.1f}% - {first * 100:,.1f}% = {value * 100:+,.1f} percentage points")
        else:
            working.append(f"change = {last:,.2f} - {first:,.2f} = {value:+,.2f}")
    elif target.aggregation == "cagr":
        span = years[-1] - years[0]
        value = ((last / first) ** (1 / span) - 1) * 100
        working.append(f"CAGR = ({last:,.2f} / {first:,.2f})^(1/{span}) - 1 = {value:.2f}%")
    else:
        value = last
    if target.unit == "percent" and target.aggregation not in ("change", "cagr"):
        value *= 100
    if target.unit == "USD":
        value *= _SCALE_FROM_MILLIONS[target.scale]
    if target.decimals is not None:
        value = round(value, target.decimals)
    shown = show(value, target)
    if target.aggregation == "amount_change" and target.unit == "percent":
        # a rate's change in points, with the two rates it is between
        shown = (f"{value:+,.{target.decimals if target.decimals is not None else 1}f} percentage points "
                 f"({first * 100:,.1f}% in {_when(years[0], target)} to {last * 100:,.1f}% in {_when(years[-1], target)})")
    elif len(years) > 1 and (target.aggregation == "amount_change" or (
            target.aggregation == "change" and (e := vocab.metrics.get(target.metric)) is not None and e.unit == "USD")):
        # a change is shown with the two values it is between, each in its period (an amount's; a
        # ratio's relative change is worked out below the headline)
        between = (_amount(first, target.metric, vocab), _amount(last, target.metric, vocab)) \
            if target.aggregation == "change" else (_per_year(first, target), _per_year(last, target))
        shown += f" ({between[0]} in {_when(years[0], target)} to {between[1]} in {_when(years[-1], target)})"
    if target.asked_direction is not None and last != first:
        shown += "; " + _verdict(target, last > first)
    return MetricResult(value=value, shown=shown, working=working, inputs=list(used.values()),
                        per_year=per_year)


def _verdict(target: MetricTarget, rose: bool) -> str:
    """The yes/no a change answers ("did it improve?"): "it improved: Yes", from the change's sign."""
    asked = target.asked_direction
    up = asked == "up" or (asked in ("better", "worse") and (asked == "better") != lower_is_better(target.metric))
    word = {"up": "increased", "down": "decreased", "better": "improved", "worse": "deteriorated"}[asked or "up"]
    return f"it {word}: {'Yes' if rose == up else 'No'}"


def _when(year: int, target: MetricTarget) -> str:
    """A year's column as the answer names it: the quarter's, when the question asks one ("FY2023 Q2")."""
    return f"FY{year} Q{target.quarter}" if target.quarter is not None else f"FY{year}"


def _per_year(value: float, target: MetricTarget) -> str:
    """One year's figure in the target's unit, before aggregation and rounding."""
    if target.unit == "percent":
        return f"{value * 100:.1f}%" if target.aggregation not in ("change", "cagr") else f"{value:,.2f}"
    if target.unit == "days":
        return f"{value:,.2f} days"
    if target.unit == "USD":
        return millions_text(value)
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def _amount(value: float, metric: str, vocab: Vocabulary) -> str:
    """An input as the statements print it: money in millions ("$1,203.4M"), the rest plain."""
    entry = vocab.metrics.get(metric)
    if entry is not None and entry.unit == "USD":
        return millions_text(value)  # exact, as the statement prints it
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def show(value: float, target: MetricTarget) -> str:
    decimals = target.decimals if target.decimals is not None else (1 if target.unit == "percent" else 2)
    if target.unit == "percent":
        return f"{value:,.{decimals}f}%"
    if target.unit == "days":
        return f"{value:,.{decimals}f} days"
    if target.unit == "USD":
        word = {"units": "", "thousands": " thousand", "millions": " million", "billions": " billion"}[target.scale]
        return f"{'-' if value < 0 else ''}${abs(value):,.{decimals}f}{word}"
    if target.unit == "USD/share":
        return f"${value:,.{decimals}f} per share"
    return f"{value:,.{decimals}f}"


