"""Answer a metric question exactly: its typed target computed from cited statement rows.

1. Read the target (answering.metric_target): metric, formula (the question's own
   definition wins over the vocabulary's), years or quarter, aggregation, unit, scale,
   rounding.
2. Gather each input (base metric × fiscal year): the knowledge graph's facts first
   (statement rows read at ingest, with doc, page and row text), then statement rows in
   the retrieved chunks. Where several filings report an input, the filing the question's
   period points to wins (the one for the last year asked, else the nearest later one);
   a different value elsewhere is named "also reported".
3. Compute in code, show the formula with the numbers filled in, answer in the unit,
   scale and rounding asked, and cite every row used. A missing input is named
   ("not found: could not find Inventories FY2016 for Amazon"), never replaced by
   another quantity.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from answering.aspects import Aspect, metric_label, read_aspect
from answering.citations import cite, quote_in_text, unique_citations
from answering.metric_target import read_target
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import Chunk, Citation, Fact, MetricTarget, SearchFilters, SearchHit
from finrag.vocabulary import Vocabulary

if TYPE_CHECKING:
    from finrag.knowledge_graph import GraphStore
    from retrieval.query_understanding import QueryUnderstanding
    from strategies.services import Services

_OPS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
}
_SCALE_FROM_MILLIONS = {"units": 1e6, "thousands": 1e3, "millions": 1.0, "billions": 1e-3}
_SAME = 0.005  # values within 0.5% are the same figure (rounding of printed statements)


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


# --------------------------------------------------------------------------- evidence


class Evidence:
    """Input values for one company: graph facts first, then rows in retrieved chunks."""

    def __init__(self, company: str, anchor_year: int, hits: list[SearchHit], vocab: Vocabulary,
                 graph: GraphStore | None = None, period: str = "FY"):
        self.company = company
        self.period = period  # "FY", or a 10-Q column: "Q2" (the quarter) / "Q2YTD" (year to date)
        self.anchor = anchor_year
        self.hits = hits
        self.vocab = vocab
        self.graph = graph
        self.used: dict[tuple[str, int], InputValue] = {}
        self._doc_years = graph.document_years() if graph is not None else {}

    def get(self, metric: str, year: int) -> InputValue:
        key = (metric, year)
        if key not in self.used:
            found = self._from_facts(metric, year) or self._from_hits(metric, year)
            if found is None:
                raise Missing(metric, year)
            self.used[key] = found
        return self.used[key]

    def _rank(self, doc: str) -> tuple[int, int, int]:
        """The filing the question points to first, then the nearest later one, then the rest."""
        year = self._doc_years.get(doc) or 0
        return (0 if year == self.anchor else 1 if year > self.anchor else 2, abs(year - self.anchor), -year)

    def _from_facts(self, metric: str, year: int) -> InputValue | None:
        if self.graph is None:
            return None
        facts = [f for f in self.graph.facts([self.company], [metric], [year], latest_only=False, periods=[self.period])
                 if not f.formula]
        if not facts:
            return None
        facts.sort(key=lambda f: self._rank(f.doc))
        best = facts[0]
        others: dict[str, float] = {}
        for f in facts[1:]:
            if abs(f.value - best.value) > _SAME * max(abs(best.value), 1e-9) and f.doc != best.doc:
                others.setdefault(f.doc, f.value)
        return _input(best, list(others.items()))

    def _from_hits(self, metric: str, year: int) -> InputValue | None:
        if self.period != "FY":
            return None  # a chunk's row is read by fiscal-year columns only
        best = None
        for rank, hit in enumerate(self.hits):
            reading = read_aspect(hit.chunk, Aspect(company=self.company, fiscal_year=year, metric=metric), self.vocab)
            if reading is None:
                continue
            key = (0 if reading.from_table else 1, 0 if reading.chunk.fiscal_year == self.anchor else 1, rank)
            if best is None or key < best[0]:
                best = (key, reading)
        if best is None:
            return None
        r = best[1]
        return InputValue(metric=metric, fiscal_year=year, value=r.value, doc=r.chunk.doc, page=r.chunk.page,
                          quote=r.quote, chunk=r.chunk)


def _input(fact: Fact, also: list[tuple[str, float]]) -> InputValue:
    return InputValue(metric=fact.metric, fiscal_year=fact.fiscal_year, value=fact.value, doc=fact.doc,
                      page=fact.page, quote=fact.source_text, also=also)


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
        name = target.label if len(per_year) == 1 else f"{target.label} FY{y}"
        words, filled = formula.render(tree, y, False), formula.render(tree, y, True)
        if isinstance(tree.body, ast.Name) and formula._tree(tree.body.id) is None:
            working.append(f"{name} = {filled}")  # a line item: nothing to compute
        else:
            working.append(f"{name} = {words} = {filled} = {_per_year(v, target)}")
    years = sorted(per_year)
    first, last = per_year[years[0]], per_year[years[-1]]
    if target.aggregation == "average":
        value = sum(per_year.values()) / len(per_year)
        working.append(f"average over FY{years[0]}-FY{years[-1]} = {value:,.4f}")
    elif target.aggregation == "change":
        value = (last - first) / abs(first) * 100
        working.append(f"change = ({last:,.2f} - {first:,.2f}) / {abs(first):,.2f} = {value:+.1f}%")
    elif target.aggregation == "amount_change":
        value = last - first
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
    return MetricResult(value=value, shown=show(value, target), working=working, inputs=list(used.values()))


def _per_year(value: float, target: MetricTarget) -> str:
    """One year's figure in the target's unit, before aggregation and rounding."""
    if target.unit == "percent":
        return f"{value * 100:.1f}%" if target.aggregation not in ("change", "cagr") else f"{value:,.2f}"
    if target.unit == "days":
        return f"{value:,.2f} days"
    if target.unit == "USD":
        return f"{'-' if value < 0 else ''}${abs(value):,.1f}M"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def _amount(value: float, metric: str, vocab: Vocabulary) -> str:
    """An input as the statements print it: money in millions ("$1,203.4M"), the rest plain."""
    entry = vocab.metrics.get(metric)
    if entry is not None and entry.unit == "USD":
        return f"{'-' if value < 0 else ''}${abs(value):,.1f}M"  # exact, as the statement prints it
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def show(value: float, target: MetricTarget) -> str:
    decimals = target.decimals if target.decimals is not None else (1 if target.unit == "percent" else 2)
    if target.unit == "percent":
        return f"{value:,.{decimals}f}%"
    if target.unit == "days":
        return f"{value:,.{decimals}f} days"
    if target.unit == "USD":
        word = {"units": "", "thousands": " thousand", "millions": " million", "billions": " billion"}[target.scale]
        return f"${value:,.{decimals}f}{word}"
    if target.unit == "USD/share":
        return f"${value:,.{decimals}f} per share"
    return f"{value:,.{decimals}f}"


# --------------------------------------------------------------------------- answering


def _column(target: MetricTarget) -> str:
    if target.quarter is None:
        return "FY"
    return f"Q{target.quarter}YTD" if target.year_to_date else f"Q{target.quarter}"


def _period(target: MetricTarget) -> str:
    years = target.years
    if target.quarter is not None:
        span = f"Q{target.quarter} year to date" if target.year_to_date else f"Q{target.quarter}"
        return f"FY{years[-1]} {span}"
    if target.aggregation == "value":
        return f"FY{years[-1]}"
    return f"FY{years[0]}-FY{years[-1]}"


def answer_metric(
    question: str, hits: list[SearchHit], understanding: QueryUnderstanding, services: Services
) -> WrittenAnswer | None:
    """The exact answer to a one-company metric question; None when the question is not one
    (no metric, no year, or not exactly one company): the general writer answers it then."""
    if len(understanding.companies) != 1:
        return None
    target = read_target(question, services.vocabulary)
    if target is None:
        return None
    company = understanding.companies[0]
    if target.unresolved:
        return WrittenAnswer(status="not_found", text=f"{NOT_FOUND.capitalize()}: {target.unresolved}; no formula "
                             "for the quantity asked is known.", reason=target.unresolved, flags=["metric_target"])
    evidence = Evidence(company, max(target.years), hits, services.vocabulary, services.graph, _column(target))
    try:
        result = compute(target, services.vocabulary, evidence.get)
    except Missing as missing:
        label = metric_label(missing.metric, services.vocabulary)
        found = "; ".join(f"{metric_label(i.metric, services.vocabulary)} FY{i.fiscal_year} {i.value:,.2f}"
                          for i in evidence.used.values())
        where = f"FY{missing.year}" + ("" if evidence.period == "FY" else f" {evidence.period}")
        return WrittenAnswer(
            status="not_found",
            text=f"{NOT_FOUND.capitalize()}: could not find {label} {where} for {company}, an input of "
                 f"{target.label} ({target.formula})." + (f" Found: {found}." if found else ""),
            reason=f"missing input: {label} {where}",
            flags=["metric_target"],
        )
    except ZeroDivisionError:
        return WrittenAnswer(status="not_found", text=f"{NOT_FOUND.capitalize()}: {target.label} divides by zero.",
                             reason="division by zero", flags=["metric_target"])
    source = {"question": "as the question defines it", "vocabulary": "standard definition",
              "line item": "statement line item"}[target.formula_source]
    text = f"{company} {target.label} {_period(target)}: {result.shown} ({source}). " + " ".join(
        f"{w}." for w in result.working)
    also = [f"{metric_label(i.metric, services.vocabulary)} FY{i.fiscal_year} {v:,.2f} in {doc}"
            for i in result.inputs for doc, v in i.also]
    filings = list(dict.fromkeys(i.doc for i in result.inputs))
    text += f" Read from {', '.join(filings)}."
    if also:
        text += " Also reported: " + "; ".join(also) + "."
    citations = _citations(result.inputs, hits, services)
    flags = ["metric_target"] + ([] if len(citations) == len(result.inputs) else ["uncited_input"])
    return WrittenAnswer(status="answered", text=text, citations=unique_citations(citations), value=result.value,
                         flags=flags)


def inputs_in_graph(question: str, understanding: QueryUnderstanding, services: Services) -> bool:
    """Every input of the question's metric target is a fact in the knowledge graph: more
    searches cannot change the answer (the iterative agent then writes at once)."""
    if services.graph is None or len(understanding.companies) != 1:
        return False
    target = read_target(question, services.vocabulary)
    if target is None or target.unresolved:
        return False
    evidence = Evidence(understanding.companies[0], max(target.years), [], services.vocabulary, services.graph,
                        _column(target))
    try:
        compute(target, services.vocabulary, evidence.get)
    except (Missing, ZeroDivisionError):
        return False
    return True


def _citations(inputs: list[InputValue], hits: list[SearchHit], services: Services) -> list[Citation]:
    """Each input's row, quoted from a chunk of its filing that contains it (checked literally).

    Rows read from retrieved chunks cite them; facts first look in the hits, then one sparse
    search per filing for all its rows together (a statement page holds most of them)."""
    citations: list[Citation] = []
    pending: dict[str, list[InputValue]] = {}
    for value in inputs:
        chunk = value.chunk or next((h.chunk for h in hits if h.chunk.doc == value.doc
                                     and quote_in_text(value.quote, h.chunk.text)), None)
        if chunk is not None:
            citations.append(cite(chunk, value.quote))
        else:
            pending.setdefault(value.doc, []).append(value)
    for doc, values in pending.items():
        query = " ".join(dict.fromkeys(v.quote for v in values))[:2000]
        found = services.retriever.search(query, filters=SearchFilters(docs=[doc]), k=8, mode="sparse")
        for value in values:
            on_page = [h for h in found if h.chunk.page <= value.page <= h.chunk.page_end]
            chunk = next((h.chunk for h in on_page + found if quote_in_text(value.quote, h.chunk.text)), None)
            if chunk is not None:
                citations.append(cite(chunk, value.quote))
    return citations
