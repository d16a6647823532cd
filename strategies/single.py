"""Single-shot strategy: one retrieval for the question, then write.

Retrieval flags decide honesty (answering.evidence): `no_filter_match` is always "not
found"; `low_evidence` is "not found" unless the writer read a figure the question asks for;
a question naming no company is answered only from one company's filings (`needs_company`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from answering.evidence import from_one_company, held_to_evidence, not_covered, out_of_scope
from answering.writer import write_answer
from finrag.llm import Usage
from finrag.models import Answer, Question, TraceStep
from strategies.router import companies_held, understanding_for

if TYPE_CHECKING:
    from strategies.router import RouteDecision
    from strategies.services import Services


def answer_single(question: Question, services: Services, route: RouteDecision) -> Answer:
    usage = Usage()
    understanding = understanding_for(question, services, route)
    retrieval = services.retriever.retrieve(question.question, understanding=understanding)
    if retrieval.rerank_reply:  # the LLM rerank of its pages (FINRAG_RERANK=llm)
        usage.add(retrieval.rerank_reply)
    flags = list(retrieval.flags)
    trace = [retrieval.trace_step()]
    searched = [(question.question, retrieval.filters)]
    if out_of_scope(flags):
        written = not_covered(searched, retrieval.understanding)
    else:
        written = write_answer(question, retrieval.hits, retrieval.understanding, services, usage)
        written = held_to_evidence(written, flags, searched)
        written = from_one_company(
            written, question.question, retrieval.hits, retrieval.understanding, companies_held(services)
        )
    if written.kind_reason:  # the answer's shape, a decision apart from the route's strategy
        trace.append(TraceStep(step="kind", decision=written.kind_reason))
    trace.append(TraceStep(step="write", decision=f"{written.status} ({written.engine})"))
    return written.to_answer("single", usage, searches=1, trace=trace, flags=flags)
