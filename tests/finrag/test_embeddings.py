"""Dense embeddings: the bundled model, the disk cache, an OpenAI-compatible endpoint."""

from __future__ import annotations

import hashlib
import json
import logging
import math
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from finrag.config import load_settings
from finrag.embeddings import Embedder, get_embedder


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def embedder(embedding_cache_dir) -> Embedder:
    return get_embedder(load_settings(cache_dir=embedding_cache_dir))


def test_bundled_model_gives_normalized_384d_vectors(embedder):
    assert embedder.name == "all-MiniLM-L6-v2|torch|fp32"
    assert embedder.dim == 384
    vec = embedder.embed_query("Total net revenue for fiscal 2022")
    assert len(vec) == 384
    assert math.isclose(math.sqrt(sum(x * x for x in vec)), 1.0, rel_tol=1e-3)


def test_related_texts_are_closer_than_unrelated(embedder):
    query = embedder.embed_query("How much did the company spend on capital expenditures?")
    related, unrelated = embedder.embed_documents(
        ["Purchases of property, plant and equipment were $1.2 billion.",
         "The board of directors met four times in the year."]
    )
    assert _cos(query, related) > _cos(query, unrelated)


def test_same_settings_share_one_embedder(embedding_cache_dir, embedder):
    assert get_embedder(load_settings(cache_dir=embedding_cache_dir)) is embedder


def test_cache_prevents_embedding_twice(tmp_path, embedder):
    # A fresh cache file, the already-loaded model: count what reaches the model.
    fresh = Embedder(embedder.encoder, type(embedder.cache)(tmp_path / "e.sqlite"))
    texts = ["Cash and cash equivalents", "Long-term debt", "Cash and cash equivalents"]
    first = fresh.embed_documents(texts)
    assert fresh.texts_encoded == 2  # duplicates within a call are embedded once
    assert fresh.embed_documents(texts) == first
    assert fresh.texts_encoded == 2
    # Another process/run opening the same cache file does not embed them either.
    reopened = Embedder(embedder.encoder, type(embedder.cache)(tmp_path / "e.sqlite"))
    assert reopened.embed_documents(["Long-term debt", "Goodwill"])[0] == first[1]
    assert reopened.texts_encoded == 1


def test_the_cache_key_names_the_runtime_and_precision(tmp_path, embedding_cache_dir, embedder):
    onnx = get_embedder(load_settings(cache_dir=embedding_cache_dir, embedding_runtime="onnx"))
    assert onnx.name == "all-MiniLM-L6-v2|onnx|fp32" and embedder.query_encoder.name == onnx.name
    cache = type(embedder.cache)(tmp_path / "e.sqlite")
    # A vector cached before the key named the runtime (model name alone, fp32) still serves
    # the fp32 encoders; an int8 encoder never reads it.
    cache.put_many("all-MiniLM-L6-v2", ["Goodwill"], [[1.0] + [0.0] * 383])
    fp32 = Embedder(onnx.encoder, cache)
    assert fp32.embed_documents(["Goodwill"])[0][:2] == [1.0, 0.0] and fp32.texts_encoded == 0
    int8 = get_embedder(load_settings(cache_dir=embedding_cache_dir, embedding_quantize=True))
    fresh_int8 = Embedder(int8.encoder, cache)
    assert fresh_int8.embed_documents(["Goodwill"])[0][:2] != [1.0, 0.0] and fresh_int8.texts_encoded == 1
    assert set(cache.get_many("all-MiniLM-L6-v2|torch|int8", ["Goodwill"])) and not cache.get_many(
        "all-MiniLM-L6-v2|onnx|fp32", ["Goodwill"])


