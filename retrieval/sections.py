"""What part of a filing a question asks for, and which part of a filing a page is.

A narrative question has no statement to anchor it: "what drove the margin change" is
answered in the MD&A's discussion of results, "any material legal proceedings" in Item 3
and the contingencies note, "the new CEO's previous roles" in the executive officers list
(10-K Part I / Item 10) or an 8-K's Item 5.02, "which debt securities are registered" on
the cover's Section 12(b) table and in the debt note, "who are its primary customers" or
"where does it operate" in Item 1 (Business). Every SEC filing carries these
headings, so a page's section is read from the Item / Note headings ingest stored with its
chunks (`Chunk.section`), or, for a page without them, from its own text.

The filing KIND a question implies is read here too: a quarter -> the 10-Q; an adjusted /
non-GAAP measure or guidance -> the earnings release, which is where those are reported.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

SectionKind = Literal[
    "results_discussion", "legal", "executives", "debt_securities", "segments", "risk_factors", "business"
]

# Question wording -> the section that answers it. Cues are words of the question only
# (never of one filing); a question can ask for two sections ("litigation risk"). Metric
# wordings are not cues: "net income attributable to", "contribution margin".
_DRIVERS_CUE = re.compile(
    r"\b(?:drive[rns]?|drove|driving|why|reasons?|due\s+to|attributed\s+to|led\s+to|"
    r"contribut(?:ed|ing|ors?)|caus(?:ed?|es|ing)|explain\w*)\b", re.I)
_QUESTION_CUES: list[tuple[SectionKind, re.Pattern[str]]] = [
    ("results_discussion", _DRIVERS_CUE),  # with a word of change or measure (`_asks_for_drivers`)
    ("legal", re.compile(
        r"\b(?:legal|litigation|lawsuits?|suits?|proceedings?|court|settle\w*|antitrust|"
        r"investigations?|contingenc\w+|class\s+action|claims?|criminal|(?<!clinical\s)trials?|verdicts?|jury|indict\w*|convict\w*|prosecut\w*|guilty|plaintiffs?|defendants?)\b", re.I)),
    ("executives", re.compile(
        r"\b(?:ceo|cfo|coo|chief\s+\w+\s+officer|executive\s+officers?|executives?|president|"
        r"appoint\w*|resign\w*|board\s+of\s+directors|directors?|chair(?:man|woman|person)?)\b", re.I)),
    ("debt_securities", re.compile(
        r"\b(?:debt\s+securities|notes?\s+due|senior\s+notes|bonds?|registered|"
        r"trading\s+symbols?|securities\s+exchange|12\(b\))", re.I)),
    # Revenue by product / service category is disclosed with the segments (disaggregation).
    ("segments", re.compile(
        r"\b(?:segments?|divisions?|business\s+units?|reportable|product\s+lines?|categor(?:y|ies))\b", re.I)),
    ("risk_factors", re.compile(r"\brisks?\b", re.I)),
    # What the company is: who buys from it, where it operates, whom it competes with, how
    # cyclical or seasonal it is. Item 1 (Business) says so in every 10-K.
    ("business", re.compile(
        r"\b(?:customers?|clients?|geograph\w*|operates?\s+in|compet(?:e|es|itors?|ition|itive)|"
        r"cyclical\w*|seasonal\w*)\b", re.I)),
]

# A page's section labels ("Item 7. Management's Discussion ...", "Note 21 — Legal
# Proceedings", "Item 5.02 Departure of Directors ...") -> kinds.
_SECTION_LABELS: list[tuple[SectionKind, re.Pattern[str]]] = [
    # "Item 7. MANAGEMENT'S" with the rest of the heading lost (a heading split over lines):
    # Item 7 of a 10-K is the MD&A.
    ("results_discussion", re.compile(
        r"management.s\s+discussion|results\s+of\s+operations|^item\s+7\.?\s*management", re.I)),
    ("legal", re.compile(r"legal\s+proceedings|contingenc|litigation|commitments\s+and\s+guarantees", re.I)),
    ("executives", re.compile(
        r"executive\s+officers|directors,\s+executive|item\s+5\.02|departure\s+of\s+directors|"
        r"election\s+of\s+directors|appointment\s+of", re.I)),
    ("debt_securities", re.compile(r"\bdebt\b|borrowings|notes\s+payable|financing\s+arrangements", re.I)),
    ("segments", re.compile(r"segment", re.I)),
    ("risk_factors", re.compile(r"risk\s+factors", re.I)),
    ("business", re.compile(r"^(?:item\s+1\.?\s*)?business\b", re.I)),
]
# Page tags stored at ingest (`loaders.page_tags`) that name the same sections.
_TAG_KINDS: dict[str, SectionKind] = {
    "mdna": "results_discussion", "segment_note": "segments", "risk_factors": "risk_factors",
}
# Headings a page's own text carries, for pages whose chunks have no section label (older
# stores, filings without Items such as 8-K exhibits and releases). A heading is a short
# line; the cover's Section 12(b) table is recognised by its column titles.
_TEXT_HEADINGS: list[tuple[SectionKind, re.Pattern[str]]] = [
    ("results_discussion", re.compile(
        r"^(?:item\s+[27]\.?\s*)?management.s\s+discussion(?:\s+and\s+analysis)?[^\d]{0,80}$", re.I | re.M)),
    # A note is numbered with or without the word: "Note 21 — Legal Proceedings", "18. LEGAL PROCEEDINGS".
    ("legal", re.compile(r"^(?:item\s+3\.?\s*|(?:note\s+)?\d{1,2}\s*[.:\-–—]+\s*|note\s+\d{1,2}\s+)?"
                         r"(?:legal\s+proceedings|(?:commitments\s+and\s+)?contingencies)\s*$", re.I | re.M)),
    ("executives", re.compile(
        r"^[\w ,]{0,40}\bexecutive\s+officers(?:\s+of\s+[\w., ]{0,40})?\s*$|^item\s+5\.02\b", re.I | re.M)),
    ("debt_securities", re.compile(r"section\s+12\(b\)|title\s+of\s+each\s+class|trading\s+symbol", re.I)),
    ("risk_factors", re.compile(r"^(?:item\s+1a\.?\s*)?risk\s+factors\s*$", re.I | re.M)),
    ("business", re.compile(r"^item\s+1\.?\s*business\.?\s*$", re.I | re.M)),
]

FilingKind = Literal["quarterly", "release"]
# "Full-year" is how an earnings release names the year it closes ("fourth quarter and
# full-year 2022 results"); a 10-K says "fiscal year" or "the year". On the dev sets every
# question saying "full year" / "full-year" (8, FinanceBench's tune half and the wild sets)
# is answered from a release.
_RELEASE_CUES = re.compile(
    r"\b(?:adjusted|non-?gaap|core|organic|guidance|outlook|constant\s+currency|ex-?items|full[\s-]+year)\b", re.I
)
# An interim period asks for an interim report too: "the first nine months of 2011", "the
# first half of 2012", "six months ended June 30".
_QUARTER_CUES = re.compile(
    r"\b(?:q[1-4]|(?:first|second|third|fourth)\s+quarter|quarter(?:ly)?"
    r"|first\s+(?:three|six|nine|3|6|9)\s+months|first\s+half|(?:three|six|nine)\s+months\s+ended)\b",
    re.I,
)


# A drivers question asks why a measure CHANGED ("what drove the decline", "why did its
# gross margin improve"); the results discussion is where a filing explains changes. "Why"
# about an event ("whom did it buy and why", "why did it announce a restructuring") is
# answered where the event is told (a note, a release), not in the MD&A: without a word of
# change or of a measure, the causal cue asks for no section.
_CHANGE_OR_MEASURE = re.compile(
    r"\b(?:increas\w*|decreas\w*|ris(?:e|es|ing)|rose|fall(?:s|ing)?|fell|grow(?:s|th|ing)?|grew|declin\w*|"
    r"chang\w*|improv\w*|worsen\w*|jump\w*|drop\w*|higher|lower|swing|turn(?:ed)?\s+(?:to|from)|"
    r"margins?|revenues?|sales|income|loss(?:es)?|profit\w*|expenses?|costs?|earnings|ebitda|"
    r"performance|results)\b",
    re.I,
)
# A word in capitals is a name (a programme, a ticker: "its DRIVE programme"), not the verb.
_NAME_IN_CAPITALS = re.compile(r"\b[A-Z]{4,}\b")


def _asks_for_drivers(text: str) -> bool:
    plain = _NAME_IN_CAPITALS.sub(" ", text)
    return bool(_DRIVERS_CUE.search(plain) and _CHANGE_OR_MEASURE.search(plain))


class QuestionNeeds(BaseModel):
    """Sections and filing kind a question's words point to (empty: no preference)."""

    sections: list[SectionKind] = []
    statements: list[str] = []  # page tags of the statements a metric question needs
    filing_kind: FilingKind | None = None


