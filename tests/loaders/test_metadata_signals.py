"""Company, period and form read from signals any filing carries, checked on real filings of
../shared (filings-wild, financebench-extra) of layouts the older rules never saw. Only the
text layer of the pages needed is read (pdfium, no OCR, no embedding)."""

from __future__ import annotations

import re
import shutil

import pytest

from loaders.cleaning import clean_document
from loaders.cover import CORPORATE_SUFFIX
from loaders.dates import parse_date
from loaders.document import read_document
from loaders.metadata import read_metadata
from loaders.page_agreement import (
    abbreviation_definitions,
    addressee_names,
    most_named,
    running_header_names,
    running_title_name,
    self_definitions,
)
from tests.support.pdf_pages import page_texts


@pytest.fixture(scope="module")
def wild(filings_wild_dir):
    """name -> cleaned pages and running lines of a filings-wild PDF (read once per module)."""
    cache: dict[tuple[str, int | None], tuple[list[str], list]] = {}

    def read(name: str, pages: int | None = None):
        if (name, pages) not in cache:
            cleaned = clean_document(page_texts(filings_wild_dir / "pdfs" / f"{name}.pdf", pages))
            cache[(name, pages)] = (cleaned.pages, cleaned.running_lines)
        return cache[(name, pages)]

    return read


def _meta(wild, name: str, pages: int | None = None):
    return read_metadata(*wild(name, pages))


# --------------------------------------------------------------------------- company


def test_a_cover_printed_one_word_per_line_reads_as_the_original(wild):
    pages, running = wild("Accuray_2022_10-K", 6)
    one_word_per_line = ["\n".join(pages[0].split()), *pages[1:]]
    original, rebuilt = read_metadata(pages, running), read_metadata(one_word_per_line, running)
    fields = ("company", "company_legal", "ticker", "form", "fiscal_year", "period_end")
    assert [getattr(rebuilt, f) for f in fields] == [getattr(original, f) for f in fields]
    assert (original.company, original.form, original.fiscal_year) == ("Accuray", "10-K", 2022)


def test_a_release_headline_names_its_issuer_and_the_dateline_tail_is_no_company(wild):
    # "PATRIOT TRANSPORTATION HOLDING, INC. ANNOUNCES RESULTS FOR / THE FIRST QUARTER OF FISCAL 2017"
    # then "...; January 25, 2017 – / First Quarter Operating Results. / The Company reported ..."
    meta = _meta(wild, "PatriotTransportation_2017_EarningsRelease_Q1")
    assert (meta.form, meta.company, meta.period, meta.ticker) == (
        "earnings", "Patriot Transportation Holding", "2017Q1", "PATI")


def test_a_running_line_with_more_words_gives_the_whole_name(wild):
    # The running line reads "Management Analysis continued Patriot Transportation Holding, Inc."
    meta = _meta(wild, "PatriotTransportation_2022_AnnualReport")
    assert meta.company == "Patriot Transportation Holding"
    assert meta.fiscal_year == 2022  # the statements' "years ended September 30, 2022 and 2021"


def test_an_auditor_report_and_a_definition_name_the_company(wild):
    pages, _ = wild("ZegonaCommunications_2022_AnnualReport")
    assert [s.name.lower() for s in addressee_names(pages)] == ["zegona communications plc"]
    assert [s.name for s in self_definitions(["Uber Technologies, Inc. (“Uber,” “we,” or the “Company”) is a"])] == [
        "Uber Technologies, Inc."]


def test_a_continental_audit_report_is_addressed_to_the_general_meeting_of_the_company():
    # ERC's Tradition report: "To the General Meeting of Compagnie Financière" / "Tradition SA, Lausanne";
    # its cover and first pages print no legal name.
    from tests.conftest import SHARED

    path = SHARED / "erc-round1" / "pdfs" / "2779336b845a41544348abb7b3e6e5bd2ff893a2.pdf"
    if not path.exists():
        pytest.skip("../shared/erc-round1 not present")
    pages = clean_document(page_texts(path)).pages  # the auditor's reports are on pp. 128 and 145
    assert [s.name for s in addressee_names(pages)] == ["Compagnie Financière Tradition SA"]
    assert read_metadata(pages).company_legal == "Compagnie Financière Tradition SA"
    assert CORPORATE_SUFFIX.search("Adelaide, SA") is None  # an address, not a société anonyme


