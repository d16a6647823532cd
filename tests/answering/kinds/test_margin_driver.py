"""drivers of a margin's change: a margin is no statement line, so "Did its GAAP operating margin improve ...,
and what explains the change?" is answered by the margin of both periods computed from the statement's
operating income and revenue rows, the lines that sum to operating income in both columns, and the
release's own sentence on what impacted the margin (eBay's Q2 2023 and Salesforce's Q1 FY2024 releases)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing


def test_a_margin_that_fell_is_a_no_with_both_margins_and_the_lines_that_moved_it(services):
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_EARNINGS.pdf")
    # p.8 the condensed consolidated statement of income (quarter and six months columns)
    written = ask("Did eBay's GAAP operating margin improve in the second quarter of 2023 compared with the second "
                  "quarter of 2022, and what explains the change?", ebay, [7], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("No. GAAP operating margin fell to 20.4% (2023), compared with 21.7% (2022)"), \
        written.text
    assert "Cost of net revenues: 663 (2022) to 718 (2023)" in written.text, written.text


def test_the_release_sentence_on_what_impacted_the_margin_is_quoted(services):
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2024Q1_EARNINGS.pdf")
    # p.1 the release's highlights; p.6 the condensed consolidated statements of operations
    written = ask("How did Salesforce's GAAP operating margin change in the first quarter of fiscal 2024 compared "
                  "with a year earlier, and why?", salesforce, [0, 5], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "GAAP operating margin rose to 5.0% (2023), compared with 0.3% (2022)" in written.text, written.text
    assert "Restructuring: 0 (2022) to 711 (2023)" in written.text, written.text
    assert "Restructuring impacted first quarter GAAP operating margin by (860) bps" in written.text, written.text


def test_an_adjusted_margin_is_not_read_from_the_statement(services):
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2024Q1_EARNINGS.pdf")
    written = ask("Did Salesforce's non-GAAP operating margin improve in the first quarter of fiscal 2024, and why?",
                  salesforce, [0, 5], services)
    assert "drivers_margin" not in written.flags, written.text
