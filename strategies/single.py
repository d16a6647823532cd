"""Single-shot strategy: one retrieval for the question, then write.

Retrieval flags decide honesty up front: `no_filter_match` (the question names a company
or year the store doesn't hold) is always "not found"; `low_evidence` is "not found"
unless the writer read every figure the question asks for from rows of the right
company and year (exact evidence outranks a low similarity score).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from answering.writer import not_found, write_answer
from finrag.llm import Usage
from finrag.models import Answer, Question, TraceStep

if TYPE_CHECKING:
    from strategies.router import RouteDecision
    from strategies.services import Services


def answer_single(question: Question, services: Services, route: RouteDecision) -> Answer:
    usage = Usage()
    retrieval = services.retriever.retrieve(question.question)
    flags = list(retrieval.flags)
    trace = [
        TraceStep(
            step="search",
            query=question.question,
            filters=retrieval.filters.model_dump() if retrieval.filters else None,
            retrieved=[h.chunk.chunk_id for h in retrieval.hits],
            decision=f"{len(retrieval.hits)} hits" + (f"; flags: {', '.join(flags)}" if flags else ""),
        )
    ]
    searched = [(question.question, retrieval.filters)]
    if "no_filter_match" in flags:
        mentions = ", ".join(getattr(retrieval.understanding, "unknown_company_mentions", []) or [])
        reason = "the reports in the store do not cover the company or period asked about"
        written = not_found(searched, f"{reason}{f' ({mentions})' if mentions else ''}")
    else:
        written = write_answer(question, retrieval.hits, retrieval.understanding, services, usage)
        if "low_evidence" in flags and written.status == "answered" and written.value is None \
                and "glossary" not in written.flags:
            written = not_found(searched, "no retrieved passage is relevant enough")
    trace.append(TraceStep(step="write", decision=f"{written.status} ({written.engine})"))
    return written.to_answer("single", usage, searches=1, trace=trace, flags=flags)
