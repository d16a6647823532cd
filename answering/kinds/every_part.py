"""A question of several parts is answered in all of them, or refused: a partial answer is a
wrong answer to an analyst ("By how much, and what explains it?" answered with the
explanation alone; "Did it buy back shares? How much authorization remained?" with "No").

A part counts as answered when the answer states what it asks for:
- a part asking for an amount or a share ("how much", "by how much", "what percentage",
  "what salary and bonus costs did X record") needs an amount in the answer, one asking "how
  long" a duration or a date, one asking "since when" the date something began;
- a yes/no part ("Is ...", "Did ...") is answered by a yes/no answer;
- any other part needs at least half of its content words in ONE passage of the answer (the
  quotes of one page, or the answer's own words), as a stating sentence needs them
  (answering.kinds.sentences), not words scattered over quotes of other pages; and what it asks
  of a name ("How was X separated from FRP Holdings?") is stated, not the name alone;
- "how much did it spend / return / buy back" needs an amount said to be done ("repurchased
  $29.0 billion"), not an authorization or a rate per share;
- a request that lists what to give ("Give the date, the former parent, the distribution
  ratio and the number of shares distributed.") asks each item: a date item needs a date,
  a number item an amount, any other its content words; a closing request of two things
  ("Explain the revenue decline and the main factors behind the profit outcome.") asks each;
- a breakdown ("broken down by fire event and by quarter", "segment by segment") needs figures
  in the sentences naming each of its dimensions, not one total.

A figure (kind `metric`) answers its own formula; a question that asks more of it (how another
figure changed, why, what it is made of) is not answered by the figure alone: it is shown with
the missing part named, status `unverified` (a refusal in every summary), for an LLM to complete
from the evidence when one is configured. Instructions to a metric question ("Express as a
percentage", "Base your judgment on ...") are no parts.
"""

from __future__ import annotations

import re

from answering.aspects import split_sentences
from answering.kinds.amount_ask import amount_asked, states_amount_of
from answering.kinds.ask_scope import MONTH, ask_parts, topic_ask
from answering.kinds.cause_cues import is_cause
from answering.kinds.counts import asked_thing, states_count
from answering.kinds.customer_words import WHO_AND_SHARE
from answering.kinds.defined_term import defines_quoted
from answering.kinds.listed_amounts import EVERY_ITEM
from answering.kinds.other_words import (
    A_DATE,
    ASKS_EMPLOYER,
    answered_in_other_words,
    asks_in_other_words,
    happened_to_a_name,
)
from answering.kinds.sentences import REFERS_BACK, content_words, last_sentence, overlap
from answering.numbers import years_in
from answering.written_answer import NOT_FOUND, PARTIAL, WrittenAnswer
from finrag.vocabulary import tokenize

_CHECKED_ELSEWHERE = {"metric", "not_meaningful"}
# "how much per share and in total", "in total and per share": a rate and a sum asked together
_ASKS_PER_SHARE_AND_TOTAL = re.compile(r"\bper\s+share\b.*\b(?:in\s+total|total|in\s+aggregate|aggregate)\b|"
                                       r"\b(?:in\s+total|total|in\s+aggregate|aggregate)\b.*\bper\s+share\b", re.I)
_A_PER_SHARE = re.compile(r"[$€£¥]\s?\d[\d,]*\.\d+\s*(?:per\s+(?:common\s+)?share|a\s+share)\b|"
                          r"\bper\s+share\b[^.;]{0,40}[$€£¥]\s?\d", re.I)
_A_SUM = re.compile(r"[$€£¥]\s?\d[\d,.]*\s*(?:thousand|million|billion|bn|m)\b|[$€£¥]\s?\d{1,3}(?:,\d{3})+\b", re.I)
_ASKS_AMOUNT = re.compile(r"\b(?:how\s+(?:much|many|large|big)|by\s+how|what\s+(?:amount|percentage|share|"
                          r"proportion|portion|price|level)|at\s+what\s+(?:price|rate)|"
                          # "what per-share price", "what total purchase price": a price however qualified
                          r"what\s+(?:[\w-]+\s+){1,2}?price(?![\w-])(?!\s+(?:increases?|decreases?|changes?|ratios?))|"
                          r"what\s+(?:did|does|will|would)\s+(?:\w+\s+){0,3}(?:cost|pay)|"
                          # "what salary, bonus and equity compensation costs did X record for the CEO?"
                          r"what\s+(?:[\w,-]+\s+){0,6}?(?:costs?|expenses?|fees?|salar(?:y|ies)|compensation|"
                          r"amounts?)\s+(?:did|does|do|was|were|is|are|will|has|have|had)\s+(?!(?:\w+\s+)?(?:includ|consist)))\b",
                          re.I)
_AN_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d[\d,.]*\s*(?:%|percent\b|(?:thousand|million|billion|bn|m)\b)|"
                        r"\b\d{1,3}(?:,\d{3})+\b", re.I)
_ASKS_PRICE = re.compile(r"\b(?:at\s+)?what\s+(?:[\w-]+\s+){0,2}?price(?![\w-])(?!\s+(?:increases?|decreases?|changes?|"
                         r"ratios?|targets?|levels?|actions?|cuts?))", re.I)
_ASKS_LEFT = re.compile(r"\bhow\s+much\b[^?]*?\b(?:remain(?:ed|ing|s)?|left|available|unused)\b", re.I)
_ASKS_DURATION = re.compile(r"\bhow\s+long\b|\buntil\s+when\b", re.I)
_A_DURATION = re.compile(r"\b\d+\s*(?:days?|weeks?|months?|years?|quarters?)\b|"
                         r"\b(?:until|through|into|beyond)\s+(?:Q[1-4]|the\s+(?:first|second|third|fourth)\s+quarter|"
                         r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|(?:19|20)\d\d)", re.I)
_ASKS_SINCE = re.compile(r"\bsince\s+when\b", re.I)
# "and how fast did its cloud revenue grow?": a rate of change, a percentage said as a move ("grew 27.2%", "an
# increase of 27%"), not a share of a total beside it (an interest or tax rate, "at what rate", is no growth)
_ASKS_RATE = re.compile(r"\bhow\s+(?:fast|quickly|rapidly)\b|\bat\s+what\s+growth\s+rate\b|"
                        r"\bwhat\s+(?:was|is)\s+(?:the\s+|its\s+|their\s+)?(?:\w+\s+){0,3}?growth\s+rate\b", re.I)
_A_RATE = re.compile(r"\b(?:grew|grow(?:th|s|ing)?|increas\w*|rose|rise|up|declin\w*|decreas\w*|fell|down|"
                     r"change[ds]?)\b[^.;%]{0,60}?\d[\d.]*\s*(?:%|percent\b)|"
                     r"\d[\d.]*\s*(?:%|percent\b)\s*(?:growth|increase|decrease|decline|higher|lower|"
                     r"(?:year[- ]over[- ]year|compared))", re.I)
_RATE_WORD = re.compile(r"fast|quick\w*|rapid\w*|grow\w*|grew|rate|much", re.I)
_RATE_OWN = 1.0  # of the words naming what grew, the share the passage stating the rate repeats
# "has served as Chief Executive Officer since April 2014", "was appointed CEO in 2014"
# (a start said of a tenure: "served ... since", "appointed"; not "increased from fiscal 2021")
_A_SINCE = re.compile(r"\b(?:serv\w*|held|holds|been|was|is|has)\b[^.]{0,80}?\bsince\s+(?:\w+\s+){0,2}(?:19|20)\d\d\b|"
                      r"\b(?:appointed|named|became|joined|elected|assumed|promoted)\b[^.]{0,80}?\b(?:19|20)\d\d\b", re.I)
