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
from retrieval.periods import parse_periods

_MEASURE = re.compile(r"^\W*what\s+(?:was|were|is|are)\s+(?:the\s+|its\s+|their\s+)?(?P<measure>[a-z][a-z\s-]{3,60}?)\s+"
                      r"(?:of|for|at|in|as\s+of|during|on)\b", re.I)
# "$24.1 billion", "$1,076M": the whole number, its scale word or letter; a number that runs on into letters or
# digits ("$1,076M" read as "$1") is not read
_AMOUNT = re.compile(r"(?P<currency>[$€£])\s?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                     r"(?:\s*(?P<scale>thousand|million|billion)\b|(?P<letter>[KMB])\b|(?![\w,.]\d|\w))", re.I)
# an amount that is a change ("increased $512 million to ..."), one end of a range ("$8.51 - $8.53 billion",
# "$8.51 to $8.53 billion"), or an amount set aside ("excluding the $1.2 billion ...")
_CHANGE_BEFORE = re.compile(r"\b(?:increas\w*|decreas\w*|grew|rose|fell|declin\w*|up|down|by|from|excluding|"
                            r"including|less|of\s+which)\s+(?:approximately\s+|about\s+)?$", re.I)
_RANGE_AFTER = re.compile(r"^\s*(?:thousand|million|billion)?\s*(?:to|-|–|—|and)\s*[$€£]?\s?\d", re.I)
_LETTER_SCALE = {"k": "thousand", "m": "million", "b": "billion"}
_REACH = 60  # characters between the measure's name and its amount
_MIN_WORDS = 2  # a measure named in one word ("revenue") is a metric's, read from statements


_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP"}
# the words a total may stand after when said without "total" ("our backlog was", "the ending backlog")
_BARE_BEFORE = frozenset({"our", "its", "the", "their", "ending", "total", "overall", "company's", "company’s"})


def _figure(quote: str, measure: str, bare: bool = False) -> tuple[float, str, str] | None:
    """(amount, currency sign, scale word) stated right after the measure's name in the quote, or None.
    `bare`: the name stands without a qualifier before it ("our backlog", not "Funded backlog")."""
    words = measure.split()
    named = re.search(r"\b" + r"\s+".join(re.escape(w) for w in words) + r"\b", quote, re.I)
    if named is None:
        return None
    before = re.findall(r"[\w’'-]+", quote[: named.start()])[-1:]
    if bare and before and before[0].lower() not in _BARE_BEFORE:
        return None
    window = quote[named.end(): named.end() + _REACH]
    amount = _AMOUNT.search(window)
    if amount is None or _CHANGE_BEFORE.search(window[: amount.start()]) \
            or _RANGE_AFTER.match(window[amount.end("number"):]):
        return None
    scale = (amount.group("scale") or _LETTER_SCALE.get((amount.group("letter") or "").lower(), "")).lower()
    return float(amount.group("number").replace(",", "")), amount.group("currency"), scale


# "How much did Apple spend to repurchase shares of its common stock during 2017": the amount after the deed's verb
# ("the Company spent $33.0 billion to repurchase shares"), the deed's object named after it
_SPENT_ASK = re.compile(r"^\W*how\s+much\s+(?:cash\s+)?did\s+(?:[\"“][^\"”]+[\"”]|\S+(?:\s+[A-Z]\S*){0,3})\s+"
                        r"(?P<verb>spend|pay|invest|return|contribute)\s+(?:to|on|for|in)\s+(?P<object>[a-z][a-z\s-]{3,40}?)"
                        r"(?=\s+(?:during|in|for|of|as|at)\b|\s*[,?(])", re.I)
_SPENT = {"spend": "spent", "pay": "paid", "invest": "invested", "return": "returned", "contribute": "contributed"}
# "How many full-time employees did Lyft have as of December 31, 2021": the count written before that day
_COUNT_ASK = re.compile(r"^\W*how\s+many\s+(?P<things>[a-z][a-z\s-]{2,40}?)\s+did\s+.+?\bas\s+of\s+"
                        r"(?P<day>[A-Z][a-z]+\.?\s+\d{1,2},\s+(?:19|20)\d\d)", re.I)


_NOT_ONE_AMOUNT = re.compile(r"\brespectively\b", re.I)
_AFTER_SPENT = re.compile(r"^\s*(?:thousand|million|billion|[KMB])?\s*(?:more|less|per\s+share|a\s+share)\b", re.I)


def _spent(quote: str, verb: str, object_words: list[str]) -> tuple[float, str, str] | None:
    """The amount right after the deed's past form, when the words after it name the deed's object: never one of
    several amounts set side by side ("respectively"), a difference ("$3.0 billion more") or a rate per share."""
    if not object_words or _NOT_ONE_AMOUNT.search(quote):
        return None
    for m in re.finditer(rf"\b{_SPENT[verb.lower()]}\s+(?:approximately\s+|about\s+)?", quote, re.I):
        amount = _AMOUNT.match(quote, m.end())
        rest = quote[m.end(): m.end() + 80].lower()
        if amount is not None and all(w in rest for w in object_words) \
                and not _RANGE_AFTER.match(quote[amount.end("number"):]) \
                and not _AFTER_SPENT.match(quote[amount.end("number"):]):
            scale = (amount.group("scale") or _LETTER_SCALE.get((amount.group("letter") or "").lower(), "")).lower()
            return float(amount.group("number").replace(",", "")), amount.group("currency"), scale
    return None


def _counted(quote: str, things: str, day: str) -> float | None:
    """The count written just before "as of <day>": the things' words right after it ("117,100 employees as of"),
    or, with nothing between, a sentence whose subject is the number of those things ("The number of our
    full-time employees increased from 2,708 ..., to 4,453 as of December 31, 2021"); never a count of other
    things ("186,700 retirees") nor one with a scale word ("12 thousand")."""
    words = things.lower().split()
    m = re.search(rf"(?<![\d.,$])(\d{{1,3}}(?:,\d{{3}})+|\d+)\s+(?P<between>(?:[A-Za-z-]+\s+){{0,4}}?)as\s+of\s+"
                  rf"{re.escape(day)}", quote)
    if m is None:
        return None
    between = m.group("between").lower().split()
    if between:
        if between[: len(words)] != words and between[-len(words):] != words:
            return None
    elif not re.search(r"\bnumber\s+of\s+(?:our\s+|its\s+|the\s+)?" + r"\s+".join(map(re.escape, words)) + r"\b",
                       quote, re.I):
        return None
    return float(m.group(1).replace(",", ""))


def lead(question: str, quotes: list[str]) -> tuple[float, str, str] | None:
    """(value, unit, shown) of the one amount the quotes state for the asked measure, or None: the unit names
    the currency and the scale ("USD billion"), as the amount is written."""
    ask = topic_ask(question)
    if (count := _COUNT_ASK.search(question)) is not None:
        counts = {c for q in quotes if (c := _counted(q, count.group("things"), count.group("day"))) is not None}
        if len(counts) != 1:
            return None
        value = counts.pop()
        return value, "count", f"{value:,.0f}"
    if (spent := _SPENT_ASK.search(ask)) is not None:
        object_words = [w for w in spent.group("object").lower().split() if len(w) > 3]
        years = [str(y) for y in parse_periods(ask).years]
        found = {f for q in quotes if (not years or any(y in q for y in years))
                 and (f := _spent(q, spent.group("verb"), object_words)) is not None}
    elif (asked := _MEASURE.search(ask)) is not None and len(asked.group("measure").split()) >= _MIN_WORDS:
        measure = asked.group("measure").strip()
        found = {f for q in quotes if (f := _figure(q, measure)) is not None}
        if not found and (whole := re.match(r"total\s+(?P<rest>.+)", measure, re.I)) is not None:
            # "the total backlog": a filing says "our backlog was $144.0 billion", the total without the word
            found = {f for q in quotes if (f := _figure(q, whole.group("rest"), bare=True)) is not None}
    else:
        return None
    if len(found) != 1:
        return None
    value, sign, scale = found.pop()
    shown = f"{value:,.3f}".rstrip("0").rstrip(".")
    return value, f"{_CURRENCY[sign]} {scale}".strip(), f"{sign}{shown}{' ' + scale if scale else ''}"
