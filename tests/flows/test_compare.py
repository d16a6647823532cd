"""`compare_strategies`' work on the sample corpus: three resumable runs, scored, one report."""

from __future__ import annotations

import json
import re

import pytest

from flows.batch_io import ResultsLog, read_questions
from flows.compare import COMPARED, run_comparison

pytestmark = pytest.mark.slow


def test_comparison_writes_report_with_plots_and_win_loss_table(sample_settings, sample_services, sample_dir, tmp_path):
    every = read_questions(sample_dir / "questions.jsonl")
    # One question of each type keeps this quick while every table row kind can appear.
    questions = list({q.type: q for q in reversed(every)}.values())
    comparison = run_comparison(questions, tmp_path, settings=sample_settings, services=sample_services)

    for strategy in COMPARED:
        records = ResultsLog(tmp_path / strategy / "results.jsonl").read()
        assert sorted(r.id for r in records) == sorted(q.id for q in questions)
    assert comparison.strategies == list(COMPARED)
    assert sum(comparison.verdicts.values()) == len(questions)
    assert not comparison.scorer_note, comparison.scorer_note  # answering.scoring was used
    assert all(t.scored == len(questions) for t in comparison.totals)  # all have gold or are unanswerable

    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert len(re.findall(r"src='data:image/png;base64,", page)) == 4
    table = page.split("Per question")[1]
    for q in questions:
        assert f"<td>{q.id}</td>" in table
    verdict_cells = re.findall(r"<span class='(won|lost|tied|unscored)'>", table)
    assert len(verdict_cells) == len(questions)
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert f"won {comparison.verdicts['won']}" in summary

    # Asked again, nothing is re-answered: every record is reused.
    before = {s: (tmp_path / s / "results.jsonl").read_bytes() for s in COMPARED}
    run_comparison(questions, tmp_path, settings=sample_settings, services=sample_services)
    assert before == {s: (tmp_path / s / "results.jsonl").read_bytes() for s in COMPARED}
    assert json.loads((tmp_path / "single" / "results.jsonl").read_text().splitlines()[0])["id"]
