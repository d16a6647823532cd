"""board_members: the members of the board are the directors who signed the annual report."""

from __future__ import annotations

import pytest

from answering.kinds.board_members import directors
from tests.answering.kinds.conftest import ask, filing

_ASKED = 'What are the names of the members of the board of directors of "{}"? If data is not available, return \'N/A\'.'


def test_each_signature_in_a_directors_seat_names_a_member(services):
    """Apple's FY2017 10-K: "/s/ James A. Bell Director" (the capacity on the name's line); the CFO and
    the "Senior Director of Corporate Accounting" sign too, and are no board members."""
    apple = filing("financebench-extra/pdfs/APPLE_2017_10K.pdf")
    written = ask(_ASKED.format("Apple Inc."), apple, [0, 80], services)
    assert written.status == "answered", written.text
    assert written.text.splitlines()[0] == ("Timothy D. Cook; James A. Bell; Al Gore; Robert A. Iger; Andrea Jung; "
                                            "Arthur D. Levinson; Ronald D. Sugar; Susan L. Wagner")
    assert len(written.citations) == 8


def test_signatures_side_by_side_share_the_capacities_printed_after_them(services):
    """Intel's FY2020 10-K prints two signatures a line ("/s/ JAMES J. GOETZ /s/ GREGORY D. SMITH", then
    "Director Director"); "Chairman of the Board and Director" is one seat."""
    intel = filing("financebench-extra/pdfs/INTEL_2020_10K.pdf")
    text = "\n".join(c.text for c in intel if c.page == 121)
    names = [name for name, _ in directors(text)]
    assert names == ["Robert H. Swan", "James J. Goetz", "Gregory D. Smith", "Alyssa Henry", "Dion J. Weisler",
                     "Dr. Omar Ishrak", "Andrew Wilson", "Dr. Risa Lavizzo-Mourey", "Frank D. Yeary",
                     "Dr. Tsu-Jae King Liu"]
    assert "George S. Davis" not in names and "Kevin T. Mcbride" not in names  # officers, no seat


def test_capital_signature_marks_and_names_typed_then_written_are_read_once(services):
    """Netflix's FY2022 10-K signs "/S/ GREG PETERS Greg Peters Co-Chief Executive Officer and Director" and
    "/S/ MATHIAS DÖPFNER Mathias Döpfner Director"; asked "Who are the members of the board ...", the
    directors are the eleven who sign in a director's seat, the CFO not among them."""
    netflix = filing("financebench/pdfs/NETFLIX_2022_10K.pdf")
    written = ask('Who are the members of the board of directors of "Netflix, Inc."?', netflix, [0, 66], services)
    assert written.status == "answered", written.text
    names = written.text.split("\n\n")[0].split("; ")
    assert sorted(names) == sorted(["Reed Hastings", "Ted Sarandos", "Greg Peters", "Richard Barton", "Mathias Döpfner",
                                    "Timothy M. Haley", "Jay C. Hoag", "Leslie J. Kilgore", "Strive Masiyiwa",
                                    "Ann Mather", "Brad Smith"])


def test_a_directors_report_outside_the_sec_forms_lists_them(services):
    """An Australian annual report is signed by no "/s/" line: its directors' report lists the directors
    ("The names of directors who held office during or since the end of the year ... are as follows. ...",
    then "Mathew Walker Executive Director", "Gary Lyons Non-executive Chairman", ...), each name without its seat."""
    from tests.answering.kinds.conftest import ask, filing

    chunks = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    written = ask('Who were the members of the board of directors of "eMetals Limited" in the fiscal year 2022? If data '
                  "is not available, return 'N/A'.", chunks, sorted({c.page for c in chunks}), services)
    assert written.status == "answered", written.text
    assert written.text.split("\n\n")[0].split("; ") == ["Mathew Walker", "Gary Lyons", "Teck Wong"], written.text


def test_what_were_the_members_of_the_board_asks_them_as_who_were_does(services):
    # NVIDIA's FY2024 10-K, its signatures: the directors who signed, asked as the typed questions word it
    written = ask('What were the members of the board of directors of "NVIDIA Corporation" in the fiscal year 2024? If '
                  "data is not available, return 'N/A'.", filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf"), [89],
                  services)
    assert written.status == "answered", written.text
    assert "Dawn Hudson" in written.text.split("\n\n")[0] and "Colette M. Kress" not in written.text


