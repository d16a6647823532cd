"""One document's knowledge: reported facts, derived metrics and relations.

The ingest flow calls `extract_knowledge(loaded)` after storing a document and hands the
result to `GraphStore.replace_document`. Derived metrics (margins, growth, turnover,
ratios) are computed here, within the document, from the vocabulary's formulas: a 10-K
carries the prior years' columns, so `prior(x)` and `avg(x)` need no other filing.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING

from finrag.config import Settings
from finrag.models import RELEASE_FORMS, DocumentKnowledge, Fact, LoadedDocument
from finrag.vocabulary import Vocabulary, load_vocabulary
from loaders.facts import extract_facts
from loaders.relations import extract_relations
from loaders.release_tables import release_facts

if TYPE_CHECKING:
    from finrag.llm import LLMClient
    from loaders.llm_relations import RelationCache

_OPS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
}


class _Missing(Exception):
    """An input of a formula has no fact for the year it needs."""


def evaluate(formula: str, value_of: Callable[[str, int], float], year: int) -> float:
    """Value of a vocabulary formula ("revenue / avg(ppe_net)") for `year`.

    `prior(x)` is x of the previous fiscal year, `avg(x)` the mean of this and the previous
    year-end. Only + - * / numbers, metric names and those two functions are allowed.
    """

    def ev(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.Name):
            return value_of(node.id, year)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
            arg = node.args[0]
            if not isinstance(arg, ast.Name):
                raise ValueError(f"unsupported argument in {formula!r}")
            if node.func.id == "prior":
                return value_of(arg.id, year - 1)
            if node.func.id == "avg":
                return (value_of(arg.id, year) + value_of(arg.id, year - 1)) / 2
        raise ValueError(f"unsupported formula {formula!r}")

    return ev(ast.parse(formula, mode="eval"))


def derive_facts(facts: list[Fact], vocab: Vocabulary) -> list[Fact]:
    """Derived metrics for every (company, year) whose inputs were all extracted (fiscal
    years only: a 10-Q's quarter is no input of an annual formula)."""
    facts = [f for f in facts if f.period == "FY"]
    by_key = {(f.company, f.metric, f.fiscal_year): f for f in facts}
    derived: list[Fact] = []
    for company in sorted({f.company for f in facts}):
        years = sorted({f.fiscal_year for f in facts if f.company == company})
        for metric, entry in vocab.metrics.items():
            if entry.kind != "derived" or not entry.formula:
                continue
            for year in years:
                used: list[Fact] = []

                def value_of(name: str, y: int, company: str = company, used: list[Fact] = used) -> float:
                    fact = by_key.get((company, name, y))
                    if fact is None:
                        raise _Missing(name)
                    used.append(fact)
                    return fact.value

                try:
                    value = evaluate(entry.formula, value_of, year)
                except (_Missing, ZeroDivisionError):
                    continue
                anchor = used[0]
                inputs = "; ".join(f"{f.metric} FY{f.fiscal_year} = {f.value:,.2f}" for f in used)
                derived.append(Fact(
                    company=company, metric=metric, fiscal_year=year, value=value, unit=entry.unit or "ratio",
                    scale="units" if entry.unit in ("ratio", "days", "percent") else anchor.scale,
                    doc=anchor.doc, page=anchor.page, source_text=anchor.source_text,
                    derived_from=list(dict.fromkeys(f.metric for f in used)),
                    formula=f"{metric} = {entry.formula} ({inputs})",
                    # a ratio has no currency; an amount keeps its inputs' (one, or unknown)
                    currency=None if entry.unit in ("ratio", "days", "percent") else _one({f.currency for f in used}),
                    table_scale=anchor.table_scale,
                ))
    return derived


def _one(values: set[str | None]) -> str | None:
    return next(iter(values)) if len(values) == 1 else None


def extract_knowledge(
    doc: LoadedDocument, vocab: Vocabulary | None = None, llm: LLMClient | None = None,
    cache: RelationCache | None = None, llm_chunks: int = Settings().llm_relation_chunks,
) -> DocumentKnowledge:
    """Facts (reported and derived) and relations of one loaded document.

    With `llm`, relations the model reads from at most `llm_chunks` chunks (checked against
    the text, replies cached in `cache`) are merged into the rules' relations; without it,
    the rules' output only.
    """
    vocab = vocab or load_vocabulary()
    pending: str | None = None
    # an earnings release's tables are laid out for readers: cut at their titles, each
    # column placed from its own header (loaders.release_tables)
    read = release_facts if doc.meta.form in RELEASE_FORMS else extract_facts
    facts = read(doc.meta, doc.pages)
    relations = extract_relations(doc.meta, doc.pages)
    if llm is not None:
        # imported here: the offline path never loads the LLM client's libraries
        from loaders.llm_relations import extract_relations_llm, merge_relations

        failures: list[str] = []
        read = extract_relations_llm(doc.meta, doc.chunks, llm, cache, llm_chunks, failures=failures)
        relations = merge_relations(relations, read)
        if failures:
            pending = f"LLM relations pending: {len(failures)} call(s) failed ({failures[-1]})"
    meta = doc.meta
    aliases = [a for a in [meta.company_legal, meta.ticker, *meta.aliases] if a]
    return DocumentKnowledge(
        doc=meta.doc, company=meta.company, aliases=aliases,
        facts=facts + derive_facts(facts, vocab), relations=relations, relations_pending=pending,
    )
