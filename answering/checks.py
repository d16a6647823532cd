"""Checks a computed figure must pass before it is given (offline and LLM answers alike).

A metric answer (answering.metric_answer) and a figure the extractive writer composes
(answering.extractive_writer) are checked here, each check named and with a reason an
analyst understands. The first failure stops the answer: the writer then says what was
found (figures and pages) and why it is not trusted, with status `unverified`.

- `consolidated_inputs`: every input row comes from the consolidated statements, not a
  non-controlling-interest, segment, guarantor / parent-only or quarterly line or table
  (unless the question asks for one of those). The row's own label and the headings of
  its table (the short lines above its first row) are read.
- `units_and_scale`: a money input is printed as money (not a percentage) and was read at
  the scale its table states ("in thousands" read as millions is 1,000 times too big);
  inputs of one filing come from tables of one scale (the consolidated statements share it);
  and a money input is a size some company reports: a year's flow (revenue, income, cash
  flow) above $1 trillion, or a balance-sheet total above $10 trillion, is a thousands
  table read as millions when its scale note was not seen (unless the table's currency is
  one whose amounts run that high: yen, rupiah, won, rupees).
- `adjusted_measure`: a question that asks for an adjusted (non-GAAP) measure is not
  answered from GAAP statement lines ("adjusted EBIT" is not operating income).
- `cited_values`: each input's figure is printed in the row cited for it (a sentence that
  negates or conditions its amount, "may not pay dividends until ... $6.2 billion", reports
  none; a balance-sheet line from a sentence about a flow, "an issuance of $15.0 billion of
  senior notes", is the flow's amount), and a change is the change the two cited values give.
- `plausible_value`: the result lies in the range of its kind, read from the vocabulary
  (`plausible` of a derived metric: margins within ±100%, capex at most 75% of revenue,
  days 0..1000, ...), and a size's year-over-year change (revenue, assets) within
  -100%..+500%. A profit or a cash flow can cross zero, so its change is not bounded.
- `stated_value`: where the filing states the same measure for the year ("gross margin
  was 42.1%", a "Gross margin 42.1% 40.0%" row), the computed value agrees with it
  within the stated figure's rounding.
- `one_statement`: inputs of one statement, year and filing come from one table (the table
  that gave one input does not print another's line with another amount: a combined 10-K's
  parent and subsidiary statements).
- `meaningful_base`: a ratio over an amount that is positive for a going concern (equity,
  total assets) is not given when that amount is negative (return on a shareholders'
  deficit is not a return).
- `cited_values` also refuses a row whose only match for the figure is a bare year ("Revenues
  2021": a column header split over lines, not $2,021 million) and a balance-sheet line other
  than equity read as negative (no inventory, receivable or asset total is below zero: the row
  is the cash flow statement's change in it).
- `whole_measure`: depreciation and amortization is not read from one of its two parts where the
  statement prints the other on its own row ("Depreciation 712" beside "Amortization of
  intangible assets 2,149": D&A is their sum, not the first).
- `period_kind`: a question that asks a quarter ("three months ended October 30, 2022") is not
  answered from a table whose headings span only years ("Year Ended"): the year's figure is not
  the quarter's.
- `asked_period`: a question that asks part of a year ("the first half of 2012", "the nine
  months ended September 30, 2011") is not answered with fiscal-year figures; one that asks a
  balance at a date ("at June 30, 2012") is not answered from a statement page whose title dates
  it otherwise ("31 Desember 2013 dan 2012", "December 31, 2013 and 2012").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from pydantic import BaseModel

from answering import numbers
from answering.aspects import (
    PROSE_SCALE,
    Aspect,
    metric_label,
    prose_amounts,
    read_aspect,
    split_sentences,
)
from answering.citations import unique_citations
from answering.row_scope import NOT_CONSOLIDATED, QUARTERLY, STATEMENT_SIDE
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, Citation, NumberConventionName, SearchHit
from finrag.text import collapse_whitespace
from finrag.vocabulary import Plausible, Vocabulary, tokenize
from loaders.facts import join_split_numbers
from loaders.release_tables import span_periods
from loaders.statement_words import MONTHS as OTHER_MONTHS
from retrieval.periods import parse_dates

CONSOLIDATED = "consolidated_inputs"
UNITS = "units_and_scale"
CITED = "cited_values"
ADJUSTED = "adjusted_measure"
PLAUSIBLE = "plausible_value"
STATED = "stated_value"
MEANINGFUL_BASE = "meaningful_base"
ONE_STATEMENT = "one_statement"
PERIOD_KIND = "period_kind"
ASKED_PERIOD = "asked_period"
WHOLE_MEASURE = "whole_measure"
FAILED_FLAG = "check_failed:"  # + the check's name

# A size's year-over-year change (percent): revenue cannot fall below zero, and a
# consolidated company does not grow sixfold in a year. A fall of more than 99% is a
# hundredfold drop, which a thousand read as a million gives far more often than a business
SIZE_CHANGE = Plausible(low=-99, high=500, why="a size such as revenue or total assets does not fall "
                        "a hundredfold or grow more than sixfold in a year; such a change means one of "
                        "the two values is a quarter's, a segment's, another table's or at another scale")
# The inverse of asset turnover's bound (revenue at most 20 times total assets).
ASSETS_TO_REVENUE = Plausible(low=0.05, why="a company's total assets are at least a twentieth of a year's revenue (even "
                              "a distributor holds weeks of sales in receivables and inventory); less means the "
                              "assets figure is a part's amount or a sentence's, not the balance sheet's total")
# A question's own formula in days (365 * ...) when the vocabulary has no entry for it.
DAYS = Plausible(low=0, high=1000, why="days are counted within a year's cycle: a negative count or more than "
                 "1,000 days means the inputs are from different tables or scales")
SHARE_OF_REVENUE = Plausible(low=-1, high=1, why="an income-statement line as a share of revenue lies within ±100% "
                             "when both are the company's consolidated figures for the same period")


class CheckFailure(BaseModel):
    """Why a figure is not given: the check's name and the reason in an analyst's words."""

    check: str
    why: str

    @property
    def flag(self) -> str:
        return FAILED_FLAG + self.check


class CheckedInput(BaseModel):
    """One input figure as the checks see it: what it is, its value, the row it was read from."""

    metric: str  # vocabulary key of a base metric
    fiscal_year: int | None
    value: float  # USD millions for money, as printed for the rest
    quote: str  # the row (or sentence) cited for it
    doc: str
    page: int  # zero-based
    context: str = ""  # the text of the chunk the row is in ("" when not known)
    from_table: bool = True
    number_convention: NumberConventionName = "us"  # how the row's document writes numbers
    # "FY", or the dated column of an interim report the input was read from ("2012-06-30",
    # "9M2011-09-30"), or a 10-Q's year-to-date column ("Q3YTD"): placed by its statement's title,
    # so it is the asked period's by construction
    period: str = "FY"

    @property
    def dated(self) -> bool:
        return self.period[:1].isdigit() or self.period.endswith("YTD")

    def where(self) -> str:
        return f"{self.doc} p.{self.page + 1}"


# --------------------------------------------------------------------------- consolidated inputs

_HEADING_WORDS = 14  # a table heading is short; a longer line is prose, where the table starts
_HEADING_CHARS = 100


# a line stating an amount in its words is a row that describes its item, no caption of the table ("Preferred
# stock, $0.001 par value; authorized: 5,000,000 shares; no shares issued" over "Total stockholders' equity")
_AMOUNT_IN_WORDS = re.compile(r"\$\s?\d|\b\d{1,3}(?:,\d{3})+\b")


def table_headings(context: str, quote: str) -> list[str]:
    """The headings of the table a row is in: the short non-row lines above it, up to
    the first prose line (a statement's title, its column headers, a section caption)."""
    lines = context.splitlines()
    q = collapse_whitespace(quote)[:60]
    at = next((i for i, line in enumerate(lines) if q and q in collapse_whitespace(line)), None)
    if at is None:
        return []
    headings: list[str] = []
    for line in reversed(lines[:at]):
        text = line.strip()
        if len(numbers.header_years(text)) >= 2:
            headings.append(text)  # the columns' dates ("Dec 31, 2022 Dec 25, 2021"), which read as a row's amounts
            continue
        if not text or numbers.split_row(text) is not None or _bilingual_row(text) or _AMOUNT_IN_WORDS.search(text):
            continue
        if len(text) > _HEADING_CHARS or len(text.split()) > _HEADING_WORDS or text.endswith("."):
            break  # prose: the table's headings are below it
        headings.append(text)
    return headings


def _bilingual_row(text: str) -> bool:
    """A bilingual statement's row ("Kepentingan Non Pengendali 3.y, 37 9,234,110,806 6,772,998,398
    Non Controlling Interest"), a row of the table and no heading of it: amounts, not years alone,
    between a label on each side."""
    row = numbers.split_two_label_row(text)
    return row is not None and not all(re.fullmatch(r"(?:19|20)\d\d", t) for t in row.tokens)


def _row_label(quote: str) -> str:
    row = numbers.split_row(quote)
    return row.label if row is not None else quote


def not_consolidated(quote: str, context: str, question: str, annual: bool, value: float | None = None) -> str | None:
    """What the row is when it is not the consolidated statements' figure (else None):
    by its own label, then by its table's headings. A question that asks for a segment,
    a quarter ... allows rows of that kind. `value` (millions for money): the figure read
    from the row; under spans "THREE MONTHS ENDED TWELVE MONTHS ENDED" a value printed only
    in the twelve months' columns is the fiscal year's, not a quarter's."""
    kinds = [*NOT_CONSOLIDATED, *([QUARTERLY] if annual else [])]
    label = _row_label(quote)
    headings = [h for h in table_headings(context, quote) if not STATEMENT_SIDE.search(h)]
    for what, pattern in kinds:
        if pattern.search(question):
            continue
        if pattern.search(label):
            return f"{what} (row “{collapse_whitespace(label)}”)"
        heading = next((h for h in headings if pattern.search(h)), None)
        if heading is not None and not (pattern is QUARTERLY[1] and _in_fiscal_year_column(value, quote, headings, context)):
            return f"{what} (its table is headed “{collapse_whitespace(heading)}”)"
    return None


def _in_fiscal_year_column(value: float | None, quote: str, headings: list[str], context: str) -> bool:
    """The value is printed in the row only under a fiscal-year span of its table's header
    (placed as `loaders.release_tables.span_periods` places a release's columns)."""
    row = numbers.split_row(quote)
    if value is None or row is None:
        return False
    top_down = list(reversed(headings))
    years = [y for h in top_down for y in numbers.header_years(h)]
    periods = span_periods(" ".join(h for h in top_down if not numbers.header_years(h)), years)
    if periods is None or len(row.values) != len(years):
        return False
    _, factor = numbers.table_scale(context)
    placed = [p for p, v in zip(periods, row.values, strict=True)
              if v is not None and (_same(abs(v * factor), abs(value)) or _same(abs(v), abs(value)))]
    return bool(placed) and all(p == "fy" for p in placed)


def check_consolidated(inputs: Sequence[CheckedInput], question: str, annual: bool) -> CheckFailure | None:
    for i in inputs:
        what = not_consolidated(i.quote, i.context, question, annual, i.value)
        if what is not None:
            return CheckFailure(check=CONSOLIDATED, why=f"{_name(i)} ({i.where()}) is {what}, not the "
                                "consolidated statements' figure")
    return None


_ADJUSTED = re.compile(r"(?<![-\w])(?<!un)adjusted\b|\bnon-?\s?gaap\b|\bpro\s+forma\b", re.I)


# an adjusted measure named only to be set aside: "(not the adjusted figures)", "rather than adjusted EBITDA"
_NOT_ADJUSTED = re.compile(r"\b(?:not|rather\s+than|instead\s+of|other\s+than)\s+(?:the\s+|an?\s+|any\s+|its\s+)?"
                           r"(?:company['’]s\s+)?(?:adjusted|non-?\s?gaap|pro\s+forma)\b", re.I)


def check_adjusted(inputs: Sequence[CheckedInput], question: str) -> CheckFailure | None:
    """An adjusted (non-GAAP) measure asked for, but every input is a GAAP statement line."""
    # ("its unadjusted operating profit margin (not the adjusted figures)": "unadjusted" is no adjusted word, and an
    # adjusted measure named only to be set aside is not asked)
    m = _ADJUSTED.search(_NOT_ADJUSTED.sub(" ", question))
    if m is None or not inputs or any(_ADJUSTED.search(_row_label(i.quote)) for i in inputs):
        return None
    rows = "; ".join(f"“{collapse_whitespace(_row_label(i.quote))}” ({i.where()})" for i in inputs)
    return CheckFailure(check=ADJUSTED, why=f"the question asks for a {m.group(0).lower()} measure, but the figures "
                        f"read are GAAP statement lines ({rows}); the filing's own adjustments were not read")


# --------------------------------------------------------------------------- units, scale, cited values

_SCALE_NOTE = re.compile(r"\bin\s+(thousands|millions|billions)\b|\(\s*(thousands|millions|billions)\b"
                         r"|\b(thousands|millions|billions)\s+of\s+(?:u\.?s\.?\s+)?dollars\b", re.I)
# the scales a printed amount is read at, to millions ("units": a statement of whole currency
# units, "(Dalam Rupiah Penuh)", prints 165.529.733.252 for Rp165,529.7 million)
_FACTOR = {"thousands": 0.001, "millions": 1.0, "billions": 1000.0, "units": 1e-6}
_TOKEN = re.compile(r"\(?\$?\(?-?\d[\d,]*(?:\.\d+)?\)?%?\)?")


def stated_scale(context: str, quote: str) -> str | None:
    """The scale stated for the row's table: the nearest scale note above the row in its
    chunk ("(in thousands, except per share data)"), or None when the chunk states none."""
    lines = context.splitlines()
    q = collapse_whitespace(quote)[:60]
    at = next((i for i, line in enumerate(lines) if q and q in collapse_whitespace(line)), len(lines))
    for line in reversed(lines[:at]):
        m = _SCALE_NOTE.search(line)
        if m and numbers.split_row(line) is None:
            return next(g for g in m.groups() if g).lower()
    return None


_NIL = frozenset({"-", "–", "—"})


def _printed(quote: str, convention: NumberConventionName = "us") -> list[tuple[float, bool]]:
    """The amounts printed in a row (value as printed, is it a percentage: "23%", "23 %")."""
    row = numbers.split_row(quote, convention)
    if row is None:
        return []
    # a number the text layer cut ("165.529.733.25 2") is the one number the row reader read
    tokens = join_split_numbers(quote.split(), convention)[len(row.label.split()):]
    out: list[tuple[float, bool]] = []
    for n, token in enumerate(tokens):
        if token in _NIL:
            out.append((0.0, False))  # "Dividends paid 23 – (12,169)": a dash in an amount's column is nil
            continue
        if token in ("$", "%") or not numbers.is_amount(token, convention):
            continue
        value = numbers.parse_amount(token, convention)
        if value is None:
            continue
        percent = token.endswith("%") or token.endswith("%)") or (n + 1 < len(tokens) and tokens[n + 1] == "%")
        out.append((abs(value), percent))
    return out


def _printed_as_sum(i: CheckedInput) -> bool:
    """A value read as the sum of the rows its quote cites, one amount of the same column of each
    ("Depreciation 1,230" and "Amortization of intangible assets 1,662": D&A 2,892)."""
    rows = [numbers.split_row(line.strip(), i.number_convention) for line in i.quote.splitlines() if line.strip()]
    if len(rows) < 2 or any(r is None or not r.values for r in rows):
        return False
    for right in range(1, min(len(r.values) for r in rows) + 1):
        amounts = [r.values[-right] for r in rows]
        if all(a is not None for a in amounts) \
                and _applied_scale(i.value, [(abs(sum(amounts)), False)]) is not None:
            return True
    return False


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 0.005 * max(abs(a), abs(b)) + 1e-9


def _applied_scale(value: float, printed: list[tuple[float, bool]]) -> tuple[str, bool] | None:
    """(scale the value was read at, was the printed amount a percentage), or None when the
    value is not printed in the row at any scale."""
    for scale, factor in sorted(_FACTOR.items(), key=lambda s: s[1] != 1.0):
        for amount, percent in printed:
            if _same(abs(value), amount * factor):
                return scale, percent
    return None


def _page_scale(i: CheckedInput, hits: Sequence[SearchHit]) -> str | None:
    """A scale stated by another retrieved chunk of the same page (a continuation chunk of a
    statement repeats its title and columns, not always its scale note)."""
    for hit in hits:
        c = hit.chunk
        if c.doc == i.doc and c.page <= i.page <= c.page_end:
            m = stated_scale(c.text, "\x00")  # the chunk's last scale note
            if m is not None:
                return m
    return None


# Amounts in USD millions no company reports: the largest revenues are below $1 trillion and
# the largest balance sheets below $10 trillion.
_LARGEST_FLOW, _LARGEST_STOCK = 1e6, 1e7
# Currencies whose amounts in millions do run past those figures (a Japanese or Indonesian
# company's yen or rupiah): their tables are not bounded so. Headings capitalise the name
# ("Millions of Yen"), so the names match in any case; the ISO codes and "Rp"/"Rs" only as printed.
_SMALL_UNIT_CURRENCY = re.compile(r"[¥₩₹]|\b(?:JPY|IDR|Rp|KRW|INR|Rs\.?)\b"
                                  r"|\b(?i:yen|rupiah|rupees?|lakhs?|crores?)\b"
                                  # "won" is also a verb ("we won the contract"): only as a unit
                                  r"|\b(?i:korean\s+won|(?:thousands|millions|billions)\s+of\s+won)\b")


def _too_large(i: CheckedInput, statement: str | None) -> bool:
    bound = _LARGEST_STOCK if statement == "balance_sheet" else _LARGEST_FLOW
    return abs(i.value) > bound and not _SMALL_UNIT_CURRENCY.search(i.context or i.quote)


def check_size(inputs: Sequence[CheckedInput], vocab: Vocabulary) -> CheckFailure | None:
    """A money input is an amount some company reports (the last of the scale checks: the
    others name a cause when they see one)."""
    for i in inputs:
        entry = vocab.metrics.get(i.metric)
        if entry is not None and entry.unit == "USD" and _too_large(i, entry.statement):
            return CheckFailure(check=UNITS, why=f"{_name(i)} ({i.where()}) reads as {_amount(i.value)}, more than "
                                "any company reports: its table is in thousands (or smaller) and no scale was read")
    return None


def check_units_and_scale(inputs: Sequence[CheckedInput], vocab: Vocabulary,
                          hits: Sequence[SearchHit] = ()) -> CheckFailure | None:
    by_doc: dict[str, tuple[str, CheckedInput]] = {}
    for i in inputs:
        entry = vocab.metrics.get(i.metric)
        if entry is None or entry.unit != "USD" or not i.from_table or i.value == 0:
            continue  # (a nil balance, "—", is nil at any scale)
        applied = _applied_scale(i.value, _printed(i.quote, i.number_convention))
        if applied is None:
            continue  # check_cited_values says so
        scale, percent = applied
        if percent:
            return CheckFailure(check=UNITS, why=f"{_name(i)} ({i.where()}) was read from a percentage "
                                f"in “{collapse_whitespace(i.quote)}”, not a dollar amount")
        stated = stated_scale(i.context, i.quote) if i.context else None
        stated = stated or _page_scale(i, hits)
        if stated is not None and stated != scale:
            return CheckFailure(check=UNITS, why=f"{_name(i)} ({i.where()}) was read in {scale} but its table "
                                f"is in {stated}")
        if stated is not None:
            earlier = by_doc.setdefault(i.doc, (stated, i))
            if earlier[0] != stated:
                other = earlier[1]
                return CheckFailure(check=UNITS, why=f"{_name(other)} comes from a table in {earlier[0]} "
                                    f"({other.where()}) and {_name(i)} from one in {stated} ({i.where()}): one "
                                    "filing's consolidated statements share one scale")
    return None


def check_unit_mix(inputs: Sequence[CheckedInput], unit: str, vocab: Vocabulary) -> CheckFailure | None:
    """A ratio or a percentage has no unit, so its inputs share one: money in millions never
    divides a per-share or a share-count figure ("dividends paid / diluted EPS" gives
    $3,070M / 3.08 = 99,675%, where the question meant dividends per share / EPS)."""
    if unit not in ("percent", "ratio"):
        return None
    units: dict[str, CheckedInput] = {}
    for i in inputs:
        entry = vocab.metrics.get(i.metric)
        if entry is not None and entry.unit in ("USD", "USD/share", "shares"):
            units.setdefault(entry.unit, i)
    if "USD" in units and len(units) > 1:
        money = units["USD"]
        other = next(i for u, i in units.items() if u != "USD")
        return CheckFailure(check=UNITS, why=f"{_name(money)} ({money.where()}) is an amount in millions and "
                            f"{_name(other)} ({other.where()}) a per-share or share figure: a {unit} of the two "
                            "mixes units")
    return None


# A sentence that negates or conditions its amount ("may not pay dividends ... until it
# recognizes $6.2 billion") does not report the period's figure.
# So does a bound put on the amount ("combined revenues in excess of $200 million", "up to
# $7.23 billion"): a floor or a ceiling, not the figure.
_NOT_A_REPORTED_AMOUNT = re.compile(
    r"\b(?:may|might|could|would|will|shall|can)\s+not\b|\bcannot\b|\buntil\b|\bunless\b|\bprovided\s+that\b"
    r"|\b(?:in\s+excess\s+of|more\s+than|greater\s+than|less\s+than|fewer\s+than|over|at\s+least|up\s+to|nearly|"
    r"almost|exceeding)\s+(?=[$€£]|US\$)", re.I
)


# A bare four-digit year: a column header ("Revenues 2021" where a header line wraps) prints it
# without the thousands separator every amount of that size carries.
_BARE_YEAR = re.compile(r"(?:19|20)\d\d")


def _year_only(i: CheckedInput) -> bool:
    """The row prints the figure only as a bare year, at some scale ("Revenues 2021" read as
    $2,021 million)."""
    row = numbers.split_row(i.quote, i.number_convention)
    if row is None or not row.tokens:
        return False
    matches = [t for t in row.tokens if (a := numbers.parse_amount(t, i.number_convention)) is not None
               and any(_same(abs(i.value), abs(a) * f) for f in _FACTOR.values())]
    return bool(matches) and all(_BARE_YEAR.fullmatch(t) for t in matches)


def check_cited_values(inputs: Sequence[CheckedInput], vocab: Vocabulary | None = None) -> CheckFailure | None:
    """Each input's figure is printed in its cited row (at some scale) or sentence, as an
    amount (not a year of a header), and a balance is not negative."""
    for i in inputs:
        if i.from_table and _year_only(i):
            return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} is a year printed in a column "
                                f"header, not an amount ({i.where()}: “{collapse_whitespace(i.quote)}”)")
        if vocab is not None and i.value < 0 and vocab.statement_of(i.metric) == "balance_sheet" \
                and i.metric != "equity":
            return CheckFailure(check=CITED, why=f"{_name(i)} reads as {_amount(i.value)}, but a balance of that "
                                f"line is never negative: the row is a change in it (a cash flow statement's line), "
                                f"not the balance ({i.where()}: “{collapse_whitespace(i.quote)}”)")
        if i.from_table:
            printed = _printed(i.quote, i.number_convention)
            # a nil is printed as a dash, or by the list its line is missing from (current liabilities
            # without a line of debt, quoted by their total)
            ok = not printed or i.value == 0 or _applied_scale(i.value, printed) is not None \
                or _printed_as_sum(i)
        else:
            amounts = [a for a, _ in prose_amounts(i.quote, i.number_convention) if a is not None]
            ok = not amounts or any(_same(abs(i.value), a) for a in amounts)
            if ok and (m := _NOT_A_REPORTED_AMOUNT.search(i.quote)):
                return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} comes from a sentence that "
                                    f"does not report it (“{m.group(0)}”: {i.where()}, “{collapse_whitespace(i.quote)}”)")
        if not ok:
            return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} is not printed in the row cited "
                                f"for it ({i.where()}: “{collapse_whitespace(i.quote)}”)")
    return None