def test_a_copyright_footer_names_the_company_and_a_deck_title_makes_it_a_results_release(wild):
    # Twilio's results deck: "Q4 2023 Earnings Results" / "February 14, 2024" on its first slide,
    # "©2023 TWILIO INC. ALL RIGHTS RESERVED" on every slide, "our Annual Report on Form 10-K" on the second.
    meta = _meta(wild, "Twilio_2023_EarningsPresentation_Q4")
    assert (meta.company, meta.company_legal, meta.form, meta.period, str(meta.report_date)) == (
        "Twilio", "TWILIO INC.", "earnings", "2023Q4", "2024-02-14")
    assert [s.name for s in running_header_names([("© 2020 Corning Incorporated. All Rights Reserved.", 135),
                                                  ("Copyright (c) 2021 Acme Holdings plc", 9)])] == [
        "Corning Incorporated", "Acme Holdings plc"]


def test_the_evidence_naming_the_company_is_listed_with_its_confidence(wild):
    meta = _meta(wild, "ZegonaCommunications_2022_AnnualReport")
    assert meta.company == "Zegona"
    assert {e.kind for e in meta.evidence} >= {"auditor's report"}
    assert all(0 < e.confidence <= 1 for e in meta.evidence)


def test_a_sentence_ending_in_company_is_never_a_name(wild):
    # The excerpt's only suffixed line on its first pages is "India’s largest company".
    meta = _meta(wild, "RelianceIndustries_2022_AnnualReport")
    assert meta.company is None or "largest" not in meta.company
    assert meta.fiscal_year == 2022  # "Integrated Annual Report 2021-22": the year it ends


def test_a_name_defined_by_its_initials_names_the_company(wild):
    # "... Shri Dhirubhai H. Ambani / Founder Chairman / Reliance Industries Limited (RIL) / is a
    # Fortune 500 company": no cover, no caption; the initials it then uses cut the name out.
    pages, _ = wild("RelianceIndustries_2022_AnnualReport")
    assert [s.name for s in abbreviation_definitions(pages)] == ["Reliance Industries Limited"]
    meta = _meta(wild, "RelianceIndustries_2022_AnnualReport")
    assert (meta.company, meta.company_legal) == ("Reliance Industries", "Reliance Industries Limited")
    assert [e.kind for e in meta.evidence] == ["defined term"]
    # Initials the text never uses again define nothing.
    assert abbreviation_definitions(["Initech Holdings Limited (IHL) makes staplers."]) == []


def test_the_we_a_filing_binds_to_its_name_names_the_company(financebench_extra_dir, filings_wild_dir):
    # Salesforce's 10-Q: "Overview" / "Salesforce, Inc. (“we”) is a global leader ..." (the
    # heading line above is not part of the name).
    pages = clean_document(page_texts(financebench_extra_dir / "pdfs" / "SALESFORCE_2023Q3_10Q.pdf", 12)).pages
    assert [s.name for s in self_definitions(pages)] == ["Salesforce, Inc."]
    # Apple's description of securities: the pronouns are declared to mean the issuer.
    assert [s.name for s in self_definitions(["References in this section to the “Company,” “us,” “we” and “our”"
                                              " are solely to Apple Inc. and not to any of its subsidiaries."])] == ["Apple Inc."]
    pages = clean_document(page_texts(filings_wild_dir / "pdfs" / "Facebook_2020_10-K.pdf", 6)).pages
    # 'the terms "Facebook," "company," "we," "us," and "our" in this document refer to Facebook, Inc.'
    assert [s.name for s in self_definitions(pages)] == ["Facebook, Inc."]
    # A name wrapped from a line of prose is whole.
    assert [s.name for s in self_definitions(["the financial statements of Acme\nWidgets plc (the “Company”) were"
                                              " prepared by its directors"])] == ["Acme Widgets plc"]


def test_a_company_named_only_in_prose_gets_its_short_name():
    # No cover caption, no suffixed line of its own: the legal name most pages print is the
    # company, and it gets the short name too (not only a legal name).
    pages = [f"In {2000 + i} Acme Widgets plc grew its sales in every region it serves." for i in range(6)]
    meta = read_metadata(pages)
    assert (meta.company, meta.company_legal) == ("Acme Widgets", "Acme Widgets plc")


def test_a_document_naming_itself_on_most_pages_gets_that_name():
    pages = [f"Acme Widgets plc\nPage {i} of the report. Results were good; Deloitte Audit Ltd audited them."
             for i in range(6)]
    assert most_named(pages).name == "Acme Widgets plc"  # never the auditor
    assert read_metadata(pages).company == "Acme Widgets"


