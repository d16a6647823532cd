"""officers_table: the executive officers are the rows of the table every 10-K prints of them."""

from __future__ import annotations

import pytest

from eval.erc import typed_names
from finrag.models import Answer
from tests.answering.kinds.conftest import ask, filing, hits


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
    # PG&E's Q1 2023 release quotes its officer with the title abbreviated: "said Patti Poppe, CEO of PG&E Corporation"
    ("financebench-extra/pdfs/PG_E_2023_EARNINGS_dated-2023-05-04.pdf", 'Who was the CEO of "PG&E Corporation" in '
     "2023? If data is not available, return 'N/A'.", [0], "Patti Poppe"),
    # McDonald's August 2023 8-K lists its legal opinion's author with other titles before the asked one:
    # "Desiree Ralls-Morrison, Executive Vice President, Global Chief Legal Officer and Secretary"
    ("financebench-extra/pdfs/MCDONALDS_8K_dated-2023-08-14.pdf", 'Who was the Global Chief Legal Officer of '
     "\"McDonald's Corporation\" in 2023? If data is not available, return 'N/A'.", [2, 4], "Desiree Ralls-Morrison"),
    # Bayan Resources' 2024 report signs its letter and heads its profile with the name over the title in both
    # languages, a line each ("DATO’ DR. LOW TUCK KWONG" / "Direktur Utama" / "President Director"); the report pairs
    # the two titles elsewhere ("Direktur Utama | President Director"), which tells the translation from a name
    ("filings-wild/pdfs/BayanResources_2024_AnnualReport.pdf", 'Who was the President Director of "PT Bayan Resources '
     "Tbk.\" in 2024? If data is not available, return 'N/A'.", [10, 19, 33, 37], "Dato' Dr. Low Tuck Kwong"),
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


def test_a_title_of_another_body_is_no_holder_of_the_asked_one(services):
    """"Patti Poppe, CEO of PG&E Corporation" names the parent's CEO: asked of another company whose filing quoted
    her, the title "of" PG&E is not that company's."""
    from answering.kinds.officers_table import _named_before

    release = filing("financebench-extra/pdfs/PG_E_2023_EARNINGS_dated-2023-05-04.pdf")
    found = hits(release, [0])
    assert [name for name, _, _ in _named_before("Chief Executive Officer", found, "PG&E")] == ["Patti Poppe"]
    assert _named_before("Chief Executive Officer", found, "Edison International") == []


def test_quotes_naming_no_person_do_not_answer_who_holds_a_title():
    """Bayan's 2024 report: "... 11 (eleven) directors led by a President Director." shares the title's words and
    names no one: asked who the President Director was, it is a refusal saying so."""
    from answering.kinds.officers_table import answered_with_a_person
    from answering.written_answer import WrittenAnswer

    question = "Who was the President Director of \"PT Bayan Resources Tbk.\" in 2024? If data is not available, return 'N/A'."
    quotes = WrittenAnswer(status="answered", kind="passage", text=(
        '"The number of members of the Board of Directors of the Company in 2024 was 11 (eleven) directors led by a '
        'President Director." (083e2fa82c p.108) "Previously, she held several important positions, including '
        'Executive Assistant to the President Director of PT Bayan Resources Tbk." (083e2fa82c p.43)'))
    refused = answered_with_a_person(quotes, question, ["PT Bayan Resources"])
    assert refused.status == "not_found" and "name no one" in refused.text
    named = quotes.model_copy(update={"text": '"Dato\' DR. Low Tuck Kwong was appointed as the Company\'s President '
                                              'Director on 10 January 2018." (083e2fa82c p.38)'})
    assert answered_with_a_person(named, question, ["PT Bayan Resources"]).status == "answered"