# A sentence about money moving ("an issuance of $15.0 billion of senior notes", "capital purchases
# of $1.8 billion") states a flow of the period, not the balance a balance-sheet line holds.
_FLOW = re.compile(r"\b(?:issu(?:ed|ance|ances|ing)|repa(?:id|y|yment|yments)|redeem\w*|redemptions?|borrow(?:ed|ings? "
                   r"under)|proceeds|purchases?|purchased|paid|payments?|acquir\w*|sold|sales? of|raised|"
                   r"increased?|decreased?|rose|fell|grew|declined?)\b", re.I)


def check_prose_balance(inputs: Sequence[CheckedInput], vocab: Vocabulary) -> CheckFailure | None:
    """A balance-sheet line read from a sentence that tells of a flow (an issuance, a purchase, a
    change) is the flow's amount, not the line's balance at the year end."""
    for i in inputs:
        if i.from_table or vocab.statement_of(i.metric) != "balance_sheet":
            continue
        if m := _FLOW.search(i.quote):
            return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} comes from a sentence about a "
                                f"flow (“{m.group(0)}”: {i.where()}, “{collapse_whitespace(i.quote)[:200]}”), not "
                                "the balance sheet's line")
    return None


# "operating revenues ... increased $546 million, or 5%, in 2020 compared to 2019": the amount
# after a verb of change is the change, not the line's level in either year
_CHANGE_AMOUNT = re.compile(r"\b(?:increas|decreas|rose|fell|grew|declin|dropped|was\s+up|were\s+up|was\s+down|were\s+down)"
                            r"\w*\s+(?:by\s+)?(?:approximately\s+|about\s+|nearly\s+)?[$€£]\s?(?P<n>\d[\d,]*(?:\.\d+)?)"
                            r"\s*(?P<scale>thousand|million|billion)?", re.I)


