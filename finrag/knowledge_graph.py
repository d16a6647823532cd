"""The knowledge graph of the reports: facts and edges in SQLite beside the vector store.

Why SQLite (and not a graph database or networkx pickles):
- the graph strategy's questions are exact filters and aggregations across companies and
  years ("operating margin above 20% in FY2023", "highest revenue in FY2022", "companies
  audited by X") - plain SQL over a facts table, with no approximate matching;
- re-ingesting a document must replace its facts and edges and nothing else, atomically:
  one transaction (`DELETE ... WHERE doc = ?` then inserts) does that;
- it is in the standard library and a single file: no extra service to run.
networkx is used only to traverse and export (`to_networkx`, `finrag graph export`).

Entities: every company is stored with the names it goes by (canonical name, legal name,
ticker, aliases) under a normalised key ("PepsiCo, Inc." = "PepsiCo" = "PEP"), so relation
objects that name another company resolve to its canonical name.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from finrag.errors import DiskFull, UserError, is_disk_full
from finrag.models import DocumentKnowledge, Fact, Relation

if TYPE_CHECKING:
    import networkx as nx

    from finrag.config import Settings

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    doc TEXT PRIMARY KEY, company TEXT, latest_year INTEGER
);
CREATE TABLE IF NOT EXISTS entities (
    doc TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entities_key ON entities(key);
CREATE TABLE IF NOT EXISTS facts (
    doc TEXT NOT NULL, company TEXT NOT NULL, metric TEXT NOT NULL, fiscal_year INTEGER NOT NULL,
    value REAL NOT NULL, unit TEXT NOT NULL, scale TEXT NOT NULL, page INTEGER NOT NULL,
    source_text TEXT NOT NULL, derived_from TEXT NOT NULL, formula TEXT, period TEXT NOT NULL DEFAULT 'FY',
    currency TEXT, table_scale TEXT
);
CREATE INDEX IF NOT EXISTS facts_lookup ON facts(metric, fiscal_year, company);
CREATE INDEX IF NOT EXISTS facts_doc ON facts(doc);
CREATE TABLE IF NOT EXISTS edges (
    doc TEXT NOT NULL, subject TEXT NOT NULL, predicate TEXT NOT NULL, object TEXT NOT NULL,
    object_key TEXT NOT NULL, page INTEGER NOT NULL, source_text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS edges_subject ON edges(subject, predicate);
CREATE INDEX IF NOT EXISTS edges_object ON edges(predicate, object_key);
CREATE INDEX IF NOT EXISTS edges_doc ON edges(doc);
CREATE TABLE IF NOT EXISTS relations_pending (doc TEXT PRIMARY KEY, reason TEXT NOT NULL);
"""

_LEGAL_SUFFIXES = {
    "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "plc",
    "the", "sa", "ag", "nv", "holdings", "group",
}


def name_key(name: str) -> str:
    """Normalised entity name: case, punctuation, "&"/"and" and legal suffixes ignored."""
    words = re.findall(r"[a-z0-9]+", name.lower().replace("&", " and "))
    kept = [w for w in words if w not in _LEGAL_SUFFIXES]
    return " ".join(kept or words)


class GraphStats(BaseModel):
    documents: int
    companies: int
    facts: int
    derived_facts: int
    relations: int
    relations_by_predicate: dict[str, int] = Field(default_factory=dict)
    facts_by_metric: dict[str, int] = Field(default_factory=dict)


