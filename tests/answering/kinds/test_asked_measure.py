"""A metric answer is the measure the question asks, in the unit it asks, or none: a margin
"in percent" is never an amount, "percentage points" is the difference of two rates, a formula
the question gives after "Use" is the one computed, and an amount a sentence states for two
measures together is neither's (answering.metric_target, answering.aspects)."""

from __future__ import annotations

from answering.metric_target import read_target
from tests.answering.kinds.conftest import ask, filing

FCF_MARGIN = ("What was Adobe's FY2022 free cash flow margin? Define free cash flow as net cash provided by operating "
              "activities minus purchases of property and equipment, and divide by total revenue. Answer in percent, "
              "rounded to one decimal place.")
MARGIN_POINTS = ("By how many percentage points did Corning's gross margin percentage change from FY2021 to FY2022? "
                 "Gross margin % = gross margin / net sales from the income statement. Round to one decimal place.")
LINE_MARGIN = ("What was Salesforce's subscription and support gross margin in Q2 FY2024 (quarter ended July 31, 2023)? "
               "Use (subscription and support revenue - subscription and support cost of revenues) / subscription and "
               "support revenue. Answer in percent, rounded to one decimal place.")
RETURNED = ("In FY2023, what share of Nike's cash provided by operations was returned to shareholders through share "
            "repurchases and dividends? Use (repurchase of common stock + dividends paid) / cash provided by "
            "operations from the cash flow statement; answer in percent rounded to one decimal place.")


def pages_with(chunks: list, *texts: str, every: bool = False) -> list[int]:
    found = all if every else any
    return sorted({c.page for c in chunks if found(t in c.text for t in texts)})


def test_a_margin_of_a_defined_amount_is_that_amount_over_revenue(vocab):
    target = read_target(FCF_MARGIN, vocab)
    assert target is not None and target.unit == "percent"
    assert target.formula == "free_cash_flow / revenue"
    assert target.definitions == {"free_cash_flow": "operating_cash_flow - capex"}


def test_a_value_asked_in_percent_is_never_given_as_an_amount(vocab):
    amount = read_target("What was Adobe's FY2022 free cash flow? Define free cash flow as net cash provided by "
                         "operating activities minus purchases of property and equipment. Answer in percent.", vocab)
    assert amount is not None and amount.unresolved and "percentage" in amount.unresolved


def test_percentage_points_ask_the_difference_of_the_two_rates(vocab):
    target = read_target(MARGIN_POINTS, vocab)
    assert target is not None and target.aggregation == "amount_change" and target.unit == "percent"


def test_a_formula_after_use_is_the_question_s_own(vocab):
    target = read_target(LINE_MARGIN, vocab)
    assert target is not None and target.formula_source == "question"
    assert set(target.lines.values()) == {"subscription and support revenue", "subscription and support cost of revenues"}
    # "Use the consolidated balance sheet." names a source, not a formula
    plain = read_target("What is Boeing's FY2022 current ratio? Use the consolidated balance sheet.", vocab)
    assert plain is not None and plain.formula_source == "vocabulary"


def test_the_defined_margin_is_answered_from_the_statements(services):
    adobe = filing("financebench/pdfs/ADOBE_2022_10K.pdf")
    margin = ask(FCF_MARGIN, adobe, pages_with(adobe, "Purchases of property and equipment", "Total revenue"), services)
    assert margin.status == "answered" and margin.value == 42.0, margin.text  # (7,838 - 442) / 17,606


def test_a_line_margin_is_never_answered_with_the_company_s_margin(services):
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2024Q2_EARNINGS.pdf")
    written = ask(LINE_MARGIN, salesforce, pages_with(salesforce, "Subscription and support", "Gross profit"), services)
    if written.status == "answered":
        assert written.value == 81.1, written.text
    else:  # refused for the question's own lines, shown in its words, never for the company's gross profit
        assert "subscription and support revenue" in written.text and "line_" not in written.text, written.text
    assert "Gross profit / Revenue" not in written.text


def test_an_amount_stated_for_two_measures_together_is_neither_s():
    from answering.aspects import Aspect, read_aspect
    from finrag.models import Chunk

    def read(text: str):
        chunk = Chunk(chunk_id="x", doc="x", doc_sha256="0", company="Acme", fiscal_year=2023, page=31, page_end=31,
                      index=0, text=text)
        return read_aspect(chunk, Aspect(company="Acme", fiscal_year=2023, metric="dividends_paid"))

    # Nike's 10-K: "We returned $7.5 billion to our shareholders in fiscal 2023 through share
    # repurchases and dividends" was read as $7,500 million of dividends paid
    assert read("We returned $7.5 billion to our shareholders in fiscal 2023 through share repurchases and "
                "dividends.") is None
    assert read("Dividends and share repurchases totaled $7.5 billion in fiscal 2023.") is None
    alone = read("We paid dividends of $2.0 billion in fiscal 2023.")
    assert alone is not None and alone.value == 2000


def test_a_margin_defined_whole_is_computed_once(vocab):
    # "Free cash flow margin is defined as: (...) / total revenue" defines the margin, not free cash
    # flow: dividing it by revenue again gave 0.0%
    target = read_target("What was Salesforce's free cash flow margin for the first quarter of fiscal 2024 (ended "
                         "April 30, 2023)? Free cash flow margin is defined as: (net cash provided by operating "
                         "activities - capital expenditures) / total revenue. Express as a percentage rounded to one "
                         "decimal place.", vocab)
    assert target is not None and target.formula == "(operating_cash_flow - capex) / revenue"


def test_a_parenthesis_saying_which_balances_is_a_gloss_not_an_operand(vocab):
    target = read_target("What was Nike's FY2023 inventory turnover ratio? Define it as cost of sales / average "
                         "inventories (average of May 31, 2023 and May 31, 2022 balances). Round to two decimal "
                         "places.", vocab)
    assert target is not None and target.formula == "cost_of_revenue / avg(inventories)"