# "The increase in our interest expense ... was primarily due to ..., partially offset by the $47 million of
# ... financing costs in fiscal year 2021": a sentence whose subject is a line's change explains that change;
# its amounts are causes, never the line's amount for a year
_EXPLAINED_CHANGE = re.compile(r"^\W*(?:the\s+)?(?:(?:year[- ]over[- ]year|overall|net)\s+)?(?:increase|decrease|"
                               r"change|rise|decline|growth|reduction|improvement)\s+in\b", re.I)


# ("Net increase in cash and cash equivalents was $X" states the line itself: no cause is given)
_A_CAUSE = re.compile(r"\b(?:due\s+to|driven\s+by|primarily|attributable\s+to|result(?:ed)?\s+(?:of|from)|offset\s+by|"
                      r"because\s+of|reflect(?:s|ed|ing)?)\b", re.I)


def check_prose_change(inputs: Sequence[CheckedInput], vocab: Vocabulary) -> CheckFailure | None:
    """A money line read from a sentence where its amount follows a verb of change ("increased
    $546 million") is the change, not the line's amount for the year; nor is an amount of a
    sentence that explains the line's change ("The increase in X was due to ...")."""
    for i in inputs:
        entry = vocab.metrics.get(i.metric)
        if i.from_table or entry is None or entry.unit != "USD":
            continue
        if _EXPLAINED_CHANGE.match(i.quote) and _A_CAUSE.search(i.quote):
            return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} comes from a sentence explaining a "
                                f"change (“{collapse_whitespace(i.quote)[:120]}”: {i.where()}), not the line's "
                                "amount for the year")
        for m in _CHANGE_AMOUNT.finditer(i.quote):
            scale = PROSE_SCALE.get((m.group("scale") or "").lower(), 1e-6)  # no scale word: whole units
            if i.number_convention != "us":
                stated = [a for a, _ in prose_amounts(i.quote[m.start():], i.number_convention)[:1] if a is not None]
                if stated and _same(stated[0], i.value):
                    return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} is the change a sentence "
                                        f"states (“{m.group(0)}”: {i.where()}), not the line's amount for the year")
                continue
            if _same(float(m.group("n").replace(",", "")) * scale, i.value):
                return CheckFailure(check=CITED, why=f"{_name(i)} {_amount(i.value)} is the change a sentence states "
                                    f"(“{m.group(0)}”: {i.where()}), not the line's amount for the year")
    return None


