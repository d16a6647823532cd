"""The `ask` flow's parameter model is what the Prefect UI turns into a form."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from finrag.models import (
    Answer,
    Citation,
    PlannedAspect,
    PlannedSearches,
    Question,
    RunRecord,
    TraceStep,
)
from flows.artifacts import (
    ANSWER_CHARS,
    answer_markdown,
    answers_overview_markdown,
    answers_table,
    batch_summary_markdown,
    summarize,
)
from flows.ask import AskRequest, Strategy, ask_artifact_key
from flows.batch_io import question_id
from flows.plan_review import review_description


def test_form_schema_has_a_question_list_and_a_strategy_dropdown():
    schema = AskRequest.model_json_schema()
    assert schema["properties"]["questions"]["type"] == "array"
    assert schema["required"] == ["questions"]
    strategy_ref = schema["properties"]["strategy"]["$ref"].split("/")[-1]
    assert schema["$defs"][strategy_ref]["enum"] == ["auto", "direct", "single", "iterative", "graph"]
    assert all(f"**{s}**:" in schema["properties"]["strategy"]["description"] for s in Strategy)


def test_company_and_period_are_plain_optional_text_fields():
    schema = AskRequest.model_json_schema()
    for name in ("company", "period"):
        assert schema["properties"][name]["type"] == "string"  # not anyOf [string, null]: no "None" toggle
        assert schema["properties"][name]["default"] == ""
        assert name not in schema["required"]


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


def test_artifact_keys_say_what_they_are():
    key = ask_artifact_key("What was Northwind Robotics' FY2023 capex?", "2026-12-01")
    assert key == "ask-what-was-northwind-robotics-fy2023-capex-2026-12-01"
    long = ask_artifact_key("Which companies " + "had a very long question " * 10, "2026-12-01")
    assert len(long) <= 100 and long.endswith("-2026-12-01")


def test_answer_artifact_gives_the_answer_then_sources_with_periods_then_steps_collapsed():
    answer = Answer(
        status="answered", answer="Revenue was $13,344.8M in FY2023.", strategy="iterative",
        citations=[Citation(doc="acme_2023_10K", page=41, chunk_id="c", quote="Revenue $ 13,344.8 $ 12,576.1",
                            columns=["2023", "2022"])],
        trace=[TraceStep(step="plan", decision="1 aspects"), TraceStep(step="search", query="Acme revenue 2023")],
    )  # fmt: skip
    text = answer_markdown(Question(id="q", question="What was Acme's revenue in FY2023?"), answer)
    assert text.index("Revenue was") < text.index("Sources") < text.index("<details>")
    assert "acme_2023_10K p.42: “Revenue $ 13,344.8 $ 12,576.1” (columns: 2023 | 2022)" in text
    # one HTML block: a blank line inside <details> would end it and show the steps below a closed toggle
    (details,) = [line for line in text.splitlines() if line.startswith("<details>")]
    assert details.startswith("<details><summary>Agent steps (2)</summary><ol><li>") and details.endswith("</details>")
    assert "<li><b>search</b> “Acme revenue 2023”</li>" in details


def test_the_plan_review_form_shows_each_figure_sought_and_whether_it_was_found():
    plan = PlannedSearches(question="What was Acme's revenue in FY2023?", searched=["What was Acme's revenue in FY2023?"],
                           planned=["Acme income statement revenue fiscal 2023"],
                           aspects=[PlannedAspect(label="Acme Revenue FY2023", query="Acme revenue fiscal 2023", found=True)])
    text = review_description(plan)
    assert "| Acme Revenue FY2023 | yes | Acme revenue fiscal 2023 |" in text
    text = review_description(plan.model_copy(update={"aspects": []}))
    assert "No figures left to search for" in text


def test_the_answer_artifact_names_the_searches_its_citations_came_from():
    answer = Answer(
        status="answered", answer="Acme relies on one supplier.", strategy="iterative",
        citations=[Citation(doc="acme_2023_10K", page=9, chunk_id="c2", quote="one supplier")],
        trace=[TraceStep(step="search", query="What risks?", retrieved=["c1"]), TraceStep(step="review"),
               TraceStep(step="search", query="Acme supplier", retrieved=["c1", "c2"])],
    )  # fmt: skip
    text = answer_markdown(Question(id="q", question="What risks?"), answer)
    assert "Found by search 2 “Acme supplier” (reviewed)." in text


LONG = "Revenue grew because " + "customers bought more widgets in every region, " * 40 + "and prices rose."


def test_tables_fit_a_screen_and_each_question_keeps_its_full_answer():
    question = Question(id="q1", question="Why did Acme's revenue grow in FY2023?")
    answer = Answer(status="answered", answer=LONG, strategy="single",
                    citations=[Citation(doc=f"acme_2023_10K_{n}", page=n, chunk_id=f"c{n}", quote="q") for n in range(9)])
    overview = answers_overview_markdown([question], [answer]).splitlines()[-1]
    assert len(overview) < 400 and "…" in overview  # a row of a 1920 px screen
    assert LONG in answer_markdown(question, answer)  # the question's own artifact: in full
    record = RunRecord(id="q1", question=question.question, config_hash="h", store_version="v", answer=answer)
    (row,) = answers_table([record])
    assert len(str(row["answer"])) <= ANSWER_CHARS and str(row["answer"]).endswith("…")
    assert len(str(row["citations"])) <= 80
    failed = record.model_copy(update={"answer": answer.model_copy(update={"status": "failed", "reason": LONG})})
    summary = summarize([failed], out_dir="out", strategy="auto", config_hash="h", store_version="v", reused=0,
                        wall_seconds=1.0)
    (reason_row,) = [line for line in batch_summary_markdown(summary).splitlines() if line.startswith("| q1 |")]
    assert len(reason_row) < 200
