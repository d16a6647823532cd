"""A real HTTP endpoint on loopback standing in for the operator's chat or paging webhook:
it records each JSON body POSTed to it, for a test to read."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.prefect_server import free_port


class WebhookReceiver:
    def __init__(self, path: str = "/hook"):
        self.bodies: list[dict] = []
        self.path = path
        received = self.bodies

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length", 0))
                received.append(json.loads(self.rfile.read(length) or b"{}"))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):  # keep the test output quiet
                pass

        self.port = free_port()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    def wait_for(self, text: str, timeout_s: float = 180) -> dict | None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            hit = next((b for b in self.bodies if text in json.dumps(b)), None)
            if hit:
                return hit
            time.sleep(1)
        return None

    def close(self) -> None:
        self.httpd.shutdown()
