"""ask_coverage: the writer's last gate. An answer is given only if it covers every ask of the
question; an answer that leaves one uncovered is refused, the refusal naming that ask.

A question's asks are read from its grammar (answering.kinds.every_part.asked_parts: its
question sentences, each split at ", and what / how / when ...", the items a request or a
parenthesised list names), and beyond them:
- a request after the last question mark ("Was the loss caused by its operations? Explain what
  drove it.") asks as well;
- things asked together after an interrogative ("What restructuring plan and headcount cut did X
  announce?", "What acquisitions, divestitures and investments did it make?") are each asked;
- an alternative ("Was it driven by a higher take rate or by higher volume?") asks which.

Each ask needs a kind of value, which its wording says and any filing states the same way:
- an amount ("how much", "by how much", "what did it cost", "what gain did it recognize", an item
  "(new program size, ...)"): a figure, in a passage of the answer that states the ask's own
  words (what was spent on share repurchases is stated where share repurchases are);
- a cause ("why", "what drove", "explain"): a sentence saying what caused it ("due to",
  "driven by", "as a result of" ...) or a writer's own drivers ("What drove it ...");
- a name ("which company / firm / bank"): a capitalised name the question does not give;
- a pick ("A or B?"): more than a bare "Yes." / "No.".
A figure (kind `metric`: a statement line item and its working) answers its own line: to a
question whose head asks a thing or an event ("What restructuring plan did X announce", "What
income tax matter did X settle"), a line item covers nothing unless it names that thing; to a
yes/no question it covers nothing without the yes or no.

The checks every_part and quote_focus make before this gate are not repeated; this gate adds
what they do not read. Refused as they refuse: a text answer `not_found`, a figure `unverified`
(shown, not given), flagged `partial_answer` (the LLM writer, when configured, may complete it)
and `uncovered_ask`.
"""

from __future__ import annotations

import re

from answering.aspects import split_sentences
from answering.kinds.ask_scope import YES_NO_LEAD_IN, without_lead_in
from answering.kinds.counts import asked_thing, states_count
from answering.kinds.every_part import asked_parts, passages, said_as, typed_item
from answering.kinds.listed_amounts import EVERY_ITEM
from answering.kinds.sentences import (
    LEGAL_FORM_STEMS,
    REFERS_BACK,
    content_words,
    last_sentence,
    name_words,
    overlap,
)
from answering.numbers import years_in
from answering.written_answer import NOT_FOUND, PARTIAL, WrittenAnswer
from finrag.vocabulary import Vocabulary, tokenize
from loaders.dates import MONTH_NAMES

FLAG = "uncovered_ask"
_LEFT_TO_OTHERS = {"not_meaningful"}

# --- the asks ------------------------------------------------------------------------------------
# a request after the last question mark: "Explain what drove it.", "Describe the remedies sought."
_REQUEST_VERB = r"(?:explain|describe|discuss|summari[sz]e|outline|identify|name|list|state|give|provide|quantify|compare)"
_TRAILING_REQUEST = re.compile(r"(?:^|(?<=[.?!]))\s*(?:also|and|then|additionally|finally)?,?\s*(?P<ask>(?:please\s+)?"
                               rf"{_REQUEST_VERB}\b(?P<items>[^.?!]*))", re.I)
# "Compare capex relative to revenue in both years and explain what happened to free cash flow":
# two requests in one sentence, each asked
_JOINED_REQUEST = re.compile(rf",?\s+and\s+(?={_REQUEST_VERB}\s+(?:what|why|how|whether|the|its|their)\b)", re.I)
# what a request says about answering, not what to answer ("State your answer in millions")
_ABOUT_ANSWERING = re.compile(r"\b(?:answers?|responses?|units?|decimals?|round|format|percent(?:age)?\s+terms|in\s+(?:usd|millions|"
                              r"billions|thousands))\b", re.I)
_AUX = r"(?:did|does|do|has|have|had|was|were|is|are|will|would|could|can)"
# "What restructuring plan and headcount reduction did X announce", "What acquisitions, divestitures
# and investments did eBay complete": the things a wh-word asks, coordinated before the verb
_THINGS = re.compile(rf"^\W*(?:and\s+)?(?:what|which)\s+(?P<things>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,3}}"
                     rf"(?:\s*,\s*[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,3}})*,?\s+and\s+[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,3}}?)"
                     rf"\s+{_AUX}\b", re.I)
# "Was that growth driven by a higher take rate or by higher volume?": which of two, not whether
_ALTERNATIVE = re.compile(r"^\W*(?:and\s+)?(?:is|are|was|were|did|does|do|has|have|had)\b[^?]*?\b(?P<p>by|from|through|in|on|"
                          r"with|to)\s+[^?,]+?\s+or\s+(?:(?P=p)\s+)?(?:a|an|the|its|higher|lower|more|less|greater|\w+er)\b",
                          re.I)
# the object a wh-word asks: "What restructuring plan did X announce" (plan), "What income tax matter
# has X settled" (matter), "What dividend per share did it pay" (dividend); the do (or has + past
# participle) makes the head the verb's object, where "Which company had the highest revenue" asks
# its subject
_WH_HEAD = re.compile(rf"^\W*(?:and\s+)?(?:what|which)\s+(?!{_AUX}\b|that\b|this\b|it\b)(?P<np>(?:[a-z][\w'’-]*\s+){{0,4}}?)(?P<head>[a-z][\w'’-]*)"
                      r"(?:\s+per\s+\w+)?\s+(?:(?:did|does|do|will|would|could|can)\s+(?!not\b)|"
                      r"(?:has|have|had)\s+(?:[\w&.'’-]+\s+){1,4}?\w+(?:ed|en)\b)", re.I)
# "How important was Services to Apple's profitability compared with its share of sales?", "How
# dependent was it on franchised restaurants?": the weight of a part in the whole, which one
# line item of the whole does not give
_ASKS_WEIGHT = re.compile(r"^\W*(?:and\s+)?how\s+(?:important|dependent|reliant|significant|exposed|concentrated|"
                          r"sensitive|vulnerable)\b", re.I)
# "What was the main use of cash behind this decline?": what caused a change, asked by what stands behind it
_BEHIND_CHANGE = re.compile(r"\b(?:behind|responsible\s+for|accounted\s+for)\s+(?:the|this|that|these|its)\s+(?:[\w-]+\s+){0,2}?"
                            r"(?:declines?|decreases?|drops?|falls?|increases?|rises?|growth|changes?|improvements?|"
                            r"deterioration|swings?|gap|shortfall)\b", re.I)
_NO_HEAD = frozenset({"that", "this", "it", "they", "these", "those", "he", "she", "we", "you"})
# "Describe the restructuring plan ...": a request a figure does not answer
_DESCRIBE = re.compile(r"^\W*(?:and\s+)?(?:please\s+)?(?:describe|explain|discuss|outline|summari[sz]e)\b", re.I)
_PRONOUN = re.compile(r"(?:them|it|these|those|all|each|both|that|why|how|what\b.*)", re.I)
_ITEMS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)

# --- the kinds of value an ask needs -------------------------------------------------------------
# nouns that are amounts by what they are: "what gain did it recognize", "(new program size, ...)"
_AMOUNT_NOUNS = frozenset(tokenize("amount amounts size cost costs price prices value gain gains loss losses proceeds "
                                   "consideration charge charges fee fees fine fines penalty penalties payment payments "
                                   "total sum figure number percentage proportion savings saving"))
