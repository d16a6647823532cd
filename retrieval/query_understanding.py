"""Read a question's company, fiscal years, quarter, form and metrics — deterministically.

`understand(question, catalog)` matches company names against the companies ACTUALLY in
the store (`StoreCatalog`): canonical and legal names, with or without "Inc."/"Corp.",
tickers, aliases, possessives ("3M's"), any case, names written without spaces
("BestBuy") and ampersand initials ("J&J"). A capitalised name the store does not know
("Tesla's revenue") is reported in `unknown_company_mentions` and yields no company
filter, so the caller can flag the question instead of searching the wrong company.

The asker's hints (`--company`, the form's Company field, a batch's company column; the
period hint) are read exactly like a company or period named in the question: a hint the
catalog resolves becomes a company filter, one it does not is a missing company that is
answered "not found" with the nearest names the store holds (`missing_companies`,
`nearest_companies`). "Block (formerly known as Square)" links the two names: the former
name's filings are searched as the current name's (`renamed`).

Years are read by `retrieval.periods`; relative phrases ("last three years") resolve to
the latest years the store holds for the company named (or for the whole store).

`search_text` is the question without its answer-format instructions (persona, rounding,
units, "based on the balance sheet, ..."): what retrieval embeds and matches with BM25.
"""

from __future__ import annotations

import difflib
import re

from pydantic import BaseModel, Field

from finrag.catalog import FORM_WORDS
from finrag.models import CatalogCompany, StoreCatalog
from finrag.vocabulary import Vocabulary, load_vocabulary
from retrieval.event_ask import asks_an_event
from retrieval.periods import parse_periods

# Words a company's legal name carries that people leave out, wherever they stand: the
# catalog's legal-form words ("PT Bayan Resources Tbk" is asked about as "Bayan Resources",
# the Indonesian "PT" before the name as much as "Tbk" after it) except "International",
# which is a name's own word at its start ("International Paper").
_LEGAL_SUFFIXES = frozenset(
    ["inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ltd", "limited", "plc", "llc", "lp", "l.p", "holdings", "holding", "group", "sa", "ag", "nv", "se", "the", "and", "subsidiaries",
     # an Indonesian state-owned company's designation: "PT Adhi Karya (Persero) Tbk" is
     # asked about as "PT Adhi Karya"
     "persero"]
) | (FORM_WORDS - {"international"})
# First words too common to stand for a multi-word company on their own ("Best" Buy).
_COMMON_FIRST_WORDS = frozenset(
    ["best", "general", "american", "united", "first", "national", "international", "new", "bank", "global", "the", "home", "international", "royal", "standard", "pacific", "southern", "northern", "western", "eastern", "public", "big", "great", "old", "real", "digital", "advanced", "applied"]
)
# Capitalised words that start a name-like phrase but are not companies.
_NOT_COMPANIES = frozenset(
    ["what", "which", "who", "how", "when", "where", "why", "is", "are", "was", "were", "does", "did", "do", "has", "have", "had", "the", "a", "an", "in", "on", "at", "by", "for", "of", "to", "from", "as", "and", "or", "if", "please", "base", "based", "using", "use", "according", "given", "answer", "round", "calculate", "define", "respond", "provide", "assume", "among", "between", "during", "fy", "q1", "q2", "q3", "q4", "usd", "us", "u.s", "eur", "gbp", "gaap", "non-gaap", "sec", "ceo", "cfo", "cogs", "eps", "ebitda", "ebit", "ppe", "pp&e", "dpo", "dso", "dio", "roa", "roe", "capex", "fcf", "sg&a", "r&d", "d&a", "yoy", "cagr", "agm", "esg", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "fiscal", "year", "quarter", "annual", "report", "statement", "balance", "sheet", "income", "cash", "flow", "flows", "total", "net", "operating", "gross", "consolidated", "financial", "statements", "form", "item", "note", "part", "usa", "america", "united", "states", "europe", "asia", "china", "emea", "apac", "latin", "here", "there", "it", "its", "this", "that", "these", "those", "we", "you", "they", "our", "your", "their", "i", "my", "let", "lets", "company", "companies", "firm", "business", "management", "investors", "shareholders", "analyst"]
)
_FORM_PATTERNS = (
    (re.compile(r"\b10-?k\b|\bannual\s+report\b", re.I), "10-K"),
    (re.compile(r"\b10-?q\b|\bquarterly\s+report\b", re.I), "10-Q"),
    (re.compile(r"\b8-?k\b|\bcurrent\s+report\b", re.I), "8-K"),
    (re.compile(r"\b(?:earnings|press)\s+release\b|\bearnings\s+report\b", re.I), "earnings"),
)
_NAME = r"[A-Z0-9][\w&.\-]*(?:\s+[A-Z0-9][\w&.\-]*){0,3}"
_UNKNOWN_PATTERNS = (
    re.compile(rf"\b({_NAME})['\u2019]s?\b(?=\s)"),  # possessive: "Tesla's", "Acme Widgets'"
    re.compile(rf"\b({_NAME})\s*,?\s+(?:Inc|Corp|Corporation|Company|Ltd|plc|LLC|Holdings)\b\.?"),
    re.compile(rf"\b(?:for|of|did|does|has|had|was|is|at|by|about)\s+({_NAME})"),
)
_WORD = re.compile(r"[a-z0-9]+(?:&[a-z0-9]+)*")
# Two or more capitalised words in a row ("Bluewater Aerospace"), wherever they stand.
_CAPITALISED_RUN = re.compile(r"\b[A-Z][\w&.\-]*(?:\s+(?:&\s+)?[A-Z][\w&.\-]*)+")

