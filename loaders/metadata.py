"""Company, period and form type read from a filing's own text (cover page first).

File names and manifests are only hints (applied in loaders.document); everything here
comes from content, with general rules about how SEC filings and press releases state
who they are about, which period they cover and what kind of document they are:
`loaders.cover` reads the SEC cover's fields, `loaders.release` a press release's
dateline and headline, `loaders.company_names` turns a legal name into the name people
write plus aliases. Every field records where it was read and how sure the reader is
(`sources`): a field read from boilerplate-free structure is sure, a fallback is not,
and a field that is a guess says so instead of passing for a reading.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from finrag.models import CompanyEvidence, FieldSource, FormType, MetaSource
from loaders import company_names, cover
from loaders.dates import DATE, parse_date
from loaders.page_agreement import (
    KIND_CONFIDENCE,
    CrossPageReading,
    most_named,
    read_cross_page,
    same_company,
)
from loaders.release import read_release

_COVER_PAGES = 10  # a 10-K wrapped in a glossy annual report has its cover a few pages in

_FISCAL_YEAR_MENTION = re.compile(r"\bfiscal(?:\s+year)?\s+((?:19|20)\d\d)\b", re.I)
_YTD_MONTHS = re.compile(
    r"\b(six|nine|twenty-six|thirty-nine|26|39)\s+(?:months|weeks)\s+ended\b", re.I
)
_INTERIM_ENDED = re.compile(
    rf"\b(?:three|six|nine|twelve|thirteen|twenty-six|thirty-nine|12|13|26|39)\s+(?:months|weeks)\s+ended\s*:?\s*{DATE}"
    rf"|\b(?:three|six|nine|3|6|9)[- ]months?\s+periods?\s+ended\s*:?\s*{DATE}"
    # Indonesian: "periode 9 (sembilan) bulan yang berakhir tanggal 30 September 2011",
    # "untuk periode yang berakhir tanggal 31 Maret 2009"
    rf"|\bperiode\s+(?:[\w()]+\s+){{0,3}}?yang\s+berakhir\s+(?:pada\s+)?(?:tanggal\s+)?{DATE}",
    re.I,
)

# \s* inside the cover sentences: some text layers drop the spaces between words.
_FORM_MARKERS: list[tuple[re.Pattern[str], FormType]] = [
    (re.compile(r"quarter\s*ly\s*report\s*pursuant\s*to\s*section\s*13", re.I), "10-Q"),
    (re.compile(r"annual\s*report\s*pursuant\s*to\s*section\s*13", re.I), "10-K"),
    (re.compile(r"\bform\s+8-k\b[\s\S]{0,200}current\s+report", re.I), "8-K"),
    (re.compile(r"\bform\s+10-q\b", re.I), "10-Q"),
    (re.compile(r"\bform\s+10-k\b", re.I), "10-K"),
]
_PRESS_RELEASE = re.compile(
    r"\b(?:reports?|reported|announces?|announced)\b[^.\n]{0,80}?\b(?:quarter|full[- ]year|annual|fiscal)\b"
    r"[^.\n]{0,60}?\b(?:results|earnings)\b"
    # the headline's verb before its object: "X ANNOUNCES RESULTS FOR THE FIRST QUARTER OF FISCAL 2017"
    r"|\b(?:reports?|announces?|posts?)\s+(?:\w+\s+){0,3}?(?:results|earnings)\s+for\b[^.]{0,40}?"
    r"\b(?:quarter|year|fiscal)\b"
    r"|\btoday\s+(?:reported|announced)\b[^.]{0,80}\b(?:results|earnings)\b",
    re.I,
)
_RESULTS_ITEM = re.compile(r"item\s+2\.02\.?\s+results\s+of\s+operations", re.I)
# A foreign private issuer's annual report on the SEC's forms: FinRAG's "annual".
_FOREIGN_ANNUAL = re.compile(r"\bform\s*(?:20|40)-F\b", re.I)
# A report of audited annual statements without an SEC cover ("Consolidated Financial
# Statements for the Years Ended December 31, 2013 and 2012"; in Indonesian "Laporan
# Keuangan Konsolidasian untuk Tahun-tahun yang Berakhir 31 Desember 2009"), no interim
# period named between the two.
_ANNUAL_STATEMENTS = re.compile(
    r"\bfinancial\s+statements\b(?:(?!period|months|interim|quarter)[\s\S]){0,60}?\bfor\s+the\s+(?:fiscal\s+)?years?\s+ended\b"
    r"|\blaporan\s+keuangan\b(?:(?!periode|bulan|interim|triwulan)[\s\S]){0,60}?\btahun(?:-tahun)?\s+yang\s+berakhir\b"
    r"(?![\s\S]{0,60}?\b(?:unaudited|tidak\s+diaudit))",  # annual statements are audited
    re.I,
)
# A release that says it is one ("Press Release", "Media Release", Indonesian "Siaran Pers")
# in its first lines and reports a result (net profit, earnings per share).
_RELEASE_HEADING = re.compile(r"\A(?:[^\n]*\n){0,4}?\s*(?:(?:press|media|news)\s+release|siaran\s+pers)\b", re.I)
_RESULT_REPORTED = re.compile(
    r"\bnet\s+(?:income|profit|loss|earnings)\b|\bearnings\s+per\s+share\b|\blaba\s+(?:bersih|per\s+saham)\b", re.I
)
# A results deck's title: "Q4 2023 Earnings Results", "Fourth Quarter Fiscal 2023 Financial Results".
_RESULTS_TITLE = re.compile(
    r"\A(?:[^\n]*\n){0,3}?\s*(?:Q[1-4]|(?:first|second|third|fourth)\s+quarter|full[- ]year)\s+(?:(?:fiscal|FY)\s*)?"
    r"'?(?:19|20)?\d\d\s+(?:earnings|(?:financial\s+)?results)\b",
    re.I,
)
_GLOSSY_ANNUAL = re.compile(
    r"\bannual\s+report\b|\bdear\s+(?:fellow\s+)?(?:shareholders|stockholders|shareowners)\b", re.I
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
    report_date: date | None = None
    form: FormType = "other"
    sources: dict[str, FieldSource] = field(default_factory=dict)
    evidence: list[CompanyEvidence] = field(default_factory=list)  # places outside the cover naming it

    def said(self, name: str, source: MetaSource, confidence: float) -> None:
        self.sources[name] = FieldSource(source=source, confidence=round(confidence, 2))


def read_metadata(pages: list[str], running: list[tuple[str, int]] | None = None) -> ContentMetadata:
    """Read company, ticker, fiscal period and form from cleaned page texts.

    `running`: the running headers cleaning removed (`CleanedPages.running_lines`), which
    repeat the company's name; without them only signature and statement titles are
    compared with the cover."""
    cover_text = "\n".join(pages[:_COVER_PAGES])
    body = "\n".join(pages)
    meta = ContentMetadata()
    meta.form, form_confidence = detect_form_with_confidence(pages)
    meta.said("form", "cover" if meta.form in ("10-K", "10-Q", "8-K") else "prose", form_confidence)
    release = read_release(cover_text) if meta.form in ("earnings", "8-K", "other", "annual") else None
    _read_company(meta, cover_text, body, pages, release, read_cross_page(pages, running))
    _read_period(meta, cover_text, body, release)
    if meta.period and "fiscal_year" in meta.sources:
        meta.sources["period"] = meta.sources["fiscal_year"]  # read together
    return meta


# --------------------------------------------------------------------------- form


def detect_form(pages: list[str]) -> FormType:
    return detect_form_with_confidence(pages)[0]


def detect_form_with_confidence(pages: list[str]) -> tuple[FormType, float]:
    cover_text = "\n".join(pages[:_COVER_PAGES])
    found = [(m.start(), form) for pattern, form in _FORM_MARKERS if (m := pattern.search(cover_text))]
    # The SEC cover sentence ("... REPORT PURSUANT TO SECTION 13") beats a mere mention
    # of another form ("see our Annual Report on Form 10-K") that comes earlier.
    strong = [f for f in found if f[1] in ("10-Q", "10-K") and "pursuant" in _marker_text(cover_text, f)]
    if strong:
        first = min(strong)
        foreign = _FOREIGN_ANNUAL.search(cover_text[: first[0]])
        if first[1] == "10-K" and foreign and not re.search(r"\bform\s*10-K\b", cover_text[foreign.end() : first[0]], re.I):
            return "annual", 0.95  # "FORM 20-F ... ANNUAL REPORT PURSUANT TO SECTION 13"
        return first[1], 0.95
    if any(f[1] == "8-K" for f in found):
        # An 8-K is an earnings release only when it carries one: filed under Item 2.02
        # and with the release itself (exhibit 99.1) among its pages.
        carries = _RESULTS_ITEM.search(cover_text) and any(_PRESS_RELEASE.search(page[:3000]) for page in pages[1:])
        return ("earnings", 0.9) if carries else ("8-K", 0.9)
    first_page = "\n".join(pages[:2])
    if _PRESS_RELEASE.search(first_page):
        return "earnings", 0.8
    if _RELEASE_HEADING.search(pages[0] if pages else "") and _RESULT_REPORTED.search(first_page):
        return "earnings", 0.7
    if _RESULTS_TITLE.search(pages[0] if pages else ""):
        return "earnings", 0.7  # before a mere mention of "our Annual Report on Form 10-K"
    if found:
        return min(found)[1], 0.6
    if _ANNUAL_STATEMENTS.search("\n".join(pages[:3])):
        return "annual", 0.6
    if _GLOSSY_ANNUAL.search("\n".join(pages[:4])):
        return "annual", 0.6
    return "other", 0.3


def _marker_text(text: str, found: tuple[int, FormType]) -> str:
    return " ".join(text[found[0] : found[0] + 80].split()).lower()


# --------------------------------------------------------------------------- company


@dataclass
class _CompanyReading:
    names: list[str]  # legal names, the primary registrant first
    source: MetaSource
    confidence: float
    fallback: bool = False  # the cover's first suffixed line, not its caption


# How sure an agreed reading is: the filing's signature or running headers repeating the
# cover's name confirm it more than prose mentions do (a 3-page 8-K hardly mentions its
# issuer outside the cover and the signature).
_AGREED = {"cover": 0.98, "prose": 0.9, "fallback": 0.85}
_DISAGREED = 0.45  # below LOW_CONFIDENCE: ingest and inspect report the field as a guess


def _read_company(
    meta: ContentMetadata, cover_text: str, body: str, pages: list[str], release, cross: CrossPageReading
) -> None:
    _read_ticker(meta, cover_text, body, release)
    # The name beside the issuer's own symbol (the cover's 12(b) table or the release's
    # "(Nasdaq: EBAY)") names the issuer: it votes with the other signals.
    own = [s for s in cross.symbols if meta.ticker and meta.ticker in (s.ticker, *s.also)]
    cross.sightings += own
    cross.symbols = [s for s in cross.symbols if s not in own]
    reading = _first_reading(cover_text, release)
    company = company_names.short_name(reading.names[0], body) if reading else None
    if reading is not None and company is not None:
        reading.confidence = _mentions_checked(company, pages, reading.confidence)
    first = reading.names[0] if reading else None
    reading = _cross_checked(reading, cross, pages)
    if reading is None:
        return
    if reading.names[0] != first:
        company = company_names.short_name(reading.names[0], body)  # the cross-page reading replaced it
    if reading.source == "header" or reading.fallback:
        # Read from a line that may carry more than the name ("Management Analysis continued
        # Patriot Transportation Holding, Inc."): keep the whole name the document uses.
        reading.names = [company_names.whole_name(reading.names[0], body), *reading.names[1:]]
        company = company_names.short_name(reading.names[0], body)
    names = reading.names
    meta.company_legal = names[0]
    meta.company = company
    meta.said("company", reading.source, reading.confidence)
    _ticker_beside_name(meta, cross, names)
    former = cover.former_names(cover_text) + company_names.former_names_in_prose(body, names)
    aliases = [
        *names,
        *(company_names.as_written(company_names.base_name(n), body) for n in names),
        *company_names.defined_terms(names, body),
        *former,
        meta.ticker,
        *cover.share_class_tickers(cover_text)[1:],  # the cover's other share classes (GOOG beside GOOGL)
        *(t for s in cross.all_sightings() if s.kind == "trading symbol" and s.ticker == meta.ticker for t in s.also),
    ]
    meta.aliases = [a for a in dict.fromkeys(aliases) if a and a != meta.company]
    meta.evidence = [
        CompanyEvidence(name=s.name, kind=s.kind, pages=s.pages, confidence=KIND_CONFIDENCE[s.kind], ticker=s.ticker)
        for s in cross.all_sightings() if any(same_company(s.name, n) for n in names)
    ]


def _read_ticker(meta: ContentMetadata, cover_text: str, body: str, release) -> None:
    if ticker := cover.ticker(cover_text):
        meta.ticker = ticker
        meta.said("ticker", "cover", 0.95)
    elif ticker := (release.ticker if release else None) or cover.ticker_in_prose(body):
        meta.ticker = ticker
        meta.said("ticker", "prose", 0.8)


def _ticker_beside_name(meta: ContentMetadata, cross: CrossPageReading, names: list[str]) -> None:
    """No ticker on a cover or in a dateline: the symbol printed beside the issuer's own name
    ("Alphabet Inc. (NASDAQ: GOOG, GOOGL)"), never one beside another company's name (a
    biography's "VocalTec (NASDAQ: VOCL)")."""
    if meta.ticker:
        return
    agreeing = [s for s in cross.symbols if any(same_company(s.name, n) for n in names)]
    if agreeing:
        meta.ticker = max(agreeing, key=lambda s: s.pages).ticker
        meta.said("ticker", "prose", KIND_CONFIDENCE["trading symbol"])


