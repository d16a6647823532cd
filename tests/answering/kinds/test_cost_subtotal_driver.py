"""drivers from the statement lines, with what the filing says the costs' subtotal held: "revenue grew 3%,
but income from operations fell 15%. Why?" is answered by the lines that sum to operating income and by the
release's own sentence on total costs and expenses (up 10%, including $1.14 billion of restructuring
charges), the charge that explains why costs outgrew revenue (Meta's Q1 2023 earnings release)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_QUESTION = ("In the first quarter of 2023 Meta's revenue grew 3% year over year, but its income from operations "
             "fell 15%. Why?")


def test_costs_subtotal_sentence_with_the_charge_it_held_explains_the_fall(services):
    meta = filing("filings-wild/pdfs/MetaPlatforms_2023_EarningsRelease_Q1.pdf")
    # p.1 highlights; p.6 the condensed consolidated statements of income
    written = ask(_QUESTION, meta, [0, 5], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Income from operations went from 8,524 (2022) to 7,227 (2023)" in written.text, written.text
    assert "Total costs and expenses were $21.42 billion, an increase of 10% year-over-year" in written.text
    assert "This includes charges related to our restructuring efforts of $1.14 billion" in written.text


def test_a_charge_sentence_without_the_costs_change_before_it_explains_nothing(services):
    meta = filing("filings-wild/pdfs/MetaPlatforms_2023_EarningsRelease_Q1.pdf")
    # p.6 alone: the statement's lines, and no sentence on what the costs held
    written = ask(_QUESTION, meta, [5], services)
    assert "restructuring" not in written.text, written.text
