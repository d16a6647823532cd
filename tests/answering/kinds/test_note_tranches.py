"""The principal-weighted average coupon of notes issued together is computed from the sentence
that lists the tranches (answering.kinds.note_tranches): sum(principal x coupon) / total principal,
each tranche once however often it is restated; other notes beside them, or a count the question
gives that the sentence does not list, leave it unanswered. Generated 8-K pages."""

from __future__ import annotations

from pathlib import Path

from answering.kinds import note_tranches
from finrag.models import Chunk, SearchHit
from tests.answering.kinds.conftest import write_answer_over
from tests.support.pdfs import write_pdf

ISSUE = [
    "FORM 8-K\nItem 8.01. Other Events.\nOn March 4, 2024, Tailspin Foods Corporation (the Company) issued $500.0 million\n"
    "of its 4.250% Senior Notes due 2029 (the 2029 Notes), $700.0 million of its 4.750% Senior Notes due 2034\n"
    "(the 2034 Notes) and $300.0 million of its 5.500% Senior Notes due 2054 (the 2054 Notes and, together with\n"
    "the 2029 Notes and the 2034 Notes, the Notes). The Notes were issued under the Company's indenture.",
    "Exhibit 5.1\nRe: Issuance of US$500.0 Million 4.250% Senior Notes due 2029, Issuance of US$700.0 Million 4.750%\n"
    "Senior Notes due 2034, Issuance of US$300.0 Million 5.500% Senior Notes due 2054.\nLadies and Gentlemen: "
    "it is my opinion that the Notes are valid and binding obligations of the Company.",
]
QUESTION = ("Tailspin issued three series of senior notes in March 2024. What is the principal-weighted average "
            "coupon rate of the notes issued? Weighted average coupon is defined as: sum of (principal x coupon "
            "rate) / total principal. Express as a percentage rounded to two decimal places.")


def _hits(tmp_path: Path, pages: list[str]) -> tuple[list[Chunk], list[SearchHit]]:
    from loaders.document import load_document

    chunks = load_document(str(write_pdf(tmp_path / "8k.pdf", pages))).chunks
    return chunks, [SearchHit(chunk=c, score=1.0) for c in chunks]


def test_the_coupon_is_weighted_by_each_tranches_principal(tmp_path):
    _, found = _hits(tmp_path, ISSUE)
    written = note_tranches.write(QUESTION, found)
    # (500 x 4.25 + 700 x 4.75 + 300 x 5.5) / 1,500 = 4.733 (the plain average would be 4.83)
    assert written is not None and written.value == 4.73, written and written.text
    assert "4.250% Senior Notes due 2029" in written.citations[0].quote


def test_other_notes_beside_the_issue_leave_it_unanswered(tmp_path):
    _, found = _hits(tmp_path, [*ISSUE, "Long-term debt\nThe Company also has outstanding $1,000.0 million of its "
                                         "3.100% Senior Notes due 2027, issued in 2017."])
    assert note_tranches.write(QUESTION, found) is None


def test_a_count_the_sentence_does_not_list_leaves_it_unanswered(tmp_path):
    _, found = _hits(tmp_path, ISSUE)
    assert note_tranches.write(QUESTION.replace("three series", "four series"), found) is None


def test_the_writer_answers_it_through_its_gates(tmp_path, services):
    chunks, found = _hits(tmp_path, ISSUE)
    written = write_answer_over(QUESTION, found, chunks, services)
    assert written.status == "answered", written.text
    assert "4.73%" in written.text


def test_tranches_that_do_not_make_up_the_stated_issue_leave_it_unanswered(tmp_path):
    # the list is cut short (a chunk's end): two tranches of the $1.5 billion issue do not add up to it
    cut = ("Senior Notes: In March 2024, we issued $1.5 billion of senior notes comprised of the following: "
           "$500.0 million of 4.250% senior notes due March 2029; $700.0 million of 4.750% senior notes due March 2034.")
    _, found = _hits(tmp_path, [cut])
    assert note_tranches.write(QUESTION.replace("three", "two"), found) is None
    whole = cut.replace("2034.", "2034; $300.0 million of 5.500% senior notes due March 2054.")
    _, found = _hits(tmp_path, [whole])
    written = note_tranches.write(QUESTION, found)
    assert written is not None and written.value == 4.73, written and written.text


def test_a_list_cut_by_the_chunker_after_an_amount_leaves_it_unanswered():
    # Intel's 8-K of February 10, 2023: its chunk ends inside the sentence ("..., $2,000,000,000 aggregate
    # principal amount"); five of its seven tranches read would give 5.11% for 5.30%
    text = ("On February 10, 2023, Intel Corporation issued $1,500,000,000 aggregate principal amount of 4.875% Senior "
            "Notes due 2026, $1,750,000,000 aggregate principal amount of 4.875% Senior Notes due 2028, $1,250,000,000 "
            "aggregate principal amount of 5.125% Senior Notes due 2030, $2,250,000,000 aggregate principal amount of "
            "5.200% Senior Notes due 2033, $1,000,000,000 aggregate principal amount of 5.625% Senior Notes due 2043, "
            "$2,000,000,000 aggregate principal amount")
    chunk = Chunk(chunk_id="i", doc="INTEL_8K", doc_sha256="0" * 64, index=0, company="Intel", page=1, page_end=1,
                  text=text)
    question = ("What is the principal-weighted average coupon rate of the senior notes that Intel issued as described "
                "in its 8-K dated February 10, 2023?")
    assert note_tranches.write(question, [SearchHit(chunk=chunk, score=1.0)]) is None


def test_the_total_principal_of_the_notes_issued_adds_the_tranches(services):
    """McDonald's August 2023 8-K states its issue tranche by tranche ("$600.0 million of its 4.800% Medium-Term
    Notes due 2028, ... and $800.0 million of its 5.450% Medium-Term Notes due 2053"): the total asked is their sum,
    not a quote of the three amounts."""
    from tests.answering.kinds.conftest import ask, filing

    eight_k = filing("financebench-extra/pdfs/MCDONALDS_8K_dated-2023-08-14.pdf")
    written = ask("What was the total principal amount of the medium-term notes issued by \"McDonald's Corporation\" "
                  "on August 14, 2023? Give the value in millions of USD.", eight_k, [2, 4], services)
    assert written.status == "answered" and written.value == 2000.0, written.text
    assert "$600.0 million + $600.0 million + $800.0 million" in written.text


def test_notes_outstanding_or_repaid_are_no_total_of_an_issue():
    assert note_tranches.asks_total_principal("What was the total principal amount of the notes issued on August 14, 2023?")
    # the notes named in another part: "What notes did it issue ..., and what was the total principal amount issued?"
    assert note_tranches.asks_total_principal("What notes did McDonald's issue on August 14, 2023, and what was the total "
                                              "principal amount issued?")
    assert not note_tranches.asks_total_principal("What was the total principal amount issued under its credit facility?")
    for question in ("What was the total principal amount of the senior notes outstanding as of December 31, 2023?",
                     "What was the total principal amount of the notes repaid in 2023?"):
        assert not note_tranches.asks_total_principal(question), question
