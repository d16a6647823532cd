"""The company name a filing repeats across its pages, read apart from its cover.

A filing names its issuer in places other than the cover, by structure every filing shares:
- the SIGNATURES block: "... the registrant has duly caused this report to be signed on
  its behalf by the undersigned, thereunto duly authorized." is followed, within a few
  lines, by the registrant's name (often in capitals, often with "(Registrant)" under it)
  and then "By: /s/ ...";
- running page headers/footers: a line at the top or bottom of many pages ("Apple Inc. |
  2022 Form 10-K | 25", "Pfizer Inc. and Subsidiary Companies");
- statement titles: "CONSOLIDATED BALANCE SHEETS" with the company's name on the line
  just above or below it.
Only a name ending in a legal suffix (or standing above "(Registrant)") counts, so table of
contents lines, section titles and exhibit captions are never taken for a name. Whether a
reading agrees with the cover is decided by `loaders.metadata`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from finrag.known_words import is_known
from loaders.company_names import base_name, styled_as_name
from loaders.cover import CORPORATE_SUFFIX, SYMBOL_IN_PARENS, name_candidate
from loaders.dates import DATE

Kind = Literal["signature", "running header", "statement title", "auditor's report", "defined term",
               "running title", "trading symbol"]

# "the registrant has duly caused this report", "PepsiCo has duly caused this report",
# "the registrants have duly caused this Annual Report on Form 10-K ..." (any line breaks;
# a typo such as "caused his report" is not rare).
_SIGNATURE_CLAUSE = re.compile(
    r"\b(?:has|have)\s+duly\s+caused\b[\s\S]{0,300}?\bduly\s+authori[sz]ed\b[^\n]*", re.I
)
_SIGNATURE_LINES = 8  # the name comes right after the clause, before "By: /s/"
_SIGNER = re.compile(r"^\s*(?:By\b|/s/|/\s*S\s*/|Name:|Title:|Pursuant\b|Power\s+of\s+attorney)", re.I)
_REGISTRANT_TAG = re.compile(r"\(\s*registrants?\s*\)", re.I)
_DATED = re.compile(rf"^\s*(?:Dated?:?\s*)?{DATE}\s*", re.I)
_STATEMENT_TITLE = re.compile(
    r"^\s*(?:condensed\s+)?consolidated\s+(?:balance\s+sheets?|statements?\s+of\s+[a-z ,()']{4,80})\s*$"
    r"|^\s*(?:condensed\s+)?consolidated\s+(?:income|cash\s+flow)\s+statements?\s*$",
    re.I,
)
# Running lines add a year, a form or a page number to the name: cut the name there.
_AFTER_NAME = re.compile(r"\s*(?:\||•|·|\b(?:19|20)\d\d\b|\bForm\s+10-?[KQ]\b|\bAnnual\s+Report\b|/\s*Page\b).*$", re.I)
_LEADING_PAGE = re.compile(r"^\s*(?:\d{1,4}|[ivx]{1,5})\s+(?=\S)", re.I)
# A copyright footer names its owner: "© 2020 Corning Incorporated. All Rights Reserved.",
# "©2023 TWILIO INC. ALL RIGHTS RESERVED" (the year and the notice are not the name).
_COPYRIGHT = re.compile(r"^\s*(?:©|\(c\)|copyright)\s*(?:(?:©|\(c\))\s*)?(?:(?:19|20)\d\d(?:\s*[-–]\s*(?:19|20)?\d\d)?\s*,?\s*)?", re.I)
_RIGHTS_RESERVED = re.compile(r"(\b(?:inc|corp|co|ltd)\.)?\.?,?\s*all\s+rights\s+reserved.*$", re.I)
# A running line on this many pages is the filing's own, not one exhibit's.
_MIN_RUNNING_PAGES = 5
_WEIGHT: dict[Kind, int] = {"signature": 3, "running header": 2, "auditor's report": 2, "defined term": 2,
                            "statement title": 1, "running title": 1, "trading symbol": 2}
# The auditor's report is addressed to the company's owners: "To the Shareholders and Board
# of Directors of Acme Corporation", "To the Members of Acme plc" (the auditor signs it; its
# own name is never taken).
_ADDRESSEE = re.compile(
    r"^\s*To\s+the\s+(?:(?:(?:share|stock)holders|members|owners)(?:\s+and\s+(?:the\s+)?board\s+of\s+directors)?"
    r"|board\s+of\s+directors(?:\s+and\s+(?:share|stock)holders)?"
    r"|(?:annual\s+)?general\s+meeting(?:\s+of\s+(?:the\s+)?(?:share|stock)holders)?)\s+of\s+(.{2,80}?)[\s:,]*$",
    re.I | re.M,
)
# The filing's definition of itself: "Acme Corporation (“Acme” or the “Company”)",
# "Acme plc (the “Company”)", the "we" bound to a name: "Salesforce, Inc. (“we”) is ...".
_SELF_DEFINITION = re.compile(
    r"([A-Z][^\n()“”\"]{1,80}?)\s*\((?:[^()]{0,60}?\s)?(?:the\s+)?[“\"](?:Company|Corporation|Group|Registrant|we|We)[,]?[”\"]"
)
# "References in this section to the “Company,” “us,” “we” and “our” are solely to Apple Inc.",
# "the terms “Facebook,” “company,” “we,” “us,” and “our” in this document refer to Facebook, Inc."
_REFERENCES_TO = re.compile(
    r"\b(?:references?\s+(?:[^.“”\"]{0,40}?\s)?to|the\s+terms?)\s+(?:the\s+)?[“\"][^.]{0,80}?[“\"]?(?:Company|we|us|our)[,]?[”\"]"
    r"[^.]{0,80}?\b(?:are|is|means?|refers?)\s+(?:solely\s+|only\s+)?to\s+(.{2,80})",
    re.I,
)




@dataclass(frozen=True)
class Sighting:
    """One place the filing names a company outside its cover."""

    name: str  # as printed, legal suffix included
    kind: Kind
    pages: int  # how many pages it is on (1 for a signature)
    ticker: str | None = None  # a trading symbol's line: the (first) symbol beside the name
    also: tuple[str, ...] = ()  # the line's other symbols ("GOOG, GOOGL": another class)


# How surely each kind of place names the issuer, alone.
KIND_CONFIDENCE: dict[Kind, float] = {"signature": 0.9, "auditor's report": 0.85, "defined term": 0.85,
                                      "running header": 0.8, "statement title": 0.7, "running title": 0.6,
                                      "trading symbol": 0.85}


@dataclass
class CrossPageReading:
    sightings: list[Sighting] = field(default_factory=list)
    # Weaker signals, kept apart from the vote of `best()`: the name a running title gives
    # without a legal suffix (the company only when nothing else names one), and the names
    # printed beside a trading symbol ("Acme Corp. (NYSE: ACME)").
    title: Sighting | None = None
    symbols: list[Sighting] = field(default_factory=list)

    def all_sightings(self) -> list[Sighting]:
        """Every sighting, a running title once (a running header may be the same line)."""
        title = [self.title] if self.title and not any(
            s.kind == "running header" and name_key(s.name) == name_key(self.title.name) for s in self.sightings) else []
        return [*self.sightings, *title, *self.symbols]

    def best(self) -> Sighting | None:
        """The name most of the evidence gives; the signature names the registrant by law."""
        if not self.sightings:
            return None
        score: Counter[str] = Counter()
        for s in self.sightings:
            score[name_key(s.name)] += _WEIGHT[s.kind]
        top = max(score.values())
        return next(s for s in self.sightings if score[name_key(s.name)] == top)

    def kinds_naming(self, name: str) -> set[Kind]:
        """The kinds of evidence that give `name` (or a longer/shorter form of it)."""
        return {s.kind for s in self.sightings if same_company(s.name, name)}

    def agrees_with(self, names: list[str]) -> bool | None:
        """True if any sighting names one of `names`; False if none does; None if nothing was read."""
        if not self.sightings:
            return None
        return any(self.kinds_naming(n) for n in names)

    def confidence(self) -> float:
        """How sure a reading of `best()` alone is: more kinds agreeing, surer."""
        best = self.best()
        if best is None:
            return 0.0
        kinds = self.kinds_naming(best.name)
        if "signature" in kinds:
            return 0.85 if len(kinds) > 1 else 0.75
        return 0.8 if len(kinds) > 1 else 0.65


def read_cross_page(pages: list[str], running: list[tuple[str, int]] | None = None) -> CrossPageReading:
    """Sightings from cleaned pages (signature, statement titles) and, when given, the
    running headers cleaning removed from them (`CleanedPages.running_lines`)."""
    sightings: list[Sighting] = []
    if signed := signature_name(pages):
        sightings.append(Sighting(signed, "signature", 1))
    if running is not None:
        sightings += running_header_names(running)
    sightings += statement_title_names(pages)
    sightings += addressee_names(pages) + self_definitions(pages)
    return CrossPageReading(sightings, title=running_title_name(pages, running), symbols=symbol_names(pages))


_NAME_IN_PROSE = re.compile(
    r"(?<![\w&])((?:[A-Z][\w&.'’-]*,?\s+(?:(?:of|and|&)\s+)?){1,5}"
    r"(?:Inc\.?|Incorporated|Corporation|Corp\.?|Limited|Ltd\.?|plc|PLC|Tbk\.?|Company|N\.V\.|S\.A\.|AG|SE))(?!\w)"
)
# Firms that audit or advise, named in every annual report but never its subject.
_ADVISER = re.compile(r"\b(?:audit|auditors?|accountants?|assurance|advisory|chartered)\b", re.I)


def most_named(pages: list[str]) -> Sighting | None:
    """The legal name printed on the most pages, when that is at least half of them (and
    two): a document that names itself on most pages always gets a company."""
    counts: Counter[str] = Counter()
    printed: dict[str, str] = {}
    for text in pages:
        found = set()
        for m in _NAME_IN_PROSE.finditer(text):
            name = m.group(1)
            if _ADVISER.search(name) or not (candidate := name_candidate(name, any_case=True)):
                continue
            if not styled_as_name(candidate) or base_name(candidate) == candidate:
                continue
            found.add(name_key(candidate))
            printed.setdefault(name_key(candidate), candidate)
        counts.update(found)
    readable = sum(1 for text in pages if text.strip())
    if not counts:
        return None
    key, n = counts.most_common(1)[0]
    return Sighting(printed[key], "running header", n) if n >= max(2, readable / 2) else None


# A report's running title: "CARVANA 2021 ANNUAL REPORT", "Acme | 2022 Form 10-K | 25",
# "Acme Annual Report 2021-22": a name, then the report's title (a page number around it).
_RUNNING_TITLE = re.compile(
    r"^\s*(?:\d{1,4}\s+)?(?P<name>[A-Za-z][^\n|•·]{1,40}?)\s*[|•·,–-]?\s*(?:(?:19|20)\d\d(?:\s*[-–/]\s*\d\d)?\s+)?"
    r"(?:(?:integrated\s+)?annual\s+(?:financial\s+)?report(?:\s+and\s+accounts)?|form\s+10-?K)"
    r"(?:\s*(?:19|20)\d\d(?:\s*[-–/]\s*\d\d)?)?\s*(?:[|•·]?\s*\d{1,4})?\s*$",
    re.I | re.M,
)
# Words a title begins with or is made of that name no company ("Our 2021 Annual Report",
# "Integrated Annual Report", "Strategic Report | Annual Report 2022").
_TITLE_WORDS = frozenset([
    "our", "the", "this", "a", "an", "integrated", "interim", "strategic", "financial", "consolidated",
    "corporate", "governance", "sustainability", "directors", "directors'", "chairman's", "letter", "review",
    "summary", "highlights", "overview", "business", "performance", "report", "statements", "accounts", "group",
    "year", "fiscal", "form", "annual", "quarterly"
])
_TITLE_NAME_WORDS = 4


def running_title_name(pages: list[str], running: list[tuple[str, int]] | None = None) -> Sighting | None:
    """The name a report's running title gives ("CARVANA 2021 ANNUAL REPORT" at the foot of
    its pages), with no legal suffix needed, when it is on most pages (a one-page excerpt:
    its page). A caption ("Integrated Annual Report 2021-22") or a fragment is no name."""
    counts: Counter[str] = Counter()
    printed: dict[str, str] = {}
    for text in pages:
        counts.update({key for key in _title_keys(text, printed)})
    for line, n in running or []:
        for key in _title_keys(line, printed):
            counts[key] += n
    readable = sum(1 for text in pages if text.strip())
    if not counts:
        return None
    key, n = counts.most_common(1)[0]
    return Sighting(printed[key], "running title", n) if n >= max(1, readable / 2) else None


def _title_keys(text: str, printed: dict[str, str]) -> set[str]:
    keys = set()
    for m in _RUNNING_TITLE.finditer(text):
        name = m.group("name").strip(" ,-–|")
        words = [w.strip("(),.“”\"'").lower() for w in name.split()]
        if not words or len(words) > _TITLE_NAME_WORDS or words[0] in _TITLE_WORDS or all(w in _TITLE_WORDS for w in words):
            continue
        if not (candidate := name_candidate(name)) or not styled_as_name(candidate) or not base_name(candidate).strip():
            continue
        if not CORPORATE_SUFFIX.search(candidate) and all(is_known(w) for w in re.findall(r"[A-Za-z]+", candidate)):
            continue  # English words without a legal suffix: a caption ("Online Integrated Annual Report")
        keys.add(name_key(candidate))
        printed.setdefault(name_key(candidate), candidate)
    return keys


def symbol_names(pages: list[str]) -> list[Sighting]:
    """Names printed beside a trading symbol ("eBay Inc. (Nasdaq: EBAY)", "VocalTec (NASDAQ:
    VOCL)"), each with its symbol, on the most pages first. Any company's: a biography
    names others, so `loaders.metadata` keeps only those that agree with the issuer."""
    counts: Counter[tuple[str, str]] = Counter()
    printed: dict[tuple[str, str], str] = {}
    also: dict[tuple[str, str], tuple[str, ...]] = {}
    for text in pages[:60]:
        flat = _flat(text)
        found = set()
        for m in SYMBOL_IN_PARENS.finditer(flat):
            words = flat[: m.start()].split()[-40:]
            if name := _name_ending(words) or _plain_name(words):
                symbols = tuple(re.findall(r"(?<![\w.])[A-Z]{1,5}(?:\.[A-Z]{1,2})?(?![\w.])", m.group(0).split(":", 1)[-1]
                                           if ":" in m.group(0) else m.group(0)[m.start(1) - m.start():]))
                key = (name_key(name), m.group(1))
                found.add(key)
                printed.setdefault(key, name)
                also.setdefault(key, tuple(t for t in symbols if t != m.group(1) and not re.fullmatch(_EXCHANGE_WORDS, t)))
        counts.update(found)
    return [Sighting(printed[k], "trading symbol", n, ticker=k[1], also=also[k]) for k, n in counts.most_common()]


_EXCHANGE_WORDS = r"NYSE|NASDAQ|TSX|TSXV|ASX|LSE|AIM|OTCQB|OTCQX|AMEX|MKT|GS"


def _plain_name(words: list[str]) -> str | None:
    """A name without a legal suffix ending a run of words: up to four capitalised words back
    to a line break, a clause's end or a lower-case word ("... with VocalTec" -> "VocalTec");
    English words alone ("the Company") are no name."""
    taken: list[str] = []
    for word in reversed(words):
        if word == _BREAK or len(taken) == _TITLE_NAME_WORDS or word in _CLAUSE_OPENERS:
            break
        if taken and word.endswith((",", ".", ":", ";", "–", "-", "—")):
            break
        if not (word[:1].isupper() or re.match(r"[a-z]{1,3}[A-Z]", word)):
            break
        taken.insert(0, word)
    name = " ".join(taken).strip(" ,;:")
    if not name or not (candidate := name_candidate(name)) or not styled_as_name(candidate):
        return None
    return None if all(is_known(w) for w in re.findall(r"[A-Za-z]+", candidate)) else candidate


def addressee_names(pages: list[str]) -> list[Sighting]:
    """The company an auditor's report is addressed to (a line of its own)."""
    counts: Counter[str] = Counter()
    printed: dict[str, str] = {}
    for text in pages:
        for m in _ADDRESSEE.finditer(text):
            # A long name wraps: "To the General Meeting of Compagnie Financière" / "Tradition SA, Lausanne".
            following = text[m.end() :].lstrip("\n").split("\n", 1)[0]
            wrapped = legal_name(f"{m.group(1)} {following}".strip(" .")) if not legal_name(m.group(1)) else None
            if name := wrapped or legal_name(m.group(1).strip(" .")) or _tagged_name(m.group(1)):
                counts[name_key(name)] += 1
                printed.setdefault(name_key(name), name)
    return [Sighting(printed[k], "auditor's report", n) for k, n in counts.most_common(1)]


