""""Which of the companies had the lowest number of employees at the end of fiscal 2022: A, B, C?" is
each company's own count of its people, read from its own filing of that fiscal year (Microsoft's ends in
June, Nike's in May, Netflix's in December), the pick named as the question spells it."""

from __future__ import annotations

import pytest

from answering.kinds import headcount_comparison
from eval.erc import typed_name
from finrag.config import load_settings
from finrag.llm import Usage
from finrag.vocabulary import load_vocabulary
from loaders.document import load_document
from retrieval.query_understanding import understand
from strategies.services import Services
from tests.answering.test_company_comparison import FilteredChunks
from tests.conftest import SHARED

PDFS = SHARED / "financebench" / "pdfs"
QUESTION = ('Which of the companies had the lowest number of employees at the end of fiscal 2022: "Microsoft '
            'Corporation", "Netflix, Inc.", "NIKE, Inc."? If data is not available, return \'N/A\'.')


@pytest.fixture(scope="module")
def docs():
    paths = [PDFS / f"{name}_2022_10K.pdf" for name in ("MICROSOFT", "NETFLIX", "NIKE")]
    if not all(p.exists() for p in paths):
        pytest.skip("../shared/financebench not present")
    return [load_document(p) for p in paths]


def compare(question, docs):
    retriever = FilteredChunks(docs)
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=retriever,  # type: ignore[arg-type]
                        llm=None, graph=None, vocabulary=load_vocabulary())
    return headcount_comparison.write(question, [], understand(question, retriever.catalog, services.vocabulary),
                                      services)


def test_the_company_with_the_fewest_people_is_picked_from_each_ones_own_count(docs):
    written = compare(QUESTION, docs)
    assert written is not None and written.status == "answered", written
    assert written.text.startswith("Netflix, Inc.: the lowest number of employees of the 3 companies"), written.text
    # Microsoft's "27,000 people managers" are some of its 221,000 people, not another count of them
    assert [(r.company, r.value) for r in written.rows] == [("Netflix, Inc.", 12_800), ("NIKE, Inc.", 79_100),
                                                           ("Microsoft Corporation", 221_000)]
    assert typed_name(written.to_answer("single", Usage(), 1, []), QUESTION) == "Netflix, Inc."


def test_a_company_whose_count_was_not_read_refuses_the_comparison(docs):
    nike_without_people = docs[2].model_copy(update={"chunks": [c for c in docs[2].chunks if "employees" not in c.text]})
    written = compare(QUESTION, [docs[0], docs[1], nike_without_people])
    assert written is not None and written.status == "not_found"
    assert "NIKE, Inc." in written.text
