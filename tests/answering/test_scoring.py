"""Scorers: numbers within tolerance, lists as sets (rankings in order), text, definitions, refusals."""

from __future__ import annotations

import pytest

from answering.scoring import SCORERS, Score, score
from finrag.models import Answer


def answer(text: str, value: float | None = None, status: str = "answered") -> Answer:
    return Answer(status=status, answer=text, strategy="single", value=value)


@pytest.mark.parametrize(
    ("gold", "value", "correct"),
    [
        (8.9, 8.86, True),  # within the gold's rounding (one decimal)
        (8.9, 8.8, False),
        (1051.4, 1055.0, True),  # within 1%
        (1051.4, 1070.0, False),
        (45.2, 0.452, True),  # a ratio as a fraction is the same answer as a percent
    ],
)
def test_numeric_tolerance(gold, value, correct):
    assert score(gold, answer("x", value), "fact").correct is correct


def test_numeric_reads_the_first_number_of_the_text_when_no_value_and_skips_fy_labels():
    assert score(82.1, answer("Northwind FY2022 dividends paid: $82.1M."), "fact").correct
    assert not score(82.1, answer("Not found", status="not_found"), "fact").correct


def test_list_is_a_set_match_with_no_extra_names_and_rankings_keep_order():
    universe = ["Acme", "Bolt", "Crest"]
    assert score(["Acme", "Bolt"], answer("Bolt and Acme."), "aggregation", universe).correct
    assert not score(["Acme", "Bolt"], answer("Acme only."), "aggregation", universe).correct
    assert not score(["Acme", "Bolt"], answer("Acme, Bolt and Crest."), "aggregation", universe).correct
    assert score(["Bolt", "Acme"], answer("1. Bolt 2. Acme"), "aggregation", universe, ordered=True).correct
    assert not score(["Bolt", "Acme"], answer("1. Acme 2. Bolt"), "aggregation", universe, ordered=True).correct


def test_text_is_normalised_containment():
    assert score("Whitfield & Crane LLP", answer("Audited by Whitfield and Crane LLP."), "relationship").correct
    assert not score("Whitfield & Crane LLP", answer("Audited by Baker Tilly."), "relationship").correct


def test_definition_needs_most_key_words():
    gold = "EBITDA is earnings before interest, taxes, depreciation and amortization"
    assert score(gold, answer("Earnings before interest, taxes, depreciation and amortization."), "definition").correct
    assert not score(gold, answer("A measure of profit."), "definition").correct


def test_unanswerable_requires_a_refusal():
    assert score(None, answer("Not found in the reports", status="not_found"), "unanswerable").correct
    assert score(None, answer("Which company?", status="needs_company"), "unanswerable").correct
    assert score(None, answer("Found $5M but it fails a check", status="unverified"), "unanswerable").correct
    assert not score(None, answer("Revenue was $5M", 5.0), "unanswerable").correct
    assert not score(None, answer("", status="failed"), "unanswerable").correct


def test_scorers_are_pluggable(monkeypatch):
    monkeypatch.setitem(SCORERS, "custom", lambda gold, a: Score(correct=a.answer == gold, reason="exact"))
    assert score("yes", answer("yes"), "custom").correct


def test_restating_the_questions_subject_is_not_an_extra_name():
    universe = ["Acme Robotics", "Bolt Freight", "Crest Foods"]
    question = "Which competitors does Crest Foods name?"
    reply = answer("Crest Foods — competitor: Acme Robotics, Bolt Freight.")
    assert score(["Acme Robotics", "Bolt Freight"], reply, "relationship", universe, question=question).correct
    # ... while a name the question did not mention still makes the list wrong.
    assert not score(["Acme Robotics"], reply, "relationship", universe, question=question).correct