def check_change(old: float, new: float, stated_pct: float, label: str, rounding: float = 0.05) -> CheckFailure | None:
    """The change stated is the change the two cited values give (within the rounding of
    the stated figure)."""
    if old == 0:
        return None
    pct = (new - old) / abs(old) * 100
    if abs(pct - stated_pct) > rounding + 1e-6 * abs(pct) + 1e-9:
        return CheckFailure(check=CITED, why=f"the change in {label} stated ({stated_pct:+.1f}%) is not the "
                            f"change from {old:,.2f} to {new:,.2f} ({pct:+.1f}%)")
    return None


# --------------------------------------------------------------------------- plausible values


def _normal(formula: str) -> str:
    try:
        return ast.unparse(ast.parse(formula, mode="eval"))
    except SyntaxError:
        return formula


def bounds_for(metric: str, formula: str, unit: str, vocab: Vocabulary) -> tuple[str, Plausible] | None:
    """(what is bounded, its range) for a result: the vocabulary entry of the metric (or of
    the derived metric with the same formula: "capex as a % of revenue" is capex to
    revenue), else by its unit and shape (days; a line item as a share of revenue)."""
    entry = vocab.metrics.get(metric)
    if entry is None or entry.plausible is None:
        wanted = _normal(formula)
        entry = next((e for e in vocab.metrics.values()
                      if e.plausible is not None and e.formula and _normal(e.formula) == wanted), None)
    if entry is not None and entry.plausible is not None:
        return entry.label, entry.plausible
    if unit == "days":
        return "days", DAYS
    m = re.fullmatch(r"\s*([a-z_]+)\s*/\s*revenue\s*", formula)
    if m and m.group(1) == "total_assets":
        return "Total assets as a share of revenue", ASSETS_TO_REVENUE
    if m and m.group(1) in vocab.metrics:
        numerator = vocab.metrics[m.group(1)]
        if numerator.kind == "metric" and numerator.unit == "USD" and numerator.statement == "income_statement":
            return f"{numerator.label} as a share of revenue", SHARE_OF_REVENUE
    return None


