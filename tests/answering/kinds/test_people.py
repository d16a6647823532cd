"""Appointments, executive changes and workforce actions are read in the filing's words: a
person with a role and an action, a count of jobs cut with the share of the workforce and the
reasons of its passage (answering.kinds.people), each part the question asks covered."""

from __future__ import annotations

import pytest

from answering.kinds.people import names_a_change, states_a_cut
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def ebay_cuts():
    return filing("financebench-extra/pdfs/EBAY_2023Q1_8K.pdf")


@pytest.fixture(scope="module")
def ebay_director():
    return filing("financebench-extra/pdfs/EBAY_2023Q2_8K.pdf")


@pytest.fixture(scope="module")
def alphabet_q2():
    return filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q2.pdf")


def test_a_workforce_action_gives_the_count_the_share_and_the_reasons(ebay_cuts, services):
    a = ask("In early February 2023 eBay announced job cuts. How many employees were affected, what share of the "
            "workforce was that, and what reasons did the CEO give?", ebay_cuts, [1, 0], services)
    assert a.status == "answered", a.text
    assert "approximately 500 employees" in a.text and "about 4% of our total employee base" in a.text
    assert "macroeconomic situation" in a.text  # the reason the CEO gave, from the same message


def test_employees_a_company_is_letting_go_ask_for_a_workforce_action(ebay_cuts, services):
    # the verb after the people it is done to: "how many employees was eBay letting go"
    a = ask("According to eBay's Form 8-K dated February 7, 2023, how many employees was eBay letting go, and what share "
            "of its workforce did this represent?", ebay_cuts, [1, 0], services)
    assert a.status == "answered", a.text
    assert "approximately 500 employees" in a.text and "about 4% of our total employee base" in a.text


def test_a_director_appointed_is_named_with_what_the_filing_discloses_of_each_listed_thing(ebay_director, services):
    a = ask("eBay added a director to its board in March 2023. Who was appointed, and does the filing disclose any "
            "arrangement, related-party transaction or committee assignment that an investor should weigh?",
            ebay_director, [1, 0], services)
    assert a.status == "answered", a.text
    assert "appointed Shripriya Mahesh as a member of the Board" in a.text
    assert 'Arrangement: "There is no arrangement or understanding between Ms. Mahesh' in a.text
    assert "Item 404(a)" in a.text and "not been named to a committee" in a.text


def test_an_executive_change_is_the_person_the_role_and_the_date_it_takes_effect(alphabet_q2, services):
    a = ask("What executive change did Alphabet announce with its second-quarter 2023 results?", alphabet_q2,
            [0, 2], services)
    assert a.status == "answered", a.text
    assert "Ruth Porat will assume the newly created role of President and Chief Investment Officer" in a.text
    assert a.text.startswith("\"Alphabet and Google CFO Ruth Porat")  # the heading run into it left out
    assert "effective September 1, 2023" in a.text


def test_a_release_that_announces_no_change_is_refused():
    # the CEO's quoted comment names a person and a role, but no action on it
    assert not names_a_change("Sundar Pichai, CEO of Alphabet and Google, said: “There’s exciting momentum across "
                              "our products and the company.”")
    assert not names_a_change("The Chief Financial Officer Transition plan was described in the release.")
    assert names_a_change("· Skye Anderson is being elevated to President, Global Business Services (GBS).")


def test_a_cut_is_a_count_of_jobs_with_a_verb_of_cutting():
    assert states_a_cut("Over the next 24 hours, we’ll be letting approximately 500 employees globally know that "
                        "their jobs will be eliminated.")
    assert not states_a_cut("As of December 31, 2022, we had approximately 12,300 employees globally.")


def test_appointments_listed_are_each_quoted_with_the_day_they_take_effect_dated_by_the_filing(services):
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_8K_dated-2023-01-06.pdf")
    a = ask("Which leadership appointments did McDonald's announce with Accelerating the Arches 2.0 in January 2023, "
            "and when were they effective?", mcdonalds, [5, 0], services)
    assert a.status == "answered", a.text
    for person in ("Morgan Flatley", "Skye Anderson", "Andrew Gregory", "Spero Droulias"):
        assert person in a.text
    # "These appointments will be effective on February 1.": the year is the filing's (dated January 6, 2023)
    assert "These appointments will be effective on February 1." in a.text
    assert "Effective on February 1, 2023 (the filing, dated January 6, 2023" in a.text


def test_a_part_asking_which_appointments_were_made_is_answered_by_a_person_given_a_role():
    from answering.kinds.other_words import answered_in_other_words, asks_in_other_words

    part = "Which leadership appointments did McDonald's announce with Accelerating the Arches 2.0 in January 2023"
    assert asks_in_other_words(part)
    assert answered_in_other_words(part, '"Spero Droulias will become Senior Vice President, Chief Transformation '
                                         'Officer." (cbaf5384 p.6)')
    assert not answered_in_other_words(part, '"Chris Kempczinski, President and Chief Executive Officer, said: '
                                             '“We are accelerating.”" (cbaf5384 p.6)')