def self_definitions(pages: list[str]) -> list[Sighting]:
    """The first legal name a filing defines as "the Company" (or "the Group"); else the
    legal name it defines by its initials ("Reliance Industries Limited (RIL)") that the
    filing then uses most."""
    for text in pages[:60]:
        flat = _flat(text)
        for m in _SELF_DEFINITION.finditer(flat):
            if name := _name_ending(flat[: m.end(1)].split()[-40:]):
                return [Sighting(name, "defined term", 1)]
        for m in _REFERENCES_TO.finditer(flat):
            # "... refer to Facebook, Inc., a Delaware corporation": the name ends at its suffix.
            if name := legal_name(_NAME_CUT.split(m.group(1).replace(_BREAK, " "))[0].rstrip(",")):
                return [Sighting(name, "defined term", 1)]
    return abbreviation_definitions(pages)[:1]


# "Reliance Industries Limited (RIL)", "Acme Holdings plc (“AH”)": a legal name and the
# initials the filing will call it by.
_INITIALS_DEFINED = re.compile(r"([A-Z][^\n()“”\"]{1,80}?)\s*\(\s*[“\"]?([A-Z][A-Za-z&]{1,6})[”\"]?\s*\)")
# What follows the name in "refer to Facebook, Inc., a Delaware corporation, and ...",
# "are solely to Apple Inc. and not to any of its subsidiaries".
_NAME_CUT = re.compile(r",?\s+(?:a|an)\s+|\s+and\s+(?:not|its|where|the)\b|,\s+(?:its|where|and)\b")
_MIN_INITIALS_USES = 3  # a definition is made to be used: the initials recur in the text


