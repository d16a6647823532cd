"""Citations are checked in code: a quote must literally occur in the chunk it cites.

Whitespace is normalised on both sides (PDF text wraps lines where a model or a
sentence splitter joins them); nothing else is forgiven. A citation that fails is
dropped and the answer gets the flag "dropped_citation". A sentence addressed to an AI
("ignore previous instructions") is never quoted as evidence, by either writer.
"""

from __future__ import annotations

import re

from finrag.models import Chunk, Citation
from finrag.text import collapse_whitespace, quote_in_text

DROPPED_FLAG = "dropped_citation"

# Sentences addressed to an AI are not evidence about a company; never quote them.
_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget)\b.{0,40}\b(previous|prior|above|all|earlier)\b.{0,20}\b(instructions?|prompts?|rules)\b"
    r"|\b(you are|as an) (an? )?(ai|assistant|language model)\b",
    re.I,
)


def is_instruction(text: str) -> bool:
    """True for text that addresses an AI (a prompt injection planted in a report)."""
    return bool(_INSTRUCTION.search(text))


def verify_citations(
    citations: list[Citation], chunks_by_id: dict[str, Chunk]
) -> tuple[list[Citation], list[Citation]]:
    """(kept, dropped): kept citations quote their chunk and carry its doc and page."""
    kept: list[Citation] = []
    dropped: list[Citation] = []
    seen: set[tuple[str, str]] = set()
    for citation in citations:
        chunk = chunks_by_id.get(citation.chunk_id)
        if chunk is None or not quote_in_text(citation.quote, chunk.text):
            dropped.append(citation)
            continue
        key = (citation.chunk_id, collapse_whitespace(citation.quote))
        if key in seen:
            continue
        seen.add(key)
        # Provenance comes from the chunk, never from whoever wrote the citation.
        kept.append(citation.model_copy(update={"doc": chunk.doc, "page": chunk.page}))
    return kept, dropped


def cite(chunk: Chunk, quote: str) -> Citation:
    return Citation(doc=chunk.doc, page=chunk.page, chunk_id=chunk.chunk_id, quote=collapse_whitespace(quote))


def unique_citations(citations: list[Citation]) -> list[Citation]:
    """The first citation of each (chunk, quote), in order."""
    seen: dict[tuple[str, str], Citation] = {}
    for c in citations:
        seen.setdefault((c.chunk_id, c.quote), c)
    return list(seen.values())
