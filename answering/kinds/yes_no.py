"""yes_no: a conclusion with what decides it.

(a) A judgement over a metric ("an improving gross margin", "increased its debt", "positive
    working capital", "healthy liquidity based on its quick ratio", "capital intensive"): the
    metric is computed for the years needed by the metric machinery (answering.metric_answer,
    each year asked as its own one-company metric question, rows cited) and the test applied:
    "Yes — Gross margin rose from 4.8% (FY2021) to 5.3% (FY2022)". Thresholds that are
    conventions are named in the answer (quick ratio >= 1; capital intensive when capital
    expenditures are at least 10% of revenue or net PP&E at least 40% of total assets; total
    assets against revenue is stated but decides nothing, goodwill and intangibles inflate it).
(b) A fact stated in text ("subject to cyclicality?", "any material legal proceedings?"):
    the sentence that names the topic *and states the asked predicate* (answering.kinds.
    asked_predicate: "conditioned ... financing", "pay ... dividend") decides; its Yes or No is
    read where a negation or a stop governs that predicate (answering.kinds.polarity: "did not
    repurchase any shares", "suspended quarterly cash dividends"), and a statement followed by
    a disclaimer does not count for Yes when the question asks about *material* matters. A
    restriction, a plan or an authorization is no deed; sentences that disagree are refused
    with both quoted; an either/or question gets the alternative a sentence supports, never a
    Yes or No. With no deciding sentence: the question's own rule ("if there is no mention,
    return False") when nothing names it at all, else None (the caller refuses; never a guess).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import TYPE_CHECKING

from answering import numbers
from answering.citations import cite, unique_citations
from answering.kinds import (
    asked_subject,
    cash_returned,
    concentration,
    core_operations,
    deal_state,
    going_concern,
    item_comparison,
    liquidity_change,
    polarity,
    property_tenure,
    registered_securities,
    returned_instead,
    role_changes,
    tenure,
    unprinted_items,
)
from answering.kinds.ask_coverage import states_duration
from answering.kinds.asked_predicate import ANTONYMS, AskedPredicate, main_clause, read_predicate
from answering.kinds.cause_cues import CHANGED, is_cause
from answering.kinds.choice import Item, table_items, whole
from answering.kinds.classify import COVERS
from answering.kinds.excepted import excepted_item, item_evidence, row_read
from answering.kinds.people import asked_filing
from answering.kinds.places import PLACE_NAMES
from answering.kinds.sentences import (
    Sentence,
    Topic,
    asks_about_risk,
    content_words,
    hedge_trimmed,
    mentions_years,
    past_forms,
    period_ends,
    read_topic,
    same_stem,
    sentences,
)
from answering.kinds.tables import Block, blocks, more_tables
from answering.kinds.whole_table import TOTAL_ROW, adds_up, runs_on
from answering.metric_answer import answer_metric
from answering.metric_formula import show
from answering.metric_target import INLINE_MARK, lower_is_better, read_target, split_definitions
from answering.written_answer import JUDGED, NOT_FOUND, QUESTION_DEFAULT, WrittenAnswer
from finrag.models import ANNUAL_FILINGS, Citation, SearchFilters, SearchHit
from finrag.vocabulary import tokenize
from loaders.dates import DATE, days_written, parse_date, same_snapshot, snapshot_days
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from collections.abc import Callable

    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from finrag.vocabulary import Vocabulary
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

_NOT_MATERIAL = re.compile(r"\b(?:not|no)\b[^.;]{0,80}\bmaterial\b|\bimmaterial\b", re.I)
# (not "material uncertainty": the going-concern term, no question about material matters)
_MATERIAL = re.compile(r"\bmaterial(?:ly)?\b(?!\s+uncertaint)", re.I)
_SPECIFIC = re.compile(r"\b(?:19|20)\d\d\b|\$\s?\d")
_UP = frozenset({"more", "greater", "higher", "larger"})


def _upward(text: str) -> bool | None:
    """Whether the first comparison in `text` says more (True) or less (False); None without one."""
    m = _COMPARES.search(text)
    word = m.group(0).split()[0].lower() if m is not None else ""
    return None if m is None else word in _UP or word.startswith(("exceed", "outpac"))


_COMPARES = re.compile(r"\b(?:more|less|greater|fewer|higher|lower|larger|smaller)\s+(?:[\w'’$,.-]+\s+){0,8}?than\b"
                       r"|\bexceed\w*|\boutpac\w*", re.I)
_QUICK_CONVENTION = "a quick ratio of 1.0 or more is the usual sign of healthy liquidity"
_PPE_INTENSITY = 40.0  # net PP&E at or above 40% of total assets: the assets are plant, not intangibles
_CAPEX_INTENSITY = 10.0  # capital expenditures at or above 10% of revenue


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    if (compared := item_comparison.answer(decision.ask, list(understanding.companies), hits, understanding,
                                           services)) is not None:
        # "is A more profitable than B on a gross margin basis": two rows of the table of that measure
        return compared
    alternatives = read_predicate(decision.ask, list(understanding.companies)).alternatives
    if alternatives is not None:
        # "driven by a higher take rate or by higher volume?", "more or less cash?": no Yes or No answers it,
        # a metric's judgement included ("did revenue grow because of prices or because of volume?")
        return _either_or(decision, alternatives, hits, understanding, services)
    if len(understanding.companies) == 1 and cash_returned.asked_way(main_clause(decision.ask)) \
            and (years := _years(understanding, hits, span=False)):
        # "did it return more cash to shareholders than its operations generated?": two statement
        # lines compared, which no sentence states
        got = cash_returned.answer(main_clause(decision.ask), question, understanding.companies[0], years[-1],
                                   lambda label, year: metric_value(label, year, hits, understanding, services),
                                   lambda year: _liquidity(hits, understanding.companies[0], year, services))
        if got is not None:
            return got
    if _ASKS_PAID.search(main_clause(decision.ask)) and len(understanding.companies) == 1 \
            and (years := _years(understanding, hits, span=False)) \
            and (paid := _paid(years[-1], hits, understanding, services)) is not None:
        # "did it pay dividends to common shareholders in Q2?": the cash flow statement's dividends row
        # decides, where a sentence about dividends may be about a plan, a policy or another year
        return paid
    if _ASKS_STEADY_DIVIDENDS.search(main_clause(decision.ask)) and len(understanding.companies) == 1 \
            and (years := _years(understanding, hits, span=False)) \
            and (steady := _steady_dividends(years[-1], hits, understanding, services)) is not None:
        # "a stable trend of dividend distribution": the dividends paid of each year the statements show
        return steady
    if concentration.asks(main_clause(decision.ask)) and len(understanding.companies) == 1:
        # "significant customer concentration?": the major-customer disclosure's share of sales decides,
        # not a sentence that names customers (nor a table of places' shares over the line asked)
        return concentration.answer(decision.ask, hits, understanding.companies[0],
                                    sorted(set(understanding.fiscal_years)), services.retriever)
    if core_operations.asks(decision.ask) and (years := _years(understanding, hits, span=False)) and (
            core := core_operations.answer(question, hits, list(understanding.companies), years[-1],
                                           services.vocabulary, services.retriever)) is not None:
        # "was the improvement driven by its core operations?": operating income's change against the lines
        # beside it, which the statement's arithmetic splits
        return core
    if decision.metric and decision.test and decision.test != "stated":
        return _over_metric(decision, hits, understanding, services,
                            _defined(question, decision.metric, services.vocabulary), question)
    if registered_securities.ASKS_REGISTERED.search(decision.ask) and len(understanding.companies) == 1:
        # "does it have any debt securities registered to trade on a national securities exchange?":
        # the cover's Section 12(b) table decides, not a sentence that mentions debt or an exchange
        return _registered(decision.ask, hits, list(understanding.companies), services)
    if going_concern.asks_status(decision.ask):
        # "is it (considered) a going concern?": answered by the doubt the filing concludes, the
        # other way round; a question about the doubt itself goes on to the stated reading
        return going_concern.answer(decision.ask, question, hits, list(understanding.companies))
    if (doubt := going_concern.doubt_answer(decision.ask, hits, list(understanding.companies), services.retriever,
                                            sorted(set(understanding.fiscal_years)))) is not None:
        # "did it report a material uncertainty or significant doubt about ... going concern?": the
        # auditor's or directors' sentence stating it decides ("material uncertainty" is its name, no
        # materiality test); the stated reading, when it says the same, also answers the other parts
        # ("..., and how long do the directors expect its cash to last?")
        stated = _stated(decision, question, hits, understanding, services)
        # (a Yes only: the stated reading's No rests on any going-concern wording, "may cause ... to cease")
        if stated is not None and stated.status == "answered" and doubt.text.startswith("Yes.") \
                and stated.text.startswith("Yes."):
            return stated
        return doubt
    return _judged_as_asked(decision, _stated(decision, question, hits, understanding, services))


# a judgement the question asks of its topic ("a comfortable short-term liquidity position", "a strong
# balance sheet"): each group's words say one judgement; a sentence that names the topic without any
# of them ("established an incremental liquidity facility") says nothing of it
_JUDGEMENTS = (
    frozenset(tokenize("comfortable strong healthy solid robust sound ample adequate sufficient enough good")),
    frozenset(tokenize("weak poor tight strained insufficient inadequate constrained")),
    # whether a result recurs ("Is the reported net income representative of its recurring profitability?")
    frozenset(tokenize("representative recurring nonrecurring unusual sustainable")),
)


def _judged_as_asked(decision: KindDecision, written: WrittenAnswer | None) -> WrittenAnswer | None:
    """The stated Yes or No, when its sentences state the judgement the question asks (by one of its
    group's words); a refusal saying so when they only name the topic."""
    if written is None or written.status != "answered" or QUESTION_DEFAULT in written.flags:
        return written
    asked = set(tokenize(main_clause(decision.ask)))
    groups = [g for g in _JUDGEMENTS if g & asked]
    if not groups:
        return written
    said = set(tokenize(" ".join(c.quote for c in written.citations) or written.text))
    if any(g & said for g in groups):
        return written
    reason = "the question asks for a judgement that no sentence found states, and no figure test decides it"
    return written.model_copy(update={"status": "not_found", "reason": reason, "value": None,
                                      "text": f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}"})


def _liquidity(hits: list[SearchHit], company: str, year: int, services: MetricServices) -> tuple[str, Citation] | None:
    """The year's sentence stating its liquidity's change, from the hits or the year's filing searched for it."""
    found = liquidity_change.stated_change(hits, company, year)
    if found is not None or services.retriever is None:
        return found
    filters = SearchFilters(companies=[company], fiscal_years=[year])
    return liquidity_change.stated_change(
        services.retriever.search(f"{company} liquidity decrease increase in cash, cash equivalents and marketable securities",
                                  filters=filters, k=8, mode="sparse"), company, year)


# --------------------------------------------------------------------------- (a) over a metric


def _years(understanding: QueryUnderstanding, hits: list[SearchHit], span: bool) -> list[int]:
    years = sorted(set(understanding.fiscal_years))
    if not years:
        own = [h.chunk.fiscal_year for h in hits if h.chunk.fiscal_year
               and (not understanding.companies or h.chunk.company in understanding.companies)]
        years = [max(own)] if own else []
    if not years:
        return []
    if span:
        return [years[0] - 1, years[0]] if len(years) == 1 else [years[0], years[-1]]
    return [years[-1]]


class Value:
    def __init__(self, year: int, answer: WrittenAnswer, shown: str):
        self.year, self.answer, self.value, self.shown = year, answer, answer.value or 0.0, shown


# a part of a year the question asks that is no quarter: "the six months ended June 30, 2012", "the first half of 2012"
_PART_OF_YEAR = re.compile(r"\b(?:three|six|nine|3|6|9)\s+months\s+ended\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d"
                           r"|\b(?:first|second)\s+half\s+(?:of\s+)?(?:fiscal\s+)?(?:year\s+)?(?:19|20)\d\d"
                           r"|\bH[12]\s+(?:FY\s?)?(?:19|20)\d\d"
                           r"|\bfirst\s+(?:six|nine|6|9)\s+months\s+of\s+(?:fiscal\s+)?(?:year\s+)?(?:19|20)\d\d", re.I)


def metric_value(phrase: str, year: int, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: MetricServices, quarter: int | None = None, defined: str = "",
                 part_of_year: str = "") -> Value | WrittenAnswer:
    """One year's (or quarter's) figure, asked of the metric machinery as its own question
    (its checks apply); `defined`: the question's own definition of it, a sentence; `part_of_year`:
    the months the question asks ("six months ended June 30, 2012"), never read as the whole year."""
    if part_of_year:
        asked = f"What is the {phrase} for the {part_of_year}?" + (f" {defined}" if defined else "")
    else:
        asked = f"What is the {f'Q{quarter} ' if quarter else ''}FY{year} {phrase}?" + (f" {defined}" if defined else "")
    target = read_target(asked, services.vocabulary)
    one_year = understanding.model_copy(update={"fiscal_years": [year]})
    answer = answer_metric(asked, hits, one_year, services) if target is not None else None
    if answer is None or target is None:
        return WrittenAnswer(status="not_found", kind="yes_no", reason=f"cannot compute {phrase} FY{year}",
                             text=f"{NOT_FOUND.capitalize()}: {phrase} FY{year} cannot be computed.")
    if answer.status != "answered" or answer.value is None:
        return answer.model_copy(update={"kind": "yes_no"})
    return Value(year, answer, show(answer.value, target))


def _of_the_asked_role(ask: str, changed: list[Sentence]) -> list[Sentence]:
    """The role changes that answer the ask: all of them for "changes in its leadership", only those
    naming the chief executive for "a change in CEO" (a CFO's resignation is no change of CEO)."""
    if not tenure.ASKS_CEO.search(main_clause(ask)):
        return changed
    return [s for s in changed if tenure.ASKS_CEO.search(s.text)]


def _defined(question: str, metric: str, vocab: Vocabulary) -> str:
    """The question's own definition of the metric it judges ("... based on its quick ratio? Quick
    ratio defined as (cash and cash equivalents + receivables, net) / total current liabilities."),
    as a sentence the metric question reads; "" when it gives none (the vocabulary's formula)."""
    for name, expr in split_definitions(question)[1]:
        # (a formula written inside the ask, INLINE_MARK, is the judged measure's as "it" was)
        if name.lower() == "it" or name.startswith(INLINE_MARK) or metric in vocab.match_metrics(name)[:1]:
            return f"{vocab.label(metric) or metric} is defined as: {expr}."
    return ""


def _over_metric(decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: MetricServices, defined: str = "", question: str = "") -> WrittenAnswer | None:
    if len(understanding.companies) != 1:
        return None
    company = understanding.companies[0]
    vocab = services.vocabulary
    if decision.test == "covers":
        return _covers(decision.ask, company, hits, understanding, services)
    if decision.test == "capital_intensive":
        if (direction := _INTENSITY_CHANGE.search(decision.ask or "")) is not None:
            return _capital_intensity_change(direction, company, hits, understanding, services)
        return _capital_intensive(company, hits, understanding, services, decision.ask or "", question)
    if decision.test in ("any_fell", "any_grew"):
        return _items_moved(decision, company, hits, understanding, services)
    if decision.test in ("share_above", "share_below"):
        return _shares(decision, company, hits, understanding, services) or _shares(
            decision, company, more_tables(decision.ask, hits, [company], understanding.fiscal_years,
                                           services.retriever), understanding, services)
    label = (vocab.label(decision.metric or "") or "").lower() or str(decision.metric)
    if decision.test == "consistent":
        return _consistent(decision, label, company, hits, understanding, services, defined)
    span = decision.test in ("improving", "increased", "decreased")
    years = _years(understanding, hits, span)
    if not years:
        return None
    # "for Q2 of FY2023": a balance-sheet judgement on that quarter's column
    quarter = understanding.quarter
    months = _PART_OF_YEAR.findall(question or decision.ask or "") if quarter is None else []
    # (the months as written, the dated span first: "the first half of 2012 (six months ended June 30, 2012)";
    # a judgement over several years is not read over part of each)
    dated = {m for m in months if "ended" in m.lower()} or {m for m in months if "months" in m.lower()} or set(months)
    part_of_year = next(iter(dated)) if len(dated) == 1 and len(years) == 1 else ""
    if months and not part_of_year:
        return None
    values: list[Value] = []
    for year in years:
        got = metric_value(label, year, hits, understanding, services, quarter, defined, part_of_year)
        if isinstance(got, WrittenAnswer):
            return got
        values.append(got)
    last = values[-1]
    if span:
        first = values[0]
        rose = last.value > first.value
        verb = "rose" if rose else "fell" if last.value < first.value else "was unchanged"
        want_up = {"increased": True, "decreased": False,
                   "improving": not lower_is_better(decision.metric or "")}[decision.test or "increased"]
        yes = last.value != first.value and rose == want_up
        finding = (f"{label} {verb} from {first.shown} ({_when(first.year, quarter)}) to {last.shown} "
                   f"({_when(last.year, quarter)})")
        if (last.answer.unit or "").startswith("USD") and last.answer.unit == first.answer.unit:
            finding += f", a change of {last.value - first.value:+,.2f} ({last.answer.unit.removeprefix('USD ')})"
        if decision.metric == _OPERATING_MARGIN and len(values) == 2:
            finding += _unprinted_items_note(first, last, hits, services, quarter)
    elif decision.test in ("positive", "negative"):
        yes = (last.value > 0) == (decision.test == "positive") and last.value != 0
        finding = f"{label} {f'for the {part_of_year}' if part_of_year else _when(last.year, quarter)} was {last.shown}"
    else:
        limit = decision.threshold if decision.threshold is not None else 0.0
        yes = last.value >= limit if decision.test == "above" else last.value <= limit
        convention = f" ({_QUICK_CONVENTION})" if decision.metric == "quick_ratio" and limit == 1.0 else ""
        finding = (f"{label} {f'for the {part_of_year}' if part_of_year else _when(last.year, quarter)} was {last.shown}, "
                   f"{'above' if last.value >= limit else 'below'} {limit:g}{convention}")
    return _judged(yes, f"{company} {finding}", values)


_OPERATING_MARGIN = "operating_margin"


def _unprinted_items_note(first: Value, last: Value, hits: list[SearchHit], services: MetricServices,
                          quarter: int | None) -> str:
    """What a margin compared over two periods moves by besides the business: items one period's
    statement holds and the other's does not (answering.kinds.unprinted_items), said with the margin
    without them; "" when the statement the margins were read from adds up in both periods."""
    cited = {c.chunk_id for c in last.answer.citations} & {c.chunk_id for c in first.answer.citations}
    for hit in (h for h in hits if h.chunk.chunk_id in cited):
        found = blocks([hit], [hit.chunk.company] if hit.chunk.company else [])
        years = found[0].years if found else []
        if years not in ([last.year, first.year], [first.year, last.year]) \
                or (items := unprinted_items.read(hit.chunk, services.vocabulary)) is None:
            continue
        when = [_when(y, quarter) for y in years]
        return unprinted_items.note(items, when, last.value > first.value, latest=years.index(last.year),
                                    scale=found[0].scale)
    return ""


# A 10-K's income statement shows three years: the years a "historically consistent" judgement reads.
_HISTORY_YEARS = 3


def _consistent(decision: KindDecision, label: str, company: str, hits: list[SearchHit],
                understanding: QueryUnderstanding, services: MetricServices, defined: str) -> WrittenAnswer | None:
    """"Are its gross margins historically consistent (not fluctuating more than roughly 2% each
    year)?": the metric in each year the latest filing's statements show, and each year's move
    against the tolerance the question states (in points for a rate, in percent for an amount).
    Fewer than two years read is no history: not judged."""
    # the history of the latest annual statements (a later quarter's 10-Q holds no year's figure):
    # of the year asked, else of the company's latest annual filing in the store, whatever the
    # search ranked first ("historically" names no year)
    annual = [h for h in hits if h.chunk.form in ANNUAL_FILINGS]
    years = _years(understanding, annual or hits, span=False)
    catalog = getattr(services.retriever, "catalog", None)
    latest = catalog.latest_year([company], ANNUAL_FILINGS, any_form=False) if catalog is not None else None
    if not understanding.fiscal_years and latest is not None:
        years = [latest]
    if not years:
        return None
    values: list[Value] = []
    for year in range(years[-1] - _HISTORY_YEARS + 1, years[-1] + 1):
        got = metric_value(label, year, hits, understanding, services, defined=defined)
        if isinstance(got, Value):
            values.append(got)
        elif values:
            return got  # a gap inside the history: its years are not consecutive
    if len(values) < 2:
        return None
    rate = "%" in values[-1].shown  # a rate moves in points, an amount in percent of itself
    moves = [_move(a.value, b.value, rate) for a, b in zip(values, values[1:], strict=False)]
    limit = decision.threshold or 0.0
    yes = all(abs(m) <= limit for m in moves)
    unit = "percentage points" if rate else "%"
    finding = (f"{company} {label} was " + ", ".join(f"{v.shown} (FY{v.year})" for v in values)
               + f": year-over-year moves of {', '.join(f'{m:+.1f}' for m in moves)} {unit}, "
               + f"{'within' if yes else 'more than'} the {limit:g} {unit} asked")
    return _judged(yes, finding, values)


def _move(before: float, after: float, rate: bool) -> float:
    if rate:
        return after - before
    return (after - before) / abs(before) * 100 if before else float("inf")


def _registered(ask: str, hits: list[SearchHit], companies: list[str], services: MetricServices) -> WrittenAnswer:
    """Yes with the classes the cover's table lists, No when it lists none of those asked; the
    table's refusal when it was not read."""
    listed = registered_securities.answer(ask, hits, companies, getattr(services, "retriever", None))
    if listed.status != "answered":
        return listed.model_copy(update={"kind": "yes_no"})
    verdict = "No." if listed.text.startswith("None:") else "Yes."
    return listed.model_copy(update={"kind": "yes_no", "text": f"{verdict} {listed.text}"})


def _when(year: int, quarter: int | None) -> str:
    return f"FY{year} Q{quarter}" if quarter else f"FY{year}"


# what a question may ask capital expenditures to be set against besides revenue ("Support your
# answer with its capital expenditures relative to revenues, depreciation and operating cash flow")
_CAPEX_AGAINST = (
    (re.compile(r"\bdepreciation\b", re.I), "capital expenditures as a % of depreciation and amortization",
     "{x:.2f}x depreciation and amortization"),
    (re.compile(r"\b(?:operating\s+cash\s+flows?|cash\s+(?:flows?\s+)?(?:from|provided\s+by)\s+operati\w+)\b", re.I),
     "capital expenditures as a % of cash from operations", "{p:.1f}% of cash from operations"),
)


def _capital_intensive(company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                       services: MetricServices, ask: str = "", question: str = "") -> WrittenAnswer | None:
    """Capital intensity as analysts read it: what the business spends on and holds in property
    and equipment (capital expenditures against revenue, net PP&E against total assets). Total
    assets against revenue is no such signal where the assets are mostly goodwill and intangibles
    (a software or media company after acquisitions): it is stated, and decides only with them.
    Capital expenditures against depreciation or operating cash flow are given when the question
    asks for them (outside its ask), and refused with their reason when they cannot be read."""
    years = _years(understanding, hits, span=False)
    if not years:
        return None
    year = years[-1]
    capex = _row_value("capital expenditures as a % of revenue", year, hits, understanding, services)
    ppe = _row_value("net property, plant and equipment as a % of total assets", year, hits, understanding, services)
    assets = _row_value("total assets as a % of revenue", year, hits, understanding, services)
    if not isinstance(capex, Value) and not isinstance(ppe, Value):
        # neither signal: total assets against revenue alone would call an acquirer of intangibles
        # capital intensive
        return next((v for v in (capex, ppe) if isinstance(v, WrittenAnswer)), None)
    findings: list[str] = []
    votes: list[bool] = []
    if isinstance(capex, Value):
        votes.append(capex.value >= _CAPEX_INTENSITY)
        findings.append(f"capital expenditures are {capex.value:.1f}% of revenue (capital intensive at "
                        f"{_CAPEX_INTENSITY:g}% or more)")
    if isinstance(ppe, Value):
        votes.append(ppe.value >= _PPE_INTENSITY)
        findings.append(f"net property, plant and equipment is {ppe.value:.1f}% of total assets (capital intensive "
                        f"at {_PPE_INTENSITY:g}% or more)")
    if not any(votes) and not isinstance(ppe, Value):
        # a No needs the plant read: a year's low capital expenditures say little of a fleet or a network
        # already owned (a tank-truck carrier's net PP&E is 58% of its assets, its capex 5.6% of revenue)
        return ppe if isinstance(ppe, WrittenAnswer) else None
    got = [v for v in (capex, ppe, assets) if isinstance(v, Value)]
    if isinstance(assets, Value):
        findings.append(f"total assets are {assets.value / 100:.2f}x revenue")
    rest = question.replace(ask, " ") if ask else question
    for asks_it, phrase, shown in _CAPEX_AGAINST:
        if not asks_it.search(rest):
            continue
        against = _row_value(phrase, year, hits, understanding, services)
        if not isinstance(against, Value):
            return against
        got.append(against)
        findings.append("capital expenditures are " + shown.format(x=against.value / 100, p=against.value))
    return _judged(any(votes), f"{company} FY{year}: " + "; ".join(findings), got)


# "Did Oracle become more capital intensive in fiscal 2023?", "Has its capital intensity increased?":
# a change between two years, which a level in one year does not answer
_INTENSITY_CHANGE = re.compile(r"\b(?P<more>more|less)\s+capital[-\s]intensive\b|\bcapital\s+intensity\s+"
                               r"(?:\w+\s+){0,2}?(?P<verb>increase|rise|grow|decrease|decline|fall|drop)\w*\b", re.I)


def _capital_intensity_change(direction: re.Match[str], company: str, hits: list[SearchHit],
                              understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None:
    """Whether capital intensity rose (or fell) as asked: capital expenditures against revenue, the
    measure analysts track year to year, in the asked year and the one before, both read from
    statement rows; refused (None) when either year's figure is not."""
    years = _years(understanding, hits, span=True)
    if len(years) != 2:
        return None
    values = [_row_value("capital expenditures as a % of revenue", y, hits, understanding, services) for y in years]
    if not all(isinstance(v, Value) for v in values):
        return next((v for v in values if isinstance(v, WrittenAnswer)), None)
    first, last = values
    asked_more = (direction.group("more") or "").lower() == "more" or \
        (direction.group("verb") or "").lower() in ("increase", "rise", "grow")
    rose = last.value > first.value
    verb = "rose" if rose else "fell" if last.value < first.value else "was unchanged"
    finding = (f"{company}'s capital expenditures {verb} from {first.value:.1f}% of revenue (FY{first.year}) to "
               f"{last.value:.1f}% (FY{last.year})")
    return _judged(last.value != first.value and rose == asked_more, finding, [first, last])


_AUX_OPENING = re.compile(r"^\W*(?:did|does|do|was|were|is|are|has|have|had|would|will|can|could)\s+", re.I)


def _covers(ask: str, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices) -> WrittenAnswer | None:
    """Whether the amount named before "cover" (with the question's own formula for it, "free cash
    flow (cash from operations minus capital expenditures)") is at least the amount named after
    it, in the asked year; the second as a share of the first. Refused (None) when either is not
    read from statement rows."""
    cover = COVERS.search(ask)
    years = _years(understanding, hits, span=False)
    if cover is None or not years:
        return None
    year = years[-1]
    first, second = (re.sub(r"^(?:its|their|the)\s+", "", _AUX_OPENING.sub("", part).strip(" ?.,"), flags=re.I)
                     for part in (ask[: cover.start()], ask[cover.end():]))
    values = [_row_value(phrase, year, hits, understanding, services) for phrase in (first, second)]
    if not all(isinstance(v, Value) for v in values):
        return next((v for v in values if isinstance(v, WrittenAnswer)), None)
    amount, need = values
    if amount.answer.unit != need.answer.unit or not (amount.answer.unit or "").startswith("USD"):
        return None  # two amounts of one currency and scale, or nothing to compare
    need_value = abs(need.value)  # a payment the cash flow statement prints as an outflow
    names = [(t.label if (t := read_target(f"What is the FY{year} {phrase}?", services.vocabulary)) else phrase).lower()
             for phrase in (first, second)]
    # the coverage ratio (first over second, "operating income divided by interest expense"), then the
    # second's share of the first
    times = f"{names[0]} covers it {amount.value / need_value:.2f}x; " if need_value > 0 else ""
    share = f" ({times}{need_value / amount.value * 100:.1f}% of {names[0]})" if amount.value > 0 else ""
    finding = f"{company} FY{year}: {names[0]} {amount.shown} against {names[1]} {need.shown.lstrip('-')}{share}"
    return _judged(amount.value >= need_value, finding, [amount, need])


def _row_value(phrase: str, year: int, hits: list[SearchHit], understanding: QueryUnderstanding,
               services: MetricServices, quarter: int | None = None) -> Value | WrittenAnswer:
    """A side figure of a judgement read from statement rows: from the question's hits, else from
    one more search for the figure's own words (a yes/no question's words seldom bring back the
    cash flow statement that states capital expenditures)."""
    got = _from_rows(metric_value(phrase, year, hits, understanding, services, quarter))
    if isinstance(got, Value) or services.retriever is None:
        return got
    more = more_tables(f"{understanding.companies[0] if understanding.companies else ''} {phrase}", hits,
                       list(understanding.companies), [year], services.retriever)
    return _from_rows(metric_value(phrase, year, more, understanding, services, quarter))


# "Did eBay pay dividends to common shareholders in Q2 FY2023?", "Did it pay any cash dividends in 2022?"
# (the company's name as ERC questions quote it: "PT Adhi Karya (Persero) Tbk")
_ASKS_PAID = re.compile(r"^\W*did\s+(?:[\w&.,'’\"“”()-]+\s+){1,6}?pay\s+(?:any\s+)?(?:cash\s+)?dividends?\b", re.I)


def _paid(year: int, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """Yes with the dividends the cash flow statement shows paid in the asked period (a 10-Q's
    statement runs from the year's start to the quarter's end, as its row says); None when no
    such row was read, for the filing's sentences to decide."""
    quarter = understanding.quarter
    got = _row_value("dividends paid", year, hits, understanding, services, quarter)
    if not isinstance(got, Value):
        return None
    company = understanding.companies[0]
    if got.value == 0:
        # the row is printed, with a dash in the asked period: none paid (dividends suspended, or not yet begun)
        return _judged(False, f"{company}'s statement prints its dividends paid row with none paid "
                              f"{_when(year, quarter)}", [got])
    return _judged(True, f"{company} paid dividends: {got.shown} of dividends paid {_when(year, quarter)}, as its "
                         "statement's row shows", [got])


# "Does Apple maintain a stable trend of dividend distribution?", "a consistent dividend history"
_ASKS_STEADY_DIVIDENDS = re.compile(r"\b(?:stable|steady|consistent)\b[^?]{0,40}?\bdividends?\b|"
                                    r"\bdividends?\b[^?]{0,40}?\b(?:stable|steady|consistent)\b", re.I)


def _steady_dividends(year: int, hits: list[SearchHit], understanding: QueryUnderstanding,
                      services: MetricServices) -> WrittenAnswer | None:
    """Yes when dividends were paid in each of the years the statements show and never less than the
    year before; No when a year paid less (a cut) or none after paying; None when a year's row
    was not read."""
    values: list[Value] = []
    for y in range(year, year - _HISTORY_YEARS, -1):
        got = _row_value("dividends paid", y, hits, understanding, services)
        if not isinstance(got, Value):
            break  # (a release prints two years: the trend is judged over those)
        values.insert(0, got)
    if len(values) < 2:
        return None
    paid = [abs(v.value) for v in values]
    company = understanding.companies[0]
    series = ", ".join(f"{v.shown} in FY{v.year}" for v in values)
    if paid[0] == 0:
        # none paid in the first year shown: payments that began since are no trend maintained
        begun = next(v for v, p in zip(values, paid, strict=True) if p > 0) if any(paid) else None
        if begun is None:
            return _judged(False, f"{company} paid no dividends in any of the years its statement shows: {series}",
                           values)
        return _judged(False, f"{company} began paying dividends only in FY{begun.year}, none paid before it: "
                              f"{series}", values)
    cut = next((i for i in range(1, len(paid)) if paid[i] < paid[i - 1] * (1 - _SAME_PAYOUT)), None)
    if cut is None:
        return _judged(True, f"{company} paid dividends in each of the last {len(values)} years, never less than the "
                             f"year before: {series}", values)
    if cut > 1 and paid[cut - 1] > _ONE_OFF * paid[cut - 2] \
            and all(p >= paid[cut - 2] * (1 - _SAME_PAYOUT) for p in paid[cut:]):
        # the "fall" is a return to the level before a one-year jump: a one-off payment on top of the
        # regular one (a special dividend), which is the irregularity, not a cut
        spike = values[cut - 1]
        finding = (f"{company}'s dividends paid were irregular: FY{spike.year}'s {spike.shown} was a one-year jump "
                   f"against {values[cut - 2].shown} the year before and {values[cut].shown} the year after, so the "
                   f"payout outside that year was steady: {series}")
        said = _one_off_said(spike.year, year, hits, company, services)
        judged = _judged(False, finding + (f". The filing says: {said.shown()}" if said else ""), values)
        if said is not None:
            judged.citations = unique_citations([*judged.citations, cite(said.chunk, said.text)])
        return judged
    later_cut = any(paid[i] < paid[i - 1] * (1 - _SAME_PAYOUT) for i in range(cut + 1, len(paid)))
    below_before = cut > 1 and paid[cut] < paid[cut - 2] * (1 - _SAME_PAYOUT)
    if not later_cut and not below_before \
            and (said := _one_off_said(values[cut - 1].year, year, hits, company, services)) is not None:
        # the year before the fall paid a special dividend on top of the regular one: the totals fall
        # by it, which says nothing of the regular dividend (read per share, which these rows do not give);
        # a fall below the year before it, or another fall after, is a cut all the same
        reason = (f"dividends paid fell in FY{values[cut].year} after FY{values[cut - 1].year}, when the filing says a "
                  f"special dividend was paid: the regular dividend's trend is not read from the totals")
        return WrittenAnswer(status="not_found", kind="yes_no", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason} ({series}). The filing says: {said.shown()}",
                             citations=unique_citations([*(c for v in values for c in v.answer.citations),
                                                         cite(said.chunk, said.text)]))
    return _judged(False, f"{company}'s dividends paid fell in FY{values[cut].year}: {series}", values)


_SAME_PAYOUT = 0.02  # dividends paid within 2% of the year before: the same payout (share count moves)
_NEGATED = re.compile(r"\b(?:no|not|never|nor|without)\b", re.I)  # "no special dividend was paid"
_ONE_OFF = 1.5  # a year paying half as much again as the year before, then back: a one-off payment in it
# a dividend the filing names as paid once, apart from the regular one
_SPECIAL_DIVIDEND = re.compile(r"\b(?:special|one-time|extraordinary|supplemental)\s+(?:cash\s+)?dividends?\b", re.I)


def _one_off_said(year: int, filed: int, hits: list[SearchHit], company: str,
                  services: MetricServices) -> Sentence | None:
    """The sentence naming a special (one-time) dividend of fiscal `year` (dated in it or in the calendar
    year before, where a fiscal year starts), from the hits or one more search of the `filed` year's
    filings; None when no sentence names one."""
    def named(pool: list[SearchHit]) -> Sentence | None:
        return next((s for s in sentences(pool, [company]) if (m := _SPECIAL_DIVIDEND.search(s.text))
                     and not _NEGATED.search(s.text[max(0, m.start() - 30): m.start()])
                     and mentions_years(s.text, [year, year - 1])), None)
    if (said := named(hits)) is not None or services.retriever is None:
        return said
    more = services.retriever.search(f"{company} special cash dividend per share paid", k=8, mode="sparse",
                                     filters=SearchFilters(companies=[company], fiscal_years=[filed]))
    return named(more)


def _from_rows(got: Value | WrittenAnswer) -> Value | WrittenAnswer:
    """A side figure of a judgement stands only when every input is a statement row: a
    sentence's amount ("capital purchases of approximately $1.8 billion ... classified as
    assets") is about something else than the company's total, so it is dropped."""
    if isinstance(got, Value) and any(numbers.statement_row(c.quote) is None for c in got.answer.citations):
        return WrittenAnswer(status="not_found", kind="yes_no", reason="an input was read from a sentence",
                             text=f"{NOT_FOUND.capitalize()}: an input was read from a sentence, not a statement row.")
    return got


# a total row's words that say only that it is a total ("Total revenues", "Total net sales")
_TOTAL_WORDS = frozenset(tokenize("total totals net consolidated combined grand all"))


def _total_of_a_part(label: str, decision: KindDecision, company: str, services: MetricServices) -> bool:
    """Whether a table's total row is one part's, not the whole the question asks a share of: its label names
    more than a total of the asked measure, in words the question does not say ("Total cloud services and
    license support revenues" to "more than 20% of Oracle's total revenues": the items are that part's)."""
    measure = {t for w in services.vocabulary.row_wordings(decision.metric or "") for t in tokenize(w)}
    asked = set(tokenize(decision.ask or "")) | {t for t in tokenize(company)}
    return any(t not in asked and t not in measure and t not in _TOTAL_WORDS and not t.isdigit()
               for t in tokenize(label))


def _shares(decision: KindDecision, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices) -> WrittenAnswer | None:
    """Each item's share of the table's total (its total row, else the items' sum) against the limit; None when
    the items read cannot be shown to be all of the table's (cut by the chunker, or short of its printed total:
    a share of a sum missing an item is of nothing the filing states)."""
    year = max(understanding.fiscal_years) if understanding.fiscal_years else None
    table = table_items(decision.ask, hits, [company], year, services.vocabulary, decision.metric)
    if table is None or decision.threshold is None:
        return None
    table, cut = whole(table, decision.ask, hits, year, services, decision.metric)
    if cut or (table.total is not None and _total_of_a_part(table.total.label, decision, company, services)):
        return None
    total = table.total.value if table.total is not None else sum(i.value for i in table.items)
    if total <= 0:
        return None
    above = decision.test == "share_above"
    shares = [(i, i.value / total * 100) for i in table.items]
    passing = [(i, p) for i, p in shares if (p > decision.threshold) == above]
    listing = "; ".join(f"{i.label} {i.shown} = {p:.1f}%" for i, p in shares)
    base = f"{table.total.label} {table.total.shown}" if table.total is not None else f"the items' sum {total:,.0f}"
    word = "more" if above else "less"
    found = ", ".join(f"{i.label} ({p:.1f}%)" for i, p in passing) or "none"
    text = (f"{'Yes' if passing else 'No'}. Items with {word} than {decision.threshold:g}% of {base} {table.how}: "
            f"{found}. Shares: {listing}.")
    rows = [i for i, _ in shares] + ([table.total] if table.total is not None else [])
    return WrittenAnswer(status="answered", kind="yes_no", text=text,
                         citations=unique_citations([cite(i.chunk, i.row.line) for i in rows]))


def _items_moved(decision: KindDecision, company: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: MetricServices) -> WrittenAnswer | None:
    """Yes with the items whose own change went the asked way, each item's change read from the
    table of the items (a category's, a segment's); None when no such table was read."""
    year = max(understanding.fiscal_years) if understanding.fiscal_years else None
    ask = decision.ask if re.search(r"\b(?:declin|decreas|fell|grew|grow|increas)", decision.ask, re.I) else \
        f"{decision.ask} change"
    pool = more_tables(decision.ask, hits, [company], understanding.fiscal_years, services.retriever)
    table = table_items(ask, hits, [company], year, services.vocabulary, decision.metric) or table_items(
        ask, pool, [company], year, services.vocabulary, decision.metric)
    if table is not None:
        # a table the chunker cut: its rest read from the next chunk, or no verdict over part of its items
        table, cut = whole(table, ask, pool, year, services, decision.metric)
        if cut:
            return None
    if table is not None and table.block is not None and (end := _total_at(table.block)) is not None:
        # lines under the table's total ("Impact of foreign currency movements") reconcile it to another
        # figure: the items are the rows above it
        above = table.block.rows[: end + 1]
        table = table.model_copy(update={"block": table.block.model_copy(update={"rows": above}),
                                         "items": [i for i in table.items if any(i.row is r for r in above)]})
    if table is None or "change" not in table.how or table.block is None or runs_on(table.block) \
            or adds_up(table.block, table.compared) is False:
        return None  # (a table cut short, or items that are not all of its items, cannot say "none fell")
    fell = decision.test == "any_fell"
    moved = [i for i in table.items if (i.value < 0 if fell else i.value > 0)]
    found = ", ".join(f"{i.label} ({i.shown})" for i in moved) or "none"
    measure = (services.vocabulary.label(decision.metric or "") or "").lower() or "amount"
    latest, prior = table.compared[:2]
    years = table.block.years

    def moved_from(item: Item) -> str:
        values = item.row.values
        verb = "rose" if item.value > 0 else "fell" if item.value < 0 else "went"
        before, now = numbers.plain(values[prior] or 0.0), numbers.plain(values[latest] or 0.0)
        return f"{item.label} {verb} from {before} ({years[prior]}) to {now} ({years[latest]}), {item.value:+.1f}%"

    listing = "; ".join(moved_from(i) for i in table.items)
    text = (f"{'Yes' if moved else 'No'}. Items whose {measure} {'fell' if fell else 'grew'}, {table.how}: {found}. "
            f"Every item's {measure}: {listing}.")
    return WrittenAnswer(status="answered", kind="yes_no", text=text, flags=[JUDGED],
                         citations=unique_citations([cite(i.chunk, i.row.line) for i in table.items]))


def _total_at(block: Block) -> int | None:
    """The row index of the table's first total after its items (none when the total heads it)."""
    return next((k for k, r in enumerate(block.rows) if k >= 2 and TOTAL_ROW.match(r.label)), None)


def _judged(yes: bool, finding: str, values: list[Value]) -> WrittenAnswer:
    working = " ".join(v.answer.text for v in values)
    citations = unique_citations([c for v in values for c in v.answer.citations])
    flags = list(dict.fromkeys([*(f for v in values for f in v.answer.flags), JUDGED]))
    return WrittenAnswer(status="answered", kind="yes_no", text=f"{'Yes' if yes else 'No'}. {finding}. {working}",
                         citations=citations, flags=flags)


# --------------------------------------------------------------------------- (b) stated in text


# ", which will eliminate ignition risks ...": what a deed stated in the main clause is expected to bring, not a plan
# (not one saying the deed itself is still to come: ", which is expected to close in the first quarter of 2025")
_RELATIVE_CLAUSE = re.compile(r",\s+which\s+will\s+(?!(?:\w+\s+){0,2}?(?:close|complete|be\s+completed|be\s+consummated|"
                              r"occur|take\s+effect|begin|start|commence))", re.I)


def _before_relative_clause(text: str) -> str:
    """The sentence up to a relative clause saying what its deed will bring ("In 2021, the Utility announced a
    commitment to underground 10,000 miles ..., which will eliminate ignition risks"): the deed was done."""
    found = _RELATIVE_CLAUSE.search(text)
    return text[: found.start()] if found else text


# A sentence about what is planned or expected does not decide whether something happened;
# it does when the question asks about plans, expectations or guidance.
_PLANNED = re.compile(r"\b(?:expects?|expected|plans?\s+to|planned|on\s+track\s+to|intends?\s+to|anticipates?|"
                      r"targets?|aims?\s+to|will|would|outlook|guidance|forecasts?)\b", re.I)
# (a question in the conditional, "Would it be required to pay a fee if the deal fails?", asks what will follow too)
_ASKS_PLANS = re.compile(r"\b(?:plan(?:s|ned|ning)?\b|expect\w*|intend\w*|anticipat\w*|will|going\s+to|outlook|guidance|"
                         r"forecast\w*|target\w*|future|next\s+(?:year|quarter))\b|^\W*would\b", re.I)


# "Did it announce ...?": a deed said to come ("we will", "we'll be letting ... go") is what was announced;
# an expectation, an authorization or an assumption is not
_ASKS_ANNOUNCED = re.compile(r"^\W*(?:did|has|have|had)\s+(?:\S+\s+){1,5}?announce\b", re.I)
_UNDECIDED = r"(?!(?:\w+\s+)?(?:consider|evaluat|review|assess|explor|monitor|determin|decid|seek|continue))"
_SAYS_WILL = re.compile(rf"\b(?:we|the\s+company)\s+will\s+{_UNDECIDED}|\bwe['’]ll\s+{_UNDECIDED}", re.I)
_HEDGED = re.compile(r"\b(?:if|whether|may|might|could|unless)\b", re.I)


def _asked_topic(decision: KindDecision, companies: list[str], vocab: Vocabulary) -> Topic | None:
    """The topic of the asking clause: "does the report raise doubt about going concern, and how long
    do the directors expect its cash to last?" asks about going concern, not cash."""
    clause = main_clause(decision.ask)
    # "Would it be required to pay a reverse termination fee if the acquisition fails to close?": the condition's
    # words ("acquisition") are not what the sentence deciding it must name
    topic = read_topic(_CONDITION.sub("", clause), companies, vocab) or read_topic(clause, companies, vocab) \
        or read_topic(decision.ask, companies, vocab)
    if topic is not None and topic.pairs:
        # "for its fourth quarter and fiscal year 2023 results": a pair of the period's words alone is no part of what
        # is asked, and matched a release's heading ("RESULTS FOR THE FOURTH QUARTER"); beside a word of the topic
        # it still tells the asked period ("did not repurchase any shares during the first quarter")
        topic = topic.model_copy(update={"pairs": [p for p in topic.pairs if not set(p) <= _PERIOD_WORDS]})
    aliases = [tuple(tokenize(m.group(1))) for m in _ALIAS.finditer(decision.ask) if tokenize(m.group(1))]
    if topic is not None and aliases:
        # "the separation (distribution) of PayPal": the word in brackets is the filing's for the same deed
        topic = topic.model_copy(update={"phrases": [*topic.phrases, *aliases]})
    return topic


_ASKS_ANY = re.compile(r"^\W*(?:were|was|did|do|does|are|is|has|have|had)\s+any\b", re.I)
# a universal No with an exception that names some: "None of our employees are represented by a union, except certain ..."
_NONE_EXCEPT = re.compile(r"\b(?:none|no|not)\b[^.;]{0,120}?,?\s+(?:except|other\s+than|apart\s+from|save\s+for)\s+"
                          r"(?:for\s+)?(?:that\s+)?(?:certain|some|a\s+(?:few|small|limited)|approximately|about|"
                          r"those|(?!(?:19|20)\d\d\b)\d)", re.I)  # (not a year: "other than 2022" is another period)
_PERIOD_WORDS = frozenset(tokenize("first second third fourth quarter half year results"))
_CONDITION = re.compile(r",?\s+(?:if|unless|provided\s+that|in\s+the\s+event\s+(?:that|of))\s.*$", re.I)
# a noun's other word in brackets after it: "the separation (distribution) of PayPal"
_ALIAS = re.compile(r"(?<=[a-z])\s+\(([a-z][a-z-]{3,})\)(?=\s+(?:of|to|in|with|by)\b)")


def _introduces(text: str) -> bool:
    """A sentence that only introduces a table or a list ("The following table details the customers
    that accounted for a large percentage of segment net sales:", "Our share repurchase activity in the
    three months ended December 31, 2022 was:"): what it says is in the rows after it, which it does not
    state, so it decides nothing."""
    return text.rstrip().endswith(":")


# a stock plan's terms for its awards ("credited with dividends paid with respect to the underlying
# shares or dividend equivalents"): what award holders may receive, not what the company paid
_AWARD_TERMS = re.compile(r"\bdividend\s+equivalents?\b|\bcredited\s+with\s+dividends\b", re.I)


class _Found:
    """The sentences that answer the question: yes, no, and those that name it but decide
    nothing (a restriction, a plan, crossed cues), with why."""

    def __init__(self) -> None:
        self.yes: list[Sentence] = []
        self.no: list[Sentence] = []
        self.ceased: set[int] = set()  # ids of the no-sentences that say it stopped
        self.years: dict[int, list[int]] = {}  # id of a sentence -> the years written beside its predicate
        self.held: list[tuple[Sentence, polarity.Reading]] = []


# a person the question asks of: a name with a middle initial or a title before it, or a title set beside it ("Does
# Lawrence J. Ellison serve ...", "Did Mr. Smith ...", "Does Jane Doe, Chief Financial Officer of X, ..."), never a
# company's name ("Did Best Buy have ...")
_PERSON_ASKED = re.compile(r"^\W*(?i:does|did|is|was|has|had)\s+(?:(?P<title>(?:Mr|Ms|Mrs|Dr)\.?\s+)?[A-Z][a-z]+\s+(?P<initial>[A-Z]\.\s+)?"
                           r"(?P<surname>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b)(?P<role>,\s+(?:the\s+)?(?:[A-Z][\w&-]*\s+){0,4}"
                           r"(?:Chairman|Chairwoman|Chair|Officer|President|Director|Counsel|Secretary|Treasurer)\b)?")


def _person_asked(ask: str) -> str | None:
    """The surname of the person a yes/no question asks of, or None."""
    m = _PERSON_ASKED.search(ask)
    return m.group("surname") if m and (m.group("title") or m.group("initial") or m.group("role")) else None


# the person a sentence opening with a pronoun is about: the last one its paragraph names before it
_TITLED = re.compile(r"\b(?:Mr|Ms|Mrs|Dr)\.?\s+(?P<surname>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b")


def _of_the_person(s: Sentence, surname: str) -> bool:
    """Whether a sentence is about the asked person: it names them, or it opens with "He" / "She" after text whose
    last titled name ("Mr. Ellison") is theirs; other sentences (about no person, or another) say nothing of them."""
    if re.search(rf"\b{re.escape(surname)}\b", s.text):
        return True
    if not re.match(r"^\W*(?:he|she|his|her)\b", s.text, re.I):
        return False
    before = s.chunk.text[: s.chunk.text.find(s.text[:40])] if s.text[:40] in s.chunk.text else s.before
    named = list(_TITLED.finditer(before))
    return bool(named) and named[-1].group("surname") == surname


def _deciding(decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
              services: MetricServices, predicate: AskedPredicate) -> _Found:
    """The sentences about the question's topic that state its predicate, by what they say."""
    found = _Found()
    companies = list(understanding.companies)
    topic = _asked_topic(decision, companies, services.vocabulary)
    if topic is None:
        return found
    material = bool(_MATERIAL.search(decision.ask))
    risks = asks_about_risk(decision.ask)
    # (a fact stated before a hedged consequence clause is still stated)
    pool = sentences(hits, companies, risks=risks) + ([] if risks else hedge_trimmed(hits, companies))
    following = {(s.chunk.chunk_id, s.position): s for s in pool}
    about_plans = bool(_ASKS_PLANS.search(decision.ask))
    announced = bool(_ASKS_ANNOUNCED.search(main_clause(decision.ask)))
    rules = polarity.asks_rules(decision.ask)
    program = bool(_ASKS_PROGRAM.search(main_clause(decision.ask)))
    asked = topic
    # "Did Microsoft complete its acquisition of Activision Blizzard?": another company the ask names is
    # what the deed was done with; a sentence on the deed that does not name it is about another deal
    others = deal_state.other_companies(decision.ask, understanding.unknown_company_mentions)
    person = _person_asked(decision.ask or "")
    for s in pool:
        if person is not None and not _of_the_person(s, person):
            continue  # "Does Lawrence J. Ellison serve as a director of Tesla": a sentence of his, not of another officer
        topic = asked if asked.stated_by(s.text) or not program else _program_of(asked, s.text)
        if topic is None or _introduces(s.text) or (_AWARD_TERMS.search(s.text)
                                                                  and not _AWARD_TERMS.search(decision.ask)):
            continue
        if others and not deal_state.of_the_named(s, others):
            continue
        after = following.get((s.chunk.chunk_id, s.position + 1))
        # (the matter asked, named: "this report does not contain any untrue statement of a material fact", an
        # officer's certification, says nothing of legal proceedings)
        names_it = asked.stated_by(s.text)
        if material and names_it and _NOT_MATERIAL.search(s.text):
            found.no.append(s)
            continue
        if material and names_it and after is not None and _NOT_MATERIAL.search(after.text):
            found.no.append(after)  # "party to various proceedings ... will not have a material adverse effect"
            continue
        # the sentence must state what is asked ("conditioned", "pay", "still operating"), not only
        # name its topic, and its Yes or No is read where it governs that predicate
        reading = polarity.read(s.text, predicate, topic, about_plans, rules)
        if announced and reading.verdict in ("yes", "plan") and _SAYS_WILL.search(s.text) and not _HEDGED.search(s.text):
            # "Did it announce a reduction of its workforce?": "their jobs will be eliminated" announces it
            found.yes.append(s)
            found.years[id(s)] = reading.years
        elif reading.verdict == "yes" and predicate.deed and deal_state.total_to_date(s.text):
            # "As of December 31, 2022, the Company has repurchased 1,182,410 shares": a total to date under a
            # program, which says nothing of the asked year ("There were no repurchases during the year")
            found.held.append((s, reading.model_copy(update={"verdict": "ambiguous",
                                                             "cue": "a total to date (named, not said done)"})))
        elif reading.verdict == "yes" and (about_plans or not _PLANNED.search(_before_relative_clause(s.text))):
            found.yes.append(s)
            found.years[id(s)] = reading.years  # (not "we are on track to close 20 to 30 stores": a plan is not what happened)
        elif reading.verdict == "yes":
            found.held.append((s, reading.model_copy(update={"verdict": "plan"})))
        elif reading.verdict == "no":
            found.no.append(s)
            found.years[id(s)] = reading.years
            if reading.ceased:
                found.ceased.add(id(s))
        elif reading.verdict != "unstated":
            found.held.append((s, reading))
    return found


_ASKS_PLAN = re.compile(r"\b(?:plans?|planning|intends?|intention)\s+to\b", re.I)
def _said_done(text: str, verb: str) -> bool:
    """The sentence says the asked verb done, in its past form ("the Board declared a quarterly cash dividend ...
    payable on January 5"): held as a plan for what is to come, it is still a mention of the deed."""
    stem = verb.lower().rstrip("e")
    return bool(stem) and re.search(rf"\b{re.escape(stem)}e?d\b", text, re.I) is not None


# a question asking about the plan itself ("Did the Board propose a distribution?", "Did it announce a
# buyback?"): a plan is then the deed asked, and a sentence stating one is no absence of it (read in the
# asked verb: "did it repurchase shares under its program" asks a deed)
_ASKS_PLAN_DEED = re.compile(r"\b(?:propos\w*|authori[sz]\w*|approv\w*|announc\w*|plan(?:s|ned|ning)?\b|adopt\w*|intend\w*|"
                             r"agree\w*|recommend\w*|consider\w*|expect\w*|program\w*|programme\w*)\b", re.I)
_DENIES_PLAN = re.compile(r"\b(?:no|not\s+(?:have\s+)?(?:any\s+)?)(?:current\s+|present\s+|immediate\s+)?"
                          r"(?:plans?|intention)\b(?:\s+\S+){0,4}?\s+to\b|\b(?:does|do)\s+not\s+(?:currently\s+)?"
                          r"(?:plan|intend)\s+to\b", re.I)


def _denies_the_plan(text: str) -> bool:
    """A sentence denying a plan of the whole deed: "We do not have any plans at this time to make any future dividend
    payments"; not of a narrower one ("We do not plan to make contributions to our U.S. pension plans": a named
    part of them, capitalised, while others may be planned)."""
    m = _DENIES_PLAN.search(text)
    return m is not None and not re.search(r"\b[A-Z][\w.&'’-]*", text[m.end():])


# "Did X pay / declare / repurchase / issue ...": a question about a deed done, stated by its
# verb in any tense (the first five letters, or the irregular forms)
# (not "raise" or "cut": a change of a dividend is stated by its two rates, "a new quarterly
# dividend of $0.49", as often as by the verb)
_ASKS_DONE = re.compile(r"^\W*did\s+(?:\S+\s+){1,5}?(?P<verb>pay|declare|repurchase|issue|acquire|sell|borrow|"
                        r"redeem)\b", re.I)
_DEED = {"pay": "pay|paid", "sell": "sell|sold", "issue": "issu"}


_STOCK_CLASS = re.compile(r"\b(common|preferred|preference)\s+(?:stock|shares?|equity)\b", re.I)


_CASH_DIVIDEND = re.compile(r"\bcash\s+dividends?\b", re.I)
# a dividend paid in shares ("a seven-for-one stock split in the form of a stock dividend"), not a cash dividend on
# common stock ("common stock dividends", a cash flow row) nor a split named beside one ("as adjusted for the split")
_STOCK_DIVIDEND = re.compile(r"\bin\s+the\s+form\s+of\s+a\s+(?:stock|share)\s+dividend\b|(?<!common )(?<!preferred )(?<!ordinary )"
                             r"\bstock\s+dividends?\b", re.I)


def _other_class(ask: str, text: str) -> bool:
    """The ask names a class of stock ("on its common stock") and the sentence names only another one
    ("dividends on the Utility's preferred stock ... paid")."""
    asked = {m.group(1).lower() for m in _STOCK_CLASS.finditer(ask)}
    named = {m.group(1).lower() for m in _STOCK_CLASS.finditer(text)}
    return bool(asked and named and not asked & named)


def _done_to(text: str, companies: list[str]) -> bool:
    """The asked company is the deed's recipient, not its doer: "a dividend ... that was paid to PG&E
    Corporation" (by its subsidiary) says nothing of PG&E Corporation paying one."""
    return any(re.search(rf"\b(?:paid|sold|issued|distributed)\s+to\s+(?:the\s+)?{re.escape(c.split()[0])}", text, re.I)
               for c in companies if c.split())


# "announce a share buyback plan", "have any repurchase program": the thing asked is a program, not a deed
_ASKS_PROGRAM = re.compile(r"\b(?:a|an|any|its|their|the|new)\s+(?:[\w-]+\s+){0,3}?"
                           r"(?:plans?|programs?|programmes?|authori[sz]ations?)\b", re.I)
_NAMES_PROGRAM = re.compile(r"\b(?:plans?|programs?|programmes?|authori[sz]\w*)\b", re.I)
# a program named by what it does: "authorized an additional program to repurchase up to $250 million of
# our issued and outstanding ordinary shares" is a share repurchase program in other words (a "plan" is
# left out: "under the Share Incentive Plan, shares withheld ..." is a stock plan, no buyback program)
_PROGRAM_WORD = frozenset({"program", "programm"})
_PROGRAM_SPAN = 16  # the words after "program to" in which the topic's words are its object


def _program_of(topic: Topic, text: str) -> Topic | None:
    """The topic as a sentence naming a program for it states it: every word of one of the topic's
    wordings (two words or more: "share repurchase") within a few words after "program", each word
    then the topic's on its own (for the sentence's reading); None when the sentence names none."""
    tokens = tokenize(text)
    for at, token in enumerate(tokens):
        if token not in _PROGRAM_WORD:
            continue
        after = tokens[at + 1 : at + 1 + _PROGRAM_SPAN]
        for phrase in topic.phrases:
            if len(phrase) > 1 and all(any(same_stem(t, w) for t in after) for w in phrase):
                return topic.model_copy(update={"phrases": [(w,) for w in phrase], "pairs": []})
    return None


def _stated(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices) -> WrittenAnswer | None:
    """The stated reading; when no sentence of the hits decides (no answer, the question's no-mention
    default, or only sentences that name the deed without deciding it), once more over the asked
    company's filing searched for the asking clause: a page the first search missed ("we paid no
    dividends" in the liquidity section, the acquisitions note) is what "no mention" must rule out."""
    got = _stated_once(decision, question, hits, understanding, services)
    undecided = got is None or QUESTION_DEFAULT in got.flags or (
        got.status != "answered" and (got.reason or "").startswith("the sentences that name"))
    if not undecided or services.retriever is None or len(understanding.companies) != 1:
        return got
    years = sorted(set(understanding.fiscal_years))
    clause = main_clause(decision.ask)
    # ("did it sell its business in Russia": a filing says "sold", which a search for "sell" does not match)
    more = more_tables(f"{clause} {past_forms(clause)}".strip(), hits, list(understanding.companies), years,
                       services.retriever)
    topic = _asked_topic(decision, list(understanding.companies), services.vocabulary)
    if topic is not None and not set(tokenize(topic.words)) <= set(tokenize(clause)):
        # the topic in the filing's words ("a share buyback plan": "share repurchases"), searched on its
        # own: "no mention" must be ruled out in the words a filing uses, not only the question's
        more = more_tables(topic.words, more, list(understanding.companies), years, services.retriever)
    if len(more) == len(hits):
        return got
    again = _stated_once(decision, question, more, understanding, services)
    return again if again is not None else got


def _of_the_asked_place(yes: list[Sentence], no: list[Sentence], ask: str,
                        companies: list[str]) -> tuple[list[Sentence], list[Sentence]]:
    """Sentences that disagree, where the question asks of a country or region ("own the Converse trademarks in
    Japan?"): those naming it decide over those naming none ("We do not own the Converse trademarks in Japan"
    over "Converse ... licenses ... under the Converse ... trademarks"), when any does. A place is the question's
    scope only after "in", "outside", "within", "across" or "throughout"; a company's own name ("Union Pacific",
    "U.S. Bancorp") names no place, in the question or in a sentence."""
    def without_names(text: str) -> str:
        for company in companies:
            text = re.sub(re.escape(company), " ", text, flags=re.I)
        return text

    places = {m.group("place").lower() for m in _IN_A_PLACE.finditer(without_names(ask)) if m.group("place")[0].isupper()}
    if not places:
        return yes, no

    def naming(s: Sentence) -> bool:
        return any(m.group(0).lower() in places for m in PLACE_NAMES.finditer(without_names(s.text)))

    return _naming_decides(yes, no, naming)


def _naming_decides(yes: list[Sentence], no: list[Sentence],
                    naming: Callable[[Sentence], bool]) -> tuple[list[Sentence], list[Sentence]]:
    """Of sentences that disagree, those naming what the question asks of, when any does."""
    if not any(naming(s) for s in [*yes, *no]):
        return yes, no
    return [s for s in yes if naming(s)], [s for s in no if naming(s)]


def _of_the_asked_name(yes: list[Sentence], no: list[Sentence], ask: str,
                       companies: list[str]) -> tuple[list[Sentence], list[Sentence]]:
    """Sentences that disagree, where the question names what it asks of by a name of several capitalised words
    ("borrowings outstanding under its Five-Year Facility Agreement"): those naming it decide over those naming
    none (a swap table's "long-term debt" row), when any does. The company's own name is none."""
    text = ask
    for company in companies:
        text = re.sub(re.escape(company), " ", text, flags=re.I)
    names = {m.group(0).lower() for m in _A_NAME.finditer(text) if m.start() > 0}
    return _naming_decides(yes, no, lambda s: any(n in s.text.lower() for n in names)) if names else (yes, no)


# a figure of the question's own ("10,000 miles", "$1.25 billion", "25%"), not a year
_NEGATION = re.compile(r"\b(?:not|no|never|none|neither|nor|without|ceased|discontinued|suspended|eliminated)\b|n[’']t\b",
                       re.I)
# the figure a deed is asked by ("a reduction of approximately 10 percent"), not one naming the thing it is done to
# ("the $1.5 billion acquisition of Beta", "its 3.5% senior notes")
_QUANTITY_ASKED = re.compile(r"\b(?:of|by|approximately|about|nearly|roughly|at\s+least|more\s+than|over|under|less\s+than)\s+"
                             r"\$?\d[\d,.]*\s*(?:%|percent|million|billion|miles|shares)", re.I)
_FIGURE_ASKED = re.compile(r"(?<![\w.,])(?!(?:19|20)\d\d\b)\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|(?<![\w.,])(?!(?:19|20)\d\d\b)"
                           r"\d+(?:\.\d+)?(?=\s*(?:%|percent|million|billion|miles|shares))")


# a name of two capitalised words or more, quoted text left out ("Five-Year Facility Agreement", "Term Loan B")
_A_NAME = re.compile(r"(?<![\"“\w])[A-Z][\w'’-]*(?:\s+(?:of\s+|and\s+|&\s+)?[A-Z][\w'’-]*)+(?![\"”\w])")


# "in Japan", "outside the United States": the place a question is asked of
_IN_A_PLACE = re.compile(rf"\b(?:in|outside(?:\s+of)?|within|across|throughout)\s+(?:the\s+)?(?P<place>{PLACE_NAMES.pattern})",
                         re.I)


def _stated_once(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: MetricServices) -> WrittenAnswer | None:
    predicate = read_predicate(decision.ask, list(understanding.companies))
    found = _deciding(decision, hits, understanding, services, predicate)
    yes, no = found.yes, found.no
    if names := asked_subject.subject_names(main_clause(decision.ask), predicate.word, list(understanding.companies)):
        # "Was the Intel Optane memory business included in the NAND business divested?": a sentence on what
        # else is included names no Optane and decides nothing of it
        yes = [s for s in yes if asked_subject.about_the_subject(s.text, names)]
        no = [s for s in no if asked_subject.about_the_subject(s.text, names)]
        if asked_subject.asks_inclusion(decision.ask):
            # "included" asked: a sentence decides by saying it ("expressly excluded from the transaction": No)
            said = [(s, asked_subject.inclusion_said(s.text, names)) for s in [*yes, *no]]
            yes, no = [s for s, i in said if i is True], [s for s, i in said if i is False]
    if _ASKS_ANY.match(main_clause(decision.ask)) and (excepted := [s for s in no if _NONE_EXCEPT.search(s.text)]):
        # "Were any employees represented by trade unions?": "None of our employees are represented by a union, except
        # certain employees in the EMEA and APLA geographies ..." says some are; the exception is the answer to "any"
        yes, no = [*yes, *excepted], [s for s in no if s not in excepted]
    if names := property_tenure.asked_property(main_clause(decision.ask), list(understanding.companies)):
        # "Does it own the Converse distribution center in Ontario, California?": the sentence naming that property
        # decides, "which is leased" a No
        said = [(s, property_tenure.owned(s.text, names)) for s in [*yes, *no, *(s for s, _ in found.held)]]
        if any(o is not None for _, o in said):
            yes, no = [s for s, o in said if o is True], [s for s, o in said if o is False]
    if parts := [s for s in yes if asked_subject.part_of_the_whole(decision.ask, s.text)]:
        # "Did the court rule for Apple on all ten counts?": "nine out of the ten counts" is a No of the whole
        yes, no = [s for s in yes if s not in parts], [*parts, *no]
    if _CASH_DIVIDEND.search(decision.ask):
        # "Had it declared or paid any cash dividends?": a stock split "in the form of a stock dividend" is none
        yes = [s for s in yes if not _STOCK_DIVIDEND.search(s.text) or _CASH_DIVIDEND.search(s.text)]
    if _COMPARES.search(decision.ask):
        # "did it return more cash to shareholders than its operations generated?": a sentence
        # naming one side (the dividends paid) decides nothing; only one that compares does
        # and a "yes" only from one that compares the asked way ("lower than" does not say "more ... than")
        way = _upward(decision.ask)
        yes = [s for s in yes if _COMPARES.search(s.text) and _upward(s.text) == way]
        no = [s for s in no if _COMPARES.search(s.text)]
    if (done := _ASKS_DONE.match(decision.ask)) is not None:
        # "Did PG&E pay a common stock dividend in 2020?": a "yes" states the deed ("paid",
        # "declared"), not only its topic (a dividend restriction says nothing was paid)
        # (a "no" may say it otherwise: "suspended quarterly cash dividends" says none was paid)
        said = _DEED.get(done.group("verb").lower(), done.group("verb").lower()[:5])
        yes = [s for s in yes if re.search(rf"\b(?:{said})", s.text, re.I)
               and not _done_to(s.text, list(understanding.companies)) and not _other_class(decision.ask, s.text)]
    if _ASKS_PROGRAM.search(main_clause(decision.ask)):
        # "Did it announce a share buyback plan?": a plan is said by naming one ("repurchase program",
        # "authorized"); shares bought back (to offset dilution, withheld for taxes) say none was announced
        yes = [s for s in yes if _NAMES_PROGRAM.search(s.text)]
    topic = _asked_topic(decision, list(understanding.companies), services.vocabulary)
    material = bool(_MATERIAL.search(decision.ask))
    if material and no:
        # the company calls its matters immaterial: only a specific one (dated, or with an
        # amount: "legal actions filed ... as a result of the October 29, 2018 accident") says Yes
        yes = [s for s in yes if _SPECIFIC.search(s.text)]
    years = sorted(set(understanding.fiscal_years))
    # the period the asking clause names ("in the first quarter of fiscal year 2024"), not a date in
    # its parentheses ("quarter ended April 30, 2023"), when it names one
    years = sorted({int(y) for y in _YEAR.findall(main_clause(decision.ask))}) or years
    after_end: list[Sentence] = []
    if predicate.deed:
        yes, no = _in_period(yes, no, found, years, period_ends(services.retriever))
        done, yes = yes, _before_period_end(yes, question)
        after_end = [s for s in done if s not in yes]
    if after_end and not (yes or no):
        # "Did Oracle complete its acquisition of Cerner within fiscal year 2022 (ended May 31, 2022)?": "On June 8,
        # 2022, we closed the acquisition of Cerner" says it was done, after the asked period
        end = _PERIOD_END.search(question)
        return WrittenAnswer(status="answered", kind="yes_no", citations=[cite(after_end[0].chunk, after_end[0].text)],
                             text=f"No. The filing dates it after the asked period ended"
                                  f"{' (' + end.group('day') + ')' if end else ''}: {after_end[0].shown()}")
    if not (yes or no) and predicate.change in ("up", "down") and topic is not None \
            and (rates := _new_rate(decision, topic, hits, understanding)) is not None:
        return rates
    yes, no = _of_the_asked_span(yes, no, main_clause(decision.ask), predicate.deed)
    if yes and no:
        yes, no = _in_quarter(yes, no, main_clause(decision.ask))
    if yes and no:
        yes, no = _of_the_asked_place(yes, no, main_clause(decision.ask), list(understanding.companies))
    if yes and no and (asked_days := snapshot_days(decision.ask)):
        # "as of July 29, 2023": a sentence stating that day ("no borrowings outstanding ... as of July 29, 2023")
        # decides over one dated otherwise ("On April 12, 2023, we entered into a $1.25 billion facility"), before
        # the name does (a sentence naming the facility on the day it was made says nothing of the asked day)
        yes, no = _naming_decides(yes, no, lambda s: same_snapshot(asked_days, days_written(s.text)))
    if yes and no:
        yes, no = _of_the_asked_name(yes, no, main_clause(decision.ask), list(understanding.companies))
    if yes and no and (figures := _FIGURE_ASKED.findall(main_clause(decision.ask))) \
            and not any(mentions_years(s.text, years) for s in no):
        # "a commitment to underground 10,000 miles of ... lines": the sentence stating the question's own figure
        # decides over one on the same lines that states none (not over one saying No of the asked year: "did not
        # authorize a new program in 2024")
        yes, no = _naming_decides(yes, no, lambda s: any(re.search(rf"(?<![\d,.]){re.escape(f)}(?![\d,])", s.text)
                                                         for f in figures))
    if (yes or no) and _QUANTITY_ASKED.search(main_clause(decision.ask)):
        # "Did the plan include a reduction of approximately 10 percent of its workforce?": a sentence decides a
        # question stating its own figure by stating a figure too (a No may negate instead), not by naming the topic
        # ("announced a restructuring plan intended to reduce operating costs", under an "Exit or Disposal
        # Activities" heading, is neither a Yes nor a No of the 10 percent)
        unfigured = [s for s in [*yes, *no] if not _FIGURE_ASKED.search(s.text)
                     and not (s in no and _NEGATION.search(s.text))]
        yes, no = [s for s in yes if s not in unfigured], [s for s in no if s not in unfigured]
        if unfigured and not (yes or no):
            return _refused(f"the sentences that name {_asked(decision, topic)} state no figure against the "
                            f"question's own: {unfigured[0].shown()}", unfigured[:1])
    if yes and no and _ASKS_PLAN.search(decision.ask) and any(_denies_the_plan(s.text) for s in no):
        # "does it have plans to pay dividends?": "we do not have any plans ... to make any future dividend
        # payments" is the filing's word on the plan; sentences on how dividends would be paid are not
        yes = []
    if yes and no and not material:
        # the deciding sentences disagree: which one is right is not for an extractive reader to guess
        return _refused(f"the filing's sentences disagree on whether {_asked(decision, topic)}: "
                        f"{yes[0].shown()} says yes, {no[0].shown()} says no", [yes[0], no[0]])
    if yes or no:

        def order(s: Sentence) -> tuple[int, int, int]:
            # a sentence about the asked year decides over an older one ("suspended in 2020")
            return (0 if years and mentions_years(s.text, years[-1:]) else 1, s.rank, s.position)

        answer = bool(yes)  # (a material question: a specific matter, kept above, outweighs a general disclaimer)
        evidence = yes if answer else no
        unique = {s.text: s for s in sorted(evidence, key=order, reverse=True)}
        lead = ""
        # (a chunk's overlap with the next repeats a sentence's end as a sentence of its own)
        unique = {t: s for t, s in unique.items() if not any(t != o and o.endswith(t) for o in unique)}
        evidence = sorted(unique.values(), key=order)[:2]
        if not answer and predicate.universal and predicate.change in ("up", "down") \
                and (item := next((i for s in evidence if (i := excepted_item(s.text))), "")):
            # "did all of its segments grow? If not, which declined, by how much?": the excepted
            # item's own change, stated where the filing discusses it
            own = [s for s in item_evidence(item, predicate.change, main_clause(decision.ask), hits,
                                            list(understanding.companies), years, services.retriever)
                   if s.text not in unique]
            evidence += own
            said = next((r for s in own if (r := row_read(s, item))), "")
            if said:
                went = "declined" if predicate.change == "up" else "grew"
                lead = f"The exception, {item}, {went}: {said}."
        if _ASKS_WHY.search(question.replace(decision.ask, " ")) and not any(is_cause(s.text) for s in evidence) \
                and topic is not None and (why := _cause_of(evidence[0], hits, understanding, topic, services.retriever)) is not None:
            # "Did its operating ratio improve? What drove the change?": the filing gives the cause
            # where it states the change, in the sentence after it or on the same page
            evidence.append(why)
        if (span := _HOW_LONG.search(question.replace(decision.ask, " "))) is not None \
                and (until := _span_of(span.group(0), evidence, hits, understanding, services)) is not None:
            # "..., and how long do the directors expect its cash to last?": the sentence stating that
            # span, with the part's own words ("cash reserves can fund the business until ... 2025")
            evidence.append(until)
        if polarity.asks_rules(question) and not polarity.asks_rules(decision.ask):
            # "Did it pay a dividend? What restrictions applied?": the restrictions on the asked deed,
            # held apart from the answer, are what the question's other part asks for
            # (a specific one first: "until it has recognized $6.2 billion", not "subject to the foregoing")
            rules = sorted((s for s, r in found.held if r.verdict == "restriction"),
                           key=lambda s: (not _SPECIFIC.search(s.text), *order(s)))
            evidence += [s for s in rules if s.text not in unique][:1]
        instead = ""
        if not answer and years and len(understanding.companies) == 1 \
                and returned_instead.ASKS_INSTEAD.search(question.replace(decision.ask, " ")) \
                and (bought := returned_instead.repurchase(hits, understanding.companies[0], years[-1],
                                                           services.retriever)) is not None:
            # "Did it pay a dividend? How did it return capital instead?": the year's buyback, said done
            instead = f" It returned capital instead by repurchasing stock: {bought.shown()}"
            evidence.append(bought)
        return WrittenAnswer(
            status="answered", kind="yes_no",
            text=f"{'Yes' if answer else 'No'}. {lead + ' ' if lead else ''}"
                 + " ".join(s.shown() for s in evidence if not instead or s is not evidence[-1]) + instead,
            citations=unique_citations([cite(s.chunk, s.text) for s in evidence]),
        )
    others = deal_state.other_companies(decision.ask, understanding.unknown_company_mentions)
    read = sentences(hits, list(understanding.companies)) if others else []
    pending = deal_state.pending(found.held, years, others, read) if predicate.deed and years else None
    ended = deal_state.called_off(read, others) if others and not pending else None
    if ended is not None and predicate.deed:
        # "the termination of the Share Purchase Agreement whereby NVIDIA would have acquired Arm": never done
        return WrittenAnswer(status="answered", kind="yes_no", citations=[cite(ended.chunk, ended.text)],
                             text=f"No. The filing says the deal was terminated: {ended.shown()}")
    if pending is not None:
        # "Did it complete its acquisition of X during fiscal year 2022?": "we expect it to close in fiscal
        # year 2023", in the report on 2022, says the deal was still pending when the asked year ended
        return WrittenAnswer(status="answered", kind="yes_no", citations=[cite(pending.chunk, pending.text)],
                             text=f"No. The filing has it still to be completed after fiscal {years[-1]} ended: {pending.shown()}")
    if found.held and decision.default_answer is False and (predicate.deed or predicate.past) \
            and any(r.verdict == "plan" for _, r in found.held) \
            and all(r.verdict in ("plan", "restriction") for _, r in found.held) \
            and not _ASKS_PLAN_DEED.search(predicate.word or main_clause(decision.ask)) \
            and not any(_said_done(s.text, predicate.word) for s, _ in found.held):
        # "Did it repurchase shares in 2022? If there is no mention, return False." with only a program
        # authorized, a deal proposed: the deed asked is mentioned nowhere as done, which is the
        # question's own rule for False (a rule on it, "not obligated to repurchase", is no deed either; crossed
        # cues, "has repurchased ... to date", are a mention the rule must not overrule)
        s = next(s for s, r in found.held if r.verdict == "plan")
        return WrittenAnswer(
            status="answered", kind="yes_no", flags=[QUESTION_DEFAULT], citations=[cite(s.chunk, s.text)],
            text=f"No. The filing names {_asked(decision, topic)} only as a plan or authorization, never as done; "
                 f"the question's rule for no mention gives No: {s.shown()}")
    if found.held:
        # sentences name the asked deed but state a rule, a plan or crossed cues: no answer, and no
        # default either (the question's "if there is no mention" rule is for no mention at all)
        s, reading = found.held[0]
        what = {"restriction": "a restriction", "plan": "a plan or authorization, not what was done",
                "ambiguous": f"cues that cross ({reading.cue})"}.get(reading.verdict, reading.verdict)
        if reading.cue.endswith("(named, not said done)"):
            what = "it by name without saying it was done in the asked period"
        return _refused(f"the sentences that name {_asked(decision, topic)} state {what}: {s.shown()}", [s])
    if decision.default_answer is not None and len(understanding.companies) == 1 \
            and role_changes.ASKS_IF_CHANGED.search(decision.ask) \
            and (changed := _of_the_asked_role(decision.ask,
                                               role_changes.mentioned(hits, understanding.companies[0], services))):
        # "Did X mention any changes in its leadership?": a named person taking or leaving a titled
        # role in the report's year (or the months before it was filed) is such a mention, in words
        # the question does not use ("would be appointed Chief Executive Officer")
        return WrittenAnswer(status="answered", kind="yes_no", text="Yes. " + " ".join(s.shown() for s in changed[:2]),
                             citations=unique_citations([cite(s.chunk, s.text) for s in changed[:2]]))
    if decision.default_answer is False and len(understanding.companies) == 1 and years \
            and role_changes.ASKS_IF_CHANGED.search(decision.ask) and tenure.ASKS_CEO.search(main_clause(decision.ask)):
        # "Did X have a change in CEO in fiscal 2019?" with no change mentioned: the filing's word on
        # when its chief executive started is the evidence of the No, or, a start in the asked year
        # or the one before (a fiscal year may straddle two), a change the default must not hide
        company = understanding.companies[0]
        tenures = tenure.ceo_tenures(asked_filing(hits, company, services), company)
        recent = [t for t in tenures if t.started >= years[-1] - 1]
        if recent:
            return _refused(f"the filing says its chief executive started in the role in {recent[0].started}, "
                            f"in or just before the asked year: {recent[0].sentence.shown()}", [recent[0].sentence])
        if tenures:
            first = min(tenures, key=lambda t: (t.sentence.chunk.index, t.sentence.position))
            return WrittenAnswer(status="answered", kind="yes_no",
                                 text=f"No. No change of chief executive in {years[-1]} is mentioned; the filing "
                                      f"says its chief executive has held the role since {first.started}: "
                                      f"{first.sentence.shown()}",
                                 citations=unique_citations([cite(first.sentence.chunk, first.sentence.text)]))
    own = [h for h in hits if not understanding.companies or h.chunk.company in understanding.companies]
    if decision.default_answer is not None and own and topic is not None \
            and (named := next((t for t in _NUMBERED_NAME.findall(decision.ask)
                                if any(re.search(rf"\b{re.escape(t)}\b", h.chunk.text, re.I) for h in own)), None)
                 or next((t for t in deal_state.other_companies(decision.ask, understanding.unknown_company_mentions)
                          if any(deal_state.names_company(h.chunk.text, t) for h in own)), None)):
        # "Did PG&E commence a voluntary case under Chapter 11?": the filing names Chapter 11 ("filed voluntary
        # petitions for relief under chapter 11"), in words no sentence read as the deed; that is a mention, and
        # the question's rule for none is not the answer
        return _refused(f"the filing mentions {named}, and no sentence read decides whether "
                        f"{main_clause(decision.ask)}", [])
    if decision.default_answer is not None and own and topic is not None and not _in_english(own):
        # a filing written in another language (an Indonesian release) names the asked thing in words no English
        # question shares: that no passage mentions it in the question's words is no sign that none does
        return _refused("the passages read are not written in English, so that none mentions "
                        f"{topic.words} in the question's words says nothing of whether the filing does", [])
    if decision.default_answer is not None and own and topic is not None \
            and (said := _said_in_other_order(topic, own, list(understanding.companies))) is not None:
        # "the workforce reduction" asked, "a reduction of the Company's current workforce" written: a mention, in the
        # filing's own order of the words, which the question's rule for none does not answer
        return _refused(f"the filing mentions {topic.words} in its own words, and no sentence read decides whether "
                        f"{main_clause(decision.ask)}: {said.shown()}", [said])
    if decision.default_answer is not None and own and topic is not None:
        docs = ", ".join(dict.fromkeys(h.chunk.doc for h in own))
        word = "Yes" if decision.default_answer else "No"
        return WrittenAnswer(
            status="answered", kind="yes_no", flags=[QUESTION_DEFAULT],
            text=f"{word}. No retrieved passage of {docs} mentions {topic.words}; the question's rule for no "
                 f"mention gives {word}.",
        )
    return None


def _said_in_other_order(topic: Topic, hits: list[SearchHit], companies: list[str]) -> Sentence | None:
    """A sentence writing one of the topic's two-word phrases turned round ("a reduction of the Company's current
    workforce" for "workforce reduction"), or None (a topic read off the question's own adjacent words is no phrase)."""
    wordings = [(p[0], p[-1]) for p in topic.phrases if len(p) == 2]
    for s in sentences(hits, companies):
        if topic.stated_by(s.text):
            continue  # (in the question's own order: read above as deciding nothing, "a program of 2021" for 2024's)
        tokens = tokenize(s.text)
        # (the phrase turned round by "of": "workforce reduction" as "a reduction of the Company's current workforce";
        # not two words apart, "workforce grew in 2024, and the reduction in turnover")
        if any(t == last and tokens[i + 1:i + 2] == ["of"] and first in tokens[i + 2:i + 7]
               for first, last in wordings for i, t in enumerate(tokens)):
            return s
    return None


_ENGLISH_WORD = re.compile(r"\b(?:the|and|of|to|in|is|was|for|with|by|on|that|are|were)\b", re.I)
_ENGLISH_SHARE = 0.05  # English prose runs at 20-25% of such words; a filing in another language at 1-2%


def _in_english(hits: list[SearchHit]) -> bool:
    """The passages read are written in English (a bilingual statement's English half counts)."""
    text = " ".join(h.chunk.text for h in hits)
    words = len(re.findall(r"[^\W\d_]+", text))
    return words == 0 or len(_ENGLISH_WORD.findall(text)) >= _ENGLISH_SHARE * words


# another part of the question asks a cause: "What drove the change?", "Explain why or why not."
_ASKS_WHY = re.compile(r"\bwhy\b|\bwhat\s+(?:\w+\s+){0,2}?(?:drove|drives|caused?|explains?|led\s+to)\b|"
                       r"\bexplain\b|\breasons?\b|\bdrivers?\b", re.I)


def _cause_of(first: Sentence, hits: list[SearchHit], understanding: QueryUnderstanding, topic: Topic,
              retriever: Retriever | None) -> Sentence | None:
    """The cause the filing gives where it states the deciding fact: the sentence right after it
    when that one states a cause ("The lower operating ratio was attributable to ..."), else the
    best-ranked sentence of the same page or the next naming the topic, a change and a cause.
    The chunk after the deciding sentence's is read too (the sentence after it often runs on there)."""
    if retriever is not None and not any(h.chunk.doc == first.chunk.doc and h.chunk.index == first.chunk.index + 1
                                         for h in hits):
        following = [c for c in retriever.filing(first.chunk.doc).chunks if c.index == first.chunk.index + 1]
        hits = [*hits, *(SearchHit(chunk=c, score=0.0) for c in following)]
    pool = [s for s in sentences(hits, list(understanding.companies)) if s.text != first.text and is_cause(s.text)]
    after = [s for s in pool if s.chunk.chunk_id == first.chunk.chunk_id and s.position == first.position + 1]
    if after:
        return after[0]
    near = [s for s in pool if s.chunk.doc == first.chunk.doc and first.chunk.page <= s.chunk.page <= first.chunk.page + 1
            and topic.stated_by(s.text) and CHANGED.search(s.text)]
    return min(near, key=lambda s: (s.rank, s.position)) if near else None


_HOW_LONG = re.compile(r"\bhow\s+long\b[^?.;]*", re.I)


def _span_of(ask: str, evidence: list[Sentence], hits: list[SearchHit], understanding: QueryUnderstanding,
             services: MetricServices) -> Sentence | None:
    """The best-ranked sentence of the asked company stating the span a "how long" part asks
    (answering.kinds.ask_coverage.states_duration), among the hits, else one more search."""
    companies = list(understanding.companies)
    if any(states_duration(ask, s.text, companies, services.vocabulary) for s in evidence):
        return None

    def best(found: list[SearchHit]) -> Sentence | None:
        said = [s for s in sentences(found, companies) if states_duration(ask, s.text, companies, services.vocabulary)]
        return min(said, key=lambda s: (s.rank, s.position)) if said else None

    got = best(hits)
    if got is not None or services.retriever is None:
        return got
    return best(more_tables(ask, [], companies, sorted(understanding.fiscal_years), services.retriever))


_RATE = re.compile(r"\$\s?(\d+\.\d+)\s+per\s+share", re.I)


def _new_rate(decision: KindDecision, topic: Topic, hits: list[SearchHit],
              understanding: QueryUnderstanding) -> WrittenAnswer | None:
    """"Did it raise its dividend?" said by the rates, not the verb: "declared a new quarterly
    dividend of $0.49 per share" after "a dividend of $0.455 per share" just before it is a raise.
    Yes or No by each new rate against the rate stated just before it, all the same way;
    nothing without such a pair."""
    pool = [s for s in sentences(hits, list(understanding.companies)) if topic.stated_by(s.text)
            and len(_RATE.findall(s.text)) == 1]
    pairs: list[tuple[Sentence, Sentence]] = []
    for s in pool:
        if re.search(r"\bnew\b", s.text, re.I):
            before = [o for o in pool if o.chunk.chunk_id == s.chunk.chunk_id and o.position < s.position
                      and not re.search(r"\bnew\b", o.text, re.I)]
            if before:
                pairs.append((max(before, key=lambda o: o.position), s))
    ways = {float(_RATE.findall(new.text)[0]) > float(_RATE.findall(old.text)[0]) for old, new in pairs
            if float(_RATE.findall(new.text)[0]) != float(_RATE.findall(old.text)[0])}
    if len(ways) != 1:
        return None
    up = ways.pop()
    predicate = read_predicate(decision.ask, list(understanding.companies))
    evidence = list(pairs[0])
    return WrittenAnswer(status="answered", kind="yes_no",
                         text=f"{'Yes' if up == (predicate.change == 'up') else 'No'}. "
                              + " ".join(s.shown() for s in evidence),
                         citations=unique_citations([cite(s.chunk, s.text) for s in evidence]))


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _in_period(yes: list[Sentence], no: list[Sentence], found: _Found, years: list[int],
               period_ends: dict[str, str] | None = None) -> tuple[list[Sentence], list[Sentence]]:
    """The sentences about the asked period: one whose predicate is dated only in other years
    ("share repurchases in the first quarter of fiscal year 2023") says nothing of it, except a
    stop before it ("suspended ... beginning the fourth quarter of 2017" still holds in 2018).
    When some are dated in the asked year, they decide. A day within the fiscal year its filing
    reports (`period_ends`: each filing's last day) is of that fiscal year too: "On October 1, 2018,
    we acquired GreatCall" in the report on the year ended February 2, 2019 is fiscal 2019's."""
    if not years:
        return yes, no

    def named(s: Sentence) -> list[int]:
        written = found.years.get(id(s)) or [int(y) for y in _YEAR.findall(s.text)]
        return [*written, *_fiscal_years_of_days(s, period_ends or {})]

    def about(s: Sentence) -> bool:
        dated = named(s)
        # (a span up to now, "dividends paid since January 2020", takes in every year from its start)
        since = [int(y) for y in _SINCE_YEAR.findall(s.text)]
        return not dated or bool(set(dated) & set(years)) or (id(s) in found.ceased and min(dated) <= years[-1]) \
            or any(start <= years[-1] for start in since)

    yes, no = [s for s in yes if about(s)], [s for s in no if about(s)]
    dated = [s for s in [*yes, *no] if set(named(s)) & set(years)]
    if dated:
        yes = [s for s in yes if s in dated]
        no = [s for s in no if s in dated or id(s) in found.ceased]
    return yes, no


def _fiscal_years_of_days(s: Sentence, period_ends: dict[str, str]) -> list[int]:
    """The fiscal year of each day the sentence names that falls in the year its own filing reports."""
    end = period_ends.get(s.chunk.doc)
    if end is None or s.chunk.fiscal_year is None or s.chunk.period not in (None, f"FY{s.chunk.fiscal_year}"):
        return []
    last = date.fromisoformat(end)
    # ("for the year ended December 31, 2021" in the report on 2022: the day the year before ended is of that year,
    # though it falls within a year and a day of the filing's end; "the third quarter ended October 29, 2023" in the
    # report on the year ended January 28, 2024 is of the filing's year)
    ends = {day for m in _PERIOD_ENDED.finditer(s.text) if (day := parse_date(m.group(1))) is not None}
    return [s.chunk.fiscal_year for day in parse_periods(s.text).dates
            if last - timedelta(days=366) < (named := date.fromisoformat(day)) <= last
            and (named not in ends or (last - named).days < _A_YEAR_BEFORE)]


_SINCE_YEAR = re.compile(r"\bsince\s+(?:[A-Z][a-z]+\.?\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d\d)\b")
_A_YEAR_BEFORE = 360  # days back from a filing's end at which a period's end is the year before's
_PERIOD_ENDED = re.compile(rf"(?:ended|ending)\s+{DATE}", re.I)  # (no word boundary: "yearended" in a garbled layer)




# "within the fiscal year 2022 (ended May 31, 2022)": the day the asked period ends, as the question says it
_PERIOD_END = re.compile(r"\b(?:ended|ending|ends|through)\s+(?P<day>[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d)\b")


def _before_period_end(yes: list[Sentence], question: str) -> list[Sentence]:
    """The sentences saying the deed was done, less those that date it only after the day the question says
    its period ended ("On June 8, 2022, we closed the acquisition of Cerner" is no deed of the fiscal year
    ended May 31, 2022)."""
    end = _PERIOD_END.search(question)
    days = parse_periods(end.group("day")).dates if end else []
    if not days:
        return yes
    last = days[0]
    return [s for s in yes if not (dated := _deed_dates(s.text)) or min(dated) <= last]


# "On June 8, 2022, ...": the day a deed is dated by, where a page's running header ("May 31, 2022") may stand before
_ON_DAY = re.compile(r"\b[Oo]n\s+(?P<day>[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d)\b")


def _deed_dates(text: str) -> list[str]:
    """The days a sentence dates its deed by: those written "On <day>", else every day it names."""
    on = [d for m in _ON_DAY.finditer(text) for d in parse_periods(m.group("day")).dates]
    return on or parse_periods(text).dates


_QUARTER = re.compile(r"\b(?P<nth>first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b|\bQ(?P<q>[1-4])\b", re.I)
_NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4}


# a thing named by a word and its number: "Chapter 11", "Auction 107", "Rule 10b5-1"
_NUMBERED_NAME = re.compile(r"\b(?!(?:January|February|March|April|May|June|July|August|September|October|November|"
                            r"December|Fiscal|Year|Quarter|Half|Week|Page|Note|Item|Form|Part)\b)[A-Z][a-z]{2,}\s+"
                            r"(?!(?:19|20)\d\d\b)\d[\w-]*\b")
# "did it repurchase any of its stock", not "did any single customer account for ..."
_ASKS_ANY_DEED = re.compile(r"^\W*did\s+(?!any\b)[^?]{1,80}?\s[a-z]{3,}\s+any\b", re.I)


def _quarters(text: str) -> set[int]:
    return {_NTH[m.group("nth").lower()] if m.group("nth") else int(m.group("q")) for m in _QUARTER.finditer(text)}


def _in_quarter(yes: list[Sentence], no: list[Sentence], clause: str) -> tuple[list[Sentence], list[Sentence]]:
    """Sentences that disagree, where the question names a quarter ("for the fourth quarter of 2017"):
    those naming that quarter decide ("suspended ... beginning with the fourth quarter of 2017" over
    "paid quarterly dividends in July and October of 2017"), when they all say the same."""
    asked = _quarters(clause)
    if not asked and yes and _ASKS_ANY_DEED.match(clause):
        # "did it repurchase any of its stock during fiscal 2023?": a deed in part of the year is a deed in the
        # year, which a quarter without one ("did not repurchase any shares ... during the fourth quarter") does
        # not deny
        return yes, [s for s in no if not _quarters(s.text)]
    if len(asked) != 1:
        return yes, no
    on_yes = [s for s in yes if asked <= _quarters(s.text)]
    on_no = [s for s in no if asked <= _quarters(s.text)]
    if bool(on_yes) == bool(on_no):
        return yes, no
    return on_yes, on_no


_MONTHS_SPAN = re.compile(r"\b(?:six|nine|6|9)[\s-]*months?\b|\bfirst\s+half\b|\bhalf[\s-]+year\b|\byear[\s-]+to[\s-]+date\b",
                          re.I)


def _of_the_asked_span(yes: list[Sentence], no: list[Sentence], clause: str,
                       deed: bool) -> tuple[list[Sentence], list[Sentence]]:
    """Where the question asks a span of months and no quarter ("issued common stock during the first six months"), a
    sentence that names a quarter and no such span tells of the quarter: it denies nothing of the span ("did not issue
    ... in the second quarter"), and a quarter's state or result is not the span's. A deed done in a quarter of the
    span (`deed`) is done in the span: that Yes stands."""
    if not _MONTHS_SPAN.search(clause) or _quarters(clause):
        return yes, no

    def of_a_quarter_only(s: Sentence) -> bool:
        return bool(_quarters(s.text)) and not _MONTHS_SPAN.search(s.text)

    return [s for s in yes if deed or not of_a_quarter_only(s)], [s for s in no if not of_a_quarter_only(s)]


def _asked(decision: KindDecision, topic: Topic | None) -> str:
    return main_clause(decision.ask) if topic is None else f"{topic.words} ({main_clause(decision.ask)})"


# "in fiscal 2020 than in fiscal 2019": the year asked about, then the year it is compared with
_THAN_YEAR = re.compile(r"\b(?:in|for|during)\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?(?P<asked>(?:19|20)\d\d)\s+than\s+"
                        r"(?:in|for|during)?\s*(?:fiscal\s+(?:year\s+)?|FY\s?)?(?P<base>(?:19|20)\d\d)\b", re.I)
# the measure a "more or less cash ... through buybacks" names as its means
_THROUGH = re.compile(r"\b(?:through|via|by\s+way\s+of|in\s+the\s+form\s+of)\s+(?P<means>[\w\s-]+?)(?=\s+(?:in|for|during|than)\b|$)",
                      re.I)


def _across_years(decision: KindDecision, alternatives: tuple[str, str], hits: list[SearchHit],
                  understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None:
    """Which of "more" or "less": the asked measure's figure in the asked year against the year it is
    compared with, each read by the metric path (its checks apply). The measure is the one metric the
    clause names, or the one its means names ("cash ... through buybacks": share repurchases); None
    when the clause names no two years, no one measure, or a figure is not read."""
    clause = main_clause(decision.ask)
    years = _THAN_YEAR.search(clause)
    if len(understanding.companies) != 1 or years is None:
        return None
    named = services.vocabulary.match_metrics(clause)
    means = _THROUGH.search(clause)
    if means is not None and len(by := services.vocabulary.match_metrics(means.group("means"))) == 1:
        named = by
    if len(named) != 1:
        return None
    label = (services.vocabulary.label(named[0]) or named[0]).lower()
    asked, base = int(years.group("asked")), int(years.group("base"))
    values = [metric_value(label, year, hits, understanding, services) for year in (asked, base)]
    now, before = values
    if not isinstance(now, Value) or not isinstance(before, Value) or now.value == before.value:
        return None
    if (now.value < 0) != (before.value < 0) and now.value and before.value:
        return None  # an outflow one year, an inflow the other: no "more" of one thing
    bigger = abs(now.value) > abs(before.value)
    up, down = (alternatives if alternatives[0].lower() in _UP_WORDS else alternatives[::-1])
    pick = up if bigger else down
    text = (f"{pick[0].upper()}{pick[1:]}: {label} were {now.shown} in FY{asked}, against {before.shown} in FY{base}. "
            f"Read from the filing's figures: {now.answer.text} {before.answer.text}")
    return WrittenAnswer(status="answered", kind="yes_no", text=text,
                         citations=unique_citations([*now.answer.citations, *before.answer.citations]))


def _refused(reason: str, evidence: list[Sentence]) -> WrittenAnswer:
    return WrittenAnswer(status="not_found", kind="yes_no", reason=reason,
                         text=f"{NOT_FOUND.capitalize()}: {reason}.",
                         citations=unique_citations([cite(s.chunk, s.text) for s in evidence]))


# the words of a comparison's direction: "more", "higher", "increased" say up
_UP_WORDS = frozenset({"more", "higher", "greater", "larger", "increase", "increased", "rise", "rose", "up", "better",
                       "improve", "improved", "gain", "profit", "positive", "above"})
_CAUSE = re.compile(r"\b(?:driven|caused|explained|led)\s+by\b|\bdue\s+to\b|\bbecause\s+of\b|\bresult\s+of\b|"
                    r"\battributable\s+to\b|\bprimarily\b|\breflect\w*", re.I)


def _either_or(decision: KindDecision, alternatives: tuple[str, str], hits: list[SearchHit],
               understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer:
    """The alternative the filing's sentences support, all of them the same one; else a refusal."""
    a, b = alternatives
    companies = list(understanding.companies)
    topic = _asked_topic(decision, companies, services.vocabulary)
    objects = read_predicate(decision.ask, companies).objects - set(tokenize(f"{a} {b}"))
    # a sentence about the topic and what the question asks of it ("cash to shareholders through buybacks")
    pool = [s for s in sentences(hits, companies) if topic is not None and topic.stated_by(s.text)
            and (not objects or set(tokenize(s.text)) & objects)]
    picks: dict[str, list[Sentence]] = {a: [], b: []}
    both: list[Sentence] = []  # sentences that give both as what happened
    if {a.lower(), b.lower()} in ANTONYMS:
        for s in pool:
            if _COMPARES.search(s.text) and (up := _upward(s.text)) is not None:
                picks[a if (a.lower() in _UP_WORDS) == up else b].append(s)
    else:
        own = {side: set(content_words(side, companies)) - set(content_words(other, companies))
               for side, other in ((a, b), (b, a))}
        for s in pool:
            cause = _CAUSE.search(s.text)
            stems = set(tokenize(s.text[cause.end():])) if cause else set()
            sides = [side for side in (a, b) if own[side] and own[side] <= stems]
            if len(sides) == 1:
                picks[sides[0]].append(s)
            elif len(sides) == 2:
                both.append(s)
    chosen = [side for side in (a, b) if picks[side]]
    if not chosen and not both and {a.lower(), b.lower()} in ANTONYMS \
            and (by_years := _across_years(decision, (a, b), hits, understanding, services)) is not None:
        # "more or less cash through buybacks in fiscal 2020 than in fiscal 2019": no sentence says
        # which, the measure's own line in both years does
        return by_years
    if len(chosen) != 1 or both:
        why = "the filing gives both" if chosen or both else "no sentence states either as what happened"
        return _refused(f"the question asks which of two (“{a}” or “{b}”), not yes or no; {why}",
                        [*both[:1], *(s for side in chosen for s in picks[side][:1])])
    evidence = picks[chosen[0]][:2]
    return WrittenAnswer(status="answered", kind="yes_no",
                         text=f"{chosen[0][0].upper()}{chosen[0][1:]}. " + " ".join(s.shown() for s in evidence),
                         citations=unique_citations([cite(s.chunk, s.text) for s in evidence]))
