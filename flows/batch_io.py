"""Question batches in, run records out — files only, no answering.

Reading: CSV, JSONL or YAML files of questions become `Question` objects. Only the
`question` column is required; `id`, `company`, `period`, gold `answer` (alias `gold`),
`expected_strategy` (alias `strategy`) and `type` are optional. A missing id is derived from
the question text, so the same question keeps the same id across runs (that is what lets
an interrupted batch resume).

Writing: `ResultsLog` appends one `RunRecord` per line to results.jsonl as each answer is
made, so a killed process loses at most the line it was writing; reading back discards
such a torn last line. Whole-file outputs (CSV, reports) are written to a temporary file
and renamed over the target, so readers never see half a file.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from finrag.models import Question, RunRecord

QUESTION_SUFFIXES = (".csv", ".jsonl", ".yaml", ".yml")

# Column names people actually use in spreadsheets -> Question field.
_ALIASES = {
    "gold": "answer",
    "gold_answer": "answer",
    "strategy": "expected_strategy",
    "question_type": "type",
    "company_hint": "company",
}


class BatchFormatError(ValueError):
    """A question file that cannot be read; the message says which file, row and why."""


def question_id(text: str) -> str:
    """Short stable id from the question text (whitespace and case do not matter)."""
    normalized = " ".join(text.split()).lower()
    return "q-" + hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:10]


def read_questions(path: str | Path) -> list[Question]:
    """Read a question batch; the format is chosen by the file suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    text = path.read_text(encoding="utf-8-sig")  # -sig: spreadsheets often write a BOM
    if suffix == ".csv":
        rows = list(csv.DictReader(io.StringIO(text)))
    elif suffix == ".jsonl":
        rows = [_json_row(path, n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    elif suffix in (".yaml", ".yml"):
        rows = _yaml_rows(path, text)
    else:
        raise BatchFormatError(f"{path}: unsupported question file type {suffix!r} (use .csv, .jsonl or .yaml)")
    return _to_questions(path, rows)


def read_question_dir(folder: str | Path) -> dict[Path, list[Question]]:
    """Every question file in a folder (not recursive), sorted by name."""
    files = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in QUESTION_SUFFIXES)
    return {p: read_questions(p) for p in files}


def _json_row(path: Path, line_no: int, line: str) -> dict[str, Any]:
    try:
        row = json.loads(line)
    except json.JSONDecodeError as e:
        raise BatchFormatError(f"{path}:{line_no}: not valid JSON ({e.msg})") from e
    if not isinstance(row, dict):
        raise BatchFormatError(f"{path}:{line_no}: expected a JSON object per line")
    return row


def _yaml_rows(path: Path, text: str) -> list[dict[str, Any]]:
    data = yaml.safe_load(text) or []
    if isinstance(data, dict):  # allow `questions: [...]` as well as a bare list
        data = data.get("questions", [])
    if not isinstance(data, list):
        raise BatchFormatError(f"{path}: expected a list of questions")
    # A bare string item is a question without metadata.
    return [{"question": item} if isinstance(item, str) else item for item in data]


def _to_questions(path: Path, rows: list[dict[str, Any]]) -> list[Question]:
    questions: list[Question] = []
    seen: dict[str, int] = {}
    for n, raw in enumerate(rows, 1):
        if not isinstance(raw, dict):
            raise BatchFormatError(f"{path}: item {n} is not a mapping")
        row = _normalize(raw)
        if not row.get("question"):
            raise BatchFormatError(f"{path}: item {n} has no 'question'")
        row.setdefault("id", question_id(row["question"]))
        try:
            q = Question(**{k: v for k, v in row.items() if k in Question.model_fields})
        except ValidationError as e:
            raise BatchFormatError(f"{path}: item {n}: {e.errors()[0]['msg']}") from e
        if q.id in seen:
            # Results are keyed by id: two rows with one id would overwrite each other.
            raise BatchFormatError(f"{path}: item {n} repeats id {q.id!r} of item {seen[q.id]}")
        seen[q.id] = n
        questions.append(q)
    return questions


def _normalize(raw: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for key, value in raw.items():
        name = _ALIASES.get(str(key).strip().lower(), str(key).strip().lower())
        if isinstance(value, str):
            value = value.strip()
            if value == "":  # empty CSV cells mean "not given"
                continue
        if name in row and row[name] not in (None, ""):
            continue  # the canonical column wins over its alias
        row[name] = value
    if row.get("id") is not None:
        row["id"] = str(row["id"])
    answer = row.get("answer")
    if isinstance(answer, str) and re.fullmatch(r"-?\d+(\.\d+)?", answer):
        row["answer"] = float(answer)  # CSV gives strings; scorers compare numbers as numbers
    return row


# --------------------------------------------------------------------------- results


class ResultsLog:
    """Append-only results.jsonl: one RunRecord per line, each written the moment it exists.

    A line is in the kernel once `append` returns, so a killed process loses nothing. Lines
    reach the disk itself (fsync) at most SYNC_INTERVAL_S apart and on `sync()`: an fsync
    per line cost more than Prefect itself in `finrag bench batch`, and a machine crash
    then costs at most the last second of answers, which a re-run makes again.
    """

    SYNC_INTERVAL_S = 1.0

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._last_sync = time.monotonic()

    def read(self) -> list[RunRecord]:
        """Records on disk; a torn or unreadable line (from a kill mid-write) is dropped."""
        if not self.path.exists():
            return []
        return list(_parse_records(self.path.read_text(encoding="utf-8")))

    def rewrite(self, records: Iterable[RunRecord]) -> None:
        """Replace the file with exactly these records (atomically)."""
        write_text_atomic(self.path, "".join(r.model_dump_json() + "\n" for r in records))

    def append(self, record: RunRecord) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(record.model_dump_json() + "\n")
            f.flush()
            if time.monotonic() - self._last_sync >= self.SYNC_INTERVAL_S:
                self._fsync(f.fileno())

    def sync(self) -> None:
        """Make every appended line durable on disk."""
        if self.path.exists():
            with self.path.open("rb") as f:
                self._fsync(f.fileno())

    def _fsync(self, fd: int) -> None:
        os.fsync(fd)
        self._last_sync = time.monotonic()


def _parse_records(text: str) -> Iterator[RunRecord]:
    for line in text.splitlines(keepends=True):
        if not line.endswith("\n"):
            return  # torn last line
        try:
            yield RunRecord.model_validate_json(line)
        except ValidationError:
            continue


CSV_COLUMNS = [
    "id", "question", "status", "answer", "strategy", "citations", "gold", "type",
    "expected_strategy", "route_reason", "stopped_by", "searches", "llm_calls",
    "tokens_in", "tokens_out", "cost_usd", "latency_s", "reason", "config_hash", "store_version",
]  # fmt: skip


def records_csv(records: Iterable[RunRecord]) -> str:
    """Spreadsheet view of run records: one row per question, citations as `doc p.N` (one-based)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    for r in records:
        a = r.answer
        writer.writerow(
            {
                "id": r.id,
                "question": r.question,
                "status": a.status,
                "answer": a.answer,
                "strategy": a.strategy,
                "citations": format_citations(r),
                "gold": "" if r.gold is None else json.dumps(r.gold) if not isinstance(r.gold, str) else r.gold,
                "type": r.type or "",
                "expected_strategy": r.expected_strategy or "",
                "route_reason": a.route_reason,
                "stopped_by": a.stopped_by or "",
                "searches": a.searches,
                "llm_calls": a.llm_calls,
                "tokens_in": a.tokens_in,
                "tokens_out": a.tokens_out,
                "cost_usd": f"{a.cost_usd:.6f}",
                "latency_s": f"{a.latency_s:.3f}",
                "reason": a.reason or "",
                "config_hash": r.config_hash,
                "store_version": r.store_version,
            }
        )
    return buf.getvalue()


def format_citations(record: RunRecord) -> str:
    """Citations for people: `doc p.N` with one-based page numbers."""
    return "; ".join(f"{c.doc} p.{c.page + 1}" for c in record.answer.citations)


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write via a temporary file in the same directory and rename it over `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
