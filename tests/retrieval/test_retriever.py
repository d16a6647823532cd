"""Retrieval over a real Qdrant local-mode store with the real embedder.

The store is tiny and built here from hand-written statement pages of three made-up
companies, so each test knows exactly which page should win and why.
"""

from __future__ import annotations

import uuid

import pytest

from finrag.config import load_settings
from finrag.embeddings import get_embedder
from finrag.models import Chunk, DocumentMeta, SearchFilters, SearchHit
from finrag.sparse import document_vector
from finrag.store import open_store
from retrieval.retriever import RetrievalOptions, Retriever, cap_per_page
from tests.support.fake_rerank import FakeRerank, Reply

pytestmark = pytest.mark.slow

NARRATIVE_CAPEX = (
    "Capital expenditures. Our capex plans remain a priority: capital expenditures are expected to "
    "increase next year as we invest in capacity. Capex discipline and capital spending priorities "
    "are reviewed by the board each year, and capex is funded from operating cash."
)


def _statement_pages(company: str, year: int, scale: int) -> list[tuple[int, list[str], str, str]]:
    """(page, tags, section, text) of one annual report."""
    return [
        (10, ["mdna"], "Item 7. Management's Discussion and Analysis", NARRATIVE_CAPEX),
        (
            40, ["income_statement"], "Item 8. Financial Statements",
            f"{company} Consolidated Statements of Income (in millions) Fiscal {year} {year - 1} "
            f"Net sales {1200 * scale} {1100 * scale} Cost of sales {700 * scale} {650 * scale} "
            f"Gross profit {500 * scale} {450 * scale} Operating income {210 * scale} {190 * scale} "
            f"Net income {150 * scale} {140 * scale}",
        ),
        (
            42, ["balance_sheet"], "Item 8. Financial Statements",
            f"{company} Consolidated Balance Sheets (in millions) {year} {year - 1} Cash and cash "
            f"equivalents {90 * scale} {80 * scale} Inventories {300 * scale} {280 * scale} Total current "
            f"assets {800 * scale} {760 * scale} Property, plant and equipment, net {900 * scale} "
            f"{850 * scale} Total assets {2400 * scale} {2300 * scale} Total current liabilities "
            f"{500 * scale} {480 * scale}",
        ),
        (
            44, ["cash_flow"], "Item 8. Financial Statements",
            f"{company} Consolidated Statements of Cash Flows (in millions) {year} {year - 1} Net cash "
            f"provided by operating activities {260 * scale} {240 * scale} Purchases of property, plant "
            f"and equipment ({31 * scale}) ({29 * scale}) Dividends paid ({40 * scale}) ({38 * scale})",
        ),
    ] + [
        (
            12, ["risk_factors"], "Item 1A. Risk Factors",
            f"Supply chain risk {i}: disruptions at suppliers of {company} could delay shipments, "
            "raise input costs and reduce supply chain reliability for our supply chain partners.",
        )
        for i in range(4)
    ]


COMPANIES = [
    ("Acme Widgets", "Acme Widgets, Inc.", "ACMW", [2021, 2022]),
    ("Borealis Foods", "Borealis Foods Corporation", "BRLF", [2022]),
    ("Cobalt Mining", "Cobalt Mining plc", "CBMN", [2022]),
]


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    root = tmp_path_factory.mktemp("retrieval-store")
    return load_settings(store_dir=root / "store", cache_dir=root / "cache", max_per_page=2, top_k=8)


@pytest.fixture(scope="module")
def retriever(settings):
    embedder = get_embedder(settings)
    store = open_store(settings, dim=embedder.dim)
    for n, (company, legal, ticker, years) in enumerate(COMPANIES):
        for year in years:
            doc = f"{company.split()[0].lower()}-{year}-annual"
            sha = uuid.uuid5(uuid.NAMESPACE_URL, doc).hex
            chunks = [
                Chunk(
                    chunk_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"{doc}/{i}")), doc=doc, doc_sha256=sha,
                    index=i, company=company, fiscal_year=year, period=f"FY{year}", form="10-K",
                    page=page, page_end=page, section=section, tags=tags, text=text,
                    header=f"{company} {year} 10-K {section}",
                )
                for i, (page, tags, section, text) in enumerate(_statement_pages(company, year, n + year - 2020))
            ]
            meta = DocumentMeta(
                file=f"{doc}.pdf", doc=doc, sha256=sha, company=company, company_legal=legal,
                ticker=ticker, fiscal_year=year, period=f"FY{year}", form="10-K", pages=60,
            )
            dense = embedder.embed_documents([c.embed_text for c in chunks])
            store.replace_document(meta, chunks, dense, [document_vector(c.embed_text) for c in chunks])
    yield Retriever(store, embedder, settings)
    store.close()


