"""finrag.llm against a real HTTP server speaking the OpenAI chat-completions API."""

from __future__ import annotations

import logging

import pytest
from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from finrag.config import load_settings
from finrag.llm import LLMClient, LLMError, Usage, get_llm
from tests.support.fake_openai import Error, FakeOpenAI, Raw, Text, ToolCall

SECRET = "sk-test-SECRET123"
HELLO = [HumanMessage("hello")]


class Verdict(BaseModel):
    label: str
    confidence: float


@pytest.fixture
def server():
    with FakeOpenAI() as s:
        yield s


def client_for(server: FakeOpenAI, **overrides) -> LLMClient:
    settings = load_settings(
        llm_base_url=server.url,
        llm_api_key=SECRET,
        **{"llm_max_retries": 2, "llm_timeout_s": 5.0, **overrides},
    )
    return LLMClient(settings, backoff_base_s=0.01)


def test_offline_settings_give_no_client():
    assert get_llm(load_settings()) is None


def test_chat_records_usage_cost_and_sends_both_token_limits(server):
    server.script(Text("EBITDA is ...", tokens_in=1000, tokens_out=500))
    client = client_for(server, llm_max_tokens=123, writer_model="writer-x",
                        price_in_per_mtok=2.0, price_out_per_mtok=10.0)

    reply = client.chat("writer", HELLO)

    assert reply.text == "EBITDA is ..."
    assert (reply.tokens_in, reply.tokens_out, reply.model) == (1000, 500, "writer-x")
    assert reply.cost_usd == pytest.approx((1000 * 2.0 + 500 * 10.0) / 1e6)
    body = server.requests[0].body
    assert body["model"] == "writer-x"
    assert body["max_tokens"] == 123  # llama.cpp's server reads only this one
    assert body["max_completion_tokens"] == 123
    assert server.requests[0].headers["authorization"] == f"Bearer {SECRET}"

    usage = Usage()
    usage.add(reply)
    usage.add(reply)
    assert (usage.llm_calls, usage.tokens_in, usage.tokens_out) == (2, 2000, 1000)


def test_each_role_uses_its_model(server):
    client = client_for(server, router_model="r-model", planner_model="p-model")
    client.chat("router", HELLO)
    client.chat("planner", HELLO)
    assert [r.body["model"] for r in server.requests] == ["r-model", "p-model"]
    assert client.engine("router") == "llm:r-model"


def test_rate_limit_is_retried_honouring_retry_after(server):
    server.script(Error(429, retry_after=0), Error(429, retry_after=0), Text("ok"))
    reply = client_for(server).chat("writer", HELLO)
    assert reply.text == "ok"
    assert len(server.requests) == 3  # the SDK's own retries are off: all three are ours


def test_server_errors_until_the_last_attempt_raise_a_readable_error(server):
    server.default = Error(500, "upstream exploded")
    with pytest.raises(LLMError) as info:
        client_for(server, llm_max_retries=2).chat("writer", HELLO)
    assert len(server.requests) == 3
    assert "after 3 attempt(s)" in info.value.reason
    assert "HTTP 500" in info.value.reason


def test_client_errors_are_not_retried(server):
    server.default = Error(400, "bad request")
    with pytest.raises(LLMError, match="HTTP 400"):
        client_for(server).chat("writer", HELLO)
    assert len(server.requests) == 1


def test_slow_server_times_out_and_is_retried(server):
    server.script(Text("late", delay_s=1.5), Text("on time"))
    reply = client_for(server, llm_timeout_s=0.5).chat("writer", HELLO)
    assert reply.text == "on time"
    assert len(server.requests) == 2


def test_timeout_on_every_attempt_raises(server):
    server.default = Text("late", delay_s=1.5)
    with pytest.raises(LLMError, match="timed out"):
        client_for(server, llm_timeout_s=0.3, llm_max_retries=1).chat("writer", HELLO)


def test_structured_output_uses_function_calling(server):
    server.script(ToolCall({"label": "single", "confidence": 0.9}, tokens_in=40, tokens_out=9))
    verdict, reply = client_for(server).structured("router", Verdict, HELLO)
    assert verdict == Verdict(label="single", confidence=0.9)
    assert (reply.tokens_in, reply.tokens_out) == (40, 9)
    request = server.requests[0]
    assert request.tool_names() == ["Verdict"]
    assert "response_format" not in request.body  # json_schema isn't portable


@pytest.mark.parametrize(
    "malformed",
    [
        ToolCall("{not json"),
        ToolCall({"label": "single", "confidence": "very"}),  # fails validation
        Text("I think it is single"),  # no tool call at all
    ],
)
def test_malformed_structured_output_is_retried(server, malformed):
    server.script(malformed, ToolCall({"label": "iterative", "confidence": 0.5}))
    verdict, _ = client_for(server).structured("router", Verdict, HELLO)
    assert verdict.label == "iterative"
    assert len(server.requests) == 2


def test_malformed_output_on_every_attempt_raises(server):
    server.default = ToolCall("{not json")
    with pytest.raises(LLMError, match="malformed structured output"):
        client_for(server, llm_max_retries=1).structured("router", Verdict, HELLO)
    assert len(server.requests) == 2


