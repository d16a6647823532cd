"""The currency a report states its figures in, and answers shown in it.

Every annual report says its currency, in one of two ways:
- a statement header or note: "(in thousands of Canadian dollars)", "£'000", "CHF000",
  "€m", "The presentation currency is the Australian dollar";
- the symbol or code it prints beside its amounts, page after page ("£", "CHF", "€").

`report_currency(texts)` reads the first kind where the texts have it (the cited page, then
the whole filing), else the symbol or code the texts repeat most. A bare "$" is U.S. dollars
only when nothing names other dollars: a Canadian report prints "$" under a header that says
"Canadian dollars". The company's country is never used: a UK trust may report in U.S.
dollars.

`in_report_currency(answer, texts)` rewrites an answer's "$" amounts in the report's
currency and sets `Answer.unit` ("GBP millions", "CHF/share"), so nobody reads a Swiss
franc figure as dollars and a scorer can scale the value to the absolute amount (figures
are read in millions, answering.numbers).
"""

from __future__ import annotations

import re
from collections import Counter

from pydantic import BaseModel

from finrag.models import Answer

# ISO code -> how an answer shows it before an amount.
_SHOWN = {
    "USD": "$", "GBP": "£", "EUR": "€", "JPY": "¥", "INR": "₹", "ILS": "₪", "CHF": "CHF ",
    "CAD": "C$", "AUD": "A$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$", "SEK": "SEK ", "NOK": "NOK ",
    "DKK": "DKK ", "CNY": "CN¥", "ZAR": "R", "BRL": "R$", "IDR": "Rp",
}
# Words a header or note names a currency with.
_NAMED = (
    (r"(?:u\.?s\.?|united states|american)\s+dollars?", "USD"),
    (r"canadian\s+dollars?", "CAD"),
    (r"australian\s+dollars?", "AUD"),
    (r"new\s+zealand\s+dollars?", "NZD"),
    (r"hong\s+kong\s+dollars?", "HKD"),
    (r"singapore\s+dollars?", "SGD"),
    (r"(?:pounds?\s+)?sterling|british\s+pounds?|pounds", "GBP"),
    (r"euros?", "EUR"),
    (r"swiss\s+francs?", "CHF"),
    (r"(?:japanese\s+)?yen", "JPY"),
    (r"(?:indian\s+)?rupees?", "INR"),
    (r"(?:new\s+israeli\s+)?shekels?", "ILS"),
    (r"(?:indonesian\s+)?rupiah", "IDR"),
)
_NAMED_RE = "|".join(f"(?P<c{i}>{pattern})" for i, (pattern, _) in enumerate(_NAMED))
# "in thousands of Canadian dollars", "expressed in euros", "presentation currency is the Australian dollar".
# Not "denominated in": that names the currency of some balances (foreign-exchange risk), not the report's.
_HEADER_NAMED = re.compile(
    rf"\b(?:(?:in\s+)?(?:thousands|millions|billions)\s+of|expressed\s+in|presented\s+in|reported\s+in|stated\s+in|"
    rf"(?:presentation|reporting)\s+currency\s+(?:is|of)(?:\s+the)?)\s+(?:the\s+)?(?:{_NAMED_RE})\b",
    re.I,
)
# Symbols and codes; the longer "US$" / "A$" before the bare "$".
_SYMBOLS = (
    ("US$", "USD"), ("A$", "AUD"), ("AU$", "AUD"), ("C$", "CAD"), ("CA$", "CAD"), ("NZ$", "NZD"),
    ("HK$", "HKD"), ("S$", "SGD"), ("R$", "BRL"), ("£", "GBP"), ("€", "EUR"), ("¥", "JPY"), ("₹", "INR"),
    ("₪", "ILS"), ("$", "USD"),
)
_CODES = ("USD", "GBP", "EUR", "CHF", "JPY", "AUD", "CAD", "INR", "ILS", "NIS", "NZD", "HKD", "SGD", "SEK", "NOK",
          "DKK", "CNY", "ZAR", "BRL", "IDR")
# The rupiah's mark before an amount: "Rp405,9 miliar", "Rp 1.234" (a word's "Rp" is no mark)
_RUPIAH = r"\bRp\.?(?=\s?\d)"
_SYMBOL_RE = re.compile(
    "|".join(re.escape(s) for s, _ in _SYMBOLS) + r"|\b(?:" + "|".join(_CODES) + r")\b|" + _RUPIAH
)
# A column header that gives the currency and the scale: "£'000", "CHF000", "US$'000", "€m".
_HEADER_SYMBOL = re.compile(
    r"(?P<cur>US\$|A\$|C\$|NZ\$|HK\$|S\$|£|€|¥|\$|\b(?:" + "|".join(_CODES) + r"))\s?['’]?(?:000s?|m|mn|bn)\b"
)
# A column-header line of currency symbols only, one per column: "Notes £ £", "US$ US$", "Notes Rp Rp".
_SYMBOL_COLUMNS = re.compile(
    r"^[ \t]*(?:notes?[ \t]+)?(?P<cur>US\$|A\$|C\$|NZ\$|HK\$|S\$|£|€|¥|\$|\bRp\b|\b(?:" + "|".join(_CODES) + r")\b)"
    r"(?:[ \t]+(?P=cur))+[ \t]*$",
    re.I | re.M,
)
# An amount an answer shows in dollars: "$1,203.4M", "-$5.2B", "$1.23 per share".
_DOLLAR_AMOUNT = re.compile(r"(?<![A-Za-z$])\$(?=\s?[(-]?\d)")
_MONEY_SHOWN = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s?([MB])\b")
_PER_SHARE = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?\s+per\s+share", re.I)
_PER_SHARE_AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s+per\s+share", re.I)
# A row whose amounts are in pence or cents: "Basic earnings per share (pence)", "in cents".
_MINOR = re.compile(r"\bpence\b|\bcents?\b", re.I)