def abbreviation_definitions(pages: list[str]) -> list[Sighting]:
    """Legal names defined by their initials, the ones the filing uses most first. The
    initials also cut the name from the words before it ("Founder Chairman Reliance
    Industries Limited (RIL)" -> "Reliance Industries Limited")."""
    uses: Counter[str] = Counter()
    printed: dict[str, str] = {}
    body = "\n".join(pages)
    for text in pages[:60]:
        flat = _flat(text)
        for m in _INITIALS_DEFINED.finditer(flat):
            name, initials = _name_ending(flat[: m.end(1)].split()[-40:]), m.group(2)
            if name is None or (name := _spelled_by(initials, name)) is None or name_key(name) in printed:
                continue
            printed[name_key(name)] = name
            uses[name_key(name)] = len(re.findall(rf"(?<![\w&]){re.escape(initials)}(?![\w&])", body))
    return [Sighting(printed[k], "defined term", 1) for k, n in uses.most_common() if n >= _MIN_INITIALS_USES]


def _spelled_by(initials: str, name: str) -> str | None:
    """The tail of `name` whose words' initials are `initials` (with or without its legal
    suffix, connectors skipped); None if no tail is."""
    words = name.split()
    letters = initials.lower().replace("&", "")
    for start in range(len(words)):
        tail = " ".join(words[start:])
        for candidate in (tail, base_name(tail)):
            spelled = "".join(w[0] for w in re.findall(r"[A-Za-z][\w'’.-]*", candidate) if w.lower() not in ("of", "and", "the"))
            if spelled.lower() == letters and len(letters) >= 2:
                return tail
    return None


