"""Fields of an SEC cover page: registrant names, ticker, stated period, report date,
former name.

Only structure every EDGAR cover shares is used, not any company's wording:
- a single registrant's name is printed above the caption "(Exact name of registrant as
  specified in its charter)" (or before it on the same line), possibly wrapped over two
  lines;
- a combined filing of several registrants prints a table instead, one row per
  registrant: commission file number, name, state of incorporation, IRS employer number;
- "For the fiscal year ended ..." / "For the quarterly period ended ..." / "Date of
  Report ...: ..." state the period or date;
- the trading-symbol table lists tickers beside their exchange;
- an 8-K prints "(Former name or former address, if changed since last report.)" under
  the former name.
"""

from __future__ import annotations

import re
from datetime import date

from loaders.dates import DATE, parse_date

_REGISTRANT_LABEL = re.compile(r"exact\s+name\s+of\s+(?:the\s+)?registrants?", re.I)
CORPORATE_SUFFIX = re.compile(
    r"(?:,?\s+(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Ltd\.?|Limited|plc|PLC|"
    r"N\.V\.|S\.A\.|SE|AG|LLC|L\.P\.|LP|Tbk\.?|Berhad|Bhd\.?|GmbH)"
    r"|\s+(?:&|and)\s+(?:Consolidated\s+)?Subsidiaries|\s+dan\s+(?:entitas|anak)\s+\w+(?:\s+anak)?"
    # Continental forms in capitals only, and never after a comma ("Adelaide, SA" is an address).
    r"|(?<!,)\s+(?-i:SA|ASA|SpA|S\.p\.A\.|Oyj))\s*$",
    re.I,
)
# Cover captions and boilerplate that sit near the name but never are one.
_NOT_A_NAME = re.compile(
    r"commission|indicate|registrant|securities\s+(?:and|act)|exchange\s+act|stock\s+exchange|"
    r"stock\s+market|\bnyse\b|\bnasdaq\b|telephone|address|identification|incorporation|"
    r"organi[sz]ation|\bform\b|pursuant|washington|check\s+mark|\bfile\b|\bnumber\b|"
    r"date\s+of|earliest\s+event|emerging\s+growth|transition|\bmark\s+one\b|\breport\b|"
    r"charter|\bperiod\b|fiscal\s+year|zip\s+code|employer|jurisdiction|\bN/?A\b|not\s+applicable|"
    # "Formerly known as Kopore Metals Limited" states a former name; it is not the company's
    r"^\W*(?:formerly|previously|f/k/a)\b",
    re.I,
)
_STATES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District of Columbia|"
    "Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|"
    "Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|"
    "New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|"
    "Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|"
    "West Virginia|Wisconsin|Wyoming|Puerto Rico|Bermuda|Ireland|Cayman Islands|Netherlands|"
    "England and Wales|Jersey|Switzerland|Canada|Luxembourg"
)
# A combined cover's registrant row: "1-12609 PG&E CORPORATION California 94-3234914"; some
# extractors put the commission file number at the row's end instead.
_REGISTRANT_ROW = re.compile(
    rf"^\s*(?:\d{{1,3}}-\d{{3,6}}\s+)?(?P<name>.+?)\s+(?:\(?an?\s+)?(?:{_STATES})(?:\s+corporation\)?)?"
    r"\s+\d{2}-\d{7}(?:\s+\d{1,3}-\d{3,6})?\s*$",
    re.I,
)
_FILE_NUMBER_END = re.compile(r"\s\d{2}-\d{7}\s+\d{1,3}-\d{3,6}\s*$")
_FILE_NUMBER_START = re.compile(r"^\s*\d{1,3}-\d{3,6}\s+\S")
_EIN = re.compile(r"\b\d{2}-\d{7}\b")

_FISCAL = r"fis\s*cal"
# \s* between the words: some text layers drop the spaces ("Forthe fiscal yearendedDecember 31, 2022").
ANNUAL_PERIOD = re.compile(rf"for\s*the\s*(?:{_FISCAL}\s*)?year\s*ended\s*:?\s*{DATE}", re.I)
QUARTER_PERIOD = re.compile(rf"for\s*the\s*quarter\s*ly\s*period\s*ended\s*:?\s*{DATE}", re.I)
REPORT_DATE = re.compile(rf"date\s+of\s+report[^:\d]{{0,60}}:?\s*{DATE}", re.I)
_FORMER_LABEL = re.compile(r"\(?\s*former\s+name\s+or\s+former\s+address", re.I)

_EXCHANGE = r"(?i:The\s+)?(?i:New\s+York\s+Stock\s+Exchange|NYSE|Nasdaq|Chicago\s+Stock\s+Exchange)"
_TICKER_ON_COVER = re.compile(rf"(?:^|\s)([A-Z]{{1,5}}(?:[.-][A-Z]{{1,2}})?)\s+{_EXCHANGE}")


