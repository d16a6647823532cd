"""headquarters: where a company is headquartered is the cover's address of principal executive offices."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.mark.parametrize(("relative", "company", "place"), [
    # "2300 Oracle Way Austin, Texas": the street printed before the city on one line
    ("financebench-extra/pdfs/ORACLE_2021_10K.pdf", "Oracle Corporation", "Austin, Texas"),
    # the same company five years before: its own cover, not the newer one
    ("financebench-extra/pdfs/ORACLE_2016_10K.pdf", "Oracle Corporation", "Redwood City, California"),
    # "2025 Hamilton Avenue San Jose\n, California 95125": the comma on the next line
    ("financebench-extra/pdfs/EBAY_2019_10K.pdf", "eBay Inc.", "San Jose, California"),
])
def test_the_city_and_state_lead_the_answer_then_the_address(relative, company, place, services):
    written = ask(f'Where is "{company}" headquartered? If data is not available, return \'N/A\'.',
                  filing(relative), [0], services)
    assert written.status == "answered", written.text
    assert written.text.splitlines()[0] == place
    assert "principal executive offices" in written.text
    assert written.citations and place.split(",")[0] in written.citations[0].quote


def test_a_question_about_the_headquarters_that_is_not_where_is_not_answered_from_the_cover(services):
    written = ask('What did "Oracle Corporation" say about moving its headquarters in fiscal 2021?',
                  filing("financebench-extra/pdfs/ORACLE_2021_10K.pdf"), [0], services)
    assert "principal executive offices" not in written.text


@pytest.mark.parametrize(("asked", "lead"), [
    # the challenge matches a name as asked: a city question's answer is the city, not "city, state"
    ('In which city is "{}" headquartered?', "Bethesda"),
    ('What city is "{}" headquartered in?', "Bethesda"),
    ('In which state is "{}" headquartered?', "Maryland"),
])
def test_a_question_for_the_city_or_the_state_is_answered_by_it_alone(asked, lead, services):
    written = ask(asked.format("Lockheed Martin Corporation") + " If data is not available, return 'N/A'.",
                  filing("financebench/pdfs/LOCKHEEDMARTIN_2019_10K.pdf"), [0], services)
    assert written.status == "answered", written.text
    assert written.text.split("\n\n")[0] == lead
    assert "Bethesda, Maryland" in written.text


def test_a_state_asked_of_another_thing_is_not_answered_by_the_headquarters_state(services):
    written = ask('Where is "Lockheed Martin Corporation" headquartered, and in which state is it incorporated?',
                  filing("financebench/pdfs/LOCKHEEDMARTIN_2019_10K.pdf"), [0], services)
    assert written.text.split("\n\n")[0] != "Maryland"
