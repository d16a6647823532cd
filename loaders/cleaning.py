"""Raw page text -> clean page text: running headers/footers, page numbers, hyphenation.

Only the top and bottom lines of a page are candidates for removal, so a table's rows
(which may hold lone numbers) are never touched. Line breaks are kept: a statement row
stays one line, which chunking and fact extraction rely on; a statement whose text layer
gives all its labels, then all its amounts, has its rows put back (loaders.label_blocks).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from finrag.known_words import is_known
from finrag.text import collapse_whitespace
from loaders.label_blocks import rebuild_label_blocks
from loaders.lines import is_amount_cell, is_data_row, trailing_amounts
from loaders.word_lines import rejoin_word_lines

_EDGE_LINES = 3  # lines at each end of a page that may be running headers/footers
# A line recurring at a page edge on this share of pages (and at least 3) is furniture.
_REPEAT_SHARE = 0.15
_MIN_REPEATS = 4

_PAGE_NUMBER = re.compile(
    r"^(?:page\s+)?[-–—(]?\s*(?:\d{1,4}|[ivxlc]{1,6}|[A-Z]\s?[-–]\s?\d{1,3})\s*[-–—)]?"
    r"(?:\s+of\s+\d{1,4})?$",
    re.I,
)
_DIGITS = re.compile(r"\d+")
# Column headers repeated on every statement page are content, not furniture.
_TABLE_HEADER = re.compile(r"\b(?:in (?:millions|thousands|billions)|except per share|(?:19|20)\d\d)\b", re.I)
_LETTERS = re.compile(r"[A-Za-z]")
_SOFT_HYPHEN = "\ufffe"  # pdfium marks a hyphen it saw at a line end with U+FFFE
_HYPHEN_BREAK = re.compile(r"([A-Za-z]+)[-\ufffe]\n([a-z]+)")
_WORD = re.compile(r"[A-Za-z]+")
# A ligature glyph ("fl" in "cash flow") some producers map to no character: pdfium gives
# U+FFFE, its soft-hyphen marker, inside the word ("cash \ufffeow", "O\ufffecer").
_LOST_LIGATURE = re.compile(r"([A-Za-z]*)\ufffe([A-Za-z]+)")
_LIGATURES = ("fi", "fl", "ff", "ffi", "ffl")
# Typographic ligatures ("ﬁscal") and odd spaces some PDF producers emit, as plain letters:
# rules and searches look for "fiscal".
_PLAIN = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
                        "\ufb05": "st", "\ufb06": "st", "\xa0": " ", "\u2002": " ", "\u2003": " ",
                        "\u2009": " ", "\u202f": " "})


@dataclass(frozen=True)
class CleanedPages:
    pages: list[str]
    # The running headers/footers removed, as printed (their commonest spelling), with the
    # number of pages each is on, most pages first: metadata reads the company name a
    # filing repeats there ("Apple Inc. | 2022 Form 10-K | 25").
    running_lines: list[tuple[str, int]]


def clean_document(raw_pages: list[str]) -> CleanedPages:
    pages = lift_foot_headings([_normalise(text) for text in raw_pages])
    furniture = _running_lines(pages)
    running = _as_printed(pages, furniture)
    # rows rebuilt after the edges are stripped: a page number is no amount line
    pages = [rebuild_label_blocks(_strip_edges(text, furniture)) for text in pages]
    vocabulary = {w.lower() for text in pages for w in _WORD.findall(text)}
    pages = [_restore_ligatures(text, vocabulary) for text in pages]
    return CleanedPages([_dehyphenate(text, vocabulary) for text in pages], running)


def clean_pages(raw_pages: list[str]) -> list[str]:
    return clean_document(raw_pages).pages


def running_lines(raw_pages: list[str]) -> list[tuple[str, int]]:
    """`CleanedPages.running_lines` of these pages."""
    return clean_document(raw_pages).running_lines


def _normalise(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    text = text.translate(_PLAIN)
    lines = [part for line in text.split("\n") for part in split_joined_rows(collapse_whitespace(line))]
    return rejoin_word_lines("\n".join(line for line in lines if line))


_LABEL_START = re.compile(r"^[A-Z][a-z]")


def split_joined_rows(line: str) -> list[str]:
    """Statement rows the text layer ran together: pdfium ends no line after a nil cell
    ("Assets held for sale 517 — Total current assets 9,882 8,819"), and some producers end
    none inside a block of rows ("Purchases of property and equipment (651) (666) (626)
    Purchases of investments (28,115) (14,599) (11,212)") or after the column header
    ("(in millions) 2020 2019 2018 Net income $ 10,135 $ 11,083 $ 3,587"). The line is cut
    after an amount when both halves end in as many amounts (two or more: a table's column
    count) and the second starts with a label, so a table keeps one row a line and prose is
    never cut."""
    tokens = line.split()
    for k in range(1, len(tokens) - 2):
        if not is_amount_cell(tokens[k]) or not _LABEL_START.match(tokens[k + 1]):
            continue
        head, tail = " ".join(tokens[: k + 1]), " ".join(tokens[k + 1:])
        columns = trailing_amounts(head)
        if columns >= 2 and trailing_amounts(tail) == columns and _LETTERS.search(" ".join(tokens[: k + 1 - columns])) \
                and not any(t.endswith(",") for t in tokens[-columns:]):
            # ("September 3 — September 30, 2016" is a date range: "30," is a day, not an amount)
            return [head, *split_joined_rows(tail)]
    return [line]


_SCALE_NOTE = re.compile(r"\bin\s+(?:thousands|millions|billions)\b", re.I)
_FOOT_LINES = 5  # a page's heading block: company, statement title, scale note, a caption


def _foot_block(lines: list[str]) -> int | None:
    """Where the heading block printed after a page's last row starts (company, statement title,
    "U.S. dollars in thousands"), or None: short lines that are no rows nor sentences, one of
    them a scale note, with a table row above them."""
    start = len(lines)
    while start > 0 and len(lines) - start < _FOOT_LINES:
        line = lines[start - 1]
        numbered = re.search(r"\d", line) and not _PAGE_NUMBER.match(line)
        if numbered or len(line) > 120 or line.endswith("."):
            break  # a row, a column header or a sentence: the page's content ends here
        start -= 1
    block = lines[start:]
    if start == 0 or not any(_SCALE_NOTE.search(line) for line in block):
        return None
    return start


def lift_foot_headings(pages: list[str]) -> list[str]:
    """Put back at the top the headings a text layer gives last (pypdf's order on some
    reports: the company, the statement's title and "U.S. dollars in thousands" after the
    rows), so the page's table reads its scale and title where readers look for them.

    Only in a document that does it on many pages (the same scale note at the foot of at
    least `_MIN_REPEATS` pages and more often than at their top): a single title at a page's
    foot is the next page's table's (an earnings release's statement continued overleaf)."""
    feet: dict[int, int] = {}
    foot_notes: Counter[str] = Counter()
    top_notes: Counter[str] = Counter()
    for index, text in enumerate(pages):
        lines = text.split("\n")
        top_notes.update({_shape(ln) for ln in lines[:_FOOT_LINES] if _SCALE_NOTE.search(ln)})
        start = _foot_block(lines)
        if start is not None:
            feet[index] = start
            foot_notes.update({_shape(ln) for ln in lines[start:] if _SCALE_NOTE.search(ln)})
    printed_last = {shape for shape, n in foot_notes.items() if n >= _MIN_REPEATS and n > top_notes[shape]}
    if not printed_last:
        return pages
    out = list(pages)
    for index, start in feet.items():
        lines = pages[index].split("\n")
        if any(_shape(ln) in printed_last for ln in lines[start:]):
            # the page number stays last, where furniture is looked for
            heading = [ln for ln in lines[start:] if not _PAGE_NUMBER.match(ln)]
            numbers = [ln for ln in lines[start:] if _PAGE_NUMBER.match(ln)]
            out[index] = "\n".join(heading + lines[:start] + numbers)
    return out


def _shape(line: str) -> str:
    """Line with digits blurred, so 'Page 7' and 'Page 8' are the same running footer."""
    return _DIGITS.sub("#", line.lower())


def _edges(lines: list[str]) -> list[str]:
    if len(lines) <= 2 * _EDGE_LINES:
        return lines
    return lines[:_EDGE_LINES] + lines[-_EDGE_LINES:]


def _running_lines(pages: list[str]) -> set[str]:
    counts: Counter[str] = Counter()
    for text in pages:
        # A table row recurring at a page edge ("Total revenue 1,234 ...") is content.
        counts.update({_shape(ln) for ln in _edges(text.split("\n")) if not is_data_row(ln)})
    threshold = max(_MIN_REPEATS, int(_REPEAT_SHARE * len(pages)))
    return {
        shape
        for shape, n in counts.items()
        if n >= threshold and len(_LETTERS.findall(shape)) >= 4 and not _TABLE_HEADER.search(shape)
    }


def _as_printed(pages: list[str], furniture: set[str]) -> list[tuple[str, int]]:
    printed: dict[str, Counter[str]] = {}
    for text in pages:
        for line in dict.fromkeys(_edges(text.split("\n"))):
            if (shape := _shape(line)) in furniture:
                printed.setdefault(shape, Counter())[line] += 1
    found = [(spellings.most_common(1)[0][0], spellings.total()) for spellings in printed.values()]
    return sorted(found, key=lambda item: -item[1])


def _strip_edges(text: str, furniture: set[str]) -> str:
    lines = text.split("\n")

    def removable(line: str) -> bool:
        return _shape(line) in furniture or bool(_PAGE_NUMBER.match(line))

    # Peel furniture from the top and bottom only; stop at the first line of content.
    for _ in range(_EDGE_LINES):
        if lines and removable(lines[0]):
            lines.pop(0)
    for _ in range(_EDGE_LINES):
        if lines and removable(lines[-1]):
            lines.pop()
    return "\n".join(lines)


def _restore_ligatures(text: str, vocabulary: set[str]) -> str:
    """Put back a ligature the text layer lost ("cash \ufffeow" -> "cash flow").

    The marker becomes the ligature whose letters make a known word: one the document
    prints intact first, else an English or financial word (finrag.known_words). Where no
    ligature makes a word ("non\ufffeGAAP") it stays a hyphen marker for _dehyphenate.
    """
    if "\ufffe" not in text:
        return text

    def restore(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        words = [head + ligature + tail for ligature in _LIGATURES]
        pick = next((w for w in words if w.lower() in vocabulary), None) \
            or next((w for w in words if is_known(w)), None)
        return pick if pick is not None else match.group(0)

    return _LOST_LIGATURE.sub(restore, text)


def _dehyphenate(text: str, vocabulary: set[str]) -> str:
    """Join words split across lines.

    The hyphen is dropped only when the joined word occurs elsewhere in the document
    ("finan-/cial" -> "financial"); compounds such as "long-/term" keep their hyphen.
    """

    def join(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        if (head + tail).lower() in vocabulary:
            return head + tail
        return f"{head}-{tail}"

    text = _HYPHEN_BREAK.sub(join, text)
    # A soft hyphen pdfium left inside a line ("non\ufffeGAAP") is a real hyphen.
    return text.replace(_SOFT_HYPHEN, "-")
