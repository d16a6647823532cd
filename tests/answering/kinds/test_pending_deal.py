"""A question about a pending acquisition ("What acquisition did Pfizer have pending ..., and how does it
plan to finance it?") is answered by the sentence stating the agreement to acquire (its target and
terms), with the sentence naming the financing's means; a sentence naming the deal in passing ("in
consideration of ... the proposed acquisition of Seagen, we are reorganizing ...") answers neither.
Pfizer's Q2 2023 10-Q (Seagen: agreement p.14, financing p.61, the reorganization p.41, one-based)."""

from __future__ import annotations

import pytest

from answering.kinds.event_coverage import missing_in_event
from retrieval.event_ask import asks_an_event
from tests.answering.kinds.conftest import ask, filing

QUESTION = ("What acquisition did Pfizer have pending as of its Q2 2023 10-Q (quarter ended July 2, 2023), "
            "and how does it plan to finance it?")
IN_PASSING = ('"In July 2023, we announced that in consideration of planned future investments in oncology, including '
              'the proposed acquisition of Seagen, we are reorganizing how our R&D operations are conducted." (p.41)')


@pytest.fixture(scope="module")
def pfizer() -> list:
    return filing("financebench/pdfs/Pfizer_2023Q2_10Q.pdf")


def _pages(chunks: list, *said: str) -> list[int]:
    return list(dict.fromkeys(c.page for c in chunks for s in said if s in " ".join(c.text.split())))


def test_a_pending_deal_is_asked_as_an_event_and_a_mention_in_passing_covers_none_of_it():
    assert asks_an_event(QUESTION)
    assert missing_in_event(QUESTION, IN_PASSING, ["Pfizer"]) == [
        "that the deal is pending (the agreement, or what its closing awaits)", "how it is financed"]


def test_the_pending_deal_is_answered_by_its_agreement_and_its_financing(pfizer, services):
    pages = _pages(pfizer, "we are reorganizing how our R&D operations", "entered into an agreement under which we will "
                   "acquire Seagen", "We expect to finance the proposed acquisition")
    written = ask(QUESTION, pfizer, pages, services)
    assert written.status == "answered", written.text
    quotes = " ".join(c.quote for c in written.citations)
    assert "entered into an agreement" in quotes and "$229" in quotes, written.text
    assert "expect to finance" in quotes and "$31 billion" in quotes, written.text


def test_where_a_deal_stands_is_answered_by_the_sentence_on_its_closing(services):
    """"..., and had the deal closed?" / "..., and what was its status?" are answered by the note's sentence on
    what the closing awaits, even two sentences on ("The acquisition has been approved by ... shareholders. We
    continue to work toward closing the transaction subject to ... regulatory approvals"). Microsoft's FY2023
    10-K (Activision Blizzard, p.52: its capital resources) and Pfizer's FY2021 10-K (Arena, p.33), one-based."""
    microsoft = filing("financebench/pdfs/MICROSOFT_2023_10K.pdf")
    a = ask("As of Microsoft's FY2023 10-K, what were the price and total value of the pending Activision Blizzard "
            "acquisition, and had the deal closed?", microsoft, [51], services)
    assert a.status == "answered", a.text
    assert "$95.00 per share" in a.text and "work toward closing the transaction" in a.text
    pfizer = filing("financebench/pdfs/PFIZER_2021_10K.pdf")
    b = ask("What were the terms of Pfizer's agreement to acquire Arena Pharmaceuticals as described in its 2021 10-K, "
            "and what was its status?", pfizer, [32], services)
    assert b.status == "answered", b.text
    assert "$100 per share" in b.text and "to close in the first half of 2022" in b.text


def test_a_deal_s_price_is_stated_by_its_amount_per_share_without_the_word(services):
    microsoft = filing("financebench/pdfs/MICROSOFT_2023_10K.pdf")
    a = ask("What was the price of Microsoft's pending Activision Blizzard acquisition?", microsoft, [78], services)
    assert a.status == "answered" and "$95.00 per share" in a.text, a.text


def test_charges_related_to_a_sale_are_the_deal_s_figure_not_the_year_s_revenue(services):
    """McDonald's Q4 2022 release (its text layer read by OCR): "What charges did it record related to the
    sale of its business in Russia" asks the deal's own charges ($1,281 million pre-tax), which the
    statement line "sales" is not."""
    from retrieval.event_ask import event_ask

    question = "What charges did McDonald's record in FY2022 related to the sale of its business in Russia?"
    assert event_ask(question) is not None
    assert event_ask("What losses did it incur in its Russia business?") is None
    assert event_ask("What was the total revenue of the company in 2022?") is None
    mcd = filing("financebench-extra/pdfs/MCDONALDS_2022Q4_EARNINGS.pdf")
    pages = sorted({c.page for c in mcd if "business in Russia" in c.text})
    written = ask(question, mcd, pages, services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert "1,281" in written.text or "$1.3 billion" in written.text


def test_what_a_party_was_to_receive_for_a_business_is_the_deal_s_consideration(services):
    # eBay's FY2020 10-K, p.4: "On July 20, 2020, we entered into a definitive agreement to transfer our Classifieds
    # business to Adevinta for $2.5 billion in cash, subject to certain adjustments, and approximately 540 million shares
    # in Adevinta." ("receive" names no accounts receivable; a long lead-in clause asks nothing)
    from retrieval.event_ask import asks_an_event

    question = ("Under the July 2020 agreement described in eBay's FY2020 10-K, what consideration was eBay to receive "
                "for transferring its Classifieds business to Adevinta?")
    assert asks_an_event(question)
    ebay = filing("financebench-extra/pdfs/EBAY_2020_10K.pdf")
    pages = sorted({c.page for c in ebay if "Adevinta" in c.text})[:8]
    written = ask(question, ebay, pages, services)
    assert written.status == "answered" and "$2.5 billion in cash" in written.text, written.text


def test_a_rate_asked_of_a_deal_is_a_figure_s_ask_not_the_deal_s():
    assert not asks_an_event("What tax rate did eBay pay on the gain from transferring its Classifieds business to "
                             "Adevinta?")
