"""Which of a company's filings a question's period points to, on two real shared filings:
Patriot Transportation's fiscal 2015 10-K and its 10-Q for the first quarter of the same
fiscal year. Both carry fiscal year 2015, so the year alone cannot choose.

Nothing is embedded: a store stand-in returns the 10-Q's statement page a little above the
10-K's (as a search on the words both share does), and the retriever's own boosts decide.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.models import SearchHit
from loaders.document import load_document
from retrieval.retriever import RetrievalOptions, Retriever
from tests.support.ranked_store import NoEmbedding, RankedStore

ANNUAL = "PatriotTransportation_2015_10-K"
QUARTER = "PatriotTransportation_2015_10-Q_Q1"
# The statements of income: the 10-K's for fiscal 2015 (p.56) and the 10-Q's for its first quarter (p.5).
ANNUAL_PAGE, QUARTER_PAGE = 55, 4


@pytest.fixture(scope="module")
def docs(filings_wild_dir) -> dict:
    docs = {name: load_document(filings_wild_dir / "pdfs" / f"{name}.pdf") for name in (QUARTER, ANNUAL)}
    assert {d.meta.fiscal_year for d in docs.values()} == {2015}  # the year alone cannot choose
    assert {d.meta.period for d in docs.values()} == {"FY2015", "2015Q1"}
    return docs


def _ranked(docs: dict, order: tuple[tuple[str, int, float], ...]) -> RankedStore:
    hits = [
        SearchHit(chunk=chunk, score=score)
        for name, page, score in order
        for chunk in docs[name].chunks if chunk.page == page
    ]
    return RankedStore(hits, list(docs.values()))


@pytest.fixture(scope="module")
def store(docs) -> RankedStore:
    return _ranked(docs, ((QUARTER, QUARTER_PAGE, 1.0), (ANNUAL, ANNUAL_PAGE, 0.9)))


@pytest.fixture(scope="module")
def annual_first(docs) -> RankedStore:
    """The search puts the 10-K's page a little above the 10-Q's."""
    return _ranked(docs, ((ANNUAL, ANNUAL_PAGE, 1.0), (QUARTER, QUARTER_PAGE, 0.95)))


def _first_page(store: RankedStore, question: str, tmp_path, **options) -> tuple[str, int]:
    retriever = Retriever(store, NoEmbedding(), load_settings(store_dir=tmp_path / "unused"))
    hit = retriever.retrieve(question, k=10, options=RetrievalOptions(**{"pages": False, **options})).hits[0]
    return hit.chunk.doc, hit.chunk.page


def test_a_fiscal_year_question_gets_the_annual_report_not_a_quarter_of_that_year(store, tmp_path):
    question = "What was Patriot Transportation Holding's net income for fiscal year 2015?"
    assert _first_page(store, question, tmp_path) == (ANNUAL, ANNUAL_PAGE)
    # Without the whole-year preference the quarter's page keeps the lead the search gave it.
    assert _first_page(store, question, tmp_path, annual_boost=0.0) == (QUARTER, QUARTER_PAGE)


@pytest.mark.parametrize("question", [
    "What was Patriot Transportation Holding's net income in the first quarter of fiscal 2015?",
    "What was Patriot Transportation Holding's net income for fiscal 2015 according to its 10-Q?",
    "What adjusted net income did Patriot Transportation Holding report for fiscal 2015?",
])
def test_a_quarter_a_quarterly_form_or_a_release_measure_keeps_the_quarter(store, tmp_path, question):
    assert _first_page(store, question, tmp_path) == (QUARTER, QUARTER_PAGE)


def test_a_question_about_a_quarter_it_does_not_name_prefers_the_quarterly_filing(annual_first, tmp_path):
    # "the quarter" names no period to match, but it asks for a 10-Q's figures, not a year's.
    question = "How did Patriot Transportation Holding's revenues change in the quarter, fiscal 2015?"
    assert _first_page(annual_first, question, tmp_path) == (QUARTER, QUARTER_PAGE)
    # Without the filing-kind boost the 10-K's page keeps the lead the search gave it.
    assert _first_page(annual_first, question, tmp_path, kind_boost=0.0) == (ANNUAL, ANNUAL_PAGE)
