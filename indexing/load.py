"""Load one planned file: parse + chunk in the loader; bad input becomes a failed report."""

from __future__ import annotations

import logging
import time

from finrag.config import Settings
from finrag.models import DocumentReport, LoadedDocument
from indexing.plan import FileJob, document_report
from loaders import LoadError, PdfOptions, load_document
from loaders.inspect import unreadable_reason

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


def pdf_options(settings: Settings) -> PdfOptions:
    """loaders.PdfOptions from FINRAG_PDF_MAX_MB / FINRAG_PDF_MAX_PAGES."""
    return PdfOptions.from_settings(settings)
