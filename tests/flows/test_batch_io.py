"""Question batches from CSV / JSONL / YAML, and results files that survive a kill."""

from __future__ import annotations

import json

import pytest

from finrag.models import Answer, Citation, RunRecord
from flows.batch_io import (
    BatchFormatError,
    ResultsLog,
    question_id,
    read_question_dir,
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
        ("bad.jsonl", '{"question": "x?"}\n{not json\n', "bad.jsonl:2"),
        ("q.txt", "What?", "unsupported"),
    ],
)
def test_unreadable_batches_say_where_and_why(tmp_path, name, content, message):
    f = tmp_path / name
    f.write_text(content, encoding="utf-8")
    with pytest.raises(BatchFormatError, match=message):
        read_questions(f)


def test_question_dir_reads_every_question_file(tmp_path):
    (tmp_path / "b.csv").write_text("question\nWhat is ROE?\n", encoding="utf-8")
    (tmp_path / "a.jsonl").write_text('{"question": "What is ROA?"}\n', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("ignored", encoding="utf-8")
    assert [p.name for p in read_question_dir(tmp_path)] == ["a.jsonl", "b.csv"]


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
