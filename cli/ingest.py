"""`finrag ingest PATH... [--json] [--manifest F] [--store DIR]`: the indexing pipeline with a
progress line per document (on a terminal, rich bars: documents, and the current PDF's
chunks with an ETA) and a table or JSON at the end."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from finrag.config import load_settings
from finrag.console import progress, stderr_is_terminal
from finrag.errors import StoreUnavailable
from finrag.models import DocumentReport
from finrag.store import server_problem
from finrag.wording import plural
from flows.outcome import result_of
from flows.runner import check_runner, parse_runner, running_on
from indexing.pipeline import STORE_WAIT_S, ingest_paths
from indexing.store import EMBED_SLICE
from indexing.summary import format_table, ingest_warnings, progress_line, status_counts
from loaders import read_manifest


class TerminalProgress:
    """On a terminal: a documents bar and, below it, the current document's chunks being
    embedded (pages, chunks, ETA). Elsewhere (a pipe, a log): one line per document."""

    def __init__(self) -> None:
        self._bars = progress()
        self._documents = self._bars.add_task("documents", total=None)
        self._chunks = self._bars.add_task("", total=None, visible=False)

    def __enter__(self) -> TerminalProgress:
        self._bars.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._bars.__exit__(*exc)

    def document(self, report: DocumentReport, done: int, total: int) -> None:
        if not stderr_is_terminal():
            print(progress_line(report, done, total), file=sys.stderr, flush=True)
            return
        if report.status == "failed":  # failures stay visible above the bars
            self._bars.console.print(f"{report.doc}: failed — {report.reason}", markup=False, highlight=False)
        self._bars.update(self._documents, completed=done, total=total, description=f"documents ({report.doc})")
        self._bars.update(self._chunks, visible=False)

    def chunks(self, doc: str, pages: int, done: int, total: int) -> None:
        if done <= EMBED_SLICE:  # a new document: its own bar and ETA
            self._bars.reset(self._chunks, total=total, visible=True)
        self._bars.update(self._chunks, completed=done, total=total,
                          description=f"  {doc}: {plural(pages, 'page')}, chunks embedded")  # fmt: skip


def run(args) -> int:
    """`finrag ingest PATH... [--json] [--manifest F] [--store DIR] [--runner R] [--workers N]`."""
    settings = load_settings(store_dir=Path(args.store) if args.store else None)
    runner = parse_runner(args.runner, args.workers, settings)  # RunnerError: one line, rc 2
    check_runner(runner)
    if args.manifest:  # a bad manifest is found before the model loads
        read_manifest(Path(args.manifest))
    if settings.qdrant_url:
        problem = server_problem(settings)
        if problem:
            raise StoreUnavailable(f"the Qdrant server at {settings.qdrant_url} (QDRANT_URL) cannot be used: "
                                   f"{problem.strip().splitlines()[0][:300]}")
    started = time.perf_counter()
    # StoreBusy (still busy after STORE_WAIT_S): cli.main prints it as one line, rc 2
    if runner.kind == "dask":  # the Prefect flow, its tasks on Dask workers
        from flows.ingest import ingest_reports

        with running_on(runner):
            flow_run = ingest_reports.with_options(task_runner=runner.task_runner())
            reports = result_of(flow_run(paths=[str(p) for p in args.paths], store=args.store,
                                         manifest=str(args.manifest) if args.manifest else None, return_state=True))
    else:
        with TerminalProgress() as bars:
            reports = ingest_paths(
                args.paths,
                settings,
                manifest=Path(args.manifest) if args.manifest else None,
                progress=bars.document,
                chunk_progress=bars.chunks,
                wait_s=STORE_WAIT_S,  # as the flow does: another ingest may be finishing
                waiting=lambda message: print(f"finrag ingest: {message}", file=sys.stderr, flush=True),
            )
    seconds = time.perf_counter() - started
    where = settings.qdrant_url or str(settings.store_dir)
    if args.json:
        payload = {
            "documents": [r.model_dump(mode="json") for r in reports],
            "store": where,
            "runner": runner.report(),
            "seconds": round(seconds, 3),
        }
        print(json.dumps(payload, indent=2))
    else:
        print(format_table(reports))
        print(f"\n{status_counts(reports)} in {seconds:.1f} s -> {where}")
        for line in ingest_warnings(reports):
            print(line)
    return 1 if any(r.status == "failed" for r in reports) else 0
