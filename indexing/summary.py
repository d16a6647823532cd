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


def ingest_warnings(reports: list[DocumentReport]) -> list[str]:
    """One line per filing an analyst should check: company or period read as a guess
    (check with `finrag inspect`, correct with `finrag catalog alias` or a manifest), pages
    read by OCR, and pages nobody could read (left out of the index)."""
    lines = []
    for r in reports:
        if r.status not in ("ingested", "unchanged"):
            continue
        weak = [f for f in r.low_confidence if f in ("company", "fiscal_year", "period")]
        if weak:
            said = ", ".join(
                f"{f} {getattr(r, f)!r}"
                + (f" ({r.sources[f].source}, {r.sources[f].confidence:.2f})" if f in r.sources else " (not found)")
                for f in weak
            )
            lines.append(f"warning: {r.doc}: low confidence in {said}")
        if r.repaired:
            lines.append(f"note: {r.doc}: {r.repaired}")
        if r.unreadable_pages:
            lines.append(f"warning: {r.doc}: {len(r.unreadable_pages)} page(s) unreadable, left out: "
                         f"{_page_list(r.unreadable_pages)}")  # fmt: skip
        if r.ocr_pages:
            lines.append(f"note: {r.doc}: {len(r.ocr_pages)} page(s) read by OCR: {_page_list(r.ocr_pages)}")
    return lines


def _page_list(pages: list[int], shown: int = 10) -> str:
    """One-based page numbers, as a reader counts them."""
    numbers = ", ".join(str(p + 1) for p in pages[:shown])
    return numbers + (f" and {len(pages) - shown} more" if len(pages) > shown else "")


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
