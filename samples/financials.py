"""Consistent three-statement financials for one fictional company, year by year.

All money is kept in integer tenths of a million dollars (the precision the reports
print: "$1,234.5 million"), so every subtotal is exact: gross profit is revenue minus
cost to the last printed digit, the balance sheet balances, and cash at the end of the
year equals cash at the beginning plus the year's cash flows. Floats only appear at the
boundary (`YearFinancials.value`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from samples.companies import SECTORS, Company

# Truth metric key -> unit of the value `YearFinancials.value` returns.
METRIC_UNITS: dict[str, str] = {
    "revenue": "USD",
    "cost_of_revenue": "USD",
    "gross_profit": "USD",
    "research_and_development": "USD",
    "sga": "USD",
    "operating_income": "USD",
    "interest_expense": "USD",
    "pretax_income": "USD",
    "income_tax": "USD",
    "net_income": "USD",
    "eps_basic": "USD/share",
    "eps_diluted": "USD/share",
    "shares_weighted": "shares",
    "cash": "USD",
    "receivables": "USD",
    "inventories": "USD",
    "current_assets": "USD",
    "ppe_net": "USD",
    "total_assets": "USD",
    "accounts_payable": "USD",
    "current_liabilities": "USD",
    "long_term_debt": "USD",
    "total_liabilities": "USD",
    "equity": "USD",
    "operating_cash_flow": "USD",
    "depreciation_amortization": "USD",
    "capex": "USD",
    "dividends_paid": "USD",
}

# Fields in cents rather than tenths of a million.
_PER_SHARE = {"eps_basic", "eps_diluted"}


@dataclass(frozen=True)
class YearFinancials:
    """One fiscal year. Money: tenths of $ million; shares: tenths of a million; EPS: cents."""

    fiscal_year: int
    # statement of operations
    revenue: int
    cost_of_revenue: int
    gross_profit: int
    research_and_development: int
    sga: int
    operating_income: int
    interest_expense: int
    pretax_income: int
    income_tax: int
    net_income: int
    shares_weighted: int
    shares_diluted: int
    eps_basic: int
    eps_diluted: int
    # balance sheet (end of year)
    cash: int
    receivables: int
    inventories: int
    other_current_assets: int
    current_assets: int
    ppe_net: int
    goodwill: int
    other_assets: int
    total_assets: int
    accounts_payable: int
    accrued_liabilities: int
    current_liabilities: int
    long_term_debt: int
    other_liabilities: int
    total_liabilities: int
    equity: int
    # cash flows (outflows stored positive; the report prints them in parentheses)
    depreciation_amortization: int
    other_operating: int
    operating_cash_flow: int
    capex: int
    other_investing: int  # signed: positive is an inflow
    investing_cash_flow: int  # signed
    dividends_paid: int
    debt_change: int  # signed: proceeds minus repayments
    other_financing: int  # signed: share repurchases and other
    financing_cash_flow: int  # signed
    cash_begin: int
    # segment note: revenue per segment, in the order of Company.segments
    segment_revenue: tuple[int, ...]

    def value(self, metric: str) -> float:
        """A truth metric as FinRAG reports it: $ millions, $ per share, or millions of shares."""
        raw = getattr(self, metric)
        return round(raw / 100, 2) if metric in _PER_SHARE else round(raw / 10, 1)

    @property
    def net_change_in_cash(self) -> int:
        return self.cash - self.cash_begin


def _tenths(millions: float) -> int:
    return round(millions * 10)


def simulate(company: Company, first_year: int, last_year: int, seed: int) -> dict[int, YearFinancials]:
    """Financials for first_year..last_year, each year grown from the one before.

    The caller asks for two extra years before the first report so that every report
    can show three years of operations and cash flows as comparatives.
    """
    # A string seed is hashed deterministically by `random` (unlike hash()).
    rng = random.Random(f"{seed}:{company.slug}")
    p = SECTORS[company.sector]
    u = rng.uniform

    base_growth = u(*p.growth)
    gross_margin = u(*p.gross_margin)
    rnd_share, sga_share = u(*p.rnd_share), u(*p.sga_share)
    capex_share = u(*p.capex_share)
    inventory_days = u(*p.inventory_days)
    receivable_days, payable_days = u(35, 60), u(30, 55)
    payout = u(*p.payout)
    tax_rate, interest_rate = u(0.19, 0.25), u(0.03, 0.05)
    cash_ratio, dilution = u(0.08, 0.22), u(0.005, 0.025)
    segment_weights = [u(1.0, 3.0) for _ in company.segments]
    segment_growth = [u(-0.04, 0.04) for _ in company.segments]

    # State before first_year.
    revenue = u(*p.revenue_millions)
    ppe = _tenths(revenue * u(0.3, 0.8) * (2.5 if company.sector == "Energy" else 1.0))
    debt = _tenths(revenue * u(0.15, 0.4))
    cash = _tenths(revenue * cash_ratio)
    goodwill = _tenths(revenue * u(0.15, 0.45))
    shares = _tenths(u(80, 600))

    years: dict[int, YearFinancials] = {}
    revenue_t = _tenths(revenue)
    for year in range(first_year, last_year + 1):
        growth = base_growth + u(-0.035, 0.035)
        revenue_t = round(revenue_t * (1 + growth))
        margin = gross_margin + u(-0.015, 0.015)
        cost = round(revenue_t * (1 - margin))
        gross = revenue_t - cost
        rnd = round(revenue_t * rnd_share * u(0.95, 1.05))
        sga = round(revenue_t * sga_share * u(0.95, 1.05))
        operating = gross - rnd - sga
        interest = round(debt * interest_rate)
        pretax = operating - interest
        tax = round(pretax * tax_rate)
        net = pretax - tax
        if net <= 0:
            raise AssertionError(f"{company.name} {year}: profile produced a loss; widen margins")
        shares = round(shares * (1 + u(-0.02, 0.01)))
        shares_dil = round(shares * (1 + dilution))

        depreciation = round(ppe * u(0.10, 0.14))
        capex = round(revenue_t * capex_share * u(0.85, 1.15))
        ppe = ppe + capex - depreciation
        new_debt = round(debt * (1 + u(-0.12, 0.10)))
        dividends = round(net * payout)
        ocf = round((net + depreciation) * (1 + u(-0.08, 0.15)))
        other_investing = round(revenue_t * u(-0.01, 0.005))
        investing = -capex + other_investing
        new_cash = round(revenue_t * cash_ratio * u(0.85, 1.15))
        # Share repurchases and other financing close the cash roll-forward.
        other_financing = new_cash - (cash + ocf + investing - dividends + (new_debt - debt))
        financing = -dividends + (new_debt - debt) + other_financing

        receivables = round(revenue_t * receivable_days / 365)
        inventories = round(cost * inventory_days / 365)
        other_current = round(revenue_t * 0.03)
        current_assets = new_cash + receivables + inventories + other_current
        other_assets = round(revenue_t * 0.05)
        total_assets = current_assets + ppe + goodwill + other_assets
        payables = round(cost * payable_days / 365)
        accrued = round(revenue_t * 0.06)
        current_liabilities = payables + accrued
        other_liabilities = round(revenue_t * 0.04)
        total_liabilities = current_liabilities + new_debt + other_liabilities
        equity = total_assets - total_liabilities
        if equity <= 0:
            raise AssertionError(f"{company.name} {year}: negative equity; adjust the profile")

        segment_growth = [g + u(-0.01, 0.01) for g in segment_growth]
        segment_weights = [w * (1 + g) for w, g in zip(segment_weights, segment_growth, strict=True)]
        total_weight = sum(segment_weights)
        segments = [round(revenue_t * w / total_weight) for w in segment_weights[:-1]]
        segments.append(revenue_t - sum(segments))  # segments add up to revenue exactly

        years[year] = YearFinancials(
            fiscal_year=year,
            revenue=revenue_t, cost_of_revenue=cost, gross_profit=gross,
            research_and_development=rnd, sga=sga, operating_income=operating,
            interest_expense=interest, pretax_income=pretax, income_tax=tax, net_income=net,
            shares_weighted=shares, shares_diluted=shares_dil,
            eps_basic=round(100 * net / shares), eps_diluted=round(100 * net / shares_dil),
            cash=new_cash, receivables=receivables, inventories=inventories,
            other_current_assets=other_current, current_assets=current_assets, ppe_net=ppe,
            goodwill=goodwill, other_assets=other_assets, total_assets=total_assets,
            accounts_payable=payables, accrued_liabilities=accrued,
            current_liabilities=current_liabilities, long_term_debt=new_debt,
            other_liabilities=other_liabilities, total_liabilities=total_liabilities, equity=equity,
            depreciation_amortization=depreciation, other_operating=ocf - net - depreciation,
            operating_cash_flow=ocf, capex=capex, other_investing=other_investing,
            investing_cash_flow=investing, dividends_paid=dividends, debt_change=new_debt - debt,
            other_financing=other_financing, financing_cash_flow=financing, cash_begin=cash,
            segment_revenue=tuple(segments),
        )
        cash, debt = new_cash, new_debt
    return years
