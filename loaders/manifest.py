"""Optional hints about documents: a manifest file (CSV or JSONL) and the file name.

Hints may override what was read from the content (a user knows better), but nothing
requires them: without a manifest, and with meaningless file names, metadata comes
from the documents themselves.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from pydantic import BaseModel, field_validator

from finrag.models import FormType

_FORMS: dict[str, FormType] = {
    "10k": "10-K",
    "10q": "10-Q",
    "8k": "8-K",
    "earnings": "earnings",
    "annual": "annual",
    "other": "other",
}
_KEY_COLUMNS = ("file", "doc_name", "doc", "name", "path")


class DocumentHints(BaseModel):
    company: str | None = None
    fiscal_year: int | None = None
    period: str | None = None  # "FY2022" or "2023Q2"
    form: FormType | None = None

    @field_validator("form", mode="before")
    @classmethod
    def _form(cls, value: object) -> object:
        if value in (None, ""):
            return None
        key = re.sub(r"[^a-z0-9]", "", str(value).lower())
        if key not in _FORMS:
            raise ValueError(f"unknown form {value!r}; use one of {sorted(set(_FORMS.values()))}")
        return _FORMS[key]

    @field_validator("company", "period", "fiscal_year", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if value == "" else value


def read_manifest(path: str | Path) -> dict[str, DocumentHints]:
    """{file name or stem: hints} from a CSV (header row) or JSONL file."""
    path = Path(path)
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix.lower() in (".jsonl", ".json", ".ndjson"):
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        rows = list(csv.DictReader(text.splitlines()))
    manifest: dict[str, DocumentHints] = {}
    for number, row in enumerate(rows, start=1):
        key = next((str(row[c]) for c in _KEY_COLUMNS if row.get(c)), None)
        if key is None:
            raise ValueError(f"{path}: row {number} names no file (columns {_KEY_COLUMNS})")
        if "fiscal_year" not in row and row.get("year"):
            row["fiscal_year"] = row["year"]
        if "form" not in row and row.get("doc_type"):
            row["form"] = row["doc_type"]
        manifest[Path(key).name] = DocumentHints.model_validate(row)
    return manifest


def hints_for(manifest: dict[str, DocumentHints], path: Path) -> DocumentHints | None:
    return manifest.get(path.name) or manifest.get(path.stem)


_NAME_FORM = re.compile(r"(?:^|[_\-\s.])(10-?k|10-?q|8-?k|earnings)(?:$|[_\-\s.])", re.I)
_NAME_YEAR = re.compile(r"(?:^|[_\-\s])((?:19|20)\d\d)(?:Q([1-4]))?(?:$|[_\-\s])")


def hints_from_file_name(path: Path) -> DocumentHints:
    """Form and period a descriptive file name states ('PEPSICO_2023Q1_EARNINGS')."""
    stem = path.stem
    hints = DocumentHints()
    if m := _NAME_FORM.search(stem):
        hints.form = DocumentHints(form=m.group(1)).form
    if m := _NAME_YEAR.search(stem):
        hints.fiscal_year = int(m.group(1))
        hints.period = f"{m.group(1)}Q{m.group(2)}" if m.group(2) else None
    return hints
