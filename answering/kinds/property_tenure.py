"""Whether a property asked of is owned or leased, as a filing's Properties item says it: "Does Nike own the Converse
distribution center located in Ontario, California?" is decided by the sentence naming that property, "which is
leased" a No and "owned" a Yes; a sentence on other properties ("two other distribution centers ... are leased")
decides nothing of it."""

from __future__ import annotations

import re

from finrag.vocabulary import tokenize

_ASKS_OWNED = re.compile(r"^\W*(?:does|do|did|is|are|was|were)\b.*?\b(?:own|owned)\b(?P<what>[^?]*)", re.I)
_LEASED = re.compile(r"\b(?:leased|leases|rented|rents)\b", re.I)
_OWNED = re.compile(r"\b(?:owned|owns)\b|\b(?:we|which\s+we|that\s+we|it|which\s+it)\s+own\b", re.I)
_NAME = re.compile(r"\b[A-Z][\w&.'’-]*")


def asked_property(ask: str, companies: list[str]) -> list[str]:
    """The words the asked property is known by: its names ("Converse", "Ontario", "California") and its kind
    ("distribution center", "headquarters"), or [] when the question asks no named property's ownership."""
    asked = _ASKS_OWNED.match(ask)
    if asked is None:
        return []
    own = {t for c in companies for t in tokenize(c)}
    names = [n for n in _NAME.findall(asked.group("what")) if not set(tokenize(n)) <= own]
    kind = re.match(r"\s*(?:the|its|their|our|a|an)?\s*(?P<kind>(?:[a-z-]+\s+){0,2}?(?:headquarters|center|centre|"
                    r"facility|facilities|plant|office|offices|building|campus|warehouse|store|site|property|mine|"
                    r"factory|fab))\b", asked.group("what"))
    return names + ([kind.group("kind")] if kind and names else [])


def owned(sentence: str, names: list[str]) -> bool | None:
    """True when the sentence naming every one of `names` says the property is owned, False when it says leased (or
    rented) and not owned, None when it names another property or says neither."""
    if not names or not all(re.search(rf"\b{re.escape(n)}", sentence, re.I) for n in names):
        return None
    leased, held = bool(_LEASED.search(sentence)), bool(_OWNED.search(sentence))
    return None if leased == held else held