def test_int8_quantized_model_agrees_with_fp32(embedding_cache_dir, embedder):
    quantized = get_embedder(load_settings(cache_dir=embedding_cache_dir, embedding_quantize=True))
    assert quantized.name == "all-MiniLM-L6-v2|torch|int8"  # never mixed with fp32 vectors in the cache
    question = "How much did the company spend on capital expenditures?"
    texts = ["Purchases of property, plant and equipment were $1.2 billion.",
             "The board of directors met four times in the year."]
    for fp32, int8 in zip(embedder.embed_documents(texts), quantized.embed_documents(texts), strict=True):
        assert _cos(fp32, int8) > 0.9
    related, unrelated = quantized.embed_documents(texts)
    query = quantized.embed_query(question)
    assert _cos(query, related) > _cos(query, unrelated)
    # ONNX Runtime's int8 (made from the local export, nothing downloaded): its own key and family.
    onnx_int8 = get_embedder(load_settings(cache_dir=embedding_cache_dir, embedding_quantize=True,
                                           embedding_runtime="onnx"))
    assert onnx_int8.name == "all-MiniLM-L6-v2|onnx|int8" and onnx_int8.query_encoder is onnx_int8.encoder
    for fp32, int8 in zip(embedder.embed_documents(texts), onnx_int8.embed_documents(texts), strict=True):
        assert 0.9 < _cos(fp32, int8) < 0.9999
    assert (embedding_cache_dir / "models" / "all-MiniLM-L6-v2.int8.onnx").exists()


class _FakeEmbeddingServer:
    """An OpenAI-compatible /v1/embeddings endpoint with deterministic 8-d vectors."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.auth: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server naming
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                server.auth.append(self.headers.get("Authorization", ""))
                data = [
                    {"object": "embedding", "index": i, "embedding": _fake_vector(text)}
                    for i, text in enumerate(body["input"])
                ]
                payload = json.dumps({"object": "list", "data": data, "model": body["model"],
                                      "usage": {"prompt_tokens": 1, "total_tokens": 1}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._httpd.shutdown()


def _fake_vector(text: str) -> list[float]:
    digest = hashlib.sha256(text.encode()).digest()
    return [b / 255 for b in digest[:8]]


def test_openai_compatible_endpoint_is_used_and_cached(tmp_path, caplog):
    server = _FakeEmbeddingServer()
    try:
        settings = load_settings(cache_dir=tmp_path, embedding_url=server.url,
                                 embedding_model="fake-embed", embedding_api_key="sk-secret-123")
        with caplog.at_level(logging.DEBUG):
            remote = get_embedder(settings)
            vectors = remote.embed_documents(["alpha", "beta"])
            assert vectors[0] == pytest.approx(_fake_vector("alpha"))
            assert remote.dim == 8
            assert remote.embed_query("beta") == vectors[1]
        # One request: the dimension is learnt from it, and "beta" comes from the cache.
        assert [r["input"] for r in server.requests] == [["alpha", "beta"]]
        assert server.requests[0]["model"] == "fake-embed"
        assert server.auth[0] == "Bearer sk-secret-123"
        assert "sk-secret-123" not in caplog.text
        assert "sk-secret-123" not in repr(settings)
    finally:
        server.close()


EMBEDDING_KEY = "sk-embed-SECRET-4242"


def test_an_endpoint_echoing_its_key_in_a_401_is_redacted_and_not_retried(tmp_path):
    from finrag.embeddings import EmbeddingEndpointError, get_embedder
    from tests.support.fake_openai import Error, FakeOpenAI

    with FakeOpenAI() as server:
        server.script(*[Error(401, message=f"Incorrect API key provided: {EMBEDDING_KEY}")] * 5)
        settings = load_settings(cache_dir=tmp_path, embedding_url=server.url, embedding_api_key=EMBEDDING_KEY)
        with pytest.raises(EmbeddingEndpointError) as raised:
            get_embedder(settings).embed_documents(["Revenue was 1,577."])
        assert len(server.requests) == 1  # a wrong key fails the same way again: asked once
    message = str(raised.value)
    assert "401" in message and "Incorrect API key provided: ***" in message and EMBEDDING_KEY not in message
    assert raised.value.permanent and raised.value.__suppress_context__  # the SDK's exception does not ride along
    import pickle

    again = pickle.loads(pickle.dumps(raised.value))  # as Prefect / Dask move it
    assert again.permanent and EMBEDDING_KEY not in str(again)
