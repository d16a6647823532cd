"""stated_product: a value the question defines as a price per share times a number of shares,
each stated in the filing's prose.

"Define it as: per-share cash merger consideration x number of common shares issued and
outstanding at the reference date": a merger agreement states "$16.26 in cash, without interest
(the "Merger Consideration")" in one place and "As of ... (the "Reference Date"), (i) 3,526,489
Shares ... were issued and outstanding" in another. Each operand is the stated amount of its
kind (an amount per share; a number of shares) whose own words hold most of the operand's words
(answering.kinds.stated_amounts); an operand the retrieved passages do not state is searched
for in the same filing by its words.

Precision first: exactly two operands, one a price per share and one a count of shares; each
named by at least two of its words and by more than any amount of another value; both in one
filing of the asked company. Anything else is no answer here (None).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.stated_amounts import Stated, named, stated
from answering.metric_target import asked_decimals, split_definitions
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

_TIMES = re.compile(r"\s+(?:x|×|\*|times|multiplied\s+by)\s+", re.I)
_PER_SHARE_WORDS = re.compile(r"\bper[- ]share\b|\bper\s+(?:common\s+)?share\b|\bprice\b", re.I)
_COUNT_WORDS = re.compile(r"\bnumber\s+of\b[^.]*\bshares\b|\bshares\s+(?:issued\s+and\s+)?outstanding\b", re.I)
# "$16.26 per share", "$16.26 in cash": dollars and cents with no scale word after them
_PRICE = re.compile(r"\$\s?(\d{1,4}\.\d{2})(?!\d|\s*(?:million|billion|thousand)\b)", re.I)
# "3,526,489 Shares", "12,000,000 shares of common stock": a count of shares, never a dollar amount
_SHARES = re.compile(r"(?<![$\d.,])(\d{1,3}(?:,\d{3})+)\s+(?:shares|Shares)\b")
_SCALE = re.compile(r"\b(?:in\s+)?(?:usd|us\$|\$|dollars?)?\s*(millions?|billions?|thousands?)\b", re.I)
_DIVISOR = {"million": 1e6, "billion": 1e9, "thousand": 1e3}


def asked_operands(question: str) -> tuple[str, str] | None:
    """(the per-share operand, the share-count operand) of a question defining their product."""
    for _, expr in split_definitions(question)[1]:
        operands = _TIMES.split(expr)
        if len(operands) != 2:
            continue
        price = [o for o in operands if _PER_SHARE_WORDS.search(o) and not _COUNT_WORDS.search(o)]
        count = [o for o in operands if _COUNT_WORDS.search(o) and not _PER_SHARE_WORDS.search(o)]
        if len(price) == 1 and len(count) == 1:
            return price[0], count[0]
    return None


def _prices(hits: list[SearchHit]) -> list[Stated]:
    return stated(hits, _PRICE, lambda m: float(m.group(1)))


def _counts(hits: list[SearchHit]) -> list[Stated]:
    return stated(hits, _SHARES, lambda m: float(m.group(1).replace(",", "")))


def _searched(phrase: str, company: str | None, doc: str, retriever: Retriever | None) -> list[SearchHit]:
    if retriever is None:
        return []
    filters = SearchFilters(companies=[company] if company else [], docs=[doc])
    return retriever.search(phrase, filters=filters, k=8, mode="sparse")


def write(question: str, hits: list[SearchHit], company: str | None = None,
          retriever: Retriever | None = None) -> WrittenAnswer | None:
    """The product of the stated price per share and number of shares, or None."""
    operands = asked_operands(question)
    if operands is None:
        return None
    hits = [h for h in hits if company is None or h.chunk.company in (None, company)]
    price = named(_prices(hits), operands[0])
    if price is None:
        return None
    # the count may stand on a page the question's words did not bring: the filing is searched
    # for it by its own words, and every count found competes
    own = [h for h in hits if h.chunk.doc == price.chunk.doc]
    searched = {h.chunk.chunk_id: h for h in [*own, *_searched(operands[1], company, price.chunk.doc, retriever)]}
    count = named(_counts(list(searched.values())), operands[1])
    if count is None or not (0 < price.value < 10_000 and count.value >= 1):
        return None
    scale = _SCALE.search(question)
    word = scale.group(1).lower().rstrip("s") if scale else "million"
    decimals = asked_decimals(question)
    decimals = 1 if decimals is None else decimals
    value = round(price.value * count.value / _DIVISOR[word], decimals)
    text = (f"${value:,.{decimals}f} {word} (as the question defines it). ${price.value:,.2f} per share x "
            f"{count.value:,.0f} shares = ${price.value * count.value:,.0f}. Read from {price.chunk.doc}.")
    citations = [cite(price.chunk, price.sentence)]
    if count.sentence != price.sentence:
        citations.append(cite(count.chunk, count.sentence))
    return WrittenAnswer(status="answered", kind="metric", text=text, value=value, unit=f"USD {word}s",
                         citations=citations)