def test_a_legal_name_with_an_international_suffix_comes_from_the_running_header(wild):
    meta = _meta(wild, "AdhiKarya_2009_AnnualFinancialStatements")
    assert meta.company_legal == "PT ADHI KARYA (Persero) Tbk"


# --------------------------------------------------------------------------- periods


def test_a_june_year_companys_december_quarter_is_q2_of_the_next_fiscal_year(wild):
    # Accuray's own text ("fiscal year ended June 30, 2022") under a 10-Q cover for the
    # quarter ended December 31, 2022.
    pages, running = wild("Accuray_2022_10-K", 80)  # p.80 states the fiscal year end
    cover = re.sub(r"ANNUAL REPORT PURSUANT", "QUARTERLY REPORT PURSUANT", pages[0], flags=re.I)
    cover = re.sub(r"For the fiscal year ended\s+June 30, 2022", "For the quarterly period ended December 31, 2022",
                   cover, flags=re.I)
    cover = re.sub(r"FORM 10-K", "FORM 10-Q", cover)
    meta = read_metadata([cover, *pages[1:]], running)
    assert (meta.form, meta.fiscal_year, meta.period) == ("10-Q", 2023, "2023Q2")
    # A real 10-Q of a September-year company: the quarter ended March 31, 2019 is Q2 of 2019.
    meta = _meta(wild, "PatriotTransportation_2019_10-Q_Q2", 12)
    assert (meta.form, meta.fiscal_year, meta.period, str(meta.period_end)) == ("10-Q", 2019, "2019Q2", "2019-03-31")


def test_a_day_first_year_end_on_a_report_without_an_sec_cover(wild):
    meta = _meta(wild, "EthernityNetworks_2022_AnnualReport")
    assert (meta.form, meta.fiscal_year, str(meta.period_end)) == ("annual", 2022, "2022-12-31")


def test_indonesian_month_names_are_dates():
    assert [str(parse_date(t)) for t in ("31 DESEMBER 2009", "31 Maret 2009", "Juni 30, 2012", "1 Okt 2021")] == [
        "2009-12-31", "2009-03-31", "2012-06-30", "2021-10-01"]


def test_indonesian_annual_statements_are_an_annual_report_of_the_year_they_end(wild):
    # "LAPORAN KEUANGAN KONSOLIDASIAN / UNTUK TAHUN-TAHUN YANG BERAKHIR / 31 DESEMBER 2009 DAN 2008"
    meta = _meta(wild, "AdhiKarya_2009_AnnualFinancialStatements", 8)
    assert (meta.form, meta.fiscal_year, str(meta.period_end)) == ("annual", 2009, "2009-12-31")


def test_indonesian_interim_statements_get_the_year_of_their_period(wild):
    # "PERIODE 9 (SEMBILAN) BULAN YANG BERAKHIR / TANGGAL 30 SEPTEMBER 2011": not an annual report.
    meta = _meta(wild, "AdhiKarya_2011_FinancialStatements_Q3", 3)
    assert (meta.form, meta.fiscal_year, str(meta.period_end)) == ("other", 2011, "2011-09-30")


def test_a_results_release_in_indonesian_reports_the_year_before_its_date(wild):
    # "Media Release / Jakarta, 11 Februari 2014 - ADHI berhasil membukukan kenaikan Laba Bersih
    # ... di tahun 2013": no "today announced", no quarter; the lead sentence's year.
    meta = _meta(wild, "AdhiKarya_2013_PressRelease")
    assert (meta.form, meta.fiscal_year, str(meta.report_date)) == ("earnings", 2013, "2014-02-11")


# --------------------------------------------------------------------------- forms


def test_a_20f_is_an_annual_report_even_with_the_spaces_lost(wild):
    # "FORM20-F" / "X ANNUALREPORTPURSUANTTOSECTION13..." / "Forthe fiscal yearendedDecember 31, 2022"
    meta = _meta(wild, "MercurityFintech_2022_20-F", 4)
    assert (meta.form, meta.fiscal_year, meta.company) == ("annual", 2022, "Mercurity Fintech Holding")
    assert _meta(wild, "NICE_2022_AnnualReport", 10).form == "annual"


