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
