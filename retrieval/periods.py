"""Fiscal years, quarters and relative periods named in a question (pure text parsing).

    parse_periods("What is the FY2015 - FY2017 3 year average net margin?")
        -> PeriodMentions(years=[2015, 2016, 2017])
    parse_periods("Was there any drop in cash between FY 2023 and Q2 of FY2024?")
        -> PeriodMentions(years=[2023, 2024], periods=["2024Q2"])
    parse_periods("revenue over the last three years") -> PeriodMentions(last_n_years=3)

Years written with two digits ("FY15") are read as 20xx. Relative phrases ("last three
years", "most recent year") are only recorded here; query understanding resolves them
against the years actually in the store.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from finrag.numerals import count_of

_ORDINAL_QUARTERS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}

_FY = r"(?:fy|f\.y\.|fiscal(?:\s+year)?)"
_YEAR = r"'?(\d{4}|\d{2})"
# "FY2015 - FY2017", "FY15 to FY17", "fiscal 2019 through 2021", "between FY2018 and FY2019"
_RANGE = re.compile(
    rf"\b{_FY}\s*{_YEAR}\s*(?:-|–|—|to|through|and)\s*(?:{_FY})?\s*{_YEAR}\b", re.I
)
# "Q2 of FY2024", "Q2'2023", "Q22023", "Q1 2023", "Q3 fiscal 2022"
_QUARTER_FIRST = re.compile(rf"\bq([1-4])\s*(?:of\s+)?(?:{_FY})?\s*'?(\d{{4}}|\d{{2}})\b", re.I)
# "FY2023Q1", "2023 Q2", "2023-Q2"
_YEAR_FIRST = re.compile(rf"\b(?:{_FY})?\s*(\d{{4}})\s*-?\s*q([1-4])\b", re.I)
# "second quarter of 2023", "first quarter of fiscal 2024"
_QUARTER_WORDS = re.compile(
    rf"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\s+(?:of\s+)?(?:{_FY}\s*)?'?(\d{{4}})\b",
    re.I,
)
_FISCAL = re.compile(rf"\b{_FY}\s*{_YEAR}\b", re.I)
_BARE_YEAR = re.compile(r"(?<![\d$.,])(19[89]\d|20\d{2})(?![\d,.]\d)")
_LAST_N = re.compile(
    r"\b(?:last|past|previous|prior|recent|latest)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
    r"\s+(?:fiscal\s+)?years?\b",
    re.I,
)
_LATEST = re.compile(r"\b(?:most\s+recent|latest|last|current)\s+(?:fiscal\s+)?(?:year|annual\s+report|10-?k)\b", re.I)
# A history asked of no named year ("historically consistent", "each year", "over the years"):
# only a year's report shows years side by side; a later quarter's 10-Q shows two quarters.
_ACROSS_YEARS = re.compile(
    r"\b(?:historical(?:ly)?|(?:each|every)\s+(?:fiscal\s+)?year|over\s+the\s+(?:past\s+|last\s+)?(?:few\s+)?years|"
    r"year\s+after\s+year|multi-?year)\b",
    re.I,
)


_MONTH_NUMBERS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
    "nov": 11, "dec": 12,
}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
# "June 30, 2022", "31 March 2022", "31st March, 2022", "2022-06-30": a day a period may end on.
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH},?\s+(\d{{4}})\b", re.I)
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
# "the first nine months of 2011", "first half of 2012": calendar months counted from January
# of a year, so the period ends on the last day of the Nth month. Not "of fiscal 2024": a
# fiscal year may start in any month.
_FIRST_MONTHS = re.compile(r"\bfirst\s+(three|six|nine|3|6|9)\s+months\s+of\s+(?:calendar\s+)?(\d{4})\b", re.I)
_FIRST_HALF = re.compile(r"\bfirst\s+half\s+of\s+(?:calendar\s+)?(\d{4})\b", re.I)
_MONTH_ENDS = {3: 31, 6: 30, 9: 30}


class PeriodMentions(BaseModel):
    years: list[int] = Field(default_factory=list)  # fiscal years named, ascending
    periods: list[str] = Field(default_factory=list)  # quarters, e.g. "2023Q2"
    last_n_years: int | None = None  # "last three years" -> 3; "most recent year" -> 1
    dates: list[str] = Field(default_factory=list)  # ISO days named: "as of June 30, 2022" -> "2022-06-30"
    months: list[str] = Field(default_factory=list)  # months named without a day: "in January 2023" -> "2023-01"


def _full_year(text: str) -> int:
    year = int(text)
    return 2000 + year if year < 100 else year


def parse_periods(text: str) -> PeriodMentions:
    years: set[int] = set()
    periods: list[str] = []

    for m in _RANGE.finditer(text):
        start, end = sorted((_full_year(m.group(1)), _full_year(m.group(2))))
        if end - start <= 15:  # a range, not two unrelated numbers
            years.update(range(start, end + 1))
    for m in _QUARTER_FIRST.finditer(text):
        year = _full_year(m.group(2))
        periods.append(f"{year}Q{m.group(1)}")
        years.add(year)
    for m in _YEAR_FIRST.finditer(text):
        year = int(m.group(1))
        periods.append(f"{year}Q{m.group(2)}")
        years.add(year)
    for m in _QUARTER_WORDS.finditer(text):
        year = int(m.group(2))
        periods.append(f"{year}Q{_ORDINAL_QUARTERS[m.group(1).lower()]}")
        years.add(year)
    for m in _FISCAL.finditer(text):
        years.add(_full_year(m.group(1)))
    for m in _BARE_YEAR.finditer(text):
        years.add(int(m.group(1)))

    last_n: int | None = None
    if m := _LAST_N.search(text):
        word = m.group(1).lower()
        last_n = count_of(word)
    elif _LATEST.search(text):
        last_n = 1

    return PeriodMentions(
        years=sorted(y for y in years if 1980 <= y <= 2100),
        periods=list(dict.fromkeys(periods)),
        last_n_years=last_n,
        dates=parse_dates(text),
        months=parse_months(text),
    )


def asks_across_years(text: str) -> bool:
    """Whether a question asks how something went over years rather than in one period."""
    return bool(_ACROSS_YEARS.search(text))


def parse_dates(text: str) -> list[str]:
    """Calendar days the text names, as ISO dates, in order ("June 30, 2022" -> "2022-06-30"),
    and the last day of a period counted from January ("first nine months of 2011" ->
    "2011-09-30")."""
    found: list[tuple[int, str]] = []
    for m in _MONTH_DAY_YEAR.finditer(text):
        found.append((m.start(), _iso(int(m.group(3)), m.group(1), int(m.group(2)))))
    for m in _DAY_MONTH_YEAR.finditer(text):
        found.append((m.start(), _iso(int(m.group(3)), m.group(2), int(m.group(1)))))
    for m in _ISO_DATE.finditer(text):
        found.append((m.start(), _iso(int(m.group(1)), int(m.group(2)), int(m.group(3)))))
    for m in _FIRST_MONTHS.finditer(text):
        word = m.group(1).lower()
        months = count_of(word)
        found.append((m.start(), _iso(int(m.group(2)), months, _MONTH_ENDS[months])))
    for m in _FIRST_HALF.finditer(text):
        found.append((m.start(), _iso(int(m.group(1)), 6, 30)))
    return list(dict.fromkeys(d for _, d in sorted(found) if d))


# "January 2023", "in Jan. 2023": a month and year with no day before or after the month.
_MONTH_YEAR = re.compile(rf"\b{_MONTH}\s+(\d{{4}})\b", re.I)
_DAY_BEFORE = re.compile(r"\d\s*(?:st|nd|rd|th)?\s*$")


def parse_months(text: str) -> list[str]:
    """Months the text names without a day, as "YYYY-MM" ("in January 2023" -> "2023-01");
    "January 6, 2023" and "6 January 2023" are days (`parse_dates`), not months."""
    months = []
    for m in _MONTH_YEAR.finditer(text):
        if not m.group(1)[0].isupper():  # "may 2023" is not a month: a month is written capitalised
            continue
        if _DAY_BEFORE.search(text[: m.start()]):  # "6 January 2023": a day
            continue
        number = _MONTH_NUMBERS[m.group(1).lower()[:3]]
        if 1980 <= int(m.group(2)) <= 2100:
            months.append(f"{int(m.group(2)):04d}-{number:02d}")
    return list(dict.fromkeys(months))


def _iso(year: int, month: str | int, day: int) -> str:
    number = month if isinstance(month, int) else _MONTH_NUMBERS[month.lower()[:3]]
    if not (1 <= number <= 12 and 1 <= day <= 31 and 1980 <= year <= 2100):
        return ""
    return f"{year:04d}-{number:02d}-{day:02d}"
