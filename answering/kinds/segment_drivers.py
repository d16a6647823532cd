"""drivers by segment: each segment's own sentences on its change, for a question that asks by segment.

"What drove the decline, and how did its two reportable segments contribute?", "Break the change
down by segment": the company-wide explanation answers half of it. Each segment is explained by
the filing's sentences whose subject is that segment ("Google Cloud operating loss decreased $131
million from 2021 to 2022. The decrease in operating loss was primarily driven by ...").
The segments are those the filing itself lists, by two signals any filing carries:
- the sentence that names them ("We report our financial results for our two reportable segments:
  Family of Apps (FoA) and Reality Labs (RL).");
- the rows of a table its caption says is by segment ("The following table presents segment
  operating income (loss)"), down to its total.
Every segment the listing sentence names must have its own explaining sentence, and at least two
must: a breakdown that leaves a listed segment out is a partial answer, and none is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from answering.aspects import split_sentences
from answering.kinds.sentences import Sentence, prose
from answering.numbers import split_row
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices

# the question asks the change by segment ("segment by segment", "how did its segments contribute")
ASKS_BY_SEGMENT = re.compile(r"\bsegments?\b", re.I)
# "our two reportable segments: Family of Apps (FoA) and Reality Labs (RL)", "comprises two segments:
# Google Services and Google Cloud", "segments are A, B and C"
_LISTING = re.compile(r"\bsegments?\s*(?::|\bare\b|\bconsist(?:s|ing)?\s+of\b|\bcompris(?:e|es|ing)\b)\s*"
                      r"(?P<items>[A-Z][^.;:\n]{2,200}?(?:\s+and\s+|,\s*)[A-Z][^.;:]{1,80}?)(?=\s*[.;]|\s*$)")
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
# a segment's name: capitalised words (with "of", "&"), as a list or a table row prints it
_NAME = re.compile(r"^[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|and|&|the|for))*$")
_MAX_WORDS = 6
# "The following table presents segment operating income (loss)", "... income (loss) from operations by segment"
_CAPTION = re.compile(r"\btable\b[^.\n]*\bsegments?\b|\bby\s+(?:reportable\s+)?segments?\b", re.I)
_TOTAL = re.compile(r"^total\b", re.I)
_NOT_SEGMENT = re.compile(r"\b(?:total|corporate|unallocated|eliminations?|reconcil\w*|other\s+income|consolidated)\b", re.I)
_ROWS_AFTER = 14
# a line that hands over to a list of the segments: "... reflecting strong comparable sales across all
# segments:" over ". U.S. increased 10.3%", "° International Operated Markets segment increased 12.6%"
_LIST_HEAD = re.compile(r"\bsegments?\s*:\s*$", re.I)
_BULLET = re.compile(r"^[^\w(]{0,3}\s*")
_ITEM_VERB = re.compile(r"\s+(?:increased|decreased|grew|rose|fell|declined|was|were|improved|remained)\b.*$", re.I)
_SEGMENT_WORD = re.compile(r"\s+segment$", re.I)
_MAX_LISTED = 8
_PARAGRAPH = 2
_SEARCH_K = 8

Causes = Callable[[str, str | None, int, int | None, list[SearchHit], list[str], "MetricServices"], list[Sentence]]


class Listed(BaseModel):
    """The segments the filing names, those its listing sentence names (all must be explained), that
    sentence, and each name's abbreviation ("Family of Apps (FoA)": the MD&A may say "FoA income")."""

    names: list[str]
    required: list[str]
    sentence: Sentence | None
    aliases: dict[str, list[str]]


def _clean(item: str) -> str | None:
    name = re.sub(r"\s*\([^)]*\)", "", item).strip().rstrip(":").strip()
    if not _NAME.match(name) or len(name.split()) > _MAX_WORDS or _NOT_SEGMENT.search(name):
        return None
    return name


