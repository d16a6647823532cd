"""Relations of a filing's company (auditor, officers, segments, competitors, ...) by rule.

Offline and deterministic: each rule recognises one usual filing layout and keeps the
sentence it matched, so every edge can be cited. The rules prefer to miss an edge over
inventing one: list items must look like proper names, and a rule that finds several
different answers for a single-valued predicate (auditor, CEO, CFO) keeps the most
frequent one only when it clearly dominates.

Recognised layouts:
- auditor: "/s/ Deloitte & Touche LLP" on or after a "Report of Independent Registered
  Public Accounting Firm" page (or "<firm> LLP has served as our auditor").
- ceo / cfo: signature and certification lines, "/s/ Jane Doe ... Chief Executive Officer",
  "Jane Doe, Chief Financial Officer" and "Chief Executive Officer: Jane Doe"; a letter's
  signature, the name alone on its line and the title alone on the next ("Dr Mark Payton" /
  "Chief Executive Officer"); an executive officers table's row, name, age, title ("Jane Doe
  53 President and Chief Executive Officer"). A title "of" another body than the company (a
  subsidiary's, "Chief Executive Officer of the Bank's trust unit") is no edge of these two.
- segment: "We operate in / report / manage our business through three (reportable)
  segments: X, Y and Z" and "our (reportable) segments are X, Y and Z"; a segment's short name the
  filing defines ("Commercial Airplanes (BCA)") is given as the name.
- competitor / brand / subsidiary: "our (principal) competitors include A, B and C",
  "we compete with A, B and C", "our brands include ...", "sold under the A and B brands",
  "our (principal / significant) subsidiaries include ...".
- sector: `DocumentMeta.sector` when the loader read one, cited with the sentence that names it.
"""

from __future__ import annotations

import re
from collections import Counter

from finrag.models import DocumentMeta, Page, Relation
from finrag.numerals import count_of
from finrag.text import collapse_whitespace

_NAME_WORD = r"[A-Z][A-Za-z'’\-]*\.?"
_PERSON = rf"(?:{_NAME_WORD}\s+){{1,3}}{_NAME_WORD}"
_FIRM = r"[A-Z][A-Za-z&.,'’\- ]{1,60}?\bLLP"
_CONNECTORS = {"and", "of", "&", "the", "for", "de", "du", "la", "von", "van"}
_NUMBERS = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"


def sentences(text: str) -> list[str]:
    """Sentences of a page, with the PDF's line breaks folded into spaces."""
    flat = collapse_whitespace(text)
    # no break after an initial ("Jeffrey P. Bezos") or a company suffix ("PepsiCo, Inc. and")
    boundary = r"(?<![\s.][A-Z]\.)(?<!Inc\.)(?<!Co\.)(?<!Corp\.)(?<!Ltd\.)(?<!No\.)(?<=[.!?])\s+(?=[A-Z“\"(])"
    return [s.strip() for s in re.split(boundary, flat) if s.strip()]


_ABBREVIATION = re.compile(r"(?:\b(?:Inc|Ltd|Co|Corp|Bros|Jr|Sr|L\.P|N\.V|B\.V|S\.A|A\.G)|\b[A-Z])\.$")


def split_list(text: str, expected: int | None = None) -> list[str]:
    """"A, B, and C" -> [A, B, C]. Names may contain "and" ("Software and Services"), so
    only the last comma part is split, at the " and " that yields `expected` items
    (the count the sentence states) or else at its first " and "."""
    text = re.split(r",?\s*\b(?:among others|as well as|and other|and others|and many|which|that|who|each|both|all of)\b", text)[0]
    text = text.strip(" ;:")
    if text.endswith(".") and not _ABBREVIATION.search(text):
        text = text[:-1]  # the sentence's full stop, not "Inc." or "B.V."
    parts = [p.strip() for p in re.split(r";|,", text) if p.strip()]
    if not parts:
        return []
    last = parts.pop()
    if last.startswith("and "):
        parts.append(last[4:])
    else:
        cuts = [m.start() for m in re.finditer(r"\s+and\s+", last)]
        chosen = None
        if expected is not None:
            for cut in cuts:
                if len(parts) + 2 == expected:
                    chosen = cut
                    break
        if chosen is None and cuts and (expected is None or len(parts) + 1 != expected):
            chosen = cuts[0]
        if chosen is None:
            parts.append(last)
        else:
            head, tail = last[:chosen], re.sub(r"^\s+and\s+", "", last[chosen:])
            parts += [head.strip(), tail.strip()]
    return [p.strip(" ;:“”\"'") for p in parts if p.strip(" ;:“”\"'")]


