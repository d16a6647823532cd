"""A question asking whether a program was announced ("a share buyback plan") is answered by the
sentence in which the board authorizes a program for it, in the filing's own words ("authorized an
additional program to repurchase up to $250 million of our ... ordinary shares"), dated in the asked
year; and its "no mention" default is given only after the filing was searched for the topic in the
filing's words ("share repurchases"), not only the question's ("buyback"). NICE's 2022 annual report
(20-F), whose text layer also runs that sentence on after the one before it ("in 2017.On November 9")."""

from __future__ import annotations

import dataclasses

import pytest

from answering.aspects import split_sentences
from answering.writer import write_answer
from finrag.llm import Usage
from finrag.models import SearchHit
from finrag.vocabulary import tokenize
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import ask, catalog, filing

QUESTION = 'Did "NICE Ltd." announce a share buyback plan in the fiscal year 2022? If there is no mention, return False.'


@pytest.fixture(scope="module")
def nice() -> list:
    return filing("filings-wild/pdfs/NICE_2022_AnnualReport.pdf")


class _Words:
    """A retriever over the loaded chunks: the chunks holding most of the query's words, best first."""

    def __init__(self, chunks: list) -> None:
        self.chunks = chunks
        self.queries: list[str] = []

    def search(self, query, filters=None, k=8, mode=None):
        self.queries.append(query)
        asked = set(tokenize(query))
        scored = sorted(self.chunks, key=lambda c: (-len(asked & set(tokenize(c.text))), c.index))
        return [SearchHit(chunk=c, score=1.0) for c in scored[:k]]


def _program_pages(nice: list) -> list[int]:
    return list(dict.fromkeys(c.page for c in nice if "authorized an additional program" in c.text))


def test_a_board_authorized_program_to_repurchase_shares_is_a_buyback_plan(nice, services):
    written = ask(QUESTION, nice, _program_pages(nice), services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert all("November 9, 2022" in c.quote for c in written.citations), written.text


def test_no_mention_is_ruled_out_in_the_filings_words(nice, services):
    # the first search brought back the statements and the notes, none of them the program's page
    words = _Words(nice)
    found = [SearchHit(chunk=c, score=1.0) for c in nice if c.page in (116, 117, 118, 119, 150, 162)]
    searching = dataclasses.replace(services, retriever=words)
    written = write_answer(QUESTION, found, understand(QUESTION, catalog(nice), services.vocabulary), searching, Usage())
    assert written.status == "answered" and written.text.startswith("Yes."), (written.text, words.queries)
    assert any("authorized an additional program" in c.quote for c in written.citations), written.text


def test_a_period_without_its_space_still_ends_a_sentence():
    assert split_sentences("authorized by our Board of Directors in 2017.On November 9, 2022, our Board authorized "
                           "an additional program.") == ["authorized by our Board of Directors in 2017.",
                                                         "On November 9, 2022, our Board authorized an additional program."]
    # a decimal, an initial: no sentence ends there
    assert len(split_sentences("Revenue grew 2.5 percent in the U.S.The rest was flat.")) == 1
