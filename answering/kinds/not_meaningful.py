"""not_meaningful: the asked metric does not apply to this business, and why.

Decided from the income statement's structure, never from a company's name or sector: the
metric's income-statement inputs (gross margin: cost of revenue, or gross profit) have no
line in a statement that was read whole (its revenue lines and its net income line are
both there). The answer says what the statement shows instead (its first revenue lines,
e.g. "Interest income", "Net interest income") and the analogue (net interest margin when
it earns interest income; operating margin otherwise), with those rows cited.

When the inputs do exist, this writer returns None and the question is answered in its
own kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from answering.aspects import split_sentences
from answering.checks import positive_bases
from answering.citations import cite, unique_citations
from answering.kinds.balance_sheet import balance_sheet, current_assets_lines
from answering.kinds.cash_flow_statement import TITLE as CASH_FLOW_TITLE
from answering.kinds.cash_flow_statement import cash_flow_statement
from answering.kinds.cash_flow_statement import lines as cash_flow_lines
from answering.kinds.statement_lines import NET_INCOME, has_line, income_statement, statement_labels
from answering.metric_target import read_target
from answering.numbers import Row, normalize_label, split_row
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchFilters, SearchHit
from finrag.text import collapse_whitespace

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from finrag.vocabulary import Vocabulary
    from retrieval.query_understanding import QueryUnderstanding

_GOODS_LINES = ("cost_of_revenue", "gross_profit")  # only a business that sells goods or services at a cost has them
# Balance sheet lines a business may simply not have (a service or software company holds no
# inventory); lines every balance sheet has (cash, payables, equity) say nothing of the business.
_BUSINESS_LINES = {"inventories": re.compile(r"\binventor(?:y|ies)\b", re.I)}
# Cash flow lines a company may simply not have (one that pays no dividends): a payout ratio
# then has nothing to pay out.
_FLOW_LINES = {"dividends_paid": re.compile(r"\bdividends?\b", re.I)}
_FINANCING_TOTAL = re.compile(r"^net\s+cash\b.*\bfinancing\s+activities\b", re.I)
_BALANCE_TITLE = re.compile(r"balance\s+sheets?|financial\s+(?:position|condition)", re.I)
_PERIOD_HEADING = re.compile(r"\b(?:ended|ending)\b|\bas\s+(?:at|of)\b", re.I)
_INTEREST_INCOME = re.compile(r"\binterest\s+(?:and\s+\w+\s+)?income\b", re.I)


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    vocab = services.vocabulary
    if not decision.metric or len(understanding.companies) != 1:
        return None
    company = understanding.companies[0]
    if (said := _filer_says(decision.metric, company, hits, understanding, services)) is not None:
        return said
    if (target := read_target(question, vocab)) is not None and target.formula_source == "question":
        # the question defines its measure ("quick ratio defined as: (cash + short-term investments +
        # receivables) / current liabilities"): only its own formula's lines decide, and a line only
        # the vocabulary's formula reads (inventories) says nothing of whether it applies
        inputs = _operands(target.formula, vocab) | {i for f in target.definitions.values() for i in _operands(f, vocab)}
    else:
        inputs = _all_inputs(decision.metric, vocab)
    needed = list(_GOODS_LINES) if inputs & set(_GOODS_LINES) else []  # either line makes it meaningful
    if not needed:
        return _fund(decision.metric, inputs, company, hits, vocab) \
            or _without_revenue(decision.metric, inputs, company, hits, understanding, services) \
            or _without_balance_line(decision.metric, inputs, company, hits, understanding, services) \
            or _without_cash_flow_line(decision.metric, inputs, company, hits, understanding, services)
    statement = income_statement(company, hits, understanding, services)
    if statement is None:
        # the income statement was not read whole: nothing can be said about its lines;
        # the balance sheet's may still be read
        return _without_balance_line(decision.metric, inputs, company, hits, understanding, services)
    rows = [(row, chunk) for chunk in statement for line in chunk.text.splitlines() if (row := split_row(line, chunk.number_convention))]
    labels = statement_labels(statement)
    if any(has_line(m, label, vocab) for m in needed for label in labels):
        # the income statement's inputs exist: the balance sheet's may not (inventory turnover
        # of a business that sells services); else answer the question as asked
        return _without_balance_line(decision.metric, inputs, company, hits, understanding, services)
    earned = _first_revenue_rows(rows)
    if not earned:
        return None
    if _costs_by_revenue_line(rows):
        # each line sold has its own cost, so a cost of sales exists under other names: whether there is
        # anything to turn over is the balance sheet's to say
        return _without_balance_line(decision.metric, inputs, company, hits, understanding, services)
    label = vocab.label(decision.metric) or decision.metric
    missing = " or ".join((vocab.label(m) or m).lower() for m in needed)
    shows = ", ".join(f'"{r.line.strip()}"' for r, _ in earned)
    analogue = ("net interest margin (net interest income over average interest-earning assets)"
                if any(_INTEREST_INCOME.search(r.label) for r, _ in rows) else "operating margin")
    text = (f"{label} is not a meaningful measure for {company}: its income statement has no {missing} line "
            f"(no cost of goods sold to subtract from revenue). What it earns, as the statement shows: {shows}. The comparable measure is "
            f"{analogue}.")
    citations = [cite(c, r.line) for r, c in earned]
    net = next(((r, c) for r, c in rows if NET_INCOME.match(r.label)), None)
    if net is not None:
        citations.append(cite(net[1], net[0].line))
    return WrittenAnswer(status="answered", kind="not_meaningful", text=text, citations=unique_citations(citations),
                         flags=["metric_not_meaningful"])


# "We believe that operating income (loss) is a more meaningful measure than gross profit and gross margin
# due to ...", "gross margin is not a meaningful measure for us": the filer's own word on the measure
_MORE_MEANINGFUL = re.compile(r"(?P<better>[^.;:]{0,120}?)\s+(?:is|are)\s+(?:a\s+)?(?:more|the\s+most)\s+meaningful\s+"
                              r"(?:measures?|metrics?|indicators?)\s+(?:of\s+[^.;]{0,60}?\s+)?than\s+(?P<worse>[^.;]{3,120})",
                              re.I)
_NOT_MEANINGFUL = re.compile(r"(?P<worse>[^.;:]{3,80}?)\s+(?:is|are)\s+not\s+(?:a\s+)?meaningful\s+"
                             r"(?:measures?|metrics?|indicators?)\b", re.I)


def _filer_says(metric: str, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: MetricServices) -> WrittenAnswer | None:
    """The filing's own sentence that the asked measure is not the meaningful one for this
    business (a more meaningful measure named instead), from the hits or one search for it."""
    words = [w.lower() for w in services.vocabulary.expansions(metric)] or [metric.replace("_", " ")]
    label = services.vocabulary.label(metric) or metric
    for chunk, sentence in _filer_sentences(company, [h.chunk for h in hits if h.chunk.company == company],
                                            f"more meaningful measure than {label}", 8, understanding, services):
        found = _MORE_MEANINGFUL.search(sentence) or _NOT_MEANINGFUL.search(sentence)
        if found is None or not any(re.search(rf"\b{re.escape(w)}\b", found.group("worse"), re.I) for w in words):
            continue
        better = re.sub(r"^(?:we|management|the\s+company)\s+(?:believes?|considers?|views?)\s+(?:that\s+)?", "",
                        (found.groupdict().get("better") or "").strip(), flags=re.I)
        instead = f" It names {better} as the more meaningful measure." if better else ""
        text = (f"{label} is not the measure {company} itself treats as meaningful for its business. As the filing "
                f'says: "{sentence.strip()}" ({chunk.doc} p.{chunk.page + 1}).{instead}')
        return WrittenAnswer(status="answered", kind="not_meaningful", text=text,
                             citations=[cite(chunk, sentence.strip())], flags=["metric_not_meaningful"])
    return None


def _filer_sentences(company: str, chunks: list[Chunk], query: str, k: int, understanding: QueryUnderstanding,
                     services: MetricServices) -> Iterator[tuple[Chunk, str]]:
    """(chunk, sentence) of the chunks given, then of one sparse search of the company's filings of the asked year
    for the filer's own word (`query`)."""
    if services.retriever is not None:
        filters = SearchFilters(companies=[company], fiscal_years=sorted(set(understanding.fiscal_years))[-1:])
        chunks = chunks + [h.chunk for h in services.retriever.search(query, filters=filters, k=k, mode="sparse")]
    for chunk in chunks:
        for sentence in split_sentences(collapse_whitespace(chunk.text)):
            yield chunk, sentence


