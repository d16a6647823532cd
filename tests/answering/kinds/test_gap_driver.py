"""drivers of a gap between two statement totals: "net income roughly tripled while operating income grew
only about 2%. What explains the gap?" is answered by the lines printed between the two totals (they take
operating income to net income in both years), led by the one that opened the gap most, with the filing's
own sentence on why that line moved (Oracle's fiscal 2019 10-K: the provision for income taxes)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_QUESTION = ("Oracle's net income roughly tripled in fiscal 2019 while operating income grew only about 2%. "
             "What explains the gap?")


def test_the_lines_between_the_two_totals_explain_the_gap(services):
    oracle = filing("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    # p.55 MD&A provision for income taxes; p.70 the consolidated statements of operations
    written = ask(_QUESTION, oracle, [54, 69], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Net income went from 3,587 (2018) to 11,083 (2019)" in written.text, written.text
    assert "Operating income went from 13,264 (2018) to 13,535 (2019)" in written.text, written.text
    assert "Provision for income taxes: 8,837 (2018) to 1,185 (2019)" in written.text, written.text
    assert "primarily due to the absence of the initial accounting charges related to the Tax Act" in written.text


def test_a_gap_between_totals_the_statement_does_not_hold_is_not_read_from_it(services):
    oracle = filing("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    # p.55 alone: no statement, so no lines between the totals
    written = ask(_QUESTION, oracle, [54], services)
    assert "drivers_gap" not in written.flags, written.text


def test_an_ask_that_names_the_two_totals_again_in_its_own_words_asks_the_gap(services):
    # Salesforce's fiscal 2023 10-K, p.61 (the consolidated statements of operations): "operating and
    # bottom-line results" and the year's end date restate the premise, they ask nothing of their own
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf")
    written = ask("Salesforce nearly doubled its income from operations in fiscal 2023, yet net income fell sharply. "
                  "What explains the divergence between operating and bottom-line results for the year ended "
                  "January 31, 2023?", salesforce, [60], services)
    assert "drivers_gap" in written.flags, written.text
    assert "Gains (losses) on strategic investments, net: 1,211 (2022) to (239) (2023)" in written.text
    assert "Benefit from (provision for) income taxes: (88) (2022) to (452) (2023)" in written.text
