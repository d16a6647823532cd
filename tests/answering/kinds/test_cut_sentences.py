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


def test_table_rows_run_into_a_sentences_start_are_cut_at_the_last_amount_before_prose():
    from answering.kinds.sentences import after_table_rows

    assert after_table_rows("Identifiable net assets acquired $ 53,331 Consideration: Cash 66,167 Goodwill $ 12,836 In "
                            "connection with the Central acquisition, the Company recorded $12.8 million of goodwill.") \
        == "In connection with the Central acquisition, the Company recorded $12.8 million of goodwill."
    # a heading between the rows and the sentence stays with it; a day and a year are no table's amounts
    assert after_table_rows("Accrued rent payable - 904 (904) Lease liability $ 26,618 $ - $ 26,618 Note 2: Acquisition "
                            "Activities On November 22, 2022, the Company completed its acquisition of Central.") \
        == "Note 2: Acquisition Activities On November 22, 2022, the Company completed its acquisition of Central."
    # a sentence's own amounts are no table
    own = "In 2022, we paid $66.2 million, $12.8 million and $5 million to Central, Bank and Trust."
    assert after_table_rows(own) == own
