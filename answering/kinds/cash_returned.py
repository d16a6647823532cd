"""Did a company return more cash to shareholders than its operations generated?

"Did eBay return more cash to shareholders in 2019 than its operations generated?", "Did
Oracle's cash generation cover its stock repurchases and dividends?": a comparison of the cash
flow statement's own lines, which no sentence of the filing makes. Each side is read by the
metric machinery as its own question (its checks apply, rows cited): the cash returned is the
share repurchases plus the dividends paid (only the buybacks when the question names only
them), the cash generated is the cash from operations. Both in one unit, or no answer.
A question that also asks what happened to the equity gets the shareholders' equity at the
year's start and end the same way; one that asks what happened to its liquidity gets the
year's sentence stating its cash balance's change (answering.kinds.liquidity_change). Any side that cannot be read: None (the caller goes on).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from answering.citations import unique_citations
from answering.kinds.liquidity_change import ASKS_LIQUIDITY
from answering.written_answer import WrittenAnswer
from finrag.models import Citation

# what the question compares: cash returned (buybacks, dividends, "cash to shareholders") ...
_RETURNED = re.compile(r"\b(?:repurchas\w*|buy\s?-?backs?|dividends?|(?:return\w*|distribut\w*)\s+(?:more\s+|less\s+)?"
                       r"cash\s+to\s+(?:its\s+)?(?:share|stock)holders)\b", re.I)
# ... against the cash its operations generated
_GENERATED = re.compile(r"\b(?:operations\s+generated|operating\s+cash\s+flows?|cash\s+(?:flows?\s+)?from\s+operations|"
                        r"cash\s+generat\w*|cash\s+provided\s+by\s+operat\w*|operating\s+activities)\b", re.I)
# the way it asks: returned more than generated (exceed), or generated enough for it (cover)
_EXCEEDS = re.compile(r"\bmore\b[^?]*\bthan\b|\bexceed\w*|\boutpac\w*|\bgreater\b[^?]*\bthan\b", re.I)
_COVERS = re.compile(r"\b(?:cover\w*|fund\w*|pay\s+for|enough)\b", re.I)
_DIVIDENDS = re.compile(r"\bdividends?\b", re.I)
_BUYBACKS = re.compile(r"\brepurchas\w*|\bbuy\s?-?backs?\b", re.I)
_TO_SHAREHOLDERS = re.compile(r"\bcash\s+to\s+(?:its\s+)?(?:share|stock)holders\b", re.I)
_EQUITY = re.compile(r"\bequity\b", re.I)


class Figure(Protocol):
    """One year's figure as the metric machinery gave it (answering.kinds.yes_no.Value)."""

    year: int
    answer: WrittenAnswer
    value: float
    shown: str


def asked_way(ask: str) -> str | None:
    """"exceed" or "cover" when the asking clause compares the cash returned with the cash generated."""
    if not (_RETURNED.search(ask) and _GENERATED.search(ask)):
        return None
    if _EXCEEDS.search(ask):
        return "exceed"
    return "cover" if _COVERS.search(ask) else None


def answer(ask: str, question: str, company: str, year: int,
           value_of: Callable[[str, int], Figure | WrittenAnswer],
           liquidity_of: Callable[[int], tuple[str, Citation] | None] = lambda year: None) -> WrittenAnswer | None:
    way = asked_way(ask)
    if way is None:
        return None
    # "cash to shareholders" is both; else the lines the question names
    both = bool(_TO_SHAREHOLDERS.search(ask))
    labels = [*(["share repurchases"] if both or _BUYBACKS.search(ask) else []),
              *(["dividends paid"] if both or _DIVIDENDS.search(ask) else []), "cash from operations"]
    got = [value_of(label, year) for label in labels]
    figures = [g for g in got if not isinstance(g, WrittenAnswer)]
    if len(figures) != len(got) or len({f.answer.unit for f in figures}) != 1 or not figures[0].answer.unit:
        return None
    *paid, generated = figures
    unit = generated.answer.unit or ""
    # a spending line may be printed as a negative (an outflow): the cash returned is its size
    returned = sum(abs(f.value) for f in paid)
    if generated.value <= 0 or returned == 0:
        return None
    more = returned > generated.value
    yes = more if way == "exceed" else not more
    # the lines named as the question names them too ("Quantify the buybacks and dividends")
    named = [f"{label} (buybacks)" if label == "share repurchases" and re.search(r"\bbuy\s?-?backs?\b", question, re.I)
             else label for label in labels]
    parts = " + ".join(f"{label} {_amount(abs(f.value), unit)}" for label, f in zip(named, paid, strict=False))
    text = (f"{'Yes' if yes else 'No'}. {company} FY{year} returned {_amount(returned, unit)} to shareholders "
            f"({parts}), {'more' if more else 'less'} than its cash from operations of "
            f"{_amount(generated.value, unit)} ({returned / generated.value:.2f}x).")
    used = list(figures)
    if _EQUITY.search(question.replace(ask, " ")):
        # "..., and say what happened to its equity": the year's start and end
        equity = [value_of("shareholders' equity", y) for y in (year - 1, year)]
        if any(isinstance(e, WrittenAnswer) for e in equity):
            return None
        start, end = equity
        assert not isinstance(start, WrittenAnswer) and not isinstance(end, WrittenAnswer)
        verb = "fell" if end.value < start.value else "rose" if end.value > start.value else "was unchanged"
        text += (f" Shareholders' equity {verb} from {start.shown} (FY{year - 1}) to {end.shown} (FY{year}).")
        used += [start, end]
    stated: list[Citation] = []
    # "..., and what happened to its liquidity?": the year's own sentence stating it; else the
    # part stays unstated (the every-part gate names it)
    if ASKS_LIQUIDITY.search(question.replace(ask, " ")) and (liquidity := liquidity_of(year)) is not None:
        _, citation = liquidity
        text += f' Liquidity: "{citation.quote}" ({citation.doc} p.{citation.page + 1})'
        stated.append(citation)
    working = " ".join(f.answer.text for f in used)
    return WrittenAnswer(status="answered", kind="yes_no", text=f"{text} {working}",
                         citations=unique_citations([*stated, *(c for f in used for c in f.answer.citations)]),
                         flags=list(dict.fromkeys(flag for f in used for flag in f.answer.flags)))


def _amount(value: float, unit: str) -> str:
    scale = unit.removeprefix("USD").strip().removesuffix("s")  # "USD millions": "$5,446.0 million"
    return f"${value:,.1f} {scale}".strip() if unit.startswith("USD") else f"{value:,.1f} {unit}"
