"""The files a generated corpus carries besides its PDFs: truth.json and questions.jsonl.

Readers (evaluations, tests) should load them through `load_truth` / `load_questions`
rather than parsing JSON by hand, so the shapes below stay the single definition.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, Field

from finrag.models import DocumentMeta, Fact, Question, Relation

TRUTH_FILE = "truth.json"
QUESTIONS_FILE = "questions.jsonl"


class InjectionSite(BaseModel):
    """Where the planted prompt-injection sentence is: report text must be treated as data."""

    doc: str
    page: int  # zero-based
    text: str


class SampleTruth(BaseModel):
    """Everything the generator put in the PDFs.

    `facts` hold one entry per printed occurrence: a fiscal year's revenue appears in its
    own report and again as a comparative in the next years' reports (other doc, page).
    Outflows printed in parentheses (capex, dividends_paid) are positive amounts here.
    Money is in $ millions, EPS in $ per share, shares_weighted in millions of shares.
    """

    companies: int
    years: int
    seed: int
    fiscal_years: list[int]  # years that have their own report
    documents: list[DocumentMeta]
    facts: list[Fact]
    relations: list[Relation]
    injection: InjectionSite

    def document(self, doc: str) -> DocumentMeta:
        return next(d for d in self.documents if d.doc == doc)


class EvidencePage(BaseModel):
    doc: str
    page: int  # zero-based


class GoldQuestion(Question):
    """A Question plus where its answer is printed (for page-level retrieval metrics).

    `answer` is a number (money in $ millions, EPS in $, percent changes rounded to one
    decimal), a text, a list of texts (order matters only for "rank" questions, type
    aggregation with unit "ranking"), or None for unanswerable questions.
    """

    unit: str | None = None  # USD millions | USD/share | shares millions | percent | ranking | None
    evidence: list[EvidencePage] = Field(default_factory=list)  # primary page first


def write_truth(out_dir: Path, truth: SampleTruth) -> Path:
    path = out_dir / TRUTH_FILE
    path.write_text(truth.model_dump_json(indent=1) + "\n", encoding="utf-8")
    return path


def write_questions(out_dir: Path, questions: list[GoldQuestion]) -> Path:
    path = out_dir / QUESTIONS_FILE
    lines = [q.model_dump_json() for q in questions]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def load_truth(corpus_dir: Path) -> SampleTruth:
    return SampleTruth.model_validate_json((Path(corpus_dir) / TRUTH_FILE).read_text(encoding="utf-8"))


def load_questions(corpus_dir: Path) -> list[GoldQuestion]:
    text = (Path(corpus_dir) / QUESTIONS_FILE).read_text(encoding="utf-8")
    return [GoldQuestion.model_validate(json.loads(line)) for line in text.splitlines() if line.strip()]
