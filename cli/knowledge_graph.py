"""`finrag graph stats | show COMPANY | export OUT.graphml | rebuild PDF... [--store DIR]`.

`rebuild` re-reads the facts and relations of PDFs the store already holds (no embedding):
a re-ingest skips unchanged files, so after the vocabulary learns a line item's wording
this is how an existing graph picks it up.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from finrag.config import Settings, load_settings
from finrag.console import table_text
from finrag.errors import StoreUnavailable
from finrag.knowledge_graph import GraphStore
from strategies.knowledge_graph import show as show_value


def _settings(args: argparse.Namespace) -> Settings:
    store = getattr(args, "store", None)
    return load_settings(**({"store_dir": Path(store)} if store else {}))


def _open(args: argparse.Namespace) -> GraphStore:
    """The graph beside the store; a missing one is refused (rc 2) with the command that builds it."""
    settings = _settings(args)
    path = settings.graph_path
    if not path.exists():
        store = "" if settings.qdrant_url else f" --store {settings.store_dir}"
        raise StoreUnavailable(f"no knowledge graph at {path}: build it with `finrag ingest PDF_DIR{store}`")
    return GraphStore(path)


def stats(args: argparse.Namespace) -> int:
    graph = _open(args)
    with graph:
        s = graph.stats()
        print(f"graph: {graph.path}")
        print(f"documents {s.documents}  companies {s.companies}  facts {s.facts} "
              f"(derived {s.derived_facts})  relations {s.relations}")
        print()
        print(table_text(["predicate", "relations"], s.relations_by_predicate.items(), right=["relations"],
                         title="relations by predicate"))  # fmt: skip
        print()
        print(table_text(["metric", "facts"], s.facts_by_metric.items(), right=["facts"], title="facts by metric"))
    return 0


def show(args: argparse.Namespace) -> int:
    graph = _open(args)
    with graph:
        company = graph.resolve(args.company)
        if company is None:
            known = ", ".join(graph.companies()) or "none"
            print(f"unknown company {args.company!r}; companies in the graph: {known}", file=sys.stderr)
            return 1
        print(f"{company}\n")
        print(table_text(
            ["relation", "object", "source"],
            [[r.predicate, r.object, f"{r.doc} p.{r.page + 1}"] for r in graph.relations(subject=company)],
            title="relations (p. = one-based page)",
        ))  # fmt: skip
        incoming = [r for r in graph.relations(obj=company) if r.subject != company]
        for r in incoming:
            print(f"  <- {r.subject} names {company} as {r.predicate} ({r.doc} p.{r.page + 1})")
        facts = graph.facts([company])
        years = sorted({f.fiscal_year for f in facts})
        by_metric: dict[str, dict[int, str]] = {}
        for f in facts:
            by_metric.setdefault(f.metric, {})[f.fiscal_year] = show_value(f).replace(" per share", "")
        print()
        print(table_text(
            ["metric", *(f"FY{y}" for y in years)],
            [[metric, *(by_metric[metric].get(y, "") for y in years)] for metric in sorted(by_metric)],
            title=f"facts ({len(facts)}); amounts in USD millions",
            right=[f"FY{y}" for y in years],
        ))  # fmt: skip
    return 0


def export(args: argparse.Namespace) -> int:
    import networkx as nx

    graph = _open(args)
    with graph:
        g = graph.to_networkx()
    out = Path(args.out_file)
    out.parent.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(g, out)
    print(f"wrote {out}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return 0


def rebuild(args: argparse.Namespace) -> int:
    from loaders import LoadError, load_document
    from loaders.files import expand_paths
    from loaders.knowledge import extract_knowledge

    missing = [arg for arg in args.paths if not Path(arg).exists()]
    if missing:
        print(f"no such file or directory: {', '.join(missing)}", file=sys.stderr)
        return 2
    paths = expand_paths(args.paths)
    if not paths:
        print(f"no PDF files in {' '.join(args.paths)}", file=sys.stderr)
        return 2
    with GraphStore(_settings(args).graph_path) as graph:
        failed = 0
        for path in paths:
            try:
                knowledge = extract_knowledge(load_document(path))
            except (LoadError, OSError) as err:
                print(f"{path.name}: failed: {getattr(err, 'reason', err)}", file=sys.stderr)
                failed += 1
                continue
            graph.replace_document(knowledge)
            print(f"{path.stem}: {len(knowledge.facts)} facts, {len(knowledge.relations)} relations")
    return 1 if failed else 0
