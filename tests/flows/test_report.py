"""The comparison report from run records: verdicts, totals, plots and tables."""

from __future__ import annotations

import base64
import re

import pytest
from pydantic import BaseModel

from finrag.models import Answer, RunRecord
from flows.comparison import build_comparison
from flows.report import render_html, render_markdown


class _Score(BaseModel):
    correct: bool
    reason: str


def exact_scorer(gold, answer: Answer, qtype):
    if qtype == "unanswerable":
        return _Score(correct=answer.status == "not_found", reason="declined?")
    ok = answer.status == "answered" and answer.answer == str(gold)
    return _Score(correct=ok, reason="exact" if ok else f"said {answer.answer!r}")


def record(qid: str, gold, text: str, strategy: str, *, qtype="fact", status="answered",
           latency=0.1, searches=1, stopped_by=None) -> RunRecord:  # fmt: skip
    answer = Answer(
        status=status, answer=text, strategy=strategy, latency_s=latency, searches=searches,
        stopped_by=stopped_by, tokens_in=100 if strategy == "iterative" else 40, cost_usd=0.001,
    )  # fmt: skip
    return RunRecord(id=qid, question=f"question {qid}?", config_hash="h", store_version="v",
                     gold=gold, type=qtype, answer=answer)  # fmt: skip


def runs():
    single = [
        record("q1", "10", "10", "single"),  # tie: both right
        record("q2", "20", "21", "single"),  # agent wins
        record("q3", "30", "30", "single"),  # agent loses
        record("q4", None, "n/a", "single", qtype="unanswerable", status="not_found"),  # tie
        record("q5", None, "free text", "single", qtype="opinion"),  # unscored: no gold
    ]
    iterative = [
        record("q1", "10", "10", "iterative", latency=0.3, searches=2),
        record("q2", "20", "20", "iterative", latency=0.5, searches=3, qtype="trend"),
        record("q3", "30", "3", "iterative", latency=0.4, searches=4, stopped_by="max_searches"),
        record("q4", None, "", "iterative", qtype="unanswerable", status="not_found", latency=0.2),
        record("q5", None, "other text", "iterative", qtype="opinion", latency=0.2),
    ]
    return {"single": single, "iterative": iterative}


def test_verdicts_say_where_the_agent_won_or_lost_and_why():
    c = build_comparison(runs(), exact_scorer)
    by_id = {r.id: r for r in c.rows}
    assert by_id["q1"].verdict == "tied"
    assert by_id["q2"].verdict == "won"
    assert by_id["q3"].verdict == "lost" and "stopped by max_searches" in by_id["q3"].why
    assert by_id["q4"].verdict == "tied"  # declining an unanswerable question is right
    assert by_id["q5"].verdict == "unscored"
    assert c.verdicts == {"won": 1, "lost": 1, "tied": 2, "unscored": 1}
    single, iterative = c.totals
    assert (single.correct, single.scored) == (3, 4)
    assert (iterative.correct, iterative.scored) == (3, 4)
    assert c.latency_ratio_median == pytest.approx(3.0)  # median of 3, 5, 4, 2, 2
    assert c.accuracy_by_type["fact"]["single"] == 2 / 3


def test_html_report_is_self_contained_with_four_plots_and_the_question_table():
    c = build_comparison(runs(), exact_scorer)
    page = render_html(c)
    images = re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", page)
    assert len(images) == 4
    assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    assert "http://" not in page and "https://" not in page  # nothing fetched when opened
    table = page.split("Per question")[1]
    assert table.count("<tr>") == 1 + len(c.rows)
    assert table.index("q2") < table.index("q3") < table.index("q1")  # wins, then losses, then ties
    assert "stopped by max_searches" in table


def test_markdown_summary_has_totals_and_decided_questions():
    text = render_markdown(build_comparison(runs(), exact_scorer))
    assert "won 1" in text and "lost 1" in text and "3.00×" in text
    assert "| q2 | won |" in text and "| q3 | lost |" in text and "| q1 |" not in text


def test_without_a_scorer_accuracy_is_not_invented():
    c = build_comparison(runs(), None, scorer_note="answers not scored")
    assert all(t.accuracy is None for t in c.totals)
    assert set(c.verdicts) == {"won", "lost", "tied", "unscored"} and c.verdicts["unscored"] == 5
    assert "answers not scored" in render_html(c)
