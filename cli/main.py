"""`finrag` console command.

Each subcommand is a thin adapter: it parses arguments and calls one handler below, which
imports the command's module when it runs, so `finrag --help` stays fast (torch and Prefect
are imported only by the commands that need them).

Before any command runs, the configuration is validated once (one line per bad value,
rc 2) and unknown FINRAG_* variables are warned about; Prefect gets the Makefile's
defaults. A mistake ends as one stderr line "finrag COMMAND: what went wrong" with rc 2,
never a traceback (`--debug` shows it); SIGTERM and Ctrl-C end the run cleanly (rc 143 /
130) after the store is closed and the temporary Prefect server stopped; a reader that
stops early (`| head -1`) ends the command quietly (rc 141, like any program killed by SIGPIPE).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from contextlib import suppress
from typing import get_args

from cli.eval_commands import add_bench_commands, add_eval_commands
from cli.options import add_runner, add_store
from finrag.models import STRATEGY_HELP, StrategyChoice

STRATEGIES = list(get_args(StrategyChoice))


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
    add_eval_commands(sub)
    add_bench_commands(sub)
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
    add_store(p)
    add_runner(p)
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
    p.add_argument("--company", help="the company asked about (e.g. PepsiCo): filters like a company the question names; one the store does not hold is not_found")
    p.add_argument("--period", help="the period asked about (e.g. FY2022, 2023Q2): filters like a period the question names")
    p.add_argument("--json", action="store_true", help="print the answer record as JSON")
    add_store(p)
    p.set_defaults(handler=_ask)

    p = sub.add_parser("batch", help="answer a batch of questions (CSV, JSONL or YAML)")
    p.add_argument("file")
    p.add_argument("--out", required=True, help="output directory for results.jsonl / results.csv")
    p.add_argument("--strategy", choices=STRATEGIES, default="auto")
    add_store(p)
    add_runner(p)
    p.set_defaults(handler=_batch)

    p = sub.add_parser("compare", help="single-shot vs iterative vs auto on one batch, with an HTML report")
    p.add_argument("file")
    p.add_argument("--out", required=True, help="output directory for the report")
    p.add_argument("--judge", action="store_true",
                   help="grade text answers (definitions, explanations) with the configured LLM; without it "
                        "they are not scored")
    add_store(p)
    add_runner(p)
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
    add_store(p)
    p.set_defaults(handler=_graph_stats)
    p = gsub.add_parser("show", help="a company's neighbourhood and fact table")
    p.add_argument("company")
    add_store(p)
    p.set_defaults(handler=_graph_show)
    p = gsub.add_parser("export", help="export to GraphML")
    p.add_argument("out_file")
    add_store(p)
    p.set_defaults(handler=_graph_export)
    p = gsub.add_parser("rebuild", help="re-read facts and relations of PDFs into the graph (after a vocabulary change)")
    p.add_argument("paths", nargs="+", help="PDF files or directories (documents already ingested)")
    add_store(p)
    p.set_defaults(handler=_graph_rebuild)


def _add_store_commands(sub) -> None:
    """The store for operators: store info|migrate|push."""
    s = sub.add_parser("store", help="the store: info, migrate from local mode, push to a Qdrant server")
    ssub = s.add_subparsers(dest="store_command", required=True, metavar="SUBCOMMAND")
    p = ssub.add_parser("info", help="engine, documents, chunks, size on disk, created-with version")
    p.add_argument("--json", action="store_true")
    add_store(p)
    p.set_defaults(handler=_store_info)
    p = ssub.add_parser("migrate", help="convert a qdrant-client local-mode store to the embedded engine (no re-embedding)")
    p.add_argument("--out", help="write the new store here, leaving the old one as it is (default: in place, old kept as a backup)")
    add_store(p)
    p.set_defaults(handler=_store_migrate)
    p = ssub.add_parser("push", help="copy the store into a Qdrant server collection (batched, resumable)")
    p.add_argument("--to", required=True, help="Qdrant server URL (API key from QDRANT_API_KEY)")
    p.add_argument("--collection", help="target collection (default: FINRAG_COLLECTION)")
    p.add_argument("--batch", type=int, default=256, help="points per request (default 256)")
    p.add_argument("--prune", action="store_true",
                   help="also delete documents the server holds and the store does not (lists them, asks)")
    p.add_argument("--yes", action="store_true", help="answer yes to --prune's question (for scripts)")
    add_store(p)
    p.set_defaults(handler=_store_push)


def _add_catalog_commands(sub) -> None:
    """The store's companies: catalog [alias|unalias|merge]."""
    c = sub.add_parser("catalog", help="companies in the store, their filings and aliases; correct a name")
    c.add_argument("--json", action="store_true", help="print the catalog as JSON")
    add_store(c)
    c.set_defaults(handler=_catalog)
    csub = c.add_subparsers(dest="catalog_command", required=False, metavar="SUBCOMMAND")
    # --store before or after the subcommand (a subcommand's own default must not erase it).
    p = csub.add_parser("alias", help="NAME (a stored spelling or a nickname) means CANONICAL")
    p.add_argument("name")
    p.add_argument("canonical")
    p.add_argument("--force", action="store_true",
                   help="merge even when the two companies' filings give different tickers or legal names")
    p.add_argument("--store", default=argparse.SUPPRESS, help="as for `finrag catalog`")
    p = csub.add_parser("merge", help="the company A is the company B: join their entries (no re-embedding)")
    p.add_argument("first", metavar="A")
    p.add_argument("second", metavar="B")
    p.add_argument("--force", action="store_true", help="as for alias")
    p.add_argument("--store", default=argparse.SUPPRESS, help="as for `finrag catalog`")
    p = csub.add_parser("unalias", help="forget the correction of NAME")
    p.add_argument("name")
    p.add_argument("--store", default=argparse.SUPPRESS, help="as for `finrag catalog`")


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
            code = int(args.handler(args) or 0)
            sys.stdout.flush()  # here, where a closed pipe is handled, not at exit
            return code
    except KeyboardInterrupt as err:
        print(f"{name}: interrupted ({err or 'SIGINT'}); the store was closed and partial results kept",
              file=sys.stderr)
        return exit_code(err)
    except BrokenPipeError:
        return reader_gone()
    except Exception as err:  # noqa: BLE001 - the one place a failure becomes one line and rc 2
        if args.debug:
            raise
        print(f"{name}: {_redacted(describe_error(err))}", file=sys.stderr)
        return 2


def _redacted(line: str) -> str:
    """The line without any configured key in it (a server may have echoed one)."""
    from finrag.config import load_settings

    try:
        return load_settings().redact(line)
    except Exception:  # noqa: BLE001 - settings were validated at start; never hide the error
        return line


def reader_gone() -> int:
    """The reader of our output stopped (`finrag catalog --json | head -1`): that is its choice,
    not a failure to report. Later writes, and the flush at exit, go nowhere instead of raising
    again; the exit code is the shell's for SIGPIPE (128 + 13), as a killed `cat` would give."""
    with suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 128 + signal.SIGPIPE


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
