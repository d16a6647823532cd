"""The one client for a reranking service with the common `/rerank` API.

TEI, vLLM, llama.cpp's server (and Jina / Cohere style services) take

    POST {FINRAG_RERANK_URL}  {"query": q, "documents": [...], "texts": [...], "top_n": n}

(TEI reads "texts", the others "documents"; each ignores the other key) and answer either
a list `[{"index": i, "score": s}]` (TEI) or `{"results": [{"index": i,
"relevance_score": s}]}`. A URL without a path gets `/rerank`. Any failure (refused,
timeout, HTTP error, a reply that is not such a list) raises `RerankError`: the retriever
then keeps its own order and flags the search, so a dead reranker never costs an answer.
"""

from __future__ import annotations

from urllib.parse import urlparse

import httpx

from finrag.config import Settings

MAX_CHARS = 4000  # per page: rerankers truncate at ~512 tokens anyway; keeps requests small


class RerankError(RuntimeError):
    """The rerank service did not give a usable order."""


def endpoint(url: str) -> str:
    """'http://host:8080' -> 'http://host:8080/rerank'; a URL with a path is used as given."""
    return url.rstrip("/") + "/rerank" if urlparse(url).path in ("", "/") else url


def rerank(settings: Settings, query: str, documents: list[str]) -> list[int]:
    """Indices of `documents`, most relevant first (as the service scored them)."""
    if not settings.rerank_url:
        raise RerankError("no FINRAG_RERANK_URL set")
    docs = [d[:MAX_CHARS] for d in documents]
    body: dict = {"query": query, "documents": docs, "texts": docs, "top_n": len(docs), "return_documents": False}
    if settings.rerank_model:
        body["model"] = settings.rerank_model
    try:
        response = httpx.post(endpoint(settings.rerank_url), json=body, timeout=settings.rerank_timeout_s)
        response.raise_for_status()
        payload = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        raise RerankError(f"rerank service {settings.rerank_url}: {exc}") from exc
    return _order(payload, len(docs))


def _order(payload: object, n: int) -> list[int]:
    results = payload.get("results") if isinstance(payload, dict) else payload
    if not isinstance(results, list) or not results:
        raise RerankError("rerank service: no results in its reply")
    scored: list[tuple[float, int]] = []
    for row in results:
        if not isinstance(row, dict):
            raise RerankError("rerank service: a result is not an object")
        index, score = row.get("index"), row.get("relevance_score", row.get("score"))
        if not isinstance(index, int) or not 0 <= index < n or not isinstance(score, int | float):
            raise RerankError(f"rerank service: bad result {row!r}")
        scored.append((float(score), index))
    order = [index for _, index in sorted(scored, key=lambda s: (-s[0], s[1]))]
    return list(dict.fromkeys(order))