def registrant_names(cover: str) -> list[str]:
    """Every registrant the cover names, the primary (first) one first."""
    table = _registrant_table(cover)
    if table:
        return table
    lines = cover.split("\n")
    for i, line in enumerate(lines):
        if not (label := _REGISTRANT_LABEL.search(line)):
            continue
        if same_line := name_candidate(line[: label.start()].rstrip("( "), any_case=True):
            upper = name_candidate(lines[i - 1], any_case=True) if i >= 1 else None
            return [_joined(upper, same_line) if upper and _continues(upper, same_line) else same_line]
        if name := _name_above(lines, i):
            return [name]
    return _name_before_caption_in_flat_text(cover)


def _name_before_caption_in_flat_text(cover: str) -> list[str]:
    """A cover whose caption is split over lines (a word per line): the words just before
    "(Exact name of registrant", after the commission file number or the last caption."""
    flat = " ".join(cover.split())
    label = re.search(r"\(\s*exact\s+name\s+of\s+(?:the\s+)?registrants?", flat, re.I)
    if label is None:
        return []
    words = flat[: label.start()].split()[-8:]
    cut = max((i + 1 for i, w in enumerate(words) if re.search(r"\d", w) or w.endswith((":", ")"))), default=0)
    name = name_candidate(" ".join(words[cut:]), any_case=True)
    return [name] if name else []


def _name_above(lines: list[str], label_at: int) -> str | None:
    """The name printed above the caption; a name wrapped over two lines is joined."""
    for back in (1, 2):
        i = label_at - back
        if i < 0 or not (name := name_candidate(lines[i], any_case=True)):
            continue
        upper = name_candidate(lines[i - 1], any_case=True) if i >= 1 else None
        return _joined(upper, name) if upper and _continues(upper, name) else name
    return None


def _joined(upper: str, lower: str) -> str:
    """One name from its two printed lines ("Oracle" / "Corporation"; "Hyphen-" / "ated")."""
    joined = upper[:-1] + lower if upper.endswith("-") and lower[:1].islower() else f"{upper} {lower}"
    return re.sub(r"-\s+", "-", joined) if upper.endswith("-") else joined


def _continues(upper: str, lower: str) -> bool:
    """The lower line ends a name the upper line began ("THE GOLDMAN SACHS" / "GROUP, INC.")."""
    if upper.endswith(("-", "&", ",")) or re.search(r"\b(?:and|of|the)$", upper, re.I):
        return True
    if CORPORATE_SUFFIX.search(upper):
        return False  # the upper line is a whole name already
    if lower[:1].islower() or lower.startswith(("&", "and ", "AND ")):
        return True
    # What is left of the lower line without its legal suffix is at most one word (or
    # nothing: the suffix alone wrapped, "Oracle" / "Corporation").
    lower = f" {lower}"
    rest = CORPORATE_SUFFIX.sub("", lower).strip(" ,")
    return len(rest.split()) <= 1 and bool(CORPORATE_SUFFIX.search(lower))


def _registrant_table(cover: str) -> list[str]:
    lines = cover.split("\n")
    names: list[str] = []
    for i, line in enumerate(lines[:200]):
        if not (_FILE_NUMBER_START.match(line) or _FILE_NUMBER_END.search(line)):
            continue
        row = line
        # A long name wraps: "001-02348 PACIFIC GAS AND ELECTRIC" / "COMPANY" / "California 94-0742640".
        for extra in lines[i + 1 : i + 3]:
            if _EIN.search(row):
                break
            row = f"{row} {extra}"
        m = _REGISTRANT_ROW.match(row)
        if m and (name := name_candidate(m.group("name"))) and name not in names:
            names.append(name)
    return names


def name_candidate(text: str, any_case: bool = False) -> str | None:
    """`text` if it can be a company name, tidied; None for captions and boilerplate.

    `any_case`: the text stands where only a name stands (above the registrant caption),
    so a name styled in lower case ("salesforce.com, inc.") is accepted."""
    # Covers draw rules with underscores; the name is the last piece after them.
    text = re.split(r"_{3,}|-{4,}", text)[-1].strip(" ,;:")
    if text.startswith("(") or re.search(r"\b(?:NYSE|NASDAQ|Nasdaq)\s*:", text):
        return None  # "(NASDAQ: NWRB)", "(State of incorporation)"
    if not (2 <= len(text) <= 80) or not re.search(r"[A-Za-z]{2}", text):
        return None
    if _NOT_A_NAME.search(text) or re.match(r"^[\d(]", text) or re.fullmatch(_STATES, text, re.I):
        return None
    # Lower case only where a name is styled so ("eBay", "iRobot"), never a sentence.
    if text[0].islower() and not re.match(r"[a-z]{1,3}[A-Z]", text) and not (any_case and CORPORATE_SUFFIX.search(text)):
        return None
    if re.search(DATE, text):
        return None
    return re.sub(r"\s+\.", ".", text)  # "NIKE, Inc ." -> "NIKE, Inc."


