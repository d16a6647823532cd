"""An answer about a corporate event gives each thing the question asks of it, by type.

A deal's sentences are many and alike: the agreement signed, the tender offer commenced, the
purchase price allocated, the deal closed. Sentences that name the deal answer "what did it
acquire", not "when did the deal close" nor "why": a date in a sentence that states no closing
(the day the tender offer began) is another event's date. So for a question that asks about an
event (retrieval.event_ask), each typed ask is checked against the quoted sentences:

- when it closed / was completed / became effective: a date in a sentence that states the
  completion (closed, completed, consummated, effective, expected to close); any other "when":
  a date in some quote;
- why: a sentence that gives a purpose or cause ("to expand", "because", "due to");
- a price per share: an amount beside "per share" / "for each share";
- how much / a price / the consideration / the charges: an amount of money;
- the terms of the deal: an amount in a clause naming what the question names (not one stating
  another deal in the same sentence);
- a pending deal ("what acquisition did it have pending"): a sentence stating the agreement or what
  its closing awaits ("entered into a definitive merger agreement", "expected to close", "subject to
  regulatory approvals"), not one naming the deal in passing;
- how it is financed: a sentence naming the financing's means (notes, debt, borrowings, cash on hand).

An ask left uncovered refuses the answer, naming what was missing (answering.kinds.every_part
gives the same refusal shape for parts in general).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from answering.kinds import deal_words
from answering.kinds.ask_scope import MONTH
from answering.kinds.other_words import (
    ACCOUNTING,
    ASKS_ACCOUNTING,
    ASKS_FINANCING,
    ASKS_RETURNED,
    ASKS_SHARE_TERMS,
    ASKS_STRUCTURE,
    FINANCING,
    RETURNED,
    SHARE_TERMS,
    STRUCTURE,
)
from answering.kinds.sentences import content_words, overlap
from answering.written_answer import NOT_FOUND, PARTIAL, WrittenAnswer
from retrieval.event_ask import asks_an_event

DATE = re.compile(rf"\b{MONTH}\s+(?:\d{{1,2}},?\s+)?\d{{4}}\b|\b\d{{1,2}}\s+{MONTH}\s+\d{{4}}\b"
                   r"|\b(?:first|second|third|fourth)\s+quarter\s+of\s+(?:fiscal\s+(?:year\s+)?)?\d{4}\b"
                   r"|\bQ[1-4]\s*(?:FY)?\s*'?\d{2,4}\b", re.I)
# a year alone ("during fiscal 2015") dates a period, not a day a deal closed; "when" asked of no
# closing may still be answered by it
_YEAR = re.compile(r"\b(?:fiscal\s+(?:year\s+)?|FY\s?)\d{2,4}\b|\bin\s+\d{4}\b", re.I)
_COMPLETION = re.compile(r"\b(?:complet|clos|consummat|effective|finaliz|expected\s+to\s+(?:close|complete))\w*", re.I)
# "when" that asks (a clause's first word: "..., and when did the deal close", "Give ..., when the
# deal was completed"), not one that dates the question's own clause ("receive ... when X completed")
ASKS_WHEN = re.compile(r"(?:^\W*|[,;:?]\s*|\b(?:and|or)\s+)(?:when\b|(?:on|as\s+of)\s+what\s+date\b|what\s+date\b)"
                        r"(?P<rest>[^,;?]*)", re.I)
_CLOSING_WORD = re.compile(r"\b(?:clos|complet|consummat|effective|finaliz)\w*", re.I)
ASKS_WHY = re.compile(r"\bwhy\b", re.I)
PURPOSE = re.compile(r"\bto,?\s+(?:among\s+other\s+things,\s+)?(?:expand|strengthen|enhance|extend|grow|accelerate|broaden|add|complement|focus|"
                      r"simplify|improve|create|deliver|invest|better|increase|reduce|position|support|help|"
                      r"provide|offer|unlock|streamline|drive|advance)\b|\bbecause\b|\bin\s+order\s+to\b|\bdue\s+to\b"
                      r"|\breasons?\b|\bas\s+a\s+result\s+of\b|\bpurpose\b|\brationale\b|\bintended\s+to\b"
                      r"|\bdesigned\s+to\b|\bgiven\s+(?:that|the)\b|\bsince\b", re.I)
# a purpose said of a deal, which a cause in passing ("adjusted due to differences in reporting periods") is not:
# what the event reading adds a sentence for when "why" is asked
_DEAL_PURPOSE = re.compile(r"\bto,?\s+(?:among\s+other\s+things,\s+)?(?:expand|strengthen|enhance|extend|grow|accelerate|broaden|add|complement|focus|"
                           r"simplify|improve|create|deliver|better|reduce|position|unlock|streamline|advance)\b"
                           r"|\bin\s+order\s+to\b|\b(?:intended|designed)\s+to\b|\bpurpose\b|\brationale\b", re.I)
ASKS_PER_SHARE = re.compile(r"\bper[-\s]share\b|\b(?:for\s+)?each\s+share\b", re.I)
PER_SHARE_AMOUNT = re.compile(r"(?:\$|\b(?:USD|EUR|Rp|€|£))\s?\d[\d,]*(?:\.\d+)?\s+(?:in\s+cash\s+)?"
                               r"(?:per|for\s+each|a)\s+(?:\w+\s+){0,3}?share\b|\b\d+(?:\.\d+)?\s+shares?\s+of\b",
                               re.I)
_ASKS_TERMS = re.compile(r"\bterms\b", re.I)
ASKS_MONEY = re.compile(r"\bhow\s+much\b|\bprice\b|\bconsideration\b|\bcharges?\b|\bproceeds\b|\bamounts?\b", re.I)
MONEY = re.compile(r"(?:\$|€|£|\b(?:USD|EUR|GBP|Rp|INR|Rs\.?))\s?\d|\b\d[\d,.]*\s*(?:thousand|million|billion|"
                    r"trillion)\b", re.I)


# "What acquisition did it have pending", "its proposed merger": a deal agreed and not yet closed, which a
# sentence states by the agreement or what its closing still awaits; one naming the deal in passing ("the
# proposed acquisition of Seagen" in a sentence on a reorganization) states neither
ASKS_PENDING = re.compile(r"\b(?:pending|proposed|announced\s+but\s+not\s+(?:yet\s+)?(?:closed|completed))\b", re.I)
# "Which acquisitions did it complete or agree to": deals agreed and still to close, asked beside completed ones (an
# answer quoting MGM's completion alone answers half of it)
_ASKS_AGREED_TOO = re.compile(r"\b(?:acquisitions?|deals?|transactions?|mergers?)\b[^?]{0,60}?\bor\s+"
                              r"(?:agree[ds]?\s+to|announc\w*|sign\w*)\b", re.I)
# what states a deal agreed or announced, looser than PENDING: "announced our intention to acquire" counts
_AGREED = re.compile(r"\b(?:agree[ds]?|agreement|announc\w*|pending|expected\s+to\s+close|definitive)\b", re.I)
PENDING = re.compile(r"\b(?:entered\s+into\s+(?:a|an)\s+(?:definitive\s+)?(?:merger\s+|purchase\s+|acquisition\s+)?agreement"
                     r"|agreed\s+to\s+(?:acquire|purchase|buy|merge|sell)|agreement\s+(?:to|under\s+which)\s+(?:[\w,]+\s+){0,4}?"
                     r"(?:acquire|purchase|buy|merge|sell)|expected\s+to\s+(?:close|be\s+completed|complete)"
                     r"|subject\s+to\s+(?:[\w,-]+\s+){0,5}?(?:approvals?|closing\s+conditions)|pending\s+(?:the\s+)?(?:closing|completion)"
                     r"|has\s+not\s+(?:yet\s+)?(?:closed|been\s+completed))\b", re.I)


def asks_closing(question: str) -> bool:
    """Whether a "when" of `question` asks when the deal closed or is to close."""
    return any(_CLOSING_WORD.search(m.group("rest")) for m in ASKS_WHEN.finditer(question))


# the day or period a completion is dated by: a date, a quarter, the end of a (fiscal) year
_WHEN_DONE = (rf"(?:{DATE.pattern}|\b(?:the\s+)?end\s+of\s+(?:(?:the|its|our)\s+)?(?:\w+[\u2019']s\s+)?"
              r"(?:fiscal\s+(?:year\s+)?)?\d{4}\b)")
# the completion dated: "expected to close in the first quarter of 2020", "to be substantially complete by the
# end of fiscal 2024", "On November 14, 2021, we completed the sale"; not a date beside it that dates
# something else ("The completion ... is subject to closing conditions ..., which have not been met as of
# December 31, 2019"), nor a year of deals done ("our acquisitions completed during fiscal 2015"); a year
# alone dates only a completion still expected ("expected to be fully complete in fiscal 2026")
# (a deal's verb dates it by a day, month or quarter: "acquired ... in fiscal 2015" names the year's deals)
_DONE_DEAL = r"\b(?:acquired|sold|divested|spun\s+off|merged|effectuated)\b"
_PREPOSITION = r"[^.;]{0,40}?\b(?:in|on|by|during|within|before|at|effective)\s+(?:or\s+about\s+)?(?:the\s+)?"
_DATED_COMPLETION = re.compile(
    rf"{_COMPLETION.pattern}{_PREPOSITION}{_WHEN_DONE}|{_DONE_DEAL}{_PREPOSITION}(?:{DATE.pattern})"
    rf"|\b(?:expect|anticipat|intend|plan|target)\w*\s+(?:[^.;]{{0,60}}?){_COMPLETION.pattern}{_PREPOSITION}"
    r"(?:fiscal\s+(?:year\s+)?)?\d{4}\b"
    rf"|(?:^|(?<=[\x22\u201c]))\W*(?:[A-Z][^,]{{0,40}}\s)?(?:on|in|as\s+of|effective)\s+(?:{DATE.pattern}),?\s+"
    rf"(?:[^.;]{{0,120}}?)(?:{_COMPLETION.pattern}|{_DONE_DEAL})", re.I)


def dates_closing(sentence: str) -> bool:
    """Whether `sentence` dates the completion ("The sale is expected to close in the first quarter of 2020")."""
    return bool(_DATED_COMPLETION.search(sentence))


def asks_accounting(question: str) -> bool:
    """Whether a part of `question` asks how the deal was accounted for."""
    return any(ASKS_ACCOUNTING.match(p) for p in re.split(r"[,;?:]\s*", question))


# "Give the date", "(date and distribution terms)": the day the deal was done (a day its completion is dated by), which "During 2015, we completed the
# Distribution of PayPal and the sale of Enterprise" does not give
_ASKS_DATE = re.compile(r"(?:\bthe\s+|\()date\b", re.I)
_A_DAY = rf"\b(?:{MONTH})\s+\d{{1,2}},?\s+(?:19|20)\d\d\b"
_DONE_VERB = r"\b(?:completed|closed|consummated|effected|effectuated|occurred|became\s+effective)\b"
# the day and the deal done in one clause: "On July 17, 2015, we completed the Distribution", "The Distribution
# occurred on July 17, 2015"; not a record date beside "To consummate the Distribution"
_DONE_ON_A_DAY = re.compile(rf"\b(?:on|as\s+of|effective)\s+{_A_DAY},?\s+[^.;]{{0,80}}?{_DONE_VERB}"
                            rf"|{_DONE_VERB}[^.;]{{0,60}}?\bon\s+{_A_DAY}", re.I)


def asks_structure(question: str) -> bool:
    """Whether a part of `question` asks how the deal was structured."""
    return any(ASKS_STRUCTURE.search(p) for p in re.split(r"[,;?:]\s*", question))


def _found(pattern: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda text: bool(pattern.search(text))


# What a question asks of an event by type, and what in a sentence gives it: the event reading
# (answering.kinds.event) adds a sentence for an ask its quotes lack, by the same tests this
# gate checks them with
ASKED_DETAILS: list[tuple[Callable[[str], bool], Callable[[str], bool]]] = [
    (_found(ASKS_PER_SHARE), _found(PER_SHARE_AMOUNT)), (_found(ASKS_MONEY), _found(MONEY)),
    (asks_closing, dates_closing), (_found(ASKS_WHEN), _found(DATE)), (_found(ASKS_WHY), _found(_DEAL_PURPOSE)),
    (lambda q: asks_total(q), lambda t: gives_total(t)),
    (asks_accounting, _found(ACCOUNTING)), (asks_structure, _found(STRUCTURE)),
    (_found(ASKS_SHARE_TERMS), _found(SHARE_TERMS)), (_found(_ASKS_DATE), _found(_DONE_ON_A_DAY)),
    (_found(ASKS_RETURNED), _found(RETURNED)),
    (_found(ASKS_PENDING), _found(PENDING)), (_found(ASKS_FINANCING), _found(FINANCING)),
]


def _clauses(text: str) -> list[str]:
    """The clauses of the quoted sentences: "... sold StubHub for $4.05 billion, and on July 20, 2020, we
    entered into an agreement to transfer Classifieds" states two deals, the amount of the first."""
    return [c for s in re.split(r"(?<=[.;!?\"\u201d])\s+", text) for c in re.split(r";|,\s+and\s+(?=on\b|in\b|we\b)", s)]


