"""asked_subject: what a yes/no question is asked *of*, which a deciding sentence must be about.

Two signals any filing's wording carries, read from the question alone:
- the names in the subject of "Was / Is the <subject> <predicate> ...": "Was the Intel Optane memory
  business included in the NAND business it agreed to divest?" is asked of Optane; a sentence that says
  the Dalian facility is included names no Optane and decides nothing about it;
- "included" asked, "excluded" said: the opposite word states the No;
- a whole the question counts ("on all ten counts"): a sentence saying the predicate of a part of it ("in
  favor of the Company with respect to nine out of the ten counts") states a No of the whole.
"""

from __future__ import annotations

import re

from finrag.numerals import NUMBER_WORDS, count_of
from loaders.dates import MONTH_NAMES

# "Was the Intel Optane memory business included ...": the auxiliary, then the subject up to the predicate
_BE_SUBJECT = re.compile(r"^\W*(?:was|were|is|are)\s+(?P<subject>.+)$", re.I)
# a capitalised word that is not a month, an article or a title (which open or date a subject, not name it)
_PARTICIPLE = r"\b[a-z]{3,}(?:ed|en)\b"
_PREPOSITION = re.compile(r"\s(?:of|with|in|for|by|to|from|on|at|under|between|among)\s", re.I)
_PERIOD_OR_TITLE = re.compile(r"^(?:FY\d{2,4}|Q[1-4]|H[12]|[A-Z]{2,5})$")
_NAME_WORD = re.compile(rf"(?<![\w'’-])(?!(?:{MONTH_NAMES}|The|A|An|Its|Their|Mr|Ms|Mrs|Dr|Company|Inc|Corporation)\b)[A-Z][\w'’-]*")


def subject_names(ask: str, predicate_word: str, companies: list[str]) -> list[str]:
    """The names of a be-question's subject ("Optane"), the company's own name left out (a sentence about
    the company need not repeat it); none when the question is no "Was / Is ... <predicate>" one."""
    opened = _BE_SUBJECT.match(ask)
    if opened is None:
        return []
    # (a light verb is no predicate word: "included" then ends the subject as the first participle)
    at = re.search(rf"\b{re.escape(predicate_word)}\b" if predicate_word else _PARTICIPLE, opened.group("subject"),
                   re.I if predicate_word else 0)
    if at is None:
        return []
    subject = re.sub(r"[\"“][^\"”]*[\"”]", " ", opened.group("subject")[:at.start()])  # (a quoted name is the company's)
    # (the head of the subject, before its first preposition: "the completion of Patriot's merger with United
    # Petroleum Transports' affiliates" is asked of a completion, whose parties a filing names by defined terms,
    # "Parent"; "the Intel Optane memory business" is all head)
    subject = _PREPOSITION.split(subject, maxsplit=1)[0]
    own = {w.casefold() for c in companies for w in re.findall(r"[\w'’-]+", c)}
    # (a possessive is read as its name, "Beta Systems' acquisition"; the company's is its own: "Is Kraft Heinz's
    # senior debt ..."; a period, "FY2024", or a title in capitals, "CEO", names no subject a filing writes so)
    names = [re.sub(r"['’]s?$", "", w) for w in _NAME_WORD.findall(subject)]
    return [n for n in names if n.casefold() not in own and not _PERIOD_OR_TITLE.match(n)]


def about_the_subject(text: str, names: list[str]) -> bool:
    """Whether a sentence names every name of the asked subject."""
    return all(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text, re.I) for n in names)


# "Was X included in ...?" (a light verb, no predicate of its own): a sentence decides by the word itself,
# "X is expressly excluded from the transaction" by its opposite
_ASKS_INCLUDED = re.compile(r"\bincluded\b", re.I)
_EXCLUDED = re.compile(r"\b(?:excluded|exclud(?:es|ing)|not\s+(?:be\s+)?included)\b", re.I)
_INCLUDED = re.compile(r"\binclud(?:ed|es|ing)\b", re.I)


def asks_inclusion(ask: str) -> bool:
    return bool(_ASKS_INCLUDED.search(ask))


_CLAUSE = re.compile(r",|;|\s+and\s+|\s+but\s+")


def inclusion_said(text: str, names: list[str]) -> bool | None:
    """True when a sentence says its subject is included, False when it says it is left out, else None: read in the
    clause naming the subject ("... includes the Dalian facility and the SSD business, excluding the Optane memory
    business" excludes Optane, not Dalian), or the clause before it when that one holds the word ("Our Optane
    business is excluded" is one clause)."""
    clauses = _CLAUSE.split(text)
    for at, clause in enumerate(clauses):
        if not about_the_subject(clause, names):
            continue
        for read in (clause, clauses[at - 1] if at else ""):
            if _EXCLUDED.search(read):
                return False
            if _INCLUDED.search(read):
                return True
    return None


# "on all ten counts", "all of the 12 stores": the whole the question asks the predicate of
_ALL_OF = re.compile(r"\ball\s+(?:of\s+(?:the|its|their)\s+)?(?P<n>\d+|[a-z]+)\s+(?P<noun>[a-z]{3,})", re.I)
_PART = r"(?P<m>\d+|[a-z]+)\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+)?"


def part_of_the_whole(ask: str, text: str) -> bool:
    """Whether a sentence states the predicate of fewer than the whole the question counts ("nine out
    of the ten counts" where "all ten counts" is asked)."""
    whole = _ALL_OF.search(ask)
    n = count_of(whole.group("n")) if whole is not None else None
    if whole is None or n is None:
        return False
    total = "|".join([str(n), *(w for w, v in NUMBER_WORDS.items() if v == n)])
    said = re.search(rf"\b{_PART}(?:{total})\s+{re.escape(whole.group('noun')[:4])}", text, re.I)
    m = count_of(said.group("m")) if said is not None else None
    return m is not None and m < n
