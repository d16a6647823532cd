"""officer_bios: who took a position in a given month or year, read from the list of executive
officers every 10-K carries ("Information about our executive officers").

Each officer's entry gives the name first, then the position and the date it started, in one of
two wordings: "Frederick W. Smith ... Executive Chairman of FedEx since June 2022" or "Ian Borden,
54, is Executive Vice President and Chief Financial Officer, a position he has held since September
2022". An officer whose current position started in the asked month (or year) changed position
then. Only the section's own entries are read: a "since" elsewhere in the filing is about
something else.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from answering.kinds.people_words import people
from finrag.models import Chunk
from loaders.dates import MONTH_NAMES

MONTHS = MONTH_NAMES.split("|")
_SINCE = re.compile(rf"\bsince\s+(?P<month>{'|'.join(MONTHS)})(?:\s+\d{{1,2}},)?\s+(?P<year>(?:19|20)\d\d)\b")
_HEADING = re.compile(r"^.{0,40}\bexecutive\s+officers\b.{0,60}$", re.I | re.M)
_SECTION_CHUNKS = 8  # an officers' list runs over a few chunks after its heading
_NAME_WINDOW = 400
_AGE = re.compile(r"(?:^|[\s,])[2-9]\d(?=[\s,])")
_AGE_WINDOW = 120  # characters after the name within which the age is given  # characters before the date within which the entry's name is given
# "..., a position he has held since": the title is what comes before it, after "is"
_HELD = re.compile(r"\bis\s+(?P<title>[^.;]{3,120}?),\s+a\s+position\s+(?:he|she|they)\s+(?:has|have)\s+held\s*$")


class Started(NamedTuple):
    person: str
    title: str  # "" when the entry's wording gives none the reader can cut out
    quote: str  # the entry's words from the name to the date, as printed (whitespace collapsed)
    chunk: Chunk


def officers_section(chunks: list[Chunk]) -> list[Chunk]:
    """The chunks of the executive officers' list: from its heading's chunk, a few on."""
    ordered = sorted(chunks, key=lambda c: c.index)
    for i, chunk in enumerate(ordered):
        if _HEADING.search(chunk.text) and _SINCE.search(chunk.text):
            return ordered[i : i + _SECTION_CHUNKS]
    return []


def started_in(chunks: list[Chunk], year: int, month: int | None = None) -> list[Started]:
    """Each officer whose position started in `year` (and `month`, 1-12, when given), in list order."""
    out: dict[str, Started] = {}
    for chunk in officers_section(chunks):
        text = " ".join(chunk.text.split())
        for since in _SINCE.finditer(text):
            if int(since.group("year")) != year or (month and MONTHS.index(since.group("month")) + 1 != month):
                continue
            start = max(0, since.start() - _NAME_WINDOW)
            window = text[start : since.start()]
            # the entry's name is the one its age follows ("Ian Borden, 54, is ...", "Frederick W. Smith
            # Executive Chairman ... 78 Executive Chairman of FedEx since"), not a title's capitalised words
            named = [(m.start(), name) for name in people(window) for m in re.finditer(re.escape(name), window)
                     if _AGE.search(window, m.end(), m.end() + _AGE_WINDOW)]
            if not named:
                continue
            at, person = max(named)
            entry = text[start + at : since.end()]
            held = _HELD.search(text[: since.start()].rstrip())
            title = held.group("title") if held and held.start() >= start + at else ""
            out.setdefault(person, Started(person=person, title=title, quote=entry, chunk=chunk))
    return list(out.values())
