"""Each amount a question asks, from the table row that names it in the asked year's column, when no
sentence states it (Boeing's FY2021 10-K: "Total Backlog $377,499 $363,404 / Contractual backlog
$356,362 $339,309" in the MD&A's backlog table)."""

from __future__ import annotations

import pytest

from answering.kinds import asked_rows
from tests.answering.kinds.conftest import ask, filing, hits


@pytest.fixture(scope="module")
def boeing_2021():
    return filing("financebench/pdfs/BOEING_2021_10K.pdf")


def test_each_asked_amount_from_the_row_that_names_it(boeing_2021, services):
    written = ask("What was Boeing's total backlog at the end of FY2021, and how much of it was contractual?",
                  boeing_2021, [32, 36, 123], services)
    assert written.status == "answered", written.text
    assert "Total Backlog: $377,499 million in 2021" in written.text
    assert "Contractual backlog: $356,362 million in 2021" in written.text


def test_a_part_no_row_names_leaves_the_question_unread(boeing_2021):
    # "how much of it was firm" names no row of the table ("Contractual", "Unobligated"): nothing is answered
    assert asked_rows.write("What was Boeing's total backlog at the end of FY2021, and how much of it was firm?",
                            hits(boeing_2021, [32]), ["Boeing"]) is None
    # a part that asks no amount is not read from rows
    assert asked_rows.write("What was Boeing's total backlog at the end of FY2021, and why did it grow?",
                            hits(boeing_2021, [32]), ["Boeing"]) is None


def test_a_follow_on_amount_no_sentence_states_is_read_from_the_row_naming_it(services):
    costco = filing("financebench/pdfs/COSTCO_2022_10K.pdf")
    # p.5: the renewal rate in a sentence; the paid members only in the membership table "(in thousands)"
    written = ask("What were Costco's membership renewal rates at the end of FY2022, and how many total paid members "
                  "did it have?", costco, [4], services)
    assert written.status == "answered", written.text
    assert "93% in the U.S. and Canada and 90% worldwide" in written.text, written.text
    assert 'Total paid members: 65,800 thousand in 2022: "Total paid members 65,800 61,700 58,100"' in written.text
