"""What FinRAG reads from PDFs without chunking or embedding: text, metadata and page tags.

Files are read in worker processes (pdfium is not thread-safe, so threads would not run
in parallel), each with a memory budget (FINRAG_PDF_MAX_MEMORY_MB); a file that breaks its
process fails alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import resource
import signal
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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


def _start_reader(budget_mb: int) -> None:
    """A reader process: default signal handling (a forked copy of the CLI's SIGTERM
    handler would print a traceback when the pool stops its workers), a memory budget."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    bound_memory(budget_mb)


def bound_memory(budget_mb: int) -> None:
    """A reader process may grow by `budget_mb` over what it holds at start (its address
    space is capped): a file that inflates past it fails in that process, with the reason,
    instead of taking the machine's memory (a 1 MB Flate bomb inflates to 2 GB)."""
    try:
        status = Path("/proc/self/status").read_text()
        size_kb = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmSize:")))
    except (OSError, StopIteration, ValueError):
        return  # not Linux: no cap
    limit = size_kb * 1024 + budget_mb * 2**20
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


def _in_processes(files: list[Path], hints: list, options: list, workers: int,
                  text_cache: Path | None = None) -> list[tuple[DocumentReport, str]]:
    """Each file read in a worker process. A file that kills its worker (out of memory, a
    crash inside pdfium) breaks the pool for every file in flight; those are read again,
    each alone, so the one that kills its worker fails by itself, named, and the others
    get their reports."""
    results: dict[int, tuple[DocumentReport, str]] = {}
    budget = (options[0] or PdfOptions()).max_memory_mb if options else PdfOptions().max_memory_mb
    bounded = {"initializer": _start_reader, "initargs": (budget,)}
    with ProcessPoolExecutor(max_workers=workers, **bounded) as pool:
        futures = [pool.submit(inspect_file, f, h, o, text_cache) for f, h, o in zip(files, hints, options, strict=True)]
        for index, future in enumerate(futures):
            with contextlib.suppress(BrokenProcessPool):  # read again below, alone
                results[index] = future.result()
    for index in [i for i in range(len(files)) if i not in results]:
        with ProcessPoolExecutor(max_workers=1, **bounded) as alone:
            try:
                results[index] = alone.submit(inspect_file, files[index], hints[index], options[index],
                                              text_cache).result()
            except BrokenProcessPool:
                results[index] = (DocumentReport(file=str(files[index]), doc=files[index].stem, status="failed",
                                                 reason="the reader process died on this file (out of memory, or "
                                                        "a crash inside the PDF library)"), "")
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
