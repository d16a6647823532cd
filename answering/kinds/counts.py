"""counts: whether a text states the count a "how many <things>" ask asks.

A filing states a count by a number before the things counted ("operated 838 warehouses", "we
had approximately 164,000 full-time employees", "4.2 percentage points"): a bare figure nearby
(an accrued charge of $42 million, a 7% share) counts nothing. People are counted in any of the
words filings use for them ("eliminated about 500 positions", "a reduction of 1,100 roles").
"Times" is no thing: "how many times its operating cash flow" asks a multiple, stated as "2.8x".
"And how many were in the United States?" counts an earlier part's things in a place: a number
"in the United States".
"""

from __future__ import annotations

import re

HOW_MANY = re.compile(r"\bhow\s+many\s+(?P<noun>[a-z][a-z-]{2,})", re.I)
_PEOPLE = ("employee", "people", "person", "worker", "job", "position", "role", "staff", "headcount", "associate")
_COUNT_VERBS = frozenset({"were", "was", "are", "is", "did", "does", "do", "had", "has", "have"})
_NO_THING = frozenset({"times", "more", "fewer", "of"})
# plurals without an s: "how many people work for it" counts people
_PLURAL_NOUNS = frozenset({"people", "personnel", "staff", "children", "men", "women"})
# words after which a noun phrase has ended: a verb of the question, a preposition, a determiner
_NOT_A_HEAD = frozenset({"did", "does", "do", "were", "was", "are", "is", "had", "has", "have", "will", "would", "can",
                         "could", "in", "at", "of", "on", "for", "from", "to", "during", "as", "by", "with", "its",
                         "their", "the", "a", "an", "and", "or", "that", "which", "who"})
# "in the United States", "outside (of) the United States": where counted, inside or out
_IN_PLACE = re.compile(r"\b(in|outside(?:\s+of)?|within)\s+(?:the\s+)?([A-Z][\w.]*(?:\s+[A-Z][\w.]*)*)")


def asked_thing(ask: str) -> str | None:
    """The stem of the things a "how many" ask counts ("employe" of "how many employees"); None when
    it asks no count of things ("how many times ...")."""
    asked = HOW_MANY.search(ask)
    if asked is None or asked.group("noun").lower() in _NO_THING:
        return None
    noun = asked.group("noun").lower()
    # the noun phrase's head: "how many C-Band licenses", "how many new warehouses" count licenses, warehouses
    # (a capitalised name runs on past a word ending in "s": "how many Priority Access Licenses")
    for word in re.findall(r"[A-Za-z][A-Za-z-]*", ask[asked.end("noun"):])[:3]:
        if (noun.endswith("s") and not word[:1].isupper()) or noun in _COUNT_VERBS or noun in _PLURAL_NOUNS \
                or word.lower() in _NOT_A_HEAD:
            break
        noun = word.lower()
    if noun in _COUNT_VERBS:
        return noun if _IN_PLACE.search(ask) else None
    return noun[:-3] if noun.endswith("ies") else noun[:-1] if noun.endswith("s") else noun


# "how many regular employees ... were covered": the verb the counted things are asked by (of the first count asked)
_HOW_MANY = re.compile(r"\bhow\s+many\b", re.I)
_SOME_PLACE = re.compile(r"\b(?:in|at)\s+(?:our\s+|its\s+|the\s+)?[A-Z]|\bat\s+(?:our|its)\b|\b(?:that|which|who)\s+\w+"
                         r"|\bduring\b|\bquarter\b")
_COUNTED_AS = re.compile(r"^[^?,;]*?\b(?:were|are|was|is|have\s+been|had\s+been)\s+([a-z]{4,})\b", re.I)


# a number of things added or lost is no count of them: "an additional 927 Active Riders", "an increase of 1,200 employees"
_A_CHANGE_OF_COUNT = re.compile(r"\b(?:additional|another|(?:increase|decrease|decline|growth|rise|drop|reduction|"
                                r"addition|loss)\s+of(?:\s+(?:approximately|about|roughly|some))?)\s+$", re.I)


def states_count(text: str, ask: str) -> bool:
    """Whether the text states a number of the things the ask counts (False when it counts none)."""
    stem = asked_thing(ask)
    if stem is None:
        return False
    if stem in _COUNT_VERBS:  # "and how many were in the United States?", "how many were employed outside the US?"
        place = _IN_PLACE.search(ask)
        if place is None:
            return False
        where = "outside(?:\\s+of)?" if place.group(1).lower().startswith("outside") else place.group(1)
        # ("388 employees employed outside of the United States": the things and their verb between)
        return bool(re.search(rf"\b\d[\d,]*\s+(?:[a-z-]+\s+){{0,3}}?{where}\s+(?:the\s+)?{re.escape(place.group(2))}\b",
                              text))
    stems = _PEOPLE if any(stem.startswith(p[:5]) for p in _PEOPLE) else (stem,)
    things = "|".join(re.escape(s) for s in stems)
    # "57,500 full- and part-time employees", "2.1 million associates", or the things first: "employees
    # totaled approximately 57,500", "a headcount of 57,500"; never an amount of money
    # (whole, ending in a digit: "93%" is no count, nor its "9"; a year is no count: "At the end of 2022, our members")
    number = r"(?<![\w.$€£¥])(?!(?:19|20)\d\d\b)\d(?:[\d,.]*\d)?(?!\d|[.,]\d|\s*(?:%|percent\b))"
    # (a name's number, with words between it and the things, is no count: "Auction 105 for Priority Access
    # Licenses"; "Approximately 164,000 employees" and "Employees 12,345" are)
    before = [m for m in re.finditer(rf"(?P<n>{number})\s+(?:(?:million|thousand)\s+)?(?P<between>(?:[a-z-]+\s+){{0,4}}?)"
                                     rf"(?:{things})", text, re.I)
              if not (m.group("between") and re.search(r"\b[A-Z][A-Za-z]+\s$", text[: m.start("n")]))
              and not _A_CHANGE_OF_COUNT.search(text[max(0, m.start("n") - 40): m.start("n")])
              and not re.search(r"\b(?:more|fewer|additional)\b", m.group("between"), re.I)]
    if before or re.search(rf"\b(?:{things})\w*\s+(?:[a-z-]+\s+){{0,3}}?{number}", text, re.I):
        return True
    # "Of the Utility's regular employees, approximately 13,500 are covered": the things, a comma, then the number of
    # those of them the ask's own verb says ("how many regular employees were covered"); a part of the things, so
    # never a count of them all ("how many regular employees did it have")
    first = _HOW_MANY.search(ask)
    verb = _COUNTED_AS.match(ask[first.end():]) if first else None
    if verb is None:
        return False
    for m in re.finditer(rf"\b(?P<qualifier>[\w.’'-]+\s+)?(?:{things})\w*,\s+(?:[a-z-]+\s+){{0,2}}?{number}\s+"
                         rf"(?:[a-z-]+\s+){{0,2}}?{re.escape(verb.group(1)[:5])}\w*(?P<after>(?:\s+\S+){{0,8}})", text, re.I):
        qualifier = (m.group("qualifier") or "").strip()
        if qualifier[:1].isupper() and not re.search(rf"\b{re.escape(qualifier)}", ask) \
                and not qualifier.endswith(("’s", "'s")):
            continue  # "Of our U.S. employees, ...": a part the ask does not name
        if _SOME_PLACE.search(m.group("after")):
            continue  # "12 were opened in Texas", "... at our Ohio plant": the count of one place's
        return True
    return False
