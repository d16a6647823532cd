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
_ASK = re.compile(r"^\W*which\s+(?P<description>(?:[\w’'-]+\s+){1,10}?)(?:did|does|do|has|have|had)\s+"
                  r"(?P<doer>(?:\S+\s+){1,6}?)(?P<verb>[a-z]{4,})\b", re.I)
# "3PM Shield, a provider of AI-based marketplace compliance solutions"
_APPOSITIVE = re.compile(r"(?P<name>(?:[A-Z0-9][\w&.'’-]*\s+){0,4}[A-Z0-9][\w&'’-]*[\w&'’]),\s+an?\s+"
                         r"(?P<description>[^,.;:()]{5,160})")
_MIN_WORDS = 2  # a description of one word ("company", "firm") names a kind, not the thing
_NOT_A_NAME = frozenset({"The", "This", "That", "It", "We", "Our", "Its", "In", "On", "As", "At"})


def asked(question: str) -> tuple[list[str], str] | None:
    """The question's description's content words and its verb, or None when it asks no such thing."""
    m = _ASK.match(question)
    if m is None:
        return None
    words = content_words(m.group("description"), [])
    return (words, m.group("verb").lower()) if len(words) >= _MIN_WORDS else None


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The one name the filing describes as the question does, with the sentence that does; None otherwise."""
    ask = asked(question)
    if ask is None or len(companies) != 1:
        return None
    words, verb = ask
    deed = verb[:5]  # "acquire", "acquisition"; "launch", "launched"
    found: dict[str, tuple[str, Sentence]] = {}
    for s in sentences(hits, companies):
        if not any(t.startswith(deed) for t in tokenize(s.text)):
            continue
        for m in _APPOSITIVE.finditer(s.text):
            described = tokenize(m.group("description"))
            name = m.group("name")
            if name.split()[0] in _NOT_A_NAME or not all(any(same_stem(t, w) for t in described) for w in words):
                continue
            found.setdefault(name.casefold(), (name, s))
    if len(found) != 1:
        return None
    (name, s), = found.values()
    return WrittenAnswer(status="answered", kind="choice",
                         text=f'{name}\n\n"{s.text}" ({s.chunk.doc} p.{s.chunk.page + 1})',
                         citations=[cite(s.chunk, s.text)])
