"""described_name: "which <description> did X <do>" is answered by the one name the filing describes so,
in a sentence naming the deed."""

from __future__ import annotations

from answering.kinds.described_name import asked
from tests.answering.kinds.conftest import ask, filing, one_page


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


def test_an_appositive_of_one_of_its_partners_and_a_kind_named_before_the_name(services):
    # Lyft's FY2020 10-K, p.5: "in the first quarter of 2020, we acquired Flexdrive, LLC (“Flexdrive”), one of our
    # longstanding partners in the Express Drive program" (the question's "company" is a kind, not repeated)
    lyft = filing("filings-wild/pdfs/Lyft_2020_10-K.pdf")
    written = ask("Which company, a longstanding Express Drive partner, did Lyft acquire in the first quarter of 2020?",
                  lyft, [4, 9], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "Flexdrive", written.text
    # Patriot Transportation's FY2020 10-K, p.4: "Our business, conducted through our subsidiary Florida Rock & Tank
    # Lines, Inc., consists of hauling ..."
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2020_10-K.pdf")
    written = ask("Through which subsidiary does Patriot Transportation Holding conduct its business, according to its "
                  "2020 annual report?", patriot, [3, 29], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "Florida Rock & Tank Lines, Inc.", \
        written.text


def test_a_name_after_the_description_it_is_given_is_the_answer(services):
    # eBay's FY2018 10-K, p.7: "... we announced our intention to acquire the U.K.-based classifieds site,
    # Motors.co.uk." (the deed an infinitive of the asked verb: "announce its intention to acquire")
    ebay = filing("financebench-extra/pdfs/EBAY_2018_10K.pdf")
    written = ask('Which U.K.-based classifieds site did "eBay Inc." announce its intention to acquire in the fourth '
                  "quarter of 2018?", ebay, [6, 50], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "Motors.co.uk", written.text


def test_the_party_asked_with_a_preposition_is_named_after_it_in_the_deal_asked(services):
    # eBay's FY2021 10-K: "... the sale of 80.01% of our ownership stake in eBay Korea LLC to E-mart Inc. ("Emart")"
    # (p.4) and "... to E-mart for approximately $3.0 billion" (p.7): one party; the sale of Adevinta shares "to
    # Permira" in the same pages names another deal
    ebay = filing("financebench-extra/pdfs/EBAY_2021_10K.pdf")
    written = ask('To which company did "eBay Inc." sell 80.01% of its ownership stake in eBay Korea LLC in 2021?',
                  ebay, [3, 6, 30, 62, 72, 115], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "E-mart Inc", written.text
    assert asked("Which company spun off Patriot Transportation in 2015?") is None  # no preposition: a doer asked


def test_a_date_or_a_document_after_the_preposition_is_no_party(services):
    bought = one_page("In 2024, Acme purchased the Beta product line, which generated revenues of $50 million from "
                      "October 2023 through December 2024.")
    assert not ask("From which company did Acme purchase the Beta product line in 2024?", bought, [0],
                   services).text.startswith("October")
    sold = one_page("In 2024, we completed the sale of our remaining stake in Beta Holdings pursuant to the Share "
                    "Purchase Agreement with Gamma Corp.")
    assert not ask("To which company did Acme sell its stake in Beta Holdings in 2024?", sold, [0],
                   services).text.startswith("Share Purchase Agreement")


def test_a_name_and_its_short_name_are_one_party(services):
    # Verizon's FY2020 10-K describes "BlueJeans, an enterprise-grade video conferencing and event platform" (p.33)
    # and "Blue Jeans Network, Inc. (BlueJeans), an enterprise-grade ..." (p.71): one company
    verizon = filing("financebench/pdfs/VERIZON_2020_10K.pdf")
    written = ask('Which enterprise-grade video conferencing and event platform did "Verizon Communications Inc." '
                  "acquire in 2020?", verizon, [32, 37, 45, 70, 72], services)
    assert written.status == "answered" and written.text.split("\n\n")[0] == "Blue Jeans Network", written.text


def test_two_names_one_opening_the_other_are_two_parties_unless_the_filing_gives_the_short_one(services):
    both = one_page("In 2024, Acme acquired Sentinel, a provider of cybersecurity software for banks.",
                    "In 2024, Acme also acquired SentinelOne Labs, a provider of cybersecurity software for hospitals.")
    written = ask("Which provider of cybersecurity software did Acme acquire in 2024?", both, [0], services)
    assert written.text.split("\n\n")[0] not in ("Sentinel", "SentinelOne Labs"), written.text
