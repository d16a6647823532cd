"""Relations by rule: the usual filing layouts, and the sample corpus's truth."""

from __future__ import annotations

import json

from finrag.models import DocumentMeta, Page
from loaders.relations import extract_relations, split_list

META = DocumentMeta(file="x.pdf", doc="ACME_2023_10K", sha256="0", company="Acme Robotics", fiscal_year=2023)

BUSINESS = """Item 1. Business
Acme Robotics operates in the Industrials sector.
We operate in three reportable segments: Industrial Automation, Service Robotics and Software and
Services. Our principal competitors include Helix Dynamics, Apex Automation and Stratus Machines.
Our principal operating subsidiaries are Acme Automation GmbH and Kestrel Vision Systems LLC, each
wholly owned by Acme Robotics, Inc.. We sell our products under the NavArm, KestrelEye and FleetPilot
brands, which we believe are well recognized by our customers.
Executive Officers
Elena Marquez serves as our Chief Executive Officer and a member of the Board of Directors.
"""

AUDIT = """Report of Independent Registered Public Accounting Firm
To the Shareholders and the Board of Directors of Acme Robotics, Inc.
We believe that our audits provide a reasonable basis for our opinion.
/s/ Deloitte & Touche LLP
Chicago, Illinois
February 8, 2024
We have served as the Company's auditor since 2002.
"""

CERTIFICATION = """Exhibit 31.2
Certification of Chief Financial Officer
I, David Q. Okafor, certify that:
1. I have reviewed this annual report on Form 10-K of Acme Robotics, Inc.;
"""


def _edges(*texts: str) -> set[tuple[str, str]]:
    pages = [Page(number=i, text=t) for i, t in enumerate(texts)]
    return {(r.predicate, r.object) for r in extract_relations(META, pages)}


def test_lists_split_on_commas_and_the_and_that_matches_the_stated_count():
    assert split_list("Industrial Automation, Service Robotics and Software and Services", 3) == [
        "Industrial Automation", "Service Robotics", "Software and Services"]
    assert split_list("A, B, and C") == ["A", "B", "C"]
    assert split_list("Helix Microsystems B.V. and Quillon Sensors Inc., each wholly owned") == [
        "Helix Microsystems B.V.", "Quillon Sensors Inc."]


def test_business_section_layouts():
    edges = _edges(BUSINESS)
    assert {o for p, o in edges if p == "segment"} == {"Industrial Automation", "Service Robotics", "Software and Services"}
    assert {o for p, o in edges if p == "competitor"} == {"Helix Dynamics", "Apex Automation", "Stratus Machines"}
    assert {o for p, o in edges if p == "subsidiary"} == {"Acme Automation GmbH", "Kestrel Vision Systems LLC"}
    assert {o for p, o in edges if p == "brand"} == {"NavArm", "KestrelEye", "FleetPilot"}
    assert ("sector", "Industrials") in edges
    assert ("ceo", "Elena Marquez") in edges  # the heading before the name is not part of it


def test_auditor_signature_and_officer_certification():
    edges = _edges(AUDIT, CERTIFICATION)
    assert ("auditor", "Deloitte & Touche LLP") in edges
    assert ("cfo", "David Q. Okafor") in edges
    assert not any(p == "ceo" for p, _ in edges)  # a CFO certification says nothing about the CEO


def test_every_edge_keeps_the_sentence_it_came_from():
    for r in extract_relations(META, [Page(number=4, text=BUSINESS)]):
        assert r.object in r.source_text and r.page == 4 and r.subject == "Acme Robotics"


def test_prose_is_not_read_as_a_list_of_names():
    text = "Our competitors include many large companies with greater resources than ours."
    assert _edges(text) == set()


def test_sample_corpus_relations_match_truth(sample_dir):
    from finrag.knowledge_graph import name_key
    from loaders import load_document

    truth = json.loads((sample_dir / "truth.json").read_text())
    want = {(t["doc"], t["predicate"], name_key(t["object"])) for t in truth["relations"]}
    got = set()
    for pdf in sorted((sample_dir / "pdfs").glob("*.pdf")):
        loaded = load_document(pdf)
        got |= {(r.doc, r.predicate, name_key(r.object)) for r in extract_relations(loaded.meta, loaded.pages)}
    assert len(got & want) / len(got) >= 0.98
    assert len(got & want) / len(want) >= 0.98


# A letter signed by line ("Dr Mark Payton" over "Chief Executive Officer"), and an executive
# officers table's "Name  Age  Title" row: the sentence patterns fold both into one run of words.
LETTER = """Thank you for your continued support.
Dr Jane Okonkwo
Chief Executive Officer
Strategic Report
Chief Executive Officer
"""

OFFICERS = """Information about our Executive Officers
Name Age Position
Jane Okonkwo . . . 53 President and Chief Executive Officer of the Company
Tom Reyes 48 Chief Executive Officer of the Trust Division
Priya Natarajan 41 Executive Vice President and Chief Financial Officer
"""

SIDE_BY_SIDE = """Approved by the Board
Jane Okonkwo  Priya Natarajan
Chief Executive Officer  Chief Financial Officer
"""