# Words of sentences and lead-in clauses that say HOW to answer (persona, format, rounding,
# which statement to read: "Round your answer to two decimal places.", "Based on the
# information in the balance sheet, ...") rather than WHAT is asked. Such text is noise to
# the embedding and to BM25; a piece is only dropped when it also names no company, metric
# or period (`_carries_content`), so "Calculate EBITDA using operating income and D&A" stays.
_INSTRUCTION_CUES = re.compile(
    r"\b(?:answer\w*|respon\w*|solution|round\w*|decimal|judge?ments?|resources?|perspective|"
    r"analyst|banker|utili[sz]\w*|units?\s+of|information|details|line\s+items|referenc\w*|"
    r"rely\w*|relying|based|basing|according|using|use|calculat\w*|comput\w*|extract\w*|"
    r"question|explain\w*|state\s+(?:that|answer|0)|in\s+(?:usd|millions|billions|thousands)|as\s+a\s+%)",
    re.I,
)
# "If X is not a useful metric for a company like this, then state that and explain why."
# ("If data is not available, return 'N/A'.", "If there is no mention, return False.": a typed answer's rule)
_IF_NOT_APPLICABLE = re.compile(r"^\W*if\b.*\b(?:not|n't)\b.*\b(?:state|explain)\b|"
                                r"^\W*if\b.*\b(?:not|n't|no)\b.*\breturn\s+['\"“‘]?(?:N/?A|False|True|null|none|0)\b", re.I)
# A lead-in clause ends at ":" or "," right before the question proper.
_LEAD_IN = re.compile(
    r"^(.+?)[:,]\s+(?=(?:what|which|how|who|whom|when|where|why|is|are|was|were|does|did|do|has|have|had|can)\b)",
    re.I,
)
# "Block (formerly known as Square)", "Block, formerly Square", "Block (f/k/a Square)": the name
# before the cue is the current one. "Square (now Block)": the name after it is.
_FORMERLY = re.compile(
    r"^(?:['\u2019]s?)?\s*[(,\[]?\s*(?:which\s+was\s+)?(?:formerly|previously|f/k/a|fka|n[e\u00e9]e)\b"
    r"(?:\s+(?:known\s+as|called|named))?\s*:?\s*",
    re.I,
)
_NOW = re.compile(r"^(?:['\u2019]s?)?\s*[(,\[]?\s*now\b(?:\s+(?:known\s+as|called|named))?\s*:?\s*", re.I)
_NEAREST = 3  # names suggested for a company the store does not hold
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z])")
_PARENTHESES = re.compile(r"\s*\(([^()]*)\)")


