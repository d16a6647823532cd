"""`finrag eval metadata` hides file names and scores company / year / form."""

from __future__ import annotations

import json

from eval.metadata import (
    Labelled,
    _compare,
    check_catalog,
    company_halves,
    company_key,
    evaluate,
    form_kind,
    format_result,
    read_labels,
)
from finrag.models import DocumentReport
from tests.support.pdfs import write_pdf
from tests.support.sample_filing import filing_pages


def test_company_key_ignores_case_and_suffixes():
    assert company_key("PepsiCo, Inc.") == company_key("PEPSICO") == "pepsico"
    assert company_key("Amazon.com, Inc.") == "amazon"
    assert company_key("The Boeing Company") == "boeing"
    assert company_key("3M Company") == "3m"
    assert company_key("McDonald's") == company_key("McDonalds") == "mcdonalds"


def test_evaluate_on_a_tiny_labelled_set(tmp_path):
    (tmp_path / "pdfs").mkdir()
    write_pdf(tmp_path / "pdfs" / "ACME_2022_10K.pdf", filing_pages())
    write_pdf(tmp_path / "pdfs" / "ACME_COPY_2021_10Q.pdf", filing_pages())
    labels = [
        {"doc_name": "ACME_2022_10K", "company": "Acme Widgets", "doc_type": "10k", "doc_period": 2022},
        # deliberately mislabelled: the file says FY2022 10-K, so two misses must be reported
        {"doc_name": "ACME_COPY_2021_10Q", "company": "Acme Widgets", "doc_type": "10q", "doc_period": 2021},
    ]
    (tmp_path / "documents.jsonl").write_text("\n".join(json.dumps(x) for x in labels) + "\n")

    result = evaluate(tmp_path, workers=1)
    assert result.documents == 2
    assert result.accuracy == {"company": 1.0, "fiscal_year": 0.5, "form": 0.5}
    assert {(m.doc_name, m.field, m.got) for m in result.misses} == {
        ("ACME_COPY_2021_10Q", "fiscal_year", "2022"),
        ("ACME_COPY_2021_10Q", "form", "10-K"),
    }
    # all, the two halves, then each set by half
    assert [(r.name.split(" (")[0], r.documents) for r in result.rows] == [
        ("all", 2), ("half A", 2), ("half B", 0), (f"{tmp_path.name} A", 2), (f"{tmp_path.name} B", 0)]
    assert result.rows[1].accuracy["all"] == 0.5
    assert "NOT MET" in format_result(result)
    assert (result.catalog.entries, result.catalog.issuers, result.catalog.split) == (1, 1, [])


def test_companies_split_alternately_by_name():
    halves = company_halves(["Zeta Corp", "Alpha Inc.", "Beta", "ALPHA", "Gamma"])
    assert halves == {"Alpha Inc.": "A", "ALPHA": "A", "Beta": "B", "Gamma": "A", "Zeta Corp": "B"}


def test_a_release_is_right_by_its_fiscal_year_or_the_year_of_its_date():
    label = Labelled(doc_name="X_8K", company="Initech", doc_type="8k", doc_period=2023)
    report = DocumentReport(file="x.pdf", doc="x", status="ok", company="Initech", form="8-K",
                            fiscal_year=2022, report_date="2023-01-26")
    assert _compare(label, report) == []
    ten_k = label.model_copy(update={"doc_type": "10k"})
    assert [m.field for m in _compare(ten_k, report.model_copy(update={"form": "10-K"}))] == ["fiscal_year"]


def test_a_company_is_right_by_its_short_name_or_the_legal_name_it_was_read_from():
    label = Labelled(doc_name="U_10K", company="Uber Technologies, Inc.", doc_type="10k", doc_period=2021)
    report = DocumentReport(file="x.pdf", doc="x", status="ok", company="Uber", company_legal="UBER TECHNOLOGIES, INC.",
                            form="10-K", fiscal_year=2021)
    assert _compare(label, report) == []
    assert [m.field for m in _compare(label, report.model_copy(update={"company_legal": "Uber Eats Ltd"}))] == ["company"]
    assert [m.field for m in _compare(label, report.model_copy(update={"company": None}))] == ["company"]