def missing_in_event(question: str, text: str, companies: list[str] | None = None) -> list[str]:
    """What `question`, an event's ask, asks by type that the quoted `text` does not give."""
    sentences = re.split(r"(?<=[.;!?\"\u201d])\s+", text)
    missing = []
    if _ASKS_TERMS.search(ASKS_SHARE_TERMS.sub(" ", question)):
        # ("the distribution terms" are a ratio of shares, asked below, not an amount)
        # the terms of the deal the question names: an amount in a clause naming it, not in one on another deal
        asked = deal_words.names(question, companies or [])
        if not any(MONEY.search(c) and (not asked or deal_words.named(c, asked)) for c in _clauses(text)):
            missing.append("its terms")
    whens = [m.group("rest") for m in ASKS_WHEN.finditer(question)]
    if asks_closing(question):
        if not any(dates_closing(s) for s in sentences):
            missing.append("the date it closed")
    elif whens and not (DATE.search(text) or _YEAR.search(text)):
        missing.append("the date")
    if ASKS_WHY.search(question) and not (PURPOSE.search(text) and all(_why_given(why, sentences, companies or [])
                                                                        for why in _whys(question))):
        missing.append("why")
    if ASKS_PER_SHARE.search(question) and not PER_SHARE_AMOUNT.search(text):
        missing.append("the price per share")
    elif ASKS_MONEY.search(question) and not MONEY.search(text):
        missing.append("the amount")
    if asks_total(question) and not gives_total(text):
        missing.append("the total price")
    if asks_structure(question) and not STRUCTURE.search(text):
        missing.append("how it was structured")
    if ASKS_SHARE_TERMS.search(question) and not SHARE_TERMS.search(text):
        missing.append("the ratio of shares")
    if ASKS_PENDING.search(question) and not PENDING.search(text):
        missing.append("that the deal is pending (the agreement, or what its closing awaits)")
    if ASKS_FINANCING.search(question) and not FINANCING.search(text):
        missing.append("how it is financed")
    return missing