def listed_segments(hits: list[SearchHit]) -> Listed:
    """The segments the hits' chunks list: a listing sentence's items (all required) and the rows
    of a table captioned as by segment (to its total)."""
    names: list[str] = []
    required: list[str] = []
    sentence: Sentence | None = None
    aliases: dict[str, list[str]] = {}
    for rank, h in enumerate(hits):
        text = " ".join(h.chunk.text.split())
        for m in _LISTING.finditer(text):
            raw = _ITEM_SPLIT.split(m.group("items"))
            items = [_clean(i) for i in raw]
            if len(items) < 2 or any(i is None for i in items):
                continue
            for name, item in zip(items, raw, strict=True):
                if name and (short := re.search(r"\(([A-Z][A-Za-z&]{1,5})\)", item)):
                    aliases.setdefault(name, []).append(short.group(1))
            if not required:
                required = [i for i in items if i]
                start = text.rfind(". ", 0, m.start()) + 2 if text.rfind(". ", 0, m.start()) >= 0 else 0
                said = text[start:m.end()].strip()
                sentence = Sentence(text=said if said.endswith(".") else f"{said}.", chunk=h.chunk, rank=rank,
                                    position=0)
            names += [i for i in items if i]
        lines = h.chunk.text.splitlines()
        for k, line in enumerate(lines):
            if _LIST_HEAD.search(line):
                items = _list_items(lines[k + 1 : k + 1 + _MAX_LISTED])
                if len(items) >= 2 and not required:
                    required = items
                    sentence = Sentence(text=_BULLET.sub("", line).strip(), chunk=h.chunk, rank=rank, position=0)
                names += items
            if not _CAPTION.search(line):
                continue
            for row_line in lines[k + 1 : k + 1 + _ROWS_AFTER]:
                row = split_row(row_line, h.chunk.number_convention)
                if row is None:
                    continue
                if _TOTAL.match(row.label):
                    break
                if (name := _clean(row.label)) is not None:
                    names.append(name)
    return Listed(names=list(dict.fromkeys(names)), required=required, sentence=sentence, aliases=aliases)


def _list_items(lines: list[str]) -> list[str]:
    """The segments a list names, each as its line's subject ("U.S. increased 10.3%"), up to the first
    line whose subject is no segment's name ("Consolidated revenues decreased 1%")."""
    out: list[str] = []
    for line in lines:
        head = _BULLET.sub("", line).strip()
        subject = _ITEM_VERB.sub("", head)
        if subject == head:
            break  # no change stated: the list has ended
        name = _clean(_SEGMENT_WORD.sub("", subject.strip()))
        if name is None:
            break
        out.append(name)
    return out


# the paragraph a filing heads with a segment's name: "° U.S.: Comparable sales results benefited from ..."
_NEXT_LABEL = r"(?=\n[^\w(]{0,3}\s*[A-Z][^:\n]{0,60}:|\n[A-Z][A-Z ,&-]{6,}\n|\Z)"


def labelled(name: str, pool: list[SearchHit]) -> list[Sentence]:
    """The paragraph headed by the segment's name and a colon, when it states a cause, or []."""
    at = re.compile(rf"(?:^|\n)[^\w(\n]{{0,3}}\s*{re.escape(name)}:\s*(?P<body>.+?){_NEXT_LABEL}", re.S)
    for rank, h in enumerate(pool):
        if (m := at.search(h.chunk.text)) is None:
            continue
        # its first sentences: a paragraph with no next label runs to the chunk's end
        body = " ".join(split_sentences(" ".join(m.group("body").split()))[:_PARAGRAPH])
        if _CAUSE_OR_BENEFIT.search(body):
            return [Sentence(text=body, chunk=h.chunk, rank=rank, position=0)]
    return []


_CAUSE_OR_BENEFIT = re.compile(r"\b(?:due\s+to|driven\s+by|drove|reflect\w*|benefit\w*|led\s+by|offset|primarily|"
                               r"result\w*\s+(?:from|of)|contribut\w*)\b", re.I)


def by_segment(metric: str | None, year: int | None, hits: list[SearchHit], companies: list[str],
               services: MetricServices, causes: Causes) -> tuple[str, list[Sentence]]:
    """Each listed segment's explaining sentences (`causes`: drivers.item_causes), shown, and the
    sentences quoted (the listing sentence first); ("", []) when a listed segment has none or
    fewer than two segments do."""
    if len(companies) != 1:
        return "", []
    pool = list(hits)
    if services.retriever is not None:
        filters = SearchFilters(companies=companies, fiscal_years=[year] if year else [])
        have = {h.chunk.chunk_id for h in pool}
        pool += [h for h in services.retriever.search(f"{companies[0]} reportable segments segment results by segment",
                                                      filters=filters, k=_SEARCH_K) if h.chunk.chunk_id not in have]
    listed = listed_segments(pool)
    found: dict[str, list[Sentence]] = {}
    for name in listed.names:
        for label in [name, *listed.aliases.get(name, [])]:
            if said := causes(label, metric, 0, year, hits, companies, services) or labelled(label, pool):
                found[name] = said
                break
    if len(found) < 2 or any(name not in found for name in listed.required):
        return "", []
    shown = " ".join(f'{name}: {" ".join(_shown(s) for s in said)}' for name, said in found.items())
    quoted = [s for said in found.values() for s in said]
    if listed.sentence is not None:
        shown = f"{_shown(listed.sentence)} {shown}"
        quoted.insert(0, listed.sentence)
    return f"By segment: {shown}", quoted


def _shown(s: Sentence) -> str:
    return f'"{prose(s.text)}" ({s.chunk.doc} p.{s.chunk.page + 1})'
