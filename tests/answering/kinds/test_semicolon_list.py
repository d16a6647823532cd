"""A colon's list whose items a semicolon separates, each with commas of its own, is read item by item
(answering.kinds.listing.dash_items); a company quoted by its legal name is no topic word (answering.kinds.sentences)."""

from __future__ import annotations

from answering.kinds.listing import dash_items
from answering.kinds.sentences import Topic
from tests.answering.kinds.conftest import ask, filing

UNIONS = ('List the labor unions with which "PACIFIC GAS AND ELECTRIC COMPANY" had collective bargaining agreements '
          "covering its employees as of December 31, 2015. If data is not available, return 'N/A'.")


def test_the_unions_a_colon_lists_by_semicolons_are_the_items(services):
    """PG&E's FY2015 10-K (p.7): "... covered by collective bargaining agreements with the local chapters of three labor
    unions: the International Brotherhood of Electrical Workers ("IBEW"); the Engineers and Scientists of California
    ("ESC"); and the Service Employees International Union ("SEIU")." The question quotes the Utility's legal name,
    which the catalog holds as PG&E: a company, not words a sentence must state."""
    pge = filing("financebench-extra/pdfs/PG_E_2015_10K.pdf")
    written = ask(UNIONS, pge, [6], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("International Brotherhood of Electrical Workers; Engineers and Scientists of "
                                   "California; Service Employees International Union"), written.text


def test_a_colon_followed_by_one_clause_or_lower_case_parts_lists_nothing():
    topic = Topic(words="labor unions", phrases=[], pairs=[("labor", "union")])
    assert dash_items("It has three labor unions: the largest is based in Oakland.", topic) == []
    assert dash_items("It has three labor unions: some employees are covered; others are not.", topic) == []


def test_an_abbreviations_stop_inside_an_item_ends_no_list():
    topic = Topic(words="labor unions", phrases=[], pairs=[("labor", "union")])
    items = dash_items("It has three labor unions: the Electrical Workers (“IBEW”); the Steelworkers, U.S. District 7 "
                       "(“USW”); and the Service Employees International Union (“SEIU”).", topic)
    assert items == ["Electrical Workers", "Steelworkers, U.S. District 7", "Service Employees International Union"]
