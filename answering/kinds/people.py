"""people: what a filing says a company did with its people, quoted and cited.

Two kinds of event the deal reading (answering.kinds.event) does not read, each stated in words
any filing uses, seldom the question's:

- an appointment or executive change ("What executive change did X announce", "Who was
  appointed", "Which leadership appointments ... and when were they effective"): a sentence that
  names a person (two capitalised words, neither a title's nor a sentence's opening word), a role
  (Chief ... Officer, CFO, President, Vice President, director, member of the Board) and an action
  (appointed, named, promoted, elevated, elected, will assume / become / step down, resigned,
  retire); the sentences right after it that go on about that person (by name or as she / he),
  and the sentence that dates the appointments ("These appointments will be effective on
  February 1") when the question asks when;
- a workforce action ("How many employees were affected by the job cuts, what share of the
  workforce, and why"): the sentence stating a number of employees, jobs or positions with a
  verb of cutting, the one stating the share of the workforce, and, when the question asks why,
  the sentences of the same passage that give a reason or a purpose.

The filing of the asked company the hits come from is read whole (an 8-K or a release is a few
chunks; the one naming the person may be between two retrieved ones). Any other part the
question asks ("does the filing disclose any arrangement, related-party transaction or
committee assignment") is answered by the sentences of the person's passage that name its
words. The writer's gates (every part, every ask) decide whether it is an answer; this module
only reads, and returns None when no sentence states the event.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.every_part import asked_parts
from answering.kinds.people_words import ACTION as _ACTION
from answering.kinds.people_words import ROLE as _ROLE
from answering.kinds.people_words import SAID as _SAID
from answering.kinds.people_words import names_a_change
from answering.kinds.people_words import people as _people
from answering.kinds.sentences import Sentence, content_words, overlap, quoted, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from loaders.dates import MONTH_NAMES

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

# --- what the question asks -----------------------------------------------------------------------
_ASKS_APPOINTMENT = re.compile(
    r"\b(?:executive|leadership|management|officer|board|CEO|CFO)\s+(?:changes?|transitions?|appointments?|succession|"
    r"departures?|shake-?up)\b|\bappoint\w*\b|\bwho\s+(?:was|were|is|will\s+be|has\s+been)\s+(?:appointed|named|elected|"
    r"promoted|hired|chosen)\b|\b(?:added|named|elected)\s+(?:a\s+)?(?:new\s+)?director\b|\bstep(?:s|ped)?\s+down\b", re.I)
_ASKS_WORKFORCE = re.compile(
    r"\bjob\s+cuts?\b|\blay-?offs?\b|\bworkforce\s+reductions?\b|\breduc\w+\s+(?:of\s+|in\s+)?(?:its\s+|their\s+|the\s+)?"
    r"(?:workforce|headcount|staff)\b|\bheadcount\s+reductions?\b|\bjobs?\s+(?:were\s+|would\s+be\s+)?(?:cut|eliminated)\b"
    r"|\bemployees\s+(?:were\s+|would\s+be\s+)?(?:affected|laid\s+off|let\s+go|cut)\b"
    # "how many employees was eBay letting go", "laying off": the verb after the people it is done to
    r"|\bemployees\b[^?.]{0,40}?\b(?:letting|laying|let|lay|laid)\s+(?:\w+\s+)?(?:go|off)\b", re.I)
_ASKS_WHEN = re.compile(r"\bwhen\b|\beffective\b", re.I)
_ASKS_WHY = re.compile(r"\bwhy\b|\breasons?\b|\brationale\b", re.I)
_ASKS_SHARE = re.compile(r"\b(?:share|percent\w*|proportion|portion)\b", re.I)

# --- what a sentence states -------------------------------------------------------------------------
_EFFECTIVE = re.compile(r"\beffective\s+(?:on\s+|as\s+of\s+|immediately|upon\b)|\b(?:will\s+be|become|became|is|are)\s+"
                        r"effective\b", re.I)
_A_DAY = re.compile(rf"\b(?:{MONTH_NAMES})\s+\d{{1,2}}\b"
                    r"|\bimmediately\b", re.I)
# "approximately 500 employees globally know that their jobs will be eliminated", "reduce headcount by 1,200 roles"
_A_COUNT = re.compile(r"\b\d[\d,]*\s+(?:\w+\s+)?(?:employees|jobs|positions|roles|people|team\s+members|workers|staff)\b", re.I)
_CUTTING = re.compile(r"\b(?:eliminat\w*|reduc\w*|cut|cuts|laid\s+off|lay\s*off\w*|let(?:ting)?\s+(?:\w+\s+){0,6}?go|"
                      r"separat\w*|impact\w*|affect\w*|exit\w*|notif\w*)\b", re.I)
_WORKFORCE_SHARE = re.compile(r"\d(?:\.\d+)?\s?(?:%|percent)\s+of\s+(?:our|its|the|their)\s+(?:total\s+|global\s+|current\s+)?"
                              r"(?:workforce|employee\s+base|employees|headcount|staff|work\s+force)\b", re.I)
# a reason or a purpose given for an action: "designed to strengthen", "with considerations of", "to invest"
_REASON = re.compile(r"\b(?:designed|intended|aimed)\s+to\b|\bin\s+order\s+to\b|\bbecause\b|\bdue\s+to\b|\bas\s+a\s+result\s+of\b|"
                     r"\bconsiderations?\s+of\b|\b(?:help|helps|allow|allows|enable|enables)\s+us\b|\bgives?\s+us\b|"
                     r"\bwe\s+need\s+to\b|\bto\s+(?:strengthen|simplify|focus|invest|create|streamline|reduce|improve|"
                     r"accelerate|align|better|support|concentrate|position)\b", re.I)
_MAX_PEOPLE = 6
_GOES_ON = 2  # sentences after a person's, in the filing's order, read as going on about them
_NEAR = 2  # chunks either side of the event's sentence read as its passage
_MAX_REASONS = 4


def states_a_cut(text: str) -> bool:
    """Whether a sentence states a number of employees, jobs or positions cut."""
    return bool(_A_COUNT.search(text) and _CUTTING.search(text))


def asked_filing(hits: list[SearchHit], company: str, services: MetricServices) -> list[SearchHit]:
    """The asked company's best-ranked filing among the hits, every chunk of it, as hits."""
    docs = [h.chunk.doc for h in hits if (h.chunk.company or "").casefold() == company.casefold()]
    if not docs:
        return []
    doc = docs[0]
    retriever = getattr(services, "retriever", None)
    chunks = retriever.filing(doc).chunks if retriever is not None else []
    if not chunks:
        return sorted([h for h in hits if h.chunk.doc == doc], key=lambda h: h.chunk.index)
    named = next(h.chunk.company for h in hits if h.chunk.doc == doc)
    return [SearchHit(chunk=c.model_copy(update={"company": named}), score=0.0)
            for c in sorted(chunks, key=lambda c: c.index)]


