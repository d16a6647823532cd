"""A store stand-in for retrieval tests on real filings without embedding them: it returns
the same ranked hits for any query (the first stage's order, as the test states it) and
the catalog of the filings those hits come from, built as the store builds it."""

from __future__ import annotations

from finrag.models import CatalogCompany, CatalogFiling, LoadedDocument, SearchHit, StoreCatalog


class RankedStore:
    def __init__(self, hits: list[SearchHit], documents: list[LoadedDocument]):
        self._hits = hits
        self._catalog = catalog_of(documents)

    def query(self, dense, sparse, filters=None, k=8, mode="hybrid", fusion="rrf", prefetch_k=None):
        return [h.model_copy() for h in self._hits[:k]]

    def catalog(self) -> StoreCatalog:
        return self._catalog


class NoEmbedding:
    """The query vector is never used: RankedStore ignores it."""

    def embed_query(self, text: str) -> list[float]:
        return [0.0]


def catalog_of(documents: list[LoadedDocument]) -> StoreCatalog:
    companies: dict[str, CatalogCompany] = {}
    for doc in documents:
        meta = doc.meta
        entry = companies.setdefault(meta.company, CatalogCompany(name=meta.company, stored_names=[meta.company]))
        for values, value in ((entry.legal_names, meta.company_legal), (entry.tickers, meta.ticker),
                              (entry.forms, meta.form), (entry.docs, meta.doc)):
            if value and value not in values:
                values.append(value)
        if meta.fiscal_year is not None and meta.fiscal_year not in entry.fiscal_years:
            entry.fiscal_years = sorted([*entry.fiscal_years, meta.fiscal_year])
        entry.filings.append(CatalogFiling(doc=meta.doc, form=meta.form, fiscal_year=meta.fiscal_year,
                                           period=meta.period, period_end=meta.period_end))
    return StoreCatalog(
        companies=sorted(companies.values(), key=lambda c: c.name),
        fiscal_years=sorted({y for c in companies.values() for y in c.fiscal_years}),
        forms=sorted({f for c in companies.values() for f in c.forms}),
        documents=len(documents),
    )
