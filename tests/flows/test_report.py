"""The comparison report from run records: outcome splits, intervals, tests, verdict, HTML."""

from __future__ import annotations

import base64
import math
import re

import pytest
from bs4 import BeautifulSoup
from pydantic import BaseModel

from finrag.models import Answer, Citation, RunRecord, TraceStep
from flows.comparison import build_comparison
from flows.report import question_table, render_html, render_markdown
from flows.stats import mcnemar_exact, wilson_interval


class _Score(BaseModel):
    correct: bool
    reason: str


def exact_scorer(gold, answer: Answer, qtype, question=""):
    if qtype == "unanswerable":
        return _Score(correct=answer.status == "not_found", reason="declined?")
    ok = answer.status == "answered" and answer.answer == str(gold)
    return _Score(correct=ok, reason="exact" if ok else f"said {answer.answer!r}")


def record(qid: str, gold, text: str, strategy: str, *, qtype="fact", status="answered",
           latency=0.1, searches=1, stopped_by=None, cost=0.0) -> RunRecord:  # fmt: skip
    answer = Answer(
        status=status, answer=text, strategy=strategy, latency_s=latency, searches=searches,
        stopped_by=stopped_by, cost_usd=cost,
        citations=[Citation(doc=f"doc-{qid}", page=4, chunk_id="c1", quote=f"Revenue {text}")],
        trace=[TraceStep(step="search", query=f"query for {qid}", decision="3 hits")],
    )  # fmt: skip
    return RunRecord(id=qid, question=f"question {qid}?", config_hash="h", store_version="v",
                     gold=gold, type=qtype, answer=answer)  # fmt: skip


def runs(cost: float = 0.0):
    single = [
        record("q1", "10", "10", "single"),  # both right
        record("q2", "20", "21", "single"),  # iterative wins
        record("q3", "30", "30", "single"),  # iterative loses
        record("q4", None, "n/a", "single", qtype="unanswerable", status="not_found"),  # both right
        record("q5", None, "free text", "single", qtype="opinion"),  # unscored: no gold
        record("q6", ["A", "B"], "C", "single", qtype="list"),  # both wrong
    ]
    iterative = [
        record("q1", "10", "10", "iterative", latency=0.3, searches=2, cost=cost),
        record("q2", "20", "20", "iterative", latency=0.5, searches=3, qtype="trend", cost=cost),
        record("q3", "30", "3", "iterative", latency=0.4, searches=4, stopped_by="max_searches", cost=cost),
        record("q4", None, "", "iterative", qtype="unanswerable", status="not_found", latency=0.2),
        record("q5", None, "other text", "iterative", qtype="opinion", latency=0.2),
        record("q6", ["A", "B"], "D", "iterative", qtype="list", latency=0.2),
    ]
    return {"single": single, "iterative": iterative}


def test_each_pair_splits_into_won_lost_both_right_both_wrong():
    c = build_comparison(runs(), exact_scorer)
    (p,) = c.pairs
    assert (p.first, p.second) == ("iterative", "single")
    assert (p.won, p.lost, p.both_right, p.both_wrong) == (1, 1, 2, 1)
    by_id = {r.id: r.vs[p.key] for r in c.rows}
    assert by_id == {"q1": "both right", "q2": "won", "q3": "lost", "q4": "both right",
                     "q5": "unscored", "q6": "both wrong"}  # fmt: skip
    assert p.p_value == 1.0  # one each way is no evidence either way


def test_wilson_interval_matches_the_textbook_example():
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662.
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


def test_exact_mcnemar_is_the_two_sided_binomial_tail():
    assert mcnemar_exact(5, 0) == pytest.approx(2 / 32)  # the "5 vs 0 gives p = 0.06"
    assert mcnemar_exact(0, 5) == mcnemar_exact(5, 0)
    assert mcnemar_exact(10, 2) == pytest.approx(2 * sum(math.comb(12, i) for i in range(3)) / 2**12)
    assert mcnemar_exact(0, 0) == 1.0


def test_the_verdict_answers_single_shot_or_agentic_first():
    c = build_comparison(runs(), exact_scorer)
    # Both 3/5 right: single is the better choice (faster), but the verdict's first clause is
    # the question the report exists for: agentic (iterative) against single-shot.
    assert c.best == "single"
    assert c.headline == "iterative-vs-single"
    assert c.verdict.startswith("iterative is right on 60% (95% CI 23%–88%) at 2.5× the median latency of single-shot")
    assert "against single-shot (60%) it won 1 and lost 1" in c.verdict
    assert "p = 1.000, not a significant difference" in c.verdict