def _range(p: Plausible, percent: bool) -> str:
    def one(x: float | None) -> str:
        if x is None:
            return "…"
        return f"{x * 100:g}%" if percent else f"{x:g}"
    return f"{one(p.low)} to {one(p.high)}"


def check_plausible(label: str, value: float, plausible: Plausible, percent: bool, shown: str) -> CheckFailure | None:
    """`value` in the metric's own unit (a ratio as a fraction); `percent`: show it as one."""
    if plausible.contains(value):
        return None
    return CheckFailure(check=PLAUSIBLE, why=f"{label} of {shown} is outside {_range(plausible, percent)}: "
                        f"{plausible.why}")


def size_metric(formula: str, vocab: Vocabulary) -> str | None:
    """The size a formula is (revenue, total assets ...), when it is one line item that is one."""
    name = formula.strip()
    entry = vocab.metrics.get(name)
    return name if entry is not None and entry.size else None


def check_size_change(label: str, change_pct: float) -> CheckFailure | None:
    if SIZE_CHANGE.contains(change_pct):
        return None
    return CheckFailure(check=PLAUSIBLE, why=f"a change in {label} of {change_pct:+,.1f}% is outside -99% to "
                        f"+500%: {SIZE_CHANGE.why}")


# --------------------------------------------------------------------------- the filing's own statement

_PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)\)?\s?%")  # "(99.5)%": a negative rate in parentheses
_NOT_THE_MEASURE = re.compile(
    r"\bsegments?\b|\badjusted\b|\bnon-gaap\b|\bexcluding\b|\bcore\b|\bquarter\b|\bstatutory\b", re.I)


class Stated(BaseModel):
    value: float  # percent, as printed
    decimals: int
    quote: str
    doc: str
    page: int


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _stated_in_rows(chunk: Chunk, keys: set[tuple[str, ...]], year: int) -> Stated | None:
    years: list[int] = []
    for line in chunk.text.splitlines():
        found = numbers.header_years(line)
        if found:
            years = found
            continue
        row = numbers.split_row(line, chunk.number_convention)
        if row is None or not row.percent or len(years) != len(row.values) or year not in years:
            continue
        if tuple(tokenize(numbers.normalize_label(row.label))) not in keys:
            continue
        if not_consolidated(line, chunk.text, "", annual=True) is not None:
            continue  # a segment's margin row is not the company's
        tokens = _PERCENT.findall(line)
        value = row.values[years.index(year)]
        if value is None or len(tokens) != len(row.values):
            continue
        return Stated(value=value, decimals=_decimals(tokens[years.index(year)]), quote=line.strip(),
                      doc=chunk.doc, page=chunk.page)
    return None


def _stated_in_prose(chunk: Chunk, wordings: list[str], year: int) -> Stated | None:
    """"Our effective tax rate was 24.0% in 2021": the measure named, then at once its
    figure ("... differed from the statutory rate of 21%" states another rate)."""
    if chunk.number_convention != "us":
        return None  # "91,9%" is 91.9, not the "9%" the pattern below would read
    for sentence in split_sentences(chunk.text):
        if len(_PERCENT.findall(sentence)) != 1 or _NOT_THE_MEASURE.search(sentence):
            continue
        if numbers.years_in(sentence) != {year}:
            continue
        for wording in wordings:
            named = r"\s+".join(re.escape(w) for w in wording.split())
            m = re.search(rf"\b{named}\s+(?:for\s+(?:fiscal\s+)?(?:year\s+)?\d{{4}}\s+)?(?:was|were|is|of|at)\s+"
                          r"(?:approximately\s+|about\s+)?(-?\d+(?:\.\d+)?)\s?%", sentence, re.I)
            if m is not None:
                return Stated(value=float(m.group(1)), decimals=_decimals(m.group(1)), quote=sentence.strip(),
                              doc=chunk.doc, page=chunk.page)
    return None


def stated_percent(metric: str, year: int, company: str | None, hits: Sequence[SearchHit],
                   vocab: Vocabulary) -> Stated | None:
    """The filing's own statement of a percent metric for the year (a row, else a sentence)."""
    entry = vocab.metrics.get(metric)
    if entry is None or entry.kind != "derived" or entry.unit != "ratio":
        return None
    wordings = [numbers.normalize_label(w) for w in entry.wordings]
    keys = {tuple(tokenize(w)) for w in wordings}
    chunks = [h.chunk for h in hits if company is None or (h.chunk.company or "").casefold() == company.casefold()]
    for chunk in chunks:
        if (found := _stated_in_rows(chunk, keys, year)) is not None:
            return found
    for chunk in chunks:
        if (found := _stated_in_prose(chunk, wordings, year)) is not None:
            return found
    return None


def check_stated(label: str, computed_pct: float, stated: Stated | None) -> CheckFailure | None:
    """The computed percent agrees with the one the filing states, within its rounding."""
    if stated is None:
        return None
    tolerance = 0.5 * 10 ** -stated.decimals + 0.1
    if abs(computed_pct - stated.value) <= tolerance:
        return None
    return CheckFailure(check=STATED, why=f"the filing states {label} of {stated.value:g}% ({stated.doc} "
                        f"p.{stated.page + 1}: “{collapse_whitespace(stated.quote)[:200]}”), but the figures "
                        f"read give {computed_pct:.1f}%")


# --------------------------------------------------------------------------- a meaningful base

# Amounts that are positive for a going concern: a ratio over one of them that is negative
# (a shareholders' deficit after years of buybacks) is not a measure an analyst reads.
_POSITIVE_BASES = ("equity", "total_assets")


def positive_bases(formula: str) -> list[str]:
    """The amounts positive for a going concern (equity, total assets) that divide `formula`."""
    if "/" not in formula:
        return []
    denominator = formula.rsplit("/", 1)[1]
    return [key for key in _POSITIVE_BASES if re.search(rf"\b{key}\b", denominator)]