class GraphStore:
    """SQLite knowledge graph at `path` (created on first use)."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # One connection per store; the ingest flow may write from a worker thread.
        self._db = sqlite3.connect(self.path, check_same_thread=False)
        try:
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as err:  # e.g. "file is not a database": say which file
            self._db.close()
            if is_disk_full(err):
                raise DiskFull(f"{self.path}: no space left on device") from None
            raise UserError(f"{self.path}: the knowledge graph is damaged ({err}); move it away and rebuild it with "
                            "`finrag graph rebuild PDF_DIR` (the vector store is not affected)") from None
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(facts)")}
        if "period" not in columns:  # a graph written before 10-Q facts: all its facts are annual
            with self._db:
                self._db.execute("ALTER TABLE facts ADD COLUMN period TEXT NOT NULL DEFAULT 'FY'")
        for column in ("currency", "table_scale"):  # a graph written before non-US statements: unknown
            if column not in columns:
                with self._db:
                    self._db.execute(f"ALTER TABLE facts ADD COLUMN {column} TEXT")

    # ----------------------------------------------------------------- lifecycle

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> GraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- writing

    def replace_document(self, knowledge: DocumentKnowledge) -> None:
        """Replace everything one document contributed, in one transaction."""
        doc = knowledge.doc
        names = [n for n in [knowledge.company, *knowledge.aliases] if n]
        latest = max((f.fiscal_year for f in knowledge.facts if f.period == "FY"), default=None)
        latest = latest or max((f.fiscal_year for f in knowledge.facts), default=None)
        try:
            self._replace(doc, knowledge, names, latest)
        except sqlite3.Error as err:
            if is_disk_full(err):  # "database or disk is full": say which file
                raise DiskFull(f"{self.path}: no space left on device") from None
            raise

    def _replace(self, doc: str, knowledge: DocumentKnowledge, names: list[str], latest: int | None) -> None:
        with self._db:
            self._delete(doc)
            self._db.execute("INSERT INTO documents VALUES (?, ?, ?)", (doc, knowledge.company, latest))
            if knowledge.company:
                self._db.executemany(
                    "INSERT INTO entities VALUES (?, ?, ?)",
                    [(doc, key, knowledge.company) for key in dict.fromkeys(name_key(n) for n in names)],
                )
            self._db.executemany(
                "INSERT INTO facts (doc, company, metric, fiscal_year, value, unit, scale, page, source_text, "
                "derived_from, formula, period, currency, table_scale) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(doc, f.company, f.metric, f.fiscal_year, f.value, f.unit, f.scale, f.page, f.source_text,
                  json.dumps(f.derived_from), f.formula, f.period, f.currency, f.table_scale)
                 for f in knowledge.facts],
            )
            self._db.executemany(
                "INSERT INTO edges VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(doc, r.subject, r.predicate, r.object, name_key(r.object), r.page, r.source_text)
                 for r in knowledge.relations],
            )
            if knowledge.relations_pending:
                self._db.execute("INSERT INTO relations_pending VALUES (?, ?)", (doc, knowledge.relations_pending))

    def relations_pending(self) -> dict[str, str]:
        """Documents whose LLM relation extraction failed (doc -> reason): a later ingest retries them."""
        return dict(self._db.execute("SELECT doc, reason FROM relations_pending ORDER BY doc"))

    def _delete(self, doc: str) -> None:
        for table in ("documents", "entities", "facts", "edges", "relations_pending"):
            self._db.execute(f"DELETE FROM {table} WHERE doc = ?", (doc,))

    # ----------------------------------------------------------------- entities

    def companies(self) -> list[str]:
        rows = self._db.execute("SELECT DISTINCT company FROM documents WHERE company IS NOT NULL ORDER BY company")
        return [r[0] for r in rows]

    def entity_names(self) -> dict[str, str]:
        """Every known name key -> canonical company name."""
        return {k: n for k, n in self._db.execute("SELECT key, name FROM entities")}

    def resolve(self, name: str) -> str | None:
        """Canonical company name for any of its names ("PepsiCo, Inc.", "PEP"), else None."""
        row = self._db.execute("SELECT name FROM entities WHERE key = ? LIMIT 1", (name_key(name),)).fetchone()
        return row[0] if row else None

    # ----------------------------------------------------------------- facts

    def facts(
        self,
        companies: list[str] | None = None,
        metrics: list[str] | None = None,
        years: list[int] | None = None,
        latest_only: bool = True,
        periods: list[str] | None = None,
    ) -> list[Fact]:
        """Facts matching every given filter.

        With `latest_only`, a (company, metric, year) reported by several filings keeps the
        value from the newest filing (later reports restate earlier years). `periods`
        defaults to fiscal years only ("FY"); a 10-Q's facts are "Q2" / "Q2YTD".
        """
        sql = (
            "SELECT f.doc, f.company, f.metric, f.fiscal_year, f.value, f.unit, f.scale, f.page, f.source_text, "
            "f.derived_from, f.formula, COALESCE(d.latest_year, 0), f.period, f.currency, f.table_scale FROM facts f "
            "LEFT JOIN documents d USING (doc) WHERE 1=1"
        )
        params: list[object] = []
        for column, values in (("company", companies), ("metric", metrics), ("fiscal_year", years),
                               ("period", periods or ["FY"])):
            if values:
                # one company under two spellings of its name ("NIKE" in one filing's metadata,
                # "Nike" in the next) is one company, as the retriever's filter treats it
                collate = " COLLATE NOCASE" if column == "company" else ""
                sql += f" AND f.{column}{collate} IN ({','.join('?' * len(values))})"
                params += list(values)
        sql += " ORDER BY f.company, f.metric, f.fiscal_year"
        best: dict[tuple[str, str, int, str], tuple[int, Fact]] = {}
        everything: list[Fact] = []
        for row in self._db.execute(sql, params):
            fact = Fact(
                doc=row[0], company=row[1], metric=row[2], fiscal_year=row[3], value=row[4], unit=row[5],
                scale=row[6], page=row[7], source_text=row[8], derived_from=json.loads(row[9]), formula=row[10],
                period=row[12], currency=row[13], table_scale=row[14],
            )
            everything.append(fact)
            key = (fact.company.casefold(), fact.metric, fact.fiscal_year, fact.period)
            if key not in best or row[11] > best[key][0]:
                best[key] = (row[11], fact)
        return [f for _, f in best.values()] if latest_only else everything

    def document_years(self) -> dict[str, int | None]:
        """Each document's latest fiscal year (a 10-K's own year): which filing a year points to."""
        return {doc: year for doc, year in self._db.execute("SELECT doc, latest_year FROM documents")}

    # ----------------------------------------------------------------- relations

    def relations(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        obj: str | None = None,
    ) -> list[Relation]:
        """Edges matching the given ends; objects naming a known company come back canonical."""
        sql = "SELECT subject, predicate, object, object_key, doc, page, source_text FROM edges WHERE 1=1"
        params: list[object] = []
        if subject:
            sql += " AND subject = ?"
            params.append(subject)
        if predicate:
            sql += " AND predicate = ?"
            params.append(predicate)
        if obj:
            sql += " AND object_key = ?"
            params.append(name_key(obj))
        names = self.entity_names()
        seen: set[tuple[str, str, str]] = set()
        found: list[Relation] = []
        for s, p, o, okey, doc, page, text in self._db.execute(sql + " ORDER BY subject, predicate, doc DESC", params):
            obj_name = names.get(okey, o)
            if (s, p, name_key(obj_name)) in seen:
                continue  # the same edge read from several filings
            seen.add((s, p, name_key(obj_name)))
            found.append(Relation(subject=s, predicate=p, object=obj_name, doc=doc, page=page, source_text=text))
        return found

    # ----------------------------------------------------------------- inspection

    def stats(self) -> GraphStats:
        one = lambda sql: self._db.execute(sql).fetchone()[0]  # noqa: E731
        by_predicate = Counter({p: n for p, n in self._db.execute(
            "SELECT predicate, COUNT(*) FROM edges GROUP BY predicate")})
        by_metric = Counter({m: n for m, n in self._db.execute(
            "SELECT metric, COUNT(*) FROM facts GROUP BY metric")})
        return GraphStats(
            documents=one("SELECT COUNT(*) FROM documents"),
            companies=one("SELECT COUNT(DISTINCT company) FROM documents WHERE company IS NOT NULL"),
            facts=one("SELECT COUNT(*) FROM facts"),
            derived_facts=one("SELECT COUNT(*) FROM facts WHERE formula IS NOT NULL"),
            relations=one("SELECT COUNT(*) FROM edges"),
            relations_by_predicate=dict(sorted(by_predicate.items())),
            facts_by_metric=dict(sorted(by_metric.items())),
        )

    def to_networkx(self) -> nx.MultiDiGraph:
        """Companies and related entities as nodes; relations and facts' sources as edge data."""
        import networkx as nx

        graph = nx.MultiDiGraph()
        for company in self.companies():
            graph.add_node(company, kind="company")
        for r in self.relations():
            if r.object not in graph:
                graph.add_node(r.object, kind=r.predicate)
            graph.add_edge(r.subject, r.object, key=r.predicate, predicate=r.predicate, doc=r.doc, page=r.page)
        for f in self.facts():
            node = f"{f.company}|{f.metric}|FY{f.fiscal_year}"
            graph.add_node(node, kind="fact", metric=f.metric, fiscal_year=f.fiscal_year, value=f.value,
                           unit=f.unit, doc=f.doc, page=f.page)
            graph.add_edge(f.company, node, key="fact", predicate="fact")
        return graph


def open_graph(settings: Settings) -> GraphStore:
    """The graph beside the settings' vector store."""
    return GraphStore(settings.graph_path)
