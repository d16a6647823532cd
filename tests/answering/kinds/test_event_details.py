"""What a question asks of a deal beyond naming it (the buyer, the price per share, the day it closed or is
to close, why, the tranches, how it was accounted for) is read from the deal's own sentences: a sentence
that names the deal, or one that goes on with it ("The sale is expected to close ..."), the list read
whole where a chunk cut it. An ask none of them states still refuses the answer."""

from __future__ import annotations

import re

from answering.kinds.event_coverage import dates_closing, missing_in_event
from answering.kinds.every_part import typed_item
from tests.answering.kinds.conftest import ask, filing

# ---- the deal's details from its own sentences (shared 10-Ks and an 8-K)


def test_a_sale_is_answered_with_its_buyer_price_and_expected_closing(services):
    """eBay FY2019 10-K: "On November 24, 2019, we entered into a definitive agreement ... to sell StubHub to
    viagogo, with closing of the transaction expected to occur in the first quarter of 2020" (p.4) and "...
    with an affiliate of viagogo to sell StubHub for $4.05 billion" (p.71): "to whom" is a party named through
    its group, lower-cased as the filing writes it."""
    ebay = filing("financebench-extra/pdfs/EBAY_2019_10K.pdf")
    written = ask("What business did eBay agree to sell in late 2019, to whom, on what date, for how much, and when "
                  "was the sale expected to close?", ebay, [70, 3], services)
    assert written.status == "answered", written.text
    assert "$4.05 billion" in written.text and "first quarter of 2020" in written.text


def test_an_acquisition_s_price_per_share_closing_and_purpose_come_from_the_note_naming_it(services):
    """Oracle FY2015 10-K: the MD&A names MICROS among the year's deals (p.40); the note gives the tender
    offer's $68.00 per share, the merger effectuated on September 8, 2014 and "We acquired MICROS to, among
    other things, expand ..." (p.108-109). A deal of another year on the page (Acme Packet) is not this one."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    written = ask("What major acquisition did Oracle complete in fiscal 2015: whom did it buy, at what price per share, "
                  "when did the deal close, and why?", oracle, [39, 107, 109], services)
    assert written.status == "answered", written.text
    assert "$68.00 per share" in written.text and "September 8, 2014" in written.text
    assert "expand" in written.text and "Acme Packet" not in written.text


def test_a_note_issue_is_listed_tranche_by_tranche_though_a_chunk_cut_the_list(services):
    """Oracle FY2021 10-K p.57: "In March 2021, we issued $15.0 billion of senior notes comprised of the
    following: • $2.75 billion of 1.65% senior notes due March 2026; ... and • $1.50 billion of 4.10% senior
    notes due March 2061." The list runs over two chunks; its bullets are worded items, not table rows."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2021_10K.pdf")
    written = ask("What senior notes did Oracle issue in March 2021? List the tranches with their amounts, coupons "
                  "and maturities.", oracle, [56], services)
    assert written.status == "answered", written.text
    assert "$2.75 billion of 1.65% senior notes due March 2026" in written.text
    assert "$1.50 billion of 4.10% senior notes due March 2061" in written.text


def test_how_a_deal_was_accounted_for_is_read_from_the_sentences_recording_it(services):
    """eBay FY2017 10-K p.38: the Flipkart stake "resulting in a cost method investment of $725 million" and
    "The gain on disposal of our eBay India business of $167 million was recorded in interest and other, net"."""
    ebay = filing("financebench-extra/pdfs/EBAY_2017_10K.pdf")
    written = ask("What transaction did eBay complete with Flipkart in 2017, and how was it accounted for?", ebay,
                  [6, 37], services)
    assert written.status == "answered", written.text
    assert "$725 million" in written.text and "$167 million" in written.text


def test_a_plan_s_completion_is_dated_in_each_of_its_parts(services):
    """Salesforce 8-K of January 4, 2023: the charges and their fourth-quarter share, then "The actions
    associated with the employee restructuring ... substantially complete by the end of the Company's fiscal
    2024" and the real estate actions "fully complete in fiscal 2026"."""
    crm = filing("financebench-extra/pdfs/SALESFORCE_2021_8K_dated-2023-01-04.pdf")
    written = ask("What charges did Salesforce expect to incur for the restructuring plan it announced on January 4, "
                  "2023, how much in the fourth quarter of fiscal 2023, and when should the actions be complete?",
                  crm, [0, 1], services)
    assert written.status == "answered", written.text
    assert "$1.4 billion to $2.1 billion" in written.text
    assert "fiscal 2024" in written.text and "fiscal 2026" in written.text


