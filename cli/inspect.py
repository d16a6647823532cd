"""`finrag inspect PATH... [--json] [--manifest F]`: what FinRAG reads from PDFs
(loaders.inspect), as a table for people or JSON for programs."""

from __future__ import annotations

import json
from pathlib import Path

from finrag.config import load_settings
from finrag.console import table_text
from finrag.models import DocumentReport
from loaders.inspect import inspect_paths
from loaders.manifest import read_manifest
from loaders.pdf_text import PdfOptions


def format_table(reports: list[DocumentReport]) -> str:
    headers = ["file", "company", "FY", "period end", "form", "pages", "low confidence", "status"]
    rows = [
        [
            Path(r.file).name,
            r.company or "?",
            str(r.fiscal_year or "?"),
            r.period_end or "?",
            r.form,
            str(r.pages),
            ", ".join(r.low_confidence) or "-",
            _status(r),
        ]
        for r in reports
    ]
    lines = [table_text(headers, rows, right=["FY", "pages"])]
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


def _status(r: DocumentReport) -> str:
    said = [r.reason] if r.reason else []
    if r.repaired:
        said.append(r.repaired)
    if r.ocr_pages:
        said.append(f"{len(r.ocr_pages)} page(s) read by OCR")
    if r.unreadable_pages:
        said.append(f"{len(r.unreadable_pages)} page(s) unreadable: p.{_one_based(r.unreadable_pages)}")
    return r.status + (": " + "; ".join(said) if said else "")


def _one_based(pages: list[int]) -> str:
    return ",".join(str(p + 1) for p in pages[:4]) + ("…" if len(pages) > 4 else "")


def run(args) -> int:
    manifest = read_manifest(args.manifest) if getattr(args, "manifest", None) else None
    reports = inspect_paths(args.paths, manifest, options=PdfOptions.from_settings(load_settings()))
    if getattr(args, "json", False):
        print(json.dumps({"documents": [r.model_dump() for r in reports]}, indent=2))
    else:
        print(format_table(reports))
    return 0 if all(r.status == "ok" for r in reports) else 1
