"""A verdict worked from figures shows every measure the question names (answering.kinds.named_measures).

"Support your answer with capital expenditures and free cash flow" asks to see free cash flow: a
"Yes" judged on capex and PP&E alone is a reading of another question. It is kept, unverified,
with the measure it leaves out as the reason."""

from __future__ import annotations

from answering.kinds.named_measures import PARTIAL, judged_on_every_named_measure, unshown_measures
from answering.written_answer import JUDGED, WrittenAnswer
from tests.answering.kinds.conftest import filing, hits, write_answer_over

VERIZON = "financebench/pdfs/VERIZON_2022_10K.pdf"


def _statements(chunks):
    """Every statement page whole, as a search for the statements' figures brings them back."""
    pages = sorted({c.page for c in chunks if {"balance_sheet", "income_statement", "cash_flow"} & set(c.tags)})
    return hits(chunks, pages)


def test_a_verdict_that_leaves_out_a_named_measure_is_not_given(services):
    verizon = filing(VERIZON)
    asked = ("Is Verizon a capital intensive business based on FY 2022 data? Support your answer with capital "
             "expenditures and free cash flow.")
    written = write_answer_over(asked, _statements(verizon), verizon, services)
    assert written.status == "unverified" and PARTIAL in written.flags, written.text
    assert written.reason == "the question names free cash flow, and the verdict found shows no figure of it"
    assert "capital expenditures are 16.9% of revenue" in written.text  # the reading, kept


def test_a_verdict_that_shows_each_named_measure_is_given(services):
    verizon = filing(VERIZON)
    for asked in ("Is Verizon a capital intensive business based on FY 2022 data?",
                  "Does Verizon have a reasonably healthy liquidity profile based on its quick ratio for FY 2022?"):
        written = write_answer_over(asked, _statements(verizon), verizon, services)
        assert written.status == "answered" and JUDGED in written.flags, written.text


def test_a_measure_is_shown_by_any_of_its_wordings_or_its_label_in_any_order(vocab):
    shown = "Yes. Capital expenditures / Revenue = $18,192.0M / $128,292.0M = 14.2%."
    assert unshown_measures("Is it capital intensive? Use capex relative to revenue.", shown, vocab) == []
    assert unshown_measures("Did its PPNE grow?", "Property, plant and equipment, net rose.", vocab) == []
    assert unshown_measures("Judge it by the current ratio and cash balance.", "Current ratio 0.75.", vocab) \
        == ["Cash and cash equivalents"]


def test_only_verdicts_worked_from_figures_are_held_to_the_named_measures(vocab):
    asked = "Did it stay liquid, judged by its current ratio and cash balance?"
    quoted = WrittenAnswer(status="answered", kind="yes_no", text='Yes. "Our current ratio was 1.2."')
    assert judged_on_every_named_measure(quoted, asked, vocab) == quoted  # quotes: their own gates
    judged = quoted.model_copy(update={"flags": [JUDGED]})
    assert judged_on_every_named_measure(judged, asked, vocab).status == "unverified"
