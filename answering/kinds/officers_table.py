"""officers_table: "Who were the executive officers of X?" read from the table every 10-K prints under
"Information about our executive officers": one row per officer, name, age, position ("Colette M.
Kress 56 Executive Vice President and Chief Financial Officer").

The table is read from the chunks under the section's heading (a few on); a row is a
person's name, a two-digit age and a title, on one line. Two rows at least, or nothing: a single
row is more likely a biography's sentence than the table. The answer leads with the names, one
line, ";"-separated, then quotes the rows.

"Who was the General Counsel of X?" is the one row holding the title ("President" is no "Vice
President"); without a table, the one person the filing names right before the title, as a
signature or a board's listing prints it ("Direktur Utama Ir. Kiswodarmawan President Director").
Several people, or none: no answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.aspects import split_sentences
from answering.citations import cite, unique_citations
from answering.kinds.people import asked_filing
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.catalog import FORM_WORDS
from loaders.dates import days_written

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import Chunk, SearchHit
    from retrieval.query_understanding import QueryUnderstanding

ASKS_OFFICERS = re.compile(r"\b(?:who|what)\s+(?:are|were|is|was)\s+(?:the\s+|its\s+)?(?:names?\s+of\s+(?:the\s+|its\s+)?)?"
                           r"executive\s+officers\b|\b(?:list|name)\s+(?:the\s+|its\s+)?executive\s+officers\b", re.I)
_ROW = re.compile(r"^(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?(?P<name>(?:[A-Z][\w'’.-]*\s+){1,4}[A-Z][\w'’.-]*)\s*,?\s+"
                  r"(?P<age>[2-9]\d)\s*,?\s+(?P<title>[A-Z][^\n]{3,})$")
_HEADING = re.compile(r"^.{0,40}\bexecutive\s+officers\b.{0,60}$", re.I | re.M)
_SECTION_CHUNKS = 4  # the table follows its heading closely; the officers' biographies come after it
_GAP = 2  # chunks of one officer's biography between two rows of the table
# words of a title or a heading, never of a person's name
_NOT_NAME = frozenset({"chief", "executive", "officer", "officers", "president", "vice", "senior", "director",
                       "name", "age", "position", "table", "contents", "chairman", "general", "counsel", "founder",
                       "emeritus", "honorary"})


# a table headed "Name Office(s)" prints no ages: "Safra A. Catz Chief Executive Officer and Director", the name
# ending where a title's first word begins
_AGELESS_HEADER = re.compile(r"^\s*Name\s+(?:Office|Position|Title)(?:\(s\)|s)?\s*$", re.I)
_AGELESS_ROW = re.compile(r"^(?P<name>[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z'’-]+){1,2}?)\s+"
                          r"(?P<title>(?:Chairman|Chairwoman|Chair|Chief|Executive|Senior|Vice|President|General|"
                          r"Director|Secretary|Treasurer|Controller|Co-)\b[^\n]{3,})$")


def _person_row(m: re.Match[str] | None) -> re.Match[str] | None:
    """A row match whose name is a person's, not a title's or a heading's words."""
    return m if m and not {w.lower().strip(".,") for w in m.group("name").split()} & _NOT_NAME else None


def _rows(chunk: Chunk) -> list[tuple[str, str]]:
    """(name, the row as printed) of each officer's row in the chunk."""
    found = []
    ageless = False
    for line in chunk.text.splitlines():
        m = _person_row(_ROW.match(line.strip()) or (_AGELESS_ROW.match(line.strip()) if ageless else None))
        ageless = ageless or bool(_AGELESS_HEADER.match(line))
        if m:
            found.append((m.group("name"), line.strip()))
    return found


def _sections(filing: list[SearchHit]) -> list[list[Chunk]]:
    """The chunks under each heading of the officers' section, in the filing's order, a few on from the heading and
    on while rows go on (a table whose officers' biographies run over pages prints a row every page or two)."""
    chunks = sorted({h.chunk.chunk_id: h.chunk for h in filing}.values(), key=lambda c: (c.doc, c.index))
    sections = []
    for at, c in enumerate(chunks):
        if not _HEADING.search(c.text):
            continue
        end = at + _SECTION_CHUNKS
        while end < len(chunks) and any(_rows(c) for c in chunks[end - _GAP:end]):
            end += 1
        sections.append(chunks[at:end])
    return sections


