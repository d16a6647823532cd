"""Sentences of the retrieved pages, and whether one *states* what a question asks about.

Sharing words with the question is not enough: a sentence states the topic when it
contains the question's key phrase, i.e. the wording of a vocabulary metric or glossary
term the question names ("legal battles" -> litigation, legal proceedings, lawsuits ...),
or else two of the question's content words side by side ("production rate"). Risk-factor
hedges ("could adversely affect", "there can be no assurance") say what might happen, not
what is; they are left out unless the question asks about risks.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from answering.aspects import split_sentences
from answering.citations import is_instruction
from answering.kinds.ask_scope import MONTH as _MONTH
from answering.numbers import years_in
from finrag.catalog import FORM_WORDS
from finrag.models import ANNUAL_FILINGS, Chunk, SearchHit
from finrag.vocabulary import Vocabulary, tokenize
from loaders.dates import MONTH_NAMES
from retrieval.event_ask import asks_an_event
from retrieval.periods import parse_periods

# Glossary terms that set the scene ("in the FY2022 10-K", "which segment") rather than
# name what is asked: a sentence need not repeat them.
_CONTEXT_TERMS = frozenset({"fiscal_year", "ten_k", "ten_q", "eight_k", "gaap", "segment", "cagr"})
# Words of a question's scaffolding, not its topic.
# "non-operating", "nonoperating", "non-GAAP": a prefixed word names another line than the word
_NON_PREFIXED = re.compile(r"\bnon-?\s?(?=[a-z])(?:operating|recurring|cash|core|controlling|gaap)\b", re.I)
_STOP = frozenset(tokenize(
    "what which who whom whose how why when where did does do is was were are be been being has have had "
    "will would should can could may might the a an of in for to from and or by on at with its their his her "
    "it they them this that these those there any all some each as much many company companies business "
    "report reported reports reporting fiscal year years fy quarter as of about based data use using "
    "mention mentioned mentions state stated return true false yes no if not please answer question "
    "important materially material major main primary key significant overall currently current "
    "ongoing recent recently including include includes between during happen happened happens"
))
HEDGE = re.compile(
    r"\b(?:could|may|might|can)\s+(?:\w+\s+){0,3}(?:adverse|adversely|negatively|materially|material|harm|hurt|impair|result|cause|affect|"
    r"reduce|increase|decrease|be\s+(?:adversely|negatively|materially|subject))\b"
    r"|\bno\s+assurance\b|\bcannot\s+(?:assure|guarantee|predict)\b|\bthere\s+can\s+be\s+no\b"
    # "We may not be able to achieve the expected ... cost savings": a risk, not the plan's target
    r"|\b(?:may|might|could)\s+not\s+(?:be\s+able\s+to|achieve|realize|succeed)\b"
    r"|\bforward-looking\s+statements?\b"
    r"|\bother\s+statements\s+regarding\s+(?:our|the)\s+future\b",
    re.I,
)
# an item of the forward-looking statements' list ("• the expected financial effect of our announced workforce
# reduction;"): a topic the company may speak of, stated as no fact, where its chunk says the list is of
# forward-looking statements (a pension note's "• the expected rate of return on assets;" is a fact)
_EXPECTATION_ITEM = re.compile(r"^\W*[•●▪]\s*(?:our|the|any)\s+(?:[\w-]+\s+){0,2}?(?:expect\w*|anticipat\w*|intend\w*|"
                               r"intention\w*|belief\w*|future|outlook)\b[^.]*;(?:\s*(?:and|or))?\s*$", re.I)
_FORWARD_LOOKING = re.compile(r"\bforward-looking\b", re.I)
_AMOUNT = re.compile(r"(?<![\w.])\(?\$?\d[\d,]*(?:\.\d+)?\)?%?(?![\w])")
_ENDS = re.compile(r"[.!?:;)\"\u201d][*†‡]*\s*$")  # "... increased 20%.**": a footnote mark after the end
# "..., plus (ii) $47.5 million for expected professional fees, plus (iii)": an enumeration's next
# marker closes no sentence, whatever bracket it ends in
_ENUMERATOR_END = re.compile(r"\(\s*(?:[ivx]{1,4}|[a-h]|\d{1,2})\s*\)\s*$")


def _ended(text: str) -> bool:
    return bool(_ENDS.search(text)) and not _ENUMERATOR_END.search(text)


_ASKS_RISK = re.compile(r"\brisks?\b|\buncertaint", re.I)
_MAX_SENTENCE = 600
# "is comprised of (i) $11 billion ..., plus (ii) ..., plus (iii) ..., plus (iv) ...": a sentence that
# says what something is made of, item by item, is that long by what it lists, not a table's rows run
# together (an enumeration of causes, "resulted from (i) ...; (ii) ...", is held to the usual length)
_ENUMERATED = re.compile(r"\b(?:(?:comprised|composed|made\s+up)\s+of|consist(?:s|ed|ing)?\s+of)\s+\((?:i|a|1)\)\s"
                         r".*\((?:ii|b|2)\)\s", re.I | re.S)

# "each share of Slack Class A common stock, par value ..., and each share of Slack Class B common stock ...
# (other than shares owned by ...) was automatically converted into the right to receive 0.0776 shares ...
# and $26.79 in cash": a merger's consideration is one sentence long by the classes and exceptions a
# merger agreement names, not table rows run together
# a lead-in read with its numbered items ("... as part of Best Buy 2020: 1. Maximize ...; 2. Provide ...")
_NUMBERED_LIST = re.compile(r":\s+1\.\s.*[;,]\s+(?:and\s+)?2\.\s", re.S)
_CONVERTED = re.compile(r"\b(?:converted|exchanged)\s+into\s+(?:the\s+right\s+to\s+receive\b|\(a\)\s)", re.I)


def _too_long(text: str) -> bool:
    listed = _ENUMERATED.search(text) or _CONVERTED.search(text) or lists_items(text)
    return len(text) > (2 * _MAX_SENTENCE if listed else _MAX_SENTENCE)


# a sentence's tail, its start on another line or page: it opens in lower case ("and ...", "of the
# ..."), unlike a name that is written so ("eBay", "iPhone")
# ("(primarily resulting from ...": a parenthesis cut open too; not a footnote's or a list's mark, "(c) Net earnings")
_CUT_START = re.compile(r"(?:\((?![a-z]{1,4}\)))?[a-z](?![a-z]*[A-Z])")
_CUT_TAIL = 150
_LEAD_IN = re.compile(r":\s*$")


def opens_inside(text: str) -> bool:
    """The text opens in lower case, inside a sentence a chunk cut ("higher fuel surcharges."), not with a name
    written so ("iPhone net sales increased ...", "eBay")."""
    return bool(_CUT_START.match(text))


def is_lead_in(text: str) -> bool:
    """The sentence hands over to items after its colon ("... are as follows:"): alone it states none of them."""
    return bool(_LEAD_IN.search(text))


def lists_items(text: str) -> bool:
    """A lead-in read with the items it lists: two bullets or more, or items numbered from 1 ("...: 1. ...; 2. ...")."""
    return text.count(" \u2022 ") >= 2 or bool(_NUMBERED_LIST.search(text))
_ITEM = re.compile(r"^\s*[\u2022\u25cf\u25aa]\s")
_NUMBERED_ITEM = re.compile(r"^\s*(\d{1,2})\.\s")
_MAX_ITEMS = 8


_FIRST_INLINE = re.compile(r":\s*1\.\s[^:]*[;,]\s*$")
_NUMBER_GLUED = re.compile(r"(?:;|;\s*and|,\s*and)\s*(\d{1,2})\.\s*$")


def with_listed_items(parts: list[str]) -> list[str]:
    """A lead-in that ends in a colon ("The decrease in gross margin was primarily due to:") read
    with the bulleted items that follow it, as one sentence: alone it states no cause, and each
    item alone ("• Lower off-price margin;") names no subject. Bullets (or items numbered from 1) are the signal,
    so a table or a paragraph after a colon is left apart."""
    # (an item's number splits off as a sentence of its own, "1.": it goes with the item it numbers)
    joined: list[str] = []
    for part in parts:
        if joined and _NUMBER_ALONE.match(joined[-1]):
            joined[-1] = f"{joined[-1].strip()} {part}"
        elif joined and (glued := _NUMBER_GLUED.search(joined[-1])) \
                and any(re.search(rf"(?:^|[\s:;]){int(glued.group(1)) - 1}\.\s", p) for p in joined):
            # "... stickier customer relationships;2." / "Provide services ...": the next item's number glued to the
            # end of the one before it, as a page's text runs them together (an item before it carries the number one
            # less: "Units 1 and 2." ends a sentence, numbers no item)
            joined[-1] = joined[-1][: glued.start(1)].rstrip()
            joined.append(f"{glued.group(1)}. {part}")
        else:
            joined.append(part)
    parts = joined
    out: list[str] = []
    i = 0
    while i < len(parts):
        text = parts[i]
        j = i + 1
        # (or a lead-in whose first item its page ran on after the colon: "... as follows: 1. Maximize ...;")
        first_inline = bool(_FIRST_INLINE.search(text))
        if _LEAD_IN.search(text) or first_inline:
            while j < len(parts) and j - i <= _MAX_ITEMS and _ITEM.match(parts[j]) and not first_inline:
                j += 1
            # or items numbered from 1, each one more ("due to: 1. Increase ... 2. Decrease ...")
            while j < len(parts) and j - i <= _MAX_ITEMS and (m := _NUMBERED_ITEM.match(parts[j])) \
                    and int(m.group(1)) == j - i + first_inline:
                j += 1
        if j > i + 1:
            text = " ".join([text.rstrip(), *(" ".join(p.split()) for p in parts[i + 1:j])])
        out.append(text)
        i = j
    return out


class Sentence(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    chunk: Chunk
    rank: int  # the hit's rank (0 = best retrieved)
    position: int  # index of the sentence in its chunk
    before: str = ""  # the text just before it in its chunk (a sentence, a fragment or a table row)

    def shown(self) -> str:
        return f'"{self.text}" ({self.chunk.doc} p.{self.chunk.page + 1})'


class Topic(BaseModel):
    """What a sentence must name to state the asked fact."""

    words: str  # the topic as the question says it, for answers and refusals
    phrases: list[tuple[str, ...]]  # stemmed wordings: one must occur in the sentence, in order
    pairs: list[tuple[str, str]]  # or: both stems of one pair within a few words of each other

    def stated_by(self, text: str) -> bool:
        # "non-operating income" is another line than the operating income a topic names
        text = _NON_PREFIXED.sub("non", text)
        tokens = tokenize(text)
        for phrase in self.phrases:
            n = len(phrase)
            if n == 1 and any(_same(t, phrase[0]) for t in tokens):
                return True  # one word: "audits" states "auditor"
            if any(tuple(tokens[i : i + n]) == phrase for i in range(len(tokens) - n + 1)):
                return True
        # (a possessive takes no place, as an article takes none: "sold its business in Russia" has Russia three
        # words from "sold")
        placed = _placed(text, _LINKING)
        for a, b in self.pairs:
            at_a = [i for i, t in placed if _same(t, a)]
            at_b = [i for i, t in placed if _same(t, b)]
            if any(abs(i - j) <= 3 for i in at_a for j in at_b):
                return True
        return False


_ARTICLE = frozenset({"a", "an", "the"})
_LINKING = _ARTICLE | frozenset({"its", "their", "our", "his", "her"})
_AMOUNT_WORD = re.compile(r"^\(?[$€£¥]?\d[\d,.]*%?\)?[,;]?$|^(?:thousand|million|billion)s?[,;]?$", re.I)


def _placed(text: str, skipped: frozenset[str] = _ARTICLE) -> list[tuple[int, str]]:
    """The tokens of `text`, each with its word's place. A hyphenated compound is one word, an
    amount ("$119.3 million") one, and an article none: "recognized a $119.3 million pre-tax gain"
    has the gain three words from "recognized". `skipped`: the words that take no place."""
    out: list[tuple[int, str]] = []
    at, in_amount = -1, False
    for word in text.split():
        if word.lower() in skipped:
            continue
        amount = bool(_AMOUNT_WORD.match(word))
        if not (amount and in_amount):
            at += 1
        in_amount = amount
        out += [(at, t) for t in tokenize(word)]
    return out


# Irregular past forms the stemmer leaves apart: "cryptocurrencies held by" states "holdings"
_IRREGULAR = {"held": "hold", "paid": "pay", "sold": "sell", "bought": "buy", "made": "make", "brought": "bring",
              "spent": "spend", "lent": "lend", "won": "win", "lost": "lose", "built": "build", "began": "begin",
              "begun": "begin", "grew": "grow", "grown": "grow", "rose": "rise", "risen": "rise", "fell": "fall",
              "fallen": "fall",
              # a noun and the verb it is made of, which the stemmer leaves apart ("the acquisition of
              # Mandiant" states what "did Alphabet acquire" asks; "the redemption" what "redeem" does)
              "acquisit": "acquir", "expans": "expand", "decis": "decid", "extens": "extend", "conclus": "conclud",
              "reduct": "reduc", "redempt": "redeem", "assumpt": "assum", "resolut": "resolv", "agreement": "agre",
              "payment": "pay",
              # a workforce is its employees: "With approximately 117,100 employees" states "how large was its workforce"
              "workforc": "employe", "headcount": "employe", "personnel": "employe"}


def verb_forms(stem: str) -> list[str]:
    """The irregular past forms of a verb's stem ("sell" -> ["sold"]), for a pattern that must match them."""
    return [past for past in _PAST_FORMS if _IRREGULAR[past] == stem]


