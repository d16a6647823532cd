"""`finrag ingest PATH... [--json] [--manifest F] [--store DIR]`: the indexing pipeline with a
progress line (or bar, on a terminal) per document and a table or JSON at the end."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from finrag.config import load_settings
from finrag.models import DocumentReport
from finrag.store import StoreBusy
from flows.runner import RunnerError, parse_runner, running_on
from indexing.pipeline import Progress, ingest_paths
from indexing.summary import format_table, low_confidence_warnings, progress_line, status_counts


def _terminal_progress(stream) -> Progress:
    """One line per document; on a terminal, a bar redrawn in place instead."""
    if not stream.isatty():
        return lambda report, done, total: print(progress_line(report, done, total), file=stream, flush=True)

    def bar(report: DocumentReport, done: int, total: int) -> None:
        filled = int(30 * done / max(total, 1))
        text = f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {report.doc}: {report.status}"
        stream.write(text[:120].ljust(120))
        if report.status == "failed":  # failures stay visible above the bar
            stream.write(f"\n  {report.doc}: {report.reason}\n")
        if done == total:
            stream.write("\n")
        stream.flush()

    return bar


def run(args) -> int:
    """`finrag ingest PATH... [--json] [--manifest F] [--store DIR] [--runner R] [--workers N]`."""
    settings = load_settings(store_dir=Path(args.store) if args.store else None)
    try:
        runner = parse_runner(args.runner, args.workers, settings)
    except RunnerError as err:
        print(f"finrag ingest: {err}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        if runner.kind == "dask":  # the Prefect flow, its tasks on Dask workers
            from flows.ingest import ingest_reports

            with running_on(runner):
                flow_run = ingest_reports.with_options(task_runner=runner.task_runner())
                reports = flow_run(paths=[str(p) for p in args.paths], store=args.store,
                                   manifest=str(args.manifest) if args.manifest else None)
        else:
            reports = ingest_paths(
                args.paths,
                settings,
                manifest=Path(args.manifest) if args.manifest else None,
                progress=_terminal_progress(sys.stderr),
            )
    except StoreBusy as err:
        print(f"finrag ingest: {err}", file=sys.stderr)
        return 2
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
        for line in low_confidence_warnings(reports):
            print(line)
    return 1 if any(r.status == "failed" for r in reports) else 0