def test_an_8k_under_item_2_02_without_the_release_is_not_a_release(financebench_extra_dir):
    pages = clean_document(page_texts(financebench_extra_dir / "pdfs" / "EBAY_2023Q1_8K.pdf", 2)).pages
    item = ("Item 2.02. Results of Operations and Financial Condition.\nOn April 26, 2023 the company issued a "
            "press release, furnished as Exhibit 99.1, which is incorporated by reference.")
    without = [pages[0] + "\n" + item, *pages[1:]]
    assert read_metadata(without).form == "8-K"
    release = "Exhibit 99.1\neBay Inc. Reports First Quarter 2023 Results\neBay Inc. (Nasdaq: EBAY) today reported results."
    assert read_metadata([*without, release]).form == "earnings"


def test_a_running_line_stating_a_former_name_is_never_the_company():
    # An ERC annual report prints "ENRG ELEMENTS LIMITED / Formerly known as Kopore Metals Limited"
    # on every page: the first line is the company, the second only links its former name.
    from tests.conftest import SHARED

    path = SHARED / "erc-round1" / "pdfs" / "43437bccca01aeae222ec7cc706ba3eaf50be2d7.pdf"
    if not path.exists():
        pytest.skip("../shared/erc-round1 not present")
    cleaned = clean_document(page_texts(path))
    meta = read_metadata(cleaned.pages, cleaned.running_lines)
    assert meta.company_legal == "ENRG ELEMENTS LIMITED"
    assert not meta.company.lower().startswith("formerly")
    assert "Kopore Metals Limited" in meta.aliases


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract-ocr not installed")
def test_a_page_named_only_by_its_running_title_gets_that_company(filings_wild_dir):
    # One image-only page of KPI charts whose OCR'd footer is "CARVANA 2021 ANNUAL REPORT":
    # no legal suffix, no cover, no prose; the title names the company on its only page.
    meta, _pages = read_document(filings_wild_dir / "pdfs" / "Carvana_2021_AnnualReport.pdf")
    assert (meta.company, meta.form, meta.fiscal_year) == ("Carvana", "annual", 2021)
    assert meta.sources["company"].source == "header"
    assert [(e.name, e.kind) for e in meta.company_evidence] == [("CARVANA", "running title")]


def test_a_running_title_made_of_caption_words_is_no_company(wild):
    # Reliance's excerpt prints "Online Integrated Annual Report" on its pages: English words
    # before the title, no legal suffix, so no name; a real footer on most pages is one.
    pages, running = wild("RelianceIndustries_2022_AnnualReport")
    assert running_title_name(pages, running) is None
    footer = ["Revenue grew\nACME WIDGETS 2022 ANNUAL REPORT 7", "Outlook\nACME WIDGETS 2022 ANNUAL REPORT 8", "Notes"]
    assert running_title_name(footer).name == "ACME WIDGETS"
    assert running_title_name(["Our 2022 Annual Report", "Integrated Annual Report 2021-22"]) is None
    assert running_title_name([*footer, "a", "b", "c"]) is None  # on 2 of 6 pages: not most


def test_the_trading_symbols_line_gives_the_ticker_and_names_the_issuer(wild):
    # "Alphabet Inc. (NASDAQ: GOOG, GOOGL) today announced ...": both share classes' symbols,
    # and the name beside them is listed as evidence with its symbol.
    meta = _meta(wild, "Alphabet_2023_EarningsRelease_Q1")
    assert (meta.company, meta.ticker) == ("Alphabet", "GOOG")
    assert "GOOGL" in meta.aliases
    assert ("Alphabet Inc.", "trading symbol", "GOOG") in [(e.name, e.kind, e.ticker) for e in meta.evidence]
    # An older 10-K with no symbol table on its cover: "(Symbol PATI)" in its prose.
    assert _meta(wild, "PatriotTransportation_2015_10-K", 12).ticker == "PATI"


def test_a_symbol_beside_another_companys_name_is_not_the_issuers_ticker():
    cover = ("ANNUAL REPORT PURSUANT TO SECTION 13\nFor the fiscal year ended December 31, 2022\n"
             "GLOBEX CORPORATION\n(Exact name of registrant as specified in its charter)")
    bio = "Jane Roe led a merger with VocalTec (NASDAQ: VOCL) in 2005 and joined Globex in 2010."
    own = "Globex Corporation (NYSE: GBX) makes widgets. Globex sells them. Globex grows."
    assert read_metadata([cover, bio, own, "Globex"]).ticker == "GBX"
    assert read_metadata([cover, bio, "Globex makes widgets. Globex sells them.", "Globex"]).ticker is None