@pytest.mark.parametrize(("relative", "company", "printed", "members"), [
    # NICE's 2022 annual report (a 20-F, signed by officers) lists "Members of the Board of Directors" as rows of
    # name, age and seat, committee marks after each ("Dan Falk 78 Director X X X"), one name broken over two lines
    # ("Rimon Ben-\nShaoul"); the executive officers' table after it ("Barak Eilam 48 Chief Executive Officer")
    # holds no seat
    ("filings-wild/pdfs/NICE_2022_AnnualReport.pdf", "NICE Ltd.", ["Members of the Board of Directors"],
     "David Kostman; Rimon Ben-Shaoul; Dan Falk; Yocheved Dvir; Yehoshua Ehrlich; Leo Apotheker; Joe Cowan; Zehava Simon"),
    # Zegona's 2022 annual report: "The two Executive Directors are Eamonn O'Hare (Chairman and Chief Executive
    # Officer ("CEO")) and Robert Samuelson (...). The Non-Executive Directors are Richard Williams, Ashley Martin,
    # Kjersti Wiklund and Suzi Williams." Each item a person's name, the brackets between read past
    ("filings-wild/pdfs/ZegonaCommunications_2022_AnnualReport.pdf", "Zegona Communications plc",
     ["Non-Executive Directors are"],
     "Eamonn O’Hare; Robert Samuelson; Richard Williams; Ashley Martin; Kjersti Wiklund; Suzi Williams"),
    # PT Adhi Karya's June 2012 statements (note 1e): under "Dewan Direksi 2012 2011 Board of Directors", a row a
    # director, the seat in both languages and the name in each year's column, marked by a title ("Direktur Utama
    # Ir. Kiswodarmawan Ir. Kiswodarmawan President Director"); the Board of Commissioners is another body
    ("filings-wild/pdfs/AdhiKarya_2012_FinancialStatements_Q2.pdf", "PT ADHI KARYA (Persero) Tbk.",
     ["Dewan Direksi", "Kiswodarmawan"], "Kiswodarmawan; Teuku Bagus M.N; Bambang Pramusinto; Sumadiono; Supardi"),
    # Mercurity's 2022 20-F (Item 6.A): "Directors and Executive Officers Age Position/Title", a row a person, the
    # directors among officers ("Qian Sun 35 Chief Operating Officerand Director", spaces dropped by the text layer),
    # the officer who is no director ("Yukuan Zhang 35 Chief FinancialOfficer") left out
    ("filings-wild/pdfs/MercurityFintech_2022_20-F.pdf", "Mercurity Fintech Holding Inc.",
     ["Directors and Executive Officers Age"], "ShiQiu; Lynn Alan Curtis; DanielKelly Kennedy; Zheng Cui; Qian Sun; "
     "Hui Cheng; Xiang Qu; Er-Yi Toh; Cong Huang; Keith Tan Jun Jie"),
])
def test_a_report_outside_the_sec_forms_lists_its_board_where_it_describes_it(relative, company, printed, members,
                                                                               services):
    """Signed by an officer or two, such a report lists its board in a table or in sentences."""
    chunks = filing(relative)
    pages = sorted({c.page for c in chunks if all(p in c.text for p in printed)})
    written = ask(_ASKED.format(company), chunks, pages, services)
    assert written.status == "answered", written.text
    assert written.text.splitlines()[0] == members


def test_an_officers_title_run_into_the_next_name_is_no_part_of_it():
    """Flattened, a table of directors and officers runs the office of one row into the next row's name ("Bob Lee 40
    General Counsel Jane Doe 45 Director"): the name is the words after the office."""
    from answering.kinds.board_members import aged_seats

    table = ("Directors and Executive Officers Age Position\nBob Lee 40 General Counsel\nJane Doe 45 Director\n"
             "Ann Wu 50 Vice President, Finance\nPeter Wong 61 Independent Director\nTim Ho 39 Director")
    assert [name for name, _ in aged_seats(table)] == ["Jane Doe", "Peter Wong", "Tim Ho"]
