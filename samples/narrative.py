"""The prose of a report: Item 1 (business), Item 1A (risks), Item 7 (MD&A), auditor's report.

Text is returned as `Block`s; a block that states a relation (auditor, segment, CEO...)
carries it, so the renderer can record the page the sentence landed on. Every number
in the MD&A is computed from the same integers the statements print, so the narrative
is true ("Revenue increased 8.2% to $1,234.5 million") to the printed digit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date

from samples.companies import Company
from samples.financials import YearFinancials


@dataclass(frozen=True)
class Block:
    kind: str  # "heading" (an Item), "subheading", "text"
    text: str
    relations: tuple[tuple[str, str], ...] = field(default=())  # (predicate, object)


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def money(tenths: int) -> str:
    """Prose amount: '$1,234.5 million'."""
    return f"${tenths / 10:,.1f} million"


def percent_change(new: int, old: int) -> float:
    return round((new - old) / old * 100, 1)


def long_date(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def _join(items: tuple[str, ...] | list[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _change(label: str, new: int, old: int, prior_label: str) -> str:
    """'Revenue increased 8.2% to $1,234.5 million from $1,141.1 million in fiscal 2022.'"""
    change = percent_change(new, old)
    if change == 0:
        return f"{label} was essentially unchanged at {money(new)}."
    verb = "increased" if change > 0 else "decreased"
    return f"{label} {verb} {abs(change):.1f}% to {money(new)} from {money(old)} in {prior_label}."


# ----------------------------------------------------------------------------- Item 1


def business(company: Company, fiscal_year: int) -> list[Block]:
    c = company
    return [
        Block("heading", "PART I"),
        Block("heading", "Item 1. Business"),
        Block("subheading", "General"),
        Block(
            "text",
            f'{c.legal_name} ("{c.name}," the "Company," "we," "us" or "our") {c.description}. '
            f"The Company is headquartered in {c.headquarters} and its common stock trades on the "
            f"{c.exchange} under the symbol {c.ticker}.",
        ),
        Block("text", f"{c.name} operates in the {c.sector} sector.", (("sector", c.sector),)),
        Block("subheading", "Segments"),
        Block(
            "text",
            f"We manage our business in {_NUMBER_WORDS[len(c.segments)]} reportable segments: {_join(c.segments)}. "
            f"Revenue by segment for fiscal {fiscal_year} is presented in the notes to the "
            "consolidated financial statements.",
            tuple(("segment", s) for s in c.segments),
        ),
        Block("subheading", "Subsidiaries"),
        Block(
            "text",
            f"Our principal operating subsidiaries are {_join(c.subsidiaries)}, each wholly owned "
            "by the Company.",
            tuple(("subsidiary", s) for s in c.subsidiaries),
        ),
        Block("subheading", "Brands"),
        Block(
            "text",
            f"We sell our products under the {_join(c.brands)} "
            f"{'brand' if len(c.brands) == 1 else 'brands'}, which we believe are well recognized "
            "by our customers.",
            tuple(("brand", b) for b in c.brands),
        ),
        Block("subheading", "Competition"),
        Block(
            "text",
            f"The markets we serve are highly competitive. Our principal competitors include "
            f"{_join(c.competitors)}. We compete on the basis of product performance, price, "
            "service and the strength of our brands.",
            tuple(("competitor", x) for x in c.competitors),
        ),
        Block("subheading", "Executive Officers"),
        Block(
            "text",
            f"{c.ceo} serves as our Chief Executive Officer and a member of the Board of Directors.",
            (("ceo", c.ceo),),
        ),
        Block("text", f"{c.cfo} serves as our Chief Financial Officer.", (("cfo", c.cfo),)),
    ]


# ----------------------------------------------------------------------------- Item 1A

_GENERIC_RISKS = (
    ("Economic conditions could reduce demand for our products.",
     "A slowdown in economic growth, higher interest rates or inflation could lead our customers to delay or "
     "reduce purchases, which could adversely affect our revenue, margins and cash flows."),
    ("We face intense competition.",
     "Competitors may introduce products at lower prices or with better features, and some have greater "
     "financial and marketing resources than we do. Pricing pressure could reduce our gross margin."),
    ("Disruptions in our supply chain could harm our operations.",
     "We rely on a limited number of suppliers for certain components and materials. Shortages, "
     "transportation delays or supplier failures could increase costs and delay deliveries."),
    ("Cybersecurity incidents could disrupt our business.",
     "Our information systems may be subject to attacks, intrusions or outages that could interrupt "
     "operations, expose confidential information and result in regulatory penalties."),
    ("Our indebtedness could limit our flexibility.",
     "Our long-term debt requires interest payments and contains covenants that may restrict our ability "
     "to pay dividends, make acquisitions or respond to changes in our industry."),
    ("Changes in tax laws could affect our results.",
     "We are subject to income taxes in the United States and other jurisdictions. Changes in tax rates or "
     "interpretations could increase our effective tax rate."),
    ("We may not successfully integrate acquisitions.",
     "Acquisitions involve risks, including difficulties integrating operations, retaining key employees "
     "and realizing expected synergies, and could result in impairment charges."),
    ("Currency fluctuations may affect our reported results.",
     "A portion of our revenue and expenses is denominated in currencies other than the U.S. dollar, and a "
     "stronger dollar could reduce our reported revenue and earnings."),
)

_SECTOR_RISKS = {
    "Technology": ("Rapid technological change could make our products obsolete.",
                   "If we fail to anticipate changes in technology or customer requirements, demand for our "
                   "products and services could decline."),
    "Consumer Staples": ("Higher commodity costs could reduce our margins.",
                         "We purchase grains, sugar, packaging and energy whose prices fluctuate, and we may not "
                         "be able to pass cost increases on to customers."),
    "Industrials": ("Cyclical demand in our end markets could reduce our sales.",
                    "Construction, transportation and manufacturing activity are cyclical, and downturns "
                    "reduce orders for equipment and services."),
    "Health Care": ("Regulatory approvals may be delayed or denied.",
                    "Our products are subject to extensive regulation, and delays in clearance or approval "
                    "could prevent or postpone sales."),
    "Energy": ("Volatile commodity prices affect our revenue.",
               "Prices for crude oil, natural gas and electricity are volatile and outside our control, and a "
               "sustained decline would reduce revenue and cash flows."),
    "Retail": ("Changes in consumer spending could reduce our sales.",
               "Our results depend on discretionary spending, store traffic and online conversion, which are "
               "affected by consumer confidence and seasonal patterns."),
}


def risk_factors(company: Company, seed: int) -> list[Block]:
    rng = random.Random(f"{seed}:{company.slug}:risks")
    risks = [_SECTOR_RISKS[company.sector], *rng.sample(_GENERIC_RISKS, 5)]
    blocks = [
        Block("heading", "Item 1A. Risk Factors"),
        Block(
            "text",
            "Investing in our securities involves risks. You should carefully consider the risks described "
            f"below, together with the other information in this report, before investing in {company.name}.",
        ),
    ]
    for title, body in risks:
        blocks += [Block("subheading", title), Block("text", body)]
    return blocks


# ----------------------------------------------------------------------------- Item 7


def mdna(
    company: Company,
    current: YearFinancials,
    prior: YearFinancials,
    period_end: date,
    injection: str | None = None,
) -> list[Block]:
    c, cur, pri = company, current, prior
    fy, prior_label = cur.fiscal_year, f"fiscal {prior.fiscal_year}"
    margin = round(cur.gross_profit / cur.revenue * 100, 1)
    prior_margin = round(pri.gross_profit / pri.revenue * 100, 1)
    op_margin = round(cur.operating_income / cur.revenue * 100, 1)
    rnd_share = round(cur.research_and_development / cur.revenue * 100, 1)
    segment_sentences = " ".join(
        _change(f"Revenue from the {name} segment", new, old, prior_label)
        for name, new, old in zip(c.segments, cur.segment_revenue, pri.segment_revenue, strict=True)
    )
    blocks = [
        Block("heading", "PART II"),
        Block("heading", "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations"),
        Block(
            "text",
            "The following discussion should be read together with our consolidated financial statements and "
            f"related notes included in Item 8. Fiscal {fy} refers to the fiscal year ended "
            f"{long_date(period_end)}.",
        ),
        Block("subheading", "Results of Operations"),
        Block("text", _change(f"Revenue for fiscal {fy}", cur.revenue, pri.revenue, prior_label) + " " + segment_sentences),
        Block(
            "text",
            f"Gross margin was {margin:.1f}% of revenue, compared with {prior_margin:.1f}% in {prior_label}. "
            f"Research and development expense was {money(cur.research_and_development)}, or {rnd_share:.1f}% "
            f"of revenue, and selling, general and administrative expense was {money(cur.sga)}.",
        ),
        Block(
            "text",
            _change("Operating income", cur.operating_income, pri.operating_income, prior_label)
            + f" Operating margin was {op_margin:.1f}%.",
        ),
        Block(
            "text",
            f"Net income was {money(cur.net_income)}, or ${cur.eps_diluted / 100:.2f} per diluted share, compared "
            f"with {money(pri.net_income)}, or ${pri.eps_diluted / 100:.2f} per diluted share, in {prior_label}. "
            f"The provision for income taxes was {money(cur.income_tax)}.",
        ),
        Block("subheading", "Liquidity and Capital Resources"),
        Block(
            "text",
            f"Net cash provided by operating activities was {money(cur.operating_cash_flow)} in fiscal {fy}, "
            f"compared with {money(pri.operating_cash_flow)} in {prior_label}. Capital expenditures were "
            f"{money(cur.capex)}, compared with {money(pri.capex)} in {prior_label}. We paid dividends of "
            f"{money(cur.dividends_paid)} to shareholders.",
        ),
        Block(
            "text",
            f"As of {long_date(period_end)}, we had cash and cash equivalents of {money(cur.cash)} and "
            f"long-term debt of {money(cur.long_term_debt)}. We believe our cash, cash flows from operations "
            "and available credit will be sufficient to meet our needs for at least the next twelve months.",
        ),
        Block("subheading", "Outlook"),
        Block(
            "text",
            f"We expect demand in our {c.segments[0]} segment to remain healthy and will continue to invest in "
            "our products, our people and our operations.",
        ),
    ]
    if injection:
        blocks.append(Block("text", injection))
    blocks += [
        Block("subheading", "Critical Accounting Estimates"),
        Block(
            "text",
            "The preparation of financial statements requires estimates that affect reported amounts, including "
            "revenue recognition, inventory valuation, goodwill impairment testing and income taxes. Actual results "
            "could differ from these estimates.",
        ),
    ]
    return blocks


# ----------------------------------------------------------------------------- Item 8


def auditor_report(company: Company, period_end: date, fiscal_year: int, seed: int) -> list[Block]:
    c = company
    since = 1995 + random.Random(f"{seed}:{c.slug}:audit").randrange(20)
    signed = date(period_end.year + (period_end.month + 2) // 12, (period_end.month + 1) % 12 + 1, 20)
    return [
        Block("heading", "Item 8. Financial Statements and Supplementary Data"),
        Block("subheading", "Report of Independent Registered Public Accounting Firm"),
        Block("text", f"To the Shareholders and the Board of Directors of {c.legal_name}"),
        Block("subheading", "Opinion on the Financial Statements"),
        Block(
            "text",
            f"We have audited the accompanying consolidated balance sheets of {c.legal_name} and subsidiaries "
            f"(the Company) as of {long_date(period_end)} and {long_date(period_end.replace(year=period_end.year - 1))}, "
            "the related consolidated statements of operations and cash flows for each of the three years in the "
            f"period ended {long_date(period_end)}, and the related notes. In our opinion, the financial statements "
            "present fairly, in all material respects, the financial position of the Company and the results of its "
            "operations and its cash flows in conformity with U.S. generally accepted accounting principles.",
        ),
        Block("subheading", "Basis for Opinion"),
        Block(
            "text",
            "These financial statements are the responsibility of the Company's management. Our responsibility is to "
            "express an opinion on these financial statements based on our audits. We conducted our audits in "
            "accordance with the standards of the Public Company Accounting Oversight Board (United States).",
        ),
        Block("text", f"/s/ {c.auditor}", (("auditor", c.auditor),)),
        Block(
            "text",
            f"We have served as the Company's auditor since {since}. {c.auditor_city}, {long_date(signed)}",
        ),
    ]
