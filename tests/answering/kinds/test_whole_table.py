"""whole_table: the signals that a table's items are all of its items (Accuray's FY2022 10-K,
p.135: revenue by geographic region, cut by the chunker after its second row)."""

from __future__ import annotations

import pytest

from answering.kinds.tables import blocks
from answering.kinds.whole_table import adds_up, following, rest, runs_on
from finrag.models import SearchHit
from tests.answering.kinds.conftest import filing


@pytest.fixture(scope="module")
def cut():
    chunks = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    first = next(c for c in chunks if c.page == 134 and "Americas $ 126,005" in c.text)
    second = next(c for c in chunks if c.doc == first.doc and c.index == first.index + 1)
    head = next(b for b in blocks([SearchHit(chunk=first, score=1.0)], []) if b.rows[0].label == "Americas")
    tail = next(b for b in blocks([SearchHit(chunk=second, score=1.0)], []) if b.rows[-1].label == "Total")
    return first, second, head, tail


def test_a_table_ending_its_chunk_without_a_total_runs_on(cut):
    first, second, head, tail = cut
    assert runs_on(head)
    assert not runs_on(tail)  # its total closes it


def test_the_rest_is_the_next_chunks_first_rows_up_to_the_total(cut):
    first, second, head, _ = cut
    assert following(first, [SearchHit(chunk=second, score=1.0)], None) == second
    labels = [r.label for r in rest(head, second)]
    assert labels == ["Asia Pacific, excluding Japan and China", "Japan", "China", "Total"]
    # the long-lived assets table below the total (same regions, two columns) is not taken in
    assert "Americas" not in labels


def test_items_that_do_not_sum_to_the_total_are_not_the_whole_set(cut):
    first, second, head, tail = cut
    # Asia Pacific + Japan + China = 169,264, not the 429,909 total: Americas and EMEA are missing
    assert adds_up(tail, [0, 1]) is False
    whole = head.model_copy(update={"rows": [*head.rows, *rest(head, second)]})
    assert adds_up(whole, [0, 1]) is True
    assert adds_up(head, [0]) is None  # no total to check against


@pytest.fixture(scope="module")
def apple_q3():
    """Apple's Q3 FY2023 10-Q, p.17: net sales by reportable segment, its header one cell a line
    ("July 1," / "2023" / "June 25," / "2022 Change"), cut by the chunker after its first row."""
    return filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")


def test_a_table_begun_at_the_end_of_the_chunk_before_is_read_with_its_first_rows(apple_q3):
    first = next(c for c in apple_q3 if c.page == 17 and "Segment Operating Performance" in c.text)
    second = next(c for c in apple_q3 if c.doc == first.doc and c.index == first.index + 1)
    found = [b for b in blocks([SearchHit(chunk=first, score=1.0), SearchHit(chunk=second, score=1.0)], [])
             if any(r.label == "Japan" for r in b.rows)]
    assert len(found) == 1
    table = found[0]
    assert [r.label for r in table.rows] == ["Americas", "Europe", "Greater China", "Japan", "Rest of Asia Pacific",
                                             "Total net sales"]
    # the change columns are left out: the quarter's and the nine months' amounts, each year
    assert table.years == [2023, 2022, 2023, 2022]
    assert table.rows[0].values == [35383.0, 37472.0, 122445.0, 129850.0]
    # the first row is cited from the chunk that prints it
    assert table.chunk_of(table.rows[0]) == first and table.chunk_of(table.rows[1]) == second
    assert adds_up(table, [0, 1]) is True


def test_the_worst_region_of_a_quarter_is_ranked_over_every_row_of_the_cut_table(apple_q3, services):
    from tests.answering.kinds.conftest import ask

    written = ask("Which region had the worst topline performance for Apple during Q3 FY2023?", apple_q3, [17],
                  services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    # Japan 5,446 -> 4,821 (-11.5%), the largest fall of the five
    assert written.text.startswith("Japan (-11.5%"), written.text
    assert "5. Greater China: +7.9%" in written.text
    assert any(c.quote.startswith("Americas $ 35,383") for c in written.citations)


def test_change_columns_named_by_the_years_they_span_are_no_year_columns():
    from answering.kinds.tables import column_years

    assert column_years("2022 2021 2021-2022") == [2022, 2021]  # NICE's 2022 annual report
    assert column_years("2021 2020 2019 21 vs. 20 20 vs. 19") == [2021, 2020, 2019]  # Corning's FY2021 10-K
    assert column_years("2022 2021") == [2022, 2021]
    # Adobe's FY2017 10-K prints "% Change" / "2017-2016" a cell a line: the change column's name is no header
    assert column_years("2017-2016") == []