def past_forms(text: str) -> str:
    """The irregular past forms of the verbs `text` says ("sell" -> "sold", "pay" -> "paid"), for a search
    that must find a filing's "sold its business" from a question's "sell its business"."""
    stems = set(tokenize(text))
    return " ".join(past for past in _PAST_FORMS if _IRREGULAR[past] in stems)


# the irregular past forms among them (the rest are a noun and its verb)
_PAST_FORMS = ("held", "paid", "sold", "bought", "made", "brought", "spent", "lent", "won", "lost", "built", "began",
               "begun", "grew", "grown", "rose", "risen", "fell", "fallen")


def present_form(token: str) -> str:
    """An irregular past form's verb ("began" -> "begin", "sold" -> "sell"); any other token as it is. Not the
    forms a filing writes as adjectives too ("lost sales", "paid memberships", "held-for-sale", "made-to-order")."""
    return _IRREGULAR[token] if token in _PAST_FORMS and token not in _ALSO_ADJECTIVES else token


_ALSO_ADJECTIVES = frozenset({"lost", "paid", "held", "made", "built", "grown", "fallen", "risen"})


def same_stem(token: str, stem: str) -> bool:
    """Whether a token is a form of a stem ("repurchases" of "repurchas", "acquisition" of "acquir")."""
    return _same(token, stem)