_ASKS_DAY = re.compile(r"^\W*(?:and\s+)?(?:on|as\s+of)\s+what\s+(?:date|day)\b", re.I)
_A_DAY = re.compile(rf"\b{MONTH}\s+\d{{1,2}},?\s+(?:19|20)\d\d\b|\b\d{{1,2}}\s+{MONTH}\s+(?:19|20)\d\d\b", re.I)
_SENTENCE = re.compile(r"[^?]+\?")
# a yes/no part asking which way a figure went, and a passage stating it with the amount or the two values
_ASKS_DIRECTION = re.compile(r"^\W*(?:and\s+)?(?:did|has|have|had|was|were|is)\b[^?]{0,80}?\b(?:improv\w*|worsen\w*|"
                             r"deteriorat\w*|increas\w*|decreas\w*|grow|grown|declin\w*|rise|risen|fall|fallen|"
                             r"narrow\w*|widen\w*)\b", re.I)
_GENERIC_SUBJECT = frozenset(tokenize("segment segments result results performance business company it its profit "
                                      "profitability fy fiscal year years quarter prior previous last compared comparison "
                                      "versus vs over against earlier"))
_ASKS_DIRECTION_WORD = re.compile(r"improv\w*|worsen\w*|deteriorat\w*|increas\w*|decreas\w*|grow\w*|declin\w*|ris\w*|"
                                  r"fall\w*|narrow\w*|widen\w*|fy\d+")
_A_DIRECTION = re.compile(r"\b(?:increased|decreased|improved|worsened|deteriorated|narrowed|widened|rose|fell|grew|"
                          r"declined)\b[^.;]{0,40}?(?:[$€£]\s?\d|\d[\d,.]*\s*(?:%|percent\b|million\b|billion\b))|"
                          r"\bfrom\s+[$€£]?\(?\d[^.;]{0,30}?\bto\s+[$€£]?\(?\d", re.I)
MIN_WORDS = 0.5
# how a thing moved or ended, in a filing's words: "fell to 12,000 ... from 15,000", "up from $1.8 billion", "12.5%
# compared to 14.0%", "suspended all operations", "the merger agreement was terminated"
_MOVED = re.compile(r"\b(?:rose|fell|increased|decreased|declined|grew|dropped|went|climbed)\s+(?:to|by)\b|"
                    r"\b(?:up|down)\s+from\b|\b(?:compared|in\s+comparison)\s+(?:to|with)\b|"
                    r"\b(?:increase|decrease|decline|rise|drop|reduction)\s+in\b|\b(?:suspended|terminated|ceased|discontinued|"
                    r"sold|closed|redeemed|repaid|cancell?ed|wound\s+down|written\s+off|impaired)\b", re.I)
# the answer's own label of a quote: 'Liquidity: "The decrease in cash ..."'
_QUOTE_LABEL = re.compile(r"([A-Za-z][\w\s'’-]{0,40}):\s*[\"“]")
_ASKS_HAPPENED = re.compile(r"^\W*(?:and\s+)?what\s+(?:has\s+)?happened\s+to\b", re.I)
# "Give the date, the former parent, the distribution ratio and the number of shares distributed."
_REQUEST = re.compile(r"(?:^|(?<=[.?!]))\s*(?:please\s+)?(?:give|list|name|state|provide|identify|include|specify|quantify)\s+"
                      r"(?P<items>[^.?!]+)[.!]?", re.I)
_ABOUT_THE_ANSWER = re.compile(r"\b(?:answers?|responses?|solutions?|questions?|reasoning|units?|decimals?|format|words|"
                               r"sentences?|me)\b", re.I)
_PRONOUN = re.compile(r"(?:them|it|these|those|all|each|both)", re.I)
# "Give the value in millions of USD, as reported": the form of the figure asked above, no thing of its own
_IN_UNITS = re.compile(r"^(?:the\s+)?(?:value|figure|amount|number|answer|result)\s+(?:in|as)\b", re.I)
# a list in parentheses inside an ask: "(new program size, share repurchase authorization and quarterly dividend)"
_LISTED = re.compile(r"\((?P<items>[a-z][\w\s'’&-]*(?:,\s*[\w\s'’&-]+)*(?:,?\s+(?:and|or)\s+[\w\s'’&-]+))\)", re.I)
_DASH_LISTED = re.compile(r"\s[-\u2013\u2014]\s+(?P<items>[^?:;]+?)\s*\?\s*$")
_POSSESSIVE = re.compile(r"^(?:its|their|the)\s+", re.I)
_OWN_ASK = re.compile(r"(?:the|when|why|how|what|who|whom|where|which|whether)\b", re.I)
# a gloss naming one thing: "purchases of property and equipment", "cost of goods and services" (one "and",
# no comma, joining the objects of "of"), not a list of two things
# (no article: "the size of the program and the dividend" names two things)
_ONE_NAME = re.compile(r"(?!(?:the|its|their|a|an)\b)[a-z][\w'’&-]*(?:\s+[a-z][\w'’&-]*){0,2}\s+of\s+"
                       r"(?!(?:the|its|their|a|an)\b)[a-z][\w'’&-]*(?:\s+[a-z][\w'’&-]*)?\s+and\s+"
                       r"(?!(?:the|its|their|a|an)\b)[a-z][\w'’&-]*(?:\s+[a-z][\w'’&-]*)?", re.I)
# a company's name written with "and" inside, capitalised throughout and ending in its corporate word
_ONE_COMPANY = re.compile(r"(?:[A-Z][\w&'’.-]*\s+)+(?:and|&)\s+(?:[A-Z][\w&'’.-]*\s+)*(?:Company|Corporation|Inc\.?|"
                          r"Ltd\.?|LLC|Group|Holdings|plc|Co\.?)")
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+", re.I)


# a formula the ask writes out: a parenthesis after it remarks on an operand, it lists no asks
_FORMULA_BEFORE = re.compile(r"\b(?:defined|measured|calculated|computed)\s+as\b|\bdivided\s+by\b|=", re.I)


