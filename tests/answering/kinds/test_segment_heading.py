"""A question about one segment's change ("Best Buy's Domestic segment gross profit rate") is explained
only by the sentences of that segment's section of the MD&A (headed "Domestic Segment"), which never
name it ("Our gross profit rate increased ..."); the next section's ("International Segment") sentences,
worded the same way, explain a sibling's change, and the company's consolidated figure is not the
segment's. Best Buy's Q2 FY2024 10-Q, pp.17-19 (one-based)."""

from __future__ import annotations

import pytest

from answering.kinds import segment_heading
from tests.answering.kinds.conftest import ask, filing

QUESTION = ("What drove the increase in Best Buy's Domestic segment gross profit rate in Q2 fiscal 2024 "
            "(quarter ended July 29, 2023)?")

def _pages(chunks: list, *said: str) -> list[int]:
    return list(dict.fromkeys(c.page for c in chunks for s in said if s in c.text))


@pytest.fixture(scope="module")
def bestbuy() -> list:
    return filing("financebench/pdfs/BESTBUY_2024Q2_10Q.pdf")


def test_a_segments_drivers_come_from_its_own_section(bestbuy, services):
    # both segments' sections and the income statement
    pages = _pages(bestbuy, "Segment Performance Summary", "International Segment", "higher mix of revenue",
                   "Consolidated Statements of Earnings")
    written = ask(QUESTION, bestbuy, pages, services)
    assert written.status == "answered", written.reason
    assert any("favorable product margin rates" in c.quote for c in written.citations), written.text
    # the International section's "higher mix of revenue from the higher margin rate services category"
    assert "higher mix of revenue" not in written.text, written.text
    # the consolidated gross profit is no segment's figure
    assert "Gross profit fell" not in written.text and "Gross profit rose" not in written.text, written.text


def test_the_asked_segment_and_the_section_a_sentence_sits_in(bestbuy):
    assert segment_heading.asked_segment(QUESTION) == "Domestic"
    assert segment_heading.asked_segment("How did each segment's revenue change?") is None
    assert segment_heading.asked_segment("Which segment grew the most?") is None
    assert segment_heading.headed("Domestic", bestbuy) and segment_heading.headed("International", bestbuy)
    international = next(c for c in bestbuy if "higher mix of revenue from the higher margin rate" in c.text)
    said = "The increase in our gross profit rate in the second quarter of fiscal 2024 was primarily driven by"
    assert segment_heading.section_of(international, said, bestbuy) == "International"
    domestic = next(c for c in bestbuy if "Our gross profit rate increased in the second quarter" in c.text)
    assert segment_heading.section_of(domestic, "Our gross profit rate increased in the second quarter of fiscal 2024",
                                      bestbuy) == "Domestic"
