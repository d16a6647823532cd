"""stated_amounts: amounts a filing states in sentences, each with the words that name it.

A deal's prose names an amount by the words around it, up to the numbers beside it in its
sentence: in "Intel contributed ... approximately $1.3 billion and, when taken together with
Intel's commitment for future contributions, will be $14.8 billion in the aggregate, (iii)
Brookfield contributed ... $0.8 billion", $14.8 billion is named by "Intel's commitment for
future contributions ... in the aggregate". A question's phrase for an amount ("Intel's total
aggregate contribution commitment") names the stated amount whose words hold most of its own
(answering.kinds.stated_share, stated_product).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from answering.aspects import split_sentences
from finrag.models import Chunk, SearchHit

# any number in a sentence bounds the words that name the amount beside it
_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?")
_STOP = frozenset((
    "the", "a", "an", "of", "to", "and", "or", "in", "on", "at", "by", "for", "with", "from", "its", "their",
    "his", "her", "this", "that", "which", "what", "share", "shares", "percent", "percentage", "proportion",
    "portion", "fraction", "was", "were", "is", "are", "be", "been", "has", "had", "have", "will", "would",
    "did", "does", "do", "as", "into", "than",
))
_NEAR = 8  # words this close to an amount name it more surely than words further along its sentence
_STEM = 6  # words sharing their first letters are one word: "contribution", "contributed", "contributions"
MIN_WORDS = 2


def stems(text: str) -> set[str]:
    """The content words of a text, each cut to its first letters."""
    words = re.findall(r"[a-z][a-z&'’]*", text.lower())
    return {w.removesuffix("'s").removesuffix("’s")[:_STEM] for w in words if w not in _STOP and len(w) > 2}


class Stated:
    """One amount stated in a sentence, with the words that name it."""

    def __init__(self, value: float, text: str, words: set[str], near: set[str], sentence: str, chunk: Chunk):
        self.value, self.text, self.sentence, self.chunk = value, text, sentence, chunk
        self.words = words  # up to the numbers beside it
        self.near = near  # of those, the ones within a few words of it

    def score(self, wanted: set[str]) -> int:
        """How well a phrase's words name it: each word it shares, twice when near."""
        return len(self.words & wanted) + len(self.near & wanted)


def stated(hits: list[SearchHit], pattern: re.Pattern[str], value_of: Callable[[re.Match[str]], float | None]
           ) -> list[Stated]:
    """Every amount `pattern` finds in the hits' sentences, valued by `value_of` (None: not one)."""
    found: list[Stated] = []
    for hit in hits:
        for sentence in split_sentences(hit.chunk.text):
            bounds = [(m.start(), m.end()) for m in _NUMBER.finditer(sentence)]
            for m in pattern.finditer(sentence):
                value = value_of(m)
                if value is None:
                    continue
                before = max((end for _, end in bounds if end <= m.start()), default=0)
                after = min((start for start, _ in bounds if start >= m.end()), default=len(sentence))
                left, right = sentence[before:m.start()], sentence[m.end():after]
                words = stems(left) | stems(right)
                near = stems(" ".join(left.split()[-_NEAR:])) | stems(" ".join(right.split()[:_NEAR]))
                found.append(Stated(value, m.group(0), words, near, sentence, hit.chunk))
    return found


def named(amounts: list[Stated], phrase: str, other_than: float | None = None) -> Stated | None:
    """The amount the phrase names: most of its words (near ones counting twice), at least two
    and half of them (or all of a shorter phrase's), and more than any amount of another value."""
    wanted = stems(phrase)
    scored = sorted(((a.score(wanted), a) for a in amounts if a.value != other_than), key=lambda s: -s[0])
    if not scored or len(scored[0][1].words & wanted) < min(max(MIN_WORDS, (len(wanted) + 1) // 2), len(wanted)):
        return None  # named by too few of the phrase's words: "outstanding" alone names no count of shares
    best_score, best = scored[0]
    if any(score == best_score and a.value != best.value for score, a in scored[1:]):
        return None  # two amounts named alike: which one is meant is not settled
    return best
