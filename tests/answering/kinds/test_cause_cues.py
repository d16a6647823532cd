"""A cause is read in the words MD&A writes it in ("due to", "driven by", "is a reflection of"),
and a composition that shares a cue's word ("primarily consists of") is none (answering.kinds.cause_cues)."""

from __future__ import annotations

from answering.kinds.cause_cues import is_cause


def test_a_change_said_to_be_a_reflection_of_others_states_its_cause():
    # Verizon's FY2022 10-K, p.42: free cash flow's decrease, explained in the reconciliation's words
    assert is_cause("The decrease in free cash flow during 2022 is a reflection of the decrease in operating cash "
                    "flows, as well as the increase in capital expenditures, both of which are discussed above.")
    assert is_cause("Revenue rose 5%, primarily reflecting higher volume.")


def test_what_a_figure_consists_of_is_no_cause():
    assert not is_cause("Other expense, net primarily consists of interest expense and foreign exchange losses.")
