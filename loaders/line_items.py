"""Line-item rules: how a statement row's label is spelled in a table, per vocabulary metric.

Patterns are regexes over the letters-only, lower-case label (loaders.facts.letters), in
priority order: per statement page the first row of the highest-priority wording wins.
"""

from __future__ import annotations

from dataclasses import dataclass

Statement = str  # "income_statement" | "balance_sheet" | "cash_flow"


@dataclass(frozen=True)
class LineItem:
    metric: str  # vocabulary key
    statement: Statement
    patterns: tuple[str, ...]  # regexes over the letters-only label, in priority order
    unit: str = "USD"
    positive: bool = False  # store the amount spent (capex, dividends) as a positive number
    secondary: bool = False  # a second source (cash flow's "Net income"): used only when the primary has no value


def _rx(*alts: str) -> tuple[str, ...]:
    return tuple(f"^(?:{a})$" for a in alts)


LINE_ITEMS: tuple[LineItem, ...] = (
    # ---- income statement
    LineItem("revenue", "income_statement", _rx(
        "totalnet(?:sales|revenues?)", "total(?:revenues?|sales)", "totalnetsalesandrevenues?",
        "net(?:sales|revenues?)", "revenues?", "sales", "netsalesandrevenues?",
    )),
    LineItem("cost_of_revenue", "income_statement", _rx(
        "totalcostof(?:revenues?|sales|goodssold)",
        "costof(?:revenues?|sales|goodssold|productssold|merchandisesold)",
    ), positive=True),
    LineItem("gross_profit", "income_statement", _rx("grossprofit", "grossmargin")),
    LineItem("operating_income", "income_statement", _rx(
        "operatingincome", "operatingincomeloss", "operatinglossincome", "incomefromoperations",
        "incomelossfromoperations", "operatingprofit", "totaloperatingincome",
    )),
    LineItem("net_income", "income_statement", _rx(
        # attributable to the parent first: it is the figure analysts call "net income"
        "net(?:income|earnings)(?:loss)?attributableto(?!noncontrolling|non)[a-z]+",
        "net(?:income|earnings)(?:loss)?",
    )),
    LineItem("research_and_development", "income_statement", _rx("researchanddevelopment(?:expenses?)?")),
    LineItem("pretax_income", "income_statement", _rx(
        "income(?:loss)?beforeincometax(?:es|expense|provision)?", "earnings(?:loss)?beforeincometax(?:es|expense)?",
        "incomebeforeprovisionforincometaxes",
    )),
    LineItem("sga", "income_statement", _rx(
        "(?:total)?sellinggeneralandadministrative(?:expenses?)?",
        "(?:total)?marketinggeneralandadministrative(?:expenses?)?",
    )),
    LineItem("interest_expense", "income_statement", _rx("interestexpense(?:net)?")),
    LineItem("income_tax", "income_statement", _rx(
        "provisionforincometaxes", "provisionforbenefitfromincometaxes", "incometaxexpense(?:benefit)?",
        "incometaxes", "incometaxprovision", "provisionbenefitforincometaxes",
    )),
    LineItem("eps_basic", "income_statement", _rx(
        "basic(?:net)?(?:earnings|income)(?:loss)?pershare", "(?:net)?(?:earnings|income)(?:loss)?pershare(?:basic)",
        "(?:net)?(?:earnings|income)(?:loss)?persharebasic", "basic(?:earnings)?(?:loss)?",
        "pershare(?:data)?basic",
    ), unit="USD/share"),
    LineItem("eps_diluted", "income_statement", _rx(
        "diluted(?:net)?(?:earnings|income)(?:loss)?pershare", "(?:net)?(?:earnings|income)(?:loss)?persharediluted",
        "diluted(?:earnings)?(?:loss)?", "pershare(?:data)?diluted",
    ), unit="USD/share"),
    LineItem("shares_weighted", "income_statement", _rx(
        # basic: the weighted-average count the vocabulary means by "shares outstanding"
        "weightedaverage(?:common)?sharesoutstandingbasic", "basicweightedaverage(?:common)?sharesoutstanding",
        "weightedaverage(?:number)?(?:of)?(?:common)?sharesbasic", "sharesbasic",
    ), unit="shares"),
    # ---- balance sheet
    LineItem("total_assets", "balance_sheet", _rx("totalassets")),
    LineItem("total_liabilities", "balance_sheet", _rx("totalliabilities")),
    LineItem("equity", "balance_sheet", _rx(
        "total(?:share|stock)(?:holders|owners)equity(?:deficit)?",
        "total[a-z]*(?:share|stock)(?:holders|owners)equity(?:deficit)?",
        "totalequity",
    )),
    LineItem("cash", "balance_sheet", _rx("cashandcashequivalents", "cashandequivalents", "cash")),
    LineItem("current_assets", "balance_sheet", _rx("totalcurrentassets")),
    LineItem("current_liabilities", "balance_sheet", _rx("totalcurrentliabilities")),
    LineItem("inventories", "balance_sheet", _rx(
        "totalinventories", "(?:merchandise)?inventor(?:y|ies)(?:net)?",
    )),
    LineItem("receivables", "balance_sheet", _rx(
        "(?:trade)?(?:accounts)?receivables?net", "accountsreceivable(?:net)?", "tradereceivables?(?:net)?",
        "tradeaccountsreceivable(?:net)?", "receivables",
    )),
    LineItem("goodwill", "balance_sheet", _rx("goodwill", "goodwillnet")),
    LineItem("long_term_debt", "balance_sheet", _rx(
        "longtermdebt(?:lesscurrentportion|netofcurrentportion|excludingcurrentportion|noncurrent)?",
        "longtermdebtnet",
    )),
    LineItem("accounts_payable", "balance_sheet", _rx("accountspayable", "tradeaccountspayable")),
    LineItem("ppe_net", "balance_sheet", _rx(
        "property(?:plant)?andequipmentnet", "netproperty(?:plant)?andequipment",
        "property(?:plant)?andequipmentnetofaccumulateddepreciation",
    )),
    # ---- cash flow statement
    LineItem("operating_cash_flow", "cash_flow", _rx(
        "netcash(?:providedby|generatedby|from|providedfrom)(?:usedin|usedfor)?operatingactivities",
        "netcash(?:usedin)?(?:providedby)?operatingactivities",
        "cash(?:providedby|generatedby|from)operati(?:ngactivities|ons)",
    )),
    LineItem("capex", "cash_flow", _rx(
        "capitalexpenditures", "capitalspending",
        "purchases?of(?:property(?:plant)?andequipment|propertyplantandequipmentppe|propertyandequipmentandintangibleassets)",
        "additionstoproperty(?:plant)?andequipment", "paymentsforproperty(?:plant)?andequipment",
        "paymentsforacquisitionofproperty(?:plant)?andequipment",
    ), positive=True),
    LineItem("depreciation_amortization", "cash_flow", _rx(
        "depreciation(?:depletion)?andamortization(?:expense)?",
        "depreciationandamortizationofpropertyequipmentandintangibles",
        "depreciationamortizationandother",
    )),
    LineItem("investing_cash_flow", "cash_flow", _rx(
        "netcash(?:usedin|usedfor|providedby|providedfrom|from)+investingactivities",
    )),
    LineItem("financing_cash_flow", "cash_flow", _rx(
        "netcash(?:usedin|usedfor|providedby|providedfrom|from)+financingactivities",
    )),
    LineItem("net_income", "cash_flow", _rx("net(?:income|earnings)(?:loss)?"), secondary=True),
    LineItem("cash", "cash_flow", _rx("cashandcashequivalentsat(?:the)?endof(?:the)?(?:year|period)"), secondary=True),
    LineItem("dividends_paid", "cash_flow", _rx(
        "(?:cash)?dividendspaid(?:tocommon(?:share|stock)holders|toshareholders|tostockholders)?",
        "(?:payments?of|paid)(?:cash)?dividends", "commonstockcashdividendspaid",
    ), positive=True),
)
