"""The `ask` flow's parameter model is what the Prefect UI turns into a form."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from flows.ask import AskRequest, Strategy
from flows.batch_io import question_id


def test_form_schema_has_a_question_list_and_a_strategy_dropdown():
    schema = AskRequest.model_json_schema()
    assert schema["properties"]["questions"]["type"] == "array"
    assert schema["required"] == ["questions"]
    strategy_ref = schema["properties"]["strategy"]["$ref"].split("/")[-1]
    assert schema["$defs"][strategy_ref]["enum"] == ["auto", "direct", "single", "iterative", "graph"]


def test_request_becomes_questions_with_hints_and_stable_ids():
    request = AskRequest(questions=["What was Acme's FY2023 revenue? ", "  "], strategy="iterative", company="Acme")
    (q,) = request.to_questions()
    assert (q.id, q.question, q.company, q.period) == (
        question_id("What was Acme's FY2023 revenue?"), "What was Acme's FY2023 revenue?", "Acme", None
    )
    assert request.strategy is Strategy.iterative


def test_a_request_needs_at_least_one_question():
    with pytest.raises(ValidationError):
        AskRequest(questions=[])