_ASKS_AMOUNT = re.compile(r"\b(?:how\s+(?:much|many|large|big)|by\s+how|what\s+(?:amount|percentage|share|proportion|portion|"
                          rf"price|level|size|value|sum)|at\s+what\s+(?:price|rate|cost)|what\s+{_AUX}\s+(?:\w+\s+){{0,3}}"
                          r"(?:cost|pay|spend|receive|fetch|raise|incur|book|record)\b)", re.I)
_AN_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d[\d,.]*\s*(?:%|percent(?:age)?\s+points?\b|percent\b|basis\s+points?\b|bps\b|(?:thousand|million|billion|bn|m)\b)|"
                        r"\b\d{1,3}(?:,\d{3})+\b|\b\d+(?:\.\d+)?\s*(?:US\$|USD|EUR|GBP)", re.I)
# what an amount ask's verb says ("how much did it spend / incur / record"): filings say it in
# other verbs ("paid", "recognized charges of"), so the verb is no word the amount's passage needs
_AMOUNT_VERBS = frozenset(tokenize("spend spent incur incurred record recorded recognize recognized pay paid receive "
                                   "received cost costs book booked take taken total report reported return returned "
                                   "generate generated expect expected amount much many large big raise raised fetch "
                                   "estimate estimated represent represented account accounted share portion percent "
                                   "create created creates"))
# "how much goodwill did the deal create": the deal is the one the question's first ask named; the
# sentence stating its goodwill calls it by its own name ("the Central acquisition")
_BACK_REFERENCE = re.compile(r"\bthe\s+(?:deal|transaction)\b(?!\s+(?:costs?|fees?|expenses?|price|value|consideration))",
                             re.I)
_A_COUNT = re.compile(r"(?<![\w.])(?!(?:19|20)\d\d\b)\d[\d,.]*(?![\w-])|" + _AN_AMOUNT.pattern, re.I)
_ASKS_SHARE = re.compile(r"\bwhat\s+(?:share|percentage|proportion|portion|percent)\s+of\b", re.I)
_PERCENT = re.compile(r"\d\s?(?:%|percent\b)", re.I)
_PER_SHARE = re.compile(r"\bper\s+(?:common\s+)?share\b", re.I)
_A_PER_SHARE = re.compile(r"(?:[$€£¥]|US\$)\s?\d[\d,.]*\s+(?:per|a|for\s+each)\s+(?:common\s+|ordinary\s+)?share\b", re.I)
_ASKS_CAUSE = re.compile(r"^\W*(?:and\s+)?(?:why\b|what\s+(?:\w+\s+){0,2}?(?:drove|drives|driving|caused?|causes|explains?|"
                         r"led\s+to|contributed)\b|what\s+(?:was|were|is|are)\s+(?:the\s+)?(?:\w+\s+)?(?:drivers?|reasons?|"
                         r"causes?|factors?)\b|(?:please\s+)?explain\s+(?:why|what|how)\b)", re.I)
# a sentence that says what caused something
_A_CAUSE = re.compile(r"\b(?:due\s+(?:primarily\s+|mainly\s+|largely\s+|in\s+part\s+)?to|driven\s+(?:\w+\s+)?by|drove|driver|"
                      r"because|as\s+a\s+result|result(?:ed|ing)?\s+(?:from|of|in)|reflect(?:s|ed|ing)?|attributable|"
                      r"caused\s+by|owing\s+to|led\s+by|offset\s+by|benefit(?:ed|ted)?\s+from|related\s+(?:\w+\s+)?to|"
                      r"contribut\w*|primarily\s+(?:from|by|on)|mainly\s+(?:from|by|on)|impact(?:ed)?\s+(?:of|by)|"
                      r"on\s+the\s+back\s+of|thanks\s+to|following|higher|lower|increased?|decreased?)\b", re.I)
# "how long will its cash last", "for how long": a span of time, which a filing states by a length
# ("for the next 12 months") or an end ("until the first quarter of 2025", "into 2025")
_ASKS_DURATION = re.compile(r"^\W*(?:and\s+)?(?:for\s+)?how\s+long\b", re.I)
_A_DURATION = re.compile(r"\b\d+\s+(?:months?|years?|weeks?|days?|quarters?)\b|\b(?:until|till|through|into|beyond)\s+"
                         r"(?:[\w,]+\s+){0,6}?(?:19|20)\d\d\b|\b(?:twelve|eighteen|twenty-four)\s+months\b", re.I)
# the duration ask's own verb ("how long will it last / take / continue"): no word its passage needs
_DURATION_VERBS = frozenset(tokenize("long last lasts take takes continue remain run fund"))
# "Which bank", "what company": a name, which a sentence states by a capitalised word
# "what changes did it make to ...", "what changes were made to ...": what was done, stated by a verb of doing
_ASKS_CHANGES = re.compile(r"^\W*(?:and\s+)?what\s+changes\s+(?:did\s+(?:[\w.'\u2019&-]+\s+){1,3}make|(?:were|have\s+been|"
                           r"had\s+been)\s+made)\s+(?:to|in)\b", re.I)
# (done: "amended", "entered into"; "allows us to extend the maturity" says what could be done)
_CHANGE_DONE = re.compile(r"\b(?:entered\s+into|amended|replaced|terminated|extended|renewed|refinanced|increased|"
                          r"decreased|reduced|added|removed|repaid|issued|changed|adopted|modified|expanded|"
                          r"established|launched|discontinued|eliminated|cancell?ed)\b", re.I)
_ASKS_NAME = re.compile(r"^\W*(?:and\s+)?(?:(?:to|from|with|by)\s+)?(?:which|what)\s+(?:\w+\s+)?(?:company|companies|firm|firms|"
                        r"banks?|buyers?|purchasers?|acquirers?|partners?|auditors?|lenders?|underwriters?|counterpart(?:y|ies)|"
                        r"insurers?|regulators?|agency|agencies|court|courts|exchanges?)\b", re.I)
# "which Microsoft segment", "what geographic region": one of the company's parts, which only a pick
# over the parts (a ranking table read whole: kinds choice, list, or an item part answered in its own
# words, "Which geographic segment fell the most? Greater China, ...") names; a cause or a figure of the
# whole company quoted for it names none, and a capitalised word in a quote is not a pick
_ASKS_PART = re.compile(r"^\W*(?:(?:in|for|during|among|of|across)\b[^,?]{0,60},\s*)?(?:and\s+)?(?:which|what)\s+(?:[\w'’&-]+\s+){0,2}?(?:segments?|divisions?|business\s+units?|"
                        r"operating\s+units?|regions?|brands?|subsidiar(?:y|ies)|businesses|business\s+lines?|"
                        r"product\s+lines?|platforms?)\b", re.I)
_PICKS = frozenset({"choice", "list"})


def _unnamed(sentence: str, companies: list[str]) -> str:
    """The sentence without the company's own name: "What was Meta Platforms' R&D ..." asks no platform."""
    for company in companies:
        sentence = re.sub(rf"\b{re.escape(company)}(?:['’]s?)?", "it", sentence, flags=re.I)
    return sentence
# a pick said: a choice's ranking composed into another kind, or a named part said to rank ("Delivery grew fastest")
_A_PICK = re.compile(r"\branks\s+(?:highest|lowest|first)\b|\bRanking:|\b[A-Z][\w&'’-]*\s+(?:[\w&'’-]+\s+){0,3}?"
                     r"(?:grew|rose|fell|declined|was|had|ranked)\s+(?:the\s+)?(?:fastest|most|highest|largest|lowest|least|"
                     r"slowest)\b")
# "How did the Products and Services gross margin percentages change": two named parts side by side,
# each with its own figure and cause; an answer about the whole, or about one of them, names not both
_PARTS_SIDE_BY_SIDE = re.compile(r"(?<=[a-z,] )(?P<first>[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,2})\s+and\s+"
                                 r"(?P<second>[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,2})(?=\s+[a-z])")


