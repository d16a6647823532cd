"""An amount and the parts the filing splits it into, for a question asking how it was split.

"What one-time charge did PG&E Corporation record in 2017 for the transitional impacts of the Tax
Cuts and Jobs Act, and how was it split?" is answered by the sentence stating the charge ("...
recorded a one-time provisional tax expense of $147 million to reflect the transitional impacts of
the Tax Act.") and the sentences right after it that part it ("Of this amount, $83 million is
attributable to ... The remaining $64 million is related to ..."). The parts must add up to the
amount: then they are its whole split, not amounts that merely follow it. Otherwise None (the
caller's refusal stands).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite_held, unique_citations
from answering.kinds.listed_amounts import EVERY_ITEM, _neighbours
from answering.kinds.sentences import content_words
from answering.numbers import years_in
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.text import quote_in_text
from finrag.vocabulary import tokenize

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

# "..., and how was it split?", "how was it broken down", "what were its components"
_ASKS_SPLIT = re.compile(r",?\s*(?:and\s+)?(?:how\s+(?:was|were|is|are)\s+(?:it|they|that|this|the\s+\w+)\s+"
                         r"(?:split|broken\s+down|divided|allocated|apportioned)|what\s+(?:were|are)\s+its\s+"
                         r"(?:components|parts))\b.*$", re.I)
_SENTENCE_BREAK = re.compile(r"(?<=[.;])\s+(?=[A-Z$])")
# a sentence that parts the amount before it: "Of this amount, $83 million ...", "The remaining $64 million"
_PART = re.compile(r"^(?:of\s+(?:this|that|the|these|such)\b|the\s+(?:remaining|remainder|balance|rest|other)\b)", re.I)
_MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion)\b", re.I)
_SCALE = {"thousand": 1e-3, "million": 1.0, "billion": 1e3}
_MIN_SHARED = 0.5  # of the question's words (its split ask aside) the amount's sentence states


def asks_split(question: str) -> bool:
    return bool(_ASKS_SPLIT.search(question))


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          retriever: Retriever | None) -> WrittenAnswer | None:
    companies = list(understanding.companies)
    years = set(understanding.fiscal_years)
    if not asks_split(question) or len(companies) != 1 or not years:
        return None
    asked = set(content_words(_ASKS_SPLIT.sub("", question), companies))
    if len(asked) < 3:
        return None
    found = [*hits, *_neighbours(hits, retriever)]
    chunks = {(h.chunk.doc, h.chunk.index): h.chunk for h in found}
    for hit in hits:
        after = chunks.get((hit.chunk.doc, hit.chunk.index + 1))
        text = hit.chunk.text if after is None else f"{hit.chunk.text}\n{after.text}"
        said = [" ".join(s.split()) for s in _SENTENCE_BREAK.split(text)]
        for at, sentence in enumerate(said):
            total = _first_amount(sentence)
            if total is None or not _about(sentence, asked) or not _dated(sentence, hit.chunk, years):
                continue
            parts = []
            for following in said[at + 1: at + 5]:
                if not _PART.match(following) or (part := _first_amount(following)) is None:
                    break
                parts.append((following, part))
            if len(parts) >= 2 and abs(sum(p for _, p in parts) - total) <= 0.005 * total:
                quotes = [sentence, *(p for p, _ in parts)]
                held = [c for c in (hit.chunk, after) if c is not None]
                citations = unique_citations([_cite(held, q) for q in quotes])
                return WrittenAnswer(
                    status="answered", kind="passage", flags=[EVERY_ITEM], citations=citations,
                    text=" ".join(f"\u201c{q}\u201d" for q in quotes) + f" (p.{citations[0].page + 1})")
    return None


def _cite(held: list[Chunk], text: str):
    chunk = next((c for c in held if quote_in_text(text, c.text)), held[0])
    return cite_held(chunk, text)


def _first_amount(sentence: str) -> float | None:
    m = _MONEY.search(sentence)
    return float(m[1].replace(",", "")) * _SCALE[m[2].lower()] if m else None


def _about(sentence: str, asked: set[str]) -> bool:
    stems = set(tokenize(sentence))
    return sum(w in stems for w in asked) >= _MIN_SHARED * len(asked)


def _dated(sentence: str, chunk: Chunk, years: set[int]) -> bool:
    own = years_in(sentence)
    return bool(own & years) if own else chunk.fiscal_year in years
