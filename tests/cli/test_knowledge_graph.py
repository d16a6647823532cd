"""`finrag graph stats | show | export`: what the commands print and write for an ingested corpus.

Expected values come from the sample corpus's truth.json (what the generator printed in
the PDFs), never from the graph under test: the commands run through the real CLI on
the session's ingested sample store.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from answering.numbers import format_money
from cli.main import main
from finrag.config import load_settings
from samples import SampleTruth, load_truth
from tests.support.tables import read_table

pytestmark = pytest.mark.slow

GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"


@pytest.fixture(scope="module")
def truth(sample_dir) -> SampleTruth:
    return load_truth(sample_dir)


@pytest.fixture
def store(sample_settings) -> str:
    return str(sample_settings.store_dir)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["graph", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _section(out: str, title: str) -> dict[str, int]:
    """The "name | count" table under a stats heading."""
    return {name: int(n) for name, n in (tuple(row.values()) for row in read_table(out, title))}


def test_stats_counts_the_documents_companies_and_relations_the_corpus_printed(capsys, store, truth):
    code, out, _ = _run(capsys, "stats", "--store", store)
    assert code == 0
    counts = dict(re.findall(r"(documents|companies|relations) (\d+)", out))
    assert int(counts["documents"]) == len(truth.documents)
    assert int(counts["companies"]) == len({d.company for d in truth.documents})
    assert int(counts["relations"]) == len(truth.relations)
    assert _section(out, "relations by predicate") == Counter(r.predicate for r in truth.relations)
    # Every metric printed in a statement is a fact; derived metrics come on top of those.
    assert {f.metric for f in truth.facts} <= set(_section(out, "facts by metric"))


def _show_table(out: str) -> dict[str, dict[str, str]]:
    """The fact table of `graph show`: metric -> {"FY2023": cell}."""
    title = next(line for line in out.splitlines() if line.endswith("amounts in USD millions"))
    return {row.pop("metric"): row for row in read_table(out, title)}


def test_show_lists_a_companys_relations_with_one_based_pages_and_its_reported_figures(capsys, store, truth):
    company = truth.documents[0].company
    code, out, _ = _run(capsys, "show", company, "--store", store)
    assert code == 0
    assert out.splitlines()[0] == company

    own = [r for r in truth.relations if r.subject == company]
    relations = read_table(out, "relations (p. = one-based page)")
    listed = [(r["relation"], r["object"], *r["source"].split(" p.")) for r in relations]
    assert {(p, o) for p, o, _, _ in listed} == {(r.predicate, r.object) for r in own}
    printed_at = {(r.predicate, r.object, r.doc, r.page + 1) for r in own}
    assert [line for line in listed if (line[0], line[1], line[2], int(line[3])) not in printed_at] == []

    naming_it = {(r.subject, r.predicate) for r in truth.relations if r.object == company and r.subject != company}
    assert naming_it, "the sample corpus has companies naming each other"
    incoming = set(re.findall(rf"^  <- (.+) names {re.escape(company)} as (\w+) \(", out, re.M))
    assert incoming == naming_it

    table = _show_table(out)
    money = [f for f in truth.facts if f.company == company and f.unit == "USD"]
    assert money
    for fact in money:
        assert table[fact.metric][f"FY{fact.fiscal_year}"] == format_money(fact.value), fact


def test_show_resolves_a_ticker_to_the_company(capsys, store, truth):
    document = next(d for d in truth.documents if d.ticker)
    code, out, _ = _run(capsys, "show", document.ticker, "--store", store)
    assert code == 0
    assert out.splitlines()[0] == document.company


def test_show_of_an_unknown_company_fails_and_names_the_known_ones(capsys, store, truth):
    code, out, err = _run(capsys, "show", "Nonexistent Widgets Corp", "--store", store)
    assert code == 1 and out == ""
    assert "unknown company 'Nonexistent Widgets Corp'" in err
    assert all(d.company in err for d in truth.documents)


def _graphml(path) -> tuple[dict[str, dict[str, str]], list[tuple[str, str, dict[str, str]]]]:
    """(nodes id -> data, edges (source, target, data)) with data keyed by attribute name."""
    root = ET.parse(path).getroot()
    names = {k.get("id"): k.get("attr.name") for k in root.iter(f"{GRAPHML}key")}

    def data(element) -> dict[str, str]:
        return {names[d.get("key")]: d.text or "" for d in element.findall(f"{GRAPHML}data")}

    nodes = {n.get("id"): data(n) for n in root.iter(f"{GRAPHML}node")}
    edges = [(e.get("source"), e.get("target"), data(e)) for e in root.iter(f"{GRAPHML}edge")]
    return nodes, edges


def test_export_writes_graphml_with_the_companies_relations_and_facts(capsys, store, truth, tmp_path):
    out_file = tmp_path / "nested" / "graph.graphml"
    code, out, _ = _run(capsys, "export", str(out_file), "--store", store)
    assert code == 0
    nodes, edges = _graphml(out_file)
    assert f"{len(nodes)} nodes, {len(edges)} edges" in out

    assert {n for n, d in nodes.items() if d["kind"] == "company"} == {d.company for d in truth.documents}
    relations = {(s, d["predicate"], t) for s, t, d in edges if d["predicate"] != "fact"}
    assert relations == {(r.subject, r.predicate, r.object) for r in truth.relations}
    for r in truth.relations:  # a related entity is a node of its relation's kind, or a company
        assert nodes[r.object]["kind"] in (r.predicate, "company")

    reported = {f"{f.company}|{f.metric}|FY{f.fiscal_year}": f for f in truth.facts}
    for node_id, fact in reported.items():
        node = nodes[node_id]
        assert (node["kind"], node["metric"], int(node["fiscal_year"])) == ("fact", fact.metric, fact.fiscal_year)
        assert float(node["value"]) == pytest.approx(fact.value)
    assert {(s, t) for s, t, d in edges if d["predicate"] == "fact"} >= {(f.company, n) for n, f in reported.items()}


@pytest.mark.parametrize("argv", [["stats"], ["show", "Anyone"], ["export", "{tmp}/out.graphml"]])
def test_without_an_ingested_graph_each_command_says_to_ingest_first(capsys, tmp_path, argv):
    argv = [a.format(tmp=tmp_path) for a in argv]
    code, out, err = _run(capsys, *argv, "--store", str(tmp_path / "store"))
    assert code == 2 and out == ""  # a store's graph that is not there is refused like a store
    assert "no knowledge graph" in err and "finrag ingest" in err
    assert not (tmp_path / "store" / "graph.sqlite").exists()  # looking must not create an empty graph
    assert not (tmp_path / "out.graphml").exists()


def test_rebuild_rereads_facts_into_an_existing_graph_without_reingesting(tmp_path, make_pdf, capsys):
    """A graph built before the vocabulary learned a wording picks the row up on rebuild."""
    from finrag.knowledge_graph import GraphStore
    from finrag.models import DocumentKnowledge

    cash_flow = "\n".join([
        "ACME WIDGETS, INC.", "Consolidated Statements of Cash Flows", "(in millions)", "2023 2022",
        "Net cash provided by operating activities 600.0 550.0",
        "Payments to acquire property, plant and equipment (1,577.0) (1,373.0)",
    ])
    pdf = make_pdf("ACME_2023_10K.pdf", ["ACME WIDGETS, INC.\nAnnual Report on Form 10-K\nfiscal year ended "
                                         "December 31, 2023", cash_flow])
    store = tmp_path / "store"
    graph_path = load_settings(store_dir=store).graph_path
    with GraphStore(graph_path) as graph:  # as an older ingest left it: no facts
        graph.replace_document(DocumentKnowledge(doc="ACME_2023_10K", company="Acme Widgets"))
    code, out, err = _run(capsys, "rebuild", str(pdf), "--store", str(store))
    assert code == 0, err
    assert "ACME_2023_10K:" in out
    with GraphStore(graph_path) as graph:
        capex = [f for f in graph.facts(metrics=["capex"]) if f.doc == "ACME_2023_10K"]
    assert {(f.fiscal_year, f.value) for f in capex} == {(2023, 1577.0), (2022, 1373.0)}
    assert _run(capsys, "rebuild", str(tmp_path / "nothing-here"), "--store", str(store))[0] == 2
