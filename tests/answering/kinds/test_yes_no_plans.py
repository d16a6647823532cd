"""A sentence about what a company plans or expects does not decide whether something
happened; it does answer a question about the plan (answering.kinds.yes_no). Best Buy's
Q2 FY2024 10-Q, p.15: "We are on track to deliver our fiscal 2024 store plans, which include
closing 20 to 30 large format stores ..."."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

PLANS_PAGE = 14  # zero-based


@pytest.fixture(scope="module")
def bestbuy() -> list:
    return filing("financebench/pdfs/BESTBUY_2024Q2_10Q.pdf")


def test_a_plan_does_not_say_that_the_store_count_changed(bestbuy, services):
    written = ask("Did Best Buy's number of stores change in Q2 of fiscal 2024?", bestbuy, [PLANS_PAGE], services)
    assert not (written.status == "answered" and "on track to deliver" in written.text), written.text


def test_a_question_about_the_plan_is_answered_by_it(bestbuy, services):
    written = ask("Does Best Buy plan to close stores in fiscal 2024?", bestbuy, [PLANS_PAGE], services)
    assert written.status == "answered" and written.text.startswith("Yes.") and "closing 20 to 30" in written.text, \
        written.text


def test_a_plan_denied_answers_a_question_about_the_plan_over_sentences_on_how_it_would_be_done(services):
    # NICE's 2022 20-F, p.80: "We do not have any plans at this time to make any future dividend payments.",
    # beside "Payment of future dividends, if any, will be at the discretion of our Board" and how a
    # dividend "may be freely repatriated"
    nice = filing("filings-wild/pdfs/NICE_2022_AnnualReport.pdf")
    written = ask("Does NICE Ltd. have plans to make future dividend payments?", nice, [79], services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "do not have any plans" in written.text, written.text


def test_a_plan_denied_for_a_named_part_does_not_decide_over_the_rest(services):
    # Kraft Heinz's FY2022 10-K, p.88: "We do not plan to make contributions to our U.S. pension plans in 2023." beside
    # "We estimate that 2023 pension contributions will be approximately $11 million to our non-U.S. pension plans."
    kraft = filing("financebench/pdfs/KRAFTHEINZ_2022_10K.pdf")
    written = ask("Does Kraft Heinz plan to make contributions to its pension plans in 2023?", kraft, [87, 86], services)
    assert not written.text.startswith("No."), written.text


def test_a_denial_beside_a_hypothesis_still_denies(services):
    # Uber's FY2021 10-K, p.49: "We intend to retain all available funds and future earnings, if any, ..., and we do not
    # anticipate declaring or paying any cash dividends in the foreseeable future."
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    written = ask("Does Uber anticipate paying dividends?", uber, [46, 48, 186], services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