_CLAUSE_OPENERS = frozenset(["In", "On", "For", "At", "By", "As", "To", "From", "With", "And", "Or", "While", "When"])


_BREAK = "¶"  # a line break kept as a word of the flattened page
_HEADING_WORDS = 4  # a line this short before a name is a heading or caption, not its start


def _flat(text: str) -> str:
    """A page as one line of words, its line breaks kept as `_BREAK` words."""
    return f" {_BREAK} ".join(" ".join(line.split()) for line in text.split("\n") if line.strip())


def _name_ending(words: list[str]) -> str | None:
    """The name that ends a run of words ("On March 1, Acme Holdings plc" -> "Acme Holdings
    plc"): capitalised words back from a legal suffix, up to a clause's comma or opener, or a
    short line above it ("Overview" / "Salesforce, Inc."); a name wrapped from a line of prose
    is whole."""
    lines = " ".join(words).split(f" {_BREAK} ")
    text = lines[-1]
    suffix = CORPORATE_SUFFIX.search(text)
    if suffix is None or _BREAK in text:
        return None
    stem = text[: suffix.start()].split()
    for line in reversed(lines[:-1]):
        if len(line.split()) <= _HEADING_WORDS:
            break
        stem = [*line.split(), *stem]
    start = len(stem)
    while start > 0 and len(stem) - start < 7:
        word = stem[start - 1]
        if start < len(stem) and word.endswith((",", ".", ":", ";")):
            break  # a clause ends here
        if word in _CLAUSE_OPENERS or not (word[:1].isupper() or word[:1].isdigit() or word.lower() in ("of", "and", "&")):
            break
        start -= 1
    while start < len(stem) and stem[start].lower() in ("of", "and", "&"):
        start += 1  # a name does not begin with a connector
    if start == len(stem):
        return None
    return name_candidate(" ".join(stem[start:]) + text[suffix.start() :], any_case=True)


