"""A Qdrant-API server on loopback for tests: the REST calls FinRAG makes, answered by
qdrant-client's in-memory engine, with every request recorded.

`QdrantApiServer` speaks HTTP on 127.0.0.1 like a real Qdrant server, so `finrag store push
--to http://127.0.0.1:PORT` runs its real client code (httpx, the REST models) end to end.
Requests are parsed with qdrant-client's own REST models and forwarded to a local-mode
client, so filters, ids and payloads behave as Qdrant's do. `requests` lists (method, path)
for every call: a test can say "no delete was sent".
"""

from __future__ import annotations

import json
import re
import threading
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from qdrant_client import QdrantClient, models

_COLLECTION = re.compile(r"^/collections/(?P<name>[^/]+)(?P<rest>/.*)?$")


class QdrantApiServer:
    """Start with `with QdrantApiServer() as server:`; `server.url` is the address,
    `server.engine` the in-memory client holding what was sent."""

    def __init__(self) -> None:
        self.engine = QdrantClient(location=":memory:")
        self.requests: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        handler = _handler(self)
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}"
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)

    def __enter__(self) -> QdrantApiServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._http.shutdown()
        self._http.server_close()
        self.engine.close()

    def deletes(self) -> list[str]:
        """Paths of every request that deleted points or collections."""
        return [path for method, path in self.requests if method == "DELETE" or path.endswith("/delete")]

    def answer(self, method: str, path: str, body: dict | None):  # noqa: C901 - one branch per REST call
        """The `result` of one REST call (raises KeyError for a call this server does not know)."""
        path = path.split("?", 1)[0]
        with self._lock:
            self.requests.append((method, path))
            engine = self.engine
            if path == "/" and method == "GET":
                return {"title": "qdrant - scripted test server", "version": "1.20.0"}
            if path == "/collections" and method == "GET":
                return {"collections": [{"name": c.name} for c in engine.get_collections().collections]}
            match = _COLLECTION.match(path)
            if not match:
                raise KeyError(path)
            name, rest = match["name"], match["rest"] or ""
            if rest == "/exists":
                return {"exists": engine.collection_exists(name)}
            if rest == "" and method == "GET":
                return engine.get_collection(name)
            if rest == "" and method == "PUT":
                spec = models.CreateCollection.model_validate(body or {})
                return engine.create_collection(
                    name, vectors_config=spec.vectors or {}, sparse_vectors_config=spec.sparse_vectors,
                    metadata=spec.metadata,
                )
            if rest == "" and method == "PATCH":  # only what FinRAG updates: the collection's metadata
                spec = models.UpdateCollection.model_validate(body or {})
                return engine.update_collection(name, metadata=spec.metadata)
            if rest == "" and method == "DELETE":
                return engine.delete_collection(name)
            if rest == "/index":
                spec = models.CreateFieldIndex.model_validate(body)
                with warnings.catch_warnings():  # "indexes have no effect in local mode": known
                    warnings.simplefilter("ignore")
                    return engine.create_payload_index(name, spec.field_name, field_schema=spec.field_schema)
            if rest == "/points" and method == "PUT":
                batch = models.PointsList.model_validate(body)
                return engine.upsert(name, points=batch.points)
            if rest == "/points" and method == "POST":
                request = models.PointRequest.model_validate(body)
                return engine.retrieve(name, ids=request.ids, with_payload=request.with_payload,
                                       with_vectors=request.with_vector)
            if rest == "/points/delete":
                selector = body or {}
                parsed = (models.FilterSelector.model_validate(selector) if "filter" in selector
                          else models.PointIdsList.model_validate(selector))
                return engine.delete(name, points_selector=parsed)
            if rest == "/points/scroll":
                request = models.ScrollRequest.model_validate(body or {})
                points, offset = engine.scroll(
                    name, scroll_filter=request.filter, limit=request.limit or 10, offset=request.offset,
                    with_payload=request.with_payload if request.with_payload is not None else True,
                    with_vectors=request.with_vector if request.with_vector is not None else False,
                )
                return {"points": points, "next_page_offset": offset}
            if rest == "/points/count":
                request = models.CountRequest.model_validate(body or {})
                return engine.count(name, count_filter=request.filter, exact=True)
            raise KeyError(path)


def _jsonable(value):
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def _handler(server: QdrantApiServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # quiet: pytest shows failures, not access logs
            pass

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length)) if length else None
            try:
                result = server.answer(self.command, self.path, body)
                status, payload = 200, result if self.path == "/" else {
                    "result": _jsonable(result), "status": "ok", "time": 0.0}
            except KeyError as exc:
                status, payload = 404, {"status": {"error": f"not scripted: {exc}"}, "time": 0.0}
            except Exception as exc:  # noqa: BLE001 - the engine's refusal, as a server reports it
                status, payload = 400, {"status": {"error": f"{type(exc).__name__}: {exc}"}, "time": 0.0}
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_PUT = do_POST = do_DELETE = do_PATCH = _serve

    return Handler
