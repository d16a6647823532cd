"""Where a company operates: the places its revenue tables are broken down by.

"What are the geographies that X primarily operates in?" A filing answers it in its tables:
the reportable segments when every segment is a place (Apple's Americas, Europe, Greater
China, ...; PepsiCo's divisions, whose table rows are defined terms: "Latin America (LatAm)"),
else the revenues by geography (eBay's U.S., United Kingdom, Germany, Rest of world). A table
counts only when every row but its totals names a place; a segment or geography that is a
product line, or a row the filing does not define, leaves the question refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.places import names_a_place
from answering.kinds.tables import Block, blocks
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

# "What are the geographies that X primarily operates in", "In which regions does X operate"
ASKS_GEOGRAPHIES = re.compile(r"\bgeograph\w*\b|\b(?:regions|countries)\b[^?]*\boperat", re.I)
# A place: a continent or region, "international", the rest of the world, or a country a filing
# commonly breaks revenue out by
_PLACE = re.compile(
    r"\b(?:americas?|europe(?:an)?|emea|apac|asia|pacific|africa|middle\s+east|latin|caribbean|oceania|australia"
    r"|new\s+zealand|china|japan|india|korea|taiwan|singapore|canada|mexico|brazil|argentina|russia|germany|france"
    r"|united\s+kingdom|u\.?k\.?|ireland|netherlands|switzerland|italy|spain|u\.?s\.?a?|united\s+states|domestic"
    r"|international|foreign|rest\s+of\s+(?:the\s+)?world|other\s+countries|countries|regions?)\b", re.I)
# rows that are no place of their own: totals, the corporate line, eliminations
_NOT_A_PLACE = re.compile(r"^(?:total|corporate|eliminations?|unallocated|intersegment|reconciling)\b", re.I)
_SEGMENTS = re.compile(r"\b(?:reportable|operating)\s+segments?\b|\bby\s+segment\b|\b(?:each|by)\s+division\b"
                       r"|\bsegment\s+information\b", re.I)
_GEOGRAPHY = re.compile(r"\bgeograph\w*|\bby\s+(?:region|country|countries)\b|\bregions?\b", re.I)
_REVENUE = re.compile(r"\b(?:net\s+)?(?:revenues?|sales)\b", re.I)
_ASSETS = re.compile(r"\bassets\b", re.I)
_SEARCHES = ("net revenues by reportable segment division", "revenues by geographic area geography region country")
_SEARCH_K = 10
_CAPTION_CHARS = 200  # the caption: the end of the prose above the table


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The places X's segment or geography revenue table is broken down by, or None."""
    companies = list(understanding.companies)
    if len(companies) != 1:
        return None
    found = list(hits)
    retriever = getattr(services, "retriever", None)
    if retriever is not None:
        filters = SearchFilters(companies=companies, fiscal_years=sorted(set(understanding.fiscal_years)))
        found += [h for query in _SEARCHES for mode in ("sparse", "dense")
                  for h in retriever.search(query, filters=filters, k=_SEARCH_K, mode=mode)]
    tables = blocks(found, companies)
    terms = _defined_terms(found)
    short = {r.label.strip() for b in tables for r in b.rows if _SHORT.match(r.label.strip())} - set(terms)
    store = getattr(services, "store", None)
    if short and store is not None:
        # a segment table's rows are short forms the business section defines ("Latin America
        # (LatAm)"), pages away from any table: read the definitions from the whole filing
        for doc in dict.fromkeys(b.chunk.doc for b in tables):
            whole = [SearchHit(chunk=c, score=0.0) for c in store.doc_chunks(doc)]
            terms |= {k: v for k, v in _defined_terms(whole).items() if k not in terms}
    for caption, what in ((_SEGMENTS, "reportable segments"), (_GEOGRAPHY, "revenues by geography")):
        places = _places(tables, caption, terms)
        if places is not None:
            labels, cited = places
            return WrittenAnswer(
                status="answered", kind="list",
                text=f"{companies[0]} reports its {what} as: {'; '.join(labels)} "
                     f"({cited[0].chunk.doc} p.{cited[0].chunk.page + 1}).",
                citations=unique_citations([cite(b.chunk, r.line) for b in cited for r in b.rows]))
    return None


def _places(tables: list[Block], caption: re.Pattern[str], terms: dict[str, str]) -> tuple[list[str], list[Block]] | None:
    """Every row of the tables under this kind of caption (a segment table's rows gathered over
    the filing's tables of it: a table cut between pages gives some rows each), spelled out by
    the filing's defined terms, when each names a place; else None."""
    by_doc: dict[str, list[Block]] = {}
    for block in tables:
        above = block.context[-_CAPTION_CHARS:]
        if caption.search(above) and not _ASSETS.search(above.splitlines()[-1] if above.strip() else ""):
            by_doc.setdefault(block.chunk.doc, []).append(block)
    for doc_blocks in by_doc.values():
        labels: list[str] = []
        cited: list[Block] = []
        for block in sorted(doc_blocks, key=lambda b: -len(b.rows)):
            rows = [_spelled(r.label, terms) for r in block.rows if not _NOT_A_PLACE.match(r.label)]
            if len(rows) < 2 or not all(names_a_place(r, _PLACE) for r in rows):
                continue
            if not any(_REVENUE.search(b.context[-_CAPTION_CHARS:]) for b in doc_blocks):
                continue  # a table of the segments' assets only: no revenue is broken down by them
            new = [r for r in rows if r not in labels]
            if new:
                labels += new
                cited.append(block)
        if len(labels) >= 2:
            return labels, cited
    return None


def _spelled(label: str, terms: dict[str, str]) -> str:
    label = re.sub(r"\s*\(\d\)$", "", label.strip())  # a footnote mark: "Other(2)"
    return terms.get(label, label) if _SHORT.match(label) else label


# "Latin America (LatAm)", "Africa, Middle East and South Asia (AMESA)": a name, then its short form
_DEFINED = re.compile(r"((?:[A-Z][\w&'’.-]*(?:,\s+|\s+and\s+|\s+))+?[A-Z][\w&'’.-]*)\s+\(([A-Z][A-Za-z]{1,7})\)")
_SHORT = re.compile(r"^[A-Z][A-Za-z]*[A-Z][A-Za-z]*$")  # "FLNA", "LatAm": a defined short form
_MAX_NAME_WORDS = 10  # a defined name, not a run of a list's capitalised entries
_ORDINAL = re.compile(r"^(?:\d+\)\s*)")


def _defined_terms(hits: list[SearchHit]) -> dict[str, str]:
    """Short forms the filing defines, to their names: {"LatAm": "Latin America"}."""
    out: dict[str, str] = {}
    for hit in hits:
        for m in _DEFINED.finditer(hit.chunk.text.replace("\n", " ")):
            name, short = _ORDINAL.sub("", m.group(1)).strip(), m.group(2)
            if _SHORT.match(short) and len(name.split()) <= _MAX_NAME_WORDS:
                out.setdefault(short, name)
    return out
