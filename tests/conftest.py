"""Shared, session-scoped fixtures: the slow parts (PDF generation, model load, ingest) run once.

- `sample_dir`: a small generated corpus (PDFs + truth.json + questions.jsonl).
- `sample_settings`: Settings pointing at a store into which `sample_dir` was ingested.
- `sample_services`: open Services over that store (one Qdrant local client per process).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.pdfs import write_pdf

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# Tests never talk to a real LLM endpoint unless a test configures its own fake one.
for _var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "FINRAG_LLM_BASE_URL", "FINRAG_LLM_API_KEY", "QDRANT_URL"):
    os.environ.pop(_var, None)

# ../shared beside the repo (a git worktree may sit one level deeper: look upwards).
SHARED = next(
    (p / "shared" for p in Path(__file__).resolve().parents[1:] if (p / "shared" / "financebench").is_dir()),
    Path(__file__).resolve().parents[1].parent / "shared",
)
FINANCEBENCH = SHARED / "financebench"
FINANCEBENCH_EXTRA = SHARED / "financebench-extra"
FILINGS_WILD = SHARED / "filings-wild"
TEST_OUTPUT = Path(__file__).resolve().parents[1] / "test-output"


@pytest.fixture(scope="session")
def financebench_dir() -> Path:
    if not (FINANCEBENCH / "pdfs").is_dir():
        pytest.skip("../shared/financebench not present")
    return FINANCEBENCH


@pytest.fixture(scope="session")
def financebench_extra_dir() -> Path:
    if not (FINANCEBENCH_EXTRA / "pdfs").is_dir():
        pytest.skip("../shared/financebench-extra not present")
    return FINANCEBENCH_EXTRA


@pytest.fixture(scope="session")
def filings_wild_dir() -> Path:
    if not (FILINGS_WILD / "pdfs").is_dir():
        pytest.skip("../shared/filings-wild not present")
    return FILINGS_WILD


@pytest.fixture(scope="session")
def bayan_annual_report(filings_wild_dir):
    """A real Indonesian annual report (284 pages: "PT BAYAN RESOURCES Tbk.", bilingual
    statements in whole US dollars), loaded and chunked once, without embedding."""
    from loaders.document import load_document

    return load_document(filings_wild_dir / "pdfs" / "BayanResources_2024_AnnualReport.pdf")


@pytest.fixture(scope="session")
def test_output_dir() -> Path:
    TEST_OUTPUT.mkdir(exist_ok=True)
    return TEST_OUTPUT


@pytest.fixture(scope="session")
def embedding_cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("embedding-cache")


@pytest.fixture(scope="session")
def sample_dir(tmp_path_factory) -> Path:
    from samples import generate_corpus

    out = tmp_path_factory.mktemp("sample")
    generate_corpus(out, companies=4, years=2, seed=7)
    return out


@pytest.fixture(scope="session")
def sample_settings(tmp_path_factory, sample_dir, embedding_cache_dir):
    from finrag.config import load_settings
    from indexing.pipeline import ingest_paths

    root = tmp_path_factory.mktemp("sample-store")
    settings = load_settings(store_dir=root / "store", cache_dir=embedding_cache_dir)
    reports = ingest_paths([sample_dir / "pdfs"], settings)
    assert all(r.status == "ingested" for r in reports), [r for r in reports if r.status != "ingested"]
    return settings


@pytest.fixture(scope="session")
def sample_store_copy(tmp_path_factory, sample_settings) -> Path:
    """A copy of the sample store (and its graph) for other processes and CLI runs:
    `sample_services` holds the original (one process per local store)."""
    import shutil

    root = tmp_path_factory.mktemp("sample-store-copy")
    store = root / "store"
    shutil.copytree(sample_settings.store_dir, store)
    if sample_settings.graph_path.exists():
        shutil.copy(sample_settings.graph_path, root / f"{store.name}.graph.sqlite")
    return store


@pytest.fixture(scope="session")
def sample_services(sample_settings):
    from strategies.services import open_services

    services = open_services(sample_settings)
    yield services
    services.close()


@pytest.fixture
def make_pdf(tmp_path):
    """Write a real PDF with one page per given text into the test's tmp_path."""

    def make(name: str, pages: list[str]) -> Path:
        return write_pdf(tmp_path / name, pages)

    return make


def pytest_collection_modifyitems(config, items):
    """The end-to-end tests run last: they leave a deployed worker, an alert automation and
    their webhook block behind in this process's Prefect state, which the in-process alert
    tests (tests/flows/test_alerts.py) must not inherit."""
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)  # stable: order kept otherwise
