"""dated_comparison: a figure at one date "and how did it compare with" another date, read from the one
table row that prints the measure under both dates, with the change between them."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

SALESFORCE = "financebench-extra/pdfs/SALESFORCE_2024Q1_EARNINGS.pdf"


def test_both_dates_come_from_the_row_under_a_header_of_dates_with_the_change(services):
    # "Additional Metrics ... April 30, 2023 January 31, 2023 October 31, 2022 ... Full time equivalent
    # headcount 72,970 79,390 ...": the asked columns picked by their header dates, not by position
    written = ask("What was Salesforce's full-time equivalent headcount at April 30, 2023, and how did it "
                  "compare with January 31, 2023?", filing(SALESFORCE), [9], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("72,970 at April 30, 2023, down 6,420 (8.1%) from 79,390 at January 31, 2023")
    assert "Full time equivalent headcount" in written.citations[0].quote


def test_a_date_the_header_does_not_print_is_no_comparison(services):
    # the table has no December 31, 2022 column: no figure is guessed for it
    written = ask("What was Salesforce's full-time equivalent headcount at April 30, 2023, and how did it "
                  "compare with December 31, 2022?", filing(SALESFORCE), [9], services)
    assert "72,970 at April 30, 2023" not in written.text
