"""segments: "What are the names of the reportable segments of X?" read from the sentence in which the
company counts its segments and names them.

Every annual report says how it is organised, once in the business section and again in the segment
note: "We are organized into seven reportable segments (also referred to as divisions), as follows:
1) Frito-Lay North America (FLNA), which includes ...; 2) ...", "we manage and report our operating
results through two reportable segments defined by geographic region: North America and International".
The count the sentence states is the check: the names read after its colon (an enumeration "1) ...",
"(a) ...", bullets, or an inline "A, B and C") are the answer only when there are as many as it counts.
A name is the words before its abbreviation or its description ("Frito-Lay North America (FLNA), which
includes ..."); the abbreviation, where the filing defines one, is the same segment when a later list
names it so ("1) FLNA, which includes ..."). Sentences that count different segments (a reorganisation
told with the segments before it) are no answer unless one list is the filing's throughout.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.listed_items import joined
from answering.kinds.people import asked_filing
from answering.written_answer import WrittenAnswer
from finrag.numerals import NUMBER_WORDS, count_of

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import Chunk, SearchHit
    from retrieval.query_understanding import QueryUnderstanding

# the segments themselves asked, not a figure of theirs ("the segments' operating profit", "which segment grew")
ASKS_SEGMENTS = re.compile(
    r"\b(?:names?\s+of\s+(?:the\s+|its\s+|all\s+(?:the\s+|its\s+)?)?|what\s+(?:are|were)\s+(?:the\s+|its\s+)|list\s+(?:the\s+|its\s+)?)"
    r"(?:(?:reportable|operating|business|reporting)\s+){0,2}segments\b(?!['’])"
    r"(?=\s*(?:\?|$|of\b|for\b|does\b|did\b|do\b|that\s+[\w\s\",.&'’-]{0,80}\breports?\b))", re.I)
# "seven reportable segments ... as follows:", "two reportable segments defined by geographic region:"
_COUNTED = re.compile(rf"\b(?P<n>{'|'.join(NUMBER_WORDS)}|\d{{1,2}})\s+(?:reportable|operating|business|reporting)\s+"
                      r"segments\b(?P<between>[^.:;]{0,80}?):", re.I)
# "The Company's reportable segments consist of the Americas, Europe, Greater China, Japan and Rest of Asia
# Pacific.": no count, the sentence's items are the names (each a name, or the list is none)
_CONSIST = re.compile(r"\b(?P<n>)(?:(?:reportable|operating|business|reporting)\s+){1,2}segments\s+(?:consist\s+of|are|were|"
                      r"comprise)(?P<between>)\s*:?\s+", re.I)
# an enumeration's item: "1) Name", "(2) Name", "a) Name", "• Name", at a line's start or after "; "
_ITEM = re.compile(r"(?:^|\n|;\s*(?:and\s+)?)\s*(?:\(?(?:\d{1,2}|[a-l])\)|•|●|▪)\s*(?P<item>[^\n;]+)")
# where a name ends: its abbreviation, its description, its sentence's end
_NAME_END = re.compile(r"\s*\((?P<abbr>[A-Z][A-Za-z&.]{1,9})\)|,\s+(?:which|that|including|comprising|consisting)\b"
                       r"|\s+(?:which|that)\s+(?:includes?|consists?|comprises?)\b|\.\s|\.$|:|,\s*$")
_ABBREVIATION_ONLY = re.compile(r"^\s*(?:\(\s*[A-Z][A-Za-z&.]{1,9}\s*\))?\s*\.?\s*$")
_ABBREVIATION = re.compile(r"^[A-Z][A-Za-z]{1,5}$")
_NAME_WORD = re.compile(r"^(?:[A-Z][\w'’&.,-]*|&|and|of|the|for|de)$")
_READ_ON = 1200  # characters of the text after the colon a list is read in
_FIRST_WITHIN = 40  # an enumeration opens right after the colon ...
_NEXT_WITHIN = 500  # ... and each item follows the one before it
_MAX_WORDS = 9


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The segments the asked company's filing counts and names, or None."""
    if not ASKS_SEGMENTS.search(question) or len(understanding.companies) != 1:
        return None
    chunks = [h.chunk for h in asked_filing(hits, understanding.companies[0], services)]
    lists: list[tuple[list[str], dict[str, str], Chunk, str]] = []
    for i, chunk in enumerate(chunks):
        text, own = joined(chunk, chunks[i + 1:i + 3])
        for m in [*_COUNTED.finditer(text), *_CONSIST.finditer(text)]:
            if m.start() >= own:
                continue  # the next chunk's own sentence: read from that chunk
            if _of_another_year(text[max(0, m.start() - _DATED_BEFORE):m.start()] + (m["between"] or ""),
                                list(understanding.fiscal_years) or [chunk.fiscal_year or 0]):
                continue  # "two reportable segments as of November 30, 2020:" in the 2022 report: the old ones
            after = text[m.end():m.end() + _READ_ON]
            n = count_of(m["n"]) if m["n"] else len(_inline_items(after))
            named = _names(after, n) if n >= 2 else None
            if named is not None:
                lists.append((*named, chunk, " ".join(text[m.start():m.end()].split())))
        for m in _CONSTITUTE.finditer(text):
            names = _NAMED_BEFORE.findall(_ABBREVIATION_AFTER.sub("", m["subject"]))
            # each name is one the filing calls a segment elsewhere ("FedEx Express Segment"): a lead-in
            # ("Together, ...", "Beginning in fiscal 2024, ...") or a name cut at its "and" is none
            if m.start() < own and len(names) >= 2 and len(set(names)) == len(names) \
                    and all(len(n.split()) <= _MAX_WORDS and _called_a_segment(n, chunks) for n in names):
                lists.append((names, {}, chunk, " ".join(m.group(0).split())))
    if not lists:
        return None
    abbreviations = {a: name for _, defined, _, _ in lists for a, name in defined.items()}
    for names, _, _, _ in lists:  # "MFC" a list names so is "Missiles and Fire Control (MFC)" elsewhere
        for name in names:
            if _ABBREVIATION.match(name) and name not in abbreviations \
                    and (spelled_out := _spelled_out(name, chunks)) is not None:
                abbreviations[name] = spelled_out
    spelled = [[abbreviations.get(name, name) for name in names] for names, _, _, _ in lists]
    if len({tuple(sorted(n.casefold() for n in names)) for names in spelled}) != 1:
        return None  # the filing counts different segments in different places
    names, (_, _, chunk, lead) = spelled[0], lists[0]
    return WrittenAnswer(status="answered", kind="list",
                         text="; ".join(names) + f'\n\n"{lead} ..." ({chunk.doc} p.{chunk.page + 1})',
                         citations=[cite(chunk, lead)])


