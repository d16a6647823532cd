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

from pydantic import BaseModel, ValidationError, field_validator

from finrag.errors import UserError
from finrag.models import FormType
from finrag.text_files import TextFileError, read_text

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


class ManifestError(UserError, ValueError):
    """A manifest that cannot be used; the message names the file, the line and why."""


def read_manifest(path: str | Path) -> dict[str, DocumentHints]:
    """{file name or stem: hints} from a CSV (header row) or JSONL file.

    Raises ManifestError naming the file and line (missing file, unreadable encoding,
    bad JSON, a row without a file name, a bad value).
    """
    path = Path(path)
    try:
        text = read_text(path)
    except TextFileError as err:
        raise ManifestError(str(err)) from None
    rows: list[tuple[int, object]] = []
    if path.suffix.lower() in (".jsonl", ".json", ".ndjson"):
        for line_no, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    rows.append((line_no, json.loads(line)))
                except json.JSONDecodeError as err:
                    raise ManifestError(f"{path}:{line_no}: not valid JSON ({err.msg})") from None
    else:
        reader = csv.DictReader(text.splitlines())
        rows = [(reader.line_num, row) for row in reader]
    manifest: dict[str, DocumentHints] = {}
    for line_no, row in rows:
        if not isinstance(row, dict):
            raise ManifestError(f"{path}:{line_no}: expected an object with a file name and hints")
        key = next((str(row[c]) for c in _KEY_COLUMNS if row.get(c)), None)
        if key is None:
            raise ManifestError(f"{path}:{line_no}: names no file (columns {', '.join(_KEY_COLUMNS)})")
        if "fiscal_year" not in row and row.get("year"):
            row["fiscal_year"] = row["year"]
        if "form" not in row and row.get("doc_type"):
            row["form"] = row["doc_type"]
        try:
            manifest[Path(key).name] = DocumentHints.model_validate(row)
        except ValidationError as err:
            first = err.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "row"
            raise ManifestError(f"{path}:{line_no}: {field}: {first['msg']}") from None
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
