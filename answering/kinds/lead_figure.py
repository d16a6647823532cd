"""lead_figure: "What was the current remaining performance obligation of Salesforce at the end of Q1?" answered
by quotes is led by the figure the quote naming that measure states: "Current remaining performance obligation
ended at $24.1 billion" gives $24.1 billion, where "Remaining performance obligation ended the first quarter at
$46.7 billion" beside it names another measure.

Signals any filing carries:
- the question asks the value of a named measure ("what was/is the <measure> of/for/at ...");
- a quote names the measure in all its words, in their order, and states an amount within a few words after it
  ("ended at", "was", "of");
- every quote that does so states the same amount; none, or two different ones, lead nothing.
"""

from __future__ import annotations

import re

from answering.kinds.ask_scope import topic_ask

_MEASURE = re.compile(r"^\W*what\s+(?:was|were|is|are)\s+(?:the\s+|its\s+|their\s+)?(?P<measure>[a-z][a-z\s-]{3,60}?)\s+"
                      r"(?:of|for|at|in|as\s+of|during|on)\b", re.I)
_AMOUNT = re.compile(r"(?P<currency>[$€£])\s?(?P<number>\d[\d,]*(?:\.\d+)?)\s*(?P<scale>thousand|million|billion)?\b", re.I)
_REACH = 60  # characters between the measure's name and its amount
_MIN_WORDS = 2  # a measure named in one word ("revenue") is a metric's, read from statements


_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP"}


def _figure(quote: str, measure: str) -> tuple[float, str, str] | None:
    """(amount, currency sign, scale word) stated right after the measure's name in the quote, or None."""
    words = measure.split()
    named = re.search(r"\b" + r"\s+".join(re.escape(w) for w in words) + r"\b", quote, re.I)
    if named is None:
        return None
    amount = _AMOUNT.search(quote[named.end(): named.end() + _REACH])
    if amount is None:
        return None
    return float(amount.group("number").replace(",", "")), amount.group("currency"), (amount.group("scale") or "").lower()


def lead(question: str, quotes: list[str]) -> tuple[float, str, str] | None:
    """(value, unit, shown) of the one amount the quotes state for the asked measure, or None: the unit names
    the currency and the scale ("USD billion"), as the amount is written."""
    asked = _MEASURE.search(topic_ask(question))
    if asked is None or len(asked.group("measure").split()) < _MIN_WORDS:
        return None
    found = {f for q in quotes if (f := _figure(q, asked.group("measure").strip())) is not None}
    if len(found) != 1:
        return None
    value, sign, scale = found.pop()
    return value, f"{_CURRENCY[sign]} {scale}".strip(), f"{sign}{value:,g}{' ' + scale if scale else ''}"
