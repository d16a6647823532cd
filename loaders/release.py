"""Earnings releases: who issued them, when, and which period they report.

A press release has no SEC cover. What it has instead, by convention:
- a dateline: "SANTA CLARA, Calif., Jan. 26, 2023 -- Intel Corporation today reported ..."
  (city, date, a dash or wire-service tag, then the issuer);
- the issuer with its ticker: "eBay Inc. (Nasdaq: EBAY)";
- a headline naming the period reported: "Fourth-Quarter and Full-Year 2022 Results",
  "Q1 FY24". Forecasts in the summary ("Forecasting first-quarter 2023 revenue") name a
  later period and are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from loaders.company_names import base_name, styled_as_name
from loaders.cover import CORPORATE_SUFFIX, name_candidate
from loaders.dates import DATE, parse_date

_NAME = r"((?:[A-Z]|[a-z]{1,3}[A-Z])[\w.&'’-]*(?:[ ,]+(?:[A-Z&][\w.&'’-]*|and|of))*)"
_DATELINE = re.compile(
    rf"{DATE}\s*(?:/[^/\n]{{2,40}}/\s*)?(?:--|[—–-])\s*{_NAME}(?=\s*\(|\s+today\b|\s+announced\b|\s+reported\b|,)"
)
# "CHICAGO, IL - McDonald's Corporation today announced results ...": the subject of the
# release's first "today announced/reported" sentence, legal suffix included.
_TODAY_SUBJECT = re.compile(
    r"(?:^|[-–—]\s|\.\s)((?:[A-Z]|[a-z]{1,3}[A-Z])[\w.&'’-]*(?:[ ,]+(?:[A-Z&][\w.&'’-]*|and|of)){0,5}?"
    r",?\s+(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|Ltd\.?|plc|N\.V\.|S\.A\.))"
    r"\s+(?:\([^)]{2,30}\)\s+)?today\s+(?:announced|reported)"
)
# "Jakarta, 11 Februari 2014 - ADHI berhasil ...": a city, the date and a dash open the lead
# sentence, whatever follows.
_CITY_DATELINE = re.compile(
    rf"^\s*[A-Z][A-Za-z .'-]{{1,40}},\s*(?:[A-Z][A-Za-z.]{{1,12}},\s*)?{DATE}\s*(?:/[^/\n]{{2,40}}/\s*)?(?:--|[—–-])\s*",
    re.M,
)
_LEAD_YEARS = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_NUMERIC_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)(?![\d/])")
# The issuer beside its US listing, all its share classes ("(NASDAQ: GOOG, GOOGL)"); a listing
# elsewhere in an annual report may be another company's (an ASX investee).
_TICKER_IN_PROSE = re.compile(
    rf"{_NAME}\s*\((?:NYSE|NASDAQ|Nasdaq|NYSE American)\s*[:\-–]\s*([A-Z]{{1,5}}(?:\.[A-Z])?)"
    r"(?:\s*,\s*[A-Z]{1,5}(?:\.[A-Z])?)*\)"
)
# The headline's subject: "PATRIOT TRANSPORTATION HOLDING, INC. ANNOUNCES RESULTS FOR ...",
# "Acme Corp Reports Fiscal 2023 Results".
_HEADLINE_SUBJECT = re.compile(
    r"^\s*(.{2,80}?)\s+(?:reports?|announces?|posts?|delivers?)\b[^\n]{0,80}\b(?:results|earnings|quarter|year)\b",
    re.I | re.M,
)
# The boilerplate paragraph at a release's end: "About Acme Corporation".
_ABOUT = re.compile(r"^\s*About\s+(.{2,60}?)\s*$", re.M)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER = re.compile(
    r"\b(first|second|third|fourth)[- ]quarter(?:\s+and\s+(?:full|fiscal)[- ]year)?"
    r"(?:\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d))?"
    r"|\bfiscal\s+(?:year\s+)?((?:19|20)\d\d)\s+(first|second|third|fourth)[- ]quarter"
    r"|\bQ([1-4])\s*(?:FY\s*)?'?((?:19|20)?\d\d)\b",
    re.I,
)
_FULL_YEAR = re.compile(r"\b(?:full|fiscal)[- ]year\s+((?:19|20)\d\d)\b", re.I)
_FORWARD = re.compile(r"(?:forecast|expect|outlook|guidance|guiding|anticipat|project)\w*[^.]{0,40}$", re.I)
_PERIOD_ENDED = re.compile(rf"\b(?:weeks|months|quarter|period)\s+ended\s*:?\s*{DATE}", re.I)
_FISCAL_SHORT = re.compile(r"\bFY\s*'?(\d\d)\b")


@dataclass
class ReleaseFacts:
    issuer: str | None = None  # as written in the dateline or beside the ticker
    ticker: str | None = None
    dated: date | None = None
    fiscal_year: int | None = None
    period: str | None = None  # "2023Q1" or "FY2022"
    period_end: date | None = None


def read_release(text: str) -> ReleaseFacts:
    """What the first pages of a release say about issuer, date and period."""
    facts = ReleaseFacts()
    flat = " ".join(text[:30000].split())
    # Issuer candidates in order of how reliably each place names the issuer; the first
    # that the release names again (or that carries a legal suffix) is kept, so the words
    # after a dateline ("2017 - First Quarter Operating Results.") are never a company.
    candidates: list[str | None] = []
    if m := _DATELINE.search(flat):
        facts.dated = parse_date(m.group(1))
        candidates.append(_issuer(m.group(2)))
    if facts.dated is None:
        # A release dated on a line of its own above the headline ("May 4, 2023").
        for line in text.split("\n")[:12]:
            if m := re.fullmatch(rf"\s*{DATE}\s*", line):
                facts.dated = parse_date(m.group(1))
                break
    lead = _CITY_DATELINE.search(text[:5000])
    if facts.dated is None and lead:
        facts.dated = parse_date(lead.group(1))
    if facts.dated is None:
        # "7/27/2023" near the top of a release (US month/day order).
        for line in text.split("\n")[:12]:
            if m := _NUMERIC_DATE.search(line):
                try:
                    facts.dated = date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
                except ValueError:
                    continue
                break
    if m := _TICKER_IN_PROSE.search(flat):
        facts.ticker = m.group(2)
        candidates.append(_issuer(m.group(1)))
    if m := _TODAY_SUBJECT.search(flat):
        candidates.append(_issuer(m.group(1)))
    head = "\n".join(text.split("\n")[:15])
    candidates += [_issuer(m.group(1)) for m in _HEADLINE_SUBJECT.finditer(head)]
    candidates += [_issuer(m.group(1)) for m in _ABOUT.finditer(text[:60000])]
    facts.issuer = next((c for c in candidates if c and _named_again(c, flat)), None)
    _period(facts, flat)
    if facts.fiscal_year is None and facts.dated and lead:
        _year_of_lead(facts, text[lead.end() : lead.end() + 300])
    return facts


def _year_of_lead(facts: ReleaseFacts, lead: str) -> None:
    """A release that names no quarter or "full year": the lead sentence's first year is the
    one reported when it is the year before the release, early in the year ("Jakarta, 11
    Februari 2014 - ADHI ... Laba Bersih ... di tahun 2013"): annual results come out in the
    months after the year ends."""
    years = [int(y) for y in _LEAD_YEARS.findall(lead)]
    if years and facts.dated and facts.dated.month <= 4 and years[0] == facts.dated.year - 1:
        facts.fiscal_year, facts.period = years[0], f"FY{years[0]}"


def _named_again(name: str, flat: str) -> bool:
    """The release names the candidate more than once (its base name, any casing), or
    the candidate is a legal name: a headline's subject or a dateline's tail that is
    not a name appears once."""
    base = base_name(name)
    if CORPORATE_SUFFIX.search(name) and base != name and styled_as_name(name) and not re.search(r"[.:;]\s", base):
        return True  # a legal name, not a sentence that ends in "... The Company"
    return len(re.findall(rf"(?<!\w){re.escape(base)}(?!\w)", flat, re.I)) >= 2


def _issuer(text: str) -> str | None:
    # "Calif., April 26, 2023 /PRNewswire/ -- eBay Inc." leaves only the name; a
    # "CITY - " prefix before the ticker form is cut at the last dash.
    text = re.split(r"\s[-–—]+\s", text)[-1].strip(" ,")
    return name_candidate(text)


def _period(facts: ReleaseFacts, flat: str) -> None:
    for match in _QUARTER.finditer(flat[:20000]):
        if _FORWARD.search(flat[max(0, match.start() - 80) : match.start()]):
            continue
        g = match.groups()
        if g[0] and g[1]:
            quarter, year = _ORDINALS[g[0].lower()], int(g[1])
        elif g[2] and g[3]:
            quarter, year = _ORDINALS[g[3].lower()], int(g[2])
        elif g[4] and g[5]:
            quarter, year = int(g[4]), int(g[5])
            year = year + 2000 if year < 100 else year
        else:
            continue
        facts.fiscal_year, facts.period = year, f"{year}Q{quarter}"
        # "... for its first quarter ended March 31, 2023": the quarter's end, when stated.
        ends = [parse_date(m.group(1)) for m in _PERIOD_ENDED.finditer(flat[:20000])]
        facts.period_end = max((d for d in ends if d and abs(d.year - year) <= 1), default=None)
        return
    if m := _FULL_YEAR.search(flat[:5000]):
        facts.fiscal_year = int(m.group(1))
        facts.period = f"FY{facts.fiscal_year}"
