"""The answer kind is read from the question's wording and structure (no model, no store).

Wordings are in the style of analysts' questions about filings (FinanceBench, the
Enterprise RAG Challenge); companies are invented."""

from __future__ import annotations

import pytest

from answering.kinds.classify import classify
from finrag.vocabulary import load_vocabulary

VOCAB = load_vocabulary()

CASES = [
    # the change asked of ("the improvement") is the premise's measure; a part after it names an input of it
    ("Acme's operating income rose in FY2017. What drove the improvement, and did SG&A leverage contribute?", 1,
     "drivers", {"metric": "operating_income"}),
    # a premise of two measures: the one that moved the way the ask's reference says ("the increase": revenue)
    ("Acme's net income fell in 2022 even though revenue increased. What drove the increase, and did pricing matter "
     "for gross margin?", 1, "drivers", {"metric": "revenue"}),
    ("Acme's operating income as a percent of revenue rose in FY2017 even though revenue declined. What drove the "
     "improvement, and did SG&A leverage contribute?", 1, "drivers", {"metric": "operating_income"}),
    # an improvement of two measures at once (a cost that fell, a revenue that grew): none picked from the premise
    ("Acme's SG&A expenses declined in FY2022 while revenue grew. What drove the improvement, and did cost cuts "
     "contribute to operating margin?", 1, "drivers", {"metric": "operating_margin"}),
    # an ask naming no measure at all leaves the premise (two measures here) to the drivers reader
    ("Acme reported record net income in fiscal 2022, yet operating cash flow was negative. What explains this?", 1,
     "drivers", {"metric": None}),
    # companies a deed was done to ("which companies did X acquire ... for a cash consideration"), no comparison
    ('Which companies did "Acme Corp" acquire in 2020 for a cash consideration of approximately $0.7 billion or more?',
     1, "choice", {}),
    # an ask naming its own measure keeps it
    ("Acme's revenue fell in FY2017. What drove the decline in SG&A expense?", 1, "drivers", {"metric": "sga"}),
    # the segments of a company asked by the challenge's wording: one amount, no list
    ('What were the revenues of the Converse segment of "Acme Corp" in fiscal 2018, in USD millions?', 1, "metric",
     {"metric": "revenue"}),
    # a balance "as of" a day is one figure, not the items of a set
    ('What were the total assets of "Acme Corp" as of December 31, 2013, in Indonesian Rupiah? If data is not '
     "available, return 'N/A'.", 1, "metric", {"metric": "total_assets"}),
    ('What were the total assets of "Acme Corp" as of 31 December 2009, in Indonesian rupiah?', 1, "metric",
     {"metric": "total_assets"}),
    # (question, companies named, kind, what the kind's writer is told)
    # a time asked ("until when", "by when") is a date the text states, whatever balance the question names
    ("Assuming no material unforeseen costs, until when does Acme expect its cash reserves to be able to fund the "
     "business?", 1, "passage", {}),
    # a charge against a balance is stated in the text; the balance (intangible assets, net) is another quantity
    ("How large was the intangible asset impairment charge that Acme recorded in Q2 FY2015?", 1, "passage", {}),
    ("What was the value of Acme's intangible assets, net, at the end of FY2015?", 1, "metric",
     {"metric": "intangible_assets"}),
    # a yes/no on a change's cause followed by "what drove it": the drivers are the answer
    ("Acme went from a net loss in FY2021 to net income in FY2022. Was this driven by better operating "
     "performance? What drove the change?", 1, "drivers", {}),
    # ... but "explain why" of a metric that may not apply is not a drivers ask
    ("Are Acme's gross margins historically consistent? If gross margins are not a relevant metric for a company "
     "like this, then please state that and explain why.", 1, "yes_no", {}),
    ("What is Acme's FY2021 operating cash flow ratio? Round to two decimal places.", 1, "metric",
     {"metric": "operating_cash_flow_ratio"}),
    ("How does Acme's net margin in FY2022 compare with FY2021?", 1, "metric", {"metric": "net_margin"}),
    ("Did Acme or Globex have the higher gross margin in FY2022?", 2, "metric", {}),
    ("Does Acme have an improving operating margin profile as of FY2023?", 1, "yes_no",
     {"metric": "operating_margin", "test": "improving"}),
    ("Has Acme reduced its total debt between FY2021 and FY2022?", 1, "yes_no",
     {"metric": "total_debt", "test": "decreased"}),
    ("Did Acme grow its PP&E between FY20 and FY21?", 1, "yes_no", {"metric": "ppe_net", "test": "increased"}),
    ("Does Acme have positive working capital based on FY2023 data?", 1, "yes_no",
     {"metric": "working_capital", "test": "positive"}),
    ("Is Acme's liquidity reasonably healthy based on its quick ratio for FY2022?", 1, "yes_no",
     {"metric": "quick_ratio", "test": "above", "threshold": 1.0}),
    ("Would you call Acme a capital-intensive business, based on FY2023?", 1, "yes_no",
     {"test": "capital_intensive"}),
    ("Do any of Acme's segments account for more than 30% of its FY2022 revenue?", 1, "yes_no",
     {"metric": "revenue", "test": "share_above", "threshold": 30.0}),
    ("Is Acme exposed to cyclical demand?", 1, "yes_no", {"test": "stated"}),
    # one of two alternatives: neither "Yes" nor "No" answers it; a cause asked is the drivers'
    ("Acme's revenues grew in 2022. Was that growth driven by a higher take rate or by higher volume?", 1,
     "drivers", {}),
    ("Is Acme's growth driven by price or volume?", 1, "drivers", {}),
    ("Did Acme pay dividends in 2021 or 2022?", 1, "yes_no", {}),
    # two items compared: not the company's metric being positive
    ("Is Acme's Services business more profitable than its Products business on a gross margin basis?", 1,
     "yes_no", {"test": "stated"}),
    # ... but a comparison with another period is the metric's own change
    ("Were Acme's operating margins higher in FY2022 than in FY2021?", 1, "yes_no",
     {"metric": "operating_margin", "test": "increased"}),
    ("Is Acme's operating margin in FY2022 higher than the prior year?", 1, "yes_no",
     {"metric": "operating_margin", "test": "increased"}),
    ("Was Acme's increase driven by acquisitions or not?", 1, "yes_no", {}),
    ("Did Acme disclose any acquisitions in its annual report? If there is no mention, return False.", 1, "yes_no",
     {"test": "stated", "default_answer": False}),
    ("What drove the decline in Acme's gross margin in FY2022?", 1, "drivers", {"metric": "gross_margin"}),
    # a specific event the text describes, not the period's statement line of the same name
    ("What restructuring plan did Acme announce in March 2023, and how much did it incur under it?", 1, "passage", {}),
    ("What income tax matter did Acme settle with Germany in 2021, and what did it cost?", 1, "passage", {}),
    ("What change to the useful life of its servers did Acme make effective July 2022?", 1, "passage", {}),
    # the date a period ends is no action's date: "effective" is the tax rate's
    ("What was Acme's effective income tax rate for the first quarter of 2023 (quarter ended March 31, 2023)?", 1,
     "metric", {"metric": "effective_tax_rate"}),
    ("What revenue did Acme defer under the amendment effective as of July 1, 2022?", 1, "passage", {}),
    ("What was the change in Acme's revenue between FY2021 and FY2022?", 1, "metric", {"metric": "revenue"}),
    ("Why did Acme lower its full-year outlook in Q2 FY2023?", 1, "drivers", {}),
    ("Which of Acme's segments dragged down organic growth in 2022?", 1, "choice", {"order": "lowest"}),
    ("Which Acme segment reported the largest operating income in FY2022?", 1, "choice",
     {"order": "highest", "metric": "operating_income"}),
    ("Among operating, investing and financing activities, which used the least cash at Acme in FY2021?", 1,
     "choice", {"order": "lowest", "candidates": ["operating", "investing", "financing activities"]}),
    ("Which region had the biggest drop in Acme's net sales in FY2023?", 1, "choice", {"order": "lowest"}),
    ("Which business unit will Acme report as a discontinued operation after the separation?", 1, "choice", {}),
    ("Which notes of Acme are listed on a stock exchange?", 1, "list", {}),
    # "services" qualifies the firm: the noun before the verb is the head, one firm asked
    ('Which professional services firm did "Acme, Inc." acquire in April 2022?', 1, "choice", {}),
    ("What are the main markets Acme sells into as of FY2022?", 1, "list", {}),
    ("Who are Acme's largest customers?", 1, "list", {}),
    ("What is the nature and purpose of Acme's off-balance sheet arrangements?", 1, "definition", {}),
    ("How does Acme recognize revenue on long-term contracts?", 1, "definition", {}),
    ("What is the quick ratio?", 0, "definition", {}),
    ("What was the result of the vote on the board's proposal at Acme's 2023 annual meeting?", 1, "passage", {}),
    ("By how much did Acme enlarge its revolving credit facility in May 2023?", 1, "passage", {}),
    # a measure the vocabulary does not name, defined by the question's own formula: computed
    ("What was Acme's operating ratio for the second quarter of fiscal 2015 (three months ended March 31, 2015)? "
     "Operating ratio is defined as: total cost of operations / total revenues. Express as a percentage rounded to "
     "one decimal place.", 1, "metric", {}),
    # "which segments drove": the parts that drove a change
    ("Acme's operating income rose 12% while revenues rose 7%. Based on the segment results, which segments drove "
     "the improvement, and what offset it?", 1, "drivers", {}),
    # "How does Acme explain this?": the company's own explanation of the change its premise states
    ("Acme's net revenues grew in the second quarter of 2023 even though its volume declined. How does Acme explain "
     "this?", 1, "drivers", {}),
    ("How did Acme's management account for the gap between revenue and volume in 2023?", 1, "drivers", {}),
    # no question mark: the imperative sentence asks, not the one that sets the scene
    ("Acme's total revenues fell in fiscal 2015, yet operating profit and net income rose slightly. Explain the "
     "revenue decline and the main factors behind the profit outcome.", 1, "drivers", {}),
    # "raise doubt" is no increase of the cash named in the next part
    ("Does Acme's 2022 annual report raise any doubt about the company's ability to continue as a going concern, "
     "and how long do the directors expect its cash to last?", 1, "yes_no", {"test": "stated", "metric": None}),
    # a metric's word qualified into another quantity names no metric: the text states the
    # amount ("estimated liability for wildfire claims" is no total liabilities)
    ("What total estimated liability for wildfire-related claims did Acme carry at December 31, 2019, and how is it "
     "made up?", 1, "passage", {}),
    ("What was Acme's total liability at the end of FY2022?", 1, "metric", {"metric": "total_liabilities"}),
    ("What was the year end FY2019 total amount of inventory for Acme?", 1, "metric", {"metric": "inventories"}),
    # several quantities asked side by side: one metric's value would leave the others out
    ("How did Acme enlarge its capital return program in fiscal 2017: what was the new program size, and how much "
     "did it spend on buybacks and dividends in the year?", 1, "passage", {}),
    ("What is Acme's FY2022 capital expenditure as a percentage of revenue?", 1, "metric", {"metric": "capex"}),
    ("What was Acme's capital expenditure as a share of total operating revenues in 2018?", 1, "metric", {}),
    # a counted set ("its five largest metropolitan areas") ranks no one item: the share is stated in the text
    ("What share of Acme's Gross Bookings came from its five largest metropolitan areas in 2021?", 1, "passage", {}),
    # a plural noun set over another ("What were ... as a percentage of"): one ratio, not the items of a set
    ("What were Acme's capital expenditures (purchases of property and equipment) as a percentage of revenue in "
     "fiscal year 2021?", 1, "metric", {"metric": "capex"}),
    ("What is the FY2022 unadjusted EBITDA less capex for Acme?", 1, "metric", {}),
    # ... a definition in words is no formula
    ("What is Acme's backlog? Backlog is defined as: orders received but not yet delivered.", 1, "passage", {}),
    # ... nor one with an aside in parentheses
    ("How many active customers did Acme have? An active customer is defined as: a customer (a buyer or a seller) "
     "who made a purchase in the year.", 1, "passage", {}),
    # the first part's own words decide: "drove the decline" asks a cause, whatever "highest" the
    # second part asks (read as a ranking of the highest, it named the segment that grew most)
    ("Which Acme segment drove the decline in consolidated operating income in FY2023, and which segment had the "
     "highest operating margin?", 1, "drivers", {}),
    ("Which Acme segment had the highest operating margin in FY2023, and what drove it?", 1, "choice",
     {"order": "highest"}),
    # one amount against another; a cover that names no amount on one side is a stated fact
    ("Did Acme's FY2022 free cash flow cover its dividend payments?", 1, "yes_no", {"test": "covers"}),
    ("Did Acme's insurance cover the losses from the fire?", 1, "yes_no", {"test": "stated"}),
    # a lead-in clause before the yes/no verb asks nothing
    ("Based on its fiscal 2021 capital spending and balance sheet, would you describe Acme as a capital-intensive "
     "business? Support your view with figures from the 10-K.", 1, "yes_no", {"test": "capital_intensive"}),
    # a measure with a plural name is one figure, not a set's items
    ("What were Acme's capital expenditures in fiscal 2022?", 1, "metric", {"metric": "capex"}),
    ("What were Acme's net revenues for fiscal 2022?", 1, "metric", {"metric": "revenue"}),
    # the Enterprise RAG Challenge's wording: the company named between the measure and its period
    ('What were the total operating revenues of "Acme Corp." in the fiscal year 2022, in millions of USD?', 1, "metric",
     {"metric": "revenue"}),
    ('What were the reportable segments of "Acme Corp." in the fiscal year 2022?', 1, "list", {}),
    ("What were Acme's key risk factors in fiscal 2022?", 1, "list", {}),
    # "grew fastest" ranks like any superlative
    ("Which Acme segment grew net sales fastest in 2019?", 1, "choice", {"order": "highest"}),
    # two measures side by side: each is a figure
    ("What were Acme's inventory turnover and days inventory outstanding for fiscal 2019?", 1, "passage",
     {"quantities": ["inventory_turnover", "days_inventory_outstanding"]}),
    # a short question about what the request before it names asks of that measure
    ("Calculate Acme's gross margin percentage for fiscal 2016 and fiscal 2015. By how many percentage points did "
     "it change?", 1, "metric", {"metric": "gross_margin"}),
    # a change asked of each item of a breakdown, not of the total; an item with no measure moves by its sales
    ("Are there any revenue categories for Acme that saw a year-over-year decline in FY2015?", 1, "yes_no",
     {"test": "any_fell", "metric": "revenue"}),
    ("Are there any product categories / service categories for Acme that have seen year-over-year decline?", 1,
     "yes_no", {"test": "any_fell", "metric": "revenue"}),
    ("Are there any risks in Acme's markets that could increase its costs?", 1, "yes_no", {"test": "stated"}),
    # a plural measure after a company's name of several words is the measure, not a list
    ("What were PT Acme Karya (Persero) Tbk's capital expenditures in FY2009?", 1, "metric", {"metric": "capex"}),
    # lower-case words before a possessive are no company's name: the components asked are a list
    ("What were the components of Acme's revenues in fiscal 2022?", 1, "list", {}),
    # a comparative without two to pick from asks for the set that fits it
    ("Which of Acme's segments reported lower revenue in FY2023 than in FY2022?", 1, "list", {}),
    # shareholders receiving dividends is no deal's price
    ("How much in dividends did shareholders receive in FY2022?", 1, "metric", {"metric": "dividends_paid"}),
    # of two, a comparative picks one as a superlative does
    ("Which of Acme's two reportable segments had the higher operating margin in FY2022, and what were the segment "
     "operating margins?", 1, "choice", {"order": "highest"}),
    # a deal's buyer and price: "receive" names no receivables
    ("Per Acme's November 2023 Form 8-K, who agreed to acquire the company and what will shareholders receive per "
     "share?", 1, "passage", {}),
]