_ONE_NAME_END = re.compile(r"\b(?:Act|Agreement|Plan|Program|Programme|Company|Corporation|Inc|LLC|Ltd|Trust|Fund|Partners|"
                           r"Holdings|Group|Bank|Association|Commission|Court|Exchange)$")


def _unnamed_part(question: str, text: str, companies: list[str]) -> str | None:
    """The first of two parts a question names side by side that the answer does not name, or None."""
    company_words = name_words(*companies)
    for m in _PARTS_SIDE_BY_SIDE.finditer(question):
        if _ONE_NAME_END.search(m.group("second")) or re.search(r"\d", m.group(0)):
            continue  # "the Tax Cuts and Jobs Act", "Johnson and Johnson Inc": one name with "and" in it; "FY2022"
        for name in (m.group("first"), m.group("second")):
            words = name_words(name)
            if words and not words <= company_words and not re.search(rf"\b{re.escape(name)}\b", text, re.I):
                return name
    return None
# a quote as the writers give it, up to its citation: "..." (doc p.N); a quote may hold a stray
# straight quote of its own (the "Company”)
_QUOTE = re.compile(r'"(.{12,}?)"\s*\([^()]*\bp\.\s?\d+\)', re.S)
_CAPITALISED = re.compile(r"\b[A-Z][\w&'’.-]*[A-Za-z0-9]")
_YES_NO = re.compile(r"^\W*(?:yes|no)\b", re.I)
_YES_NO_ASK = re.compile(rf"^\W*(?:and\s+)?{_AUX}\b", re.I)


# ", what share of total revenue did it represent": a wh-phrase and its verb after a comma open an
# ask of their own (every_part splits at ", what did" / ", and what")
_NEXT_ASK = re.compile(rf",\s+(?=(?:what|which|how\s+much|how\s+many)\s+(?:[\w'’-]+\s+){{1,5}}?{_AUX}\b)|"
                       # "What facility did it enter and with which banks?": a preposition's wh-word asks anew
                       r",?\s+and\s+(?=(?:with|to|from|by|for|through|on)\s+(?:what|which|whom)\b)", re.I)
# "..., including the program size, the authorization and the dividend?": each item listed is asked
_INCLUDING = re.compile(r"\b(?:including|namely|specifically)\s+(?P<items>[^?.;()]+?(?:,\s*[^?.;()]+?)*,?\s+and\s+[^?.;()]+)\??$",
                        re.I)


# "Use revenue and restaurant-margin figures to support your answer.", "Support your view with FY2022
# capital expenditure and fixed-asset figures.": each thing named asks for its figure
_SUPPORTING_FIGURES = re.compile(r"\b(?:use|cite|quote)\s+(?:the\s+|its\s+)?(?P<items>[^.?!]{3,80}?)\s+(?:figures|numbers|amounts)"
                                 r"\s+to\s+(?:support|back|justify)\b|\bsupport\s+(?:your|the|this)\s+(?:answer|view|"
                                 r"conclusion|assessment|judg(?:e)?ment)\s+with\s+(?:the\s+|its\s+)?(?P<with>[^.?!]{3,80}?)\s+"
                                 r"(?:figures|numbers|amounts)\b|\b(?:answer|support\s+(?:your|the|this)\s+(?:answer|view|conclusion|"
                                 r"assessment|judg(?:e)?ment))\s+(?:using|with|based\s+on)\s+(?:the\s+|its\s+)?"
                                 r"(?P<using>[^.?!]{3,120}?)\s*(?:[.?!]|$)", re.I)
# "... from the Q4 2022 earnings release": where the figures are, not one of them
_SOURCE = re.compile(r"\s+(?:from|in|on|as\s+(?:reported|shown)\s+in)\s+(?:the|its)\s+[^,]*$", re.I)


def _supporting_figures(question: str) -> list[str]:
    """The figures a question asks its answer to be supported with, one amount ask each ("the
    revenue figure", "the restaurant-margin figure")."""
    out: list[str] = []
    for m in _SUPPORTING_FIGURES.finditer(question):
        if m.group("using"):
            # "Answer using the current ratio and cash balance.", "Support your answer with its
            # capital expenditures relative to revenues, depreciation and operating cash flow.":
            # each measure named is asked, without the word "figures"
            items = _SOURCE.sub("", m.group("using"))
            if any(len(i.split()) > 8 for i in _ITEMS.split(items)):
                continue  # a clause, not measures named
        else:
            items = m.group("items") or m.group("with")
        out += [f"the {i.strip()} figure" for i in _ITEMS.split(items) if i.strip()]
    return out


def _asks(question: str) -> list[str]:
    """Every ask of the question: every_part's parts, each split again at ", what NP did ...",
    then the requests after the last question mark, the things coordinated after a wh-word."""
    parts = [p.strip() for part in asked_parts(question) for p in _NEXT_ASK.split(part) if p.strip()]
    tail = question.rsplit("?", 1)[1] if "?" in question else question
    # (split only in a sentence that is itself a request: "If it is not relevant, please state that
    # and explain why" asks nothing unless its condition holds)
    tail = " ".join(". ".join(_JOINED_REQUEST.split(s)) if _TRAILING_REQUEST.match(s) else s
                    for s in re.split(r"(?<=[.?!])\s+", tail))
    requests = [m for m in _TRAILING_REQUEST.finditer(tail) if not _ABOUT_ANSWERING.search(m.group("ask"))]
    if "?" in question:
        parts += [m.group("ask").strip() for m in requests]
    return list(dict.fromkeys(parts + _things(parts) + [i for m in requests for i in _requested_items(m.group("items"))]
                              + _supporting_figures(question)))


_OWN_ASK = re.compile(r"(?:the|when|why|how|what|who|whom|where|which|whether)\b", re.I)
_QUOTED_SPAN = re.compile(r"\s*[\"“][^\"“”]*(?:[\"”]|$)")


def _requested_items(items: str) -> list[str]:
    """The things a request lists ("Also give the authorization that remained and the cash it
    returned", "List eBay's 2018 acquisitions and divestitures"), one ask each, "the ..."; none when
    it names one thing."""
    # (a quoted name's comma lists nothing: "of "Uber Technologies, Inc."")
    listed = [i.strip() for i in _ITEMS.split(_QUOTED_SPAN.sub("", items)) if i.strip()]
    if len(listed) < 2 or any(len(i.split()) > 10 for i in listed) or any(_PRONOUN.fullmatch(i) for i in listed):
        return []
    first = re.sub(r"^(?:the|its|their)\s+", "", listed[0], flags=re.I)
    if len(first.split()) == 1 and len(listed[-1].split()) > 1 and first.islower() \
            and re.search(r"(?:ing|able|ible|al|ed|ive|ary)$", first):
        return []  # "the operating and reportable segments": two words for one set of things, not two things
    # "Give the per-share price, when the deal was completed, ...": a wh-item is an ask of its own
    return [i if _OWN_ASK.match(i) else f"the {i}" for i in listed]


def _things(parts: list[str]) -> list[str]:
    """The things each part asks together: after its wh-word ("What restructuring plan and headcount
    reduction did ..."), or listed after "including" ("..., including the program size, the
    authorization and the dividend"); one ask each, "the ..."."""
    out: list[str] = []
    for part in parts:
        if m := _THINGS.match(last_sentence(part)):
            out += [f"the {t.strip()}" for t in _ITEMS.split(m.group("things")) if t.strip()]
        if m := _INCLUDING.search(part):
            items = [i.strip() for i in _ITEMS.split(m.group("items")) if i.strip()]
            if len(items) >= 2 and all(len(i.split()) <= 5 for i in items):
                out += [i if i.lower().startswith("the ") else f"the {i}" for i in items]
    return out


