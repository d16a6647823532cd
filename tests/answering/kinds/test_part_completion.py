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
