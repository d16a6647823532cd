"""Question batches in, run records out — files only, no answering.

Reading: CSV, JSONL or YAML files of questions become `Question` objects. Only the
`question` column is required; `id`, `company`, `period`, gold `answer` (alias `gold`),
`expected_strategy` (alias `strategy`) and `type` are optional. A missing id is derived from
the question text, so the same question keeps the same id across runs (that is what lets
an interrupted batch resume).

Files are read the way people make them: UTF-8 with or without a BOM, UTF-16 with a BOM
(Excel's "Unicode text"), cp1252 as a fallback (Excel's plain "CSV" on Windows); a CSV's
delimiter is the header's comma, semicolon or tab. YAML is read without aliases (a
380-byte alias bomb would otherwise expand to gigabytes). A problem with the whole file
raises `BatchFormatError` naming the file (and line); a problem with one row (a JSONL line
that is not JSON, no question, a question that is not text, a cell or row over the size
limits, a bad field) becomes a
`Question` with `problem` set, which a batch records as a failed answer without answering.

Writing: `ResultsLog` appends one `RunRecord` per line to results.jsonl as each answer is
made, so a killed process loses at most the line it was writing; reading back discards
such a torn last line. Whole-file outputs (CSV, reports) are written to a temporary file
and renamed over the target, so readers never see half a file. CSV cells that a
spreadsheet would run as a formula are escaped.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from pydantic import ValidationError

from finrag import text_files
from finrag.errors import UsageError, UserError
from finrag.models import Question, RunRecord
from finrag.text_files import write_text_atomic

QUESTION_SUFFIXES = (".csv", ".jsonl", ".yaml", ".yml")

# Input limits: a question file is typed by people, not generated data.
MAX_FILE_BYTES = text_files.MAX_TEXT_FILE_BYTES  # the whole file; larger is refused before reading
MAX_QUESTION_CHARS = 4_000  # one question's text
MAX_CELL_CHARS = 64_000  # any other cell (gold answers can be long)
MAX_ROW_CHARS = 128_000  # all cells of one row together

# Column names people actually use in spreadsheets -> Question field.
_ALIASES = {
    "gold": "answer",
    "gold_answer": "answer",
    "strategy": "expected_strategy",
    "question_type": "type",
    "company_hint": "company",
}


class BatchFormatError(UserError, ValueError):
    """A question file that cannot be read; the message says which file, line and why."""


def question_id(text: str) -> str:
    """Short stable id from the question text (whitespace and case do not matter)."""
    normalized = " ".join(text.split()).lower()
    return "q-" + hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:10]


def read_questions(path: str | Path) -> list[Question]:
    """Read a question batch; the format is chosen by the file suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in QUESTION_SUFFIXES:
        raise BatchFormatError(f"{path}: unsupported question file type {suffix!r} (use .csv, .jsonl or .yaml)")
    text = read_text(path)
    if suffix == ".csv":
        rows = _csv_rows(path, text)
    elif suffix == ".jsonl":
        rows = _jsonl_rows(path, text)
    else:
        rows = _yaml_rows(path, text)
    return _to_questions(path, rows)


def read_text(path: Path) -> str:
    try:
        return text_files.read_text(path, MAX_FILE_BYTES)
    except text_files.TextFileError as err:
        raise BatchFormatError(str(err)) from None


def _csv_rows(path: Path, text: str) -> list[tuple[int, Any]]:
    header = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=header.count) if any(d in header for d in ",;\t") else ","
    # The csv module's own per-field limit (128 KiB) raises mid-file; ours is per row below.
    csv.field_size_limit(MAX_FILE_BYTES)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        names = next(reader, None)
        if not names:
            return []
        names = [n.strip() for n in names]
        if "question" not in {_ALIASES.get(n.lower(), n.lower()) for n in names}:
            raise BatchFormatError(f"{path}:1: no 'question' column (columns: {', '.join(names) or 'none'})")
        rows: list[tuple[int, Any]] = []
        line = reader.line_num + 1
        for cells in reader:
            if any(c.strip() for c in cells):
                rows.append((line, dict(zip(names, cells, strict=False))))
            line = reader.line_num + 1
    except csv.Error as err:
        raise BatchFormatError(f"{path}:{reader.line_num}: not valid CSV ({err})") from None
    return rows