# a return over a base a going concern keeps well above a year's profit: over 100% means the base has been
# shrunk (years of buybacks, accumulated losses), and the ratio measures the shrinking, not the returns
_SLIVER_RATIO = 100.0  # percent


def over_a_sliver(written: WrittenAnswer, question: str, company: str, vocab: Vocabulary) -> WrittenAnswer | None:
    """A return asked "unless not meaningful" that computes above 100% of its base (equity, total assets):
    not meaningful, said with the figure and its inputs; None otherwise."""
    if written.status != "answered" or written.kind != "metric" or written.value is None \
            or abs(written.value) <= _SLIVER_RATIO or written.unit not in ("%", "percent"):
        return None
    target = read_target(question, vocab)
    if target is None or not (bases := positive_bases(target.formula)):
        return None
    base = bases[0]
    label = target.label
    text = (f"{label} is not a meaningful measure for {company}: it computes to {written.value:,.1f}%, because its "
            f"{(vocab.label(base) or base).lower()} is a small base, smaller than the numerator itself, so the ratio "
            f"measures how far that base has been shrunk (buybacks, accumulated losses), not the return. The reading: "
            f"{written.text}")
    return written.model_copy(update={"kind": "not_meaningful", "value": None, "text": text,
                                      "flags": [*written.flags, "metric_not_meaningful"]})


