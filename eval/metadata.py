"""`finrag eval metadata --financebench DIR [DIR...] [--json] [--misses A|B|all]`: does
`inspect` read company, fiscal year and form from the documents themselves, on companies
the rules were not written on?

The PDFs are copied under meaningless, shuffled names (doc_001.pdf, ...) so that file
names give nothing away; the reports are compared with each set's documents.jsonl, in
either of the two label schemas the shared sets use (FinanceBench's `doc_name` /
`doc_type` / `doc_period`, filings-wild's `file` / `form` / `fiscal_year`).

Honest measurement: the companies of all given sets are sorted by name and split
alternately into half A (the half rules are chosen on) and half B (held out); the table
prints both halves and each set. Only half A's misses are listed unless asked
(`--misses B|all`): rules are chosen by looking at A, B is read as a score. FinanceBench
labels an 8-K or earnings release by the calendar year of its date, so a release's
fiscal year counts as right when either its fiscal year or the year of its date
(`report_date`) matches the label.

Labels their own documents contradict are listed in metadata_label_disputes.jsonl, each with
the document's statement quoted; the scores are printed as labelled (the target is checked on
those) and, apart, with those labels set to what the documents state.

Extracted text is kept by file content under `--text-cache` (default: the cache folder's
pdf-text/), so a second run re-reads metadata without pdfium or OCR.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from pydantic import BaseModel

from eval.opaque_names import copy_under_opaque_names
from finrag.catalog import catalog_from_documents, resolve
from finrag.config import load_settings
from finrag.console import table_text
from finrag.models import DocumentMeta, DocumentReport
from loaders.inspect import inspect_paths
from loaders.pdf_text import PdfOptions

TARGET = 0.97  # each field, on the held-out half
TARGET_ALL = 0.95  # all three fields of a filing right
FIELDS = ("company", "fiscal_year", "form")
HALVES = ("A", "B")
_SUFFIXES = re.compile(
    r"\b(?:inc|incorporated|corporation|corp|company|co|ltd|limited|plc|the|group|holdings|holding"
    r"|pt|tbk|persero)\b\.?"
)
_FORMS = {"10k": "10-K", "10q": "10-Q", "8k": "8-K", "earnings": "earnings", "annual": "annual"}
_ACCEPTED_FORMS = {
    "10k_annualreport": ("annual", "10-K"),  # a glossy annual report around a 10-K is right as either
    "20f": ("annual",),  # a foreign issuer's annual report (FinRAG has no form of its own for it)
    "interim": ("other", "10-Q"),  # a non-US quarterly or half-year statement
}
_RELEASES = ("8k", "earnings")
# Labels their own documents contradict, each with the document's statement: the scores are
# printed as labelled and, apart, with these labels set to what the documents state.
DISPUTES = Path(__file__).with_name("metadata_label_disputes.jsonl")


def read_disputes(path: Path = DISPUTES) -> list[Dispute]:
    if not path.is_file():
        return []
    return [Dispute.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]


def as_the_document_states(label: Labelled, disputes: list[Dispute]) -> Labelled:
    """`label` with each of its disputed fields set to what the document states."""
    for d in disputes:
        if (d.set, d.doc_name) == (label.set_name, label.doc_name):
            label = label.model_copy(update={"doc_period": int(d.document)} if d.field == "fiscal_year"
                                     else {"doc_type": d.document})  # fmt: skip
    return label


class Labelled(BaseModel):
    doc_name: str
    company: str | None = None  # None: the label does not say (company not scored, in neither half)
    doc_type: str
    doc_period: int
    set_name: str = ""


class Miss(BaseModel):
    doc_name: str
    field: str
    expected: str
    got: str
    half: str | None = ""


class Row(BaseModel):
    """Accuracy over one group of filings."""

    name: str
    documents: int
    companies: int
    accuracy: dict[str, float]  # FIELDS and "all"


class CatalogCheck(BaseModel):
    """The catalog the reports make (`finrag.catalog.resolve`), against the labels: one entry
    per issuer, no entry holding two issuers' filings."""

    entries: int
    issuers: int  # labelled companies among the filings that got a company
    split: list[str] = []  # "issuer: entry, entry" (duplicates / fragments)
    mixed: list[str] = []  # "entry: issuer, issuer" (a wrong merge)


class Dispute(BaseModel):
    """A label its document contradicts (`DISPUTES`): the document's own statement, quoted."""

    set: str
    doc_name: str
    field: str  # "fiscal_year" or "form"
    label: str
    document: str  # what the document states: a year, or a doc_type ("8k")
    evidence: str


