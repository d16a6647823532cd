"""officers_table: the executive officers are the rows of the table every 10-K prints of them."""

from __future__ import annotations

import pytest

from eval.erc import typed_names
from finrag.models import Answer
from tests.answering.kinds.conftest import ask, filing


def test_every_row_of_the_officers_table_is_an_officer(services):
    # NVIDIA's FY2024 10-K, "Information About Our Executive Officers": Name Age Position, five rows
    written = ask("What were the executive officers of \"NVIDIA Corporation\" in the fiscal year 2024? If data is not "
                  "available, return 'N/A'.", filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf"), [12], services)
    assert written.status == "answered", written.text
    names = typed_names(Answer(status="answered", answer=written.text, strategy="single"))
    assert names == ["Jen-Hsun Huang", "Colette M. Kress", "Ajay K. Puri", "Debora Shoquist", "Timothy S. Teter"]
    assert any("Colette M. Kress 56 Executive Vice President and Chief Financial Officer" in c.quote
               for c in written.citations)


def test_a_filing_without_the_table_gives_no_list_of_officers(services):
    from answering.kinds.officers_table import _rows

    # a biography's sentence is no row: "Jen-Hsun Huang co-founded NVIDIA in 1993 and has served as ..."
    chunks = filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")
    biography = next(c for c in chunks if "co-founded NVIDIA in 1993" in c.text)
    assert all("co-founded" not in line for _, line in _rows(biography))


@pytest.mark.parametrize(("relative", "question", "pages", "holder"), [
    # NVIDIA's FY2024 officers' table: the one row holding the title
    ("filings-wild/pdfs/NVIDIA_2024_10-K.pdf", 'Who was the General Counsel of "NVIDIA Corporation" in the fiscal year '
     "2024? If data is not available, return 'N/A'.", [12], "Timothy S. Teter"),
    # "President" is Jen-Hsun Huang's title; four "Executive Vice President" rows are not it
    ("filings-wild/pdfs/NVIDIA_2024_10-K.pdf", 'Who was the President of "NVIDIA Corporation" in the fiscal year 2024?',
     [12], "Jen-Hsun Huang"),
    # no officers' table: PT Adhi Karya's 2013 statements (Note 1.e), bilingual, "Direktur Utama Ir. Kiswodarmawan
    # President Director", the one name printed before the title
    ("filings-wild/pdfs/AdhiKarya_2013_AnnualFinancialStatements.pdf", 'Who was the President Director (Direktur '
     "Utama) of \"PT Adhi Karya (Persero) Tbk\" in the fiscal year 2013? If data is not available, return 'N/A'.",
     [13], "Ir. Kiswodarmawan"),
    # eBay's FY2022 10-K, its certifications: "/s/ Steve Priest Steve Priest Chief Financial Officer", a signature's
    # name typed then printed, asked of a company whose name begins in lower case
    ("financebench-extra/pdfs/EBAY_2022_10K.pdf", 'Who was the Chief Financial Officer of "eBay Inc." who signed the '
     "annual report for the fiscal year 2022? If data is not available, return 'N/A'.", [130, 131], "Steve Priest"),
    # Reliance's 2021-22 report: "Shri Mukesh D. Ambani Chairman & Managing Director" beside "Shri Dhirubhai H.
    # Ambani Founder Chairman" (a founder's honour, no second holder of the office)
    ("filings-wild/pdfs/RelianceIndustries_2022_AnnualReport.pdf", 'Who was the Chairman of "Reliance Industries '
     "Limited\" in the fiscal year 2022? If data is not available, return 'N/A'.", [0], "Shri Mukesh D. Ambani"),
])
def test_an_officer_asked_by_title_is_the_one_person_the_filing_gives_it(relative, question, pages, holder, services):
    written = ask(question, filing(relative), pages, services)
    assert written.status == "answered", written.text
    assert written.text.split("\n\n")[0] == holder


def test_a_title_several_people_hold_names_no_one(services):
    # PT Adhi Karya's 2013 statements: four directors are named before "Director ...": no one holds "Director" alone
    adhi = filing("filings-wild/pdfs/AdhiKarya_2013_AnnualFinancialStatements.pdf")
    assert ask('Who was the Director of "PT Adhi Karya (Persero) Tbk" in 2013?', adhi, [13], services).text.split(
        "\n\n")[0] != "Ir. Supardi, MM."


def test_an_officer_asked_by_abbreviation_is_read_from_the_companys_signature_block(services):
    """"Who was the CEO of Patriot in 2023?": Patriot's 2023 8-K carries the merger agreement, signed "PATRIOT
    TRANSPORTATION HOLDING, INC. By: /s/ Robert E. Sandlin Name: Robert E. Sandlin Title: President and Chief
    Executive Officer" (the buyer's officers sign their own blocks); the same person printed without his middle
    initial elsewhere is no second holder."""
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2023_8-K.pdf")
    pages = sorted({c.page for c in patriot if "Title: President and Chief Executive Officer" in c.text})
    written = ask('Who was the CEO of "Patriot Transportation Holding, Inc." in 2023? If data is not available, '
                  "return 'N/A'.", patriot, pages, services)
    assert written.status == "answered", written.text
    assert written.text.splitlines()[0] == "Robert E. Sandlin", written.text