@pytest.mark.parametrize("mode", ["dense", "sparse", "hybrid"])
def test_search_honours_filters_in_every_mode(retriever, mode):
    filters = SearchFilters(companies=["Borealis Foods"], fiscal_years=[2022], tags=["balance_sheet"])
    hits = retriever.search("total assets inventories", filters, k=5, mode=mode)
    assert hits
    assert {(h.chunk.company, h.chunk.fiscal_year) for h in hits} == {("Borealis Foods", 2022)}
    assert all("balance_sheet" in h.chunk.tags for h in hits)
    unfiltered = retriever.search("total assets inventories", None, k=20, mode=mode)
    assert len({h.chunk.company for h in unfiltered}) > 1  # the filter did the narrowing


def test_retrieve_filters_to_the_company_and_prefers_the_named_year(retriever):
    result = retriever.retrieve("What were Acme Widgets' FY2021 purchases of property, plant and equipment?")
    assert result.understanding.companies == ["Acme Widgets"]
    assert result.filters.companies == ["Acme Widgets"]
    # FY2021 is also a comparative column of the FY2022 filing: both allowed, FY2021 preferred.
    assert result.filters.fiscal_years == [2021, 2022]
    assert result.preferred_year == 2021
    assert {h.chunk.company for h in result.hits} == {"Acme Widgets"}
    top = result.hits[0].chunk
    assert (top.fiscal_year, top.page) == (2021, 44)
    assert not result.flags


def test_statement_boost_and_vocabulary_lift_the_statement_page(retriever):
    question = "What was Acme Widgets' FY2022 capex?"
    plain = retriever.retrieve(question, options=RetrievalOptions(expand_vocabulary=False, boosts=False, pages=False))
    full = retriever.retrieve(question)
    assert "capex" in full.understanding.metrics
    assert full.understanding.statements == ["cash_flow"]
    # Without help the narrative that repeats "capex" wins; the cash-flow statement wins with it.
    assert "cash_flow" not in plain.hits[0].chunk.tags
    assert "cash_flow" in full.hits[0].chunk.tags
    # The boost alone lifts the statement (how far depends on the fusion's score scale).
    unboosted = retriever.retrieve(question, options=RetrievalOptions(expand_vocabulary=False, boosts=False, pages=False))
    statement_only = retriever.retrieve(question, options=RetrievalOptions(expand_vocabulary=False, pages=False))
    assert _first_rank(statement_only, "cash_flow") < _first_rank(unboosted, "cash_flow")
    assert full.hits[0].chunk.fiscal_year == 2022


def _first_rank(result, tag: str) -> int:
    return next(i for i, h in enumerate(result.hits) if tag in h.chunk.tags)


def test_vocabulary_expansion_finds_line_items_the_question_does_not_name(retriever):
    # "COGS" is not a word of the statement, which prints "Cost of sales".
    question = "What was Borealis Foods' COGS in FY2022?"
    opts = dict(mode="sparse", boosts=False, diversity=False, pages=False)
    without = retriever.retrieve(question, k=3, options=RetrievalOptions(expand_vocabulary=False, **opts))
    with_ = retriever.retrieve(question, k=3, options=RetrievalOptions(expand_vocabulary=True, **opts))
    assert with_.hits[0].chunk.page == 40
    assert without.hits[0].chunk.page != 40


def test_diversity_caps_chunks_per_page(retriever, settings):
    question = "Cobalt Mining supply chain disruption risk"
    capped = retriever.retrieve(question, k=6)
    per_page = {}
    for hit in capped.hits:
        key = (hit.chunk.doc, hit.chunk.page)
        per_page[key] = per_page.get(key, 0) + 1
    assert max(per_page.values()) <= settings.max_per_page
    uncapped = retriever.retrieve(question, k=6, options=RetrievalOptions(diversity=False))
    assert [h.chunk.page for h in uncapped.hits[:4]] == [12] * 4  # the cap is what spread them


