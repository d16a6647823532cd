"""Each way metadata went wrong on filings of companies the rules were not written on,
checked on a real filing of ../shared/financebench-extra (only the first pages are read).
"""

from __future__ import annotations

from datetime import date

import pypdfium2 as pdfium
import pytest

from finrag.catalog import catalog_from_documents, resolve
from finrag.models import DocumentMeta
from loaders.cleaning import clean_pages
from loaders.metadata import read_metadata
from retrieval.query_understanding import understand


@pytest.fixture(scope="module")
def read(financebench_extra_dir):
    def first_pages(name: str, pages: int = 6):
        pdf = pdfium.PdfDocument(str(financebench_extra_dir / "pdfs" / f"{name}.pdf"))
        try:
            texts = [pdf[i].get_textpage().get_text_range() for i in range(min(pages, len(pdf)))]
        finally:
            pdf.close()
        return read_metadata(clean_pages(texts))

    return first_pages


def _meta(doc: str, content) -> DocumentMeta:
    return DocumentMeta(
        file=f"{doc}.pdf", doc=doc, sha256=doc, company=content.company, company_legal=content.company_legal,
        ticker=content.ticker, aliases=content.aliases, fiscal_year=content.fiscal_year,
        period=content.period, form=content.form,
    )


def test_a_cover_caption_line_is_never_taken_for_the_name(read):
    # "Date of Report ..." sits right above the name; "eBay" starts in lower case.
    meta = read("EBAY_2023Q1_8K", 3)
    assert (meta.company, meta.company_legal, meta.form) == ("eBay", "eBay Inc.", "8-K")
    # The signature block repeats the cover's name: the reading is confirmed.
    assert (meta.sources["company"].source, meta.sources["company"].confidence) == ("cover", 0.98)
    # "Commission File Number" shares the caption's table row on a combined cover.
    assert read("PG_E_2020_10K", 4).company == "PG&E"


def test_a_name_wrapped_over_two_lines_is_joined(read):
    # "001-02348 PACIFIC GAS AND ELECTRIC" / "COMPANY" / "California 94-0742640"
    meta = read("PG_E_2023_EARNINGS-dated-2023-06-01", 2)
    assert "PACIFIC GAS AND ELECTRIC COMPANY" in meta.aliases


@pytest.mark.parametrize(
    ("name", "company", "source"),
    [
        ("INTEL_2022Q4_EARNINGS", "Intel", "prose"),  # dateline: "Jan. 26, 2023 -- Intel Corporation today ..."
        ("MCDONALDS_2023Q2_EARNINGS", "McDonald's", "prose"),  # "CHICAGO, IL - McDonald's Corporation today ..."
        ("EBAY_2015_10K", "eBay", "cover"),  # an older 10-K: lower-case name above the caption
        ("PG_E_2016_10K", "PG&E", "cover"),  # a cover printed one word per line
    ],
)
def test_releases_and_older_10ks_name_their_company(read, name, company, source):
    meta = read(name)
    assert (meta.company, meta.sources["company"].source) == (company, source)


def test_two_registrants_on_one_cover_are_one_company_with_an_alias(read):
    meta = read("PG_E_2020_10K", 4)
    assert (meta.company, meta.company_legal, meta.ticker) == ("PG&E", "PG&E CORPORATION", "PCG")
    assert "Pacific Gas and Electric" in meta.aliases
    catalog = resolve(catalog_from_documents([_meta("pge-2020", meta)]))
    assert [c.name for c in catalog.companies] == ["PG&E"]
    # A question about the second registrant reaches the same filing.
    assert understand("What was Pacific Gas and Electric's revenue in 2020?", catalog).companies == ["PG&E"]


def test_a_filing_made_under_a_former_name_is_the_same_company(read):
    before = read("SALESFORCE_2021_8K_dated-2021-07-21", 2)  # "salesforce.com, inc."
    after = read("SALESFORCE_2023_10K", 3)  # "Salesforce, Inc."
    assert before.company_legal == "salesforce.com, inc."
    catalog = resolve(catalog_from_documents([_meta("crm-2021", before), _meta("crm-2023", after)]))
    assert len(catalog.companies) == 1
    company = catalog.companies[0]
    assert sorted(company.docs) == ["crm-2021", "crm-2023"]
    assert set(company.filter_names) == {before.company, after.company}


def test_odd_casing_becomes_the_name_people_write(read):
    meta = read("MCDONALDS_2022_10K", 8)
    assert meta.company_legal == "McDONALD’S CORPORATION"
    assert meta.company == "McDonald's"
    release = read("MCDONALDS_2023Q2_EARNINGS", 3)
    catalog = resolve(catalog_from_documents([_meta("mcd-10k", meta), _meta("mcd-q2", release)]))
    assert [c.name for c in catalog.companies] == ["McDonald's"]
    assert understand("What were McDonalds' FY2022 capital expenditures?", catalog).companies == ["McDonald's"]


def test_a_10q_is_dated_to_its_quarter_not_the_comparative_column(financebench_extra_dir):
    pdf = pdfium.PdfDocument(str(financebench_extra_dir / "pdfs" / "EBAY_2023Q2_10Q.pdf"))
    pages = clean_pages([pdf[i].get_textpage().get_text_range() for i in range(8)])
    pdf.close()
    assert read_metadata(pages).period_end == date(2023, 6, 30)
    # Without the cover's "For the quarterly period ended" line the statements decide: the
    # latest period they report (June 30, 2023), not the prior year-end balance sheet column.
    without_cover_period = [p.replace("quarterly period ended", "period") for p in pages]
    meta = read_metadata(without_cover_period)
    assert (meta.form, meta.period_end, meta.fiscal_year, meta.period) == ("10-Q", date(2023, 6, 30), 2023, "2023Q2")
    assert meta.sources["fiscal_year"].source == "prose"


def test_a_release_reports_its_period_and_keeps_its_date(read):
    # "Fourth-Quarter and Full-Year 2022 Financial Results", dated January 26, 2023; the
    # summary's forecast ("first-quarter 2023 revenue") is not the period reported.
    meta = read("INTEL_2022Q4_EARNINGS", 2)
    assert (meta.form, meta.fiscal_year, meta.period, meta.report_date) == (
        "earnings", 2022, "2022Q4", date(2023, 1, 26))
    eight_k = read("EBAY_2023Q1_8K", 2)
    assert (eight_k.fiscal_year, eight_k.report_date) == (2023, date(2023, 2, 7))


def test_an_unreadable_release_is_reported_not_guessed(read):
    # Its text layer is garbled: nothing is read, and the fields say so.
    meta = read("MCDONALDS_2022Q4_EARNINGS", 2)
    assert (meta.company, meta.fiscal_year, meta.form) == (None, None, "other")
    assert meta.sources["form"].confidence < 0.6