@pytest.mark.parametrize(("question", "companies", "kind", "details"), CASES, ids=[c[0][:50] for c in CASES])
def test_kind_from_wording(question, companies, kind, details):
    decision = classify(question, VOCAB, companies=["Acme", "Globex"][:companies])
    assert decision.kind == kind, decision.describe()
    for name, value in details.items():
        assert getattr(decision, name) == value, decision.describe()
    assert decision.reason


def test_a_metric_that_may_not_apply_is_checked_first():
    decision = classify("Is Acme's gross margin improving as of FY2022? If gross margin is not a useful metric for a "
                        "company like this, then state that and explain why.", VOCAB)
    assert (decision.kind, decision.metric, decision.unless_not_meaningful) == ("yes_no", "gross_margin", True)


def test_a_company_name_is_not_read_as_words_of_the_question():
    question = "What is the year-end FY2019 inventory of Best Buy, in USD millions?"
    assert classify(question, VOCAB, companies=["Best Buy"]).kind == "metric"
    assert classify(question, VOCAB).kind == "choice"  # "best": a superlative, when the name is not known
    # "Asset" of a company's name is no second metric beside the revenue asked
    named = 'What was the total revenue of "Mercia Asset Management PLC" in the fiscal year 2021?'
    for catalog_name in ("Mercia Asset Management PLC", "Mercia"):  # the catalog's name may be the short one
        decision = classify(named, VOCAB, companies=[catalog_name])
        assert decision.kind == "metric" and decision.metric == "revenue"