def test_the_verdict_splits_what_routing_adds_by_the_route_taken():
    base = runs()
    # auto routed q2 and q6 to the graph (right on both), q3 to iterative (wrong): against
    # single-shot it wins q2 and q6 through the graph and loses q3 through iterative.
    auto = [
        record("q1", "10", "10", "single"),
        record("q2", "20", "20", "graph"),
        record("q3", "30", "3", "iterative"),
        record("q4", None, "", "single", qtype="unanswerable", status="not_found"),
        record("q5", None, "text", "single", qtype="opinion"),
        record("q6", ["A", "B"], "['A', 'B']", "graph", qtype="list"),
    ]
    c = build_comparison({**base, "auto": auto}, exact_scorer)
    assert c.verdict.startswith("iterative is right on 60%")
    assert "Routing (auto) is right on 80%: against single-shot it won 2 and lost 1" in c.verdict
    assert c.verdict.endswith("by route taken: graph won 2, lost 0; iterative won 0, lost 1.")


def test_without_an_agentic_run_the_verdict_names_the_best_against_single_shot():
    base = runs()
    auto = [r.model_copy(update={"answer": r.answer.model_copy(update={"strategy": "graph"})})
            for r in base["iterative"]]  # fmt: skip
    c = build_comparison({"single": base["single"], "auto": auto}, exact_scorer)
    assert c.headline == "auto-vs-single"
    assert c.verdict.startswith("single is right on 60% (95% CI 23%–88%)")
    assert "against auto (60%)" in c.verdict and "Routing" not in c.verdict


def test_html_report_leads_with_the_verdict_and_every_question_expands():
    c = build_comparison(runs(), exact_scorer)
    soup = BeautifulSoup(render_html(c), "html.parser")
    assert soup.find("h1").find_next("p")["id"] == "verdict"
    assert soup.find(id="verdict").get_text() == c.verdict
    questions = soup.select("details.question")
    assert [q["data-id"] for q in questions] == ["q1", "q2", "q3", "q4", "q5", "q6"]
    q3 = soup.select_one("details.question[data-id=q3]")
    assert q3["data-iterative-vs-single"] == "lost"
    iterative = q3.select_one("div.strategy[data-strategy=iterative]")
    assert "stopped by max_searches" in iterative.get_text()
    assert "doc-q3 p.5: “Revenue 3”" in iterative.select_one("ol.citations").get_text()  # pages one-based
    assert "query for q3" in iterative.select_one("ol.trace").get_text()
    assert soup.select_one("details.question[data-id=q6] .gold").get_text() == "A; B"  # not "['A', 'B']"
    options = [o["value"] for o in soup.select("#pair option")]
    assert options == ["iterative-vs-single"]
    assert [r["value"] for r in soup.select("input[name=outcome]")] == ["all", "won", "lost", "both right", "both wrong"]
    assert "http://" not in str(soup) and "https://" not in str(soup)  # nothing fetched when opened


def test_offline_there_is_no_cost_panel_and_no_empty_plot():
    offline = render_html(build_comparison(runs(), exact_scorer))
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', offline)
    assert len(images) == 2  # trade-off and per type
    assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    assert "against latency and cost" not in offline
    online = render_html(build_comparison(runs(cost=0.002), exact_scorer))
    assert "against latency and cost" in online


def test_markdown_summary_has_the_verdict_intervals_and_pairs():
    c = build_comparison(runs(), exact_scorer)
    text = render_markdown(c, report_path="/tmp/report.html")
    assert c.verdict in text and "`/tmp/report.html`" in text
    assert "| iterative | single | 1 | 1 | 2 | 1 | 1.000 |" in text
    assert "| q2 | fact | won |" in text and "| q3 | fact | lost |" in text and "| q1 |" not in text


def test_question_table_rows_carry_gold_and_every_strategys_answer():
    rows = question_table(build_comparison(runs(), exact_scorer))
    q2 = next(r for r in rows if r["id"] == "q2")
    assert q2["single"] == "wrong: 21" and q2["iterative"] == "right: 20"


def test_question_table_cells_are_shortened_to_fit_a_screen():
    runs_by_strategy = runs()
    q5 = runs_by_strategy["single"][4]
    long = "free text " * 50
    runs_by_strategy["single"][4] = q5.model_copy(update={"answer": q5.answer.model_copy(update={"answer": long})})
    rows = question_table(build_comparison(runs_by_strategy, exact_scorer))
    q5_row = next(r for r in rows if r["id"] == "q5")
    assert len(q5_row["single"]) <= 80 and q5_row["single"].startswith("unscored: free text") and q5_row["single"].endswith("…")


def test_without_a_scorer_accuracy_is_not_invented():
    c = build_comparison(runs(), None, scorer_note="answers not scored")
    assert all(t.accuracy is None for t in c.totals)
    assert c.best is None and "answers not scored" in c.verdict
    page = render_html(c)
    assert "answers not scored" in page and "data:image/png" not in page  # no empty plots
