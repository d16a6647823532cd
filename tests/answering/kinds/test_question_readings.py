"""How a question's words are read, each a kind of question a filing nobody wrote rules for asked
(stop 42), specified on the shared filing where it was seen:

- "..., and did it improve versus FY2020?" asks the change as a yes/no, answered by its sign;
- a formula in brackets defines the figure asked ("free cash flow (operating cash flow minus additions
  to property, plant and equipment)"): the working names it its own way;
- a parenthesis after a line's name in a formula is a remark, not an operand or a list of asks;
- a quoted name ("the 'Juice Transaction'") is a thing the filing describes, not a metric;
- "What misstatement did it identify ...": a thing, not the line item the question mentions;
- "What was its effective tax rate, and what charges caused it?": the figure's change and its causes;
- a table's subtotal ("Software and cloud revenues" under its four lines) is not ranked beside them.
"""

from __future__ import annotations

import pytest

from answering.kinds.classify import classify
from answering.kinds.every_part import metric_part_unanswered
from answering.metric_target import split_definitions
from answering.written_answer import WrittenAnswer
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def pepsico():
    return filing("financebench/pdfs/PEPSICO_2021_10K.pdf")


def test_did_it_improve_is_answered_by_the_changes_sign(pepsico, services):
    # p.61: operating profit 11,162 / 10,080 on net revenue 79,474 / 70,372: 14.0% against 14.3%
    written = ask("What was PepsiCo's operating profit margin (operating profit / net revenue) in FY2021, and did it "
                  "improve versus FY2020?", pepsico, [60], services)
    assert written.status == "answered", written.text
    assert "14.3% in FY2020 to 14.0% in FY2021" in written.text, written.text
    assert "it improved: No" in written.text, written.text


def test_a_bracketed_formula_defines_the_figure_the_working_names():
    # Intel FY2020 (p.79's cash flow statement): the working names the bracketed formula's lines its own way
    question = ("What was Intel's FY2020 free cash flow (operating cash flow minus additions to property, plant and "
                "equipment), and what percentage of it was returned to stockholders through dividends and buybacks?")
    figure = WrittenAnswer(status="answered", kind="metric", value=93.7, text=(
        "Intel (Dividends paid + Share repurchases) / Free cash flow FY2020: 93.7% (as the question defines it). "
        "(Dividends paid + Share repurchases) / Free cash flow = ($5,568.0M + $14,229.0M) / ($35,384.0M −$14,259.0M) = "
        "93.7%. Free cash flow = Cash from operations - Capital expenditures = $35,384.0M −$14,259.0M = $21,125.0M. "
        "Read from 5f5e955606."))
    assert metric_part_unanswered(figure, question, ["Intel"]) is None
    # a part the figure does not speak to is still asked
    assert metric_part_unanswered(figure, question.replace("?", ", and how many employees did it have?"),
                                  ["Intel"]) is not None


def test_a_parenthesis_after_a_lines_name_is_a_remark():
    ask_text, definitions = split_definitions("What was Nike's FY2018 dividend payout ratio, measured as cash dividends "
                                              "paid (common and preferred) divided by net income?")
    assert [expr.split() for _, expr in definitions] == [["cash", "dividends", "paid", "divided", "by", "net", "income"]]
    # an operand in brackets stays one: "(A + B) / C"
    _, grouped = split_definitions("What was its payout, defined as (dividends paid + share repurchases) divided by "
                                   "net income?")
    assert "(dividends paid + share repurchases)" in grouped[0][1]


def test_a_quoted_name_is_described_not_computed(vocab, pepsico, services):
    question = ("What was the 'Juice Transaction' described in PepsiCo's FY2021 10-K, and what cash proceeds did "
                "PepsiCo expect from it?")
    assert classify(question, vocab, ["PepsiCo"]).kind == "passage"
    written = ask(question, pepsico, [105, 50], services)
    assert written.status == "answered", written.text
    assert "Tropicana" in written.text and "$3.5 billion" in written.text, written.text


def test_a_thing_asked_is_no_line_item_the_question_mentions(vocab):
    decision = classify("What misstatement did Nike identify in the fourth quarter of fiscal 2018 regarding Class B "
                        "share repurchases, and how was the May 31, 2017 balance sheet revised?", vocab, ["Nike"])
    assert decision.kind == "passage", decision.reason
    # a quantity asked the same way stays a metric
    assert classify("What free cash flow did Nike generate in fiscal 2018?", vocab, ["Nike"]).kind == "metric"


def test_a_figure_then_what_caused_it_asks_its_drivers(vocab):
    decision = classify("What was Nike's effective tax rate in fiscal 2018, and what Tax Act charges caused it?", vocab,
                        ["Nike"])
    assert (decision.kind, decision.metric) == ("drivers", "effective_tax_rate"), decision.reason
    assert classify("What was Nike's effective tax rate in fiscal 2018?", vocab, ["Nike"]).kind == "metric"


def test_a_subtotal_is_not_ranked_beside_the_lines_it_adds(services):
    # Oracle FY2015 p.91: four software and cloud lines, then "Software and cloud revenues" (their sum),
    # two hardware lines and "Hardware systems revenues", services, and the total
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    written = ask("Which of Oracle's revenue lines grew fastest in fiscal 2015?", oracle, [90], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Cloud infrastructure as a service"), written.text
    assert "Software and cloud revenues" not in written.text and "Hardware systems revenues" not in written.text


def test_how_much_did_it_expand_asks_the_size_not_whether():
    from answering.metric_target import asked_direction

    assert asked_direction("..., and did it improve versus FY2020?") == "better"
    assert asked_direction("Has its total debt increased since FY2021?") == "up"
    assert asked_direction("..., and how much did it expand?") is None
    assert asked_direction("By how much did its gross margin fall?") is None


def test_a_growth_asked_from_one_year_to_the_next_is_the_later_years_growth(pepsico, services):
    """"Revenue growth from FY2020 to FY2021" is FY2021's growth over FY2020 (the measure relates the two
    years itself); read as a change between two growth rates it was a confident wrong figure."""
    # p.61: net revenue 79,474 (FY2021) against 70,372 (FY2020): +12.9%
    written = ask("What was PepsiCo's year-over-year revenue growth from FY2020 to FY2021? Answer in percent, "
                  "rounded to one decimal place.", pepsico, [60], services)
    assert written.status == "answered", written.text
    assert "12.9%" in written.text and "Revenue growth FY2021" in written.text, written.text



@pytest.mark.parametrize(("question", "aggregation"), [
    ("What was Acme's revenue growth from FY2021 to FY2022?", "value"),  # FY2022's growth over FY2021
    # the growth's own change, asked as such, stays a change between the two years' growths
    ("What was the difference between Acme's revenue growth in FY2021 and FY2022?", "amount_change"),
    ("By how many percentage points did Acme's revenue growth change from FY2021 to FY2022?", "amount_change"),
    ("How did Acme's revenue growth change from FY2021 to FY2022?", "change"),
])
def test_a_growth_between_two_years_is_one_growth_unless_its_change_is_asked(question, aggregation):
    from answering.metric_target import read_target
    from finrag.vocabulary import load_vocabulary

    assert read_target(question, load_vocabulary(), ["Acme"]).aggregation == aggregation
