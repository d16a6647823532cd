"""What a fact question asks about, without the words that only say where to look.

"According to Apple's 10-Q for the third quarter of fiscal 2023 (quarter ended July 1,
2023), what is the status of ...", "... according to its second-quarter 2023 earnings
release", "... in the stockholder letter of its FY2023 annual report": the document and
date clauses name the filing (retrieval and the catalog use them), not the fact. Counted
as content words they make a sentence that states the fact look like it shares only a
third of the question. `topic_ask` leaves them out; `ask_parts` splits a two-part
question ("What company did X acquire, and what does that company do?") so each part is
answered by its own sentence.
"""

from __future__ import annotations

import re

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
MONTH = _MONTH  # shared with answering.kinds.other_words
_DOCUMENT = (r"(?:10-?[kq]|8-?k|20-?f|40-?f|6-?k|form\s+(?:10-?[kq]|20-?f|40-?f)|annual\s+report|quarterly\s+report|(?:earnings|results|press)\s+release|(?:earnings|results|investor)\s+(?:presentation|deck)|"
             r"(?:stockholder|shareholder|shareowner)s?['’]?\s+letter|letter\s+to\s+(?:stockholders|shareholders)|filings?|"
             r"proxy\s+statement)")
# "Form 8-K dated February 7, 2023": the day a document was filed names it, as its form does
_FILED_ON = rf"(?:\s+dated\s+{_MONTH}\s+\d{{1,2}},?\s+\d{{4}})?"
_SOURCE = [
    # "According to Apple's 10-Q for the third quarter of fiscal 2023", "according to the stockholder letter in its FY2023 annual report"
    re.compile(rf"\b(?:according\s+to|as\s+(?:stated|reported|disclosed)\s+in|per)\s+[^,?]*?{_DOCUMENT}{_FILED_ON}"
               rf"(?:\s+(?:in|of|for)\s+[^,?]*(?:{_DOCUMENT}|\d{{4}}))?", re.I),
    # "in its second-quarter 2023 earnings release", "In PG&E's 10-Q for the quarter ended September 30, 2022",
    # "(as) disclosed in its FY2022 annual report": the verb that points at the source goes with it
    re.compile(rf"\b(?:(?:as\s+)?(?:disclosed|reported|stated|described|presented)\s+)?(?:in|from)\s+(?:its|the|[\w&.]+['’]s)\s+(?:[\w-]+\s+){{0,4}}?{_DOCUMENT}{_FILED_ON}"
               rf"(?:\s+for\s+the\s+(?:[\w-]+\s+){{0,3}}?(?:quarter|year|period)(?:\s+ended\s+{_MONTH}\s+\d{{1,2}},?\s+\d{{4}})?)?",
               re.I),
    # "with its second-quarter 2023 results", "when it reported its fourth-quarter 2022 results": the
    # occasion a statement was made on names the source, not the period the statement is about
    re.compile(r"\b(?:with|alongside|when\s+(?:it|the\s+company|[\w&.]+)\s+(?:reported|announced|released|published|issued))"
               r"\s+(?:its|the|[\w&.]+['’]s)\s+(?:[\w-]+\s+){0,5}?results\b", re.I),
]
# "(quarter ended July 1, 2023)", "(August 30, 2023)": a parenthesised period or date
_PAREN_DATE = re.compile(rf"\(\s*(?:[^()]*?\b(?:ended|dated|as\s+of)\b[^()]*|{_MONTH}\s+\d{{1,2}},?\s+\d{{4}})\s*\)", re.I)
# "in July 2023", "effective January 2023", "on May 5, 2023", "as of December 31, 2022"
_DATE = re.compile(rf"\b(?:in|effective|on|as\s+of|during)\s+{_MONTH}(?:\s+\d{{1,2}},?)?\s+\d{{4}}\b", re.I)
# ", and what ...", and a list of follow-on questions ("..., when did the deal close, how was it
# paid for, and ..."): a comma before when/how/who/where/what and a verb opens a question of its
# own ("which" and "who" without a verb open a relative clause: "Walmart, which operates ...")
_SECOND_PART = re.compile(r",?\s+and\s+(?=(?:(?:up\s+to|in|into|for|from|by|to|at|under)\s+)?(?:what|where|when|how|which|who|why)\b)|"
                          # "What did X agree to sell, to whom, on what date, for how much, ...": each a part
                          r",\s+(?=(?:to|from|by|with)\s+whom\b|(?:on|as\s+of)\s+what\s+(?:date|day)\b|"
                          r"for\s+how\s+much\b|at\s+what\s+price\b)|"
                          # "..., and did every category grow?": a yes/no part of its own
                          r",\s+and\s+(?=(?:did|does|do|is|are|was|were|has|have|had)\s+(?!not\b)\w+\s+\w+|"
                          # ("..., and can it recover the cost?": a modal opens a part only with its subject after it;
                          # "lenders that may require collateral, and could require guarantees" is one verb phrase)
                          r"(?:can|could|will|would)\s+(?:it|they|we|there|this|that|these|those|the|its|their|"
                          r"(?-i:[A-Z])[\w&.-]*)\s+\w+)|"
                          r",\s+(?=(?:(?:what|where|when|how|who)\s+(?:is|was|are|were|did|does|do|has|had|will)|"
                          r"how\s+(?:much|many)\s+(?:\w+\s+){0,2}(?:is|was|are|were|did|does|do|has|had|will)|"
                          # "Which category contributed most, what drove it, and ...": a cause asked of it
                          r"(?:what|why)\s+(?:drove|drives|caused|causes|explains?|led)\b))", re.I)


