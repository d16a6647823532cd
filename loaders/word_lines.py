"""Statement rows a text layer gave one word a line, put back on one line.

Some producers end a line after every word of a label set in another font (bold subtotals,
titles): "Total\\ncurrent\\nassets 6,281\\n6,164" is the row "Total current assets 6,281 6,164",
and "CONSOLIDATED\\nBALANCE\\nSHEETS" the statement's title. Read as printed, the row is
"assets 6,281" (a look-alike of total assets) with its prior-year amount lost, and the page
carries no title. Only a page made that way (several runs of one-word lines) is rejoined:
the run's words make one line, a heading's case or a scale note "(in millions)" starting
a new one; the run ends in the row when the next line is one word and amounts only; and
amount-only lines after it complete the row up to the page's column count.
"""

from __future__ import annotations

import re
from collections import Counter

from loaders.lines import is_amount_cell, trailing_amounts

_MIN_RUN = 3  # one-word lines in a row that make a run
_MIN_RUNS = 3  # runs a page needs before it is read as made that way
_MIN_ROWS = 5  # rows of two amounts or more: a page of statement rows
# a token inside a run that has no letter: "ITEM 6.", "December 31,"
_RUN_NUMBER = re.compile(r"\d{1,2}[.,]")
_CONNECTORS = frozenset({"of", "and", "to", "the", "for", "in", "on", "from"})
_SCALE_OPENING = re.compile(r"\((?:in|dollars|amounts)\b", re.I)


def rejoin_word_lines(text: str) -> str:
    lines = text.split("\n")
    if _runs(lines) < _MIN_RUNS or sum(trailing_amounts(line) >= 2 for line in lines) < _MIN_ROWS:
        return text  # a cover page or prose set word by word is left alone: only a table's rows are put back
    columns = _column_count(lines)
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _one_word(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and (_one_word(lines[j]) or (j > i and _RUN_NUMBER.fullmatch(lines[j].strip()))):
            j += 1
        words = [lines[k].strip() for k in range(i, j)]
        row_end = _split_row_end(lines, j, columns)
        if row_end is None and j < len(lines) and words[-1].lower() in _CONNECTORS and _word_and_amounts(lines[j]):
            row_end = j + 1  # "Preferred Stock of" / "Subsidiary 252 252": the label runs on
        if row_end is not None and _same_case(words[-1], lines[j].split()[0]):
            segments = _segments(words)
            row = " ".join([*segments[-1], *(line.strip() for line in lines[j:row_end])])
            out.extend([*(" ".join(s) for s in segments[:-1]), row])
            j = row_end
        elif j - i >= 2:
            out.extend(" ".join(s) for s in _segments(words))
        else:
            out.append(lines[i])
        i = j
    return "\n".join(out)


def _split_row_end(lines: list[str], j: int, columns: int) -> int | None:
    """Where a row split over lines ends, when line j opens it: one word and fewer amounts than
    the page's columns ("assets 6,281"), the rest on amount-only lines that make up the count
    exactly ("6,164"). A row printed whole on its line ("Electric 55,133 52,556") is no part of
    the words above it (a heading)."""
    if j >= len(lines) or not columns or not _word_and_amounts(lines[j]):
        return None
    count = trailing_amounts(lines[j])
    k = j + 1
    while count < columns and k < len(lines) and _amounts_only(lines[k]):
        count += trailing_amounts(lines[k])
        k += 1
    return k if k > j + 1 and count == columns else None


def _one_word(line: str) -> bool:
    tokens = line.split()
    return len(tokens) == 1 and bool(re.search(r"[A-Za-z]", tokens[0])) and not is_amount_cell(tokens[0])


def _runs(lines: list[str]) -> int:
    runs, length = 0, 0
    for line in [*lines, ""]:
        if _one_word(line):
            length += 1
            continue
        runs += length >= _MIN_RUN
        length = 0
    return runs


def _column_count(lines: list[str]) -> int:
    """The page's commonest count of amounts a row ends in (two or more: a table's columns)."""
    counts = Counter(n for line in lines if (n := trailing_amounts(line)) >= 2 and re.search(r"[A-Za-z]", line))
    return counts.most_common(1)[0][0] if counts else 0


def _letters(word: str) -> bool:
    return re.search(r"[A-Za-z]", word) is not None


def _upper(word: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", word)
    return len(letters) >= 2 and letters.isupper()


def _same_case(a: str, b: str) -> bool:
    return _upper(a) == _upper(b)


def _segments(words: list[str]) -> list[list[str]]:
    """A run's words cut into lines: where a heading's capitals start or stop ("PG&E Corporation" /
    "CONSOLIDATED BALANCE SHEETS"), and around a scale note ("(in millions)"). A short word in
    capitals ("PG&E", "OF", "AND") goes with the words after it when the case turns there."""
    segments: list[list[str]] = [[]]
    in_note = False
    case: bool | None = None  # the last cased word's: capitals or not
    neutral = 0  # short capitals ending the current segment
    for word in words:
        opens_note = _SCALE_OPENING.match(word) is not None
        cased = None if not _letters(word) or _short_capitals(word) else _upper(word)
        if segments[-1] and opens_note:
            segments.append([])
        elif not in_note and cased is not None and case is not None and cased != case:
            moved = segments[-1][len(segments[-1]) - neutral:] if neutral else []
            del segments[-1][len(segments[-1]) - len(moved):]
            segments.append(moved)
        segments[-1].append(word)
        neutral = neutral + 1 if cased is None and _letters(word) else 0 if cased is not None else neutral
        case = cased if cased is not None else case
        in_note = in_note or opens_note
        if in_note and word.endswith(")"):
            in_note, case, neutral = False, None, 0
            segments.append([])
    return [s for s in segments if s]


def _short_capitals(word: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", word)
    return letters.isupper() and (len(letters) <= 3 or "&" in word)


def _word_and_amounts(line: str) -> bool:
    tokens = line.split()
    return len(tokens) >= 2 and re.search(r"[A-Za-z]", tokens[0]) is not None \
        and all(is_amount_cell(t) or t == "$" for t in tokens[1:]) and trailing_amounts(line) >= 1


def _amounts_only(line: str) -> bool:
    tokens = line.split()
    return bool(tokens) and all(is_amount_cell(t) or t == "$" for t in tokens) and trailing_amounts(line) >= 1
