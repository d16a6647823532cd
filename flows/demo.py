"""`finrag demo` (what `make demo` runs): the whole job on the fictional sample corpus, offline.

1. generate the corpus (PDF 10-Ks, truth.json, questions.jsonl),
2. ingest it into a store under the output folder,
3. answer its gold questions in a batch (`answer_batch`),
4. compare single-shot, iterative and auto (`compare_strategies`, HTML report),
then print where everything is. Every step is resumable: a second run reuses the corpus,
skips unchanged PDFs and keeps answers already made with the same config and store.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path


def _step(n: int, text: str) -> float:
    print(f"[{n}/4] {text}", file=sys.stderr, flush=True)
    return time.perf_counter()


def run_cli(args) -> int:
    from flows.runtime import temporary_server

    with temporary_server():
        return _run(args)


def _run(args) -> int:
    from flows.answer_batch import answer_batch
    from flows.compare import CompareRequest, compare_strategies
    from flows.ingest import ingest_reports
    from flows.outcome import result_of
    from samples import generate_corpus

    out = Path(args.out).resolve()
    corpus, store = out / "corpus", out / "store"
    questions = corpus / "questions.jsonl"
    timings: list[tuple[str, float]] = []

    t = _step(1, f"generating the sample corpus ({args.companies} companies × {args.years} years) in {corpus}")
    generate_corpus(corpus, companies=args.companies, years=args.years, seed=7)
    timings.append(("generate", time.perf_counter() - t))

    t = _step(2, f"ingesting {corpus / 'pdfs'} into {store}")
    reports = result_of(ingest_reports(paths=[str(corpus / "pdfs")], store=str(store), return_state=True))
    failed = [r for r in reports if r.status == "failed"]
    timings.append(("ingest", time.perf_counter() - t))
    if failed:
        print(f"{len(failed)} PDFs failed to ingest: {[(r.doc, r.reason) for r in failed]}", file=sys.stderr)

    t = _step(3, f"answering {questions.name} (strategy auto)")
    batch = result_of(answer_batch(questions_file=str(questions), out_dir=str(out / "batch"), strategy="auto",
                                   store=str(store), return_state=True))
    timings.append(("batch", time.perf_counter() - t))

    t = _step(4, "comparing single-shot, iterative and auto")
    # The comparison's auto run is the batch just made (same config and store): seed it with
    # those records so the resume logic reuses them instead of answering everything again.
    auto_results = out / "compare" / "auto" / "results.jsonl"
    if not auto_results.exists():
        auto_results.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(out / "batch" / "results.jsonl", auto_results)
    request = CompareRequest(questions_file=str(questions), out_dir=str(out / "compare"), store=str(store))
    report = result_of(compare_strategies(request, return_state=True)).report
    timings.append(("compare", time.perf_counter() - t))

    summary = (out / "compare" / "summary.md").read_text(encoding="utf-8")
    print(summary)
    print(
        "\n".join(
            [
                "FinRAG demo finished — where everything is:",
                f"  corpus (PDFs, truth.json, questions.jsonl): {corpus}",
                f"  store (Qdrant Edge, embedded):              {store}",
                f"  batch results ({batch.total} questions, {batch.status_line()}):",
                f"      {out / 'batch' / 'results.jsonl'}",
                f"      {out / 'batch' / 'results.csv'}",
                f"  comparison report:                          {report}",
                "  time: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in timings),
                f"Ask your own question: finrag ask \"...\" --store {store}",
            ]
        )
    )
    return 1 if failed or batch.problem() else 0  # exit codes as batch's
