"""A question asking which things the company did something to names them in one sentence of the filing
(answering.kinds.named_items): the names after the deed, an aside in parentheses left out. McDonald's Q2 2023
release; Patriot Transportation's FY2015 10-K sentence."""

from __future__ import annotations

from answering.kinds.named_items import _items, asked
from tests.answering.kinds.conftest import ask, filing


def test_the_names_after_the_deed_are_the_items_an_aside_is_not():
    sentence = ("Beginning in the first quarter of 2023, McDonald's excluded results from Argentina and Lebanon in the "
                "calculation of comparable sales due to hyperinflation (Venezuela continues to be excluded).")
    assert _items(sentence, "excluding", {"mcdonald"}) == ["Argentina", "Lebanon"]
    assert _items("We operate terminals in Florida, Georgia, Alabama, South Carolina, North Carolina and Tennessee.",
                  "operate", {"patriot"}) == ["Florida", "Georgia", "Alabama", "South Carolina", "North Carolina",
                                              "Tennessee"]
    # Microsoft's FY2016 10-K: a serial comma before the last name; "and" without a comma is inside a name
    assert _items("As a result, we report our financial performance based on our new segments, Productivity and "
                  "Business Processes, Intelligent Cloud, and More Personal Computing.", "report", {"microsoft"}) == [
        "Productivity and Business Processes", "Intelligent Cloud", "More Personal Computing"]
    assert asked('In which states did "Patriot Transportation Holding, Inc." operate terminals in fiscal 2015?')
    assert not asked("Which segment had the highest revenue in 2022?")


def test_the_markets_excluded_are_named_from_the_release(services):
    chunks = filing("financebench-extra/pdfs/MCDONALDS_2023Q2_EARNINGS.pdf")
    written = ask("Which markets did \"McDonald's Corporation\" begin excluding from its comparable sales calculation "
                  "in the first quarter of 2023 because of hyperinflation?", chunks, [3, 1], services)
    assert written.status == "answered" and written.text.startswith("Argentina; Lebanon\n\n"), written.text


def test_paired_names_a_clause_beyond_and_the_company_as_doer_are_read_as_such():
    from answering.kinds.named_items import _ASK

    # McDonald's 2022 10-K pairs its divestitures with their dates: no list of one year's
    assert _items("In 2022, the Company completed the divestitures of Apprente and Dynamic Yield in December 2021 and "
                  "April 2022, respectively.", "divest", set()) == []
    # the names end with the clause that lists them
    assert _items("We operate terminals in Florida, Georgia and Tennessee, which are served under the Credit Agreement "
                  "with Bank of America.", "operate", set()) == ["Florida", "Georgia", "Tennessee"]
    assert _ASK.search("Which countries did the company exit in 2022?").group("verb") == "exit"


def test_the_names_listed_beside_each_other_after_the_deed_and_not_the_words_about_them():
    from answering.kinds.named_items import _items

    # Verizon's FY2021 10-K: "Which business acquisitions did Verizon complete in 2021?"
    assert _items("In 2021, we completed the acquisitions of Tracfone and Bluegrass Cellular (Bluegrass).", "complete",
                  {"verizon", "acquisit"}) == ["Tracfone", "Bluegrass Cellular"]
    # a name's legal form is its own; an appositive after it ("a provider of ... in the U.S.") lists nothing
    assert _items("On November 23, 2021, we completed the acquisition of TracFone Wireless, Inc. (Tracfone), a provider "
                  "of prepaid and value mobile services in the U.S.", "complete", {"verizon", "acquisit"}) == [
        "TracFone Wireless, Inc"]