class MetadataEval(BaseModel):
    documents: int
    accuracy: dict[str, float]  # every filing given
    rows: list[Row]  # all, half A, half B, then each set
    halves: dict[str, list[str]]  # half -> companies (labels as given)
    misses: list[Miss]  # of the halves shown (`misses_of`)
    misses_of: list[str] = list(HALVES)
    seconds: float
    extractor: str = "pdfium"
    catalog: CatalogCheck | None = None
    # The scores again with the disputed labels set to what their documents state (all, A,
    # B): shown beside the labels' scores, never instead of them; the target is the labels'.
    disputes: list[Dispute] = []
    rows_documents_win: list[Row] = []


def company_key(name: str | None) -> str:
    """Case-, punctuation- and suffix-insensitive form: 'PepsiCo, Inc.' -> 'pepsico'."""
    text = (name or "").lower().replace(".com", "").replace("&", " and ")
    text = re.sub(r"['\u2019]", "", text)  # "McDonald's" == "McDonalds"
    text = _SUFFIXES.sub(" ", text)
    return " ".join(re.sub(r"[^a-z0-9 ]", " ", text).split())


def company_halves(companies: list[str | None]) -> dict[str, str]:
    """Company label -> "A" or "B": sorted by name, alternating (A = rules chosen on). A
    missing company (None, or a name with nothing left once normalised) is in neither half,
    and does not shift the alternation of the others."""
    keys = sorted({key for c in companies if (key := company_key(c))})
    half = {key: HALVES[i % 2] for i, key in enumerate(keys)}
    return {c: half[company_key(c)] for c in companies if c and company_key(c) in half}


def read_labels(sets: list[Path]) -> list[tuple[Path, Labelled]]:
    labelled = []
    for root in sets:
        for line in (root / "documents.jsonl").read_text().splitlines():
            if line.strip():
                label = _label(json.loads(line), root.name)
                pdf = root / "pdfs" / f"{label.doc_name}.pdf"
                if pdf.is_file():
                    labelled.append((pdf, label))
    return labelled


def _label(row: dict, set_name: str) -> Labelled:
    """Either schema as one label: filings-wild names the file and gives its form as free text."""
    if "doc_name" in row:
        return Labelled.model_validate({**row, "set_name": set_name})
    return Labelled(doc_name=Path(row["file"]).stem, company=row["company"], doc_type=form_kind(row["form"]),
                    doc_period=row["fiscal_year"], set_name=set_name)  # fmt: skip


def form_kind(form: str) -> str:
    """filings-wild's free-text form -> a FinanceBench doc_type (or "20f", "annual", "interim").
    A combined annual report + 10-K is a 10-K; one around a 20-F is a 20-F."""
    text = form.lower()
    for marker, kind in (("10-k", "10k"), ("10-q", "10q"), ("20-f", "20f")):
        if marker in text:
            return kind
    if "8-k" in text and "earnings" not in text:
        return "8k"
    if "earnings" in text or "press release" in text:
        return "earnings"
    if "quarterly" in text or "interim" in text:
        return "interim"
    return "annual" if "annual" in text else "other"


