"""headquarters: "Where is X headquartered?" read from the cover page's address of principal executive
offices, which every SEC registrant prints above the words "(Address of principal executive offices)".

The answer leads with the city and state ("Austin, Texas"), then quotes the address; a question that asks
for the city alone ("In which city is X headquartered?") is answered by the city, the state given after it
with the address (a name is matched as asked: the city is "Austin", not "Austin, Texas"). The city is the
run of capitalised words right before ", <State>", without the street it may be printed after on the
same line ("2300 Oracle Way Austin, Texas": the words up to a street word are the street's). US states
are a closed list; a cover without one (a foreign filer's) is left unanswered rather than guessed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.people import asked_filing
from answering.kinds.places import US_STATES
from answering.written_answer import WrittenAnswer

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

# where the headquarters are, not something about them ("the headquarters' lease")
ASKS_HEADQUARTERS = re.compile(
    r"\bwhere\b[^?]{0,80}\b(?:headquarter|head\s+office|principal\s+executive\s+office)"
    r"|\bheadquarter(?:s|ed)\b[^?]{0,40}\b(?:located|based)\b"
    r"|\b(?:which|what)\s+(?:city|state)\b[^?]{0,60}\bheadquarter"
    r"|\bheadquarter(?:s|ed)\b[^?]{0,40}\bin\s+(?:which|what)\s+(?:city|state)\b"
    r"|\baddress\s+of\s+(?:its|the)\s+(?:principal\s+executive\s+offices?|headquarters)", re.I)
# the question asks the city (or the state) alone: "In which city is X headquartered?", "What city ..."
# (of the headquarters: "..., and in which state is it incorporated?" asks the state of another thing)
_ASKS_CITY = re.compile(r"\b(?:which|what)\s+city\b[^?,;]{0,60}\bheadquarter"
                        r"|\bheadquarter(?:s|ed)\s+in\s+(?:which|what)\s+city\b", re.I)
_ASKS_STATE = re.compile(r"\b(?:which|what)\s+(?:US\s+|U\.S\.\s+)?state\b[^?,;]{0,60}\bheadquarter"
                         r"|\bheadquarter(?:s|ed)\s+in\s+(?:which|what)\s+state\b", re.I)
_MARKER = re.compile(r"\(\s*Address\s+of\s+principal\s+executive\s+offices?", re.I)
_CITY_STATE = re.compile(rf"(?P<city>(?:[A-Z][A-Za-z.'-]*\s+){{0,3}}[A-Z][A-Za-z.'-]*)\s*,\s+"
                         rf"(?P<state>{'|'.join(sorted(US_STATES, key=len, reverse=True))})\b(?:,?\s+\d{{5}}(?:-\d{{4}})?)?")
_STREET = re.compile(r"^(?:Way|Street|St\.?|Avenue|Ave\.?|Boulevard|Blvd\.?|Road|Rd\.?|Drive|Dr\.?|Parkway|Pkwy\.?|"
                     r"Place|Pl\.?|Plaza|Lane|Ln\.?|Court|Ct\.?|Circle|Center|Centre|Loop|Highway|Hwy\.?|Square|"
                     r"Terrace|Trail|Pike|Row|Box|Suite|Floor|Fl\.?|Tower|Building)$")
_BEFORE_MARKER = 240  # characters of the cover before the marker the address is in
_COVER_PAGES = 10  # (a glossy annual report prints the 10-K's cover after its own pages)


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The city and state of the asked company's principal executive offices, or None."""
    if not ASKS_HEADQUARTERS.search(question) or len(understanding.companies) != 1:
        return None
    for hit in asked_filing(hits, understanding.companies[0], services):
        chunk = hit.chunk
        if chunk.page >= _COVER_PAGES or (marker := _MARKER.search(chunk.text)) is None:
            continue
        before = chunk.text[max(0, marker.start() - _BEFORE_MARKER):marker.start()]
        places = list(_CITY_STATE.finditer(before))
        if not places:
            continue
        place = places[-1]
        words = place.group("city").split()
        street_end = max((i + 1 for i, w in enumerate(words) if _STREET.match(w)), default=0)
        city = " ".join(words[street_end:])
        if not city:
            continue
        quote = " ".join(before[max(0, place.start() - 60):place.end()].split())
        quote = quote[quote.find(" ") + 1:] if place.start() > 60 else quote  # from a whole word
        quote = quote.split("No.)")[-1].strip()  # after the cover's "(I.R.S. Employer Identification No.)"
        state = place.group("state")
        lead = city if _ASKS_CITY.search(question) else state if _ASKS_STATE.search(question) else f"{city}, {state}"
        where = "" if lead == f"{city}, {state}" else f"{city}, {state}: "
        return WrittenAnswer(status="answered", kind="passage",
                             text=f'{lead}\n\n{where}"{quote}" ({chunk.doc} p.{chunk.page + 1}, '
                                  "the address of its principal executive offices)",
                             citations=[cite(chunk, quote)])
    return None