def test_api_key_never_leaks_into_errors_or_logs(server, caplog, capfd):
    # Worst case: a server that echoes the key back in its error message.
    server.default = Error(401, f"Incorrect API key provided: {SECRET}")
    client = client_for(server)
    with caplog.at_level(logging.DEBUG), pytest.raises(LLMError) as info:
        client.chat("writer", HELLO)
    assert "HTTP 401" in info.value.reason
    assert SECRET not in info.value.reason
    assert info.value.__suppress_context__  # a printed traceback won't show the SDK's error
    assert SECRET not in repr(client)
    assert SECRET not in caplog.text
    out, err = capfd.readouterr()
    assert SECRET not in out + err


# --------------------------------------------------------------------------- breaker, deadline, ledger


def test_breaker_stops_calling_an_endpoint_after_consecutive_failures(server):
    server.default = Error(503, "down for maintenance")
    client = client_for(server, llm_max_retries=4, llm_breaker_failures=3)
    kinds = []
    for _ in range(4):
        with pytest.raises(LLMError) as info:
            client.chat("writer", HELLO)
        kinds.append(info.value.kind)
    # Three attempts in all (not 4 questions x 5 attempts), then nothing is sent.
    assert len(server.requests) == 3
    assert kinds == ["http_error", "circuit_open", "circuit_open", "circuit_open"]
    assert "3 consecutive failures" in str(info.value)


def test_breaker_counts_only_consecutive_failures(server):
    server.script(Error(503), Error(503), Text("ok"), Error(503), Error(503), Text("ok again"))
    client = client_for(server, llm_max_retries=2, llm_breaker_failures=3)
    assert client.chat("writer", HELLO).text == "ok"
    assert client.chat("writer", HELLO).text == "ok again"
    assert not client.breaker.open


def test_a_refused_connection_is_a_connection_failure_and_opens_the_breaker():
    from tests.support.prefect_server import free_port

    settings = load_settings(llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_api_key=SECRET,
                             llm_max_retries=5, llm_breaker_failures=2)
    client = LLMClient(settings, backoff_base_s=0.01)
    with pytest.raises(LLMError) as first:
        client.chat("writer", HELLO)
    assert first.value.kind == "connection"
    assert "after 2 attempt(s)" in first.value.reason  # the breaker cut the retry budget short
    with pytest.raises(LLMError) as second:
        client.chat("writer", HELLO)
    assert second.value.kind == "circuit_open"


def test_the_question_deadline_cuts_a_slow_call_and_starts_no_other(server):
    import time

    from finrag.llm_guards import question_scope

    server.default = Text("late", delay_s=3)
    client = client_for(server, llm_timeout_s=30, llm_max_retries=3)
    started = time.monotonic()
    with question_scope(0.5) as scope, pytest.raises(LLMError) as info:
        client.chat("writer", HELLO)
    assert info.value.kind == "deadline"
    assert time.monotonic() - started < 2.0
    assert len(server.requests) == 1  # not retried after the deadline
    assert scope.failed_calls == 1 and scope.failures == ["deadline"]
    with question_scope(0.5), pytest.raises(LLMError):
        time.sleep(0.6)
        client.chat("writer", HELLO)
    assert len(server.requests) == 1  # expired: the second call was never sent
    assert not client.breaker.open  # our deadline is not the endpoint's fault


def test_a_question_past_its_deadline_gives_up_waiting_for_a_slot(server):
    import threading
    import time

    from finrag.llm_guards import question_scope

    server.script(Text("slow", delay_s=1.5))
    client = client_for(server, llm_concurrency=1)
    holder = threading.Thread(target=client.chat, args=("writer", HELLO))
    holder.start()
    time.sleep(0.3)  # the one slot is now busy
    started = time.monotonic()
    with question_scope(0.3), pytest.raises(LLMError) as info:
        client.chat("writer", HELLO)
    assert info.value.kind == "deadline"
    assert time.monotonic() - started < 1.0
    holder.join()
    assert len(server.requests) == 1
    assert client.chat("writer", HELLO).text == "default reply"  # the slot is free again


def test_failed_attempts_are_counted_with_what_malformed_replies_cost(server):
    from finrag.llm_guards import question_scope

    server.script(Error(500), ToolCall("{not json", tokens_in=100, tokens_out=20),
                  ToolCall({"label": "single", "confidence": 0.9}))
    client = client_for(server, llm_max_retries=3, price_in_per_mtok=1.0, price_out_per_mtok=1.0)
    with question_scope(30) as scope:
        _, reply = client.structured("router", Verdict, HELLO)
    assert scope.failed_calls == 2
    assert (scope.tokens_in, scope.tokens_out) == (100, 20)
    assert scope.cost_usd == pytest.approx(120 / 1e6)
    assert reply.tokens_in == 13


@pytest.mark.parametrize("raw", [Raw("<html><body>502 Bad Gateway</body></html>"),
                                 Raw("<html>oops</html>", content_type="application/json")],
                         ids=["html", "not-json-labelled-json"])
def test_a_reply_that_is_not_json_is_malformed_output_and_retried(server, raw):
    server.script(raw, Text("ok"))
    reply = client_for(server).chat("writer", HELLO)
    assert reply.text == "ok" and len(server.requests) == 2
    server.requests.clear()
    server.default = raw
    with pytest.raises(LLMError) as failed:
        client_for(server, llm_max_retries=1).chat("writer", HELLO)
    assert failed.value.kind == "malformed_output" and len(server.requests) == 2
