"""A line the question words as the statement labels it is read from the row labelled so, where the vocabulary
names two rows of the page as one metric (answering.metric_answer.Evidence: MetricTarget.wordings)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing


def test_a_line_the_question_words_as_the_statement_labels_it_is_read_from_that_row(services, tmp_path):
    """Compagnie Financière Tradition's FY2022 report (IFRS): "Operating income 964,990" is its operating revenues'
    total and "Operating profit 94,228" the profit; a margin defined on "operating profit" reads the row labelled so
    (the vocabulary names both lines one metric)."""
    from finrag.knowledge_graph import GraphStore
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge
    from tests.conftest import SHARED

    relative = "erc-round1/pdfs/2779336b845a41544348abb7b3e6e5bd2ff893a2.pdf"
    tradition = filing(relative)
    # the statement facts read at ingest, as a store's graph holds them
    graph = GraphStore(tmp_path / "graph.sqlite")
    graph.replace_document(extract_knowledge(load_document(str(SHARED / relative))))
    services = services.__class__(**{**services.__dict__, "graph": graph})
    written = ask("What is Compagnie Financière Tradition's FY2022 unadjusted operating profit margin? Define it as "
                  "operating profit divided by revenue, both taken from the IFRS consolidated income statement (not the "
                  "adjusted figures). Answer in units of percents and round to one decimal place.", tradition, [56],
                  services)
    assert written.status == "answered" and "9.9%" in written.text, written.text
    assert any(c.quote.startswith("Operating profit") for c in written.citations), written.citations
    graph.close()