def looks_like_name(item: str) -> bool:
    words = item.split()
    if not 1 <= len(words) <= 6 or not words[0][:1].isupper():
        return False
    return all(w[:1].isupper() or w[:1].isdigit() or w.lower() in _CONNECTORS for w in words)


def _list_relations(
    meta: DocumentMeta, page: Page, sentence: str, predicate: str, listed: str, count: str | None = None
) -> list[Relation]:
    expected = None
    if count:
        expected = count_of(count)
    items = split_list(listed, expected)
    if expected is not None and len(items) != expected:
        return []  # the sentence said how many: a different count means we misread it
    names = [i.removeprefix("the ").removeprefix("The ") for i in items]
    if not names or not all(looks_like_name(n) for n in names):
        return []  # a list with prose in it is not a clean enumeration: skip it whole
    return [
        Relation(subject=meta.company or "", predicate=predicate, object=n, doc=meta.doc, page=page.number,
                 source_text=sentence)
        for n in names
    ]


_LIST_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("segment", re.compile(
        rf"\b(?:we|the company|[A-Z][\w&.,' ]{{0,60}}?)\s+(?:operate|operates|report|reports|manage|manages|has|have|are organized|is organized)"
        rf"[^.:]{{0,60}}?\b(?P<count>{_NUMBERS})\s+(?:reportable\s+|operating\s+|business\s+)?segments?\s*(?::|—)\s*(?P<list>.+)",
        re.I)),
    ("segment", re.compile(
        r"\bour\s+(?:three|two|four|five|\d+\s+)?(?:reportable\s+|operating\s+|business\s+)?segments\s+(?:are|consist of|include)\s*:?\s*(?P<list>.+)",
        re.I)),
    ("competitor", re.compile(
        r"\b(?:our|the company['’]s)\s+(?:principal\s+|primary\s+|main\s+|major\s+|key\s+|significant\s+)?competitors"
        r"\s+(?:include|are|includes)\s*:?\s*(?P<list>.+)", re.I)),
    ("competitor", re.compile(r"\bwe\s+compete\s+(?:directly\s+|primarily\s+)?with\s+(?P<list>[A-Z].+)")),
    ("brand", re.compile(
        r"\bour\s+(?:principal\s+|major\s+|well-known\s+|leading\s+)?brands\s+(?:include|are)\s*:?\s*(?P<list>.+)", re.I)),
    ("brand", re.compile(r"\bunder\s+the\s+(?P<list>[A-Z].*?)\s+brands?\b")),
    ("subsidiary", re.compile(
        r"\bour\s+(?:principal\s+|significant\s+|main\s+|wholly[- ]owned\s+|operating\s+)*subsidiaries\s+(?:include|are)"
        r"\s*:?\s*(?P<list>.+)", re.I)),
)

_AUDITOR_PAGE = re.compile(r"report\s+of\s+independent\s+registered\s+public\s+accounting\s+firm", re.I)
_AUDITOR_SIGNED = re.compile(rf"/s/\s*(?P<firm>{_FIRM})")
# The filing's own signatures and certifications speak for the day it was filed; an exhibit (an offer
# letter, an agreement) was signed by whoever held the office years before. Their names count more.
_SIGNED_FOR_THE_FILING = re.compile(
    r"this\s+report\s+has\s+been\s+signed\s+below|duly\s+caused\s+this\s+(?:annual\s+)?report\s+to\s+be\s+signed"
    r"|\bI,\s+[^,]{3,60},\s+certify\s+that\s+I\s+have\s+reviewed\s+this", re.I)
