"""role_changes: "Which leadership positions changed at X in the reporting period?" is answered by the
titles a named person took or left, as the report's own sentences of its period state them, and
refused where no such sentence is (ERC-style names questions over erc-round1's annual reports)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

BANK = "erc-round1/pdfs/e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf"  # CrossFirst Bankshares FY2022 10-K
MERCIA = "erc-round1/pdfs/ac9aa244462c80705c3ff046542c02c459989742.pdf"  # Mercia Asset Management, FY to March 2022
SAFE_GREEN = "erc-round1/pdfs/f06d7ecc8072de616a4ea35c74e20199de6b0691.pdf"  # Safe & Green Holdings FY2022 10-K


@pytest.fixture(scope="module")
def bank():
    return filing(BANK)


def _asked(company: str) -> str:
    return (f'Which leadership positions changed at "{company}" in the reporting period? If data is not available, '
            "return 'N/A'. Give me the title of the position.")


def test_the_positions_changed_are_the_titles_the_periods_sentences_give(bank, services):
    # p.11: Abrams appointed General Counsel and Corporate Secretary (June 2022), Rapp promoted to President of the
    # Bank, "Jenny Payne was named Chief Risk Officer ... Tom Robinson was named Chief Credit Officer" (dated by the
    # paragraph's "In June of 2022"); p.35's biographies: Merfen "joined CrossFirst in January 2021 as Chief
    # Technology Officer", history before the period
    a = ask(_asked(bank[0].company), bank, [10, 34, 33], services)
    assert a.status == "answered", a.text
    titles = a.text.splitlines()[0].split("; ")
    assert titles == ["General Counsel and Corporate Secretary", "President of the Bank", "Chief Risk Officer of the Bank",
                      "Chief Credit Officer of the Bank"], a.text
    assert "Chief Technology Officer" not in a.text.splitlines()[0]
    # p.36's biography, "Amy Abrams – Ms. Abrams was appointed General Counsel and Corporate Secretary of the Company
    # and the Bank in June 2022" (the honorific ends no sentence): the same title, "of the Company" the filer's own
    again = ask(_asked(bank[0].company), bank, [10, 35], services)
    assert again.text.splitlines()[0].split("; ").count("General Counsel and Corporate Secretary") == 1, again.text
    assert "of the Company" not in again.text.splitlines()[0], again.text


def test_the_names_of_new_executives_are_the_people_named(bank, services):
    a = ask(f'What are the names of the new executives appointed at "{bank[0].company}" in the reporting period?',
            bank, [10], services)
    assert a.status == "answered", a.text
    assert a.text.splitlines()[0].split("; ") == ["Amy Abrams", "Randall Rapp", "Jenny Payne", "Tom Robinson"]


@pytest.mark.parametrize(("relative", "pages"), [
    (MERCIA, [56, 57]),  # "Date of appointment July 2020 ... joined the Group as Head of Legal": before the period
    (SAFE_GREEN, [58]),  # "until February 2023 when he was appointed President and CEO of SG DevCorp": after it
])
def test_a_change_outside_the_reports_period_is_no_answer(relative, pages, services):
    chunks = filing(relative)
    a = ask(_asked(chunks[0].company), chunks, pages, services)
    assert a.status != "answered" or "role_changes" not in a.flags, a.text


def test_a_new_board_member_is_named_when_the_question_asks_names(services):
    # "We welcomed John Falla to the Board as a non-executive director in October 2022" (p.6): the seat in
    # lower case, the person after the verb
    chunks = filing("erc-round1/pdfs/84749ef5c2bbf2a302b6614f31727a95bf29f309.pdf")  # Baker Steel, FY2022
    a = ask(f'What are the names of the new directors appointed at "{chunks[0].company}" in the reporting period? '
            "If data is not available, return 'N/A'.", chunks, [5], services)
    assert a.status == "answered", a.text
    assert a.text.splitlines()[0] == "John Falla"


_MENTION = ('Did "{}" mention any changes in its leadership or executive team in the annual report? '
            "If there is no mention, return False.")


@pytest.mark.parametrize(("relative", "company", "page", "person"), [
    # announced in January 2021, before the FY2020 10-K was filed; a nickname between the names
    ("financebench-extra/pdfs/INTEL_2020_10K.pdf", "Intel Corporation", 69, "Gelsinger"),
    # the title before the verb: "Bret Taylor, our former co-CEO ..., resigned from these positions"
    ("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf", "Salesforce, Inc.", 19, "Bret Taylor"),
])
def test_a_leadership_change_in_the_reports_year_is_a_mention_whatever_its_words(relative, company, page, person,
                                                                                 services):
    """The question's rule ("if there is no mention, return False") is for no mention at all: a named
    person taking or leaving a titled role in the report's year, or the months before it was filed,
    is one, though the sentence says neither "leadership" nor "change"."""
    written = ask(_MENTION.format(company), filing(relative), [0, page], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes."), written.text
    assert person in written.text


def test_officers_whose_position_started_in_the_asked_year_are_read_from_the_officers_list(services):
    """McDonald's FY2022 10-K lists its executive officers as "Ian Borden, 54, is Executive Vice
    President and Chief Financial Officer, a position he has held since September 2022": those
    dated 2022 changed position that year (a title's capitalised words are no one's name)."""
    mcd = filing("financebench-extra/pdfs/MCDONALDS_2022_10K.pdf")
    written = ask("What are the names of the executive officers of \"McDonald's Corporation\" whose positions changed "
                  "in the fiscal year 2022?", mcd, [32, 33], services)
    assert written.status == "answered", written.text
    assert written.text.splitlines()[0] == \
        "Jonathan Banner; Ian Borden; Marion Gross; Jill McDonald; Kevin Ozan; Brian Rice; Jo Sempels"


def test_a_month_asked_is_the_month_the_officers_list_dates(services):
    """FedEx's FY2023 annual report: "Frederick W. Smith ... 78 Executive Chairman of FedEx since June
    2022"; officers whose position started in another month of 2022 are not named."""
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf")
    written = ask("What are the names of the executive officers of \"FedEx Corporation\" whose positions changed in "
                  "June 2022?", fedex, [46, 47], services)
    assert written.status == "answered", written.text
    names = written.text.splitlines()[0].split("; ")
    assert {"Frederick W. Smith", "Rajesh Subramaniam"} <= set(names)
    assert all("since June 2022" in c.quote for c in written.citations)