def question_needs(text: str, periods: list[str] | None = None, statements: list[str] | None = None) -> QuestionNeeds:
    """`text`: the question without its answer-format instructions (those say "explain"
    and "based on" without asking for a section). `periods`: quarters the question names;
    `statements`: the statements its metrics are read from (query understanding)."""
    sections = [kind for kind, cue in _QUESTION_CUES if cue.search(text)]
    if "results_discussion" in sections and not _asks_for_drivers(text):
        sections.remove("results_discussion")
    if "business" in sections and "risk_factors" not in sections:
        # What the company is, said where it is a risk: Item 1A's "Risks Related to Our
        # Business" is where a 10-K says whom it depends on ("a substantial portion of our
        # revenue from the U.S. government"), how cyclical and how competitive it is.
        sections.append("risk_factors")
    kind: FilingKind | None = None
    if _RELEASE_CUES.search(text):
        kind = "release"
    elif any("Q" in p for p in periods or []) or _QUARTER_CUES.search(text):
        kind = "quarterly"
    # "What drove the margin change" names a metric, but the statement only shows the
    # change: the reasons are in the discussion of results.
    read_from = [] if "results_discussion" in sections else list(statements or [])
    return QuestionNeeds(sections=sections, statements=read_from, filing_kind=kind)


# How a results discussion explains a change: "increased ... primarily due to", "driven
# by", "reflecting", "partially offset by". Its density tells the page that explains from
# the page that only shows the figures or mentions them.
_CAUSAL = re.compile(
    r"\b(?:due\s+to|driven\s+by|reflect(?:s|ed|ing)?|attributable\s+to|as\s+a\s+result\s+of|"
    r"offset\s+by|result(?:ed|ing)?\s+from|primarily|because\s+of)\b",
    re.I,
)
_CAUSAL_SATURATION = 6


