"""A made-up 10-K through the whole loader: metadata, sections, page tags, chunks."""

from __future__ import annotations

import pytest

from finrag.tokens import MODEL_WINDOW, count_wordpieces
from loaders import DocumentHints, load_document
from tests.support.sample_filing import CASH_FLOW_ROWS, RUNNING_HEADER, filing_pages


@pytest.fixture(scope="module")
def filing_path(tmp_path_factory):
    from tests.support.pdfs import write_pdf

    return write_pdf(tmp_path_factory.mktemp("filing") / "doc_017.pdf", filing_pages())


@pytest.fixture(scope="module")
def loaded(filing_path):
    return load_document(filing_path)


def test_metadata_comes_from_the_cover(loaded):
    meta = loaded.meta
    assert meta.doc == "doc_017"
    assert meta.company_legal == "ACME WIDGETS HOLDINGS CO., INC."
    assert meta.company == "Acme Widgets"  # prose says "Acme Widgets", not the full legal name
    assert meta.ticker == "AWH"
    assert (meta.fiscal_year, meta.period, meta.period_end, meta.form) == (2022, "FY2022", "2022-12-31", "10-K")
    assert meta.pages == 7


def test_page_tags_skip_the_table_of_contents(loaded):
    tags = loaded.meta.page_tags
    assert tags["cash_flow"] == [4, 5]  # zero-based; the contents page (1) names it too
    assert tags["risk_factors"] == [2]
    assert tags["mdna"] == [3]
    assert tags["segment_note"] == [6]


def test_running_headers_and_page_numbers_are_removed(loaded):
    for page in loaded.pages[1:]:
        lines = page.text.split("\n")
        assert RUNNING_HEADER not in lines
        assert not lines[-1].isdigit()


def test_every_chunk_fits_the_model_window(loaded):
    sizes = [count_wordpieces(c.embed_text) for c in loaded.chunks]
    assert max(sizes) <= MODEL_WINDOW
    assert len(loaded.chunks) >= 6


def test_split_statement_repeats_title_and_column_headers(loaded):
    table_chunks = [c for c in loaded.chunks if any(row in c.text for row in CASH_FLOW_ROWS)]
    assert len(table_chunks) >= 3  # 60 rows do not fit one chunk
    for chunk in table_chunks:
        lines = chunk.text.split("\n")
        assert "2022 2021 2020" in lines, chunk.text[:200]
        assert "(in millions)" in lines
        assert lines[0].startswith("Consolidated Statements of Cash Flows")
        assert chunk.section == "Item 8. Consolidated Statements of Cash Flows"
        assert "cash_flow" in chunk.tags
    # every row is in some chunk, whole
    for row in CASH_FLOW_ROWS:
        assert any(row in c.text.split("\n") for c in table_chunks)


def test_chunk_provenance(loaded):
    by_text = {c.chunk_id: c for c in loaded.chunks}
    assert len(by_text) == len(loaded.chunks)  # ids unique
    for chunk in loaded.chunks:
        assert 0 <= chunk.page <= chunk.page_end < loaded.meta.pages
        for line in chunk.text.split("\n"):
            assert any(line in loaded.pages[p].text for p in range(chunk.page, chunk.page_end + 1))
        assert chunk.header.startswith("Acme Widgets | FY2022 | 10-K")
    risk = next(c for c in loaded.chunks if "steel suppliers" in c.text)
    assert (risk.page, risk.section, risk.tags) == (2, "Item 1A. Risk Factors", ["risk_factors"])


def test_prose_chunks_overlap(loaded):
    mdna = [c for c in loaded.chunks if c.section.startswith("Item 7.")]
    assert len(mdna) >= 2
    first_tail = mdna[0].text.split("\n")[-1]
    assert mdna[1].text.split("\n")[0] == first_tail


def test_chunk_ids_are_stable_across_runs(filing_path, loaded):
    again = load_document(filing_path)
    assert [c.chunk_id for c in again.chunks] == [c.chunk_id for c in loaded.chunks]


def test_hints_override_content(filing_path):
    hinted = load_document(filing_path, DocumentHints(company="Acme", fiscal_year=2023, form="annual"))
    assert (hinted.meta.company, hinted.meta.fiscal_year, hinted.meta.form) == ("Acme", 2023, "annual")
    assert "Acme Widgets" in hinted.meta.aliases
    assert all(c.company == "Acme" and c.fiscal_year == 2023 for c in hinted.chunks)


def test_table_running_onto_a_page_without_headers_gets_them(make_pdf):
    rows = [f"Balance line {n} {n * 17:,} {n * 19:,}" for n in range(1, 71)]
    first = "\n".join(["Consolidated Balance Sheets", "(in millions)", "December 31, 2022 December 31, 2021", *rows[:45]])
    second = "\n".join(rows[45:])  # the rows simply continue
    loaded = load_document(make_pdf("bs.pdf", [first, second]))
    on_second = [c for c in loaded.chunks if c.page == 1]
    assert on_second
    for chunk in on_second:
        assert chunk.text.split("\n")[:3] == [
            "Consolidated Balance Sheets", "(in millions)", "December 31, 2022 December 31, 2021"]
