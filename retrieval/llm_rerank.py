"""A listwise rerank of the top pages by the configured LLM (FINRAG_RERANK=llm).

For a user with an LLM endpoint but no `/rerank` service: the model reads the question and
the first stage's top pages (each cut to `PAGE_CHARS`), numbered [1]..[n], and answers with
the numbers most useful first, as a tool call (`PageRanking`), so the reply is checked
rather than parsed out of prose. Numbers it leaves out keep their order after the ones it
gave; numbers that are not candidates are dropped. A failure (the endpoint down after its
retries, a reply with no usable number) raises `RerankError`: the retriever keeps the first
stage's order and flags the search. What the call cost comes back with the order, so the
answer's token count and cost include it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from retrieval.rerank_client import RerankError

if TYPE_CHECKING:
    from finrag.llm import LLMClient, LLMReply

PAGE_CHARS = 1500  # per page: enough for its heading and deciding sentences, ~400 tokens

SYSTEM = (
    "You rank pages of company filings by how useful each is for answering a question. "
    "Judge only what the page says: the page that states the answer (the figure, the sentence "
    "that explains, the section the question asks about) comes first. Call the tool with the "
    "page numbers, most useful first."
)


class PageRanking(BaseModel):
    """The candidate pages ordered by how useful they are for answering the question."""

    pages: list[int] = Field(description="the candidate page numbers ([1], [2], ...), most useful first")


def llm_order(llm: LLMClient, question: str, pages: list[tuple[str, str]]) -> tuple[list[int], LLMReply]:
    """Zero-based indices of `pages` ((label, text) each), most useful first, and the reply
    (its tokens and cost). Raises RerankError when the model gives no usable order."""
    from finrag.llm import LLMError

    listing = "\n\n".join(
        f"[{i}] {label}\n{text[:PAGE_CHARS]}" for i, (label, text) in enumerate(pages, 1)
    )
    messages = [
        SystemMessage(content=SYSTEM),
        HumanMessage(content=f"Question: {question}\n\nCandidate pages:\n\n{listing}"),
    ]
    try:
        ranking, reply = llm.structured("router", PageRanking, messages)
    except LLMError as exc:
        raise RerankError(f"LLM rerank: {exc.reason}") from None
    order = list(dict.fromkeys(n - 1 for n in ranking.pages if 1 <= n <= len(pages)))
    if not order:
        raise RerankError(f"LLM rerank: no candidate page number in {ranking.pages!r}")
    return order, reply