def _same(token: str, stem: str) -> bool:
    token, stem = _IRREGULAR.get(token, token), _IRREGULAR.get(stem, stem)
    if token == stem:
        return True
    short, long = sorted((token, stem), key=len)
    # "shareholders" is no form of "share", nor "stockholders" of "stock": a compound's head
    # ("-holder") makes another word, where a suffix ("-ing", "-ion") only inflects it
    return len(short) >= 5 and long.startswith(short) and not long[len(short):].startswith("hold")


# the words of a drivers ask that name no subject: "What drove the increase, and what partly offset it?"
REFERS_BACK = frozenset(tokenize(
    "drove drive driven drivers cause caused causes increase increased decrease decreased change changed rise rose "
    "jump jumped jumps fall fell decline declined grew growth such large larger big sharp significant explain "
    "explains led behind reason reasons account accounts million billion thousand percent went offset offsets partly "
    "partially improvement improve improved worsen worsened swing swung widen widened narrow narrowed deterioration "
    "happened factor factors"))


def last_sentence(text: str) -> str:
    """The last sentence of a text that may open with statements ("In 2021 X divested its
    division. To whom was it sold?" -> "To whom was it sold?")."""
    return re.split(r"(?<=[.!])\s+(?=[A-Z])", text.strip())[-1]


def ask_part(question: str) -> str:
    """The sentence that asks (the one with the question mark, else the first)."""
    # "did the U.S. Federal Trade Commission sue": an initial's period ("U.S.", "N.A.") ends no sentence
    parts = re.split(r"(?<=[.?!])(?<!\b[A-Z]\.)\s+(?=[A-Z\"(])", question.strip())
    asked = [p for p in parts if "?" in p]
    return (asked or parts or [question])[0]


