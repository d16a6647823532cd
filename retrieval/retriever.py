"""The one retrieval API every strategy uses.

    retriever = Retriever(store, embedder, settings)
    hits = retriever.search("capital expenditures", SearchFilters(companies=["PepsiCo"]))
    result = retriever.retrieve("What was PepsiCo's FY2021 capex?")
    result.hits, result.understanding, result.filters, result.no_filter_match, result.low_evidence

`search` is a plain ranked search (dense, BM25 sparse, or both fused by Qdrant in one
Query API call with prefetch; DBSF fusion by default, see `Settings.fusion`). `retrieve`
first reads the question (company, years, metrics: `retrieval.query_understanding`) and then:

1. filters to the companies and filings it names — a year's filing, or the next year's,
   which repeats the year as a comparative column (soft preference for the year's own);
2. searches with the question minus its answer-format instructions ("Round your answer to
   two decimal places.", "Based on the information in the balance sheet, ..."): they are
   noise to the embedding and to BM25 (statements they name still steer the boosts);
3. expands the BM25 query with the vocabulary's line-item wordings ("capex" ->
   "purchases of property, plant and equipment"), weighted below the question's own words;
4. re-ranks a wider candidate pool: chunks on the statement the question needs
   (page tags) and in the preferred filing/quarter/form get a multiplicative boost; with
   no year named, the latest filing is preferred (questions of the present tense);
5. keeps at most `Settings.max_per_page` chunks per page in the top-k (diversity);
6. flags `no_filter_match` (company/year not in the store) and `low_evidence` (the best
   dense similarity is under `RetrievalOptions.min_similarity`), so a strategy can say
   "not in the reports" instead of answering from the wrong filing.

Each step can be switched off in `RetrievalOptions`: the retrieval benchmark
(`eval/retrieval.py`) measures them one at a time.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, Protocol

from pydantic import BaseModel, Field

from finrag.catalog import load_corrections, resolve
from finrag.config import Settings
from finrag.models import SearchFilters, SearchHit, SearchMode, StoreCatalog, TraceStep
from finrag.sparse import SparseVec, query_vector
from finrag.vocabulary import Vocabulary, load_vocabulary
from retrieval.query_understanding import QueryUnderstanding, filing_years, understand


class _Store(Protocol):
    def query(self, dense, sparse, filters=None, k=8, mode="hybrid", fusion="rrf", prefetch_k=None) -> list[SearchHit]: ...
    def catalog(self) -> StoreCatalog: ...


class _Embedder(Protocol):
    def embed_query(self, text: str) -> list[float]: ...


class RetrievalOptions(BaseModel):
    """Switches and weights of `Retriever.retrieve` (defaults = the full pipeline).

    Weights were chosen on one half of the FinanceBench dev split (its companies sorted by
    name, alternate ones) and checked on the other; `finrag eval retrieval` shows each part.
    Measured there and left out: ranking pages by best + a share of the second-best chunk
    (lowered recall@5 by 0.08-0.17), and preferring the latest ANNUAL filing when no year is
    named (lost on the held-out half).
    """

    mode: SearchMode | None = None  # None: Settings.search_mode
    fusion: Literal["rrf", "dbsf"] | None = None  # None: Settings.fusion
    understand: bool = True  # company / year filters read from the question
    strip_instructions: bool = True  # search without the question's answer-format sentences
    expand_vocabulary: bool = True  # add line-item wordings of the metrics to the BM25 query
    boosts: bool = True  # statement, preferred-filing, quarter and form boosts
    diversity: bool = True  # at most Settings.max_per_page chunks per page
    expansion_weight: float = 0.7  # BM25 weight of an added wording's term (question terms: 1)
    statement_boost: float = 1.0  # chunk on a statement the question needs
    year_boost: float = 0.3  # chunk from the preferred filing year
    period_boost: float = 0.3  # chunk from the quarter the question names
    form_boost: float = 0.2  # chunk from the form the question names
    latest_boost: float = 0.6  # company but no year named: chunk from its latest filing year
    year_window: bool = True  # also allow the next year's filing (comparatives); False: named years only
    candidates: int = 60  # pool re-ranked by the boosts (>= k)
    min_similarity: float = 0.25  # best dense cosine below this => low_evidence


class Retrieval(BaseModel):
    """What `Retriever.retrieve` found for a question, and how it searched."""

    question: str
    hits: list[SearchHit] = Field(default_factory=list)  # ranked, best first
    understanding: QueryUnderstanding
    filters: SearchFilters  # hard filters applied
    preferred_year: int | None = None  # filing year boosted
    no_filter_match: bool = False  # names a company / year the store does not hold
    low_evidence: bool = False  # nothing close enough to the question was found
    best_similarity: float | None = None  # best dense cosine within the filters

    @property
    def flags(self) -> list[str]:
        return [name for name in ("no_filter_match", "low_evidence") if getattr(self, name)]

    def trace_step(self) -> TraceStep:
        """This search as an answer's trace step (single strategy and agent alike)."""
        flags = self.flags
        return TraceStep(
            step="search",
            query=self.question,
            filters=self.filters.model_dump(),
            retrieved=[h.chunk.chunk_id for h in self.hits],
            decision=f"{len(self.hits)} hits" + (f"; flags: {', '.join(flags)}" if flags else ""),
        )


