"""deal_state: where a deal with a company the question names stood in the asked period.

"Did Microsoft complete its acquisition of Activision Blizzard during fiscal year 2022?" is decided by what the
filing says of that deal, not of another: signals any filing carries:
- a sentence is about the named deal when it names the company as a filing writes it (its first two words, or its
  initials: "GBT" of "Global Blood Therapeutics"), or refers back to "the acquisition" in a passage that names it;
  "acquired certain other companies" or "our acquisition of Nuance" is about another;
- a deal the report on the asked year expects to close in a later year, or heads as pending ("Pending Acquisition of
  Aerojet Rocketdyne"), was not completed in it; one whose agreement was terminated never was;
- a total to date ("As of December 31, 2022, the Company has repurchased 1,182,410 shares") says nothing of the year.
answering.kinds.yes_no reads the sentences; this module says which of them speak to the named deal and what they
settle.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering import numbers
from finrag.models import ANNUAL_FILINGS

if TYPE_CHECKING:
    from answering.kinds.polarity import Reading
    from answering.kinds.sentences import Sentence

_LEGAL_TAIL = re.compile(r",?\s+(?:Inc|Corp|Corporation|Ltd|Limited|LLC|plc|PLC|Pty|Co|Holdings?|Group|N\.V|S\.A|AG|SE)\b"
                         r"\.?.*$")
# a deal named by what it was done with: "our acquisition of Nuance Communications", "acquired ZeniMax"
_NAMED_DEAL = re.compile(r"\b(?:acquisitions?|purchases?|sales?|mergers?|divestitures?)\s+of\s+(?:the\s+)?[A-Z]|"
                         r"\b(?:acquired|acquire|acquiring|bought|sold|divested)\s+(?:the\s+)?[A-Z]|"
                         # (a deal of the company's own business: "an agreement to divest our Gamma business")
                         r"\b(?:sell|divest|dispose\s+of|spin\s+off)\s+(?:our|its)\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*\s+"
                         r"(?:business|segment|unit|division|brand|operations|subsidiary)\b")
# the deal referred back to: "completed the acquisition in January 2022" (not "acquired certain other companies")
# (a policy's words are none: "the acquisition date fair value", "the acquisition method")
_THE_DEAL = re.compile(r"\b(?:the|this|that)\s+(?:acquisition|merger|transaction|deal|purchase|sale|divestiture)\b"
                       r"(?![\s-]+(?:date|method|price\s+allocation|accounting)\b)", re.I)
# "As of December 31, 2022, we have repurchased ...", "Since inception, the Company has paid ...": a total to date
# (a count or an amount in it: "Since then, dividends have been declared ... and paid" says they were paid)
_TO_DATE = re.compile(r"^(?:as\s+of|since|through|to\s+date)\b[^,]{0,60},[^.;]*?\b(?:has|have)\s+(?!been\b)(?:\w+\s+)?"
                      r"(?:repurchased|bought|paid|issued|acquired|sold|redeemed|returned|declared)\b(?=[^.;]*\d)", re.I)
# a deal the filing calls pending, and one called off
_PENDING_DEAL = re.compile(r"\bpending\s+(?:acquisition|merger|sale|divestiture|transaction)\b", re.I)
_ENDED_DEAL = re.compile(r"\btermination\s+of\s+the\b[^.;]{0,80}\b(?:agreement|merger|acquisition|transaction)\b|"
                         r"\b(?:terminated|abandoned|called\s+off)\s+(?:the|its|our)\b[^.;]{0,60}\b(?:agreement|merger|"
                         r"acquisition|transaction)\b", re.I)
# "we expect it to close in fiscal year 2023", "is expected to be completed in 2024": a deal still pending
_EXPECTED_BEFORE = re.compile(r"\b(?:was|were|had\s+been)\s+(?:\w+\s+)?(?:expected|anticipated)\b", re.I)
_EXPECTED = re.compile(r"\b(?:expects?|expected|anticipates?|anticipated)\s+(?:(?:it|the\s+\w+|to\s+be)\s+)?"
                       r"(?:to\s+|will\s+)?(?:close|be\s+completed|complete|be\s+consummated|consummate)\b", re.I)


def other_companies(ask: str, mentions: list[str]) -> list[str]:
    """Each company the ask names besides the asked one (`mentions`: the names the question's reading found no
    filing of), without its legal form ("Activision Blizzard" of "its acquisition of Activision Blizzard, Inc.")."""
    return [_LEGAL_TAIL.sub("", n).strip(" ,") for n in mentions if n.lower() in ask.lower()]


def names_company(text: str, name: str) -> bool:
    """The text names the company as a filing writes it: its first two words ("Salmon Gums" of "Salmon Gums
    Minerals"), its one word, or its initials ("GBT" of "Global Blood Therapeutics")."""
    words = name.split()
    lead = r"\s+".join(re.escape(w) for w in words[:2])
    initials = "".join(w[0] for w in words if w[:1].isupper())
    return bool(re.search(rf"\b{lead}\b", text, re.I)
                or (len(initials) >= 2 and re.search(rf"\b{re.escape(initials)}\b", text)))


def of_the_named(s: Sentence, names: list[str]) -> bool:
    """The sentence is about the deal with a company the ask names: it names it, or, naming no other one and
    referring back to the deal ("EMT completed the acquisition in January 2022"), stands in a passage that does."""
    def named(text: str) -> bool:
        return any(names_company(text, n) for n in names)
    if named(s.text):
        return True
    if not _THE_DEAL.search(s.text) or _NAMED_DEAL.search(s.text):
        return False
    at = s.chunk.text.find(s.text[:60])
    if at < 0:
        return named(s.chunk.text)  # (not found as written: the passage read whole)
    # "the acquisition" is the deal named last before it: "The acquisition of BlueJeans was accounted for ...
    # We are currently assessing ... as of the close of the acquisition" is no Tracfone deal, named further on
    before = s.chunk.text[:at]
    deals = list(_NAMED_DEAL.finditer(before))
    return named(before[deals[-1].start():] if deals else before)


def total_to_date(text: str) -> bool:
    """"As of December 31, 2022, the Company has repurchased 1,182,410 shares ...": a total under a program to a
    day, which says nothing of the asked year ("There were no repurchases during the year")."""
    return bool(_TO_DATE.search(text))


def pending(held: list[tuple[Sentence, Reading]], years: list[int], others: list[str],
            read: list[Sentence] | None = None) -> Sentence | None:
    """A sentence the deed's reading held back as a plan that leaves the deal pending after the asked year: "we
    expect it to close in fiscal year 2023" in the report on 2022, or, for a named company's deal, its passage in
    the report on the asked year headed "Pending Acquisition of ..."; None when there is none.
    `read`: the sentences read, of which one referring back to the named deal ("The transaction ... is expected to
    close in the second half of 2021") names no word of the deed the reading holds; in the report on the asked
    year, written after that year ended, a close still expected says the deal was not done in it (LinkedIn's
    "expect the acquisition will close in the 2016 calendar year" in the report on the year ended June 30, 2016)."""
    expected = next((s for s, reading in held if reading.verdict == "plan" and _EXPECTED.search(s.text)
                     and (later := numbers.years_in(s.text)) and min(later) > years[-1]
                     and (not others or of_the_named(s, others))), None)
    if expected is not None or not others:
        return expected
    # (a close still expected now, in the annual report on the asked year: a quarter's report is written before the
    # year ends, and "was expected to close" tells of a plan that may since have been done)
    expected = next((s for s in read or [] if _EXPECTED.search(s.text) and not _EXPECTED_BEFORE.search(s.text)
                     and s.chunk.form in ANNUAL_FILINGS and s.chunk.fiscal_year == years[-1]
                     and min(numbers.years_in(s.text) or [years[-1]]) >= years[-1] and of_the_named(s, others)), None)
    if expected is not None:
        return expected
    return next((s for s, _ in held if _PENDING_DEAL.search(s.chunk.text) and s.chunk.fiscal_year == years[-1]
                 and of_the_named(s, others)), None)


def called_off(found: list[Sentence], others: list[str]) -> Sentence | None:
    """A sentence saying the named company's deal was terminated ("the termination of the Share Purchase Agreement
    whereby NVIDIA would have acquired Arm"), or None."""
    return next((s for s in found if _ENDED_DEAL.search(s.text) and of_the_named(s, others)), None)