def check_meaningful_base(formula: str, label: str, inputs: Sequence[CheckedInput],
                          vocab: Vocabulary) -> CheckFailure | None:
    """A ratio whose denominator (equity, total assets) is negative in every year read: the
    value can be computed but means nothing (return on a negative equity is not a return)."""
    for key in positive_bases(formula):
        values = [i for i in inputs if i.metric == key]
        if values and all(i.value < 0 for i in values):
            name = vocab.label(key) or key
            shown = "; ".join(f"FY{i.fiscal_year} {_amount(i.value)} ({i.where()})" for i in values)
            return CheckFailure(check=MEANINGFUL_BASE, why=f"{name} is negative (a deficit: {shown}), so {label} "
                                "is not a meaningful measure for this company")
    return None


# --------------------------------------------------------------------------- one statement


_CONTINUING = re.compile(r"\bcontinuing\b", re.I)


def _continuing(quote: str) -> bool:
    """ "Net cash provided by continuing operating activities" is another line than the
    statement's "Net cash provided by operating activities", which includes discontinued
    operations: the two amounts differ without coming from two statements."""
    return bool(_CONTINUING.search(_row_label(quote)))


# "Statement of operations (1): Net sales $ 423 $ 779": a table's caption run into its first row
_CAPTIONED_ROW = re.compile(r"^[^\n:$]{3,60}:\s+(?=[A-Z][^\n]*\d)", re.M)


def check_one_statement(inputs: Sequence[CheckedInput], vocab: Vocabulary,
                        hits: Sequence[SearchHit] = ()) -> CheckFailure | None:
    """Inputs of one statement, year and filing come from one table: when the table that gave
    one input prints another input's line with a different amount, the two were read from two
    statements (a combined 10-K prints the parent's and its subsidiary's income statements,
    each with its own "Interest expense")."""
    for a in inputs:
        statement = vocab.statement_of(a.metric)
        if statement is None or not a.context or not a.from_table:
            continue
        for b in inputs:
            if b is a or b.doc != a.doc or b.fiscal_year != a.fiscal_year or b.page == a.page or not b.from_table \
                    or vocab.statement_of(b.metric) != statement:
                continue
            # the table is the input's chunk and the retrieved chunks of the same page (a statement
            # is often cut into two chunks)
            page = [h.chunk.text for h in hits if h.chunk.doc == a.doc and h.chunk.page == a.page]
            text = _CAPTIONED_ROW.sub("", "\n".join(dict.fromkeys([a.context, *page])))
            table = Chunk(chunk_id="", doc=a.doc, doc_sha256="", index=0, page=a.page, page_end=a.page, text=text)
            there = read_aspect(table, Aspect(company=None, fiscal_year=b.fiscal_year, metric=b.metric), vocab)
            if there is not None and there.from_table and not _same(there.value, b.value) \
                    and _continuing(b.quote) == _continuing(there.quote):
                return CheckFailure(check=ONE_STATEMENT, why=f"{_name(b)} {_amount(b.value)} was read on {b.where()}, "
                                    f"but the statement that gives {_name(a)} ({a.where()}) prints it as "
                                    f"{_amount(there.value)} (“{collapse_whitespace(there.quote)}”): the inputs come "
                                    "from two different statements")
    return None


# --------------------------------------------------------------------------- period kind

# A table heading that spans a year ("Year Ended", "Years ended December 31", "Twelve Months
# Ended", "Fiscal Year"); QUARTERLY (answering.row_scope) names a quarter's.
_YEAR_SPAN = re.compile(r"\byears?\s+ended\b|\btwelve\s+months\b|\b12\s+months\b|\bfiscal\s+years?\b"
                        r"|\b(?:52|53)\s+weeks\b", re.I)


def check_period_kind(inputs: Sequence[CheckedInput], question: str, vocab: Vocabulary) -> CheckFailure | None:
    """A question asking a quarter's figure is not answered from a year's column: an
    income-statement or cash-flow input whose table headings span only years."""
    if not QUARTERLY[1].search(question):
        return None
    for i in inputs:
        if vocab.statement_of(i.metric) == "balance_sheet" or i.dated:
            continue
        if not i.from_table:
            # a sentence that tells a year's amount ("Revenue recognized during fiscal year 2024 ...
            # was $338 million") and names no quarter is not the quarter's figure either
            if (m := _YEAR_SPAN.search(i.quote)) and not QUARTERLY[1].search(i.quote):
                return CheckFailure(check=PERIOD_KIND, why=f"the question asks a quarter's figure, but {_name(i)} "
                                    f"({i.where()}) comes from a sentence about a year (“{m.group(0)}”: "
                                    f"“{collapse_whitespace(i.quote)[:200]}”)")
            continue
        if not i.context:
            continue
        headings = table_headings(i.context, i.quote)
        if any(_YEAR_SPAN.search(h) for h in headings) and not any(QUARTERLY[1].search(h) for h in headings):
            return CheckFailure(check=PERIOD_KIND, why=f"the question asks a quarter's figure, but {_name(i)} "
                                f"({i.where()}) comes from a table of years (headed “"
                                f"{collapse_whitespace(next(h for h in headings if _YEAR_SPAN.search(h)))}”)")
    return None


# --------------------------------------------------------------------------- asked period

# part of a year, as a question names it
_PART_YEAR = re.compile(r"\b(?:first|second)\s+half\b|\bhalf[\s-]+year\b|\b(?:six|nine|6|9)[\s-]+months?\b"
                        r"|\bfirst\s+nine\s+months\b|\b[12]H\b|\bH[12]\b", re.I)
_EN_MONTHS = {m: i + 1 for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july",
                                               "august", "september", "october", "november", "december"))}
_ALL_MONTHS = {**_EN_MONTHS, **OTHER_MONTHS}
_MONTH_NAME = "|".join(sorted(_ALL_MONTHS, key=len, reverse=True))
# "December 31, 2013", "31 Desember 2013", "Juni 30, 2012": a month and its day, either order
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})\s+({_MONTH_NAME})\b|\b({_MONTH_NAME})\s+(\d{{1,2}})\b", re.I)
_TITLE_LINES = 25  # a statement page's title block, a bilingual one's in both languages


def _page_dates(text: str) -> set[tuple[int, int]]:
    """(month, day) of the dates a statement page's title block names."""
    found: set[tuple[int, int]] = set()
    for m in _DAY_MONTH.finditer("\n".join(text.splitlines()[:_TITLE_LINES])):
        day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if 1 <= int(day) <= 31:
            found.add((_ALL_MONTHS[month.lower()], int(day)))
    return found


