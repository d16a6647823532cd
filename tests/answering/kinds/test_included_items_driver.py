"""drivers when the statement line that moved the total most is a catch-all: McDonald's Q2 2023 operating
income rose 81% mostly because "Other operating (income) expense, net" went from 886.1 to (35.8); the
line's name explains nothing, the release's own lists of what each year's results included do ("Results
for 2022 included the following: • Pre-tax charges of $1,153 million ... related to the sale of the
Company's business in Russia")."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_QUESTION = "McDonald's consolidated operating income rose 81% in the second quarter of 2023. What drove such a large increase?"


def _mcd():
    return filing("financebench-extra/pdfs/MCDONALDS_2023Q2_EARNINGS.pdf")


def test_catch_all_mover_explained_by_what_each_years_results_included(services):
    # p.2: the summary table and the lists of what 2023's and 2022's results included; p.5: the statement
    written = ask(_QUESTION, _mcd(), [1, 4], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "OPERATING INCOME went from 1,711.8 (2022) to 3,104.1 (2023)" in written.text, written.text
    assert "Other operating (income) expense, net: 886.1 (2022) to (35.8) (2023)" in written.text
    assert "related to the sale of the Company's business in Russia" in written.text
    assert "driven primarily by higher sales-driven Franchised margins" in written.text


def test_catch_all_mover_without_the_filings_list_is_refused(services):
    written = ask(_QUESTION, _mcd(), [4], services)
    assert written.status != "answered", written.text
