"""Batches over the sample corpus: one failure stays one failure, and an interrupted batch
resumes without answering anything twice or losing anything."""

from __future__ import annotations

import csv
import os
import shutil
import signal
import subprocess
import time

import pytest

from finrag.models import Question
from flows.answer_batch import run_batch
from flows.batch_io import ResultsLog, read_questions
from flows.resume import config_hash
from tests.support.prefect_server import REPO, VENV_BIN, shared_prefect_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sample_questions(sample_dir) -> list[Question]:
    return read_questions(sample_dir / "questions.jsonl")


def _lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_one_failing_question_is_recorded_and_the_rest_complete(
    sample_settings, sample_services, sample_questions, tmp_path, monkeypatch
):
    import strategies.dispatch as dispatch

    questions = sample_questions[:4]
    doomed = questions[1]
    real = dispatch.answer_question

    def answerer_with_a_bug(question, services, strategy="auto"):
        if question.id == doomed.id:
            raise RuntimeError("strategy exploded")
        return real(question, services, strategy=strategy)

    monkeypatch.setattr(dispatch, "answer_question", answerer_with_a_bug)
    summary, records = run_batch(
        questions, tmp_path, settings=sample_settings, services=sample_services, strategy="single"
    )
    assert [r.id for r in records] == [q.id for q in questions]
    failed = {r.id: r.answer for r in records if r.answer.status == "failed"}
    assert list(failed) == [doomed.id]
    assert "strategy exploded" in failed[doomed.id].reason
    assert summary.failures == [(doomed.id, failed[doomed.id].reason)]
    assert summary.by_status.get("failed") == 1 and summary.total == 4
    with (tmp_path / "results.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [row["status"] == "failed" for row in rows] == [q.id == doomed.id for q in questions]
    assert "strategy exploded" in (tmp_path / "summary.md").read_text(encoding="utf-8")


class Interrupted(Exception):
    pass


def test_resume_redoes_only_missing_and_torn_records(sample_settings, sample_services, sample_questions, tmp_path):
    from flows.answer_batch import sequential_answers

    questions = sample_questions[:5]
    calls: list[str] = []

    def counting(stop_after: int | None):
        inner = sequential_answers(sample_services, "single")

        def answer_many(pending):
            for n, (q, a) in enumerate(inner(pending)):
                if stop_after is not None and n == stop_after:
                    raise Interrupted  # the process "dies" before writing this answer
                calls.append(q.id)
                yield q, a

        return answer_many

    run = dict(settings=sample_settings, services=sample_services, strategy="single")
    with pytest.raises(Interrupted):
        run_batch(questions, tmp_path, answer_many=counting(stop_after=3), **run)
    results = tmp_path / "results.jsonl"
    before = _lines(results)
    assert len(before) == 3
    # A kill in the middle of the third write leaves a torn line: that question is redone.
    results.write_text("\n".join(before[:2]) + "\n" + before[2][:50], encoding="utf-8")

    calls.clear()
    summary, records = run_batch(questions, tmp_path, answer_many=counting(None), **run)
    assert calls == [q.id for q in questions[2:]]
    assert summary.reused == 2 and summary.answered_now == 3
    after = _lines(results)
    assert after[:2] == before[:2]  # kept byte for byte, not re-answered
    assert sorted(r.id for r in records) == sorted(q.id for q in questions)
    assert len(after) == len(questions)

    # A different strategy is a different config: nothing is reused.
    calls.clear()
    assert config_hash(sample_settings, "iterative") != config_hash(sample_settings, "single")
    run_batch(questions[:2], tmp_path, answer_many=counting(None), **(run | {"strategy": "direct"}))
    assert calls == [q.id for q in questions[:2]]


def test_a_killed_cli_batch_resumes_to_the_same_results_as_a_clean_run(
    sample_settings, sample_services, sample_dir, sample_questions, embedding_cache_dir, tmp_path
):
    questions = sample_questions[:10]
    batch_file = tmp_path / "batch.jsonl"
    batch_file.write_text("".join(q.model_dump_json() + "\n" for q in questions), encoding="utf-8")
    _, clean = run_batch(
        questions, tmp_path / "clean", settings=sample_settings, services=sample_services, strategy="single"
    )

    # The CLI runs in other processes: give them a copy of the store (one process per store;
    # the folder holds the whole store, knowledge graph included).
    store = tmp_path / "store"
    shutil.copytree(sample_settings.store_dir, store)
    server = shared_prefect_server()
    env = server.env | {"FINRAG_CACHE": str(embedding_cache_dir)}
    out = tmp_path / "out"
    cmd = [str(VENV_BIN / "finrag"), "batch", str(batch_file), "--out", str(out), "--strategy", "single",
           "--store", str(store)]  # fmt: skip

    first = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             start_new_session=True)  # fmt: skip
    results = out / "results.jsonl"
    deadline = time.monotonic() + 300
    while len(_lines(results)) < 2 and first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    assert first.returncode == -signal.SIGKILL, f"batch ended before it could be killed: {first.stderr.read()}"
    before = [line for line in _lines(results) if line.endswith("}")]
    assert 2 <= len(before) < len(questions)

    second = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert second.returncode == 0, second.stderr[-3000:]
    assert f"({len(before)} kept from an earlier run)" in second.stdout
    after = _lines(results)
    assert after[: len(before)] == before  # nothing answered twice
    resumed = ResultsLog(results).read()
    assert len(resumed) == len({r.id for r in resumed}), "a question was recorded twice"
    outcome = {r.id: (r.answer.status, r.answer.answer) for r in resumed}
    assert outcome == {r.id: (r.answer.status, r.answer.answer) for r in clean}  # nothing lost