def asked_parts(question: str) -> list[str]:
    """Each thing the question asks, in order: its question sentences, each split at ", and
    what/how/...", then the items a request lists ("Give the date, the former parent, ...")."""
    asks = [s.strip() for s in _SENTENCE.findall(question)] or [question]
    parts = [p for ask in asks for p in ask_parts(topic_ask(ask))]
    if "?" not in question:
        # "X fell, yet Y rose. Explain the revenue decline and the main factors behind the profit
        # outcome.": a request of two things asks each
        parts = [p for part in parts for p in _requested(part)]
    for ask in asks:
        # "What enlargement did it announce (new program size, share repurchase authorization and
        # quarterly dividend)?": each item the parentheses list is a part of its own
        for m in _LISTED.finditer(ask):
            if _ABOUT_THE_ANSWER.search(m.group("items")) or re.search(r"\bround|\bin\s+(?:units|usd|millions)", m.group("items"), re.I):
                continue  # "(in units of percents and round to one decimal place)": how to answer
            if _ONE_NAME.fullmatch(m.group("items").strip()):
                continue  # "(purchases of property and equipment)": one line's name, its "and" inside "of ..."
            if _FORMULA_BEFORE.search(ask[: m.start()]):
                continue  # "measured as cash dividends paid (common and preferred) divided by ...": a remark on a line
            if re.search(r"\bplus\b|\+", m.group("items")):
                continue  # "total cloud revenues (SaaS plus PaaS and IaaS)": what the total adds up, one measure
            if _ONE_COMPANY.fullmatch(m.group("items").strip()):
                continue  # "the Utility (Pacific Gas and Electric Company)": one company's name, its "and" inside
            items = [i.strip() for i in _ITEM_SPLIT.split(m.group("items")) if i.strip()]
            if len(items) >= 2 and all(len(i.split()) <= 5 and not re.search(r"\d", i) for i in items):
                parts += [f"the {i}" if not i.lower().startswith("the ") else i for i in items]
    for ask in asks:
        # "What does the 10-Q report about the fire - where and when it started, its size, and the status
        # of the investigation?": each thing a closing dash lists is a part of its own
        m = _DASH_LISTED.search(ask)
        listed = m.group("items") if m else ""
        items = [i.strip() for i in _ITEM_SPLIT.split(listed) if i.strip()]
        if len(items) >= 2 and all(len(i.split()) <= 7 and not re.search(r"\d", i) for i in items) \
                and not any(_ABOUT_THE_ANSWER.search(i) for i in items):
            # (a wh-item, "when it started", is a question ask_parts reads already; the things named are not)
            parts += ["the " + _POSSESSIVE.sub("", i) for i in items if not _OWN_ASK.match(i) or _POSSESSIVE.match(i)]
    for m in _REQUEST.finditer(question.split("?")[-1] if "?" in question else ""):
        if _ABOUT_THE_ANSWER.search(m.group("items")) or _IN_UNITS.match(m.group("items").strip()):
            continue  # "State your answer in percent", "Give the value in millions of USD": how to answer, not what
        # "Give the per-share price, when the deal was completed, ...": an item asked by a wh-word is
        # a question of its own ("when the deal was completed"), not a thing named ("the date")
        parts += [item.strip() if _OWN_ASK.match(item.strip()) else f"the {item.strip()}"
                  for item in _ITEM_SPLIT.split(m.group("items"))
                  if item.strip() and not _PRONOUN.fullmatch(item.strip())]
    return parts


_EXPLAIN = re.compile(r"^\W*(?:please\s+)?(?:explain|describe|discuss|summari[sz]e|outline)\b", re.I)
_AND_THE = re.compile(r",?\s+and\s+(?=(?:the|its|their|what|how|why|which)\b)", re.I)


def _requested(part: str) -> list[str]:
    """The things a closing request asks ("Explain the revenue decline and the main factors behind
    the profit outcome" -> the decline, the factors behind the profit), the premise before it kept
    with the first; else [part]."""
    request = last_sentence(part)
    if not _EXPLAIN.match(request):
        return [part]
    pieces = _AND_THE.split(request)
    if len(pieces) < 2:
        return [part]
    return [part[: len(part) - len(request)] + pieces[0], *pieces[1:]]


# a part that asks to pick one item ("Which of X's two categories earned the higher margin?"), not
# which items caused the change ("which segments drove the improvement")
_A_CHOICE = re.compile(r"^\W*(?:and\s+)?which\b(?![^?]*\b(?:drove|drive[ns]?|driving|caus\w*|contribut\w*|explain\w*|"
                       r"led|offset\w*|accounted|behind)\b)", re.I)


# "What acquisitions and divestitures did eBay complete in 2018?": two kinds of thing asked in
# one question, each to be stated (an answer of acquisitions alone leaves the divestitures out)
_TWO_THINGS = re.compile(r"^\W*what\s+(?P<a>[a-z]{4,}s)\s+and\s+(?P<b>[a-z]{4,}s)\s+(?:did|does|do|has|have|had|were|are|was|is)\b",
                         re.I)


_SAID_AS = {"divesti": ("divest", "sold", "sale", "dispos", "spin", "spun"),
            "acquisi": ("acquisit", "acquir", "purchas", "bought", "merg")}


def said_as(stem: str) -> tuple[str, ...]:
    """The stems a deal's noun is also stated by ("divestitures" by "sold", "spun off"), or ()."""
    return _SAID_AS.get(stem[:7], ())


def _unstated_thing(written: WrittenAnswer, question: str) -> str | None:
    """The one of two things a question asks together ("What A and B did X ...") that the
    answer never names, or None."""
    m = _TWO_THINGS.match(question)
    if m is None or written.kind in _CHECKED_ELSEWHERE or written.kind == "drivers":
        return None
    words = set(tokenize(written.text))
    for thing in (m.group("a"), m.group("b")):
        stem = next(iter(tokenize(thing)), thing.lower())
        # a deal is stated by its verb as often as by its noun ("we sold our investment in X")
        said = _SAID_AS.get(stem[:7], (stem,))
        if not any(w.startswith(s) for w in words for s in said):
            return f"the {thing.lower()}"
    return None


def unanswered_part(written: WrittenAnswer, question: str, companies: list[str]) -> str | None:
    """The first part the answer does not state, or None."""
    if (thing := _unstated_thing(written, question)) is not None:
        return thing
    if written.kind != "drivers" and (why := _cause_asked_after(question)) is not None \
            and not any(is_cause(s) for s in split_sentences(written.text)):
        # "Did its operating margin improve? Explain the main factors behind the change.": a verdict and its
        # figures answer the question, not the instruction after it, which only a sentence stating a cause does
        return why
    parts = asked_parts(question)
    if (purpose := next((p for p in parts if _ASKS_USE_OF_FUNDS.search(p)), None)) is not None \
            and not _STATES_USE_OF_FUNDS.search(written.text):
        # "..., and what were the proceeds to be used for?": an amount of proceeds is no use of them; only
        # a sentence saying what they fund, repay or serve answers it
        return purpose
    if len(parts) == 1 and (happened_to_a_name(parts[0], companies) or ASKS_EMPLOYER.match(parts[0])) \
            and not answered_in_other_words(parts[0], written.text, companies):
        # "What happened to its licensing agreements with NetEase?": the one ask is what happened, and
        # sentences saying the thing exists ("had licensing agreements with NetEase") do not say it; "Before his
        # Oracle career, where did the executive ... work?": quotes naming him and his title name no employer
        return parts[0]
    if len(parts) < 2:
        return None
    for part in parts:
        if _ASKS_PER_SHARE_AND_TOTAL.search(part) and not _both_amounts_of(parts[0], written.text, companies):
            return part
        if written.kind == "drivers":
            # "Lyft's revenue grew 36% in 2021. What drove the increase": the premise before the ask
            # states the change, it asks nothing; an ask that only refers back ("What drove the
            # increase", "what partly offset it") is answered by the drivers themselves
            part = last_sentence(part)
            if _A_CHOICE.match(part) and not _pick_stated(part, written.text, companies):
                return part  # "Which of its two categories earned the higher margin": a pick, no cause states it
            subject = _own_words(part, companies)
            if not subject or (not _SPECIAL.search(part) and overlap(written.text, subject) >= MIN_WORDS):
                continue  # "What caused the revenue decline?": answered when the answer is about revenue
        if written.kind == "choice" and _A_CHOICE.match(last_sentence(part)) and _A_PICK.search(written.text):
            continue  # "Which of its segments had the worst topline performance": the table's pick, said as one
        if written.kind == "choice" and _ASKS_HOW_CHANGED.search(part) and _ITEMS_AGAINST.search(written.text):
            continue  # "and how did the segment mix change from FY2020?": each ranked item against that year
        if written.kind == "choice" and _ASKS_EACH.search(part) and _RANKED_ITEMS.search(written.text) \
                and _of_the_ranked_measure(part, parts[0], companies):
            continue  # "and what were the comparable sales increases for each segment?": the ranking gives each
        if part_unanswered(part, written.text, written.kind or "", companies):
            return part
    return None


