"""Company, period and form type read from a filing's own text (cover page first).

File names and manifests are only hints (applied in loaders.document); everything here
comes from content, with general rules about how SEC filings and press releases state
who they are about, which period they cover and what kind of document they are.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime

from finrag.models import FormType

_COVER_PAGES = 10  # a 10-K wrapped in a glossy annual report has its cover a few pages in

_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?"
)
_DATE = rf"((?:{_MONTHS})\s+\d{{1,2}}\s*,?\s*\d{{4}})"
_ANNUAL_PERIOD = re.compile(rf"for\s+the\s+(?:fiscal\s+)?year\s+ended\s*:?\s*{_DATE}", re.I)
_QUARTER_PERIOD = re.compile(rf"for\s+the\s+quarterly\s+period\s+ended\s*:?\s*{_DATE}", re.I)
_REPORT_DATE = re.compile(rf"date\s+of\s+report[^:]{{0,60}}:?\s*{_DATE}", re.I)
_PERIOD_ENDED = re.compile(rf"\b(?:weeks|months|quarter|period)\s+ended\s*:?\s*{_DATE}", re.I)
_FISCAL_YEAR_MENTION = re.compile(r"\bfiscal(?:\s+year)?\s+((?:19|20)\d\d)\b", re.I)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER_MENTION = re.compile(
    r"\b(first|second|third|fourth)[- ]quarter(?:\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d))?"
    r"|\bQ([1-4])\s*(?:FY\s*)?'?((?:19|20)?\d\d)\b",
    re.I,
)
_YTD_MONTHS = re.compile(
    r"\b(six|nine|twenty-six|thirty-nine|26|39)\s+(?:months|weeks)\s+ended\b", re.I
)

_FORM_MARKERS: list[tuple[re.Pattern[str], FormType]] = [
    (re.compile(r"quarterly\s+report\s+pursuant\s+to\s+section\s+13", re.I), "10-Q"),
    (re.compile(r"annual\s+report\s+pursuant\s+to\s+section\s+13", re.I), "10-K"),
    (re.compile(r"\bform\s+8-k\b[\s\S]{0,200}current\s+report", re.I), "8-K"),
    (re.compile(r"\bform\s+10-q\b", re.I), "10-Q"),
    (re.compile(r"\bform\s+10-k\b", re.I), "10-K"),
]
_PRESS_RELEASE = re.compile(
    r"\b(?:reports?|reported|announces?|announced)\b[^.\n]{0,80}?\b(?:quarter|full[- ]year|annual|fiscal)\b"
    r"[^.\n]{0,60}?\b(?:results|earnings)\b"
    r"|\btoday\s+(?:reported|announced)\b[^.]{0,80}\b(?:results|earnings)\b",
    re.I,
)
_RESULTS_ITEM = re.compile(r"item\s+2\.02\.?\s+results\s+of\s+operations", re.I)
_GLOSSY_ANNUAL = re.compile(
    r"\bannual\s+report\b|\bdear\s+(?:fellow\s+)?(?:shareholders|stockholders|shareowners)\b", re.I
)

_REGISTRANT_LABEL = re.compile(r"exact\s+name\s+of\s+(?:the\s+)?registrant", re.I)
_CORPORATE_SUFFIX = re.compile(
    r"(?:,?\s+(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Ltd\.?|Limited|plc|PLC|"
    r"N\.V\.|S\.A\.|SE|AG|LLC|L\.P\.|LP)|\s+(?:&|and)\s+(?:Consolidated\s+)?Subsidiaries)\s*$",
    re.I,
)
_NOT_A_NAME = re.compile(
    r"commission|indicate|registrant|securities|exchange act|telephone|address|identification|"
    r"incorporation|\bform\b|pursuant|washington|check mark",
    re.I,
)
# "(Costco or the Company)", "“Verizon,” the “Company”"
_DEFINED_TERM = re.compile(
    r"[(“\"]\s*([A-Z][\w.&'’ -]{1,40}?)[”\"]?,?[”\"]?\s+(?:or\s+)?(?:the\s+)?[“\"]?(?:Company|Corporation|we)\b"
)
_EXCHANGE = r"(?i:The\s+)?(?i:New\s+York\s+Stock\s+Exchange|NYSE|Nasdaq|Chicago\s+Stock\s+Exchange)"
_TICKER_ON_COVER = re.compile(rf"(?:^|\s)([A-Z]{{1,5}}(?:[.-][A-Z])?)\s+{_EXCHANGE}")
_TICKER_IN_PROSE = re.compile(
    r"([A-Z][\w.&,' ]{1,60}?)\s*\((?:NYSE|NASDAQ|Nasdaq|NYSE American)\s*:\s*([A-Z]{1,5}(?:\.[A-Z])?)\)"
)


@dataclass
class ContentMetadata:
    """What the text says about itself; None where it does not say."""

    company_legal: str | None = None
    company: str | None = None
    ticker: str | None = None
    aliases: list[str] = field(default_factory=list)
    fiscal_year: int | None = None
    period_end: date | None = None
    period: str | None = None
    form: FormType = "other"


def read_metadata(pages: list[str]) -> ContentMetadata:
    """Read company, ticker, fiscal period and form from cleaned page texts."""
    cover = "\n".join(pages[:_COVER_PAGES])
    body = "\n".join(pages)
    form = detect_form(pages)
    meta = ContentMetadata(form=form)
    meta.company_legal = _legal_name(cover)
    meta.ticker = _ticker(cover)
    if meta.company_legal:
        meta.company, meta.aliases = _short_name(meta.company_legal, body)
    if meta.ticker and meta.ticker not in meta.aliases:
        meta.aliases.append(meta.ticker)
    _read_period(meta, cover, body)
    return meta


# --------------------------------------------------------------------------- form


def detect_form(pages: list[str]) -> FormType:
    cover = "\n".join(pages[:_COVER_PAGES])
    found = [(m.start(), form) for pattern, form in _FORM_MARKERS if (m := pattern.search(cover))]
    # The SEC cover sentence ("... REPORT PURSUANT TO SECTION 13") beats a mere mention
    # of another form ("see our Annual Report on Form 10-K") that comes earlier.
    strong = [f for f in found if f[1] in ("10-Q", "10-K") and "pursuant" in _marker_text(cover, f)]
    if strong:
        return min(strong)[1]
    if any(f[1] == "8-K" for f in found):
        # An 8-K filed under Item 2.02 carries an earnings release (exhibit 99.1).
        return "earnings" if _RESULTS_ITEM.search(cover) else "8-K"
    first_page = "\n".join(pages[:2])
    if _PRESS_RELEASE.search(first_page):
        return "earnings"
    if found:
        return min(found)[1]
    if _GLOSSY_ANNUAL.search("\n".join(pages[:4])):
        return "annual"
    return "other"


def _marker_text(text: str, found: tuple[int, FormType]) -> str:
    return text[found[0] : found[0] + 60].lower()


# --------------------------------------------------------------------------- company


def _legal_name(cover: str) -> str | None:
    lines = cover.split("\n")
    for i, line in enumerate(lines):
        if not (label := _REGISTRANT_LABEL.search(line)):
            continue
        same_line = _name_candidate(line[: label.start()].rstrip("( "))
        if same_line:
            return same_line
        for back in (1, 2):
            if i - back >= 0 and (name := _name_candidate(lines[i - back])):
                return name
    # No registrant label (some covers omit it): the first short line ending in a
    # corporate suffix on the cover page, or the company a press release names.
    for line in lines[:80]:
        if _CORPORATE_SUFFIX.search(line) and (name := _name_candidate(line)):
            return name
    if match := _TICKER_IN_PROSE.search(cover):
        return _name_candidate(re.split(r"\s[-–—]\s", match.group(1))[-1])
    return None


def _name_candidate(text: str) -> str | None:
    # Covers draw rules with underscores; the name is the last piece after them.
    text = re.split(r"_{3,}|-{4,}", text)[-1].strip(" ,;:")
    if text.startswith("(") or re.search(r"\b(?:NYSE|NASDAQ|Nasdaq)\s*:", text):
        return None  # "(NASDAQ: NWRB)", "(State of incorporation)"
    if not (2 <= len(text) <= 80) or not re.search(r"[A-Za-z]{2}", text):
        return None
    if _NOT_A_NAME.search(text) or text[0].islower() or re.match(r"^[\d(]", text):
        return None
    return re.sub(r"\s+\.", ".", text)  # "NIKE, Inc ." -> "NIKE, Inc."


def _short_name(legal: str, body: str) -> tuple[str, list[str]]:
    """Canonical short name ("PepsiCo") and the other names the text uses."""
    base = legal
    while (stripped := _CORPORATE_SUFFIX.sub("", base).strip(" ,")) != base:
        base = stripped
    base = re.sub(r"^the\s+", "", base, flags=re.I)
    name = _as_written(base, body)
    aliases = [legal, name]
    if name.lower().endswith(".com"):
        name = name[: -len(".com")]
    name = _defined_short_name(name, body) or _shortest_used_prefix(name, body)
    return name, [a for a in dict.fromkeys([*aliases, name, base]) if a]


def _as_written(name: str, body: str) -> str:
    """An ALL-CAPS cover name in the casing the report's prose uses ("BEST BUY" -> "Best Buy")."""
    if not name.isupper():
        return name
    variants = Counter(re.findall(rf"\b{re.escape(name)}\b", body, re.I))
    capitalised = [(n, v) for v, n in variants.items() if v[:1].isupper() and not v.isupper()]
    if capitalised:
        return max(capitalised)[1]
    # Short all-caps names are usually the company's own styling or an acronym (NIKE, IBM).
    return name if len(name) <= 4 else name.title()


