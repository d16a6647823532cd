"""described_name: "Which provider of AI-based marketplace compliance solutions did eBay acquire?" answered
by the name the filing gives the thing it describes so: "the first quarter acquisition of 3PM Shield, a
provider of AI-based marketplace compliance solutions".

A filing introduces what it names with an appositive: the name, a comma, and "a" or "an" with its
description. A question that asks "which <description> did X <do>" asks that name. Signals any filing
carries:
- the description after the comma holds every content word of the question's description (stems);
- the sentence names the question's deed (the stem of its verb: "acquire" in "acquisition");
- exactly one name is described so; two are no answer.
"""

from __future__ import annotations

import re

from answering.citations import cite
from answering.kinds.ask_scope import without_source
from answering.kinds.sentences import Sentence, content_words, overlap, same_stem, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import tokenize
from retrieval.periods import parse_periods

# "Which provider of AI-based marketplace compliance solutions did eBay acquire"
_ASK = re.compile(r"^\W*(?:through\s+|from\s+|to\s+|by\s+|with\s+)?which\s+(?P<description>(?:[\w’'.-]+,?\s+){1,12}?)"
                  r"(?:did|does|do|has|have|had)\s+(?P<doer>(?:\S+\s+){1,6}?)(?P<verb>(?-i:[a-z]{4,}))\b", re.I)
# "3PM Shield, a provider of AI-based marketplace compliance solutions"; "Flexdrive, LLC (“Flexdrive”), one of our
# longstanding partners in the Express Drive program"
# (a name starts a word, in capitals or styled lower-case before one: "inContact", "eBay"; never inside one)
_START = r"(?<![\w&.'’-])(?:[A-Z0-9]|[a-z]{1,3}(?=[A-Z]))"
_APPOSITIVE = re.compile(rf"(?P<name>(?:{_START}[\w&.'’-]*\s+){{0,4}}{_START}[\w&'’-]*[\w&'’])(?:,\s+(?:LLC|Inc\.?|Ltd\.?))?"
                         r"(?:\s+\([^()]{1,40}\))?,\s+(?:an?|one\s+of\s+(?:our|its|the|their))\s+(?P<description>[^,.;:()]{5,160})")
# "announced our intention to acquire the U.K.-based classifieds site, Motors.co.uk.": the description, then the name
_DESCRIBED_THEN_NAME = re.compile(r"\bthe\s+(?P<description>[^,;:()]{5,120}?),\s+(?P<name>(?:[A-Z0-9][\w&.'’-]*\s+){0,4}"
                                  r"[A-Z0-9][\w&'’.-]*[\w&'’])(?=[,.;)]?(?:\s|$))")
# "To which company did it sell its stake?": the party named after the question's own preposition ("... to E-mart")
_PARTY_AFTER = r"\b{prep}\s+(?:the\s+)?(?P<name>(?:[A-Z0-9][\w&.'’-]*\s+){{0,4}}[A-Z0-9][\w&'’-]*[\w&'’])"
_PREPOSITION = re.compile(r"^\W*(?P<prep>to|from|with)\s+which\b", re.I)
# "conducted through our wholly owned subsidiary, Florida Rock & Tank Lines, Inc.": the kind asked, then the name
_KIND_THEN_NAME = r"\b{kind}\s*,?\s+(?P<name>(?:(?:[A-Z][\w&'’.-]*|&)\s+){{0,5}}[A-Z][\w&'’-]*(?:,\s+(?:Inc|LLC|Ltd)\.?)?)"
_KINDS = frozenset({"company", "firm", "business", "entity", "subsidiary", "provider", "partner", "affiliate"})
_MIN_WORDS = 2  # a description of one word ("company", "firm") names a kind, not the thing
# "from October 2023 through ...", "pursuant to the Share Purchase Agreement": a date or a document, no party
_NOT_A_PARTY = re.compile(r"^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
                          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|Q[1-4]|fiscal|FY)\b|\b(?:Agreement|Plan|Act|Program|"
                          r"Facility|Notes?|Code|Rule|Amendment|Order|Court|Statement|Report|Form)$", re.I)


def _short_name_of(short: str, long: str, text: str) -> bool:
    """The filing gives `short` as `long`'s short name: "Blue Jeans Network, Inc. (BlueJeans)", "E-mart Inc. (“Emart”)"."""
    return len(short) < len(long) and re.search(rf"{re.escape(long)}[^()]{{0,20}}\(\s*(?:the\s+)?[\"“]?{re.escape(short)}[\"”]?\s*\)",
                                                text) is not None


_LEGAL_FORM = re.compile(r"[\s,]+(?:inc|llc|ltd|corp|corporation|plc|limited|co)\.?$")
_NOT_A_NAME = frozenset({"The", "This", "That", "It", "We", "Our", "Its", "In", "On", "As", "At"})


def asked(question: str) -> tuple[list[str], str] | None:
    """The question's description's content words and its verb, or None when it asks no such thing."""
    m = _ASK.match(question)
    if m is None:
        return None
    # (a kind alone after a preposition, "to which company did it sell", is no content word, and asks the party)
    words = content_words(m.group("description").replace(",", " "), []) \
        or [t for t in tokenize(m.group("description")) if t in _KIND_STEMS and _PREPOSITION.match(question)][:1]
    return (words, m.group("verb").lower()) if len(words) >= _MIN_WORDS or (words and words[0] in _KIND_STEMS) \
        else None


_KIND_STEMS = frozenset(t for k in _KINDS for t in tokenize(k))