def former_names(cover: str) -> list[str]:
    """A former name an 8-K cover prints above its caption (usually 'Not Applicable')."""
    lines = cover.split("\n")
    found = []
    for i, line in enumerate(lines):
        if _FORMER_LABEL.search(line) and i >= 1:
            before = line[: _FORMER_LABEL.search(line).start()].strip()
            name = name_candidate(before) if before else name_candidate(lines[i - 1])
            if name and CORPORATE_SUFFIX.search(name):
                found.append(name)
    return found


def ticker(cover: str) -> str | None:
    label = re.search(r"trading\s+symbol", cover, re.I)
    if label:
        window = cover[label.end() : label.end() + 2000]
        for line in window.split("\n")[:20]:
            if match := _TICKER_ON_COVER.search(line):
                return match.group(1)
        # A cover printed a word per line: the symbol is the word before the exchange.
        if match := _TICKER_ON_COVER.search(" ".join(window.split()[:80])):
            return match.group(1)
    return None


# A share class's row of the 12(b) table ("Class C Capital Stock, $0.001 par value GOOG Nasdaq
# ..."), not a note's ("1.250% Notes due 2026 KO26 ...").
_SHARE_ROW = re.compile(r"\b(?:common|capital|ordinary|class\s+[A-C])\b[^\n]{0,40}?\b(?:stock|shares?)\b", re.I)


def share_class_tickers(cover: str) -> list[str]:
    """Every share class's symbol in the cover's 12(b) table, the first as `ticker` gives it
    ("GOOGL", then Class C's "GOOG"): one issuer under each of them."""
    label = re.search(r"trading\s+symbol", cover, re.I)
    if label is None:
        return []
    found: list[str] = []
    for line in cover[label.end() : label.end() + 2000].split("\n")[1:20]:
        if re.search(r"12\s*\(g\)", line):
            break
        if _SHARE_ROW.search(line) and (match := _TICKER_ON_COVER.search(line)) and match.group(1) not in found:
            found.append(match.group(1))
    first = ticker(cover)
    return [first, *(t for t in found if t != first)] if first else found


_SYMBOL_IN_PROSE = re.compile(
    r"(?:under\s+the\s+(?:ticker\s+|trading\s+)?symbols?|\((?:stock\s+|ticker\s+|trading\s+)?symbol)"
    r"\s+[“\"'‘]?([A-Z]{1,5})\b"
)
# The trading symbol's line in prose: "eBay Inc. (Nasdaq: EBAY)", "Alphabet Inc. (NASDAQ: GOOG,
# GOOGL)", "Patriot Transportation Holding, Inc. (NASDAQ-PATI)", "(AIM: ENET.L OTCQB: ENETF)",
# "(TSX: BK)": the first symbol is group 1; the name printed before the parenthesis.
_EXCHANGES = r"NYSE(?:\s+(?:American|Arca|MKT))?|NASDAQ(?:\s*GS)?|Nasdaq(?:\s*GS)?|TSX(?:-?V)?|ASX|LSE|AIM|OTCQ[BX]|AMEX"
SYMBOL_IN_PARENS = re.compile(
    rf"\(\s*(?:{_EXCHANGES})\s*[:\-–]\s*([A-Z]{{1,5}}(?:\.[A-Z]{{1,2}})?)"
    r"(?:\s*,\s*[A-Z]{1,5}(?:\.[A-Z]{1,2})?)*[^()]{0,30}\)"
)


def ticker_in_prose(body: str) -> str | None:
    """Item 5's "... is traded on the Nasdaq ... under the symbol “EBAY”", "(stock symbol “PATI”)"
    (older covers list no ticker)."""
    found = [m.group(1) for m in _SYMBOL_IN_PROSE.finditer(body[:400_000])]
    return max(set(found), key=found.count) if found else None


def stated_period(cover: str, form: str) -> date | None:
    """The period end the cover states for its form ("For the quarterly period ended ...")."""
    pattern = QUARTER_PERIOD if form == "10-Q" else ANNUAL_PERIOD
    if m := pattern.search(cover):
        return parse_date(m.group(1))
    return None


def report_date(cover: str) -> date | None:
    if m := REPORT_DATE.search(cover):
        return parse_date(m.group(1))
    return None
