"""What an analyst's own searches found, added to the agent's answer after a plan review.

A search the analyst wrote into the plan (not one the agent proposed) says what they want to
see. The writer answers the question as asked, from every hit; this adds, for each such
search, the sentence of that search's own hits that best states the search's words, cited,
unless the answer already quotes it. So an edited plan changes the answer, and the analyst
reads what their search found, or that it found no sentence stating it.

The answer's status, value and kind stay the writer's: a finding is shown beside the answer,
never taken for it.
"""

from __future__ import annotations

from answering.citations import cite, unique_citations
from answering.kinds.sentences import Sentence, content_words, overlap, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit, TraceStep

# A sentence states a search when it carries at least half of the search's content words.
MIN_OVERLAP = 0.5


def with_analyst_findings(written: WrittenAnswer, analyst_queries: list[str], hits: list[SearchHit],
                          trace: list[TraceStep], companies: list[str]) -> WrittenAnswer:
    if not analyst_queries or written.status == "failed":
        return written
    by_id = {h.chunk.chunk_id: h for h in hits}
    notes: list[str] = []
    cited: list[Sentence] = []
    for query in analyst_queries:
        retrieved = next((s.retrieved for s in trace if s.step == "search" and s.query == query), None)
        if retrieved is None:
            continue  # not run (over the time or search limit): the trace says so
        found = best_sentence(query, [by_id[c] for c in retrieved if c in by_id], companies)
        if found is None:
            notes.append(f"Your search “{query}” found no sentence stating it.")
        elif found.text not in written.text:
            notes.append(f"Your search “{query}” found: {found.shown()}.")
            cited.append(found)
    if not notes:
        return written
    return written.model_copy(update={
        "text": f"{written.text.rstrip()} {' '.join(notes)}",
        "citations": unique_citations([*written.citations, *(cite(s.chunk, s.text) for s in cited)]),
    })


def best_sentence(query: str, hits: list[SearchHit], companies: list[str]) -> Sentence | None:
    wanted = content_words(query, companies)
    scored = [(overlap(s.text, wanted), -s.rank, -s.position, s) for s in sentences(hits, companies)]
    scored = [t for t in scored if t[0] >= MIN_OVERLAP]
    return max(scored, key=lambda t: t[:3])[3] if scored else None
