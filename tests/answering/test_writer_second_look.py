"""write_answer's second look: when no sentence or table of the hits states what is asked, the asked
company's filing is searched once more by the question's words alone (BM25), and what that search brings
back is read through the same readers and gates. Yellow Pages' FY2022 report (../shared/erc-round1) states
its headcount once, in the MD&A's highlights ("Headcount decreased to 629 employees as at December 31,
2022"), a page the fused first search ranked 20th."""

from __future__ import annotations

import dataclasses
import math

import pytest

from answering.writer import write_answer
from finrag.llm import Usage
from finrag.models import SearchHit
from finrag.vocabulary import tokenize
from retrieval.page_rerank import FilingPages
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import catalog, filing

QUESTION = 'What was the headcount of "Yellow Pages Limited" as at December 31, 2022?'
FIRST_SEARCH = (39, 53, 10, 3, 73, 13, 66, 67)  # the pages the fused first search brought back


@pytest.fixture(scope="module")
def yellow_pages() -> list:
    return filing("erc-round1/pdfs/9d7a72445aba6860402c3acce75af02dc045f74d.pdf")


class _Words:
    """A retriever over the loaded chunks by the query's words, a rare word weighing more (BM25's idea)."""

    def __init__(self, chunks: list) -> None:
        self.chunks = chunks
        self.terms = [set(tokenize(c.text)) for c in chunks]
        self.modes: list[str | None] = []
        self.queries: list[str] = []

    def search(self, query, filters=None, k=8, mode=None):
        self.modes.append(mode)
        self.queries.append(query)
        asked = set(tokenize(query))
        weight = {t: math.log(len(self.chunks) / (1 + sum(t in terms for terms in self.terms))) for t in asked}
        scored = sorted(range(len(self.chunks)), key=lambda i: -sum(weight[t] for t in asked & self.terms[i]))
        return [SearchHit(chunk=self.chunks[i], score=1.0) for i in scored[:k]]

    def filing(self, doc: str) -> FilingPages:
        return FilingPages([c for c in self.chunks if c.doc == doc])


def _answer(chunks, services, retriever):
    found = [SearchHit(chunk=c, score=1.0) for c in chunks if c.page in FIRST_SEARCH]
    searching = dataclasses.replace(services, retriever=retriever)
    return write_answer(QUESTION, found, understand(QUESTION, catalog(chunks), services.vocabulary), searching, Usage())


def test_a_fact_on_a_page_the_first_search_missed_is_found_by_the_questions_words(yellow_pages, services):
    words = _Words(yellow_pages)
    written = _answer(yellow_pages, services, words)
    assert written.status == "answered", written.text
    assert "629 employees" in written.text and all(c.page == 7 for c in written.citations), written.text
    assert words.modes == ["sparse"]  # one more search, by the words alone (answered: no second)


def test_without_a_retriever_the_refusal_stands(yellow_pages, services):
    written = _answer(yellow_pages, services, None)
    assert written.status == "not_found" and "no sentence or table in the retrieved pages states" in written.text


def test_the_second_look_searches_the_words_a_filing_uses(services):
    """CrossFirst's FY2022 10-K states its deal as "completed its acquisition of Central" and "the Company paid
    $66.2 million": the question's "acquire" and "pay" are searched in those forms too (the topic's wordings, the
    verbs' irregular past forms)."""
    crossfirst = filing("erc-round1/pdfs/e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf")
    question = "What bank did CrossFirst Bankshares acquire in FY2022, what did it pay, and how much goodwill did the deal create?"
    words = _Words(crossfirst)
    found = [SearchHit(chunk=c, score=1.0) for c in crossfirst if c.page in (91, 95)]
    searching = dataclasses.replace(services, retriever=words)
    write_answer(question, found, understand(question, catalog(crossfirst), services.vocabulary), searching, Usage())
    assert len(words.queries) == 2 and {"acquisition", "acquired", "paid"} <= set(words.queries[1].split()), words.queries


def test_a_no_given_by_the_questions_rule_for_no_mention_waits_for_the_second_look(services):
    """Verizon's FY2022 10-K: "In January 2022, we began deploying C-Band spectrum" (p.7, p.23). Hits without
    those pages would give the question's own default (No); the second look finds the mention, a Yes."""
    verizon = filing("financebench/pdfs/VERIZON_2022_10K.pdf")
    question = 'Did "Verizon Communications Inc." begin deploying C-Band spectrum in 2022? If there is no mention, return False.'
    found = [SearchHit(chunk=c, score=1.0) for c in verizon if c.page in (40, 41, 57)]
    understanding = understand(question, catalog(verizon), services.vocabulary)
    alone = write_answer(question, found, understanding, services, Usage())
    assert alone.text.startswith("No.") and "question_default" in alone.flags, alone.text
    searching = dataclasses.replace(services, retriever=_Words(verizon))
    written = write_answer(question, found, understanding, searching, Usage())
    assert written.text.startswith("Yes.") and "began deploying C-Band spectrum" in written.text, written.text
