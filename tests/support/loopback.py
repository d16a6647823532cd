"""A scripted HTTP server on a free loopback port, run in a background thread: the base of
the fake OpenAI and /rerank servers (tests/support/fake_openai.py, fake_rerank.py), with
the one queue of replies a test scripts for them."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Generic, Self, TypeVar

R = TypeVar("R")


class LoopbackServer:
    """Context manager: serves `handler_for(self)` on 127.0.0.1 until the block ends."""

    path = ""  # appended to the root URL ("/v1" for the OpenAI API)

    def handler_for(self) -> type[BaseHTTPRequestHandler]:
        raise NotImplementedError

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}{self.path}"

    def __enter__(self) -> Self:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler_for())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


@dataclass
class ScriptedServer(LoopbackServer, Generic[R]):
    """Replies come from `script(...)` in order, then `unscripted()` for every later request."""

    _queue: list[R] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def script(self, *replies: R) -> None:
        with self._lock:
            self._queue.extend(replies)

    def unscripted(self) -> R:
        raise NotImplementedError

    def _next(self) -> R:
        with self._lock:
            return self._queue.pop(0) if self._queue else self.unscripted()
