"""A schedule's row for the asked year: the year-labelled row under a caption about what the
question asks (Verizon's FY2021 10-K, note 11, p.94: estimated future benefit payments)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def verizon():
    return filing("financebench/pdfs/VERIZON_2021_10K.pdf")


def test_the_row_of_the_asked_year_with_its_caption_and_columns(verizon, services):
    written = ask("As of FY 2021, how much did Verizon expect to pay for its retirees in 2024?", verizon, [93],
                  services)
    assert written.status == "answered", written.text
    assert "The benefit payments to retirees are expected to be paid as follows:" in written.text
    assert "Year Pension Benefits Health Care and Life 2024 1,097 862" in written.text


def test_a_schedule_about_something_else_is_no_answer(verizon, services):
    # the same page's schedule is about retirees, not what the question asks to be paid
    written = ask("As of FY 2021, how much did Verizon expect to pay in 2024 for C-Band spectrum clearing costs?",
                  verizon, [93], services)
    assert written.status == "not_found", written.text
