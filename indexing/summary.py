"""Per-file ingest reports as table rows, counts and progress lines (CLI and flow)."""

from __future__ import annotations

from typing import Any

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


def low_confidence_warnings(reports: list[DocumentReport]) -> list[str]:
    """One line per filing whose company or period was read as a guess: check it
    (`finrag inspect`) and correct it (`finrag catalog alias`, or a manifest)."""
    lines = []
    for r in reports:
        weak = [f for f in r.low_confidence if f in ("company", "fiscal_year", "period")]
        if r.status in ("ingested", "unchanged") and weak:
            said = ", ".join(
                f"{f} {getattr(r, f)!r}"
                + (f" ({r.sources[f].source}, {r.sources[f].confidence:.2f})" if f in r.sources else " (not found)")
                for f in weak
            )
            lines.append(f"warning: {r.doc}: low confidence in {said}")
    return lines


def status_counts(reports: list[DocumentReport]) -> str:
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "no files"


def format_table(reports: list[DocumentReport]) -> str:
    rows = [[str(v) for v in summary_row(r).values()] for r in reports]
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(SUMMARY_COLUMNS)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(SUMMARY_COLUMNS, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    return "\n".join(lines)


def progress_line(report: DocumentReport, done: int, total: int) -> str:
    detail = report.reason or (f"{report.chunks} chunks" if report.chunks else "")
    return f"[{done}/{total}] {report.doc}: {report.status}" + (f" — {detail}" if detail else "") + (
        f" ({report.seconds:.1f} s)" if report.seconds else ""
    )
