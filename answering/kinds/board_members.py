"""board_members: "What are the names of the members of the board of directors of X?" read from the
signatures of the annual report, which every director signs in the capacity "Director".

The signatures run "/s/ NAME", then the capacity ("Director", "Chief Executive Officer and Director",
"Chairman of the Board"), then the date. Two signatures side by side print both names, then both
capacities ("/s/ JAMES J. GOETZ /s/ GREGORY D. SMITH ... Director Director"): a run of signatures with
no capacity between them shares the capacities after the last, and is read only when each has one. A
"Senior Director of Corporate Accounting" is an officer, not a board member. The mark is "/s/" or "/S/",
and a name typed in capitals may be printed again as written beside it ("/S/ GREG PETERS Greg Peters
Co-Chief Executive Officer and Director"): one name, as written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.people import asked_filing
from answering.written_answer import WrittenAnswer
from loaders.dates import MONTH_NAMES

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import Chunk, Citation, SearchHit
    from retrieval.query_understanding import QueryUnderstanding

ASKS_BOARD = re.compile(r"\b(?:names?\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?(?:members\s+of\s+(?:the|its)\s+board(?:\s+of\s+directors)?|"
                        r"board\s+members|directors)|who\s+(?:are|were|sits?|sat)\s+(?:on\s+)?(?:the|its)\s+board"
                        r"|(?:who|what)\s+(?:are|were)\s+(?:the\s+|all\s+(?:the\s+)?)?(?:members\s+of\s+(?:the|its)\s+board|board\s+members"
                        r"|directors\s+of))\b", re.I)
# a signature's name is on its own line: "/s/ Timothy D. Cook", "/s/    ROBERT H. SWAN"
_WORD = (r"(?!(?:Directors?|Chair\w*|Chief|President|Senior|Executive|Vice|Officer|Principal|Lead|Independent|By)\b)"
         r"[A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ.'\u2019-]*")  # a name's word, not its capacity's ("/s/ James A. Bell Director")
_SIGNED = re.compile(rf"/[sS]/[ \t]*(?P<name>(?:Dr\.[ \t]+)?{_WORD}(?:[ \t]+{_WORD}){{1,7}})")
_SEAT = re.compile(r"\bDirector\b(?!\s+of\b)")
_CHAIR = re.compile(r"\bChair(?:man|woman|person)?\s+of\s+the\s+Board\b")
_DATE = re.compile(rf"\b(?:{MONTH_NAMES})\s+\d{{1,2}},\s+\d{{4}}\b")


def _shown(name: str) -> str:
    """A name as people write it: "ROBERT H. SWAN" -> "Robert H. Swan"."""
    return " ".join(w if not w.isupper() or len(w) <= 2 else "-".join(p.capitalize() for p in w.split("-"))
                    for w in name.split())


def _once(name: str) -> str:
    """ "GREG PETERS Greg Peters" (typed, then as written) is "Greg Peters"; at most four words are a name."""
    words = name.split()
    folded = [w.casefold() for w in words]
    for k in range(2, len(words) // 2 + 1):  # (a capacity's word may follow: "Greg Peters Co-Chief")
        if folded[:k] == folded[k:2 * k]:
            return " ".join(words[k:2 * k])
    return " ".join(words[:4])


def _once_each(named: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(name, where it is printed) once a name, in the order names first appear (its last printing kept)."""
    return list({name: (name, printed) for name, printed in named}.values())


def directors(text: str) -> list[tuple[str, str]]:
    """(name, its signature as printed) for each one signing in a director's seat, in signing order."""
    signed = list(_SIGNED.finditer(text))
    out: list[tuple[str, str]] = []
    run: list[tuple[str, str]] = []
    for i, sig in enumerate(signed):
        run.append((_shown(_once(sig.group("name"))), sig.group(0)))
        rest = text[sig.end(): signed[i + 1].start() if i + 1 < len(signed) else len(text)]
        capacity = _DATE.split(rest)[0]
        if not capacity.strip():
            continue  # side by side: its capacity is printed after the next signature's
        # one seat per signer: "Chairman of the Board and Director" is one (a chair without "Director" too)
        seats = len(_SEAT.findall(capacity)) or len(_CHAIR.findall(capacity))
        if len(run) == 1 and seats:
            out.append(run[0])
        elif len(run) > 1 and seats == len(run):
            out.extend(run)
        run = []
    return _once_each(out)