def test_a_name_the_prose_writes_in_capitals_keeps_them(wild):
    # TD SYNNEX writes "TD SYNNEX is ..." in its own prose: never the title-cased "Td Synnex".
    assert _meta(wild, "TDSYNNEX_2022_AnnualReport", 12).company == "TD SYNNEX"


def test_the_covers_symbol_table_gives_every_share_class_and_the_catalog_one_issuer(wild):
    # Alphabet's 10-K cover lists Class A "GOOGL" and Class C "GOOG"; its release prints
    # "Alphabet Inc. (NASDAQ: GOOG, GOOGL)". Read apart, they are one catalog entry.
    from finrag.catalog import catalog_from_documents, resolve
    from finrag.models import DocumentMeta

    annual = _meta(wild, "Alphabet_2022_10-K", 3)
    assert (annual.ticker, "GOOG" in annual.aliases) == ("GOOGL", True)
    release = _meta(wild, "Alphabet_2023_EarningsRelease_Q1")
    metas = [DocumentMeta(file=f"{doc}.pdf", doc=doc, sha256=doc, company=m.company, company_legal=m.company_legal,
                          ticker=m.ticker, aliases=m.aliases, form=m.form, fiscal_year=m.fiscal_year)
             for doc, m in (("k", annual), ("r", release))]
    metas[1] = metas[1].model_copy(update={"company": "Alphabet Inc", "company_legal": "ALPHABET INC"})  # spelt apart
    assert [sorted(c.docs) for c in resolve(catalog_from_documents(metas)).companies] == [["k", "r"]]


def test_a_september_year_companys_december_quarter_is_q1_of_the_next_fiscal_year(wild):
    # Patriot's year ends September 30: its 10-Q for the quarter ended December 31, 2014 is
    # fiscal 2015's first quarter, never calendar 2014.
    meta = _meta(wild, "PatriotTransportation_2015_10-Q_Q1", 12)
    assert (meta.form, meta.fiscal_year, meta.period, str(meta.period_end)) == ("10-Q", 2015, "2015Q1", "2014-12-31")


def test_an_annual_report_wrapped_around_a_10k_is_a_10k(wild):
    # TD SYNNEX's annual report: a CEO letter, then the 10-K's cover on p.5 (year ends November 30).
    meta = _meta(wild, "TDSYNNEX_2022_AnnualReport", 12)
    assert (meta.form, meta.fiscal_year, str(meta.period_end), meta.ticker) == ("10-K", 2022, "2022-11-30", "SNX")


def test_interim_statements_that_call_their_period_a_year_are_no_fiscal_year_report(wild):
    # The Q3 2011 statements print "tahun yang berakhir pada tanggal 30 September 2011" beside
    # "periode 9 (sembilan) bulan": the year 2011 is right, the period is no "FY2011".
    meta = _meta(wild, "AdhiKarya_2011_FinancialStatements_Q3")
    assert (meta.form, meta.fiscal_year, str(meta.period_end)) == ("other", 2011, "2011-09-30")
    assert meta.period != "FY2011"


@pytest.mark.parametrize("name", ["Alphabet_2022_10-K", "Lyft_2021_10-K", "PatriotTransportation_2020_10-K"])
def test_more_covers_printed_one_word_per_line_read_as_the_originals(wild, name):
    pages, running = wild(name, 6)
    one_word_per_line = ["\n".join(pages[0].split()), *pages[1:]]
    fields = ("company", "company_legal", "ticker", "form", "fiscal_year", "period_end")
    original, rebuilt = read_metadata(pages, running), read_metadata(one_word_per_line, running)
    assert [getattr(rebuilt, f) for f in fields] == [getattr(original, f) for f in fields]
    assert original.company and original.ticker and original.form == "10-K"


def test_a_release_whose_headline_names_no_period_is_placed_by_its_tables(financebench_extra_dir):
    # eBay's Q2 2023 release with every "second quarter" / "Q2" / "full year" worded away:
    # the tables' "Three Months Ended June 30, 2023" beside "Six Months Ended" still place
    # it, and its date stays the dateline's.
    pages = clean_document(page_texts(financebench_extra_dir / "pdfs" / "EBAY_2023Q2_EARNINGS.pdf")).pages
    named = re.compile(r"(?i)\b(?:first|second|third|fourth)[- ]quarter\b|\bQ[1-4]\b|\bfull[- ]year\b")
    meta = read_metadata([named.sub("period", page) for page in pages])
    assert (meta.form, meta.period, str(meta.period_end), str(meta.report_date)) == (
        "earnings", "2023Q2", "2023-06-30", "2023-07-26")
