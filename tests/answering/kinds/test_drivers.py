"""drivers: the MD&A sentences that explain the asked metric's change in the asked year, with
the change itself computed from cited rows (Boeing's FY2022 10-K)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing, hits, write_answer_over


def test_the_change_and_the_sentences_that_explain_it(boeing, services):
    written = ask("What drove the change in Boeing's operating margin in FY2022?", boeing,
                  [54, *range(20, 32)], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    # the change, from the income statement's rows: -$2,902M / $62,286M and -$3,547M / $66,608M
    assert written.text.startswith("Operating margin fell from -4.7% (FY2021) to -5.3% (FY2022).")
    quotes = [c.quote for c in written.citations]
    assert any("primarily due to" in q and "2022" in q for q in quotes)
    assert "Total revenues 66,608 62,286 58,158" in quotes  # the rows behind the change are cited too


def test_sentences_that_do_not_explain_the_asked_metric_are_not_quoted(boeing, services):
    # pages about the business and its risks: causes of other things, none of the margin
    written = ask("What drove the change in Boeing's gross margin in FY2022?", boeing, [5, 6, 7, 8], services)
    assert (written.status, written.kind) == ("not_found", "drivers")
    assert "gross margin" in written.text


def test_an_ask_that_only_refers_back_takes_its_subject_from_the_sentence_before(services):
    """"What caused the increase?" names nothing: the subject is the premise, Oracle's
    acquisition related and other expenses (FY2022 10-K MD&A, p.54); a sentence saying what
    those expenses consist of, or why another line moved, is not a driver."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2022_10K.pdf")
    question = ("Oracle's acquisition related and other expenses rose to about $4.7 billion in fiscal 2022. "
                "What caused the increase?")
    written = ask(question, oracle, [53], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "increased during fiscal 2022 due to litigation related charges of $4.7 billion" in written.text
    assert "primarily consist of" not in written.text and "Restructuring expenses resulted" not in written.text


def test_a_sentence_about_an_earlier_years_change_is_not_a_driver_of_the_asked_year(services):
    """Accuray's FY2022 10-K (fiscal year ended June 30) explains product revenue for 2022
    against 2021, and also for 2021 against 2020: only the first explains the asked year; a
    sentence naming only the year before ("as compared to the year ended June 30, 2021")
    stays, it is the asked year's own comparison."""
    accuray = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask("Accuray's total net revenue grew 8% in fiscal 2022 (year ended June 30, 2022). What drove the "
                  "revenue growth?", accuray, [80, 81, 82], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "for the year ended June 30, 2022 or 22%" in written.text
    assert "for the year ended June 30, 2021 or 6%" not in written.text
    assert "as compared to the year ended June 30, 2021, primarily due to a decrease in service" in written.text


def test_a_quarters_change_is_never_headed_by_the_years_change(services):
    """Asked why gross margin fell in NVIDIA's third quarter of fiscal 2023, with the fiscal
    2024 10-K's income statement among the hits: the full years' margins (64.9% -> 56.9%) are
    another period's change and must not head the answer; the quarter's own sentences stay."""
    quarter = filing("filings-wild/pdfs/NVIDIA_2023_10-Q_Q3.pdf")
    annual = filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")
    found = hits(quarter, [27, 30]) + hits(annual, [51])
    written = write_answer_over("Why did NVIDIA's gross margin fall year over year in the third quarter of fiscal "
                                "2023 (quarter ended October 30, 2022)?", found, quarter + annual, services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "(FY2022)" not in written.text and "64.9%" not in written.text
    assert "$702 million inventory charge" in written.text
