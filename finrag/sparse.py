"""BM25-style sparse vectors for Qdrant's sparse index.

A document vector holds BM25's saturated term frequency per term; the IDF half of
BM25 is applied by Qdrant at query time (`Modifier.IDF` on the "sparse" vector), so
adding documents never requires re-weighting the ones already stored. A query vector
weighs each unique term 1, making the score the sum of IDF x saturated-tf: plain BM25.

Term indices are a stable hash of the stemmed token, so vectors written by one process
match queries built by another (Python's `hash()` is salted per process).
"""

from __future__ import annotations

import re
import threading
import zlib
from collections import Counter
from functools import lru_cache

import snowballstemmer
from pydantic import BaseModel, Field

K1 = 1.2
B = 0.75
# Chunks are ~200-250 tokens; a fixed assumed average keeps document vectors independent
# of the rest of the corpus (the true average would change with every ingest).
ASSUMED_AVG_TOKENS = 200.0

# Numbers with thousands separators or decimals ("1,577", "24.26"), or runs of letters
# (any script: Latin and Cyrillic both count as \w minus digits and underscore).
_TOKEN = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?|[^\W\d_]+(?:'[^\W\d_]+)?")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")

# Only the commonest function words: IDF already discounts frequent terms, but a query
# vector gives every term weight 1, and words like "the" only add noise there.
_STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "for", "from",
    "has", "have", "how", "in", "is", "it", "its", "of", "on", "or", "that", "the", "this",
    "to", "was", "were", "what", "which", "with",
})


class SparseVec(BaseModel):
    indices: list[int] = Field(default_factory=list)
    values: list[float] = Field(default_factory=list)

    def is_empty(self) -> bool:
        return not self.indices


# Snowball stemmers keep per-call state: one per thread and language, never shared.
_THREAD = threading.local()


def stemmer(language: str) -> snowballstemmer.stemmer:
    stemmers = _THREAD.__dict__.setdefault("stemmers", {})
    if language not in stemmers:
        stemmers[language] = snowballstemmer.stemmer(language)
    return stemmers[language]


@lru_cache(maxsize=200_000)
def _normalize(raw: str) -> str | None:
    token = raw.lower().replace("'", "")
    if token[0].isdigit():
        # "1,577", "1577" and "1577.00" are the same number to a reader.
        number = token.replace(",", "")
        return re.sub(r"\.0+$", "", number)
    if token in _STOPWORDS or len(token) < 2:
        return None
    language = "russian" if _CYRILLIC.search(token) else "english"
    return stemmer(language).stemWord(token)


def tokenize(text: str) -> list[str]:
    """Lower-cased, stemmed terms; numbers kept whole without separators ("1,577" -> "1577")."""
    terms = (_normalize(m.group()) for m in _TOKEN.finditer(text))
    return [t for t in terms if t]


def term_index(term: str) -> int:
    """Stable across processes and machines (crc32), within Qdrant's uint32 index range."""
    return zlib.crc32(term.encode("utf-8")) % (2**31)


def _by_index(terms: list[str]) -> Counter[int]:
    # Two terms hashing to the same index are merged rather than emitted twice:
    # Qdrant rejects sparse vectors with duplicate indices.
    return Counter(term_index(t) for t in terms)


def document_vector(text: str) -> SparseVec:
    terms = tokenize(text)
    if not terms:
        return SparseVec()
    norm = K1 * (1 - B + B * len(terms) / ASSUMED_AVG_TOKENS)
    counts = sorted(_by_index(terms).items())
    return SparseVec(
        indices=[i for i, _ in counts],
        values=[tf * (K1 + 1) / (tf + norm) for _, tf in counts],
    )


def query_vector(text: str) -> SparseVec:
    indices = sorted(_by_index(tokenize(text)))
    return SparseVec(indices=indices, values=[1.0] * len(indices))
