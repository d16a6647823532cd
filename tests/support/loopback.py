"""A scripted HTTP server on a free loopback port, run in a background thread: the base of
the fake OpenAI and /rerank servers (tests/support/fake_openai.py, fake_rerank.py)."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


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