class QueryUnderstanding(BaseModel):
    """What a question asks about, as far as words alone tell."""

    companies: list[str] = Field(default_factory=list)  # canonical names present in the store
    fiscal_years: list[int] = Field(default_factory=list)  # years the question is about
    periods: list[str] = Field(default_factory=list)  # quarters, e.g. "2023Q2"
    dates: list[str] = Field(default_factory=list)  # ISO days named: "quarter ended March 31, 2009" -> "2009-03-31"
    months: list[str] = Field(default_factory=list)  # months named without a day: "in January 2023" -> "2023-01"
    forms: list[str] = Field(default_factory=list)  # "10-K", "10-Q", "8-K", "earnings"
    metrics: list[str] = Field(default_factory=list)  # vocabulary keys
    statements: list[str] = Field(default_factory=list)  # named or implied by the metrics
    unknown_company_mentions: list[str] = Field(default_factory=list)
    # Companies asked about (the asker's hint, or named in a question that names no held
    # company) that the store does not hold, and the catalog's names nearest to them.
    missing_companies: list[str] = Field(default_factory=list)
    nearest_companies: list[str] = Field(default_factory=list)
    # A former name's catalog entry -> the current name's, from "X (formerly known as Y)":
    # the former's filings are the current company's (searched and cited under its name).
    renamed: dict[str, str] = Field(default_factory=dict)
    # Capitalised phrases no known company matched and no company pattern placed ("Who audits
    # Bluewater Aerospace?"): maybe a company the store does not hold, so a refusal says "not
    # found" rather than asking which company.
    unplaced_names: list[str] = Field(default_factory=list)
    missing_years: list[int] = Field(default_factory=list)  # named but not in the store
    unread_period: str | None = None  # a period hint with no year or quarter in it ("Q2")
    relative_years: bool = False  # years came from "last N years"
    search_text: str = ""  # the question without answer-format instructions: what to embed / BM25

    @property
    def quarter(self) -> int | None:
        """The quarter the question asks about ("2023Q3" -> 3), or None for a year."""
        return int(self.periods[-1][-1]) if self.periods else None

    @property
    def no_filter_match(self) -> bool:
        """The question (or the asker's hint) names a company or year the store does not hold."""
        return bool(self.missing_companies or self.missing_years or self.unread_period)


# --------------------------------------------------------------------------- company names


def _words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"'s\b|'", " ", text)
    return _WORD.findall(text)


def _core_words(name: str) -> list[str]:
    """A name's words without legal suffixes: "The Boeing Company" -> ["boeing"]."""
    words = _words(name.replace(",", " "))
    core = [w for w in words if w not in _LEGAL_SUFFIXES]
    return core or words


