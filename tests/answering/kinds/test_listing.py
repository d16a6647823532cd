"""list: the items asked for, from the table or sentence that enumerates them (Verizon's
FY2022 10-K cover page)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def verizon():
    return filing("financebench/pdfs/VERIZON_2022_10K.pdf")


def test_exchange_registered_debt_is_listed_from_the_cover_page(verizon, services):
    written = ask("Which debt securities does Verizon have registered on a national securities exchange as of "
                  "FY2022?", verizon, [0, 1, 2, 76], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "3.375% Notes due 2036" in written.text
    assert len(written.citations) >= 5  # one cited line per class of notes
    assert all("Notes due" in c.quote for c in written.citations)
    assert "Common Stock" not in written.text  # equity is not debt