def test_the_catalog_check_finds_an_issuer_split_over_entries_and_an_entry_holding_two():
    def pair(doc: str, issuer: str, company: str, ticker: str | None = None):
        return (Labelled(doc_name=doc, company=issuer, doc_type="10k", doc_period=2022, set_name="s"),
                DocumentReport(file=f"{doc}.pdf", doc=doc, status="ok", company=company, ticker=ticker))

    check = check_catalog([
        pair("a1", "Initech Corporation", "Initech", "INTC"), pair("a2", "Initech Corporation", "Initech"),
        pair("b1", "Coca-Cola", "Coca-Cola", "KO"), pair("b2", "Coca-Cola", "Coca Cola Bottling Ltd", "COKE"),
        pair("c1", "Globex", "Globex"), pair("c2", "Hooli", "Globex"),
    ])
    assert check.split == ["coca cola: Coca Cola Bottling Ltd, Coca-Cola"]
    assert check.mixed == ["Globex: globex, hooli"]
    assert (check.entries, check.issuers) == (4, 4)


def test_filings_wild_labels_are_read_and_held_out_misses_stay_hidden(tmp_path):
    (tmp_path / "pdfs").mkdir()
    write_pdf(tmp_path / "pdfs" / "Acme_2022_10-K.pdf", filing_pages())
    write_pdf(tmp_path / "pdfs" / "Zeta_2022_AnnualReport.pdf", filing_pages())
    labels = [  # filings-wild's schema: file, free-text form, fiscal_year
        {"file": "Acme_2022_10-K.pdf", "company": "Acme Widgets, Inc.", "fiscal_year": 2022, "form": "10-K"},
        {"file": "Zeta_2022_AnnualReport.pdf", "company": "Zeta plc", "fiscal_year": 2021, "form": "Annual Report"},
    ]
    (tmp_path / "documents.jsonl").write_text("\n".join(json.dumps(x) for x in labels) + "\n")
    assert [(label.doc_name, label.doc_type, label.doc_period) for _, label in read_labels([tmp_path])] == [
        ("Acme_2022_10-K", "10k", 2022), ("Zeta_2022_AnnualReport", "annual", 2021)]

    result = evaluate(tmp_path, workers=1, misses_of=["A"], text_cache=tmp_path / "text")
    # Zeta (half B) is wrong on every field, but only half A's misses are listed.
    assert result.rows[2].accuracy["all"] == 0.0 and result.misses == []
    assert "misses of half B not shown" in format_result(result)
    # The second run reads the kept text and scores the same.
    assert len(list((tmp_path / "text").glob("*.json"))) == 1  # one entry: both PDFs have the same bytes
    assert evaluate(tmp_path, workers=1, text_cache=tmp_path / "text").rows == result.rows


def test_free_text_forms_map_to_finrag_forms():
    assert [form_kind(f) for f in ("10-K", "10-Q", "8-K", "20-F", "Earnings Release (8-K Ex. 99.1)",
                                   "Earnings Press Release", "Annual Report (CEO letter + 10-K)",
                                   "Annual Report (letter + 20-F)", "Interim Financial Statements (half-year)",
                                   "Annual Audited Financial Statements")] == [
        "10k", "10q", "8k", "20f", "earnings", "earnings", "10k", "20f", "interim", "annual"]


def test_a_label_without_a_company_is_in_neither_half_and_shifts_no_other():
    halves = company_halves(["Beta", None, "Alpha", "Inc."])  # "Inc." is nothing once normalised
    assert halves == {"Alpha": "A", "Beta": "B"}
    label = Labelled(doc_name="X_10K", company=None, doc_type="10k", doc_period=2022)
    report = DocumentReport(file="x.pdf", doc="x", status="ok", company=None, form="10-K", fiscal_year=2022)
    assert _compare(label, report) == []  # the company is not scored when the label does not say it


def test_disputed_labels_are_the_labels_given_and_are_scored_apart(financebench_extra_dir):
    from eval.metadata import as_the_document_states, read_disputes

    disputes = read_disputes()
    labels = {label.doc_name: label for _, label in read_labels([financebench_extra_dir])}
    for d in disputes:  # each names a real label, as that label reads today
        given = labels[d.doc_name]
        assert (str(given.doc_period) if d.field == "fiscal_year" else given.doc_type) == d.label
    pg_e = labels["PG_E_2023Q3_10Q"]
    assert as_the_document_states(pg_e, disputes).doc_period == 2022
    assert pg_e.doc_period == 2023  # the label itself is left as given
    report = DocumentReport(file="x.pdf", doc="x", status="ok", company="PG&E", fiscal_year=2022, form="10-Q")
    assert [m.field for m in _compare(pg_e, report)] == ["fiscal_year"]
    assert _compare(as_the_document_states(pg_e, disputes), report) == []
