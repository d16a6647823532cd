"""current_report: "What does PepsiCo's Form 8-K reporting events of May 26, 2023 announce?" answered by
the events the 8-K's own Items report.

A current report (Form 8-K) is made of numbered Items ("Item 8.01. Other Events.", "Item 2.02. Results
of Operations ...") and states on its cover the "Date of earliest event reported". What it announces is
what its Items say happened on that date: the sentences of each Item (not Item 9.01, which lists the
exhibits) that state the event's date (no cover date read, nothing is answered) ("Effective May 26, 2023, PepsiCo terminated ...", "On May 26,
2023, PepsiCo entered into ..."); an Item with no dated sentence is given by its first sentence. Only the
report's own pages are read (the exhibits after its signature are other documents). Signals any 8-K
carries: its Item headings and its cover's event date.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.aspects import split_sentences
from answering.citations import cite_held
from answering.kinds.listed_amounts import EVERY_ITEM
from answering.written_answer import WrittenAnswer
from loaders.dates import ENGLISH_MONTHS

if TYPE_CHECKING:
    from finrag.models import Chunk, SearchHit
    from retrieval.retriever import Retriever

# the whole question asks what the 8-K announces (reports, discloses), nothing more
ASKS_ANNOUNCED = re.compile(r"^\W*what\s+(?:does|did)\b[^?]*\b(?:form\s+)?8-K\b[^?]*\b(?:announce|report|disclose)\s*\?\s*$",
                            re.I)
_ITEM = re.compile(r"^\s*Item\s+(?P<number>\d\.\d\d)\.?\s+(?P<title>[^\n]{3,120}?)\.?\s*$", re.I | re.M)
_EVENT_DATE = re.compile(rf"Date\s+of\s+Report\s*\(Date\s+of\s+earliest\s+event\s+reported\)\s*:?\s*"
                         rf"(?P<date>{ENGLISH_MONTHS}\s+\d{{1,2}},\s*(?:19|20)\d\d)", re.I)
_END = re.compile(r"^\s*SIGNATURES?\s*$", re.M)
_MAX_SENTENCES = 6


def _report_text(chunks: list[Chunk]) -> tuple[str, list[Chunk]]:
    """The report's own text, cover to signature (exhibits after it are other documents); a chunk
    that opens by repeating the sentence the one before it was cut in continues that sentence."""
    text, used = "", []
    for chunk in sorted(chunks, key=lambda c: c.index):
        used.append(chunk)
        opening = chunk.text[:60]
        at = text.rfind(opening, max(0, len(text) - 2000)) if len(opening) >= 30 else -1
        text = (text[:at] if at >= 0 else text) + chunk.text + "\n"
        if _END.search(chunk.text):
            break
    end = _END.search(text)
    return (text[: end.start()] if end else text), used


def _sentences(body: str) -> list[str]:
    return [s.strip() for s in split_sentences(body) if len(s.strip()) > 20]


def _same_day(sentence: str, date: str) -> bool:
    month, day, year = re.match(r"([A-Za-z]+)\.?\s+(\d{1,2}),\s*(\d{4})", date).groups()  # type: ignore[union-attr]
    return re.search(rf"\b{month}\.?\s+{day},\s*{year}\b", sentence, re.I) is not None


def write(question: str, hits: list[SearchHit], companies: list[str], retriever: Retriever | None) -> WrittenAnswer | None:
    """The events the asked 8-K's Items report; None when the question asks more, or no 8-K of the
    asked company is among the hits, or its Items cannot be read."""
    if not ASKS_ANNOUNCED.search(question) or len(companies) != 1:
        return None
    docs = list(dict.fromkeys(h.chunk.doc for h in hits if h.chunk.form == "8-K"
                              and (h.chunk.company or "").casefold() == companies[0].casefold()))
    if len(docs) != 1:
        return None  # no 8-K, or several: which one is asked is not known
    filing = getattr(retriever, "filing", None)
    chunks = filing(docs[0]).chunks if filing is not None else [h.chunk for h in hits if h.chunk.doc == docs[0]]
    text, used = _report_text(chunks)
    dated = _EVENT_DATE.search(" ".join(text.split()))
    if dated is None:
        return None  # without the cover's event date, which sentences report the events is not known
    items = list(_ITEM.finditer(text))
    said: list[str] = []
    for n, item in enumerate(items):
        if item.group("number") == "9.01":
            continue  # the exhibits' list
        body = text[item.end(): items[n + 1].start() if n + 1 < len(items) else len(text)]
        sentences = _sentences(body)
        events = [s for s in sentences if _same_day(s, dated.group("date"))] or sentences[:1]
        said += [f"Item {item.group('number')} ({item.group('title').strip()}): “{s}”" for s in events]
    if not said or len(said) > _MAX_SENTENCES:
        return None
    quotes = [s.split(": “", 1)[1].rstrip("”") for s in said]
    citations = []
    for quote in quotes:
        opening = " ".join(quote.split()[:8])
        holder = next((c for c in used if opening in " ".join(c.text.split())), None)
        if holder is not None:
            citations.append(cite_held(holder, quote))
    return WrittenAnswer(status="answered", kind="passage", text=" ".join(said) + f" ({docs[0]})",
                         citations=citations, flags=[EVERY_ITEM])