# A directors' report outside the SEC forms lists them: "The names of directors who held office during or since
# the end of the year ... are as follows. ..." then a line each, the name and its seat ("Gary Lyons Non-executive
# Chairman"), up to the first line that is none
_LISTED_HEAD = re.compile(r"\bnames\s+of\s+(?:the\s+)?directors\b[^.:]{0,160}?\b(?:are\s+as\s+follows|were|are)\s*[.:]"
                          r"(?:[^\n]*\n)", re.I)
_SEAT_LINE = re.compile(rf"^[ \t]*(?:(?:Mr|Mrs|Ms|Dr)\.?[ \t]+)?(?P<name>{_WORD}(?:[ \t]+{_WORD}){{1,3}}?)[ \t]+"
                        r"(?:\(?(?:Independent|Executive|Non[- ]?[Ee]xecutive|Managing|Lead|Deputy|Alternate)\b[^\n]*|"
                        r"Director|Chair\w*)[^\n]*$")
_LISTED_MAX = 15


def listed_directors(text: str) -> list[tuple[str, str]]:
    """(name, its line) for each director the directors' report lists after its heading sentence."""
    head = _LISTED_HEAD.search(text)
    if head is None:
        return []
    out: list[tuple[str, str]] = []
    for line in text[head.end():].splitlines()[:_LISTED_MAX]:
        m = _SEAT_LINE.match(line)
        if m is None or not re.search(r"\b(?:Director|Chair\w*)\b", line, re.I):
            break
        out.append((m.group("name"), line.strip()))
    return out


# Outside the SEC's 10-K the board is listed where the report describes it:
# - a table under the heading "Members of the Board of Directors", a row each: name, age, seat ("Dan Falk 78
#   Director"), as a 20-F's Item 6A prints it (a name broken over two lines, "Rimon Ben-\nShaoul", is one);
# - a governance statement's sentences: "The Non-Executive Directors are Richard Williams, Ashley Martin and ...".
# (or the table of "Directors and Executive Officers" a 20-F's Item 6.A prints, the officers who are no director in it)
_BOARD_HEADING = re.compile(r"^[^\n.]{0,30}\b(?:Board\s+of\s+Directors|Directors\s+and\s+(?:Executive\s+Officers|Senior\s+"
                            r"Management))\b[^\n.]{0,30}$", re.M | re.I)
# a seat, after any office the director also holds ("Chief Executive Officer and Director", which a text layer that
# drops spaces prints "Officerand Director")
_AGED_SEAT = re.compile(rf"(?P<name>{_WORD}(?: {_WORD}){{1,3}}) [2-9]\d (?P<seat>(?:(?:Chief|Executive|Operating|Financial|"
                        rf"Technology|Officer(?:and)?|President|Vice|and|&) ){{0,5}}(?:(?:Lead|Independent|Outside|Executive|"
                        rf"Non-[Ee]xecutive|External) )?Director\b(?! of)|Chair(?:man|woman|person)?\b)")
# a table's column headings run into its first row's name ("Age Position/Title Shi Qiu 32 ..."), and the row before's
# office into the next name ("Bob Lee 40 General Counsel Jane Doe 45 Director"): the name is the words after them
_COLUMN_WORDS = re.compile(r"^(?:(?:Name|Names|Age|Position|Positions|Title|Titles)(?:/\w+)?\s+)+")
_OFFICE_WORDS = frozenset({"counsel", "general", "finance", "financial", "officer", "president", "vice", "secretary",
                           "treasurer", "controller", "operations", "operating", "technology", "legal", "sales",
                           "marketing", "human", "resources", "accounting", "strategy", "chief", "executive", "senior"})