def evaluate(
    sets: Path | list[Path],
    workers: int | None = None,
    extractor: str = "pdfium",
    text_cache: Path | None = None,
    misses_of: list[str] | None = None,
) -> MetadataEval:
    """`extractor`: pypdf lays text out differently (a table cell per line), so a reading
    that holds under both does not hang on one layout. `misses_of`: the halves whose misses
    are listed (default both)."""
    sets = [sets] if isinstance(sets, Path) else list(sets)
    labels = read_labels(sets)
    label_of = dict(labels)
    with tempfile.TemporaryDirectory(prefix="finrag-metadata-") as tmp:
        copies = {target.name: label_of[source]
                  for source, target in copy_under_opaque_names([path for path, _ in labels], Path(tmp)).items()}
        options = PdfOptions.from_settings(load_settings(pdf_extractor=extractor))
        reports = inspect_paths(sorted(Path(tmp).glob("*.pdf")), workers=workers, options=options,
                                text_cache=text_cache)  # fmt: skip
    by_name = {Path(r.file).name: r for r in reports}
    halves = company_halves([label.company for label in copies.values()])
    misses: list[Miss] = []
    outcomes: list[tuple[Labelled, set[str]]] = []  # label, fields missed
    misses_of = list(misses_of or HALVES)
    for name, label in sorted(copies.items(), key=lambda item: (item[1].set_name, item[1].doc_name)):
        missed = [m.model_copy(update={"half": halves.get(label.company or "")}) for m in _compare(label, by_name[name])]
        misses.extend(m for m in missed if m.half in misses_of)
        outcomes.append((label, {m.field for m in missed}))
    rows = [_row("all", outcomes)]
    rows += [_row(f"half {h}" + (" (rules chosen on)" if h == "A" else " (held out)"),
                  [o for o in outcomes if halves.get(o[0].company or "") == h]) for h in HALVES]
    for set_name in dict.fromkeys(label.set_name for _, label in labels):
        for h in HALVES:
            rows.append(_row(f"{set_name} {h}", [o for o in outcomes if o[0].set_name == set_name
                                                   and halves.get(o[0].company or "") == h]))  # fmt: skip
    disputes = [d for d in read_disputes() if any((d.set, d.doc_name) == (lb.set_name, lb.doc_name) for lb in copies.values())]
    fixed = [(label, {m.field for m in _compare(as_the_document_states(label, disputes), by_name[name])})
             for name, label in copies.items()]
    rows_documents_win = [_row("all", fixed)] + [
        _row(f"half {h}", [o for o in fixed if halves.get(o[0].company or "") == h]) for h in HALVES]
    seconds = round(sum(r.seconds for r in reports), 1)
    catalog = check_catalog([(label, by_name[name]) for name, label in copies.items()])
    members = {h: sorted({c for c, x in halves.items() if x == h}, key=company_key) for h in HALVES}
    return MetadataEval(
        documents=len(copies),
        extractor=extractor,
        accuracy={f: rows[0].accuracy[f] for f in FIELDS},
        rows=rows,
        halves=members,
        misses=misses,
        misses_of=misses_of,
        seconds=seconds,
        catalog=catalog,
        disputes=disputes,
        rows_documents_win=rows_documents_win if disputes else [],
    )


def check_catalog(pairs: list[tuple[Labelled, DocumentReport]]) -> CatalogCheck:
    """Which catalog entries hold which labelled issuers' filings."""
    metas = [DocumentMeta(file=r.file, doc=f"{label.set_name}/{label.doc_name}", sha256="",
                          **r.model_dump(include={"company", "company_legal", "ticker", "aliases", "fiscal_year",
                                                  "period_end", "period", "report_date", "form"}))
             for label, r in pairs]  # fmt: skip
    issuer_of = {f"{label.set_name}/{label.doc_name}": company_key(label.company) for label, _ in pairs if label.company}
    catalog = resolve(catalog_from_documents(metas))
    entries_of: dict[str, set[str]] = {}
    issuers_in: dict[str, set[str]] = {}
    for company in catalog.companies:
        for doc in company.docs:
            if issuer := issuer_of.get(doc):
                entries_of.setdefault(issuer, set()).add(company.name)
                issuers_in.setdefault(company.name, set()).add(issuer)
    return CatalogCheck(
        entries=len(catalog.companies),
        issuers=len(entries_of),
        split=[f"{i}: {', '.join(sorted(e))}" for i, e in sorted(entries_of.items()) if len(e) > 1],
        mixed=[f"{e}: {', '.join(sorted(i))}" for e, i in sorted(issuers_in.items()) if len(i) > 1],
    )


def _row(name: str, outcomes: list[tuple[Labelled, set[str]]]) -> Row:
    total = max(len(outcomes), 1)
    accuracy = {f: round(sum(f not in missed for _, missed in outcomes) / total, 4) for f in FIELDS}
    accuracy["all"] = round(sum(not missed for _, missed in outcomes) / total, 4)
    companies = len({company_key(label.company) for label, _ in outcomes if label.company})
    return Row(name=name, documents=len(outcomes), companies=companies, accuracy=accuracy)


def _year_ok(label: Labelled, report: DocumentReport) -> bool:
    if label.doc_period == report.fiscal_year:
        return True
    # Releases are labelled by the calendar year of their date.
    dated = report.report_date or report.period_end
    return label.doc_type.lower() in _RELEASES and bool(dated) and dated[:4] == str(label.doc_period)


def _company_ok(expected: str, report: DocumentReport) -> bool:
    """The name people write ("Uber") or the legal name it was read from ("UBER TECHNOLOGIES,
    INC."): filings-wild labels give the legal name, FinanceBench the short one. A legal name
    read without a company name is still a miss."""
    key = company_key(expected)
    return bool(report.company) and key in (company_key(report.company), company_key(report.company_legal))


