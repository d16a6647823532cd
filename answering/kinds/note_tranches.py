"""note_tranches: the principal-weighted average coupon, or the total principal, of notes issued together,
from the sentence that lists the tranches.

A debt issue is stated in prose, one tranche after another: "issued $600.0 million of its 4.800%
Medium-Term Notes due 2028 (the "2028 Notes"), $600.0 million of its 4.950% Medium-Term Notes due
2033 ... and $800.0 million of its 5.450% Medium-Term Notes due 2053". A question asking the
weighted average coupon (or interest rate) of the notes issued is answered as sum(principal x
coupon) / total principal over the tranches of the sentence that lists the most of them.

Precision first: at least two tranches, each (coupon, maturity) with one principal wherever it is
restated; any other tranche the passages name (notes outstanding before, another issue) leaves
which notes are meant unsettled, and so does a count the question gives ("three series") that
the sentence does not list. Then no answer here (None), and the caller's refusal stands.
"""

from __future__ import annotations

import re

from answering.aspects import split_sentences
from answering.citations import cite
from answering.metric_target import asked_decimals
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.numerals import count_of

_ASK = re.compile(r"\bweighted[- ]average\s+(?:annual\s+)?(?:coupon|interest\s+rate)", re.I)
_DEFINED = re.compile(r"\bsum\s+of\s+\(?\s*principal\s*(?:x|\*|×|times|multiplied\s+by)\s*(?:the\s+)?"
                      r"(?:coupon|interest)(?:\s+rate)?\s*\)?\s*(?:/|divided\s+by)\s*(?:the\s+)?total\s+principal", re.I)
# "$600.0 million of its 4.800% Medium-Term Notes due 2028", "US$1,000,000,000 aggregate principal
# amount of 3.50% Senior Notes due 2030", "$800 million 5.450% notes due 2053"
_TRANCHE = re.compile(
    r"(?:US)?\$\s?(?P<amount>\d{1,3}(?:,\d{3})*(?:\.\d+)?)\s*(?P<scale>million|billion)?\s+"
    r"(?:(?:in\s+)?aggregate\s+principal\s+amount\s+)?(?:of\s+(?:its|our|the|their)?\s*)?"
    r"(?P<rate>\d{1,2}(?:\.\d+)?)\s?%\s+(?:[A-Za-z][\w-]*\s+){0,4}?(?:notes|debentures|bonds)\s+due\s+"
    r"(?:[A-Z][a-z]+\s+(?:\d{1,2},\s+)?)?(?P<year>(?:19|20)\d\d)", re.I)
# "we issued $15.0 billion of senior notes comprised of the following: ...": the issue's total, which
# its tranches must add up to (a list cut short by a page or a chunk does not)
_TOTAL = re.compile(r"\$\s?(?P<amount>\d{1,3}(?:,\d{3})*(?:\.\d+)?)\s*(?P<scale>million|billion)\s+(?:aggregate\s+principal\s+"
                    r"amount\s+)?of\s+(?:[\w-]+\s+){0,3}?(?:notes|debentures|bonds),?\s+(?:comprised|composed|consisting)\s+of\b",
                    re.I)
_SCALE = {None: 1e-6, "million": 1.0, "billion": 1000.0}
_COUNT = re.compile(r"\b(two|three|four|five|six|seven|eight|\d)\s+(?:series|tranches)\b", re.I)


class _Tranche:
    def __init__(self, principal: float, rate: float, year: int, sentence: str, chunk: Chunk, end: int):
        self.principal, self.rate, self.year, self.sentence, self.chunk = principal, rate, year, sentence, chunk
        self.end = end  # where the tranche's words end in the sentence

    @property
    def key(self) -> tuple[float, int]:
        return self.rate, self.year


# "What was the total principal amount of the notes issued on August 14, 2023?": the tranches added up
_ASKS_TOTAL = re.compile(r"\btotal\s+(?:aggregate\s+)?principal(?:\s+amount)?\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?"
                         r"(?:notes|debentures|bonds)\s+(?:(?:that\s+)?\w+\s+){0,3}?(?:issued|sold|offered)\b", re.I)
# (notes outstanding, repaid or redeemed are other totals than an issue's tranches)


def asks_weighted_coupon(question: str) -> bool:
    return bool(_ASK.search(question) or _DEFINED.search(question))


# "What notes did it issue on August 14, 2023, and what was the total principal amount issued?": the notes named in
# another part of the question
_ASKS_TOTAL_ISSUED = re.compile(r"\btotal\s+(?:aggregate\s+)?principal(?:\s+amount)?\s+(?:was\s+|were\s+)?"
                                r"(?:issued|sold|offered)\b", re.I)
