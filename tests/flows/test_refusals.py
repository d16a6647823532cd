"""A refusal is never counted as an answer: unverified, not_found and needs_company are
refused in the batch summary (summary.md, the CLI line), the strategy comparison, the
HTML report and the scorer of unanswerable questions."""

from __future__ import annotations

from answering.scoring import score
from finrag.models import REFUSAL_STATUSES, Answer, RunRecord
from flows.artifacts import batch_summary_markdown, summarize
from flows.comparison import build_comparison
from flows.nightly import FileOutcome, file_outcome, nightly_markdown, nightly_message
from flows.report import render_html

STATUSES = ["answered", "unverified", "not_found", "needs_company", "failed"]


def record(n: int, status: str, strategy: str = "single", qtype: str = "fact", gold=None) -> RunRecord:
    answer = Answer(status=status, answer="Not given: operating margin computed as 4,511.0% is not trusted"
                    if status == "unverified" else f"answer {n}", strategy=strategy)
    return RunRecord(id=f"q{n}", question=f"question {n}?", config_hash="h", store_version="v", gold=gold,
                     type=qtype, answer=answer)


def test_the_batch_summary_counts_every_refusal_status_as_refused():
    records = [record(n, s) for n, s in enumerate(STATUSES)]
    summary = summarize(records, out_dir="out", strategy="single", config_hash="h", store_version="v", reused=0,
                        wall_seconds=1.0)
    assert (summary.answered, summary.refused) == (1, len(REFUSAL_STATUSES)) == (1, 3)
    line = summary.status_line()
    assert line == "answered 1, refused 3 (needs_company 1, not_found 1, unverified 1), failed 1"
    assert f"- outcome: {line}" in batch_summary_markdown(summary)


def test_the_comparison_counts_unverified_as_refused_not_answered():
    single = [record(1, "answered", gold="answer 1"), record(2, "unverified", gold="x"),
              record(3, "needs_company", gold="y")]
    iterative = [record(1, "answered", "iterative", gold="answer 1"), record(2, "answered", "iterative", gold="x"),
                 record(3, "not_found", "iterative", gold="y")]
    comparison = build_comparison({"single": single, "iterative": iterative}, score)
    totals = {t.strategy: t for t in comparison.totals}
    assert (totals["single"].answered, totals["single"].refused) == (1, 2)
    assert (totals["iterative"].answered, totals["iterative"].refused) == (2, 1)
    html = render_html(comparison)
    assert "<th>refused</th>" in html and "not found" not in html.split("<h2>Per strategy</h2>")[1].split("</thead>")[0]


def test_declining_an_unanswerable_question_is_right_for_every_refusal_status():
    for status in REFUSAL_STATUSES:
        assert score(None, record(0, status).answer, "unanswerable").correct, status
    assert not score(None, record(0, "answered").answer, "unanswerable").correct


def test_the_nightly_summary_counts_each_files_refusals_apart_from_its_answers(tmp_path):
    summary = summarize([record(n, s) for n, s in enumerate(STATUSES)], out_dir="out", strategy="auto",
                        config_hash="h", store_version="v", reused=0, wall_seconds=1.0)
    good = file_outcome(tmp_path / "good.jsonl", tmp_path / "processed" / "good.jsonl", summary)
    bad = FileOutcome(file="bad.jsonl", status="failed", message="line 1: not valid JSON")
    message = nightly_message([good, bad])
    # good.jsonl's failed row makes it "answered with failures" (and the nightly run Failed)
    assert message == ("1 of 2 question files answered; failed: bad.jsonl; with failed questions: good.jsonl "
                       "(1 of 5 questions failed). Questions: 1 answered, 3 refused")
    assert "| good.jsonl | answered with failures | 1 | 3 |" in nightly_markdown("2026-12-01", message, [good, bad])
