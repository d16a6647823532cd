"""`finrag` console command.

Each subcommand is a thin adapter: it parses arguments and calls one handler below, which
imports the command's module when it runs, so `finrag --help` stays fast (torch and Prefect
are imported only by the commands that need them).

Before any command runs, the configuration is validated once (one line per bad value,
rc 2) and unknown FINRAG_* variables are warned about; Prefect gets the Makefile's
defaults. A mistake ends as one stderr line "finrag COMMAND: what went wrong" with rc 2,
never a traceback (`--debug` shows it); SIGTERM and Ctrl-C end the run cleanly (rc 143 /
130) after the store is closed and the temporary Prefect server stopped.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import get_args

from finrag.models import STRATEGY_HELP, StrategyChoice

STRATEGIES = list(get_args(StrategyChoice))


def _add_store(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", help="the embedded store's folder (default: $FINRAG_STORE or data/store)")


def _add_runner(p: argparse.ArgumentParser) -> None:
    p.add_argument("--runner", metavar="local|dask[:ADDRESS]",
                   help="where tasks run: this process (local) or Dask workers; dask without an "
                   "address starts a LocalCluster (default: $FINRAG_RUNNER or local)")
    p.add_argument("--workers", type=int,
                   help="LocalCluster worker processes for --runner dask (default: $FINRAG_DASK_WORKERS or 2)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="finrag",
        description="Adaptive question answering over company reports (10-K, 10-Q, annual reports, "
        "earnings releases). Runs offline by default; see README for configuration.",
    )
    parser.add_argument("--debug", action="store_true", help="show the full traceback when a command fails")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_document_commands(sub)
    _add_question_commands(sub)
    _add_graph_commands(sub)
    _add_catalog_commands(sub)
    _add_store_commands(sub)
    _add_eval_commands(sub)
    _add_bench_commands(sub)
    return parser


def _add_document_commands(sub) -> None:
    """Documents in: sample, inspect, ingest."""
    p = sub.add_parser("sample", help="generate the fictional sample corpus (PDFs, truth.json, questions.jsonl)")
    p.add_argument("out_dir", help="directory to write the corpus into")
    p.add_argument("--companies", type=int, default=12, help="number of companies (default 12)")
    p.add_argument("--years", type=int, default=3, help="fiscal years per company (default 3)")
    p.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    p.set_defaults(handler=_sample)

    p = sub.add_parser("inspect", help="show what FinRAG reads from PDFs (no ingestion, no embedding)")
    p.add_argument("paths", nargs="+", help="PDF files or directories")
    p.add_argument("--manifest", help="CSV/JSONL mapping file -> company, period, form (hints)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=_inspect)

    p = sub.add_parser("ingest", help="load, chunk, embed and store PDFs (idempotent)")
    p.add_argument("paths", nargs="+", help="PDF files or directories")
    p.add_argument("--manifest", help="CSV/JSONL mapping file -> company, period, form (hints)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    _add_store(p)
    _add_runner(p)
    p.set_defaults(handler=_ingest)


def _add_question_commands(sub) -> None:
    """Questions in: ask, batch, compare, demo."""
    p = sub.add_parser(
        "ask", help="answer one question with citations", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Answer one question with citations.\n\nstrategies:\n"
        + "\n".join(f"  {name:<10} {STRATEGY_HELP[name]}" for name in STRATEGIES),
    )  # fmt: skip
    p.add_argument("question")
    p.add_argument("--strategy", choices=STRATEGIES, default="auto", help="how to answer (see above; default auto)")
    p.add_argument("--company", help="the company asked about, when the question does not say (e.g. PepsiCo)")
    p.add_argument("--period", help="the period asked about, when the question does not say (e.g. FY2022, 2023Q2)")
    p.add_argument("--json", action="store_true", help="print the answer record as JSON")
    _add_store(p)
    p.set_defaults(handler=_ask)

    p = sub.add_parser("batch", help="answer a batch of questions (CSV, JSONL or YAML)")
    p.add_argument("file")
    p.add_argument("--out", required=True, help="output directory for results.jsonl / results.csv")
    p.add_argument("--strategy", choices=STRATEGIES, default="auto")
    _add_store(p)
    _add_runner(p)
    p.set_defaults(handler=_batch)

    p = sub.add_parser("compare", help="single-shot vs iterative vs auto on one batch, with an HTML report")
    p.add_argument("file")
    p.add_argument("--out", required=True, help="output directory for the report")
    _add_store(p)
    _add_runner(p)
    p.set_defaults(handler=_compare)

    p = sub.add_parser("demo", help="generate the sample corpus, ingest it, answer its questions, write the report")
    p.add_argument("--out", default="out/demo", help="output directory (default out/demo)")
    p.add_argument("--companies", type=int, default=12)
    p.add_argument("--years", type=int, default=3)
    p.set_defaults(handler=_demo)


def _add_graph_commands(sub) -> None:
    """The knowledge graph: graph stats|show|export."""
    g = sub.add_parser("graph", help="inspect the knowledge graph")
    gsub = g.add_subparsers(dest="graph_command", required=True, metavar="SUBCOMMAND")
    p = gsub.add_parser("stats", help="counts of entities, facts and relations")
    _add_store(p)
    p.set_defaults(handler=_graph_stats)
    p = gsub.add_parser("show", help="a company's neighbourhood and fact table")
    p.add_argument("company")
    _add_store(p)
    p.set_defaults(handler=_graph_show)
    p = gsub.add_parser("export", help="export to GraphML")
    p.add_argument("out_file")
    _add_store(p)
    p.set_defaults(handler=_graph_export)
    p = gsub.add_parser("rebuild", help="re-read facts and relations of PDFs into the graph (after a vocabulary change)")
    p.add_argument("paths", nargs="+", help="PDF files or directories (documents already ingested)")
    _add_store(p)
    p.set_defaults(handler=_graph_rebuild)


def _add_store_commands(sub) -> None:
    """The store for operators: store info|migrate|push."""
    s = sub.add_parser("store", help="the store: info, migrate from local mode, push to a Qdrant server")
    ssub = s.add_subparsers(dest="store_command", required=True, metavar="SUBCOMMAND")
    p = ssub.add_parser("info", help="engine, documents, chunks, size on disk, created-with version")
    p.add_argument("--json", action="store_true")
    _add_store(p)
    p.set_defaults(handler=_store_info)
    p = ssub.add_parser("migrate", help="convert a qdrant-client local-mode store to the embedded engine (no re-embedding)")
    p.add_argument("--out", help="write the new store here, leaving the old one as it is (default: in place, old kept as a backup)")
    _add_store(p)
    p.set_defaults(handler=_store_migrate)
    p = ssub.add_parser("push", help="copy the store into a Qdrant server collection (batched, resumable)")
    p.add_argument("--to", required=True, help="Qdrant server URL (API key from QDRANT_API_KEY)")
    p.add_argument("--collection", help="target collection (default: FINRAG_COLLECTION)")
    p.add_argument("--batch", type=int, default=256, help="points per request (default 256)")
    _add_store(p)
    p.set_defaults(handler=_store_push)


def _add_catalog_commands(sub) -> None:
    """The store's companies: catalog [alias|unalias]."""
    c = sub.add_parser("catalog", help="companies in the store, their filings and aliases; correct a name")
    c.add_argument("--json", action="store_true", help="print the catalog as JSON")
    _add_store(c)
    c.set_defaults(handler=_catalog)
    csub = c.add_subparsers(dest="catalog_command", required=False, metavar="SUBCOMMAND")
    # --store before or after the subcommand (a subcommand's own default must not erase it).
    p = csub.add_parser("alias", help="NAME (a stored spelling or a nickname) means CANONICAL")
    p.add_argument("name")
    p.add_argument("canonical")
    p.add_argument("--store", default=argparse.SUPPRESS, help="as for `finrag catalog`")
    p = csub.add_parser("unalias", help="forget the correction of NAME")
    p.add_argument("name")
    p.add_argument("--store", default=argparse.SUPPRESS, help="as for `finrag catalog`")


