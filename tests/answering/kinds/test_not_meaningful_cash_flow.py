"""not_meaningful over the cash flow statement: a payout ratio of a company that paid no
dividends does not apply, said from its statement of cash flows read whole (PG&E's FY2022
10-K: PG&E Corporation's statement, pp.102-103, has no dividends line; the Utility's follows
it). A statement that prints a dividends line (Boeing's FY2022, "Dividends paid" in an earlier
year's column) gets the question answered as asked."""

from __future__ import annotations

import pytest

from answering.kinds.cash_flow_statement import read_whole
from finrag.models import Chunk, SearchFilters, SearchHit
from retrieval.page_rerank import FilingPages
from strategies.services import Services
from tests.answering.kinds.conftest import ask, filing

QUESTION = ("What was {company}'s FY2022 dividend payout ratio on its common stock (common dividends paid / net "
            "income)? If the metric does not apply, state that and explain why.")


class OneFiling:
    """The store's hard filters over one filing's chunks, and the filing's pages."""

    def __init__(self, chunks: list[Chunk]):
        self.chunks = chunks

    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None,
               mode: str | None = None) -> list[SearchHit]:
        f = filters or SearchFilters()
        found = [c for c in self.chunks if not f.tags or set(f.tags) & set(c.tags)]
        return [SearchHit(chunk=c, score=1.0) for c in found[: k or 8]]

    def filing(self, doc: str) -> FilingPages:
        return FilingPages([c for c in self.chunks if c.doc == doc])


@pytest.fixture(scope="module")
def pge() -> list[Chunk]:
    return filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")


def _with_retriever(services: Services, chunks: list[Chunk]) -> Services:
    return Services(settings=services.settings, store=None, embedder=None, retriever=OneFiling(chunks),  # type: ignore[arg-type]
                    llm=None, graph=None, vocabulary=services.vocabulary)


def test_the_filers_statement_is_read_from_its_title_to_its_closing_cash(pge):
    run = read_whole(pge)
    assert run is not None and run[0].page == 101 and 101 < run[-1].page_end < 108  # not the Utility's (p.109)
    text = "\n".join(c.text for c in run)
    assert "Net cash provided by (used in) operating activities 3,721" in text
    assert "dividend" not in text.lower()


def test_a_payout_ratio_of_a_company_that_paid_no_dividends_does_not_apply(pge, services):
    company = pge[0].company
    written = ask(QUESTION.format(company=company), pge, [101], _with_retriever(services, pge))
    assert (written.status, written.kind, written.value) == ("answered", "not_meaningful", None), written.text
    assert written.text.startswith(f"Dividend payout ratio does not apply to {company}")
    assert "no dividends paid line" in written.text
    assert any(c.quote == "CONSOLIDATED STATEMENTS OF CASH FLOWS" for c in written.citations)


def test_a_statement_with_a_dividends_line_is_answered_as_asked(boeing, services):
    written = ask(QUESTION.format(company="Boeing"), boeing, [57], _with_retriever(services, boeing))
    assert written.kind != "not_meaningful", written.text
