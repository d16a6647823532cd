"""Layout signals every financial statement carries, whatever country it was filed in.

A statement states its unit once, above the rows: "(in millions)" in a US 10-K, "£'000",
"€m", "US$'000" or "A$ million" over the columns of a UK, EU or Australian annual report.
That line gives both the scale and the currency; the currency has to travel with the
figures, or a pound amount is later shown as dollars.

IFRS-style statements also print a "Note" / "Notes" column between the label and the
amounts ("Revenue 3 23,183 23,410"): its small integer is a reference to a note, not an
amount. A row then carries one value more than the header has columns, and the extra
value comes first.

Used by the ingest-time fact reader (loaders.facts) and the answer-time row reader
(answering.aspects / answering.numbers), so both read a statement the same way.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from loaders.statement_words import HEADER_WORDS, MONTHS, NOTE_HEADINGS, WHOLE_UNITS

# Currency marks as printed in a unit line, most specific first ("US$" before "$").
_CURRENCIES: tuple[tuple[str, str], ...] = (
    (r"US\$|U\.S\.\s*\$|\bUSD\b|U\.S\.\s+dollars|US\s+dollars|United\s+States\s+dollars", "USD"),
    (r"A\$|AU\$|\bAUD\b|Australian\s+dollars", "AUD"),
    (r"HK\$|\bHKD\b|Hong\s+Kong\s+dollars", "HKD"),
    (r"C\$|CA\$|\bCAD\b|Canadian\s+dollars", "CAD"),
    (r"S\$|\bSGD\b", "SGD"),
    (r"NZ\$|\bNZD\b", "NZD"),
    (r"£|\bGBP\b|\bpounds?\s+sterling\b", "GBP"),
    (r"€|\bEUR\b|\beuros?\b", "EUR"),
    (r"₹|\bINR\b|\bRs\.?(?=\s|\d|$)|\brupees\b", "INR"),
    (r"¥|\bJPY\b|\byen\b", "JPY"),
    (r"\bRMB\b|\bCNY\b|\brenminbi\b", "CNY"),
    (r"\bNIS\b|\bILS\b|₪", "ILS"),
    (r"\bRp\.?(?=\s|\d|$)|\bIDR\b|\brupiah\b", "IDR"),
    (r"\bCHF", "CHF"),
    (r"\bSEK|\bkronor\b", "SEK"),
    (r"\bNOK\b", "NOK"),
    (r"\bDKK\b", "DKK"),
    (r"\bZAR\b|\bR'000", "ZAR"),
    (r"\bRM(?=\W|\d|$)|\bMYR\b|\bringgit\b", "MYR"),
)
_CURRENCY_RX = [(re.compile(p, re.I if not p.startswith("£") else 0), code) for p, code in _CURRENCIES]
_MARK = (r"(?:US\$|A\$|AU\$|HK\$|C\$|CA\$|S\$|NZ\$|\$|£|€|₹|¥|RMB|NIS|Rp|Rs\.?|RM|USD|GBP|EUR|AUD|HKD|INR|JPY|CAD|IDR"
         r"|ILS|CHF|SEK|NOK|DKK|ZAR|MYR)")
_QUOTE = r"['’‘`´]"
# An Indonesian statement's scale note: "(Dalam jutaan Rupiah)", "(disajikan dalam miliar Rupiah)",
# "Rp juta"; the same scales as the English words (finrag.numerals.SCALE_WORDS).
_ID_SCALE = r"\bdalam\s+(?:[a-z]+\s+)?(?:{words})\b|\b(?:{words})\s+rupiah\b|\b(?:Rp|IDR)\.?\s?(?:{words})\b"
# Scale as the table states it, with its multiplier to units.
_SCALE_RX: tuple[tuple[re.Pattern[str], str, float], ...] = (
    (re.compile(r"\bin\s+billions\b|\(\s*billions\b|" + _MARK + r"\s?(?:bn|billions?)\b|"
                + _ID_SCALE.format(words="miliar|milyar|miliaran|milyaran"), re.I), "billions", 1e9),
    (re.compile(r"\bin\s+millions\b|\(\s*millions\b|" + _MARK + r"\s?(?:m|mn|millions?)\b|" + _MARK + r"\s?" + _QUOTE
                + r"\s?(?:m|mn)\b|\bin\s+(?:[a-z.$]+\s+)?millions\b|" + _ID_SCALE.format(words="juta|jutaan"), re.I),
     "millions", 1e6),
    (re.compile(r"\bcrores?\b", re.I), "crores", 1e7),
    (re.compile(r"\blakhs?\b", re.I), "lakhs", 1e5),
    (re.compile(r"\bin\s+thousands\b|\(\s*thousands\b|" + _MARK + r"\s?" + _QUOTE + r"\s?000\b|" + _MARK
                + r"\s?000s?\b|\bin\s+(?:[a-z.$]+\s+)?thousands\b|\bthousands\s+of\b|"
                + _ID_SCALE.format(words="ribu|ribuan"), re.I), "thousands", 1e3),
)
# A column header cell "Note" / "Notes" / "Note(s)" (alone on its line, or among the years), or
# the heading in another language ("Catatan"; "Catatan/" over "Notes" in a bilingual statement).
_NOTE_HEADER = re.compile(r"^(?:notes?(?:\(s\))?|" + "|".join(map(re.escape, sorted(NOTE_HEADINGS))) + r")/?$", re.I)
# What else a header line holding the note heading may say: "Notes 2022 2021",
# "Note Year ended 31 March 2022 £'000", "Note 2022 $'000 2021 $'000 (restated)".
_HEADER_WORD = re.compile(
    r"^(?:(?:19|20)\d\d|\d{1,2},?|year|years|ended|ending|as|at|of|the|for|and|restated|\(restated\)|group|company"
    r"|consolidated|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*"
    r"|\S{0,4}['’]?000s?|\S{0,4}['’]?(?:m|mn|bn)|[$£€₹¥])$",
    re.I,
)


# "(Expressed in United States Dollars)", "(Expressed in Singapore dollars, except ...)": the statement's currency
# named with no scale word (any scale word is read first, by _SCALE_RX): its amounts are whole units
_EXPRESSED_IN_CURRENCY = re.compile(r"\bexpressed\s+in\s+(?:[A-Za-z.]+\s+){0,2}(?:dollars?|euros?|pounds?|rupiah|yen"
                                    r"|renminbi|ringgit|rupees?)\b", re.I)


# any mark of a scale, in words or abbreviated ("(in 000s)", "(000s omitted)", "in MM", "A$k")
_ANY_SCALE_WORD = re.compile(r"\b(?:thousands?|millions?|billions?|ribu\w*|juta\w*|miliar\w*|milyar\w*|omitted)\b"
                             r"|['’]?\b000s?\b|\b(?:MM|mn|bn|m|k)\b(?![.'’])", re.I)


class StatementUnit(BaseModel):
    """The unit a statement table states: its scale and (when printed) its currency."""

    scale: str  # "thousands", "millions", "billions", "lakhs", "crores"
    factor: float  # multiplier from a printed amount to units of the currency
    currency: str | None = None  # ISO 4217 code; None when only a bare "$" or nothing says which


def statement_unit(header: str) -> StatementUnit | None:
    """The scale and currency a statement's header text states, None if it states no scale.
    A statement that says its amounts are whole units ("(Dalam Rupiah Penuh)", "(In Full of
    Rupiah)") states the scale "units"."""
    for rx, name, factor in (*_SCALE_RX, (WHOLE_UNITS, "units", 1.0), (_EXPRESSED_IN_CURRENCY, "units", 1.0)):
        if rx is _EXPRESSED_IN_CURRENCY and _ANY_SCALE_WORD.search(header):
            continue  # a scale the patterns above miss ("In thousand US Dollars") is no licence to read units
        if match := rx.search(header):
            # the currency is the one named on the unit's own line ("£'000", "(in thousands of
            # Canadian dollars)"), not one mentioned elsewhere on the page
            start = header.rfind("\n", 0, match.start()) + 1
            end = header.find("\n", match.end())
            line = header[start : end if end >= 0 else len(header)]
            return StatementUnit(scale=name, factor=factor, currency=currency_of(line))
    return None


