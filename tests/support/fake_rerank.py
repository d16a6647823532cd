"""A real HTTP server on 127.0.0.1 that speaks the common `/rerank` API (TEI, vLLM,
llama.cpp, Jina / Cohere style).

By default it scores each document by how many of the query's words it contains (so a
test knows which document should win); tests can script replies instead (a status code,
a raw body, a delay) and read back every request's path and JSON body.

    with FakeRerank() as server:
        settings = load_settings(rerank_url=server.url)
        server.script(Reply(status=503))
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.loopback import ScriptedServer


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # None: score by shared words; a str is sent verbatim
    delay_s: float = 0.0


@dataclass
class FakeRerank(ScriptedServer[Reply]):
    style: str = "results"  # "results": {"results": [{index, relevance_score}]}; "tei": [{index, score}]
    requests: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def unscripted(self) -> Reply:
        return Reply()  # score by shared words

    def handler_for(self) -> type[BaseHTTPRequestHandler]:
        return _handler_for(self)

    def scores(self, body: dict[str, Any]) -> Any:
        words = set(re.findall(r"\w+", body.get("query", "").lower()))
        docs = body.get("documents") or body.get("texts") or []
        scored = [(i, len(words & set(re.findall(r"\w+", d.lower()))) / (len(words) or 1)) for i, d in enumerate(docs)]
        scored.sort(key=lambda s: -s[1])
        if self.style == "tei":
            return [{"index": i, "score": s} for i, s in scored]
        return {"results": [{"index": i, "relevance_score": s} for i, s in scored[: body.get("top_n") or len(scored)]]}


def _handler_for(server: FakeRerank) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            length = int(self.headers.get("content-length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            with server._lock:
                server.requests.append((self.path, body))
            reply = server._next()
            if reply.delay_s:
                time.sleep(reply.delay_s)
            payload = server.scores(body) if reply.body is None else reply.body
            data = (payload if isinstance(payload, str) else json.dumps(payload)).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler
