"""A question about a corporate event (a deal, an issue of notes, an appointment) is answered from
the sentences that state it, never as a statement line a word of it names, and its answer gives
each thing asked of the event by type (the close date, the reason, the price per share, an amount).

Wordings are those of analysts' questions about filings; the quoted sentences are Oracle's and
eBay's 10-K sentences (fiscal 2015, 2021)."""

from __future__ import annotations

import pytest

from answering.kinds.classify import classify
from answering.kinds.event_coverage import answered_on_the_event, missing_in_event
from answering.kinds.other_words import answered_in_other_words, asks_in_other_words
from answering.written_answer import WrittenAnswer
from finrag.models import CatalogCompany, StoreCatalog
from finrag.vocabulary import load_vocabulary
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import ask, filing

VOCAB = load_vocabulary()


@pytest.mark.parametrize("question", [
    # a verb of a statement line's stem, used of a deal: what the seller got, not Accounts receivable
    "What divestitures did Acme complete in 2021, and what did it receive for its Classifieds business?",
    "What did Beta shareholders receive for each share when Acme completed its acquisition of Beta?",
    # a balance-sheet word asked of one deal: that deal's goodwill, not the balance sheet's line
    "What was the total purchase price Acme paid for Beta, and how much goodwill did it record on the acquisition?",
    # the thing a deal verb acts on: the notes issued, the company bought
    "What senior notes did Acme issue in March 2021? List the tranches with their amounts.",
    "Which cloud ERP company did Acme acquire in fiscal 2017? Give the per-share price.",
    # the terms of a deal are its sentences, not a list's items
    "What were the terms of the agreement Acme signed in 2020 to transfer its Classifieds business?",
    # ... also asked with another thing of the deal, of the buyer's deal by name (read as a list, the
    # deal's financing sentence alone was given as its "items")
    "What were the terms and financing of Acme's acquisition of Beta as described in its FY2022 10-K?",
    "What are the key terms of Acme's pending acquisition of Beta, including price and consideration mix?",
    # "why" asked of a deal does not make it a change's drivers
    "What major acquisition did Acme complete in fiscal 2015: whom did it buy, when did the deal close, and why?",
])
def test_a_question_about_a_deal_is_answered_from_its_text(question):
    decision = classify(question, VOCAB, companies=["Acme"])
    assert decision.kind == "passage", decision.describe()
    assert "deal" in decision.reason or "did" in decision.reason, decision.reason


@pytest.mark.parametrize(("question", "kind"), [
    # figures of the period, not of a deal, stay a statement line's
    ("What amount of debt did Acme issue in FY2022?", "metric"),
    ("How much goodwill did Acme record in FY2022?", "metric"),
    ("How much did Acme pay in income taxes in 2022?", "metric"),
    # (the verb "receive" names no receivables: cash received from customers is stated in the text)
    ("How much did Acme receive from customers in 2022?", "passage"),
    ("What cash dividend per share did Acme announce for fiscal year 2013, and what payout ratio is that?", "metric"),
])
def test_a_figure_of_the_period_stays_a_metric(question, kind):
    assert classify(question, VOCAB, companies=["Acme"]).kind == kind


CATALOG = StoreCatalog(companies=[CatalogCompany(name="eBay", aliases=["ebay"], fiscal_years=[2021])])


def test_a_deal_question_searches_no_statement_line():
    # "receive" would steer the search to the balance sheet's Accounts receivable
    u = understand("What divestitures did eBay complete in 2021, and what did it receive for its Korean business?",
                   CATALOG)
    assert u.metrics == []
    assert understand("What were eBay's accounts receivable in 2021?", CATALOG).metrics == ["receivables"]


TENDER = ("On July 3, 2014, pursuant to the Merger Agreement, we commenced a tender offer to purchase all of the "
          "issued and outstanding shares of common stock of MICROS at a purchase price of $68.00 per share, net to "
          "the holder in cash.")
PRELIMINARY = ("The initial purchase price calculation and related accounting for our acquisitions completed during "
               "fiscal 2015 is preliminary.")
CLOSED = ("On September 8, 2014, we completed our acquisition of MICROS to expand our offerings for the hospitality "
          "and retail industries.")