def _tagged_name(text: str) -> str | None:
    name = name_candidate(text.strip(" .:,"), any_case=True)
    return name if name and styled_as_name(name) else None




# --------------------------------------------------------------------------- names


def name_key(name: str) -> str:
    """'McDONALD’S CORPORATION' and "McDonald's Corporation" -> "mcdonald's"."""
    base = base_name(name.replace("\u2019", "'").strip(" ,."))
    return " ".join(re.sub(r"[^a-z0-9&'.]+", " ", base.lower()).split())


def same_company(a: str, b: str) -> bool:
    """Equal without legal suffixes, or one is the other's first words ('Verizon' /
    'Verizon Communications')."""
    ka, kb = name_key(a).split(), name_key(b).split()
    if not ka or not kb:
        return False
    shorter, longer = sorted((ka, kb), key=len)
    return longer[: len(shorter)] == shorter


def legal_name(text: str) -> str | None:
    """The first name ending in a legal suffix in `text` ("PG&E CORPORATION PACIFIC GAS AND
    ELECTRIC COMPANY" -> "PG&E CORPORATION"), tidied; None if there is none."""
    words = text.split()

    def suffixed(end: int) -> str | None:
        prefix = " ".join(words[:end]).rstrip(",;:")  # "Tradition SA, Lausanne": the name ends at its suffix
        return prefix if end > 1 and CORPORATE_SUFFIX.search(prefix) else None

    for end in range(1, len(words) + 1):
        if prefix := suffixed(end):
            while end < len(words) and (longer := suffixed(end + 1)):  # "Globex Co., Inc."
                prefix, end = longer, end + 1
            return name_candidate(prefix, any_case=True)
    return None


