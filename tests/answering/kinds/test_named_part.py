"""named_part: the one part of a company a question names, and sentences about another part's figure."""

from __future__ import annotations

import pytest

from answering.kinds.named_part import named_part, said_of_another_part
from finrag.vocabulary import tokenize
from tests.answering.kinds.conftest import ask, filing, hits

_BACKLOG = {tokenize("total")[0], tokenize("backlog")[0]}
_ASKED = "What was Boeing's total backlog at the end of FY2021, and how much of it was contractual?"


def test_a_figure_said_of_an_abbreviated_part_is_another_parts():
    assert said_of_another_part("BCA total backlog of $296,882 million at December 31, 2021 increased from "
                                "$281,588 million ... for inclusion in backlog", _BACKLOG, _ASKED, ["Boeing"])
    # a heading the page's text ran into the sentence is not its subject
    assert said_of_another_part("Backlog BGS total backlog of $20,496 million", _BACKLOG, _ASKED, ["Boeing"])


def test_the_companys_own_figure_and_accountings_abbreviations_are_not_a_parts():
    for text in ("Total backlog was $377,499 million, of which BCA was $296,882 million",
                 "Our total backlog includes contracts that we and our customers are committed to",
                 "GAAP total backlog"):
        assert not said_of_another_part(text, _BACKLOG, _ASKED, ["Boeing"]), text
    # an abbreviation that does something to the asked thing is its subject, not its modifier
    acquired = {tokenize("acquisition")[0]}
    assert not said_of_another_part("ACQUISITION TERMS EMT completed the acquisition in January 2022", acquired,
                                    "What company did eMetals Limited acquire in January 2022?", ["eMetals Limited"])
    assert not said_of_another_part("On December 9, 2020, the FTC filed a complaint against us", {"complaint"},
                                    "What antitrust complaints were filed against Facebook?", ["Facebook"])
    assert not said_of_another_part("On December 9, 2020, the FTC filed a complaint against us",
                                    {tokenize("filed")[0], "complaint"},
                                    "What antitrust lawsuits were filed against Facebook?", ["Facebook"])
    # a heading in capitals names no part
    assert not said_of_another_part("Exhibit 23 CONSENT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM We hereby",
                                    {tokenize("independent")[0]}, "How did Acme become an independent company?",
                                    ["Acme"])
    # a company's name is no part's figure
    assert not said_of_another_part('On January 30, 2015, FRP Holdings, Inc. ("FRP") completed the spin-off of Patriot',
                                    {tokenize("holding")[0], "parent"},
                                    "Who was Patriot Transportation Holding's former parent company?", ["Patriot"])
    # the question's own abbreviation: the part asked
    assert not said_of_another_part("BCA total backlog of $296,882 million", _BACKLOG,
                                    "What was BCA's total backlog at the end of FY2021?", ["Boeing"])


def test_one_defined_term_in_the_question_is_the_part_several_are_a_breakdown():
    one = named_part("What drove the improvement in Boeing's Commercial Airplanes (BCA) loss from operations?", [],
                     ["Boeing"])
    assert one is not None and one.labels == ["Commercial Airplanes", "BCA"]
    assert named_part("How did Commercial Airplanes (BCA) and Global Services (BGS) results change?", [],
                      ["Boeing"]) is None
    assert named_part("What drove Boeing's loss from operations, segment by segment?", [], ["Boeing"]) is None
    assert named_part("What drove The Boeing Company (Boeing) revenue?", [], ["The Boeing Company"]) is None


@pytest.fixture(scope="module")
def boeing_2021():
    return filing("financebench/pdfs/BOEING_2021_10K.pdf")


def test_the_companys_total_is_not_answered_by_its_parts_totals(boeing_2021, services):
    # p.37 and p.45 (zero-based 36, 44) state BCA's and BGS's total backlog; the company's total is a
    # table row neither sentence gives
    written = ask(_ASKED, boeing_2021, [36, 44], services)
    assert "BCA total backlog" not in written.text and "BGS total backlog" not in written.text, written.text


def test_a_listed_segment_named_in_the_question_is_the_part(boeing_2021):
    # p.67 (zero-based 66) lists "four reportable segments: Commercial Airplanes (BCA); ..."
    part = named_part("What drove Global Services revenue in 2021?", hits(boeing_2021, [66]), ["Boeing"])
    assert part is not None and part.name == "Global Services" and part.aliases == ["BGS"]
