"""Words for people at a terminal or on a run page: counts, negative money, shortened cells.

Only what is *shown* goes through here; answers as stored (results.jsonl, `--json`) keep
the writers' text, which scorers and scripts parse.
"""

from __future__ import annotations

import re

from finrag.text import collapse_whitespace

MINUS = "\u2212"  # the typographic minus sign: "−$24.50 million"

# "$-24.50", "-$24.50" and "$ -24.50": a sign on either side of the dollar sign.
_NEGATIVE_MONEY = re.compile(r"(?<![\w.])(?:\$\s?-|-\s?\$)(?=\d)")



def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 company", "2 companies": the count and the word in the number it takes."""
    return f"{count} {word_for(count, word, many)}"


def word_for(count: int, word: str, many: str | None = None) -> str:
    if count == 1:
        return word
    if many:
        return many
    if re.search(r"[^aeiou]y$", word):  # company -> companies
        return word[:-1] + "ies"
    if re.search(r"(?:s|sh|ch|x|z)$", word):  # search -> searches, alias -> aliases
        return word + "es"
    return word + "s"


def money_for_people(text: str) -> str:
    """Negative amounts as people write them: "$-24.50 million" -> "−$24.50 million"."""
    return _NEGATIVE_MONEY.sub(MINUS + "$", text)


def shorten(text: str, limit: int) -> str:
    """One line of at most `limit` characters, cut at a word with "…" when longer."""
    text = collapse_whitespace(text)
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"
