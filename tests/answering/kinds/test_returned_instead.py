"""How a company that paid no dividend returned capital instead (answering.kinds.returned_instead),
read from eBay's FY2016 10-K: the year's buyback said done with its amount, not the fourth
quarter's, nor a plan."""

from __future__ import annotations

from answering.kinds.returned_instead import ASKS_INSTEAD, repurchase
from finrag.models import SearchHit
from tests.answering.kinds.conftest import filing


def _all(relative: str) -> list[SearchHit]:
    return [SearchHit(chunk=c, score=1.0) for c in filing(relative)]


def test_the_years_buyback_answers_how_it_returned_capital_instead():
    assert ASKS_INSTEAD.search("How did it return capital instead?")
    assert not ASKS_INSTEAD.search("How much capital did it return?")
    hits = _all("financebench-extra/pdfs/EBAY_2016_10K.pdf")
    found = repurchase(hits, "eBay", 2016, None)
    assert found is not None
    assert found.text.startswith("During 2016 , we repurchased approximately $3.0 billion of our common stock"), found.text
    # another year's filing states nothing of this one
    assert repurchase(hits, "eBay", 2015, None) is None


def test_a_filing_stating_no_buyback_of_the_year_gives_none():
    assert repurchase(_all("financebench/pdfs/BOEING_2022_10K.pdf"), "Boeing", 2022, None) is None
