"""The first stage lifts the section a narrative question asks for, on a real shared
filing (Boeing's 2022 10-K): a page the search ranked a little lower wins when it is in
that section (read from the chunks' Item / Note labels and headings), and the page the
search ranked first wins when it is not.

Nothing is embedded: a store stand-in returns the search's order as stated here.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.models import SearchHit
from loaders.document import load_document
from retrieval.retriever import RetrievalOptions, Retriever
from tests.support.ranked_store import NoEmbedding, RankedStore

DOC = "BOEING_2022_10K"
STATEMENT_OF_OPERATIONS, BUSINESS, MDNA, LEGAL_NOTE, SEGMENT_NOTE, EXECUTIVE_OFFICERS = 54, 4, 29, 112, 117, 127
RISK_FACTORS = 10  # Item 1A only
SEGMENT_DATA = 61  # revenues and operating earnings by segment


@pytest.fixture(scope="module")
def boeing(financebench_dir):
    return load_document(financebench_dir / "pdfs" / f"{DOC}.pdf")


def _first_page(boeing, ranked: list[int], question: str, tmp_path, **options) -> int:
    """The first page retrieved when the search ranks `ranked` in that order (each page a
    little below the one before it)."""
    hits = [SearchHit(chunk=c, score=1.0 - 0.15 * i) for i, page in enumerate(ranked)
            for c in boeing.chunks if c.page == page]
    retriever = Retriever(RankedStore(hits, [boeing]), NoEmbedding(), load_settings(store_dir=tmp_path / "s"))
    return retriever.retrieve(question, k=10, options=RetrievalOptions(**{"pages": False, **options})).hits[0].chunk.page


@pytest.mark.parametrize("question, search_first, answering", [
    ("What lawsuits and legal proceedings was Boeing a party to in 2022?", STATEMENT_OF_OPERATIONS, LEGAL_NOTE),
    # A criminal case's words (trial, verdict, sentence) ask for the legal section too.
    ("What was the outcome of the criminal trial against Boeing, and was it convicted?", STATEMENT_OF_OPERATIONS,
     LEGAL_NOTE),
    ("Who is Boeing's Chief Financial Officer?", SEGMENT_NOTE, EXECUTIVE_OFFICERS),
    ("Why did Boeing's commercial airplane deliveries change in 2022?", STATEMENT_OF_OPERATIONS, MDNA),
])
def test_the_section_a_question_asks_for_wins_over_a_slightly_better_search_hit(
    boeing, tmp_path, question, search_first, answering
):
    assert _first_page(boeing, [search_first, answering], question, tmp_path) == answering
    # Without the section boost the search's order stands (and without the phrase boost: the
    # legal note has "legal proceedings" side by side as the question does).
    assert _first_page(boeing, [search_first, answering], question, tmp_path, section_boost=0.0,
                       phrase_boost=0.0) == search_first


def test_a_question_that_asks_for_no_section_keeps_the_search_order(boeing, tmp_path):
    question = "What was Boeing's total revenue in 2022?"
    assert _first_page(boeing, [STATEMENT_OF_OPERATIONS, MDNA], question, tmp_path) == STATEMENT_OF_OPERATIONS


def test_a_question_about_the_business_is_boosted_to_item_1_not_to_the_risk_factors(boeing, tmp_path):
    # Where the company operates, whom it sells to: Item 1 (Business) says so. Item 1A's
    # sentences about customers are risks, not the answer to who the customers are: a risk
    # factors page gets no lift, and the search's order stands.
    question = "Who are Boeing's main customers?"
    assert _first_page(boeing, [SEGMENT_NOTE, BUSINESS], question, tmp_path) == BUSINESS
    assert _first_page(boeing, [SEGMENT_NOTE, RISK_FACTORS], question, tmp_path) == SEGMENT_NOTE


def test_a_question_about_segments_gets_the_segment_table_not_the_consolidated_statement(boeing, tmp_path):
    # "Revenue" points at the statement of operations, which shows only the total: the
    # segment data answers which segment earned most.
    question = "Which of Boeing's segments had the highest revenue in 2022?"
    assert _first_page(boeing, [STATEMENT_OF_OPERATIONS, SEGMENT_DATA], question, tmp_path) == SEGMENT_DATA
    # Boosting the statement as for any revenue question, its page stays first.
    assert _first_page(boeing, [STATEMENT_OF_OPERATIONS, SEGMENT_DATA], question, tmp_path,
                       segment_not_statement=False) == STATEMENT_OF_OPERATIONS


@pytest.mark.parametrize(("question", "legal"), [
    ("What was the outcome of the federal criminal trial against the utility?", True),
    ("Was the company indicted, and did the jury return a guilty verdict?", True),
    ("How many clinical trials did the company start in 2022?", False),  # a trial of a drug, not a court's
])
def test_a_criminal_case_asks_for_the_legal_section(question, legal):
    from retrieval.sections import question_needs

    assert ("legal" in question_needs(question).sections) is legal
