"""defined_term: a group a filing names ("Big Five") answered by the filing's own sentence that lists its
members, a footnote's "... are collectively referred to as the "Big Five" international markets"."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

MCDONALDS = "financebench-extra/pdfs/MCDONALDS_2023Q1_EARNINGS.pdf"


def test_a_footnote_naming_a_group_after_its_members_answers_which_members(services):
    written = ask('Which countries make up McDonald\'s "Big Five" international markets, as referred to in its '
                  "first quarter 2023 earnings release?", filing(MCDONALDS), [0, 1], services)
    assert written.status == "answered", written.text
    # led by the members the sentence lists, then the sentence
    assert written.text.startswith('Australia; Canada; France; Germany; U.K.\n\n"Australia, Canada, France, Germany and '
                                   "the U.K. are collectively referred to as"), written.text
    assert "Big Five" in written.citations[0].quote


def test_a_list_of_a_groups_members_is_the_sentence_listing_them_not_one_naming_the_group(services):
    # the ERC form quotes the company and the group; the release's segment paragraph names "the Big Five*" first
    written = ask('Which countries does "McDonald\'s Corporation" refer to as its "Big Five" international markets? '
                  "If data is not available, return 'N/A'.", filing(MCDONALDS), [1, 0], services)
    assert written.text.startswith("Australia; Canada; France; Germany; U.K.\n\n"), written.text


def test_a_term_defined_as_referring_to_products_is_answered_by_them(services):
    facebook = filing("filings-wild/pdfs/Facebook_2020_10-K.pdf")
    pages = sorted({c.page for c in facebook if "refers to our Facebook, Instagram" in c.text})[:1]
    written = ask('Which products make up the "Family" of products of "Facebook, Inc." as defined in its 2020 annual '
                  "report?", facebook, pages, services)
    assert written.text.startswith("Facebook; Instagram; Messenger; WhatsApp\n\n"), written.text


def test_a_group_the_filing_never_lists_is_not_answered(services):
    # the release uses "International Operated Markets" without listing its members anywhere on these pages
    written = ask('Which countries make up McDonald\'s "Big Six" international markets, as referred to in its '
                  "first quarter 2023 earnings release?", filing(MCDONALDS), [0, 1], services)
    assert written.status != "answered"


def test_a_quoted_company_name_and_a_parenthesis_of_prose_define_nothing():
    """ERC questions quote the company ("launched by "TransUnion""); its exhibit index prints "TransUnion's
    ... (Incorporated by reference to Exhibit 2.1 ...)", a parenthesis of prose, not of members."""
    from answering.kinds.defined_term import write
    from finrag.models import SearchHit
    from finrag.vocabulary import load_vocabulary
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog

    transunion = filing("erc-round1/pdfs/85fb23ba2910de45e27f8f40170c0f3576043916.pdf")
    exhibits = [SearchHit(chunk=c, score=1.0) for c in transunion if "Incorporated by reference to Exhibit 2.1" in c.text]
    assert exhibits
    question = 'What are the names of the new products launched by "TransUnion" in the reporting period?'
    understanding = understand(question, catalog(transunion), load_vocabulary())
    assert write(question, exhibits, understanding, None) is None


def test_a_name_with_and_in_it_is_no_list_of_members():
    from answering.kinds.defined_term import _members

    assert _members("“Credit Agreement” refers to the Amended and Restated Credit Agreement.") is None
    assert _members("“Family” refers to our Facebook, Instagram, Messenger, and WhatsApp products.") == [
        "Facebook", "Instagram", "Messenger", "WhatsApp"]
