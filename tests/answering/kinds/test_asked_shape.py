"""asked_shape and the listed items of a request: an answer has the shape its question asks
for, or it is refused (answering.kinds.asked_shape, answering.kinds.every_part), on Patriot
Transportation's FY2015 10-K and Q2 FY2019 10-Q."""

from __future__ import annotations

import pytest

from answering.kinds.every_part import asked_parts
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def patriot_2015() -> list:
    return filing("filings-wild/pdfs/PatriotTransportation_2015_10-K.pdf")


def test_a_defined_figure_is_not_answered_with_the_tables_headings(services):
    # the quarter's results pages: their headings share the words, no page states the ratio
    quarter = filing("filings-wild/pdfs/PatriotTransportation_2019_10-Q_Q2.pdf")
    written = ask("What was Patriot Transportation Holding's operating ratio for the second quarter of fiscal 2019 "
                  "(three months ended March 31, 2019)? Operating ratio is defined as: total cost of operations / "
                  "total revenues. Express as a percentage rounded to one decimal place.", quarter, [16, 17], services)
    assert written.status == "not_found", written.text
    # a metric of the question's own formula: the refusal names the input no statement gave
    assert written.kind == "metric" and "total cost of operations" in (written.reason or ""), written.reason


def test_a_question_asking_what_explains_a_change_is_not_answered_with_a_figure(patriot_2015, services):
    written = ask("Patriot Transportation's total revenues fell in fiscal 2015 (year ended September 30, 2015), yet "
                  "operating profit and net income rose slightly. Explain the revenue decline and the main factors "
                  "behind the profit outcome.", patriot_2015, [55, 36], services)
    assert written.status != "answered", written.text


def test_a_share_of_a_total_is_not_answered_with_the_total():
    from answering.kinds.asked_shape import answered_in_the_asked_shape
    from answering.written_answer import WrittenAnswer

    # the metric path read "consolidated net revenues" and gave the total: not the share asked
    total = WrittenAnswer(status="answered", kind="metric", value=7528.0, unit="USD millions",
                          text="Activision Blizzard Revenue FY2022: $7,528.00 million (statement line item).")
    question = ("What share of Activision Blizzard's consolidated net revenues came from its licensing agreements "
                "with NetEase in China, according to its FY2022 10-K?")
    refused = answered_in_the_asked_shape(total, question)
    assert refused.status == "not_found" and "share of a total" in (refused.reason or "")
    # a share computed as one is the shape asked; the total asked alone is the total
    share = total.model_copy(update={"value": 3.0, "unit": "percent"})
    assert answered_in_the_asked_shape(share, question).status == "answered"
    assert answered_in_the_asked_shape(total, "What were Activision Blizzard's FY2022 net revenues?").status == "answered"


def test_each_item_a_request_lists_is_a_part_to_answer(patriot_2015, services):
    question = ("How did Patriot Transportation Holding become an independent public company, according to its "
                "fiscal 2015 10-K? Give the date, the former parent, the distribution ratio and the number of "
                "shares distributed.")
    assert asked_parts(question)[1:] == ["the date", "the former parent", "the distribution ratio",
                                         "the number of shares distributed"]
    # how to answer is no item: "Give a solution ... by using the income statement"
    assert asked_parts("What is Acme's FY2022 margin? Give a solution to the question by using the income "
                       "statement.") == ["What is Acme's FY2022 margin?"]
    # the auditor's consent names the company and a date, not the former parent
    written = ask(question, patriot_2015, [34], services)
    assert written.status == "not_found", written.text


def test_a_part_opened_by_a_preposition_is_a_part_of_its_own():
    assert asked_parts("What cybersecurity company did Alphabet acquire in 2022, when did the acquisition close, "
                       "what was the total purchase price, and in which segment are its results reported?") == [
        "What cybersecurity company did Alphabet acquire in 2022?", "when did the acquisition close?",
        "what was the total purchase price?", "in which segment are its results reported?"]


def test_an_explanation_asked_only_if_the_measure_does_not_apply_does_not_refuse_its_figure(services):
    bestbuy = filing("financebench/pdfs/BESTBUY_2022_10K.pdf")
    written = ask("Roughly how many times did Best Buy sell its inventory in FY2022? Calculate the inventory turnover "
                  "ratio as FY2022 cost of sales / average merchandise inventories (FY2021 and FY2022 year-end "
                  "balances); if conventional inventory management is not meaningful for the company then state that "
                  "and explain why.", bestbuy, [39, 40], services)
    assert (written.status, written.kind) == ("answered", "metric"), written.text
    # 40,121 / ((5,965 + 5,612) / 2) = 6.93
    assert "Inventory turnover FY2022: 6.93" in written.text


def test_figures_asked_from_a_statement_are_its_rows_not_sentences_alone():
    from answering.kinds.asked_shape import answered_in_the_asked_shape
    from answering.written_answer import WrittenAnswer
    from finrag.models import Citation

    question = ("How important is membership fee income to Acme's profitability in FY2022? Support your answer with "
                "figures from the consolidated statement of income.")
    said = "Deferred membership fees at the end of 2022 and 2021 were $2,174 and $2,042, respectively."
    prose = WrittenAnswer(status="answered", kind="passage", text=f'"{said}" (a p.47)',
                          citations=[Citation(doc="a", page=46, chunk_id="a-1", quote=said)])
    refused = answered_in_the_asked_shape(prose, question)
    assert refused.status == "not_found" and "statement of income" in (refused.reason or ""), refused.reason
    row = "Membership fees 4,224 3,877 3,541"
    with_rows = prose.model_copy(update={"citations": [*prose.citations, Citation(doc="a", page=36, chunk_id="a-2", quote=row)]})
    assert answered_in_the_asked_shape(with_rows, question).status == "answered"
