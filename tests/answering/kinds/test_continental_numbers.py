"""A real Indonesian press release (PT Adhi Karya, 11 February 2014), which writes its numbers
the continental way ("Rp405,9 miliar" is 405.9 billion rupiah): a figure it states is read
right, or refused, never misread (as 4,059 or 405)."""

from __future__ import annotations

import pytest

from answering.aspects import prose_amounts
from tests.answering.kinds.conftest import ask, filing

_RELEASE = "filings-wild/pdfs/AdhiKarya_2013_PressRelease.pdf"


@pytest.fixture(scope="module")
def adhi():
    return filing(_RELEASE)


def _pages(chunks):
    return sorted({c.page for c in chunks})


def test_the_release_is_known_to_write_numbers_the_continental_way(adhi):
    assert {c.number_convention for c in adhi} == {"continental"}
    first = next(c for c in adhi if "Rp405,9 miliar" in c.text)
    read = [v for v, _ in prose_amounts(first.text, first.number_convention)]
    assert read[:2] == [405900.0, 211600.0]  # millions of rupiah: 405.9 and 211.6 billion


def test_a_figure_it_states_is_read_at_its_scale_in_its_currency(adhi, services):
    # "Capex di tahun 2014 direncanakan Rp879 miliar": 879 billion rupiah
    written = ask("What capital expenditure did PT Adhi Karya plan for 2014?", adhi, _pages(adhi), services)
    assert written.status == "answered", written.text
    assert written.value == pytest.approx(879000.0)
    assert any("Rp879 miliar" in c.quote for c in written.citations)
