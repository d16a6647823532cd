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

