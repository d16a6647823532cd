"""Whether a question asks about a corporate event: a deal, an issue of securities, a plan, an
appointment, decided by its grammar alone.

An event is what a company *did* (acquired, agreed to sell, issued, announced, appointed,
completed), stated in sentences of its text. Its question often holds a word a statement line
is also named by ("what did it *receive* for the business", "how much *goodwill* did it record
on the acquisition", "what senior *notes* did it issue"): read as that line's value for the
period, it would answer another quantity. Three forms of the asking sentence make an event ask:

- "What/Which <thing> did X <deal verb>": the thing is the verb's object, the event itself
  ("Which company did Oracle acquire", "What senior notes did Oracle issue in March 2021",
  "What business did eBay agree to sell"); a quantity as the thing ("what amount of debt did
  it issue") stays a figure's ask;
- "What did <party> receive / get / pay ... <deal noun>" ("What did Slack shareholders
  receive for each share when Salesforce completed its acquisition of Slack");
- the terms of a deal: "What were the terms of the agreement eBay signed to transfer ...";
- a quantity asked *of a deal*: "<word> ... on / for / from / in (the|its|that) <deal noun>"
  ("how much goodwill did it record on the acquisition"): the deal's own figure, which the
  period's statement line (all acquisitions, all goodwill) is not.
"""

from __future__ import annotations

import re

# the verb of a corporate event, any tense; "agree to sell" reads its last verb
_DEAL_VERB = (r"(?:acquir|buy|bought|purchas|sell|sold|divest|dispos|spin|spun|issu|announc|complet|clos|sign|"
              r"enter|agree|appoint|hir|elect|settl|form|transfer|merg|exit|launch|separat|distribut|"
              r"undert|implement|initiat|pend)\w*")  # ("What acquisition did Pfizer have pending": a deal agreed, not closed)
# a thing that is a quantity: its ask is a figure's, not an event's
_QUANTITY_HEAD = re.compile(r"\b(?:amount|total|sum|value|percent\w*|portion|proportion|number|level|rate|ratio|"
                            r"margin|balance|much|many|impact|effect|dividends?|per\s+share)\b", re.I)
_LEAD_IN = r"^\W*(?:(?:\S+\s+){0,12}?\S*,\s*)?"
_THING_DID = re.compile(
    _LEAD_IN + r"(?:what|which)\s+(?P<thing>(?:[\w'\u2019&-]+\s+){1,4}?)(?:did|has|have|had|will|would|does|do)\s+"
    # the doer, then the deal verb: "did Intel give when it announced" is no deal done
    r"(?:(?!(?:when|while|after|before|as|if|it|to|give|gave|provide|report|record|say|expect)\b)"
    r"[\w.'\u2019&-]+\s+){1,4}?(?:agree\s+to\s+|plan\s+to\s+|decide\s+to\s+)?" + _DEAL_VERB + r"\b", re.I)
# "How did eBay separate from PayPal", "How was Patriot Transportation separated from FRP Holdings": how a deal
# was done, asked of the doer or of what was dealt
_HOW_DONE = re.compile(_LEAD_IN + r"how\s+(?:did|was|were|has|had|have)\s+(?:[\w.'\u2019&-]+\s+){1,4}?"
                       r"(?:separat|spin|spun|divest|sold|sell|acquir|merg|distribut)\w*\b", re.I)
# "How did Patriot Transportation Holding become an independent public company": by a spin-off, a separation, an offering
_BECAME_INDEPENDENT = re.compile(_LEAD_IN + r"how\s+did\s+(?:[\w.'\u2019&-]+\s+){1,5}?become\s+(?:an?\s+)?"
                                 r"(?:independent|separate|stand-?alone|publicly[-\s]traded)\b", re.I)
_DEAL_NOUN = (r"(?:acquisitions?|mergers?|divestitures?|dispositions?|disposals?|sale\s+of|spin-?offs?|"
              r"separation|joint\s+venture|transactions?|deal|tender\s+offer|offering|restructuring\s+plan|"
              r"workforce\s+reduction|job\s+cuts|layoffs?|appointment|settlement)")
# what was given up: a business, a stake, shares ("for its Korean business"), or the selling of it
_GIVEN_UP = (r"(?:selling|divesting|transferring|disposing|spinning|for\s+(?:its|the|their|each|every)\s+(?:[\w-]+\s+){0,3}?"
             r"(?:business|businesses|unit|division|stake|interest|shares?|subsidiary|operations))")
_PARTY_RECEIVED = re.compile(
    # (and "What consideration was eBay to receive for transferring its Classifieds business")
    # (not a rate or an amount asked: "What tax rate did eBay pay on the gain from transferring ...")
    _LEAD_IN + r"what\s+(?!(?:[\w-]+\s+)?(?:rates?|percent\w*|amounts?|totals?|sums?|values?|ratios?|margins?|prices?)\b)"
    r"(?:[\w-]+\s+){0,2}?(?:did|was|were|is|will|would)\s+(?:[\w.'\u2019&-]+\s+){1,4}?(?:to\s+)?"
    r"(?:receive|get|gain|pay|obtain)\b[^?]*\b"
    rf"(?:{_DEAL_NOUN}|{_GIVEN_UP})\b", re.I)
_OF_A_DEAL = re.compile(r"\b(?:on|for|from|in|under|(?:related|relating|associated|attributable|connected|linked)"
                        r"\s+(?:to|with))\s+(?:the|its|this|that|their)\s+(?:[\w-]+\s+){0,2}?"
                        + _DEAL_NOUN + r"\b", re.I)
# "What were the terms of the agreement eBay signed in 2020 to transfer its Classifieds business"
# "What were the terms and financing of Oracle's acquisition of Cerner", "the key terms of Adobe's pending acquisition"
_TERMS_OF_A_DEAL = re.compile(_LEAD_IN + r"what\s+(?:were|are|was|is)\s+the\s+(?:main\s+|key\s+)?(?:terms|details|"
                              r"structure)(?:\s+and\s+(?:the\s+)?[\w-]+)?\s+of\s+(?:the|its|this|that|"
                              r"[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*){0,3}['\u2019]s?)\s+(?:[\w-]+\s+){0,2}?(?:agreement|"
                              + _DEAL_NOUN + r")\b", re.I)
_FIGURE_ASK = re.compile(r"\bhow\s+much\b|\bwhat\s+(?:(?:was|were|is|are)\s+the\s+(?:total\s+)?)?(?:[\w-]+\s+){0,2}?"
                         r"(?:price|consideration|gains?|loss(?:es)?|charges?|goodwill|proceeds)\b", re.I)


def event_ask(ask: str) -> str | None:
    """How `ask` (the asking sentence) asks about a corporate event, or None when it does not."""
    if (m := _THING_DID.search(ask)) and not _QUANTITY_HEAD.search(m.group("thing")):
        return "asks what a company did (a deal verb and its object)"
    if _HOW_DONE.search(ask) or _BECAME_INDEPENDENT.search(ask):
        return "asks how a deal was done"
    if _PARTY_RECEIVED.search(ask):
        return "asks what a party received or paid in a deal"
    if _TERMS_OF_A_DEAL.search(ask):
        return "asks the terms of a deal"
    if _FIGURE_ASK.search(ask) and _OF_A_DEAL.search(ask):
        return "asks a figure of one deal (the period's statement line would be all deals')"
    return None


def asks_an_event(question: str) -> bool:
    """Whether any asking sentence of `question` asks about a corporate event."""
    return any(event_ask(part) for part in re.split(r"(?<=[.?!])\s+(?=[A-Z\"(])", question.strip()))
