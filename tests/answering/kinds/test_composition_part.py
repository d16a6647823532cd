"""A part asking how a figure is made up ("..., and how is it made up?") is answered by the sentence
that says what the figure is comprised of, with its amounts (answering.kinds.other_words), read
whole even where the filing's chunks cut it at an enumeration marker ("..., plus (iii)")
(answering.kinds.sentences)."""

from __future__ import annotations

from pathlib import Path

from answering.kinds.other_words import answered_in_other_words, asks_in_other_words
from answering.kinds.sentences import sentences
from finrag.models import Chunk, SearchHit
from tests.answering.kinds.conftest import write_answer_over
from tests.support.pdfs import write_pdf

COMPOSED = ("The aggregate liability of $9.2 billion for claims in connection with the 2020 Ridge fire is comprised of "
            "(i) $4 billion for subrogated insurance claimholders pursuant to the Subrogation RSA, plus (ii) $20 "
            "million for expected professional fees, plus (iii) $5.18 billion for all other claims.")


def test_a_made_up_part_is_answered_by_what_the_amount_is_comprised_of():
    part = "and how is it made up?"
    assert asks_in_other_words(part)
    assert answered_in_other_words(part, COMPOSED)
    # a composition without its amounts says nothing of how much each part is
    assert not answered_in_other_words(part, "The liability is comprised of amounts under agreements with claimholders.")


def _chunk(index: int, text: str) -> Chunk:
    return Chunk(chunk_id=f"c{index}", doc="10k", doc_sha256="0" * 64, index=index, page=177, page_end=177, text=text)


def test_a_sentence_cut_at_an_enumeration_marker_is_carried_on_into_the_next_chunk():
    cut = COMPOSED.index("(iii)") + len("(iii)")
    overlap = COMPOSED.index("plus (ii)")
    first, second = _chunk(1, "Other text here. " + COMPOSED[:cut]), _chunk(2, COMPOSED[overlap:] + " Later text.")
    found = [s.text for s in sentences([SearchHit(chunk=first, score=1.0), SearchHit(chunk=second, score=0.5)], [])]
    assert COMPOSED in found, found


def test_an_enumerating_sentence_is_read_though_long():
    long = COMPOSED.replace("for all other claims", "for all other claims, " + "including claims of many kinds " * 12)
    assert len(long) > 600
    found = [s.text for s in sentences([SearchHit(chunk=_chunk(1, long), score=1.0)], [])]
    assert long in found
    # an enumeration of causes ("resulted from (i) ...; (ii) ...") is no composition: the usual length holds
    causes = long.replace("is comprised of", "primarily resulted from")
    assert causes not in [s.text for s in sentences([SearchHit(chunk=_chunk(1, causes), score=1.0)], [])]


def test_the_total_and_how_it_is_made_up(tmp_path: Path, services):
    from loaders.document import load_document

    page = ("Note 14: Wildfire-Related Contingencies\nAt December 31, 2023 and December 31, 2022, the Utility's "
            "Consolidated Balance Sheets include estimated liabilities in respect of total wildfire-related claims\n"
            "of $9.2 billion and $6.1 billion, respectively. " + COMPOSED.replace(", plus", ",\nplus"))
    chunks = load_document(str(write_pdf(tmp_path / "10k.pdf", [page]))).chunks
    written = write_answer_over("What total estimated liability for wildfire-related claims did the Utility carry at "
                                "December 31, 2023, and how is it made up?",
                                [SearchHit(chunk=c, score=1.0) for c in chunks], chunks, services)
    assert written.status == "answered", written.text
    assert "$9.2 billion" in written.text and "$5.18 billion for all other claims" in written.text