def _first_reading(cover_text: str, release) -> _CompanyReading | None:
    """The cover's caption, else a release's dateline, else the cover's first suffixed line."""
    if names := cover.registrant_names(cover_text):
        return _CompanyReading(names, "cover", 0.95)
    if release is not None and release.issuer:
        return _CompanyReading([release.issuer], "prose", 0.85)
    # No caption and no dateline: the first short line ending in a legal suffix that is
    # styled as a name (not "India's largest company").
    for line in cover_text.split("\n")[:80]:
        if cover.CORPORATE_SUFFIX.search(line) and (name := cover.name_candidate(line)) and company_names.styled_as_name(name):
            return _CompanyReading([name], "cover", 0.5, fallback=True)
    return None


def _mentions_checked(company: str, pages: list[str], confidence: float) -> float:
    """Agreement with the prose: the name a cover gives is used again in the filing."""
    pages_naming = sum(1 for page in pages if re.search(rf"(?<!\w){re.escape(company)}(?!\w)", page, re.I))
    if pages_naming < min(3, max(1, len(pages) // 3)):
        return min(confidence, 0.4)
    if confidence < 0.6 and pages_naming >= 10:
        return 0.7  # a fallback the whole filing agrees with
    return confidence


def _cross_checked(
    reading: _CompanyReading | None, cross: CrossPageReading, pages: list[str]
) -> _CompanyReading | None:
    """The reading checked against the name the filing repeats across its pages (signature,
    running headers, statement titles). Agreement confirms it; disagreement keeps it but
    marks it a guess, except that a fallback gives way. With no reading at all, the
    cross-page reading is the company ("header"), else the legal name most pages print."""
    best = cross.best()
    agrees = cross.agrees_with(reading.names) if reading else None
    if reading is None and best is None and (named := most_named(pages)) is not None:
        return _CompanyReading([named.name], "prose", 0.6)
    if reading is None and best is None and cross.title is not None:
        # No legal name anywhere, but a running title repeats one on most pages
        # ("CARVANA 2021 ANNUAL REPORT"): a document that names itself gets that name.
        return _CompanyReading([cross.title.name], "header", KIND_CONFIDENCE["running title"])
    if best is not None and (reading is None or (reading.fallback and agrees is False)):
        return _CompanyReading([best.name], "header", cross.confidence())
    if reading is None or agrees is None:
        return reading
    kind = "fallback" if reading.fallback else reading.source
    reading.confidence = _AGREED[kind] if agrees else min(reading.confidence, _DISAGREED)
    if reading.fallback and agrees and best is not None and cross.kinds_naming(reading.names[0]):
        # A fallback line may carry more than the name (a bilingual cover prints it twice):
        # the name the pages repeat is the whole one.
        agreeing = [s for s in cross.sightings if same_company(s.name, reading.names[0])]
        reading.names = [max(agreeing, key=lambda s: s.pages).name]
    return reading


# --------------------------------------------------------------------------- period


def _fiscal_year_mentions(body: str) -> Counter[int]:
    return Counter(int(y) for y in _FISCAL_YEAR_MENTION.findall(body))


def _read_period(meta: ContentMetadata, cover_text: str, body: str, release) -> None:
    mentions = _fiscal_year_mentions(body)
    if meta.form in ("8-K", "earnings"):
        meta.report_date = cover.report_date(cover_text) or (release.dated if release else None)
    if meta.form == "10-Q":
        end, source, confidence = cover.stated_period(cover_text, "10-Q"), "cover", 0.95
        if end is None:
            # The quarter is the latest period the statements report; the earlier
            # dates are comparative columns.
            end, source, confidence = _latest_interim_end(body), "prose", 0.6
        if end:
            _quarter_ending(meta, end, body, mentions, source, confidence)
            return
    if meta.form == "earnings" and release is not None and not release.fiscal_year and (
        end := _latest_interim_end(cover_text)
    ):
        # A release whose headline names no period: its tables' latest quarter ("Three
        # Months Ended June 30, 2023" beside "Six Months Ended"), placed in the company's
        # fiscal year as a 10-Q's is; its date stays the dateline's.
        _quarter_ending(meta, end, cover_text, mentions, "prose", 0.7)
        return
    if meta.form == "earnings" and release is not None and release.fiscal_year:
        # The period the release reports on ("first-quarter 2023 results"), which for
        # an 8-K-wrapped release is not the year of the filing date.
        meta.fiscal_year, meta.period, meta.period_end = release.fiscal_year, release.period, release.period_end
        meta.said("fiscal_year", "prose", 0.85)
        return
    if meta.form in ("8-K", "earnings") and meta.report_date:
        meta.fiscal_year, meta.period_end = meta.report_date.year, meta.report_date
        meta.said("fiscal_year", "cover" if cover.report_date(cover_text) else "prose", 0.8)
        return
    if end := cover.stated_period(cover_text, "10-K"):
        meta.fiscal_year = _annual_fiscal_year(end, mentions)
        meta.period_end = end
        meta.period = f"FY{meta.fiscal_year}"
        meta.said("fiscal_year", "cover", 0.95 if meta.fiscal_year == end.year else 0.8)
        return
    # Annual reports without an SEC cover: the latest "year ended ..." their statements
    # report ("for the years ended 31 December 2022 and 2021"), else the year their title
    # gives ("Annual Report 2021-22" -> 2022).
    interim = _latest_interim_end(body) if meta.form == "other" else None
    # Interim statements may call their own period a "year" ("tahun yang berakhir pada
    # tanggal 30 September 2011" beside "periode 9 (sembilan) bulan"): a year end that is
    # also the latest interim period's end is that interim's, never "FY".
    if (end := _latest_year_ended(body)) and not (interim and interim >= end):
        meta.fiscal_year, meta.period_end, meta.period = end.year, end, f"FY{end.year}"
        meta.said("fiscal_year", "prose", 0.7)
        return
    if meta.form == "other" and (end := interim):
        # Interim statements without an SEC cover ("for the six month periods ended June 30,
        # 2012"; "periode yang berakhir tanggal 31 Maret 2009"): the year of the period.
        year_end = fiscal_year_end(body)
        meta.fiscal_year = _fiscal_quarter(end, year_end, mentions)[0] if year_end else end.year
        meta.period_end = end
        meta.said("fiscal_year", "prose", 0.6)
        return
    if year := _titled_year(cover_text):
        meta.fiscal_year, meta.period = year, f"FY{year}"
        meta.said("fiscal_year", "prose", 0.6)
        return
    # Glossy reports and other documents: the fiscal year the text talks about most.
    if mentions:
        meta.fiscal_year = mentions.most_common(1)[0][0]
        meta.period = f"FY{meta.fiscal_year}"
        meta.said("fiscal_year", "prose", 0.5)


def _quarter_ending(meta: ContentMetadata, end: date, body: str, mentions: Counter[int], source: MetaSource,
                    confidence: float) -> None:
    """Fiscal year and quarter of the quarter ending on `end`."""
    meta.period_end = end
    year_end = fiscal_year_end(body)
    if year_end is not None:
        # The quarter belongs to the fiscal year that ends next: the quarter ended
        # December 2022 of a company whose year ends June 30 is fiscal 2023, Q2.
        meta.fiscal_year, quarter = _fiscal_quarter(end, year_end, mentions)
    else:
        # A quarter belongs to the fiscal year that ends after it: retailers' July
        # quarter is in "fiscal 2024" when their year ends in early 2024.
        later = mentions[end.year + 1] > mentions[end.year]
        meta.fiscal_year, quarter = (end.year + 1 if later else end.year), _quarter_number(body)
        confidence = confidence if not later else confidence - 0.1
    meta.period = f"{meta.fiscal_year}Q{quarter}"
    meta.said("fiscal_year", source, confidence)


# "fiscal year ending June 30, 2023", "the fiscal year ended 31 March 2022", "52 weeks ended ..."
_YEAR_END_STATED = re.compile(
    rf"\b(?:fiscal\s+year|(?:52|53)\s*(?:/|-|or)?\s*(?:53|52)?[- ]weeks?)\s+(?:ended|ending|ends)\s+(?:on\s+)?{DATE}", re.I
)
_YEARS_ENDED = re.compile(
    rf"\b(?:fiscal\s+)?years?\s+ended\s*:?\s*{DATE}"
    rf"|\btahun(?:-tahun)?\s+yang\s+berakhir\s+(?:pada\s+)?(?:tanggal\s+)?{DATE}",  # Indonesian
    re.I,
)
_TITLED_YEAR = re.compile(
    r"\b(?:annual\s+(?:financial\s+)?report|fiscal(?:\s+year)?|FY)\s*((?:19|20)\d\d)(?:\s*[-–/]\s*(\d\d)\b)?"
    r"|\b((?:19|20)\d\d)(?:\s*[-–/]\s*(\d\d)\b)?\s+annual\s+(?:financial\s+)?report\b",
    re.I,
)


def fiscal_year_end(body: str) -> date | None:
    """The end of a fiscal year the filing states ("fiscal year ending June 30, 2023",
    "52 weeks ended January 28, 2023"): its month and day place every quarter in its year.
    The most often stated (month, day) wins; 52/53-week years drift by a few days."""
    ends = [d for m in _YEAR_END_STATED.finditer(body) if (d := parse_date(m.group(1)))]
    if not ends:
        return None
    month = Counter(d.month for d in ends).most_common(1)[0][0]
    return max(d for d in ends if d.month == month)


def _fiscal_quarter(end: date, year_end: date, mentions: Counter[int]) -> tuple[int, int]:
    """Fiscal year and quarter of a quarter ending on `end`, for a year ending on the month
    and day of `year_end`. A year ending in January/February is named for its end year
    unless the filing names it for the year before (as `_annual_fiscal_year`)."""
    fiscal_end = _on_or_after(end, year_end.month, year_end.day)
    start = fiscal_end.replace(year=fiscal_end.year - 1)
    quarter = max(1, min(4, round((end - start).days / 91.3)))
    year = fiscal_end.year
    if fiscal_end.month <= 2 and mentions[year - 1] > mentions[year]:
        year -= 1
    return year, quarter


def _on_or_after(day: date, month: int, dom: int) -> date:
    """The first date on or after `day` (less a week's slack for 52/53-week years) that
    falls on `month`/`dom`."""
    for year in (day.year, day.year + 1):
        try:
            candidate = date(year, month, min(dom, 28 if month == 2 else dom))
        except ValueError:
            candidate = date(year, month, 28)
        if (candidate - day).days >= -7:
            return candidate
    return date(day.year + 1, month, 28)


def _latest_year_ended(body: str) -> date | None:
    """The latest year end the statements report, stated at least twice (comparative
    columns name earlier years; a one-off mention may be anything)."""
    ends = Counter(d for m in _YEARS_ENDED.finditer(body[:600_000]) if (d := parse_date(_stated(m))))
    stated = [d for d, n in ends.items() if n >= 2]
    return max(stated, default=None)


def _titled_year(cover_text: str) -> int | None:
    """The year a report's title gives in its first pages ("Annual Report 2022",
    "Integrated Annual Report 2021-22" -> the year it ends)."""
    found = Counter()
    for m in _TITLED_YEAR.finditer(cover_text[:20000]):
        first, short = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        year = int(first)
        if short and (int(short) - year % 100) % 100 == 1:
            year += 1
        found[year] += 1
    return found.most_common(1)[0][0] if found else None


def _latest_interim_end(body: str) -> date | None:
    ends = [parse_date(_stated(m)) for m in _INTERIM_ENDED.finditer(body[:100_000])]
    return max((d for d in ends if d), default=None)


def _stated(match: re.Match[str]) -> str:
    """The date a pattern of several phrasings (one DATE group each) matched."""
    return next(g for g in match.groups() if g)


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
