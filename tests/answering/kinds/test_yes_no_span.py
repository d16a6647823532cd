"""A yes/no on a span of months ("a net loss for the first six months of fiscal 2015") is read from the statement's
year-to-date column (answering.kinds.yes_no over the metric machinery), never from a sentence about one quarter."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

_RELEASE = "filings-wild/pdfs/PatriotTransportation_2015_EarningsRelease_Q2.pdf"


@pytest.fixture()
def patriot(services, tmp_path):
    """Patriot Transportation's Q2 FY2015 release (fiscal year ending in September): a net loss of $351,000 in the
    quarter, after a $2,074,000 impairment, and net income of $751,000 for the first six months; with the statement
    facts read at ingest, as a store's graph holds them."""
    from finrag.knowledge_graph import GraphStore
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge
    from tests.conftest import SHARED

    chunks = filing(_RELEASE)
    graph = GraphStore(tmp_path / "graph.sqlite")
    graph.replace_document(extract_knowledge(load_document(str(SHARED / _RELEASE))))
    yield chunks, services.__class__(**{**services.__dict__, "graph": graph})
    graph.close()


@pytest.mark.parametrize("span", ["the first six months of fiscal 2015",
                                  "the first six months of fiscal 2015 (six months ended March 31, 2015)"])
def test_a_net_loss_asked_of_six_months_reads_the_year_to_date_column(patriot, span):
    chunks, services = patriot
    written = ask(f"Did Patriot Transportation report a net loss for {span}?", chunks, [0, 4], services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "0.75 million" in written.text, written.text


def test_a_net_loss_asked_of_the_quarter_reads_the_quarter_column(patriot):
    chunks, services = patriot
    written = ask("Did Patriot Transportation report a net loss for the second quarter of fiscal 2015?", chunks,
                  [0, 4], services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert "-$0.35 million" in written.text, written.text


def test_a_sentence_about_one_quarter_does_not_decide_a_span_of_months(services):
    """"Did it issue shares in the first six months?": a quarter's sentence ("in the second quarter ... did not issue")
    tells of the quarter; the sentence on the six months decides."""
    from tests.answering.kinds.conftest import one_page

    chunks = one_page("Acme Corp did not issue any shares of common stock in the second quarter of 2024.",
                      "During the first six months of 2024, Acme Corp issued 1.2 million shares of common stock "
                      "in a registered offering.")
    written = ask("Did Acme Corp issue common stock during the first six months of 2024?", chunks, [0],
                  services)
    assert written.text.startswith("Yes."), written.text
    assert "second quarter" not in written.text, written.text
