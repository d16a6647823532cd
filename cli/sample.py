"""`finrag sample OUT_DIR`: generate the corpus and print what was written."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from samples.corpus import generate_corpus
from samples.truth import QUESTIONS_FILE, TRUTH_FILE, load_questions, load_truth


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    out = generate_corpus(Path(args.out_dir), companies=args.companies, years=args.years, seed=args.seed)
    seconds = time.perf_counter() - started
    truth, questions = load_truth(out), load_questions(out)
    pages = sum(d.pages for d in truth.documents)
    print(f"Sample corpus in {out} ({seconds:.1f} s, seed {truth.seed})")
    print(f"  companies : {truth.companies}  fiscal years: {', '.join(map(str, truth.fiscal_years))}")
    print(f"  documents : {len(truth.documents)} PDFs, {pages} pages in {out / 'pdfs'}")
    print(f"  truth     : {len(truth.facts)} facts, {len(truth.relations)} relations in {out / TRUTH_FILE}")
    print(f"  injection : {truth.injection.doc} p.{truth.injection.page + 1} (one-based)")
    by_type = Counter(q.type for q in questions)
    print(f"  questions : {len(questions)} in {out / QUESTIONS_FILE}")
    for qtype, count in by_type.items():
        print(f"    {qtype:<13} {count:>3}")
    return 0
