"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions API.

Tests script its replies in order (text, tool calls for structured output, HTTP errors
with headers, slow replies) and read back every request it received (path, headers,
JSON body), so retry counts, headers and request bodies are observed on the wire.

    with FakeOpenAI() as server:
        server.script(Text("hello"), Error(429, retry_after=0), ToolCall({"x": 1}))
        settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test")
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.loopback import ScriptedServer


@dataclass
class Text:
    content: str
    tokens_in: int = 11
    tokens_out: int = 7
    delay_s: float = 0.0


@dataclass
class ToolCall:
    """A function-calling reply; `name` defaults to the first tool the request offered."""

    arguments: dict[str, Any] | str  # a str is sent verbatim (to script malformed JSON)
    name: str | None = None
    tokens_in: int = 13
    tokens_out: int = 5
    delay_s: float = 0.0


@dataclass
class Error:
    status: int
    message: str = "scripted error"
    retry_after: float | None = None
    delay_s: float = 0.0


@dataclass
class Raw:
    """A reply that is not the API's JSON (a proxy's HTML page, a truncated body)."""

    body: str
    content_type: str = "text/html"
    status: int = 200
    delay_s: float = 0.0


Reply = Text | ToolCall | Error | Raw


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    def tool_names(self) -> list[str]:
        return [t["function"]["name"] for t in self.body.get("tools", [])]


@dataclass
class FakeOpenAI(ScriptedServer[Reply]):
    """Context manager: starts the server on a free port; `url` is the /v1 base URL."""

    path = "/v1"

    default: Reply = field(default_factory=lambda: Text("default reply"))
    requests: list[Request] = field(default_factory=list)

    def unscripted(self) -> Reply:
        return self.default

    def _record(self, request: Request) -> None:
        with self._lock:
            self.requests.append(request)

    def handler_for(self) -> type[BaseHTTPRequestHandler]:
        return _handler_for(self)


def _completion(body: dict[str, Any], reply: Text | ToolCall) -> dict[str, Any]:
    if isinstance(reply, Text):
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        finish = "stop"
    else:
        offered = [t["function"]["name"] for t in body.get("tools", [])]
        arguments = reply.arguments if isinstance(reply.arguments, str) else json.dumps(reply.arguments)
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": reply.name or (offered[0] if offered else "tool"), "arguments": arguments},
                }
            ],
        }
        finish = "tool_calls"
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "fake"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": reply.tokens_in,
            "completion_tokens": reply.tokens_out,
            "total_tokens": reply.tokens_in + reply.tokens_out,
        },
    }


def _handler_for(server: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:  # keep pytest output clean
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            length = int(self.headers.get("content-length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            server._record(Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            reply = server._next()
            if reply.delay_s:
                time.sleep(reply.delay_s)
            if isinstance(reply, Raw):
                self._send_raw(reply)
            elif isinstance(reply, Error):
                headers = {} if reply.retry_after is None else {"Retry-After": str(reply.retry_after)}
                payload = {"error": {"message": reply.message, "type": "fake", "code": reply.status}}
                self._send(reply.status, payload, headers)
            else:
                self._send(200, _completion(body, reply), {})

        def _send_raw(self, reply: Raw) -> None:
            data = reply.body.encode()
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str]) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test): nothing to answer

    return Handler