# --------------------------------------------------------------------------- signature


def signature_name(pages: list[str]) -> str | None:
    """The registrant's name printed under the first report signature clause."""
    for text in pages:
        for clause in _SIGNATURE_CLAUSE.finditer(text):
            tail = _after_sentence(clause.group(0))
            lines = ([tail] if tail else []) + text[clause.end() :].split("\n")[1 : _SIGNATURE_LINES + 1]
            if name := _name_in_signature(lines):
                return name
    return None


def _after_sentence(clause: str) -> str:
    """What follows the clause's full stop on its own line: '..., as of February 1, 2018 .
    AMAZON.COM, INC.' -> 'AMAZON.COM, INC.'."""
    rest = re.split(r"duly\s+authori[sz]ed", clause, flags=re.I)[-1]
    parts = re.split(r"\.\s+", rest, maxsplit=1)
    return parts[1].strip() if len(parts) == 2 else ""


def _name_in_signature(lines: list[str]) -> str | None:
    for i, line in enumerate(lines):
        if _SIGNER.match(line):
            return None  # the signer's block began: no name was printed
        line = _DATED.sub("", line)  # "Date: May 30, 2023 PepsiCo, Inc."
        line = re.split(r"\s+(?:By\b|/s/|/\s*S\s*/)|\s*\(\s*registrants?\s*\)", line, flags=re.I)[0]
        if not line.strip():
            continue
        if name := legal_name(line):
            return name
        tagged = i + 1 < len(lines) and _REGISTRANT_TAG.match(lines[i + 1])
        if tagged and (name := name_candidate(line, any_case=True)):
            return name  # "Johnson & Johnson" / "(Registrant)": no suffix needed
    return None


