"""Resuming a batch reuses an earlier answer only for the same question, hints included."""

from __future__ import annotations

from finrag.models import Answer, Question, RunRecord
from flows.resume import reusable_records


def record(company: str | None, period: str | None = "FY2023") -> RunRecord:
    answer = Answer(status="answered", answer="Helix Dynamics FY2023 capex: $226.1M.", strategy="single")
    return RunRecord(id="q1", question="What was capex?", company=company, period=period,
                     config_hash="h", store_version="v", answer=answer)


def reused(earlier: RunRecord, question: Question) -> bool:
    return bool(reusable_records([earlier], [question], "h", {question.id: "v"}, retry_fallbacks=False))


def test_an_answer_made_for_another_company_hint_is_not_reused():
    asked = Question(id="q1", question="What was capex?", company="Northwind Robotics", period="FY2023")
    assert not reused(record("Helix Dynamics"), asked)  # the batch's company column was corrected
    assert not reused(record("Northwind Robotics", period="FY2022"), asked)
    assert reused(record("Northwind Robotics"), asked)


def test_records_written_before_hints_were_kept_still_match_questions_without_hints():
    old = RunRecord.model_validate_json(
        '{"id": "q1", "question": "What was capex?", "config_hash": "h", "store_version": "v",'
        ' "answer": {"status": "answered", "answer": "x", "strategy": "single"}}'
    )
    assert reused(old, Question(id="q1", question="What was capex?"))
    assert not reused(old, Question(id="q1", question="What was capex?", company="Helix Dynamics"))


def test_a_reranker_or_an_encoder_runtime_is_part_of_the_answer_key():
    from finrag.config import load_settings
    from flows.resume import config_hash

    base = load_settings()
    for change in ({"rerank": "pages"}, {"rerank": "llm"}, {"rerank_url": "http://127.0.0.1:9/rerank"},
                   {"embedding_runtime": "onnx", "embedding_quantize": True}):
        assert config_hash(base.model_copy(update=change), "single") != config_hash(base, "single"), change
