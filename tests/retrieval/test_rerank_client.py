"""The `/rerank` client against a scripted server speaking that API (both reply styles),
and every way it can fail: each raises RerankError, which the retriever turns into a flag."""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from retrieval.rerank_client import RerankError, endpoint, rerank
from tests.support.fake_rerank import FakeRerank, Reply

DOCS = [
    "Risk factors: supply chain disruptions could delay shipments.",
    "Legal proceedings: the company is defending a patent lawsuit in Delaware.",
    "Consolidated balance sheets: total assets and liabilities.",
]


@pytest.mark.parametrize("style", ["results", "tei"])
def test_the_service_order_comes_back_most_relevant_first(style):
    with FakeRerank(style=style) as server:
        settings = load_settings(rerank_url=server.url, rerank_model="bge-reranker")
        assert rerank(settings, "which lawsuit is the company defending", DOCS)[0] == 1
        path, body = server.requests[0]
    assert path == "/rerank"  # a URL without a path gets the API's path
    assert body["query"] == "which lawsuit is the company defending"
    assert body["documents"] == DOCS and body["texts"] == DOCS and body["top_n"] == 3
    assert body["model"] == "bge-reranker"


def test_an_endpoint_with_a_path_is_used_as_given():
    assert endpoint("http://h:8080") == "http://h:8080/rerank"
    assert endpoint("http://h:8080/v1/rerank") == "http://h:8080/v1/rerank"


@pytest.mark.parametrize(
    "reply",
    [
        Reply(status=503, body={"error": "overloaded"}),
        Reply(body="not json"),
        Reply(body={"results": []}),
        Reply(body={"results": [{"index": 7, "relevance_score": 0.9}]}),  # no such document
        Reply(body=[{"index": 0}]),  # no score
        Reply(delay_s=1.5),  # slower than the timeout
    ],
    ids=["http-error", "not-json", "empty", "bad-index", "no-score", "timeout"],
)
def test_a_failing_service_raises_rerank_error(reply):
    with FakeRerank() as server:
        server.script(reply)
        settings = load_settings(rerank_url=server.url, rerank_timeout_s=0.5)
        with pytest.raises(RerankError):
            rerank(settings, "lawsuit", DOCS)


def test_a_service_that_is_not_there_raises_rerank_error():
    with FakeRerank() as server:
        url = server.url
    with pytest.raises(RerankError):
        rerank(load_settings(rerank_url=url, rerank_timeout_s=0.5), "lawsuit", DOCS)
