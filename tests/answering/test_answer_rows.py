"""An answer about many companies also comes as rows, one per company, highest first."""

from __future__ import annotations

from answering.answer_rows import figure_rows
from answering.figures import Figure
from finrag.vocabulary import load_vocabulary


def _figure(company: str, value: float) -> Figure:
    return Figure(company=company, fiscal_year=2023, metric="revenue", value=value, unit="USD", readings=[])


def test_three_companies_make_rows_sorted_highest_first():
    rows = figure_rows([_figure("Acme", 120.0), _figure("Bolt", 950.5), _figure("Core", 300.0)], load_vocabulary())
    assert [(r.company, r.period, r.shown) for r in rows] == [
        ("Bolt", "FY2023", "$950.5M"), ("Core", "FY2023", "$300.0M"), ("Acme", "FY2023", "$120.0M"),
    ]


def test_one_or_two_companies_make_no_rows():
    assert figure_rows([_figure("Acme", 1.0), _figure("Bolt", 2.0)], load_vocabulary()) == []
