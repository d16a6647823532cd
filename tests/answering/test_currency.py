"""Figures of annual reports outside the US are shown in the report's own currency and scale.

Real reports of ../shared/erc-round1, loaded without embedding (once per module):
- Baker Steel Resources Trust: a balance sheet headed "Notes £ £" (pounds, in units);
- Mercia Asset Management: statements headed "£'000";
- Yellow Pages: "(In thousands of Canadian dollars)" above tables that print "$";
- Tradition: "CHF000" columns; TransUnion: a US 10-K in dollars.
"""

from __future__ import annotations

import pytest

from answering.aspects import Aspect, read_aspect
from answering.currency import against_asked_currency, in_report_currency, report_currency
from eval.erc import typed_number
from finrag.models import Answer, Citation
from loaders.document import load_document
from loaders.pdf_text import extract_pages
from tests.conftest import SHARED

ERC = SHARED / "erc-round1" / "pdfs"
BAKER = "84749ef5c2bbf2a302b6614f31727a95bf29f309"
MERCIA = "ac9aa244462c80705c3ff046542c02c459989742"
YELLOW_PAGES = "9d7a72445aba6860402c3acce75af02dc045f74d"
TRADITION = "2779336b845a41544348abb7b3e6e5bd2ff893a2"
TRANSUNION = "85fb23ba2910de45e27f8f40170c0f3576043916"


def _pdf(sha: str):
    path = ERC / f"{sha}.pdf"
    if not path.exists():
        pytest.skip("../shared/erc-round1 not present")
    return path


@pytest.fixture(scope="module")
def baker():
    return load_document(_pdf(BAKER))


@pytest.fixture(scope="module")
def mercia():
    return load_document(_pdf(MERCIA))


def _total_assets(document, year: int):
    aspect = Aspect(company=document.meta.company, fiscal_year=year, metric="total_assets")
    return next(r for c in document.chunks if (r := read_aspect(c, aspect)) is not None)


@pytest.mark.parametrize(
    ("sha", "code"),
    [(BAKER, "GBP"), (MERCIA, "GBP"), (YELLOW_PAGES, "CAD"), (TRADITION, "CHF"), (TRANSUNION, "USD")],
)
def test_the_currency_is_the_one_the_report_states_not_a_dollar_by_default(sha, code):
    text = "\n".join(extract_pages(_pdf(sha)).pages)
    assert report_currency(text).code == code


def test_a_balance_sheet_headed_with_bare_pound_signs_is_read_in_pounds_not_millions(baker):
    reading = _total_assets(baker, 2022)
    assert reading.quote.startswith("Total assets 84,641,911")
    assert reading.value == pytest.approx(84.641911)  # millions: £84,641,911


def test_a_statement_headed_pounds_thousands_is_read_in_thousands(mercia):
    reading = _total_assets(mercia, 2022)
    assert reading.value == pytest.approx(214.801)  # "Total assets 214,801" in £'000


def test_the_answer_shows_the_reports_currency_and_a_unit_a_scorer_can_scale(baker):
    reading = _total_assets(baker, 2022)
    page = "\n".join(c.text for c in baker.chunks if c.page == reading.chunk.page)
    offline = Answer(status="answered", answer="Baker Steel Resources Trust FY2022 Total assets: $84.6M.",
                     strategy="single", kind="metric", value=round(reading.value, 4))
    shown = in_report_currency(offline, report_currency(page))
    assert shown.answer == "Baker Steel Resources Trust FY2022 Total assets: £84.6M."
    assert shown.unit == "GBP millions"
    assert typed_number(shown) == pytest.approx(84_641_900)


def test_a_unit_written_in_dollars_before_the_currency_was_known_takes_the_report_s(baker):
    reading = _total_assets(baker, 2022)
    page = "\n".join(c.text for c in baker.chunks if c.page == reading.chunk.page)
    offline = Answer(status="answered", answer="Baker Steel Resources Trust FY2022 Total assets: $84.6M.",
                     strategy="single", kind="metric", value=round(reading.value, 4), unit="USD millions")
    shown = in_report_currency(offline, report_currency(page))
    assert shown.unit == "GBP millions"
    assert against_asked_currency(shown, 'What was the total assets of "Baker Steel" in pounds?').status == "answered"


def test_a_dollar_report_keeps_its_text_and_gets_its_unit():
    offline = Answer(status="answered", answer="TransUnion Total assets FY2022: $11,666.3M.", strategy="single",
                     kind="metric", value=11666.3)
    shown = in_report_currency(offline, report_currency("(in millions of U.S. dollars)"))
    assert shown.answer == offline.answer
    assert shown.unit == "USD millions"


def test_a_figure_asked_in_another_currency_is_not_given_as_if_it_were(baker):
    reading = _total_assets(baker, 2022)
    page = "\n".join(c.text for c in baker.chunks if c.page == reading.chunk.page)
    offline = Answer(status="answered", answer="Baker Steel Resources Trust FY2022 Total assets: $84.6M.",
                     strategy="single", kind="metric", value=round(reading.value, 4))
    shown = in_report_currency(offline, report_currency(page))
    asked_in_euros = against_asked_currency(shown, 'What was the total assets of "Baker Steel" in EUR in 2022?')
    assert asked_in_euros.status == "not_found"
    assert asked_in_euros.answer.startswith("The report states this in GBP, not EUR")
    assert against_asked_currency(shown, 'What was the total assets of "Baker Steel" in GBP?').status == "answered"
    assert against_asked_currency(shown, 'What was the total assets of "Baker Steel" in millions?') is shown


def test_earnings_per_share_stated_in_pence_is_shown_in_pence_not_pounds(mercia):
    row = next(line for c in mercia.chunks for line in c.text.splitlines()
               if line.startswith("Basic earnings per Ordinary share (pence)"))
    chunk = next(c for c in mercia.chunks if row in c.text)
    offline = Answer(status="answered", answer="Mercia Basic EPS FY2022: $5.93 per share.", strategy="single",
                     kind="metric", value=5.93,
                     citations=[Citation(doc=chunk.doc, page=chunk.page, chunk_id=chunk.chunk_id, quote=row)])
    shown = in_report_currency(offline, report_currency(chunk.text))
    assert shown.answer == "Mercia Basic EPS FY2022: 5.93 pence per share."
    assert shown.unit == "GBP pence/share"


def test_a_bilingual_statements_rupiah_columns_name_its_currency():
    # PT Adhi Karya's FY2013 statements: "Catatan/ 2013 2012" over "Notes Rp Rp", "(In Full of Rupiah)"
    found = report_currency("Catatan/ 2013 2012\nNotes Rp Rp\nPENDAPATAN USAHA 3.s, 38 9,799,598,396,362")
    assert found is not None and found.code == "IDR" and found.source == "header"
