"""declared_dividend: "What quarterly cash dividend per share did the board declare ..., payable on March 1, 2023?"
answered by the sentence that declares it: "its board of directors has declared a quarterly dividend of $0.365 per
share on the company's common stock, which will be payable on March 1, 2023".

A dividend declared is a rate per share a release or a filing states in one sentence; the statements' "dividends
paid" line is a total in millions, another quantity. Signals any filing carries:
- the question asks a dividend per share that was declared;
- the sentence says "declared" (or "declares") and "dividend", and the rate "$X per share" follows within it;
- the question names a day (the declaration's, or the payment's), and the sentence names it too; a total or annual
  rate, or a question naming no day, is several declarations;
- a sentence with rates "respectively", or of preferred stock, is not one rate;
- every such sentence states the same rate; two rates are no answer.
"""

from __future__ import annotations

import re

from answering.citations import cite
from answering.kinds.sentences import sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from loaders.dates import MONTH_NAMES

ASKS = re.compile(r"\bdividends?\b[^?]{0,60}\bper\s+(?:common\s+)?share\b[^?]{0,80}\bdeclare|"
                  r"\bdeclare\w*\b[^?]{0,80}\bdividends?\b[^?]{0,40}\bper\s+(?:common\s+)?share\b|"
                  r"\bper[- ]share\s+(?:cash\s+)?dividend\b[^?]{0,80}\bdeclare", re.I)
_DECLARED = re.compile(r"\bdeclar(?:ed|es)\b[^.;]{0,80}?\bdividends?\b[^.;]{0,40}?\bof\s+\$\s?(?P<rate>\d+(?:\.\d+)?)\s+"
                       r"per\s+(?:common\s+)?share\b", re.I)
_DAY = re.compile(rf"\b(?P<month>{MONTH_NAMES})\.?\s+(?P<day>\d{{1,2}}),?\s+(?P<year>(?:19|20)\d\d)\b", re.I)


def _days(text: str) -> set[tuple[str, int, int]]:
    return {(m.group("month")[:3].lower(), int(m.group("day")), int(m.group("year"))) for m in _DAY.finditer(text)}


# a total over a year, several rates set side by side, or another class of stock: not one declaration's rate
_NOT_ONE_RATE = re.compile(r"\b(?:total|annual|aggregate|combined|full[- ]year)\s+(?:[\w-]+\s+){0,2}?dividends?\b", re.I)
_SEVERAL = re.compile(r"\brespectively\b|\bpreferred\b", re.I)


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    asked_days = _days(question)
    if not ASKS.search(question) or not asked_days or _NOT_ONE_RATE.search(question):
        return None  # (a day names the declaration asked; without one, the year's declarations are several)
    found: dict[float, tuple[str, SearchHit]] = {}
    for s in sentences(hits, companies):
        m = _DECLARED.search(s.text)
        if m is None or not asked_days & _days(s.text) or _SEVERAL.search(s.text):
            continue
        found.setdefault(float(m.group("rate")), (s.text, SearchHit(chunk=s.chunk, score=0.0)))
    if len(found) != 1:
        return None
    (rate, (sentence, hit)), = found.items()
    return WrittenAnswer(status="answered", kind="passage", value=rate, unit="USD/share",
                         text=f'${rate:g} per share\n\n"{sentence}" ({hit.chunk.doc} p.{hit.chunk.page + 1})',
                         citations=[cite(hit.chunk, sentence)], flags=["declared_dividend"])
