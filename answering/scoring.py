"""Is an answer right? Pluggable scorers per kind of gold answer.

`score(gold, answer, qtype)` picks the scorer from the question type and the gold's
shape: unanswerable -> the answer must be "not found"; a number -> numeric within 1%
(or the gold's own rounding, whichever is looser); a list -> the same set of items;
a definition -> most of the gold's key words; other text -> normalised containment.
Register another scorer with `SCORERS[qtype] = fn` (fn(gold, answer) -> Score).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from pydantic import BaseModel

from finrag.models import REFUSAL_STATUSES, Answer
from finrag.text import collapse_whitespace

NUMERIC_TOLERANCE = 0.01  # relative
_NUMBER = re.compile(r"(?<![A-Za-z\d.])[-+]?\$?\(?\d[\d,]*(?:\.\d+)?\)?")
_DEFINITION_KEYWORD_SHARE = 0.6
_STOPWORDS = {
    "a", "an", "the", "of", "and", "or", "to", "in", "on", "for", "by", "with", "as", "is", "are",
    "was", "were", "its", "it", "that", "this", "from", "at", "be", "which", "who", "what", "how",
    "their", "than", "into", "per", "each",
}


class Score(BaseModel):
    correct: bool
    reason: str


Scorer = Callable[[object, Answer], Score]


def normalize_text(text: str) -> str:
    t = text.lower().replace("’", "'").replace("&", " and ")
    t = re.sub(r"\b(inc|corp|corporation|co|ltd|plc|llc|the)\b\.?", " ", t)
    t = re.sub(r"[^a-z0-9%. ]+", " ", t)
    return collapse_whitespace(t).strip(" .")


def numbers_in(text: str) -> list[float]:
    found = []
    for token in _NUMBER.findall(text):
        digits = token.replace(",", "").replace("$", "").strip("()+")
        try:
            value = float(digits)
        except ValueError:
            continue
        found.append(-value if token.startswith("(") or token.startswith("-") else value)
    return found


def _rounding_step(gold: float) -> float:
    """Half a unit of the gold's last decimal: 8.9 -> 0.05, 123 -> 0.5."""
    exponent = Decimal(repr(float(gold))).normalize().as_tuple().exponent
    decimals = max(0, -int(exponent))
    return 0.5 * 10 ** (-decimals)


def numbers_match(gold: float, value: float) -> bool:
    tolerance = max(abs(gold) * NUMERIC_TOLERANCE, _rounding_step(gold))
    return abs(value - gold) <= tolerance + 1e-9


def score_numeric(gold: object, answer: Answer) -> Score:
    g = float(gold)  # type: ignore[arg-type]
    if answer.status != "answered":
        return Score(correct=False, reason=f"status {answer.status}, gold {g}")
    candidates = [answer.value] if answer.value is not None else numbers_in(answer.answer)[:1]
    for value in candidates:
        if value is None:
            continue
        if numbers_match(g, value):
            return Score(correct=True, reason=f"{value} ≈ {g}")
        # A ratio given as a fraction vs a percentage (0.452 vs 45.2) is the same answer.
        for scaled in (value * 100, value / 100):
            if numbers_match(g, scaled):
                return Score(correct=True, reason=f"{value} ≈ {g} (percent vs fraction)")
    shown = candidates[0] if candidates else "no number"
    return Score(correct=False, reason=f"{shown} ≠ {g}")


def score_list(
    gold: object,
    answer: Answer,
    universe: list[str] | None = None,
    ordered: bool = False,
    question: str = "",
) -> Score:
    """Every gold item named; with a universe of possible items, no extra one named;
    with `ordered` (rankings), named in the gold's order. Names the question itself
    mentions (the subject company, in full or in part) are restatements, not extras."""
    items = [str(g) for g in gold]  # type: ignore[union-attr]
    asked = f" {normalize_text(question)} "
    universe = [
        u for u in universe or []
        if f" {normalize_text(u)} " not in asked and not _shares_leading_word(u, asked)
    ]
    if answer.status != "answered":
        return Score(correct=False, reason=f"status {answer.status}")
    text = f" {normalize_text(answer.answer)} "
    missing = [g for g in items if f" {normalize_text(g)} " not in text]
    if missing:
        return Score(correct=False, reason=f"missing {missing}")
    rest = text
    for g in sorted(items, key=len, reverse=True):  # "Harvest Table" inside "Harvest Table Foods" is no extra
        rest = rest.replace(f" {normalize_text(g)} ", " | ")
    extra = [u for u in universe or [] if u not in items and f" {normalize_text(u)} " in rest]
    if extra:
        return Score(correct=False, reason=f"extra {extra}")
    if ordered:
        positions = [text.index(f" {normalize_text(g)} ") for g in items]
        if positions != sorted(positions):
            return Score(correct=False, reason="items named in another order")
    return Score(correct=True, reason=f"all {len(items)} items")


def _shares_leading_word(name: str, asked: str) -> bool:
    # "Ironclad" and "Ironclad Industrial" both restate a question about "Ironclad Industrial's ...".
    words = normalize_text(name).split()
    return bool(words) and f" {words[0]} " in asked and len(words[0]) > 3


def score_text(gold: object, answer: Answer) -> Score:
    if answer.status != "answered":
        return Score(correct=False, reason=f"status {answer.status}")
    g, a = normalize_text(str(gold)), normalize_text(answer.answer)
    if g and (g == a or f" {g} " in f" {a} "):
        return Score(correct=True, reason=f"contains {gold!r}")
    return Score(correct=False, reason=f"{gold!r} not in answer")


def score_definition(gold: object, answer: Answer) -> Score:
    if answer.status != "answered":
        return Score(correct=False, reason=f"status {answer.status}")
    keywords = {w for w in normalize_text(str(gold)).split() if w not in _STOPWORDS and len(w) > 2}
    words = set(normalize_text(answer.answer).split())
    share = len(keywords & words) / max(1, len(keywords))
    ok = share >= _DEFINITION_KEYWORD_SHARE
    return Score(correct=ok, reason=f"{share:.0%} of key words")


def score_unanswerable(gold: object, answer: Answer) -> Score:
    ok = answer.status in REFUSAL_STATUSES
    return Score(correct=ok, reason="declined" if ok else f"status {answer.status}: {answer.answer[:60]!r}")


SCORERS: dict[str, Scorer] = {
    "unanswerable": score_unanswerable,
    "definition": score_definition,
}


def is_number(gold: object) -> bool:
    if isinstance(gold, bool):
        return False
    if isinstance(gold, int | float):
        return True
    try:
        float(str(gold).replace(",", ""))
        return True
    except ValueError:
        return False


def score(
    gold: object,
    answer: Answer,
    qtype: str | None,
    universe: list[str] | None = None,
    ordered: bool = False,
    question: str = "",
) -> Score:
    """Score one answer against its gold.

    `universe`: every name a list answer could contain (extra names make it wrong);
    `ordered`: the gold list is a ranking; `question`: its text (restated names are no extras).
    """
    if qtype in SCORERS:
        return SCORERS[qtype](gold, answer)
    if answer.status == "failed":
        return Score(correct=False, reason=f"failed: {answer.reason}")
    if isinstance(gold, list):
        return score_list(gold, answer, universe, ordered, question)
    if is_number(gold):
        return score_numeric(float(str(gold).replace(",", "")), answer)
    return score_text(gold, answer)
