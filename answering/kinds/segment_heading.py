"""segment_heading: the segment whose section of the filing a sentence sits in, by the filing's own headings.

A report's MD&A discusses each segment under its own heading ("Domestic Segment", then
"International Segment"), in sentences that never name it ("Our gross profit rate increased in the
second quarter of fiscal 2024, primarily due to ..."). A question about one segment ("Best Buy's
Domestic segment gross profit rate") is answered only by a sentence under that segment's heading or
naming it: a sibling segment's section, or the company's, answers another question.

Two signals any such filing and question carry:
- the question names the segment as "<Name> segment" (capitalised, as filings name their segments);
- the filing heads a section with that name and "Segment", a line of its own; the section runs to the
  next segment's heading, a heading that closes the segments' discussion ("Liquidity and Capital
  Resources"), or the next Item.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from finrag.models import Chunk

# "Best Buy's Domestic segment gross profit rate", "the Commercial Banking segment"
_ASKED = re.compile(r"\b(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|and|&)){0,3})\s+segment\b")
# words that capitalise "segment" without naming one ("Each segment", "Which segment", "Reportable segment")
_NO_NAME = frozenset({"each", "every", "which", "what", "the", "its", "their", "our", "a", "any", "one", "reportable",
                      "operating", "business", "geographic", "largest", "smallest", "other", "did", "how", "why"})
# a heading of a segment's section: "Domestic Segment", "International Segment" (a line of its own)
_HEADING = re.compile(r"^[^\w\n]{0,3}(?P<name>[A-Z][\w&'’.-]*(?:[ \t]+(?:[A-Z][\w&'’.-]*|of|and|&)){0,3})[ \t]+"
                      r"Segments?[ \t]*$", re.M)
# a heading that closes the segments' discussion: the MD&A's next sections
_CLOSES = re.compile(r"^[^\w\n]{0,3}(?:Liquidity\s+and\s+Capital\s+Resources|Consolidated\s+(?:Results|Performance)"
                     r"|Critical\s+Accounting|Non-GAAP|Outlook|Financial\s+Condition|Cash\s+Flows?|Item\s+\d)\b.*$",
                     re.M | re.I)
_OPENING = 8  # the words that find a sentence in its chunk


def asked_segment(question: str) -> str | None:
    """The one segment the question names as "<Name> segment", without the company's possessive
    ("Best Buy's Domestic segment" -> "Domestic"); None for none, several, or a word naming none."""
    names = []
    for m in _ASKED.finditer(question):
        words = m.group("name").split()
        # "Best Buy's Domestic": the words after the company's possessive
        cut = max((i + 1 for i, w in enumerate(words) if re.search(r"['’]s$", w)), default=0)
        words = words[cut:]
        while words and words[0].lower() in _NO_NAME:
            words = words[1:]
        if words:
            names.append(" ".join(words))
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else None


def headed(name: str, chunks: Sequence[Chunk]) -> bool:
    """Whether the filing heads a section with the segment's name ("Domestic Segment")."""
    return any(m.group("name").casefold() == name.casefold() for c in chunks for m in _HEADING.finditer(c.text))


def section_of(chunk: Chunk, sentence: str, chunks: Sequence[Chunk]) -> str | None:
    """The segment whose section the sentence sits in: the last segment heading above it (in its chunk
    before it, then the chunks before, back to the start of its Item), or None when a closing
    heading or none comes first."""
    # where the sentence starts in its chunk (whose lines its text joined with spaces)
    start = re.search(r"\s+".join(re.escape(w) for w in sentence.split()[:_OPENING]), chunk.text)
    above = [chunk.text[:start.start()] if start is not None else chunk.text]
    above += [c.text for c in sorted((c for c in chunks if c.doc == chunk.doc and c.index < chunk.index
                                      and c.section == chunk.section), key=lambda c: -c.index)]
    for text in above:
        last = None
        for m in [*_HEADING.finditer(text), *_CLOSES.finditer(text)]:
            if last is None or m.start() > last.start():
                last = m
        if last is not None:
            return last.groupdict().get("name") if last.re is _HEADING else None
    return None


def about_segment(name: str, chunk: Chunk, sentence: str, chunks: Sequence[Chunk]) -> bool:
    """Whether a sentence is about the asked segment: it names it, or sits in its section."""
    if re.search(rf"(?<![\w&]){re.escape(name)}(?![\w&])", sentence):
        return True
    section = section_of(chunk, sentence, chunks)
    return section is not None and section.casefold() == name.casefold()
