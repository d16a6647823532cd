"""Text helpers every layer shares: one whitespace rule and one quote matcher."""

from __future__ import annotations

import re

# Typographic quotes and dashes -> ASCII; each mapping is one character to one character,
# so a folded text keeps every offset of the original.
_ASCII_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def collapse_whitespace(text: str) -> str:
    """Runs of whitespace (newlines, tabs, non-breaking spaces) become one space; ends trimmed."""
    return " ".join(text.split())


def fold_quotes(text: str) -> str:
    """Curly quotes and en/em dashes as their ASCII forms (same length as `text`)."""
    return text.translate(_ASCII_QUOTES)


def find_quote(quote: str, text: str, ignore_case: bool = False, any_quote_style: bool = False) -> str | None:
    """The span of `text` that `quote` copies, whitespace aside (and quote style, case, if
    asked), or None. A quote is evidence only if it is really there."""
    if any_quote_style:
        quote, flat = fold_quotes(quote), fold_quotes(text)
    else:
        flat = text
    words = collapse_whitespace(quote).split(" ")
    if not words[0]:
        return None
    match = re.search(r"\s+".join(re.escape(w) for w in words), flat, re.I if ignore_case else 0)
    return text[match.start():match.end()] if match else None


def quote_in_text(quote: str, text: str) -> bool:
    """True when `quote` occurs in `text` (whitespace aside)."""
    return find_quote(quote, text) is not None
