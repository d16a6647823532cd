"""Gold questions over a generated corpus, one builder per question type.

Answers are computed from the same integers the PDFs print, and each question carries
the pages its answer is printed on (`evidence`). Wording varies like an analyst's would
(possessives, tickers, "fiscal 2023" / "FY2023" / "the year ended June 30, 2023") so the
router and query understanding are not tuned to one template.

Conventions of the gold answers:
- money in $ millions, EPS in $ per share (what the statements print);
- "change" questions: percent change rounded to one decimal, or the difference in $ millions;
- averages and differences rounded to one decimal;
- comparisons and "which company" questions answer with the canonical short name;
- lists hold names exactly as printed; only "rank" questions are ordered.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from samples.companies import ABSENT_COMPANIES, Company
from samples.financials import YearFinancials
from samples.narrative import long_date
from samples.truth import EvidencePage, GoldQuestion, SampleTruth

# Per-type counts for the full 12 x 3 corpus (36 reports); smaller corpora scale down,
# but never below the minimum, so every type is present.
FULL_COUNTS = {
    "fact": (24, 6),
    "trend": (10, 3),
    "comparison": (8, 2),
    "relationship": (14, 5),
    "aggregation": (8, 3),
    "definition": (5, 2),
    "unanswerable": (5, 2),
}
FULL_DOCS = 36

STRATEGY = {
    "fact": "single",
    "trend": "iterative",
    "comparison": "iterative",
    "relationship": "graph",
    "aggregation": "graph",
    "definition": "direct",
    "unanswerable": "single",
}

# How analysts name each metric.
METRIC_PHRASES: dict[str, tuple[str, ...]] = {
    "revenue": ("revenue", "total revenue", "net revenue"),
    "cost_of_revenue": ("cost of revenue",),
    "gross_profit": ("gross profit",),
    "research_and_development": ("R&D expense", "research and development spending"),
    "sga": ("SG&A expense", "selling, general and administrative expense"),
    "operating_income": ("operating income", "income from operations"),
    "interest_expense": ("interest expense",),
    "pretax_income": ("income before income taxes", "pretax income"),
    "income_tax": ("income tax expense", "provision for income taxes"),
    "net_income": ("net income", "net earnings"),
    "eps_diluted": ("diluted EPS", "diluted earnings per share"),
    "eps_basic": ("basic EPS",),
    "cash": ("cash and cash equivalents", "cash balance"),
    "receivables": ("accounts receivable",),
    "inventories": ("inventories", "inventory balance"),
    "total_assets": ("total assets",),
    "current_liabilities": ("total current liabilities",),
    "long_term_debt": ("long-term debt",),
    "equity": ("total shareholders' equity",),
    "operating_cash_flow": ("operating cash flow", "cash from operations", "net cash provided by operating activities"),
    "depreciation_amortization": ("depreciation and amortization", "D&A"),
    "capex": ("capital expenditure", "capex", "purchases of property and equipment"),
    "dividends_paid": ("dividends paid",),
}
TREND_METRICS = ("revenue", "operating_income", "net_income", "operating_cash_flow", "total_assets", "capex")

DEFINITIONS = (
    ("What is EBITDA?",
     "EBITDA is earnings before interest, taxes, depreciation and amortization: operating income plus "
     "depreciation and amortization."),
    ("How is the quick ratio computed?",
     "Quick ratio = (cash and equivalents + marketable securities + accounts receivable) / current liabilities, "
     "i.e. current assets excluding inventories divided by current liabilities."),
    ("What does free cash flow mean?",
     "Free cash flow is operating cash flow minus capital expenditures."),
    ("How do you calculate gross margin?",
     "Gross margin = gross profit / revenue, where gross profit is revenue minus cost of revenue."),
    ("What is the current ratio?",
     "Current ratio = current assets / current liabilities."),
    ("Define the debt-to-equity ratio.",
     "Debt-to-equity = total debt (or total liabilities) / shareholders' equity."),
    ("What is operating margin?",
     "Operating margin = operating income / revenue."),
    ("What is diluted earnings per share?",
     "Diluted EPS = net income / weighted-average diluted shares outstanding, including dilutive securities."),
    ("What is return on equity?",
     "Return on equity (ROE) = net income / shareholders' equity."),
    ("What is a dividend payout ratio?",
     "Payout ratio = dividends paid / net income."),
)


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@dataclass
class _Context:
    companies: list[Company]
    financials: dict[str, dict[int, YearFinancials]]
    truth: SampleTruth
    rng: random.Random
    # (company, metric, year) -> pages printing the value, the year's own report first
    fact_pages: dict[tuple[str, str, int], list[EvidencePage]]
    relation_pages: dict[tuple[str, str], list[EvidencePage]]

    @property
    def years(self) -> list[int]:
        return self.truth.fiscal_years

    def fin(self, company: Company, year: int) -> YearFinancials:
        return self.financials[company.name][year]

    def period_end(self, company: Company, year: int) -> date:
        month, day = company.fiscal_year_end
        return date(year, month, day)

    def ref(self, company: Company) -> str:
        """The company as a user might name it: usually its name, sometimes its ticker."""
        return company.ticker if self.rng.random() < 0.2 else company.name

    def period(self, company: Company, year: int) -> str:
        return self.rng.choice(
            (f"FY{year}", f"fiscal {year}", f"fiscal year {year}",
             f"the year ended {long_date(self.period_end(company, year))}")
        )

    def evidence(self, company: Company, metrics: list[str], years: list[int]) -> list[EvidencePage]:
        pages: list[EvidencePage] = []
        for metric in metrics:
            for year in years:
                for page in self.fact_pages[(company.name, metric, year)]:
                    if page not in pages:
                        pages.append(page)
        return pages

    def printed_years(self, company: Company, metric: str) -> list[int]:
        """Years whose value of `metric` some report prints (own year or comparative)."""
        return sorted(y for (name, m, y) in self.fact_pages if name == company.name and m == metric)

    def relation_evidence(self, company: Company, predicate: str) -> list[EvidencePage]:
        return list(self.relation_pages[(company.name, predicate)])


def _index_pages(
    truth: SampleTruth,
) -> tuple[dict[tuple[str, str, int], list[EvidencePage]], dict[tuple[str, str], list[EvidencePage]]]:
    doc_year = {d.doc: d.fiscal_year for d in truth.documents}
    own: dict[tuple[str, str, int], list[EvidencePage]] = defaultdict(list)
    comparative: dict[tuple[str, str, int], list[EvidencePage]] = defaultdict(list)
    for f in truth.facts:
        # The year's own report is the primary evidence; comparatives in later reports follow.
        pages = own if doc_year[f.doc] == f.fiscal_year else comparative
        page = EvidencePage(doc=f.doc, page=f.page)
        if page not in pages[(f.company, f.metric, f.fiscal_year)]:
            pages[(f.company, f.metric, f.fiscal_year)].append(page)
    facts = {key: own[key] + comparative[key] for key in own.keys() | comparative.keys()}
    relations: dict[tuple[str, str], list[EvidencePage]] = defaultdict(list)
    for r in truth.relations:
        page = EvidencePage(doc=r.doc, page=r.page)
        if page not in relations[(r.subject, r.predicate)]:
            relations[(r.subject, r.predicate)].append(page)
    return facts, relations


# ----------------------------------------------------------------------------- builders


def _fact(ctx: _Context, i: int) -> GoldQuestion:
    company = ctx.companies[i % len(ctx.companies)]
    year = ctx.rng.choice(ctx.years)
    metric = ctx.rng.choice(sorted(METRIC_PHRASES))
    phrase = ctx.rng.choice(METRIC_PHRASES[metric])
    who, when = ctx.ref(company), ctx.period(company, year)
    if metric == "capex" and ctx.rng.random() < 0.5:
        text = f"How much did {who} spend on capex in {when}?"
    else:
        template = ctx.rng.choice((
            "What was {p} {m} in {t}?",
            "What did {w} report as {m} for {t}?",
            "{p} {m} for {t}?",
            "What figure did {w} report for {m} in {t}?",
        ))
        text = template.format(p=_possessive(who), m=phrase, t=when, w=who)
        text = text[0].upper() + text[1:]
    unit = {"eps_diluted": "USD/share", "eps_basic": "USD/share"}.get(metric, "USD millions")
    return GoldQuestion(
        id="", question=text, answer=ctx.fin(company, year).value(metric), type="fact",
        unit=unit, evidence=ctx.evidence(company, [metric], [year]),
    )


def _trend(ctx: _Context, i: int) -> GoldQuestion:
    company = ctx.rng.choice(ctx.companies)
    metric = ctx.rng.choice(TREND_METRICS)
    phrase = ctx.rng.choice(METRIC_PHRASES[metric])
    who = ctx.ref(company)
    last = ctx.rng.choice(ctx.years[1:] or ctx.years)
    first = last - 1
    new, old = ctx.fin(company, last).value(metric), ctx.fin(company, first).value(metric)
    kind = i % 3
    if kind == 0:
        text = ctx.rng.choice((
            f"By what percentage did {_possessive(who)} {phrase} change from FY{first} to FY{last}?",
            f"How did {_possessive(who)} {phrase} change from fiscal {first} to fiscal {last}, in percent?",
            f"What was {_possessive(who)} year-over-year growth in {phrase} in FY{last}?",
        ))
        answer, unit = round((new - old) / old * 100, 1), "percent"
        years = [first, last]
    elif kind == 1:
        span = ctx.years if len(ctx.years) >= 2 else ctx.printed_years(company, metric)
        values = [ctx.fin(company, y).value(metric) for y in span]
        text = f"What was {_possessive(who)} average {phrase} over FY{span[0]}-FY{span[-1]}?"
        answer, unit, years = round(sum(values) / len(values), 1), "USD millions", span
    else:
        text = f"How much did {_possessive(who)} {phrase} change from FY{first} to FY{last}, in millions of dollars?"
        answer, unit, years = round(new - old, 1), "USD millions", [first, last]
    return GoldQuestion(id="", question=text, answer=answer, type="trend", unit=unit,
                        evidence=ctx.evidence(company, [metric], years))


def _margin(fin: YearFinancials, metric: str) -> float:
    numerator = fin.gross_profit if metric == "gross margin" else fin.operating_income
    return numerator / fin.revenue


def _comparison(ctx: _Context, i: int) -> GoldQuestion:
    a, b = ctx.rng.sample(ctx.companies, 2)
    year = ctx.rng.choice(ctx.years)
    if i % 2 == 0:
        measure = ctx.rng.choice(("gross margin", "operating margin"))
        winner = a if _margin(ctx.fin(a, year), measure) > _margin(ctx.fin(b, year), measure) else b
        text = ctx.rng.choice((
            f"Which had higher FY{year} {measure}, {ctx.ref(a)} or {ctx.ref(b)}?",
            f"Did {a.name} or {b.name} have the better {measure} in fiscal {year}?",
        ))
        metrics = ["gross_profit" if measure == "gross margin" else "operating_income", "revenue"]
        evidence = ctx.evidence(a, metrics, [year]) + ctx.evidence(b, metrics, [year])
        return GoldQuestion(id="", question=text, answer=winner.name, type="comparison", unit=None,
                            evidence=evidence)
    metric = ctx.rng.choice(("net_income", "revenue", "operating_cash_flow", "total_assets"))
    phrase = METRIC_PHRASES[metric][0]
    big, small = sorted((a, b), key=lambda c: ctx.fin(c, year).value(metric), reverse=True)
    difference = round(ctx.fin(big, year).value(metric) - ctx.fin(small, year).value(metric), 1)
    text = ctx.rng.choice((
        f"By how much did {_possessive(big.name)} FY{year} {phrase} exceed {_possessive(small.name)}?",
        f"Compare {_possessive(big.name)} and {_possessive(small.name)} fiscal {year} {phrase}: "
        "what is the difference in millions?",
    ))
    evidence = ctx.evidence(big, [metric], [year]) + ctx.evidence(small, [metric], [year])
    return GoldQuestion(id="", question=text, answer=difference, type="comparison", unit="USD millions",
                        evidence=evidence)


def _relationship(ctx: _Context, i: int) -> GoldQuestion:
    company = ctx.companies[(i * 5 + 1) % len(ctx.companies)]
    who = ctx.ref(company)
    kind = ("auditor", "shared_auditor", "competitor", "cfo", "segment", "ceo", "brand", "named_by")[i % 8]
    if kind == "shared_auditor":
        peers = [c for c in ctx.companies if c.auditor == company.auditor and c != company]
        if peers:
            evidence = [p for c in (company, *peers) for p in ctx.relation_evidence(c, "auditor")]
            return GoldQuestion(id="", question=f"Which other companies share {_possessive(who)} auditor?",
                                answer=[c.name for c in peers], type="relationship", evidence=evidence)
        kind = "auditor"
    if kind == "named_by":
        rivals = [c for c in ctx.companies if company.name in c.competitors]
        if rivals:
            evidence = [p for c in rivals for p in ctx.relation_evidence(c, "competitor")]
            return GoldQuestion(id="", question=f"Which companies name {company.name} as a competitor?",
                                answer=[c.name for c in rivals], type="relationship", evidence=evidence)
        kind = "subsidiary"
    templates, answer = {
        "auditor": ((f"Who audits {who}?", f"Which firm is {_possessive(who)} independent auditor?"),
                    company.auditor),
        "competitor": ((f"Which competitors does {who} name?", f"Who does {who} list as its principal competitors?"),
                       list(company.competitors)),
        "cfo": ((f"Who is the CFO of {who}?", f"Who is {_possessive(who)} chief financial officer?"), company.cfo),
        "ceo": ((f"Who is the CEO of {who}?", f"Who runs {who} as chief executive officer?"), company.ceo),
        "segment": ((f"What segments does {who} report?", f"What are {_possessive(who)} reportable segments?"),
                    list(company.segments)),
        "brand": ((f"What brands does {who} sell under?", f"Which brands does {who} own?"), list(company.brands)),
        "subsidiary": ((f"What are the principal subsidiaries of {who}?",), list(company.subsidiaries)),
    }[kind]
    return GoldQuestion(id="", question=ctx.rng.choice(templates), answer=answer, type="relationship",
                        evidence=ctx.relation_evidence(company, kind))


def _threshold(values: list[float]) -> int | None:
    """A whole-percent threshold with some values on each side and none within 0.5 points."""
    candidates = []
    for t in range(1, 100):
        above = sum(v > t for v in values)
        if 0 < above < len(values) and all(abs(v - t) >= 0.5 for v in values):
            candidates.append((abs(above - len(values) / 2), t))
    return min(candidates)[1] if candidates else None


def _aggregation(ctx: _Context, i: int) -> GoldQuestion:
    year = ctx.rng.choice(ctx.years[1:] or ctx.years)  # growth questions also need the year before
    everyone = ctx.companies
    kind = i % 4
    if kind == 0:
        margins = [ctx.fin(c, year).operating_income / ctx.fin(c, year).revenue * 100 for c in everyone]
        threshold = _threshold(margins)
        if threshold is not None:
            winners = [c.name for c, m in zip(everyone, margins, strict=True) if m > threshold]
            evidence = [p for c in everyone for p in ctx.evidence(c, ["operating_income", "revenue"], [year])]
            return GoldQuestion(
                id="", question=f"Which companies had an operating margin above {threshold}% in FY{year}?",
                answer=winners, type="aggregation", unit=None, evidence=evidence)
        kind = 1
    if kind == 1:
        metric = ctx.rng.choice(("revenue", "net_income", "total_assets"))
        best = max(everyone, key=lambda c: ctx.fin(c, year).value(metric))
        phrase = METRIC_PHRASES[metric][0]
        return GoldQuestion(
            id="", question=f"Which company had the highest {phrase} in FY{year}?", answer=best.name,
            type="aggregation", unit=None,
            evidence=[p for c in everyone for p in ctx.evidence(c, [metric], [year])])
    if kind == 2:
        prior = year - 1
        growth = {c.name: ctx.fin(c, year).revenue / ctx.fin(c, prior).revenue for c in everyone}
        ranking = sorted(growth, key=growth.get, reverse=True)
        return GoldQuestion(
            id="", question=f"Rank the companies by revenue growth from FY{prior} to FY{year}, highest first.",
            answer=ranking, type="aggregation", unit="ranking",
            evidence=[p for c in everyone for p in ctx.evidence(c, ["revenue"], [prior, year])])
    sectors = sorted({c.sector for c in everyone})
    sector = ctx.rng.choice(sectors)
    members = [c for c in everyone if c.sector == sector]
    total = round(sum(ctx.fin(c, year).value("revenue") for c in members), 1)
    return GoldQuestion(
        id="", question=f"What was the combined revenue of the {sector} companies in FY{year}?",
        answer=total, type="aggregation", unit="USD millions",
        evidence=[p for c in members for p in ctx.evidence(c, ["revenue"], [year])])


def _definition(ctx: _Context, i: int) -> GoldQuestion:
    question, answer = DEFINITIONS[i % len(DEFINITIONS)]
    return GoldQuestion(id="", question=question, answer=answer, type="definition", unit=None)


def _unanswerable(ctx: _Context, i: int) -> GoldQuestion:
    company = ctx.rng.choice(ctx.companies)
    missing_year = min(ctx.years) - 8  # far before any comparative column
    kind = i % 3
    if kind == 0:
        text = f"What was {_possessive(ABSENT_COMPANIES[i % len(ABSENT_COMPANIES)])} revenue in FY{max(ctx.years)}?"
    elif kind == 1:
        text = f"What was {_possessive(company.name)} revenue in FY{missing_year}?"
    else:
        text = f"Who audits {ABSENT_COMPANIES[(i + 1) % len(ABSENT_COMPANIES)]}?"
    return GoldQuestion(id="", question=text, answer=None, type="unanswerable", unit=None, answerable=False)


BUILDERS: dict[str, Callable[[_Context, int], GoldQuestion]] = {
    "fact": _fact,
    "trend": _trend,
    "comparison": _comparison,
    "relationship": _relationship,
    "aggregation": _aggregation,
    "definition": _definition,
    "unanswerable": _unanswerable,
}


def build_questions(
    companies: list[Company],
    financials: dict[str, dict[int, YearFinancials]],
    truth: SampleTruth,
    seed: int,
) -> list[GoldQuestion]:
    facts, relations = _index_pages(truth)
    ctx = _Context(companies, financials, truth, random.Random(f"{seed}:questions"), facts, relations)
    questions: list[GoldQuestion] = []
    seen: set[str] = set()
    for qtype, (full, minimum) in FULL_COUNTS.items():
        wanted = max(minimum, round(full * len(truth.documents) / FULL_DOCS))
        made, attempt = 0, 0
        while made < wanted and attempt < wanted * 10:
            question = BUILDERS[qtype](ctx, attempt)
            attempt += 1
            if question.question in seen:
                continue
            seen.add(question.question)
            made += 1
            question.id = f"{qtype}-{made:03d}"
            question.expected_strategy = STRATEGY[qtype]
            questions.append(question)
    return questions