class _CompanyMatcher:
    """Finds catalog companies in text by joined word n-grams (so "Best Buy" == "BestBuy")."""

    MAX_WORDS = 5

    def __init__(self, companies: list[CatalogCompany]):
        # Written form -> EVERY catalog company it names: one company can be catalogued under
        # two spellings ("NIKE" from one cover page, "Nike" from another), and the question
        # cannot tell them apart, so it matches both.
        self._joined: dict[str, list[str]] = {}  # joined lowercase variant -> canonical names
        self._capitalised_only: set[str] = set()  # single common words: must be written capitalised
        # one-word names as the company styles them ("eBay", "iRobot"): that exact spelling is the name
        self._styled: set[str] = set()
        self._tickers: dict[str, list[str]] = {}
        self._initials: dict[str, list[str]] = {}
        first_words: dict[str, set[str]] = {}
        for company in companies:
            names = [company.name, *company.legal_names, *company.aliases]
            for name in names:
                core = _core_words(name)
                # "McDonald's" is also written "McDonalds": the apostrophe dropped, not the s.
                unquoted = _core_words(re.sub(r"['\u2019]", "", name))
                for variant in (core, _words(name), unquoted):
                    joined = "".join(w for w in variant if w != "and")
                    if joined:
                        _add(self._joined, joined, company.name)
                if len(core) == 1:
                    self._capitalised_only.add(core[0])
                    self._styled.update(w for w in re.findall(r"[A-Za-z0-9]+", name) if w.lower() == core[0])
                if len(core) >= 2:
                    significant = [w for w in core if w != "and"]
                    _add(self._initials, "".join(w[0] for w in significant), company.name)
                    first_words.setdefault(core[0], set()).add(company.name)
            for ticker in company.tickers:
                if len(ticker) >= 2 and ticker.lower() not in _NOT_COMPANIES:
                    _add(self._tickers, ticker.upper(), company.name)
        self._multiword = {company.name: _core_words(company.name) for company in companies}
        self._multiword = {n: [w for w in ws if w != "and"] for n, ws in self._multiword.items() if len(ws) >= 2}
        # "Lockheed" for "Lockheed Martin", when no other company starts with that word.
        for word, owners in first_words.items():
            if len(owners) == 1 and len(word) >= 4 and word not in _COMMON_FIRST_WORDS and word not in self._joined:
                self._joined[word] = [next(iter(owners))]
                self._capitalised_only.add(word)

    def find(self, text: str) -> tuple[list[str], list[tuple[int, int]]]:
        """Canonical names found, and the character spans they were found at."""
        found: dict[str, None] = {}
        spans: list[tuple[int, int]] = []
        tokens = [
            (m.group().lower(), m.start(), m.end(), m.group())
            for m in re.finditer(r"[A-Za-z0-9]+(?:&[A-Za-z0-9]+)*", text)
        ]
        i = 0
        while i < len(tokens):
            if tokens[i][0] == "and":  # never the start of a name
                i += 1
                continue
            for n in range(min(self.MAX_WORDS, len(tokens) - i), 0, -1):
                window = tokens[i : i + n]
                # "and" and "&" are dropped on both sides: "Johnson and Johnson" == "Johnson & Johnson".
                joined = "".join(t[0] for t in window if t[0] != "and")
                names = self._joined.get(joined)
                if names and n == 1 and joined in self._capitalised_only and not window[0][3][0].isupper() \
                        and not window[0][3][0].isdigit() and window[0][3] not in self._styled:
                    names = None
                if names:
                    found.update(dict.fromkeys(names))
                    spans.append((window[0][1], window[-1][2]))
                    i += n
                    break
            else:
                raw = tokens[i][3]
                names = self._tickers.get(raw) if raw.isupper() else None
                if names is None and "&" in raw:
                    names = self._initials.get(raw.lower().replace("&", ""))
                if names is None and re.fullmatch(r"[A-Z]n[A-Z]", raw):  # "JnJ" = "J&J"
                    names = self._initials.get(raw[0].lower() + raw[2].lower())
                if names is None:
                    names = self._clipped(raw)
                if names:
                    found.update(dict.fromkeys(names))
                    spans.append((tokens[i][1], tokens[i][2]))
                i += 1
        return list(found), spans


    def _clipped(self, raw: str) -> list[str] | None:
        """A clipped compound of a company's first words, as nicknames are made: "Amex"
        (AMerican EXpress), "FedEx" (FEDeral EXpress). Only a capitalised word nothing else
        matched, and only when exactly one company's name spells it."""
        if not (4 <= len(raw) <= 8 and raw[0].isupper() and raw.isalpha()) or raw.lower() in _NOT_COMPANIES:
            return None
        owners = [n for n, words in self._multiword.items() if _spells(raw.lower(), words)]
        return owners if len(owners) == 1 else None


def _spells(token: str, words: list[str]) -> bool:
    """`token` is the starts (two letters or more) of the name's first two or more words."""

    def rest(text: str, i: int) -> bool:
        if not text:
            return i >= 2
        if i >= len(words):
            return False
        return any(words[i].startswith(text[:k]) and rest(text[k:], i + 1) for k in range(2, len(text) + 1))

    return rest(token, 0)


def _add(index: dict[str, list[str]], key: str, name: str) -> None:
    if name not in index.setdefault(key, []):
        index[key].append(name)


def _is_generic(word: str) -> bool:
    """A trailing word that is not part of a company name: "Tesla Inc", "Tesla FY2022"."""
    lower = word.lower().strip(".,")
    return (
        lower in _NOT_COMPANIES
        or lower in _LEGAL_SUFFIXES
        or re.fullmatch(r"(fy|q[1-4])?'?\d{2,4}(q[1-4])?", lower) is not None
    )