def test_cap_per_page_keeps_order():
    hits = [
        SearchHit(
            chunk=Chunk(chunk_id=str(i), doc="d", doc_sha256="s", index=i, page=page, page_end=page, text=str(i)),
            score=1.0 - i / 10,
        )
        for i, page in enumerate([1, 1, 1, 2, 1, 3])
    ]
    assert [h.chunk.index for h in cap_per_page(hits, 2)] == [0, 1, 3, 5]
    assert [h.chunk.index for h in cap_per_page(hits, 0)] == [0, 1, 2, 3, 4, 5]


def test_unknown_company_is_flagged_and_not_filtered(retriever):
    result = retriever.retrieve("What was Tesla's revenue in FY2022?")
    assert result.no_filter_match
    assert "Tesla" in result.understanding.unknown_company_mentions
    assert result.filters.companies == []
    assert result.hits  # not zero results: the caller decides what to say


def test_year_not_in_store_is_flagged(retriever):
    result = retriever.retrieve("What was Acme Widgets' revenue in FY2035?")
    assert result.no_filter_match
    assert result.filters.companies == ["Acme Widgets"]
    assert result.filters.fiscal_years == []  # no year filter rather than no results
    assert result.hits


def test_unrelated_question_is_low_evidence(retriever):
    assert retriever.retrieve("How long should I bake a chocolate cake?").low_evidence
    assert not retriever.retrieve("What were Borealis Foods' total current assets in FY2022?").low_evidence


def test_answer_format_instructions_do_not_change_what_is_found(retriever):
    plain = "What were Borealis Foods' FY2022 dividends paid?"
    noisy = (
        "Respond to the question by assuming the perspective of an investment analyst who can only use "
        f"the details shown within the statement of cash flows. {plain} Round your answer to two decimal places."
    )
    result = retriever.retrieve(noisy)
    assert result.understanding.search_text == plain
    assert (result.hits[0].chunk.company, result.hits[0].chunk.page) == ("Borealis Foods", 44)
    assert [h.chunk.chunk_id for h in result.hits] == [h.chunk.chunk_id for h in retriever.retrieve(plain).hits]


def test_no_year_named_prefers_the_latest_filing(retriever):
    result = retriever.retrieve("What are Acme Widgets' purchases of property, plant and equipment?")
    assert result.filters.fiscal_years == []  # a preference, not a filter: older filings stay reachable
    assert {h.chunk.fiscal_year for h in result.hits} == {2021, 2022}
    assert result.hits[0].chunk.fiscal_year == 2022
    assert result.hits[0].chunk.page == 44


@pytest.mark.parametrize("fusion", ["rrf", "dbsf"])
def test_both_fusions_find_the_statement_page(retriever, fusion):
    result = retriever.retrieve("What were Acme Widgets' FY2021 total current liabilities?", options=RetrievalOptions(fusion=fusion))
    top = result.hits[0].chunk
    assert (top.company, top.fiscal_year, top.page) == ("Acme Widgets", 2021, 42)


def test_a_former_name_is_searched_and_cited_as_the_current_name(retriever):
    # Made up: "Acme Widgets (formerly known as Cobalt Mining)" makes Cobalt's filing Acme's.
    result = retriever.retrieve("What were Acme Widgets (formerly known as Cobalt Mining) net sales in FY2022?")
    assert result.understanding.companies == ["Acme Widgets"]
    assert set(result.filters.companies) == {"Acme Widgets", "Cobalt Mining"}
    assert any(h.chunk.doc == "cobalt-2022-annual" for h in result.hits)  # the former name's filing
    assert {h.chunk.company for h in result.hits} == {"Acme Widgets"}  # under the current name


def test_the_page_stage_says_why_the_first_page_won(retriever):
    question = "What are Cobalt Mining's supply chain risks?"
    assert not retriever.retrieve(question).pages  # off by default (FINRAG_RERANK=pages)
    result = retriever.retrieve(question, options=RetrievalOptions(pages=True))
    assert "risk_factors" in result.hits[0].chunk.tags
    assert result.pages[0].sections == ["risk_factors"]
    assert result.page_reason and "section risk_factors" in result.page_reason
    assert result.page_reason in result.trace_step().decision
    on = Retriever(retriever.store, retriever.embedder, retriever.settings.model_copy(update={"rerank": "pages"}))
    assert on.retrieve(question).page_reason == result.page_reason