def test_a_question_asking_who_first_is_no_metric_whatever_it_names():
    # "equity compensation costs" of the CEO is not the balance sheet's shareholders' equity
    decision = classify("Who is NICE's Chief Executive Officer, since when, and what salary, bonus and equity "
                        "compensation costs did NICE record for the CEO for 2022 according to its annual report?",
                        load_vocabulary(), ["NICE"])
    assert decision.kind == "passage", decision.describe()


def test_targets_set_for_a_coming_year_are_guidance_not_that_year_s_metrics():
    """Revenue, EBITDA and capex named in a question about targets are what the company expects,
    not statement lines of 2025 (which no filing has yet)."""
    decision = classify("What targets did Acme's management set for 2025 for sales volume, average selling price, "
                        "revenue, EBITDA and capital expenditure?", VOCAB, companies=["Acme"])
    assert decision.kind == "passage" and decision.metric is None and "guidance" in decision.reason
    # no period: a target that is a policy, read as before
    assert "guidance" not in classify("What is Acme's target leverage ratio?", VOCAB, companies=["Acme"]).reason


def test_a_consistency_question_states_its_own_tolerance():
    vocab = VOCAB
    decision = classify("Are Best Buy's gross margins historically consistent (not fluctuating more than roughly 2% "
                        "each year)? If gross margins are not a relevant metric for a company like this, then please "
                        "state that and explain why.", vocab, companies=["Best Buy"])
    assert (decision.kind, decision.metric, decision.test, decision.threshold) == ("yes_no", "gross_margin",
                                                                                  "consistent", 2.0)
    # no tolerance stated: nothing to judge the moves against, a sentence must say it
    assert classify("Is Acme's gross margin stable?", vocab, companies=["Acme"]).test == "stated"


