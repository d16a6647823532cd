"""A real Indonesian press release (PT Adhi Karya, 11 February 2014), which writes its numbers
the continental way ("Rp405,9 miliar" is 405.9 billion rupiah): a figure it states is read
right, or refused, never misread (as 4,059 or 405)."""

from __future__ import annotations

import pytest

from answering.aspects import prose_amounts
from tests.answering.kinds.conftest import ask, filing

_RELEASE = "filings-wild/pdfs/AdhiKarya_2013_PressRelease.pdf"


@pytest.fixture(scope="module")
def adhi():
    return filing(_RELEASE)


def _pages(chunks):
    return sorted({c.page for c in chunks})


def test_the_release_is_known_to_write_numbers_the_continental_way(adhi):
    assert {c.number_convention for c in adhi} == {"continental"}
    first = next(c for c in adhi if "Rp405,9 miliar" in c.text)
    read = [v for v, _ in prose_amounts(first.text, first.number_convention)]
    assert read[:2] == [405900.0, 211600.0]  # millions of rupiah: 405.9 and 211.6 billion


def test_a_figure_it_states_is_read_at_its_scale_in_its_currency(adhi, services):
    # "Capex di tahun 2014 direncanakan Rp879 miliar": 879 billion rupiah
    written = ask("What capital expenditure did PT Adhi Karya plan for 2014?", adhi, _pages(adhi), services)
    assert written.status == "answered", written.text
    assert written.value == pytest.approx(879000.0)
    assert any("Rp879 miliar" in c.quote for c in written.citations)


@pytest.fixture(scope="module")
def mixed_statement(tmp_path_factory):
    """A generated statement written the continental way beside US-style figures: ambiguous."""
    from loaders.document import load_document
    from tests.loaders.test_number_convention import _PROSE, _STATEMENT, CONTINENTAL
    from tests.support.pdfs import write_pdf

    us_figures = "Shares outstanding 1,234,567,890 1,234,567,890 and 2,345,678,901; average 3,456,789,012\n" \
                 "Other figures 4,567,890,123 and 5,678,901,234 and 6,789,012,345 and 7,890,123,456\n"
    page = _STATEMENT.format(**CONTINENTAL) + _PROSE.format(**CONTINENTAL) + us_figures
    return load_document(write_pdf(tmp_path_factory.mktemp("mixed") / "contoh_2023.pdf", [page])).chunks


def test_a_number_the_convention_does_not_settle_is_refused_with_that_reason(mixed_statement, services):
    # "Gross profit 987.448 696.196" in a document that writes numbers both ways: 987,448 or 987.448
    written = ask("What was PT Contoh Karya's gross profit in 2023?", mixed_statement, [0], services)
    assert written.status == "not_found", written.text
    assert "prints 987.448" in written.text and "writes numbers both ways" in written.text
    # a number only one convention writes is still read
    written = ask("What was PT Contoh Karya's revenue in 2023?", mixed_statement, [0], services)
    assert (written.status, written.value) == ("answered", 9799598.0), written.text


def test_a_margin_of_a_bilingual_statement_s_rows_in_full_rupiah_is_given(services):
    # PT Adhi Karya's 2013 statements, in full rupiah: "LABA KOTOR 1,193,154,593,580 955,888,184,288 GROSS PROFITS" over
    # "PENDAPATAN USAHA 3.s, 3.v, 38 9,799,598,396,362 ... REVENUES". Rows of one table: no scale misread can move
    # their ratio, so the size a US company's dollars would have is no reason to withhold it
    statements = filing("filings-wild/pdfs/AdhiKarya_2013_AnnualFinancialStatements.pdf")
    written = ask("What was PT Adhi Karya (Persero) Tbk's gross profit margin for fiscal year 2013, based on the "
                  "consolidated statement of comprehensive income? Express as a percentage rounded to two decimal places.",
                  statements, [7], services)
    assert written.status == "answered", written.text
    assert written.value == pytest.approx(12.18, abs=5e-3)


def test_rows_of_one_table_in_full_rupiah_pass_the_checks_without_a_currency_note(services):
    from answering.checks import CheckedInput
    from answering.metric_answer import check_result
    from answering.metric_formula import MetricResult
    from answering.metric_target import read_target

    # the same two rows cited without their chunk's text (no "Rupiah" in sight, as when another chunk of the
    # page was retrieved): their ratio is still the statement's
    question = "What was PT Adhi Karya (Persero) Tbk's gross profit margin for fiscal year 2013?"
    rows = [("gross_profit", "LABA KOTOR 1,193,154,593,580 955,888,184,288 GROSS PROFITS", 1_193_154.59358),
            ("revenue", "PENDAPATAN USAHA 3.s, 3.v, 38 9,799,598,396,362 7,627,702,794,424 REVENUES", 9_799_598.396362)]
    inputs = [CheckedInput(metric=m, fiscal_year=2013, value=v, quote=q, doc="adhi", page=7, from_table=True)
              for m, q, v in rows]
    target = read_target(question, services.vocabulary)
    result = MetricResult(value=12.18, shown="12.18%", working=[], inputs=[], per_year={2013: 0.1218})
    assert check_result(question, target, result, inputs, "PT Adhi Karya (Persero)", [], services.vocabulary) is None
    # the same rows as amounts of their own are more than any company's dollars: still refused
    revenue = read_target("What was PT Adhi Karya (Persero) Tbk's revenue for fiscal year 2013?", services.vocabulary)
    alone = MetricResult(value=9_799_598.4, shown="", working=[], inputs=[], per_year={2013: 9_799_598.4})
    assert check_result("What was its revenue in 2013?", revenue, alone, inputs[1:], "PT Adhi Karya (Persero)", [],
                        services.vocabulary) is not None
