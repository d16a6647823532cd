"""A day (or, for an 8-K, a month) the question names points to the one filing whose period
ends (or which is dated) then, on real shared filings of Patriot Transportation:

- its fiscal 2015 10-K (period ends 2015-09-30) and its 10-Q for the quarter ended
  December 31, 2014 (fiscal 2015's first quarter): "the three months ended December 31,
  2014" names neither a quarter nor a form, and the year it reads (fiscal 2015) is the
  10-K's as well, whose whole year is preferred;
- its 8-K of November 1, 2023 (the merger agreement) and its fiscal 2023 fourth-quarter
  release: "agreed in November 2023" names the 8-K's month, not its day.

Nothing is embedded: a store stand-in returns the wrong filing's page a little above the
right one's (as a search on the words both share does), and the retriever's boosts decide.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.models import SearchHit
from loaders.document import load_document
from retrieval.periods import parse_months
from retrieval.retriever import RetrievalOptions, Retriever
from tests.support.ranked_store import NoEmbedding, RankedStore

ANNUAL = "PatriotTransportation_2015_10-K"
QUARTER = "PatriotTransportation_2015_10-Q_Q1"
ANNUAL_PAGE, QUARTER_PAGE = 55, 4  # the statements of income
EIGHT_K = "PatriotTransportation_2023_8-K"
RELEASE = "PatriotTransportation_2023_EarningsRelease_Q4"


@pytest.fixture(scope="module")
def docs(filings_wild_dir) -> dict:
    docs = {name: load_document(filings_wild_dir / "pdfs" / f"{name}.pdf")
            for name in (ANNUAL, QUARTER, EIGHT_K, RELEASE)}
    assert docs[QUARTER].meta.period_end == "2014-12-31"
    assert docs[EIGHT_K].meta.period_end == "2023-11-01"
    return docs


class DocScopedStore(RankedStore):
    """The stated order for an unscoped search; a search scoped to filings (`docs`) returns
    those filings' hits of `scoped` only, as the store's filter does."""

    def __init__(self, hits, documents, scoped):
        super().__init__(hits, documents)
        self._scoped = scoped
        self.scoped_searches: list[list[str]] = []

    def query(self, dense, sparse, filters=None, k=8, mode="hybrid", fusion="rrf", prefetch_k=None):
        if filters is not None and filters.docs:
            self.scoped_searches.append(list(filters.docs))
            return [h.model_copy() for h in self._scoped if h.chunk.doc in filters.docs][:k]
        return super().query(dense, sparse, filters, k, mode, fusion, prefetch_k)


def _hits(docs: dict, order: tuple[tuple[str, int, float], ...]) -> list[SearchHit]:
    return [SearchHit(chunk=chunk, score=score)
            for name, page, score in order for chunk in docs[name].chunks if chunk.page == page]


def _first_page(store, question: str, tmp_path, **options) -> tuple[str, int]:
    retriever = Retriever(store, NoEmbedding(), load_settings(store_dir=tmp_path / "unused"))
    hit = retriever.retrieve(question, k=10, options=RetrievalOptions(**{"pages": False, **options})).hits[0]
    return hit.chunk.doc, hit.chunk.page


QUARTER_QUESTION = "What was Patriot Transportation Holding's net income for the three months ended December 31, 2014?"


def test_a_named_day_that_a_quarter_ends_on_prefers_that_quarters_filing(docs, tmp_path):
    store = RankedStore(_hits(docs, ((ANNUAL, ANNUAL_PAGE, 1.0), (QUARTER, QUARTER_PAGE, 0.95))),
                        list(docs.values()))
    assert _first_page(store, QUARTER_QUESTION, tmp_path) == (QUARTER, QUARTER_PAGE)
    # Without it (nor the quarterly kind "three months ended" asks for), the quarter the day ends is still read as
    # the held 10-Q's period (retrieval.query_understanding.dated_quarters), which lifts that filing too.
    assert _first_page(store, QUARTER_QUESTION, tmp_path, date_boost=0.0, kind_boost=0.0) == (QUARTER, QUARTER_PAGE)
    # The kind alone lifts the 10-Q too.
    assert _first_page(store, QUARTER_QUESTION, tmp_path, date_boost=0.0) == (QUARTER, QUARTER_PAGE)


def test_a_dated_filing_the_search_left_out_of_the_pool_is_searched_on_its_own(docs, tmp_path):
    # The search's pool holds only the 10-K (a longer filing sharing more of the words).
    store = DocScopedStore(_hits(docs, ((ANNUAL, ANNUAL_PAGE, 1.0),)), list(docs.values()),
                           scoped=_hits(docs, ((QUARTER, QUARTER_PAGE, 0.9),)))
    assert _first_page(store, QUARTER_QUESTION, tmp_path) == (QUARTER, QUARTER_PAGE)
    assert store.scoped_searches == [[QUARTER]]


def test_a_question_naming_no_day_searches_no_filing_on_its_own(docs, tmp_path):
    store = DocScopedStore(_hits(docs, ((ANNUAL, ANNUAL_PAGE, 1.0),)), list(docs.values()),
                           scoped=_hits(docs, ((QUARTER, QUARTER_PAGE, 0.9),)))
    question = "What was Patriot Transportation Holding's net income for fiscal year 2015?"
    assert _first_page(store, question, tmp_path) == (ANNUAL, ANNUAL_PAGE)
    assert store.scoped_searches == []


def test_a_month_named_without_a_day_points_to_the_8k_of_that_month(docs, tmp_path):
    store = RankedStore(_hits(docs, ((RELEASE, 0, 1.0), (EIGHT_K, 0, 0.95))), list(docs.values()))
    question = ("Why did Patriot Transportation Holding agree in November 2023 to be acquired by "
                "United Petroleum Transports?")
    assert _first_page(store, question, tmp_path) == (EIGHT_K, 0)
    assert _first_page(store, question, tmp_path, date_boost=0.0) == (RELEASE, 0)


@pytest.mark.parametrize(("text", "months"), [
    ("announced a restructuring plan in January 2023, according to", ["2023-01"]),
    ("in Jan. 2021 and again in March 2022", ["2021-01", "2022-03"]),
    ("its January 6, 2023 Form 8-K", []),  # a day, not a month
    ("as of 31 March 2022", []),
    ("as of 31st March 2022", []),
    ("the rate may 2023 be lower", []),  # "may" is not the month
])
def test_months_named_without_a_day(text, months):
    assert parse_months(text) == months


def test_a_month_just_after_an_annual_period_searches_that_years_report_on_its_own(docs, tmp_path):
    # the report on a year is filed in the months after it ends and tells what happened then (a dividend
    # raised in February, in the report on the year before): its pages join a pool that left them out
    store = DocScopedStore(_hits(docs, ((QUARTER, QUARTER_PAGE, 1.0),)), list(docs.values()),
                           scoped=_hits(docs, ((ANNUAL, ANNUAL_PAGE, 0.9),)))
    Retriever(store, NoEmbedding(), load_settings(store_dir=tmp_path / "unused")).retrieve(
        "Did Patriot Transportation Holding announce a special dividend in November 2015?", k=10,
        options=RetrievalOptions(pages=False))
    assert store.scoped_searches == [[ANNUAL]]  # fiscal 2015 ended September 30, 2015
    store.scoped_searches.clear()
    Retriever(store, NoEmbedding(), load_settings(store_dir=tmp_path / "unused")).retrieve(
        "Did Patriot Transportation Holding announce a special dividend in May 2016?", k=10,
        options=RetrievalOptions(pages=False))
    assert store.scoped_searches == []  # eight months on: the next year's report tells it


def test_a_month_a_held_report_covers_is_told_there_not_in_the_report_before():
    from finrag.models import CatalogFiling
    from retrieval.retriever import _uncovered

    annual = CatalogFiling(doc="a", form="10-K", fiscal_year=2022, period_end="2022-09-30")
    quarter = CatalogFiling(doc="q", form="10-Q", fiscal_year=2023, period_end="2022-12-31")
    assert _uncovered(["2022-11"], [annual]) == ["2022-11"]
    assert _uncovered(["2022-11"], [annual, quarter]) == []  # the December quarter's 10-Q tells November
