"""A change asked by segment: each segment the filing lists, with its own sentences on its change
(Meta's FY2022 10-K: segments named by a listing sentence, one by its abbreviation in the MD&A;
Alphabet's FY2022 10-K: segments read from a table captioned by segment)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def meta():
    return filing("filings-wild/pdfs/MetaPlatforms_2022_10-K.pdf")


def test_each_listed_segment_is_explained_by_its_own_sentences(meta, services):
    # p.55 lists "two reportable segments: Family of Apps (FoA) and Reality Labs (RL)"; p.72 explains
    # "FoA income from operations" (its heading cut off with the table above it) and "RL loss from operations"
    written = ask("Meta's income from operations fell 38% in 2022. What drove the decline, and how did its two "
                  "reportable segments contribute?", meta, [53, 54, 71], services)
    assert written.status == "answered", written.text
    assert "Family of Apps: \"FoA income from operations in 2022 decreased $14.29 billion, or 25%" in written.text
    assert "The decrease was due to an increase in FoA total costs and expenses" in written.text
    assert "Reality Labs: \"Reality Labs RL loss from operations in 2022 increased $3.52 billion" in written.text
    # the company-wide cause first, quoted once
    assert written.text.startswith("\"Income from operations for 2022 was $28.94 billion")
    assert written.text.count("RL loss from operations in 2022 increased") == 1


def test_a_segment_without_its_own_explanation_leaves_no_segment_part(meta, services):
    # without p.72 no segment's own sentence is found: the breakdown is not made of revenue sentences
    written = ask("Meta's income from operations fell 38% in 2022. What drove the decline, and how did its two "
                  "reportable segments contribute?", meta, [53, 54], services)
    assert "By segment" not in written.text


@pytest.fixture(scope="module")
def alphabet():
    return filing("filings-wild/pdfs/Alphabet_2022_10-K.pdf")


def test_segments_read_from_a_table_captioned_by_segment(alphabet, services):
    # p.36: "The following table presents segment operating income (loss)" over Google Services, Google
    # Cloud and Other Bets; each explained on p.36-37. The premise's subject (income from operations)
    # is what the segments explain, not the revenues of its contrast clause.
    written = ask("Alphabet's income from operations fell in 2022 even though revenues grew. Break the change down "
                  "by segment: how did Google Services, Google Cloud and Other Bets operating results change from "
                  "2021 to 2022, and what drove each?", alphabet, [35, 36], services)
    assert written.status == "answered", written.text
    for said in ("Google Services operating income decreased $5.3 billion from 2021 to 2022",
                 "Google Cloud operating loss decreased $131 million from 2021 to 2022",
                 "Other Bets operating loss increased $802 million from 2021 to 2022",
                 "primarily driven by increases in compensation expenses and TAC"):
        assert said in written.text, said


@pytest.fixture(scope="module")
def mcdonalds():
    return filing("financebench-extra/pdfs/MCDONALDS_2022Q4_EARNINGS.pdf")


def test_segments_of_a_list_under_a_headline_explained_by_paragraphs_headed_with_their_names(mcdonalds, services):
    # p.1: "Global comparable sales increased 12.6%, reflecting strong comparable sales across all segments:"
    # over ". U.S. increased 10.3%", "° International Operated Markets segment increased 12.6%", ...;
    # p.3 explains each in a paragraph headed "U.S.:", "International Operated Markets:", ...
    written = ask("What drove McDonald's 12.6% global comparable sales growth in the fourth quarter of 2022, segment "
                  "by segment?", mcdonalds, [0, 2], services)
    assert written.status == "answered", written.text
    for said in ('U.S.: "Comparable sales results benefited from strategic menu price increases',
                 'International Operated Markets: "Strong operating performance drove positive comparable sales',
                 'International Developmental Licensed Markets: "The quarter reflected strong comparable sales across '
                 'the segment, led by Japan and Brazil, partly offset by negative comparable sales in China'):
        assert said in written.text, said
    # the consolidated lines listed after the segments are no segment
    assert "Consolidated revenues:" not in written.text


@pytest.fixture(scope="module")
def boeing_2021():
    return filing("financebench/pdfs/BOEING_2021_10K.pdf")


def test_one_named_part_is_explained_by_its_own_sentences_not_the_companys(boeing_2021, services):
    # The question names one business by its defined term ("Commercial Airplanes (BCA)"), not the word
    # segment. p.29 (zero-based 28) explains "BCA loss from operations"; the same pages explain BGS and
    # the company's loss from operations, which answer another question.
    question = ("What drove the improvement in Boeing's Commercial Airplanes (BCA) loss from operations in FY2021 "
                "compared with FY2020?")
    written = ask(question, boeing_2021, [27, 28, 29], services)
    assert written.status == "answered", written.text
    assert "BCA loss from operations decreased by $7,372 million primarily due to the absence of a $6,493 " \
           "million reach-forward loss" in written.text
    assert "BGS" not in written.text and "Core operating loss" not in written.text
    assert "Operating income rose" not in written.text  # the company's change is not the part's


def test_a_named_part_without_its_own_sentence_is_not_answered_with_the_companys(boeing_2021, services):
    # only the company-wide and BGS pages: nothing explains BCA's change, so no answer rather than theirs
    question = ("What drove the improvement in Boeing's Commercial Airplanes (BCA) loss from operations in FY2021 "
                "compared with FY2020?")
    written = ask(question, boeing_2021, [29], services)
    assert written.status != "answered", written.text
    assert "Core operating loss decreased" not in written.text and "BGS earnings" not in written.text
