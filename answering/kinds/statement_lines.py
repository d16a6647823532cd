"""The income statement's lines as a filing prints them, read whole or not at all.

A line's absence means something only when the statement was read from its title to its
net income line with no chunk missing in between (`income_statement`); then "no cost of
revenue line" (answering.kinds.not_meaningful) or "no restructuring line" (a question's
"if not outlined, state 0") can be said of the business.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.statement_run import consecutive_run, on_parent_only_page, row_labels
from answering.kinds.tables import blocks
from answering.numbers import normalize_label, split_row
from answering.written_answer import QUESTION_DEFAULT, WrittenAnswer
from finrag.models import Chunk, SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.vocabulary import Vocabulary
    from retrieval.query_understanding import QueryUnderstanding

# IFRS statements end on "Profit for the year", "Loss for the period", "(Loss)/profit for the year"
NET_INCOME = re.compile(r"^net\s+(?:income|earnings|loss|\(loss\)|income\s*\(loss\))(?!\s+(?:before|from|per))"
                        r"|^(?:profit|loss|\(loss\)|profit\s*/?\s*\(loss\)|\(loss\)\s*/?\s*profit)\s+for\s+the\s+"
                        r"(?:financial\s+)?(?:year|period)\b", re.I)
_COST_LINE = re.compile(r"^(?:total\s+)?costs?\s+(?:of|applicable\s+to)\b|\bcost\s+of\s+(?:sales|revenues?|goods|products|"
                        r"services)\b|^merchandise\s+costs\b", re.I)
# US GAAP titles, and IFRS's "statement of profit or loss (and other comprehensive income)" and
# "income statement"; not a US "statement of comprehensive income", which starts at net income
# (a chunk tagged as the income statement may be titled a statement of comprehensive income: a UK single
# statement, whose rows start from the business)
_TITLE = re.compile(r"statements?\s+of\s+(?:consolidated\s+)?(?:comprehensive\s+)?(?:operations|income|earnings|profit\s+or\s+loss)"
                    r"|\bincome\s+statements?\b", re.I)


def statement_labels(chunks: list[Chunk]) -> list[str]:
    """Every line's label, headings without amounts included ("Cost of revenue:" over its parts)."""
    labels = []
    for chunk in chunks:
        for line in chunk.text.splitlines():
            row = split_row(line, chunk.number_convention)
            label = normalize_label(row.label if row else line)
            if label:
                labels.append(label)
    return labels


def has_line(metric: str, label: str, vocab: Vocabulary) -> bool:
    letters = re.sub(r"[^a-z]", "", label)
    if any(re.fullmatch(re.sub(r"\s+", "", p), letters) for p in vocab.metrics[metric].rows.get("income_statement", [])):
        return True
    if metric == "cost_of_revenue" and _COST_LINE.search(label):
        return True  # "Cost of products", "Costs of services": a cost of what was sold, split by kind
    return any(label.startswith(normalize_label(w)) for w in vocab.metrics[metric].wordings)


def income_statement(company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                      services: MetricServices) -> list[Chunk] | None:
    """The company's income statement chunks of one filing, when its revenue and its net
    income lines were both read (one more search for the statement's pages when needed)."""
    found = [h.chunk for h in hits if h.chunk.company == company and "income_statement" in h.chunk.tags]
    if not _whole(found) and services.retriever is not None:
        years = sorted(set(understanding.fiscal_years))[-1:]
        filters = SearchFilters(companies=[company], tags=["income_statement"], fiscal_years=years)
        searched = services.retriever.search("consolidated statements of income revenues expenses net income",
                                             filters=filters, k=8, mode="sparse")
        found += [h.chunk for h in searched if h.chunk.chunk_id not in {c.chunk_id for c in found}]
    by_doc: dict[str, list[Chunk]] = {}
    for chunk in found:
        by_doc.setdefault(chunk.doc, []).append(chunk)
    for chunks in by_doc.values():
        run = _run(chunks)
        # (Schedule I's parent-only statement is titled like the company's: its revenue is a fee from subsidiaries)
        if run is not None and _closes(run[-1]) and not on_parent_only_page(run[0], services):
            return _from_its_start(run, services)
    return None


