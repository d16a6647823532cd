"""composition: "Which territories make up the Greater China segment?", read from the sentence in which the
filing says what a named whole is made of ("Greater China includes China mainland, Hong Kong and Taiwan").

A question of this shape asks the parts of one named thing (a segment, a region, a group): its topic words
("territories make ...") are no words of the answer, and the sentence that answers names the whole, then a verb
of composition, then the parts. A whole without a proper name ("the company's products") is left to the list
reader; a sentence naming the whole with no such verb after it says nothing of its parts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices

# "which territories make up", "what countries are included in", "which brands comprise": the parts of a whole
ASKS_COMPOSITION = re.compile(r"^\W*(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:make|makes)\s+up\s+(?P<whole>[^?]+)|"
                              r"^\W*(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:comprise|constitute|form|are\s+(?:included|grouped)"
                              r"\s+in(?:to)?)\s+(?P<whole2>[^?]+)", re.I)
# the whole's proper name: its capitalised words after "the" / "its" ("Greater China", "Rest of Asia Pacific")
_NAME = re.compile(r"^(?:the\s+|its\s+)?(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:of\s+|and\s+|&\s+)?[A-Z][\w&'’.-]*)*)")
_COMPOSED = r"(?:includes|included|consists\s+of|comprises|is\s+(?:comprised|composed|made\s+up)\s+of|covers|encompasses)"


def asked_whole(ask: str) -> str | None:
    """The proper name of the whole whose parts the question asks, or None."""
    m = ASKS_COMPOSITION.search(ask)
    if m is None:
        return None
    named = _NAME.match((m.group("whole") or m.group("whole2") or "").strip())
    return named.group("name") if named else None


def composition_said(whole: str) -> re.Pattern[str]:
    """A sentence saying what the named whole is made of: the whole, a verb of composition, then its parts
    ("Greater China includes China mainland, Hong Kong and Taiwan"), the parts up to the sentence's end."""
    return re.compile(rf"\b{re.escape(whole)}(?:\s+(?:reportable\s+)?(?:segment|region|division|group))?,?\s+{_COMPOSED}\s+"
                      rf"(?P<parts>[^.;]+)")


def write(ask: str, hits: list[SearchHit], companies: list[str], services: MetricServices) -> WrittenAnswer | None:
    """The sentence saying what the named whole is made of, quoted; None when no sentence says it."""
    whole = asked_whole(ask)
    if whole is None or len(companies) != 1:
        return None
    said = composition_said(whole)
    pool = list(hits)
    retriever = getattr(services, "retriever", None)
    if retriever is not None:
        # the defining sentence uses none of the question's other words ("territories", "make up")
        have = {h.chunk.chunk_id for h in hits}
        pool += [h for h in retriever.search(f"{whole} includes", filters=SearchFilters(companies=companies), k=8,
                                             mode="sparse") if h.chunk.chunk_id not in have]
    for s in sentences(pool, companies):
        if (m := said.search(s.text)) is not None and ("," in m.group("parts") or " and " in m.group("parts")):
            quote = s.text[m.start():m.end()].strip()
            return WrittenAnswer(status="answered", kind="list", text=f'"{quote}." ({s.chunk.doc} p.{s.chunk.page + 1})',
                                 citations=unique_citations([cite(s.chunk, quote)]))
    return None