def check_asked_period(inputs: Sequence[CheckedInput], question: str, vocab: Vocabulary,
                       pages: dict[tuple[str, int], str]) -> CheckFailure | None:
    """Fiscal-year figures are not given for a question that asks part of a year, nor a balance
    from a page whose title dates its columns otherwise than the date the question asks.
    `pages`: each input's statement page text, (doc, page) -> text, where known."""
    annual = [i for i in inputs if not i.dated]
    if (m := _PART_YEAR.search(question)) and annual:
        i = annual[0]
        return CheckFailure(check=ASKED_PERIOD, why=f"the question asks part of a year (“{m.group(0)}”), but "
                            f"{_name(i)} ({i.where()}) is a fiscal year's figure")
    asked = {(int(d[5:7]), int(d[8:10])) for d in parse_dates(question)}
    if not asked:
        return None
    for i in annual:
        if vocab.statement_of(i.metric) != "balance_sheet":
            continue
        dated = _page_dates(pages.get((i.doc, i.page), "") or i.context)
        if dated and not dated & asked:
            return CheckFailure(check=ASKED_PERIOD, why=f"the question asks a balance at "
                                f"{', '.join(sorted(parse_dates(question)))}, but {_name(i)} ({i.where()}) is read "
                                "from a statement whose columns are dated otherwise")
    return None


# --------------------------------------------------------------------------- whole measure

_DEPRECIATION = re.compile(r"depreciation\b", re.I)
_AMORTIZATION = re.compile(r"amortization\b", re.I)
# The other part of D&A: amortization of intangibles (not of debt costs or contract costs,
# which no EBITDA adds back), or depreciation of any assets.
_OTHER_PART = {
    "amortization": re.compile(r"^amortization(?:\s+expense)?$|^amortization\b.*\bintangible", re.I),
    "depreciation": re.compile(r"^depreciation\b", re.I),
}


def other_part(label: str) -> re.Pattern[str] | None:
    """The row label pattern of the part of depreciation and amortization a row labelled `label`
    leaves out ("Depreciation" leaves out "Amortization of intangible assets"); None when the label
    names both parts or neither."""
    has_d, has_a = bool(_DEPRECIATION.search(label)), bool(_AMORTIZATION.search(label))
    if has_d == has_a:
        return None
    return _OTHER_PART["amortization" if has_d else "depreciation"]


def check_whole_measure(inputs: Sequence[CheckedInput]) -> CheckFailure | None:
    """Depreciation and amortization read from a row of one part while its table prints the
    other part on a row of its own."""
    for i in inputs:
        if i.metric != "depreciation_amortization" or not i.from_table or not i.context:
            continue
        labels = [_row_label(line) for line in i.quote.splitlines() if line.strip()]
        label = labels[0] if labels else i.quote
        if (other := other_part(" ".join(labels))) is None:
            continue  # both parts read, in one row or two (or neither named: nothing to tell)
        # (a formula that adds that row itself, "operating income plus depreciation plus amortization of intangible
        # assets", reads the whole)
        read = {collapse_whitespace(_row_label(j.quote)) for j in inputs if j is not i and j.quote}
        for line in i.context.splitlines():
            row = numbers.split_row(line.strip(), i.number_convention)
            if row is not None and row.label != label and other.search(row.label) \
                    and collapse_whitespace(row.label) not in read:
                return CheckFailure(check=WHOLE_MEASURE, why=f"{_name(i)} was read from the row “{label}” "
                                    f"({i.where()}), but its table prints “{collapse_whitespace(row.label)}” on a row "
                                    "of its own: depreciation and amortization is the two rows together")
    return None


# --------------------------------------------------------------------------- all together


def check_inputs(inputs: Sequence[CheckedInput], question: str, annual: bool, vocab: Vocabulary,
                 hits: Sequence[SearchHit] = ()) -> CheckFailure | None:
    """The input checks, first failure wins: consolidated rows, the measure asked (adjusted or
    GAAP), units and scale, cited values, one statement's inputs from one table."""
    return (check_consolidated(inputs, question, annual)
            or check_adjusted(inputs, question)
            or check_units_and_scale(inputs, vocab, hits)
            or check_cited_values(inputs, vocab)
            or check_period_kind(inputs, question, vocab)
            or check_whole_measure(inputs)
            or check_prose_balance(inputs, vocab)
            or check_prose_change(inputs, vocab)
            or check_one_statement(inputs, vocab, hits))


def found_text(inputs: Sequence[CheckedInput], vocab: Vocabulary) -> str:
    """What was read, for the unverified answer: each figure with its page and row."""
    parts = [f"{metric_label(i.metric, vocab)}{f' FY{i.fiscal_year}' if i.fiscal_year else ''} "
             f"{_amount(i.value) if (vocab.metrics.get(i.metric) and vocab.metrics[i.metric].unit == 'USD') else f'{i.value:,.2f}'}"
             f" ({i.where()}: “{collapse_whitespace(i.quote)[:160]}”)" for i in inputs]
    return "; ".join(parts)


def unverified(what: str, shown: str, failure: CheckFailure, inputs: Sequence[CheckedInput],
               citations: list[Citation], vocab: Vocabulary, flags: list[str] | None = None) -> WrittenAnswer:
    """A figure that failed a check: not given (status `unverified`, a refusal); the text
    says what was found, with pages, and why it is not trusted."""
    found = found_text(inputs, vocab)
    return WrittenAnswer(
        status="unverified",
        text=f"Not given: {what} computed as {shown} is not trusted, because {failure.why}."
             + (f" Found: {found}." if found else ""),
        citations=unique_citations(citations),
        reason=f"{failure.check}: {failure.why}",
        flags=[*(flags or []), failure.flag],
    )


def _name(i: CheckedInput) -> str:
    return f"{i.metric.replace('_', ' ')}{f' FY{i.fiscal_year}' if i.fiscal_year else ''}"


def _amount(millions: float) -> str:
    return f"{'-' if millions < 0 else ''}${abs(millions):,.1f}M"