def test_a_related_party_deal_without_its_reason_and_total_is_refused(services):
    """Oracle FY2017 10-K: NetSuite, $109.00 per share and "to expand our cloud ERP offerings" are stated; why it
    was a related-party transaction (Mr. Ellison's affiliation, p.103) and the total price are not on the pages
    given, and a price per share is no total price."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2017_10K.pdf")
    written = ask("Which cloud ERP company did Oracle acquire in fiscal 2017? Give the per-share price, when the deal "
                  "was completed, the total purchase price, and why it was treated as a related-party transaction.",
                  oracle, [8, 101], services)
    assert written.status != "answered", written.text


# ---- the gate's tests, by type


def test_a_completion_is_dated_by_a_date_said_of_it():
    assert dates_closing("The sale is expected to close in the first quarter of 2020, subject to regulatory approval.")
    assert dates_closing('x." (doc p.3) "On September 8, 2014, we effectuated the merger of MICROS into a subsidiary.')
    assert dates_closing("The actions are expected to be substantially complete by the end of the Company\u2019s "
                         "fiscal 2024.")
    # a date beside the completion that dates something else, a tender offer begun, a year's deals
    assert not dates_closing("The completion of the proposed sale is subject to closing conditions, which have not "
                             "been met as of December 31, 2019.")
    assert not dates_closing("On July 3, 2014, we commenced a tender offer to purchase all shares at $68.00 per share.")
    assert not dates_closing("We have acquired a number of companies, including MICROS Systems, Inc. in fiscal 2015.")


def test_a_price_per_share_is_no_total_price_and_a_why_of_its_own_clause_needs_its_cause():
    question = ("Which cloud ERP company did Oracle acquire in fiscal 2017? Give the per-share price, the total "
                "purchase price, and why it was treated as a related-party transaction.")
    stated = ('"In November 2016, we acquired NetSuite to expand our cloud ERP offerings." (d p.9) "We commenced a '
              'tender offer to purchase the shares of NetSuite at a purchase price of $109.00 per share." (d p.102)')
    assert missing_in_event(question, stated) == ["why", "the total price"]


def test_an_attribute_of_listed_things_is_asked_by_its_kind_of_figure():
    assert typed_item("the coupons") is not None and typed_item("the coupons").search("of 1.65% senior notes")
    assert typed_item("the maturities").search("senior notes due March 2061")
    assert typed_item("the tranches with their amounts").search("$2.75 billion of notes")
    assert typed_item("the former parent") is None


def test_a_thing_asked_by_its_own_noun_is_stated_by_it_a_described_company_by_its_name():
    """"what new credit facility did it enter into" asks a credit facility, which the spin-off's sentence is not;
    "what cybersecurity company did it acquire" is answered by "the acquisition of Mandiant", undescribed."""
    from answering.kinds.other_words import answered_in_other_words

    spin = '"On January 30, 2015, FRP completed the spin-off of Patriot to its shareholders." (d p.7)'
    credit = ('"In connection with the spin-off, on January 30, 2015, we entered into a new five year credit agreement '
              'with Wells Fargo Bank N.A." (d p.13)')
    part = "what new credit facility did it enter into at the separation?"
    assert not answered_in_other_words(part, spin) and answered_in_other_words(part, credit)
    mandiant = '"On September 12, 2022, we closed the acquisition of Mandiant for a total purchase price of $6.1 billion."'
    assert answered_in_other_words("What cybersecurity company did Alphabet acquire in 2022?", mandiant)


# ---- a deal's defining terms: the consideration per share, the steps, the distribution ratio, the parent


def test_a_merger_s_consideration_per_share_and_its_steps_are_quoted_from_the_8_k(services):
    """Salesforce 8-K of July 21, 2021 p.2: each Slack share "was automatically converted into the right to receive
    0.0776 shares of common stock ... and $26.79 in cash" (one sentence of 836 characters, long by the share
    classes and exceptions it names), and the two mergers ("Merger Sub I merged with and into Slack ...",
    "Slack merged ... with and into Merger Sub II"). "For each share" asks a price per share, no breakdown; the
    acquirer is the filer ("the Company"), which the consideration sentence need not name."""
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2021_8K_dated-2021-07-21.pdf")
    written = ask("What did Slack shareholders receive for each share when Salesforce completed its acquisition of "
                  "Slack, and how was the deal structured?", salesforce, [1], services)
    assert written.status == "answered", written.text
    assert "0.0776 shares" in written.text and "$26.79 in cash" in written.text
    assert "with and into Merger Sub II" in written.text


def test_a_spin_off_s_distribution_ratio_and_a_business_sold_the_same_year(services):
    """eBay FY2015 10-K: "On July 17, 2015, we completed the Distribution" (p.43), "Each eBay stockholder received one
    ( 1 ) share of PayPal Holdings, Inc. common stock for every share of eBay common stock held ..." (p.70): the
    distribution terms; "what happened to its Enterprise business" is a deal of any kind naming Enterprise ("we
    signed a definitive agreement to sell Enterprise ... the sale closed"), though the question asks no selling."""
    ebay = filing("financebench-extra/pdfs/EBAY_2015_10K.pdf")
    written = ask("How did eBay separate from PayPal in 2015 (date and distribution terms), and what happened to its "
                  "Enterprise business that year?", ebay, [42, 63, 69, 32, 71, 4, 70], services)
    assert written.status == "answered", written.text
    assert "July 17, 2015" in written.text and "for every share of eBay common stock" in written.text
    assert re.search(r"sell Enterprise|sale of Enterprise", written.text)


def test_how_a_company_became_independent_is_its_spin_off_from_the_parent_named(services):
    """Patriot Transportation FY2015 10-K p.40: "On January 30, 2015, FRP Holdings, Inc. ("FRP") completed the
    tax-free spin-off ... of Patriot" answers how it became independent and who the former parent was; "one share of
    Patriot ... for every three shares of FRP ... resulting in 3,242,524 of Patriot shares" the ratio and count."""
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2015_10-K.pdf")
    written = ask("How did Patriot Transportation Holding become an independent public company, according to its "
                  "fiscal 2015 10-K? Give the date, the former parent, the distribution ratio and the number of shares "
                  "distributed.", patriot, [39], services)
    assert written.status == "answered", written.text
    assert "FRP Holdings, Inc." in written.text and "January 30, 2015" in written.text
    assert "for every three shares of FRP" in written.text and "3,242,524" in written.text


def test_a_ratio_asked_is_not_given_by_a_date_alone():
    """The distribution terms asked, the completion's sentence alone leaves them out."""
    assert "the ratio of shares" in missing_in_event(
        "How did eBay separate from PayPal in 2015 (date and distribution terms)?",
        '"On July 17, 2015, we completed the Distribution, pursuant to which PayPal became an independent company."')


def test_a_property_sale_s_gain_and_the_dividend_declared_after_it(services):
    """Patriot Transportation FY2022 annual report: "Gain on the sale of land was $8,330,000 due to the sale of our
    former terminal location in Tampa, FL ..." (p.10; a gain on a sale states the sale done) and "Following the
    closing of the Tampa sale, the Board declared a special dividend of $3.75 per share ..." (p.4): what it returned
    to shareholders, a dividend with its amount, told of the same sale."""
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2022_AnnualReport.pdf")
    written = ask("What did Patriot Transportation gain from selling its Tampa terminal property, and what did it return "
                  "to shareholders afterwards?", patriot, [9, 3, 24, 8, 2], services)
    assert written.status == "answered", written.text
    assert "$8,330,000" in written.text and "special dividend of $3.75 per share" in written.text


def test_a_term_the_question_quotes_is_answered_by_the_agreement_s_definition_of_it(services):
    """Intel 8-K of November 22, 2022, the LLC agreement filed with it (p.76): "“Arizona Fab” means, collectively, the
    two semiconductor wafer fabrication buildings, Fab 52 and Fab 62, ... located on Intel’s Ocotillo campus in the
    State of Arizona." — one definition of a glossary that runs on ("“Asset Value” of any ..."), given to its own
    full stop; the chunk before it, cut inside another definition, gives nothing."""
    intel = filing("financebench-extra/pdfs/INTEL_2023_8K_dated-2022-11-22.pdf")
    written = ask("Which semiconductor fabrication buildings make up the 'Arizona Fab' in Intel's November 2022 "
                  "joint-venture agreement with Brookfield, and where are they?", intel, [1, 75], services)
    assert written.status == "answered", written.text
    assert "Fab 52 and Fab 62" in written.text and "Ocotillo campus" in written.text
    assert "Asset Value" not in written.text