# a heading line: capitalised words and the small words between them, no closing punctuation
_SMALL = frozenset(["and", "of", "the", "for", "to", "in", "on", "a", "an", "at", "by", "with"])


def _heading(line: str, carried: bool = False) -> bool:
    """Whether a line is a heading's: three words at least, or any number carrying on a heading's line."""
    words = line.split()
    return len(words) >= (1 if carried else 3) and not re.search(r"[.:;!?,]$", line) \
        and all(w[0].isupper() or w in _SMALL for w in words if w[0].isalpha())


def _without_headings(s: Sentence) -> Sentence:
    """The sentence without the heading lines its chunk runs into its start ("Additional Information Regarding
    Chief Financial Officer Transition ... Alphabet and Google CFO Ruth Porat will assume ..."): a heading names
    the topic, the sentence states the change."""
    text, carried = s.text, False
    for line in (ln.strip() for ln in s.chunk.text.splitlines()):
        # (never the line that names the person: the rest still names one)
        if line and _heading(line, carried) and text.startswith(line + " ") and _people(text[len(line) + 1:]):
            text, carried = text[len(line) + 1:], True
    return s if text == s.text else s.model_copy(update={"text": text})


_HONORIFIC_END = re.compile(r"\b(?:Mr|Ms|Mrs|Dr)\.$")


