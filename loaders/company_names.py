"""One canonical name per issuer, as people write it, and the other names a filing gives.

The legal name on a cover ("McDONALD'S CORPORATION", "PG&E CORPORATION") becomes the
short name people write ("McDonald'S" -> the prose's "McDonald's", "PG&E") by dropping the
legal suffix and taking the casing the filing's own prose uses. Aliases come only from
what the filing states: the legal names of every registrant on the cover, the ticker,
the terms it defines for itself ("(“Costco” or the “Company”)") and former names
("formerly known as", "changed its name from").
"""

from __future__ import annotations

import re
from collections import Counter

from loaders.cover import CORPORATE_SUFFIX

# Defined terms that stand for any company, not for this one.
_GENERIC_TERMS = frozenset(
    ["we", "us", "our", "company", "corporation", "registrant", "issuer", "parent", "group", "utility", "utilities", "bank", "trust", "partnership", "fund", "firm", "holdings", "holding", "subsidiary", "subsidiaries", "management", "board"]
)
_DEFINED_TERM = re.compile(
    r"[(“\"]\s*([A-Z][\w.&'’ -]{1,40}?)[”\"]?,?[”\"]?\s+(?:or\s+)?(?:the\s+)?[“\"]?(?:Company|Corporation|we)\b"
)
_QUOTED = re.compile(r"[“\"]([^”\"]{2,40})[”\"]")
_NAME = r"[“\"]?([A-Z][\w.&'’-]*(?:,?\s+(?:[A-Z&][\w.&'’-]*|of|and)){0,5})"


def base_name(legal: str) -> str:
    """The legal name without its legal suffixes and leading "The"."""
    base = legal
    while (stripped := CORPORATE_SUFFIX.sub("", base).strip(" ,")) != base:
        base = stripped
    return re.sub(r"^the\s+", "", base, flags=re.I) or legal


def short_name(legal: str, body: str) -> str:
    """Canonical short name ("PepsiCo") for a legal name, in the prose's casing."""
    name = as_written(base_name(legal), body).replace("\u2019", "'")  # one apostrophe for every filing
    if name.lower().endswith(".com"):
        name = name[: -len(".com")]
    return _defined_short_name(name, body) or _shortest_used_prefix(name, body)


def as_written(name: str, body: str) -> str:
    """A cover name in the casing the report's prose uses ("BEST BUY" -> "Best Buy",
    "McDONALD'S" -> "McDonald's"): covers print names in capitals, prose as people write."""
    if not _odd_casing(name):
        return name
    variants = Counter(re.findall(rf"(?<![\w&]){re.escape(name)}(?![\w&])", body, re.I))
    capitalised = [(n, v) for v, n in variants.items() if v[:1].isupper() and not _odd_casing(v)]
    if capitalised:
        return max(capitalised)[1]
    if not name.isupper():
        return name
    # Short all-caps names are usually the company's own styling or an acronym (NIKE, IBM);
    # so is a name the prose itself writes in capitals ("TD SYNNEX is a leading ..."), which
    # title case would turn into a name the filing never uses ("Td Synnex").
    in_sentences = re.findall(rf"(?<![\w&]){re.escape(name)}\s+[a-z]{{2,}}\s+[a-z]{{2,}}", body)
    return name if len(name) <= 4 or len(in_sentences) >= 2 else name.title()


def _odd_casing(name: str) -> bool:
    """All capitals, or a run of capitals after a lower-case letter ("McDONALD'S")."""
    letters = re.sub(r"[^A-Za-z]", "", name)
    return (letters.isupper() and len(letters) > 1) or bool(re.search(r"[a-z][A-Z]{3,}", name))


def _defined_short_name(name: str, body: str) -> str | None:
    """The short name a filing defines for itself: '(Costco or the Company)'."""
    head = " ".join(body[:200_000].split())
    for match in _DEFINED_TERM.finditer(head):
        term = match.group(1).strip()
        if term != name and name.lower().startswith(term.lower() + " "):
            return term
    return None


def _shortest_used_prefix(name: str, body: str) -> str:
    """'Adobe Systems' -> 'Adobe' when the report mostly says just 'Adobe'; a one-word prefix
    only when it is used as a name, in the possessive ("Adobe's"), which an adjective
    ("Canadian banks" of Canadian Banc Corp.) never is."""
    words = name.split()
    full = len(re.findall(rf"\b{re.escape(name)}\b", body))
    for k in range(1, len(words)):
        prefix = " ".join(words[:k])
        if len(prefix) < 4:
            continue
        alone = len(re.findall(rf"\b{re.escape(prefix)}\b(?!\s+{re.escape(words[k])})", body))
        possessive = len(re.findall(rf"\b{re.escape(prefix)}['’]s\b", body))
        if alone >= 20 and alone >= 2 * max(full, 1) and (k > 1 or possessive >= 3):
            return prefix
    return name


_CONNECTORS = frozenset(["of", "and", "the", "de", "du", "des", "la", "le", "van", "von", "dan", "&"])


def styled_as_name(text: str) -> bool:
    """Every word but connectors starts with a capital or a digit ("Canadian Banc Corp.",
    "PT ADHI KARYA (Persero) Tbk"), as a name is printed; a phrase ("India's largest
    company") is not."""
    words = [w.strip("(),.“”\"'") for w in base_name(text).split()]  # "plc", "inc." may be lower case
    return all(not w or w.lower() in _CONNECTORS or w[0].isupper() or w[0].isdigit() for w in words)


