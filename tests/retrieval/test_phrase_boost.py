"""With `phrase_boost` (an option, off by default: it cost answers, see RetrievalOptions),
the first stage lifts a chunk that has the question's terms side by side ("joint
venture", "going concern") over one that only shares them apart, on a real shared filing
(Accuray's fiscal 2022 10-K): the MD&A paragraph headed "Joint Venture" answers "what is
Accuray's joint venture in China", Note 1 (the company and its business in China), which a
search ranked a little above it, does not. A pair most of the candidates share (the company's name beside a word)
counts for nothing.

Nothing is embedded: a store stand-in returns the search's order as stated here.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.models import SearchHit
from loaders.document import load_document
from retrieval.retriever import RetrievalOptions, Retriever, phrase_shares
from tests.support.ranked_store import NoEmbedding, RankedStore

DOC = "Accuray_2022_10-K"
COMPANY_NOTE, JOINT_VENTURE = 99, 75  # Note 1 (the company, its China business) and the MD&A


@pytest.fixture(scope="module")
def accuray(filings_wild_dir):
    return load_document(filings_wild_dir / "pdfs" / f"{DOC}.pdf")


def _first_page(doc, ranked: list[int], question: str, tmp_path, **options) -> int:
    hits = [SearchHit(chunk=c, score=1.0 - 0.1 * i) for i, page in enumerate(ranked)
            for c in doc.chunks if c.page == page]
    retriever = Retriever(RankedStore(hits, [doc]), NoEmbedding(), load_settings(store_dir=tmp_path / "s"))
    return retriever.retrieve(question, k=10, options=RetrievalOptions(**{"pages": False, **options})).hits[0].chunk.page


def test_the_chunk_with_the_questions_phrase_wins_over_a_slightly_better_search_hit(accuray, tmp_path):
    question = "What is Accuray's joint venture in China, and who is its partner?"
    ranked = [COMPANY_NOTE, JOINT_VENTURE]
    assert _first_page(accuray, ranked, question, tmp_path, phrase_boost=0.3) == JOINT_VENTURE
    assert _first_page(accuray, ranked, question, tmp_path) == COMPANY_NOTE  # the default: off


def test_phrase_shares_weigh_a_pair_by_how_few_texts_have_it():
    texts = [
        "Acme Corp joint venture in China with its partner",
        "Acme Corp revenue and joint costs",
        "Acme Corp venture capital",
        "Acme Corp annual report",
    ]
    shares = phrase_shares("What is Acme Corp's joint venture in China?", texts)
    # "acme corp" is in every text: it tells them nothing apart, so the others score 0.
    assert shares[0] == 1.0 and shares[1:] == [0.0, 0.0, 0.0]
    assert phrase_shares("revenue", texts) == [0.0] * 4  # a one-word question has no pair
