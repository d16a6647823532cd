"""How many annual reports' income statements give revenue for both years they print.

Parse-only (no embedding): each annual report of a shared set is read, its statement facts
extracted (loaders.facts), and a report counts when revenue is found for its fiscal year
and the comparative year before it. Prints one line per report and the totals.

    python -m eval.statement_revenue [/work/shared/filings-wild /work/shared/erc-round1 ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from loaders.document import read_document
from loaders.errors import LoadError
from loaders.facts import extract_facts

# documents.jsonl forms that are not a non-US annual report: quarterly and current reports,
# releases, and US 10-Ks (read well already; the 10-K tests guard them)
_NOT_ANNUAL = ("10-K", "10-Q", "8-K", "Earnings", "Press", "Quarterly", "Interim", "Presentation")


def annual_reports(folder: Path) -> list[Path]:
    """The annual reports of a shared set: by its documents.jsonl labels, else every PDF."""
    labels = folder / "documents.jsonl"
    if not labels.exists():
        return sorted((folder / "pdfs").glob("*.pdf"))
    rows = [json.loads(line) for line in labels.read_text().splitlines() if line.strip()]
    return [folder / "pdfs" / r["file"] for r in rows if not any(k in r.get("form", "") for k in _NOT_ANNUAL)]


def main(argv: list[str]) -> int:
    folders = [Path(a) for a in argv] or [Path("/work/shared/filings-wild")]
    both = total = 0
    for folder in folders:
        for pdf in annual_reports(folder):
            try:
                meta, pages = read_document(pdf)
            except LoadError as err:
                print(f"{pdf.name}: unreadable ({err})")
                continue
            total += 1
            revenue = {f.fiscal_year: f for f in extract_facts(meta, pages) if f.metric == "revenue" and f.period == "FY"}
            year = meta.fiscal_year
            ok = year is not None and year in revenue and year - 1 in revenue
            both += ok
            shown = ", ".join(
                f"FY{y} {f.value:,.3f}M {getattr(f, 'currency', None) or '?'} (p{f.page})" for y, f in sorted(revenue.items())
            )
            print(f"{'OK ' if ok else '-- '} {pdf.name}: {meta.company} FY{year} form={meta.form}: {shown or 'no revenue'}")
    print(f"annual reports with revenue for both years: {both}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
