"""passage: the sentences that *state* the asked fact, quoted and cited.

A sentence qualifies only when it names the question's key phrase (answering.kinds.
sentences.Topic), is about the asked company, is not hedged risk language (unless the
question asks about risks), and shares at least half the question's content words. When
no sentence qualifies, None: the caller refuses rather than quote look-alikes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import (
    Sentence,
    asks_about_risk,
    content_words,
    mentions_years,
    overlap,
    quoted,
    read_topic,
    sentences,
)
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_MIN_OVERLAP = 0.5


def stating(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices, limit: int = 2, min_overlap: float = _MIN_OVERLAP) -> list[Sentence]:
    """The best sentences that state what the question asks, best first (at most `limit`)."""
    companies = list(understanding.companies)
    ask = decision.ask or question
    topic = read_topic(ask, companies, services.vocabulary)
    if topic is None:
        return []
    wanted = content_words(ask, companies)
    years = sorted(set(understanding.fiscal_years))
    scored = []
    for s in sentences(hits, companies, risks=asks_about_risk(ask)):
        if not topic.stated_by(s.text):
            continue
        share = overlap(s.text, wanted)
        if share >= min_overlap:
            # a sentence about the asked period outranks one about another
            dated = 0.25 if years and mentions_years(s.text, years) else 0.0
            scored.append((share + dated, -s.rank, -s.position, s))
    scored.sort(key=lambda t: t[:3], reverse=True)
    return [t[3] for t in scored[:limit]]


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    best = stating(decision, question, hits, understanding, services)
    if not best:
        return None
    return WrittenAnswer(status="answered", text=quoted(best), kind=decision.kind,
                         citations=unique_citations([cite(s.chunk, s.text) for s in best]))
