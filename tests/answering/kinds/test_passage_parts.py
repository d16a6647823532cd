"""passage, a question of several parts: each part stated by a sentence of its own, found by the
part's own words (a noun states the verb it is made of, a name's legal form and a date's month
are no topic words), or the question is refused."""

from __future__ import annotations

from answering.kinds.sentences import content_words, overlap
from tests.answering.kinds.conftest import ask, filing


def test_a_name_s_legal_form_a_vague_time_and_a_noun_for_a_verb_are_read_as_the_filing_writes_them():
    words = content_words("What company did eMetals Limited acquire in early 2022, what does it hold?", ["eMetals"])
    assert words == ["acquir", "hold"]
    assert overlap("On September 12, 2022 we closed the acquisition of Mandiant.", ["acquir"]) == 1.0
    # a word of the company's name written as a common noun is a topic word: "its cryptocurrency holdings"
    assert "hold" in content_words("What happened to Mercurity Fintech's cryptocurrency holdings?",
                                   ["Mercurity Fintech Holding"])


def test_each_part_of_an_acquisition_question_is_quoted_from_the_sentence_that_states_it(services):
    """eMetals' FY2022 annual report (p.7): the acquisition completed in January 2022, "Salmon Gums
    holds two highly prospective tenement applications" and the consideration of 15,000,000 shares.
    The sentence quoted for the first part ("... the extraordinary general meeting (EGM) held on 6
    January 2022") shares "hold" by chance: the part is stated by the sentence of its own."""
    emetals = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    written = ask("What company did eMetals Limited acquire in January 2022, what does it hold, and what did eMetals "
                  "pay?", emetals, [6, 9, 41], services)
    assert written.status == "answered", written.text
    assert "completed the acquisition in January 2022" in written.text
    assert "Salmon Gums holds two highly prospective tenement applications" in written.text
    assert "15,000,000 fully paid ordinary shares" in written.text
    assert "Scorpion" not in written.text  # another company's acquisition of eMetals' tenements (p.10)


def test_a_part_that_refers_back_is_stated_by_a_sentence_about_what_the_parts_before_found(services):
    """Alphabet's FY2022 10-K: "On September 12, 2022, we closed the acquisition of Mandiant for a
    total purchase price of $6.1 billion" (p.31, p.73) and "The financial results of Mandiant have
    been included within the Google Cloud segment" (p.73), in which "segment" and "results" are
    not side by side: said of Mandiant, the name the parts before found, they state its segment."""
    alphabet = filing("filings-wild/pdfs/Alphabet_2022_10-K.pdf")
    written = ask("What cybersecurity company did Alphabet acquire in 2022, when did the acquisition close, what was "
                  "the total purchase price, and in which segment are its results reported?", alphabet, [72, 30, 83],
                  services)
    assert written.status == "answered", written.text
    assert "closed the acquisition of Mandiant for a total purchase price of $6.1 billion" in written.text
    assert "included within the Google Cloud segment" in written.text


def test_a_sentence_that_leaves_the_named_event_to_the_sentence_before_is_read_with_it(services):
    """PG&E's 10-Q for the quarter ended September 30, 2022 (p.90): "... believe it is probable that
    they will incur a loss in connection with the 2022 Mosquito fire." then "PG&E Corporation and
    the Utility recorded a liability in the aggregate amount of $100 million ...", which does not
    repeat the fire's name: read with the sentence before it, it states the liability asked. A
    sentence naming another fire (the 2019 Kincade fire's $950 million, p.86) is not read so."""
    pge = filing("financebench-extra/pdfs/PG_E_2023Q3_10Q.pdf")
    written = ask("In PG&E's 10-Q for the quarter ended September 30, 2022, what liability had PG&E recorded for claims "
                  "from the 2022 Mosquito fire, and where did that fire start?", pge, [89, 85, 90], services)
    assert written.status == "answered", written.text
    assert "recorded a liability in the aggregate amount of $100 million" in written.text
    assert "ignited near OxBow Reservoir in Placer County" in written.text
    assert "$950 million" not in written.text