# a part asking what money raised is for: "what were the proceeds to be used for", "how will it use the net proceeds"
# (money raised: proceeds, borrowings, an offering; "cash used for investing activities", "the discount rate used for
# pension obligations" ask no purpose)
_ASKS_USE_OF_FUNDS = re.compile(r"\b(?:proceeds|borrowings?|loans?|offering|funds?\s+raised)\b[^?]*\b(?:used\s+for|use|spend|spent)"
                           r"\b|\buse\s+of\s+(?:the\s+)?(?:net\s+)?proceeds\b|(?:for\s+)?what\s+purposes?\b|"
                           r"\bintended\s+use\b", re.I)
# a sentence saying it: "to fund ...", "for general corporate purposes", "intends to use the net proceeds"
_STATES_USE_OF_FUNDS = re.compile(r"\b(?:to\s+(?:fund|finance|repay|redeem|refinance|retire|pay\s+(?:down|off)|purchase|"
                             r"acquire|reduce|support)\b|for\s+general\s+(?:corporate\s+)?purposes\b|for\s+the\s+purposes?"
                             r"\s+of\b|(?:use|used|using)\s+(?:the\s+|such\s+|these\s+)?(?:net\s+)?proceeds\b|proceeds\s+"
                             r"(?:will|would|were|are|was|is)\s+(?:be\s+)?(?:used|applied)\b|intends?\s+to\s+use\b)", re.I)


# an instruction after the question that asks for causes ("Explain the main factors behind the change in operating
# expenses.", "...; otherwise say what drove the change"); not one under a condition ("If gross margin is not a useful
# metric ..., explain why") nor a call to justify the verdict ("Explain why or why not.")
_CAUSE_ASKED = re.compile(r"\b(?:explain|say|describe|discuss)\b[^.?;]*?\b(?:factors?\s+(?:behind|that|driving)|drivers?\s+of|"
                          r"drove|why|caus\w*|reasons?)\b|\bwhat\s+(?:drove|caused)\b", re.I)
_NO_CAUSE_ASKED = re.compile(r"^if\b|\bwhy\s+or\s+why\s+not\b|\byour\s+(?:reasoning|answer)\b", re.I)


def _cause_asked_after(question: str) -> str | None:
    if "?" not in question:
        return None
    for piece in re.split(r"[.;]", question[question.rindex("?") + 1:]):
        piece = piece.strip()
        if piece and not _NO_CAUSE_ASKED.search(piece) and _CAUSE_ASKED.search(piece):
            return piece
    return None


# the choice writer's ranked items set against an earlier year (answering.kinds.choice): "Against 2020: A 3,904 to ..."
_ITEMS_AGAINST = re.compile(r"\bAgainst (?:19|20)\d\d: [^.]+\([+-]\d")


def _of_the_ranked_measure(part: str, first: str, companies: list[str]) -> bool:
    """A follow-on part asks each item's figure of the measure the first part ranks ("the highest comparable sales
    growth" / "the comparable sales increases for each segment"), not another measure or a yes/no ("did every
    segment grow its EBIT?")."""
    if _YES_NO_PART.match(part):
        return False
    words = [w for w in content_words(part, companies) if w not in _ITEM_WORDS]
    return bool(words) and overlap(first, words) >= 0.5


_YES_NO_PART = re.compile(r"^\W*(?:and\s+)?(?:did|does|do|is|are|was|were|has|have|had|will|can)\b", re.I)
_ITEM_WORDS = frozenset(tokenize("each every all segment segments region regions market markets business businesses "
                                 "division divisions item items"))


# the choice writer's ranking of every item of its table with its figure: "Ranking: 1. A: 16.5%; 2. B: 12.6%; ..."
_RANKED_ITEMS = re.compile(r"\bRanking: 1\. [^;]+: [^;]*\d[^;]*; 2\. [^;]+: [^;]*\d")
_ASKS_EACH = re.compile(r"\b(?:for\s+each|each\s+(?:of\s+the\s+)?\w+(?:'s)?|(?:all|every)\s+(?:the\s+)?\w+)\b", re.I)
# the choice writer's verdict on the item a table ranks first (answering.kinds.choice)
_A_PICK = re.compile(r"\) (?:ranks (?:highest|lowest)|contributed the most to the (?:increase|decrease))\b|"
                     r"\bdragged down the total:")


_AMOUNT_SCAFFOLD = frozenset(tokenize("pay paid much total per share fiscal year quarter ended ending period"))


def _both_amounts_of(first: str, text: str, companies: list[str]) -> bool:
    """"Did X pay dividends in FY2022? If so, how much per share and in total?": the rate per share and
    the sum, each in a passage about what the first part asks (its words: "dividend"); a per-share
    price of shares repurchased beside it is another quantity."""
    subject = [w for w in content_words(first, companies) if w not in _AMOUNT_SCAFFOLD and not w.isdigit()]
    about = [p for p in passages(text) if not subject or overlap(p, subject) > 0]
    return any(_A_PER_SHARE.search(p) for p in about) and any(_A_SUM.search(p) for p in about)


def _pick_stated(part: str, text: str, companies: list[str]) -> bool:
    """A pick stated in the answer's own words, every word of the part with amounts (the items a
    table reader picked: "Which product lines declined? iPad: 19,222 in 2017 to 18,805 in 2018 ..."):
    no cause quoted states a pick, but the answer's words outside its quotes can; a figure's own
    words ("Revenue rose ... statement line item") sharing some of the part's are no pick."""
    own = _QUOTED.sub(" ", text)
    # every word the part says ("which businesses declined": "busi", "declin"), generic ones too
    words = [w for w in tokenize(part) if w not in {"which", "and", "the", "of", "its", "their"}]
    return bool(words) and overlap(own, words) >= 1.0 and len(_AN_AMOUNT.findall(own)) >= 2


# "and what were the financial terms?": a deal's terms, stated by what is paid (an amount of money)
_ASKS_TERMS = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?:were|are|was|is)\s+(?:the\s+|its\s+|their\s+)?"
                         r"(?:(?:key|main|financial|principal|economic)\s+)?terms\b", re.I)
_MONEY = re.compile(r"[$€£¥]\s?\d|\b\d[\d,.]*\s*(?:million|billion|thousand)\b|\b(?:US\$|USD|EUR|GBP|Rp)\s?\d", re.I)


