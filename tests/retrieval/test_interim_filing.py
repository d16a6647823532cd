"""A question about a quarter or an interim period points to the interim report, on real
shared filings of PT Adhi Karya (Indonesian-language statements):

- its Q1 2009 statements (a one-page newspaper publication: no form the loader can name,
  "other", and a period end read as June 30, 2009 from a stray heading) against its 2009
  audited annual statements (form "annual", period ending December 31, 2009): the Q1
  report is an interim report because its period ends off the month its company's annual
  reports end in, so "the first quarter of 2009" prefers it (`interim_filings`);
- its statements for the nine months ended September 30, 2011: "the first nine months of
  2011" names that day as the period's end (`parse_dates`), though no quarter or date.

And "PT Adhi Karya", as questions name it, is the company filed as "PT ADHI KARYA
(Persero) Tbk.": "Persero" is a legal-form word, as "Tbk" is.

Nothing is embedded: a store stand-in returns the wrong filing's page a little above the
right one's (as a search on the words both share does), and the retriever's boosts decide.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.models import SearchHit
from loaders.document import load_document
from retrieval.periods import parse_dates
from retrieval.query_understanding import understand
from retrieval.retriever import RetrievalOptions, Retriever, interim_filings
from retrieval.sections import question_needs
from tests.support.ranked_store import NoEmbedding, RankedStore, catalog_of

ANNUAL = "AdhiKarya_2009_AnnualFinancialStatements"
QUARTER = "AdhiKarya_2009_FinancialStatements_Q1"
NINE_MONTHS = "AdhiKarya_2011_FinancialStatements_Q3"
ANNUAL_INCOME_PAGE, ANNUAL_INTEREST_NOTE_PAGE = 5, 74
RELEASE_2013 = "AdhiKarya_2013_PressRelease"
ANNUAL_2013 = "AdhiKarya_2013_AnnualFinancialStatements"
ANNUAL_2013_NOTE_PAGE = 60  # a note of the audited statements, no statement page


@pytest.fixture(scope="module")
def docs(filings_wild_dir) -> dict:
    docs = {name: load_document(filings_wild_dir / "pdfs" / f"{name}.pdf") for name in (ANNUAL, QUARTER, NINE_MONTHS)}
    assert docs[QUARTER].meta.form == "other" and docs[QUARTER].meta.period_end != "2009-03-31"
    assert docs[NINE_MONTHS].meta.period_end == "2011-09-30"
    return docs


def _hits(docs: dict, order: tuple[tuple[str, int, float], ...]) -> list[SearchHit]:
    return [SearchHit(chunk=chunk, score=score)
            for name, page, score in order for chunk in docs[name].chunks if chunk.page == page]


def _first_page(store, question: str, tmp_path, **options) -> tuple[str, int]:
    retriever = Retriever(store, NoEmbedding(), load_settings(store_dir=tmp_path / "unused"))
    hit = retriever.retrieve(question, k=10, options=RetrievalOptions(**{"pages": False, **options})).hits[0]
    return hit.chunk.doc, hit.chunk.page


def test_an_unnamed_form_ending_off_the_fiscal_year_end_is_an_interim_report(docs):
    assert interim_filings(catalog_of(list(docs.values()))) == {QUARTER, NINE_MONTHS}
    # Without an annual report of its company, nothing says where its fiscal year ends.
    assert interim_filings(catalog_of([docs[QUARTER], docs[NINE_MONTHS]])) == set()


def test_a_quarter_asked_prefers_the_interim_report_over_the_years_annual_report(docs, tmp_path):
    # The annual report's note on interest and finance costs (page 74, counted from 0) shares the question's
    # words; the Q1 publication's one page is the answer.
    store = RankedStore(_hits(docs, ((ANNUAL, ANNUAL_INTEREST_NOTE_PAGE, 1.0), (QUARTER, 0, 0.9))),
                        [docs[ANNUAL], docs[QUARTER]])
    question = "PT Adhi Karya posted an operating loss in Q1 2009 yet a pre-tax profit. What explains the difference?"
    assert _first_page(store, question, tmp_path) == (QUARTER, 0)
    assert _first_page(store, question, tmp_path, interim_kind=False) == (ANNUAL, ANNUAL_INTEREST_NOTE_PAGE)


def test_a_year_asked_alone_keeps_the_annual_report(docs, tmp_path):
    store = RankedStore(_hits(docs, ((ANNUAL, ANNUAL_INTEREST_NOTE_PAGE, 1.0), (QUARTER, 0, 0.9))),
                        [docs[ANNUAL], docs[QUARTER]])
    question = "PT Adhi Karya's finance costs rose in 2009. What explains the difference?"
    assert _first_page(store, question, tmp_path) == (ANNUAL, ANNUAL_INTEREST_NOTE_PAGE)


def test_the_first_nine_months_of_a_year_point_to_the_report_ending_in_september(docs, tmp_path):
    store = RankedStore(_hits(docs, ((ANNUAL, ANNUAL_INCOME_PAGE, 1.0), (NINE_MONTHS, 4, 0.75))),
                        list(docs.values()))
    question = ("PT Adhi Karya's revenue grew slightly in the first nine months of 2011, yet its net "
                "profit fell sharply. What drove the decline?")
    assert _first_page(store, question, tmp_path) == (NINE_MONTHS, 4)
    assert _first_page(store, question, tmp_path, date_boost=0.0, interim_kind=False) == (ANNUAL, ANNUAL_INCOME_PAGE)


@pytest.mark.parametrize(("text", "dates", "kind"), [
    ("revenue in the first nine months of 2011", ["2011-09-30"], "quarterly"),
    ("net profit in the first half of 2012", ["2012-06-30"], "quarterly"),
    ("sales for the first three months of calendar 2020", ["2020-03-31"], "quarterly"),
    ("revenue in the six months ended June 30, 2012", ["2012-06-30"], "quarterly"),
    # A fiscal year may start in any month: its first nine months end on no day the words give.
    ("revenue in the first nine months of fiscal 2024", [], "quarterly"),
    ("revenue in fiscal 2011", [], None),
])
def test_an_interim_period_counted_from_january_names_its_end(text, dates, kind):
    assert parse_dates(text) == dates
    assert question_needs(text, []).filing_kind == kind


def test_persero_is_a_legal_form_word_in_a_company_mention(docs, filings_wild_dir):
    # The press release is filed as "PT Adhi Karya (Persero)", the statements as "PT ADHI
    # KARYA (Persero)": two catalog entries, both the company "PT Adhi Karya" names.
    release = load_document(filings_wild_dir / "pdfs" / f"{RELEASE_2013}.pdf")
    catalog = catalog_of([*docs.values(), release])
    u = understand("What cash dividend per share did PT Adhi Karya announce for fiscal year 2013?", catalog)
    assert sorted(u.companies) == ["PT ADHI KARYA (Persero)", "PT Adhi Karya (Persero)"]
    assert not u.missing_companies


@pytest.mark.parametrize(("text", "kind"), [
    ("What special items affected McDonald's full-year 2022 results?", "release"),
    ("What was Intel's free cash flow for full year 2022?", "release"),
    ("What was Intel's free cash flow for fiscal year 2022?", None),
])
def test_full_year_is_how_a_release_names_its_year(text, kind):
    assert question_needs(text, []).filing_kind == kind


def test_a_full_year_question_prefers_the_years_release_over_its_annual_report(filings_wild_dir, tmp_path):
    docs = {name: load_document(filings_wild_dir / "pdfs" / f"{name}.pdf") for name in (ANNUAL_2013, RELEASE_2013)}
    assert docs[RELEASE_2013].meta.form == "earnings" and docs[ANNUAL_2013].meta.form == "annual"
    assert {d.meta.fiscal_year for d in docs.values()} == {2013}
    store = RankedStore(_hits(docs, ((ANNUAL_2013, ANNUAL_2013_NOTE_PAGE, 1.0), (RELEASE_2013, 0, 0.9))),
                        list(docs.values()))
    question = "How much did PT Adhi Karya's full-year 2013 net profit grow, and what drove it?"
    assert _first_page(store, question, tmp_path) == (RELEASE_2013, 0)
    assert _first_page(store, question, tmp_path, kind_boost=0.0) == (ANNUAL_2013, ANNUAL_2013_NOTE_PAGE)