def _pages(result) -> list[tuple[str, int]]:
    return list(dict.fromkeys((h.chunk.doc, h.chunk.page) for h in result.hits))


def test_a_rerank_service_reorders_the_pages_and_its_failure_keeps_the_order(retriever, settings):
    question = "What was Acme Widgets' FY2022 capex?"
    own = retriever.retrieve(question, k=40)
    last = min(len(_pages(own)), settings.rerank_top_n) - 1
    assert last > 0
    with FakeRerank() as server:
        served = Retriever(retriever.store, retriever.embedder, settings.model_copy(update={"rerank_url": server.url}))
        server.script(Reply(body={"results": [{"index": last, "relevance_score": 0.99}]}))
        reranked = served.retrieve(question, k=40)
        server.script(Reply(status=500, body={"error": "down"}))
        failed = served.retrieve(question, k=40)
        documents = server.requests[0][1]["documents"]
    assert len(documents) == last + 1  # the first stage's pages, one document each
    # The service's first page leads; pages it did not score keep the first stage's order.
    assert _pages(reranked)[0] == _pages(own)[last]
    assert _pages(reranked)[1:last + 1] == _pages(own)[:last]
    assert "rerank service" in reranked.page_reason and not reranked.rerank_failed
    # A failing service: the order without it, flagged.
    assert [h.chunk.chunk_id for h in failed.hits] == [h.chunk.chunk_id for h in own.hits]
    assert failed.rerank_failed and "rerank_failed" in failed.flags
    assert "rerank_failed" in failed.trace_step().decision


def test_an_llm_rerank_orders_the_top_pages_counts_its_tokens_and_its_failure_keeps_the_order(retriever, settings):
    from finrag.llm import LLMClient
    from tests.support.fake_openai import Error, FakeOpenAI, ToolCall

    question = "What was Acme Widgets' FY2022 capex?"
    own = retriever.retrieve(question, k=40)
    with FakeOpenAI() as server:
        llm_settings = settings.model_copy(update={
            "rerank": "llm", "llm_base_url": server.url, "llm_api_key": "sk-test", "llm_max_retries": 0,
        })
        by_llm = Retriever(retriever.store, retriever.embedder, llm_settings, llm=LLMClient(llm_settings, 0.0))
        sent = min(len(_pages(own)), llm_settings.rerank_llm_pages)
        server.script(ToolCall({"pages": [sent, 99]}, tokens_in=900, tokens_out=6))
        reranked = by_llm.retrieve(question, k=40)
        server.script(Error(500))
        failed = by_llm.retrieve(question, k=40)
        server.script(ToolCall({"pages": [0, 99]}))  # no candidate's number
        unusable = by_llm.retrieve(question, k=40)
        prompt = server.requests[0].body["messages"][-1]["content"]
    # The model read the question and the first stage's top pages, numbered.
    first_doc, first_page = _pages(own)[0]
    assert question in prompt and f"[1] {first_doc} p.{first_page + 1}\n" in prompt
    assert f"[{sent}] " in prompt and f"[{sent + 1}] " not in prompt
    # Its first page leads; the pages it left out (and 99, no candidate) keep their order.
    assert _pages(reranked)[0] == _pages(own)[sent - 1]
    assert _pages(reranked)[1:sent] == _pages(own)[:sent - 1]
    assert "ranked first by the LLM" in reranked.page_reason and not reranked.rerank_failed
    assert reranked.rerank_reply.tokens_in == 900 and reranked.rerank_reply.tokens_out == 6
    assert "LLM rerank 900 tokens in, 6 out" in reranked.trace_step().decision
    # The endpoint failing, or a reply with no usable page: the first stage's order, flagged.
    for result in (failed, unusable):
        assert [h.chunk.chunk_id for h in result.hits] == [h.chunk.chunk_id for h in own.hits]
        assert result.rerank_failed and "rerank_failed" in result.flags and result.rerank_reply is None
    # Without an LLM (offline) the setting changes nothing.
    offline = Retriever(retriever.store, retriever.embedder, settings.model_copy(update={"rerank": "llm"}))
    assert [h.chunk.chunk_id for h in offline.retrieve(question, k=40).hits] == [h.chunk.chunk_id for h in own.hits]