def test_a_yes_no_answer_is_completed_by_a_sentence_stating_each_follow_on_part(services):
    """NVIDIA's 10-Q for Q1 FY2024: "We did not repurchase any shares during the first quarter" (p.20),
    "$7.23 billion remaining under our share repurchase authorization" (p.25) and "we paid $99 million
    ... in cash dividends to our shareholders" (p.20). An amount already quoted (the authorization's)
    does not state the cash returned to shareholders: the part gets the sentence that does."""
    nvidia = filing("filings-wild/pdfs/NVIDIA_2024_10-Q_Q1.pdf")
    written = ask("Did NVIDIA buy back any of its own shares in the first quarter of fiscal year 2024 (quarter ended "
                  "April 30, 2023)? How much repurchase authorization remained, and how much cash did it return to "
                  "shareholders in the quarter?", nvidia, [19, 24], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("No.")
    assert "$7.23 billion remaining under our share repurchase authorization" in written.text
    assert "$99 million" in written.text


def test_a_sale_asked_with_its_buyer_date_and_price_needs_each_of_them(services):
    """eBay's FY2019 10-K (p.38): "In the fourth quarter of 2019, we entered into a definitive
    agreement to sell StubHub to viagogo for a purchase price of $4.05 billion in cash." states
    the business, the buyer and the price, not the date ("on what date" asks a day, not a
    quarter): with that page alone the question is refused."""
    ebay = filing("financebench-extra/pdfs/EBAY_2019_10K.pdf")
    written = ask("What business did eBay agree to sell in late 2019, to whom, on what date, for how much, and when was "
                  "the sale expected to close?", ebay, [37], services)
    assert written.status == "not_found", written.text


def test_a_month_dates_the_part_it_is_asked_in(services):
    """Salesforce's 10-Q for the quarter ended October 31, 2022 (p.42): "In August 2022, the Board of
    Directors authorized a program to repurchase up to $10.0 billion" is the first part; "As of
    October 31, 2022, we were authorized to purchase a remaining $8.3 billion" names the month the
    second part asks in, which does not make it the program asked for."""
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023Q3_10Q.pdf")
    written = ask("What share repurchase program did Salesforce's board authorize in 2022, and how much stock had "
                  "Salesforce bought back under it in the quarter ended October 31, 2022?", salesforce, [41, 70],
                  services)
    assert written.status == "answered", written.text
    assert "authorized a program to repurchase up to $10.0 billion" in written.text
    assert "repurchased approximately 11 million shares of our common stock for approximately $1.7 billion" in written.text
    assert "remaining $8.3 billion" not in written.text


def test_a_paragraph_that_states_every_part_answers_when_the_best_sentences_leave_one_out(services):
    from finrag.models import SearchHit
    from tests.answering.kinds.conftest import write_answer_over

    verizon = filing("financebench/pdfs/VERIZON_2021_10K.pdf")
    # p.44 the note on Auction 107 (licenses won, the price, the clearing payments estimated), ranked first as the
    # store ranks it; p.36 the cash flow discussion's "$45.9 billion for spectrum licenses ... and related costs"
    auction = [c for c in verizon if c.page == 43 and "Auction 107" in c.text]
    found = [SearchHit(chunk=c, score=1.0) for c in [*auction, *(c for c in verizon if c.page == 35)]]
    written = write_answer_over("How many C-Band licenses did Verizon win in the FCC's Auction 107, how much did it "
                                "pay for them, and what additional clearing-related payments did it estimate it "
                                "would owe?", found, verizon, services)
    assert written.status == "answered", written.text
    for fact in ("3,511 licenses", "Verizon paid $45.5 billion", "estimated to be $7.7 billion"):
        assert fact in written.text, written.text


def test_a_paragraph_of_what_a_board_may_do_states_no_change_made(services):
    pge = filing("financebench-extra/pdfs/PG_E_2016_10K.pdf")
    # p.59: the payout ratio adopted, then "Each Board of Directors retains authority to change the ... dividend policy
    # ... at any time": the dividend's change ($0.455 to $0.49) is stated elsewhere on the page, by no run
    written = ask("What dividend policy did PG&E Corporation adopt in 2016, and how did its common dividend per share "
                  "change?", pge, [58, 59, 57], services)
    assert "retains authority" not in written.text or written.status != "answered", written.text


def test_the_count_one_part_asks_is_found_by_that_part_s_own_words(services):
    """Corning's FY2022 10-K (p.8): the whole question's words are those of its last part ("what share
    work in production and maintenance roles"), which the sentence stating the count ("Each of our
    57,500 full- and part-time employees in 44 countries ...") does not repeat: read by the words of
    the part that asks the count, it is found and quoted beside the share."""
    corning = filing("financebench/pdfs/CORNING_2022_10K.pdf")
    written = ask("How many employees does Corning have according to its FY2022 10-K, in how many countries, and what "
                  "share work in production and maintenance roles?", corning, [7], services)
    assert written.status == "answered", written.text
    assert "Each of our 57,500 full- and part-time employees in 44 countries" in written.text
    assert "Approximately 65% of all employees are in production and maintenance roles" in written.text


def test_facts_asked_in_a_second_sentence_are_parts_the_paragraph_run_must_state(services):
    """Lockheed Martin's 2020 10-K, Note 2 (p.80): the agreement and its price, "This represents a post-dividend
    equity value of approximately $4.6 billion ... and a transaction value of approximately $4.4 billion", and
    "The transaction is expected to close in the second half of 2021": four sentences in a row. "Give the ..."
    asks four more facts of the first question; "a pre-closing special dividend" says nothing of the closing."""
    lockheed = filing("financebench/pdfs/LOCKHEEDMARTIN_2020_10K.pdf")
    written = ask("What acquisition agreement did Lockheed Martin enter into in December 2020? Give the price per "
                  "share, the approximate equity and transaction values, and the expected closing timeline.", lockheed,
                  [79], services)
    assert written.status == "answered", written.text
    for fact in ("$56 per share in cash", "equity value of approximately $4.6 billion",
                 "transaction value of approximately $4.4 billion", "expected to close in the second half of 2021"):
        assert fact in written.text


def test_an_amount_stated_before_a_hedge_and_at_a_period_end_said_by_its_date(services):
    """TransUnion's FY2022 annual report (p.67): the CFPB's lawsuit, then "As of December 31, 2022, we have an
    accrued liability of $56.0 million ..., and such an outcome could have a material adverse effect ...": the
    fact before the hedge clause answers "how much had it accrued at the end of FY2022" (the period's end is said
    by its date, not by the word "end")."""
    transunion = filing("erc-round1/pdfs/85fb23ba2910de45e27f8f40170c0f3576043916.pdf")
    written = ask("What regulatory lawsuit was filed against TransUnion in FY2022, and how much had TransUnion accrued "
                  "for it at the end of FY2022?", transunion, [66], services)
    assert written.status == "answered", written.text
    assert "the CFPB filed a lawsuit against us" in written.text
    assert "accrued liability of $56.0 million" in written.text and "could have a material adverse" not in written.text


def test_the_edge_of_a_period_is_no_topic_word():
    assert content_words("how much had TransUnion accrued for it at the end of FY2022?", ["TransUnion"]) == ["accru"]
    assert "end" in content_words("What were its end markets at the end of the year?", [])


def test_a_former_name_is_read_where_the_filing_says_formerly_known_as(services):
    """Creative Media & Community Trust's FY2022 10-K: "Creative Media & Community Trust Corporation (formerly known
    as CIM Commercial Trust Corporation)"; the question quotes the name in capitals, "&" inside it."""
    cmct = filing("erc-round1/pdfs/e0d6bb578bfc233c3bdbded229960fed01624631.pdf")
    written = ask('What was the former name of "CREATIVE MEDIA & COMMUNITY TRUST CORPORATION"?', cmct, [84, 55], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("CIM Commercial Trust Corporation"), written.text
