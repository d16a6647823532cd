"""tenure: the filing's own word that its chief executive served throughout the asked year.

"Did X have a change in CEO in fiscal 2019? If there is no mention, return False." is answered
No by the question's rule when no change is mentioned; the filing usually says more: "Ms. Hewson
has served as Chairman, President and Chief Executive Officer of Lockheed Martin since January
2014", "He began serving in his current role of Chief Executive Officer in August 2018". A start
before the asked year is the evidence for that No; a start in the asked year (or the one before
it, which a fiscal year may still cover) is a change the No must not hide, so the caller refuses.
A sentence about a former or interim officer, or one leaving, says nothing of the current one.
"""

from __future__ import annotations

import re

from answering.kinds.sentences import Sentence, split_sentences
from finrag.models import SearchHit
from loaders.dates import MONTH_NAMES

ASKS_CEO = re.compile(r"\bchief\s+executive(?:\s+officer)?\b|\bCEO\b", re.I)
# the role, then when its holder started in it: "... Chief Executive Officer of Lockheed Martin since January 2014"
_STARTED = re.compile(r"(?:\bchief\s+executive\s+officer\b|\bCEO\b)[^.;]{0,80}?\b(?:since|in)\s+"
                      rf"(?:(?:{MONTH_NAMES})\s+(?:\d{{1,2}},\s+)?)?(?P<year>(?:19|20)\d\d)\b", re.I)
_TENURE = re.compile(r"\b(?:has\s+(?:served|been)|have\s+(?:served|been)|since|began\s+serving|serving)\b", re.I)
_NOT_CURRENT = re.compile(r"\b(?:former(?:ly)?|interim|retir\w*|resign\w*|step(?:ped|s)?\s+down|succe\w*|until|"
                          r"predecessor|departure|left|will\s+become|elect\s+to)\b", re.I)


class Tenure:
    def __init__(self, sentence: Sentence, started: int):
        self.sentence, self.started = sentence, started


def ceo_tenures(hits: list[SearchHit], company: str) -> list[Tenure]:
    """Every sentence of the company's chunks saying when its (current) chief executive started in the role."""
    out: list[Tenure] = []
    seen: set[str] = set()
    for rank, hit in enumerate(hits):
        if (hit.chunk.company or "").casefold() != company.casefold():
            continue
        for position, text in enumerate(split_sentences(hit.chunk.text.replace("\n", " "))):
            text = text.strip()
            if text in seen or len(text) > 600:
                continue
            seen.add(text)
            m = _STARTED.search(text)
            if m is None or not _TENURE.search(text) or _NOT_CURRENT.search(text):
                continue
            out.append(Tenure(Sentence(text=text, chunk=hit.chunk, rank=rank, position=position), int(m.group("year"))))
    return out
