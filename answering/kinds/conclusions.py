"""A conclusion and the sentences it rests on: "As a result, operating profit this quarter was $293,000
compared to an operating loss of ($292,000) ..." closes a paragraph that states each line's change and
its cause ("Insurance and losses decreased $1,167,000 primarily due to ..."); the run before it explains
the concluded figure's change though no sentence of it names that figure."""

from __future__ import annotations

import re

from answering.kinds.cause_cues import CHANGED, is_cause
from answering.kinds.sentences import Sentence, content_words, opens_inside, overlap

# a sentence that concludes from the sentences before it: "As a result, operating profit this quarter
# was $293,000 compared to an operating loss of ($292,000) in the same quarter last year."
CONCLUSION = re.compile(r"^(?:As\s+a\s+result|Consequently|Accordingly|As\s+such),\s", re.I)
CONCLUDES = re.compile(r"(?:^|[.!?]\s+)(?:As\s+a\s+result|Consequently|Accordingly|As\s+such),\s", re.I)
# a sentence of the run a conclusion rests on: a line's change ("Insurance and losses decreased
# $1,167,000 primarily due to ...", "Depreciation expense was down $247,000 as a result of ...", "Gain on
# disposition of assets was $774,000 this period versus $1,657,000 in the same period last year")
_LINE_CHANGE = re.compile(r"\b(?:up|down|versus|vs)\b|\bcompared\s+(?:to|with)\b", re.I)
_RUN = 8


def causes_before(s: Sentence, before: dict[str, Sentence], found: list[Sentence]) -> list[Sentence]:
    """The sentences a conclusion rests on, in order: the run just before it, in its filing, of
    sentences that state a change, back to the first that states none or concludes itself (the
    paragraph before). None when no sentence of the run states a cause."""
    run: list[Sentence] = []
    at = _before(s, before, found)
    while at is not None and len(run) < _RUN and at.chunk.doc == s.chunk.doc and not CONCLUSION.match(at.text) \
            and (CHANGED.search(at.text) or _LINE_CHANGE.search(at.text)) and at not in run:
        run.insert(0, at)
        at = _before(at, before, found)
    return run if any(is_cause(r.text) for r in run) else []


def closing(s: Sentence, after: dict[str, Sentence], question: str, companies: list[str]) -> list[Sentence]:
    """The sentence that closes a conclusion's paragraph with another figure the question asks about
    ("As a result, operating profit was $243,000 ... Operating ratio was 99.7 versus 98.2 last year.")."""
    nxt = after.get(s.text)
    if nxt is None or is_cause(nxt.text) or not _LINE_CHANGE.search(nxt.text) \
            or overlap(nxt.text, content_words(question, companies)) == 0:
        return []
    return [nxt]


def _before(s: Sentence, before: dict[str, Sentence], found: list[Sentence]) -> Sentence | None:
    """The sentence just before `s` in its filing: in its chunk, else the last one of the chunk
    before that stands before it (chunks overlap: the chunk before may hold `s` too, read once)."""
    lead = before.get(s.text)
    if lead is not None and opens_inside(lead.text):
        # the chunk starts inside a sentence ("higher fuel surcharges."): it is read whole in the chunk before
        return next((t for t in found if t.chunk.doc == s.chunk.doc and t.chunk.index == s.chunk.index - 1
                     and t.text.endswith(lead.text)), None)
    if lead is not None or s.before:
        return lead
    previous = sorted((t for t in found if t.chunk.doc == s.chunk.doc and t.chunk.index == s.chunk.index - 1),
                      key=lambda t: t.position)
    if not previous:
        return None
    text = " ".join(previous[0].chunk.text.split())
    end = text.find(" ".join(s.text.split())[:40])
    placed = [t for t in previous if end < 0 or 0 <= text.find(" ".join(t.text.split())[:40]) < end]
    return placed[-1] if placed else None
