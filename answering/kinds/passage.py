"""passage: the sentences that *state* the asked fact, quoted and cited.

A sentence qualifies only when it names the question's key phrase (answering.kinds.
sentences.Topic), is about the asked company, is not hedged risk language (unless the
question asks about risks), and shares at least half the question's content words. When
no sentence qualifies, None: the caller refuses rather than quote look-alikes.
"""

from __future__ import annotations

import re
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
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_MIN_OVERLAP = 0.5
_BY_HOW_MUCH = re.compile(r"\bby\s+how\s+much\b", re.I)
# one amount of money in a sentence: "$4,200,000,000", "$3.8 billion"
_MONEY = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?(?:\s(?:thousand|million|billion)s?)?", re.I)


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


# A question that asks for an amount ("and how much did it incur under the plan?") is not
# answered by sentences that state none: the part asked for would be missing.
_ASKS_AMOUNT = re.compile(r"\bhow\s+much\b|\bwhat\s+(?:amount|price|did\s+(?:it|this|that)\s+cost)\b|"
                          r"\bat\s+what\s+price\b|\bhow\s+many\b", re.I)
_AN_AMOUNT = re.compile(r"\$\s?\d|\d[\d,.]*\s*(?:%|percent\b|(?:thousand|million|billion)s?\b)|"
                        r"\b\d{1,3}(?:,\d{3})+\b", re.I)


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    best = stating(decision, question, hits, understanding, services)
    if not best:
        return None
    if _ASKS_AMOUNT.search(question) and not any(_AN_AMOUNT.search(s.text) for s in best):
        stated = [s for s in stating(decision, question, hits, understanding, services, limit=8)
                  if _AN_AMOUNT.search(s.text)]
        if not stated:
            reason = "the question asks for an amount, and the sentences that state the rest name none"
            return WrittenAnswer(status="not_found", kind=decision.kind, reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}; found: {quoted(best)}")
        best = [best[0], stated[0]]
    text, value = quoted(best), None
    if _BY_HOW_MUCH.search(decision.ask) and len(best) == 2:
        amounts = [_MONEY.findall(s.text) for s in best]
        if all(len(a) == 1 for a in amounts):
            low, high = sorted(_amount(a[0]) for a in amounts)
            value = high - low
            text = (f"${value:,.0f}: from ${low:,.0f} to ${high:,.0f}, as the two "
                    f"sentences state (difference computed). {text}")
    return WrittenAnswer(status="answered", text=text, kind=decision.kind, value=value, unit="USD" if value else None,
                         citations=unique_citations([cite(s.chunk, s.text) for s in best]))


def _amount(token: str) -> float:
    number, _, word = token.partition(" ")
    scale = {"thousand": 1e3, "million": 1e6, "billion": 1e9}.get(word.lower().rstrip("s"), 1.0)
    return float(number.replace("$", "").replace(",", "")) * scale
