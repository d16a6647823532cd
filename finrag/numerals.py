"""How a document writes its numbers, read from its own text, and numbers read by it.

Two conventions share the same characters: a US filing writes 1,234,567.8 and an Indonesian,
many European and Latin American ones write 1.234.567,8 ("Rp405,9 miliar" is 405.9 billion
rupiah). Read the US way, "405,9" becomes 4,059 and "987.654" 987.654: a wrong figure stated
with confidence. So a document's convention is decided by the numbers only one convention
writes:
- US: comma groups of three, two or more ("1,234,567"), or with decimals ("1,234.5"); a decimal
  point with one or two digits ("12.5", "0.75");
- continental: dot groups of three, two or more ("1.234.567"), or with decimals ("1.234,5"); a
  decimal comma with one or two digits ("405,9", "91,9%").
One group ("1,234", "1.234") is no evidence: it is the number the convention decides (and US
filings print coupon rates and rule numbers as "4.073", "230.425").
A document is of a convention when its numbers of that convention are three at least and outnumber
the other's ten to one; a document in English with no continental number is US (English is written
so wherever the filer is from: an 8-K prints too few numbers to decide by them); else it is
ambiguous. A page decides apart from its document only with grouped numbers among its own (a
bilingual report's English statements, "1,332,785,498", in an Indonesian one). In an ambiguous
document a number only one convention writes is still read ("1.234.567", "405,9", "1,234.5"); a
number whose reading depends on the convention ("1,234": 1234 or 1.234) is not read.

Scale words are read in the document's language as in English: "ribu/juta/miliar/triliun"
(Indonesian), "millones/mil millones" (Spanish), "milhões/bilhões" (Portuguese), "Mio./Mrd." (German),
"miljoen/miljard" (Dutch), "milliards" (French), "milioni/miliardi" (Italian).
"""

from __future__ import annotations

import re

from finrag.models import NumberConvention, NumberConventionName

# A number with separators, as printed: "1.234.567", "405,9", "1,234.5". Not part of a
# longer token ("A1.2", "v2.0.1" are not amounts; "1.2.2013" is a date and matches whole).
_NUMBER = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)+(?![\w]|[.,]\d)")
_US_GROUPS = re.compile(r"\d{1,3}(?:,\d{3}){2,}(?:\.\d+)?|\d{1,3}(?:,\d{3})+\.\d+")
_CONTINENTAL_GROUPS = re.compile(r"\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?|\d{1,3}(?:\.\d{3})+,\d+")
_US_DECIMAL = re.compile(r"\d+\.\d{1,2}")
_CONTINENTAL_DECIMAL = re.compile(r"\d+,\d{1,2}")
# one group of three, one separator: the number a convention decides ("1,234", "1.234")
_ONE_GROUP = re.compile(r"[1-9]\d{0,2}[.,]\d{3}")

# Scale words, in millions, by language. English first: the engine's own.
SCALE_WORDS: dict[str, float] = {
    "thousand": 0.001, "million": 1.0, "billion": 1000.0, "trillion": 1_000_000.0,
    # Indonesian / Malay
    "ribu": 0.001, "juta": 1.0, "miliar": 1000.0, "milyar": 1000.0, "triliun": 1_000_000.0,
    # Spanish / Portuguese
    "mil millones": 1000.0, "millones": 1.0, "millón": 1.0, "milhões": 1.0, "milhão": 1.0, "bilhões": 1000.0,
    # German / Dutch / French / Italian
    "tsd.": 0.001, "mio.": 1.0, "mrd.": 1000.0, "miljoen": 1.0, "miljard": 1000.0, "millions": 1.0,
    "milliard": 1000.0, "milliards": 1000.0, "milioni": 1.0, "miliardi": 1000.0,
}
# the English words, and their plurals, that the engine read before other languages
ENGLISH_SCALE = ("thousand", "million", "billion", "trillion")
_LANGUAGE_SCALE = re.compile(
    r"(?<!\w)(ribu|juta|miliar|milyar|triliun|mil millones|millones|millón|milhões|milhão|bilhões|tsd\.|mio\.|mrd\.|"
    r"miljoen|miljard|milliards?|milioni|miliardi)(?!\w)", re.I)
# Counts a filing or a question spells out: "two reportable segments", "the last three years".
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


def count_of(word: str) -> int | None:
    """The number a count is written as, in digits or in words ("3", "Three"), or None."""
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower())


_ENOUGH = 3  # numbers of a convention before it is decided
_RATIO = 10  # ... and at least this many times the other's


def _kind(token: str) -> NumberConventionName | None:
    """The convention a printed number belongs to, None when both or neither write it."""
    if _US_GROUPS.fullmatch(token) or _US_DECIMAL.fullmatch(token):
        return "us"
    if _CONTINENTAL_GROUPS.fullmatch(token) or _CONTINENTAL_DECIMAL.fullmatch(token):
        return "continental"
    return None


def _count(text: str) -> tuple[list[str], list[str]]:
    us: list[str] = []
    continental: list[str] = []
    for m in _NUMBER.finditer(text):
        kind = _kind(m.group())
        if kind == "us":
            us.append(m.group())
        elif kind == "continental":
            continental.append(m.group())
    return us, continental


