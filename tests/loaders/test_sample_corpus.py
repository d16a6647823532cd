"""The generated sample corpus: what loaders read equals what the generator wrote."""

from __future__ import annotations

from finrag.tokens import MODEL_WINDOW, count_wordpieces
from loaders import load_document, read_document
from samples.truth import load_truth


def test_metadata_and_page_tags_match_the_truth(sample_dir):
    truth = load_truth(sample_dir)
    for expected in truth.documents:
        meta, _pages = read_document(sample_dir / expected.file)
        got = (meta.company, meta.company_legal, meta.ticker, meta.fiscal_year, meta.period_end, meta.form)
        want = (expected.company, expected.company_legal, expected.ticker, expected.fiscal_year,
                expected.period_end, expected.form)
        assert got == want, expected.doc
        assert meta.page_tags == expected.page_tags, expected.doc


def test_sample_chunks_fit_and_point_at_their_pages(sample_dir):
    expected = load_truth(sample_dir).documents[0]
    loaded = load_document(sample_dir / expected.file)
    assert max(count_wordpieces(c.embed_text) for c in loaded.chunks) <= MODEL_WINDOW
    for chunk in loaded.chunks:
        first_line = chunk.text.split("\n")[0]
        assert first_line in loaded.pages[chunk.page].text