# A header cell naming the currency but no scale: the amounts are whole units
# ("Notes 2022 $ 2021 $" in an Australian report, "US dollars" over an AIM company's columns).
# ("($) ($)" over a Canadian fund's columns: the cell may be bracketed)
_UNITS_CELL = re.compile(
    r"^\(?(?:US\$|A\$|AU\$|HK\$|C\$|S\$|NZ\$|\$|£|€|₹|¥|RMB|NIS|Rp|USD|GBP|EUR|AUD|HKD|INR|JPY|CAD|IDR|ILS"
    r"|(?:US|U\.S\.|Australian|Hong Kong|Canadian|Singapore)\s+dollars?|pounds? sterling|euros?)\)?$",
    re.I,
)


def units_unit(header_lines: list[str]) -> StatementUnit | None:
    """Whole currency units, when a header line holds only currency cells ("$", "$ $",
    "US dollars") and no line states a scale. Only for a statement's header lines: a "$"
    beside an amount in a row says nothing about the scale."""
    for line in header_lines:
        cells = [c for c in re.split(r"\s{2,}|\t", line.strip()) if c]
        tokens = line.split()
        if (cells and all(_UNITS_CELL.match(c) for c in cells)) or (
            tokens and all(_UNITS_CELL.match(t) for t in tokens)
        ):
            return StatementUnit(scale="units", factor=1.0, currency=currency_of(line))
    return None