def part_unanswered(part: str, text: str, kind: str, companies: list[str]) -> bool:
    """Whether `text` (an answer of this kind) leaves this one part of a question unstated."""
    if re.fullmatch(r"the\s+(?:\w+\s+)?dates?", part.strip(), re.I):
        return not A_DATE.search(text)
    if _ASKS_DAY.match(part):
        return not _A_DAY.search(text)  # "on what date?": a day, not "in the fourth quarter of 2019"
    if re.match(r"the\s+(?:number|amount|total|price|value|share|percentage|proportion)\b", part.strip(), re.I):
        return not _AN_AMOUNT.search(text)
    if (typed := typed_item(part)) is not None:
        return not typed.search(text)
    if defines_quoted(part, text):
        return False  # "which buildings make up the 'Arizona Fab'": the agreement's definition of the term says
    if _ASKS_PRICE.search(part):
        # "What per-share price did it agree to pay for X?": a price is money ("for $56 per share in cash"), whatever
        # words the filing says the deal in
        return not any(_MONEY.search(p) for p in passages(text) or [text])
    if asks_in_other_words(part, companies):
        return not answered_in_other_words(part, text, companies)
    if _ASKS_SINCE.search(part) and not _A_SINCE.search(text):
        return True  # "Who is its CEO, since when?": the date the tenure began
    if _ASKS_DURATION.search(part):
        return not _A_DURATION.search(text)
    if _ASKS_RATE.search(part):
        # (the rate of the thing the part names: "how fast did its cloud revenue grow" is not answered by "service
        # revenue decreased by 1.5%")
        own = [w for w in _own_words(part, companies) if not _RATE_WORD.fullmatch(w)]
        # (sentence by sentence: a page's passage joins a sentence naming cloud revenue to one stating another's rate)
        # (and by its subject, the words before the rate: "Our service revenue in 2022 decreased by 1.5%, ... as
        # customers transitioned to our cloud-based solutions" is service revenue's rate; "E-commerce sales were $900
        # million, an increase of 22%" e-commerce sales')
        return not any(m and (not own or overlap(s[: m.end()], own) >= _RATE_OWN)
                       for p in passages(text) or [text] for s in split_sentences(p) for m in [_A_RATE.search(s)])
    if _ASKS_LEFT.search(part):
        # "how much remained under its repurchase authorization?": an amount said to remain (or be
        # available), not the amount spent beside it
        return not any(_AN_AMOUNT.search(p) and _CAPACITY.search(p) for p in passages(text) or [text])
    if _ASKS_PER_SHARE_AND_TOTAL.search(part):
        # "how much per share and in total?": two amounts, a rate per share and a sum, each stated
        return not (_A_PER_SHARE.search(text) and _A_SUM.search(text)) or _nothing_done(part, text)
    if (amount := amount_asked(part)) is not None:
        # "what was the total purchase price of X", "how much of it was allocated to goodwill": an amount stated
        # beside the asked thing's name, as the focus gate reads it, not any figure of the quotes
        return not any(states_amount_of(p, amount.head) for p in passages(text) or [text]) or _nothing_done(part, text)
    if _ASKS_AMOUNT.search(part):
        # "how many warehouses / employees": a number of those things, not any figure nearby
        stated = states_count(text, part) if asked_thing(part) else _AN_AMOUNT.search(text)
        return not stated or _nothing_done(part, text)
    if kind == "drivers" and _YES_NO_PART.match(last := last_sentence(part)) and _ASKS_CAUSE.search(last):
        return False  # "Was this driven by better operating performance?": what drove it is the answer's substance
    if _YES_NO_PART.match(part) and kind == "yes_no":
        return False
    if kind in ("drivers", "passage") and _ASKS_DIRECTION.match(last_sentence(part)):
        # "..., and did the segment's result improve from FY2020?": the drivers' own sentence says which way it
        # went, by how much ("BCA loss from operations decreased by $7,372 million"), of what the part names
        # ("did operating margin improve": not revenue's move); a part naming only "the segment's result" is
        # about what the answer is about
        own = [w for w in content_words(last_sentence(part), companies) if w not in _GENERIC_SUBJECT
               and not _ASKS_DIRECTION_WORD.fullmatch(w) and not w.isdigit()]
        if any(_A_DIRECTION.search(p) and (not own or overlap(p, own) > 0) for p in passages(text)):
            return False  # (else the part is read as any other: an item table's "Did every revenue type grow? No: ...")
    if _ASKS_HAPPENED.match(last_sentence(part)):
        # "What happened to its cash balance?": how it moved, in a passage naming it ("fell from $5,494 million to
        # $2,936 million"), not a sentence sharing its words ("the consolidated balance sheets ... cash flows")
        own = [w for w in content_words(last_sentence(part), companies) if w not in ("happen", "happened")]
        # (every word of what it names, in that passage or in the answer's own label for it, 'Liquidity: "The decrease
        # in cash ..."': "the decrease in cash provided by operating activities" is no cash balance)
        label = " ".join(_QUOTE_LABEL.findall(text))
        return not any((_A_DIRECTION.search(p) or _MOVED.search(p)) and overlap(f"{p} {label}", own) == 1
                       for p in passages(text))
    if kind in ("yes_no", "choice") and _ASKS_WHY.match(last_sentence(part)):
        # "Did its operating ratio improve? What drove the change?", "Which segment dragged, and what was the
        # reason given?": a verdict's or a pick's cause is stated in the filing's words of a cause ("was
        # attributable to"), not in the ask's ("drove", "change", "reason")
        return not any(is_cause(p) for p in passages(text))
    words = content_words(SOURCE_CLAUSE.sub(" ", part), companies)
    named = [w for w in tokenize(part) if w not in ("the", "a", "an", "of", "and", "its")]
    stated = passages(text)
    if re.match(r"the\s", part) and len(named) == 2:
        # an item a request or a parenthesised list names in two words ("the quarterly dividend"):
        # both stated, in one passage, not one it shares with another item ("dividends paid")
        return max(overlap(s, named) for s in stated) < 1.0
    if not words:
        return False
    if _ASKS_TERMS.match(part):
        # "and what were the financial terms?": a deal's terms are its amounts (a price, a payment schedule),
        # which a passage naming the transaction beside "the consolidated financial statements" does not state
        return not any(_MONEY.search(p) for p in stated)
    # one passage states the part: its words together, not scattered over quotes of other pages;
    # and it states what the part asks of a name ("How was X separated from FRP Holdings?"), not
    # the name alone
    asked = [w for w in words if w not in capitalised_names(part)]
    # a place or unit the part names ("what drove U.S. comparable sales?") is stated by the passage that
    # answers it: sentences on other markets' comparable sales share its words, not its subject
    places = _named_places(part, companies)
    return not any(overlap(s, words) >= MIN_WORDS and (not asked or overlap(s, asked) > 0)
                   and (not places or any(_names_place(s, p) for p in places)) for s in stated)


def _names_place(text: str, place: str) -> bool:
    """The passage names the place: "U.S." as written, or a word of a longer name ("Greater China": "China")."""
    if "." in place:
        return place in text
    return any(re.search(rf"\b{re.escape(w)}\b", text) for w in place.split() if len(w) > 2)


# capitalised words naming no place or unit: roles, bodies, standards, periods
_NO_PLACE = frozenset(("CEO", "CFO", "COO", "CTO", "Chief", "Executive", "Officer", "Board", "Directors", "Company",
                       "GAAP", "IFRS", "EPS", "EBITDA", "Q1", "Q2", "Q3", "Q4", "FY", "Form", "Item", "Note", "Inc",
                       "Corporation", "Group"))
# a place written as a country's initials, or one capitalised word (a two-word run, "Satya Nadella", "Data Center",
# is as often a person's or a product's name as a place's: no such part is held to it)
_PLACE = re.compile(r"\b(?:U\.S\.|U\.K\.|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?![\w'’])")


def _named_places(part: str, companies: list[str]) -> list[str]:
    """The names of places, markets or units a part asks about, as written ("U.S.", "Germany"), after its
    first word; none of the company's own name, a month, or a role."""
    company_words = {w for c in companies for w in re.findall(r"[A-Z][\w'’.&-]*", c)}
    out = []
    part = part.strip()
    for m in _PLACE.finditer(part):
        name = m.group(0)
        if m.start() == 0 or re.search(r"[.?!]\s*$", part[: m.start()]) or name.split()[0] in _NO_PLACE or name.split()[0] in company_words \
                or re.fullmatch(MONTH, name.split()[0], re.I) or " " in name:
            continue
        out.append(name)
    return out


