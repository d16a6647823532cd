"""Where a company operates: the places its segment or geography revenue table breaks down by,
every row a place (PepsiCo's FY2022 divisions, spelled out by the terms its business section
defines; eBay's FY2022 revenues by geography)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def pepsico():
    return filing("financebench/pdfs/PEPSICO_2022_10K.pdf")


def test_segments_that_are_places_spelled_out_by_their_defined_terms(pepsico, services):
    """p.70/74 tables list the divisions as FLNA, QFNA, PBNA, LatAm, Europe, AMESA, APAC; p.4-5
    define them ("Latin America (LatAm)", "Africa, Middle East and South Asia (AMESA)")."""
    written = ask("What are the geographies that Pepsico primarily operates in as of FY2022?", pepsico,
                  [69, 73, 3, 4], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    for place in ("Frito-Lay North America", "Latin America", "Europe", "Africa, Middle East and South Asia",
                  "Asia Pacific, Australia and New Zealand and China Region"):
        assert place in written.text
    assert "FLNA" not in written.text and "Corporate" not in written.text


def test_revenues_by_geography_when_the_segments_are_no_places(services):
    """eBay's one segment is no place; its note's "Net revenues by geography" rows are."""
    ebay = filing("financebench-extra/pdfs/EBAY_2022_10K.pdf")
    written = ask("What are the geographies that eBay primarily operates in as of FY2022?", ebay, [79], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "U.S.; United Kingdom; Germany; Rest of world" in written.text
    assert "Year Ended" not in written.text