_FILING_WEIGHT = 3
# small capitals that the text layer splits after their first letter: "/s/ S UZANNE  W INTER"
_SMALL_CAPS = re.compile(r"(?<=/s/ )(?:[A-Z] [A-Z]{2,}\b ?)+")
_AUDITOR_SERVED = re.compile(rf"(?P<firm>{_FIRM})\s+has\s+served\s+as\s+(?:our|the company['’]s)\s+auditor")
_TITLES = {"ceo": r"Chief\s+Executive\s+Officer", "cfo": r"Chief\s+Financial\s+Officer",
           # the board's chair, who signs the annual report as such ("/s/ Arthur D. Levinson Director and Chair of the Board")
           "chair": r"Chair(?:man|woman|person)?\s+of\s+the\s+Board\b(?!\s+(?:committee|of\s+Commissioners))"}


def _officer_patterns(title: str) -> list[re.Pattern[str]]:
    return [
        # Exhibit 31 certifications: "I, Jane Q. Doe, certify that ..." (title checked on the page)
        re.compile(rf"\bI,\s+(?P<name>{_PERSON}),\s+certify"),
        # signature blocks: "/s/ Jane Doe [Jane Doe] [Chairman, President and] Chief Executive Officer"
        re.compile(rf"/s/\s*(?P<name>{_PERSON})\s+(?:[A-Z][a-z]+[ ,]+(?:and\s+)?){{0,8}}?{title}"),
        re.compile(rf"(?P<name>{_PERSON}),\s+(?:[A-Z][a-z]+,?\s+(?:and\s+)?){{0,6}}?{title}"),
        re.compile(rf"{title}\s*[:\-–—]\s*(?P<name>{_PERSON})"),
        re.compile(rf"(?P<name>{_PERSON})\s+(?:serves|has served|is serving)\s+as\s+(?:our|the Company['’]s)\s+"
                   rf"(?:President and\s+)?{title}"),
    ]


# The layouts by line (the sentence patterns above fold lines away): a person's name in title
# case, an honorific left out; a title line that is the title and nothing else but its role
# words and "of the Company".
_HONORIFIC = r"(?:(?:Dr|Mr|Mrs|Ms|Miss|Sir|Dame|Prof|Professor)\.?\s+)?"
# words one space apart: a wider gap is a column's ("Mark Payton   Martin Glanfield" over
# "Chief Executive Officer   Chief Financial Officer" signs two officers side by side)
_NAME_LINE_PERSON = r"(?:[A-Z][a-zA-Z'’\-]*[a-z]|[A-Z]\.)(?: (?:[A-Z][a-zA-Z'’\-]*[a-z]|[A-Z]\.)){1,3}"
_ROLE_WORDS = r"(?:(?:(?!Officer\b)[A-Z][a-z]+|and|&),? ){0,6}?"
_OF_COMPANY = r"(?:\s+of\s+the\s+(?:Company|Corporation|Group)\b.*)?"
# report words a heading line has that no person's name has ("Strategic Report" / "Chief Executive Officer")
_NOT_NAME_WORDS = {"report", "review", "statement", "letter", "message", "overview", "strategy", "governance",
                   "annual", "accounts", "highlights", "contents", "introduction", "board", "directors", "committee"}


def _line_officers(text: str, title: str) -> list[tuple[str, str]]:
    """(name, the lines that say it) a page signs with the title by line: a name line over a
    title line, or an officers table's "Name  Age  Title" row."""
    lines = [line.strip() for line in text.splitlines()]
    found = []
    signed = re.compile(rf"{_ROLE_WORDS}{title}{_OF_COMPANY}\s*$")
    name_line = re.compile(rf"{_HONORIFIC}(?P<name>{_NAME_LINE_PERSON})")
    table_row = re.compile(rf"{_HONORIFIC}(?P<name>{_NAME_LINE_PERSON})(?:\s*\.)*\s+\(?\d{{2}}\)?\s+{_ROLE_WORDS}{title}"
                           rf"(?!\s+of\s+(?!the\s+(?:Company|Corporation|Group)\b))")
    for here, after in zip(lines, [*lines[1:], ""], strict=False):  # an empty page has no lines
        m = name_line.fullmatch(here)
        if m and signed.match(after):
            found.append((m.group("name"), f"{here} {after}"))
        elif (m := table_row.match(here)) is not None:
            found.append((m.group("name"), here))
    return [(n, q) for n, q in found if not {w.lower() for w in n.split()} & _NOT_NAME_WORDS]


