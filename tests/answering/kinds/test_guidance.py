"""guidance: what a company said it expects, quoted from its earnings release, for the asked
period, never read from the period's actual figures (answering.kinds.guidance)."""

from __future__ import annotations

import pytest

from answering.kinds.guidance import asks_guidance
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def pepsico():
    return filing("financebench/pdfs/PEPSICO_2023Q1_EARNINGS.pdf")


@pytest.fixture(scope="module")
def intel():
    return filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")


def _all(chunks):
    return sorted({c.page for c in chunks})


def test_a_raised_guidance_change_is_computed_from_the_clause_that_states_both_figures(pepsico, services):
    a = ask("By how many percentage points did PepsiCo raise its full-year 2023 organic revenue growth guidance?",
            pepsico, _all(pepsico), services)
    assert a.status == "answered" and a.value == 2.0 and a.unit == "percentage points"
    assert "guidance" in a.flags
    assert any("(previously 6 percent)" in c.quote for c in a.citations)


def test_why_guidance_was_raised_is_the_guidance_sentence_that_gives_its_reason(pepsico, services):
    a = ask("Why did PepsiCo raise its full-year 2023 guidance?", pepsico, _all(pepsico), services)
    assert a.status == "answered"
    assert "strong start to the year" in a.text


def test_a_quarter_guidance_is_read_from_the_outlook_table_not_from_the_quarter_actuals(intel, services):
    a = ask("What GAAP EPS guidance did Intel give for the first quarter of 2023?", intel, _all(intel), services)
    assert a.status == "answered"
    assert "$(0.80)" in a.text  # the Business Outlook table's Q1 2023 GAAP column
    assert "Q1 2023" in a.text  # with the table's column line


def test_guidance_for_a_period_the_release_does_not_name_is_refused(intel, services):
    a = ask("What EPS guidance did Intel give for fiscal 2025?", intel, _all(intel), services)
    assert a.status == "not_found"
    assert "fiscal 2025" in a.text and "actual figures" in a.text


def test_accounting_guidance_is_not_a_company_s_expectations():
    assert asks_guidance("What revenue guidance did Intel give for Q2 2023?")
    assert not asks_guidance("What new accounting guidance did Intel adopt in 2023?")