# --- is an ask covered ---------------------------------------------------------------------------

def _names_beyond(text: str, question: str, companies: list[str]) -> bool:
    """Whether the text names someone the question does not (a capitalised word past a sentence's
    first that is none of the question's or the companies' words)."""
    known = {t for w in _CAPITALISED.findall(question) for t in tokenize(w)} | {t for c in companies for t in tokenize(c)}
    for sentence in re.split(r"(?<=[.!?\"”])\s+", text):
        for m in _CAPITALISED.finditer(sentence):
            if m.start() <= 1:
                continue
            stems = [s for s in tokenize(m.group(0)) if not s.isdigit()]
            if stems and not all(s in known for s in stems):
                return True
    return bool(lower_case_counterparts(text, question))


# the relation the question asks of its subject, by its verb and the preposition right after it, before the other
# side it names: "Which company partnered with "eBay Inc."", "Who partnered with the Company" (a verb of no subject
# asked, "did X borrow from", or an infinitive, "agreed to acquire", asks no such relation)
_RELATION_ASKED = re.compile(r"^\W*(?:(?:which|what)\s+(?:[a-z-]+\s+){0,3}?|who\s+)"
                             r"(?P<stem>(?!(?:did|does|do|is|was|were|are|has|had|have|compan\w*|business\w*|firms?|entit\w*|"
                             r"groups?|banks?|subsidiar\w*|brands?|segments?|customers?)\b)[a-z]{5})[a-z]*(?:ed|es|s)\s+"
                             r"(?P<prep>with|to|from)\s+(?=[\"“]|[a-z]*[A-Z]|(?:the|an?|its|their)\s)", re.I)
# a preposition's fixed phrase is no relation: "according to", "with respect to", "from time to time"
_FIXED_PHRASE = re.compile(r"\b(?:according\s+to|prior\s+to|with\s+respect\s+to|from\s+time\s+to\s+time|pursuant\s+to|"
                           r"related\s+to|subject\s+to)\b", re.I)
# words that stand after a preposition without being a name: determiners, pronouns, quantities
_NO_NAME = frozenset({"the", "a", "an", "our", "its", "their", "his", "her", "us", "them", "it", "other", "others", "another",
                      "various", "several", "many", "some", "certain", "each", "every", "one", "two", "three", "all",
                      "both", "such", "this", "that", "these", "those", "which", "whom"})


def lower_case_counterparts(text: str, question: str) -> list[str]:
    """The names a text writes in lower case as the other side of the question's own relation: "In partnership with
    bidadoo, eBay launched ..." for "Which company partnered with eBay ...": a singular word right after the
    relation's stem and preposition, with no determiner before it (a common noun there would take one: "with a
    dealer"), ending its phrase, and none of the question's words."""
    asked = set(tokenize(question))
    found = []
    for relation in _RELATION_ASKED.finditer(question):
        for m in re.finditer(rf"\b{relation.group('stem')}[a-z]*\s+(?P<prep>{relation.group('prep')})\s+"
                             r"(?P<word>[a-z][a-z0-9-]+)(?=\s*[,;]|\s+(?:and|to|for|in)\b)", text, re.I):
            word = m.group("word")
            fixed = _FIXED_PHRASE.match(text, m.start()) or _FIXED_PHRASE.match(text, m.start("prep"))
            if word.lower() not in _NO_NAME and not word.endswith("s") and not set(tokenize(word)) & asked \
                    and not fixed:
                found.append(word)
    return found


def _prose(quote: str) -> bool:
    """A sentence, not a table's rows: most of its words are lower-case words, few are figures."""
    words = quote.split()
    lower = [w for w in words if re.fullmatch(r"[a-z][a-z'’-]*[.,;:]?", w)]
    figures = [w for w in words if re.search(r"\d", w)]
    return len(lower) >= 6 and len(lower) * 2 >= len(words) and len(figures) * 4 <= len(words)


_CAUSE_ITEM = re.compile(r"\b(?:reasons?|causes?|drivers?|factors?|explanations?)\b", re.I)


def _cause_stated(text: str) -> bool:
    """Whether the answer says why: a writer's own drivers ("What drove it, from the statement's
    lines", "By segment:"), a sentence saying what caused it, or any quoted sentence, or its own
    sentences when it quotes none (a table's rows say how much, never why)."""
    own = _QUOTE.sub(" ", text)
    quotes = _QUOTE.findall(text)
    # (a bridge of the statement's lines between two measures, "The lines between them on the statement ...
    # moved Net income by ...: BP claim settlement ...", says why one moved otherwise than the other)
    return bool(_A_CAUSE.search(text) or re.search(r"\bWhat drove it\b|\bBy segment:|\bThe lines between them on "
                                                   r"the statement\b", own)
                or any(_prose(q) for q in quotes) or (not quotes and _prose(own)))


def _own(ask: str, companies: list[str]) -> list[str]:
    """What an ask is about by its own words, not those that only refer back or say the doing, nor
    those of a lead-in clause every part shares ("Under its credit agreement, how large is ...")."""
    sentence = without_lead_in(last_sentence(ask))
    # (a name is its own word, whatever it means in lower case: "its DRIVE transformation program")
    named = {t for w in re.findall(r"(?<=\s)[A-Z][A-Za-z]+", sentence) for t in tokenize(w)[:1]}
    return [w for w in content_words(sentence, companies) if w not in REFERS_BACK or w in named]


def _stated(words: list[str], passage: str, vocab: Vocabulary | None, ask: str) -> float:
    """Share of the ask's words the passage states: as written, as the verb of a noun ("sold" for
    divestitures), or by a vocabulary synonym of the metric or term the ask names."""
    if not words:
        return 1.0
    said = set(tokenize(passage))
    present = {w for w in words if overlap(passage, [w]) > 0 or any(x.startswith(s) for x in said for s in said_as(w))}
    if vocab is not None:
        for key in [*vocab.match_metrics(ask), *vocab.match_terms(ask)]:
            wordings = vocab.entries[key].wordings
            if any(all(t in said for t in tokenize(w)) for w in wordings):
                covered = {t for w in wordings for t in tokenize(w)} | set(tokenize(key.replace("_", " ")))
                present |= {w for w in words if w in covered}
    return len(present) / len(set(words))


# words that relate an ask's things, not name them ("how much did it incur under the plan")
_RELATION_WORDS = frozenset(tokenize("under over into within after before through against across per than upon via"))


def _topic_stated(ask: str, asks: list[str], text: str, vocab: Vocabulary | None) -> bool:
    """Whether a later ask for a cause is about what the answer states: "... and explain what
    happened to free cash flow" asks of a measure no other ask names, so a passage of the answer
    must name it (by any of the vocabulary's wordings), beside whatever answers the first ask."""
    if vocab is None:
        return True
    named_elsewhere = {m for other in asks if other != ask for m in vocab.match_metrics(other)}
    own = [m for m in vocab.match_metrics(ask) if m not in named_elsewhere]
    if not own:
        return True
    labels = [vocab.label(m) or m.replace("_", " ") for m in own]
    return any(_stated(tokenize(label), p, vocab, label) >= 0.5 for label in labels for p in passages(text))


