"""Why a margin changed: the margin in both periods from the statement, and the lines that moved it.

A margin (operating margin = operating income / revenue) is no statement line, so its change is read
through its numerator: the statement lines that sum to operating income in both columns
(statement_drivers), with the denominator's own row of the same statement. The margin of each period
is computed from those two rows, so the answer states both values; the lines that moved the
numerator most, and revenue's own change, are why it moved. The filing's sentences that say what
moved the margin ("Restructuring impacted first quarter GAAP operating margin by (860) bps") are
added by the caller.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from answering.kinds import statement_drivers
from answering.kinds.statement_drivers import Line, StatementChange
from answering.kinds.statement_lines import has_line
from answering.numbers import normalize_label
from answering.written_answer import WrittenAnswer
from finrag.vocabulary import Vocabulary


def parts(metric: str, vocab: Vocabulary) -> tuple[str, str] | None:
    """(numerator, denominator) of a margin whose formula is one metric over another, else None."""
    formula = vocab.formula(metric) or ""
    m = re.fullmatch(r"\s*([a-z_]+)\s*/\s*([a-z_]+)\s*", formula)
    if m is None or vocab.metrics.get(metric) is None or vocab.metrics[metric].unit != "ratio":
        return None
    numerator, denominator = m.group(1), m.group(2)
    return (numerator, denominator) if numerator in statement_drivers.TOTALS else None


# a margin of the company's own adjustments is no statement's: the statement's rows give the reported one
_ADJUSTED = re.compile(r"\b(?:non-?\s?gaap|adjusted|underlying|core|organic|pro\s+forma)\s+", re.I)


def asked_phrase(question: str, wordings: list[str]) -> str | None:
    """The margin as the question words it, with a "GAAP" before it ("GAAP operating margin")."""
    for wording in sorted(wordings, key=len, reverse=True):
        m = re.search(rf"\b(?:GAAP\s+)?{re.escape(wording)}\b", question, re.I)
        if m:
            return m.group(0)
    return None


def asks_adjusted(question: str, wordings: list[str]) -> bool:
    """Whether the question asks a margin of the company's adjustments ("non-GAAP operating margin")."""
    return any(re.search(rf"{_ADJUSTED.pattern}{re.escape(w)}\b", question, re.I) for w in wordings)


class MarginChange(BaseModel):
    change: StatementChange  # the numerator's lines
    denominator: Line

    def margin(self, which: int) -> float | None:
        base = self.change.value(self.denominator, which)
        return self.change.value(self.change.total, which) / base if base else None


def read(change: StatementChange, denominator: str, vocab: Vocabulary) -> MarginChange | None:
    """The denominator's row among the lines the numerator's sum walked (revenue on the way to
    operating income), or None: a margin from another table's revenue is not this statement's."""
    row = next((line for line, _ in change.run if has_line(denominator, normalize_label(line.label), vocab)), None)
    if row is None:
        return None
    found = MarginChange(change=change, denominator=row)
    return found if found.margin(0) is not None and found.margin(1) is not None else None


# "Did its gross margin improve ...?", "Has its debt risen?": a yes/no of a direction, its verb the
# predicate ("Was the increase driven by volume?" asks a cause, and names the change as its subject)
_IMPROVE = re.compile(r"^\W*(?:did\b[^?]*?\b(?:improve|increase|expand|rise|grow|widen)|(?:has|have)\b[^?]*?\b"
                      r"(?:improved|increased|expanded|risen|grown|widened))\b", re.I)
_WORSEN = re.compile(r"^\W*(?:did\b[^?]*?\b(?:decline|decrease|contract|shrink|fall|drop|narrow|deteriorate|worsen)|"
                     r"(?:has|have)\b[^?]*?\b(?:declined|decreased|contracted|shrunk|fallen|dropped|narrowed|"
                     r"deteriorated|worsened))\b", re.I)


def verdict_of(question: str, up: bool, lower_is_better: bool = False) -> str:
    """"Did its gross margin improve ...?" answered by which way the figure went: "Yes. ", "No. ", or ""
    when the question asks no yes/no of a direction. For a cost, lower is better: its fall improved it."""
    if _NO_VERDICT.search(question.split("?")[0]):
        return ""
    if (rise := _IMPROVE.search(question)) is not None:
        asks_up = not (lower_is_better and _JUDGED.search(rise.group(0)))
    elif (fall := _WORSEN.search(question)) is not None:
        asks_up = lower_is_better and bool(_JUDGED.search(fall.group(0)))
    else:
        return ""
    return "Yes. " if up == asks_up else "No. "


# no yes/no of a way to read: a loss (a loss that "narrowed" is an income that rose), "improve or deteriorate"
# (two ways asked), "Did the increase in freight costs reduce it?" (a change named as the subject)
_NO_VERDICT = re.compile(r"\bloss(?:es)?\b|\b(?:improve|increase|expand|rise|grow|widen|decline|decrease|contract|"
                         r"shrink|fall|drop|narrow|deteriorate|worsen)\s+or\s+\w+|"
                         r"^\W*did\s+(?:the|a|an|this|that|its)\s+(?:\w+\s+)?(?:increase|decrease|rise|decline|drop|fall|growth)\b",
                         re.I)
# "improve" and "deteriorate" judge a figure; "rise" and "fall" only say its way
_JUDGED = re.compile(r"\b(?:improv|deteriorat|worsen)\w*$", re.I)


def write(found: MarginChange, label: str, question: str, wordings: list[str]) -> WrittenAnswer | None:
    """"Did its operating margin improve ...?": Yes / No by the computed margins, both margins with the
    rows they come from, then the numerator's lines that moved it (statement_drivers.write)."""
    lines = statement_drivers.write(found.change)
    m0, m1 = found.margin(0), found.margin(1)
    if lines is None or m0 is None or m1 is None or round(m0 * 1000) == round(m1 * 1000):
        return None
    before, now = found.change.years
    sample = found.change.total.row.tokens[-1] if found.change.total.row.tokens else ""
    up = m1 > m0
    verdict = verdict_of(question, up)
    num, den = found.change.total, found.denominator

    def ratio(which: int) -> str:
        return (f"{statement_drivers.shown_value(found.change.value(num, which), sample)} / "
                f"{statement_drivers.shown_value(found.change.value(den, which), sample)}")

    phrase = asked_phrase(question, wordings) or label
    text = (f"{verdict}{phrase[:1].upper()}{phrase[1:]} {'rose' if up else 'fell'} to {m1 * 100:.1f}% ({now}), compared "
            f"with {m0 * 100:.1f}% ({before}) ({num.name} / {den.name}: {ratio(1)} in {now}, {ratio(0)} in {before}). "
            f"{lines.text}")
    return lines.model_copy(update={"text": text, "flags": [*lines.flags, "drivers_margin"]})
