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


def test_a_yes_no_on_a_stated_margin_change_is_answered_first(services):
    nike = filing("financebench/pdfs/NIKE_2022_10K.pdf")
    # p.36 the MD&A's gross margin discussion; p.58 the consolidated statements of income
    written = ask("Did Nike's gross margin improve in FY2022, and what drove the change?", nike, [35, 57], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("Yes. Gross margin rose from 44.8% (FY2021) to 46.0% (FY2022)."), written.text
    assert "higher mix of full-price sales" in written.text, written.text


def test_the_verdict_reads_the_asked_direction_and_which_way_is_better():
    from answering.kinds.margin_change import verdict_of

    assert verdict_of("Did its gross margin improve in FY2022?", up=True) == "Yes. "
    assert verdict_of("Has its operating margin narrowed?", up=True) == "No. "
    # a cost that fell improved; "rise" and "fall" only say its way
    assert verdict_of("Did its SG&A expense improve?", up=False, lower_is_better=True) == "Yes. "
    assert verdict_of("Did its SG&A expense fall?", up=False, lower_is_better=True) == "Yes. "
    assert verdict_of("Did its cost of sales deteriorate?", up=True, lower_is_better=True) == "Yes. "
    # a cause asked of a change names the change as its subject, not a yes/no of its way
    assert verdict_of("Was the increase in gross margin driven by pricing?", up=True) == ""
    assert verdict_of("What drove the decline in gross margin?", up=False) == ""
    # a loss that narrowed is an income that rose; two ways asked; a change named as the subject
    assert verdict_of("Did Boeing's operating loss narrow in 2022?", up=False) == ""
    assert verdict_of("Did its gross margin improve or deteriorate in FY2022?", up=True) == ""
    assert verdict_of("Did the increase in freight costs reduce gross margin?", up=False) == ""
