"""`finrag eval graph`: how well the knowledge graph is extracted, and how well it answers.

Sample corpus (`--sample DIR`, truth.json + questions.jsonl from `finrag sample`):
- fact precision / recall per metric against truth.json's facts, keyed by (doc, metric, year),
  a value matching within rounding (reported facts only: truth has no derived metrics);
- relation precision / recall against truth.json's relations, keyed by (doc, predicate, object);
- accuracy of the graph strategy on the questions whose expected_strategy is "graph"
  (the corpus is ingested into `--store` first; ingest is idempotent).

FinanceBench (`--financebench DIR`, only loaders: no embedding):
- for each `metrics-generated` question, the inputs it needs (metric wordings from the
  justification, years from the question) and whether they were extracted from the
  question's filing with a value that appears on the evidence pages;
- precision of the extracted needed inputs (value found in the evidence text), and
  agreement of facts that two filings of one company both report;
- accuracy of a numeric answer computed from the facts alone (1% or the gold's rounding).
General rules only: nothing here knows individual questions.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from pydantic import BaseModel, Field

from finrag.knowledge_graph import name_key
from finrag.models import DocumentKnowledge, Fact, LoadedDocument
from finrag.vocabulary import Vocabulary, load_vocabulary

# --------------------------------------------------------------------------- shared


class PR(BaseModel):
    predicted: int = 0
    truth: int = 0
    correct: int = 0

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.correct / self.truth if self.truth else 1.0

    def row(self, name: str) -> str:
        return (f"{name:28} {self.predicted:>6} {self.truth:>6} {self.correct:>6} "
                f"{self.precision:>7.3f} {self.recall:>7.3f}")


def _same_value(a: float, b: float) -> bool:
    """Equal within the rounding of printed statements (one decimal, or 0.1%)."""
    return abs(a - b) <= max(0.051, 0.001 * abs(b))


def _load(path: Path) -> LoadedDocument:
    from loaders import load_document

    return load_document(path)


def _knowledge(doc: LoadedDocument, vocab: Vocabulary) -> DocumentKnowledge:
    from loaders.knowledge import extract_knowledge

    return extract_knowledge(doc, vocab)


# --------------------------------------------------------------------------- sample corpus


class SampleReport(BaseModel):
    facts: dict[str, PR] = Field(default_factory=dict)  # per metric, plus "ALL"
    relations: dict[str, PR] = Field(default_factory=dict)  # per predicate, plus "ALL"
    questions: int = 0
    correct: int = 0
    answers: list[dict] = Field(default_factory=list)
    note: str = ""

    @property
    def accuracy(self) -> float:
        return self.correct / self.questions if self.questions else 0.0


def score_facts(predicted: list[Fact], truth: list[dict]) -> dict[str, PR]:
    want: dict[tuple[str, str, int], float] = {}
    for t in truth:
        want.setdefault((t["doc"], t["metric"], t["fiscal_year"]), t["value"])
    metrics = {k[1] for k in want}
    out: dict[str, PR] = defaultdict(PR)
    for key in want:
        out[key[1]].truth += 1
    seen: set[tuple[str, str, int]] = set()
    for f in predicted:
        key = (f.doc, f.metric, f.fiscal_year)
        if f.formula or f.metric not in metrics or key in seen:
            continue  # derived metrics and metrics the truth doesn't list are not scored
        seen.add(key)
        out[f.metric].predicted += 1
        if key in want and _same_value(f.value, want[key]):
            out[f.metric].correct += 1
    return _with_total(out)


def score_relations(predicted: list, truth: list[dict]) -> dict[str, PR]:
    want = {(t["doc"], t["predicate"], name_key(t["object"])) for t in truth}
    out: dict[str, PR] = defaultdict(PR)
    for key in want:
        out[key[1]].truth += 1
    got = {(r.doc, r.predicate, name_key(r.object)) for r in predicted}
    for key in got:
        out[key[1]].predicted += 1
        out[key[1]].correct += key in want
    return _with_total(out)


def _with_total(out: dict[str, PR]) -> dict[str, PR]:
    total = PR()
    for pr in out.values():
        total.predicted += pr.predicted
        total.truth += pr.truth
        total.correct += pr.correct
    return {**dict(sorted(out.items())), "ALL": total}


def answer_correct(gold: object, answer_text: str, value: float | None, asked: set[str],
                   companies: list[str], unit: str | None = None) -> bool:
    """Gold vs answer: names present (sets exact for company lists, order for rankings), numbers within 1%.

    `asked` are the companies the question itself names (by any alias): an answer may repeat them.
    """
    text_key = f" {name_key(answer_text)} "
    if isinstance(gold, int | float):
        return value is not None and abs(value - gold) <= max(0.01 * abs(gold), 0.005)
    if isinstance(gold, str):
        return f" {name_key(gold)} " in text_key
    if isinstance(gold, list):
        items = [str(g) for g in gold]
        if not all(f" {name_key(g)} " in text_key for g in items):
            return False
        if unit == "ranking":
            positions = [text_key.index(f" {name_key(g)} ") for g in items]
            return positions == sorted(positions)
        gold_companies = {name_key(g) for g in items} & {name_key(c) for c in companies}
        if gold_companies:  # a list of companies: no other company may be named as an answer
            asked_keys = {name_key(c) for c in asked}
            named = {name_key(c) for c in companies if f" {name_key(c)} " in text_key} - asked_keys
            return named == gold_companies - asked_keys
        return True
    return False


def eval_sample(sample_dir: Path, store: str | None) -> SampleReport:
    vocab = load_vocabulary()
    truth = json.loads((sample_dir / "truth.json").read_text())
    pdfs = sorted((sample_dir / "pdfs").glob("*.pdf"))
    knowledge = [_knowledge(_load(p), vocab) for p in pdfs]
    report = SampleReport(
        facts=score_facts([f for k in knowledge for f in k.facts], truth["facts"]),
        relations=score_relations([r for k in knowledge for r in k.relations], truth["relations"]),
    )
    questions = [json.loads(line) for line in (sample_dir / "questions.jsonl").read_text().splitlines() if line.strip()]
    graph_questions = [q for q in questions if q.get("expected_strategy") == "graph"]
    try:
        services = _sample_services(sample_dir, store)
    except Exception as exc:  # the store is busy or cannot be built: extraction numbers still stand
        report.note = f"graph answers not evaluated: {exc}"
        return report
    from agents.iterative import answer_iterative
    from finrag.models import Question
    from strategies.knowledge_graph import answer_graph
    from strategies.router import forced

    try:
        companies = services.graph.companies() if services.graph else []
        names = services.graph.entity_names() if services.graph else {}
        for q in graph_questions:
            question = Question(id=q["id"], question=q["question"], answer=q.get("answer"))
            answer = answer_graph(question, services, forced("graph"), fallback=answer_iterative)
            asked = {n for k, n in names.items() if f" {k} " in f" {name_key(q['question'])} "}
            ok = answer.status == "answered" and answer_correct(
                q.get("answer"), answer.answer, answer.value, asked, companies, q.get("unit"))
            report.questions += 1
            report.correct += ok
            report.answers.append({"id": q["id"], "question": q["question"], "gold": q.get("answer"),
                                   "answer": answer.answer, "correct": ok, "citations": len(answer.citations),
                                   "fallback": "graph_fallback" in answer.flags})
    finally:
        services.close()
    return report


def _sample_services(sample_dir: Path, store: str | None):
    from finrag.config import load_settings
    from indexing.pipeline import ingest_paths
    from strategies.services import open_services

    settings = load_settings(**({"store_dir": Path(store)} if store else {}))
    ingest_paths([sample_dir / "pdfs"], settings)  # idempotent: unchanged documents are skipped
    return open_services(settings)


# --------------------------------------------------------------------------- FinanceBench

_YEAR = re.compile(r"\bFY\s?'?(\d{4}|\d{2})\b|\b(20\d\d|19\d\d)\b")


def question_years(text: str) -> list[int]:
    """Fiscal years a question names, with "FY2017 - FY2019" ranges expanded."""
    years = []
    for m in _YEAR.finditer(text):
        y = m.group(1) or m.group(2)
        years.append(int(y) if len(y) == 4 else 2000 + int(y))
    range_match = re.search(r"FY(\d{4})\s*(?:-|–|to)\s*FY(\d{4})", text)
    if range_match:
        a, b = sorted(int(g) for g in range_match.groups())
        years += list(range(a, b + 1))
    return sorted(set(years))


def needed_metrics(justification: str, vocab: Vocabulary) -> list[str]:
    """Vocabulary keys of the inputs a justification names ("Metric 1: Total revenue ... named: Net sales")."""
    keys: list[str] = []
    parts = re.findall(r"Metric \d+:\s*([^.]+)\.[^.]*?named:\s*([^.]+?)(?:\.|\s+Metric|\s*$)", justification)
    if not parts:
        parts = re.findall(r"The metric ([^.]+?) was directly extracted[^:]*?was:\s*([^.]+?)(?:\.|\s+The|\s*$)", justification)
    for name, line_item in parts:
        found = [m for m in vocab.match_metrics(line_item) + vocab.match_metrics(name.replace("ppne", "pp&e").replace("Ppne", "PP&E"))
                 if vocab.metrics[m].kind == "metric"]
        if found:
            keys.append(found[0])
    return list(dict.fromkeys(keys))


def _evidence_numbers(question: dict) -> list[float]:
    text = " ".join(e.get("evidence_text_full_page") or e.get("evidence_text", "") for e in question["evidence"])
    return [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\.?\d*", text) if n.replace(",", "").replace(".", "")]


def _in_evidence(value: float, numbers: list[float]) -> bool:
    """The fact's value, in millions, printed on the evidence pages (in millions, thousands or units)."""
    candidates = [abs(value), abs(value) * 1000, abs(value) * 1e6]
    return any(abs(n - c) <= max(0.51, 0.0005 * c) for c in candidates for n in numbers)


