"""Underlying growth and the items that distort a comparison: "diluted EPS rose 66%. How much of that was
underlying growth, and what items distort the comparison?" is answered by the release's own figure
excluding items (with its change) and the items each period's results included, with their amounts
(McDonald's Q1 2023 release: $2.63, +15% excluding items; the prior year's French tax settlement)."""

from __future__ import annotations

from answering.kinds.classify import classify
from tests.answering.kinds.conftest import ask, filing

_QUESTION = ("McDonald's diluted EPS rose 66% in the first quarter of 2023. How much of that was underlying growth, "
             "and what items distort the comparison?")


def test_the_figure_excluding_items_and_the_items_listed_answer_it(services):
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2023Q1_EARNINGS.pdf")
    # p.1 highlights (the EPS excluding items); p.2 key metrics and what each year's results included
    written = ask(_QUESTION, mcdonalds, [0, 1], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "diluted earnings per share was $2.63, an increase of 15%" in written.text, written.text
    assert "$500 million, or $0.67 per share, of nonoperating expense related to the settlement of a tax audit" \
        in written.text, written.text
    assert "Pre-tax restructuring charges of $180 million, or $0.18 per share" in written.text, written.text


def test_items_without_the_underlying_figure_answer_half_and_are_refused(services):
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2023Q1_EARNINGS.pdf")
    # p.2 alone: the items each year included, but no figure excluding them with its change
    written = ask(_QUESTION, mcdonalds, [1], services)
    assert "drivers_underlying" not in written.flags, written.text


def test_items_that_distort_a_comparison_are_asked_as_a_why(services):
    assert classify(_QUESTION, services.vocabulary).kind == "drivers"