# (Indonesia's "PT ADHI KARYA (Persero) Tbk." is a listed company's name in full: "Tbk" is its legal form)
# the stems of a company's legal forms ("Corp.", "Tbk", "(Persero)"): after its name, the whole company, never a
# part of it or a thing the filing names
LEGAL_FORM_STEMS = frozenset(t for w in (FORM_WORDS - {"international", "the"}) | {"persero"} for t in tokenize(w))
# ("Netflix, Inc.": the comma before the form is the usual way to write it)
_LEGAL_FORM = re.compile(r"(\b\w*[A-Z][\w&.'-]*\)?),?\s+(?:Limited|Ltd|Inc|Incorporated|Corp|Corporation|plc|PLC|LLC|N\.V|S\.A|AG|SE|"
                         r"Tbk)\b\.?")
# "in early 2022", "mid-2023": when in the year, which a sentence says by a date or a quarter (a month
# the question names stays: a sentence naming it is about the asked event)
_VAGUE_TIME = re.compile(r"\b(?:early|late|mid)(?=[\s-]+(?:19|20)\d\d\b)|"
                         # "at the end of FY2022", "as of the close of fiscal 2021": the period's edge, said by a date
                         # ("As of December 31, 2022, we have an accrued liability of $56.0 million")
                         r"\b(?:at\s+|as\s+of\s+)?(?:the\s+)?(?:end|close|beginning|start)\s+of(?=\s+(?:the\s+|its\s+)?"
                         r"(?:fiscal\b|fy|q[1-4]\b|(?:19|20)\d\d\b|year\b|quarter\b|period\b|month\b))", re.I)


def name_words(*names: str) -> set[str]:
    """The words of names as written, lower-cased ("Johnson & Johnson" -> {"johnson", "&"}): whether a
    name the question gives is the company's own, or another part of it."""
    return {w.lower() for n in names for w in re.findall(r"[A-Za-z&]+", n)}


# "in its annual report for the fiscal year ended September 30, 2020": where and over which year the question reads,
# which every sentence of an annual report shares and few restate (the year is read apart; a quarter's end is kept:
# "During the three months ended October 31, 2022, we repurchased ..." dates a quarter's deed by it)
_SOURCE_AND_SPAN = re.compile(r"\b(?:in|from|by|according\s+to)\s+(?:its|the|their)\s+(?:[\w-]+\s+){0,2}?(?:annual|quarterly|interim)\s+"
                              r"(?:report|financial\s+statements)\b|\b(?:for\s+|in\s+)?the\s+(?:fiscal\s+)?year\s+"
                              r"(?:ended|ending)\s+(?:on\s+)?(?:[A-Z][a-z]+\s+\d{1,2},?\s+|\d{1,2}\s+[A-Z][a-z]+\s+)"
                              r"(?:19|20)\d\d\b")
# "(in USD millions)", "in millions of USD", "in units of percents": how to give the answer, said by no sentence
_UNITS_ASKED = re.compile(r"\(?\bin\s+(?:(?:USD|US\$|\$|EUR|GBP|CHF|dollars?|euros?|pounds?)\s+)?(?:millions?|billions?|thousands?)"
                          r"(?:\s+of\s+(?:USD|US\$|dollars?|euros?|pounds?))?\)?|\(?\bin\s+units\s+of\s+\w+\)?", re.I)
_QUOTED_NAME = re.compile(r"[\"“]([^\"“”]{2,80})[\"”]")
_NAME_WORDS_BESIDE = frozenset(tokenize("technologies holdings group international systems communications"))


def _the_company(quoted: str, names: set[str], first: bool = False) -> bool:
    """A quoted name is the company's: a word of its name first, the rest its name's, its legal form or a
    word companies add to it ("Uber Technologies, Inc."); or, the question's `first` quoted name, a legal name."""
    words = tokenize(quoted)
    if first and len(words) >= 2 and words[-1] in LEGAL_FORM_STEMS and len(words) <= 8 and not quoted.islower():
        # the question's first quoted name, a legal name whole ("PACIFIC GAS AND ELECTRIC COMPANY" of a company the
        # catalog holds as PG&E): the asked company, whatever words the catalog's name shares with it (a later one,
        # "to acquire "Beta Systems Inc."", is a counterparty the topic names)
        return True
    # ("&", "of" join a name's words: "CREATIVE MEDIA & COMMUNITY TRUST CORPORATION" is five words and a form)
    return bool(words) and words[0] in names and len([w for w in words if w not in ("and", "of", "the")]) <= 5 \
        and all(w in names or w in LEGAL_FORM_STEMS or w in _NAME_WORDS_BESIDE for w in words[1:])


def content_words(text: str, companies: list[str]) -> list[str]:
    """The stems of `text` that carry its topic: no scaffolding, company names or years."""
    names = {t for c in companies for t in tokenize(c)}
    years = {str(y) for y in parse_periods(text).years}
    # "Uber Technologies, Inc." quoted whole: the company as the question names it, every word of it (not a quoted
    # segment or brand that carries its name: "Microsoft Cloud", "NIKE Direct")
    first = next(_QUOTED_NAME.finditer(text), None)
    # (a company named outside the quotes, "acquired by Acme Corp", is the asked one: a quoted legal name is the other)
    unquoted = set(tokenize(_QUOTED_NAME.sub(" ", text)))
    named_outside = any(tokenize(c)[:1] and tokenize(c)[0] in unquoted for c in companies)
    text = _QUOTED_NAME.sub(lambda m: " " if _the_company(m.group(1), names, first=m.start() == first.start()
                                                          and not named_outside) else m.group(0), text)
    out: list[str] = []
    # "eMetals Limited", "in early 2022": a name's legal form and a vague time of year are not the
    # topic (a stating sentence says "the Company", "in February 2022")
    text = _VAGUE_TIME.sub(" ", _LEGAL_FORM.sub(r"\1", _UNITS_ASKED.sub(" ", _SOURCE_AND_SPAN.sub(" ", text))))
    # a word of the company's name is its name only where it is written as one: "Mercurity
    # Fintech Holding" names the company, "its cryptocurrency holdings" the topic
    common = {t for word in re.findall(r"\b[a-z][a-z'-]*\b", text) for t in tokenize(word)}
    for token in tokenize(text):
        if token in _STOP or (token in names and token not in common) or token in years or token.isdigit() \
                or len(token) < 3:
            continue
        if re.fullmatch(r"(fy|q[1-4])?\d+(q[1-4])?", token):
            continue
        out.append(token)
    return out


