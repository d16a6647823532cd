"""A dividend per share declared is read from the sentence that declares it (answering.kinds.declared_dividend),
never from the statements' dividends paid. Intel's Q4 2022 release."""

from __future__ import annotations

from answering.kinds.declared_dividend import ASKS, write
from tests.answering.kinds.conftest import ask, filing, hits

INTEL = "financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf"
QUESTION = ('What quarterly cash dividend per share did the board of "Intel Corporation" declare alongside its '
            "fourth-quarter and full-year 2022 results, payable on March 1, 2023, in USD?")


def test_the_declaring_sentence_gives_the_rate_for_the_day_asked():
    chunks = filing(INTEL)
    written = write(QUESTION, hits(chunks, [0, 1]), [])
    assert written is not None and written.value == 0.365 and written.unit == "USD/share"
    # a day the sentence does not name is another declaration
    assert write(QUESTION.replace("March 1, 2023", "June 1, 2023"), hits(chunks, [0, 1]), []) is None
    assert not ASKS.search("How much did Intel pay in dividends in 2022?")


def test_the_writer_answers_with_the_declared_rate(services):
    chunks = filing(INTEL)
    written = ask(QUESTION, chunks, [0, 1, 8, 9], services)
    assert written.status == "answered" and written.text.startswith("$0.365 per share"), written.text


def test_a_total_a_year_without_a_day_or_rates_side_by_side_are_no_one_declaration():
    chunks = filing(INTEL)
    assert write("What total dividends per share did Intel declare in 2022?", hits(chunks, [0, 1]), []) is None
    assert write("What quarterly dividend per share did Intel declare during 2022?", hits(chunks, [0, 1]), []) is None
