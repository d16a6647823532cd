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
        kept.append(citation.model_copy(
            update={"doc": chunk.doc, "page": chunk.page, "columns": table_columns(chunk.text, citation.quote)}
        ))
    return kept, dropped


def cite(chunk: Chunk, quote: str) -> Citation:
    quote = collapse_whitespace(quote)
    return Citation(doc=chunk.doc, page=chunk.page, chunk_id=chunk.chunk_id, quote=quote,
                    columns=table_columns(chunk.text, quote))  # fmt: skip


def cite_held(chunk: Chunk, text: str) -> Citation:
    """Cite `text`, or the longest start of it the chunk holds (a sentence continued in the
    next chunk): a citation quotes only what its chunk prints."""
    if quote_in_text(text, chunk.text):
        return cite(chunk, text)
    words = text.split()
    for n in range(len(words), 0, -1):
        head = " ".join(words[:n])
        if quote_in_text(head, chunk.text):
            return cite(chunk, head)
    return cite(chunk, text)


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_FIGURE = re.compile(r"\(?\$?\d[\d,]*(?:\.\d+)?\)?%?")
_DAY = re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2},?", re.I)
_HEADER_LOOKBACK = 40  # lines above the row; a statement page's header is near its top
_DAY_FIRST = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)? (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?", re.I)
_UNIT_CELL = re.compile(r"^[^\d\s]{0,5}000s?$")
_CELL_WORDS = 3  # a header cell on its own line: "Year ended", "31 March", "£'000"


def table_columns(text: str, quote: str) -> list[str]:
    """The column headers of the table row `quote` (its years, left to right), or [].

    A row is a line with figures; its header is the nearest line above it that names
    years and holds no other figure ("(in millions) 2023 2022 2021", "December 31, 2022
    December 31, 2021"). A header wrapped one cell per line ("Year ended / 31 March / 2022
    / £'000 / Year ended / 31 March / 2021 / £'000") is read as one: its year lines and the
    short cells between them, a year repeated by the title above counted once. A quote that
    is not a table row has no columns.
    """
    lines = text.splitlines()
    q = collapse_whitespace(quote)
    if not q:
        return []
    row = next((i for i, line in enumerate(lines) if q[:60] in collapse_whitespace(line)), None)
    if row is None or len(_figures(lines[row])) < 2:
        return []
    years: list[str] = []
    for line in reversed(lines[max(0, row - _HEADER_LOOKBACK) : row]):
        undated = _DAY.sub(" ", _DAY_FIRST.sub(" ", line))  # "December 31, 2022" / "31 March 2022"
        undated = " ".join(t for t in undated.split() if not _UNIT_CELL.match(t))  # "£'000" is no figure
        found = _YEAR.findall(undated)
        if found and len(_figures(undated)) == len(found):
            years = found + years
            if len(found) > 1 or len(line.split()) > _CELL_WORDS:
                break  # a whole header line (or a title) ends the header
            continue
        if years and not _figures(undated) and len(line.split()) <= _CELL_WORDS:
            continue  # a short cell of a wrapped header ("£'000", "Year ended", "Note")
        if years:
            break
    return list(dict.fromkeys(years))


def _figures(line: str) -> list[str]:
    return [f for f in _FIGURE.findall(line) if any(ch.isdigit() for ch in f)]


def unique_citations(citations: list[Citation]) -> list[Citation]:
    """The first citation of each (chunk, quote), in order."""
    seen: dict[tuple[str, str], Citation] = {}
    for c in citations:
        seen.setdefault((c.chunk_id, c.quote), c)
    return list(seen.values())