def test_a_yes_no_on_what_drove_a_move_is_not_the_move_itself():
    # tmpl14 (Patriot Transportation FY2022): operating profit did rise, but mostly on a land sale's gain; the
    # rise is the question's premise, and what drove it is what it asks
    d = classify("Was the large increase in Patriot Transportation's operating profit in fiscal year 2022 driven by its "
                 "core trucking operations?", VOCAB, ["Patriot Transportation Holding"])
    assert d.kind == "yes_no" and d.test == "stated"
    assert classify("Did Acme's operating profit increase in fiscal year 2022?", VOCAB, ["Acme"]).test == "increased"


def test_a_liability_of_one_kind_asked_after_a_dated_lead_in_is_a_yes_no_not_the_total():
    # PG&E's Q3 2022 10-Q: "a liability for claims in connection with the 2022 Mosquito fire" is one accrual
    decision = classify('As of September 30, 2022, had "PG&E Corporation" recorded a liability for claims in connection '
                        "with the 2022 Mosquito fire? If there is no mention, return False.", VOCAB, companies=["PG&E"])
    assert decision.kind == "yes_no" and decision.metric is None, decision
    assert classify("What were PG&E's total liabilities at September 30, 2022?", VOCAB,
                    companies=["PG&E"]).metric == "total_liabilities"


