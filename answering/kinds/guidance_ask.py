"""Whether a question asks for a company's guidance: what it said it expects (its guidance,
outlook, or targets / projections for a named period). Its own module because the kind
classifier and the writer both decide by it, and the guidance reader (answering.kinds.guidance)
takes the classifier's decision: kept apart, no module imports its own importer.
"""

from __future__ import annotations

import re

from retrieval.periods import parse_periods

_ASKS = re.compile(r"\b(?:guidance|outlook)\b", re.I)
# "What targets did management set for 2025 ...", "What are the 2025 projections for ...": the
# company's own figures for a period, asked by name; read as guidance when the ask names the
# period (a target with no period, "target leverage ratio", is a policy, not an expectation).
_ASKS_TARGETS = re.compile(r"^\W*what\s+(?:[\w'\u2019-]+\s+){0,3}?(?:targets?|projections?)\b", re.I)
# "new accounting guidance", "FASB guidance": a standard, not the company's expectations
_NOT_EXPECTATIONS = re.compile(r"\b(?:accounting|fasb|sec|regulatory|tax|authoritative|interpretive)\s+guidance\b", re.I)

# "How much does Pfizer expect to spend on property, plant and equipment in 2022": what the company
# plans to spend in a named period, stated in its text (the period's actual rows would be another quantity;
# payments it expects to make under a plan are a schedule's rows, answering.kinds.schedule)
_ASKS_EXPECTED = re.compile(r"\b(?:does|do|did)\s+(?:[\w'\u2019&.-]+\s+){1,4}?(?:expect|plan|anticipate|intend|project|"
                            r"forecast|estimate)\s+(?:to\s+)?(?:spend|invest|spending|investing)\b|"
                            # "How much in total cash returns does PepsiCo expect for fiscal year 2023", "What does it
                            # expect its FY2023 organic revenue growth to be": the company's expectation for a period
                            r"(?:^\W*how\s+(?:much|many)\b[^?]*?\b(?:does|do)\s+(?:[\w'\u2019&.-]+\s+){1,4}?"
                            r"(?:expect|anticipate|project|forecast)\b|"
                            r"^\W*what\s+(?:does|do)\s+(?:[\w'\u2019&.-]+\s+){1,4}?(?:expect|anticipate|project|forecast)"
                            r"\s+(?:its|their|the)\b|"
                            # "what full-year 2023 revenue did Pfizer forecast for its COVID-19 products": the figure
                            # it forecast, asked by the verb after its subject (a forecast is never the period's row)
                            # ("What did Pfizer project for its 2023 revenue", "What 2023 revenue is Pfizer forecasting";
                            # not "What discount rates did Boeing use to project ...": an assumption, no forecast)
                            r"^\W*(?:as\s+of\s+[^,?]+,\s*)?what\s+(?:[\w'\u2019-]+\s+){0,5}?(?:does|do|did)\s+"
                            r"(?:(?!(?:use|used|using|assume|assumed|assuming|to)\b)[\w'\u2019&.-]+\s+){1,4}?"
                            r"(?:forecast|project|guide)\b|"
                            # (in the progressive only of a financial figure: "What production rate changes is it
                            # forecasting" asks a plan the text states, no outlook)
                            r"^\W*(?:as\s+of\s+[^,?]+,\s*)?what\s+(?:[\w'\u2019-]+\s+){0,3}?(?:revenues?|sales|earnings|"
                            r"eps|income|margins?|ebitda|capex|capital\s+expenditures?)\s+(?:is|was|are|were)\s+"
                            r"(?:[\w'\u2019&.-]+\s+){1,4}?(?:forecasting|projecting|guiding)\b)"
                            # (what it expects to pay under a plan is a schedule's row: answering.kinds.schedule)
                            r"(?!\s+to\s+(?:pay|receive|contribute|make|recogni[sz]e|amortize|incur)\b)", re.I)


def asks_guidance(ask: str) -> bool:
    if (_ASKS_TARGETS.search(ask) or _ASKS_EXPECTED.search(ask)) and parse_periods(ask).years:
        return True
    return bool(_ASKS.search(ask)) and not _NOT_EXPECTATIONS.search(ask)
