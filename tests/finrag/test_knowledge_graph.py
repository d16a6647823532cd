"""The SQLite knowledge graph: per-document replace, filters across companies, entity resolution."""

from __future__ import annotations

import networkx as nx

from finrag.knowledge_graph import GraphStore, name_key
from finrag.models import DocumentKnowledge, Fact, Relation


def _fact(company: str, doc: str, metric: str, year: int, value: float) -> Fact:
    return Fact(company=company, metric=metric, fiscal_year=year, value=value, doc=doc, page=5,
                source_text=f"{metric} {value}")


def _rel(company: str, doc: str, predicate: str, obj: str) -> Relation:
    return Relation(subject=company, predicate=predicate, object=obj, doc=doc, page=4, source_text=f"/s/ {obj}")


def _knowledge(company: str, doc: str, revenue: float, auditor: str, aliases=()) -> DocumentKnowledge:
    return DocumentKnowledge(
        doc=doc, company=company, aliases=list(aliases),
        facts=[_fact(company, doc, "revenue", 2023, revenue), _fact(company, doc, "revenue", 2022, revenue * 0.9)],
        relations=[_rel(company, doc, "auditor", auditor)],
    )


def test_names_normalise_legal_suffixes_case_and_ampersands():
    assert name_key("PepsiCo, Inc.") == name_key("PEPSICO") == "pepsico"
    assert name_key("Whitfield & Crane LLP") == name_key("Whitfield and Crane LLP")


def test_replace_document_replaces_only_that_documents_facts_and_edges(tmp_path):
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(_knowledge("Acme", "acme_2023", 100.0, "Ashby Marlow LLP"))
        graph.replace_document(_knowledge("Bolt", "bolt_2023", 200.0, "Ashby Marlow LLP"))
        graph.replace_document(_knowledge("Acme", "acme_2023", 150.0, "Pembroke Hale LLP"))  # re-ingest
        assert graph.facts(["Acme"], ["revenue"], [2023])[0].value == 150.0
        assert graph.facts(["Bolt"], ["revenue"], [2023])[0].value == 200.0
        assert [r.object for r in graph.relations(subject="Acme", predicate="auditor")] == ["Pembroke Hale LLP"]
        assert graph.stats().facts == 4
        assert graph.companies() == ["Acme", "Bolt"]


def test_filters_across_companies_and_two_hop_relations(tmp_path):
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(_knowledge("Acme", "acme", 100.0, "Ashby Marlow LLP"))
        graph.replace_document(_knowledge("Bolt", "bolt", 300.0, "Ashby Marlow LLP"))
        graph.replace_document(_knowledge("Core", "core", 200.0, "Pembroke Hale LLP"))
        top = max(graph.facts(metrics=["revenue"], years=[2023]), key=lambda f: f.value)
        assert top.company == "Bolt"
        acme_auditor = graph.relations(subject="Acme", predicate="auditor")[0].object
        sharing = {r.subject for r in graph.relations(predicate="auditor", obj=acme_auditor)} - {"Acme"}
        assert sharing == {"Bolt"}


def test_newest_filing_wins_for_a_restated_year(tmp_path):
    with GraphStore(tmp_path / "g.sqlite") as graph:
        old = DocumentKnowledge(doc="acme_2022", company="Acme", facts=[_fact("Acme", "acme_2022", "revenue", 2022, 90.0)])
        new = DocumentKnowledge(doc="acme_2023", company="Acme", facts=[
            _fact("Acme", "acme_2023", "revenue", 2022, 91.0), _fact("Acme", "acme_2023", "revenue", 2023, 99.0)])
        graph.replace_document(new)
        graph.replace_document(old)
        assert graph.facts(["Acme"], ["revenue"], [2022])[0].value == 91.0
        assert len(graph.facts(["Acme"], ["revenue"], [2022], latest_only=False)) == 2


