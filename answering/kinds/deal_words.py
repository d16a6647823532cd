"""The words a corporate event is stated in: its kind's verbs and nouns, and the names a question
gives it, matched in a filing's sentences as the filing writes them.

A question says "what did it receive for its Korean business"; the filing "we completed the sale
of 80.01% of ... eBay Korea to E-mart". The kind of event is read from the stems its verbs and
nouns start with (selling: sell, sold, sale, divest, transfer); a name matches the filing's word
when the two differ only in their last letters ("Korean" / "Korea", "Classifieds" / "Classified"),
never a shorter word that only starts the same ("Class" A shares).
"""

from __future__ import annotations

import re

from loaders.dates import MONTH_NAMES

# the kinds of event, each by the stems its verbs and nouns start with
FAMILIES: dict[str, tuple[str, ...]] = {
    "buy": ("acquir", "acquisition", "purchas", "merg", "bought", "buy", "tender offer"),
    "sell": ("sell", "sold", "sale", "divest", "dispos", "transfer"),
    "issue": ("issu", "offering", "notes", "bonds", "debentures"),
    "appoint": ("appoint", "elect", "named", "director", "officer", "succe", "transition", "resign", "retire",
                "president", "chief"),
    "restructure": ("restructur", "workforce", "eliminat", "layoff", "job", "severance", "employees"),
    "separate": ("spin", "spun", "separat", "distribut", "independent"),
    "settle": ("settl",),
    "venture": ("joint venture", "venture", "contribut"),
    "exit": ("exit",),
}
# an event asked by a word of no kind ("what transaction did it complete with Flipkart"): any deal verb
ANY_EVENT = ("transaction", "complet", "agreement", "agreed", "announc", "exchang", "invest", "entered")
_WORD = re.compile(r"[A-Za-z][\w&.'\u2019-]*")
_MONTHS = frozenset(MONTH_NAMES.lower().split("|"))
# capitalised words that name no event: the question's own words when capitalised, forms, periods
_NOT_NAMES = frozenset(["what", "which", "who", "whom", "when", "where", "why", "how", "did", "does", "do", "give", "list", "name", "the", "a", "an", "and", "or", "in", "on", "of", "for", "to", "its", "it", "their", "state", "explain", "describe", "according", "form", "fiscal", "fy", "quarter", "q1", "q2", "q3", "q4", "usd", "billion", "million", "inc", "corp", "company", "us", "u.s", "i", "ii", "iii", "iv", "10-k", "10-q", "8-k", "20-f", "annual", "report"])


def families(text: str) -> list[tuple[str, ...]]:
    """The kinds of event `text` names (each as its stems), or any deal verb when it names none."""
    low = text.lower()
    asked = [stems for stems in FAMILIES.values() if any(re.search(rf"\b{re.escape(s)}", low) for s in stems)]
    return asked or ([ANY_EVENT] if any(re.search(rf"\b{s}", low) for s in ANY_EVENT) else [])


def of_family(sentence: str, kinds: list[tuple[str, ...]]) -> bool:
    low = sentence.lower()
    return any(re.search(rf"\b{re.escape(stem)}", low) for stems in kinds for stem in stems)


# a fiscal period written as one word ("FY2022", "Q3", "1H23"): when, not a party or a thing
_PERIOD = re.compile(r"(?:fy|q[1-4]|[12]?h[12]|cy)[-']?\d{0,4}|\d?[qh]\d{2,4}")


def names(text: str, companies: list[str]) -> list[str]:
    """The names `text` gives an event: capitalised words past a sentence's start that are not the
    asked company's, lower-cased."""
    company_words = {w.lower() for c in companies for w in _WORD.findall(c)}
    found: list[str] = []
    for sentence in re.split(r"(?<=[.?!:])\s+", text):
        for word in _WORD.findall(sentence)[1:]:
            low = word.lower().strip(".'\u2019").removesuffix("'s").removesuffix("\u2019s")
            if not word[0].isupper() or low in _NOT_NAMES or low in _MONTHS or low in company_words \
                    or _PERIOD.fullmatch(low):
                continue
            if low not in found:
                found.append(low)
    return found


def same_name(name: str, word: str) -> bool:
    """ "Korean" names Korea, "Classifieds" the Classified business, not a "Class" of stock: the
    two words differ only in their last two letters."""
    if name == word:
        return True
    common = 0
    for a, b in zip(name, word, strict=False):
        if a != b:
            break
        common += 1
    return common >= 4 and common >= max(len(name), len(word)) - 2


