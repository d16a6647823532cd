"""Deterministic sample corpus: fictional 10-K PDFs with known facts, relations and gold questions.

`generate_corpus(out_dir, companies, years, seed)` writes the files; `load_truth` and
`load_questions` read them back as typed models.
"""

from samples.corpus import INJECTION_TEXT, LAST_FISCAL_YEAR, generate_corpus
from samples.truth import (
    EvidencePage,
    GoldQuestion,
    InjectionSite,
    SampleTruth,
    load_questions,
    load_truth,
)

__all__ = [
    "INJECTION_TEXT",
    "LAST_FISCAL_YEAR",
    "EvidencePage",
    "GoldQuestion",
    "InjectionSite",
    "SampleTruth",
    "generate_corpus",
    "load_questions",
    "load_truth",
]