def read_topic(text: str, companies: list[str], vocab: Vocabulary, metrics: bool = True) -> Topic | None:
    """The key phrase of `text` (usually a question's ask), or None when it has no topic words."""
    terms = [t for t in vocab.match_terms(text) if t not in _CONTEXT_TERMS]
    # "what did it receive for the business", "goodwill recorded on the acquisition": a deal's
    # words; the statement line they also name (Accounts receivable) is no key phrase of it
    metrics = metrics and not asks_an_event(text)
    keys = terms + (vocab.match_metrics(text) if metrics else [])
    if keys:
        phrases = [tuple(tokenize(w)) for k in keys for w in vocab.entries[k].wordings]
        words = ", ".join(vocab.label(k) or k for k in keys).lower()
        return Topic(words=words, phrases=[p for p in phrases if p], pairs=[])
    stems = content_words(text, companies)
    if not stems:
        return None
    # adjacent content words of the question are its noun phrases ("production rate")
    raw = [w for w in re.findall(r"[A-Za-z][A-Za-z&\-']+", text)]
    shown = [w for w in raw if tokenize(w) and tokenize(w)[0] in stems]
    if len(stems) == 1:
        return Topic(words=" ".join(shown) or stems[0], phrases=[(stems[0],)], pairs=[])
    pairs = list(dict.fromkeys(zip(stems, stems[1:], strict=False)))
    return Topic(words=" ".join(shown), phrases=[], pairs=pairs)


def sentences(hits: list[SearchHit], companies: list[str], risks: bool = False,
              trim_tables: bool = False, listed: bool = False) -> list[Sentence]:
    """Every prose sentence of the hits about the asked company (all hits when none is named),
    best-ranked hit first; instructions to an AI and (unless `risks`) hedged risk language left out.
    `trim_tables`: each without the table rows the page's text ran into its start (`prose`).
    `listed`: a lead-in ending in a colon read with its bulleted items (`with_listed_items`): a
    cause stated as a list ("primarily due to: • ...; • ...")."""
    wanted = {c.casefold() for c in companies}
    out: list[Sentence] = []
    seen: set[str] = set()
    by_place = {(h.chunk.doc, h.chunk.index): h.chunk for h in hits}
    bodies: dict[str, str] = {}
    whole: list[str] = []  # sentences completed from the next chunk: that chunk's start is a piece of one
    for hit in hits:
        following = by_place.get((hit.chunk.doc, hit.chunk.index + 1))
        body = _carried_on(hit.chunk.text, following.text) if following is not None else hit.chunk.text
        bodies[hit.chunk.chunk_id] = body
        if body != hit.chunk.text:
            last = split_sentences(_item_breaks(body))[-1]
            whole.append(prose(last) if trim_tables else last)
    for rank, hit in enumerate(hits):
        if wanted and (hit.chunk.company or "").casefold() not in wanted:
            continue
        raw = split_sentences(_item_breaks(bodies[hit.chunk.chunk_id]))
        raw = with_listed_items(raw) if listed else raw
        shown = [prose(t) for t in raw] if trim_tables else raw
        for position, text in enumerate(shown):
            if _too_long(text) or len(text) < 20 or text in seen or is_instruction(text):
                continue
            if any(text != w and text in w for w in whole):
                continue  # the next chunk's first words carry on a sentence read whole above
            if not _ended(text) or (table_like(text) and not (trim_tables and _worded(text))):
                continue  # a fragment cut at the chunk's end, or table rows run together
            if opens_inside(text) and len(text) < _CUT_TAIL:
                # "and structural cost savings in FY25.": the end of a sentence the chunk cut (a longer
                # one may run on, unpunctuated, into a heading and the sentence after it)
                continue
            if not risks and (HEDGE.search(text) or (_EXPECTATION_ITEM.search(text)
                                                     and _FORWARD_LOOKING.search(hit.chunk.text))):
                continue
            if (pointer := _POINTER.match(text)) is not None and len(text) - pointer.end() < _POINTER_TAIL:
                # "For more information about the Chapter 11 Cases, ..., see Note 2": a pointer states nothing (a fact glued
                # after it, where the page's text ran on, is kept with it)
                continue
            if _INTRODUCES.search(text) or _points_to_a_table(text) or (listed and _LEAD_IN.search(text)):
                # "... were as follows (dollars in millions):" states nothing; the table does. Nor does
                # "Gross margin increased 90 basis points ... due to the following:" when its list is a
                # graphic or a table (bulleted items were read with it above)
                continue
            text = _after_dateline(text)
            if len(text) < 20 or text in seen:
                continue
            seen.add(text)
            out.append(Sentence(text=text, chunk=hit.chunk, rank=rank, position=position,
                                before=shown[position - 1] if position else ""))
    return out


# "..., potentially resulting in ... which may result in ...": a consequence clause set off by a comma
_TRAILING_CLAUSE = re.compile(r",\s+(?:potentially|possibly|which|and\s+(?:this|that|it|such)|resulting|that\s+could)\b", re.I)
_MIN_MAIN_WORDS = 8