def test_a_flow_s_change_named_after_an_article_keeps_its_metric():
    # Intel's Q4 2022 release: "a revenue increase" asks of revenue, not of one item of a kind
    assert classify("Did Intel report a revenue increase for full-year 2022?", VOCAB, companies=["Intel"]).metric \
        == "revenue"


def test_a_measure_named_in_the_plural_with_its_doer_is_a_metric_not_a_list():
    # "What were the total dividends paid by Oracle in fiscal 2018?" was read as a set of items
    assert classify("What were the total dividends paid by Oracle in fiscal 2018?", VOCAB).kind == "metric"
    assert classify('What were the total dividends paid by "Oracle Corporation" in fiscal 2018?', VOCAB).kind == "metric"


def test_an_amount_per_share_is_never_a_total_line_of_the_same_word():
    """"cash price per share" names the line "cash" only by a word; a total in millions would be
    another quantity. The text states the price (or the dividend per share)."""
    for ask in ('What was the cash price per share that "Acme Inc." agreed to pay to acquire Beta Inc., as reported in '
                "its 10-Q for the quarter ended July 2, 2023 (in USD)? If data is not available, return 'N/A'.",
                'What was the quarterly dividend per share of "Acme Inc." after its Board increased the dividend in '
                "2022 (in USD)?"):
        decision = classify(ask, VOCAB, companies=["Acme"])
        assert decision.kind == "passage" and "per share" in decision.reason, decision.describe()
    # a count asked is no amount of money either
    counted = classify('How many revenue-producing drivers did "Acme Inc." employ as of December 31, 2014?', VOCAB,
                       companies=["Acme"])
    assert counted.kind == "passage" and "a count" in counted.reason, counted.describe()
    # a per-share line is one: diluted EPS stays a metric; so does a formula the question defines
    assert classify("What was Acme's FY2022 diluted earnings per share?", VOCAB, ["Acme"]).kind == "metric"
    assert classify("What is Acme's FY2022 dividend payout ratio? Define it as dividends paid / net income. "
                    "Report it per share basis.", VOCAB, ["Acme"]).kind == "metric"