def _amount_in_own_passage(ask: str, text: str, companies: list[str], vocab: Vocabulary | None,
                           others: list[str]) -> bool:
    """An amount ask is covered by a figure in a passage that states at least half of the ask's own
    words (what it is the amount of); by any figure when the ask says nothing of its own ("how much
    did it cost?") or is the question's only ask (no other ask's figure to mistake for it); a share
    ("what share of the workforce") by any percentage.

    The words it shares with the question's other asks do not tell its figure apart: in "What drove
    the decline in gross margin, and how much did foreign exchange hurt net sales and gross
    margin?", a passage on gross margin answers the first ask, and the second only if it also
    states half of "foreign exchange ... net sales"."""
    words = [w for w in _own(_BACK_REFERENCE.sub(" ", ask), companies) if w not in _AMOUNT_VERBS and w not in _AMOUNT_NOUNS]
    # "how many employees": a count, which a filing writes as a bare number before the things
    # counted ("about 500 employees"), not any figure near them
    if asked_thing(ask):
        # a number of the very things asked ("733.8 million shares", "more than 90,000 employees") is
        # that count, whatever verb the filing uses for the asking one ("repurchase", "employ")
        return any(states_count(p, ask) for p in passages(text))
    figure = _A_COUNT if re.search(r"\bhow\s+many\b", ask, re.I) else _A_MONEY if _asks_money(ask) else _AN_AMOUNT
    figured = [p for p in passages(text) if figure.search(p)]
    named = [w for w in _own(ask, companies) if w in _NAMED_AMOUNTS]
    if named:
        # "what remeasurement loss did it record": a loss, a gain or a fee is stated by its own name
        # beside its figure ("remeasurement loss on long-term debt was $140.8 million"), not by any amount of a
        # passage sharing the ask's other words ("a €1,300 million aggregate principal amount ... remeasured")
        kin = {k for w in named for k in _AMOUNT_KIN.get(w, (w,))}
        figured = [p for p in figured if set(tokenize(p)) & kin]
    if _ASKS_EXPECTED.search(ask):
        # "How much does Pfizer expect to pay to spin off Upjohn in the future?": an amount the company expects, said
        # as one ("expects to incur", "remaining", "through 2024"), not a balance due at a date
        figured = [p for p in figured if _FORWARD.search(p)]
    if _ASKS_SHARE.search(ask):
        return bool(_PERCENT.search(text))
    if _PER_SHARE.search(ask) and any(_A_PER_SHARE.search(p) and (not words or _stated(words, p, vocab, ask) >= 0.5)
                                      for p in passages(text)):
        return True  # "what will shareholders receive per share": "$16.26 per share in cash" ("shares", not "shareholders")
    if not words or not others:
        return bool(figured)
    shared = {w for other in others for w in _own(other, companies)}
    distinct = [w for w in words if w not in shared and w not in _RELATION_WORDS]
    if any(_stated(words, p, vocab, ask) >= 0.5 and (not distinct or _stated(distinct, p, vocab, ask) >= 0.5)
           and _figure_beside(p, distinct, vocab, ask, figure) for p in figured):
        return True
    # a writer's own figure ("Compute & Networking was 77.8% of Total") is of what its answer is about
    # (its own words say what it is of: a working's "$2,392.0M" of income taxes beside a quote naming the
    # Tax Act is no Tax Act charge)
    own = _QUOTE.sub(" ", text)
    return bool(figure.search(own)) and _stated(words, text, vocab, ask) >= 0.5 \
        and (not distinct or _stated(distinct, own, vocab, ask) >= 0.5)


_ASKS_EXPECTED = re.compile(r"\b(?:expects?|expected|anticipates?|anticipated|in\s+the\s+future|going\s+forward|"
                            r"plans?\s+to|intends?\s+to)\b", re.I)
_FORWARD = re.compile(r"\b(?:expect\w*|anticipat\w*|will|would|future|remaining|remain|plan(?:s|ned|ning)?\b|intend\w*|estimat\w*|"
                      r"project\w*|forecast\w*|outlook|guidance|through\s+(?:fiscal\s+)?(?:19|20)\d\d)\b", re.I)
# amounts a filing always states by their own name: no passage gives one without the word
_NAMED_AMOUNTS = frozenset(tokenize("loss losses gain gains fee fees fine fines penalty penalties"))
# the words a filing names each by ("an impairment charge of $1.2 billion" is the impairment loss asked)
_AMOUNT_KIN = {w: tuple(tokenize(kin)) for w, kin in (
    (tokenize("loss")[0], "loss losses charge charges impairment impairments expense expenses write-down"),
    (tokenize("gain")[0], "gain gains income benefit"),
    (tokenize("fee")[0], "fee fees payment payments"),
    (tokenize("fine")[0], "fine fines penalty penalties"),
    (tokenize("penalty")[0], "penalty penalties fine fines"))}
# "what Tax Act charges caused it", "what did it pay": sums of money, which a rate ("55.3%") is not
_MONEY_NOUNS = frozenset(tokenize("charge charges cost costs price prices fee fees fine fines penalty penalties payment "
                                  "payments proceeds consideration gain gains loss losses"))
_A_MONEY = re.compile(r"[$€£¥]\s?\d|\d[\d,.]*\s*(?:thousand|million|billion|bn)\b", re.I)


def _asks_money(ask: str) -> bool:
    head = _head_noun(last_sentence(ask))
    return head is not None and tokenize(head)[-1:] in ([n] for n in _MONEY_NOUNS)


def _figure_beside(passage: str, distinct: list[str], vocab: Vocabulary | None, ask: str,
                   figure: re.Pattern[str] = _AN_AMOUNT) -> bool:
    """A figure of the passage is in a sentence that names something only this ask asks: in
    "how much higher would International streaming revenues have been at constant exchange rates,
    and what caused the drop in revenue per membership?", a page's "66% growth in memberships"
    beside another sentence's "exchange rate fluctuations" states neither amount."""
    # (where the figure is reported, "in its FY2023 10-K", names nothing the figure is of)
    named = [w for w in distinct if w not in _SOURCE_WORDS and not any(ch.isdigit() for ch in w)]
    if not named:
        return True
    return any(figure.search(s) and _stated(named, s, vocab, ask) > 0 for s in split_sentences(passage))


_SOURCE_WORDS = frozenset(tokenize("report reported reports disclose disclosed state stated show shown filing filings "
                                   "annual quarterly release document 10-k 10-q 8-k form"))


def _duration_in_own_passage(ask: str, text: str, companies: list[str], vocab: Vocabulary | None) -> bool:
    """A duration ask is covered by a length or an end of time in a passage that states at least half
    of the ask's own words: "how long do the directors expect its cash to last?" by "expects its cash
    reserves to fund the business until the first quarter of 2025", not by a going-concern review
    "for the next 12 months", which is about something else."""
    return any(states_duration(ask, p, companies, vocab) for p in passages(text))


def states_duration(ask: str, passage: str, companies: list[str], vocab: Vocabulary | None = None) -> bool:
    """Whether one passage states the span a "how long ..." ask asks: a length or an end of time,
    with at least half of the ask's own words."""
    words = [w for w in _own(ask, companies) if w not in _DURATION_VERBS]
    return bool(_A_DURATION.search(passage)) and _stated(words, passage, vocab, ask) >= 0.5


def _is_measure(head: str, vocab: Vocabulary | None) -> bool:
    """Whether a head noun names a quantity: an amount by what it is, or a word of a vocabulary
    metric's wordings ("dividend", "costs", "revenue"); "plan", "matter", "program" are none."""
    stems = tokenize(head)
    if not stems or stems[0] in _AMOUNT_NOUNS:
        return True
    if vocab is None:
        return False
    return any(stems[0] in tokenize(w) for e in vocab.entries.values() if e.kind in ("metric", "derived")
               for w in e.wordings)