def hedge_trimmed(hits: list[SearchHit], companies: list[str]) -> list[Sentence]:
    """The sentences `sentences` leaves out as hedged whose hedge is only in a consequence clause after
    their main one, each cut to that main clause: "The downgrades by Fitch and S&P reduce our senior debt
    below investment grade, potentially resulting in higher borrowing costs ... which may result in ..."
    states a fact, then what may follow from it."""
    out: list[Sentence] = []
    for s in sentences(hits, companies, risks=True):
        hedge = HEDGE.search(s.text)
        if hedge is None:
            continue  # (kept by `sentences` unhedged already)
        clause = _TRAILING_CLAUSE.search(s.text, 0, hedge.start())
        main = s.text[: clause.start()] if clause else ""
        if len(main.split()) >= _MIN_MAIN_WORDS and not HEDGE.search(main) and not re.match(r"\W*if\b", main, re.I) \
                and not re.search(r"\b(?:would|could)\b", main, re.I):  # (a condition's amount: "would be required to pay")
            out.append(s.model_copy(update={"text": main + "."}))
    return out


# a sentence that only points elsewhere: "For more information about ..., see ...", "See Note 5 for ..."
_POINTER = re.compile(r"\W*(?:for\s+(?:more|further|additional)\s+(?:information|details|discussion)\b[^.;]*\bsee\b|"
                      r"see\s+(?:also\s+)?(?:note|item|part|[\"“]))", re.I)
_POINTER_TAIL = 60  # characters after "see" that are still the pointer's ("Note 2 of the Notes to ... in Item 8")
# a caption that hands over to the table or list below it
_INTRODUCES = re.compile(r"\bas\s+follows\b[^.;]{0,60}[:.]?\s*$", re.I)
# "... are as shown in the table below.": the table states them (not "an additional increase of $361 million in 2019,
# as shown in the table below", which states its figure first)
_POINTS_TO_TABLE = re.compile(r"\b(?:as\s+)?(?:shown|set\s+forth|presented|summari[sz]ed|detailed|provided)\s+(?:in\s+)?"
                              r"(?:the\s+)?(?:(?:table|chart)\s+below|following\s+table)\s*[:.]?\s*$", re.I)


def _points_to_a_table(text: str) -> bool:
    """The sentence only points to a table: no figure before its pointer."""
    pointer = _POINTS_TO_TABLE.search(text)
    return pointer is not None and not re.search(r"\d", text[:pointer.start()])


# a table cell run into a sentence: an amount or a lone currency / percent mark
_TABLE_CELL = re.compile(r"^\(?[$€£]?\d[\d,.]*\)?%?$|^[$€£%]$")
_PROSE_WORD = re.compile(r"^[a-z]+[,;]?$")
_TABLE_AMOUNTS = 3


# a table cell's amount, as tables print them ("66,167", "$ 12,836", "(904)"), not a day or a year ("November 22, 2022")
_CELL = re.compile(r"(?<![\w.])(?:\(\$?\s?\d[\d,]*(?:\.\d+)?\)|\$\s?\d[\d,]*(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?)(?![\w.])")
_ROWS = 3  # amounts up to the cut that make what precedes a table's rows, not a sentence's figures
_PROSE_WORDS = 4  # lower-case words after the cut that make it a sentence


def after_table_rows(sentence: str) -> str:
    """The sentence without the table rows the page's text ran into its start: it starts after the last
    amount that a capitalised word and prose follow ("... Cash 66,167 Goodwill $ 12,836 In connection with the
    Central acquisition, the Company recorded $12.8 million of goodwill"; "... Lease liability $ 26,618 Note 2:
    Acquisition Activities On November 22, 2022, the Company completed ..."), with amounts enough before it to be
    a table's; the sentence as it was otherwise ("In 2022, we paid $66.2 million and $5 million to Central")."""
    cells = list(_CELL.finditer(sentence))
    for n in range(len(cells), _ROWS - 1, -1):
        rest = sentence[cells[n - 1].end():].lstrip(" )")
        if rest[:1].isupper() and len(re.findall(r"\b[a-z]{2,}\b", rest)) >= _PROSE_WORDS \
                and len(_CELL.findall(rest)) < _ROWS:
            return rest
    return sentence


def prose(text: str) -> str:
    """The sentence without the table rows and headings a page's text ran into its start
    ("Americas 29 % 27 % ... China 20 % 20 % Gross profit The overall gross profit for the year
    ... increased" -> "The overall gross profit ..."): it starts at the last capitalised word
    followed by a lower-case one before the first run of four prose words, when what comes before
    holds amounts (a table's, not a sentence's: words in parentheses, "(in thousands)", are not prose)."""
    words = text.split(" ")
    depth, lower = 0, []
    for word in words:
        depth += word.count("(")
        lower.append(depth == 0 and bool(_PROSE_WORD.match(word)))
        depth = max(0, depth - word.count(")"))
    cut, amounts = 0, 0
    for i in range(len(words) - 1):
        if all(lower[i : i + 4]) and i + 4 <= len(words):
            break  # prose begins: the sentence starts at or before here
        if _TABLE_CELL.match(words[i]):
            amounts += 1
        elif amounts >= _TABLE_AMOUNTS and words[i][:1].isupper() and lower[i + 1]:
            cut = i
    if cut and sum(lower[:cut]) >= amounts:
        return text  # the words before are a sentence's own ("In fiscal 2023, sales in the Americas were $1,234, ...")
    return " ".join(words[cut:]) if cut else text


# "MOUNTAIN VIEW, Calif. – July 25, 2023 –": a release's dateline. What stands before it is the
# release's headline ("Alphabet Announces ... Plans for Chief Financial Officer Transition"): a
# title that names what the release is about, not a sentence that states what happened.
_DATELINE = re.compile(rf"\b[A-Z][A-Z .'-]+,\s+(?:[A-Z][\w.]*\s*){{1,3}}[\u2013\u2014-]+\s*(?i:{_MONTH})\s+\d{{1,2}},?\s+"
                       r"(?:19|20)\d\d\s*(?:\([^)]{1,40}\)\s*)?[\u2013\u2014-]+\s*"
                       # "OAKLAND, Calif.— Pacific Gas and Electric Company ...": the city and state alone, a dash
                       r"|\b[A-Z]{3,}(?:[ .'-]+[A-Z]{2,})*,\s+(?:[A-Z][a-z]{1,5}\.|[A-Z]\.[A-Z]\.)\s*[\u2013\u2014]\s*(?=[A-Z])")


