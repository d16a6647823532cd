"""The company name a filing repeats across pages (signature, running headers, statement
titles) confirms, questions or replaces the cover's reading: real filings of
../shared/financebench(-extra), and small made-up texts for each structure."""

from __future__ import annotations

import pytest

from finrag.models import LOW_CONFIDENCE, DocumentMeta, FieldSource
from loaders.cleaning import clean_document, clean_pages, running_lines
from loaders.company_names import former_names_in_prose
from loaders.metadata import read_metadata
from loaders.page_agreement import (
    read_cross_page,
    running_header_names,
    same_company,
    signature_name,
    statement_title_names,
)
from tests.support.pdf_pages import page_texts


@pytest.fixture(scope="module")
def raw(financebench_dir, financebench_extra_dir):
    def pages(name: str, count: int | None = None) -> list[str]:
        for root in (financebench_extra_dir, financebench_dir):
            if (path := root / "pdfs" / f"{name}.pdf").is_file():
                return page_texts(path, count)
        raise FileNotFoundError(name)

    return pages


def _cleaned(texts: list[str]) -> tuple[list[str], list[tuple[str, int]]]:
    """What loaders.document hands read_metadata: cleaned pages and the running lines."""
    cleaned = clean_document(texts)
    return cleaned.pages, cleaned.running_lines


def _low_confidence(meta) -> list[str]:
    sources = {k: FieldSource(source=v.source, confidence=v.confidence) for k, v in meta.sources.items()}
    return DocumentMeta(
        file="x.pdf", doc="x", sha256="x", company=meta.company, fiscal_year=meta.fiscal_year, sources=sources
    ).low_confidence


# --------------------------------------------------------------------------- real filings


def test_a_short_8k_is_confirmed_by_its_signature(raw):
    # A 7-page 8-K hardly names its issuer in prose (the reading used to be a 0.4 guess);
    # "McDONALD’S CORPORATION" / "(Registrant)" under the signature clause confirms it.
    texts = raw("MCDONALDS_8K_dated-2023-01-06")
    pages = clean_pages(texts)
    assert signature_name(pages) == "McDONALD’S CORPORATION"
    meta = read_metadata(pages, running_lines(texts))
    assert (meta.company, meta.sources["company"].source) == ("McDonald's", "cover")
    assert meta.sources["company"].confidence >= 0.9
    assert _low_confidence(meta) == []


def test_running_headers_are_read_from_thepage_texts(raw):
    # "Apple Inc. | 2022 Form 10-K | 25" at the foot of most pages (cleaning removes it).
    texts = raw("APPLE_2022_10K")
    headers = running_header_names(running_lines(texts))
    assert [(s.name, s.pages >= 40) for s in headers] == [("Apple Inc.", True)]
    assert running_header_names(running_lines(clean_pages(texts))) == []  # gone after cleaning


def test_an_unreadable_cover_is_replaced_by_what_the_pages_repeat(raw):
    # An older 10-K whose cover is an image: the signature block and the running headers
    # still name the registrant ("ORACLE CORPORATION" on ~60 pages).
    texts = raw("ORACLE_2016_10K")
    texts = ["", "", *texts[2:]]  # no cover text at all
    meta = read_metadata(*_cleaned(texts))
    assert (meta.company, meta.company_legal) == ("Oracle", "ORACLE CORPORATION")
    assert meta.sources["company"].source == "header"
    assert meta.sources["company"].confidence >= LOW_CONFIDENCE


def test_a_cover_contradicted_by_its_pages_is_reported_as_a_guess(raw):
    # The cover's caption names one company, the signature another: the cover's value is
    # kept (it is the cover), but ingest and inspect now report it as low confidence.
    texts = raw("EBAY_2023Q1_8K")
    meta = read_metadata(*_cleaned(texts))
    assert meta.sources["company"].confidence >= 0.95
    texts[0] = texts[0].replace("eBay Inc.", "Initech Holdings, Inc.", 1)
    meta = read_metadata(*_cleaned(texts))
    assert meta.company_legal == "Initech Holdings, Inc."
    assert meta.sources["company"].source == "cover"
    assert meta.sources["company"].confidence < LOW_CONFIDENCE
    assert _low_confidence(meta) == ["company"]


def test_a_fallback_cover_reading_is_confirmed_by_the_signature(raw):
    # Microsoft's cover has no "(Exact name of registrant ...)" caption; the signature's
    # "MICROSOFT CORPORATION" confirms the first suffixed line.
    texts = raw("MICROSOFT_2022_10K")
    meta = read_metadata(*_cleaned(texts))
    assert (meta.company, meta.sources["company"].source) == ("Microsoft", "cover")
    assert meta.sources["company"].confidence >= 0.85


def test_a_name_change_written_in_lower_case_is_an_alias(raw):
    # "the Company changed its corporate name from salesforce.com, inc. to Salesforce, Inc."
    texts = raw("SALESFORCE_2023_10K", 70)
    meta = read_metadata(*_cleaned(texts))
    assert meta.company == "Salesforce"
    assert "salesforce.com, inc." in meta.aliases


# --------------------------------------------------------------------------- made-up text

