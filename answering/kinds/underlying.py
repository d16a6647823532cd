"""Underlying growth: a figure's change without the items that distort its comparison, in the filing's words.

"Diluted EPS rose 66%. How much of that was underlying growth, and what items distort the comparison?"
is answered by the filing's own figure excluding items ("Excluding $0.18 per share of current year
restructuring charges ..., diluted earnings per share was $2.63, an increase of 15% ...") and the items
each period's results included, with their amounts (included_items.py: "Results for 2022 included the
following: • $500 million, or $0.67 per share, of nonoperating expense related to the settlement of a tax
audit in France"). Both come from the one filing; either missing refuses: an underlying figure without
the items, or items without the figure, answers half the question.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from answering.kinds import included_items
from answering.kinds.sentences import Sentence, Topic

# what the question asks: the change without the items ("underlying growth", "items that distort the comparison")
ASKS = re.compile(r"\bunderlying\s+(?:growth|increase|decrease|decline|change|performance|improvement)\b"
                  r"|\bitems?\b[^?]{0,40}\bdistort|\bdistort\w*\s+(?:the\s+)?comparison"
                  r"|\bexcluding\s+(?:one-?time|special|non-?recurring|unusual)\s+items\b", re.I)
# "what items distort the comparison?": the items that make a reported change differ from the underlying one,
# a why-question in other words (classify.py)
DISTORTS = re.compile(r"\bitems?\b[^?]{0,40}\bdistort|\bdistort\w*\s+(?:the\s+)?comparison", re.I)
# "Excluding $0.18 per share of ... charges ..., diluted earnings per share was $2.63, an increase of 15%": the
# figure without items, stated with its own change
_EXCLUDING = re.compile(r"\b(?:excluding|exclusive\s+of|adjusted\s+for)\b", re.I)
_CHANGE = re.compile(r"\b(?:increase|decrease|decline|growth|up|down)\b[^.]{0,30}?\d+(?:\.\d+)?\s*%"
                     r"|\d+(?:\.\d+)?\s*%\s+(?:increase|decrease|higher|lower)", re.I)
_AMOUNT = re.compile(r"[$€£¥]\s?\d")


class Underlying(BaseModel):
    stated: Sentence  # the figure excluding items, with its change
    lists: list[included_items.Included]


def excluding_sentence(found: list[Sentence], topic: Topic, doc: str) -> Sentence | None:
    """The filing's sentence that states the asked figure excluding items, with an amount and its change."""
    return next((s for s in found if s.chunk.doc == doc and s.text[:1].isupper()  # not a piece of one cut by a chunk
                 and _EXCLUDING.search(s.text) and topic.stated_by(s.text)
                 and _AMOUNT.search(s.text) and _CHANGE.search(s.text)), None)


def read(found: list[Sentence], topic: Topic, doc: str, years: tuple[int, int],
         hits: list) -> Underlying | None:  # type: ignore[type-arg]
    stated = excluding_sentence(found, topic, doc)
    if stated is None:
        return None
    lists = included_items.read(hits, doc, years)
    if not lists:
        return None
    return Underlying(stated=stated, lists=lists)
