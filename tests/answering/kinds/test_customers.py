"""Who a company's customers are: the sentences saying whom its revenues come from (Boeing's
FY2022 10-K: a risk factor and the segment note), never a sentence that merely mentions customers."""

from __future__ import annotations

from answering.kinds.customers import states_customers
from tests.answering.kinds.conftest import ask, filing


def test_customers_are_whom_the_revenues_come_from(boeing, services):
    """p.8 "We derive a significant portion of our revenues from a limited number of commercial
    airlines."; p.114 "Revenues from the U.S. government ... represented 40% ... of consolidated
    revenues"; the pages a search brings first (cover, MD&A) state neither."""
    written = ask("Who are the primary customers of Boeing as of FY2022?", boeing, [2, 4, 28, 7, 113], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "a limited number of commercial airlines" in written.text
    assert "Revenues from the U.S. government" in written.text
    assert {c.page for c in written.citations} == {7, 113}
    assert "Total revenues" not in written.text  # the table rows the page's text runs into the sentence


def test_a_share_of_revenue_states_a_customer_only_when_it_names_who_pays():
    # whom: a kind of buyer, a named payer
    assert states_customers("We derive a significant portion of our revenues from a limited number of commercial airlines.")
    assert states_customers("Sales to Walmart Inc. and its affiliates represented approximately 14% of our net sales.")
    # what is sold, where it is sold, or customers unnamed: no customer stated
    assert not states_customers("The majority of our revenue comes from a take rate on the GMV of transactions paid "
                                "on our Marketplace platforms.")
    assert not states_customers("We derive a significant portion of our revenue from subscriptions to our CRM "
                                "enterprise cloud computing application services.")
    assert not states_customers("In 2022, non-U.S. customers, which includes foreign military sales (FMS), accounted "
                                "for approximately 41% of our revenues.")
    assert not states_customers("We receive a significant portion of our revenue from a limited number of customers.")
    assert not states_customers("No single customer accounted for more than 10% of our total revenues.")


def test_a_sentence_that_only_mentions_customers_is_no_answer(services):
    """Oracle's FY2023 10-K p.16 ("... creating a culture and environment that supports employee,
    customer and business success is listening to employee feedback.") names customers in passing:
    no share of revenues from anyone, no sentence whose subject is the customers, so refused."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2023_10K.pdf")
    written = ask("Who are the primary customers of Oracle as of FY2023?", oracle, [15], services)
    assert written.status == "not_found", written.text