def _after_dateline(text: str) -> str:
    """The sentence without a release's headline and dateline that open it."""
    m = _DATELINE.search(text)
    return text[m.end():] if m else text


_OVERLAP_PROBE = 40
_LIST_GOES_ON = re.compile(r"[;:]\s*$|[;:]\s+and\s*$")
_BULLET = re.compile(r"[•\u2022\u25cf\u25aa\-–]\s|\([a-z0-9]{1,3}\)\s")
_SENTENCE_END = re.compile(r"[.!?][\"\u201d)]?(?=\s+[A-Z\"(\u201c]|\s*$)")


def _carried_on(text: str, following: str) -> str:
    """A chunk whose last sentence runs on into the next chunk (also retrieved): the chunk with
    that sentence completed from the next one ("..., were detained by the ... Public Security
    Bureau, Yanc" + "... leading to our hardware cold wallet ... being seized."). Chunks overlap:
    the next one restarts inside this one's tail."""
    tail = text.rstrip()
    if _ended(tail) and not (_LIST_GOES_ON.search(tail) and (_BULLET.match(following.lstrip())
                                                             or _NUMBERED.match(following.lstrip()))):
        # (a list cut at an item: "... comprised of the following: • ...; • ...;" | "• ...; and • ... 2061.")
        return text
    probe = following.lstrip()[:_OVERLAP_PROBE]
    at = tail.rfind(probe) if len(probe) == _OVERLAP_PROBE else -1
    joined = tail[:at] + following.lstrip() if at >= 0 else f"{tail} {following.lstrip()}"
    # (an item's number is no sentence's end: "...; 2. Provide services ...; and 3. Accelerate growth ...")
    end = next((m for m in _SENTENCE_END.finditer(joined, len(tail)) if not _ITEM_NUMBER_END.search(joined, 0, m.end())),
               None)
    return joined[: end.end()] if end else text


_NUMBERED = re.compile(r"^\s*(\d{1,2})\.\s+(?=[A-Z])")
_ITEM_NUMBER_END = re.compile(r"(?:^|[\s;:])\d{1,2}\.$")
_NUMBER_ALONE = re.compile(r"^\s*\d{1,2}\.$")
_ITEM_LINES = 6  # lines an item may wrap over before the next one


def _numbered_breaks(text: str) -> str:
    """A list numbered after a lead-in ("... generated in 2023 due to:" / "1. Increase in receipts of tax refunds ..." /
    "2. Decrease in payments of taxes ..."): each item starts a paragraph, as a bullet does (run on, its number would
    end the item before it: "... US$195.1 million. 2."). Only a list that starts at 1 right after a line ending in a
    colon, each next item numbered one more: a note's numbered heading is no such list."""
    lines = text.split("\n")
    expected, since = 0, 0
    for i, line in enumerate(lines):
        m = _NUMBERED.match(line)
        if m and ((int(m.group(1)) == 1 and i and lines[i - 1].rstrip().endswith(":"))
                  or (expected and int(m.group(1)) == expected and since <= _ITEM_LINES)):
            lines[i] = "\n" + line
            expected, since = int(m.group(1)) + 1, 0
        elif line.rstrip().endswith(":"):
            expected = 0  # a new lead-in: its list starts at 1 again
        else:
            since += 1  # an item's own lines; past a few of them the list has ended
    return "\n".join(lines)


def _item_breaks(text: str) -> str:
    """Numbered items ("(8) The shareholder proposal ... was defeated:") and lines ending in a
    colon close a sentence: what follows them is a list or a table, not the same sentence. A
    footnote ("*Effective January 2023, ...") starts its own sentence: joined to the line above
    it would be part of whatever that says (a risk boilerplate, a table)."""
    # (an enumeration a sentence runs on through, its line ending mid-sentence: "mostly attributable
    # to (i) business loss in a competitive bid due to rates,\n(ii) privatization ...", "which included
    # (i) a gain of $866,000 on a land sale and\n(ii) a gain ...", is no list)
    # (nor a last bullet after "...; and": "• $3.25 billion of 3.95% notes due 2051; and\n• $1.50 billion ... 2061.")
    text = _numbered_breaks(text)
    text = re.sub(r"(?<![,a-z])\n(?=\s*\(\w{1,3}\)\s)|(?<!; and)(?<!; or)\n(?=\s*(?:\u2022|•)\s)", "\n\n", text)
    text = re.sub(r"\n(?=[*^†‡]\s*[A-Z])", "\n\n", text)
    return re.sub(r":[ \t]*\n", ":\n\n", text)


_A_DATE = re.compile(rf"\b(?i:{_MONTH})\s+\d{{1,2}},\s+(?:19|20)\d\d\b")


def table_like(text: str) -> bool:
    """Statement rows joined into one "sentence": mostly amounts (a date's day and year are none: "At
    December 31, 2021, our backlog was $135.4 billion compared with $147.1 billion at December 31, 2020.")."""
    amounts = len(_AMOUNT.findall(text)) - 2 * len(_A_DATE.findall(text))
    items = text.split("\u2022")
    if len(items) >= 3 and all(len(re.findall(r"\b[A-Za-z]{3,}\b", i)) >= 3 for i in items):
        return False  # a list of worded items ("• $2.75 billion of 1.65% senior notes due March 2026;"), not rows
    return amounts >= 5 and amounts > len(text.split()) / 4


