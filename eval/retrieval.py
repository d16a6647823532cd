"""`finrag eval retrieval`: page-level recall@k and MRR@10, component by component.

    finrag eval retrieval --financebench ../shared/financebench [--store DIR] [--limit N] [--json]
    finrag eval retrieval --sample out/sample [--store DIR] [--json]
    finrag eval retrieval --questions Q.jsonl [--mapping mapping.json] --store DIR [--json]

`--questions` scores any FinanceBench-style question file (question, question_type, evidence
pages by original file stem) on a store that already holds its filings (nothing is ingested);
`--mapping` ({store stem: original file name}) renames the evidence to the store's opaque names.

Every PDF goes into ONE shared store (ingest is idempotent: a second run only checks
hashes). Each question is asked by its TEXT only — never its company or document
fields — and the distinct pages of the retrieved chunks, ranked by their best chunk,
are scored against the evidence pages, a page being (PDF file stem, zero-based page).

- recall@k: share of questions with at least one evidence page in the top k pages;
- mrr@10: mean of 1 / rank of the first evidence page within the top 10 (0 if none).

Rows: the three search modes without help (naive), then the retrieval pipeline's parts
added one at a time (cumulative), so each row's gain is that part's; with
FINRAG_RERANK_URL set, a last row adds the `/rerank` service (with FINRAG_RERANK=llm and an
LLM configured, the LLM's listwise rerank instead, its tokens printed). Each table is followed by
the narrative questions alone (FinanceBench domain-relevant + novel-generated: drivers,
litigation, yes/no and choices, which have no statement to anchor them) and by the full
pipeline's misses at 5 by kind: no company understood / wrong company / right company,
wrong filing / right filing, wrong page. Latency is the
full pipeline per question (query embedding computed, not cached), in milliseconds,
over the first LATENCY_QUESTIONS questions.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from pydantic import BaseModel

from finrag.config import load_settings
from finrag.console import table_text
from finrag.models import SearchHit
from retrieval.retriever import Retrieval, RetrievalOptions, Retriever

DEFAULT_FINANCEBENCH_STORE = Path("data/fb-store")
DEFAULT_SAMPLE_STORE = Path("data/eval-sample-store")
CHUNKS_PER_QUESTION = 40  # enough chunks for 10 distinct pages
K_VALUES = (1, 5, 10)
LATENCY_QUESTIONS = 40  # questions timed (uncached embedding) for p50 / p95

_NAIVE = dict(
    understand=False, strip_instructions=False, expand_vocabulary=False, boosts=False, diversity=False, pages=False,
    rerank_service=False,
)
NARRATIVE_TYPES = ("domain-relevant", "novel-generated")
MISS_KINDS = ("no company", "wrong company", "wrong filing", "wrong page")


def _cumulative(**parts: bool) -> RetrievalOptions:
    return RetrievalOptions(mode="hybrid", **{**_NAIVE, **parts})




ROWS: list[tuple[str, RetrievalOptions]] = [
    ("dense (naive)", RetrievalOptions(mode="dense", **_NAIVE)),
    ("sparse (naive)", RetrievalOptions(mode="sparse", **_NAIVE)),
    ("hybrid (naive)", RetrievalOptions(mode="hybrid", **_NAIVE)),
    ("+ query understanding", _cumulative(understand=True)),
    ("+ instruction stripping", _cumulative(understand=True, strip_instructions=True)),
    ("+ vocabulary expansion", _cumulative(understand=True, strip_instructions=True, expand_vocabulary=True)),
    ("+ statement/filing boosts", _cumulative(understand=True, strip_instructions=True, expand_vocabulary=True, boosts=True)),
    ("+ diversity (full)", RetrievalOptions(mode="hybrid", pages=False, rerank_service=False)),
    # The page stage (FINRAG_RERANK=pages), not a default: the held-out half does not confirm
    # it (see Settings.rerank).
    ("+ page stage", RetrievalOptions(mode="hybrid", pages=True, rerank_service=False)),
    # Not cumulative: the full pipeline with the other fusion, to show the default was measured.
    ("full, RRF fusion instead", RetrievalOptions(mode="hybrid", fusion="rrf", rerank_service=False)),
]
FULL_ROW = "+ diversity (full)"
# Added when FINRAG_RERANK_URL is set: the full pipeline with the /rerank service.
RERANK_ROW = ("+ rerank service", RetrievalOptions(mode="hybrid", rerank_service=True))
# Added when FINRAG_RERANK=llm and an LLM is configured (no FINRAG_RERANK_URL).
LLM_RERANK_ROW = ("+ LLM rerank", RetrievalOptions(mode="hybrid", rerank_service=True))
# `--rows checks`: the full pipeline without one default at a time (keep a default only
# where the held-out half confirms it).
CHECK_ROWS: list[tuple[str, RetrievalOptions]] = [
    (FULL_ROW, RetrievalOptions(mode="hybrid", pages=False, rerank_service=False)),
    ("full, with the page stage", RetrievalOptions(mode="hybrid", pages=True, rerank_service=False)),
    ("full, no latest-filing pref.", RetrievalOptions(mode="hybrid", latest_boost=0.0, rerank_service=False)),
    ("full, no whole-year pref.", RetrievalOptions(mode="hybrid", annual_boost=0.0, rerank_service=False)),
    ("full, no section boost", RetrievalOptions(mode="hybrid", section_boost=0.0, rerank_service=False)),
    ("full, neither (stop 27)", RetrievalOptions(mode="hybrid", annual_boost=0.0, section_boost=0.0,
                                                 rerank_service=False)),
    ("full, no instruction strip.", RetrievalOptions(mode="hybrid", strip_instructions=False, rerank_service=False)),
    ("full, no boosts", RetrievalOptions(mode="hybrid", boosts=False, rerank_service=False)),
    ("page stage, no section pages", RetrievalOptions(mode="hybrid", pages=True, section_pages=0,
                                                      rerank_service=False)),
    ("page stage on every question", RetrievalOptions(mode="hybrid", pages=True, pages_when_asked=False,
                                                      rerank_service=False)),
    ("page stage, may bury 1st stage", RetrievalOptions(mode="hybrid", pages=True, page_keep_within=0, page_keep_top_within=0,
                                                        rerank_service=False)),
]
# `--rows name[,name]`: single ablation rows by short name, in table order.
ROW_KEYS = dict(zip(
    ["dense", "sparse", "hybrid", "understanding", "stripping", "vocabulary", "boosts", "full", "pages", "rrf"],
    [name for name, _ in ROWS], strict=True,
))
ROW_KEYS["diversity"] = FULL_ROW  # the row's name before the page stage existed


def select_rows(spec: str | None) -> list[tuple[str, RetrievalOptions]]:
    """`ablation` (every row, the default), `checks`, or short row names `name[,name]`;
    unknown names raise ValueError naming the choices."""
    if not spec or spec == "ablation":
        return ROWS
    if spec == "checks":
        return CHECK_ROWS
    wanted = [k.strip() for k in spec.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in ROW_KEYS]
    if unknown:
        raise ValueError(
            f"unknown row(s) {', '.join(unknown)}: use ablation, checks or names from {', '.join(ROW_KEYS)}"
        )
    names = {ROW_KEYS[k] for k in wanted}
    return [(name, options) for name, options in ROWS if name in names]


class EvalQuestion(BaseModel):
    id: str
    text: str
    evidence: set[tuple[str, int]]  # (file stem, zero-based page)
    kind: str = ""  # FinanceBench question_type ("metrics-generated", "domain-relevant", ...)

    @property
    def narrative(self) -> bool:
        return self.kind in NARRATIVE_TYPES


class RowRun(BaseModel):
    """One row's result per question: the rank of its first evidence page (None: not in
    the top 10) and, when not in the top 5, the kind of miss (MISS_KINDS)."""

    ranks: list[int | None]
    misses: list[str | None]
    llm_tokens: int = 0  # what an LLM rerank cost over the row (tokens in + out)


class RowScore(BaseModel):
    recall_at: dict[int, float]
    mrr10: float
    n: int

    def as_json(self) -> dict[str, float | int]:
        out: dict[str, float | int] = {f"recall@{k}": round(v, 4) for k, v in self.recall_at.items()}
        out["mrr@10"] = round(self.mrr10, 4)
        out["n"] = self.n
        return out


# --------------------------------------------------------------------------- question sets


def financebench_questions(root: Path) -> list[EvalQuestion]:
    """Question text and evidence pages only (documents.jsonl and the company fields are not read)."""
    return financebench_questions_file(root / "questions.jsonl")


def financebench_questions_file(path: Path) -> list[EvalQuestion]:
    questions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        try:
            # an evidence item may leave its filing to the question's doc_name (one filing per question)
            evidence = {(e.get("doc_name") or row["doc_name"], int(e["evidence_page_num"])) for e in row["evidence"]}
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"{path}: question {row.get('financebench_id', '?')} has no readable evidence "
                             f"(each needs evidence_page_num and a doc_name, its own or the question's): {error!r}") from None
        questions.append(EvalQuestion(
            id=row["financebench_id"], text=row["question"], evidence=evidence, kind=row.get("question_type") or "",
        ))
    return questions


def read_mapping(mapping: Path) -> dict[str, str]:
    """A set's mapping.json ({opaque store file: original file name, ".pdf" or not on each}) turned
    around: original file stem -> the store's stem."""
    rows = json.loads(mapping.read_text(encoding="utf-8"))
    if not isinstance(rows, dict) or not all(isinstance(v, str) for v in rows.values()):
        raise ValueError(f"{mapping}: expected an object of store stem -> original file name")
    def bare(name: str) -> str:  # both sides come with or without ".pdf"; the store names a filing by its stem
        return Path(name).stem if name.lower().endswith(".pdf") else name

    return {bare(original): bare(stem) for stem, original in rows.items()}


