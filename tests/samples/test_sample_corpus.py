"""The sample corpus generator: real PDFs whose text says exactly what truth.json records.

Uses the session `sample_dir` (4 companies x 2 years, seed 7) and reads it back with
pypdfium2, the library FinRAG's loaders use, so "the number is on page N" is checked the
way ingestion will see it.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from finrag.models import Question
from samples import generate_corpus, load_questions, load_truth

pytestmark = pytest.mark.slow

TYPES = {"fact", "trend", "comparison", "relationship", "aggregation", "definition", "unanswerable"}
STRATEGIES = {"direct", "single", "iterative", "graph"}


def _squash(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def truth(sample_dir):
    return load_truth(sample_dir)


@pytest.fixture(scope="module")
def questions(sample_dir):
    return load_questions(sample_dir)


@pytest.fixture(scope="module")
def page_texts(sample_dir, truth) -> dict[str, list[str]]:
    """doc -> text of each page (zero-based), as pypdfium2 extracts it."""
    texts = {}
    for meta in truth.documents:
        pdf = pdfium.PdfDocument(sample_dir / meta.file)
        try:
            texts[meta.doc] = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
        finally:
            pdf.close()
    return texts


# ----------------------------------------------------------------------------- determinism


def test_same_seed_gives_identical_files(sample_dir, tmp_path):
    again = generate_corpus(tmp_path / "again", companies=4, years=2, seed=7)
    for name in ("truth.json", "questions.jsonl"):
        assert (again / name).read_bytes() == (sample_dir / name).read_bytes(), name
    first = sorted(p.name for p in (sample_dir / "pdfs").glob("*.pdf"))
    assert first == sorted(p.name for p in (again / "pdfs").glob("*.pdf"))
    for name in first:
        assert (again / "pdfs" / name).read_bytes() == (sample_dir / "pdfs" / name).read_bytes(), name


def test_seed_changes_the_numbers(truth, tmp_path):
    other = load_truth(generate_corpus(tmp_path / "other", companies=2, years=1, seed=8))
    key = ("Northwind Robotics", "revenue", 2023)
    value = {(f.company, f.metric, f.fiscal_year): f.value for f in truth.facts}[key]
    other_value = {(f.company, f.metric, f.fiscal_year): f.value for f in other.facts}[key]
    assert value != other_value


# ----------------------------------------------------------------------------- PDFs vs truth


def test_documents_open_and_cover_pages_identify_the_filing(truth, page_texts):
    assert len(truth.documents) == 4 * 2
    for meta in truth.documents:
        pages = page_texts[meta.doc]
        assert len(pages) == meta.pages >= 8
        cover = pages[0]
        assert meta.company_legal in cover
        assert re.search(rf"\((NASDAQ|NYSE): {meta.ticker}\)", cover)
        assert "FORM 10-K" in cover and "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d)" in cover
        month_day_year = re.search(r"For the fiscal year ended (\w+ \d+, \d{4})", cover).group(1)
        from datetime import datetime

        assert datetime.strptime(month_day_year, "%B %d, %Y").date().isoformat() == meta.period_end
        assert meta.doc == Path(meta.file).stem and meta.doc.endswith(f"_{meta.fiscal_year}_10K")
    assert len({meta.period_end[5:] for meta in truth.documents}) >= 2, "fiscal year ends should vary"


def test_every_page_carries_the_running_header_and_its_number(truth, page_texts):
    for meta in truth.documents:
        for number, text in enumerate(page_texts[meta.doc]):
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            assert lines[0] == f"{meta.company_legal} | Form 10-K | Fiscal Year {meta.fiscal_year}"
            assert lines[-1] == str(number + 1)


def test_page_tags_point_at_the_statement_titles(truth, page_texts):
    titles = {
        "income_statement": "Consolidated Statements of Operations",
        "balance_sheet": "Consolidated Balance Sheets",
        "cash_flow": "Consolidated Statements of Cash Flows",
        "segment_note": "Segment Information",
        "mdna": "Item 7. Management's Discussion and Analysis",
        "risk_factors": "Item 1A. Risk Factors",
    }
    for meta in truth.documents:
        for tag, title in titles.items():
            pages = meta.page_tags[tag]
            assert title in _squash(page_texts[meta.doc][pages[0]]), (meta.doc, tag)


def test_each_fact_row_is_one_line_on_its_truth_page(truth, page_texts):
    for fact in truth.facts:
        lines = {_squash(line) for line in page_texts[fact.doc][fact.page].splitlines()}
        assert _squash(fact.source_text) in lines, (fact.doc, fact.page, fact.source_text)
        # The value, formatted independently of the generator, is a cell of that row.
        if fact.unit == "USD/share":
            cell = f"{fact.value:.2f}"
        elif fact.metric in ("capex", "dividends_paid"):  # outflows print in parentheses
            cell = f"({fact.value:,.1f})"
        else:
            cell = f"{fact.value:,.1f}"
        assert cell in fact.source_text.split(), (fact.metric, cell, fact.source_text)


def test_relations_are_stated_on_their_truth_page(truth, page_texts):
    predicates = {r.predicate for r in truth.relations}
    assert predicates == {"sector", "segment", "subsidiary", "brand", "competitor", "auditor", "ceo", "cfo"}
    for r in truth.relations:
        assert r.object in _squash(page_texts[r.doc][r.page]), (r.doc, r.page, r.predicate, r.object)


def test_exactly_one_report_carries_the_planted_injection(truth, page_texts):
    site = truth.injection
    hits = [
        (doc, number)
        for doc, pages in page_texts.items()
        for number, text in enumerate(pages)
        if site.text in _squash(text)
    ]
    assert hits == [(site.doc, site.page)]
    assert site.page in truth.document(site.doc).page_tags["mdna"]


# ----------------------------------------------------------------------------- consistency


def _values(truth) -> dict[tuple[str, str, int], dict[str, float]]:
    """(doc, company, year) -> metric -> value."""
    table: dict[tuple[str, str, int], dict[str, float]] = defaultdict(dict)
    for f in truth.facts:
        table[(f.doc, f.company, f.fiscal_year)][f.metric] = f.value
    return table


def test_statements_add_up(truth):
    close = pytest.approx
    for key, v in _values(truth).items():
        assert v["gross_profit"] == close(v["revenue"] - v["cost_of_revenue"], abs=0.05), key
        assert v["operating_income"] == close(
            v["gross_profit"] - v["research_and_development"] - v["sga"], abs=0.05), key
        assert v["pretax_income"] == close(v["operating_income"] - v["interest_expense"], abs=0.05), key
        assert v["net_income"] == close(v["pretax_income"] - v["income_tax"], abs=0.05), key
        assert v["eps_basic"] == close(v["net_income"] / v["shares_weighted"], abs=0.006), key
        assert v["eps_diluted"] <= v["eps_basic"], key
        if "total_assets" in v:  # balance sheets show two years, operations three
            assert v["total_assets"] == close(v["total_liabilities"] + v["equity"], abs=0.05), key
            assert v["current_assets"] > v["cash"] + v["receivables"] + v["inventories"], key
            assert v["total_liabilities"] > v["current_liabilities"] + v["long_term_debt"], key
            assert v["equity"] > 0, key
        assert v["capex"] > 0 and v["dividends_paid"] > 0, key


def test_each_value_is_the_same_in_every_report_that_prints_it(truth):
    seen: dict[tuple[str, str, int], set[float]] = defaultdict(set)
    docs: dict[tuple[str, str, int], set[str]] = defaultdict(set)
    for f in truth.facts:
        seen[(f.company, f.metric, f.fiscal_year)].add(f.value)
        docs[(f.company, f.metric, f.fiscal_year)].add(f.doc)
    assert all(len(values) == 1 for values in seen.values()), {k: v for k, v in seen.items() if len(v) > 1}
    # FY2022 figures are printed in the FY2022 report and again as comparatives in FY2023's.
    assert docs[("Northwind Robotics", "revenue", 2022)] == {
        "northwind-robotics_2022_10K", "northwind-robotics_2023_10K"}
    assert docs[("Northwind Robotics", "total_assets", 2022)] == {
        "northwind-robotics_2022_10K", "northwind-robotics_2023_10K"}


def test_mdna_revenue_sentence_is_true(truth, page_texts):
    values = {(f.company, f.metric, f.fiscal_year): f.value for f in truth.facts}
    for meta in truth.documents:
        text = " ".join(_squash(page_texts[meta.doc][p]) for p in meta.page_tags["mdna"])
        m = re.search(
            r"Revenue for fiscal (\d{4}) (increased|decreased) ([\d.]+)% to \$([\d,.]+) million "
            r"from \$([\d,.]+) million", text)
        assert m, meta.doc
        year, direction, pct = int(m.group(1)), m.group(2), float(m.group(3))
        new, old = (float(g.replace(",", "")) for g in m.group(4, 5))
        assert year == meta.fiscal_year
        assert new == values[(meta.company, "revenue", year)]
        assert old == values[(meta.company, "revenue", year - 1)]
        signed = pct if direction == "increased" else -pct
        assert signed == pytest.approx((new - old) / old * 100, abs=0.051)


def test_companies_share_auditors_and_name_each_other(truth):
    auditors = defaultdict(set)
    competitors = defaultdict(set)
    for r in truth.relations:
        if r.predicate == "auditor":
            auditors[r.object].add(r.subject)
        if r.predicate == "competitor":
            competitors[r.subject].add(r.object)
    assert any(len(clients) > 1 for clients in auditors.values())
    companies = {d.company for d in truth.documents}
    assert any(competitors[a] & companies for a in companies)
    assert len({d.sector for d in truth.documents}) >= 3


# ----------------------------------------------------------------------------- questions


def test_questions_cover_every_type_and_strategy(sample_dir, questions):
    assert {q.type for q in questions} == TYPES
    assert {q.expected_strategy for q in questions} == STRATEGIES
    assert len({q.id for q in questions}) == len(questions)
    assert len({q.question for q in questions}) == len(questions)
    for line in (sample_dir / "questions.jsonl").read_text().splitlines():
        Question.model_validate(json.loads(line))  # the batch runner's type reads every line


def test_answerable_questions_point_at_pages_that_hold_the_answer(truth, questions):
    facts_on_page = defaultdict(list)
    for f in truth.facts:
        facts_on_page[(f.doc, f.page)].append(f)
    relations_on_page = defaultdict(set)
    for r in truth.relations:
        relations_on_page[(r.doc, r.page)].add(r.object)
    for q in questions:
        if not q.answerable:
            assert q.answer is None and q.type == "unanswerable" and not q.evidence
            continue
        assert q.answer is not None, q.id
        if q.type == "definition":
            continue
        assert q.evidence, q.id
        if q.type == "fact":
            values = {f.value for e in q.evidence for f in facts_on_page[(e.doc, e.page)]}
            assert q.answer in values, q.id
        if q.type == "relationship":
            objects = set().union(*(relations_on_page[(e.doc, e.page)] for e in q.evidence))
            answers = q.answer if isinstance(q.answer, list) else [q.answer]
            # "Which companies share X's auditor" answers with subjects, not objects.
            subjects = {d.company for d in truth.documents}
            assert all(a in objects or a in subjects for a in answers), q.id


def test_every_fact_question_answer_is_in_truth(truth, questions):
    values = {f.value for f in truth.facts}
    fact_questions = [q for q in questions if q.type == "fact"]
    assert fact_questions
    assert all(q.answer in values for q in fact_questions)


def _lookup(truth):
    values = {(f.company, f.metric, f.fiscal_year): f.value for f in truth.facts}
    names = {d.company: d.company for d in truth.documents} | {d.ticker: d.company for d in truth.documents}
    sectors = {d.company: d.sector for d in truth.documents}
    return values, names, sectors


def test_aggregation_answers_recomputed_from_truth(truth, questions):
    values, _, sectors = _lookup(truth)
    companies = sorted(sectors)
    phrase_metric = {"revenue": "revenue", "net income": "net_income", "total assets": "total_assets"}
    aggregations = [q for q in questions if q.type == "aggregation"]
    assert aggregations
    for q in aggregations:
        if m := re.fullmatch(r"Which company had the highest (.+) in FY(\d{4})\?", q.question):
            metric, year = phrase_metric[m.group(1)], int(m.group(2))
            assert q.answer == max(companies, key=lambda c: values[(c, metric, year)]), q.id
        elif m := re.fullmatch(r"Which companies had an operating margin above (\d+)% in FY(\d{4})\?", q.question):
            threshold, year = int(m.group(1)), int(m.group(2))
            expected = {c for c in companies
                        if values[(c, "operating_income", year)] / values[(c, "revenue", year)] * 100 > threshold}
            assert set(q.answer) == expected and 0 < len(expected) < len(companies), q.id
        elif m := re.fullmatch(r"Rank the companies by revenue growth from FY(\d{4}) to FY(\d{4}), highest first\.",
                               q.question):
            prior, year = int(m.group(1)), int(m.group(2))
            growth = {c: values[(c, "revenue", year)] / values[(c, "revenue", prior)] for c in companies}
            assert q.answer == sorted(companies, key=growth.get, reverse=True), q.id
        elif m := re.fullmatch(r"What was the combined revenue of the (.+) companies in FY(\d{4})\?", q.question):
            year = int(m.group(2))
            total = sum(values[(c, "revenue", year)] for c in companies if sectors[c] == m.group(1))
            assert q.answer == pytest.approx(total, abs=0.05), q.id
        else:
            pytest.fail(f"unchecked aggregation question: {q.question}")


def test_trend_answers_recomputed_from_truth(truth, questions):
    from samples.questions import METRIC_PHRASES

    values, names, _ = _lookup(truth)
    phrase_metric = {p: metric for metric, phrases in METRIC_PHRASES.items() for p in phrases}
    who = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    what = "|".join(re.escape(p) for p in sorted(phrase_metric, key=len, reverse=True))
    trends = [q for q in questions if q.type == "trend"]
    assert trends
    for q in trends:
        m = re.search(rf"({who})'s? (?:year-over-year growth in |average )?({what})\b", q.question)
        company, metric = names[m.group(1)], phrase_metric[m.group(2)]
        years = [int(y) for y in re.findall(r"(?:FY|fiscal )(\d{4})", q.question)]
        if "average" in q.question:
            span = range(years[0], years[1] + 1)
            expected = sum(values[(company, metric, y)] for y in span) / len(span)
        else:
            last = years[-1]
            new, old = values[(company, metric, last)], values[(company, metric, last - 1)]
            expected = (new - old) / old * 100 if q.unit == "percent" else new - old
        assert q.answer == pytest.approx(expected, abs=0.051), q.id


def test_comparison_answers_recomputed_from_truth(truth, questions):
    from samples.questions import METRIC_PHRASES

    values, names, _ = _lookup(truth)
    phrase_metric = {p: metric for metric, phrases in METRIC_PHRASES.items() for p in phrases}
    who = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    comparisons = [q for q in questions if q.type == "comparison"]
    assert comparisons
    for q in comparisons:
        a, b = (names[n] for n in re.findall(rf"({who})", q.question))
        year = int(re.search(r"(?:FY|fiscal )(\d{4})", q.question).group(1))
        if m := re.search(r"(gross|operating) margin", q.question):
            numerator = "gross_profit" if m.group(1) == "gross" else "operating_income"
            margin = {c: values[(c, numerator, year)] / values[(c, "revenue", year)] for c in (a, b)}
            assert q.answer == max(margin, key=margin.get), q.id
        else:
            metric = next(phrase_metric[p] for p in sorted(phrase_metric, key=len, reverse=True) if p in q.question)
            assert q.answer == pytest.approx(values[(a, metric, year)] - values[(b, metric, year)], abs=0.051), q.id
            assert q.answer > 0, q.id


# ----------------------------------------------------------------------------- CLI and looks


def test_cli_prints_a_summary(tmp_path, capsys):
    from cli.main import main

    assert main(["sample", str(tmp_path / "cli"), "--companies", "2", "--years", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 PDFs" in out and "truth.json" in out and "questions" in out
    assert len(list((tmp_path / "cli" / "pdfs").glob("*.pdf"))) == 2


def test_income_statement_renders_to_an_image(sample_dir, truth, test_output_dir):
    """Writes test-output/sample_income_statement.png for people to look at."""
    meta = truth.documents[0]
    pdf = pdfium.PdfDocument(sample_dir / meta.file)
    try:
        image = pdf[meta.page_tags["income_statement"][0]].render(scale=1.5).to_pil()
    finally:
        pdf.close()
    image.save(test_output_dir / "sample_income_statement.png")
    gray = image.convert("L")
    dark = sum(1 for px in gray.getdata() if px < 128)
    assert 0.005 < dark / (gray.width * gray.height) < 0.2  # text on a mostly white page
