"""Per-file ingest reports as table rows, counts and progress lines (CLI and flow)."""

from __future__ import annotations

from typing import Any

from finrag.console import table_text
from finrag.models import DocumentReport

SUMMARY_COLUMNS = ("document", "company", "period", "form", "pages", "chunks", "status", "reason", "seconds")


def summary_row(report: DocumentReport) -> dict[str, Any]:
    return {
        "document": report.doc,
        "company": report.company or "",
        "period": report.period or "",
        "form": report.form,
        "pages": report.pages,
        "chunks": "" if report.chunks is None else report.chunks,
        "status": report.status,
        "reason": report.reason,
        "seconds": f"{report.seconds:.1f}",
    }


def status_counts(reports: list[DocumentReport]) -> str:
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "no files"


def format_table(reports: list[DocumentReport]) -> str:
    return table_text(SUMMARY_COLUMNS, [list(summary_row(r).values()) for r in reports],
                      right=["pages", "chunks", "seconds"])  # fmt: skip


def progress_line(report: DocumentReport, done: int, total: int) -> str:
    detail = report.reason or (f"{report.chunks} chunks" if report.chunks else "")
    return f"[{done}/{total}] {report.doc}: {report.status}" + (f" — {detail}" if detail else "") + (
        f" ({report.seconds:.1f} s)" if report.seconds else ""
    )