ASK = "What major acquisition did Oracle complete in fiscal 2015: whom did it buy, at what price per share, " \
      "when did the deal close, and why?"


def test_the_day_a_tender_offer_began_is_not_the_day_the_deal_closed():
    # a date in a sentence stating no closing, a fiscal year in one that does: neither dates the close
    assert missing_in_event(ASK, f'"{PRELIMINARY}" "{TENDER}"') == ["the date it closed", "why"]
    assert missing_in_event(ASK, f'"{TENDER}" "{CLOSED}"') == []


def test_an_event_answer_missing_an_ask_is_refused_naming_it():
    written = WrittenAnswer(status="answered", kind="passage", text=f'"{PRELIMINARY}" "{TENDER}"')
    refused = answered_on_the_event(written, ASK)
    assert refused.status == "not_found"
    assert "the date it closed, why" in refused.reason
    # a question about no event is left to the other gates
    assert answered_on_the_event(written, "What does Oracle say about its cloud strategy?") is written


def test_a_price_per_share_needs_an_amount_per_share():
    ask = "What did Slack shareholders receive for each share when Salesforce completed its acquisition of Slack?"
    assert missing_in_event(ask, '"The merger was completed on July 21, 2021."') == ["the price per share"]
    stated = ('"Each share of Slack Class A common stock was converted into the right to receive $26.79 in cash and '
              '0.0776 shares of common stock of Salesforce."')
    assert missing_in_event(ask, stated) == []


def test_the_financing_named_beside_the_terms_is_asked_too():
    ask = "What were the terms and financing of Acme's acquisition of Beta as described in its FY2022 10-K?"
    tender = ('"We commenced a tender offer to purchase all of the issued and outstanding shares of common stock of '
              'Beta at a purchase price of $95.00 per share, net to the seller in cash."')
    assert missing_in_event(ask, tender) == ["how it is financed"]
    bridge = '"The proceeds of borrowings under the Bridge Facility were used to finance the acquisition of Beta."'
    assert missing_in_event(ask, f"{tender} {bridge}") == []


# ---- the deal's own sentences, read in the filing's words (eBay's 10-Ks for 2018, 2020 and 2021)

