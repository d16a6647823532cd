"""drivers asked as one of two causes ("driven by a higher take rate or by higher volume?"): the
premise's change explained in the asked year, with what the filing says of the alternative that held
flat; a change between two earlier years is never quoted for the asked one (eBay's FY2017 10-K)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def ebay():
    return filing("financebench-extra/pdfs/EBAY_2017_10K.pdf")


QUESTION = ("eBay's net transaction revenues grew in 2017. Was that growth driven by a higher take rate or by "
            "higher volume?")


def test_which_of_two_causes_is_the_premises_own_explanation_with_the_one_that_held_flat(ebay, services):
    # p.40: "The increase in net transaction revenues in 2017 compared to 2016 was primarily due to an
    # increase in Marketplace GMV. Total transaction take rate was flat in 2017 compared to 2016."
    written = ask(QUESTION, ebay, [39, 40], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert ('The increase in net transaction revenues in 2017 compared to 2016 was primarily due to an increase in '
            'Marketplace GMV."') in written.text, written.text
    assert '"Total transaction take rate was flat in 2017 compared to 2016."' in written.text


def test_a_change_between_two_years_before_the_asked_one_is_not_quoted(ebay, services):
    # "The increase in net transaction revenues in 2016 compared to 2015 was primarily driven by ... a
    # higher transaction take rate" follows the 2017 sentences on p.40: the year before's change
    written = ask(QUESTION, ebay, [39, 40], services)
    assert "2016 compared to 2015" not in written.text, written.text
