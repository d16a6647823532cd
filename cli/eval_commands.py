"""The `finrag eval` and `finrag bench` subcommands: evaluations and speed benchmarks.

Each handler imports its eval/ module when it runs (a plain import, so the edge is
visible): `finrag --help` stays fast because the measuring code loads only when used.
"""

from __future__ import annotations

import argparse

from cli.options import add_store


def add_eval_commands(sub) -> None:
    """Evaluations: eval retrieval|answers|judged|financebench-batch|erc|router|graph|metadata."""
    e = sub.add_parser("eval", help="evaluations with printed tables")
    esub = e.add_subparsers(dest="eval_command", required=True, metavar="SUBCOMMAND")
    p = esub.add_parser("retrieval", help="page-level recall@k / MRR on FinanceBench or the sample corpus")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--financebench", help="dir with questions.jsonl and pdfs/")
    src.add_argument("--sample", help="sample corpus dir (from `finrag sample`)")
    src.add_argument("--questions", metavar="QUESTIONS.jsonl",
                     help="FinanceBench-style questions with evidence pages, on a --store that holds their filings "
                     "(nothing is ingested)")
    p.add_argument("--mapping", metavar="MAPPING.json",
                   help="with --questions: {store file stem: original file name}, for filings stored under "
                   "other names")
    p.add_argument("--json", action="store_true")
    p.add_argument("--limit", type=int, help="only the first N questions")
    p.add_argument("--half", choices=["A", "B"],
                   help="only questions about half A or B of the companies (sorted by name, alternating)")
    p.add_argument("--split", action="store_true",
                   help="also print each row for half A and half B of the companies (sorted by name, alternating)")
    p.add_argument("--opaque-names", action="store_true",
                   help="ingest copies of the PDFs under meaningless names (doc_001.pdf, ...; kept beside the "
                   "store) so that company, year and form must be read from the content, as on unseen filings")
    p.add_argument("--rows", default="ablation",
                   help="ablation: each part added in turn (default); checks: the full pipeline without one "
                   "default at a time; or row names, comma-separated: dense, sparse, hybrid, understanding, "
                   "stripping, vocabulary, boosts, full (the default pipeline), pages (with the page stage), rrf")
    add_store(p)
    p.set_defaults(handler=_eval_retrieval)
    p = esub.add_parser("answers", help="answer accuracy per question type and strategy")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--sample", help="sample corpus dir")
    src.add_argument("--financebench", help="dir with questions.jsonl and pdfs/")
    p.add_argument("--question-type", help="FinanceBench: only this question_type (e.g. metrics-generated)")
    p.add_argument("--strategy", action="append", metavar="S[,S]",
                   help="strategies to answer under (repeatable or comma list of auto, direct, single, iterative, "
                   "graph; default: auto, single, iterative)")
    p.add_argument("--judge", action="store_true", help="also grade each answer with the configured LLM")
    p.add_argument("--json", action="store_true", help="the tables' numbers and every answer in full")
    add_store(p)
    p.set_defaults(handler=_eval_answers)
    p = esub.add_parser("judged", help="judged accuracy and answered precision from a judge's grades (rubric.md)")
    p.add_argument("items", metavar="ITEMS.jsonl", help="the judge's input (../shared/judge/items.py)")
    p.add_argument("grades", metavar="GRADES.jsonl",
                   help='one line per item: {"id", "grade": correct|incorrect|refusal, "reason"[, "kind"]}')
    p.add_argument("--questions", metavar="QUESTIONS.jsonl",
                   help="FinanceBench-style questions (company per id): rows per half of the companies")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_eval_judged)
    p = esub.add_parser("financebench-batch",
                        help="a `finrag batch` file from FinanceBench questions: ids = financebench_id, text only")
    p.add_argument("financebench", metavar="DIR", help="dir with questions.jsonl")
    p.add_argument("out", metavar="OUT.jsonl")
    p.add_argument("--question-type", help="only this question_type (e.g. metrics-generated)")
    p.set_defaults(handler=_eval_financebench_batch)
    p = esub.add_parser("erc", help="Enterprise RAG Challenge typed answers, scored by the challenge's rules")
    p.add_argument("--erc", required=True, metavar="DIR", help="dir with questions.jsonl (and team-scores.csv)")
    p.add_argument("--questions", metavar="FILE.jsonl",
                   help="questions of the same form instead of DIR/questions.jsonl (e.g. eval/erc_probe/questions.jsonl)")
    p.add_argument("--json", action="store_true")
    add_store(p)
    p.set_defaults(handler=_eval_erc)
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
    add_store(p)
    p.set_defaults(handler=_eval_graph)
    p = esub.add_parser("metadata", help="company / year / form accuracy of `inspect` against a labelled set")
    p.add_argument("--financebench", required=True, nargs="+", metavar="DIR",
                   help="dirs with documents.jsonl and pdfs/ (e.g. the dev split and financebench-extra)")
    p.add_argument("--extractor", choices=["pdfium", "pypdf"], default="pdfium",
                   help="text extractor to read with: pypdf lays tables out one cell per line, a check that the "
                   "reading does not depend on one layout (default: pdfium, what ingest uses)")
    p.add_argument("--misses", choices=["A", "B", "all"], default="A",
                   help="whose misses to list: half A (rules are chosen on it, the default), B (held out) or all")
    p.add_argument("--text-cache", metavar="DIR",
                   help="folder keeping extracted text by file content between runs (default: FINRAG_CACHE/pdf-text;"
                   " '' for none)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_eval_metadata)


def add_bench_commands(sub) -> None:
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
    add_store(p)
    p.add_argument("--before", help="a checkout of older code to compare with")
    p.add_argument("--before-store", help="a store that checkout can open (e.g. a local-mode copy)")
    p.add_argument("--runs", type=int, default=3)
    p.set_defaults(handler=_bench_startup)


def _bench_startup(args: argparse.Namespace) -> int:
    from eval import startup_bench

    return startup_bench.run_cli(args)


def _eval_retrieval(args: argparse.Namespace) -> int:
    from eval import retrieval

    return retrieval.run_cli(args)


def _eval_answers(args: argparse.Namespace) -> int:
    from eval import answers

    return answers.run_cli(args)


def _eval_judged(args: argparse.Namespace) -> int:
    from eval import judged

    return judged.run_cli(args)


def _eval_financebench_batch(args: argparse.Namespace) -> int:
    from eval import financebench_batch

    return financebench_batch.run_cli(args)


def _eval_erc(args: argparse.Namespace) -> int:
    from eval import erc

    return erc.run_cli(args)


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