def _without_balance_line(metric: str, inputs: set[str], company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                          services: MetricServices) -> WrittenAnswer | None:
    """The metric needs a balance sheet line (inventories) that the company's balance sheet,
    read whole, does not have: not meaningful, with what its current assets are instead."""
    vocab = services.vocabulary
    # a line the formula only takes away (the quick ratio's inventories) is zero where the business has
    # none: the measure still applies, as the current assets less nothing
    formula = vocab.formula(metric) or ""
    needed = [m for m in inputs if m in _BUSINESS_LINES and not re.search(rf"-\s*{m}\b", formula)]
    if not needed:
        return None
    statement = balance_sheet(company, hits, understanding, services)
    if statement is None:
        return None  # not read whole: a missing line proves nothing
    text = "\n".join(c.text for c in statement)
    if any(_BUSINESS_LINES[m].search(text) for m in needed):
        return None  # the line exists (even inside another line's label): answer as asked
    held = current_assets_lines(statement)
    if not held:
        return None
    label = vocab.label(metric) or metric
    missing = " or ".join((vocab.label(m) or m).lower() for m in needed)
    first = statement[0]
    shows = "; ".join(f'"{line}"' for line, _ in held)
    text = (f"{label} is not a meaningful measure for {company}: its balance sheet ({first.doc} p.{first.page + 1}) "
            f"has no {missing} line, so there is nothing to turn over. What it holds as current assets instead: "
            f"{shows}.")
    title = next(line for line in first.text.splitlines() if _BALANCE_TITLE.search(line))
    citations = [cite(first, title)] + [cite(c, line) for line, c in held]
    return WrittenAnswer(status="answered", kind="not_meaningful", text=text, citations=unique_citations(citations),
                         flags=["metric_not_meaningful"])


