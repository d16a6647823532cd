"""What a Form 8-K announces: the sentences of its Items (not 9.01, the exhibits) that state the cover's
"Date of earliest event reported" (PepsiCo's 8-K of May 26, 2023: two credit agreements terminated,
two new ones entered into, all under Item 8.01), the report's own pages only."""

from __future__ import annotations

import pytest

from answering.kinds import current_report
from tests.answering.kinds.conftest import ask, filing, hits


@pytest.fixture(scope="module")
def pepsico_8k():
    return filing("financebench/pdfs/PEPSICO_2023_8K_dated-2023-05-30.pdf")


def test_an_8k_announces_what_its_items_say_happened_on_its_event_date(pepsico_8k, services):
    written = ask("What does PepsiCo's Form 8-K reporting events of May 26, 2023 announce?", pepsico_8k, [0, 1, 2],
                  services)
    assert written.status == "answered", written.text
    assert written.text.count("Item 8.01 (Other Events)") == 4
    assert "terminated the $3,800,000,000 364 day unsecured revolving credit agreement" in written.text
    assert "On May 26, 2023, PepsiCo entered into a new $4,200,000,000 five year unsecured revolving credit" \
        in written.text
    assert "Item 9.01" not in written.text  # the exhibits' list announces nothing
    assert written.citations


def test_a_question_asking_more_than_what_it_announces_is_not_read_so(pepsico_8k):
    assert current_report.write("What does PepsiCo's Form 8-K announce, and who is the administrative agent?",
                                hits(pepsico_8k, [1, 2]), ["PepsiCo"], None) is None


def test_without_the_covers_event_date_nothing_is_announced(pepsico_8k):
    assert current_report.write("What does PepsiCo's Form 8-K announce?", hits(pepsico_8k, [1, 2]), ["PepsiCo"],
                                None) is None