def _honorifics_joined(read: list[Sentence]) -> list[Sentence]:
    """The sentences, one cut after "Ms." or "Mr." joined again with the name that follows it."""
    out: list[Sentence] = []
    for s in read:
        last = out[-1] if out else None
        if last is not None and _HONORIFIC_END.search(last.text) and last.chunk.chunk_id == s.chunk.chunk_id \
                and s.position == last.position + 1:
            out[-1] = last.model_copy(update={"text": f"{last.text} {s.text}"})
        else:
            out.append(s)
    return out


def _in_order(items: list[Sentence]) -> list[Sentence]:
    unique = {(s.chunk.chunk_id, s.position): s for s in items}
    return sorted(unique.values(), key=lambda s: (s.chunk.index, s.position))


def _near(s: Sentence, anchors: list[Sentence]) -> bool:
    return any(abs(s.chunk.index - a.chunk.index) <= _NEAR for a in anchors)


def _appointments(question: str, read: list[Sentence]) -> list[Sentence]:
    chosen = [s for s in read if names_a_change(s.text)][:_MAX_PEOPLE]
    if not chosen:
        return []
    people = {w for s in chosen for p in _people(s.text) for w in p.split() if len(w) > 2}
    # what goes on about a person chosen: "Ruth will continue to serve as CFO ... while the company searches
    # for ... her successor"
    onward = [s for s in read if s not in chosen and any(0 < _gap(c, s, read) <= _GOES_ON for c in chosen)
              and any(re.search(rf"\b{re.escape(w)}\b", s.text) for w in people)
              and (_ROLE.search(s.text) or _ACTION.search(s.text)) and not _SAID.search(s.text)]
    chosen += onward
    if _ASKS_WHEN.search(question) and not any(_EFFECTIVE.search(s.text) and _A_DAY.search(s.text) for s in chosen):
        # "These appointments will be effective on February 1."
        chosen += [s for s in read if _EFFECTIVE.search(s.text) and _A_DAY.search(s.text) and _near(s, chosen)][:1]
    return chosen


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
           "december")
_DAY_OF = re.compile(r"\b(" + "|".join(_MONTHS) + r")\s+(\d{1,2})\b(?!,?\s+\d{4})", re.I)
_FULL_DATE = re.compile(r"\b(" + "|".join(_MONTHS) + r")\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b", re.I)


def _dated(best: list[Sentence], filing: list[SearchHit]) -> str:
    """The day the changes take effect, with its year, when the sentence that says so gives a day
    without one ("These appointments will be effective on February 1."): the first such day on or
    after the filing's own date (the first full date of its first page), said as read; else ""."""
    effective = next((s for s in best if _EFFECTIVE.search(s.text) and _DAY_OF.search(s.text)
                      and not _FULL_DATE.search(s.text)), None)
    first = [h.chunk for h in filing if h.chunk.page == min(x.chunk.page for x in filing)]
    dated = next((m for c in first if (m := _FULL_DATE.search(c.text))), None)
    if effective is None or dated is None or (day := _DAY_OF.search(effective.text)) is None:
        return ""
    filed = (_MONTHS.index(dated.group(1).lower()), int(dated.group(2)))
    year = int(dated.group(3)) + ((_MONTHS.index(day.group(1).lower()), int(day.group(2))) < filed)
    return (f"Effective on {day.group(1).capitalize()} {int(day.group(2))}, {year} (the filing, dated "
            f"{dated.group(0)}, gives the day without its year).")


