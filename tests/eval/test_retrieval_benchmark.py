"""Scoring of the retrieval benchmark (eval/retrieval.py): pages, ranks, recall and MRR."""

from __future__ import annotations

import json

import pytest

from eval.retrieval import financebench_questions, first_relevant_rank, ranked_pages, score_ranks
from finrag.models import Chunk, SearchHit


def _hit(doc: str, page: int, page_end: int | None = None) -> SearchHit:
    chunk = Chunk(chunk_id=f"{doc}-{page}", doc=doc, doc_sha256="x", index=0, page=page,
                  page_end=page if page_end is None else page_end, text="t")
    return SearchHit(chunk=chunk, score=1.0)


def test_pages_ranked_by_their_best_chunk():
    hits = [_hit("A", 3), _hit("A", 3), _hit("B", 1, 2), _hit("A", 7), _hit("B", 2)]
    assert ranked_pages(hits) == [("A", 3), ("B", 1), ("B", 2), ("A", 7)]


def test_first_relevant_rank():
    pages = [("A", 3), ("B", 1), ("A", 7)]
    assert first_relevant_rank(pages, {("A", 7), ("B", 1)}) == 2
    assert first_relevant_rank(pages, {("A", 4)}) is None
    assert first_relevant_rank(pages, {("B", 3)}) is None  # same page number, other document


def test_recall_and_mrr():
    score = score_ranks([1, 3, None, 7])
    assert score.recall_at == {1: 0.25, 5: 0.5, 10: 0.75}
    assert score.mrr10 == pytest.approx((1 + 1 / 3 + 1 / 7) / 4)
    assert score.n == 4


def test_financebench_questions_read_text_and_evidence_only(tmp_path):
    row = {
        "financebench_id": "q1", "company": "Secret Co", "doc_name": "SECRET_2020_10K",
        "question": "What was revenue?", "evidence": [
            {"doc_name": "SECRET_2020_10K", "evidence_page_num": 4, "evidence_text": "x"},
            {"doc_name": "SECRET_2020_10K", "evidence_page_num": 5, "evidence_text": "y"},
        ],
    }
    (tmp_path / "questions.jsonl").write_text(json.dumps(row) + "\n")
    [q] = financebench_questions(tmp_path)
    assert q.text == "What was revenue?"
    assert q.evidence == {("SECRET_2020_10K", 4), ("SECRET_2020_10K", 5)}
    assert "Secret" not in q.model_dump_json().replace("SECRET_2020_10K", "")


def _question_file(tmp_path, doc: str = "Acme_2022_10-K"):
    row = {"financebench_id": "w1", "question_type": "domain-relevant", "question": "What drove revenue?",
           "evidence": [{"doc_name": doc, "evidence_page_num": 7}]}
    path = tmp_path / "questions.jsonl"
    path.write_text(json.dumps(row) + "\n")
    return path


def test_a_question_file_has_its_evidence_renamed_to_the_stores_names(tmp_path):
    from eval.retrieval import file_questions

    mapping = tmp_path / "mapping.json"
    # Both spellings the sets use: the original file name with or without ".pdf".
    # Both spellings on the store's side too: "53e191f12c.pdf" is the filing the store calls 53e191f12c.
    mapping.write_text(json.dumps({"a316278d6048": "Acme_2022_10-K.pdf", "4f9283c1f584": "OTHER_2022_10K",
                                   "53e191f12c.pdf": "THIRD_2023Q3_10Q"}))
    [q] = file_questions(_question_file(tmp_path), mapping)
    assert q.evidence == {("a316278d6048", 7)} and q.narrative
    assert file_questions(_question_file(tmp_path, "OTHER_2022_10K"), mapping)[0].evidence == {("4f9283c1f584", 7)}
    assert file_questions(_question_file(tmp_path, "THIRD_2023Q3_10Q"), mapping)[0].evidence == {("53e191f12c", 7)}
    [unmapped] = file_questions(_question_file(tmp_path))  # no mapping: the names are the store's
    assert unmapped.evidence == {("Acme_2022_10-K", 7)}


def test_a_question_file_naming_a_filing_its_mapping_lacks_is_refused_in_one_line(tmp_path, capsys):
    from cli.main import main

    mapping = tmp_path / "mapping.json"
    mapping.write_text(json.dumps({"a316278d6048": "Other_2022_10-K.pdf"}))
    questions = _question_file(tmp_path)
    assert main(["eval", "retrieval", "--questions", str(questions), "--mapping", str(mapping),
                 "--store", str(tmp_path / "s")]) == 2
    assert "has no entry for Acme_2022_10-K" in capsys.readouterr().err
    assert main(["eval", "retrieval", "--questions", str(questions)]) == 2  # no store to score on
    assert "--questions needs --store" in capsys.readouterr().err


def test_an_evidence_item_without_its_own_filing_is_the_questions_filing(tmp_path):
    from eval.retrieval import financebench_questions_file

    # A set written one filing per question names the filing once, on the question.
    row = {"financebench_id": "b1", "doc_name": "ACME_2022_10K", "question": "What was revenue?",
           "evidence": [{"evidence_page_num": 3, "evidence_text": "x"}]}
    path = tmp_path / "questions.jsonl"
    path.write_text(json.dumps(row) + "\n")
    [q] = financebench_questions_file(path)
    assert q.evidence == {("ACME_2022_10K", 3)}
    # neither the item nor the question names one: one line saying which question and what it lacks
    del row["doc_name"]
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(ValueError, match="question b1 has no readable evidence"):
        financebench_questions_file(path)