def _compare(label: Labelled, report: DocumentReport) -> list[Miss]:
    kind = label.doc_type.lower()
    accepted = _ACCEPTED_FORMS.get(kind, (_FORMS.get(kind, label.doc_type),))
    year_got = str(report.fiscal_year)
    if report.report_date and kind in _RELEASES:
        year_got += f" (dated {report.report_date})"
    checks = [
        ("company", label.company or "", report.company, label.company is None or _company_ok(label.company, report)),
        ("fiscal_year", str(label.doc_period), year_got, _year_ok(label, report)),
        ("form", " or ".join(accepted), report.form, report.form in accepted),
    ]
    got_suffix = f" ({report.reason})" if report.status == "failed" else ""
    return [
        Miss(doc_name=label.doc_name, field=field, expected=expected, got=f"{got}{got_suffix}")
        for field, expected, got, ok in checks
        if not ok
    ]


def format_result(result: MetadataEval) -> str:
    lines = [f"metadata read from content ({result.extractor} text), {result.documents} documents under"
             " meaningless names", ""]
    columns = ["filings", "docs", "cos", "company", "fiscal yr", "form", "all 3"]
    lines.append(table_text(
        columns,
        [[row.name, row.documents, row.companies, f"{row.accuracy['company']:.1%}", f"{row.accuracy['fiscal_year']:.1%}",
          f"{row.accuracy['form']:.1%}", f"{row.accuracy['all']:.1%}"] for row in result.rows],
        right=columns[1:],
    ))  # fmt: skip
    lines.append("")
    lines.append(
        f"targets on the held-out half: each field >= {TARGET:.0%}, all three >= {TARGET_ALL:.0%}"
        f" -> {'met' if _met(result) else 'NOT MET'}"
    )
    lines.append(
        "an 8-K or earnings release's fiscal year counts as right if its fiscal year or the "
        "year of its date matches (FinanceBench labels releases by the date's calendar year)"
    )
    if result.disputes:
        lines.append(f"{len(result.disputes)} labels their documents contradict (eval/{DISPUTES.name}); "
                     "with them set to what the documents state:")
        lines.extend(f"  {row.name}: company {row.accuracy['company']:.1%}, fiscal yr {row.accuracy['fiscal_year']:.1%}, "
                     f"form {row.accuracy['form']:.1%}, all 3 {row.accuracy['all']:.1%}" for row in result.rows_documents_win)
        lines.extend(f"  {d.doc_name}: {d.field} labelled {d.label!r}, the document states {d.document!r} ({d.evidence})"
                     for d in result.disputes)
    if (catalog := result.catalog) is not None:
        lines.append(f"catalog: {catalog.entries} entries for {catalog.issuers} labelled issuers; "
                     f"issuers split over entries: {len(catalog.split)}; entries mixing issuers: {len(catalog.mixed)}")
        lines.extend(f"  split {s}" for s in catalog.split)
        lines.extend(f"  mixed {m}" for m in catalog.mixed)
    lines.append("split: companies sorted by name, alternating")
    for half, companies in result.halves.items():
        lines.append(f"  half {half}: {', '.join(companies)}")
    lines.append("")
    hidden = [h for h in HALVES if h not in result.misses_of]
    if hidden:
        lines.append(f"misses of half {', '.join(hidden)} not shown (--misses all shows them)")
    if result.misses:
        lines.append(f"misses (half {', '.join(result.misses_of)}):")
        lines.extend(f"  {m.doc_name}: {m.field} expected {m.expected!r}, got {m.got!r}" for m in result.misses)
    else:
        lines.append("misses: none")
    lines.append(f"(parse time summed over files: {result.seconds:.1f}s)")
    return "\n".join(lines)


def _met(result: MetadataEval) -> bool:
    held_out = next(r for r in result.rows if r.name.startswith(f"half {HALVES[-1]}")).accuracy
    return all(held_out[f] >= TARGET for f in FIELDS) and held_out["all"] >= TARGET_ALL


def run_cli(args) -> int:
    misses = getattr(args, "misses", "A")
    text_cache = getattr(args, "text_cache", None)
    if text_cache is None:
        text_cache = load_settings().cache_dir / "pdf-text"
    result = evaluate([Path(d) for d in args.financebench], extractor=getattr(args, "extractor", "pdfium"),
                      text_cache=Path(text_cache) if text_cache else None,
                      misses_of=list(HALVES) if misses == "all" else [misses])  # fmt: skip
    if getattr(args, "json", False):
        print(json.dumps(result.model_dump(), indent=2))
    else:
        print(format_result(result))
    return 0 if _met(result) else 1