def test_prefect_tasks_answer_in_groups_and_a_crashed_task_fails_only_its_own_questions(
    sample_settings, sample_services, sample_questions, tmp_path, monkeypatch
):
    from prefect import flow
    from prefect.settings import PREFECT_API_URL, temporary_settings

    import flows.answer_batch as batch

    questions = sample_questions[:5]  # groups of 2: [0, 1] [2, 3] [4]
    doomed = questions[2]
    real = batch.answer_safely

    def task_crash(question, services, strategy):
        # Raised outside `answer_question`, as when a worker dies: the task itself fails.
        if question.id == doomed.id:
            raise RuntimeError("worker lost")
        return real(question, services, strategy)

    monkeypatch.setattr(batch, "answer_safely", task_crash)
    settings = sample_settings.with_overrides(batch_task_size=2)

    @flow(task_runner=batch.task_runner())
    def grouped_batch():
        return batch.run_batch(
            questions, tmp_path, settings=settings, services=sample_services, strategy="single",
            answer_many=batch.prefect_answers(sample_services, "single", settings, set()),
        )  # fmt: skip

    with temporary_settings({PREFECT_API_URL: shared_prefect_server().api_url}):
        summary, records = grouped_batch()

    status = {r.id: r.answer.status for r in records}
    assert [r.id for r in records] == [q.id for q in questions]
    # The question after the crash in the same group was never reached: failed, with why.
    lost = {questions[2].id, questions[3].id}
    assert {i for i, s in status.items() if s == "failed"} == lost
    assert all("worker lost" in r.answer.reason for r in records if r.id in lost)
    assert summary.total == 5 and summary.by_status.get("failed") == 2
    # Group size is scheduling, not answering: a re-run with another size keeps every record.
    again, _ = batch.run_batch(
        questions, tmp_path, settings=sample_settings.with_overrides(batch_task_size=1),
        services=sample_services, strategy="single", answer_many=lambda pending: iter(()),
    )  # fmt: skip
    assert again.reused == 5


def test_a_rerun_with_only_a_path_spelling_or_a_timeout_changed_keeps_every_answer(
    sample_settings, sample_services, sample_questions, tmp_path, monkeypatch, capsys
):
    questions = sample_questions[:3]
    first, _ = run_batch(questions, tmp_path, settings=sample_settings, services=sample_services, strategy="single")
    assert first.answered_now == 3
    monkeypatch.chdir(sample_settings.store_dir.parent)
    relative = sample_settings.with_overrides(
        store_dir=sample_settings.store_dir.name,  # `--store store` instead of `--store /abs/store`
        llm_timeout_s=61, question_timeout_s=300, llm_max_retries=1, llm_concurrency=1, batch_task_size=7,
    )
    again, _ = run_batch(questions, tmp_path, settings=relative, services=sample_services, strategy="single",
                         answer_many=lambda pending: iter(()))
    assert (again.reused, again.answered_now) == (3, 0)
    assert list(tmp_path.glob("results.*.jsonl")) == []  # nothing moved aside
    assert "no longer match" not in capsys.readouterr().err