class _CatalogOnly:
    """A store that only says what it holds: enough to choose the filing to prefer."""

    def __init__(self, catalog):
        self._catalog = catalog

    def catalog(self):
        return self._catalog


def test_a_question_naming_the_form_prefers_the_latest_filing_of_that_form(tmp_path):
    from finrag.models import CatalogCompany, CatalogFiling, StoreCatalog

    filings = [CatalogFiling(doc="acme-2021-10k", form="10-K", fiscal_year=2021),
               CatalogFiling(doc="acme-2022-10k", form="10-K", fiscal_year=2022),
               CatalogFiling(doc="acme-2023q2-10q", form="10-Q", fiscal_year=2023, period="2023Q2")]
    catalog = StoreCatalog(companies=[CatalogCompany(
        name="Acme Widgets", fiscal_years=[2021, 2022, 2023], forms=["10-K", "10-Q"],
        docs=[f.doc for f in filings], filings=filings,
    )], fiscal_years=[2021, 2022, 2023], forms=["10-K", "10-Q"], documents=3)
    retriever = Retriever(_CatalogOnly(catalog), embedder=None, settings=load_settings(store_dir=tmp_path / "s"))

    def preferred(question: str) -> int | None:
        u = retriever.understand(question)
        filters, year = retriever.filters_for(u)
        return retriever._preferred_filing(u, filters, year, RetrievalOptions(), question)[0]

    assert preferred("What acquisitions does Acme Widgets mention?") == 2023  # the latest filing of any form
    assert preferred("What acquisitions does Acme Widgets mention in this 10-K report?") == 2022  # not the 10-Q's year
    # a history over years is read where years stand side by side: the latest year's report, not a later 10-Q
    assert preferred("Are Acme Widgets' gross margins historically consistent?") == 2022
    assert preferred("Has Acme Widgets paid a dividend each year?") == 2022


def test_the_page_stage_keeps_the_first_stages_best_pages_in_view():
    from retrieval.page_rerank import PageScore
    from retrieval.retriever import keep_first_stage_in_view

    def page(n: int) -> PageScore:
        return PageScore(doc="d", page=n, score=10 - n, prior=0, lexical=0, window=0, phrase=0, section=0, kind=0)

    # The page stage put seven section pages above the first stage's second page (9).
    scored = [page(n) for n in (3, 4, 5, 6, 7, 1, 8, 9, 2)]
    kept = keep_first_stage_in_view(scored, [("d", 1), ("d", 9)], within=5)
    assert [p.page for p in kept] == [3, 4, 5, 1, 9, 6, 7, 8, 2]  # both within the first five, in their order
    assert keep_first_stage_in_view(scored, [("d", 3)], within=5) == scored  # already in view: unchanged
    assert keep_first_stage_in_view(scored, [("d", 9)], within=0) == scored  # the guard switched off


def test_the_first_stages_top_three_pages_stay_in_the_first_five():
    from retrieval.page_rerank import PageScore
    from retrieval.retriever import RetrievalOptions, keep_first_stage_pages

    def page(n: int) -> PageScore:
        return PageScore(doc="d", page=n, score=10 - n, prior=0, lexical=0, window=0, phrase=0, section=0, kind=0)

    # The first stage found pages 1, 2, 3 first; the page stage lifted six pages of a long
    # section above its 2nd and 3rd, out of the first five.
    first_stage = [("d", n) for n in (1, 2, 3, 4)]
    scored = [page(n) for n in (5, 1, 6, 7, 8, 9, 10, 2, 3, 4)]
    opts = RetrievalOptions()
    guards = [(opts.page_keep_first, opts.page_keep_within), (opts.page_keep_top, opts.page_keep_top_within)]
    kept = keep_first_stage_pages(scored, first_stage, guards)
    assert [p.page for p in kept[:5]] == [5, 1, 6, 2, 3]  # the stage keeps two lifts of its own
    # The first stage's best page stays first or second while the wider guard places the others.
    scored = [page(n) for n in (5, 6, 7, 8, 9, 1, 2, 3)]
    assert [p.page for p in keep_first_stage_pages(scored, first_stage, guards)[:5]] == [5, 1, 6, 2, 3]
    # With the wider guard off, only the best page is kept in view.
    assert [p.page for p in keep_first_stage_pages(scored, first_stage, guards[:1])[:5]] == [5, 1, 6, 7, 8]
