""""Which company had a higher X: "A", "B" or "C", in the fiscal year 2022?" names the pick as
the question spells it, only when every named company is held and its X was read from its own
statements, in one currency; otherwise not_found names what is missing.

Real filings of ../shared/erc-round1, loaded once for the module without embedding: Holley's
and CrossFirst Bankshares' FY2022 10-Ks (USD) and Mercia Asset Management's annual report
(GBP). The retriever is a stand-in that does what the store's hard filters do (company, page
tags) over those filings' chunks, with the catalog built from their document records.
"""

from __future__ import annotations

import pytest

from answering.company_comparison import compare_companies
from eval.erc import typed_name
from finrag.catalog import catalog_from_documents
from finrag.config import load_settings
from finrag.llm import Usage
from finrag.models import LoadedDocument, SearchFilters, SearchHit, StoreCatalog
from finrag.vocabulary import load_vocabulary
from loaders.document import load_document
from retrieval.page_rerank import FilingPages
from retrieval.query_understanding import understand
from strategies.services import Services
from tests.conftest import SHARED

PDFS = SHARED / "erc-round1" / "pdfs"
HOLLEY = PDFS / "194000c9109c6fa628f1fed33b44ae4c2b8365f4.pdf"
CROSSFIRST = PDFS / "e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf"
MERCIA = PDFS / "ac9aa244462c80705c3ff046542c02c459989742.pdf"
QUESTION = 'Which company had a higher total assets: "Holley Inc." or "CrossFirst Bank", in the fiscal year 2022?'


class FilteredChunks:
    """The store's hard filters (company, page tags) over the filings' chunks; the catalog."""

    def __init__(self, docs: list[LoadedDocument]):
        self.docs = docs
        self.catalog: StoreCatalog = catalog_from_documents([d.meta for d in docs])

    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None,
               mode: str | None = None) -> list[SearchHit]:
        f = filters or SearchFilters()
        chunks = [c for d in self.docs for c in d.chunks if (not f.companies or c.company in f.companies)
                  and (not f.tags or set(f.tags) & set(c.tags))]
        words = set(query.lower().split())  # ranked by the query's words, as the sparse search would
        chunks.sort(key=lambda c: -sum(w in c.text.lower() for w in words))
        return [SearchHit(chunk=c, score=1.0) for c in chunks[: k or 8]]

    def filing(self, doc: str) -> FilingPages:
        return FilingPages(next(d for d in self.docs if d.meta.doc == doc).chunks)


@pytest.fixture(scope="module")
def docs() -> list[LoadedDocument]:
    if not HOLLEY.exists():
        pytest.skip("../shared/erc-round1 not present")
    return [load_document(HOLLEY), load_document(CROSSFIRST), load_document(MERCIA)]


def compare(question: str, docs: list[LoadedDocument]):
    retriever = FilteredChunks(docs)
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=retriever,  # type: ignore[arg-type]
                        llm=None, graph=None, vocabulary=load_vocabulary())
    understanding = understand(question, retriever.catalog, services.vocabulary)
    return compare_companies(question, [], understanding, services)


def test_the_pick_is_named_as_the_question_spells_it(docs):
    written = compare(QUESTION, docs[:2])
    assert written is not None and written.status == "answered" and written.kind == "choice", written
    assert written.text.startswith("CrossFirst Bank: the higher total assets of the 2 companies"), written.text
    assert "$6,601.09 million" in written.text and "$1,249.64 million" in written.text  # each one's balance sheet
    answer = written.to_answer("single", Usage(), 1, [])
    assert typed_name(answer, QUESTION) == "CrossFirst Bank"


def test_a_named_company_the_store_does_not_hold_is_named_and_nothing_is_picked(docs):
    question = 'Which company had a higher total assets: "Tradition", "Holley Inc." or "CrossFirst Bank", in 2022?'
    written = compare(question, docs[:2])
    assert written is not None and written.status == "not_found"
    assert '"Tradition"' in written.text and "Holley" not in written.text


def test_a_company_whose_figure_was_not_read_is_named_and_nothing_is_picked(docs):
    # Holley's filing is held; its statements are not (the stand-in holds CrossFirst's only)
    holley_without_statements = docs[0].model_copy(update={"chunks": [c for c in docs[0].chunks if not c.tags]})
    written = compare(QUESTION, [holley_without_statements, docs[1]])
    assert written is not None and written.status == "not_found"
    assert 'not found for "Holley Inc."' in written.text


def test_figures_in_different_currencies_are_not_compared(docs):
    question = ('Which company had a higher total assets: "Mercia Asset Management PLC" or "Holley Inc.", in the '
                "fiscal year 2022?")
    written = compare(question, [docs[0], docs[2]])
    assert written is not None and written.status == "not_found", written.text
    assert "different units or currencies" in written.text and "GBP" in written.text


# The question's own rule for a company whose data is not available: "exclude it from the
# comparison". Followed only where the absence is certain, and said in the answer.
EXCLUDE = "If data for a company is not available, exclude it from the comparison."


def test_the_questions_exclude_rule_leaves_out_a_company_the_store_does_not_hold(docs):
    question = ('Which of the companies had the highest total assets at the end of the period: "Northwind Traders '
                f'Inc.", "Holley Inc." or "CrossFirst Bank"? {EXCLUDE}')
    written = compare(question, docs[:2])
    assert written is not None and written.status == "answered", written.text
    assert written.text.startswith("CrossFirst Bank: the higher total assets of the 2 companies"), written.text
    assert '"Northwind Traders Inc." (no filing held)' in written.text
    assert typed_name(written.to_answer("single", Usage(), 1, []), question) == "CrossFirst Bank"


def test_the_exclude_rule_leaves_out_a_company_stating_another_currency_than_asked(docs):
    question = ('Which of the companies had the lowest total assets in USD at the end of the period: "Mercia Asset '
                f'Management PLC", "Holley Inc." or "CrossFirst Bank"? {EXCLUDE}')
    written = compare(question, docs)
    assert written is not None and written.status == "answered", written.text
    assert written.text.startswith("Holley Inc.: the lower total assets of the 2 companies"), written.text
    assert "(stated in GBP, not USD)" in written.text


def test_the_exclude_rule_does_not_excuse_a_held_company_whose_figure_was_not_read(docs):
    holley_without_statements = docs[0].model_copy(update={"chunks": [c for c in docs[0].chunks if not c.tags]})
    written = compare(f"{QUESTION} {EXCLUDE}", [holley_without_statements, docs[1]])
    assert written is not None and written.status == "not_found"  # a reading failure is no missing data
    assert 'not found for "Holley Inc."' in written.text
