"""A list answer led by the names its sentence counts after a colon (answering.kinds.counted_items).
PG&E's FY2019 10-K: the Utility's three labor unions."""

from __future__ import annotations

from answering.kinds.counted_items import counted, lead

UNIONS = ("Of the Utility’s regular employees, approximately 15,000 are covered by collective bargaining agreements with "
          "the local chapters of three labor unions: the International Brotherhood of Electrical Workers (IBEW) Local "
          "1245; the Engineers and Scientists of California (ESC) IFPTE 20; and the Service Employees International "
          "Union (SEIU) Local 20.")


def test_as_many_names_as_the_sentence_counts_are_the_items():
    assert counted(UNIONS) == ["International Brotherhood of Electrical Workers (IBEW) Local 1245",
                               "Engineers and Scientists of California (ESC) IFPTE 20",
                               "Service Employees International Union (SEIU) Local 20"]
    assert counted("We have two reportable segments: Americas and International.") == ["Americas", "International"]
    # a count the names do not make up is no list
    assert counted("We have three reportable segments: Americas and International.") is None
    question = "Which labor unions held collective bargaining agreements covering the Utility's employees?"
    assert lead([UNIONS, "Our employees are not unionized."], question) is not None
    # a question that asks some of the things (one picked by a measure), or other things, is led by none
    assert lead([UNIONS], "Which labor unions grew the most?") is None
    assert lead([UNIONS], "Which segments had the highest revenue?") is None
    # a digit is no count of names ("Scope 1 emissions: Direct emissions ...")
    assert counted("We report our Scope 1 emissions: Direct emissions from owned sources.") is None