def _from_its_start(run: list[Chunk], services: MetricServices) -> list[Chunk]:
    """The run with the chunks before it that print the same statement: a chunker repeats the
    statement's title over its second chunk, which then looks like its start ("CONSOLIDATED
    STATEMENTS OF OPERATIONS" over "Amortization of intangible assets ...", its revenue lines in
    the chunk before, on the same page)."""
    retriever = getattr(services, "retriever", None)
    chunks = retriever.filing(run[0].doc).chunks if retriever is not None else []
    by_index = {c.index: c for c in chunks}
    while (before := by_index.get(run[0].index - 1)) is not None and run[0].page - 1 <= before.page <= run[0].page \
            and _TITLE.search(before.text) and row_labels(before) and not _closes(before):
        run = [before, *run]
    return run


def _whole(chunks: list[Chunk]) -> bool:
    """The statement from its title to its net income line, with no chunk missing in between."""
    run = _run(chunks)
    return run is not None and _closes(run[-1])


def _run(chunks: list[Chunk]) -> list[Chunk] | None:
    """The run from the first titled chunk with rows, up to its net income line or a gap."""
    ordered = sorted(chunks, key=lambda c: c.index)
    start = next((n for n, c in enumerate(ordered) if _TITLE.search(c.text) and row_labels(c)), None)
    return None if start is None else consecutive_run(ordered, start, _closes)


def _closes(chunk: Chunk) -> bool:
    return any(NET_INCOME.match(label) for label in row_labels(chunk))


def outlined_line(metric: str, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                  services: MetricServices) -> WrittenAnswer | None:
    """"The quantity of restructuring costs directly outlined in its income statements": the amount of
    the one line of the income statement, read whole, whose label names the metric anywhere in it
    ("Restructuring 828", "Acquisition, integration and restructuring costs 222,319"), in the asked
    year's column. None when the statement was not read whole, names it on no line or on two, or the
    asked year is no column: then the metric path answers, and the question's "state 0" rule applies
    only to what it cannot find (FinanceBench's own gold takes a note's figure where the statement
    prints no line: PepsiCo's $411 million)."""
    vocab = services.vocabulary
    if vocab.statement_of(metric) != "income_statement":
        return None
    statement = income_statement(company, hits, understanding, services)
    year = max(understanding.fiscal_years) if understanding.fiscal_years else None
    if statement is None or year is None:
        return None
    wordings = [w for w in (normalize_label(w) for w in vocab.metrics[metric].wordings) if w]
    joined = statement[0].model_copy(update={"text": "\n".join(c.text for c in statement)})
    named = [(block, row) for block in blocks([SearchHit(chunk=joined, score=0.0)], [company]) for row in block.rows
             if any(re.search(rf"\b{re.escape(w)}\b", normalize_label(row.label)) for w in wordings)]
    if len({row.line for _, row in named}) != 1:
        return None
    block, row = named[0]
    if year not in block.years or (at := block.years.index(year)) >= len(row.values) or row.values[at] is None:
        return None
    value = abs(float(row.values[at]))
    page = next((c for c in statement if row.line in c.text), statement[0])
    millions = f" (${value / 1000:,.1f} million)" if block.scale == "thousands" else ""
    return WrittenAnswer(
        status="answered", kind="metric", value=value, unit=f"USD {block.scale}", citations=[cite(page, row.line)],
        text=f"${value:,.0f} {block.scale.removesuffix('s')}{millions} in FY{year}: the line “{row.label}” of "
             f"{company}'s income statement ({page.doc} p.{page.page + 1}), the one line that names "
             f"{(vocab.label(metric) or metric).lower()}.",
    )


def zero_by_rule(metric: str, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: MetricServices) -> WrittenAnswer | None:
    """The question's own rule "if X is not explicitly outlined, state 0": 0 when the income
    statement, read whole, has no line for X; None when it has one or was not read whole."""
    vocab = services.vocabulary
    if vocab.statement_of(metric) != "income_statement":
        return None
    statement = income_statement(company, hits, understanding, services)
    if statement is None or any(has_line(metric, label, vocab) for label in statement_labels(statement)):
        return None
    label = vocab.label(metric) or metric
    title = next(line for c in statement for line in c.text.splitlines() if _TITLE.search(line))
    net = next(((c, r.line) for c in statement for line in c.text.splitlines()
                if (r := split_row(line, c.number_convention)) and NET_INCOME.match(r.label)), None)
    citations = [cite(statement[0], title)] + ([cite(net[0], net[1])] if net else [])
    return WrittenAnswer(
        status="answered", kind="metric", value=0.0, flags=[QUESTION_DEFAULT], citations=citations,
        text=f"0: {company}'s income statement ({statement[0].doc} p.{statement[0].page + 1}) has no {label.lower()} "
             f"line; the question says to state 0 when it is not explicitly outlined.",
    )
