"""Write a loaded document's slice of the knowledge graph (facts and relations)."""

from __future__ import annotations

from typing import Any, Protocol

from finrag.config import Settings
from finrag.knowledge_graph import open_graph
from finrag.llm import get_llm
from finrag.models import LoadedDocument
from loaders.knowledge import extract_knowledge
from loaders.llm_relations import RelationCache


class GraphWriter(Protocol):
    def write(self, loaded: LoadedDocument) -> str | None: ...  # the "relations pending" reason, if any


class KnowledgeGraphWriter:
    """Extracts a document's facts/relations and replaces its slice of the graph."""

    def __init__(self, settings: Settings) -> None:
        self._extract = extract_knowledge
        self._graph = open_graph(settings)
        self._llm: Any = None  # offline: the rules' relations only
        self._relation_cache: Any = None
        self._llm_chunks = settings.llm_relation_chunks
        if not settings.offline:  # LLM relations, replies cached so re-ingest never re-asks
            self._llm = get_llm(settings)
            self._relation_cache = RelationCache(settings.cache_dir / "llm-relations.sqlite")

    def write(self, loaded: LoadedDocument) -> str | None:
        """Replace the document's slice; returns why its LLM relations are pending, if they are."""
        knowledge = self._extract(loaded, llm=self._llm, cache=self._relation_cache, llm_chunks=self._llm_chunks)
        self._graph.replace_document(knowledge)
        return knowledge.relations_pending

    def close(self) -> None:
        self._graph.close()
        if self._relation_cache is not None:
            self._relation_cache.close()


def open_graph_writer(settings: Settings) -> KnowledgeGraphWriter:
    return KnowledgeGraphWriter(settings)