def test_a_figure_the_company_forecast_is_guidance_not_the_period_s_line():
    decision = classify("As of its Q2 2023 10-Q, what full-year 2023 revenue did Acme forecast for its products "
                        "Zeta and Theta?", VOCAB, companies=["Acme"])
    assert decision.kind == "passage" and "guidance" in decision.reason, decision.describe()
    # the same words without the company's forecast: the year's revenue line
    assert classify("What was Acme's full-year 2023 revenue?", VOCAB, ["Acme"]).kind == "metric"


def test_net_income_per_share_is_earnings_per_share_and_a_per_share_part_is_its_own_measure():
    assert classify("What was Acme's net income per diluted share in FY2022?", VOCAB, ["Acme"]).metric == "eps_diluted"
    both = classify("What was Acme's total revenue in FY2022, and its net income per diluted share?", VOCAB, ["Acme"])
    assert both.kind == "metric" and both.metric == "revenue", both.describe()
    # money counted in millions is still money
    assert classify("How many million US dollars of net cash did Acme's operating activities provide in FY2022?",
                    VOCAB, ["Acme"]).kind == "metric"


def test_only_securities_asked_by_what_or_which_read_the_cover_table():
    assert classify("What debt securities does Acme have registered to trade on a national securities exchange as "
                    "of FY2020?", VOCAB, ["Acme"]).kind == "list"
    market = classify("What was the aggregate market value of the voting stock held by non-affiliates, based on the "
                      "closing price at which it traded on the New York Stock Exchange on June 30, 2022?", VOCAB, ["Acme"])
    assert market.kind != "list", market.describe()
