"""The quarter a question names weighs one filing against another, whatever else the
question asks for: on NVIDIA's fiscal 2024 10-K and its 10-Q for the first quarter of
fiscal 2024 (real shared filings), both carrying fiscal year 2024 and a balance sheet the
question's metric boosts alike, "the first quarter of fiscal 2024" picks the 10-Q's.

The quarter's preference multiplies a chunk's score (as the whole-year and dated-filing
preferences do): added to the statement boost, it was diluted by it, and a 10-K's balance
sheet the search ranked a little higher kept the lead.

Nothing is embedded: a store stand-in returns the 10-K's balance sheet above the 10-Q's.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.models import SearchHit
from loaders.document import load_document
from retrieval.retriever import RetrievalOptions, Retriever
from tests.support.ranked_store import NoEmbedding, RankedStore

ANNUAL, QUARTER = "NVIDIA_2024_10-K", "NVIDIA_2024_10-Q_Q1"
ANNUAL_SHEET, QUARTER_SHEET = 53, 4  # the balance sheets


@pytest.fixture(scope="module")
def store(filings_wild_dir) -> RankedStore:
    docs = {name: load_document(filings_wild_dir / "pdfs" / f"{name}.pdf") for name in (ANNUAL, QUARTER)}
    assert {d.meta.fiscal_year for d in docs.values()} == {2024}
    hits = [SearchHit(chunk=c, score=score)
            for name, page, score in ((ANNUAL, ANNUAL_SHEET, 1.0), (QUARTER, QUARTER_SHEET, 0.75))
            for c in docs[name].chunks if c.page == page]
    return RankedStore(hits, list(docs.values()))


def _first_page(store, question: str, tmp_path, **options) -> tuple[str, int]:
    retriever = Retriever(store, NoEmbedding(), load_settings(store_dir=tmp_path / "unused"))
    hit = retriever.retrieve(question, k=10, options=RetrievalOptions(**{"pages": False, **options})).hits[0]
    return hit.chunk.doc, hit.chunk.page


def test_the_quarter_named_picks_that_quarters_statement_over_the_annual_ones(store, tmp_path):
    question = "What were NVIDIA's total current assets at the end of the first quarter of fiscal 2024?"
    assert _first_page(store, question, tmp_path) == (QUARTER, QUARTER_SHEET)
    assert _first_page(store, question, tmp_path, period_boost=0.0) == (ANNUAL, ANNUAL_SHEET)


def test_a_question_naming_no_quarter_keeps_the_search_order(store, tmp_path):
    question = "What were NVIDIA's total current assets in fiscal 2024?"
    assert _first_page(store, question, tmp_path) == (ANNUAL, ANNUAL_SHEET)
