"""A comparison scores text answers with the LLM judge (`--judge`, read from tests/support's
scripted OpenAI server) or not at all, never by key-word overlap, and its report says which."""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.errors import UserError
from finrag.llm import LLMClient
from finrag.models import Answer, Question, RunRecord
from flows.compare import comparison_scorer
from flows.compare_scoring import CompareScorer
from flows.comparison import build_comparison
from flows.report import render_markdown
from tests.support.fake_openai import FakeOpenAI, ToolCall

DEFINITION = Question(id="d1", question="What does the company mean by 'adjusted EBITDA'?", type="definition",
                      answer="Earnings before interest, taxes, depreciation and amortization, excluding "
                             "restructuring charges and impairments")  # fmt: skip
# Right, in other words: a key-word count finds 2 of the gold's 10 key words.
RIGHT_IN_OTHER_WORDS = ("Adjusted EBITDA is operating profit with interest, tax and D&A added back, one-off "
                        "restructuring costs and write-downs left out.")  # fmt: skip
REVENUE = Question(id="n1", question="What was Acme's 2023 revenue (USD millions)?", type="fact", answer=1200.0)


def records(strategy: str, definition: str, revenue: str) -> list[RunRecord]:
    def record(q: Question, text: str) -> RunRecord:
        answer = Answer(status="answered", answer=text, strategy=strategy)
        return RunRecord(id=q.id, question=q.question, gold=q.answer, type=q.type, config_hash="h",
                         store_version="v", answer=answer)  # fmt: skip

    return [record(DEFINITION, definition), record(REVENUE, revenue)]


RUNS = {
    "single": records("single", RIGHT_IN_OTHER_WORDS, "Revenue was $1,200 million."),
    "iterative": records("iterative", "Adjusted EBITDA is net income plus share-based pay.", "Revenue was $1,200 million."),
}


def test_offline_a_text_answer_is_left_unscored_and_the_report_says_why():
    from answering.scoring import score

    assert not score(DEFINITION.answer, RUNS["single"][0].answer, "definition").correct  # what it replaces
    scorer = CompareScorer()
    c = build_comparison(RUNS, scorer, scorer.note([DEFINITION, REVENUE]))
    by_id = {r.id: r for r in c.rows}
    assert by_id["d1"].outcomes["single"].correct is None and by_id["d1"].outcomes["iterative"].correct is None
    assert by_id["n1"].outcomes["single"].correct is True
    markdown = render_markdown(c, report_path="/out/report.html")
    assert "1 text answer (definitions, explanations) not scored" in markdown
    assert "`finrag compare --judge`" in markdown


def test_with_judge_the_llm_grades_text_answers_and_the_report_names_it():
    with FakeOpenAI() as server:
        server.script(
            ToolCall({"verdict": "correct", "reason": "same definition in other words"}),
            ToolCall({"verdict": "incorrect", "reason": "another measure"}),
        )
        settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", llm_max_retries=0,
                                 llm_timeout_s=5.0)  # fmt: skip
        scorer = CompareScorer(LLMClient(settings, backoff_base_s=0.01))
        c = build_comparison(RUNS, scorer, scorer.note([DEFINITION, REVENUE]))
        assert len(server.requests) == 2  # the two definitions; the revenue figures are scored automatically
        prompt = " ".join(str(m.get("content")) for m in server.requests[0].body["messages"])
        assert DEFINITION.question in prompt and RIGHT_IN_OTHER_WORDS in prompt
    d1 = next(r for r in c.rows if r.id == "d1")
    assert d1.outcomes["single"].correct is True
    assert d1.outcomes["single"].score_reason == "judge: correct (same definition in other words)"
    assert d1.outcomes["iterative"].correct is False
    assert c.pair("iterative-vs-single").lost == 1
    assert "1 text answer graded by the LLM judge" in render_markdown(c, report_path="/out/report.html")


def test_judge_without_an_llm_is_a_one_line_usage_error():
    with pytest.raises(UserError, match="--judge needs an LLM"):
        comparison_scorer(load_settings(), judge=True)
    assert comparison_scorer(load_settings(), judge=False).judge is None
