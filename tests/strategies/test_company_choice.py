""""Which company had a higher X: "A", "B" or "C", in the fiscal year 2022?" names the pick
as the question spells it, only when every named company is held and its X was read, in one
currency; otherwise not_found names what is missing.

The catalog is read from two real filings of ../shared/erc-round1 (Holley's and CrossFirst
Bankshares' FY2022 10-Ks, without embedding). The per-company metric answers come from `ask`,
which the dispatcher wires to the ordinary metric path: here it returns those answers as
`finrag ask` gives them on the ERC store (Holley total assets $1,249.6M, CrossFirst $6,601.1M).
"""

from __future__ import annotations

import pytest

from eval.erc import typed_name
from finrag.catalog import catalog_from_documents
from finrag.models import Answer, Question
from finrag.vocabulary import load_vocabulary
from loaders.document import read_document
from strategies.company_choice import answer_choice, read_choice
from tests.conftest import SHARED

PDFS = SHARED / "erc-round1" / "pdfs"
HOLLEY = PDFS / "194000c9109c6fa628f1fed33b44ae4c2b8365f4.pdf"
CROSSFIRST = PDFS / "e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf"
QUESTION = 'Which company had a higher total assets: "Holley Inc." or "CrossFirst Bank", in the fiscal year 2022?'


@pytest.fixture(scope="module")
def catalog():
    if not HOLLEY.exists():
        pytest.skip("../shared/erc-round1 not present")
    return catalog_from_documents([read_document(HOLLEY)[0], read_document(CROSSFIRST)[0]])


def _read(values: dict[str, tuple[float, str] | None]):
    asked: list[str] = []

    def ask(question: Question) -> Answer:
        asked.append(question.question)
        name = next(n for n in values if f'"{n}"' in question.question)
        if values[name] is None:
            return Answer(status="not_found", answer="Not found.", strategy="single", kind="metric")
        value, unit = values[name]
        return Answer(status="answered", answer=f"{name} total assets FY2022: {value}", strategy="single",
                      kind="metric", value=value, unit=unit)

    return ask, asked


def test_the_pick_is_named_as_the_question_spells_it(catalog):
    choice = read_choice(QUESTION, catalog, load_vocabulary())
    ask, asked = _read({"Holley Inc.": (1249.642, "USD millions"), "CrossFirst Bank": (6601.086, "USD millions")})
    answer = answer_choice(choice, ask)
    assert answer.status == "answered" and answer.kind == "choice"
    assert answer.answer.startswith("CrossFirst Bank: the highest total assets")
    assert typed_name(answer, QUESTION) == "CrossFirst Bank"
    assert asked == ['What was the Total assets of "Holley Inc." in the fiscal year 2022?',
                     'What was the Total assets of "CrossFirst Bank" in the fiscal year 2022?']


def test_a_named_company_the_store_does_not_hold_is_named_and_nothing_is_picked(catalog):
    question = 'Which company had a higher total assets: "TSX_Y", "Holley Inc." or "CrossFirst Bank", in 2022?'
    answer = answer_choice(read_choice(question, catalog, load_vocabulary()), _read({})[0])
    assert answer.status == "not_found"
    assert '"TSX_Y"' in answer.answer and "Holley" not in answer.answer


def test_a_company_whose_figure_was_not_read_is_named_and_nothing_is_picked(catalog):
    ask, _ = _read({"Holley Inc.": (1249.642, "USD millions"), "CrossFirst Bank": None})
    answer = answer_choice(read_choice(QUESTION, catalog, load_vocabulary()), ask)
    assert answer.status == "not_found"
    assert 'not found for "CrossFirst Bank"' in answer.answer


def test_figures_in_different_currencies_are_not_compared(catalog):
    ask, _ = _read({"Holley Inc.": (1249.642, "USD millions"), "CrossFirst Bank": (214.8, "GBP millions")})
    answer = answer_choice(read_choice(QUESTION, catalog, load_vocabulary()), ask)
    assert answer.status == "not_found" and "GBP" in answer.answer


def test_a_question_about_one_company_is_no_choice(catalog):
    assert read_choice('What was the total assets of "Holley Inc." in 2022?', catalog, load_vocabulary()) is None
