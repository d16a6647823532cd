"""list: the items asked for, from the sentence or table that enumerates them.

- Customers: the sentences saying whom the company's revenues come from (kinds/customers.py).
- Geographies: the places a segment or geography revenue table breaks down by (kinds/geographies.py).
- The parts of a named whole ("which territories make up Greater China"): the sentence saying what it
  includes (kinds/composition.py).
- Securities registered on an exchange: the rows of the cover page's Section 12(b) table
  (kinds/registered_securities.py), or nothing.
- Otherwise the sentences that state the topic and enumerate ("include", "such as",
  "consist of", a run of commas), or a table whose caption names the topic (its row
  labels are the items).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds import (
    acquisitions,
    composition,
    customers,
    geographies,
    officers_table,
    passage,
    registered_securities,
)
from answering.kinds.ask_scope import ask_parts, topic_ask
from answering.kinds.customer_words import ASKS_CUSTOMERS
from answering.kinds.sentences import Topic, content_words, overlap, read_topic
from answering.kinds.tables import blocks
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import tokenize

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

# Words that open an enumeration: "our primary customers are ...", "acquisitions included ..."
_LIST_CUES = frozenset(tokenize("include includes included including are were consist consists comprise comprises "
                                "such namely following is was"))
_CUE_WINDOW = 6  # tokens after the topic within which the enumeration opens
_MIN_CAPTION = 0.4


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    # ("Which providers does Oracle name as competitors following its acquisition of Cerner?": the items asked are the
    # competitors; the deal only dates the ask)
    decision = decision.model_copy(update={"ask": acquisitions.undated(decision.ask)})
    if ASKS_CUSTOMERS.match(decision.ask):
        # "Who are the primary customers of X?": whom X's revenues come from, or a sentence whose
        # subject is its customers; a sentence that merely mentions customers answers nothing
        stated = customers.write(decision, question, hits, understanding, services)
        if stated is None and (stated := _listed(decision, question, hits, understanding, services)) is not None \
                and not customers.says_who(stated.text):
            return None
        return stated
    if geographies.ASKS_GEOGRAPHIES.search(decision.ask):
        # "What are the geographies that X primarily operates in?": the places its revenue tables break
        # down by; none such, the question is refused rather than answered from another table's rows
        return geographies.write(decision, question, hits, understanding, services)
    if acquisitions.ASKS_ACQUISITIONS.search(decision.ask):
        # "What are the major acquisitions of X?": only sentences naming a business acquired answer it;
        # none in the hits, the filing is searched once in the words filings state deals in
        named = acquisitions.named_only(_listed(decision, question, hits, understanding, services))
        if named is None and (more := acquisitions.with_deal_pages(hits, understanding, services)) != hits:
            hits = more
            named = acquisitions.named_only(_listed(decision, question, hits, understanding, services))
        if named is None:
            # no sentence lists them: each deal's own sentence about the asked year
            found = passage.stating(decision, question, hits, understanding, services, limit=12, min_overlap=0.3)
            named = acquisitions.each_deal(question, found, sorted(set(understanding.fiscal_years)))
        return named
    if composition.asked_whole(decision.ask) is not None \
            and (parts := composition.write(decision.ask, hits, list(understanding.companies), services)) is not None:
        # "Which territories make up the Greater China segment?": the sentence saying what the named whole includes
        return parts
    if officers_table.ASKS_OFFICERS.search(decision.ask) \
            and (officers := officers_table.write(decision.ask, hits, understanding, services)) is not None:
        # "Who were its executive officers?": the rows of the table every 10-K prints of them
        return officers
    return _listed(decision, question, hits, understanding, services)


def _listed(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices) -> WrittenAnswer | None:
    companies = list(understanding.companies)
    if registered_securities.ASKS_REGISTERED.search(decision.ask) \
            and re.search(r"\b(?:securities|notes|debt|stock|shares)\b", decision.ask, re.I):
        # the cover's Section 12(b) table is the answer; no table read, no answer (an exhibit's
        # sentence about "securities registered under Section 12" lists nothing)
        return registered_securities.answer(decision.ask, hits, companies, getattr(services, "retriever", None))
    enumerated = _introduced_list(decision, question, hits, understanding, services)
    if enumerated is not None:
        return enumerated
    topic = read_topic(decision.ask, companies, services.vocabulary)
    if topic is not None and (dashed := _dash_listed(decision, question, hits, understanding, services, topic)):
        return dashed
    best = [s for s in passage.stating(decision, question, hits, understanding, services, limit=6, min_overlap=0.5)
            if topic is not None and _enumerates(s.text, topic) and _states_figures_asked(s.text, decision.ask)][:2]
    if best:
        return WrittenAnswer(status="answered", kind="list", text=" ".join(s.shown() for s in best),
                             citations=unique_citations([cite(s.chunk, s.text) for s in best]))
    tabled = _from_table(decision, hits, companies, services, sorted(understanding.fiscal_years))
    if tabled is None and _ASKS_DEED_DONE_TO.match(decision.ask):
        # "Which markets did McDonald's begin to exclude from comparable sales?": the items a deed was done to,
        # named by the sentence stating the deed ("McDonald's excluded results from Argentina and Lebanon ..."),
        # which enumerates nothing after the topic
        return passage.write(decision.model_copy(update={"kind": "passage"}), question, hits, understanding, services)
    return tabled


# "which markets did X exclude", "what companies has X acquired": a deed of the company's, done to the items asked
_ASKS_DEED_DONE_TO = re.compile(r"^\W*(?:which|what)\s+(?:[\w-]+\s+){0,2}?[a-z]+s\s+(?:did|does|do|has|have|had|will)\s+\S",
                                re.I)


# "Which banks must ...", "What are the geographies ...", "Who are the primary customers ...": the kind of item asked for
_ITEM_NOUN = re.compile(r"^\W*(?:which|what|who)\s+(?:are\s+|were\s+)?(?:the\s+|its\s+)?(?:[\w-]+\s+){0,2}?"
                        r"(?P<noun>[a-z][\w-]*?(?:s|ies))\b", re.I)
_INTRO_OVERLAP = 0.3
_MAX_ITEM_WORDS = 10
_SENTENCE_START = re.compile(r"^(?:The|This|These|In|Our|We|It|Its|As|For|Each|Such|Any|Other)\b")


def _introduced_list(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                     services: MetricServices) -> WrittenAnswer | None:
    """Items printed one to a line after a line that introduces them with a colon and names
    the kind of item asked ("... will include each of the following Canadian chartered
    banks:"), the introduction (with the heading just above it) about what the question asks.
    All the lines are the answer, never some of them; a second part of the question ("and
    how much ...") needs a sentence of its own that states it, or nothing is answered."""
    parts = ask_parts(topic_ask(decision.ask))
    m = _ITEM_NOUN.match(parts[0])
    if not m:
        return None
    noun = tokenize(m.group("noun"))
    companies = list(understanding.companies)
    words = content_words(parts[0], companies)
    wanted = {c.casefold() for c in companies}
    by_index = {(h.chunk.doc, h.chunk.index): h.chunk for h in hits}
    for hit in hits:
        chunk = hit.chunk
        if wanted and (chunk.company or "").casefold() not in wanted:
            continue
        lines = [line.strip() for line in chunk.text.splitlines()]
        before = by_index.get((chunk.doc, chunk.index - 1))
        for i, line in enumerate(lines):
            if not line.endswith(":") or not noun or noun[0] not in tokenize(line):
                continue
            above = _lines_above(lines, i, before)
            intro = " ".join(above[-5:])
            if overlap(intro, words) < _INTRO_OVERLAP:
                continue
            items = []
            for item in lines[i + 1 :]:
                if not item or item.endswith((".", ":")) or len(item.split()) > _MAX_ITEM_WORDS \
                        or _SENTENCE_START.match(item):
                    break
                items.append(item)
            if i + 1 + len(items) >= len(lines) or len(items) < 2:
                continue  # the list may go on in the next chunk: some of the items are not the list
            sentence = _intro_sentence(above, len(above) - 1)
            text = f'"{sentence} {"; ".join(items)}" ({chunk.doc} p.{chunk.page + 1})'
            citations = [cite(chunk, line), *(cite(chunk, item) for item in items)]
            for part in parts[1:]:
                rest = passage.stating(decision.model_copy(update={"ask": part}), question, hits, understanding,
                                       services, limit=1)
                if not rest:
                    return None
                text += " " + rest[0].shown()
                citations.append(cite(rest[0].chunk, rest[0].text))
            return WrittenAnswer(status="answered", kind="list", text=text, citations=unique_citations(citations))
    return None


def _lines_above(lines: list[str], at: int, before: Chunk | None) -> list[str]:
    """Lines up to and including `at`; when `at` opens its chunk, the previous chunk's lines
    come first (chunks overlap: its copy of the line is where it continues from)."""
    own = lines[: at + 1]
    if at >= 4 or before is None:
        return own
    prev = [line.strip() for line in before.text.splitlines()]
    if own[0] in prev:
        prev = prev[: len(prev) - prev[::-1].index(own[0]) - 1]
    return [*prev, *own]


def _intro_sentence(lines: list[str], at: int) -> str:
    """The sentence that ends in the colon at line `at`, from the lines before it."""
    start = at
    while start > 0 and lines[start - 1] and not lines[start - 1].endswith((".", ":")) and at - start < 4:
        start -= 1
    text = " ".join(lines[start : at + 1])
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)[-1]


# "eBay completed six acquisitions — Cargigi Inc., Expertmaker, ... and Corrigon Ltd. — for ...":
# the topic, then a dash or colon, then capitalised items separated by commas (the last by "and")
_OPENS_ITEMS = re.compile(r"\s[\u2014\u2013]\s|\s--\s|:\s")
# (a company's "Inc." or "Ltd." is no sentence end)
_CLOSES_ITEMS = re.compile(r"\s[\u2014\u2013]\s|\s--\s|;\s|(?<!Inc)(?<!Ltd)(?<!Co)(?<!Corp)(?<!Jr)\.(?:\s|$)"
                           r"|,\s+(?:for|which|each|all|with|as)\b")
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
_MIN_DASHED_ITEMS = 3
DASH_LISTED = "dash_listed"  # the items were read after the topic's dash: each a name the sentence lists


def dash_items(text: str, topic: Topic) -> list[str]:
    """The items a sentence lists after the topic and a dash or colon ("six acquisitions — A, B and C —"),
    each capitalised and short; [] when the sentence lists none so."""
    for opens in _OPENS_ITEMS.finditer(text):
        if not topic.stated_by(" ".join(tokenize(text[:opens.start()])[-4:])):
            continue
        rest = text[opens.end():]
        if opens.group(0).strip() == ":" and (items := _semicolon_items(rest)):
            return items
        closes = _CLOSES_ITEMS.search(rest)
        items = [i.strip() for i in _ITEM_SPLIT.split(rest[:closes.start()] if closes else rest) if i.strip()]
        if len(items) >= _MIN_DASHED_ITEMS and all(i[:1].isupper() and len(i.split()) <= 5 for i in items):
            return items
    return []


_SENTENCE_END = re.compile(r"(?<!Inc)(?<!Ltd)(?<!Co)(?<!Corp)(?<!Jr)(?<!\b[A-Z])\.(?:\s|$)")  # ("U.S.", "N.A.")
_ITEM_LEAD = re.compile(r"^(?:and\s+|or\s+)?(?:the\s+)?", re.I)
_ITEM_ASIDE = re.compile(r"\s*\([^()]*\)")


def _semicolon_items(rest: str) -> list[str]:
    """The names a colon's list gives one a semicolon, each with its own commas ("three labor unions: the International
    Brotherhood of Electrical Workers ("IBEW"); the Engineers and Scientists of California ("ESC"); and the Service
    Employees International Union ("SEIU")."), each capitalised and short once its article and aside are dropped; []
    when the list is not so written."""
    end = _SENTENCE_END.search(rest)
    parts = (rest[:end.start()] if end else rest).split(";")
    if len(parts) < 2:
        return []
    items = [_ITEM_LEAD.sub("", _ITEM_ASIDE.sub("", p).strip()) for p in parts]
    if all(i[:1].isupper() and 1 <= len(i.split()) <= 6 for i in items):
        return items
    return []


def _dash_listed(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: MetricServices, topic: Topic) -> WrittenAnswer | None:
    """The items of the best sentence that lists them after a dash or colon, leading the answer
    ("; "-joined, as the other lists are), the sentence quoted after them."""
    for s in passage.stating(decision, question, hits, understanding, services, limit=6, min_overlap=0.5):
        if items := dash_items(s.text, topic):
            return WrittenAnswer(status="answered", kind="list", text="; ".join(items) + "\n\n" + s.shown(),
                                 citations=[cite(s.chunk, s.text)], flags=[DASH_LISTED])
    return None


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


def _from_table(decision: KindDecision, hits: list[SearchHit], companies: list[str],
                services: MetricServices, years: list[int]) -> WrittenAnswer | None:
    topic = read_topic(decision.ask, companies, services.vocabulary)
    words = content_words(decision.ask, companies)
    if topic is None:
        return None
    picked = bool(_FIGURE_ASKED.search(decision.ask))
    for block in blocks(hits, companies):
        if picked and not (_states_figures_asked(block.context, decision.ask) and _ABOVE.search(block.context)):
            # "which officers had a target award of 120% of base salary": the rows that carry that figure, which a
            # table's labels alone do not tell (every officer's row would be listed), unless the caption picks its
            # rows by it ("vendors that exceeded 10% of our consolidated revenue")
            continue
        if topic.stated_by(block.context) and overlap(block.context, words) >= _MIN_CAPTION:
            # (a row picked by the caption's figure holds one in the asked year's column: "Apple, Inc. 11 % N/A (1)"
            # exceeded it in 2022 only)
            column = block.column(max(years)) if picked and years else None
            labels = [r.label for r in block.rows if not re.match(r"(?:total|net)\b", r.label, re.I)
                      and not (picked and column is not None and (column >= len(r.values) or r.values[column] is None))]
            if _cut_at_its_end(block) and _rows_go_on(block, getattr(services, "retriever", None)):
                continue  # the chunk ends on the table's last row read: its rest (more items) is in the next chunk
            if len(labels) >= 2:
                return WrittenAnswer(
                    status="answered", kind="list",
                    text=f"{'; '.join(labels)} ({block.chunk.doc} p.{block.chunk.page + 1}).",
                    citations=unique_citations([cite(block.chunk, r.line) for r in block.rows
                                                if r.label in labels]))
    return None


# a caption picking its rows by a figure: "vendors that exceeded 10% of our consolidated revenue"
_ABOVE = re.compile(r"\b(?:exceed\w*|more\s+than|over|above|greater\s+than|at\s+least)\s+\d", re.I)
_FIGURE_ASKED = re.compile(r"\d[\d,.]*\s*(?:%|percent\b)|[$€£]\s?\d|\b\d[\d,.]*\s*(?:thousand|million|billion)\b", re.I)


def _states_figures_asked(text: str, ask: str) -> bool:
    """The sentence states every figure the ask picks its items by ("an award of 120% of base salary"): one that
    lists other items' figures ("human capital metrics (15%)") lists other items."""
    asked = {re.sub(r"[^\d.]", "", m.group(0)) for m in _FIGURE_ASKED.finditer(ask)}
    said = {re.sub(r"[^\d.]", "", m.group(0)) for m in _FIGURE_ASKED.finditer(text)}
    return asked <= said


def _cut_at_its_end(block) -> bool:
    """Whether the block's last row is its chunk's last line, with no total after it: a table the chunker cut
    ("Mobility ...; Delivery ..." and then, in the next chunk, "Freight ...; All Other ...; Total ...")."""
    lines = [line.strip() for line in block.chunk.text.splitlines() if line.strip()]
    return bool(lines and block.rows) and lines[-1] == block.rows[-1].line.strip() \
        and not re.match(r"(?:total|net)\b", block.rows[-1].label, re.I)


_ROW_START = re.compile(r"^[A-Z][\w&,.'’() -]{1,60}?\s+\(?\$?\s?\d[\d,.]*\)?(?:\s|$)")


def _rows_go_on(block, retriever) -> bool:
    """Whether the filing's next chunk opens with more rows of the table (a label and an amount: "Freight (227)
    (130)"); unknown without the filing (a complete table that ends its chunk is then read as it is)."""
    filing = getattr(retriever, "filing", None)
    if filing is None:
        return False
    after = next((c for c in filing(block.chunk.doc).chunks if c.index == block.chunk.index + 1), None)
    # (the chunker carries a table's caption and column years over into the next chunk before its rows)
    lines = [line.strip() for line in (after.text.splitlines() if after else []) if line.strip()][:_CARRIED_LINES]
    read = {r.label for r in block.rows}
    return any(_ROW_START.match(line) and not any(line.startswith(label) for label in read) for line in lines)


_CARRIED_LINES = 5