_TITLE_WORDS = {
    "chief", "executive", "officer", "financial", "vice", "president", "chairman", "board", "director",
    "senior", "global", "principal", "date", "dated", "by", "the", "company", "our", "and", "name", "title",
    "accounting", "operating", "group", "interim", "corporate", "treasurer", "controller", "secretary",
    "officers", "executives", "directors", "management", "team", "leadership",
}


def _clean_person(name: str) -> str | None:
    """A person's name, or None when the match is a title or a single word."""
    words = collapse_whitespace(name).strip(" ,.").split()
    half = len(words) // 2
    if len(words) % 2 == 0 and [w.lower() for w in words[:half]] == [w.lower() for w in words[half:]]:
        # "/s/ Jane Doe Jane Doe" or "/s/ JANE DOE Jane Doe": keep the printed (second) copy
        words = words[half:]
    # a heading glued onto the sentence ("Executive Officers Elena Marquez serves as ..."):
    # the name is the run of non-title words nearest the title
    run: list[str] = []
    for word in reversed(words):
        if word.lower().strip(",.") in _TITLE_WORDS:
            break
        run.insert(0, word)
    return " ".join(run) if len(run) >= 2 else None


def _dominant(counts: Counter[str]) -> str | None:
    """The most frequent candidate, if it is clearly ahead of the runner-up."""
    if not counts:
        return None
    (top, n), *rest = counts.most_common(2) + [("", 0)]
    return top if n > rest[0][1] else None


def _single_valued(meta: DocumentMeta, pages: list[Page]) -> list[Relation]:
    relations: list[Relation] = []
    found: dict[str, Counter[str]] = {"auditor": Counter(), **{title: Counter() for title in _TITLES}}
    source: dict[tuple[str, str], tuple[int, str]] = {}
    for page in pages:
        auditor_page = bool(_AUDITOR_PAGE.search(page.text))
        weight = _FILING_WEIGHT if _SIGNED_FOR_THE_FILING.search(collapse_whitespace(page.text)) else 1
        text = _SMALL_CAPS.sub(lambda m: re.sub(r"\b([A-Z]) ", r"\1", m.group(0)), collapse_whitespace(page.text))
        for sentence in sentences(text):
            hits: list[tuple[str, str]] = []
            if auditor_page:
                hits += [("auditor", m.group("firm")) for m in _AUDITOR_SIGNED.finditer(sentence)]
            hits += [("auditor", m.group("firm")) for m in _AUDITOR_SERVED.finditer(sentence)]
            for predicate, title in _TITLES.items():
                certify, *others = _officer_patterns(title)
                page_titles = [p for p, t in _TITLES.items() if re.search(t, page.text)]
                rules = others + ([certify] if page_titles == [predicate] else [])
                for rx in rules:
                    for m in rx.finditer(sentence):
                        person = _clean_person(m.group("name"))
                        if person:
                            hits.append((predicate, person))
            for predicate, value in hits:
                value = value.strip(" ,.")
                if predicate == "auditor":
                    value = re.sub(r"^.*?/s/\s*", "", value)
                if not looks_like_name(value.replace("&", "and").replace(",", "")):
                    continue
                found[predicate][value] += weight
                source.setdefault((predicate, value), (page.number, sentence))
        for predicate, title in _TITLES.items():
            # by line: a page's sentences fold a signature's two lines into one run of words
            for person, quote in _line_officers(page.text, title):
                if looks_like_name(person):
                    found[predicate][person] += weight
                    source.setdefault((predicate, person), (page.number, quote))
    for predicate, counts in found.items():
        value = _dominant(counts)
        if value:
            page_no, sentence = source[(predicate, value)]
            relations.append(Relation(subject=meta.company or "", predicate=predicate, object=value,
                                      doc=meta.doc, page=page_no, source_text=sentence))
    return relations


_SECTOR = re.compile(
    r"\b(?:we|the company|[A-Z][\w&.,' ]{0,60}?)\s+operates?\s+in\s+the\s+(?P<sector>[A-Z][A-Za-z&\- ]{2,40}?)\s+(?:sector|industry)\b"
)


