"""What FinRAG reads from PDFs without chunking or embedding: text, metadata and page tags.

Files are read in worker processes (pdfium is not thread-safe, so threads would not run
in parallel).
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from finrag.models import DocumentReport
from loaders.document import read_document, read_document_text
from loaders.errors import LoadError
from loaders.files import expand_paths
from loaders.manifest import DocumentHints, hints_for
from loaders.pdf_text import PdfOptions
from loaders.text_cache import cached_extract


def inspect_file(
    path: Path, hints: DocumentHints | None = None, options: PdfOptions | None = None,
    text_cache: Path | None = None,
) -> tuple[DocumentReport, str]:
    """The report for one file and the sha256 of its bytes ("" when it failed).

    `text_cache`: a folder where extracted text is kept by file content (`loaders.text_cache`)."""
    started = time.perf_counter()
    try:
        if text_cache is None:
            meta, _pages = read_document(path, hints, options)
        else:
            sha256 = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            raw = cached_extract(Path(path), options, text_cache, sha256)
            meta, _pages = read_document_text(path, raw, hints, sha256)
    except LoadError as err:
        seconds = round(time.perf_counter() - started, 3)
        failed = DocumentReport(
            file=str(path), doc=path.stem, status="failed", reason=err.reason, seconds=seconds
        )
        return failed, ""
    fields = meta.model_dump(include=set(DocumentReport.model_fields) - {"status", "seconds"})
    seconds = round(time.perf_counter() - started, 3)
    return DocumentReport(status="ok", seconds=seconds, **fields), meta.sha256


def inspect_paths(
    paths: Iterable[str | Path],
    manifest: dict[str, DocumentHints] | None = None,
    workers: int | None = None,
    options: PdfOptions | None = None,
    text_cache: Path | None = None,
) -> list[DocumentReport]:
    """One report per file, in input order; a duplicate (same bytes) is named as such.

    A file over the limits in `options` (default: Settings' defaults) is reported failed with the reason.
    """
    files = expand_paths(paths)
    hints = [hints_for(manifest, f) if manifest else None for f in files]
    each_options = [options] * len(files)
    caches = [text_cache] * len(files)
    workers = workers or min(len(files), os.cpu_count() or 1)
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(inspect_file, files, hints, each_options, caches))
    else:
        results = [inspect_file(f, h, lim, text_cache) for f, h, lim in zip(files, hints, each_options, strict=True)]
    return _mark_duplicates(results)


def _mark_duplicates(results: list[tuple[DocumentReport, str]]) -> list[DocumentReport]:
    first_with_sha: dict[str, str] = {}
    reports = []
    for report, sha in results:
        if sha and sha in first_with_sha:
            report = report.model_copy(
                update={"reason": f"duplicate of {first_with_sha[sha]} (same content)"}
            )
        elif sha:
            first_with_sha[sha] = Path(report.file).name
        reports.append(report)
    return reports