# an item a request asks of each thing listed ("List the tranches with their amounts, coupons and maturities"):
# stated by its kind of figure, in the filing's own words ("$2.75 billion of 1.65% senior notes due March 2026")
_ATTRIBUTES = [
    (re.compile(r"\b(?:amounts?|sizes?|principal(?:\s+amounts?)?)\b", re.I), _AN_AMOUNT),
    (re.compile(r"\b(?:coupons?(?:\s+rates?)?|interest\s+rates?)\b", re.I), re.compile(r"\d(?:\.\d+)?\s?(?:%|percent\b)", re.I)),
    (re.compile(r"\b(?:maturit(?:y|ies)(?:\s+dates?)?|tenors?|terms?\s+to\s+maturity)\b", re.I),
     re.compile(r"\b(?:due|matur\w*)\b[^.;]{0,30}?(?:19|20)\d\d\b|\b\d+[-\s](?:year|yr)s?\b", re.I)),
]
# the things such an item is asked of, which the filing names its own way (a tranche is "senior notes due ...")
_ITEM_OF = re.compile(r"^the\s+(?:(?:tranches?|series|issues?|notes|bonds)\s+with\s+(?:their|its)\s+)?", re.I)


def typed_item(part: str) -> re.Pattern[str] | None:
    """What states a request's item that is one attribute of listed things ("the coupons", "the tranches
    with their amounts"): the attribute's kind of figure; None for any other part."""
    item = _ITEM_OF.sub("", part.strip().rstrip(".?"), count=1) if part.strip().lower().startswith("the ") else ""
    return next((gives for asks, gives in _ATTRIBUTES if item and asks.fullmatch(item)), None)


_QUOTED = re.compile(r'"([^"]{20,})"\s*(\([^()]*\bp\.\s?\d+\))?')


def passages(text: str) -> list[str]:
    """What the answer states, read passage by passage: the quotes of one page together (a writer
    quotes a page's sentences in their order, one introducing the next), and the answer's own
    words around its quotes as one."""
    pages: dict[str, list[str]] = {}
    for m in _QUOTED.finditer(text):
        if m.group(1).rstrip().endswith(":"):
            continue  # "The following table sets forth the number of our employees ... by category:": the rows state it
        pages.setdefault(m.group(2) or m.group(1), []).append(m.group(1))
    own = _QUOTED.sub(" ", text).strip()
    return [" ".join(q) for q in pages.values()] + ([own] if len(own) > 20 or not pages else [])