def file_questions(questions: Path, mapping: Path | None = None) -> list[EvalQuestion]:
    """A FinanceBench-style question file (another set's questions.jsonl) read as
    `financebench_questions` reads FinanceBench's, its evidence renamed through `mapping`.
    A question whose evidence names a filing the mapping lacks raises ValueError: it could
    never be found, and would be counted as a miss of retrieval's."""
    out = financebench_questions_file(questions)
    if mapping is None:
        return out
    stem = read_mapping(mapping)
    unmapped = sorted({doc for q in out for doc, _ in q.evidence if doc not in stem})
    if unmapped:
        raise ValueError(f"{mapping} has no entry for {', '.join(unmapped)}")
    return [q.model_copy(update={"evidence": {(stem[doc], page) for doc, page in q.evidence}}) for q in out]


def sample_questions(root: Path) -> list[EvalQuestion]:
    """Gold questions of a generated corpus that have evidence pages (unanswerable ones have none)."""
    from samples.truth import load_questions

    return [
        EvalQuestion(id=q.id, text=q.question, evidence={(e.doc, e.page) for e in q.evidence})
        for q in load_questions(root)
        if q.evidence
    ]


# --------------------------------------------------------------------------- scoring


def ranked_pages(hits: list[SearchHit]) -> list[tuple[str, int]]:
    """Distinct pages in the order of their best chunk (a chunk counts for every page it spans)."""
    pages: dict[tuple[str, int], None] = {}
    for hit in hits:
        for page in range(hit.chunk.page, hit.chunk.page_end + 1):
            pages.setdefault((hit.chunk.doc, page), None)
    return list(pages)