@pytest.mark.parametrize(("text", "title", "holders"), [
    ("Jane Doe, Deputy General Counsel, signed it.", "General Counsel", []),  # a deputy holds another title
    ("Joe Creed, Group President, spoke.", "President", []),
    ("Net Sales Growth CEO remarks.", "Chief Executive Officer", []),  # an abbreviation only as an appositive
    ("said Mary Barra, CEO of Acme Rockets Inc. today", "Chief Executive Officer", []),  # another company's CEO
    ("said Mary Barra, CEO of Acme Corporation today", "Chief Executive Officer", ["Mary Barra"]),
    ("Jane Doe, President of our Aerospace segment, said", "President", []),  # a part's president
    ("Jane Doe, Chief Executive Officer of its subsidiary Acme Bank", "Chief Executive Officer", []),
    ("Ann Lee, Executive Vice President and Chief Financial Officer, signed", "Chief Financial Officer", ["Ann Lee"]),
])
def test_only_the_asked_title_of_the_asked_company_names_its_holder(text, title, holders):
    from answering.kinds.officers_table import _named_before
    from finrag.models import Chunk, SearchHit

    chunk = Chunk(chunk_id="c", doc="d", doc_sha256="0", page=0, page_end=0, index=0, text=text, company="Acme Corporation")
    assert [n for n, _, _ in _named_before(title, [SearchHit(chunk=chunk, score=1.0)], "Acme Corporation")] == holders


def test_a_heading_over_the_title_line_is_no_name():
    from answering.kinds.officers_table import _name_over_title
    from finrag.models import Chunk, SearchHit

    for text in ("Message From\nPresident Director", "Management Profile\nPresident Director"):
        chunk = Chunk(chunk_id="c", doc="d", doc_sha256="0", page=0, page_end=0, index=0, text=text)
        assert _name_over_title("President Director", [SearchHit(chunk=chunk, score=1.0)]) == [], text


def test_a_person_sharing_the_companys_name_is_a_person_and_a_document_is_not():
    from answering.kinds.officers_table import answered_with_a_person
    from answering.written_answer import WrittenAnswer

    question = 'Who was the CEO of "Dell Technologies" in 2023?'
    dell = WrittenAnswer(status="answered", kind="passage", text='Michael Dell\n\n"Michael Dell, Chairman and CEO"')
    assert answered_with_a_person(dell, question, ["Dell Technologies"]).status == "answered"
    proxy = dell.model_copy(update={"text": '"Our Chief Executive Officer reviewed the Proxy Statement."'})
    assert answered_with_a_person(proxy, question, ["Dell Technologies"]).status == "not_found"
    # a title before the name is no part of it: the name after it is still a person's
    titled = dell.model_copy(update={"text": '"The meeting was chaired by President Director Budi Harto Wibowo."'})
    assert answered_with_a_person(titled, question, ["Dell Technologies"]).status == "answered"


def test_a_release_s_contact_block_names_the_person_over_the_title(services):
    # Patriot Transportation's Q1 FY2017 release, p.1: "Contact: John D. Milton, Jr." over "Chief Financial Officer
    # 904/858-9100": the label before the name and the phone number after the title are neither's
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2017_EarningsRelease_Q1.pdf")
    written = ask('Who was the Chief Financial Officer of "Patriot Transportation Holding, Inc." named as the contact '
                  "in its first quarter fiscal 2017 results release?", patriot, [0], services)
    assert written.status == "answered" and written.text.split("\n")[0] == "John D. Milton, Jr.", written.text