def capitalised_names(part: str) -> set[str]:
    """The stems of the words a part writes capitalised after its first word: names of companies,
    places, products ("FRP Holdings", "Wells Fargo")."""
    words = re.findall(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w&'’-]*", part.strip())
    return {t for w in words for t in tokenize(w)}


# "how much did it spend on repurchases", "how much stock had it bought back": an amount done, which
# an amount that may still be done ("a remaining $8.3 billion authorized", "increased the
# authorization to $175 billion") is not
_ASKS_DONE = re.compile(r"\b(?:how\s+much|what\s+amount)\b[^?]*?\b(?:spen[dt]|spending|bought|buy\s+back|repurchas\w*|paid|pay|"
                        r"returned?|used|invest(?:ed)?)\b", re.I)
_CAPACITY = re.compile(r"\b(?:remain(?:ing|ed|s)?|authori[sz](?:ed|ation|ations)|available|capacity|up\s+to|may\s+(?:purchase|"
                       r"repurchase|borrow)|permitted|approved)\b", re.I)
_MAY = re.compile(r"\b(?:may|can|could|might|allowed)\b", re.I)
# what a sentence says was done: "we repurchased 11 million shares for $1.7 billion"
# ... or an amount given as what a deal cost ("for approximately $1.52 billion in cash consideration")
_DONE = re.compile(r"\b(?:repurchased|purchased|bought|spent|paid|returned|used|invested|acquired|consideration)\b", re.I)


def _nothing_done(part: str, text: str) -> bool:
    """The part asks an amount spent or bought, and no amount the answer gives is one said to be
    done ("spent $29.0 billion", "paid dividends of $12.2 billion"): an authorization raised or a
    dividend rate set is not what was spent, nor is a rate that names a payment ("raised the
    dividend from $0.52 to $0.57 per share, beginning with the dividend paid in the third quarter").
    A part that asks the capacity itself is left be."""
    if not _ASKS_DONE.search(part) or _MAY.search(part) or _CAPACITY.search(part):
        return False
    # an extractive answer is its quotes ("..." (doc p.N) "..."), which split_sentences reads as one
    amounts = [s for s in _sentences(text) if _AN_AMOUNT.search(s)]
    return bool(amounts) and not any(_amount_done(s) and _in_the_asked_years(s, part) for s in amounts)


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _in_the_asked_years(sentence: str, part: str) -> bool:
    """A sentence that dates what was done dates it in a year the part asks ("During 2015, the
    Company repurchased $35.3 billion" does not say what was spent in fiscal 2016); one that names
    no year, or a part that names none, is left be."""
    asked, said = set(_YEAR.findall(part)), set(_YEAR.findall(sentence))
    return not asked or not said or bool(asked & said)


_A_SHARE = re.compile(r".*(?:%|percent)", re.I)  # "raised it by 10%": a share, never an amount spent
_PER_UNIT = re.compile(r"^(?:[^.;]|\.\d){0,30}?\bper\s+(?:share|unit)\b", re.I)


def _amount_done(sentence: str) -> bool:
    """Whether the sentence says an amount was done: a done verb with an amount in its clause
    ("repurchased 11 million shares for $1.7 billion", "$12.2 billion was paid"), the amount no
    rate per share."""
    for verb in _DONE.finditer(sentence):
        window = sentence[max(0, verb.start() - 60):verb.end() + 80]
        for amount in _AN_AMOUNT.finditer(window):
            if not _PER_UNIT.match(window[amount.end():]) and not _A_SHARE.fullmatch(amount.group()):
                return True
    return False


def _sentences(text: str) -> list[str]:
    """The answer's sentences: each quote of an extractive answer ("..." (doc p.N)), else its sentences."""
    return re.findall(r'"([^"]{20,})"', text) or split_sentences(text)


# parts read by their own rule below (an amount, a duration, a date, a yes/no)
_SPECIAL = re.compile(r"\bhow\s+(?:much|many|long|large|big)\b|\bby\s+how\b|\bwhat\s+(?:amount|percentage|share|proportion|"
                      r"portion|price|level)\b|\bwhen\b|\bdates?\b|^(?:is|are|was|were|does|do|did|has|have|had)\b", re.I)
_ASKS_CAUSE = re.compile(r"\b(?:driven\s+by|caused\s+by|due\s+to|(?:the\s+)?result\s+of|because\s+of|attributable\s+to)\b",
                         re.I)


# a clause that says how to answer, not what ("When primarily referencing the income statement, ...")
_HOW_TO_ANSWER = re.compile(r"^\W*(?:when|if|using|based|referencing|assuming|considering|according)\b", re.I)
_ASKING = re.compile(r"^\W*(?:and\s+)?(?:how|what|which|who|whom|why|where|did|does|do|is|are|was|were|has|have)\b", re.I)


def _own_words(part: str, companies: list[str]) -> list[str]:
    """What a part asks about by its own words: its content words without those that only
    refer back to what was asked before ("what drove the increase", "how did it change")."""
    return [w for w in content_words(SOURCE_CLAUSE.sub(" ", part), companies) if w not in REFERS_BACK]


# "described in PepsiCo's FY2021 10-K", "as disclosed in its annual report": where the answer is to be
# read, not what it is about
SOURCE_CLAUSE = re.compile(r"\b(?:as\s+)?(?:described|reported|disclosed|stated|mentioned|discussed|presented|given)\s+"
                           r"in\s+(?:the\s+|its\s+)?(?:[\w'’&.-]+\s+){0,4}?(?:10-?K|10-?Q|8-?K|annual\s+report|filing|"
                           r"report|release|statements?)\b|\b(?:as\s+)?(?:described|reported|disclosed|stated|mentioned|"
                           r"discussed|presented)\W*$", re.I)


# a part asking by how much the figure itself moved: "and how much did it expand?", "by how much did it fall?"
_ITS_CHANGE = re.compile(r"^\W*(?:and\s+)?(?:by\s+)?how\s+much\s+(?:did|has|have)\s+(?:it|that|this|they|the\s+(?:figure|ratio|"
                         r"margin|rate))\s+(?:expand|contract|grow|rise|fall|drop|increase|decrease|decline|improve|widen|"
                         r"narrow|shrink|change|deteriorate)\w*\W*$", re.I)
_PERIOD_WORDS = frozenset(tokenize("first second third fourth quarter quarters month months three six nine twelve "
                                    "same earlier prior previous preceding ago ended ending gaap versus vs compared "
                                    "relative against"))
# a part asking how a figure moved, and an answer that states a movement
_ASKS_HOW_CHANGED = re.compile(r"\bhow\s+(?:did|has|have|does)\b[^?]*\b(?:change|changed|move|moved|evolve|evolved|trend)\b|"
                               r"\bwhat\s+happened\s+to\b", re.I)
# ("from $580.0M", not the document id of "Read from 36abfbee")
_A_CHANGE = re.compile(r"\bfrom\s+[$€£]?\(?\d[\d,.]*(?!\w)|\b(?:rose|fell|increased?|decreased?|declined?|grew|dropped|changed?|up|down)\b|"
                       r"percentage\s+points?|[+−]\d|(?<![\w$])-\d", re.I)


# a part setting the figure against its own earlier period, naming nothing else: "and how did it
# compare with the same quarter of 2022?", "how does that compare to the prior year?"
_COMPARED_WITH_ITS_PERIOD = re.compile(
    r"^\W*(?:and\s+)?how\s+(?:did|does|do|has)\s+(?:it|that|this|they|these|the\s+(?:figure|ratio|margin|rate))\s+"
    r"compare\s+(?:with|to|against)\s+(?:the\s+)?(?:same\s+)?(?:(?:prior|previous|preceding|last)\s+)?"
    r"(?:(?:first|second|third|fourth)\s+)?(?:fiscal\s+)?(?:year|quarter|period|(?:three|six|nine)[\s-]+months?|FY\s?\d{2,4}|Q[1-4]\s+(?:FY\s?)?\d{4}|\d{4}"
    # a balance sheet's other date: "how did they compare with September 30, 2014?"
    r"|[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+[A-Z][a-z]+\s+\d{4})"
    r"(?:\s+(?:of|in|ended)\s+(?:fiscal\s+)?(?:the\s+prior\s+year|\d{4}|[A-Z][a-z]+\s+\d{1,2},?\s+\d{4}))?"
    r"(?:\s+(?:a\s+year\s+(?:earlier|before|ago)))?\W*$", re.I)


# a part asking what caused something, which a figure and its working never state
_ASKS_WHY = re.compile(r"^\W*(?:and\s+)?(?:why\b|what\s+(?:\w+\s+){0,2}?(?:drove|drives|driv\w+|caused?|causes|"
                       r"explains?|reasons?|factors?)\b|explain\b)", re.I)


# a part asking a share ("what was it as a percentage of 2021 net sales", "what percentage of it was used
# for dividends"), and a figure's headline that is a percentage ("... FY2021: 12.6% (as the question defines it)")
_ASKS_PERCENT_OF = re.compile(r"\b(?:percentage|percent|share|proportion)\s+of\b", re.I)
_A_PERCENT_FIGURE = re.compile(r":\s*-?\d[\d,.]*%")


def metric_part_unanswered(written: WrittenAnswer, question: str, companies: list[str]) -> str | None:
    """A part of the question the metric answer's one figure (its label, inputs and working) does
    not speak to: "What total liability did X carry, and how is it made up?" or "..., and how much
    did it spend on buybacks and dividends?" are not answered by the total alone; or None."""
    parts = asked_parts(question)
    if len(parts) < 2:
        return None
    for part in parts:
        # an item a closing request names ("Quantify the buybacks and dividends") is asked as well
        if _HOW_TO_ANSWER.match(part) or not (_ASKING.match(last_sentence(part)) or part.startswith("the ")):
            continue
        if _ASKS_HOW_CHANGED.search(part) and not _A_CHANGE.search(written.text):
            return part  # "How did its capital spending change?": one year's level is no change
        if _ASKS_RATE.search(part) and not _A_RATE.search(written.text):
            return part  # "and how fast did its cloud revenue grow?": a share of the total is no growth rate
        if _ITS_CHANGE.match(last_sentence(part)) and _A_CHANGE.search(written.text):
            continue  # "and how much did it expand?": the figure's change between its periods
        if _COMPARED_WITH_ITS_PERIOD.match(last_sentence(part)):
            if not (_A_CHANGE.search(written.text) or _names_every_year(written.text, last_sentence(part))):
                return part
            continue  # "and how did it compare with the same quarter of 2022?": the figure's change (or its
            # value in each period, "FY2014 ... FY2015 ...") is the answer
        if _ASKS_WHY.match(last_sentence(part)):
            return part  # "..., and why did it fall?": a figure states no cause
        if _ASKS_PERCENT_OF.search(part) and _A_PERCENT_FIGURE.search(written.text.split(". ", 1)[0]):
            continue  # "and what was it as a percentage of net sales?": the figure is that percentage
        # a part that only refers back to the figure ("and how did it change?") is the figure's own;
        # its period's words ("the third quarter ... compared with the same quarter a year earlier")
        # are the figure's periods, which its working states as "FY2023 Q3"
        # (a formula in brackets, "free cash flow (operating cash flow minus additions to property, plant
        # and equipment)", defines what is asked in the filing's words, which the working names its own way)
        # (so does how it is worked out: "calculated as profit for the year divided by revenue", "from the
        # consolidated statement of profit or loss", which the working states in the filing's line names)
        asked = _HOW_WORKED.sub(" ", _BRACKETED.sub(" ", last_sentence(part)))
        words = [w for w in _own_words(asked, companies) if w not in _PERIOD_WORDS]
        if words and overlap(written.text, words) < MIN_WORDS and not _summed_in_working(part, words, written.text):
            return part
    return None


# the working's sum of its inputs: "Dividends paid + Share repurchases = $14,467.0M + $85,971.0M = $100,438.0M"
_SUM_LINE = re.compile(r"(?P<labels>[A-Z][\w ,'’&()-]*?(?: \+ [A-Z][\w ,'’&()-]*?)+) = [^=.]*\d[^=]*= \$?-?[\d,]+(?:\.\d+)?")


def _summed_in_working(part: str, words: list[str], text: str) -> bool:
    """An amount asked of what the figure's inputs add up to ("How much cash did it return to shareholders through
    dividends and repurchases?"), which the working states as their sum, its inputs named in two of the part's words."""
    if not _ASKS_AMOUNT_PART.match(last_sentence(part)):
        return False
    return any(len(set(words) & {t for t in tokenize(m.group("labels"))}) >= 2 for m in _SUM_LINE.finditer(text))


_ASKS_AMOUNT_PART = re.compile(r"^\W*(?:and\s+)?(?:how\s+much|what\s+(?:was|were|is|are)\s+(?:the\s+)?(?:total|combined|"
                               r"amount|sum))\b", re.I)


_BRACKETED = re.compile(r"\([^()]*\)")
# how a figure is worked out or where it is read, said inside its ask: "..., calculated as A divided by B",
# "defined as A minus B", "from the consolidated statement of profit or loss", "on the cash flow statement"
_HOW_WORKED = re.compile(r",?\s*\b(?:calculated|computed|defined|measured|derived|worked\s+out)\s+as\b[^?]*|"
                         r"\b(?:from|on|in|using|per)\s+(?:its\s+|the\s+)?(?:[\w'’&.-]+\s+){0,2}?(?:condensed\s+)?"
                         r"(?:consolidated\s+)?(?:statements?\s+of\s+(?:[\w-]+\s+){0,3}?[\w-]+(?=\W*(?:,|\?|$))|"
                         r"(?:balance\s+sheets?|cash\s+flow\s+statements?|income\s+statements?))", re.I)


def _names_every_year(text: str, part: str) -> bool:
    """The answer names each year the part sets the figure against ("compare with September 30, 2014"
    is answered by the figure's FY2014 value beside its FY2015 one)."""
    from retrieval.periods import parse_periods

    years = parse_periods(part).years
    return bool(years) and all(re.search(rf"(?:\bFY\s?|(?<![\w.])){year}(?!\d)", text) for year in years)


def answered_in_every_part(written: WrittenAnswer, question: str, companies: list[str]) -> WrittenAnswer:
    if written.status != "answered" or written.kind == "not_meaningful" or EVERY_ITEM in written.flags \
            or WHO_AND_SHARE in written.flags:
        return written  # (answering.kinds.listed_amounts checked each listed item itself; customers, who and how much)
    if written.kind == "metric":
        part = metric_part_unanswered(written, question, companies)
    elif (written.kind or "") in _CHECKED_ELSEWHERE:
        return written
    else:
        part = unanswered_part(written, question, companies)
    part = part or unbroken_down(written.text, question)
    if part is None:
        return written
    several = "the question has several parts and" if len(asked_parts(question)) > 1 else "of what the question asks,"
    reason = f"{several} nothing found states “{part.rstrip('?')}”"
    if written.kind == "metric":
        # the figure was found and checked, only not all that was asked: shown, but not given as
        # the answer (unverified counts as a refusal in every summary, and the exit code)
        return written.model_copy(update={
            "status": "unverified", "value": None, "reason": reason, "flags": [*written.flags, PARTIAL],
            "text": f"Not given: {reason}; the figure found: {written.text}",
        })
    return written.model_copy(update={
        "status": "not_found", "value": None, "reason": reason, "flags": [*written.flags, PARTIAL],
        "text": f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}",
    })