# "why it was treated as a related-party transaction": a why of its own clause, not the deal's own why
_WHY_CLAUSE = re.compile(r"\bwhy\s+(?P<rest>(?:it|they|the|this|that|its|these|those)\s+[^,;?]*)", re.I)
_DEAL_WORDS = re.compile(r"\b(?:acquir\w*|acquisition|bought|buy|purchas\w*|sell|sold|sale|divest\w*|merg\w*|deal|"
                         r"transaction|spin\w*|separat\w*|announc\w*|plan|do|did|does|make|made|it|they)\b", re.I)


def _whys(question: str) -> list[str]:
    """The words of each why-clause that asks of something else than the deal ("why it was treated as a
    related-party transaction" -> "treated related-party"); none for "why?" or "why did it buy X"."""
    out = []
    for m in _WHY_CLAUSE.finditer(question):
        words = [w for w in re.findall(r"[A-Za-z][\w-]+", m.group("rest")) if not _DEAL_WORDS.fullmatch(w)
                 and w.lower() not in ("was", "were", "is", "are", "the", "its", "as", "a", "an", "this", "that", "of", "to")]
        if len(words) >= 2:
            out.append(" ".join(words))
    return out


def _why_given(why: str, sentences: list[str], companies: list[str]) -> bool:
    """Whether a quoted sentence gives a cause of the why-clause's words: names most of them, with a cause."""
    wanted = content_words(why, companies)
    return any(PURPOSE.search(s) and overlap(s, wanted) >= 0.5 for s in sentences)


