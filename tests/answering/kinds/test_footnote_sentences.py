"""A footnote line ("*Effective January 2023, ...") starts its own sentence: joined to the
risk boilerplate above it, the fact it states would be dropped with that hedge
(answering.kinds.sentences)."""

from __future__ import annotations

from answering.kinds.sentences import sentences
from tests.answering.kinds.conftest import filing, hits


def test_a_footnote_under_hedged_boilerplate_is_its_own_sentence():
    intel = filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")
    found = [s.text for s in sentences(hits(intel, [2]), ["Intel"])]
    assert any(t.startswith("*Effective January 2023, Intel increased the estimated useful life") for t in found)
