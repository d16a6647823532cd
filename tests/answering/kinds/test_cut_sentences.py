"""A sentence cut at a chunk's end is completed from the next chunk when both were retrieved:
otherwise its start is dropped as a fragment and its end has no subject (answering.kinds.sentences)."""

from __future__ import annotations

from answering.kinds.sentences import sentences
from tests.answering.kinds.conftest import filing, hits


def test_a_sentence_running_into_the_next_chunk_is_read_whole():
    # Mercurity's FY2022 20-F p.12: who was detained (chunk end) and what was seized (next chunk)
    mercurity = filing("filings-wild/pdfs/MercurityFintech_2022_20-F.pdf")
    company = mercurity[0].company or "Mercurity Fintech Holding"
    found = [s.text for s in sentences(hits(mercurity, [11]), [company])]
    whole = [t for t in found if t.startswith("In late February 2022, Wei Zhu")]
    assert whole and "being seized and impounded by the Public Security Bureau." in whole[0], found
