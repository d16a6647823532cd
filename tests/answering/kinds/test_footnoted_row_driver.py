"""drivers of a figure the vocabulary does not know, from its table row and the row's own footnote:
Alphabet's Q1 2023 release prints "Corporate costs, unallocated(1) (338) (3,288)" and, under note (1), that
unallocated corporate costs include $2.5 billion of charges for the reductions in workforce and office space
in the quarter; the row gives "by how much", the footnote what the figure held."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_QUESTION = ("Alphabet's unallocated corporate costs rose sharply in the first quarter of 2023 compared with the "
             "first quarter of 2022. By how much, and what mainly explains the increase?")


def _alphabet():
    return filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q1.pdf")


def test_row_change_and_what_its_footnote_says_it_included(services):
    # p.2: segment operating results with the footnoted corporate costs row
    written = ask(_QUESTION, _alphabet(), [1], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Corporate costs, unallocated went from (338) (2022) to (3,288) (2023), a difference of 2,950" in written.text
    assert "include charges related to the reductions in our workforce and office space totaling $2.5 billion" \
        in written.text


def test_a_row_whose_words_the_question_does_not_name_is_not_read(services):
    # "Other Bets" has its row on the page, but no footnote: no answer from the page's other footnote
    written = ask("Alphabet's Other Bets operating loss widened in the first quarter of 2023 compared with the first "
                  "quarter of 2022. What explains the increase?", _alphabet(), [1], services)
    assert "workforce" not in written.text, written.text