# "the total purchase price", "the total consideration": an amount for the whole deal, which a price per
# share ("$109.00 per share") is not
_ASKS_TOTAL = re.compile(r"\btotal\s+(?:purchase\s+)?(?:price|consideration|cost|value)\b", re.I)


def asks_total(question: str) -> bool:
    return bool(_ASKS_TOTAL.search(question))


def gives_total(text: str) -> bool:
    """An amount of money in `text` that is not a price per share."""
    return any(not re.match(r"(?:\s+in\s+cash)?\s+(?:per|for\s+each|a)\s+(?:\w+\s+){0,3}?share\b", text[m.end():], re.I)
               and not re.match(r"[\d,.]*\s+(?:per|for\s+each|a)\s+(?:\w+\s+){0,3}?share\b", text[m.end():], re.I)
               for m in MONEY.finditer(text))


def answered_on_the_event(written: WrittenAnswer, question: str, companies: list[str] | None = None) -> WrittenAnswer:
    """`written`, or a refusal naming what an event's question asks that its quotes do not give."""
    if written.status != "answered" or not asks_an_event(question):
        return written
    missing = missing_in_event(question, written.text, companies)
    if not missing:
        return written
    what = ", ".join(missing)
    reason = f"the question asks of the event {what}, which the sentences found that state it do not give"
    return written.model_copy(update={
        "status": "not_found", "value": None, "unit": None, "reason": reason,
        "flags": [*written.flags, PARTIAL, "event_ask_uncovered"],
        "text": f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}",
    })


def answered_with_agreed_deals(written: WrittenAnswer, question: str) -> WrittenAnswer:
    """ "Which acquisitions did it complete or agree to": deals agreed and still to close are asked too, and an answer
    whose quotes state no agreement (MGM's completion alone) answers half of it: refused, what was found shown. Asked
    of any question so worded, an event's or not (answered_on_the_event reads an event's asks)."""
    if written.status != "answered" or not _ASKS_AGREED_TOO.search(question) \
            or any(_AGREED.search(c.quote) for c in written.citations):
        return written
    reason = "the question asks for deals agreed as well as completed, and no quote states an agreement"
    return WrittenAnswer(status="not_found", kind=written.kind, reason=reason, kind_reason=written.kind_reason,
                         text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}",
                         citations=written.citations)