_ASKS = re.compile(r"(?:^|[,.;:]\s+)\W*(?:(?:to|from|with|by|for|of|on|at)\s+(?=wh|how))?(?:by\s+how|to\s+what|what|which|who|whom|whose|how|when|where|why|is|are|was|were|does|do|did|has|have|had|"
                   r"can|could|will|would|should)\b", re.I)


def without_source(ask: str) -> str:
    """The ask without the clauses that name its source document ("according to its 2020 annual report"): the
    document's year is not the year of what is asked."""
    for pattern in _SOURCE:
        ask = pattern.sub(" ", ask)
    return ask


# "Looking ahead to FY2023, what ...": the period the answer looks to, which its own words say ("we expect ...")
_LOOKING_AHEAD = re.compile(r"^\s*looking\s+(?:ahead|forward)\s+to\s+[^,?]{2,40},\s*(?=(?:what|which|who|how|when|where|why)\b)",
                            re.I)


def topic_ask(ask: str) -> str:
    """The ask without the clauses that name its source document or date."""
    text = _DATE.sub(" ", without_source(_PAREN_DATE.sub(" ", _LOOKING_AHEAD.sub("", ask))))
    text = re.sub(r"\s+([,?.])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
    return re.sub(r"^[,\s]+|,\s*(?=[?,])", "", text)


def asked_months(ask: str) -> list[str]:
    """Months a question dates its fact by ("acquired in July 2023"): a sentence naming one is about it."""
    return [m.group(0).rstrip(".").lower()[:3] for m in re.finditer(rf"\b{_MONTH}(?=\s+(?:\d{{1,2}},?\s+)?\d{{4}})", ask, re.I)]


# ", how large is ...": where the question proper starts after a lead-in clause
_WH_START = re.compile(r",\s+(?=(?:how|what|which|who|whom|whose|when|where|why)\b)", re.I)


# "If gross margin is not a useful metric for a company like this, then please state that and explain
# why": the clause asks for an explanation only if the measure does not apply, not of the figure when it does
IF_NOT_USEFUL = re.compile(r"[^.?;]*\bif\b[^.?;]*\b(?:not|n't)\s+(?:a\s+)?(?:useful|relevant|meaningful|"
                           r"applicable|appropriate|apply)\b[^.?;]*", re.I)
# "Based on its fiscal 2021 capital spending and balance sheet, would you describe X as ...?": a lead-in
# clause before a yes/no question's verb, which asks nothing
YES_NO_LEAD_IN = re.compile(r"^\W*(?:based\s+on|given|using|according\s+to|in\s+light\s+of|looking\s+at|considering|"
                            # (a day's own comma, "As of September 30, 2022, had it ...", is inside the lead-in)
                            r"judging\s+(?:by|from)|as\s+of|in|at|for|during|after|under|following)\b"
                            r"(?:[^,?]|,\s*(?=(?:19|20)\d\d\b)){0,160},\s*"
                            r"(?=(?:is|are|was|were|does|do|did|has|have|had|can|"
                            r"will|would|should)\b)", re.I)


def without_lead_in(ask: str) -> str:
    """The ask from its wh-word on when a lead-in clause that asks nothing opens it ("Under PepsiCo's
    2023 Five Year Credit Agreement (8-K, May 2023), how large is the Euro swing line subfacility?" ->
    "how large is ..."): the lead-in names what every part is about, not what this part asks."""
    for m in _WH_START.finditer(ask):
        if not _ASKS.search(ask[:m.start()]):
            return ask[m.end():]
    return ask


def ask_parts(ask: str) -> list[str]:
    """A two-part question's parts ("What X ..., and where did ...?"), each a question; else [ask]."""
    parts: list[str] = []
    for piece in (p.strip(" ,?") for p in _SECOND_PART.split(ask) if p.strip(" ,?")):
        if parts and not _ASKS.search(parts[-1]):
            # "At the AGM held on May 3, 2023, what was the outcome ...?": a lead-in clause, not a
            # question of its own, belongs to the question it opens
            parts[-1] = f"{parts[-1]}, {piece}"
        else:
            parts.append(piece)
    return [p + "?" for p in parts] if len(parts) > 1 else [ask]