def test_a_letter_signed_with_the_name_over_the_title_gives_the_ceo():
    assert ("ceo", "Jane Okonkwo") in _edges(LETTER)  # "Dr" left out; "Strategic Report" is no person


def test_an_officers_table_row_gives_ceo_and_cfo_and_a_divisions_chief_is_not_the_companys():
    edges = _edges(OFFICERS)
    assert {("ceo", "Jane Okonkwo"), ("cfo", "Priya Natarajan")} <= edges
    assert ("ceo", "Tom Reyes") not in edges


def test_two_officers_signing_side_by_side_are_not_one_name():
    edges = _edges(SIDE_BY_SIDE)
    assert not any(" " * 2 in name or name == "Jane Okonkwo Priya Natarajan" for _, name in edges)
    assert ("cfo", "Jane Okonkwo") not in edges


def test_an_empty_page_has_no_officers():
    assert _edges("", LETTER) >= {("ceo", "Jane Okonkwo")}


def test_the_board_s_chair_is_read_from_the_signatures_of_a_real_10k(financebench_extra_dir):
    # Apple's FY2022 10-K signs "/s/ Arthur D. Levinson Director and Chair of the Board"; Oracle's FY2022
    # "Lawrence J. Ellison Chairman of the Board and Chief Technology Officer"
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge

    for name, chair in (("APPLE_2022_10K", "Arthur D. Levinson"), ("ORACLE_2022_10K", "Lawrence J. Ellison")):
        knowledge = extract_knowledge(load_document(financebench_extra_dir / "pdfs" / f"{name}.pdf"))
        assert [r.object for r in knowledge.relations if r.predicate == "chair"] == [chair], name


def test_a_committee_s_chair_is_no_board_chair_asked():
    from strategies.knowledge_graph import PREDICATE_WORDS

    assert PREDICATE_WORDS["chair"].search('Who was the Chair of the Board of "Apple Inc." in fiscal year 2022?')
    assert not PREDICATE_WORDS["chair"].search("Who was the Chairman of the Audit Committee of PT Bayan Resources?")
    assert not PREDICATE_WORDS["chair"].search("Who was the President Director of the Board of Directors?")


def test_the_filing_s_own_signatures_outweigh_an_exhibit_signed_by_a_former_ceo():
    from loaders.document import read_document
    from tests.conftest import FILINGS_WILD

    # Accuray's FY2022 10-K: Suzanne Winter signs the report as CEO ("/s/ S UZANNE  W INTER", small capitals the
    # text layer splits); two offer letters among its exhibits are signed by her predecessor, Joshua H. Levine
    meta, pages = read_document(FILINGS_WILD / "pdfs" / "Accuray_2022_10-K.pdf")
    edges = {(r.predicate, r.object) for r in extract_relations(meta, pages)}
    assert ("ceo", "Suzanne Winter") in edges
    assert ("cfo", "Ali Pervaiz") in edges


def test_segments_listed_by_short_names_are_given_by_the_names_the_filing_defines():
    boeing = META.model_copy(update={"company": "Boeing"})

    def segments(*texts: str) -> set[str]:
        pages = [Page(number=i, text=t) for i, t in enumerate(texts)]
        return {r.object for r in extract_relations(boeing, pages) if r.predicate == "segment"}

    defined = "Our Commercial Airplanes (BCA) segment and Defense, Space & Security (BDS) grew. Global Services (BGS)."
    listed = "We operate in three reportable segments: BCA, BDS and BGS."
    assert segments(defined, listed) == {"Commercial Airplanes", "Defense, Space & Security", "Global Services"}
    # a parenthesis whose letters are not the words' initials defines nothing
    assert segments("Northern Lights (BCA) rose.", listed) == {"BCA", "BDS", "BGS"}


def test_a_short_name_is_spelled_by_the_shortest_run_of_words_before_it():
    from loaders.relations import _spelled_by

    def run(text: str) -> list[str]:
        return text.split()

    # Lockheed Martin lists "Aeronautics, Missiles and Fire Control (MFC), Rotary and Mission Systems (RMS)"
    assert _spelled_by(run("Aeronautics, Missiles and Fire Control"), "MFC", "Lockheed Martin") == \
        "Missiles and Fire Control"
    assert _spelled_by(run("and Boeing Capital"), "BCC", "Boeing") == "Boeing Capital"  # a legal form's letter
    # a first letter left out only when it is the company's initial; the words' initials start and end the name
    assert _spelled_by(run("Pacific, Australia and New Zealand and China Region"), "APAC", "PepsiCo") is None
    assert _spelled_by(run("Development LP United Kingdom Pfizer Development Services"), "UK", "Pfizer") is None


def test_boeing_s_segments_are_its_four_named_segments(financebench_dir):
    # its 10-K lists "four reportable segments: BCA, BDS, BGS and BCC" and defines each short name elsewhere
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge

    knowledge = extract_knowledge(load_document(financebench_dir / "pdfs" / "BOEING_2021_10K.pdf"))
    assert {r.object for r in knowledge.relations if r.predicate == "segment"} == {
        "Commercial Airplanes", "Defense, Space & Security", "Global Services", "Boeing Capital"}
