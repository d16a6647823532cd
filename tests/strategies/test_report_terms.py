"""A metric question that names no year ("What was the total revenue of "X"?") is answered
from the latest report held for the company, and the answer says so.

The filing is Mercia Asset Management's annual report of ../shared/erc-round1 (year ended
31 March 2022), read without embedding.
"""

from __future__ import annotations

import pytest

from finrag.models import Answer, Citation
from loaders.document import read_document
from strategies.report_terms import with_latest_year_note
from tests.conftest import SHARED

MERCIA = SHARED / "erc-round1" / "pdfs" / "ac9aa244462c80705c3ff046542c02c459989742.pdf"


@pytest.fixture(scope="module")
def mercia():
    if not MERCIA.exists():
        pytest.skip("../shared/erc-round1 not present")
    meta, _ = read_document(MERCIA)
    return meta


def _answer(doc: str) -> Answer:
    return Answer(status="answered", answer="Mercia FY2022 Total assets: £214.8M.", strategy="single",
                  kind="metric", value=214.801, citations=[Citation(doc=doc, page=41, chunk_id="c", quote="q")])


def test_a_question_with_no_year_says_the_answer_is_for_the_latest_report_held(mercia):
    answer = with_latest_year_note(_answer(mercia.doc), 'What was the total assets of "Mercia Asset Management PLC"?',
                                   [mercia])
    assert answer.answer.endswith(f"(FY2022, the latest report held for {mercia.company}.)")


def test_an_older_report_is_named_as_not_the_latest(mercia):
    older = mercia.model_copy(update={"doc": "mercia-2021", "fiscal_year": 2021})
    answer = with_latest_year_note(_answer(older.doc), "What was the total assets of Mercia?", [older, mercia])
    assert answer.answer.endswith(f"(FY2021; the latest report held for {mercia.company} is FY2022.)")


@pytest.mark.parametrize("question", [
    'What was the total assets of "Mercia Asset Management PLC" in the fiscal year 2022?',
    'What was the total assets of "Mercia Asset Management PLC" as of 31 March 2022?',
])
def test_a_question_that_names_its_period_gets_no_note(mercia, question):
    assert with_latest_year_note(_answer(mercia.doc), question, [mercia]).answer == _answer(mercia.doc).answer