def currency_of(text: str) -> str | None:
    """ISO code of the first currency a unit text names; a bare "$" names none (it is the
    US dollar in a 10-K, the Australian dollar in an Australian report)."""
    hits = [(m.start(), code) for rx, code in _CURRENCY_RX if (m := rx.search(text))]
    return min(hits)[1] if hits else None


def _header_word(token: str) -> bool:
    word = token.lower().strip(",./")
    # a footnote mark on a restated column ("2008 *)") is no word of a row
    return bool(_HEADER_WORD.match(token)) or word in HEADER_WORDS or word in MONTHS or bool(re.fullmatch(r"\*+\)?", token))


def has_note_column(header_lines: list[str]) -> bool:
    """Whether a statement's header has a "Note(s)" column heading: a line that is the
    heading alone or the heading among years, dates and unit cells (never prose such as
    "Notes to the financial statements" or "see note 3")."""
    for line in header_lines:
        tokens = line.split()
        if any(_NOTE_HEADER.match(t) for t in tokens) and all(
            _NOTE_HEADER.match(t) or _header_word(t) for t in tokens
        ):
            return True
    return False


def is_note_reference(token: str) -> bool:
    """"3", "14", "3.2", "3,4": how a note reference is printed (never with parentheses,
    thousands separators or a currency mark)."""
    return bool(re.fullmatch(r"\d{1,2}(?:\.\d{1,2})?(?:\s*,\s*\d{1,2}(?:\.\d{1,2})?)*[a-z]?", token))


def without_note(values: list, tokens: list[str], columns: int, note_column: bool) -> list | None:
    """The row's amounts for `columns` header columns, dropping a leading note reference.

    `tokens`: the printed amount tokens, parallel to `values`. The reference is dropped only
    when the row has exactly one value too many and the header has a note column, or the
    reference is a footnote marker "(2)".
    """
    if len(values) == columns:
        return values
    if note_column and len(values) == columns + 1 and tokens and is_note_reference(tokens[0]):
        return values[1:]
    if len(values) == columns + 1 and tokens and FOOTNOTE_MARK.fullmatch(tokens[0]) \
            and not any(FOOTNOTE_MARK.fullmatch(t) for t in tokens[1:]):
        # a footnote marker after the label ("Dividends declared per common share (2) 1.82 1.82"):
        # one digit in parentheses, one cell too many, and no amount of the row printed alike
        return values[1:]
    return None


FOOTNOTE_MARK = re.compile(r"\(\d\)")
