"""The one place for configuration: environment variables with documented defaults.

Every setting is read here and nowhere else; README's "Configuration" table mirrors
this file. With nothing set, FinRAG runs fully offline: Qdrant local mode on disk,
the bundled all-MiniLM-L6-v2 embeddings and the deterministic offline engine.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

# The bundled model must never be fetched from a hub at run time.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def _env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def _env_int(name: str, default: int) -> int:
    return int(_env(name, str(default)))


def _env_float(name: str, default: float) -> float:
    return float(_env(name, str(default)))


@dataclass(frozen=True)
class Settings:
    # --- storage -------------------------------------------------------------
    store_dir: Path = Path("data/store")  # FINRAG_STORE: the embedded store's folder (Qdrant Edge)
    cache_dir: Path = Path("data/cache")  # FINRAG_CACHE: embedding cache, graph db
    qdrant_url: str | None = None  # QDRANT_URL: switch to a Qdrant server/cluster
    qdrant_api_key: str | None = field(default=None, repr=False)  # QDRANT_API_KEY
    collection: str = "finrag_chunks"  # FINRAG_COLLECTION

    # --- embeddings ----------------------------------------------------------
    embedding_model: str = "all-MiniLM-L6-v2"  # FINRAG_EMBEDDING_MODEL
    embedding_url: str | None = None  # FINRAG_EMBEDDING_URL: OpenAI-compatible /v1 base
    embedding_api_key: str | None = field(default=None, repr=False)  # FINRAG_EMBEDDING_API_KEY
    embedding_batch: int = 32  # FINRAG_EMBEDDING_BATCH
    embedding_quantize: bool = False  # FINRAG_EMBEDDING_QUANTIZE: dynamic int8 on CPU
    embedding_runtime: str = "torch"  # FINRAG_EMBEDDING_RUNTIME: torch | onnx, for documents (queries: ONNX)

    # --- ingest limits: a file over a limit fails with its reason, the others go on ---
    pdf_max_mb: float = 200.0  # FINRAG_PDF_MAX_MB: larger files are refused before parsing
    pdf_max_pages: int = 2000  # FINRAG_PDF_MAX_PAGES
    llm_relation_chunks: int = 16  # FINRAG_LLM_RELATION_CHUNKS: LLM relation calls per document (with an LLM)

    # --- retrieval -----------------------------------------------------------
    search_mode: str = "hybrid"  # FINRAG_SEARCH_MODE: dense | sparse | hybrid
    fusion: str = "dbsf"  # FINRAG_FUSION: dbsf | rrf (DBSF measured better on FinanceBench)
    top_k: int = 8  # FINRAG_TOP_K
    max_per_page: int = 2  # FINRAG_MAX_PER_PAGE: diversity cap in top-k

    # --- LLM (unset base URL and key => offline deterministic engine) ---------
    llm_base_url: str | None = None  # FINRAG_LLM_BASE_URL (or OPENAI_BASE_URL)
    llm_api_key: str | None = field(default=None, repr=False)  # FINRAG_LLM_API_KEY / OPENAI_API_KEY
    router_model: str = "gpt-4o-mini"  # FINRAG_ROUTER_MODEL
    planner_model: str = "gpt-4o-mini"  # FINRAG_PLANNER_MODEL
    writer_model: str = "gpt-4o-mini"  # FINRAG_WRITER_MODEL
    llm_timeout_s: float = 60.0  # FINRAG_LLM_TIMEOUT
    llm_max_retries: int = 4  # FINRAG_LLM_MAX_RETRIES
    llm_max_tokens: int = 800  # FINRAG_LLM_MAX_TOKENS
    # USD per 1M tokens, "in:out" (FINRAG_PRICE_IN / FINRAG_PRICE_OUT)
    price_in_per_mtok: float = 0.15
    price_out_per_mtok: float = 0.60

    # --- agent guardrails ----------------------------------------------------
    max_searches: int = 4  # FINRAG_MAX_SEARCHES
    recursion_limit: int = 25  # FINRAG_RECURSION_LIMIT
    question_timeout_s: float = 120.0  # FINRAG_QUESTION_TIMEOUT
    token_budget: int = 20_000  # FINRAG_TOKEN_BUDGET
    agent_checkpoint: Path | None = None  # FINRAG_AGENT_CHECKPOINT: SQLite file to record agent steps

    # --- orchestration -------------------------------------------------------
    llm_concurrency: int = 4  # FINRAG_LLM_CONCURRENCY
    # Questions per Prefect task in a batch; 0 = automatic (1 with an LLM, 50 offline).
    batch_task_size: int = 0  # FINRAG_BATCH_TASK_SIZE
    # Where ingest/batch tasks run: "local" (threads in this process) or "dask" (worker
    # processes: a LocalCluster of dask_workers, or the scheduler at dask_address).
    runner: str = "local"  # FINRAG_RUNNER
    dask_address: str | None = None  # FINRAG_DASK_ADDRESS, e.g. tcp://scheduler:8786
    dask_workers: int = 2  # FINRAG_DASK_WORKERS: LocalCluster size when no address is set

    @property
    def offline(self) -> bool:
        """True when no LLM endpoint is configured: every LLM step uses the offline engine."""
        return not (self.llm_base_url or self.llm_api_key)

    @property
    def graph_path(self) -> Path:
        """The knowledge graph: inside the embedded store's folder (a copy of the folder
        carries it), under the cache for a server's collection."""
        if self.qdrant_url:
            return self.cache_dir / f"{self.collection}.graph.sqlite"
        return self.store_dir / "graph.sqlite"

    @property
    def catalog_path(self) -> Path:
        """Analyst corrections to the store's companies (`finrag catalog alias`): inside the
        embedded store's folder, under the cache for a server's collection (as the graph)."""
        if self.qdrant_url:
            return self.cache_dir / f"{self.collection}.catalog.json"
        return self.store_dir / "catalog.json"

    def with_overrides(self, **changes: object) -> Settings:
        known = {f.name for f in fields(self)}
        return replace(self, **{k: v for k, v in changes.items() if k in known and v is not None})

    def public_dict(self) -> dict[str, object]:
        """Settings without secrets, for logs, run records and config hashes."""
        secret = {"qdrant_api_key", "embedding_api_key", "llm_api_key"}
        return {
            f.name: str(getattr(self, f.name))
            for f in fields(self)
            if f.name not in secret
        }


