"""Sparse vectors: BM25 term weights with stemming, stable term indices."""

from __future__ import annotations

import subprocess
import sys

from finrag.sparse import document_vector, query_vector, term_index, tokenize


def _weight(vec, term: str) -> float:
    return dict(zip(vec.indices, vec.values, strict=True)).get(term_index(term), 0.0)


def test_numbers_are_kept_whole_without_separators():
    tokens = tokenize("Net revenue was $1,577.00 million in 2022, margin 24.26%")
    assert "1577" in tokens
    assert "2022" in tokens
    assert "24.26" in tokens
    assert tokenize("1,577") == tokenize("1577") == tokenize("1577.00")


def test_english_and_russian_words_are_stemmed():
    assert tokenize("revenues")[0] == tokenize("revenue")[0]
    assert tokenize("Operating")[0] == tokenize("operate")[0]
    assert tokenize("выручка")[0] == tokenize("выручки")[0]
    assert tokenize("выручка")[0] != tokenize("revenue")[0]


def test_stopwords_carry_no_weight_in_queries():
    assert tokenize("What was the revenue of the company") == tokenize("revenue company")


def test_document_weights_saturate_with_repetition():
    once = _weight(document_vector("revenue grew"), "revenu")
    twice = _weight(document_vector("revenue revenue grew"), "revenu")
    assert once < twice < 2 * once


def test_longer_documents_weigh_a_term_less():
    short = document_vector("capital expenditures " + "cash " * 20)
    long = document_vector("capital expenditures " + "cash " * 400)
    assert _weight(long, "capit") < _weight(short, "capit")


def test_vectors_have_unique_sorted_indices_and_query_weights_one():
    doc = document_vector("Revenue revenue REVENUES and 2022 and 2022 net income")
    assert doc.indices == sorted(set(doc.indices))
    assert all(v > 0 for v in doc.values)
    query = query_vector("revenue revenues 2022")
    assert query.values == [1.0, 1.0]
    assert set(query.indices) <= set(doc.indices)


def test_empty_text_gives_empty_vectors():
    assert document_vector("  -- . ").is_empty()
    assert query_vector("the of").is_empty()


def test_indices_are_the_same_in_another_process():
    text = "PepsiCo net revenue 2022 выручка"
    code = (
        "from finrag.sparse import document_vector;"
        f"v = document_vector({text!r}); print(v.indices)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(document_vector(text).indices)
