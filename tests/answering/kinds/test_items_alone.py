"""item_parts asked alone: "Which of X's business units grew revenue?" answered by every item of the one
table of those items that adds up to its total, each with both periods' amounts and its change; an item
printed as a heading over its own lines and their unlabelled sum is one item at that sum."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

INTEL = "financebench-extra/pdfs/INTEL_2023Q1_EARNINGS.pdf"


def test_which_units_grew_is_every_unit_of_the_segment_table_that_grew(services):
    # "Client Computing" / Desktop, Notebook, Other / "5,767 9,322" / Data Center and AI ... / Total net
    # revenue $ 11,715 $ 18,353: Client Computing is one unit at 5,767, and only Mobileye grew
    written = ask("Which of Intel's business units grew revenue year over year in the first quarter of 2023?",
                  filing(INTEL), [8], services)
    assert written.status == "answered", written.text
    picked = written.text.split(" (table ")[0]
    assert "Mobileye: 394 in 2022 to 458 in 2023" in picked
    assert "Client Computing" not in picked and "Desktop" not in picked
    assert "Client Computing: 9,322 in 2022 to 5,767 in 2023" in written.text


def test_units_that_do_not_add_up_to_the_total_answer_nothing(services):
    # the page-2 summary lists the units without a total: no set of items is shown to be whole
    written = ask("Which of Intel's business units grew revenue year over year in the first quarter of 2023?",
                  filing(INTEL), [1], services)
    assert "Mobileye: 394" not in written.text
