"""What a figure question asks for: the value itself, a change, a difference, a ranking, ...

Read from the question's wording and how many companies and years it names; the
extractive writer then computes that in code (answering.answer_composition).
"""

from __future__ import annotations

import re
from typing import Literal

Intent = Literal[
    "value", "change", "amount_change", "difference", "average", "sum", "higher", "lower", "rank", "threshold"
]


def threshold(question: str) -> tuple[bool, float] | None:
    """(above?, number) for "above 20%", "below $1 billion", "more than 15 percent"."""
    m = re.search(r"\b(above|over|greater than|more than|higher than|exceed(?:ed|ing|s)?|at least|below|under|less than|lower than)\s+\$?(-?\d+(?:\.\d+)?)", question, re.I)
    if not m:
        return None
    above = m.group(1).lower() not in ("below", "under", "less than", "lower than")
    return above, float(m.group(2))


def detect_intent(question: str, companies: int, years: int) -> Intent:
    q = question.lower()
    if re.search(r"\b(rank|order|sort)\b", q) and companies >= 2:
        return "rank"
    if threshold(q) and companies >= 2:
        return "threshold"
    # "Which had higher ...", "Did A or B have the better ..."
    if companies >= 2 and re.search(r"\b(which|who|whether)\b|^\s*(did|does|do|was|is)\b.*\bor\b", q):
        if re.search(r"\b(lower|lowest|smaller|smallest|less|least|fewer|weaker|worse)\b", q):
            return "lower"
        if re.search(r"\b(higher|highest|larger|largest|more|most|greater|greatest|bigger|better|stronger)\b", q):
            return "higher"
    if re.search(r"\b(average|mean)\b", q):
        return "average"
    # "in total" as a phrase ending the question, not "growth in total assets"
    if re.search(r"\b(combined|sum of|altogether|cumulative)\b|\bin total\b\s*[?.,]?\s*$", q):
        return "sum"
    if re.search(r"\b(difference|gap|how much (more|less|higher|lower)|exceed(ed|s)?)\b|\bby how much\b", q) \
            and (companies >= 2 or not re.search(r"\b(change|grow|grew|growth)\b", q)):
        return "difference"
    if years >= 2 and re.search(
        r"\b(change|changed|grow|grew|growth|increase|increased|decrease|decreased|decline|declined|"
        r"rise|rose|fall|fell|trend|evolve|evolved)\b|%|percent",
        q,
    ):
        # "How much did it change, in millions of dollars?" asks for the amount, not the percent.
        if re.search(r"in (millions|billions|thousands|dollars|\$)|\bdollar (change|amount)", q) \
                and not re.search(r"percent|%", q):
            return "amount_change"
        return "change"
    return "value"