def _worded(text: str) -> bool:
    """A sentence of amounts that is still prose ("Cost of revenue in 2024 of US$2,113.4 million was
    10.2% higher than US$1,917.2 million in 2023."): a third of its words are lower-case words."""
    words = text.split()
    return sum(1 for w in words if _PROSE_WORD.match(w)) * 3 >= len(words)


def mentions_years(text: str, years: list[int]) -> bool:
    return any(str(y) in text for y in years)


def asks_about_risk(question: str) -> bool:
    return bool(_ASKS_RISK.search(question))


def overlap(sentence: str, wanted: list[str]) -> float:
    """Share of the question's content stems the sentence contains."""
    if not wanted:
        return 0.0
    words = set(tokenize(sentence))
    present = {w for w in set(wanted) if any(_same(w, x) for x in words)} | _by_initials(sentence, wanted)
    return len(present) / len(set(wanted))


_ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
_NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:[A-Z][a-z]+|and|of|&)){1,5}")


def _by_initials(sentence: str, wanted: list[str]) -> set[str]:
    """Question words the sentence states by their initials, or the other way round: "the FTC"
    states "Federal Trade Commission", and "the Federal Trade Commission" states "FTC" (a name
    and its abbreviation, as filings define them: "Federal Trade Commission (FTC)")."""
    out: set[str] = set()
    for acronym in {a.lower() for a in _ACRONYM.findall(sentence)}:
        n = len(acronym)
        for i in range(len(wanted) - n + 1):
            if "".join(w[0] for w in wanted[i : i + n]) == acronym:
                out.update(wanted[i : i + n])
    initials = set()
    for run in _NAME_RUN.findall(sentence):
        letters = "".join(w[0] for w in run.split() if w[0].isupper()).lower()
        initials.update(letters[i:j] for i in range(len(letters)) for j in range(i + 2, len(letters) + 1))
    return out | {w for w in wanted if 2 <= len(w) <= 6 and w in initials and w.isalpha() and w not in _STOP}


def quoted(items: list[Sentence]) -> str:
    return " ".join(s.shown() for s in items)


def period_ends(retriever: object) -> dict[str, str]:
    """Each held filing's last day, by its file (the store's catalog; none without a store)."""
    catalog = getattr(retriever, "catalog", None)
    return {f.doc: f.period_end for c in catalog.companies for f in c.filings if f.period_end} if catalog else {}


_FISCAL_YEAR_NAMED = re.compile(r"\b(?:fiscal(?:\s+year)?|FY)\s*'?((?:19|20)?\d\d)\b", re.I)


_MONTH_NAMES = MONTH_NAMES.split("|")


def dates_a_bare_month(s: Sentence, month: str, year: int, ends: dict[str, str]) -> bool:
    """The sentence names the month, capitalised and whole, without a year ("In July, eBay acquired Certilogo"), in an
    interim report or a release whose quarter end puts that month in `year`: a month of its quarter is of the end's
    year; one of the months just after it (a release tells what happened since) is of the end's year, or of the next
    when the quarter ended late in the year ("In January" in a fourth-quarter release). An annual report's bare month
    may be of its fiscal year or of the one after: never dated so. No end known, no year."""
    end = ends.get(s.chunk.doc, "")
    name = next((m for m in _MONTH_NAMES if m.lower().startswith(month[:3].lower())), None)
    if not end or name is None or s.chunk.form in ANNUAL_FILINGS or years_in(s.text) \
            or not re.search(rf"\b{name}\b(?!\s*\d)", s.text):
        return False
    number = _MONTH_NAMES.index(name) + 1
    end_year, end_month = int(end[:4]), int(end[5:7])
    since = (number - end_month) % 12  # months after the quarter's end (0: its last month)
    if since == 0 or since >= 12 - _QUARTER_MONTHS + 1:
        # a month of the quarter itself (November of a quarter ended January 31, 2023 is of 2022)
        return year == end_year - (1 if number > end_month else 0)
    if since <= _SINCE_THE_QUARTER:
        return year == end_year + (1 if number < end_month else 0)
    return False


_QUARTER_MONTHS = 3
_SINCE_THE_QUARTER = 3  # months after its quarter's end a release tells of


def in_a_straddled_year(s: Sentence, years: list[int], ends: dict[str, str]) -> bool:
    """The sentence's latest year is the calendar year before the asked fiscal year, and it names a month of that
    year its own filing shows to be inside the asked year: after a year's report's end month (Salesforce's fiscal 2023
    ends January 31, 2023: "In August 2022" is inside it, "In January 2022" is not), or in the quarter an interim
    report ends, when that quarter's end falls in the calendar year before its fiscal year (the quarter ended October
    31, 2022 of fiscal 2023). A fiscal year named ("in fiscal 2022") is that year, never the asked one."""
    end = ends.get(s.chunk.doc, "")
    said = years_in(s.text)
    if not (years and said and end[5:7] not in ("", "12") and s.chunk.fiscal_year == max(years)
            and max(said) == max(years) - 1):
        return False
    prior, end_year, end_month = max(years) - 1, int(end[:4]), int(end[5:7])
    if any(int(y) % 100 == prior % 100 for y in _FISCAL_YEAR_NAMED.findall(s.text)):
        return False
    named = parse_periods(s.text)
    months = [int(m[5:7]) for m in [*named.months, *named.dates] if int(m[:4]) == prior]
    if not months:
        return False
    if s.chunk.form in ANNUAL_FILINGS:
        return end_year == max(years) and all(month > end_month for month in months)
    # (an interim report's period end is its quarter's, not its year's: only its own quarter is known to be inside)
    return end_year == prior and all(end_month - 2 <= month <= end_month for month in months)