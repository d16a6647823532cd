"""`finrag inspect PATH... [--json] [--manifest F]`: what FinRAG reads from PDFs.

No chunking and no embedding: text, metadata and page tags only. Files are read in
worker processes (pdfium is not thread-safe, so threads would not run in parallel).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from finrag.config import load_settings
from finrag.models import DocumentReport
from loaders.document import read_document
from loaders.errors import LoadError
from loaders.manifest import DocumentHints, hints_for, read_manifest
from loaders.pdf_text import PdfLimits


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given; directories become their *.pdf files, sorted."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix.lower() == ".pdf"))
        else:
            files.append(path)
    return files


def inspect_file(
    path: Path, hints: DocumentHints | None = None, limits: PdfLimits | None = None
) -> tuple[DocumentReport, str]:
    """The report for one file and the sha256 of its bytes ("" when it failed)."""
    started = time.perf_counter()
    try:
        meta, _pages = read_document(path, hints, limits)
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
    limits: PdfLimits | None = None,
) -> list[DocumentReport]:
    """One report per file, in input order; a duplicate (same bytes) is named as such.

    A file over `limits` (default: Settings' defaults) is reported failed with the reason.
    """
    files = expand_paths(paths)
    hints = [hints_for(manifest, f) if manifest else None for f in files]
    each_limits = [limits] * len(files)
    workers = workers or min(len(files), os.cpu_count() or 1)
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(inspect_file, files, hints, each_limits))
    else:
        results = [inspect_file(f, h, lim) for f, h, lim in zip(files, hints, each_limits, strict=True)]
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


def format_table(reports: list[DocumentReport]) -> str:
    headers = ["file", "company", "FY", "period end", "form", "pages", "status"]
    rows = [
        [
            Path(r.file).name,
            r.company or "?",
            str(r.fiscal_year or "?"),
            r.period_end or "?",
            r.form,
            str(r.pages),
            r.status if not r.reason else f"{r.status}: {r.reason}",
        ]
        for r in reports
    ]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers[:-1])]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, [*widths, 0], strict=True)).rstrip()]
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, [*widths, 0], strict=True)).rstrip())
    tagged = [r for r in reports if r.page_tags]
    if tagged:
        lines.append("")
        lines.append("statement pages (p. = one-based page numbers):")
        for r in tagged:
            shown = ", ".join(
                f"{tag} p.{_one_based(pages)}"
                for tag, pages in r.page_tags.items()
                if tag in ("income_statement", "balance_sheet", "cash_flow")
            )
            lines.append(f"  {Path(r.file).name}: {shown or '-'}")
    return "\n".join(lines)


def _one_based(pages: list[int]) -> str:
    return ",".join(str(p + 1) for p in pages[:4]) + ("…" if len(pages) > 4 else "")


def run(args) -> int:
    manifest = read_manifest(args.manifest) if getattr(args, "manifest", None) else None
    reports = inspect_paths(args.paths, manifest, limits=PdfLimits.from_settings(load_settings()))
    if getattr(args, "json", False):
        print(json.dumps({"documents": [r.model_dump() for r in reports]}, indent=2))
    else:
        print(format_table(reports))
    return 0 if all(r.status == "ok" for r in reports) else 1