def _unknown_mentions(text: str, known_spans: list[tuple[int, int]], vocab: Vocabulary) -> list[str]:
    """Capitalised name-like phrases in company positions that match no known company."""
    found: dict[str, None] = {}
    for pattern in _UNKNOWN_PATTERNS:
        for m in pattern.finditer(text):
            start, end = m.span(1)
            if any(s < end and start < e for s, e in known_spans):
                continue
            candidate = m.group(1).strip(" .,'-")
            words = [w for w in re.split(r"\s+", candidate) if w]
            # Trim trailing generic words: "Tesla Q2" -> "Tesla".
            while words and _is_generic(words[-1]):
                words.pop()
            if not words or words[0].lower() in _NOT_COMPANIES:
                continue
            candidate = " ".join(words)
            if re.fullmatch(r"[\d\W]+", candidate) or len(re.sub(r"\W", "", candidate)) < 2:
                continue
            if vocab.match_metrics(candidate) or vocab.match_statements(candidate) or vocab.define(candidate):
                continue
            found.setdefault(candidate, None)
    return list(found)


def _unplaced_names(text: str, known_spans: list[tuple[int, int]], unknown: list[str], vocab: Vocabulary) -> list[str]:
    """Runs of capitalised words that are not a known company, an unknown mention already,
    a metric or a statement: names the question may give that no pattern placed."""
    found: dict[str, None] = {}
    for m in _CAPITALISED_RUN.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in known_spans):
            continue
        words = m.group().split()
        while words and words[0].lower().strip(".,") in _NOT_COMPANIES:
            words.pop(0)
        while words and _is_generic(words[-1]):
            words.pop()
        phrase = " ".join(words)
        if len(words) < 2 or any(phrase in u or u in phrase for u in unknown):
            continue
        if vocab.match_metrics(phrase) or vocab.match_statements(phrase) or vocab.define(phrase):
            continue
        found.setdefault(phrase, None)
    return list(found)


# --------------------------------------------------------------------------- instructions


def _carries_content(piece: str, companies: _CompanyMatcher, vocab: Vocabulary) -> bool:
    """The piece names a company, a metric or a period: it says WHAT is asked."""
    return bool(companies.find(piece)[0] or vocab.match_metrics(piece) or parse_periods(piece).years)


def _is_instruction(piece: str, companies: _CompanyMatcher, vocab: Vocabulary) -> bool:
    if _IF_NOT_APPLICABLE.search(piece):
        return True
    return bool(_INSTRUCTION_CUES.search(piece)) and not _carries_content(piece, companies, vocab)


def _strip_instructions(question: str, companies: _CompanyMatcher, vocab: Vocabulary) -> str:
    """The question without sentences, lead-in clauses and parentheses about how to answer.

    "We need to calculate a financial metric using the balance sheet. Please answer the
    following question: what is X's FY2018 net PP&E (in USD millions)?" -> "what is X's
    FY2018 net PP&E?". Returns the question unchanged when nothing would be left.
    """
    kept = []
    for sentence in _SENTENCE_END.split(question.strip()):
        sentence = _PARENTHESES.sub(
            lambda m: "" if _is_instruction(m.group(1), companies, vocab) else m.group(0), sentence
        )
        if _is_instruction(sentence, companies, vocab):
            continue
        # Lead-ins can nest: "Please answer the following question: based on X, what is ...".
        while (m := _LEAD_IN.match(sentence)) and _is_instruction(m.group(1), companies, vocab):
            sentence = sentence[m.end() :]
        kept.append(sentence.strip())
    text = " ".join(k for k in kept if k)
    return text or question


# --------------------------------------------------------------------------- years -> filings


def _reporting_years(year: int) -> list[int]:
    """Filings that print a year's figures, best first: its own, then the next two
    (comparative columns: income and cash-flow statements cover three years), then the
    year before (forward-looking statements: "what does it expect for FY2023")."""
    return [year, year + 1, year + 2, year - 1]


def filing_years(years: list[int], store_years: list[int]) -> tuple[list[int], int | None]:
    """Which filings' fiscal years to search for questions about `years`, and which to prefer.

    The filing of a year is preferred, and the next year's filing is allowed, since it
    repeats the year as a comparative. Only when neither is in the store do older
    comparatives or the prior year's outlook stand in. Returns ([], None) when nothing in
    the store speaks about those years.
    """
    present = set(store_years)
    allowed = {y for year in years for y in (year, year + 1) if y in present}
    if not allowed:
        allowed = {y for year in years for y in _reporting_years(year)[2:] if y in present}
    if not allowed:
        return [], None
    latest = max(years)
    preferred = next((y for y in _reporting_years(latest) if y in allowed), None)
    return sorted(allowed), preferred