def test_a_changed_answer_key_keeps_the_earlier_results_and_says_so(
    sample_settings, sample_services, sample_questions, tmp_path, capsys
):
    questions = sample_questions[:2]
    run_batch(questions, tmp_path, settings=sample_settings, services=sample_services, strategy="single")
    earlier = (tmp_path / "results.jsonl").read_text(encoding="utf-8")
    capsys.readouterr()

    changed = sample_settings.with_overrides(top_k=3)  # changes what is retrieved: a new key
    summary, _ = run_batch(questions, tmp_path, settings=changed, services=sample_services, strategy="single")

    assert summary.reused == 0 and summary.answered_now == 2
    kept = list(tmp_path.glob("results.*.jsonl"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == earlier
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "2 earlier answer(s) no longer match" in err[0] and kept[0].name in err[0]
    assert kept[0].name in (tmp_path / "summary.md").read_text(encoding="utf-8")


def test_a_batch_against_a_dead_llm_counts_engines_and_fallbacks_and_is_flagged(
    sample_settings, sample_services, sample_questions, tmp_path
):
    from dataclasses import replace

    from finrag.llm import LLMClient
    from tests.support.prefect_server import free_port

    dead = sample_settings.with_overrides(
        llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_api_key="sk-test", llm_breaker_failures=2)
    services = replace(sample_services, settings=dead, llm=LLMClient(dead, backoff_base_s=0.01))
    questions = sample_questions[:3]
    summary, records = run_batch(questions, tmp_path, settings=dead, services=services, strategy="single")

    assert summary.by_engine == {"offline": 3}
    assert summary.by_fallback == {"connection": 1, "circuit_open": 2}
    assert summary.llm_all_failed
    assert sum(r.answer.llm_calls for r in records) == 2  # the breaker: two attempts for the whole batch
    md = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "Every LLM call failed" in md and "| circuit_open | 2 |" in md
    with (tmp_path / "results.csv").open(encoding="utf-8") as f:
        assert {row["fallback"] for row in csv.DictReader(f)} == {"connection", "circuit_open"}

    # With the LLM back, the fallen-back answers are asked again (and the old file kept).
    offline_again, _ = run_batch(questions, tmp_path, settings=dead, services=services, strategy="single")
    assert offline_again.reused == 0


def test_a_bad_row_is_recorded_failed_and_never_answered(sample_settings, sample_services, tmp_path):
    from flows.answer_batch import sequential_answers

    f = tmp_path / "q.yaml"
    f.write_text("- What is EBITDA?\n- 42\n", encoding="utf-8")
    questions = read_questions(f)
    summary, records = run_batch(questions, tmp_path / "out", settings=sample_settings, services=sample_services,
                                 answer_many=sequential_answers(sample_services, "auto"))
    assert [r.answer.status for r in records] == ["answered", "failed"]
    assert records[1].answer.reason.startswith("q.yaml:2: ") and records[1].answer.flags == ["bad_input"]
    assert summary.failures[0][1] == records[1].answer.reason


def test_a_catalog_correction_re_answers_only_the_questions_about_the_company_it_changed(
    sample_settings, sample_services, sample_questions, tmp_path
):
    from finrag.catalog import add_alias

    # Its own catalog.json (the resume key reads it; the shared services are not touched).
    settings = sample_settings.with_overrides(store_dir=tmp_path / "corrections")
    questions = [q for q in sample_questions if q.id in ("fact-001", "fact-003")]  # Northwind, Helix
    run = {"settings": settings, "services": sample_services, "strategy": "single"}
    first, _ = run_batch(questions, tmp_path / "out", **run)
    assert (first.total, first.reused) == (2, 0)
    add_alias(settings.catalog_path, "NW Robo", "Northwind Robotics")
    again, records = run_batch(questions, tmp_path / "out", **run)
    assert again.reused == 1  # Helix's answer is kept; Northwind's is asked again
    assert [r.id for r in records] == ["fact-001", "fact-003"] and records[0].store_version != records[1].store_version
    assert run_batch(questions, tmp_path / "out", **run)[0].reused == 2  # nothing changed since
