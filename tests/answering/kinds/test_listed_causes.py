"""Causes a filing lists under a lead-in ("The decrease in gross margin was primarily due to:
• ...; • ...") are quoted with their lead-in, never the lead-in alone; a sentence's tail that a
chunk boundary cut off ("and structural cost savings in FY25.") is never quoted as a sentence
(answering.kinds.sentences)."""

from __future__ import annotations

from answering.kinds.sentences import sentences, with_listed_items
from tests.answering.kinds.conftest import ask, filing, hits


def test_a_lead_in_is_read_with_its_bulleted_items():
    parts = ["Gross margin decreased 250 basis points.", "The decrease was primarily due to:",
             "• Higher product costs;", "• Lower margin in our direct business; and • Unfavorable currency rates.",
             "TOTAL SELLING AND ADMINISTRATIVE EXPENSE"]
    assert with_listed_items(parts) == [
        "Gross margin decreased 250 basis points.",
        "The decrease was primarily due to: • Higher product costs; • Lower margin in our direct business; and "
        "• Unfavorable currency rates.",
        "TOTAL SELLING AND ADMINISTRATIVE EXPENSE"]
    # a colon followed by no bullets (a table, a paragraph) is left as it was
    assert with_listed_items(["Net sales were as follows:", "Americas 1,234 1,100"]) == [
        "Net sales were as follows:", "Americas 1,234 1,100"]


def test_the_drivers_of_a_margin_are_the_listed_causes(services):
    nike = filing("financebench/pdfs/NIKE_2023_10K.pdf")
    pages = sorted({c.page for c in nike if "The decrease in gross margin for fiscal 2023 was primarily due to" in c.text})
    written = ask("What drove the decline in Nike's gross margin in FY2023?", nike, pages, services)
    assert written.status == "answered", written.text
    assert "Higher NIKE Brand product costs" in written.text and "Lower off-price margin" in written.text


def test_no_quoted_sentence_is_the_tail_of_one_a_chunk_cut():
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf")
    found = sentences(hits(fedex, [1, 2]), [])
    assert found
    assert not any(s.text.startswith("and structural cost savings") for s in found)
    short_lowercase = [s.text for s in found if s.text[0].islower() and len(s.text) < 150]
    assert short_lowercase == []


def test_a_numbered_item_glued_to_the_one_before_still_starts_its_own():
    parts = ["There are three growth pillars:", "1.", "Maximize the retail business;2.", "Provide services; and 3.",
             "Accelerate growth in our International segment."]
    assert with_listed_items(parts) == [
        "There are three growth pillars: 1. Maximize the retail business; 2. Provide services; and 3. Accelerate growth "
        "in our International segment."]
    # item 1 glued to its lead-in's colon starts the count
    glued = ["Our priorities were as follows: 1. Maximize the retail business;2.", "Provide services; and 3.",
             "Accelerate growth."]
    assert with_listed_items(glued) == [
        "Our priorities were as follows: 1. Maximize the retail business; 2. Provide services; and 3. Accelerate "
        "growth."]
    # a sentence ending in two numbers is no list: "Units 1 and 2." numbers no item
    units = ["We will retire Diablo Canyon Units 1 and 2.", "The decision was driven by lower demand."]
    assert with_listed_items(units) == units


def test_a_quoted_lead_in_carries_its_numbered_items_across_the_chunk_boundary(services):
    """Best Buy's FY2017 10-K (p.29): "There are three growth pillars we will be pursuing as part of Best Buy
    2020:" ends one chunk after its first item; items 2 and 3 are in the next. Quoted alone, the lead-in
    states none of the pillars asked for."""
    best_buy = filing("financebench/pdfs/BESTBUY_2017_10K.pdf")
    written = ask("What new strategy did Best Buy unveil after completing its Renew Blue transformation, and what are "
                  "its three growth pillars?", best_buy, [28], services)
    assert written.status == "answered", written.text
    assert "Best Buy 2020: Building the New Blue" in written.text
    for item in ("1. Maximize the multi-channel retail business", "2. Provide services and solutions",
                 "3. Accelerate growth in our International segment"):
        assert item in written.text


def test_goals_listed_under_a_lead_in_are_quoted_with_it_and_the_question_s_setting_is_no_topic(services):
    """Nike's FY2018 10-K (p.22): "our long-term financial goals through fiscal 2023 ... are as follows: • High
    single-digit revenue growth; • ...". The question opens with its setting ("As part of its Consumer Direct
    Offense / Triple Double strategy,"), which the sentence naming the strategy repeats and the goals do not."""
    nike = filing("financebench/pdfs/NIKE_2018_10K.pdf")
    written = ask("As part of its Consumer Direct Offense / Triple Double strategy, what long-term financial goals did "
                  "Nike set for the period through FY2023?", nike, [21], services)
    assert written.status == "answered", written.text
    assert "our long-term financial goals through fiscal 2023" in written.text
    assert "High single-digit revenue growth" in written.text and "Low-thirties percentage rate" in written.text



def test_a_list_cut_after_an_item_is_no_answer():
    """Best Buy's FY2017 10-K: the chunk with "There are three growth pillars ...:" ends after its first item
    ("...; stickier customer relationships;"); without the next chunk (not retrieved, no retriever to fetch it) the
    lead-in is not quoted with one pillar of three."""
    from answering.kinds.passage import _with_items
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding
    chunk = next(c for c in filing("financebench/pdfs/BESTBUY_2017_10K.pdf") if c.index == 126)
    found = [s for s in sentences([SearchHit(chunk=chunk, score=1.0)], ["Best Buy"]) if s.text.endswith("2020:")]
    assert found
    kept = _with_items(found, "What are Best Buy's three growth pillars?", [SearchHit(chunk=chunk, score=1.0)],
                       QueryUnderstanding(companies=["Best Buy"]))
    assert not any("1. Maximize" in s.text for s in kept), [s.text for s in kept]