def _without_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with the given spans blanked out (same length, so offsets stay valid)."""
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def dated_years(years: list[int], dates: list[str], companies: list[CatalogCompany]) -> list[int]:
    """The years asked, with a named day that a held filing's period ends on read as that
    filing's fiscal year: "as of January 29, 2023" is fiscal 2022 for a retailer whose fiscal
    2022 ends then. A day no filing ends on keeps its calendar year."""
    asked = set(years)
    for date in dates:
        ends = {f.fiscal_year for c in companies for f in c.filings if f.period_end == date and f.fiscal_year}
        if ends:
            asked.discard(int(date[:4]))
            asked |= ends
    return sorted(asked)


# "the quarter ended March 31, 2023", "the three months ended June 30, 2023": a quarter named by its last day
_QUARTER_ENDED = re.compile(r"\b(?:quarter|three[-\s]months?(?:\s+period)?)\s+(?:ended|ending)\s+"
                            r"(?P<day>[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d)", re.I)


def dated_quarters(question: str, periods: list[str], companies: list[CatalogCompany]) -> list[str]:
    """The periods asked, with a quarter named by its last day read as the quarter of a held filing whose
    period ends that day ("the quarter ended March 31, 2023" is McDonald's 2023Q1, and Apple's quarter ended
    December 31, 2022 its fiscal 2023Q1). A day no quarterly filing ends on adds nothing: its fiscal quarter
    is not known."""
    asked = list(periods)
    for m in _QUARTER_ENDED.finditer(question):
        for date in parse_periods(m.group("day")).dates:
            asked += [f.period for c in companies for f in c.filings
                      if f.period_end == date and f.period and re.fullmatch(r"\d{4}Q[1-4]", f.period)]
    return list(dict.fromkeys(asked))


# --------------------------------------------------------------------------- understanding


# "Which companies did PepsiCo acquire ...": companies a named company's deed was done to (not "which company did
# the best on margin", a comparison)
# ("Which companies' shares did eBay sell in 2022": what it sold of theirs, a deed of its own as well; "Which companies
# does Boeing name as competitors": what its own filing says of others)
DONE_TO_COMPANIES = re.compile(r"\b(?:which|what)\s+(?:other\s+)?(?:compan(?:y|ies)|firms?|businesses)"
                               r"(?:['’]s?\s+(?:shares|stakes?|equity|interests?|stock|businesses|assets))?\s+(?:did|does|do)\s+"
                               r"(?:[\"“][^\"”]+[\"”]|(?-i:[A-Z][\w&.'’-]*)(?:\s+(?-i:[A-Z])[\w&.'’-]*)*)\s+(?-i:[a-z]{3,})\b",
                               re.I)

# a year a goal, target or plan runs to ("goals ... through FY2023", "targets for 2025", "by 2030")
_HORIZON_BEFORE = re.compile(r"\b(?:through|until|by|to|for)\s+(?:the\s+end\s+of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?)?$", re.I)
_FORWARD = re.compile(r"\b(?:goals?|targets?|targeted|plans?|planned|aims?|ambitions?|commitments?|committed|"
                      r"objectives?|outlook|guidance|expects?|expected|projected|long-term)\b", re.I)


# a deed done once, which a later report's history of the company tells ("did it acquire ... in 2016")
_PAST_DEED = re.compile(r"\b(?:did|had|was|were)\b[^?]{0,120}?\b(?:acquir\w*|bought|buy|purchas\w*|merge[ds]?|"
                        r"sold|sell|divest\w*|spun|spin|found(?:ed)?|incorporated|establish\w*|listed|list)\b", re.I)


def _names_a_thing(question: str, year: int) -> bool:
    """Every mention of the year is inside the name of a deal or an instrument: right after "the", "its" or "their"
    and right before its capitalised noun ("the 2015 Merger", "its 2019 Notes"); never a document's or a period's ("its
    2025 Form 10-K", "the 2027 Fiscal Year": the year asked)."""
    mentions = list(re.finditer(rf"\b{year}\b", question))
    return bool(mentions) and all(
        re.search(r"\b(?:the|its|their)\s+$", question[: m.start()], re.I)
        and _NAMED_BY_YEAR.match(question[m.end():]) for m in mentions)


# the capitalised nouns of deals and instruments a filing names by their year
_NAMED_BY_YEAR = re.compile(r"\s+(?:[A-Z][a-z]+\s+){0,2}(?:Merger|Acquisition|Transaction|Notes|Debentures|Bonds|Act|Plan|"
                            r"Agreement|Facility|Offering|Program|Programme|Restructuring|Separation|Spin-?[Oo]ff)\b")


def _horizon(question: str, year: int) -> bool:
    """The year is the horizon of a goal, target or plan the question asks about, not a period reported on."""
    for m in re.finditer(rf"\b(?:FY\s?)?(?:{year}|{str(year)[2:]})\b", question, re.I):
        start = m.start()
        # (a bare "23" is no year; "FY23", "2023" are; the goal's word in the words just before, its own clause)
        clause = re.split(r"[.;?]\s", question[:start])[-1]  # (the goal's word in the year's own sentence)
        if _HORIZON_BEFORE.search(question[:start]) and (m.group(0)[:2].upper() == "FY" or len(m.group(0)) == 4) \
                and _FORWARD.search(clause):
            return True
    return False


def understand(
    question: str,
    catalog: StoreCatalog,
    vocabulary: Vocabulary | None = None,
    company: str | None = None,
    period: str | None = None,
) -> QueryUnderstanding:
    """What `question` asks about. `company` / `period`: the asker's hints (a CLI option, a
    form field, a batch column), read like a company or period named in the question."""
    vocab = vocabulary or load_vocabulary()
    matcher = _CompanyMatcher(catalog.companies)
    companies, spans = matcher.find(question)
    renamed = _renames(question, matcher)
    unknown = _unknown_mentions(question, spans, vocab)

    missing_companies: list[str] = []
    if company and company.strip():
        hinted, hint_renamed = _resolve_hint(company.strip(), catalog, matcher)
        if hinted:
            companies = [*companies, *hinted]
            renamed |= hint_renamed
        else:
            missing_companies.append(company.strip())
    # A former name is searched as the current one: "Block (formerly Square)" is one company.
    companies = list(dict.fromkeys(renamed.get(c, c) for c in companies))
    if unknown and not companies:
        missing_companies += [m for m in unknown if m not in missing_companies]

    mentions = parse_periods(question)
    unread_period = None
    if period and period.strip():
        hinted_period = parse_periods(period)
        if not (hinted_period.years or hinted_period.last_n_years):
            unread_period = period.strip()  # never ignored: an answer for another period would follow
        mentions = mentions.model_copy(update={
            "years": sorted(set(mentions.years) | set(hinted_period.years)),
            "periods": list(dict.fromkeys([*mentions.periods, *hinted_period.periods])),
            "last_n_years": mentions.last_n_years or hinted_period.last_n_years,
        })
    by_name = {c.name: c for c in catalog.companies}
    scope = [by_name[n] for n in [*companies, *renamed] if n in by_name] or catalog.companies
    store_years = sorted({y for c in scope for y in c.fiscal_years} or set(catalog.fiscal_years))

    years = dated_years(mentions.years, mentions.dates, scope)
    relative = False
    if not years and mentions.last_n_years and store_years:
        years = store_years[-mentions.last_n_years :]
        relative = True
    # A year counts as present when some filing in the store can speak about it.
    missing = [y for y in years if not (set(_reporting_years(y)) & set(store_years))]
    horizons = [y for y in missing if store_years and y > store_years[-1] and _horizon(question, y)]
    if horizons:
        # "what long-term goals did Nike set for the period through FY2023?": a goal's horizon, set in an
        # earlier report, not the period reported on; the company's reports are searched for it
        years = [y for y in years if y not in horizons]
        missing = [y for y in missing if y not in horizons]
    history = [y for y in missing if store_years and y < store_years[0] and _PAST_DEED.search(question)]
    if history:
        # "Which provider did NICE acquire in 2016?" over its 2022 report: a deed of an earlier year, which a later
        # filing's history of the company tells; the company's reports are searched for it
        years = [y for y in years if y not in history]
        missing = [y for y in missing if y not in history]
    named = [y for y in missing if _names_a_thing(question, y)]
    if named:
        # "the Sponsors that controlled Heinz before the 2015 Merger": a year inside a name ("the 2015 Merger", "the
        # 2017 Tax Act", "its 2019 Notes"), not a period reported on; the company's reports are searched for it
        years = [y for y in years if y not in named]
        missing = [y for y in missing if y not in named]
    if store_years and len(missing) < len(years):
        missing = []  # at least one named year is covered: a usable question ("as of FY21 ... in 2024")

    # A company's name is not a metric: "Mercia Asset Management" asks for no assets.
    metrics = vocab.match_metrics(_without_spans(question, spans))
    if asks_an_event(question):
        # "what did it receive for the business", "goodwill recorded on the acquisition": a deal's
        # words, not a statement line's; its line would steer the search to the statements' pages
        metrics = []
    statements = dict.fromkeys(vocab.match_statements(question))
    for metric in metrics:
        for statement in vocab.statements_for(metric):
            statements.setdefault(statement, None)

    return QueryUnderstanding(
        companies=companies,
        fiscal_years=years,
        periods=dated_quarters(question, mentions.periods, scope),
        dates=mentions.dates,
        months=mentions.months,
        forms=[form for pattern, form in _FORM_PATTERNS if pattern.search(question)],
        metrics=metrics,
        statements=list(statements),
        unknown_company_mentions=unknown,
        unplaced_names=_unplaced_names(question, spans, unknown, vocab),
        missing_companies=missing_companies,
        nearest_companies=nearest_companies(missing_companies, catalog) if missing_companies else [],
        renamed={former: current for former, current in renamed.items() if current in companies},
        missing_years=missing if store_years else [],
        unread_period=unread_period,
        relative_years=relative,
        search_text=_strip_instructions(question, matcher, vocab),
    )


# --------------------------------------------------------------------------- hints, renames, near names


def _resolve_hint(hint: str, catalog: StoreCatalog, matcher: _CompanyMatcher) -> tuple[list[str], dict[str, str]]:
    """The catalog companies a company hint names (any of their names, tickers or aliases, in
    any case), and the renames it states; ([], {}) when the store holds no such company."""
    wanted = hint.casefold()
    exact = [
        c.name for c in catalog.companies
        if any(n.casefold() == wanted for n in (c.name, *c.legal_names, *c.aliases, *c.tickers, *c.stored_names))
    ]
    if exact:
        return exact, {}
    # Typed in a field, a single-word name need not be capitalised ("helix" for Helix Dynamics).
    for text in dict.fromkeys((hint, hint.title())):
        found, _ = matcher.find(text)
        if found:
            return found, _renames(text, matcher)
    return [], {}


def _renames(text: str, matcher: _CompanyMatcher) -> dict[str, str]:
    """Former name -> current name, for two held companies that the text links with
    "formerly (known as)", "f/k/a", "previously" or "now": one issuer under two names."""
    _, spans = matcher.find(text)
    renamed: dict[str, str] = {}
    for (start, end), (next_start, next_end) in zip(spans, spans[1:], strict=False):
        between = text[end:next_start]
        first, second = matcher.find(text[start:end])[0], matcher.find(text[next_start:next_end])[0]
        if not (first and second) or set(first) & set(second):
            continue
        if (m := _FORMERLY.match(between)) and m.end() == len(between):
            current, formers = first[0], second
        elif (m := _NOW.match(between)) and m.end() == len(between):
            current, formers = second[0], first
        else:
            continue
        for former in formers:
            renamed[former] = current
    return renamed


def nearest_companies(names: list[str], catalog: StoreCatalog, limit: int = _NEAREST) -> list[str]:
    """The catalog's companies whose names (any of them, tickers included) are most like
    `names`, best first: what to suggest when a company asked about is not in the store."""

    def likeness(name: str, company: CatalogCompany) -> float:
        asked = " ".join(_core_words(name))
        return max(
            difflib.SequenceMatcher(None, asked, " ".join(_core_words(spelling))).ratio()
            for spelling in (company.name, *company.legal_names, *company.aliases, *company.tickers)
        )

    scored = sorted(
        catalog.companies, key=lambda c: (-max(likeness(n, c) for n in names), c.name.casefold())
    )
    return [c.name for c in scored[:limit]]