def whole_name(name: str, body: str) -> str:
    """The name inside a line that carries more words before it ("Management Analysis
    continued Patriot Transportation Holding, Inc." -> "Patriot Transportation Holding,
    Inc."): a shorter tail of the line replaces a longer one when the document uses it on
    its own at least twice as often."""
    words = name.split()
    best, best_count = name, _count(name, body)
    for k in range(1, len(words)):
        tail = " ".join(words[k:])
        base = base_name(tail)
        if base == tail or not base or base.lower() in _GENERIC_TERMS or not tail[:1].isupper():
            continue  # the suffix alone, or "Holding, Inc."
        if (count := _count(tail, body)) >= 2 * max(best_count, 1):  # clearly more, not OCR noise
            best, best_count = tail, count
    return best


def _count(text: str, body: str) -> int:
    """Occurrences in any casing, across line breaks."""
    pattern = r"\s+".join(re.escape(word) for word in text.split())
    return len(re.findall(rf"(?<!\w){pattern}(?!\w)", body, re.I))


def defined_terms(legal_names: list[str], body: str) -> list[str]:
    """Names a filing defines for the registrant right after naming it:
    'American Express Company (“American Express,” “Amex,” “we”)' -> American Express, Amex."""
    head = " ".join(body[:300_000].split())
    found: list[str] = []
    for legal in legal_names:
        for match in re.finditer(rf"{re.escape(legal)}\s*\(([^()]{{2,160}})\)", head, re.I):
            for term in _QUOTED.findall(match.group(1)):
                term = term.strip(" ,.")
                if _is_name_term(term) and _abbreviates(term, legal) and term not in found:
                    found.append(term)
            break  # the first definition is the filing's own
    return found


def _abbreviates(term: str, legal: str) -> bool:
    """The term is spelled from the starts of the name's words, in order: "Amex" for
    American Express, "P&G" for Procter & Gamble, "Costco" for Costco Wholesale."""
    words = [w for w in re.findall(r"[a-z0-9&]+", legal.lower()) if w != "the"]
    letters = "".join(re.findall(r"[a-z0-9&]", term.lower()))

    def spell(rest: str, i: int) -> bool:
        if not rest:
            return True
        for j in range(i, len(words)):
            k = 0
            while k < len(words[j]) and k < len(rest) and words[j][k] == rest[k]:
                k += 1
                if spell(rest[k:], j + 1):
                    return True
        return False

    return spell(letters, 0)


def _is_name_term(term: str) -> bool:
    words = term.split()
    return (
        1 <= len(words) <= 4
        and term[:1].isupper()
        and not all(w.lower().strip(".,") in _GENERIC_TERMS | {"the"} for w in words)
    )


_OPEN, _CLOSE = "“\"‘'", "”\"’'"
# A quoted name is delimited by its quotes, so any casing is a name ("salesforce.com, inc.").
_QUOTED_NAME = rf"[{_OPEN}]([^{_CLOSE}\n]{{2,60}}?)[{_CLOSE}]"


def former_names_in_prose(body: str, current: list[str]) -> list[str]:
    """The issuer's own former names: 'NAME (formerly known as X)', 'NAME, formerly X',
    '... changed its name from X to NAME', in any casing ('FORMERLY KNOWN AS X') and with
    X in quotes. A former name of anything else (a product, a subsidiary) is not attached
    to the issuer's name and is left alone. A name printed in capitals is returned as the
    prose writes it ("FACEBOOK, INC." -> "Facebook, Inc.")."""
    head = " ".join(body[:300_000].split())
    found: list[str] = []
    for base in dict.fromkeys(base_name(n) for n in current):
        for raw in _former_mentions(head, base):
            name = _tidy_former(raw, body)
            if len(name) >= 3 and base_name(name).lower() != base.lower() and name not in found:
                found.append(name)
    return found[:3]


def _former_mentions(head: str, base: str) -> list[str]:
    b = re.escape(base)
    formerly = rf"(?i:{b})[\w.,’' ]{{0,20}}?[,(]\s*(?i:formerly)(?:\s+(?i:known\s+as))?,?\s+"
    # "from X to NAME" delimits X by itself: X may be lower case or in capitals.
    changed = r"(?i:changed\s+(?:its|our|the\s+company['’]s)\s+(?:corporate\s+)?name\s+from)\s+"
    to_base = rf"\s+(?i:to)\s+[{_OPEN}]?(?i:{b})"
    patterns = (
        formerly + _QUOTED_NAME,
        formerly + _NAME,
        changed + _QUOTED_NAME + to_base,
        changed + r"([^\s“\"‘][^;()“”\"]{1,60}?)" + to_base,
    )
    return [m.group(1) for pattern in patterns for m in re.finditer(pattern, head)]


def _tidy_former(raw: str, body: str) -> str:
    name = raw.strip(" ,;“”\"‘’'")
    if name.endswith(".") and not CORPORATE_SUFFIX.search(name):
        name = name[:-1]  # the sentence's full stop, not "Inc."'s
    letters = re.sub(r"[^A-Za-z]", "", name)
    return as_written(name, body) if letters.isupper() and len(letters) > 4 else name
