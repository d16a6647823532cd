"""Dates as filings write them ("January 28, 2023", "Sept. 30, 2022", and day first as
outside the US: "31 March 2022"), across line breaks; month names in Indonesian/Malay too
("31 Desember 2009", "PER 31 MARET 2009"), whose reports print them in every heading."""

from __future__ import annotations

import re
from datetime import date, datetime

# The twelve English month names in order, as a regex alternation: every reader that
# dates a sentence ("appointed in March 2023") takes them from here.
MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
# and with the abbreviations filings print in tables and headers ("Sept. 30"), dot optional
ENGLISH_MONTHS = rf"(?:{MONTH_NAMES}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
MONTHS = (
    f"{MONTH_NAMES}|"
    "Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?|"
    "Januari|Februari|Pebruari|Maret|Mei|Juni|Juli|Agustus|Oktober|Nopember|Desember|Agt\\.?|Okt\\.?|Des\\.?"
)
# Indonesian/Malay month names that differ from the English ones (the rest are the same).
_LOCAL_MONTHS = {"januari": "January", "februari": "February", "pebruari": "February", "maret": "March",
                 "mei": "May", "juni": "June", "juli": "July", "agustus": "August", "oktober": "October",
                 "nopember": "November", "desember": "December", "agt": "Aug", "okt": "Oct", "des": "Dec"}
_LOCAL_MONTH = re.compile(rf"\b({'|'.join(_LOCAL_MONTHS)})\b", re.I)
# One capture group; \s also spans the line breaks of covers that print a word per line
# (\s* where a text layer drops the spaces: "December31,2022").
DATE = rf"((?:{MONTHS})\s*\d{{1,2}}\s*,?\s*\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{MONTHS})\s*,?\s*\d{{4}})"


def parse_date(text: str) -> date | None:
    cleaned = re.sub(r"\s+", " ", text.replace(",", " ")).replace(".", "").strip()
    cleaned = _LOCAL_MONTH.sub(lambda m: _LOCAL_MONTHS[m.group(1).lower()], cleaned)
    cleaned = re.sub(r"^(\d{1,2})(?:st|nd|rd|th)\b", r"\1", cleaned)
    cleaned = re.sub(r"([A-Za-z])(\d)", r"\1 \2", cleaned)  # "December31 2022"
    for fmt in ("%B %d %Y", "%b %d %Y", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.strptime(cleaned, fmt).date()
        except ValueError:
            continue
    if cleaned.lower().startswith("sept"):
        return parse_date("Sep" + cleaned[4:])
    return None


# the further years of a day written for several: "June 30, 2022 and 2021", "December 31, 2022, 2021 and 2020"
_MORE_YEARS = r"(?P<more>(?:\s*(?:,|and|,\s*and)\s*(?:19|20)\d\d\b)*)"
_WRITTEN = re.compile(rf"{DATE}{_MORE_YEARS}", re.I)
# "as of April 30, 2023", "at 30 June 2022": the day a balance or a count is taken on
_SNAPSHOT = re.compile(rf"\b(?:as\s+(?:of|at)|at)\s+{DATE}{_MORE_YEARS}", re.I)
# a 52- or 53-week year ends within a week of the day a question names for it ("December 28, 2024" for December 31)
_SAME_YEAR_END = 7


def _days(pattern: re.Pattern[str], text: str) -> set[date]:
    days: set[date] = set()
    for m in pattern.finditer(text):
        if (day := parse_date(m.group(1))) is None:
            continue
        days.add(day)
        for year in re.findall(r"(?:19|20)\d\d", m.group("more")):
            try:
                days.add(day.replace(year=int(year)))
            except ValueError:  # February 29 of a year without one
                days.add(day.replace(year=int(year), day=28))
    return days


def days_written(text: str) -> set[date]:
    """Every day a text writes, each further year of "As of June 30, 2022 and 2021" a day of its own."""
    return _days(_WRITTEN, text)


def snapshot_days(text: str) -> set[date]:
    """The days a text takes a figure as of ("As of January 31, 2023, we had 79,390 employees")."""
    return _days(_SNAPSHOT, text)


def same_snapshot(asked: set[date], said: set[date]) -> bool:
    """Whether a text's days include one of the asked, a 52- or 53-week year's few days apart included."""
    return any(abs((a - s).days) <= _SAME_YEAR_END for a in asked for s in said)
