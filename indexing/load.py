"""Load one planned file: parse + chunk in the loader; bad input becomes a failed report.

Ingest reads each file in a reader process with a memory budget (`load_isolated`,
loaders.reader_process): a file that inflates past it or crashes the PDF library fails
alone, named, and the run goes on."""

from __future__ import annotations

import logging
import time

from finrag.config import Settings
from finrag.models import DocumentReport, LoadedDocument
from indexing.plan import FileJob, document_report
from loaders import LoadError, PdfOptions, load_document
from loaders.inspect import unreadable_reason
from loaders.reader_process import ReaderDied, ReaderProcess

log = logging.getLogger(__name__)


def load_job(job: FileJob, options: PdfOptions | None = None) -> LoadedDocument | DocumentReport:
    """Parse + chunk one file; unreadable input, or input over the limits in `options`, becomes a failed report, never an exception."""
    started = time.perf_counter()
    try:
        loaded = load_document(job.path, job.hints, options, sha256=job.sha256)
    except LoadError as err:
        return document_report(job.path, job.doc, "failed", err.reason, seconds=time.perf_counter() - started,
                               bad_file=True)
    except Exception as err:  # a file the readers choke on must not stop the batch; say what broke
        log.debug("loading %s failed", job.path, exc_info=True)  # the traceback with --debug only
        return document_report(job.path, job.doc, "failed", unreadable_reason(err),
                               seconds=time.perf_counter() - started, bad_file=True)
    finally:
        job.timings.parse = time.perf_counter() - started
    if not loaded.chunks:
        return document_report(job.path, job.doc, "failed", "no text to index", meta=loaded.meta,
                               seconds=job.timings.parse, bad_file=True)
    return loaded


def load_isolated(job: FileJob, options: PdfOptions | None, reader: ReaderProcess) -> LoadedDocument | DocumentReport:
    """`load_job` in the reader process; a file that ends that process fails with the reason."""
    started = time.perf_counter()
    try:
        return reader.call(load_job, job, options)
    except ReaderDied as died:
        log.debug("%s: %s", job.path, died)
        return document_report(job.path, job.doc, "failed", str(died), seconds=time.perf_counter() - started)
    finally:
        job.timings.parse = time.perf_counter() - started  # the reader's copy of the job is not this one


def reader_process(options: PdfOptions) -> ReaderProcess:
    """The ingest's reader process, with FINRAG_PDF_MAX_MEMORY_MB as its budget."""
    return ReaderProcess(options.max_memory_mb)


def pdf_options(settings: Settings) -> PdfOptions:
    """loaders.PdfOptions from FINRAG_PDF_MAX_MB / FINRAG_PDF_MAX_PAGES."""
    return PdfOptions.from_settings(settings)
