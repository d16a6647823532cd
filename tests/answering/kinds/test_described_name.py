"""described_name: "which <description> did X <do>" is answered by the one name the filing describes so,
in a sentence naming the deed."""

from __future__ import annotations

from answering.kinds.described_name import asked
from tests.answering.kinds.conftest import ask, filing


def test_the_name_the_filing_describes_as_the_question_does_is_the_answer(services):
    # eBay's Q2 2023 10-Q, p.15: "... relates to the first quarter acquisition of 3PM Shield, a provider of AI-based
    # marketplace compliance solutions, and the revised valuation of the intangible assets acquired from the 2022
    # acquisition of TCGplayer."
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_10Q.pdf")
    written = ask("Which provider of AI-based marketplace compliance solutions did eBay acquire in the first quarter "
                  "of 2023?", ebay, [14], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "3PM Shield", written.text


def test_a_description_of_one_word_names_a_kind_not_a_thing():
    assert asked("Which company spun off Patriot Transportation in 2015?") is None
    words, verb = asked("Which provider of payment services did Acme acquire?")
    assert (len(words), verb) == (3, "acquire")
