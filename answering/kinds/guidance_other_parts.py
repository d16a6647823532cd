"""The other parts of a guidance question ("..., and what accounting change affects the
comparison with 2022?", "..., and what one-off cost factor is included in its non-GAAP operating
income guidance?"), each answered from the text that states it beside the outlook: a footnote of
the outlook (a paragraph opened by a marker, "*Effective January 2023, ...", "1 Includes an
estimated $20 million ..."), or a sentence on the outlook's chunk or the next one, that shares
the part's words. An earnings release says what bears on its outlook next to it; a sentence
pages away is about something else. A part nothing beside the outlook states is named, and the
whole question refused (answering.kinds.guidance).
"""

from __future__ import annotations

import re

from answering.citations import is_instruction
from answering.kinds.sentences import HEDGE, content_words, overlap
from finrag.models import Chunk

# a footnote's marker opening its line: "*", "^", "†", "1 ", "(1)"
_MARKER = re.compile(r"^\s*(?:\*{1,3}|\^|†|‡|\(\d{1,2}\)|\d{1,2}(?=\s+[A-Z]))\s*(?=[A-Z])")
_MAX_FOOTNOTE = 900
# words a part says about the guidance itself, not what it asks of it
_ABOUT = frozenset({"guidanc", "guidance", "outlook", "non", "gaap", "give", "gave", "given", "what", "one", "off"})


def _near(chunk: Chunk, found: list[tuple[str, Chunk]]) -> bool:
    return any(chunk.doc == c.doc and chunk.index in (c.index, c.index + 1) for _, c in found)


def _marked(marker: str, found: list[tuple[str, Chunk]]) -> str:
    """The outlook lines that carry a footnote's marker ("operations1", "GAAP*")."""
    if marker.isdigit():
        # "operations1": the marker glued to a word's end (not "Q1"); read without it
        pattern = re.compile(rf"(?<=[A-Za-z]{{2}}){marker}(?=\s*:|\b)")
    else:
        pattern = re.compile(re.escape(marker))
    return " ".join(pattern.sub(" ", t) for t, _ in found if pattern.search(t))


def _footnotes(reading: list[tuple[Chunk, list[str]]],
               found: list[tuple[str, Chunk]]) -> list[tuple[str, Chunk, str]]:
    """The footnote paragraphs on the outlook's chunk or the next: a marker line and the lines after
    it up to the next marker, cut at a sentence's end."""
    lines = [(line.strip(), chunk) for chunk, ls in reading if _near(chunk, found) for line in ls if line.strip()]
    notes: list[tuple[str, Chunk, str]] = []
    current: list[str] | None = None
    start: tuple[Chunk, str] | None = None
    for text, chunk in lines:
        if (m := _MARKER.match(text)) is not None:
            if current and start is not None:
                notes.append((" ".join(current), *start))
            current, start = [text[m.end():]], (chunk, m.group(0).strip(" ()"))
        elif current is not None:
            current.append(text)
    if current and start is not None:
        notes.append((" ".join(current), *start))
    out = []
    for text, chunk, marker in notes:
        if len(text) > _MAX_FOOTNOTE:
            cut = text.rfind(". ", 0, _MAX_FOOTNOTE)
            text = text[: cut + 1] if cut > 0 else text[:_MAX_FOOTNOTE]
        out.append((text.strip(), chunk, marker))
    return out


def _words(part: str, companies: list[str]) -> list[str]:
    words = [w for w in content_words(part, companies) if w not in _ABOUT]
    # "what cost is included in its operating income guidance": a footnote that says what a line
    # "Includes" states it (the verb is no content word elsewhere)
    return words + ["includ"] if re.search(r"\b(?:is|are)\s+included\b", part, re.I) else words


def stating(others: list[str], reading: list[tuple[Chunk, list[str]]], sentences: list[tuple[str, Chunk]],
            found: list[tuple[str, Chunk]], companies: list[str]) -> list[tuple[str, Chunk]] | str:
    """For each other part, the footnote or sentence beside the outlook that states it; or the first
    part none states."""
    shown = {t for t, _ in found}
    notes = [(t, c, _marked(m, found)) for t, c, m in _footnotes(reading, found)]
    near = [(t, c) for t, c in sentences if _near(c, found) and t not in shown and not is_instruction(t)
            and not HEDGE.search(t) and len(t) <= 600]
    out: list[tuple[str, Chunk]] = []
    for part in others:
        words = _words(part, companies)
        if not words:
            return part
        # a footnote of the outlook bears on the guidance: a shared word ties it to the part; a
        # sentence that is no footnote must state at least half of the part's words
        # a footnote is read with the outlook lines its marker is on ("Non-GAAP income from
        # operations¹"): its own words must still share one of the part's
        # what the line is (its item's words) is no answer of what it includes: the footnote states a
        # word of the part its line does not
        scored = [(overlap(f"{t} {marked}", words), t, c) for t, c, marked in notes
                  if overlap(t, [w for w in words if overlap(marked, [w]) == 0]) > 0
                  and overlap(f"{t} {marked}", words) >= 0.5]
        scored += [(overlap(t, words), t, c) for t, c in near if overlap(t, words) >= 0.5]
        if not scored:
            return part
        _, text, chunk = max(scored, key=lambda s: s[0])
        out.append((text, chunk))
    return out
