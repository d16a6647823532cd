"""dependence: "How dependent was X on the F-35 program?", "How reliant is it on Walmart?" asked as a degree.

A filing states a dependence by the share of its sales or revenues the thing makes up ("The F-35 program is
our largest program, generating 27% of our total consolidated net sales"), seldom in the question's word
"dependent". The answer is the sentence that names the thing and states such a share; none, no answer (a
sentence naming the program without a share says nothing of how much depends on it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import content_words, mentions_years, overlap, sentences
from answering.written_answer import WrittenAnswer
from finrag.vocabulary import tokenize

if TYPE_CHECKING:
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

# "How dependent was Lockheed Martin on the F-35 program in FY2019?": the thing depended on, after "on"
ASKS = re.compile(r"^\W*how\s+(?:heavily\s+|much\s+)?(?:dependent|reliant|depend|rely)\s+(?:was|were|is|are|did|does|do)?\s*"
                  r"(?P<who>[^?]*?)\s+(?:on|upon)\s+(?P<what>[^?]+)", re.I)
# a share written in figures or words: "27%", "ten percent" (answering.kinds.asked_shape reads it too)
A_SHARE = r"(?:\d(?:\.\d+)?\s?|\b(?:five|ten|fifteen|twenty|thirty|forty|fifty)\s+)(?:%|percent\b)"
# a share of the company's sales or revenues: "27% of our total consolidated net sales", "ten percent of net sales"
_SHARE = re.compile(A_SHARE + r"\s+of\s+(?:our|its|the\s+company['’]s|total|consolidated)\s+(?:[\w-]+\s+){0,3}?"
                    r"(?:net\s+)?(?:sales|revenues?)\b", re.I)
# the words every such sentence carries, which tell no thing depended on from another
_SHARE_WORDS = frozenset(tokenize("sales revenue revenues net total consolidated"))
_MAX_SENTENCES = 2


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding) -> WrittenAnswer | None:
    """The sentences naming what the company depends on with its share of sales; None when none does."""
    asked = ASKS.search(question)
    if asked is None or len(understanding.companies) != 1:
        return None
    companies = list(understanding.companies)
    # (every word of the thing: "government revenue" is not "International revenue was 42% of our total revenues")
    wanted = [w for w in content_words(asked.group("what"), companies) if w not in _SHARE_WORDS]
    if not wanted:
        return None
    years = sorted(set(understanding.fiscal_years))
    found = [s for s in sentences(hits, companies) if _SHARE.search(s.text) and overlap(s.text, wanted) == 1.0
             and (not years or mentions_years(s.text, years) or s.chunk.fiscal_year in years)]
    if not found:
        return None
    said = list({s.text: s for s in found}.values())[:_MAX_SENTENCES]
    return WrittenAnswer(status="answered", kind="passage", text=" ".join(s.shown() for s in said),
                         citations=unique_citations([cite(s.chunk, s.text) for s in said]))