def _after_office(name: str) -> str:
    words = name.split()
    last = max((i for i, w in enumerate(words) if w.casefold().strip(",.") in _OFFICE_WORDS), default=-1)
    return " ".join(words[last + 1:])
_BOARD_ROWS_AFTER = 1500  # characters of the table after its heading: a board of up to about twenty
_SAID_SEATS = re.compile(r"\b(?:[Ee]xecutive|[Nn]on-[Ee]xecutive|[Ii]ndependent|[Oo]ther)?\s*[Dd]irectors\s+(?:are|were)\s+"
                         r"(?P<names>[A-Z][^.;:]+?)\.(?=\s|$)")
_PERSON = re.compile(rf"^(?:(?:Mr|Mrs|Ms|Dr|Sir|Dame|Prof)\.? )?(?P<name>{_WORD}(?: {_WORD}){{1,3}})$")
_BOARD_MIN = 3  # fewer is a sentence about a committee or a pair, not the board


def _flat(text: str) -> str:
    """The text on one line: a name hyphenated over a line break joined ("Ben-\nShaoul" -> "Ben-Shaoul")."""
    return " ".join(re.sub(r"-\s*\n\s*", "-", text).split())


def aged_seats(text: str) -> list[tuple[str, str]]:
    """(name, its row) for each row of the board's table after its heading, in order."""
    out: list[tuple[str, str]] = []
    for head in _BOARD_HEADING.finditer(text):
        rows = _flat(text[head.end(): head.end() + _BOARD_ROWS_AFTER])
        # (a table's marks run into the next row's name: "X X Rimon Ben-Shaoul"; a letter alone names no one)
        named = [(_after_office(_COLUMN_WORDS.sub("", re.sub(r"^(?:[A-Z] )+", "", m.group("name")))), m.group(0))
                 for m in _AGED_SEAT.finditer(rows)]
        out += [(name, row) for name, row in named if name]
    return _once_each(out)


# a board's table whose rows mark each name by an academic or honorific title, as Indonesian statements print
# their Board of Directors ("Direktur Utama Ir. Kiswodarmawan Ir. Kiswodarmawan President Director": the seat in
# both languages, the name once a year column)
_TITLE_MARK = re.compile(r"\b(?:Ir|Dr|Drs|Dra|Prof)\.\s+")  # (not "H.": a middle initial as often as a title)
_SEAT_WORDS = frozenset({"director", "directors", "direktur", "president", "presiden", "operation", "operasi", "finance",
                         "keuangan", "commissioner", "komisaris", "utama", "chairman", "chief", "officer", "independent"})
_TITLED_ROWS = 12  # rows read after the heading


def _titled_name(line: str) -> str | None:
    """The first name a row marks by a title, up to the next title, a seat's word, a comma or the row's end."""
    m = _TITLE_MARK.search(line)
    if m is None:
        return None
    words: list[str] = []
    for word in line[m.end():].split():
        if _TITLE_MARK.match(word + " ") or word.lower().strip(",.") in _SEAT_WORDS or not word[:1].isupper():
            break
        words.append(word.rstrip(","))
        if word.endswith(","):
            break
    return " ".join(words) or None


def titled_seats(text: str) -> list[tuple[str, str]]:
    """(name, its row) for each row after the board's heading that names a person by a title."""
    out: list[tuple[str, str]] = []
    for head in _BOARD_HEADING.finditer(text):
        for line in text[head.end():].splitlines()[1:_TITLED_ROWS + 1]:
            if (name := _titled_name(line)) is not None:
                out.append((name, line.strip()))
            elif out and re.search(r"[a-z]{4,}\s+[a-z]{4,}\s+[a-z]{4,}", line):
                break  # prose after the table
        if out:
            break
    return _once_each(out)


