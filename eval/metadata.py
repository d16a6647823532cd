"""`finrag eval metadata --financebench DIR [--json]`: does `inspect` read company,
fiscal year and form from the documents themselves?

The PDFs are copied under meaningless, shuffled names (doc_001.pdf, ...) so that file
names give nothing away; the reports are compared with documents.jsonl.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import tempfile
from pathlib import Path

from pydantic import BaseModel

from finrag.models import DocumentReport
from loaders.inspect import inspect_paths

TARGET = 0.95
FIELDS = ("company", "fiscal_year", "form")
_SUFFIXES = re.compile(
    r"\b(?:inc|incorporated|corporation|corp|company|co|ltd|limited|plc|the|group|holdings)\b\.?"
)
_FORMS = {"10k": "10-K", "10q": "10-Q", "8k": "8-K", "earnings": "earnings"}


class Labelled(BaseModel):
    doc_name: str
    company: str
    doc_type: str
    doc_period: int


class Miss(BaseModel):
    doc_name: str
    field: str
    expected: str
    got: str


class MetadataEval(BaseModel):
    documents: int
    accuracy: dict[str, float]
    misses: list[Miss]
    seconds: float


def company_key(name: str | None) -> str:
    """Case-, punctuation- and suffix-insensitive form: 'PepsiCo, Inc.' -> 'pepsico'."""
    text = (name or "").lower().replace(".com", "").replace("&", " and ")
    text = _SUFFIXES.sub(" ", text)
    return " ".join(re.sub(r"[^a-z0-9 ]", " ", text).split())


def evaluate(financebench_dir: Path, workers: int | None = None) -> MetadataEval:
    labels = [
        Labelled.model_validate_json(line)
        for line in (financebench_dir / "documents.jsonl").read_text().splitlines()
        if line.strip()
    ]
    labels = [lab for lab in labels if (financebench_dir / "pdfs" / f"{lab.doc_name}.pdf").is_file()]
    order = list(range(len(labels)))
    random.Random(2311).shuffle(order)  # deterministic, unrelated to the original order
    with tempfile.TemporaryDirectory(prefix="finrag-metadata-") as tmp:
        copies = {}
        for position, index in enumerate(order, start=1):
            target = Path(tmp) / f"doc_{position:03d}.pdf"
            shutil.copyfile(financebench_dir / "pdfs" / f"{labels[index].doc_name}.pdf", target)
            copies[target.name] = labels[index]
        reports = inspect_paths(sorted(Path(tmp).glob("*.pdf")), workers=workers)
    by_name = {Path(r.file).name: r for r in reports}
    misses: list[Miss] = []
    for name, label in copies.items():
        misses.extend(_compare(label, by_name[name]))
    total = len(copies)
    accuracy = {
        field: round(1 - sum(m.field == field for m in misses) / max(total, 1), 4) for field in FIELDS
    }
    seconds = round(sum(r.seconds for r in reports), 1)
    return MetadataEval(documents=total, accuracy=accuracy, misses=misses, seconds=seconds)


def _compare(label: Labelled, report: DocumentReport) -> list[Miss]:
    expected_form = _FORMS.get(label.doc_type.lower(), label.doc_type)
    checks = [
        ("company", label.company, report.company, company_key(label.company) == company_key(report.company)),
        ("fiscal_year", str(label.doc_period), str(report.fiscal_year), label.doc_period == report.fiscal_year),
        ("form", expected_form, report.form, expected_form == report.form),
    ]
    got_suffix = f" ({report.reason})" if report.status == "failed" else ""
    return [
        Miss(doc_name=label.doc_name, field=field, expected=expected, got=f"{got}{got_suffix}")
        for field, expected, got, ok in checks
        if not ok
    ]


def format_result(result: MetadataEval) -> str:
    lines = [f"metadata read from content, {result.documents} documents under meaningless names", ""]
    lines.append(f"{'field':<12} {'accuracy':>8}  target {TARGET:.0%}")
    for field, value in result.accuracy.items():
        mark = "ok" if value >= TARGET else "BELOW TARGET"
        lines.append(f"{field:<12} {value:>8.1%}  {mark}")
    lines.append("")
    if result.misses:
        lines.append("misses:")
        lines.extend(f"  {m.doc_name}: {m.field} expected {m.expected!r}, got {m.got!r}" for m in result.misses)
    else:
        lines.append("misses: none")
    lines.append(f"(parse time summed over files: {result.seconds:.1f}s)")
    return "\n".join(lines)


def run_cli(args) -> int:
    result = evaluate(Path(args.financebench))
    if getattr(args, "json", False):
        print(json.dumps(result.model_dump(), indent=2))
    else:
        print(format_result(result))
    return 0 if all(v >= TARGET for v in result.accuracy.values()) else 1
