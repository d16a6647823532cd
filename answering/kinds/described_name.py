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
from answering.kinds.sentences import Sentence, content_words, same_stem, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import tokenize

# "Which provider of AI-based marketplace compliance solutions did eBay acquire"
_ASK = re.compile(r"^\W*(?:through\s+|from\s+|to\s+|by\s+)?which\s+(?P<description>(?:[\w’'-]+,?\s+){1,12}?)"
                  r"(?:did|does|do|has|have|had)\s+(?P<doer>(?:\S+\s+){1,6}?)(?P<verb>(?-i:[a-z]{4,}))\b", re.I)
# "3PM Shield, a provider of AI-based marketplace compliance solutions"; "Flexdrive, LLC (“Flexdrive”), one of our
# longstanding partners in the Express Drive program"
_APPOSITIVE = re.compile(r"(?P<name>(?:[A-Z0-9][\w&.'’-]*\s+){0,4}[A-Z0-9][\w&'’-]*[\w&'’])(?:,\s+(?:LLC|Inc\.?|Ltd\.?))?"
                         r"(?:\s+\([^()]{1,40}\))?,\s+(?:an?|one\s+of\s+(?:our|its|the|their))\s+(?P<description>[^,.;:()]{5,160})")
# "conducted through our wholly owned subsidiary, Florida Rock & Tank Lines, Inc.": the kind asked, then the name
_KIND_THEN_NAME = r"\b{kind}\s*,?\s+(?P<name>(?:(?:[A-Z][\w&'’.-]*|&)\s+){{0,5}}[A-Z][\w&'’-]*(?:,\s+(?:Inc|LLC|Ltd)\.?)?)"
_KINDS = frozenset({"company", "firm", "business", "entity", "subsidiary", "provider", "partner", "affiliate"})
_MIN_WORDS = 2  # a description of one word ("company", "firm") names a kind, not the thing
_NOT_A_NAME = frozenset({"The", "This", "That", "It", "We", "Our", "Its", "In", "On", "As", "At"})


def asked(question: str) -> tuple[list[str], str] | None:
    """The question's description's content words and its verb, or None when it asks no such thing."""
    m = _ASK.match(question)
    if m is None:
        return None
    words = content_words(m.group("description").replace(",", " "), [])
    return (words, m.group("verb").lower()) if len(words) >= _MIN_WORDS or (words and words[0] in _KIND_STEMS) \
        else None


_KIND_STEMS = frozenset(t for k in _KINDS for t in tokenize(k))


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The one name the filing describes as the question does, with the sentence that does; None otherwise."""
    ask = asked(question)
    if ask is None or len(companies) != 1:
        return None
    words, verb = ask
    deed = verb[:5]  # "acquire", "acquisition"; "launch", "launched"; "conduct", "conducted"
    # the kind the question names ("a longstanding Express Drive partner" of a "company") need not be repeated
    described_by = [w for w in words if w not in _KIND_STEMS] or words
    kind = next((w for w in words if w in _KIND_STEMS), None) if len(words) == 1 else None
    found: dict[str, tuple[str, Sentence]] = {}
    for s in sentences(hits, companies):
        if not any(t.startswith(deed) for t in tokenize(s.text)):
            continue
        named = [m for m in _APPOSITIVE.finditer(s.text) if kind is None
                 and all(any(same_stem(t, w) for t in tokenize(m.group("description"))) for w in described_by)]
        if kind is not None:
            # "Through which subsidiary does it conduct its business": the name right after the kind's word
            named = list(re.finditer(_KIND_THEN_NAME.format(kind=rf"{kind[:-1]}\w*"), s.text))
        for m in named:
            name = m.group("name")
            if name.split()[0] in _NOT_A_NAME:
                continue
            found.setdefault(name.casefold().rstrip("."), (name, s))
    if len(found) != 1:
        return None
    (name, s), = found.values()
    return WrittenAnswer(status="answered", kind="choice",
                         text=f'{name}\n\n"{s.text}" ({s.chunk.doc} p.{s.chunk.page + 1})',
                         citations=[cite(s.chunk, s.text)])
