"""headcount: the number of employees is the company's own count of its people, never a part's."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

_ASKED = "What was the number of employees of \"{}\" at the end of the fiscal year {}? If data is not available, " \
         "return 'N/A'."


@pytest.mark.parametrize(("relative", "company", "year", "pages", "count"), [
    # "the Company had approximately 123,000 full-time equivalent employees"
    ("financebench-extra/pdfs/APPLE_2017_10K.pdf", "Apple Inc.", 2017, [0, 9], 123_000),
    # "we employed approximately 12,600 people globally. Approximately 6,600 of our employees were
    # located in the U.S.": the second is a part; the risk factor quoted before runs into the first
    ("financebench-extra/pdfs/EBAY_2016_10K.pdf", "eBay Inc.", 2016, [0, 7], 12_600),
])
def test_the_companys_own_count_of_its_people_is_the_answer(relative, company, year, pages, count, services):
    written = ask(_ASKED.format(company, year), filing(relative), pages, services)
    assert written.status == "answered", written.text
    assert written.value == count
    assert written.text.startswith(f"{count:,} employees: \"Employees As of")
    assert "may harm" not in written.text  # the quote is the count's own sentence


def test_the_company_named_with_its_subsidiary_is_the_company(services):
    """PG&E FY2017: "PG&E Corporation and the Utility had approximately 23,000 regular employees"."""
    pge = filing("financebench-extra/pdfs/PG_E_2017_10K.pdf")
    written = ask(_ASKED.format("PG&E Corporation", 2017), pge, [0, 10], services)
    assert (written.status, written.value) == ("answered", 23_000), written.text


def test_quotes_that_share_the_questions_words_but_state_no_count_give_way_to_the_count(services):
    """Netflix FY2022: the certifications and signatures ("... Annual Report on Form 10-K of Netflix, Inc.
    for the year ended December 31, 2022 ...") share the question's words and state no count; the answer
    is the company's own: "we had approximately 12,800 full-time employees"."""
    netflix = filing("financebench/pdfs/NETFLIX_2022_10K.pdf")
    pages = [0, 86, 82, 48, 21, 20, 3]  # the search brings back the cover, certifications, exhibits first
    written = ask(_ASKED.format("Netflix, Inc.", 2022), netflix, pages, services)
    assert (written.status, written.value) == ("answered", 12_800), written.text
    assert "certify" not in written.text


def test_a_part_of_the_workforce_asked_is_not_answered_by_the_whole_count(services):
    netflix = filing("financebench/pdfs/NETFLIX_2022_10K.pdf")
    written = ask('What was the number of employees located outside the United States at "Netflix, Inc." in 2022?',
                  netflix, [0, 86, 82], services)
    assert written.value != 12_800, written.text


def test_a_count_outside_a_country_asked_as_a_second_part_is_stated_by_its_number():
    from answering.kinds.counts import states_count

    # Accuray's FY2022 10-K (tmpl14): "we had 1044 full-time employees, including 388 employees employed outside of
    # the United States"
    said = "As of June 30, 2022, we had 1044 full-time employees, including 388 employees employed outside of the " \
           "United States."
    assert states_count(said, "and how many were employed outside the United States?")
    assert not states_count(said, "and how many were in the United States?")  # outside is not in
    # PG&E's FY2015 10-K: the things, a comma, then their number
    covered = "Of the Utility’s regular employees, approximately 13,500 are covered by collective bargaining agreements."
    assert states_count(covered, "How many regular employees were covered by collective bargaining agreements?")
    assert not states_count("Of the Utility’s regular employees, in 2015 most are covered by agreements.",
                            "How many regular employees were covered by collective bargaining agreements?")
    # a part of the things is no count of them all (PG&E's FY2018 10-K: 24,000 regular employees, 14,500 covered)
    assert not states_count(covered.replace("13,500", "14,500"), "How many regular employees did PG&E have at the end of "
                            "FY2018, and how many of the Utility's employees were covered by collective bargaining "
                            "agreements?")


def test_both_parts_of_a_count_and_its_part_outside_a_country_are_answered(services):
    written = ask("How many full-time employees did Accuray have as of June 30, 2022, and how many were employed "
                  "outside the United States?", filing("filings-wild/pdfs/Accuray_2022_10-K.pdf"), [26], services)
    assert written.status == "answered", written.text
    assert "388 employees employed outside" in written.text


def test_the_size_of_a_cut_of_the_workforce_is_no_count_of_it(services):
    # Alphabet's FY2022 10-K: "As of December 31, 2022, Alphabet had 190,234 employees", and, in the same filing,
    # "we announced a reduction of our workforce of approximately 12,000 roles"
    written = ask(_ASKED.format("Alphabet Inc.", 2022), filing("filings-wild/pdfs/Alphabet_2022_10-K.pdf"), [8, 31, 83],
                  services)
    assert written.status == "answered", written.text
    assert written.value == 190_234


def test_a_summary_table_s_row_of_employees_gives_the_count_in_the_asked_year_s_column(services):
    # Patriot Transportation's FY2022 annual report: no sentence counts its people; its five-year summary does,
    # "Number of employees .... 475 508 607 761 783", under "2022 2021 2020 2019 2018" printed chunks above
    written = ask(_ASKED.format("Patriot Transportation Holding, Inc.", 2022),
                  filing("filings-wild/pdfs/PatriotTransportation_2022_AnnualReport.pdf"), [6], services)
    assert written.status == "answered", written.text
    assert written.value == 475
    assert any("Number of employees" in c.quote for c in written.citations)


def test_a_count_run_into_a_tables_rows_is_still_the_companys_count(services):
    """NICE's 2022 annual report: page 75's text opens with the lines carried from page 74, "As of December 31,
    2022, we had 7,926 employees worldwide, which represented an increase of approximately", run straight into
    the employee table ("Total 7,926 7,102 6,383"); the prose reader leaves that sentence out as table rows, the
    count is read from the chunk's text up to its people word."""
    nice = filing("filings-wild/pdfs/NICE_2022_AnnualReport.pdf")
    written = ask('What was the number of employees of "NICE Ltd." at the end of the fiscal year 2022? If data is not '
                  "available, return 'N/A'.", nice, [75], services)
    assert written.status == "answered", written.text
    assert written.value == 7926 and "we had 7,926 employees" in written.text


def test_a_release_bullet_headed_by_headcount_states_the_company_s_count(services):
    """Meta's Q1 2023 release, p.1: "• Headcount – Headcount was 77,114 as of March 31, 2023, a decrease of
    1% year-over-year." (a release speaks of the company without naming it)."""
    meta = filing("filings-wild/pdfs/MetaPlatforms_2023_EarningsRelease_Q1.pdf")
    written = ask('What was the headcount of "Meta Platforms, Inc." as of March 31, 2023?', meta, [0], services)
    assert (written.status, written.value) == ("answered", 77_114), written.text


def test_quotes_stating_the_count_among_its_parts_give_way_to_the_count_itself(services):
    """Oracle FY2017, p.22: "As of May 31, 2017, we employed approximately 138,000 full-time employees, including
    approximately 39,000 in sales and marketing, ...": the count is the value, not one of the parts'."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2017_10K.pdf")
    written = ask('How many full-time employees did "Oracle Corporation" employ as of May 31, 2017?', oracle, [21],
                  services)
    assert (written.status, written.value) == ("answered", 138_000), written.text


def test_a_part_s_employees_are_not_the_company_s_count(services):
    # Oracle FY2017, p.22: "approximately 138,000 full-time employees, including ... approximately 5,000 in hardware"
    oracle = filing("financebench-extra/pdfs/ORACLE_2017_10K.pdf")
    written = ask("How many employees did Oracle's hardware business employ as of May 31, 2017?", oracle, [21], services)
    assert written.value != 138_000, written.text


def test_the_things_counted_are_the_head_of_the_noun_phrase_asked():
    from answering.kinds.counts import asked_thing, states_count

    asked = "How many C-Band licenses did Verizon win in the FCC's Auction 107?"
    assert asked_thing(asked) == "license"
    assert asked_thing("how many new warehouses did it open?") == "warehouse"
    assert asked_thing("how many times its operating cash flow") is None
    # a model's number before the things is no count asked of all of them: "31 aircraft" delivered, in the 787's
    # section, says nothing of the 737's
    assert asked_thing("How many 737 aircraft did Boeing deliver in 2022?") is None
    # a number of licenses, not a name's number ("Auction 107")
    assert states_count("Verizon was the winning bidder on 3,511 licenses, consisting of contiguous C-Band spectrum", asked)
    assert not states_count("In February 2021, the FCC concluded Auction 107 for C-Band wireless spectrum.", asked)


def test_a_percentage_or_a_year_before_the_things_is_no_count_of_them():
    from answering.kinds.counts import states_count

    asked = "how many total paid members did it have?"  # Costco's FY2022 10-K
    assert not states_count("At the end of 2022, our member renewal rates were 93% in the U.S. and Canada", asked)
    assert states_count("Total paid members 65,800 61,700 58,100", asked)


def test_people_counted_are_people_whatever_verb_follows():
    from answering.kinds.counts import asked_thing

    assert asked_thing("How many people work for Boeing?") == "people"
    assert asked_thing("How many personnel serve in its segments?") == "personnel"


def test_a_name_s_number_is_no_count():
    from answering.kinds.counts import states_count

    asked = "How many C-Band licenses did Verizon win in the FCC's Auction 107?"
    assert not states_count("In September 2020, the FCC completed Auction 105 for Priority Access Licenses.", asked)
    assert states_count("Verizon was the winning bidder on 3,511 licenses", asked)
    assert states_count("We had approximately 164,000 full-time employees.", "How many employees did it have?")


def test_a_count_opened_by_an_adverb_or_a_label_is_still_a_count():
    from answering.kinds.counts import asked_thing, states_count

    asked = "How many employees did it have?"
    assert states_count("Approximately 164,000 employees worked for us.", asked)
    assert states_count("Employees 12,345", asked)
    assert asked_thing("How many Priority Access Licenses did it win?") == "license"
