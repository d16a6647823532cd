"""What amount a part of a question asks, and whether a sentence states it.

"What was the total purchase price of its acquisition of Fotolia?" asks an amount of a price; "how much did it
incur in charges?" one of charges. The passage reader looks for a sentence stating such an amount, the focus
gate (answering.kinds.quote_focus) refuses quotes that state none, and the every-part gate holds each part of a
question to the same reading: one reading of the ask, so that what is quoted is what is checked.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# "What was the intangible assets of TransUnion in the fiscal year 2021?", "What were the acquisition
# costs ...": the head of what is asked is an amount a filing states beside its name ("intangible
# assets of $3,770.6 million", "Total liabilities were $1.2 billion"); a sentence naming the thing
# ten words from an amount that belongs to another ("depreciation and amortization increased $30.3
# million ..., due primarily to recent acquisitions of tangible and intangible assets") states none
_AMOUNT_NOUN = (r"assets|liabilities|costs?|expenses?|revenues?|sales|income|profits?|loss(?:es)?|earnings|debt|cash|"
                r"capital|spending|price|value|amount|payments?|proceeds|consideration|charges?|capitali[sz]ation|"
                r"dividends?|investments?|fees|compensation|salary|backlog|inventor(?:y|ies)|receivables?|payables?|"
                r"equity|goodwill|reserves?|provisions?|obligations?|commitments?|borrowings?|capex|expenditures?|"
                r"intangibles")
ASKS_AMOUNT = re.compile(r"^\W*(?:and\s+)?what\s+(?:was|is|were|are)\s+(?:the\s+)?(?P<np>[^?,]{0,60}?\b(?P<head>"
                          + _AMOUNT_NOUN + r"))\b(?=\s*(?:\?|$|for\b|in\b|of\b|at\b|during\b|as\b|on\b|,))", re.I)
# "How much did it estimate it would incur in charges", "how much of its debt": an amount of the noun named
ASKS_HOW_MUCH = re.compile(r"^\W*(?:and\s+)?how\s+much\b[^?]{0,80}?\b(?:in|of)\s+(?:[\w-]+\s+){0,2}?(?P<np>(?P<head>"
                            + _AMOUNT_NOUN + r"))\b", re.I)
# "What is the nature of its revenue", "What were the main sources of cash", "the largest expense":
# a description or a choice, not an amount
NOT_AN_AMOUNT = re.compile(r"\bof\b|\b(?:nature|composition|sources?|types?|kinds?|breakdown|structure|terms|treatment|"
                            r"recognition|accounting|purpose|uses?|components?|status|names?|main|primary|principal|key|"
                            r"largest|biggest|smallest|highest|lowest|most|least)\b", re.I)
# "... amount of penalties", "the value of the notes": what the amount is of
OF_WHAT = re.compile(r"\s+of\s+(?:the\s+|its\s+|their\s+)?([a-z][\w-]+)", re.I)
NEAR = 7  # words either side of the asked thing's name that its amount is stated within
NOT_THE_RATIO = re.compile(r"\b(?:impact|effect|drivers?|reasons?|causes?|change|changes|trend|outlook|guidance|"
                            r"definition|defined|method|basis|policy|approach|target|goal|benefit)\b", re.I)
_AMOUNT_FIGURE = r"(?<![\w.])\(?[$€£]?\d[\d,]*(?:\.\d+)?\)?%?(?!\w)"
AMOUNT = re.compile(_AMOUNT_FIGURE)  # a table cell's figure
YEAR = re.compile(r"\b(?:19|20)\d\d\b")

# a deal's price said without the word: "for $95.00 per share", "valued at $68.7 billion"
A_PRICE_HEADS = frozenset({"price", "consi", "value", "valua"})
A_PRICE = re.compile(r"\bfor\s+(?:approximately\s+|about\s+)?[$€£]\s?\d|[$€£]\s?\d[\d,.]*\s+(?:per|a)\s+share\b|"
                      r"\bvalued\s+at\s+(?:approximately\s+|about\s+)?[$€£]\s?\d", re.I)

# the sentence that asks, after statements that lead into it; an initial's period ("the U.S.
# Federal Trade Commission") ends no sentence
_SENTENCE_BREAK = re.compile(r"(?<=[.!])(?<!\b[A-Z]\.)\s+(?=[A-Z])")


def asking(part: str) -> str:
    return _SENTENCE_BREAK.split(part.strip())[-1]


class AmountAsked(NamedTuple):
    """An amount a part asks: the thing it is of ("price") and the words that ask it ("total purchase price")."""

    head: str
    phrase: str


def amount_asked(part: str) -> AmountAsked | None:
    """The amount a part of a question asks ("What was the total purchase price of ...": of "price"; "how much did
    it incur in charges": of "charges"), or None. The passage reader, the focus gate and the every-part gate all
    read it so, so that what is quoted is what the gates ask."""
    ask = asking(part)
    m = ASKS_AMOUNT.match(ask) or ASKS_HOW_MUCH.match(ask)
    if m is None or NOT_THE_RATIO.search(m.group("np")) or NOT_AN_AMOUNT.search(m.group("np")):
        return None
    head = m.group("head")
    if head.lower() in ("amount", "value") and (of := OF_WHAT.match(ask[m.end():])):
        head = of.group(1)  # "the total amount of penalties": the penalties are named beside their sum
    return AmountAsked(head=head, phrase=m.group("np").strip())


def states_amount_of(sentence: str, head: str) -> bool:
    """Whether the sentence gives an amount (not a bare year) within a few words of the asked thing's
    name ("assets", "costs")."""
    if head.lower()[:5] in A_PRICE_HEADS and A_PRICE.search(sentence):
        return True  # "to acquire X for $95.00 per share in an all-cash transaction valued at $68.7 billion"
    words = sentence.split()
    stem = head.lower()[:5]
    for i, word in enumerate(words):
        if word.lower().strip(".,;:()\"'’").startswith(stem):
            near = " ".join(words[max(0, i - NEAR):i + NEAR + 1])
            if any(not YEAR.fullmatch(a.strip("(),$€£")) for a in AMOUNT.findall(near)):
                return True
    return False


# a measure's mix asked ("How did its revenue mix shift ...?"), stated by its parts' shares or amounts; not what a mix
# did ("How did product mix affect its gross profit rate?")
ASKS_MIX = re.compile(r"\b(?:revenue|revenues|sales|product|segment|business|geographic)\s+(?:mix|composition|breakdown|"
                      r"make-?up)\b(?!\s+(?:affect|impact|contribut|drive|weigh|help|hurt)\w*)", re.I)