def thing_asked(ask: str, vocab: Vocabulary | None) -> str | None:
    """The head noun of "What <thing> did X <verb> ..." when it names no quantity ("What misstatement
    did Nike identify ...": a misstatement; "What charge did it record": a charge, an amount); or None."""
    m = _WH_HEAD.match(last_sentence(ask))
    if m is None or m.group("head").lower() in _NO_HEAD or _is_measure(m.group("head"), vocab):
        return None
    return m.group("head")


# the words a yes/no asks of a figure's sign or direction ("Does it have positive working capital?")
_SIGN_WORDS = frozenset(tokenize("positive negative increase increased decrease decreased higher lower grow grew "
                                 "fall fell rise rose above below more less"))


def _signed(ask: str, text: str, companies: list[str]) -> bool:
    """Whether a figure answers a yes/no by its sign or direction: every word the ask says of the
    figure is its label's but the one sign word ("Does Oracle have positive working capital?"
    answered by "Working capital FY2023: $-2,086.00 million")."""
    words = content_words(ask, companies)
    signs = [w for w in words if w in _SIGN_WORDS]
    rest = [w for w in words if w not in _SIGN_WORDS]
    return len(signs) == 1 and bool(rest) and overlap(text, rest) >= 0.5


# "Excluding wildfire-related claims (net of insurance recoveries), what would its operating margin
# have been?": a figure asked without something, which a figure that never names it did not leave out
# ("without adding back restructuring charges", "without adjusting for": the unadjusted figure, nothing left out)
_EXCLUDING = re.compile(r"\b(?:excluding|exclusive\s+of|adjusted\s+for|without(?!\s+(?:adding|add-?backs?|adjust|excluding)))"
                        r"\s+(?:the\s+(?:impact|effects?)\s+of\s+)?"
                        r"(?P<what>[^,?.;()]{4,80})", re.I)


def _left_out(question: str, text: str, companies: list[str], vocab: Vocabulary | None) -> str | None:
    """The thing the question asks a figure without, when the answer does not name it; or None."""
    for m in _EXCLUDING.finditer(question):
        what = m.group("what").strip()
        words = content_words(what, companies)
        if words and _stated(words, text, vocab, what) < 0.5:
            return f"{m.group(0).split()[0].lower()} {what}"
    return None


# "the gross margin percentage for Products", "revenue in the Americas", "the operating margin of its
# Compute & Networking segment": a part of the company the figure is asked of, by its capitalised name
_FOR_A_PART = re.compile(r"\b(?:for|of|in|from|at)\s+(?:the\s+|its\s+)?(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:and\s+)?[A-Z][\w&'’.-]*)"
                         r"{0,2})(?=\s+(?:segment|business|division|unit|group|products?|category|line|region|brand)s?\b|"
                         r"\s*[,?.;]|\s+(?:and|computed|calculated|in|for|on|from|during|as|using|based|compared|versus|vs)\b)")
# capitalised words that name a filing, a statement, a period or the company's whole, never a part of it
_NO_PART = frozenset(tokenize(
    "fiscal fy form item note notes consolidated statement statements balance sheet sheets cash flows flow income "
    "operations operating gaap non-gaap year years quarter quarters company corporation inc board directors tax act "
    "annual report reports results condensed earnings release total net comprehensive stockholders shareholders equity "
    "financial management discussion analysis md&a part schedule exhibit sec securities exchange commission k q "
    # the unit an answer is asked in ("Answer in USD.", "in EUR millions")
    "usd eur gbp cad aud nzd hkd sgd jpy inr ils nis chf cny rmb idr dollars euros pounds thousands millions billions "
    + MONTH_NAMES.replace("|", " "))) | LEGAL_FORM_STEMS  # ("Canadian Banc Corp.'s dividend income": the whole)


_CURRENCY_NAMES = frozenset(tokenize("dollars dollar euros euro pounds pound sterling rupiah rupees rupee yen yuan renminbi "
                                     "won francs franc kronor krona kroner krone reais real pesos peso rand ringgit baht "
                                     "shekels shekel dirhams dirham riyals riyal lira crore lakh"))


def _part_not_named(question: str, text: str, companies: list[str]) -> str | None:
    """A part of the company the question asks the figure of ("for Products") that the answer never
    names: the figure is the company's whole, another quantity; or None."""
    company_words = name_words(*companies)
    for m in _FOR_A_PART.finditer(question):
        name = m.group("name")
        words = [w for w in tokenize(name) if w != "and"]
        if re.search(r"\d", name) or any(w in _NO_PART for w in words) or (words and words[-1] in _CURRENCY_NAMES):
            continue  # (", in Indonesian Rupiah": the unit asked, no part)
        own = [w for w in words if w not in company_words]
        if own and not overlap(text, own):
            return f"the part {name}"
    return None


def _uncovered_by_figure(written: WrittenAnswer, question: str, asks: list[str], companies: list[str],
                         vocab: Vocabulary | None) -> str | None:
    """The ask a figure (a line item and its working) leaves uncovered: a thing or event asked by
    its head noun, a yes or no, a cause, a thing the figure is asked without, a part of the company
    it is asked of; or None."""
    if (left := _left_out(question, written.text, companies, vocab)) is not None:
        return left
    if (part := _part_not_named(question, written.text, companies)) is not None:
        return part
    first = YES_NO_LEAD_IN.sub("", last_sentence(asks[0]) if asks else question)
    if _YES_NO_ASK.match(first) and not _YES_NO.match(written.text) and not _signed(first, written.text, companies):
        return first.rstrip("?")  # "Is Verizon capital intensive?": a ratio alone says neither yes nor no
    for ask in asks:
        sentence = last_sentence(ask)
        if (m := _WH_HEAD.match(sentence)) and m.group("head").lower() not in _NO_HEAD \
                and not _is_measure(m.group("head"), vocab) \
                and overlap(written.text, tokenize(m.group("head"))) == 0:
            return f"the {m.group('np')}{m.group('head')}".replace("  ", " ")
        if _ASKS_CAUSE.match(sentence) or _DESCRIBE.match(sentence) or _ASKS_WEIGHT.match(sentence) \
                or _BEHIND_CHANGE.search(sentence):
            # a figure states no cause, describes nothing, and weighs one thing against nothing
            return sentence.rstrip("?.")
        if asked_thing(ask) and not states_count(written.text, ask):
            # "how many employees worked in research and development": a line item's dollars count no one
            return sentence.rstrip("?.")
    return None


# "what Tax Act charges caused it?": the things asked are the subject of what they did
_WH_SUBJECT = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?:[\w'’&-]+\s+){0,4}?(?P<head>[a-z][\w'’-]*)\s+(?:caused|drove|"
                         r"led\s+to|resulted\s+in|contributed\s+to|hurt|reduced|lowered|raised|increased|decreased)\b", re.I)


def _head_noun(sentence: str) -> str | None:
    """The noun a wh-ask asks for, as the object ("what gain did it recognize") or the subject ("what
    charges caused it") of its verb."""
    m = _WH_HEAD.match(sentence) or _WH_SUBJECT.match(sentence)
    return m.group("head") if m else None


def asks_an_amount(ask: str) -> bool:
    """"How much ...", "what did it cost", "what gain did it recognize", "what charges caused it", an
    item "the program size"."""
    sentence = last_sentence(ask)
    head = _head_noun(sentence)
    named = head if head else ask if ask.startswith("the ") else ""
    return bool(_ASKS_AMOUNT.search(sentence)) or tokenize(named)[-1:] in ([n] for n in _AMOUNT_NOUNS)


def states_amount_asked(ask: str, question: str, text: str, companies: list[str], vocab: Vocabulary | None) -> bool:
    """Whether `text` alone states the amount `ask` (one of the question's asks) asks for."""
    return _amount_in_own_passage(ask, text, companies, vocab, [a for a in _asks(question) if a != ask])