# --------------------------------------------------------------------------- headers, titles


def running_header_names(running: list[tuple[str, int]]) -> list[Sighting]:
    found: dict[str, Sighting] = {}
    for line, count in running:
        if count < _MIN_RUNNING_PAGES:
            continue
        if _COPYRIGHT.match(line) and _COPYRIGHT.match(line).end():
            line = _RIGHTS_RESERVED.sub(r"\1", _COPYRIGHT.sub("", line))
        text = _AFTER_NAME.sub("", _LEADING_PAGE.sub("", line))
        if (name := legal_name(text)) and name_key(name) not in found:
            found[name_key(name)] = Sighting(name, "running header", count)
    return list(found.values())


def statement_title_names(pages: list[str]) -> list[Sighting]:
    """Names printed right above or below a statement's title, counted by page."""
    counts: Counter[str] = Counter()
    printed: dict[str, str] = {}
    for text in pages:
        lines = text.split("\n")[:12]  # a title heads its page
        names: set[str] = set()
        for i, line in enumerate(lines):
            if not _STATEMENT_TITLE.match(line):
                continue
            for near in lines[max(0, i - 2) : i] + lines[i + 1 : i + 3]:
                if name := legal_name(near):
                    names.add(name_key(name))
                    printed.setdefault(name_key(name), name)
        counts.update(names)
    return [Sighting(printed[k], "statement title", n) for k, n in counts.most_common() if n >= 2]