_DATED_BEFORE = 60  # characters before the count a sentence dates it in ("Prior to the separation in 2020, we had")
_A_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


# "We previously had two reportable segments", "Prior to the Separation, the Company had ...": the old ones
_BEFORE_NOW = re.compile(r"\b(?:previously|formerly|prior\s+to|until|had)\b", re.I)


# "we began operating in", "beginning in", "since": a count that started in an earlier year and holds on
_BEGAN = re.compile(r"\b(?:began|begun|beginning|since|commencing)\b", re.I)


def _of_another_year(said: str, years: list[int]) -> bool:
    """Whether the words around a segment count (its own sentence's) date it only in years before the
    asked one, or say it held before now."""
    said = re.split(r"\.\s", said)[-1]
    if _BEGAN.search(said) and not _BEFORE_NOW.search(said):
        return False  # "as of September 1, 2021 we began operating in three reportable segments": still so
    named = [int(y) for y in _A_YEAR.findall(said)]
    asked = max(years) if years else 0
    return bool(_BEFORE_NOW.search(said)) or (bool(named) and asked > 0 and max(named) < asked)


# "FedEx Express, FedEx Ground, and FedEx Freight represent our major service lines and, along with FedEx Services,
# constitute our reportable segments.": the names come before the verb, in the sentence's subject
_CONSTITUTE = re.compile(r"(?:(?<=[.:]\s)|^)(?P<subject>[A-Z][^.:;]{5,300}?)\s+(?:constitute|comprise|make\s+up|form)\s+"
                         r"(?:our|its|the\s+company['’]s)\s+(?:(?:reportable|operating|business)\s+){1,2}segments\b", re.M)
