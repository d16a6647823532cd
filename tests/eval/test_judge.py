"""The LLM judge grades answers by FinanceBench's scheme, read from a real (fake) OpenAI server."""

from __future__ import annotations

from eval.judge import format_judged, judge_answer, summarize_judged
from finrag.config import load_settings
from finrag.llm import LLMClient
from tests.support.fake_openai import FakeOpenAI, ToolCall

QUESTION = "What is the FY2018 capital expenditure amount (in USD millions) for 3M?"


def judge_client(server: FakeOpenAI) -> LLMClient:
    settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", llm_max_retries=1, llm_timeout_s=5.0)
    return LLMClient(settings, backoff_base_s=0.01)


def test_verdicts_are_parsed_and_a_malformed_one_is_retried_then_counted_failed():
    with FakeOpenAI() as server:
        server.script(
            ToolCall({"verdict": "correct", "reason": "same figure"}),
            ToolCall({"verdict": "incorrect", "reason": "another figure"}),
            ToolCall({"verdict": "failed-to-answer", "reason": "declined"}),
            ToolCall("{not json"),  # malformed: retried once (llm_max_retries=1) ...
            ToolCall({"verdict": "maybe", "reason": "?"}),  # ... and invalid again: judge failed
        )
        llm = judge_client(server)
        grades = [
            judge_answer(llm, QUESTION, "$1577.00", "3M capex FY2018: $1,577.0 million."),
            judge_answer(llm, QUESTION, "$1577.00", "3M capex FY2018: $1,373.0 million."),
            judge_answer(llm, QUESTION, "$1577.00", "Not found in the reports."),
            judge_answer(llm, QUESTION, "$1577.00", "$1,577 million"),
        ]
        assert [g.grade for g in grades] == ["correct", "incorrect", "failed-to-answer", "judge-failed"]
        assert "malformed structured output" in grades[3].reason
        assert len(server.requests) == 5  # four answers, one retry
        sent = server.requests[0]
        assert sent.tool_names() == ["JudgeReply"]
        prompt = " ".join(str(m.get("content")) for m in sent.body["messages"])
        assert "$1577.00" in prompt and "$1,577.0 million" in prompt


def test_agreement_with_the_numeric_scorer_leaves_out_judge_failures():
    summary = summarize_judged([
        ("auto", "correct", True, True),  # agree
        ("auto", "incorrect", True, True),  # disagree
        ("auto", "failed-to-answer", True, False),  # agree: both say not right
        ("single", "judge-failed", True, True),  # no verdict: not compared
        ("single", "correct", False, False),  # free text: not compared
    ])
    assert summary.grades["auto"] == {"correct": 1, "incorrect": 1, "failed-to-answer": 1, "judge-failed": 0}
    assert summary.grades["single"]["judge-failed"] == 1
    assert (summary.numeric_agree, summary.numeric_compared) == (2, 3)
    assert "2/3" in format_judged(summary)
