"""auditor: the auditor is the one firm that signs the auditor's report and consent, or that Item 14 names."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

_ASKED = 'What is the name of the auditor of "{}"? If data is not available, return \'N/A\'.'


@pytest.mark.parametrize(("relative", "company", "firm"), [
    # the report's signature is an image; the consent ("/s/ KPMG LLP") and Item 14 ("Our independent
    # registered public accounting firm is KPMG LLP, New York, NY") name it
    ("financebench/pdfs/PFIZER_2022_10K.pdf", "Pfizer Inc.", "KPMG LLP"),
    ("financebench/pdfs/NETFLIX_2022_10K.pdf", "Netflix, Inc.", "Ernst & Young LLP"),
    ("financebench/pdfs/VERIZON_2020_10K.pdf", "Verizon Communications Inc.", "Ernst & Young LLP"),
    # "... Registered Public Accounting Firm. KPMG LLP, an independent ...": the heading's words are not the firm's
    ("financebench/pdfs/PEPSICO_2020_10K.pdf", "PepsiCo, Inc.", "KPMG LLP"),
    # a Singapore public accounting corporation signs Mercurity's 2022 statements: "/s/ Onestop Assurance PAC"
    ("filings-wild/pdfs/MercurityFintech_2022_20-F.pdf", "Mercurity Fintech Holding Inc.", "Onestop Assurance PAC"),
    # a member firm of a network, named without a legal form: "Our independent registered public accounting
    # firm, Kost, Forer, Gabbay & Kasierer, a member of Ernst & Young Global"; "/s/ KOST FORER GABBAY &
    # KASIERER / A Member of Ernst & Young Global"
    ("filings-wild/pdfs/NICE_2022_AnnualReport.pdf", "NICE Ltd.", "Kost, Forer, Gabbay & Kasierer"),
])
def test_the_firm_that_signs_as_the_auditor_is_the_answer(relative, company, firm, services):
    chunks = filing(relative)
    pages = sorted({c.page for c in chunks})  # the whole filing, as the reader reads it from the store
    written = ask(_ASKED.format(company), chunks, pages, services)
    assert written.status == "answered", written.text
    assert written.text.split("\n\n")[0] == firm
    assert written.citations and firm.split()[0].casefold() in written.citations[0].quote.casefold()


def test_a_filing_that_names_no_firm_is_not_answered_with_one(services):
    chunks = filing("financebench/pdfs/PFIZER_2022_10K.pdf")
    written = ask(_ASKED.format("Pfizer Inc."), chunks, [0, 1, 2], services)  # the cover: no firm named
    assert "LLP" not in written.text.split("\n\n")[0]


@pytest.mark.parametrize(("relative", "company", "firms"), [
    # an Australian report: "Auditors HLB Mann Judd (WA Partnership)" (its directory), "The auditor of eMetals
    # Limited is HLB Mann Judd." (a note): one firm, its office in brackets or not
    ("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf", "eMetals Limited",
     ("HLB Mann Judd (WA Partnership)", "HLB Mann Judd")),
    # a Canadian fund's: "has appointed PricewaterhouseCoopers LLP as the external auditor of the Company"; its
    # directory's "Auditor Transfer Agent" (two columns run together) names no firm
    ("filings-wild/pdfs/CanadianBancCorp_2022_AnnualReport.pdf", "Canadian Banc Corp.", ("PricewaterhouseCoopers LLP",)),
])
def test_a_report_outside_the_sec_forms_names_its_auditor_in_words(relative, company, firms, services):
    chunks = filing(relative)
    written = ask(f'Who was the auditor of "{company}" in the fiscal year 2022? If data is not available, return \'N/A\'.',
                  chunks, sorted({c.page for c in chunks}), services)
    assert written.status == "answered", written.text
    assert written.text.split("\n\n")[0] in firms, written.text


def test_which_independent_registered_public_accounting_firm_audited_asks_the_auditor():
    from answering.kinds.auditor import ASKS_AUDITOR

    assert ASKS_AUDITOR.search('Which independent registered public accounting firm audited the internal control over '
                               'financial reporting of "Oracle Corporation" for the fiscal year 2021?')
    assert not ASKS_AUDITOR.search("Which independent registered public accounting firm's report covers the notes?")
    # (Accuray's FY2022 10-K: the firm that issued the audit report is its auditor)
    assert ASKS_AUDITOR.search("Which independent registered public accounting firm issued the audit report on the "
                               'consolidated financial statements of "Accuray Incorporated" for the fiscal year ended '
                               "June 30, 2022?")


def test_which_audit_firm_was_the_accounting_firm_asks_the_auditor():
    from answering.kinds.auditor import ASKS_AUDITOR

    assert ASKS_AUDITOR.search('Which audit firm was the independent registered public accounting firm of "Uber '
                               'Technologies, Inc." for the fiscal year 2021?')
    assert ASKS_AUDITOR.search("Which accounting firm is the company's auditor?")
    assert not ASKS_AUDITOR.search("Which audit firm's report covers the notes?")


def test_a_directory_line_names_a_member_firm_with_its_network(services):
    # Ethernity Networks' 2022 annual report, p.4: "Auditor Fahn Kanne & Co. Grant Thornton Israel"
    chunks = filing("filings-wild/pdfs/EthernityNetworks_2022_AnnualReport.pdf")
    written = ask(_ASKED.format("Ethernity Networks Ltd"), chunks, [3, 26], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "Fahn Kanne & Co. Grant Thornton Israel", \
        written.text


def test_a_report_printed_without_a_signature_mark_names_its_firm_over_its_tenure(services):
    # Patriot Transportation's 2022 annual report prints "Hancock Askew & Co., LLP" over "We have served as the
    # Company's auditor since 2006" (no "/s/"), and Item 14 glues "Hancock Askew& Co.," across a line break
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2022_AnnualReport.pdf")
    pages = sorted({c.page for c in patriot if "Hancock Askew" in c.text})
    written = ask('Which accounting firm is the independent auditor of "Patriot Transportation Holding, Inc." for '
                  "fiscal year 2022?", patriot, pages, services)
    assert written.status == "answered" and written.text.startswith("Hancock Askew & Co., LLP\n"), written.text