def load_settings(**overrides: object) -> Settings:
    s = Settings(
        store_dir=Path(_env("FINRAG_STORE", "data/store")),
        cache_dir=Path(_env("FINRAG_CACHE", "data/cache")),
        qdrant_url=_env("QDRANT_URL"),
        qdrant_api_key=_env("QDRANT_API_KEY"),
        collection=_env("FINRAG_COLLECTION", "finrag_chunks"),
        embedding_model=_env("FINRAG_EMBEDDING_MODEL", "all-MiniLM-L6-v2"),
        embedding_url=_env("FINRAG_EMBEDDING_URL"),
        embedding_api_key=_env("FINRAG_EMBEDDING_API_KEY"),
        embedding_batch=_env_int("FINRAG_EMBEDDING_BATCH", 32),
        embedding_quantize=_env("FINRAG_EMBEDDING_QUANTIZE", "0") in ("1", "true", "yes"),
        embedding_runtime=_env("FINRAG_EMBEDDING_RUNTIME", "torch"),
        pdf_max_mb=_env_float("FINRAG_PDF_MAX_MB", 200.0),
        pdf_max_pages=_env_int("FINRAG_PDF_MAX_PAGES", 2000),
        llm_relation_chunks=_env_int("FINRAG_LLM_RELATION_CHUNKS", 16),
        search_mode=_env("FINRAG_SEARCH_MODE", "hybrid"),
        fusion=_env("FINRAG_FUSION", "dbsf"),
        top_k=_env_int("FINRAG_TOP_K", 8),
        max_per_page=_env_int("FINRAG_MAX_PER_PAGE", 2),
        llm_base_url=_env("FINRAG_LLM_BASE_URL", _env("OPENAI_BASE_URL")),
        llm_api_key=_env("FINRAG_LLM_API_KEY", _env("OPENAI_API_KEY")),
        router_model=_env("FINRAG_ROUTER_MODEL", "gpt-4o-mini"),
        planner_model=_env("FINRAG_PLANNER_MODEL", "gpt-4o-mini"),
        writer_model=_env("FINRAG_WRITER_MODEL", "gpt-4o-mini"),
        llm_timeout_s=_env_float("FINRAG_LLM_TIMEOUT", 60.0),
        llm_max_retries=_env_int("FINRAG_LLM_MAX_RETRIES", 4),
        llm_max_tokens=_env_int("FINRAG_LLM_MAX_TOKENS", 800),
        price_in_per_mtok=_env_float("FINRAG_PRICE_IN", 0.15),
        price_out_per_mtok=_env_float("FINRAG_PRICE_OUT", 0.60),
        max_searches=_env_int("FINRAG_MAX_SEARCHES", 4),
        recursion_limit=_env_int("FINRAG_RECURSION_LIMIT", 25),
        question_timeout_s=_env_float("FINRAG_QUESTION_TIMEOUT", 120.0),
        token_budget=_env_int("FINRAG_TOKEN_BUDGET", 20_000),
        agent_checkpoint=Path(p) if (p := _env("FINRAG_AGENT_CHECKPOINT")) else None,
        llm_concurrency=_env_int("FINRAG_LLM_CONCURRENCY", 4),
        batch_task_size=_env_int("FINRAG_BATCH_TASK_SIZE", 0),
        runner=_env("FINRAG_RUNNER", "local"),
        dask_address=_env("FINRAG_DASK_ADDRESS"),
        dask_workers=_env_int("FINRAG_DASK_WORKERS", 2),
    )
    return s.with_overrides(**overrides)