# the noun a deed's verb makes, which a filing writes for it as often ("the acquisition of 3PM Shield")
_DEED_NOUNS = {"acquir": ("acquisit",), "sell": ("sold", "sale"), "buy": ("bought", "purchas"), "sold": ("sale",),
               "divest": ("divestitur",), "merg": ("merger",), "form": ("format",), "spin": ("spun", "spin-off")}
_DEED_REACH = 8  # words between the deed and the name it is done to
_PARTY_REACH = 15  # ... and the party after its preposition ("the sale of 80.01% of our ownership stake in ... to E-mart")
# "did it announce its intention to acquire", "agree to sell": the deed is the verb its infinitive names
_INFINITIVE = re.compile(r"^\W*(?:(?:its|their|an?|the)\s+)?(?:\w+\s+){0,2}?to\s+(?P<verb>[a-z]{4,})\b")
# "David C. Weston": a person's name (a middle initial), which no company, subsidiary or provider is
_PERSON = re.compile(r"^[A-Z][a-z]+\s+[A-Z]\.\s+[A-Z][a-z]+$")


def _deed_at(tokens: list[str], verb: str) -> list[int]:
    """Where the sentence's words state the question's deed: its verb's stem, whole, or the noun the verb makes."""
    stem = tokenize(verb)[0] if tokenize(verb) else verb
    forms = (stem, *_DEED_NOUNS.get(stem, ()))
    return [i for i, t in enumerate(tokens) if t == stem or any(t.startswith(f) for f in forms[1:])
            or (len(stem) >= 5 and t.startswith(stem))]


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The one name the filing describes as the question does, the object of the question's deed in a sentence of
    the asked year (when the question names one); None otherwise."""
    ask = asked(question)
    if ask is None or len(companies) != 1:
        return None
    words, verb = ask
    # the deed's year ("acquire in 2022"), not the report's ("according to its 2020 annual report")
    years = {str(y) for y in parse_periods(without_source(question)).years}
    # the kind the question names ("a longstanding Express Drive partner" of a "company") need not be repeated
    described_by = [w for w in words if w not in _KIND_STEMS] or words
    kind_word = next((w for w in re.findall(r"[a-z]+", question.lower()) if tokenize(w)[:1] == words[:1]), None) \
        if len(words) == 1 and words[0] in _KIND_STEMS else None
    prep = _PREPOSITION.match(question)
    after_verb = question[_ASK.match(question).end():]  # (asked() matched it)
    # what the deed was done to, in the question's words after its verb ("its ownership stake in eBay Korea LLC")
    done_to = content_words(re.sub(r"\b(?:19|20)\d\d\b|\d[\d.,]*%?", " ", after_verb.split("?")[0]),
                            companies) if prep is not None else []
    deeds = [verb, *[m.group("verb") for m in [_INFINITIVE.match(after_verb)] if m]]
    found: dict[str, tuple[str, Sentence]] = {}
    for s in sentences(hits, companies):
        if years and not any(y in s.text for y in years):
            continue  # another year's deal ("in 2019 ... to manufacture and sell")
        if kind_word is not None:
            # "Through which subsidiary does it conduct its business": the name right after the kind's word, whole
            plural = kind_word[:-1] + "ies" if kind_word.endswith("y") else kind_word + "s"
            named = [(m, _DEED_REACH) for m in re.finditer(_KIND_THEN_NAME.format(kind=f"(?:{kind_word}|{plural})"),
                                                          s.text)]
            if prep is not None:
                named += [(m, _PARTY_REACH) for m in re.finditer(_PARTY_AFTER.format(prep=prep.group("prep").lower()),
                                                                s.text)]
        else:
            named = [(m, _DEED_REACH) for m in [*_APPOSITIVE.finditer(s.text), *_DESCRIBED_THEN_NAME.finditer(s.text)]
                     if all(any(same_stem(t, w) for t in tokenize(m.group("description"))) for w in described_by)]
        for m, reach in named:
            name = m.group("name")
            if name.split()[0] in _NOT_A_NAME or _PERSON.match(name) or _NOT_A_PARTY.search(name):
                continue
            # the name is what the deed was done to: the deed's word a few words before it
            before = tokenize(s.text[: m.start("name")])
            if not any(len(before) - at <= reach for deed in deeds for at in _deed_at(before, deed)):
                continue
            if reach == _PARTY_REACH and overlap(s.text[: m.start("name")], done_to) < 1:
                continue  # the party of another deal: the sentence names the deal asked ("eBay Korea") before it
            # ("E-mart Inc." and "E-mart" in the next sentence, "Blue Jeans Network, Inc." and its "BlueJeans": one
            # party, its legal form or its short name said once)
            key = re.sub(r"\W", "", _LEGAL_FORM.sub("", name.casefold().rstrip(".")))
            same = next((k for k, (other, said) in found.items()
                         if k == key or _short_name_of(name, other, f"{s.text} {said.text}")
                         or _short_name_of(other, name, f"{s.text} {said.text}")), None)
            if same is None:
                found[key] = (name, s)
            elif len(name) > len(found[same][0]):
                found[same] = (name, s)  # the longer name, said once
    if len(found) != 1:
        return None
    (name, s), = found.values()
    return WrittenAnswer(status="answered", kind="choice",
                         text=f'{name}\n\n"{s.text}" ({s.chunk.doc} p.{s.chunk.page + 1})',
                         citations=[cite(s.chunk, s.text)])