def gold_number(answer: str) -> tuple[float, int] | None:
    m = re.search(r"-?\$?\s*(-?\d[\d,]*\.?\d*)", answer)
    if not m:
        return None
    digits = m.group(1).replace(",", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return float(digits), decimals


def compute_answer(question: str, facts: list[Fact], vocab: Vocabulary) -> float | None:
    """The question's typed target (answering.metric_target) computed from the filing's
    facts alone (answering.metric_answer): the metric answer without retrieval or citations."""
    from answering.metric_formula import InputValue, Missing, compute
    from answering.metric_target import read_target

    target = read_target(question, vocab)
    if target is None or target.unresolved:
        return None
    period = "FY" if target.quarter is None else f"Q{target.quarter}" + ("YTD" if target.year_to_date else "")
    by_key = {(f.metric, f.fiscal_year): f for f in facts if not f.formula and f.period == period}

    def get(metric: str, year: int) -> InputValue:
        fact = by_key.get((metric, year))
        if fact is None:
            raise Missing(metric, year)
        return InputValue(metric=metric, fiscal_year=year, value=fact.value, doc=fact.doc, page=fact.page,
                          quote=fact.source_text)

    try:
        return compute(target, vocab, get).value
    except (Missing, ZeroDivisionError):
        return None


class FinanceBenchReport(BaseModel):
    questions: int = 0
    inputs_found: int = 0  # questions whose every needed input was extracted with an evidence value
    needed: int = 0
    extracted: int = 0
    verified: int = 0
    agree: int = 0
    compared: int = 0
    answered: int = 0
    answered_correct: int = 0
    by_half: dict[str, list[int]] = Field(default_factory=dict)  # half -> [correct, questions]
    rows: list[dict] = Field(default_factory=list)
    disagreements: list[str] = Field(default_factory=list)


def eval_financebench(root: Path) -> FinanceBenchReport:
    vocab = load_vocabulary()
    questions = [json.loads(line) for line in (root / "questions.jsonl").read_text().splitlines() if line.strip()]
    questions = [q for q in questions if q["question_type"] == "metrics-generated"]
    from eval.answers import financebench_groups

    halves = {qid: half for qid, (_, half) in financebench_groups(root).items()}
    cache: dict[str, list[Fact]] = {}
    report = FinanceBenchReport()
    for q in questions:
        doc = q["doc_name"]
        if doc not in cache:
            path = next((p for p in (root / "pdfs").glob("*.pdf") if p.stem.lower() == doc.lower()), None)
            try:
                cache[doc] = _knowledge(_load(path), vocab).facts if path else []
            except Exception:  # an unreadable filing has no facts; it counts as not found
                cache[doc] = []
        facts = cache[doc]
        metrics = needed_metrics(q["justification"], vocab)
        years = question_years(q["question"])
        numbers = _evidence_numbers(q)
        found_all = bool(metrics and years)
        details = []
        for metric in metrics:
            for year in years:
                fact = next((f for f in facts if f.metric == metric and f.fiscal_year == year and not f.formula), None)
                report.needed += 1
                ok = fact is not None and _in_evidence(fact.value, numbers)
                if fact is not None:
                    report.extracted += 1
                    report.verified += ok
                found_all &= ok
                details.append(f"{metric}/FY{year}:{'ok' if ok else ('wrong ' + str(fact.value) if fact else 'missing')}")
        report.questions += 1
        report.inputs_found += found_all
        gold = gold_number(q["answer"])
        value = compute_answer(q["question"], facts, vocab)
        correct = False
        if value is not None and gold is not None:
            report.answered += 1
            g, decimals = gold
            correct = abs(value - g) <= max(0.01 * abs(g), 0.5 * 10 ** -decimals + 1e-9)
            report.answered_correct += correct
        cell = report.by_half.setdefault(halves.get(q["financebench_id"], "?"), [0, 0])
        cell[0] += correct
        cell[1] += 1
        report.rows.append({"id": q["financebench_id"], "doc": doc, "inputs": details, "gold": q["answer"],
                            "computed": value, "correct": correct})
    # Agreement: the same (company, metric, year) read from two filings of one company.
    seen: dict[tuple[str, str, int], tuple[str, float]] = {}
    for doc, facts in cache.items():
        for f in facts:
            if f.formula:
                continue
            key = (f.company, f.metric, f.fiscal_year)
            if key in seen and seen[key][0] != doc:
                report.compared += 1
                same = _same_value(f.value, seen[key][1]) or abs(f.value - seen[key][1]) <= 0.005 * abs(f.value)
                report.agree += same
                if not same:
                    report.disagreements.append(
                        f"{key[0]} {key[1]} FY{key[2]}: {seen[key][1]:,.2f} ({seen[key][0]}) vs {f.value:,.2f} ({doc})")
            seen.setdefault(key, (doc, f.value))
    return report


# --------------------------------------------------------------------------- printing


def _print_sample(r: SampleReport) -> None:
    head = f"{'':28} {'pred':>6} {'truth':>6} {'ok':>6} {'prec':>7} {'recall':>7}"
    print("Fact extraction (sample corpus, reported facts)")
    print(head)
    for name, pr in r.facts.items():
        print(pr.row(name))
    print("\nRelation extraction")
    print(head)
    for name, pr in r.relations.items():
        print(pr.row(name))
    if r.note:
        print(f"\n{r.note}")
    else:
        print(f"\nGraph strategy on graph questions: {r.correct}/{r.questions} correct ({r.accuracy:.3f})")
        for a in r.answers:
            if not a["correct"]:
                print(f"  WRONG {a['id']}: {a['question']}\n        gold={a['gold']!r}\n        got={a['answer'][:200]!r}")


def _print_financebench(r: FinanceBenchReport) -> None:
    print("FinanceBench metrics-generated questions: extraction of needed inputs (loaders only)")
    print(f"questions                         {r.questions}")
    print(f"all needed inputs found & right   {r.inputs_found} ({r.inputs_found / max(1, r.questions):.3f})")
    print(f"needed (metric, year) inputs      {r.needed}; extracted {r.extracted}; "
          f"value on evidence pages {r.verified}")
    print(f"precision of extracted inputs     {r.verified / max(1, r.extracted):.3f}")
    print(f"recall of needed inputs           {r.verified / max(1, r.needed):.3f}")
    print(f"cross-filing agreement            {r.agree}/{r.compared} ({r.agree / max(1, r.compared):.3f})")
    print(f"numeric answers from facts        {r.answered_correct}/{r.questions} correct "
          f"({r.answered} computed; typed target of answering/metric_target.py)")
    for half, (correct, n) in sorted(r.by_half.items(), reverse=True):
        print(f"  {half:<10} companies           {correct}/{n} correct ({correct / max(1, n):.3f})")
    for line in r.disagreements:
        print(f"  disagreement (restated or misread): {line}")
    for row in r.rows:
        print(f"  {row['id'][:22]:22} {row['doc'][:24]:24} {'OK ' if row['correct'] else '-- '} "
              f"gold={row['gold']:>10} computed={row['computed'] if row['computed'] is None else round(row['computed'], 3)}"
              f"  {' '.join(row['inputs'])}")


# --------------------------------------------------------------------------- line-item coverage

COVERAGE_METRICS = (
    "revenue", "cost_of_revenue", "operating_income", "net_income", "total_assets", "current_assets",
    "current_liabilities", "inventories", "receivables", "accounts_payable", "ppe_net", "operating_cash_flow",
    "capex", "depreciation_amortization",
)


class LineItemCoverage(BaseModel):
    corpus: str
    filings: int = 0  # annual filings with a company read
    found: dict[str, int] = Field(default_factory=dict)  # metric -> filings giving their own year's value
    missing: dict[str, list[str]] = Field(default_factory=dict)


def line_item_coverage(directory: Path) -> LineItemCoverage:
    """How many annual filings' statements give each common line item for the filing's own
    year (loaders only). A miss is a wording the vocabulary lacks, a layout the reader does not
    parse, or a line the company does not report (no inventories at a software company)."""
    from loaders import LoadError, read_document
    from loaders.facts import extract_facts

    report = LineItemCoverage(corpus=str(directory), found=dict.fromkeys(COVERAGE_METRICS, 0),
                              missing={m: [] for m in COVERAGE_METRICS})
    for path in sorted((directory / "pdfs").glob("*.pdf")):
        try:
            meta, pages = read_document(path)
        except LoadError:
            continue
        if not meta.company or meta.form not in ("10-K", "annual") or meta.fiscal_year is None:
            continue
        report.filings += 1
        found = {f.metric for f in extract_facts(meta, pages) if f.fiscal_year == meta.fiscal_year and f.period == "FY"}
        for metric in COVERAGE_METRICS:
            if metric in found:
                report.found[metric] += 1
            else:
                report.missing[metric].append(meta.doc)
    return report


def _print_coverage(reports: list[LineItemCoverage]) -> None:
    print("Line items found in annual filings' statements (own fiscal year)")
    print(f"{'metric':28}" + "".join(f"{Path(r.corpus).name[:20]:>22}" for r in reports))
    for metric in COVERAGE_METRICS:
        cells = "".join(f"{f'{r.found[metric]}/{r.filings}':>22}" for r in reports)
        print(f"{metric:28}{cells}")


def run_cli(args: argparse.Namespace) -> int:
    if getattr(args, "line_items", None):
        dirs = [Path(d) for d in args.line_items]
        missing = [str(d) for d in dirs if not (d / "pdfs").is_dir()]
        if missing:
            print(f"no pdfs/ in {', '.join(missing)}", file=sys.stderr)
            return 2
        reports = [line_item_coverage(d) for d in dirs]
        if args.json:
            print(json.dumps([r.model_dump() for r in reports], indent=1))
        else:
            _print_coverage(reports)
        return 0
    if args.sample:
        report = eval_sample(Path(args.sample), args.store)
        if args.json:
            print(json.dumps({
                "facts": {k: {**v.model_dump(), "precision": v.precision, "recall": v.recall} for k, v in report.facts.items()},
                "relations": {k: {**v.model_dump(), "precision": v.precision, "recall": v.recall}
                              for k, v in report.relations.items()},
                "graph_questions": report.questions, "graph_correct": report.correct, "accuracy": report.accuracy,
                "answers": report.answers, "note": report.note,
            }, indent=2))
        else:
            _print_sample(report)
        return 0
    root = Path(args.financebench)
    if not (root / "questions.jsonl").exists():
        print(f"no questions.jsonl in {root}", file=sys.stderr)
        return 2
    fb = eval_financebench(root)
    if args.json:
        print(fb.model_dump_json(indent=2))
    else:
        _print_financebench(fb)
    return 0