def officer_rows(filing: list[SearchHit]) -> dict[str, tuple[str, Chunk]]:
    """{name: (its row, the chunk printing it)} of the officers table of the asked company's filing
    (`people.asked_filing`); {} without one of two rows."""
    for section in _sections(filing):
        rows: dict[str, tuple[str, Chunk]] = {}
        for chunk in section:
            for name, line in _rows(chunk):
                rows.setdefault(name, (line, chunk))  # (chunks overlap: a row printed twice is one officer)
        if len(rows) >= 2:
            return rows
    return {}


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The officers the table lists, each with their row; None without a table of two rows or more."""
    if not ASKS_OFFICERS.search(question) or len(understanding.companies) != 1:
        return None
    rows = officer_rows(asked_filing(hits, understanding.companies[0], services))
    if not rows:
        return None
    quotes = " ".join(f'"{line}" ({chunk.doc} p.{chunk.page + 1})' for line, chunk in rows.values())
    return WrittenAnswer(status="answered", kind="list", text="; ".join(rows) + "\n\n" + quotes,
                         citations=unique_citations([cite(chunk, line) for line, chunk in rows.values()]))


# "Who was the General Counsel of X?", "Who is its Chief Operating Officer?": one title, capitalised as filings print it
ASKS_ROLE = re.compile(r"^\W*[Ww]ho\s+(?P<verb>is|was|are|were)\s+(?:the\s+|its\s+)?(?P<title>(?:[A-Z][\w&-]*\s+){0,4}"
                       r"(?:Officer|Counsel|President|Secretary|Treasurer|Controller|Director|Chair(?:man|woman|person)?)|"
                       r"CEO|CFO|COO)(?P<plural>s?)\b"
                       r"(?!\s+(?:of|and)\s+(?:the|its|our|their)\b)")  # ("Chair of the Board", "Officer of the Bank")
# "Which executive officers of X held the title Chief Executive Officer": the rows of the officers' table holding it
HELD_TITLE = re.compile(r"^\W*[Ww]hich\s+(?:executive\s+)?officers\b[^?]*?\bheld\s+the\s+(?:title|position|office)\s+"
                        r"(?:of\s+)?(?P<title>(?:[A-Z][\w&-]*\s+){0,4}(?:Officer|Counsel|President|Secretary|Treasurer|"
                        r"Controller|Director|Chair(?:man|woman|person)?))\b")
# a person's name printed right before a title ("Ir. Kiswodarmawan President Director"): an honorific and one
# name, or two to four capitalised words
_HONORIFIC = r"(?:Ir|Dr|Drs|Dra|Mr|Mrs|Ms|Prof|H)\.\s+"
_NAMED = rf"(?P<name>{_HONORIFIC}[A-Z][\w'’-]+(?:\s+[A-Z][\w'’.-]+){{0,3}}|[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+){{1,3}}),?\s+"


def role_holder(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: MetricServices) -> WrittenAnswer | None:
    """The one officer whose row in the officers table holds the asked title (never "Vice President" for
    "President"), else the one person the filing names right before the title; None when none or several."""
    asked = ASKS_ROLE.search(question) or HELD_TITLE.search(question)
    if asked is None or len(understanding.companies) != 1:
        return None
    # "Who were the Chief Executive Officers", "Which executive officers held the title ...": every holder
    several = asked.re is HELD_TITLE or (bool(asked.group("plural")) and asked.group("verb") in ("are", "were"))
    if several and not asked.group("title").startswith("Chief "):
        return None  # "Who are the Directors": a board, which the officers' rows holding the word are not
    asked_title = _SPELLED.get(asked.group("title"), asked.group("title"))  # "CFO": as filings print it
    title = re.compile(rf"(?<!Vice )\b{re.escape(asked_title)}\b", re.I)
    filing = asked_filing(hits, understanding.companies[0], services)  # (read once: the table, else the names)
    holders = [(name, line, chunk) for name, (line, chunk) in
               officer_rows(filing).items() if title.search(line[len(name):])]
    where = ", the officers' table"
    if not holders:
        holders, where = _named_before(asked_title, filing, understanding.companies[0]), ", the name printed before the title"
    if not holders:
        holders, where = _signed_as(asked_title, filing, understanding.companies[0]), ", the company's signature block"
    if not holders:
        holders, where = _name_over_title(asked_title, filing), ", the name printed over the title"
    people = {_person(name) for name, _, _ in holders}
    if several and (where != ", the officers' table" or len(people) < 2):
        return None  # several asked: the table's rows, two at least (one found may be one of more)
    if several:
        # "Who were the Chief Executive Officers": each row holding the title (two co-CEOs)
        return WrittenAnswer(status="answered", kind="list", text="; ".join(n for n, _, _ in holders) + "\n\n" + " ".join(
            f'"{line}" ({chunk.doc} p.{chunk.page + 1}{where})' for _, line, chunk in holders),
            citations=unique_citations([cite(chunk, line) for _, line, chunk in holders]))
    if len(people) != 1:
        return None
    name, line, chunk = max(holders, key=lambda h: len(h[0]))  # "Robert E. Sandlin" over "Robert Sandlin"
    return _named_person(name, line, chunk, where)


# "Who served as Interim Chief Executive Officer of X from January 14, 2019 to May 1, 2019": a title held before
# ("Executive Vice President and Chief Technology Officer": one title of two joined, held by one row)
ASKS_SERVED = re.compile(r"^\W*[Ww]ho\s+(?:served|acted)\s+as\s+(?:the\s+|its\s+)?(?P<title>(?:[A-Z][\w&-]*\s+(?:and\s+)?){0,6}"
                         r"(?:Officer|Counsel|President|Secretary|Treasurer|Controller|Director|Chair(?:man|woman|person)?)|"
                         r"CEO|CFO|COO)\b")


def former_holder(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                  services: MetricServices) -> WrittenAnswer | None:
    """The one officer under whose row of the officers' table a line holds the asked title over the asked days
    ("John R. Simon 55 Executive Vice President ..." then "Interim Chief Executive Officer January 14, 2019 to May
    1, 2019": each officer's earlier positions are printed under their row); None when none or several."""
    asked = ASKS_SERVED.search(question)
    if asked is None or len(understanding.companies) != 1:
        return None
    asked_title = _SPELLED.get(asked.group("title"), asked.group("title"))
    # (titles joined by "and" are each held, in any order: "Chairman and Chief Executive Officer" is held by the row
    # "Chairman, President and Chief Executive Officer")
    titles = [re.compile(rf"(?<!Vice )\b{re.escape(_SPELLED.get(t, t))}\b")
              for t in re.split(r"\s+and\s+", asked_title.strip()) if t]
    days = days_written(question)
    held: dict[str, tuple[str, Chunk, str]] = {}  # person -> (name as printed, chunk, the line holding the title)
    for section in _sections(asked_filing(hits, understanding.companies[0], services)):
        for chunk in section:
            officer = None
            for line in (raw.strip() for raw in chunk.text.splitlines()):
                if row := _person_row(_ROW.match(line)):
                    officer, line = row.group("name"), line[len(row.group("name")):]
                if officer and all(t.search(line) for t in titles) and (not days or days & days_written(line)):
                    held.setdefault(_person(officer), (officer, chunk, line.strip()))
    if len(held) != 1:
        return None
    name, chunk, quote = next(iter(held.values()))
    return _named_person(name, quote, chunk, f", under {name}'s row of the officers' table")


# "To whom will the new Senior Vice President, Chief Transformation Officer of X report": the title, as printed
ASKS_REPORTS_TO = re.compile(r"^\W*(?:[Tt]o\s+whom|[Ww]ho)\s+(?:will|does|did|do|would|is)\s+(?:the\s+|its\s+)?(?:new(?:ly\s+appointed)?\s+)?"
                             r"(?P<title>(?:[A-Z][\w&-]*,?\s+){0,6}(?:Officer|Counsel|President|Secretary|Treasurer|Controller|"
                             r"Director|Chair(?:man|woman|person)?))\b[^?]*?\breport(?:ing)?\b")
_REPORT_TO = r"\breport(?:s|ed|ing)?\s+(?:directly\s+)?to\b"  # a line of report said, to whomever
_REPORTS_TO = re.compile(r"\breports?\s+(?:directly\s+)?to\s+(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][\w'’-]+){1,2})")
_AFTER_TITLE = 3  # sentences after the one naming the title that tell its line of report


def reports_to(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
               services: MetricServices) -> WrittenAnswer | None:
    """The one person the filing says the asked title's holder will report to, in the sentences from the one naming
    the title ("Spero Droulias will become Senior Vice President, Chief Transformation Officer. ... Spero will report
    to Kevin Ozan."); None when none or several."""
    asked = ASKS_REPORTS_TO.search(question)
    if asked is None or len(understanding.companies) != 1:
        return None
    title = re.compile(rf"(?<!Vice ){re.escape(' '.join(asked.group('title').split()))}")
    found: dict[str, tuple[str, Chunk, str]] = {}  # person -> (name as printed, chunk, the sentence saying it)
    for hit in asked_filing(hits, understanding.companies[0], services):
        said = split_sentences(hit.chunk.text)
        for i in (i for i, sentence in enumerate(said) if title.search(" ".join(sentence.split()))):
            # (in the title's own sentence, only after the title: "Andrew will report to both Ian ... · Spero Droulias
            # will become ... Chief Transformation Officer" is another officer's line of report)
            named = title.search(" ".join(said[i].split()))
            for n, sentence in enumerate(said[i: i + 1 + _AFTER_TITLE]):
                sentence = " ".join(sentence.split())[named.end():] if n == 0 and named else sentence
                if (m := _REPORTS_TO.search(sentence)) is not None:
                    found.setdefault(_person(m.group("name")), (m.group("name"), hit.chunk, sentence))
                    break
                if re.search(_REPORT_TO, sentence) or (n and title.search(sentence) is None
                                                       and re.search(r"\bwill\s+(?:become|be\s+appointed|join)\b", sentence)):
                    break  # its line of report said otherwise ("to our Chief Executive Officer"), or another officer's
    if len(found) != 1:
        return None
    name, chunk, sentence = next(iter(found.values()))
    return _named_person(name, sentence, chunk, ", the sentence after the one naming the title")


def _named_person(name: str, quote: str, chunk: Chunk, where: str) -> WrittenAnswer:
    """The person's name first (what a typed reading takes), then the line that names them and where it stands."""
    return WrittenAnswer(status="answered", kind="passage",
                         text=f'{name}\n\n"{quote}" ({chunk.doc} p.{chunk.page + 1}{where})',
                         citations=[cite(chunk, quote)])


def _named_before(title: str, filing: list[SearchHit], company: str) -> list[tuple[str, str, Chunk]]:
    """(name, its words, chunk) wherever the asked company's filing prints a person's name right before the title,
    as a board's or management's listing does ("Direktur Utama Ir. Kiswodarmawan President Director"), a release
    quotes its officer ("said Patti Poppe, CEO of PG&E Corporation", the title as the filing abbreviates it) or an
    exhibit heads a letter ("Desiree Ralls-Morrison Executive Vice President, Global Chief Legal Officer"); a title
    "of" a body is the asked company's only when `_of_the_company` says the body is the company."""
    # (the title abbreviated only as an appositive, after a comma: "Patti Poppe, CEO of ..."; "Net Sales Growth CEO"
    # and "Acme Holdings CEO Jane Doe" name no one)
    spelled = rf"{_OTHER_TITLES}(?<!Vice ){re.escape(title)}"
    short = rf"(?<=,\s){re.escape(_ABBREVIATED[title])}" if title in _ABBREVIATED else None
    printed = re.compile(rf"{_NAMED}(?:{spelled}{'|' + short if short else ''})\b"
                         rf"(?P<of>\s+of\s+[^.;,]{{1,60}})?")
    translated = _translations(title, filing)
    found = []
    for hit in filing:
        for m in printed.finditer(" ".join(hit.chunk.text.split())):
            if m.group("of") and not _of_the_company(m.group("of"), company):
                continue  # "CEO of the Utility", "Director of Sales", "CEO of Acme Rockets": another body's title
            if any(m.group("name").casefold().endswith(" " + other) for other in translated):
                continue  # "... LOW TUCK KWONG Direktur Utama President Director": the title in both languages
            # (a title in the filing's other language before the honorific is no part of the name: "Direktur Utama")
            name = re.sub(rf"^.*?\s(?={_HONORIFIC})", "", m.group("name"))
            words = name.split()
            while words and words[-1].strip(",").lower() in _TITLE_RUN_WORDS:
                words.pop()  # the run of other titles the name's words took ("Ralls-Morrison Executive Vice")
            if len(words) < 2:
                continue
            name = " ".join(words).rstrip(",")
            if len(words) % 2 == 0 and [w.casefold() for w in words[: len(words) // 2]] == \
                    [w.casefold() for w in words[len(words) // 2:]]:
                name = " ".join(words[len(words) // 2:])  # a signature's name typed, then printed: "/s/ Steve Priest Steve Priest"
            if ".." not in name and not {w.lower().strip(".,") for w in name.split()} & (_NOT_NAME | _NOT_PERSON):
                found.append((name, m.group(0), hit.chunk))
    return found


_FILER = re.compile(r"^\s*of\s+the\s+(?:company|corporation|registrant|group)\b", re.I)


def _of_the_company(body: str, company: str) -> bool:
    """ "of PG&E Corporation" names the company "PG&E": every word of the body is a word of the company's name or its
    legal form ("of Acme Rockets Inc." is not Acme Corporation's, nor "of our Aerospace segment", "of its subsidiary
    Acme Bank"); "of the Company" is the filer itself."""
    if _FILER.match(body):
        return True
    own = {w.casefold() for w in re.findall(r"[\w&'’-]+", company)}
    words = re.findall(r"[\w&'’-]+", re.sub(r"^\s*of\s+(?:the\s+)?", "", body))
    # (the body runs to the sentence's next stop: the name ends at its first lower-case word, "... today")
    named = []
    for w in words:
        if not w[:1].isupper():
            break
        if w.casefold() not in own and w.casefold() not in FORM_WORDS:
            return False
        named.append(w)
    return bool(named)


# a line that is a person's name alone: two to six capitalised words (an honorific among them: "DATO’ DR. LOW TUCK
# KWONG"), no figure
_NAME_ALONE = re.compile(r"^(?:[A-Z][\w’'.-]*\s+){1,5}[A-Z][\w’'.-]*(?:,\s+(?:Jr|Sr|II|III|IV)\.?)?$")
# a release's contact block: "Contact:   John D. Milton, Jr." over "Chief Financial Officer      904/858-9100";
# the label before the name and a column after the title (a phone number, an e-mail) are no part of either
_LINE_LABEL = re.compile(r"^(?:(?:media|investor|press|analyst)\s+)?(?:contacts?|relations)\s*:\s*", re.I)
_NEXT_COLUMN = re.compile(r"\s{3,}.*$|\s+(?:\(?\+?\d[\d/().\s-]{6,}\d|\S+@\S+)$")


def _translations(title: str, filing: list[SearchHit]) -> set[str]:
    """The title in the report's other language, as a bilingual report pairs them on one line ("Direktur Utama |
    President Director"), folded."""
    paired = re.compile(rf"^\s*(?P<other>[^|\n]{{2,40}}?)\s*\|\s*{re.escape(title)}\s*$", re.I | re.M)
    return {m.group("other").casefold() for hit in filing for m in paired.finditer(hit.chunk.text)}


def _name_over_title(title: str, filing: list[SearchHit]) -> list[tuple[str, str, Chunk]]:
    """(name, its lines, chunk) where a line holding only the person's name stands over a line holding only the
    title, at most one line between (the title in the report's other language), as a letter's signature or a
    profile's heading prints them ("DATO’ DR. LOW TUCK KWONG", "Direktur Utama", "President Director", a line each)."""
    found = []
    translated = _translations(title, filing)
    for hit in filing:
        lines = [_LINE_LABEL.sub("", _NEXT_COLUMN.sub("", line.strip())) for line in hit.chunk.text.splitlines()
                 if line.strip()]
        for i, line in enumerate(lines):
            if re.sub(r"^[^|]*\|\s*", "", line).casefold() != title.casefold():
                continue
            for gap in (1, 2):
                if i - gap < 0:
                    break
                above = lines[i - gap]
                if gap == 2 and lines[i - 1].casefold() not in translated:
                    break
                words = {w.casefold().strip(".,’'") for w in above.split()}
                if _NAME_ALONE.match(above) and above.casefold() not in translated \
                        and not words & (_NOT_A_PERSONS_WORD | _HEADING_WORDS):
                    printed = above.title() if above.isupper() else above  # "DATO’ DR. LOW" -> "Dato’ Dr. Low"
                    found.append((printed.replace("’", "'"), " ".join(lines[i - gap: i + 1]), hit.chunk))
                    break
    return found


def _person(name: str) -> str:
    """A name without its initials, folded: "Robert E. Sandlin" and "Robert Sandlin" are one person."""
    return " ".join(w.casefold() for w in name.split() if not re.fullmatch(r"[A-Z]\.?", w))


_SPELLED = {"CEO": "Chief Executive Officer", "CFO": "Chief Financial Officer", "COO": "Chief Operating Officer"}
_ABBREVIATED = {spelled: short for short, spelled in _SPELLED.items()}
# titles a listing prints between a person's name and the asked one ("Executive Vice President, Global Chief Legal
# Officer"); never "Assistant", "Deputy" or "Group" ("Deputy General Counsel" is not the General Counsel, nor "Group
# President" the President; `_named_before` keeps "Vice" from ending the run for the same reason)
_TITLE_RUN_WORDS = frozenset({"executive", "senior", "corporate", "vice", "president", "chief", "and", "&"})
_OTHER_TITLES = rf"(?:(?:{'|'.join(w if w in ('and', '&') else w.capitalize() for w in _TITLE_RUN_WORDS)}),?\s+){{0,5}}"


def _signer(company: str) -> str:
    """The company's first distinctive word, as its signature blocks and titles print it: "PT ADHI KARYA" signs as
    "ADHI KARYA", "The Coca-Cola Company" as "COCA-COLA"."""
    return next((w for w in re.findall(r"[\w&-]+", company) if w.lower() not in FORM_WORDS and len(w) > 2), company)
# an agreement's signature block: "PATRIOT TRANSPORTATION HOLDING, INC. By: /s/ Robert E. Sandlin Name: Robert E.
# Sandlin Title: President and Chief Executive Officer"
_BLOCK = re.compile(r"\bName:\s*(?P<name>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){1,3})\s+Title:\s*(?P<title>[^:\[]{3,80}?)"
                    r"(?=\s+(?:\[|By:|Name:|[A-Z]{3,}[,.]?\s+[A-Z]{3,}\b)|$)")
_SIGNER_BEFORE = 120  # characters before the block where the signing party is named


def _signed_as(title: str, filing: list[SearchHit], company: str) -> list[tuple[str, str, Chunk]]:
    """(name, block, chunk) of each signature block of the company's own filing that gives the title, signed
    for the asked company (its name in the words before "By:"): the other party's officers sign such
    agreements too."""
    signer = _signer(company)
    found = []
    for hit in filing:
        text = " ".join(hit.chunk.text.split())
        for m in _BLOCK.finditer(text):
            if re.search(rf"(?<!Vice )\b{re.escape(title)}\b", m.group("title"), re.I) \
                    and re.search(rf"\b{re.escape(signer)}\b", text[max(0, m.start() - _SIGNER_BEFORE): m.start()], re.I):
                found.append((m.group("name"), m.group(0), hit.chunk))
    return found


# capitalised words of a sentence or a heading, no person's ("Our Chief ...", "The Board")
_NOT_PERSON = frozenset({"our", "the", "its", "their", "his", "her", "company", "board", "directors", "commissioners",
                         "and", "of", "as", "former", "new", "interim", "acting", "deputy", "managing"})


# two to four capitalised words a person's name may be ("Patti Poppe", "Dato' DR. Low Tuck Kwong")
_CAPITALISED_RUN = re.compile(r"\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){1,3}")
_NOT_A_PERSONS_WORD = _NOT_NAME | _NOT_PERSON | _TITLE_RUN_WORDS | FORM_WORDS | frozenset({
    "commissioners", "committee", "annual", "report", "statement", "statements", "financial", "consolidated", "notes",
    "item", "proxy", "group", "assistant", "deputy"})
# a heading's words over a title line ("Message From" / "President Director", "Management Profile"), in the languages
# reports print them in
_HEADING_WORDS = frozenset({"message", "from", "profile", "profiles", "management", "internal", "audit", "letter",
                            "overview", "about", "welcome", "remarks", "team", "leadership", "sambutan", "direksi",
                            "komisaris", "dewan", "laporan", "profil"})


def answered_with_a_person(written: WrittenAnswer, question: str, companies: list[str]) -> WrittenAnswer:
    """`written`, or a refusal when a question asking who holds a title ("Who was the President Director of X?")
    is answered by quotes that name no person at all ("... 11 directors led by a President Director"): they share
    the title's words and answer nothing."""
    if written.status != "answered" or ASKS_ROLE.search(question) is None:
        return written
    company_words = {w.casefold() for c in companies for w in re.findall(r"[\w&'’-]+", c)}
    for run in _CAPITALISED_RUN.finditer(written.text):
        words = [w.casefold().strip(".,'’") for w in run.group(0).split()]
        while words and words[0] in _NOT_A_PERSONS_WORD:
            words.pop(0)  # the title before a name ("President Director Budi Harto Wibowo") is no part of it
        # ("Michael Dell" for Dell Technologies is a person: a company's word alone does not make a run its name)
        if len(words) >= 2 and not set(words) & _NOT_A_PERSONS_WORD and not set(words) <= company_words:
            return written
    reason = "the question asks who held the title, and the sentences found name no one holding it"
    return written.model_copy(update={
        "status": "not_found", "value": None, "unit": None, "reason": reason, "flags": [*written.flags, "no_person"],
        "text": f"{NOT_FOUND.capitalize()}: {reason}; found only: {written.text}"})


# "Who was the chairman of the Audit Committee of X?": a seat of a named body, not an officer's title
ASKS_SEAT = re.compile(r"^\W*who\s+(?:is|was)\s+(?:the\s+)?(?P<seat>chair(?:man|woman|person)?|head|secretary)\s+of\s+"
                       r"(?:the\s+|its\s+)?(?P<body>(?:[\w-]+\s+){0,2}(?:committee|board\s+of\s+(?:directors|commissioners)))\b",
                       re.I)
# a body's members a line each, seat and name around a colon, the seat again in English after the name (a bilingual
# report): "Ketua merangkap Anggota : Amir Muin, Msc. Chairman concurrently Member"; or "Chairman : Jane Doe"
_SEAT_ROW = re.compile(rf"^(?P<before>[^:\n]{{2,60}}?)\s*:\s*(?P<name>(?:{_HONORIFIC})?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){{0,4}})"
                       r"(?P<degrees>(?:,\s*[A-Z][A-Za-z.]{1,8}){0,4})\s*(?P<after>[^\n:]{0,60})$")
_BODY_LINES = 12  # the rows follow the sentence naming the body closely
_ANY_BODY = re.compile(r"\b(?:[\w-]+\s+){0,2}?(?:committee|board\s+of\s+(?:directors|commissioners))\b", re.I)


def seat_holder(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: MetricServices) -> WrittenAnswer | None:
    """The one person a row of the asked body's members seats in the asked seat; None when none or several."""
    asked = ASKS_SEAT.search(question)
    if asked is None or len(understanding.companies) != 1:
        return None
    seat = re.compile(rf"^\W*{re.escape(asked.group('seat')[:5])}\w*\b", re.I)
    body = re.compile(r"\s+".join(re.escape(w) for w in asked.group("body").split()), re.I)
    found: dict[str, tuple[str, str, Chunk]] = {}
    for hit in asked_filing(hits, understanding.companies[0], services):
        lines = [line.strip() for line in hit.chunk.text.splitlines()]
        for i, line in enumerate(lines):
            m = _SEAT_ROW.match(line)
            if m is None:
                continue
            # the body the rows belong to is the last one named before them ("The composition of the audit committee
            # ... were as follows:"), not one named earlier ("... decree of the Board of Commissioners ...")
            above = " ".join(lines[max(0, i - _BODY_LINES):i])
            bodies = list(_ANY_BODY.finditer(above))
            if not bodies or not body.search(bodies[-1].group(0)):
                continue
            # the seat in the row's English words: before the colon, or after the name (its first words)
            if not (seat.match(m.group("before")) or seat.match(m.group("after"))):
                continue
            words = {w.casefold().strip(".,") for w in m.group("name").split()}
            if words & _NOT_A_PERSONS_WORD:
                continue
            name = f"{m.group('name')}{m.group('degrees')}".strip()
            found.setdefault(_person(m.group("name")), (name, line, hit.chunk))
    if len(found) != 1:
        return None
    (name, line, chunk), = found.values()
    return _named_person(name, line, chunk, f", the {asked.group('body')}'s members")


# "Who signed the Form 8-K on behalf of the registrant?": the signature under the report's own signing clause
# (not "Who was the Chief Financial Officer ... who signed the annual report": a title asked, which the signature
# blocks under the officers' names answer)
ASKS_SIGNER = re.compile(r"^\W*who\s+signed\b(?![^?]*\b(?:as\s+(?:its\s+|the\s+)?[A-Z]|officer|director|chair\w*|president|"
                         r"secretary|treasurer|controller|counsel|audit\w*|consent|agreement|certificat\w*|opinion|"
                         r"letter|exhibit|accounting|firm|report\s+of)\b)", re.I)  # (the report itself, for the registrant: no role, no other paper)
# "the Registrant has duly caused this report to be signed on its behalf by the undersigned ... /s/ April Miller Boise"
_SIGNING_CLAUSE = re.compile(r"caused\s+this\s+(?:report|annual\s+report|quarterly\s+report)\s+to\s+be\s+signed\s+on\s+its\s+"
                             r"behalf\s+by\s+the\s+undersigned", re.I)
_SIGNATURE = re.compile(r"/[sS]/[ \t]*(?P<name>(?:[A-Z][\w'’.-]*[ \t]+){1,3}[A-Z][\w'’-]*)")  # (the line's own words)
_CLAUSE_REACH = 400  # characters after the clause where the first signature stands


def signer(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
           services: MetricServices) -> WrittenAnswer | None:
    """The person who signed the report for the registrant: the first signature after the report's signing
    clause (an exhibit's own signature blocks sign an agreement, not the report); None when the signatures
    after the clauses found name different people (a 10-K's directors sign it one by one)."""
    if ASKS_SIGNER.search(question) is None or len(understanding.companies) != 1:
        return None
    found: dict[str, tuple[str, str, Chunk]] = {}
    for hit in asked_filing(hits, understanding.companies[0], services):
        text = hit.chunk.text
        for clause in _SIGNING_CLAUSE.finditer(text):
            m = _SIGNATURE.search(text, clause.end(), clause.end() + _CLAUSE_REACH)
            if m is None:
                continue
            name = " ".join(m.group("name").split()[:4])
            quote = " ".join(text[clause.start():m.end()].split())
            found.setdefault(_person(name), (name, quote, hit.chunk))
    if len(found) != 1:
        return None
    (name, quote, chunk), = found.values()
    return _named_person(name, quote, chunk, ", the report's signature")