def _defined_short_name(name: str, body: str) -> str | None:
    """The short name a filing defines for itself: '(Costco or the Company)'."""
    head = " ".join(body[:200_000].split())
    for match in _DEFINED_TERM.finditer(head):
        term = match.group(1).strip()
        if term != name and name.lower().startswith(term.lower() + " "):
            return term
    return None


def _shortest_used_prefix(name: str, body: str) -> str:
    """'Adobe Systems' -> 'Adobe' when the report mostly says just 'Adobe'."""
    words = name.split()
    full = len(re.findall(rf"\b{re.escape(name)}\b", body))
    for k in range(1, len(words)):
        prefix = " ".join(words[:k])
        if len(prefix) < 4:
            continue
        alone = len(re.findall(rf"\b{re.escape(prefix)}\b(?!\s+{re.escape(words[k])})", body))
        if alone >= 20 and alone >= 2 * max(full, 1):
            return prefix
    return name


def _ticker(cover: str) -> str | None:
    label = re.search(r"trading\s+symbol", cover, re.I)
    if label:
        window = cover[label.end() : label.end() + 2000]
        for line in window.split("\n")[:20]:
            if match := _TICKER_ON_COVER.search(line):
                return match.group(1)
    if match := _TICKER_IN_PROSE.search(cover):
        return match.group(2)
    return None