def test_relation_objects_resolve_to_canonical_company_names(tmp_path):
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(_knowledge("PepsiCo", "pep", 1.0, "KPMG LLP", aliases=["PepsiCo, Inc.", "PEP"]))
        coke = _knowledge("Coca-Cola", "ko", 1.0, "EY LLP")
        coke.relations.append(_rel("Coca-Cola", "ko", "competitor", "PepsiCo, Inc."))
        graph.replace_document(coke)
        assert graph.resolve("PEP") == graph.resolve("pepsico inc") == "PepsiCo"
        assert [r.object for r in graph.relations(subject="Coca-Cola", predicate="competitor")] == ["PepsiCo"]
        assert [r.subject for r in graph.relations(predicate="competitor", obj="PEPSICO")] == ["Coca-Cola"]


def test_export_to_networkx_and_graphml(tmp_path):
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(_knowledge("Acme", "acme", 100.0, "Ashby Marlow LLP"))
        g = graph.to_networkx()
    assert g.has_edge("Acme", "Ashby Marlow LLP")
    nx.write_graphml(g, tmp_path / "g.graphml")
    assert nx.read_graphml(tmp_path / "g.graphml").number_of_nodes() == g.number_of_nodes()


def test_a_damaged_graph_file_is_one_error_naming_it(tmp_path):
    import pytest

    from finrag.errors import UserError
    from finrag.knowledge_graph import GraphStore

    damaged = tmp_path / "graph.sqlite"
    damaged.write_bytes(b"not a database at all, just text that is long enough" * 20)
    with pytest.raises(UserError, match=f"^{damaged}: the knowledge graph is damaged"):
        GraphStore(damaged)


def test_a_facts_currency_and_printed_scale_survive_the_graph_and_an_older_graph_opens(tmp_path):
    import sqlite3

    path = tmp_path / "g.sqlite"
    with sqlite3.connect(path) as db:  # a graph written before facts had a currency
        db.execute("CREATE TABLE facts (doc TEXT NOT NULL, company TEXT NOT NULL, metric TEXT NOT NULL, "
                   "fiscal_year INTEGER NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL, scale TEXT NOT NULL, "
                   "page INTEGER NOT NULL, source_text TEXT NOT NULL, derived_from TEXT NOT NULL, formula TEXT, "
                   "period TEXT NOT NULL DEFAULT 'FY')")
    pounds = _fact("Mercia", "mercia_2022", "revenue", 2021, 23.41).model_copy(
        update={"currency": "GBP", "table_scale": "thousands"})
    with GraphStore(path) as graph:
        graph.replace_document(DocumentKnowledge(doc="mercia_2022", company="Mercia", facts=[pounds]))
        fact = graph.facts(["Mercia"], ["revenue"], [2021])[0]
    assert (fact.value, fact.currency, fact.table_scale) == (23.41, "GBP", "thousands")


def test_a_company_spelled_in_another_case_by_one_filing_is_the_same_company(tmp_path, financebench_dir):
    # The FinanceBench store names NIKE_2021_10K's company "NIKE" and its later 10-Ks' "Nike":
    # asked for Nike's FY2020 inventories (a column of the FY2021 10-K only), the graph answers.
    from loaders.document import load_document
    from loaders.facts import extract_facts

    doc = load_document(financebench_dir / "pdfs" / "NIKE_2021_10K.pdf")
    meta = doc.meta.model_copy(update={"company": "NIKE"})
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(DocumentKnowledge(doc=meta.doc, company="NIKE", facts=extract_facts(meta, doc.pages)))
        graph.replace_document(DocumentKnowledge(doc="nike_2022", company="Nike", facts=[
            _fact("Nike", "nike_2022", "inventories", 2021, 6854.0), _fact("Nike", "nike_2022", "inventories", 2022, 8420.0)]))
        assert [f.value for f in graph.facts(["Nike"], ["inventories"], [2020])] == [7367.0]
        assert len(graph.facts(["Nike"], ["inventories"], [2021])) == 1  # one company: the newest filing's
        assert len(graph.facts(["Nike"], ["inventories"], [2021], latest_only=False)) == 2