def _add_eval_commands(sub) -> None:
    """Evaluations: eval retrieval|answers|router|graph|metadata."""
    e = sub.add_parser("eval", help="evaluations with printed tables")
    esub = e.add_subparsers(dest="eval_command", required=True, metavar="SUBCOMMAND")
    p = esub.add_parser("retrieval", help="page-level recall@k / MRR on FinanceBench or the sample corpus")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--financebench", help="dir with questions.jsonl and pdfs/")
    src.add_argument("--sample", help="sample corpus dir (from `finrag sample`)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--limit", type=int, help="only the first N questions")
    p.add_argument("--half", choices=["A", "B"],
                   help="only questions about half A or B of the companies (sorted by name, alternating)")
    p.add_argument("--split", action="store_true",
                   help="also print each row for half A and half B of the companies (sorted by name, alternating)")
    p.add_argument("--rows", default="ablation",
                   help="ablation: each part added in turn (default); checks: the full pipeline without one "
                   "default at a time; or row names, comma-separated: dense, sparse, hybrid, understanding, "
                   "stripping, vocabulary, boosts, full, rrf")
    _add_store(p)
    p.set_defaults(handler=_eval_retrieval)
    p = esub.add_parser("answers", help="answer accuracy per question type and strategy")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--sample", help="sample corpus dir")
    src.add_argument("--financebench", help="dir with questions.jsonl and pdfs/")
    p.add_argument("--question-type", help="FinanceBench: only this question_type (e.g. metrics-generated)")
    p.add_argument("--judge", action="store_true", help="also grade each answer with the configured LLM")
    p.add_argument("--json", action="store_true")
    _add_store(p)
    p.set_defaults(handler=_eval_answers)
    p = esub.add_parser("router", help="router accuracy on labelled questions")
    p.add_argument("--sample", help="sample corpus dir")
    p.add_argument("--labels", help="JSONL of {question, expected_strategy}")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_eval_router)
    p = esub.add_parser("graph", help="fact/relation extraction precision & recall, graph answers")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--sample", help="sample corpus dir")
    src.add_argument("--financebench", help="dir with questions.jsonl and pdfs/")
    src.add_argument("--line-items", nargs="+", metavar="DIR",
                     help="dirs with pdfs/: share of annual filings whose statements give each line item")
    p.add_argument("--json", action="store_true")
    _add_store(p)
    p.set_defaults(handler=_eval_graph)
    p = esub.add_parser("metadata", help="company / year / form accuracy of `inspect` against a labelled set")
    p.add_argument("--financebench", required=True, nargs="+", metavar="DIR",
                   help="dirs with documents.jsonl and pdfs/ (e.g. the dev split and financebench-extra)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_eval_metadata)


def _add_bench_commands(sub) -> None:
    """Speed benchmarks: bench ingest|batch|scale."""
    b = sub.add_parser("bench", help="speed benchmarks with printed tables")
    bsub = b.add_subparsers(dest="bench_command", required=True, metavar="SUBCOMMAND")
    p = bsub.add_parser("ingest", help="pages/s and chunks/s per stage and end to end")
    p.add_argument("paths", nargs="*", help="PDF files or dirs (default: the FinanceBench pdfs and a sample corpus)")
    p.add_argument("--limit", type=int, help="only the first N files")
    p.add_argument("--runner", choices=["local", "dask"], default="local",
                   help="dask: throughput per Dask worker count beside the scale model's prediction")
    p.add_argument("--workers", default="1,2,4", help="worker counts for --runner dask (default 1,2,4)")
    p.set_defaults(handler=_bench_ingest)
    p = bsub.add_parser("batch", help="batch throughput and Prefect overhead per question")
    p.add_argument("--questions", type=int, default=200)
    p.set_defaults(handler=_bench_batch)
    p = bsub.add_parser("scale", help="retrieval latency and open time vs store size")
    p.add_argument("--sizes", default="10000,50000,200000")
    p.add_argument("--engines", default="edge,local", help="edge, local (qdrant-client local mode), server (QDRANT_URL)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_bench_scale)
    p = bsub.add_parser("startup", help="wall time of a cold `finrag ask`, now vs an older checkout")
    _add_store(p)
    p.add_argument("--before", help="a checkout of older code to compare with")
    p.add_argument("--before-store", help="a store that checkout can open (e.g. a local-mode copy)")
    p.add_argument("--runs", type=int, default=3)
    p.set_defaults(handler=_bench_startup)


# --------------------------------------------------------------------------- handlers
# One function per command, importing its module when run (a plain import, so the edge is
# visible): `finrag --help` stays fast because torch and Prefect load only with the command
# that needs them.


def _sample(args: argparse.Namespace) -> int:
    from cli import sample

    return sample.run(args)


def _inspect(args: argparse.Namespace) -> int:
    from cli import inspect

    return inspect.run(args)


def _ingest(args: argparse.Namespace) -> int:
    from cli import ingest

    return ingest.run(args)


def _ask(args: argparse.Namespace) -> int:
    from cli import ask

    return ask.run(args)


def _batch(args: argparse.Namespace) -> int:
    from cli import batch

    return batch.run(args)


def _compare(args: argparse.Namespace) -> int:
    from flows import compare

    return compare.run_cli(args)


def _demo(args: argparse.Namespace) -> int:
    from flows import demo

    return demo.run_cli(args)


def _graph_stats(args: argparse.Namespace) -> int:
    from cli import knowledge_graph

    return knowledge_graph.stats(args)


def _graph_show(args: argparse.Namespace) -> int:
    from cli import knowledge_graph

    return knowledge_graph.show(args)


def _graph_export(args: argparse.Namespace) -> int:
    from cli import knowledge_graph

    return knowledge_graph.export(args)


def _graph_rebuild(args: argparse.Namespace) -> int:
    from cli import knowledge_graph

    return knowledge_graph.rebuild(args)


def _bench_startup(args: argparse.Namespace) -> int:
    from eval import startup_bench

    return startup_bench.run_cli(args)


def _store_info(args: argparse.Namespace) -> int:
    from cli import store

    return store.info(args)


def _store_migrate(args: argparse.Namespace) -> int:
    from cli import store

    return store.migrate(args)


def _store_push(args: argparse.Namespace) -> int:
    from cli import store

    return store.push(args)


def _catalog(args: argparse.Namespace) -> int:
    from cli import catalog

    return catalog.run(args)


def _eval_retrieval(args: argparse.Namespace) -> int:
    from eval import retrieval

    return retrieval.run_cli(args)


def _eval_answers(args: argparse.Namespace) -> int:
    from eval import answers

    return answers.run_cli(args)


def _eval_router(args: argparse.Namespace) -> int:
    from eval import router

    return router.run_cli(args)


def _eval_graph(args: argparse.Namespace) -> int:
    from eval import knowledge_graph

    return knowledge_graph.run_cli(args)


def _eval_metadata(args: argparse.Namespace) -> int:
    from eval import metadata

    return metadata.run_cli(args)


def _bench_ingest(args: argparse.Namespace) -> int:
    if args.runner == "dask":
        from eval import dask_bench

        return dask_bench.run_cli(args)
    from eval import ingest_bench

    return ingest_bench.run_cli(args)


def _bench_batch(args: argparse.Namespace) -> int:
    from eval import batch_bench

    return batch_bench.run_cli(args)


def _bench_scale(args: argparse.Namespace) -> int:
    from eval import scale_bench

    return scale_bench.run_cli(args)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    name = f"finrag {args.command}"
    from flows.runtime import exit_code, prefect_defaults, signals_as_interrupts

    prefect_defaults()  # before anything imports Prefect
    from finrag.config import ConfigError, load_settings, unknown_variables

    for warning in unknown_variables():
        print(warning, file=sys.stderr)
    try:
        load_settings()  # validated once, here: every bad value named before any work starts
    except ConfigError as err:
        for line in err.lines:
            print(f"{name}: {line}", file=sys.stderr)
        return 2
    if args.debug:
        logging.getLogger("finrag").setLevel(logging.DEBUG)
    try:
        with signals_as_interrupts():
            return int(args.handler(args) or 0)
    except KeyboardInterrupt as err:
        print(f"{name}: interrupted ({err or 'SIGINT'}); the store was closed and partial results kept",
              file=sys.stderr)
        return exit_code(err)
    except Exception as err:  # noqa: BLE001 - the one place a failure becomes one line and rc 2
        if args.debug:
            raise
        print(f"{name}: {describe_error(err)}", file=sys.stderr)
        return 2


def describe_error(err: Exception) -> str:
    """One line for people: the message of errors made for them, type and message otherwise."""
    from finrag.config import ConfigError
    from finrag.errors import UserError
    from finrag.store import StoreBusy
    from finrag.store.base import StoreNeedsMigration
    from loaders.errors import LoadError

    if isinstance(err, ConfigError):
        return "; ".join(err.lines)
    if isinstance(err, UserError | StoreBusy | StoreNeedsMigration | LoadError):  # written for people
        return _one_line(str(err))
    if isinstance(err, OSError) and err.filename:
        return f"{err.filename}: {err.strerror or err}"
    return f"{type(err).__name__}: {_one_line(str(err))} (run with --debug for the traceback)"


def _one_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return (lines[0] if lines else "no details")[:500]


if __name__ == "__main__":
    sys.exit(main())