# --------------------------------------------------------------------------- period


def _parse_date(text: str) -> date | None:
    cleaned = re.sub(r"\s+", " ", text.replace(",", " ")).replace(".", "").strip()
    for fmt in ("%B %d %Y", "%b %d %Y"):
        try:
            return datetime.strptime(cleaned, fmt).date()
        except ValueError:
            continue
    if cleaned.lower().startswith("sept"):
        return _parse_date("Sep" + cleaned[4:])
    return None


def _fiscal_year_mentions(body: str) -> Counter[int]:
    return Counter(int(y) for y in _FISCAL_YEAR_MENTION.findall(body))


def _read_period(meta: ContentMetadata, cover: str, body: str) -> None:
    mentions = _fiscal_year_mentions(body)
    if meta.form == "10-Q" and (m := _QUARTER_PERIOD.search(cover)):
        end = _parse_date(m.group(1))
        if end:
            # A quarter belongs to the fiscal year that ends after it: retailers' July
            # quarter is in "fiscal 2024" when their year ends in early 2024.
            later = mentions[end.year + 1] > mentions[end.year]
            meta.fiscal_year = end.year + 1 if later else end.year
            meta.period_end = end
            meta.period = f"{meta.fiscal_year}Q{_quarter_number(body)}"
            return
    if meta.form == "earnings":
        # The quarter the release reports on ("first-quarter 2023 results"), which
        # for an 8-K-wrapped release is not the year of the filing date.
        _read_press_release_period(meta, cover)
        if meta.fiscal_year:
            return
    if meta.form in ("8-K", "earnings") and (m := _REPORT_DATE.search(cover)):
        end = _parse_date(m.group(1))
        if end:
            meta.fiscal_year, meta.period_end = end.year, end
            return
    if m := _ANNUAL_PERIOD.search(cover):
        end = _parse_date(m.group(1))
        if end:
            meta.fiscal_year = _annual_fiscal_year(end, mentions)
            meta.period_end = end
            meta.period = f"FY{meta.fiscal_year}"
            return
    # Glossy reports and other documents: the fiscal year the text talks about most.
    if mentions:
        meta.fiscal_year = mentions.most_common(1)[0][0]
        meta.period = f"FY{meta.fiscal_year}"


def _annual_fiscal_year(end: date, mentions: Counter[int]) -> int:
    """Fiscal years are named for the calendar year they end in, except that some
    companies whose year ends in January/February name it for the year before
    ("fiscal 2022" ended January 28, 2023): then the end year is hardly mentioned
    (only in guidance), while a report that names it so discusses it throughout."""
    if end.month <= 2 and mentions[end.year] < 0.3 * mentions[end.year - 1]:
        return end.year - 1
    return end.year


def _quarter_number(body: str) -> int:
    counts = Counter(m.lower() for m in _YTD_MONTHS.findall(body))
    if counts["nine"] + counts["thirty-nine"] + counts["39"] >= 2:
        return 3
    if counts["six"] + counts["twenty-six"] + counts["26"] >= 2:
        return 2
    return 1


def _read_press_release_period(meta: ContentMetadata, cover: str) -> None:
    for match in _QUARTER_MENTION.finditer(cover[:30000]):
        if match.group(1) and match.group(2):
            quarter, year = _ORDINALS[match.group(1).lower()], int(match.group(2))
        elif match.group(3) and match.group(4):
            quarter, year = int(match.group(3)), int(match.group(4))
            year = year + 2000 if year < 100 else year
        else:
            continue
        meta.fiscal_year = year
        meta.period = f"{year}Q{quarter}"
        # "... for the 12 weeks ended March 25, 2023": the quarter's end, when stated.
        ends = [_parse_date(m.group(1)) for m in _PERIOD_ENDED.finditer(cover[:20000])]
        meta.period_end = max((d for d in ends if d and abs(d.year - year) <= 1), default=None)
        return