def first_relevant_rank(pages: list[tuple[str, int]], evidence: set[tuple[str, int]]) -> int | None:
    return next((rank for rank, page in enumerate(pages, 1) if page in evidence), None)


def score_ranks(ranks: list[int | None]) -> RowScore:
    n = len(ranks)
    recall = {k: sum(1 for r in ranks if r is not None and r <= k) / n if n else 0.0 for k in K_VALUES}
    mrr = sum(1 / r for r in ranks if r is not None and r <= 10) / n if n else 0.0
    return RowScore(recall_at=recall, mrr10=mrr, n=n)


class _UncachedEmbedder:
    """Embeds queries with the model itself, so measured latency includes the embedding."""

    def __init__(self, embedder):
        self._encoder = embedder.query_encoder

    def embed_query(self, text: str) -> list[float]:
        return self._encoder.encode([text])[0]


def half_of_questions(root: Path, questions: list[EvalQuestion], half: str) -> list[EvalQuestion]:
    """The questions about one half of the set's companies (sorted by name, alternating,
    as `finrag eval metadata` splits them): choose settings on A, report B separately."""
    from eval.metadata import company_halves

    company_of = {
        row["doc_name"]: row["company"]
        for line in (root / "documents.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip() and (row := json.loads(line))
    }
    # A document whose label names no company (null) is in neither half: company_halves leaves it out.
    halves = company_halves(list(company_of.values()))
    return [q for q in questions
            if {halves.get(company_of[doc] or "") for doc, _ in q.evidence if doc in company_of} == {half}]


def evaluate(
    retriever: Retriever, questions: list[EvalQuestion], progress: bool = False,
    rows: list[tuple[str, RetrievalOptions]] | None = None,
) -> dict[str, RowScore]:
    """Scores per row (the embedder's cache makes every row after the first cheap)."""
    return {name: score_ranks(r) for name, r in evaluate_ranks(retriever, questions, progress, rows).items()}


def evaluate_ranks(
    retriever: Retriever, questions: list[EvalQuestion], progress: bool = False,
    rows: list[tuple[str, RetrievalOptions]] | None = None,
) -> dict[str, list[int | None]]:
    """Per row, each question's rank of its first evidence page (None: not in the top 10)."""
    return {name: run.ranks for name, run in evaluate_runs(retriever, questions, progress, rows).items()}


def miss_kind(retriever: Retriever, result: Retrieval, top: list[tuple[str, int]], evidence: set[tuple[str, int]]) -> str:
    """Why no evidence page is in `top` (the first 5 pages): the most specific of MISS_KINDS."""
    docs = {doc for doc, _ in evidence}
    if docs & {doc for doc, _ in top}:
        return "wrong page"
    company_of = {doc: c.name for c in retriever.catalog.companies for doc in c.docs}
    wanted = {company_of.get(doc) for doc in docs} - {None}
    if wanted & {company_of.get(doc) for doc, _ in top}:
        return "wrong filing"
    return "wrong company" if result.understanding.companies else "no company"


def evaluate_runs(
    retriever: Retriever, questions: list[EvalQuestion], progress: bool = False,
    rows: list[tuple[str, RetrievalOptions]] | None = None,
) -> dict[str, RowRun]:
    """Per row, each question's rank and kind of miss at 5.

    With `progress`, each finished row is printed to stderr at once: on a large local store
    a full run takes long, and finished rows should not wait for the last one."""
    runs: dict[str, RowRun] = {}
    for name, options in rows or ROWS:
        started = time.perf_counter()
        ranks, misses, tokens = [], [], 0
        for q in questions:
            result = retriever.retrieve(q.text, k=CHUNKS_PER_QUESTION, options=options)
            if result.rerank_reply:
                tokens += result.rerank_reply.tokens_in + result.rerank_reply.tokens_out
            pages = ranked_pages(result.hits)[:10]
            rank = first_relevant_rank(pages, q.evidence)
            ranks.append(rank)
            misses.append(None if rank is not None and rank <= 5 else miss_kind(retriever, result, pages[:5], q.evidence))
        runs[name] = RowRun(ranks=ranks, misses=misses, llm_tokens=tokens)
        s = score_ranks(ranks)
        if progress:
            print(
                f"  {name:<28} r@1 {s.recall_at[1]:.3f}  r@5 {s.recall_at[5]:.3f}  "
                f"r@10 {s.recall_at[10]:.3f}  MRR@10 {s.mrr10:.3f}  n={s.n}  "
                f"({time.perf_counter() - started:.0f} s)" + (f", LLM rerank {tokens} tokens" if tokens else ""),
                file=sys.stderr, flush=True,
            )
    return runs


def full_pipeline_latencies(retriever: Retriever, questions: list[EvalQuestion]) -> list[float]:
    """Milliseconds per question of the full pipeline, query embedding included (not cached)."""
    uncached = Retriever(retriever.store, _UncachedEmbedder(retriever.embedder), retriever.settings)
    uncached.retrieve("warm-up: total revenue", k=5)  # model and catalog load outside the timings
    # Filings the page stage reads are kept per process: time a process that has not read
    # them yet would see the first question of each filing slower (one scroll of its chunks).
    latencies = []
    for q in questions[:LATENCY_QUESTIONS]:
        started = time.perf_counter()
        uncached.retrieve(q.text, k=CHUNKS_PER_QUESTION)
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def report_json(scores: dict[str, RowScore], latencies: list[float]) -> dict:
    """The `--json` report: {"rows": {name: {"recall@1", "recall@5", "recall@10", "mrr@10", "n"}},
    "latency_ms": {"p50", "p95"}}."""
    return {
        "rows": {name: s.as_json() for name, s in scores.items()},
        "latency_ms": {"p50": round(percentile(latencies, 50), 1), "p95": round(percentile(latencies, 95), 1)},
    }


def format_table(scores: dict[str, RowScore], latencies: list[float], title: str) -> str:
    lines = [
        title,
        "page-level: recall@k = share of questions with an evidence page in the top k pages",
    ]
    columns = ["configuration", "recall@1", "recall@5", "recall@10", "MRR@10", "n"]
    lines.append(table_text(
        columns,
        [[name, f"{s.recall_at[1]:.3f}", f"{s.recall_at[5]:.3f}", f"{s.recall_at[10]:.3f}", f"{s.mrr10:.3f}", s.n]
         for name, s in scores.items()],
        right=columns[1:],
    ))  # fmt: skip
    lines.append(
        f"latency of the full pipeline per question: p50 {percentile(latencies, 50):.1f} ms, "
        f"p95 {percentile(latencies, 95):.1f} ms"
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------- command


def _under_opaque_names(
    pdfs: Path, questions: list[EvalQuestion], store_dir: Path
) -> tuple[list[Path], list[EvalQuestion]]:
    """The PDFs copied under meaningless names beside the store (kept, so the store is
    reused), and the questions with their evidence pages renamed to match."""
    from eval.opaque_names import copy_under_opaque_names

    copies = copy_under_opaque_names(sorted(pdfs.glob("*.pdf")), store_dir.with_name(store_dir.name + "-pdfs"))
    stem = {source.stem: target.stem for source, target in copies.items()}
    renamed = [q.model_copy(update={"evidence": {(stem.get(doc, doc), page) for doc, page in q.evidence}})
               for q in questions]  # fmt: skip
    return sorted(copies.values()), renamed


def run_cli(args) -> int:
    # Heavy imports (torch, Prefect) only when the command runs.
    from finrag.embeddings import get_embedder
    from finrag.llm import get_llm
    from finrag.store import open_store

    question_file = getattr(args, "questions", None)
    if question_file:
        if not args.store:
            print("finrag eval retrieval: --questions needs --store, the store that holds its filings", file=sys.stderr)
            return 2
        mapping = Path(args.mapping) if getattr(args, "mapping", None) else None
        try:
            questions = file_questions(Path(question_file), mapping)
        except (OSError, ValueError) as exc:  # a missing or malformed file: one line, not a traceback
            print(f"finrag eval retrieval: {exc}", file=sys.stderr)
            return 2
        root, default_store, title = Path(question_file).parent, None, f"Retrieval ({question_file})"
    elif args.financebench:
        root = Path(args.financebench)
        questions = financebench_questions(root)
        default_store, title = DEFAULT_FINANCEBENCH_STORE, f"FinanceBench retrieval ({root})"
    else:
        root = Path(args.sample)
        questions = sample_questions(root)
        default_store, title = DEFAULT_SAMPLE_STORE, f"Sample-corpus retrieval ({root})"
    if getattr(args, "half", None):
        if not args.financebench:
            print("finrag eval retrieval: --half needs --financebench (its documents.jsonl names the companies)",
                  file=sys.stderr)
            return 2
        questions = half_of_questions(root, questions, args.half)
        title += f", half {args.half} of its companies ({len(questions)} questions)"
    if args.limit:
        questions = questions[: args.limit]
    try:
        rows = select_rows(getattr(args, "rows", None))
    except ValueError as exc:
        print(f"finrag eval retrieval: {exc}", file=sys.stderr)
        return 2
    settings = load_settings(**({"store_dir": Path(args.store or default_store)}))
    pdfs = [root / "pdfs"]
    scored = questions
    if getattr(args, "opaque_names", False):
        pdfs, scored = _under_opaque_names(root / "pdfs", questions, settings.store_dir)
        title += ", files under meaningless names"

    if not question_file:  # a question file's filings are already in its store
        _ingest(pdfs, settings)

    embedder = get_embedder(settings)
    llm = get_llm(settings) if settings.rerank == "llm" and not settings.rerank_url else None
    if settings.rerank_url and RERANK_ROW not in rows:
        rows = [*rows, RERANK_ROW]
    elif llm and LLM_RERANK_ROW not in rows:
        rows = [*rows, LLM_RERANK_ROW]
    with open_store(settings, dim=embedder.dim, wait_s=600) as store:
        retriever = Retriever(store, embedder, settings, llm=llm)
        runs = evaluate_runs(retriever, scored, progress=True, rows=rows)
        latencies = full_pipeline_latencies(retriever, scored)

    groups = {"all": list(range(len(questions)))}
    if getattr(args, "split", False) and args.financebench:
        for half in ("A", "B"):
            members = {q.id for q in half_of_questions(root, questions, half)}
            groups[f"half {half}"] = [i for i, q in enumerate(questions) if q.id in members]
    tables = {name: _scores(runs, keep) for name, keep in groups.items()}
    narrative = {name: _scores(runs, [i for i in keep if questions[i].narrative]) for name, keep in groups.items()}
    misses = {name: _misses(runs, keep) for name, keep in groups.items()}
    if args.json:
        report = report_json(tables["all"], latencies)
        report["halves"] = {h: {n: s.as_json() for n, s in t.items()} for h, t in tables.items() if h != "all"}
        report["narrative"] = {h: {n: s.as_json() for n, s in t.items()} for h, t in narrative.items()}
        report["misses_at_5"] = misses
        print(json.dumps(report, indent=1))
    else:
        for name, scores in tables.items():
            label = title if name == "all" else f"{title}: {name} of its companies" + (
                " (settings chosen on)" if name == "half A" else " (held out)")
            print(format_table(scores, latencies, label))
            if narrative[name] and next(iter(narrative[name].values())).n:
                print(format_table(narrative[name], [], f"{label}: narrative questions only").rsplit("\n", 1)[0])
            print(format_misses(misses[name]) + "\n")
    return 0


def _ingest(pdfs: list[Path], settings) -> None:
    from indexing.pipeline import ingest_paths

    started = time.perf_counter()
    reports = ingest_paths(pdfs, settings)
    failed = [r for r in reports if r.status == "failed"]
    print(
        f"store {settings.store_dir}: {len(reports)} PDFs ({len(failed)} failed) checked/ingested in "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )
    for r in failed:
        print(f"  failed: {r.doc}: {r.reason}", file=sys.stderr)


def _scores(runs: dict[str, RowRun], keep: list[int]) -> dict[str, RowScore]:
    return {name: score_ranks([run.ranks[i] for i in keep]) for name, run in runs.items()}


def _misses(runs: dict[str, RowRun], keep: list[int]) -> dict[str, dict[str, int]]:
    """Per row: misses at 5 by kind."""
    out = {}
    for name, run in runs.items():
        counts = {kind: 0 for kind in MISS_KINDS}
        for i in keep:
            if run.misses[i]:
                counts[run.misses[i]] += 1
        out[name] = counts
    return out


def format_misses(misses: dict[str, dict[str, int]]) -> str:
    columns = ["misses at 5", *MISS_KINDS]
    return table_text(
        columns, [[name, *(counts[k] for k in MISS_KINDS)] for name, counts in misses.items()], right=columns[1:],
    )
