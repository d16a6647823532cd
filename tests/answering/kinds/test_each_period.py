"""A measure asked at two periods set side by side ("... as of July 1, 2023, and how did it compare with September 24,
2022?") is read exactly for each, as if each were asked alone, and given with the change; a period not read leaves
the whole unanswered. Apple's Q3 FY2023 10-Q (shared financebench-extra): its balance sheet prints both days."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_QUESTION = ("What was Apple's current ratio as of July 1, 2023 (end of Q3 fiscal 2023), and how did it compare with "
             "September 24, 2022? Calculate as total current assets divided by total current liabilities from the "
             "condensed consolidated balance sheet; round to two decimal places.")


def test_a_balance_measure_compared_between_two_days_gives_each_days_value_and_the_change(services):
    tenq = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    written = ask(_QUESTION, tenq, [5, 4, 6], services)
    assert written.status == "answered", written.text
    # 122,659 / 124,963 = 0.98 at July 1, 2023; 135,405 / 153,982 = 0.88 at September 24, 2022
    assert "at 2023-07-01: 0.98" in written.text and "at 2022-09-24: 0.88" in written.text, written.text
    assert "Change: +0.10 from September 24, 2022 to July 1, 2023" in written.text
    assert written.value == 0.98 and "each_period" in written.flags


def test_a_comparison_whose_other_period_is_not_on_the_pages_is_not_answered(services):
    tenq = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    written = ask(_QUESTION.replace("September 24, 2022", "September 25, 2021"), tenq, [5, 4, 6], services)
    assert written.status == "not_found", written.text


def test_a_flow_asked_for_months_ended_a_day_is_labelled_by_its_months(services):
    """"What were its operating revenues for the six months ended March 31, 2019?" is one measure by its plural
    name (not a list); read from a 10-Q's year-to-date column (its facts say "Q2YTD"), it is labelled by the months
    it spans, not as a balance at the day."""
    from answering.kinds.classify import classify
    from answering.metric_answer import _period
    from answering.metric_formula import InputValue
    from answering.metric_target import read_target

    question = "What were Patriot Transportation's operating revenues for the six months ended March 31, 2019?"
    assert classify(question, services.vocabulary, ["Patriot Transportation Holding"]).kind == "metric"
    target = read_target(question, services.vocabulary, ["Patriot Transportation Holding"])
    revenue = InputValue(metric="revenue", fiscal_year=2019, value=55.062, doc="b61c0dc58b", page=3,
                         quote="Operating revenues 27,950 28,209 55,062 55,880", period="Q2YTD")
    assert _period(target, [revenue], services.vocabulary) == "6 months ended 2019-03-31"


def test_an_average_or_a_growth_across_two_days_is_not_each_days_value(services):
    tenq = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    for question in ("What was Apple's average current ratio between September 24, 2022 and July 1, 2023?",
                     "What was the percentage change in Apple's current ratio from September 24, 2022 to July 1, 2023?"):
        written = ask(question, tenq, [5, 4, 6], services)
        assert "each_period" not in written.flags and "Change: " not in written.text, written.text