class Retriever:
    def __init__(self, store: _Store, embedder: _Embedder, settings: Settings, vocabulary: Vocabulary | None = None):
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.vocabulary = vocabulary or load_vocabulary()
        self._catalog: StoreCatalog | None = None

    # ------------------------------------------------------------------ catalog

    @property
    def catalog(self) -> StoreCatalog:
        """What the store holds, one entry per issuer with the analyst's corrections applied;
        read once per Retriever (open new services after an ingest or a correction)."""
        if self._catalog is None:
            self._catalog = resolve(self.store.catalog(), load_corrections(self.settings.catalog_path))
        return self._catalog

    # ------------------------------------------------------------------ plain search

    def search(
        self,
        query: str,
        filters: SearchFilters | None = None,
        k: int | None = None,
        mode: str | None = None,
        sparse: SparseVec | None = None,
    ) -> list[SearchHit]:
        """Ranked chunks for `query` within `filters` (hard). `sparse` overrides the BM25 query."""
        mode = mode or self.settings.search_mode
        k = k or self.settings.top_k
        dense = self.embedder.embed_query(query) if mode in ("dense", "hybrid") else None
        if mode in ("sparse", "hybrid") and sparse is None:
            sparse = query_vector(query)
        return self.store.query(
            dense, sparse if mode != "dense" else None, filters, k=k, mode=mode,
            fusion=self.settings.fusion, prefetch_k=max(4 * k, 40),
        )

    # ------------------------------------------------------------------ question retrieval

    def understand(self, question: str) -> QueryUnderstanding:
        return understand(question, self.catalog, self.vocabulary)

    def filters_for(self, u: QueryUnderstanding, year_window: bool = True) -> tuple[SearchFilters, int | None]:
        """Hard filters for a question, and the filing year to prefer."""
        # A company matches every spelling its filings are stored under (corrections included).
        # A renamed company's former name ("Block (formerly Square)") is searched with it.
        stored = {c.name: c.filter_names for c in self.catalog.companies}
        asked = [*u.companies, *u.renamed]
        filters = SearchFilters(companies=list(dict.fromkeys(n for c in asked for n in stored.get(c, [c]))))
        if u.fiscal_years:
            by_name = {c.name: c for c in self.catalog.companies}
            scope = [by_name[n] for n in asked if n in by_name]
            store_years = sorted({y for c in scope for y in c.fiscal_years}) if scope else self.catalog.fiscal_years
            years, preferred = filing_years(u.fiscal_years, store_years)
            exact = sorted(set(u.fiscal_years) & set(store_years))
            filters.fiscal_years = exact if (not year_window and exact) else years
            return filters, preferred
        return filters, None

    def sparse_query(self, question: str, u: QueryUnderstanding | None, expand: bool, weight: float) -> SparseVec:
        """BM25 query: the question's terms (weight 1) plus the metrics' wordings (`weight`)."""
        base = query_vector(question)
        if not (expand and u and u.metrics):
            return base
        weights = dict(zip(base.indices, base.values, strict=True))
        for metric in u.metrics:
            for key in [metric, *self.vocabulary.inputs(metric)]:
                extra = query_vector(" ".join(self.vocabulary.expansions(key)))
                for index in extra.indices:
                    weights.setdefault(index, weight)
        indices = sorted(weights)
        return SparseVec(indices=indices, values=[weights[i] for i in indices])

    def retrieve(
        self,
        question: str,
        k: int | None = None,
        options: RetrievalOptions | None = None,
        understanding: QueryUnderstanding | None = None,
    ) -> Retrieval:
        """Search for a question. `understanding`: the question as the router already read it
        (same catalog and vocabulary), so it is not read twice."""
        opts = options or RetrievalOptions()
        k = k or self.settings.top_k
        mode = opts.mode or self.settings.search_mode

        u = (
            understanding or self.understand(question)
            if (opts.understand or opts.strip_instructions or opts.expand_vocabulary or opts.boosts)
            else QueryUnderstanding()
        )
        filters, preferred = self.filters_for(u, opts.year_window) if opts.understand else (SearchFilters(), None)

        text = u.search_text if (opts.strip_instructions and u.search_text) else question
        dense = self.embedder.embed_query(text)
        sparse = (
            self.sparse_query(text, u, opts.expand_vocabulary, opts.expansion_weight)
            if mode != "dense" else None
        )
        pool = max(opts.candidates, 2 * k) if (opts.boosts or opts.diversity) else k
        hits = self.store.query(
            dense, sparse, filters, k=pool, mode=mode,
            fusion=opts.fusion or self.settings.fusion, prefetch_k=max(2 * pool, 40),
        )
        if opts.boosts:
            preferred, year_weight = self._preferred_filing(u, filters, preferred, opts)
            hits = self._boost(hits, u, preferred, year_weight, opts)
        if opts.diversity:
            hits = cap_per_page(hits, self.settings.max_per_page)
        # Fused scores (RRF, DBSF) are not similarities: the store gives each hit its dense
        # cosine, and the best of the filtered pool is the best a search could find here.
        best = max((h.similarity for h in hits if h.similarity is not None), default=None)
        hits = self._named_as_in_catalog(hits[:k], u.renamed)

        return Retrieval(
            question=question,
            hits=hits,
            understanding=u,
            filters=filters,
            preferred_year=preferred,
            no_filter_match=u.no_filter_match,
            low_evidence=not hits or best is None or best < opts.min_similarity,
            best_similarity=best,
        )

    # ------------------------------------------------------------------ helpers

    def _named_as_in_catalog(self, hits: list[SearchHit], renamed: dict[str, str] | None = None) -> list[SearchHit]:
        """Hits carry the catalog's company name, not the spelling a filing was stored under:
        a later correction (`finrag catalog alias`) then reaches the writers and citations
        too, without re-embedding. `renamed`: a former name's filings carry the current name."""
        renamed = renamed or {}
        canonical = {
            stored: renamed.get(c.name, c.name) for c in self.catalog.companies for stored in c.filter_names
        }
        return [
            h.model_copy(update={"chunk": h.chunk.model_copy(update={"company": canonical[h.chunk.company]})})
            if h.chunk.company in canonical and canonical[h.chunk.company] != h.chunk.company else h
            for h in hits
        ]

    def _boost(
        self, hits: list[SearchHit], u: QueryUnderstanding, preferred: int | None, year_weight: float,
        opts: RetrievalOptions,
    ) -> list[SearchHit]:
        statements = set(u.statements)
        periods = set(u.periods)
        forms = set(u.forms)

        def factor(hit: SearchHit) -> float:
            chunk = hit.chunk
            boost = 0.0
            if statements and statements & set(chunk.tags):
                boost += opts.statement_boost
            if preferred is not None and chunk.fiscal_year == preferred:
                boost += year_weight
            if periods and chunk.period in periods:
                boost += opts.period_boost
            if forms and chunk.form in forms:
                boost += opts.form_boost
            return 1.0 + boost

        # Scores are positive for every fusion and mode used here (RRF, DBSF: top-of-list
        # values are far above mean - 3 sd, cosine on text, BM25), so a multiplicative boost
        # keeps the original order among equals.
        rescored = [h.model_copy(update={"score": h.score * factor(h)}) for h in hits]
        return sorted(rescored, key=lambda h: -h.score)

    def _preferred_filing(
        self, u: QueryUnderstanding, filters: SearchFilters, preferred: int | None, opts: RetrievalOptions
    ) -> tuple[int | None, float]:
        """The filing year to lift and by how much: the year the question names, or, when it
        names a company but no year, that company's latest filing (`latest_boost`)."""
        if preferred is None and not u.fiscal_years and filters.companies and opts.latest_boost:
            return self._latest_year(filters.companies), opts.latest_boost
        return preferred, opts.year_boost

    def _latest_year(self, companies: list[str]) -> int | None:
        """The latest fiscal year the companies have filings for: a question about a company
        that names no year asks about the present."""
        wanted = set(companies)
        years = [y for c in self.catalog.companies if wanted & set(c.filter_names) for y in c.fiscal_years]
        return max(years) if years else None


def cap_per_page(hits: list[SearchHit], max_per_page: int) -> list[SearchHit]:
    """Keep ranking order but at most `max_per_page` chunks from any one (doc, page)."""
    if max_per_page <= 0:
        return hits
    seen: Counter[tuple[str, int]] = Counter()
    kept = []
    for hit in hits:
        key = (hit.chunk.doc, hit.chunk.page)
        if seen[key] < max_per_page:
            seen[key] += 1
            kept.append(hit)
    return kept