def test_what_a_seller_received_for_each_business_is_read_from_the_sentences_stating_each_sale(services):
    """eBay FY2021 10-K p.33: "On November 14, 2021, we completed the sale of 80.01% ... of eBay Korea to
    Emart for approximately $3.0 billion ..." and "On June 24, 2021, the transfer of our Classifieds
    business was completed for $13.3 billion of consideration ...": "receive" names no Accounts
    receivable, and "Korean" names Korea."""
    ebay = filing("financebench-extra/pdfs/EBAY_2021_10K.pdf")
    written = ask("What divestitures did eBay complete in 2021, and what did it receive for its Classifieds business "
                  "and its Korean business?", ebay, [32, 72], services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert "$3.0 billion" in written.text and "Classifieds business was completed for $13.3 billion" in written.text


def test_a_deal_and_the_other_one_asked_of_the_same_year_are_each_quoted(services):
    """eBay FY2020 10-K: the Classifieds agreement (p.76) and, as "what other divestiture", the
    StubHub sale (p.7), a sale naming none of the names the first part gave."""
    ebay = filing("financebench-extra/pdfs/EBAY_2020_10K.pdf")
    written = ask("What were the terms of the agreement eBay signed in 2020 to transfer its Classifieds business, "
                  "and what other divestiture did it complete that year?", ebay, [6, 75], services)
    assert written.status == "answered", written.text
    assert "Adevinta for $2.5 billion in cash" in written.text and "sale of StubHub" in written.text


def test_acquisitions_and_divestitures_of_a_year_are_each_quoted_once(services):
    """eBay FY2018 10-K p.7: Giosis bought, Flipkart stake sold, Motors.co.uk announced (stated twice in the
    filing, quoted once)."""
    ebay = filing("financebench-extra/pdfs/EBAY_2018_10K.pdf")
    written = ask("What acquisitions and divestitures did eBay complete or announce in 2018?", ebay, [6], services)
    assert written.status == "answered", written.text
    assert all(name in written.text for name in ("Giosis", "Flipkart", "Motors.co.uk"))
    assert written.text.count("Motors.co.uk") == 1


def test_what_a_seller_received_is_a_consideration_naming_what_it_gave_up():
    part = "what did it receive for its Classifieds business and its Korean business?"
    both = ('"On June 24, 2021, the transfer of our Classifieds business was completed for $13.3 billion of '
            'consideration." "On November 14, 2021, we completed the sale of 80.01% of eBay Korea to Emart for '
            'approximately $3.0 billion of gross cash proceeds."')
    assert asks_in_other_words(part) and answered_in_other_words(part, both)
    # the Korean business's sale is not stated: half the part is unanswered
    assert not answered_in_other_words(part, both.split('" "')[0] + '"')


def test_another_deal_needs_a_second_sentence_of_its_kind():
    part = "what other divestiture did it complete that year?"
    one = '"On July 20, 2020, we entered into a definitive agreement to transfer our Classifieds business to Adevinta."'
    two = one + ' "In the first quarter of 2020, eBay completed the sale of StubHub to viagogo for $4.05 billion."'
    assert not answered_in_other_words(part, one)
    assert answered_in_other_words(part, two)


def test_the_terms_of_one_deal_are_not_the_amount_of_another_in_the_same_sentence():
    """eBay FY2020 10-K p.4 states the StubHub sale's price and the Classifieds agreement in one sentence;
    only the note (p.76) gives the Classifieds terms."""
    ask = "What were the terms of the agreement eBay signed in 2020 to transfer its Classifieds business?"
    both = ('"Notably, on February 13, 2020, we completed the sale of StubHub to viagogo for $4.05 billion in cash, '
            'and on July 20, 2020, we entered into a definitive agreement to transfer our Classifieds business to '
            'Adevinta ASA."')
    assert missing_in_event(ask, both, ["eBay"]) == ["its terms"]
    note = ('"On July 20, 2020, we entered into a definitive agreement with Adevinta to transfer our Classifieds '
            'business to Adevinta for $2.5 billion in cash and approximately 540 million shares in Adevinta."')
    assert missing_in_event(ask, both + " " + note, ["eBay"]) == []



def test_an_announcement_of_another_matter_is_no_answer_to_an_event_of_no_kind(services):
    """Alphabet's Q2 2023 release p.3: "In January 2023, we announced a reduction of our workforce ...":
    announced, in the asked year, but not the executive change asked; "change" names no kind of deal
    and the question no name, so no sentence is read as the event. The change asked is read by its
    own kind (answering.kinds.people: a person, a role, an action), never as the workforce reduction."""
    release = filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q2.pdf")
    written = ask("What executive change did Alphabet announce with its second-quarter 2023 results?", release,
                  [2], services)
    assert "reduction of our workforce" not in written.text
    assert written.status != "answered" or "Ruth Porat will assume" in written.text, written.text


def test_a_deal_s_noun_in_a_line_about_its_costs_states_no_deal():
    from answering.kinds.deal_words import states_a_deal

    # PT Adhi Karya's 2013 statements: the bonds' issuance costs, amortized; not the bonds issued
    assert not states_a_deal("Adhi Shelf Registry Bond I Phase II Issuance Costs A series Bond's of Rp 275,780,000 "
                             "and B series Bond's of Rp 1,103,120,000 will be amortized every month until 2018.")
    assert states_a_deal("In the third quarter of 2018, we sold our equity investment in Flipkart.")
    assert states_a_deal("On June 24, 2021, the transfer of our Classifieds business was completed.")
    assert states_a_deal("In the fourth quarter of 2018, we announced our intention to acquire Motors.co.uk.")



def test_a_sentence_of_buying_names_what_was_bought():
    from answering.kinds.deal_words import names_its_object

    # Oracle FY2015 10-K: generic lines of its acquisitions name no deal; the deal sentences name it
    assert not names_its_object("The initial purchase price calculation and related accounting for our acquisitions "
                                "completed during fiscal 2015 is preliminary.")
    assert not names_its_object("During fiscal 2014, we acquired certain other companies and purchased certain "
                                "technology and development assets primarily to expand our offerings.")
    assert names_its_object("On March 28, 2013, we completed our acquisition of Acme Packet, Inc.")
    assert names_its_object("In the third quarter of 2018, we sold our equity investment in Flipkart.")

