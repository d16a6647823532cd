"""metric: a figure question keeps today's exact path (answering.metric_answer) and is labelled
as such, with the reason in the answer (Boeing's FY2022 10-K balance sheet)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


def test_a_figure_question_is_a_metric_computed_from_rows(boeing, services):
    written = ask("What is Boeing's FY2022 quick ratio?", boeing, [56, 57], services)
    assert (written.status, written.kind, written.value) == ("answered", "metric", pytest.approx(0.22, abs=0.005))
    assert written.kind_reason.startswith("metric: ")
    # the same figure asked as a judgement is a yes/no over it, not the figure
    judged = ask("Is Boeing's FY2022 quick ratio healthy?", boeing, [56, 57], services)
    assert judged.kind == "yes_no" and judged.text.startswith("No.")


@pytest.fixture(scope="module")
def transunion() -> list:
    from tests.answering.kinds.conftest import filing

    return filing("erc-round1/pdfs/85fb23ba2910de45e27f8f40170c0f3576043916.pdf")


def test_a_balance_sheet_line_is_read_through_its_contra_account_tail(transunion, services):
    """TransUnion's 2022 annual report (p.100): "Other intangibles, net of accumulated amortization
    of $2,268.6 and $1,908.9 ... 3,675.5 3,770.6"; the tail's amounts are the allowance's, and
    the line is the intangible assets (and "Trade accounts receivable, net of allowance of
    $11.0 and $10.7" the receivables)."""
    written = ask('What was the intangible assets of "TransUnion" in the fiscal year 2021?', transunion, [99],
                  services)
    assert (written.status, written.kind, written.value) == ("answered", "metric", pytest.approx(3770.6)), \
        written.text
    receivables = ask('What was the accounts receivable of "TransUnion" in the fiscal year 2022?', transunion,
                      [99], services)
    assert (receivables.status, receivables.value) == ("answered", pytest.approx(602.2)), receivables.text


def test_capex_as_a_percentage_of_revenue_asked_with_the_cash_flow_line_in_parentheses(services):
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    # p.77 "Revenue $ 13,000 $ 11,139 $ 17,455"; p.82 "Purchases of property and equipment (588) (616) (298)":
    # one ratio (not a list of "the purchases of property" and "the equipment"), 298 / 17,455
    written = ask("What were Uber's capital expenditures (purchases of property and equipment) as a percentage of "
                  "revenue in fiscal year 2021? Answer in percent, rounded to two decimal places.", uber, [76, 81],
                  services)
    assert written.status == "answered", written.text
    assert written.value == 1.71


def test_a_share_of_a_counted_set_is_the_sentence_stating_it(services):
    # p.26: "In 2021, we derived 23% of our Mobility Gross Bookings from five metropolitan areas—Chicago, ..."
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    written = ask("According to Uber's 2021 Form 10-K, what share of Mobility Gross Bookings came from its five largest "
                  "metropolitan areas in 2021, and which cities were they?", uber, [25, 62, 5], services)
    assert written.status == "answered", written.text
    assert "23% of our Mobility Gross Bookings from five metropolitan areas—Chicago" in written.text


def test_the_amount_outlined_in_the_income_statement_is_its_own_line(services):
    """Salesforce's FY2023 10-K: its statement of operations prints "Restructuring 828" among operating
    expenses; a note's other restructuring figures are not what the statement outlines."""
    from tests.answering.kinds.conftest import ask, filing

    crm = filing("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf")
    pages = sorted({c.page for c in crm if "income_statement" in c.tags and "Restructuring" in c.text})
    assert pages
    written = ask("What is the quantity of restructuring costs directly outlined in Salesforce's income statements for "
                  "FY2023? If restructuring costs are not explicitly outlined then state 0.", crm, pages, services)
    assert written.status == "answered" and written.value == 828.0, written.text
    assert "Restructuring" in written.citations[0].quote
