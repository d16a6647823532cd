"""role_changes: "Which leadership positions changed at X in the reporting period?" answered by the
titles (or, asked for names, the people) that the filing's own sentences say a named person took or
left in the report's period.

A sentence counts when it names a person (answering.kinds.people_words), says what happened to a
role in words any filing uses ("was appointed (as) the Company's General Counsel", "was named Chief
Risk Officer of the Bank", "the promotion of ... to the position of President of the Bank",
"resigned as Chief Financial Officer", "joined the Company as ...") with the title written right
after those words, in capitals, and states a year of the report's own period (a biography's "joined
CrossFirst in January 2021 as Chief Technology Officer" in a 2022 report is history, not a change of
the period). A title's words are capitalised and end in a title's head word (Officer, President,
Counsel, Secretary, Director, Chair, Treasurer, Controller, or an abbreviation: CEO, CFO): anything
else after the verb is no title. No such sentence: None, and the question is refused (a wrong title
is worse than N/A).

The answer leads with the titles, "; "-joined on its first line (the typed reading of eval.erc takes
them from there), then quotes the sentences read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds import officer_bios
from answering.kinds.people import asked_filing
from answering.kinds.people_words import names_a_change, people
from answering.kinds.sentences import Sentence, quoted, sentences
from answering.written_answer import WrittenAnswer

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

# --- what the question asks -------------------------------------------------------------------------
# "Which leadership positions changed", "what executive roles changed", "names of the new executives"
_ASKS_POSITIONS = re.compile(
    r"\b(?:leadership|executive|management|officer|senior)\s+(?:positions?|roles?|posts?)\s+(?:\w+\s+){0,3}?"
    r"(?:changed?|changes)\b|\bchanges?\s+(?:in|to)\s+(?:the\s+)?(?:leadership|executive|management)\s+"
    r"(?:positions?|roles?)\b", re.I)
_ASKS_PEOPLE = re.compile(
    r"\bnames?\s+of\s+(?:the\s+|any\s+|all\s+(?:the\s+)?)?new(?:ly\s+appointed)?\s+(?:executives?|officers?|directors?|"
    r"board\s+members?|leaders?|managers?|members\s+of\s+(?:the\s+)?(?:board|management))\b"
    r"|\bnames?\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?(?:executive\s+officers?|executives|officers)(?:\s+(?:of|at)\s+.{1,60}?)?"
    r"\s+whose\s+"
    r"(?:positions?|roles?|titles?)\s+changed\b", re.I)
# "... in June 2022": the month the question asks about
_ASKED_MONTH = re.compile(rf"\bin\s+(?P<month>{'|'.join(officer_bios.MONTHS)})\s+(?P<year>(?:19|20)\d\d)\b")

# --- what a sentence states -------------------------------------------------------------------------
# the words that put a title in a person's hands (or take it away), the title right after them
_TAKES = (r"(?:was|were|has\s+been|have\s+been|is|being|been|(?:will|would|to)\s+be)\s+"
          r"(?:appointed|named|promoted|elected|elevated|hired)"
          r"(?:\s+(?:as|to))?|\bappointed\s+(?:\w+\s+){1,3}?as|\bjoined\s+(?:\w+\s+){0,3}?as|"
          r"\bresigned\s+(?:from\s+(?:\w+\s+){0,2}?)?as|\bretired\s+as|\bstep(?:ped|s)?\s+down\s+as|"
          r"\bsucceed(?:ed|s)?\s+(?:[A-Z][\w.'-]*\s+){1,3}as|\bto\s+the\s+(?:position|role|office)\s+of")
_CUE = re.compile(rf"(?:{_TAKES})\s+(?:the\s+)?(?:(?:position|role|office)\s+of\s+(?:the\s+)?)?"
                  r"(?:(?:Company|Bank|Group|Corporation|Trust|[A-Z][\w&]*)['\u2019]s\s+|its\s+|our\s+|their\s+)?"
                  r"(?:(?:new|current|interim|acting)\s+)?", re.I)
_TITLE_WORD = r"(?:[A-Z][\w&'\u2019-]*|and|of|the|&)"
_TITLE = re.compile(rf"{_TITLE_WORD}(?:[ \t\n]+{_TITLE_WORD})*")
_HEAD = re.compile(r"\b(?:Officer|President|Counsel|Secretary|Director|Chair(?:man|woman|person)?|Treasurer|Controller|"
                   r"CEO|CFO|COO|CTO|CIO|CRO)\b")
_TRAILING = re.compile(r"(?:\s+(?:and|of|the|&))+$")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_MAX_TITLES = 8
# a board's new member, named after the verb, the seat lower-case: "We welcomed John Falla to the Board as a
# non-executive director", "appointed Shripriya Mahesh as a member of the Board" (read for a question asking names)
_JOINS_BOARD = re.compile(r"\b(?:welcomed|appointed|elected)\s+(?P<name>(?:[A-Z][\w.'\u2019-]*\s+){1,3}?[A-Z][\w'\u2019-]+)\s+"
                          r"(?:to|as\s+(?:a\s+)?member\s+of)\s+(?:the|our|its)\s+Board\b")


# "Did X mention any changes in its leadership or executive team?": a yes/no on the same sentences
ASKS_IF_CHANGED = re.compile(
    r"\bchanges?\b.{0,40}?\b(?:leadership|executive\s+team|executives|management\s+team|senior\s+management|"
    r"chief\s+executive|CEO|executive\s+officers?)\b|\b(?:leadership|executive|management)\s+(?:changes?|transitions?)\b",
    re.I)


def asks_role_changes(question: str) -> bool:
    return bool(_ASKS_POSITIONS.search(question) or _ASKS_PEOPLE.search(question))


def _title_after(text: str, at: int) -> str | None:
    """The capitalised title written from `at`, up to its last head word ("President of the Bank")."""
    m = _TITLE.match(text, at)
    if m is None or not m.group(0)[:1].isupper():
        return None
    words = re.sub(r"\s+", " ", m.group(0)).split(" ")
    # a title ends in its head word or in what it is of: "Chief Risk Officer of the Bank"
    heads = [i for i, w in enumerate(words) if _HEAD.fullmatch(w)]
    if not heads:
        return None
    end = len(words)
    # "General Counsel and Corporate Secretary In" / "President of the Bank Mr": a capitalised word after the
    # title's "of X" that starts the next clause is no part of it; keep up to a head word, or one "of the Noun"
    tail = words[heads[-1] + 1:]
    if tail[:1] == ["of"] or tail[:2] == ["of", "the"]:
        of_at = heads[-1] + 1 + (2 if tail[:2] == ["of", "the"] else 1)
        end = min(end, of_at + 1)
    else:
        end = heads[-1] + 1
    return _TRAILING.sub("", " ".join(words[:end])) or None


# how far (characters of its chunk) a year stated before carries on: "In June of 2022, the Company announced
# the promotion of ... Jenny Payne was named Chief Risk Officer of the Bank" (a paragraph dates its changes once)
_CARRIED = 1000


def dated(read: list[Sentence]) -> list[tuple[Sentence, set[int]]]:
    """Each sentence with the years it states, else those of the nearest sentence before it that states some,
    when that one is close (`_CARRIED` characters, in its chunk or the end of the chunk before)."""
    out: list[tuple[Sentence, set[int]]] = []
    last: tuple[int, int, set[int]] | None = None  # (chunk index, characters from the dated sentence's end to its chunk's end, years)
    for s in sorted(read, key=lambda s: (s.chunk.index, s.position)):
        at = s.chunk.text.find(s.text[:60])
        years = {int(y) for y in _YEAR.findall(s.text)}
        if years and at >= 0:
            last = (s.chunk.index, len(s.chunk.text) - at - len(s.text), years)
        elif not years and last is not None and at >= 0:
            same, before = last[0] == s.chunk.index, last[0] == s.chunk.index - 1
            gap = at - (len(s.chunk.text) - last[1]) if same else last[1] + at if before else _CARRIED + 1
            years = last[2] if 0 <= gap <= _CARRIED else set()
        out.append((s, years))
    return out


def in_period(s: Sentence, years: set[int]) -> bool:
    """Whether the years a sentence is dated by are the report's period: its fiscal year, no year before the
    one before it, none after the one after it (the filing's own months after the year end)."""
    fy = s.chunk.fiscal_year
    return fy is not None and fy in years and min(years) >= fy - 1 and max(years) <= fy + 1


def near_period(s: Sentence, years: set[int]) -> bool:
    """Whether a sentence is dated in the report's year or the months after it (a change announced
    before the filing date is a change the report mentions), never by an older year alone."""
    fy = s.chunk.fiscal_year
    return fy is not None and bool(years) and min(years) >= fy - 1 and max(years) <= fy + 1 \
        and bool(years & {fy, fy + 1})


def mentioned(hits: list[SearchHit], company: str, services: MetricServices) -> list[Sentence]:
    """The sentences of the asked company's filing that say a named person took or left a titled role
    in the report's year or the months after it ("Did X mention any changes in its leadership?"): the
    title after the verb, or a person, a role and an action on it in one sentence ("Bret Taylor, our
    former co-CEO ..., resigned from these positions")."""
    filing = asked_filing(hits, company, services)
    return [s for s, years in dated(sentences(filing, [company]))
            if near_period(s, years) and (_changes(s) or names_a_change(s.text))]


def _changes(s: Sentence, board: bool = False) -> list[tuple[str, str]]:
    """(title, person) for every role the sentence says a named person took or left; `board`: a new board
    member too (a question asking names: the seat is no title a positions question asks)."""
    named = [(m.start(), m.group(0)) for p in people(s.text) for m in re.finditer(re.escape(p), s.text)]
    out = []
    for cue in _CUE.finditer(s.text):
        title = _title_after(s.text, cue.end())
        before = [name for at, name in named if at < cue.start()]
        if title and before:
            out.append((title, before[-1]))
    for joined in _JOINS_BOARD.finditer(s.text) if board else ():
        person = next((p for p in people(joined.group("name")) if p in joined.group("name")), None)
        if person:
            out.append(("Director", person))
    return out


def _key(text: str) -> str:
    # (a title "of the Company" is the filer's, the same as the title alone: "General Counsel and Corporate Secretary")
    return re.sub(r"\s+of\s+the\s+(?:company|corporation|group)$", "", re.sub(r"\s+", " ", text).strip().casefold())


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The titles (or people) that changed hands in the asked company's report period, or None."""
    companies = list(understanding.companies)
    if len(companies) != 1 or not asks_role_changes(question):
        return None
    filing = asked_filing(hits, companies[0], services)
    read = [s for s, years in dated(sentences(filing, companies)) if in_period(s, years)]
    wants_people = bool(_ASKS_PEOPLE.search(question))
    items: dict[str, str] = {}
    cited: list[Sentence] = []
    for s in read:
        found = _changes(s, board=wants_people)
        for title, person in found:
            shown = person if wants_people else title
            items.setdefault(_key(shown), shown)
        cited += [s] if found else []
    if not items and wants_people and (started := _from_officer_list(question, filing, understanding)):
        # no sentence tells the change: the executive officers' list dates each one's position
        listed = [s.person for s in started][:_MAX_TITLES]
        text = "; ".join(listed) + "\n\n" + " ".join(f'"{s.quote}" ({s.chunk.doc} p.{s.chunk.page + 1})'
                                                     for s in started[:_MAX_TITLES])
        return WrittenAnswer(status="answered", text=text, kind=decision.kind, flags=["role_changes"],
                             citations=unique_citations([cite(s.chunk, s.quote) for s in started[:_MAX_TITLES]]))
    if not items:
        return None
    listed = list(items.values())[:_MAX_TITLES]
    text = "; ".join(listed) + "\n\n" + quoted(cited)
    return WrittenAnswer(status="answered", text=text, kind=decision.kind, flags=["role_changes"],
                         citations=unique_citations([cite(s.chunk, s.text) for s in cited]))


def _from_officer_list(question: str, filing: list[SearchHit], understanding: QueryUnderstanding
                       ) -> list[officer_bios.Started]:
    """The officers whose position started in the asked month, else in the asked (or the filing's) year."""
    month = _ASKED_MONTH.search(question)
    chunks = [h.chunk for h in filing]
    if month is not None:
        return officer_bios.started_in(chunks, int(month.group("year")),
                                       officer_bios.MONTHS.index(month.group("month")) + 1)
    years = sorted(understanding.fiscal_years) or sorted({c.fiscal_year for c in chunks if c.fiscal_year})
    return officer_bios.started_in(chunks, years[-1]) if len(years) == 1 else []
