"""A share of a total that a current report states in prose ("The financial commitments ... total
$50 million"; "to fund $45 million in contributions to ... organizations") is computed from the
two amounts its own words name, each cited (answering.kinds.stated_share); amounts named alike,
or a share of a period's flow, are not answered here. Generated 8-K pages. A named part's share that a
filing states as a percentage of the asked whole (answering.kinds.passage.named_share): Lockheed Martin's
2020 10-K."""

from __future__ import annotations

from pathlib import Path

from answering.kinds import stated_share
from finrag.models import Chunk, SearchHit
from tests.answering.kinds.conftest import ask, filing, write_answer_over
from tests.support.pdfs import write_pdf

SETTLEMENT = [
    "FORM 8-K CURRENT REPORT\nNorthwind Power Company\nItem 8.01 Other Events.\n"
    "On June 2, 2024, Northwind Power Company (the Utility) and the County District Attorney reached an agreement\n"
    "to resolve the criminal charges arising from the 2021 Ridge fire. Subject to its terms, the Utility will pay\n"
    "a total of $80 million, which will not be recoverable through rates.",
    "Northwind Power and the District Attorney Reach Settlement\n"
    "Northwind has committed to continue its wildfire safety work, and to fund $72 million in contributions to\n"
    "numerous organizations dedicated to rebuilding the communities of the county.\n"
    "Most of the $72 million will go to local fire districts and community and nonprofit organizations.\n"
    "In addition, Northwind will pay an $8 million civil penalty to the county. The financial commitments\n"
    "stipulated in the agreement total $80 million, and Northwind will not seek cost recovery from customers.",
]

JOINT_VENTURE = [
    "FORM 8-K\nItem 2.01 Completion of Acquisition or Disposition of Assets.\n"
    "On March 3, 2024, following the satisfaction of the closing conditions, Contoso and Fabrikam consummated\n"
    "the Closing. In connection with the Closing, (i) Contoso acquired 51% of the Units, and Fabrikam continued\n"
    "to own 49% of the Units; (ii) Contoso contributed to NewCo certain assets related to the Project equal to\n"
    "approximately $2.1 billion and, when taken together with Contoso's commitment for future contributions, will\n"
    "be $12.0 billion in the aggregate, (iii) Fabrikam contributed to NewCo approximately $0.6 billion in cash and,\n"
    "when taken together with Fabrikam's commitments for future contributions, will be $12.0 billion in the\n"
    "aggregate.",
]


def _hits(tmp_path: Path, pages: list[str]) -> tuple[list[Chunk], list[SearchHit]]:
    from loaders.document import load_document

    chunks = load_document(str(write_pdf(tmp_path / "8k.pdf", pages))).chunks
    return chunks, [SearchHit(chunk=c, score=1.0) for c in chunks]


def test_the_part_and_the_total_are_the_amounts_their_own_words_name(tmp_path):
    _, found = _hits(tmp_path, SETTLEMENT)
    written = stated_share.write("Under the Ridge fire settlement, what share of Northwind's total financial "
                                 "commitment goes to contributions to community and nonprofit organizations (rather "
                                 "than the civil penalty)? Express as a percentage rounded to one decimal place.", found)
    assert written is not None and written.status == "answered"
    assert written.value == 90.0, written.text  # 72 / 80, not the penalty's 8 / 80
    quotes = " ".join(c.quote for c in written.citations)
    assert "$72 million in contributions" in quotes and "total $80 million" in quotes


def test_the_asked_partys_amounts_not_the_other_partys_in_the_same_sentence(tmp_path):
    _, found = _hits(tmp_path, JOINT_VENTURE)
    written = stated_share.write("At the March 3, 2024 closing, what percentage of Contoso's total aggregate "
                                 "contribution commitment had Contoso contributed? Express as a percentage rounded to "
                                 "one decimal place.", found)
    assert written is not None and written.value == 17.5, written and written.text  # 2.1 / 12.0, not 0.6 / 12.0


def test_amounts_named_alike_are_no_answer(tmp_path):
    # "contributed" names Contoso's $2.1 billion and Fabrikam's $0.6 billion alike: which is meant is unsettled
    _, found = _hits(tmp_path, JOINT_VENTURE)
    assert stated_share.write("What percentage of the total aggregate contribution commitment was contributed "
                              "at closing?", found) is None


def test_a_share_of_a_periods_flow_is_left_to_the_statements(tmp_path):
    _, found = _hits(tmp_path, SETTLEMENT)
    assert stated_share.asked_parts("What share of Northwind's fiscal 2023 total financial commitment goes to "
                                    "contributions to organizations?") is None
    assert stated_share.write("What share of Northwind's 2023 revenue goes to contributions to organizations?",
                              found) is None


def test_the_writer_answers_it_through_its_gates(tmp_path, services):
    chunks, found = _hits(tmp_path, SETTLEMENT)
    written = write_answer_over("Under the Ridge fire settlement, what share of Northwind's total financial "
                                "commitment goes to contributions to community and nonprofit organizations (rather "
                                "than the civil penalty)? Express as a percentage rounded to one decimal place.",
                                found, chunks, services)
    assert written.status == "answered", written.text
    assert "90.0%" in written.text


def test_a_named_part_s_share_of_the_total_is_the_percentage_the_filing_states_of_that_total(services):
    """Lockheed Martin's 2020 10-K (p.3): "The F-35 program is our largest program, generating 28% of our total
    consolidated net sales, as well as 69% of Aeronautics' net sales in 2020." No statement line names the
    program; the percentage said of the asked whole is the answer, not the one said of a segment's sales."""
    lockheed = filing("financebench/pdfs/LOCKHEEDMARTIN_2020_10K.pdf")
    written = ask('What percentage of the total consolidated net sales of "Lockheed Martin Corporation" did the F-35 '
                  "program generate in 2020?", lockheed, [2], services)
    assert (written.status, written.value, written.unit) == ("answered", 28.0, "percent"), written.text
    assert "generating 28% of our total consolidated net sales" in written.text
    # asked of the segment's sales, the other percentage
    segment = ask("What percentage of Aeronautics' net sales did the F-35 program generate in 2020?", lockheed, [2],
                  services)
    assert segment.value != 28.0, segment.text
    # the share of another year than the sentence's is not said by it
    other_year = ask('What percentage of the total consolidated net sales of "Lockheed Martin Corporation" did the F-35 '
                     "program generate in 2019?", lockheed, [2], services)
    assert other_year.value != 28.0 and "28%" not in other_year.text.split(":")[0], other_year.text
