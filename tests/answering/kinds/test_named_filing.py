"""named_filing: a question that names the filing it asks about ("In PG&E's 10-Q for the
quarter ended September 30, 2022, ...") is not answered with another filing's sentence
(the FY2022 10-K's "As of December 31, 2022, ... had recorded ... $100 million"), even when
the amount is the same; without the named filing, the same evidence answers."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import catalog, filing, hits, write_answer_over

NAMED = ("In PG&E's 10-Q for the quarter ended September 30, 2022, what liability had PG&E recorded for claims "
         "from the 2022 Mosquito fire, and where did that fire start?")
UNNAMED = ("What liability had PG&E recorded for claims from the 2022 Mosquito fire in 2022, and where did that "
           "fire start?")


@pytest.fixture(scope="module")
def pge() -> tuple[list, list]:
    return filing("financebench-extra/pdfs/PG_E_2022_10K.pdf"), filing("financebench-extra/pdfs/PG_E_2023Q3_10Q.pdf")


def test_an_answer_citing_another_kind_of_filing_than_the_named_one_is_refused(pge, services):
    annual, quarterly = pge
    found = hits(annual, [60]) + hits(quarterly, [89])
    unnamed = write_answer_over(UNNAMED, found, annual + quarterly, services)
    assert unnamed.status == "answered" and "$100 million" in unnamed.text, unnamed.text
    # only the 10-K's page found: another kind of filing than the one named, so refused
    named = write_answer_over(NAMED, hits(annual, [60]), annual + quarterly, services)
    assert named.status == "not_found", named.text
    # (a refusal may show what it found: only as found, from the filing it names as another kind)
    assert not named.citations or "PG_E_2022_10K (10-K)" in named.text, named.text
    # with the 10-Q's own page among the hits, its sentence answers, cited from the 10-Q
    from_10q = write_answer_over(NAMED, found, annual + quarterly, services)
    assert from_10q.status == "answered", from_10q.text
    assert {c.doc for c in from_10q.citations} == {"PG_E_2023Q3_10Q"}


def test_the_check_refuses_an_answer_whose_citations_are_all_of_another_kind(pge, services):
    # the check itself, on an answer cited from the 10-K's page for a question naming its 10-Q
    from answering.kinds.named_filing import answered_from_the_named_filing
    from answering.written_answer import WrittenAnswer
    from finrag.models import Citation
    from retrieval.query_understanding import understand

    annual, quarterly = pge
    found = hits(annual, [60])
    page = found[0].chunk
    written = WrittenAnswer(status="answered", text="“$100 million”", citations=[
        Citation(doc=page.doc, page=page.page, quote=page.text[:80], chunk_id=page.chunk_id)])
    checked = answered_from_the_named_filing(written, understand(NAMED, catalog(annual + quarterly), services.vocabulary),
                                             found)
    assert checked.status == "not_found"
    assert checked.reason.startswith("the question asks what its 10-Q says, and what was found is from PG_E_2022_10K")
