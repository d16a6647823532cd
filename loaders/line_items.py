"""Line-item rules: how a statement row's label is spelled in a table, per vocabulary metric.

The rules are DATA: the `rows` of each metric in finrag/data/vocabulary.yaml (regexes over
the letters-only, lower-case label, loaders.facts.letters, in priority order: per statement
page the first row of the highest-priority wording wins). A filing's new wording is added
there, not here.
"""

from __future__ import annotations

from finrag.vocabulary import LineItem, load_vocabulary

Statement = str  # "income_statement" | "balance_sheet" | "cash_flow"

LINE_ITEMS: tuple[LineItem, ...] = tuple(load_vocabulary().line_items())

__all__ = ["LINE_ITEMS", "LineItem", "Statement"]
