"""A named legal matter, read under its own heading in the legal proceedings section.

"What is the status of the Epic Games lawsuit?": the filing describes the matter under a
sub-heading that names it ("Epic Games") inside Item 1 / Item 3 "Legal Proceedings" or
the contingencies note, in words the question does not use (a lawsuit "filed", a court
that "ruled", "affirmed", "denied"). No single sentence shares half the question's words,
so the sentence writer finds none; the heading does the matching instead.

Checks: the question asks about a legal matter (retrieval.sections' legal cue) and names
it (a capitalised name that is not the company, a month or a filing); the heading is a
short line of its own in the asked company's filing, inside a legal section (its chunk's
section label, or a legal heading a few lines above); the quoted paragraph is the text
under that heading up to the next heading. Otherwise None: the caller refuses.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite_held, unique_citations
from answering.kinds.ask_scope import topic_ask
from answering.kinds.guidance import reading
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from retrieval.sections import question_needs

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_LEGAL_SECTION = re.compile(r"legal\s+proceedings|contingenc|litigation", re.I)
_NAME = re.compile(r"\b[A-Z][\w&.'’-]*(?:\s+(?:of\s+)?[A-Z][\w&.'’-]*)*")
_NOT_NAMES = re.compile(
    r"^(?:what|which|who|how|why|when|where|is|are|was|were|does|did|has|have|the|a|an|in|on|according|as|per|"
    r"jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|q[1-4]|fy\d*|form|item|note|"
    r"u\.?s\.?|gaap|sec|ceo|cfo|i)$",
    re.I,
)
_MAX_CHARS = 2400
_LOOKBACK = 60  # lines above a sub-heading where its section's heading may be


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    ask = topic_ask(decision.ask or question)
    if len(understanding.companies) != 1 or "legal" not in question_needs(ask).sections:
        return None
    company = understanding.companies[0]
    names = _names(ask, company)
    if not names:
        return None
    docs = list(dict.fromkeys(h.chunk.doc for h in hits if (h.chunk.company or "").casefold() == company.casefold()))
    retriever = getattr(services, "retriever", None)
    for doc in docs:
        chunks = retriever.filing(doc).chunks if retriever is not None else []
        chunks = sorted(chunks or [h.chunk for h in hits if h.chunk.doc == doc], key=lambda c: c.index)
        found = _under_heading(reading(chunks), names)
        if found:
            heading, sentences = found
            shown = f'"{sentences[0][0]}"' + "".join(
                (" " if c.index == prev.index + 1 else " [...] ") + f'"{t}"'
                for (t, c), (_, prev) in zip(sentences[1:], sentences, strict=False))
            first = sentences[0][1]
            where = first.section if _LEGAL_SECTION.search(first.section) else "legal proceedings"
            text = f'Under "{heading}" ({first.doc} p.{first.page + 1}, {where}): {shown}'
            citations = [cite_held(c, t) for t, c in sentences]
            return WrittenAnswer(status="answered", kind="passage", text=text, flags=["legal_section"],
                                 citations=unique_citations(citations))
    return None


def _names(ask: str, company: str) -> list[str]:
    """Capitalised names in the ask that are not its first word, the company or a date word."""
    body = re.sub(r"^\W*\w+", "", ask)  # the first word is capitalised because it starts the question
    own = {w.casefold() for w in re.findall(r"[\w&]+", company)}
    names = []
    for m in _NAME.finditer(body):
        words = [w for w in m.group(0).split() if not _NOT_NAMES.match(w.strip(".'’")) and w.casefold() not in own
                 and w.casefold().rstrip("'’s").rstrip("'’") not in own]
        if words:
            names.append(" ".join(words).rstrip("'’s") if words[-1].endswith(("'s", "’s")) else " ".join(words))
    return list(dict.fromkeys(n for n in names if len(n) >= 3))


def _heading(line: str) -> bool:
    """A sub-heading: a short line of a few capitalised words, not a sentence."""
    words = line.split()
    return 0 < len(words) <= 8 and len(line) <= 70 and not re.search(r"[.;:,]\s*$", line) \
        and line[:1].isupper() and not re.search(r"\d{2,}", line)


def _under_heading(lines: list[tuple[Chunk, list[str]]], names: list[str]) -> tuple[str, list[tuple[str, Chunk]]] | None:
    flat = [(line.strip(), chunk) for chunk, chunk_lines in lines for line in chunk_lines if line.strip()]
    for n, (line, chunk) in enumerate(flat):
        if not _heading(line) or not any(name.casefold() in line.casefold() for name in names):
            continue
        above = " ".join(t for t, _ in flat[max(0, n - _LOOKBACK):n])
        if not (_LEGAL_SECTION.search(chunk.section) or _LEGAL_SECTION.search(above)):
            continue
        body: list[tuple[str, Chunk]] = []
        for text, at in flat[n + 1:]:
            if _heading(text):
                break
            body.append((text, at))
        sentences = _segments(body)
        if sentences:
            return line, sentences
    return None


def _segments(body: list[tuple[str, Chunk]]) -> list[tuple[str, Chunk]]:
    """The paragraph as one quote per chunk it spans (each literally in its chunk); a long
    one keeps its opening and its latest developments (a matter's status is at its end)."""
    out: list[tuple[str, Chunk]] = []
    for text, chunk in body:
        if out and out[-1][1].chunk_id == chunk.chunk_id:
            out[-1] = (f"{out[-1][0]} {text}", chunk)
        else:
            out.append((text, chunk))
    if sum(len(t) for t, _ in out) <= _MAX_CHARS:
        return out
    kept, budget = [], _MAX_CHARS - len(out[0][0])
    for text, chunk in reversed(out[1:]):
        if len(text) > budget:
            break
        kept.insert(0, (text, chunk))
        budget -= len(text)
    return [out[0], *kept]
