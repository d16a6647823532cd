"""State a figure question's answer in words, with the arithmetic shown.

Given the intent (answering.intent) and the figures read or computed for each company
and year (answering.figures), compute the result in code (change, CAGR, difference,
average, sum, ranking, threshold, higher/lower) and write one sentence that shows it.
Returns the text and the headline value that scoring compares (None for lists).
"""

from __future__ import annotations

import re

from answering import arithmetic
from answering.aspects import metric_label
from answering.figures import Figure
from answering.intent import Intent, threshold
from answering.numbers import format_money
from finrag.vocabulary import Vocabulary


def compose_answer(
    intent: Intent, figures: list[Figure], vocab: Vocabulary, question: str = ""
) -> tuple[str, float | None]:
    label = metric_label(figures[0].metric, vocab)
    workings = [f"{f.who_when()}: {f.working}" for f in figures if f.working]
    listing = "; ".join(f"{f.who_when()} {metric_label(f.metric, vocab)} {f.shown()}" for f in figures)

    def with_working(text: str) -> str:
        return " ".join([text, *workings]) if workings else text

    same_metric = len({f.metric for f in figures}) == 1
    if intent == "rank" and same_metric and len(figures) >= 2:
        ascending = bool(re.search(r"\b(lowest|smallest|least) first\b|\bascending\b", question, re.I))
        ranked = sorted(figures, key=lambda f: f.value, reverse=not ascending)
        order = " ".join(f"{i}. {f.company} ({f.shown()})" for i, f in enumerate(ranked, start=1))
        return with_working(f"Ranked by {label} ({'lowest' if ascending else 'highest'} first): {order}."), None
    limit_asked = threshold(question)
    if intent == "threshold" and limit_asked and same_metric:
        return _threshold(figures, label, question, limit_asked), None
    if intent in ("higher", "lower") and same_metric and len(figures) >= 2:
        pick = max if intent == "higher" else min
        best = pick(figures, key=lambda f: f.value)
        word = "higher" if intent == "higher" else "lower"
        return with_working(f"{best.company} had the {word} {label}: {listing}."), best.headline()
    if intent in ("change", "amount_change") and same_metric and len(figures) >= 2:
        text, value = _change(intent, figures, label, question, listing)
        return with_working(text), value
    if intent == "difference" and same_metric and len(figures) == 2:
        a, b = figures
        diff = a.value - b.value
        shown = format_money(abs(diff)) if a.unit == "USD" else f"{abs(diff):,.2f}"
        text = (
            f"Difference in {label}: {a.who_when()} {a.shown()} vs {b.who_when()} {b.shown()}: "
            f"{_plain(a)} - {_plain(b)} = {diff:+,.2f} ({shown})."
        )
        return with_working(text), round(abs(diff), 4)
    if intent in ("average", "sum") and same_metric and len(figures) >= 2:
        values = [f.value for f in figures]
        total = sum(values)
        result = arithmetic.average(values) if intent == "average" else total
        terms = " + ".join(_plain(f) for f in figures)
        how = f"({terms}) / {len(values)}" if intent == "average" else terms
        scope = ", ".join(f.who_when() for f in figures)
        text = f"{intent.capitalize()} {label} over {scope}: {how} = {result:,.2f} ({listing})."
        return with_working(text), round(result, 4)
    if len(figures) == 1:
        f = figures[0]
        text = f"{f.who_when()} {metric_label(f.metric, vocab)}: {f.shown()}."
        return with_working(text.strip()), f.headline()
    return with_working(f"{listing}."), None


def _threshold(figures: list[Figure], label: str, question: str, limit_asked: tuple[bool, float]) -> str:
    """The companies above (or below) the limit the question names, with their workings."""
    above, limit = limit_asked
    scale = 1000.0 if re.search(r"billion", question, re.I) else 1.0
    chosen = [f for f in figures if (f.headline() > limit * scale) == above and f.headline() != limit * scale]
    names = ", ".join(f"{f.company} ({f.shown()})" for f in chosen) or "none"
    word = "above" if above else "below"
    unit = "%" if "%" in question or "percent" in question else ""
    text = f"{label} {word} {limit:g}{unit}: {names} (of {len(figures)} companies checked)."
    return " ".join([text, *(f"{f.who_when()}: {f.working}" for f in chosen if f.working)])


def _change(
    intent: Intent, figures: list[Figure], label: str, question: str, listing: str
) -> tuple[str, float | None]:
    """Change from the first to the last year: percent (or amount), or CAGR when asked."""
    ordered = sorted(figures, key=lambda f: f.fiscal_year or 0)
    old, new = ordered[0], ordered[-1]
    try:
        pct = arithmetic.pct_change(old.value, new.value)
    except ZeroDivisionError:
        return f"{listing}. Percent change undefined (zero base).", None
    span = (new.fiscal_year or 0) - (old.fiscal_year or 0)
    if re.search(r"\bcagr\b|compound annual", question, re.I) and span > 0 and old.value > 0 < new.value:
        cagr = ((new.value / old.value) ** (1 / span) - 1) * 100
        text = (f"{label} CAGR FY{old.fiscal_year}-FY{new.fiscal_year}: ({_plain(new)} / {_plain(old)})"
                f"^(1/{span}) - 1 = {cagr:.1f}%.")
        return text, round(cagr, 2)
    verb = "rose" if new.value > old.value else "fell" if new.value < old.value else "was unchanged"
    diff = new.value - old.value
    diff_shown = format_money(diff) if new.unit == "USD" else f"{diff:+,.2f}"
    if new.unit == "ratio" and arithmetic.is_percent_metric(new.metric):
        diff_shown = f"{diff * 100:+.1f} percentage points"
    text = (
        f"{old.company + ' ' if old.company else ''}{label} {verb} from {old.shown()} "
        f"(FY{old.fiscal_year}) to {new.shown()} (FY{new.fiscal_year}): {pct:+.1f}% "
        f"(difference {diff_shown}; ({_plain(new)} - {_plain(old)}) / {_plain(old)} = {pct:+.1f}%)."
    )
    return text, round(pct, 2) if intent == "change" else round(diff, 4)


def _plain(f: Figure) -> str:
    """The number as it appears in the shown arithmetic (millions, or the raw ratio)."""
    return f"{f.value:,.4f}".rstrip("0").rstrip(".") if f.unit == "ratio" else f"{f.value:,.1f}"