# "broken down by fire event and by quarter", "segment by segment", "for each segment": each item
# of the breakdown is asked, so one total or one headline sentence does not answer it ("for each share" asks
# an amount per unit, the price a share gets, not a breakdown)
_BREAKDOWN = re.compile(r"\b(?:broken\s+down|break(?:ing)?\s+(?:\w+\s+){0,3}?down|split)\s+by\s+(?P<by>[^,?;]+)|"
                        r"\b(?P<each>[a-z]+)\s+by\s+(?P=each)\b|\bfor\s+each\s+(?!of\b|(?:\w+\s+)?(?:shares?|units?|ADSs?)\b)(?P<item>[a-z]+(?:\s+[a-z]+)?)", re.I)
_DIMENSION_SPLIT = re.compile(r"\s*(?:,|\band\b|\bor\b)\s*(?:by\s+)?", re.I)


# "U.S.: "Comparable sales results benefited from ..."": an item of a breakdown labelling the
# quote that explains it (the drivers writer's segment part)
_LABELLED_QUOTE = re.compile(r'(?:^|[\s)])[A-Z][\w.&\'’ -]{1,60}:\s+"')


def unbroken_down(text: str, question: str) -> str | None:
    """The breakdown a question asks for that the answer does not give, or None: a breakdown
    "by X" is given when the answer's sentences naming X carry two figures or more (one per item
    at least for two items); a headline "across all segments" with one figure is no breakdown.
    Causes asked item by item ("What drove it, segment by segment?") are given by an explaining
    quote under each item's name, for two items at least: a cause need not be a figure."""
    asks_causes = any(_ASKS_WHY.search(part) for part in re.split(r"[,;?]", question))
    if asks_causes and len(_LABELLED_QUOTE.findall(text)) >= 3:  # "By segment:" and two items
        return None
    if not asks_causes and _RANKED_ITEMS.search(text) and (parts := asked_parts(question)) \
            and all(_of_the_ranked_measure(p, parts[0], []) for p in parts[1:] if _BREAKDOWN.search(p)):
        return None  # a table's items ranked, each with its figure: the breakdown of the measure ranked, item by item
    sentences = _sentences(text)
    for m in _BREAKDOWN.finditer(question):
        dimensions = [d for d in _DIMENSION_SPLIT.split(m.group("by") or m.group("each") or m.group("item") or "")
                      if d.strip()]
        for dimension in dimensions:
            words = [w for w in tokenize(dimension) if len(w) > 2 and w not in ("the", "its", "their")]
            if not words:
                continue
            naming = [s for s in sentences if overlap(s, words) > 0]
            if sum(len(_AN_AMOUNT.findall(s)) for s in naming) < 2:
                return f"{m.group(0).strip()} (by {dimension.strip()})"
    return None


# "How much has the effective tax rate changed between FY2021 and FY2022?": a change between
# years, not one year's level (a range "FY2019-FY2021" asked for an average is no change).
_ASKS_CHANGE = re.compile(r"\b(?:chang\w*|differ\w*|grow\w*|growth|increas\w*|decreas\w*|declin\w*|rose|fell|"
                          r"improv\w*|deteriorat\w*)\b", re.I)


def answered_over_the_asked_years(written: WrittenAnswer, question: str) -> WrittenAnswer:
    """A figure asked as a change between named years names each of them, or is refused; quoted sentences name at
    least the latest ("For fiscal 2020, ... an effective tax rate of 18.4%" says nothing of how fiscal 2021 moved from
    it; a sentence on the later year often names the earlier one only as "the prior year")."""
    from retrieval.periods import parse_periods

    if written.status != "answered" or written.kind not in ("metric", "passage", "drivers") \
            or not _ASKS_CHANGE.search(question):
        return written
    years = parse_periods(question).years
    if written.kind == "metric":
        missing = [y for y in years if str(y) not in written.text]
    else:
        # (quotes each dated by an earlier year only: one that names none, "The increase in GAAP results was primarily
        # driven by ...", may be of the asked change)
        quoted = [q.group(1) for q in _QUOTED.finditer(written.text)] or [written.text]
        dated = [years_in(q) for q in quoted]
        missing = years[-1:] if len(years) >= 2 and all(dated) and not any(years[-1] in d for d in dated) else []
    if len(years) < 2 or not missing:
        return written
    reason = (f"the question asks how it changed over {', '.join(f'FY{y}' for y in years)}; "
              f"nothing read for {', '.join(f'FY{y}' for y in missing)}")
    return written.model_copy(update={
        "status": "not_found", "value": None, "reason": reason, "flags": [*written.flags, PARTIAL],
        "text": f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}",
    })
