"""Real shared filings for the answer-kind writers: loaded (parsed, chunked, not embedded)
once per session, and turned into retrieval hits page by page so each test gives a writer
the pages a search would bring back, with other pages beside them."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from finrag.llm import Usage
from finrag.models import CatalogCompany, Chunk, SearchHit, StoreCatalog
from finrag.vocabulary import Vocabulary, load_vocabulary
from strategies.services import Services
from tests.conftest import SHARED


@lru_cache(maxsize=8)
def _chunks(path: str) -> tuple[Chunk, ...]:
    from loaders.document import load_document

    return tuple(load_document(path).chunks)


def filing(relative: str) -> list[Chunk]:
    """The chunks of a shared filing (`financebench/pdfs/BOEING_2022_10K.pdf`); skips when absent."""
    path = SHARED / relative
    if not Path(path).is_file():
        pytest.skip(f"{relative} not in ../shared")
    return list(_chunks(str(path)))


def one_page(*sentences: str) -> list[Chunk]:
    """A one-page 10-K of a fictional company (Acme Corp, fiscal 2024) whose text is these sentences."""
    return [Chunk(chunk_id="acme-0", doc="ACME_2024_10K", doc_sha256="0" * 64, index=0, company="Acme Corp",
                  fiscal_year=2024, form="10-K", page=0, page_end=0, text=" ".join(sentences))]


def hits(chunks: list[Chunk], pages: list[int]) -> list[SearchHit]:
    """The chunks of these (zero-based) pages, in the order given, as search hits."""
    return [SearchHit(chunk=c, score=1.0) for p in pages for c in chunks if c.page == p]


def catalog(chunks: list[Chunk]) -> StoreCatalog:
    company = chunks[0].company or "Company"
    years = sorted({c.fiscal_year for c in chunks if c.fiscal_year})
    full = [y for year in years for y in (year - 2, year - 1, year)]
    return StoreCatalog(companies=[CatalogCompany(name=company, fiscal_years=sorted(set(full)))],
                        fiscal_years=sorted(set(full)))


@pytest.fixture(scope="session")
def vocab() -> Vocabulary:
    """The reports' vocabulary, for the gates and readers tested on answer texts."""
    return load_vocabulary()


@pytest.fixture(scope="session")
def boeing() -> list[Chunk]:
    """Boeing's FY2022 10-K: the filing most kinds are specified on."""
    return filing("financebench/pdfs/BOEING_2022_10K.pdf")



def write_answer_over(question: str, found: list[SearchHit], chunks: list[Chunk], services: Services):
    """The answer to `question` from these hits, the store's catalog made of `chunks`' filings."""
    from answering.writer import write_answer
    from retrieval.query_understanding import understand

    return write_answer(question, found, understand(question, catalog(chunks), services.vocabulary), services,
                        Usage())


def ask(question: str, chunks: list[Chunk], pages: list[int], services: Services):
    from answering.writer import write_answer
    from retrieval.query_understanding import understand

    understanding = understand(question, catalog(chunks), services.vocabulary)
    return write_answer(question, hits(chunks, pages), understanding, services, Usage())
