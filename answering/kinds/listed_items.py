"""The items a filing itself enumerates, each with its amount, for a question asking an open list.

"What special items affected McDonald's full-year 2022 results, and what were their amounts?" names
no item: the list is the filing's. A release or an MD&A states it as a lead-in and its bullets
("Results for 2022 included the following: • Pre-tax charges of $1,281 million, or $1.44 per share,
... related to the sale of the Company's business in Russia • Pre-tax gain of $271 million ..."),
and "How did the Tax Cuts and Jobs Act affect Oracle's fiscal 2018 results?" the same way ("...
primarily as a result of the following items related to the enactment of the Tax Act: • $7.8 billion
of income tax expense ... partially offset by: • $820 million of income tax benefit ...").

The answer is the whole enumeration, quoted: the lead-in dated as asked (its own year, or its
filing's), every bullet up to the list's end (a next lead-in, a new sentence after a finished one).
A special-items list whose every item states an amount; an event's effects, when one at least states
its amount (the last may be the event's lasting effect in words). Otherwise None: a partial list is
worse than the caller's refusal (answering.kinds.listed_amounts reads a list the question names).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite_held, unique_citations
from answering.kinds.listed_amounts import EVERY_ITEM, _neighbours
from answering.kinds.sentences import content_words
from answering.numbers import years_in
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchFilters, SearchHit
from finrag.text import quote_in_text
from finrag.vocabulary import tokenize

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

# "what special items affected ...", "which one-time charges and gains ...": an open list (plural),
# not "what one-time charge did it record" (one item, the passage readers')
_SPECIAL = re.compile(r"\b(?:special|one-?time|one-?off|non-?recurring|unusual|notable|discrete)\s+"
                      r"(?:items|charges|gains|(?:charges?|gains?)\s+and\s+(?:gains?|charges?|losses|benefits?))\b",
                      re.I)
_ASKS_AMOUNT = re.compile(r"\b(?:amounts?|how\s+much|what\s+were|how\s+large|size)\b", re.I)
# "how did the U.S. Tax Cuts and Jobs Act affect Oracle's fiscal 2018 results"
_AFFECT = re.compile(r"^\s*how\s+did\s+(?:the\s+)?(?P<event>.{3,80}?)\s+(?:affect|impact)\s+.{0,60}?"
                     r"\b(?:results|earnings|net\s+income|income)\b", re.I)
# the lead-in: a sentence ending "the following:" / "the following items related to the Tax Act:"
_LEAD = re.compile(r"(?P<lead>(?<![\w,])[A-Z][^.:;\u2022]{10,300}?\bthe\s+following(?:\s+[\w.'\u2019-]+){0,12}:)")
# results the lead-in says the items were part of
_RESULTS = re.compile(r"\b(?:results|earnings|net\s+income|income|eps|per\s+share|provision)\b", re.I)
_INCLUDED = re.compile(r"\b(?:includ\w*|reflect\w*|affected|impacted|as\s+a\s+result\s+of)\b", re.I)
_EFFECT = re.compile(r"\b(?:increas\w*|decreas\w*|includ\w*|reflect\w*|affected|impacted|result)\b", re.I)
# a bullet: a bullet sign (a text layer's "¢" for one) before an item, or a dash at a line's start
_BULLET = re.compile(r"(?:(?<=\s)|^)[\u2022\u25cf\u25aa\u25e6\u25a0\u00a2\uf0b7](?=\s)|(?m:^[-\u2013]\s)")
_AMOUNT = re.compile(r"\$\s?\d[\d,.]*\s*(?:thousand|million|billion|trillion)s?\b", re.I)
_QUARTER = re.compile(r"\bquarter|\bq[1-4]\b|three\s+months", re.I)
_YEAR_WORD = re.compile(r"\b(?:year|annual|fiscal|twelve\s+months)\b|\b\d{4}\b", re.I)
_WRAPPED = 60  # a line this long was wrapped: a capitalised next line may carry on its item
_MAX_ITEM = 900
_FUNCTION_WORDS = frozenset(["of", "the", "a", "an", "and", "or", "to", "in", "for", "by", "with", "on", "from", "at", "its", "their", "our", "as"])
_MAX_ITEMS = 12


def asks_items(question: str) -> str | None:
    """"special" for an open list of special items with amounts, "event" for an event's effect on
    results, else None."""
    if _SPECIAL.search(question) and _ASKS_AMOUNT.search(question):
        return "special"
    if _AFFECT.match(question):
        return "event"
    return None


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          retriever: Retriever | None) -> WrittenAnswer | None:
    kind = asks_items(question)
    companies = list(understanding.companies)
    years = set(understanding.fiscal_years)
    if kind is None or len(companies) != 1 or not years:
        return None
    event = _AFFECT.match(question)
    event_words = set(content_words(event["event"], companies)) if kind == "event" and event else set()
    found = [*hits, *_neighbours(hits, retriever)]
    if retriever is not None:
        # the enumeration may stand on a page the question's words did not retrieve
        wording = "results included the following pre-tax charges gain per share" if kind == "special" \
            else f"{event['event'] if event else ''} the following items income tax expense benefit"
        found += retriever.search(f"{companies[0]} {wording}", k=8, mode="sparse",
                                  filters=SearchFilters(companies=companies, fiscal_years=sorted(years)))
        found += _neighbours(found, retriever)
    chunks = {(h.chunk.doc, h.chunk.index): h.chunk for h in found}
    filing = getattr(retriever, "filing", None)  # a stand-in retriever may hold no pages
    for doc in {d for d, _ in chunks} if filing is not None else ():
        chunks |= {(c.doc, c.index): c for c in filing(doc).chunks}
    for hit in found:
        # a list read on into the next two chunks: a chunk may cut it twice
        following = [c for i in (1, 2) if (c := chunks.get((hit.chunk.doc, hit.chunk.index + i))) is not None]
        listed = _enumeration(hit.chunk, following, question, kind, event_words, years)
        if listed is not None:
            lead, items, held = listed
            text = f"\u201c{lead}\u201d " + " ".join(f"\u2022 \u201c{i}\u201d" for i in items)
            citations = unique_citations([_cite(held, lead), *(_cite(held, i) for i in items)])
            return WrittenAnswer(status="answered", kind="passage", text=f"{text} (p.{citations[0].page + 1})",
                                 flags=[EVERY_ITEM], citations=citations)
    return None


def _cite(held: list[Chunk], text: str):
    chunk = next((c for c in held if quote_in_text(text, c.text)), held[0])
    return cite_held(chunk, text)


def joined(chunk: Chunk, following: list[Chunk]) -> tuple[str, int]:
    """A chunk's text read on into the next ones (the overlap the chunker repeats cut once), and
    where the chunk's own text ends in it."""
    text, own = chunk.text, len(chunk.text)
    for after in following:
        first = after.text.split("\n", 1)[0]
        at = text.rfind(first) if first.strip() else -1
        text = (text[:at] if at >= 0 else text + "\n") + after.text
        own = min(own, at) if at >= 0 else own
    return text, own


