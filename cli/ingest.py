"""`finrag ingest PATH... [--json] [--manifest F] [--store DIR]`: the indexing pipeline with a
progress line (or bar, on a terminal) per document and a table or JSON at the end."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from finrag.config import load_settings
from finrag.errors import StoreUnavailable
from finrag.models import DocumentReport
from finrag.store import StoreBusy, server_problem
from indexing.pipeline import STORE_WAIT_S, Progress, ingest_paths
from indexing.summary import format_table, low_confidence_warnings, progress_line, status_counts
from loaders import read_manifest


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
    """`finrag ingest PATH... [--json] [--manifest F] [--store DIR]`."""
    settings = load_settings(store_dir=Path(args.store) if args.store else None)
    if args.manifest:  # a bad manifest is found before the model loads
        read_manifest(Path(args.manifest))
    if settings.qdrant_url:
        problem = server_problem(settings)
        if problem:
            raise StoreUnavailable(f"the Qdrant server at {settings.qdrant_url} (QDRANT_URL) cannot be used: "
                                   f"{problem.strip().splitlines()[0][:300]}")
    started = time.perf_counter()
    try:
        reports = ingest_paths(
            args.paths,
            settings,
            manifest=Path(args.manifest) if args.manifest else None,
            progress=_terminal_progress(sys.stderr),
            wait_s=STORE_WAIT_S,  # as the flow does: another ingest may be finishing
            waiting=lambda message: print(f"finrag ingest: {message}", file=sys.stderr, flush=True),
        )
    except StoreBusy as err:  # still busy after STORE_WAIT_S
        print(f"finrag ingest: {err}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - started
    where = settings.qdrant_url or str(settings.store_dir)
    if args.json:
        payload = {
            "documents": [r.model_dump(mode="json") for r in reports],
            "store": where,
            "seconds": round(seconds, 3),
        }
        print(json.dumps(payload, indent=2))
    else:
        print(format_table(reports))
        print(f"\n{status_counts(reports)} in {seconds:.1f} s -> {where}")
        for line in low_confidence_warnings(reports):
            print(line)
    return 1 if any(r.status == "failed" for r in reports) else 0