# "What capital return actions did it announce on March 1, 2017?": the day of the asked event, which
# a passage about the same program on another day ("As of March 20, 2017, ...") does not answer
_MONTHS = rf"(?:{MONTH_NAMES})"
_ASKED_DAY = re.compile(rf"\b(?:announced?|approved?|declared?|signed|entered|completed?|agreed|disclosed|authori[sz]ed|"
                        rf"issued|made|took|took\s+place|happened|occurred|took\s+effect)\b[^?.]{{0,40}}?\bon\s+"
                        rf"(?P<when>(?P<month>{_MONTHS})\s+(?P<day>\d{{1,2}}),?\s+(?:19|20)\d\d)\b"
                        rf"|\bon\s+(?P<when2>(?P<month2>{_MONTHS})\s+(?P<day2>\d{{1,2}}),?\s+(?:19|20)\d\d)\b"
                        rf"[^?.]{{0,30}}?\b(?:announce|approve|declare|sign|enter|complete|agree|authori[sz]e)", re.I)


class _Day:
    """The day an ask names, as written ("March 1, 2017") and as its month and day."""

    def __init__(self, m: re.Match[str]) -> None:
        self.when = m.group("when") or m.group("when2")
        self.month = (m.group("month") or m.group("month2")).lower()
        self.day = int(m.group("day") or m.group("day2"))


# the words before a verb that make it the ask's own ("did it announce on", "was declared on"); after any
# other word the verb's participle names a thing ("the merger agreement signed on November 1, 2023"): the
# day says which agreement, and the ask is what it holds
# a document or an instrument, which a participle after it dates ("the Merger Agreement entered into on ...")
_INSTRUMENT = re.compile(r"(?i:agreements?|notes|bonds|debentures|indentures?|plans?|programs?|facilit(?:y|ies)|"
                         r"contracts?|amendments?|warrants?|securities|offerings?|loans?)")
_ASKING_BEFORE = frozenset(["did", "does", "do", "was", "were", "is", "are", "has", "have", "had",
                            "it", "they", "we", "he", "she", "who", "which", "that", "company"])


# "Under its settlement with the Shasta County District Attorney announced on May 31, 2023, how much did it
# commit ...": a lead-in naming the thing asked of; the ask proper follows its comma
_LEAD_IN = re.compile(r"^\W*(?:under|in|for|as\s+part\s+of|according\s+to|following|after|regarding|with\s+respect\s+to|"
                      r"pursuant\s+to)\b[^?]*?,\s*(?=(?:how|what|which|who|whom|when|did|does|do|was|were|is|are|has|"
                      r"have|had)\b)", re.I)


# a deal the day dates ("its settlement ... announced on May 31, 2023"), not a document the answer is to come from
# ("In the earnings release PG&E issued on July 27, 2023, ...": the day says which release)
_A_DEAL_NAMED = re.compile(r"\b(?:settlements?|agreements?|acquisitions?|mergers?|transactions?|deals?|contracts?|"
                           r"plans?|programs?|offerings?|divestitures?)\b", re.I)
_A_DOCUMENT_NAMED = re.compile(r"\b(?:releases?|reports?|filings?|10-?[KQ]|8-?K|statements?|calls?|presentations?|"
                               r"letters?|announcements?)\b", re.I)


def _asked_day(question: str) -> _Day | None:
    m = _ASKED_DAY.search(question)
    if m is None:
        return None
    if (lead := _LEAD_IN.match(question)) is not None and m.end() <= lead.end() \
            and _A_DEAL_NAMED.search(lead.group(0)) and not _A_DOCUMENT_NAMED.search(lead.group(0)):
        return None  # the day names the deal the ask is about, it asks nothing of that day
    before = re.findall(r"[\w'’]+", question[: m.start()])
    participle = re.match(r"(?:\w+ed|made|took)\b", m.group(0), re.I)
    if m.group("when") and participle and before and before[-1].lower() not in _ASKING_BEFORE \
            and not before[-1][:1].isupper():
        return None
    if m.group("when") and participle and before and before[-1].lower() not in _ASKING_BEFORE \
            and (re.match(r"\w+\s+by\b", m.group(0)) or _INSTRUMENT.fullmatch(before[-1])):
        # "the Medium-Term Notes issued by McDonald's on August 14, 2023", "the Merger Agreement entered into on
        # November 1, 2023": a participle after its agent or an instrument's name names the thing asked of by its day;
        # it asks nothing of the day
        return None
    return _Day(m)


def _named_by_day(question: str) -> str | None:
    """The day a participle dates the asked thing by ("issued by X on August 14, 2023"), for a question `_asked_day`
    finds no asked day in; None when the question names none so."""
    m = _ASKED_DAY.search(question)
    return m.group("when") if m is not None and m.group("when") else None


def _of_the_days_year(when: str, text: str) -> bool:
    """The answer names the day's year, or no day at all."""
    return not re.search(rf"\b(?:{_MONTHS})\s+\d{{1,2}},?\s+(?:19|20)\d\d\b", text, re.I) \
        or int(when[-4:]) in years_in(text)


def _states_day(day: _Day, text: str) -> bool:
    """The answer states the asked day ("On March 1, 2017, we announced ...", "March 1st")."""
    return any(int(m.group(2)) == day.day for m in re.finditer(rf"\b({_MONTHS})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", text, re.I)
               if m.group(1).lower() == day.month)


# "What drove each change?", "explain both": one cause asked for each change the premise sets against another
_EACH_CHANGE = re.compile(r"\b(?:drove|drives|explains?|caused?|behind|explain\s+the\s+drivers\s+of)\s+(?:each|both)\b", re.I)
_SET_AGAINST = re.compile(r"\s*(?:,\s*)?\b(?:while|whereas|but|yet|even\s+though|although|though)\b\s*", re.I)


def _changes_set_against(premise: str) -> int:
    """How many changes a premise sets against each other ("GAAP earnings rose while core earnings
    fell": two), counted by the clauses that state a change."""
    clauses = [c for c in _SET_AGAINST.split(premise) if c.strip()]
    return sum(1 for c in clauses if re.search(r"\b(?:rose|rise|grew|grow|fell|fall|increased?|decreased?|declined?|"
                                               r"improved?|dropped|jumped|slipped|widened|narrowed)\b", c, re.I))


def _causes_given(text: str) -> int:
    """The answer's quoted sentences that say what caused a change."""
    return sum(1 for q in _QUOTE.findall(text) for s in split_sentences(q) if _A_CAUSE.search(s) and _prose(s))


# "Was this driven by better operating performance?": a yes/no on a cause, which the drivers answer
ON_A_CAUSE = re.compile(r"\b(?:driven|caused)\s+(?:\w+ly\s+)?by\b|\bdue\s+to\b|\bbecause\s+of\b|\bthe\s+result\s+of\b", re.I)


# "the key terms of the NAND memory business divestiture", "the terms of its acquisition of MICROS":
# a deal's terms, whose first is its price
_DEAL_TERMS = re.compile(r"\bterms\b[^?.]{0,80}?\b(?:acquisitions?|divestitures?|sales?|mergers?|purchases?|deals?|"
                         r"transactions?|buyouts?|disposals?|spin-?offs?)\b|\b(?:acquisitions?|divestitures?|mergers?|"
                         r"deals?|transactions?)\b[^?.]{0,40}?\bterms\b", re.I)
_MEASURE_WORDS = frozenset(tokenize("percentage percentages percent margin margins ratio ratios rate rates amount amounts "
                                    "value values growth"))