def named(sentence: str, asked: list[str]) -> list[str]:
    """The asked names `sentence` names."""
    words = {w.lower().strip(".'\u2019") for w in _WORD.findall(sentence)}
    return [n for n in asked if any(same_name(n, w) for w in words)]


# a deal done or agreed, said with a verb: "we completed the sale", "acquired", "issued", "entered into";
# not the deal's noun in a line about something else ("Bond Issuance Costs ... will be amortized")
_DONE = re.compile(r"\b(?:complet|clos|consummat|effectuat|finaliz|enter|agre|announc|sign|acquir|purchas|"
                   r"issu|transferr|transfer|divest|dispos|merg|appoint|elect|separat|distribut|settl|exit|"
                   r"eliminat|restructur|form|launch)ed\b|\b(?:sold|bought|spun|named|agreed|entered\s+into)\b"
                   # a gain on a sale is had only once the sale is done: "Gain on the sale of land was $8,330,000 due
                   # to the sale of our former terminal location in Tampa"
                   r"|\bgain\s+(?:on|from)\s+(?:the\s+)?sale\s+of\b",
                   re.I)


def states_a_deal(sentence: str) -> bool:
    """Whether `sentence` states a deal done, agreed or announced (a verb of it in the past)."""
    return bool(_DONE.search(sentence))


# a business bought or sold named after its verb: "completed the acquisition of Giosis", "sold our equity
# investment in Flipkart", "to acquire the U.K.-based classifieds site"; not "our acquisitions completed during
# fiscal 2015" nor "we acquired certain other companies", which name no deal
_OBJECT_NAMED = re.compile(r"\b(?:acquisitions?\s+of|acquired|acquire|purchased?|sale\s+of|sold|sell|transfer(?:red)?"
                           r"(?:\s+of)?|divest(?:ed|iture\s+of)?|merger\s+(?:of|with)|dispos(?:ed\s+of|al\s+of))\s+"
                           r"(?:[\w.,%\u2019'-]+\s+){0,5}?(?-i:[A-Z])", re.I)
BUY_SELL = (FAMILIES["buy"], FAMILIES["sell"])


def names_its_object(sentence: str) -> bool:
    """Whether a sentence of buying or selling names what was bought or sold (a name after its verb)."""
    return bool(_OBJECT_NAMED.search(sentence))


# "had the deal closed?", "what was its status?", "has the acquisition been completed?": where a deal stands,
# which the filing states by its closing ("we completed the acquisition", "the merger closed on ...") or by what
# the closing still awaits ("we continue to work toward closing the transaction subject to ... approvals",
# "is expected to close in the first half of 2022"); a shareholders' approval alone says neither
ASKS_STATUS = re.compile(
    r"^\W*(?:and\s+)?(?:(?:had|has|have|did|was|is)\s+(?:the|this|that|its|it)\s*(?:deal|acquisition|merger|transaction|"
    r"purchase|sale|divestiture|spin-?off)?\s*(?:closed?|been\s+(?:completed|closed|consummated)|completed?)\b"
    r"|what\s+(?:was|is)\s+(?:its|their|the)\s+status\b|what\s+(?:was|is)\s+the\s+status\s+of\s+the\s+"
    r"(?:deal|acquisition|merger|transaction|sale))", re.I)
STATUS = re.compile(
    r"\b(?:completed|closed|consummated)\s+(?:the|its|our)\s+(?:[\w-]+\s+){0,3}?(?:acquisition|merger|purchase|sale|"
    r"transaction|divestiture|spin-?off)\b|\b(?:acquisition|merger|transaction|sale|divestiture)\s+(?:\w+\s+){0,3}?"
    r"(?:was|were|has\s+been|had\s+been)\s+(?:completed|closed|consummated)\b|\bwork(?:ing)?\s+toward\s+closing\b"
    r"|(?:\b|is)(?:expected|targeted|anticipated|scheduled)\s+to\s+(?:close|be\s+completed|complete)\b"
    r"|\bsubject\s+to\s+(?:[\w,-]+\s+){0,8}?(?:approvals?|closing\s+"
    r"conditions)\b|\bha(?:s|d)\s+not\s+(?:yet\s+)?(?:closed|been\s+completed)\b|\bpending\s+(?:the\s+)?(?:closing|"
    r"completion|regulatory)\b", re.I)