def _unbracketed(text: str) -> str:
    """The text without its (nested) parentheses: "Eamonn O'Hare (Chairman and Chief Executive Officer ("CEO"))"."""
    while (shorter := re.sub(r"\([^()]*\)", "", text)) != text:
        text = shorter
    return text


def said_seats(text: str) -> list[tuple[str, str]]:
    """(name, the sentence) for each director the text's sentences name ("The Non-Executive Directors are
    A, B and C."); every item of such a sentence a person's name, or the sentence is left out."""
    out: list[tuple[str, str]] = []
    flat = _flat(text)
    for m in _SAID_SEATS.finditer(_unbracketed(flat)):
        items = [i.strip() for i in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("names")) if i.strip()]
        people = [p.group("name") for i in items if (p := _PERSON.match(i))]
        if len(people) == len(items):
            out += [(name, m.group(0)) for name in people]
    return _once_each(out)


def _cited(seats: list[tuple[str, str]], chunks: list[Chunk]) -> list[Citation]:
    """Each row or sentence quoted from the chunk printing it; where the page's layout breaks it (a name over
    two lines, a bracket between), the name alone, which the chunk prints as it is."""
    out: list[Citation] = []
    for name, said in seats:
        for quote in (said, name):
            chunk = next((c for c in chunks if quote in " ".join(c.text.split())), None)
            if chunk is not None:
                out.append(cite(chunk, quote))
                break
    return unique_citations(out)


def _described(filing: list[Chunk]) -> WrittenAnswer | None:
    """The board as the report's own table or sentences list it, read page by page; None under three."""
    for page in sorted({c.page for c in filing}):
        chunks = sorted((c for c in filing if c.page == page), key=lambda c: c.index)
        text = "\n".join(c.text for c in chunks)
        for read, how in ((aged_seats, "the board's table"), (said_seats, "the directors the report names"),
                          (titled_seats, "the board's table")):
            seats = read(text)
            if len(seats) >= _BOARD_MIN:
                return WrittenAnswer(status="answered", kind="list",
                                     text="; ".join(name for name, _ in seats)
                                          + f"\n\n({how}, {chunks[0].doc} p.{page + 1})",
                                     citations=_cited(seats, chunks))
    return None


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The directors who signed the asked company's report (or, with no signatures, those its directors'
    report lists), or None."""
    if not ASKS_BOARD.search(question) or len(understanding.companies) != 1:
        return None
    filing = [h.chunk for h in asked_filing(hits, understanding.companies[0], services)]
    pages = sorted({c.page for c in filing if "/s/" in c.text.casefold()})
    for page in reversed(pages):  # the signatures close the report (exhibits' signatures come after it)
        chunks = sorted((c for c in filing if c.page == page), key=lambda c: c.index)
        text = "\n".join(c.text for c in chunks)
        signed = directors(text)
        if len(signed) >= 3:
            cited = {raw: next(c for c in chunks if " ".join(raw.split()) in " ".join(c.text.split()))
                     for _, raw in signed if any(" ".join(raw.split()) in " ".join(c.text.split()) for c in chunks)}
            return WrittenAnswer(status="answered", kind="list",
                                 text="; ".join(name for name, _ in signed)
                                      + f"\n\n(the directors who signed the report, {chunks[0].doc} p.{page + 1})",
                                 citations=[cite(chunk, raw) for raw, chunk in cited.items()])
    if (described := _described(filing)) is not None:
        return described  # a 20-F or a report outside the SEC's forms: signed by an officer or two, the board listed
    if pages:
        return None  # signatures were read, and named fewer than a board: not for a list elsewhere to say
    for i, chunk in enumerate(filing):
        listed = listed_directors("\n".join(c.text for c in filing[i:i + 2] if c.doc == chunk.doc))
        if len(listed) >= 2:
            return WrittenAnswer(status="answered", kind="list",
                                 text="; ".join(name for name, _ in listed)
                                      + f"\n\n(the directors the directors' report lists, {chunk.doc} p.{chunk.page + 1})",
                                 citations=[cite(chunk, line) for _, line in listed if line in chunk.text])
    return None