class ReportCurrency(BaseModel):
    code: str  # ISO 4217, e.g. "GBP"
    source: str  # what it was read from: "header" (a header or note names it) or "symbols"

    @property
    def shown(self) -> str:
        return _SHOWN.get(self.code, f"{self.code} ")


def _code(symbol: str) -> str:
    if symbol == "NIS":
        return "ILS"
    if symbol.startswith(("Rp", "RP")):
        return "IDR"
    return next((code for s, code in _SYMBOLS if s == symbol), symbol)


def _named_code(match: re.Match[str]) -> str:
    index = next(i for i in range(len(_NAMED)) if match.group(f"c{i}"))
    return _NAMED[index][1]


def header_currency(text: str) -> str | None:
    """The currency a header or note of `text` states, the one stated most; None if none."""
    found = Counter(_named_code(m) for m in _HEADER_NAMED.finditer(text))
    found.update(_code(m.group("cur")) for m in _HEADER_SYMBOL.finditer(text))
    found.update(_code(m.group("cur").upper() if m.group("cur").isalpha() else m.group("cur"))
                 for m in _SYMBOL_COLUMNS.finditer(text))
    return found.most_common(1)[0][0] if found else None


def symbol_currency(text: str) -> str | None:
    """The currency symbol or code `text` repeats most; None when it shows none."""
    found = Counter(_code(m.group()) for m in _SYMBOL_RE.finditer(text))
    return found.most_common(1)[0][0] if found else None


def report_currency(*texts: str) -> ReportCurrency | None:
    """The report's currency: a header's statement in the first text that has one (pass the
    cited page before the whole filing), else the symbol the texts repeat most."""
    for text in texts:
        if code := header_currency(text):
            return ReportCurrency(code=code, source="header")
    code = symbol_currency("\n".join(texts))
    return ReportCurrency(code=code, source="symbols") if code else None


def in_report_currency(answer: Answer, currency: ReportCurrency | None) -> Answer:
    """The answer with its "$" amounts shown in the report's currency and its unit set.

    Amounts are in millions when shown with "M"/"B" (answering.figures), per share when shown
    "per share". Answers with no "$" amount (ratios, text, refusals without figures) keep
    their text; a currency that cannot be read leaves the answer as it was.
    """
    if currency is None or "$" not in answer.answer:
        return answer
    update: dict[str, object] = {}
    if answer.unit is None and answer.value is not None:
        if _shows_value(answer.answer, answer.value):
            update["unit"] = f"{currency.code} millions"
        elif _PER_SHARE.search(answer.answer):
            update["unit"] = f"{currency.code}/share"
    text = answer.answer
    minor = _minor_unit(answer)
    if minor and _PER_SHARE.search(text):
        # "Basic earnings per Ordinary share (pence) 5.93": 5.93 pence, not £5.93.
        text = _PER_SHARE_AMOUNT.sub(lambda m: f"{m.group(1)} {minor} per share", text)
        update["answer"] = text
        if answer.unit is None and answer.value is not None:
            update["unit"] = f"{currency.code} {minor}/share"
    if currency.code != "USD":
        update["answer"] = _DOLLAR_AMOUNT.sub(lambda _: currency.shown, text)
        unit = str(update.get("unit") or answer.unit or "")
        if unit.startswith("USD"):
            # a money metric's unit is written in dollars before the report's currency is known
            update["unit"] = currency.code + unit[3:]
        update["flags"] = [*answer.flags, f"currency:{currency.code}"]
    return answer.model_copy(update=update) if update else answer


def _minor_unit(answer: Answer) -> str | None:
    """"pence" / "cents" when a cited row states its amounts in the currency's minor unit."""
    for citation in answer.citations:
        if m := _MINOR.search(citation.quote):
            return "pence" if m.group(0).lower().startswith("pen") else "cents"
    return None


def _shows_value(text: str, value: float) -> bool:
    """The text shows `value` (millions) as "$X M" or "$X B": the value is a money amount."""
    for m in _MONEY_SHOWN.finditer(text):
        shown = float(m.group(1).replace(",", "")) * (1000.0 if m.group(2) == "B" else 1.0)
        if abs(shown - value) <= 0.001 * max(abs(value), 1.0) + 0.05:
            return True
    return False


# "total assets in EUR", "(in USD)", "in euros": the currency the asker wants the figure in.
_ASKED = re.compile(
    r"\bin\s+(?P<code>" + "|".join(_CODES) + r")\b|\bin\s+(?:the\s+)?(?:" + _NAMED_RE + r")\b", re.I
)


def asked_currency(question: str) -> str | None:
    """The currency the question asks the figure in, as an ISO code; None when it names none."""
    m = _ASKED.search(question)
    if m is None:
        return None
    if m.group("code"):
        return _code(m.group("code").upper())
    return _named_code(m)


def against_asked_currency(answer: Answer, question: str) -> Answer:
    """An amount in another currency than the question asks for is not the answer: the
    report's figure is shown, with status not_found (FinRAG converts no currencies)."""
    asked = asked_currency(question)
    unit = answer.unit or ""
    if answer.status != "answered" or asked is None or not re.match(r"[A-Z]{3}\b", unit) or unit[:3] == asked:
        return answer
    text = f"The report states this in {unit[:3]}, not {asked}; no conversion is made. {answer.answer}"
    return answer.model_copy(update={"status": "not_found", "answer": text, "reason": f"currency {unit[:3]}, "
                                     f"asked in {asked}", "flags": [*answer.flags, "other_currency"]})