_NOTES = re.compile(r"\b(?:notes|debentures|bonds)\b", re.I)


def asks_total_principal(question: str) -> bool:
    return _ASKS_TOTAL.search(question) is not None \
        or (_ASKS_TOTAL_ISSUED.search(question) is not None and _NOTES.search(question) is not None
            and _ONE_TRANCHE.search(question) is None)


# "the Medium-Term Notes due 2053", "its 5.450% notes": one tranche named, whose own principal is asked
_ONE_TRANCHE = re.compile(r"\bdue\s+(?:19|20)\d\d\b|\d+(?:\.\d+)?\s?%", re.I)


def _tranches(hits: list[SearchHit]) -> list[list[_Tranche]]:
    """The tranches each sentence lists, sentence by sentence."""
    listed: list[list[_Tranche]] = []
    for hit in hits:
        for sentence in split_sentences(hit.chunk.text):
            found = []
            for m in _TRANCHE.finditer(sentence):
                scale = (m.group("scale") or "").lower() or None
                principal = float(m.group("amount").replace(",", "")) * _SCALE[scale]
                found.append(_Tranche(principal, float(m.group("rate")), int(m.group("year")), sentence, hit.chunk,
                                      m.end()))
            if found:
                listed.append(found)
    return listed


def write(question: str, hits: list[SearchHit], company: str | None = None) -> WrittenAnswer | None:
    """The principal-weighted average coupon, or the total principal, of the notes the passages list; or None."""
    weighted, total = asks_weighted_coupon(question), asks_total_principal(question)
    if not (weighted or total):
        return None
    issue = _issue(question, [h for h in hits if company is None or h.chunk.company in (None, company)])
    if issue is None:
        return None
    principal = sum(t.principal for t in issue)
    tranches = ", ".join(f"{t.rate:g}% due {t.year}" for t in issue)
    if not weighted:
        if (years := {y for y in re.findall(r"\b(?:19|20)\d\d\b", question)}) and not any(
                re.search(rf"\b{y}\b", issue[0].sentence[: issue[0].sentence.find("$")]) for y in years):
            return None  # the sentence read issues its notes in no year the question asks about
        terms = " + ".join(_money(t.principal) for t in issue)
        text = (f"Total principal of the {len(issue)} tranches issued: {_money(principal)} ({terms}; {tranches}). "
                f"Read from {issue[0].chunk.doc}.")
        return WrittenAnswer(status="answered", kind="metric", text=text, value=principal, unit="USD millions",
                             citations=[cite(issue[0].chunk, issue[0].sentence)])
    average = sum(t.principal * t.rate for t in issue) / principal
    decimals = asked_decimals(question)
    decimals = 2 if decimals is None else decimals
    value = round(average, decimals)
    terms = " + ".join(f"{_money(t.principal)} x {t.rate:g}%" for t in issue)
    text = (f"Principal-weighted average coupon of the {len(issue)} tranches issued: {value:.{decimals}f}%. "
            f"({terms}) / {_money(principal)} = {average:.3f}% on {_money(principal)} of notes "
            f"({tranches}). Read from {issue[0].chunk.doc}.")
    return WrittenAnswer(status="answered", kind="metric", text=text, value=value, unit="percent",
                         citations=[cite(issue[0].chunk, issue[0].sentence)])


def _issue(question: str, hits: list[SearchHit]) -> list[_Tranche] | None:
    """The tranches of the one issue the passages list, each once with one principal; None when unsettled."""
    listed = _tranches(hits)
    if not listed:
        return None
    issue = max(listed, key=len)
    chosen = {t.key: t for t in issue}
    if len(chosen) < 2 or len(chosen) != len(issue):
        return None
    for sentence in listed:
        for t in sentence:
            same = chosen.get(t.key)
            if same is None or abs(same.principal - t.principal) > 1e-6 * max(same.principal, 1.0):
                return None  # another tranche, or this one with another principal: which notes is unsettled
    if (count := _COUNT.search(question)) is not None:
        word = count.group(1).lower()
        if count_of(word) != len(chosen):
            return None
    total = sum(t.principal for t in issue)
    if total <= 0 or any(not 0 < t.rate < 25 for t in issue):
        return None
    if re.search(r"\$\s?\d", issue[-1].sentence[issue[-1].end:]):
        return None  # an amount after the last tranche read: the list runs on past what was read (a chunk cut it)
    if (stated := _TOTAL.search(issue[0].sentence)) is not None:
        said = float(stated.group("amount").replace(",", "")) * _SCALE[stated.group("scale").lower()]
        if abs(said - total) > 0.005 * said:
            return None  # the tranches read do not make up the issue the sentence states
    return issue


def _money(millions: float) -> str:
    return f"${millions:,.1f} million"
