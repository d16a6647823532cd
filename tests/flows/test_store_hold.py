"""A run waiting for a person gives the embedded store up, and takes it back to go on."""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.store import StoreBusy
from flows.store_hold import StoreHold
from strategies.services import open_services


@pytest.fixture(scope="module")
def settings(tmp_path_factory, sample_dir, embedding_cache_dir):
    from indexing.pipeline import ingest_paths

    store = tmp_path_factory.mktemp("hold") / "store"
    settings = load_settings(store_dir=store, cache_dir=embedding_cache_dir)
    (report,) = ingest_paths(sorted((sample_dir / "pdfs").glob("*.pdf"))[:1], settings)
    assert report.status == "ingested"
    return settings


def test_the_store_is_free_while_released_and_the_same_services_work_after(settings):
    hold = StoreHold(settings)
    with hold as services:
        with pytest.raises(StoreBusy):
            open_services(settings)  # held: another run could not open it
        before = services.store
        with hold.released():
            other = open_services(settings)  # what a concurrent run does while the review waits
            other.close()
        assert services.store is not before  # reopened into the object the agent holds
        assert services.retriever.search("revenue", k=2)
    open_services(settings).close()  # and given up at the end
