"""list: the items asked for, from the sentence or table that enumerates them.

- Securities registered on an exchange: the rows of the cover page's Section 12(b) table
  (title of each class, trading symbol, exchange), one line per class.
- Otherwise the sentences that state the topic and enumerate ("include", "such as",
  "consist of", a run of commas), or a table whose caption names the topic (its row
  labels are the items).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds import passage
from answering.kinds.sentences import Topic, content_words, overlap, read_topic
from answering.kinds.tables import blocks
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import tokenize

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_REGISTERED = re.compile(r"\bregistered\b|\bexchange\b|\bsection\s+12\(b\)", re.I)
_SECURITY_LINE = re.compile(r"\b\d+(?:\.\d+)?%\s+(?:\w+\s+){0,4}(?:notes?|debentures?|bonds?)\b.*\bdue\b"
                            r"|\b(?:notes?|debentures?|bonds?)\s+due\s+\d{4}\b", re.I)
# Words that open an enumeration: "our primary customers are ...", "acquisitions included ..."
_LIST_CUES = frozenset(tokenize("include includes included including are were consist consists comprise comprises "
                                "such namely following is was"))
_CUE_WINDOW = 6  # tokens after the topic within which the enumeration opens
_MIN_CAPTION = 0.4


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    companies = list(understanding.companies)
    if _REGISTERED.search(decision.ask) and re.search(r"\bsecurities|notes|debt\b", decision.ask, re.I):
        registered = _registered_securities(hits, companies)
        if registered:
            return registered
    topic = read_topic(decision.ask, companies, services.vocabulary)
    best = [s for s in passage.stating(decision, question, hits, understanding, services, limit=6, min_overlap=0.5)
            if topic is not None and _enumerates(s.text, topic)][:2]
    if best:
        return WrittenAnswer(status="answered", kind="list", text=" ".join(s.shown() for s in best),
                             citations=unique_citations([cite(s.chunk, s.text) for s in best]))
    return _from_table(decision, hits, companies, services)


def _enumerates(text: str, topic: Topic) -> bool:
    """The sentence lists the topic's items: the topic, then an enumerating word right after it,
    and more than one item (a comma or "and")."""
    tokens = tokenize(text)
    if not re.search(r",|\band\b", text):
        return False
    for i in range(len(tokens)):
        if topic.stated_by(" ".join(tokens[i : i + 3])) and any(
                t in _LIST_CUES for t in tokens[i + 1 : i + 1 + _CUE_WINDOW]):
            return True
    return False


def _registered_securities(hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The classes of notes in the cover's Section 12(b) table, which may run over a few pages."""
    wanted = {c.casefold() for c in companies}
    own = [h.chunk for h in hits if not wanted or (h.chunk.company or "").casefold() in wanted]
    caption = next((c for c in own if re.search(r"section\s+12\(b\)|name\s+of\s+each\s+exchange", c.text, re.I)), None)
    if caption is None:
        return None
    table = sorted((c for c in own if c.doc == caption.doc and caption.index <= c.index
                    and c.page <= caption.page + 3), key=lambda c: c.index)
    found: dict[str, Chunk] = {}
    for chunk in table:
        for line in chunk.text.splitlines():
            if _SECURITY_LINE.search(line) and line.strip() not in found:
                found[line.strip()] = chunk
    if not found:
        return None
    return WrittenAnswer(status="answered", kind="list",
                         text=f"Registered under Section 12(b) ({caption.doc} p.{caption.page + 1}): "
                              f"{'; '.join(found)}.",
                         citations=unique_citations([cite(chunk, line) for line, chunk in found.items()]))


def _from_table(decision: KindDecision, hits: list[SearchHit], companies: list[str],
                services: MetricServices) -> WrittenAnswer | None:
    topic = read_topic(decision.ask, companies, services.vocabulary)
    words = content_words(decision.ask, companies)
    if topic is None:
        return None
    for block in blocks(hits, companies):
        if topic.stated_by(block.context) and overlap(block.context, words) >= _MIN_CAPTION:
            labels = [r.label for r in block.rows if not re.match(r"(?:total|net)\b", r.label, re.I)]
            if len(labels) >= 2:
                return WrittenAnswer(
                    status="answered", kind="list",
                    text=f"{'; '.join(labels)} ({block.chunk.doc} p.{block.chunk.page + 1}).",
                    citations=unique_citations([cite(block.chunk, r.line) for r in block.rows
                                                if r.label in labels]))
    return None
