"""How a sentence is read: a cause in the words MD&A writes it in ("due to", "driven by", "is a
reflection of"), not a composition that shares a cue's word ("primarily consists of")
(answering.kinds.cause_cues); prose with dates and amounts, not table rows run together
(answering.kinds.sentences)."""

from __future__ import annotations

from answering.kinds.cause_cues import is_cause


def test_a_change_said_to_be_a_reflection_of_others_states_its_cause():
    # Verizon's FY2022 10-K, p.42: free cash flow's decrease, explained in the reconciliation's words
    assert is_cause("The decrease in free cash flow during 2022 is a reflection of the decrease in operating cash "
                    "flows, as well as the increase in capital expenditures, both of which are discussed above.")
    assert is_cause("Revenue rose 5%, primarily reflecting higher volume.")


def test_what_a_figure_consists_of_is_no_cause():
    assert not is_cause("Other expense, net primarily consists of interest expense and foreign exchange losses.")


def test_a_sentence_dated_twice_is_prose_not_table_rows():
    # Lockheed Martin's FY2021 10-K, p.36: a date's day and year are no amounts of a table
    from answering.kinds.sentences import table_like

    assert not table_like("At December 31, 2021, our backlog was $135.4 billion compared with $147.1 billion at "
                          "December 31, 2020.")
    assert table_like("Revenue 1,234 1,111 999 Cost of sales 500 400 300 Gross profit 734 711 699")


def _hit(index: int, text: str):
    from finrag.models import Chunk, SearchHit

    return SearchHit(chunk=Chunk(chunk_id=f"c{index}", doc="d", doc_sha256="0", page=17, page_end=17, index=index,
                                 text=text, company="Acme", fiscal_year=2024), score=1.0)


def test_a_sentence_read_again_with_its_heading_run_in_is_quoted_once_and_a_fragment_hides_no_sentence():
    from answering.kinds.sentences import sentences

    full = ("At December 31, 2021, our backlog was $135.4 billion compared with $147.1 billion at December 31, "
            "2020.")
    again = [s.text for s in sentences([_hit(5, f"{full} Backlog is converted into sales in future periods."),
                                        _hit(9, f"Our outlook is unchanged for the year. Backlog {full}")], ["Acme"])]
    assert sum(full in t for t in again) == 1, again
    # a chunk that opens mid-sentence, read first, ends like the whole sentence of another chunk
    tail = ("membership offerings, which included higher services margin rates and reduced costs associated with "
            "program changes made to our free membership offering, and an improved gross profit rate from our "
            "Health initiatives.")
    whole = f"Our gross profit rate increased in the second quarter of fiscal 2024, primarily due to improved {tail}"
    read = [s.text for s in sentences([_hit(3, f"{tail} Other income was flat."), _hit(7, whole)], ["Acme"])]
    assert whole in read, read