def _gap(one: Sentence, other: Sentence, read: list[Sentence]) -> int:
    """How many sentences `other` comes after `one` in the filing's order (negative: before)."""
    return read.index(other) - read.index(one)


def _workforce(question: str, read: list[Sentence]) -> list[Sentence]:
    cut = next((s for s in read if states_a_cut(s.text)), None)
    if cut is None:
        return []
    chosen = [cut]
    if _ASKS_SHARE.search(question) and not _WORKFORCE_SHARE.search(cut.text):
        chosen += [s for s in read if _WORKFORCE_SHARE.search(s.text) and _near(s, [cut])][:1]
    if _ASKS_WHY.search(question):
        # the reasons nearest the cut first: the passage that announces it says why
        reasons = [s for s in read if s not in chosen and _REASON.search(s.text) and _near(s, [cut])]
        chosen += sorted(reasons, key=lambda s: abs(_gap(cut, s, read)))[:_MAX_REASONS]
    return chosen


# what a later part lists to be told of: "does the filing disclose any arrangement, related-party transaction or
# committee assignment that an investor should weigh" -> arrangement / related-party transaction / committee assignment
_LISTED = re.compile(r"\bany\s+(?P<items>[\w\s,'\u2019-]+?)(?:\s+(?:that|which|of|to|for|with)\b|[?.]|$)", re.I)
_ITEM_SPLIT = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+", re.I)
# a sentence about the person without the name: "she", "his", or cut after "Ms." by the sentence splitter
_OF_THE_PERSON = re.compile(r"\b(?:she|he|her|his|him)\b|\b(?:Mr|Ms|Mrs|Dr)\.", re.I)


def _other_parts(question: str, chosen: list[Sentence], read: list[Sentence],
                 companies: list[str]) -> list[tuple[str, Sentence]]:
    """For each thing a later part lists ("any arrangement, related-party transaction or committee
    assignment"), the first sentence of the event's passage about the person that names it, with
    the thing it was read for."""
    people = {w for s in chosen for p in _people(s.text) for w in p.split() if len(w) > 2}
    added: list[tuple[str, Sentence]] = []
    for part in asked_parts(question)[1:]:
        if (m := _LISTED.search(part)) is None:
            continue
        for item in (i.strip() for i in _ITEM_SPLIT.split(m.group("items")) if i.strip()):
            words = content_words(item, companies)
            if not words:
                continue
            about = [s for s in read if _near(s, chosen) and overlap(s.text, words) > 0
                     and (_OF_THE_PERSON.search(s.text) or any(re.search(rf"\b{re.escape(w)}\b", s.text) for w in people))]
            added += [(item, about[0])] if about else []
    return added


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The sentences stating the asked appointment or workforce action, or None."""
    companies = list(understanding.companies)
    if len(companies) != 1:
        return None
    appointment, workforce = bool(_ASKS_APPOINTMENT.search(question)), bool(_ASKS_WORKFORCE.search(question))
    if appointment == workforce:
        return None  # neither, or a question of both kinds: not read here
    filing = asked_filing(hits, companies[0], services)
    read = [_without_headings(s) for s in _honorifics_joined(sentences(filing, companies))]
    chosen = _appointments(question, read) if appointment else _workforce(question, read)
    if not chosen:
        return None
    best = _in_order(chosen)
    text = quoted(best)
    listed = _other_parts(question, best, read, companies)
    if listed:
        best = [s for s in best if all(s != t for _, t in listed)]  # quoted once, under the thing it was read for
        text = quoted(best)
        # each thing a later part lists, labelled by the sentence read for it
        text += " " + " ".join(f"{item[0].upper()}{item[1:]}: {s.shown()}" for item, s in listed)
    if appointment and _ASKS_WHEN.search(question) and (day := _dated(best, filing)):
        text += " " + day
    every = [*best, *(s for _, s in listed)]
    return WrittenAnswer(status="answered", text=text, kind=decision.kind, flags=["people_event"],
                         citations=unique_citations([cite(s.chunk, s.text) for s in every]))
