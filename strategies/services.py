"""Everything a strategy needs to answer, opened once per process and passed down."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from finrag.config import Settings
from finrag.embeddings import get_embedder
from finrag.errors import StoreUnavailable
from finrag.llm import LLMClient, get_llm
from finrag.models import PlannedSearches, StoreCatalog
from finrag.store import StoreHolder, open_store
from finrag.vocabulary import Vocabulary, load_vocabulary
from retrieval.retriever import Retriever

if TYPE_CHECKING:
    from finrag.embeddings import Embedder
    from finrag.knowledge_graph import GraphStore
    from finrag.store import VectorStore


@dataclass
class Services:
    settings: Settings
    store: VectorStore
    embedder: Embedder
    retriever: Retriever
    llm: LLMClient | None  # None: offline engine
    graph: GraphStore | None  # None: no knowledge graph was built beside this store
    vocabulary: Vocabulary
    # Set by a caller that has someone review the iterative agent's planned searches (the
    # ask flow's plan review): called with the plan, returns the searches to run instead.
    plan_reviewer: Callable[[PlannedSearches], list[str]] | None = None

    def catalog(self) -> StoreCatalog:
        """Companies, years and forms in the store (the retriever's copy, so both agree)."""
        return self.retriever.catalog

    def close(self) -> None:
        if self.graph is not None:
            self.graph.close()
        self.store.close()


def check_store_exists(settings: Settings) -> None:
    """Refuse, before anything is opened (opening creates a local store), a store that is not there.

    A typo in `--store` must not become an empty store that answers "not found".
    """
    if settings.qdrant_url:
        from finrag.store import server_problem

        problem = server_problem(settings)
        if problem:
            raise StoreUnavailable(f"the Qdrant server at {settings.qdrant_url} (QDRANT_URL) cannot be used: "
                                   f"{_first_line(problem)}")
        return
    store = settings.store_dir
    if not store.is_dir() or not any(store.iterdir()):
        raise StoreUnavailable(f"no store at {store}: build it first with `finrag ingest PDF_DIR --store {store}`")


def require_documents(store: VectorStore, settings: Settings) -> None:
    """Refuse a store that holds no documents (answers from it would all be "not found")."""
    if not store.documents():
        where = settings.qdrant_url or str(settings.store_dir)
        raise StoreUnavailable(f"the store at {where} holds no documents: add some with "
                               f"`finrag ingest PDF_DIR{'' if settings.qdrant_url else f' --store {where}'}`")


def check_store(settings: Settings) -> None:
    """Everything that would stop a command reading the store, found before it starts work
    (and before Prefect starts): missing, unreachable, busy (StoreBusy) or empty."""
    check_store_exists(settings)
    with open_store(settings) as store:
        require_documents(store, settings)


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0][:300] if text.strip() else "no reason given"


def open_services(settings: Settings, wait_s: float = 0.0,
                  on_wait: Callable[[StoreHolder], None] | None = None) -> Services:
    """Open the store and the rest. Another process holding the store: wait up to `wait_s`
    (telling `on_wait` who holds it), then raise `finrag.store.StoreBusy` naming the holder."""
    embedder = get_embedder(settings)
    store = open_store(settings, dim=embedder.dim, wait_s=wait_s, on_wait=on_wait)
    try:
        vocabulary = load_vocabulary()
        llm = get_llm(settings)
        return Services(
            settings=settings,
            store=store,
            embedder=embedder,
            retriever=Retriever(store, embedder, settings, vocabulary, llm=llm),
            llm=llm,
            graph=_open_graph(settings),
            vocabulary=vocabulary,
        )
    except BaseException:
        store.close()  # don't keep the local store's lock after a failed open
        raise


def _open_graph(settings: Settings) -> GraphStore | None:
    if not settings.graph_path.exists():
        return None
    from finrag.knowledge_graph import open_graph

    return open_graph(settings)