# each name of that subject: capitalised words, "&" / "of" between them
# (within a line, and not a heading in capitals above the sentence: "REPORTABLE SEGMENTS")
_NAMED_BEFORE = re.compile(r"(?<![\w'’])(?![A-Z&\s]+\n)[A-Z][\w'’&.-]*(?:[ \t]+(?:&[ \t]+|of[ \t]+)?[A-Z][\w'’&.-]*)*")


_ABBREVIATION_AFTER = re.compile(r"\s*\([A-Z][A-Za-z&.]{1,9}\)")


def _called_a_segment(name: str, chunks: list[Chunk]) -> bool:
    """The filing names it "<name> segment" somewhere in the chunks read."""
    called = re.compile(rf"\b{re.escape(name)}\s+(?:reportable\s+|operating\s+|business\s+)?segment\b", re.I)
    return any(called.search(c.text) for c in chunks)


def _names(after: str, n: int) -> tuple[list[str], dict[str, str]] | None:
    """The n names the text after the colon gives, with the abbreviations it defines; None unless n."""
    items: list[str] = []
    end = 0
    for m in _ITEM.finditer(after):
        if m.start() - end > (_NEXT_WITHIN if items else _FIRST_WITHIN) or len(items) == n:
            break
        items.append(m["item"])
        end = m.end()
    inline = len(items) < n
    if inline:  # an inline list: "North America and International." / "A, B, and C."
        items = _inline_items(after) if n > 1 else []
        if len(items) != n:
            return None
    names: list[str] = []
    defined: dict[str, str] = {}
    for item in items:
        end = _NAME_END.search(item)
        name = " ".join(item[:end.start() if end else len(item)].split()).strip(" ,;")
        if inline:
            name = re.sub(r"^the\s+(?=[A-Z])", "", name)  # "the Americas, Europe and APJ": the names, not their article
        words = name.split()
        if not words or len(words) > _MAX_WORDS or not all(_NAME_WORD.match(w) for w in words) \
                or not words[0][0].isupper():
            return None
        if inline and end is not None and not _ABBREVIATION_ONLY.match(item[end.start():]):
            return None  # an inline item is its name (and abbreviation) alone, or the list was split wrong
        if end is not None and end["abbr"]:
            defined[end["abbr"]] = name
        names.append(name)
    return (names, defined) if len(set(names)) == n else None


def _inline_items(after: str) -> list[str]:
    """The items of an inline list, up to its sentence's end: "A, B, and C." -> [A, B, C]."""
    sentence = re.split(r"\.\s|\s*\.$", after.strip(), maxsplit=1)[0]
    if re.search(r"[,;]\s*and\s", sentence):
        # "Productivity and Business Processes, Intelligent Cloud, and More Personal Computing": the serial
        # comma before the last item says the commas alone part the items; an "and" inside one is its name's
        return [p for p in re.split(r"\s*[,;]\s*(?:and\s+)?", sentence) if p.strip()]
    return [p for p in re.split(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+", sentence) if p.strip()]


def _spelled_out(abbreviation: str, chunks: list[Chunk]) -> str | None:
    """The words the filing defines an abbreviation by, whose initials spell it ("Rotary and Mission
    Systems (RMS)", "Frito-Lay North America (FLNA)"); None when no definition spells it or two differ."""
    defined = re.compile(rf"((?:[A-Z][\w'’-]*[ \t\n]+(?:(?:and|of|&|the)[ \t\n]+)?){{1,6}})\(\s*{re.escape(abbreviation)}\s*\)")
    found: set[str] = set()
    for chunk in chunks:
        for m in defined.finditer(chunk.text):
            words = m.group(1).split()
            for start in range(len(words) - 1, -1, -1):
                if not words[start][0].isupper():
                    continue
                initials = "".join(part[0] for w in words[start:] if w[0].isupper() for part in w.split("-") if part)
                if initials == abbreviation.upper():
                    found.add(" ".join(words[start:]))
                    break
    return found.pop() if len(found) == 1 else None