def _without_revenue(metric: str, inputs: set[str], company: str, hits: list[SearchHit],
                     understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None:
    """A margin over revenue (operating margin) of a company whose income statement, read whole,
    reports no revenue line, only costs down to its operating result (a shell between
    investments, an explorer): not meaningful, with the lines the statement does print."""
    vocab = services.vocabulary
    if "revenue" not in inputs:
        return None
    statement = income_statement(company, hits, understanding, services)
    if statement is None:
        return None
    labels = statement_labels(statement)
    if any(has_line("revenue", label, vocab) or _INTEREST_INCOME.search(label) for label in labels):
        return None
    rows = [(row, chunk) for chunk in statement for line in chunk.text.splitlines()
            if (row := split_row(line, chunk.number_convention)) is not None and row.label]
    result = next(((r, c) for r, c in rows if has_line("operating_income", normalize_label(r.label), vocab)), None)
    if result is None:
        return None  # no operating result printed: the statement's shape is not known
    before = [(r, c) for r, c in rows[: rows.index(result)]][:3]
    label = vocab.label(metric) or metric
    shows = "; ".join(f'"{collapse_whitespace(r.line)}"' for r, _ in [*before, result])
    first = statement[0]
    text = (f"{label} is not a meaningful measure for {company}: its income statement ({first.doc} p.{first.page + 1}) "
            f"reports no revenue, so there is nothing to set its result against. It shows costs down to its "
            f"operating result: {shows}.")
    citations = [cite(c, r.line) for r, c in [*before, result]]
    return WrittenAnswer(status="answered", kind="not_meaningful", text=text, citations=unique_citations(citations),
                         flags=["metric_not_meaningful"])


_REVENUE_TOTALS = frozenset({"revenues", "revenue", "net revenues", "net revenue", "net sales", "sales"})


def _costs_by_revenue_line(rows: list[tuple[Row, Chunk]]) -> bool:
    """The statement's expenses repeat its revenue lines' names ("Cloud services and license support" under
    revenues, then under operating expenses): each line's own cost, so what it sells has a cost of sales,
    however the statement names it."""
    labels = [normalize_label(r.label) for r, _ in rows]
    # ("Total revenues" reads as "revenues": the label without its "total")
    total = next((i for i, label in enumerate(labels) if label in _REVENUE_TOTALS or label.startswith("total revenue")),
                 None)
    if total is None:
        return False
    sold = {label.removeprefix("revenues ") for label in labels[:total] if label}
    # (an expense line may carry its caption: "Operating expenses: Cloud services and license support")
    return sum(1 for item in sold if any(later.endswith(item) for later in labels[total + 1:])) >= 2


# IAS 32's wording for a fund whose shares or units the holders may redeem: its "equity" is a
# liability line, and what the holders own is the net assets left after it
_REDEEMABLE_NET_ASSETS = re.compile(r"net\s+assets\s+attributable\s+to\s+(?:the\s+)?(?:holders|unitholders|"
                                    r"shareholders)\s+of\s+redeemable\b", re.I)
_LIQUIDITY_LINES = frozenset({"current_assets", "current_liabilities"})


def _fund(metric: str, inputs: set[str], company: str, hits: list[SearchHit], vocab: Vocabulary) -> WrittenAnswer | None:
    """A liquidity measure (working capital, current ratio) of an investment fund: its statement of
    financial position reports net assets attributable to holders of redeemable shares, so its
    "current" assets are a portfolio held at fair value and its current liabilities hold the shares
    holders may redeem. Not meaningful, said with the statement's lines that show it. (The
    wording alone decides, so the statement need not be read whole: it closes on those net
    assets, not on total liabilities and equity.)"""
    if not inputs & _LIQUIDITY_LINES:
        return None
    for hit in hits:
        chunk = hit.chunk
        if chunk.company != company or not ("balance_sheet" in chunk.tags or _BALANCE_TITLE.search(chunk.text)):
            continue
        lines = chunk.text.splitlines()
        # the wording may wrap over lines ("NET ASSETS ATTRIBUTABLE TO / HOLDERS OF REDEEMABLE")
        at = next((n for n in range(len(lines)) if _REDEEMABLE_NET_ASSETS.search(
            collapse_whitespace(" ".join(lines[n:n + 3])))), None)
        if at is None:
            continue
        rows = [line for line in lines[:at] if (row := split_row(line, chunk.number_convention)) is not None
                and row.label and not any(v is None for v in row.values)][:4]
        shows = "; ".join(f'"{collapse_whitespace(line)}"' for line in rows)
        label = vocab.label(metric) or metric
        text = (f"{label} is not a meaningful measure for {company}: it is an investment fund. Its statement of "
                f"financial position ({chunk.doc} p.{chunk.page + 1}) reports net assets attributable to holders "
                "of redeemable shares, so its current liabilities include shares the holders may redeem and its "
                "current assets are its investment portfolio at fair value" + (f" ({shows})" if shows else "")
                + f"; {label.lower()} says nothing of its ability to meet its obligations.")
        citations = [cite(chunk, lines[at])] + [cite(chunk, line) for line in rows]
        return WrittenAnswer(status="answered", kind="not_meaningful", text=text,
                             citations=unique_citations(citations), flags=["metric_not_meaningful"])
    return None


def _without_cash_flow_line(metric: str, inputs: set[str], company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                            services: MetricServices) -> WrittenAnswer | None:
    """The metric needs a cash flow line (dividends paid) that the company's cash flow
    statement, read whole, does not have: the company paid none, and the metric does not apply."""
    vocab = services.vocabulary
    needed = [m for m in inputs if m in _FLOW_LINES]
    if not needed:
        return None
    statement = cash_flow_statement(company, hits, understanding, services)
    if statement is None:
        # not read whole: a missing line proves nothing, but the filer's own word that it never paid one does
        return _never_paid(metric, company, hits, understanding, services)
    rows = cash_flow_lines(statement)
    if any(_FLOW_LINES[m].search(line) for m in needed for line, _ in rows):
        return None  # the line exists: answer as asked
    label = vocab.label(metric) or metric
    missing = " or ".join((vocab.label(m) or m).lower() for m in needed)
    first, last = statement[0], statement[-1]
    pages = f"p.{first.page + 1}" + (f"-{last.page_end + 1}" if last.page_end > first.page else "")
    years = sorted(set(understanding.fiscal_years))
    when = f" in FY{years[-1]}" if years else ""
    text = (f"{label} does not apply to {company}: its consolidated statement of cash flows ({first.doc} {pages}), "
            f"read from its title to its closing cash balance, has no {missing} line; the company paid none{when}, "
            "so there is nothing to pay out.")
    title = next(line for line in first.text.splitlines() if CASH_FLOW_TITLE.search(line))
    citations = [cite(first, title)]
    financing = next(((line, c) for line, c in rows if _FINANCING_TOTAL.search(line)), None)
    if financing is not None:
        citations.append(cite(financing[1], financing[0]))
    return WrittenAnswer(status="answered", kind="not_meaningful", text=text, citations=unique_citations(citations),
                         flags=["metric_not_meaningful"])


# "We have never declared nor paid cash dividends on our capital stock", "has not paid any dividends since its
# inception": the filer's own word that there was no dividend to pay out (not "did not pay dividends in 2021")
_NEVER_PAID = re.compile(r"\b(?:have|has)\s+never\s+(?:declared\s+(?:or|nor|and)\s+)?paid\s+(?:any\s+)?(?:cash\s+)?dividends?\b|"
                         r"\b(?:have|has)\s+not\s+(?:declared\s+(?:or|nor|and)\s+)?paid\s+(?:any\s+)?(?:cash\s+)?dividends?\s+"
                         r"since\s+(?:its|our)\s+inception\b", re.I)
# "The Company does not currently pay any cash dividends on common stock": none paid now, whatever was before
# (said by the filer of itself, as a fact: not "If we do not pay cash dividends in the future, ...")
_PAYS_NONE = re.compile(r"^(?!.*\bif\b)(?:.*?\b)?(?:we|the\s+company|it)\s+(?:does|do)\s+not\s+(?:currently\s+)?pay\s+"
                        r"(?:any\s+)?(?:cash\s+)?dividends?\b", re.I)


# "As a result, we did not pay any dividends in 2022 and 2021": none paid in the years it names
_PAID_NONE_IN = re.compile(r"\b(?:we|the\s+company|it)\s+did\s+not\s+(?:declare\s+or\s+)?pay\s+(?:any\s+)?(?:cash\s+)?"
                           r"dividends?\s+(?:in|during)\s+(?P<years>(?:(?:fiscal\s+)?(?:19|20)\d\d(?:,\s*|\s+and\s+|\s+or\s+)?)+)",
                           re.I)


# "By how much did it increase its dividend per share", "What dividend per share did it pay": the company's payout,
# its amount or its change (not the rules on it, "what covenants restrict its dividends", nor a subsidiary's)
_ASKS_DIVIDEND = re.compile(r"\b(?:how\s+much|by\s+how\s+much|what\s+(?:was|were|is|are)?\s*(?:the\s+|its\s+)?(?:\w+\s+)?"
                            r"dividends?|(?:increase|raise|grow|cut|change)[ds]?\s+(?:in\s+)?(?:its|the)\s+(?:\w+\s+)?"
                            r"dividends?)\b[^?]*", re.I)
_NOT_A_PAYOUT = re.compile(r"\b(?:restrict\w*|covenants?|limit\w*|subsidiar\w*|received|receive)\b", re.I)
_PAYOUT = "dividends_paid"


def unpaid_dividend(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                    services: MetricServices) -> WrittenAnswer | None:
    """A dividend asked in a shape no metric names ("by how much did it increase its dividend per share"), of a company
    whose filing says it never paid one, pays none, or paid none in the asked years: the premise fails, said so."""
    if not (_ASKS_DIVIDEND.search(question) and re.search(r"\bdividends?\b", question, re.I)) \
            or _NOT_A_PAYOUT.search(question) or len(understanding.companies) != 1:
        return None
    return _never_paid(_PAYOUT, understanding.companies[0], hits, understanding, services)


def _paid_none_in(sentence: str, years: list[int]) -> bool:
    """Whether the filer says it paid no dividend in every asked year."""
    said = _PAID_NONE_IN.search(sentence)
    return bool(said and years and all(str(y) in said.group("years") for y in years))


def _never_paid(metric: str, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: MetricServices) -> WrittenAnswer | None:
    """A payout metric of a company whose filing says it has never paid a dividend, or pays none, from the hits
    or one search."""
    asked = max(understanding.fiscal_years, default=None)
    # (an older filing's "never paid" says nothing of a later year: eBay's FY2016 10-K, of its FY2022 payout)
    chunks = [h.chunk for h in hits if h.chunk.company == company
              and (asked is None or (h.chunk.fiscal_year or 0) >= asked)]
    for chunk, sentence in _filer_sentences(company, chunks, "never declared or paid cash dividends on capital stock", 6,
                                            understanding, services):
        # (one that pays none now may have paid in an earlier year: said of the asked year's filing only)
        none_in = _paid_none_in(sentence, sorted(set(understanding.fiscal_years)))
        if _NEVER_PAID.search(sentence) or none_in or (_PAYS_NONE.search(sentence) and asked in (None, chunk.fiscal_year)):
            label = services.vocabulary.label(metric) or metric
            years = " or ".join(f"FY{y}" for y in sorted(set(understanding.fiscal_years)))
            state = "has never paid a cash dividend" if _NEVER_PAID.search(sentence) \
                else f"paid no dividend in {years}" if none_in else "does not pay a cash dividend"
            text = (f"{label} does not apply to {company}: it {state}, so there is nothing to "
                    f'pay out. As the filing says: "{sentence.strip()}" ({chunk.doc} p.{chunk.page + 1}).')
            return WrittenAnswer(status="answered", kind="not_meaningful", text=text,
                                 citations=[cite(chunk, sentence.strip())], flags=["metric_not_meaningful"])
    return None


def _operands(formula: str, vocab: Vocabulary) -> set[str]:
    """The metric keys a formula reads, and the inputs those read in turn."""
    return {i for name in re.findall(r"[a-z_]+", formula) if name not in ("avg", "prior", "change")
            for i in _all_inputs(name, vocab)}



def _all_inputs(metric: str, vocab: Vocabulary) -> set[str]:
    seen: set[str] = set()
    pending = [metric]
    while pending:
        key = pending.pop()
        seen.add(key)
        pending += [i for i in vocab.inputs(key) if i not in seen]
    return seen


def _first_revenue_rows(rows: list[tuple[Row, Chunk]]) -> list[tuple[Row, Chunk]]:
    """What the statement says the business earns: its first total (or first lines), and its
    net interest income line when it has one."""
    # "FOR THE YEAR ENDED 30 JUNE 2022" reads as a row (its year as an amount): a heading, not a line
    head = [(r, c) for r, c in rows if not _PERIOD_HEADING.search(r.label)][:8]
    total = next(((r, c) for r, c in head if re.match(r"^total\b", r.label, re.I)), None)
    earned = [total] if total else head[:3]
    net_interest = next(((r, c) for r, c in rows if re.match(r"^net\s+interest\s+income\b", r.label, re.I)), None)
    return earned + ([net_interest] if net_interest and net_interest not in earned else [])
