"""segments: the reportable segments are the names the sentence that counts them gives, as many as it counts."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

_ASKED = 'What are the names of the reportable segments of "{}"?'


@pytest.mark.parametrize(("relative", "company", "names"), [
    # "seven reportable segments ..., as follows: 1) Frito-Lay North America (FLNA), which includes ...;" and,
    # in the MD&A, "1) FLNA, which includes ...": the abbreviation the first list defines is the same segment
    ("financebench/pdfs/PEPSICO_2020_10K.pdf", "PepsiCo, Inc.",
     ["Frito-Lay North America", "Quaker Foods North America", "PepsiCo Beverages North America", "Latin America",
      "Europe", "Africa, Middle East and South Asia", "Asia Pacific, Australia and New Zealand and China Region"]),
    # "two reportable segments defined by geographic region: North America and International."
    ("financebench/pdfs/KRAFTHEINZ_2022_10K.pdf", "The Kraft Heinz Company", ["North America", "International"]),
    # "four business segments: Aeronautics, MFC, RMS and Space", the abbreviations spelled out where defined
    ("financebench/pdfs/LOCKHEEDMARTIN_2020_10K.pdf", "Lockheed Martin Corporation",
     ["Aeronautics", "Missiles and Fire Control", "Rotary and Mission Systems", "Space"]),
    # "as of September 1, 2021 we began operating in three reportable segments based on our geographic
    # regions: the Americas, Europe and APJ": a count begun in a year before the report's holds in it, and
    # the names are read without their article
    ("filings-wild/pdfs/TDSYNNEX_2022_AnnualReport.pdf", "TD SYNNEX Corporation", ["Americas", "Europe", "APJ"]),
    # no count: "The Company's reportable segments consist of the Americas, Europe, Greater China, Japan and Rest of
    # Asia Pacific." (each item a name, or the sentence is no list of them)
    ("financebench-extra/pdfs/APPLE_2022_10K.pdf", "Apple Inc.",
     ["Americas", "Europe", "Greater China", "Japan", "Rest of Asia Pacific"]),
])
def test_the_names_the_counting_sentence_gives_are_the_segments(relative, company, names, services):
    chunks = filing(relative)
    written = ask(_ASKED.format(company), chunks, sorted({c.page for c in chunks}), services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert written.text.split("\n\n")[0].split("; ") == names
    assert written.citations and "segments" in written.citations[0].quote


def test_a_list_that_does_not_split_into_as_many_names_as_counted_is_no_answer(services):
    """Adobe FY2015: "three reportable segments: Digital Media, Digital Marketing and Print and Publishing"
    splits into four at its "and"s: which "and" is a name's is not for the reader to guess."""
    chunks = filing("financebench/pdfs/ADOBE_2015_10K.pdf")
    written = ask(_ASKED.format("Adobe Inc."), chunks, sorted({c.page for c in chunks}), services)
    assert "Print; Publishing" not in written.text and "Digital Marketing; Print" not in written.text


def test_the_segments_a_filing_says_it_had_before_are_not_the_years():
    """TD SYNNEX's FY2022 report: "We previously had two reportable segments as of November 30, 2020:
    Technology Solutions and Concentrix" (p.10) and "Prior to the Separation, the Company had two reportable
    segments: ..." (p.67) are the old ones; the three it began operating in are not read as a list, so no
    list is given rather than the old one; the three it began operating in, in 2021, are the 2022 report's."""
    from answering.kinds.segments import _of_another_year

    assert _of_another_year("the effective time of the Merger. We previously had two reportable segments as of "
                            "November 30, 2020", [2022])
    assert _of_another_year("discrete financial information is available. Prior to the Separation, the Company had",
                            [2022])
    assert not _of_another_year("As a result, as of September 1, 2021 we began operating in three", [2021])
    assert not _of_another_year("As a result, as of September 1, 2021 we began operating in three", [2022])
    assert not _of_another_year("We are organized into seven", [2020])


def test_what_were_the_reportable_segments_asks_them_in_the_past_tense_too(services):
    from answering.kinds.segments import ASKS_SEGMENTS

    # Meta Platforms' FY2022 10-K: "We report our financial results for our two reportable segments: Family of
    # Apps (FoA) and Reality Labs (RL)."
    question = 'What were the reportable segments of "Meta Platforms, Inc." in the fiscal year 2022?'
    assert ASKS_SEGMENTS.search(question)
    chunks = filing("filings-wild/pdfs/MetaPlatforms_2022_10-K.pdf")
    written = ask(question, chunks, [54], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert written.text.split("\n\n")[0].split("; ") == ["Family of Apps", "Reality Labs"]


def test_segments_asked_with_two_qualifiers_are_the_sentence_s_with_two(services):
    # Apple's FY2016 10-K, p.4: "The Company's reportable operating segments consist of the Americas, Europe,
    # Greater China, Japan and Rest of Asia Pacific."
    question = 'What were the reportable operating segments of "Apple Inc." in the fiscal year 2016?'
    chunks = filing("financebench-extra/pdfs/APPLE_2016_10K.pdf")
    written = ask(question, chunks, [70, 3], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert written.text.split("\n\n")[0].split("; ") == ["Americas", "Europe", "Greater China", "Japan",
                                                         "Rest of Asia Pacific"]