def _sector(meta: DocumentMeta, pages: list[Page]) -> list[Relation]:
    """"<Company> operates in the Technology sector", else the loader's `meta.sector`."""
    for page in pages:
        for sentence in sentences(page.text):
            match = _SECTOR.search(sentence)
            if match and looks_like_name(match.group("sector")):
                return [Relation(subject=meta.company or "", predicate="sector", object=match.group("sector"),
                                 doc=meta.doc, page=page.number, source_text=sentence)]
    if not meta.sector:
        return []
    for page in pages:
        for sentence in sentences(page.text):
            if meta.sector.lower() in sentence.lower():
                return [Relation(subject=meta.company or "", predicate="sector", object=meta.sector,
                                 doc=meta.doc, page=page.number, source_text=sentence)]
    return []


_SHORT_NAME = re.compile(r"\(([A-Z]{2,6})\)")
_NOT_OF_A_NAME = {"our", "the", "its", "their", "in", "we", "and", "&", "of"}


def _defined_short_names(pages: list[Page], company: str) -> dict[str, str]:
    """Short names the filing defines, "Commercial Airplanes (BCA)" -> {"BCA": "Commercial Airplanes"}: the
    shortest run of capitalised words just before the parenthesis whose initials spell it (all its letters,
    "Missiles and Fire Control (MFC)", never the list item before: "Aeronautics, Missiles ..."), else begin it
    ("Boeing Capital (BCC)"), else spell it without a first letter that names the company ("Defense, Space &
    Security (BDS)"). A list may name segments by their short names only ("four reportable segments: BCA, BDS,
    BGS and BCC"); an analyst asked for them expects the names."""
    seen: dict[str, Counter[str]] = {}
    for page in pages:
        text = collapse_whitespace(page.text)
        for m in _SHORT_NAME.finditer(text):
            words: list[str] = []
            for word in reversed(text[max(0, m.start() - 80):m.start()].split()[-7:]):
                bare = word.rstrip(",")
                if not (bare[:1].isupper() or bare in ("&", "and", "of")) or bare.startswith("("):
                    break
                words.insert(0, word)
            if (name := _spelled_by(words, m.group(1), company)) is not None:
                seen.setdefault(m.group(1), Counter())[name] += 1
    return {short: names.most_common(1)[0][0] for short, names in seen.items()}


def _spelled_by(words: list[str], short: str, company: str) -> str | None:
    """The shortest trailing run of `words` that `short` abbreviates, by the rules in order, or None (the last
    rule only when the letter left out is the company's initial: "B" of Boeing in "BDS")."""
    runs = [words[i:] for i in range(len(words) - 1, -1, -1)
            if words[i].rstrip(",").lower() not in _NOT_OF_A_NAME]
    for rule in (lambda initials: _in_order(short, initials), lambda initials: len(initials) >= 2 and short.startswith(initials),
                 lambda initials: len(short) >= 3 and short[0] == company[:1].upper() and _in_order(short[1:], initials)):
        for run in runs:
            name = " ".join(run).strip(" ,")
            initials = "".join(w[0] for w in name.replace(",", " ").split() if w[:1].isupper())
            if name != short and rule(initials):
                return name
    return None


def _in_order(letters: str, initials: str) -> bool:
    """Whether `letters` are among `initials` in their order, each initial used once, the first word's initial
    the first letter and the last word's the last ("United Kingdom Pfizer Development Services" is no "UK")."""
    rest = iter(initials)
    return bool(letters) and initials[:1] == letters[:1] and initials[-1:] == letters[-1:] \
        and all(letter in rest for letter in letters)


def extract_relations(meta: DocumentMeta, pages: list[Page]) -> list[Relation]:
    """Edges from the document's company to the entities its filing names, one per (predicate, object)."""
    if not meta.company:
        return []
    relations = _single_valued(meta, pages) + _sector(meta, pages)
    for page in pages:
        for sentence in sentences(page.text):
            for predicate, rx in _LIST_RULES:
                for match in rx.finditer(sentence):
                    count = match.groupdict().get("count")
                    relations += _list_relations(meta, page, sentence, predicate, match.group("list"), count)
    short_names = _defined_short_names(pages, meta.company)
    relations = [r.model_copy(update={"object": short_names[r.object]})
                 if r.predicate == "segment" and r.object in short_names else r for r in relations]
    unique: dict[tuple[str, str], Relation] = {}
    for relation in relations:
        if relation.object.lower() != meta.company.lower():
            unique.setdefault((relation.predicate, relation.object.lower()), relation)
    return list(unique.values())