def _measure_asked(ask: str, vocab: Vocabulary | None) -> str | None:
    """The measure a "what was/were ..." ask names ("gross margin percentages"), which a list of names
    does not give; None for a "which" ask (a pick) or an ask that names no measure."""
    sentence = last_sentence(ask)
    if not re.match(rf"^\W*(?:and\s+)?what\s+{_AUX}\b", sentence, re.I):
        return None
    if _MEASURE_WORDS & set(tokenize(sentence)) or (vocab is not None and vocab.match_metrics(sentence)):
        return sentence.rstrip("?.")
    return None


# "What significant equity investment did Facebook complete", "Which acquisition did eBay close": one deed of
# the company's asked by its kind, in the singular (the filing states it as "our equity investment in Jio")
_WH_INSTANCE = re.compile(rf"^\W*(?:and\s+)?(?:what|which)\s+(?!{_AUX}\b)(?:[a-z][\w'’-]*\s+){{0,3}}?(?P<head>[a-z][\w'’-]*[^s\W])"
                          r"\s+(?:did|has|had)\s+(?:[\w&.,'’-]+\s+){1,4}?(?:complete|completed|close|closed|"
                          r"announce|announced|enter\s+into|entered\s+into|sign|signed|undertake|undertaken|finali[sz]e|"
                          r"finali[sz]ed)\b", re.I)


def _one_instance_asked(ask: str) -> str | None:
    """The kind of the one deed a question asks ("investment"), or None."""
    m = _WH_INSTANCE.match(last_sentence(ask))
    return m.group("head").lower() if m and m.group("head").lower() not in _NO_HEAD else None


def _instance_stated(head: str, text: str) -> bool:
    """Whether an answer speaks of the asked deed in the singular: one that says "purchases of equity
    investments" only tells the year's total of that kind, not which one was made."""
    return re.search(rf"\b{re.escape(head)}s\b", text, re.I) is None or \
        re.search(rf"\b{re.escape(head)}\b", text, re.I) is not None or \
        re.search(rf"\b{re.escape(head)}s\s+(?:of|in|with)\s+(?:[a-z]+\s+){{0,2}}?[A-Z]", text, re.I) is not None


def uncovered_ask(written: WrittenAnswer, question: str, companies: list[str],
                  vocab: Vocabulary | None = None) -> str | None:
    """The first ask of the question the answer does not cover, said for the refusal; or None."""
    asks = _asks(question)
    things = set(_things(asks)) | {a for a in asks if a.startswith("the ") and a not in asked_parts(question)}
    text = written.text
    if (written.kind or "") not in _PICKS and not _A_PICK.search(text) and (part := next(
            (a for a in asks if _ASKS_PART.match(_unnamed(last_sentence(a), companies))
             and last_sentence(a).lower() not in text.lower()), None)):
        return last_sentence(part).rstrip("?.")
    if (unnamed := _unnamed_part(question, text, companies)) is not None:
        return f"the part {unnamed}"
    if written.kind == "metric":
        return _uncovered_by_figure(written, question, asks, companies, vocab)
    if written.kind == "drivers" and (each := _EACH_CHANGE.search(question)) is not None \
            and _causes_given(text) < _changes_set_against(question[: each.start()]):
        # "GAAP earnings rose while non-GAAP core earnings fell. What drove each change?": a cause for each
        return f"what drove {each.group(0).split()[-1]} of the changes"
    first = YES_NO_LEAD_IN.sub("", last_sentence(asks[0]) if asks else question)
    if written.kind not in ("yes_no", *_PICKS) and _YES_NO_ASK.match(first) and not _ALTERNATIVE.match(first) \
            and not _YES_NO.match(text) and not (written.kind == "drivers" and ON_A_CAUSE.search(first)):
        # "As of its FY2022 10-K, was it paying a dividend, and what restricts it?": quotes on dividends
        # that never say whether it was paying answer the second part at most
        return first.rstrip("?")
    if (written.kind or "") not in _PICKS and (one := _one_instance_asked(asks[0] if asks else question)) \
            and not _instance_stated(one, text):
        return f"which {one}"
    if (day := _asked_day(question)) is not None and not _states_day(day, text):
        return f"what happened on {day.when}"
    if day is None and (named := _named_by_day(question)) is not None and not _of_the_days_year(named, text):
        # "the notes issued ... on August 14, 2023": the day names the thing, so an answer need not repeat it, but
        # one dated only in other years ("On March 1, 2022, we issued ...") is about another issue
        return f"what happened on {named}"
    if not _AN_AMOUNT.search(_QUOTE.sub(" ", text) + " " + " ".join(_QUOTE.findall(text))):
        if written.kind in _PICKS and (measure := _measure_asked(asks[0] if asks else question, vocab)):
            return measure  # "What were its gross margin percentages for Products and for Services?": names alone
        if _DEAL_TERMS.search(question):
            return "the deal's price"  # a deal's key terms start with what is paid for it
    for ask in asks:
        sentence = last_sentence(ask)
        if (typed := typed_item(ask)) is not None:
            if not typed.search(text):  # "the coupons" of listed notes: a rate, whatever the filing calls it
                return ask
        elif asks_an_amount(ask):
            if not _amount_in_own_passage(ask, text, companies, vocab, [a for a in asks if a != ask]):
                return sentence.rstrip("?.")
        elif _ASKS_CHANGES.match(sentence):
            # "what changes did it make to its credit facilities": a passage on them that says what was done
            words = _own(ask, companies)
            if not any(_CHANGE_DONE.search(p) and _stated(words, p, vocab, ask) >= 0.5 for p in passages(text)):
                return sentence.rstrip("?.")
        elif _ASKS_DURATION.match(sentence):
            if not _duration_in_own_passage(ask, text, companies, vocab):
                return sentence.rstrip("?.")
        elif _ASKS_CAUSE.match(sentence):
            if not _cause_stated(text) or (ask != asks[0] and not _topic_stated(ask, asks, text, vocab)):
                return sentence.rstrip("?.")
        elif _ASKS_NAME.match(sentence):
            if not _names_beyond(text, question, companies):
                return sentence.rstrip("?.")
        elif _ALTERNATIVE.match(sentence) and _YES_NO.match(text) and written.kind != "choice":
            return sentence.rstrip("?.")  # "A or B?" is no yes/no
        elif ask in things:
            # a thing coordinated after a wh-word or listed, stated by its own words in one passage;
            # "the reason", "the main factors" ask a cause
            words = [w for w in content_words(ask, companies) if w not in REFERS_BACK]
            if not words and _CAUSE_ITEM.search(ask) and not _cause_stated(text):
                return ask
            if words and max((_stated(words, p, vocab, ask) for p in passages(text)), default=0.0) < 0.5:
                return ask
    return None


def answered_in_every_ask(written: WrittenAnswer, question: str, companies: list[str],
                          vocab: Vocabulary | None = None) -> WrittenAnswer:
    """The answer, or a refusal naming the ask it leaves uncovered."""
    if written.status != "answered" or (written.kind or "") in _LEFT_TO_OTHERS or EVERY_ITEM in written.flags:
        return written  # (answering.kinds.listed_amounts covered each ask, an item of its list, itself)
    ask = uncovered_ask(written, question, companies, vocab)
    if ask is None:
        return written
    reason = f"the question asks “{ask}”, and nothing in the answer covers it"
    flags = [*written.flags, PARTIAL, FLAG]
    if written.kind == "metric":
        return written.model_copy(update={"status": "unverified", "value": None, "reason": reason, "flags": flags,
                                          "text": f"Not given: {reason}; the figure found: {written.text}"})
    return written.model_copy(update={"status": "not_found", "value": None, "reason": reason, "flags": flags,
                                      "text": f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}"})
