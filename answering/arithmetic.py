"""Derived figures computed in code, never by a model: changes, averages, formulas.

Vocabulary formulas ("(current_assets - inventories) / current_liabilities",
"revenue / avg(ppe_net)", "revenue / prior(revenue) - 1") are evaluated with Python's
`ast` over + - * / and the two functions avg(x) (this and the prior year) and prior(x).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

_BINARY: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}
# Derived metrics shown as a percentage of something (the rest are plain ratios, "1.52x").
_PERCENT_WORDS = ("margin", "growth", "return", "rate", "payout", "to_revenue", "yield")


class MissingInput(Exception):
    """A formula input (metric, year offset) was not found in the evidence."""

    def __init__(self, metric: str, offset: int) -> None:
        super().__init__(f"{metric}{' (prior year)' if offset else ''}")
        self.metric = metric
        self.offset = offset


def pct_change(old: float, new: float) -> float:
    if old == 0:
        raise ZeroDivisionError("percent change from zero")
    return (new - old) / abs(old) * 100.0


def average(values: list[float]) -> float:
    return sum(values) / len(values)


def is_percent_metric(metric: str) -> bool:
    return any(word in metric for word in _PERCENT_WORDS)


def evaluate_formula(formula: str, value_of: Callable[[str, int], float | None]) -> float:
    """Evaluate a vocabulary formula; `value_of(metric, year_offset)` supplies inputs.

    Raises MissingInput when an input is unknown, ZeroDivisionError on a zero divisor.
    """

    def lookup(name: str, offset: int) -> float:
        value = value_of(name, offset)
        if value is None:
            raise MissingInput(name, offset)
        return value

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.Name):
            return lookup(node.id, 0)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -walk(node.operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](walk(node.left), walk(node.right))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("avg", "prior")
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Name)
        ):
            name = node.args[0].id
            if node.func.id == "prior":
                return lookup(name, -1)
            return (lookup(name, 0) + lookup(name, -1)) / 2
        raise ValueError(f"unsupported formula element: {ast.dump(node)}")

    return walk(ast.parse(formula, mode="eval"))


def format_ratio(metric: str, value: float) -> str:
    """0.452 -> "45.2%" for margins and growth; 1.523 -> "1.52" for plain ratios."""
    return f"{value * 100:.1f}%" if is_percent_metric(metric) else f"{value:.2f}"


def display_value(metric: str, value: float) -> float:
    """The headline number as people quote it: margins in percent, ratios as is."""
    return round(value * 100, 2) if is_percent_metric(metric) else round(value, 4)