def test_a_table_headed_name_and_offices_prints_no_ages_and_is_still_the_officers_table(services):
    # Oracle's FY2019 10-K, p.17: "Name Office(s)" over "Safra A. Catz Chief Executive Officer and Director", "Mark V.
    # Hurd Chief Executive Officer and Director", "Dorian E. Daley Executive Vice President and General Counsel"
    oracle = filing("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    counsel = ask("Who is the General Counsel of Oracle in fiscal 2019?", oracle, [16, 17], services)
    assert counsel.status == "answered" and counsel.text.split("\n")[0] == "Dorian E. Daley", counsel.text
    ceos = ask("Who were the Chief Executive Officers of Oracle listed among its executive officers in fiscal 2019?",
               oracle, [16, 17], services)
    assert ceos.status == "answered" and ceos.text.split("\n")[0] == "Safra A. Catz; Mark V. Hurd", ceos.text


def test_a_seat_of_a_named_body_is_read_from_the_row_of_its_members(services):
    # Adhi Karya's June 2012 interim statements, p.12: "The composition of the audit committee on June 30, 2012 ...
    # Ketua merangkap Anggota : Amir Muin, Msc. Chairman concurrently Member / Sekretaris merangkap Anggota : Syaiful,
    # Ak. Secretary concurrently Member"
    adhi = filing("filings-wild/pdfs/AdhiKarya_2012_FinancialStatements_Q2.pdf")
    chair = ask("Who was the chairman of the Audit Committee of PT Adhi Karya as of June 30, 2012?", adhi, [11], services)
    assert chair.status == "answered" and chair.text.split("\n")[0] == "Amir Muin, Msc.", chair.text
    secretary = ask("Who was the secretary of the Audit Committee of PT Adhi Karya as of June 30, 2012?", adhi, [11],
                    services)
    assert secretary.status == "answered" and secretary.text.split("\n")[0] == "Syaiful, Ak.", secretary.text
    # the rows are the audit committee's: another body's chair is not read from them
    other = ask("Who was the chairman of the Remuneration Committee of PT Adhi Karya as of June 30, 2012?", adhi, [11],
                services)
    assert "Amir Muin" not in other.text.split("\n")[0] or other.status != "answered", other.text
    # (the sentence before the rows names the Board of Commissioners' decree; the rows are the committee's)
    board = ask("Who was the chairman of the Board of Commissioners of PT Adhi Karya as of June 30, 2012?", adhi, [11],
                services)
    assert "Amir Muin" not in board.text.split("\n")[0] or board.status != "answered", board.text


def test_the_report_s_signer_is_the_signature_under_its_signing_clause(services):
    # Intel's November 2022 8-K, p.4: "... the Registrant has duly caused this report to be signed on its behalf by the
    # undersigned hereunto duly authorized. INTEL CORPORATION (Registrant) Date: November 22, 2022 /s/ April Miller
    # Boise"; its exhibit's agreement has signature blocks of its own
    intel = filing("financebench-extra/pdfs/INTEL_2023_8K_dated-2022-11-22.pdf")
    written = ask("Who signed Intel's Form 8-K dated November 22, 2022 on behalf of the registrant?", intel,
                  sorted({c.page for c in intel}), services)
    assert written.status == "answered" and written.text.split("\n")[0] == "April Miller Boise", written.text


def test_which_officers_held_a_title_are_every_row_of_the_table_holding_it(services):
    # Oracle's FY2017 10-K, p.23: "Name Office(s)" over "Safra A. Catz Chief Executive Officer and Director" and "Mark V.
    # Hurd Chief Executive Officer and Director"
    oracle = filing("financebench-extra/pdfs/ORACLE_2017_10K.pdf")
    written = ask("Which executive officers of Oracle held the title Chief Executive Officer as of the fiscal year 2017 "
                  "annual report?", oracle, [22, 23], services)
    assert written.status == "answered" and written.text.split("\n")[0] == "Safra A. Catz; Mark V. Hurd", written.text


def test_a_title_asked_of_a_signer_is_not_the_report_s_first_signature(services):
    # eBay's FY2022 10-K signs "By: /s/ Jamie Iannone" under its signing clause; its CFO signs further down
    ebay = filing("financebench-extra/pdfs/EBAY_2022_10K.pdf")
    written = ask('Who was the Chief Financial Officer of "eBay Inc." who signed the annual report for the fiscal year '
                  "2022?", ebay, sorted({c.page for c in ebay if "/s/" in c.text}), services)
    assert "Jamie Iannone" not in written.text.split("\n")[0], written.text


def test_a_title_asked_of_the_signer_or_another_paper_signed_is_not_the_report_s_signature(services):
    from answering.kinds.officers_table import ASKS_SIGNER

    assert ASKS_SIGNER.search("Who signed Intel's Form 8-K dated November 22, 2022 on behalf of the registrant?")
    assert not ASKS_SIGNER.search("Who signed Boeing's 2022 Form 10-K as Chief Financial Officer?")
    assert not ASKS_SIGNER.search("Who signed the report of the independent registered public accounting firm?")


def test_a_plural_title_is_answered_only_by_two_rows_of_the_officers_table_holding_a_chief_s_title(services):
    oracle = filing("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    for question in ("Who are the Directors of Oracle?", "Who were the Executive Officers of Oracle in fiscal 2019?"):
        written = ask(question, oracle, [16, 17], services)
        assert written.text.split("\n")[0] != "Safra A. Catz; Mark V. Hurd", written.text
