"""counted_items: a quoted list answer led by the items its sentence counts and names: "... covered by collective
bargaining agreements with the local chapters of three labor unions: the International Brotherhood of Electrical
Workers (IBEW) Local 1245; the Engineers and Scientists of California (ESC) IFPTE 20; and the Service Employees
International Union (SEIU) Local 20" leads with the three unions.

Signals any filing carries:
- the sentence counts the things ("three labor unions:") and a colon opens their names;
- the names are separated by semicolons (or commas) and a last "and";
- there are exactly as many names as the count says; otherwise nothing leads.
"""

from __future__ import annotations

import re

from finrag.numerals import count_of
from finrag.vocabulary import tokenize

_COUNTED = re.compile(r"\b(?P<count>two|three|four|five|six|seven|eight|nine|ten)\s+(?:[\w-]+\s+){0,3}?"
                      r"(?P<things>[a-z]+s)\s*:\s*(?P<items>[^:]+?)\s*[.]?\s*$", re.I)
# "Which labor unions held ...", "What are the reportable segments of X", "Name its subsidiaries"
_ASKS_ALL = re.compile(r"^\W*(?:which\s+|what\s+(?:are|were)\s+(?:the\s+|its\s+)?|name\s+(?:the\s+|its\s+)?|list\s+(?:the\s+|its\s+)?)"
                       r"(?:[\w-]+\s+){0,2}?(?P<things>[a-z]+s)\b", re.I)
_MAX_WORDS = 14  # a name of a union, a segment or a firm; a longer item is a clause


def counted(quote: str) -> list[str] | None:
    """The names the quote counts after a colon, as many as it says, or None."""
    m = _COUNTED.search(quote)
    if m is None:
        return None
    word = m.group("count")
    count = count_of(word)
    text = m.group("items")
    # "A; B; and C" (semicolons part names that hold commas), else "A, B and C"
    pieces = re.split(r"\s*;\s*", text) if ";" in text else re.split(r"\s*,\s*|\s+and\s+", text)
    items = [re.sub(r"^(?:and\s+)?(?:the\s+)?", "", i.strip(), flags=re.I).strip(" .") for i in pieces]
    items = [i for i in items if i]
    if count is None or len(items) != count or any(len(i.split()) > _MAX_WORDS or not i[:1].isupper() for i in items):
        return None
    return items


def lead(quotes: list[str], question: str) -> list[str] | None:
    """The one list of counted names the quotes give, when the question asks for those things by name ("Which
    labor unions ...", "What are its reportable segments"), all of them (not "which segments made a loss")."""
    asked = _ASKS_ALL.search(question)
    if asked is None or re.search(r"\b(?:loss|profit|grew|declin|fell|rose|highest|lowest|largest|smallest)", question, re.I):
        return None
    thing = tokenize(asked.group("things"))[-1:]
    found = {tuple(items) for q in quotes if (items := counted(q)) is not None
             and (m := _COUNTED.search(q)) is not None and tokenize(m.group("things"))[-1:] == thing}
    return list(found.pop()) if len(found) == 1 else None
