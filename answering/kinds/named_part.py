"""named_part: the one part of a company a question is about ("Boeing's Commercial Airplanes (BCA)
loss from operations", "Google Cloud's operating loss"), so that the company's own figures and
sentences are not given for the part's.

Two signals any filing or question carries:
- a segment the filing itself lists (segment_drivers.listed_segments: its listing sentence, a table
  captioned by segment), named in the question by its name or its abbreviation;
- a defined term in the question: capitalised words with their abbreviation in brackets
  ("Commercial Airplanes (BCA)"), which is how filings name their businesses, and which the
  company's own name is not.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from answering.kinds.segment_drivers import listed_segments
from answering.kinds.sentences import name_words
from finrag.models import SearchHit
from finrag.vocabulary import tokenize

# "Commercial Airplanes (BCA)", "Family of Apps (FoA)": a name of capitalised words (with "of", "and",
# "&") and its abbreviation in brackets
_DEFINED = re.compile(r"\b(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|and|&)){0,4})\s*"
                      r"\((?P<short>[A-Z][A-Za-z&]{1,5})\)")


# "its segments", "by segment", "each segment": a breakdown over the parts, not one part's question
_SEVERAL = re.compile(r"\bsegments\b|\b(?:by|each|every)\s+segment\b", re.I)


class NamedPart(BaseModel):
    """The part's name and the other ways the filing writes it (its abbreviation)."""

    name: str
    aliases: list[str]

    @property
    def labels(self) -> list[str]:
        return [self.name, *self.aliases]


def _words_in(label: str, text: str) -> bool:
    return re.search(rf"(?<![\w&]){re.escape(label)}(?![\w&])", text) is not None


def named_part(question: str, hits: list[SearchHit], companies: list[str]) -> NamedPart | None:
    """The one part of the company the question names, or None (the company as a whole, or several
    parts: "how did Google Services, Google Cloud and Other Bets change" asks a breakdown)."""
    if _SEVERAL.search(question):
        return None
    company_words = name_words(*companies)
    listed = listed_segments(hits)
    named = [NamedPart(name=name, aliases=listed.aliases.get(name, [])) for name in listed.names
             if name.lower() not in company_words
             and any(_words_in(label, question) for label in [name, *listed.aliases.get(name, [])])]
    if named:
        return named[0] if len(named) == 1 else None
    parts = []
    for m in _DEFINED.finditer(question):
        tokens = m.group("name").split()
        while tokens and re.sub(r"['’]s$", "", tokens[0]).lower() in company_words:
            tokens = tokens[1:]  # "Boeing's Commercial Airplanes (BCA)": the company's name is no part of the part's
        name = " ".join(tokens)
        words = name_words(name)
        if words and not words <= company_words and m.group("short").lower() not in company_words:
            parts.append(NamedPart(name=name, aliases=[m.group("short")]))
    return parts[0] if len(parts) == 1 else None


# an abbreviation naming a part ("BGS total backlog", "AWS segment sales"); accounting's own
# abbreviations qualify no part of the company
_ABBREVIATION = re.compile(r"^[A-Z][A-Z&]{1,4}$")
_NOT_A_PART = frozenset({"GAAP", "IFRS", "US", "USD", "EPS", "EBIT", "EBITDA", "ASC", "SEC", "CEO", "CFO", "LLC", "LP",
                         "INC", "NYSE", "FY", "YOY", "TTM", "II", "III", "IV"})
_WORD = re.compile(r"[A-Za-z&][\w&'’-]*")
_BACK = 2  # "BGS total backlog": the abbreviation, then at most one word, before the asked word
_FUNCTION = frozenset({"a", "an", "the", "its", "our", "their", "his", "her", "is", "are", "was", "were", "has", "have",
                       "had", "will", "to", "of", "in", "on", "for", "by", "and", "or"})
_VERB_END = re.compile(r"(?:ed|ing|s)$")  # "completed", "filing", "files": a verb, not a modifier


def said_of_another_part(text: str, first_stems: set[str], question: str, companies: list[str]) -> bool:
    """Whether the sentence's first mention of the asked thing (a word whose stem is in one of the
    topic's phrases, `first_stems`) names it as a part's: an abbreviation the question does not use just
    before it ("BGS total backlog of $20,496 million" for "Boeing's total backlog"). A sentence
    about one part states the part's figure, not the company's."""
    asked = {re.sub(r"['’]s$", "", w).lower() for w in _WORD.findall(" ".join([question, *companies]))}
    raw = _WORD.findall(text)
    # the asked thing as a noun: "the FTC filed a complaint" uses "file" as a verb, which no part qualifies
    # and in lower case, a common noun of the running text: a heading ("Backlog BGS total backlog", "CONSENT
    # OF INDEPENDENT ...") or a name ("FRP Holdings, Inc.") is no part's figure
    places = [i for i, w in enumerate(raw) if tokenize(w) and tokenize(w)[0] in first_stems
              and not re.search(r"(?:ed|ing)$", w) and w[:1].islower()]
    if not places:
        return False
    # its first mention is its subject ("BCA total backlog of $296,882 million ... for inclusion in backlog")
    before = raw[max(0, places[0] - _BACK):places[0]]
    marks = [w for w in before if _ABBREVIATION.match(w) and w not in _NOT_A_PART and w.lower() not in asked
             and w.lower() not in _FUNCTION]
    if not marks:
        return False
    # the abbreviation modifies the asked word ("BGS total backlog"): at most one word between them, a
    # modifier, not a verb or an article ("EMT completed the acquisition", "the FTC filed a complaint")
    between = before[before.index(marks[-1]) + 1:]
    return all(w.islower() and w not in _FUNCTION and not _VERB_END.search(w) for w in between)