def _enumeration(chunk: Chunk, following: list[Chunk], question: str, kind: str, event_words: set[str],
                 years: set[int]) -> tuple[str, list[str], list[Chunk]] | None:
    text, own = joined(chunk, following)
    for m in _LEAD.finditer(text):
        if m.start() >= own:
            break  # the next chunk's own list: read from that chunk
        lead = " ".join(m["lead"].split())
        if not _fits(lead, chunk, question, kind, event_words, years):
            continue
        items = _items(text[m.end():])
        if not items:
            continue
        with_amount = [bool(_AMOUNT.search(i)) for i in items]
        if kind == "special" and not all(with_amount):
            return None  # an item without its amount: the list cannot be given whole
        if kind == "event" and not (any(with_amount) and all(with_amount[:-1])):
            return None
        return lead, items, [chunk, *following]
    return None


def _fits(lead: str, chunk: Chunk, question: str, kind: str, event_words: set[str], years: set[int]) -> bool:
    own = years_in(lead)
    if own and not own & years or not own and chunk.fiscal_year not in years:
        return False
    asks_quarter = bool(_QUARTER.search(question))
    if asks_quarter != bool(_QUARTER.search(lead)) and (asks_quarter or not _YEAR_WORD.search(lead)):
        return False  # the quarter's items for the year's, or the other way round
    if kind == "special":
        return bool(_RESULTS.search(lead) and _INCLUDED.search(lead))
    stems = set(tokenize(lead))
    named = [w for w in event_words if w in stems]
    return len(event_words) >= 2 and 2 * len(named) >= len(event_words) and bool(_EFFECT.search(lead))


def _items(body: str) -> list[str]:
    """The bullets right after a lead-in, each read to the list's end; [] when no bullet follows."""
    pieces = _BULLET.split(body)
    if len(pieces) < 2 or pieces[0].strip():
        return []
    items: list[str] = []
    ended = False
    for piece in pieces[1:]:
        kept, ended = _kept(piece)
        item = " ".join(kept.split())
        if not item or len(item) > _MAX_ITEM:
            return []
        items.append(item)
        if ended:
            break
    # a list read to the text's end may go on past it: not known whole
    return items if ended and len(items) <= _MAX_ITEMS else []


def _kept(piece: str) -> tuple[str, bool]:
    """The lines of a bullet that are its own, and whether the list ended inside it."""
    lines = piece.split("\n")
    kept = [lines[0]]
    for line in lines[1:]:
        stripped = line.strip()
        if not stripped:
            continue
        previous = kept[-1].rstrip()
        # a wrapped line goes on lower-case, or capitalised after a line cut mid-phrase (after "of the",
        # inside a name: "its Dynamic / Yield business"); a capitalised line after a whole phrase
        # ("... sale of a brand" / "Outlook for 2024 ...") is the text after the list
        last = previous.split()[-1] if previous.split() else ""
        carries_on = stripped[0].islower() or stripped[0] in "$(" or (
            len(previous) >= _WRAPPED and (last.lower() in _FUNCTION_WORDS or last[:1].isupper()))
        if stripped.endswith(":") and not stripped[0].islower() or not carries_on:
            return "\n".join(kept), True
        kept.append(line)
    return "\n".join(kept), False
