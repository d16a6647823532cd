"""definition: what a term means, or what a company's policy or arrangement is.

No company named: the vocabulary's glossary (a metric with its formula, or a glossary
term). A company named ("What is the nature of X's revenue recognition policy?", "the
nature and purpose of its off-balance sheet arrangements"): the filing's sentences that
state it (answering.kinds.passage), the accounting-policy note's first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.extractive_writer import define_term
from answering.kinds import passage
from answering.written_answer import GLOSSARY, WrittenAnswer
from finrag.models import SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    vocab = services.vocabulary
    if not understanding.companies:
        metrics = vocab.match_metrics(decision.ask)
        if metrics:
            return define_term(metrics[0], vocab).model_copy(update={"kind": "definition"})
        terms = vocab.match_terms(decision.ask)
        if terms:
            label = vocab.label(terms[0]) or terms[0]
            return WrittenAnswer(status="answered", kind="definition", flags=[GLOSSARY],
                                 text=f"{label}: {vocab.define(terms[0])}")
    found = passage.stating(decision, question, hits, understanding, services, limit=6, min_overlap=0.34)
    if not found:
        return None
    # the accounting-policy note states a policy; MD&A and risk factors talk about it
    found.sort(key=lambda s: (0 if "polic" in s.chunk.section.lower() else 1, s.rank, s.position))
    best = found[:3]
    return WrittenAnswer(status="answered", kind="definition", text=" ".join(s.shown() for s in best),
                         citations=unique_citations([cite(s.chunk, s.text) for s in best]))
