"""What FinRAG reads from PDFs without chunking or embedding: text, metadata and page tags.

Files are read in worker processes (pdfium is not thread-safe, so threads would not run
in parallel), each with a memory budget (FINRAG_PDF_MAX_MEMORY_MB, loaders.reader_process);
a file that breaks its process fails alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Iterable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from finrag.models import DocumentReport
from loaders.document import read_document, read_document_text
from loaders.errors import LoadError
from loaders.files import expand_paths
from loaders.manifest import DocumentHints, hints_for
from loaders.pdf_text import PdfOptions
from loaders.reader_process import ReaderDied, ReaderProcess, reader_pool
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
    except Exception as err:  # noqa: BLE001 - one unreadable file is that file's report, never the run's end
        reason = err.reason if isinstance(err, LoadError) else unreadable_reason(err)
        seconds = round(time.perf_counter() - started, 3)
        failed = DocumentReport(
            file=str(path), doc=path.stem, status="failed", reason=reason, seconds=seconds
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
    auto = workers is None
    workers = workers or min(len(files), os.cpu_count() or 1)
    if files and (auto or workers > 1):  # workers=1 given: in this process, no memory budget
        results = _in_processes(files, hints, each_options, workers, text_cache)
    else:
        results = [inspect_file(f, h, lim, text_cache) for f, h, lim in zip(files, hints, each_options, strict=True)]
    return _mark_duplicates(results)


def unreadable_reason(err: BaseException) -> str:
    """The reason for a file a PDF reader raised on (a page tree holding a non-page, a
    damaged stream): what broke, in one line."""
    detail = " ".join(str(err).split())[:300]
    return f"the PDF cannot be read ({type(err).__name__}: {detail})" if detail else \
        f"the PDF cannot be read ({type(err).__name__})"


def _in_processes(files: list[Path], hints: list, options: list, workers: int,
                  text_cache: Path | None = None) -> list[tuple[DocumentReport, str]]:
    """Each file read in a worker process. A file that kills its worker (out of memory, a
    crash inside pdfium) breaks the pool for every file in flight; those are read again,
    each alone, so the one that kills its worker fails by itself, named, and the others
    get their reports."""
    results: dict[int, tuple[DocumentReport, str]] = {}
    budget = (options[0] or PdfOptions()).max_memory_mb if options else PdfOptions().max_memory_mb
    with reader_pool(workers, budget) as pool:
        futures = [pool.submit(inspect_file, f, h, o, text_cache) for f, h, o in zip(files, hints, options, strict=True)]
        for index, future in enumerate(futures):
            with contextlib.suppress(BrokenProcessPool):  # read again below, alone
                results[index] = future.result()
    again = [i for i in range(len(files)) if i not in results]
    with ReaderProcess(budget) if again else contextlib.nullcontext() as alone:
        for index in again:
            try:
                results[index] = alone.call(inspect_file, files[index], hints[index], options[index], text_cache)
            except ReaderDied as died:
                results[index] = (DocumentReport(file=str(files[index]), doc=files[index].stem, status="failed",
                                                 reason=str(died)), "")
    return [results[i] for i in range(len(files))]


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
