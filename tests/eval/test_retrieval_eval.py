"""`finrag eval retrieval` end to end on the shared sample store: every ablation row, the JSON shape."""

from __future__ import annotations

import json

import pytest

from eval.retrieval import ROWS, evaluate, format_table, report_json, sample_questions

pytestmark = pytest.mark.slow


def test_every_ablation_row_is_scored_and_reported(sample_dir, sample_services):
    questions = sample_questions(sample_dir)[:4]  # a few: the rows, not the quality, are under test
    assert questions and all(q.evidence for q in questions)
    scores = evaluate(sample_services.retriever, questions)

    assert list(scores) == [name for name, _ in ROWS]
    assert "+ instruction stripping" in scores and "+ diversity (full)" in scores
    for s in scores.values():
        assert s.n == len(questions)
        assert 0.0 <= s.recall_at[1] <= s.recall_at[5] <= s.recall_at[10] <= 1.0
        assert s.mrr10 <= s.recall_at[10]

    report = json.loads(json.dumps(report_json(scores, [12.0, 30.0, 18.0])))
    assert set(report) == {"rows", "latency_ms"}
    assert set(report["rows"]["+ diversity (full)"]) == {"recall@1", "recall@5", "recall@10", "mrr@10", "n"}
    assert report["latency_ms"]["p50"] == 18.0
    assert report["latency_ms"]["p95"] <= 30.0
    table = format_table(scores, [12.0], "title")
    assert all(name in table for name, _ in ROWS)


def test_rows_option_scores_only_the_named_rows(sample_dir, sample_services):
    from eval.retrieval import select_rows

    questions = sample_questions(sample_dir)[:2]
    scores = evaluate(sample_services.retriever, questions, rows=select_rows("full,dense"))
    assert list(scores) == ["dense (naive)", "+ diversity (full)"]  # table order, not the asked order
    with pytest.raises(ValueError, match="unknown row"):
        select_rows("full,bogus")
    assert select_rows("checks")[0][0] == "+ diversity (full)" and select_rows(None) == ROWS


def test_half_of_questions_follows_the_company_split(tmp_path):
    from eval.retrieval import EvalQuestion, half_of_questions

    docs = [("ALPHA_2022_10K", "Alpha"), ("BETA_2022_10K", "Beta"), ("GAMMA_2022_10K", "Gamma")]
    (tmp_path / "documents.jsonl").write_text(
        "\n".join(json.dumps({"doc_name": d, "company": c}) for d, c in docs) + "\n"
    )
    questions = [EvalQuestion(id=c, text=f"{c}?", evidence={(d, 3)}) for d, c in docs]
    assert [q.id for q in half_of_questions(tmp_path, questions, "A")] == ["Alpha", "Gamma"]
    assert [q.id for q in half_of_questions(tmp_path, questions, "B")] == ["Beta"]


def test_misses_at_5_are_told_apart_by_kind():
    from types import SimpleNamespace

    from eval.retrieval import EvalQuestion, miss_kind
    from finrag.models import CatalogCompany, StoreCatalog
    from retrieval.query_understanding import QueryUnderstanding

    catalog = StoreCatalog(companies=[
        CatalogCompany(name="Alpha", docs=["ALPHA_2022_10K", "ALPHA_2021_10K"]),
        CatalogCompany(name="Beta", docs=["BETA_2022_10K"]),
    ])
    retriever = SimpleNamespace(catalog=catalog)
    evidence = {("ALPHA_2022_10K", 5)}
    named = SimpleNamespace(understanding=QueryUnderstanding(companies=["Alpha"]))
    unnamed = SimpleNamespace(understanding=QueryUnderstanding())
    assert miss_kind(retriever, named, [("ALPHA_2022_10K", 9)], evidence) == "wrong page"
    assert miss_kind(retriever, named, [("ALPHA_2021_10K", 5)], evidence) == "wrong filing"
    assert miss_kind(retriever, named, [("BETA_2022_10K", 5)], evidence) == "wrong company"
    assert miss_kind(retriever, unnamed, [("BETA_2022_10K", 5)], evidence) == "no company"
    assert EvalQuestion(id="q", text="Why?", evidence=evidence, kind="novel-generated").narrative
    assert not EvalQuestion(id="q", text="Capex?", evidence=evidence, kind="metrics-generated").narrative


def test_a_document_labelled_without_a_company_is_in_neither_half(tmp_path):
    from eval.retrieval import EvalQuestion, half_of_questions

    docs = [("ALPHA_2022_10K", "Alpha"), ("NONAME_2022_10K", None), ("BETA_2022_10K", "Beta")]
    (tmp_path / "documents.jsonl").write_text(
        "\n".join(json.dumps({"doc_name": d, "company": c}) for d, c in docs) + "\n"
    )
    questions = [EvalQuestion(id=d, text=f"{d}?", evidence={(d, 3)}) for d, _ in docs]
    assert [q.id for q in half_of_questions(tmp_path, questions, "A")] == ["ALPHA_2022_10K"]
    assert [q.id for q in half_of_questions(tmp_path, questions, "B")] == ["BETA_2022_10K"]
