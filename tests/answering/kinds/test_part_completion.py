"""An amount the answer leaves out is completed from a sentence of the pages it read, when that
sentence passes the same gate that would refuse the answer (answering.kinds.part_completion)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_FX = ("What drove the decrease in Corning's FY2022 gross margin, and how much did foreign exchange movements hurt "
       "net sales and gross margin?")


def test_the_amount_a_second_part_asks_is_quoted_from_the_pages_read(services):
    # Corning's FY2022 10-K, MD&A pp.24-25: the gross margin's drivers, and two sentences on what
    # foreign exchange did to net sales ($616 million) and to gross margin ($422 million)
    corning = filing("financebench/pdfs/CORNING_2022_10K.pdf")
    written = ask(_FX, corning, [23, 24], services)
    assert written.status == "answered" and "part_completed" in written.flags, written.text
    assert "higher production, material and freight costs" in written.text
    assert "adversely impacted Corning’s consolidated net sales by $616 million" in written.text
    assert "adverse impact of $422 million on Corning’s consolidated gross margin" in written.text


def test_without_a_sentence_stating_it_the_answer_is_refused_naming_the_part(services):
    corning = filing("financebench/pdfs/CORNING_2022_10K.pdf")
    question = ("What drove the decrease in Corning's FY2022 gross margin, and how much did it pay in dividends to "
                "its shareholders?")
    written = ask(question, corning, [23, 24], services)
    assert written.status == "not_found" and "part_completed" not in written.flags, written.text


def test_an_amount_run_into_a_sentence_from_a_table_row_completes_nothing(services):
    # McDonald's FY2022 10-K p.12: "Non-GAAP earnings per share-diluted $ 10.10 $ 9.28 9 % 15 % In constant
    # currencies, ... driven by higher sales-driven Franchised margins." names margins, but its amounts
    # are the table row's earnings per share: no restaurant-margin figure
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2022_10K.pdf")
    written = ask("How dependent was McDonald's profitability on its franchised restaurants in FY2022? Use revenue and "
                  "restaurant-margin figures to support your answer.", mcdonalds, [11, 12, 28], services)
    assert "Non-GAAP earnings per share" not in written.text.split("found only:")[0], written.text
    assert written.status != "answered" or "part_completed" not in written.flags, written.text


def test_each_amount_part_of_a_deal_is_quoted_from_its_own_sentence(services):
    """CrossFirst's FY2022 10-K, Note 2 (pages 75-76): the deal's sentence names Central; what was paid ("the
    Company paid $66.2 million of cash consideration") and the goodwill ("recorded $12.8 million of goodwill", after
    the purchase table's rows the page's text runs into it) are each asked, each quoted from its sentence, without the
    table rows before it."""
    crossfirst = filing("erc-round1/pdfs/e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf")
    written = ask("What bank did CrossFirst Bankshares acquire in FY2022, what did it pay, and how much goodwill did the "
                  "deal create?", crossfirst, [74, 75], services)
    assert written.status == "answered", written.text
    quotes = [c.quote for c in written.citations]
    assert any("acquisition of Central" in q for q in quotes)
    assert any(q.startswith("Pursuant to the merger agreement") and "paid $66.2 million" in q for q in quotes)
    assert any(q.startswith("In connection with the Central acquisition") and "$12.8 million of goodwill" in q
               for q in quotes)
    assert not any("Lease liability" in q or "Total liabilities assumed" in q for q in quotes)