def _verdict(us: int, continental: int) -> NumberConventionName:
    if us >= _ENOUGH and us >= _RATIO * continental:
        return "us"
    if continental >= _ENOUGH and continental >= _RATIO * us:
        return "continental"
    return "ambiguous"


def _page_verdict(us: list[str], continental: list[str]) -> NumberConventionName:
    """A page decides on its own only with grouped numbers among its evidence ("1,332,785,498"):
    a page whose text layer splits numbers ("3,1" of "$3,139") has decimal look-alikes only."""
    own = _verdict(len(us), len(continental))
    grouped = _US_GROUPS if own == "us" else _CONTINENTAL_GROUPS
    return own if any(grouped.fullmatch(n) for n in (us if own == "us" else continental)) else "ambiguous"


# English prose: its function words. English is written the US way ("1,234.5") in filings in
# English wherever they are from, so a document in English with no continental number is read so
# though it prints too few numbers to decide by them (an 8-K's cover page and one item).
_ENGLISH = re.compile(r"\b(?:the|and|of|which|with)\b")
_ENGLISH_WORDS = 20


def detect_convention(pages: list[str]) -> NumberConvention:
    """The convention a document's pages write their numbers in, with the evidence; pages
    whose own numbers decide the other way are kept apart."""
    per_page = [_count(text) for text in pages]
    us = [n for u, _ in per_page for n in u]
    continental = [n for _, c in per_page for n in c]
    convention = _verdict(len(us), len(continental))
    english = sum(len(_ENGLISH.findall(text)) for text in pages)
    if convention == "ambiguous" and not continental and english >= _ENGLISH_WORDS:
        convention = "us"
        reason = (f"no number written the continental way, {len(us)} the US way ({_examples(us)}); "
                  f"in English ({english} of its words 'the', 'and', 'of' ...), written the US way")
        return NumberConvention(convention=convention, reason=reason, us_numbers=len(us), examples=us[:5])
    words = sorted({m.group(1).lower() for text in pages for m in _LANGUAGE_SCALE.finditer(text)})
    if convention == "ambiguous" and not us and not continental:
        reason = "no number in it says how it writes numbers"
    elif convention == "ambiguous" and len(us) + len(continental) < _ENOUGH:
        reason = f"too few numbers to tell how it writes numbers ({', '.join(us + continental)})"
    else:
        reason = (f"{len(continental)} number(s) written the continental way ({_examples(continental)}), "
                  f"{len(us)} the US way ({_examples(us)})")
        if convention == "ambiguous":
            reason = f"both conventions: {reason}"
    pages_apart: dict[int, NumberConventionName] = {}
    for number, (u, c) in enumerate(per_page):
        own = _page_verdict(u, c)
        if own != "ambiguous" and own != convention:
            pages_apart[number] = own
    deciding = continental if convention == "continental" else us if convention == "us" else us[:2] + continental[:2]
    return NumberConvention(convention=convention, reason=reason, us_numbers=len(us),
                            continental_numbers=len(continental), examples=deciding[:5], scale_words=words,
                            pages=pages_apart)


def _examples(numbers: list[str]) -> str:
    return ", ".join(f"'{n}'" for n in numbers[:3]) or "none"


class AmbiguousNumber(ValueError):
    """A number whose value depends on a convention the document does not settle."""


def depends_on_convention(digits: str) -> bool:
    """"1,234" / "1.234": 1234 in one convention, 1.234 in the other."""
    return bool(_ONE_GROUP.fullmatch(digits))


def read_number(digits: str, convention: NumberConventionName) -> float:
    """Digits and separators ("1.234.567", "405,9", "1,234.5") -> their value by the
    convention. Raises ValueError for a number the convention does not write ("12.5" in a
    continental document) and AmbiguousNumber for one only a convention settles."""
    if not re.search(r"[.,]", digits):
        if not digits.isdigit():
            raise ValueError(f"not a number: {digits!r}")
        return float(digits)
    kind = _kind(digits)
    one_group = depends_on_convention(digits)
    if convention == "ambiguous" and one_group:
        raise AmbiguousNumber(f"'{digits}' reads as {digits.replace(',', '').replace('.', '')} or as "
                              f"{digits.replace(',', '.')}: the document writes numbers both ways")
    if convention == "continental" or (convention == "ambiguous" and (kind == "continental" or re.fullmatch(r"\d+,\d+", digits))):
        if one_group and "," in digits:  # a decimal comma with three decimals
            return float(digits.replace(",", "."))
        if kind == "continental" or one_group or re.fullmatch(r"\d+,\d+", digits):
            return float(digits.replace(".", "").replace(",", "."))
        raise ValueError(f"not a number the continental way: {digits!r}")
    if kind == "continental" or (convention == "ambiguous" and kind is None and not re.fullmatch(r"\d+\.\d+", digits)):
        raise ValueError(f"not a number the US way: {digits!r}")
    return float(digits.replace(",", ""))


def scale_of(word: str) -> float | None:
    """A scale word in any language it is read in -> millions ("miliar" -> 1000.0)."""
    w = word.lower()
    if w in SCALE_WORDS:
        return SCALE_WORDS[w]
    if w.endswith("s") and w[:-1] in ENGLISH_SCALE:
        return SCALE_WORDS[w[:-1]]
    return None