_CLAUSE = (
    "SIGNATURES\nPursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, "
    "the registrant has duly caused this report to be signed on its behalf by the undersigned, thereunto duly authorized."
)


@pytest.mark.parametrize(
    ("after", "name"),
    [
        ("\nGLOBEX CORPORATION\n(Registrant)\nBy: /s/ JANE ROE", "GLOBEX CORPORATION"),
        ("\nDate: May 30, 2023 Globex, Inc.\nBy: /s/ Jane Roe", "Globex, Inc."),
        (" Globex Co., Inc. (Registrant) By: /s/ Jane Roe Chief Executive Officer", "Globex Co., Inc."),
        ("\nJohnson & Johnson\n(Registrant)\nBy: /s/ Jane Roe", "Johnson & Johnson"),  # no suffix, tagged
        ("\nGLOBEX CORPORATION GLOBEX UTILITY COMPANY\n(Registrant) (Registrant)", "GLOBEX CORPORATION"),
        ("\nBy: /s/ Jane Roe\nGlobex Corporation Annual Incentive Plan", None),  # signer first: no name
        ("\nFebruary 1, 2024\nChief Executive Officer", None),
    ],
)
def test_the_name_under_the_signature_clause(after, name):
    assert signature_name(["Item 15. Exhibits", _CLAUSE + after]) == name


def test_an_exhibits_signature_is_not_a_report_signature():
    contract = "IN WITNESS WHEREOF, the parties have executed this Agreement.\nINITECH BANK CORPORATION\nBy: /s/ X"
    assert signature_name([contract]) is None


def test_running_headers_need_a_legal_name_on_many_pages():
    pages = [f"Globex Corporation | 2023 Form 10-K | {i}\nRevenue grew.\nTable of Contents" for i in range(12)]
    assert [s.name for s in running_header_names(running_lines(pages))] == ["Globex Corporation"]
    # "Table of Contents" repeats as much, but is no name; four pages are one exhibit's.
    assert running_header_names(running_lines(pages[:4])) == []


def test_statement_titles_name_the_company_above_or_below():
    pages = [
        f"GLOBEX, INC.\nCONSOLIDATED {title}\n(In millions)\nRevenue 1 2" for title in ("BALANCE SHEETS", "STATEMENTS OF CASH FLOWS")
    ] + ["Consolidated Statements of Operations\nGlobex, Inc. and Subsidiaries\nRevenue 1 2"]
    assert [(s.name, s.pages) for s in statement_title_names(pages)] == [("GLOBEX, INC.", 3)]
    assert statement_title_names(pages[:1]) == []  # one page is not a pattern


def test_agreement_ignores_suffix_casing_and_apostrophes():
    assert same_company("McDONALD’S CORPORATION", "McDonald's Corporation")
    assert same_company("Verizon Communications Inc.", "VERIZON")
    assert not same_company("Globex, Inc.", "Initech, Inc.")
    reading = read_cross_page([_CLAUSE + "\nGLOBEX, INC.\n(Registrant)"])
    assert reading.agrees_with(["Globex Inc"]) is True
    assert reading.agrees_with(["Initech Holdings, Inc."]) is False
    assert read_cross_page(["nothing here"]).agrees_with(["Globex"]) is None


def test_a_fallback_cover_line_gives_way_to_the_signature():
    # No caption on the cover; its first suffixed line is a trustee's name, not the issuer's.
    cover = "FORM 10-K\nANNUAL REPORT PURSUANT TO SECTION 13\nFor the fiscal year ended December 31, 2023\nInitech Trust Company\n"
    body = "Globex sells widgets. Globex grew." * 3
    meta = read_metadata([cover, body, body, _CLAUSE + "\nGLOBEX, INC.\n(Registrant)\nBy: /s/ Jane Roe"])
    assert (meta.company, meta.company_legal, meta.sources["company"].source) == ("Globex", "GLOBEX, INC.", "header")


@pytest.mark.parametrize(
    ("text", "former"),
    [
        ("META PLATFORMS, INC. (FORMERLY KNOWN AS FACEBOOK, INC.) and subsidiaries", "Facebook, Inc."),
        ("THE COMPANY CHANGED ITS NAME FROM FACEBOOK, INC. TO META PLATFORMS, INC.", "Facebook, Inc."),
        ("Meta Platforms, Inc. (formerly known as “Facebook, Inc.”) builds", "Facebook, Inc."),
        ("In 2021 we changed our name from “Facebook, Inc.” to “Meta Platforms, Inc.”", "Facebook, Inc."),
        ("Meta Platforms, Inc., formerly ‘The Facebook Company’, builds", "The Facebook Company"),
        ("Meta Platforms, Inc. (formerly known as Facebook, Inc.) builds", "Facebook, Inc."),  # as before
    ],
)
def test_former_names_in_capitals_or_quotes(text, former):
    assert former_names_in_prose(f"{text}. Facebook users grew.", ["Meta Platforms, Inc."]) == [former]


def test_a_products_former_name_is_not_the_issuers():
    text = "Meta Platforms, Inc. sells the Quest headset (formerly “Oculus Quest”); WhatsApp (FORMERLY WA) grew."
    assert former_names_in_prose(text, ["Meta Platforms, Inc."]) == []