def explains_changes(text: str) -> float:
    """0-1: how much of a page is explanation of changes (saturates at a few phrases)."""
    return min(1.0, len(_CAUSAL.findall(text)) / _CAUSAL_SATURATION)


def page_sections(labels: list[str], tags: list[str], text: str) -> set[SectionKind]:
    """Section kinds of one page: from its chunks' section labels and page tags, and from
    headings in its own text (a section that starts mid-page, or a page without labels)."""
    kinds = {kind for kind, pattern in _SECTION_LABELS for label in labels if pattern.search(label)}
    kinds |= {_TAG_KINDS[t] for t in tags if t in _TAG_KINDS}
    kinds |= {kind for kind, pattern in _TEXT_HEADINGS if pattern.search(text)}
    return kinds


def in_sections(labels: list[str], tags: list[str], text: str, wanted: set[SectionKind]) -> bool:
    """Whether a page or chunk is in any of the `wanted` sections, read as `page_sections`
    reads them, testing only the wanted kinds' headings: the first stage asks this of every
    candidate chunk, and reading all headings of every chunk cost milliseconds per question."""
    if any(kind in wanted and pattern.search(label) for kind, pattern in _SECTION_LABELS for label in labels):
        return True
    if any(_TAG_KINDS.get(tag) in wanted for tag in tags):
        return True
    return any(kind in wanted and pattern.search(text) for kind, pattern in _TEXT_HEADINGS)


def filing_kind_of(form: str, period: str | None) -> FilingKind | None:
    """The kind of filing a page comes from, as `question_needs` names them."""
    if form == "earnings":
        return "release"
    if form == "10-Q" or (period and "Q" in period):
        return "quarterly"
    return None