class _BadLine(NamedTuple):
    """A JSONL line that is not JSON: a row of its own with this reason, like a bad CSV row."""

    reason: str


def _jsonl_rows(path: Path, text: str) -> list[tuple[int, Any]]:
    """One row per non-blank line; a line that is not JSON is a bad row and the others are read.
    When no line is JSON the file is not JSONL at all: that fails the file, at its first line."""
    rows = [(n, _json_row(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if rows and all(isinstance(raw, _BadLine) for _, raw in rows):
        line, bad = rows[0]
        raise BatchFormatError(f"{path}:{line}: {bad.reason}")
    return rows


def _json_row(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:  # the whole error: what and where in the line
        return _BadLine(f"not valid JSON ({e.msg}: column {e.colno}, char {e.pos})")
    except RecursionError:
        return _BadLine("JSON nested too deeply")


class _NoAliasLoader(yaml.SafeLoader):
    """SafeLoader that refuses aliases: `*name` can expand a few bytes into gigabytes."""

    def compose_node(self, parent, index):  # noqa: ANN001, ANN201 - PyYAML's signature
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not accepted in question files", event.start_mark
            )
        return super().compose_node(parent, index)


def _yaml_rows(path: Path, text: str) -> list[tuple[int, Any]]:
    loader = _NoAliasLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return []
        node = root
        if isinstance(root, yaml.MappingNode):  # allow `questions: [...]` as well as a bare list
            node = next((v for k, v in root.value if k.value == "questions"), None)
            if node is None:
                raise BatchFormatError(f"{path}:{root.start_mark.line + 1}: expected a list of questions "
                                       "or a 'questions:' key")
        if not isinstance(node, yaml.SequenceNode):
            raise BatchFormatError(f"{path}:{node.start_mark.line + 1}: expected a list of questions")
        rows = [(item.start_mark.line + 1, loader.construct_object(item, deep=True)) for item in node.value]
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        raise BatchFormatError(f"{path}{where}: not valid YAML ({problem})") from None
    finally:
        loader.dispose()
    # A bare string item is a question without metadata.
    return [(n, {"question": item} if isinstance(item, str) else item) for n, item in rows]


def _to_questions(path: Path, rows: list[tuple[int, Any]]) -> list[Question]:
    questions: list[Question] = []
    seen: dict[str, int] = {}
    for line, raw in rows:
        q = _to_question(path, line, raw)
        if q.id in seen:
            # Results are keyed by id: two rows with one id would overwrite each other.
            raise BatchFormatError(f"{path}:{line}: repeats id {q.id!r} of line {seen[q.id]}")
        seen[q.id] = line
        questions.append(q)
    return questions


def _to_question(path: Path, line: int, raw: Any) -> Question:
    """The row's Question, or one with `problem` saying (with file and line) why it cannot be asked."""
    where = f"{path.name}:{line}"
    if isinstance(raw, _BadLine):
        return _problem(where, None, None, raw.reason)
    if not isinstance(raw, dict):
        return _problem(where, None, None, f"expected a question or a mapping, got {_kind(raw)}")
    row = _normalize(raw)
    given_id = row.get("id")
    text = row.get("question")
    if text is None:
        return _problem(where, given_id, None, "no 'question'")
    if not isinstance(text, str):
        return _problem(where, given_id, None, f"the question must be text, got {_kind(text)}")
    nul = next((k for k, v in row.items() if _has_nul(v)), None)
    if nul is not None:  # a JSON "\u0000" or YAML "\0": never into results.csv
        clean = lambda v: v.replace("\x00", "") if isinstance(v, str) else v  # noqa: E731
        return _problem(where, clean(given_id), clean(text), f"cell {nul!r} contains a NUL character")
    sizes = {k: len(v) if isinstance(v, str) else len(json.dumps(v, default=str)) for k, v in row.items()}
    if sizes["question"] > MAX_QUESTION_CHARS:
        return _problem(where, given_id, text, f"question is {sizes['question']:,} characters, over the "
                                               f"{MAX_QUESTION_CHARS:,} limit")
    big = next((k for k, n in sizes.items() if n > MAX_CELL_CHARS), None)
    if big is not None:
        return _problem(where, given_id, text, f"cell {big!r} is {sizes[big]:,} characters, over the "
                                               f"{MAX_CELL_CHARS:,} limit")
    if sum(sizes.values()) > MAX_ROW_CHARS:
        return _problem(where, given_id, text, f"row is {sum(sizes.values()):,} characters, over the "
                                               f"{MAX_ROW_CHARS:,} limit")
    row.setdefault("id", question_id(text))
    try:
        return Question(**{k: v for k, v in row.items() if k in Question.model_fields})
    except ValidationError as e:
        error = e.errors()[0]
        field = ".".join(str(p) for p in error["loc"]) or "row"
        return _problem(where, given_id, text, f"{field}: {error['msg']}")


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    return isinstance(value, list | tuple) and any(_has_nul(v) for v in value)


def _problem(where: str, given_id: Any, text: str | None, reason: str) -> Question:
    shown = text if text is None or len(text) <= 200 else text[:200] + "…"
    qid = str(given_id) if given_id not in (None, "") else question_id(text) if shown else f"line-{where.rsplit(':', 1)[1]}"
    return Question(id=qid[:200], question=shown or "", problem=f"{where}: {reason}")


def _kind(value: Any) -> str:
    names = {bool: "true/false", int: "a number", float: "a number", list: "a list", dict: "a mapping"}
    return "nothing" if value is None else names.get(type(value), type(value).__name__)


def _normalize(raw: dict[Any, Any]) -> dict[str, Any]:
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
    "id", "question", "status", "answer", "strategy", "engine", "fallback", "citations", "gold", "type",
    "expected_strategy", "route_reason", "stopped_by", "searches", "llm_calls",
    "tokens_in", "tokens_out", "cost_usd", "latency_s", "reason", "config_hash", "store_version",
    # added at the end so spreadsheets built on the earlier columns keep working
    "kind", "value", "unit", "flags",
]  # fmt: skip


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?([eE][-+]?\d+)?")


def spreadsheet_safe(value: object) -> object:
    """A cell a spreadsheet shows as text: a leading =, +, -, @ would make it a formula
    (a planted report quote or question could run one), so such text gets a leading
    apostrophe; plain numbers stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def records_csv(records: Iterable[RunRecord]) -> str:
    """Spreadsheet view of run records: one row per question, citations as `doc p.N` (one-based)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    for r in records:
        a = r.answer
        row = {
            "id": r.id,
            "question": r.question,
            "status": a.status,
            "answer": a.answer,
            "strategy": a.strategy,
            "engine": a.engine,
            "fallback": a.fallback or "",
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
            "kind": a.kind or "",
            "value": "" if a.value is None else a.value,
            "unit": a.unit or "",
            "flags": "; ".join(a.flags),
        }
        writer.writerow({k: spreadsheet_safe(v) for k, v in row.items()})
    return buf.getvalue()


def format_citations(record: RunRecord) -> str:
    """Citations for people: `doc p.N` with one-based page numbers."""
    return "; ".join(f"{c.doc} p.{c.page + 1}" for c in record.answer.citations)


def check_output_dir(path: str | Path, option: str = "--out") -> Path:
    """An output directory, checked before any work: an existing directory or one that can be made."""
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{option} {path} is a file; give a directory for the results")
    parent = next((p for p in [out, *out.parents] if p.exists()), Path("."))
    if not parent.is_dir():
        raise UsageError(f"{option} {path}: {parent} is a file, not a directory")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"{option} {path}: {parent} is not writable")
    return out


