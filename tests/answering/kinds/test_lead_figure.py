"""A quoted answer to the value of a named measure is led by the amount the quote naming that measure states
(answering.kinds.lead_figure). Salesforce's Q1 FY2024 release."""

from __future__ import annotations

from answering.kinds.lead_figure import lead
from tests.answering.kinds.conftest import ask, filing

RPO = ("Remaining Performance Obligation: Remaining performance obligation ended the first quarter at $46.7 billion, an "
       "increase of 11% Y/Y.")
CRPO = "Current remaining performance obligation ended at $24.1 billion, an increase of 12% Y/Y, and 12% CC."
QUESTION = ("What was the current remaining performance obligation of \"Salesforce, Inc.\" at the end of the first "
            "quarter of fiscal 2024 (ended April 30, 2023), in USD billions?")


def test_the_quote_naming_the_measure_in_all_its_words_gives_the_figure():
    assert lead(QUESTION, [RPO, CRPO]) == (24.1, "USD billion", "$24.1 billion")
    # the measure without "current" is another one: its quote alone leads nothing for this question
    assert lead(QUESTION, [RPO]) is None
    # two quotes naming the measure with different amounts lead nothing
    assert lead(QUESTION, [CRPO, "Current remaining performance obligation ended at $23.0 billion."]) is None
    # a one-word measure is a statement line's, read by the metric path
    assert lead("What was the revenue of Salesforce in Q1?", ["Revenue was $8.25 billion."]) is None


def test_the_release_s_answer_is_led_by_the_figure_and_gives_it_as_its_value(services):
    chunks = filing("financebench-extra/pdfs/SALESFORCE_2024Q1_EARNINGS.pdf")
    written = ask(QUESTION, chunks, [0, 1], services)
    assert written.status == "answered" and written.value == 24.1 and written.unit == "USD billion", written.text
    assert written.text.startswith("$24.1 billion\n\n")


def test_a_figure_cut_short_a_range_or_a_change_leads_nothing():
    from answering.kinds.lead_figure import _figure

    # Twilio's deck writes "$1,076M": the whole number with its letter, never "$1"
    assert _figure("Organic revenue was $1,076M, up 5%", "organic revenue") == (1076.0, "$", "million")
    # one end of a guidance range, a change, an amount set aside: not the measure's value
    assert _figure("Revenue guidance of $8.51 - $8.53 billion", "revenue guidance") is None
    assert _figure("Revenue guidance of $8.51 to $8.53 billion", "revenue guidance") is None
    assert _figure("Operating income increased $512 million to $4.49 billion", "operating income") is None


def test_an_amount_spent_on_a_deed_and_a_count_as_of_a_day_lead_the_quotes():
    # Apple's FY2017 10-K and Lyft's FY2021 10-K
    assert lead('How much did "Apple Inc." spend to repurchase shares of its common stock during fiscal year 2017, in '
                "USD billions?", ["During 2017, the Company spent $33.0 billion to repurchase shares of its common "
                                  "stock and paid dividends and dividend equivalents of $12.8 billion.",
                                  "In May 2017, the Board increased the repurchase authorization from $175 billion to "
                                  "$210 billion."]) == (33.0, "USD billion", "$33 billion")
    assert lead('How many full-time employees did "Lyft, Inc." have as of December 31, 2021?',
                ["The number of our full-time employees increased from 2,708 as of December 31, 2017, to 4,453 as of "
                 "December 31, 2021."]) == (4453.0, "count", "4,453")


def test_a_count_of_other_things_a_respectively_list_or_a_difference_leads_nothing():
    from answering.kinds.lead_figure import _counted, _spent

    # Verizon's FY2022 10-K counts retirees beside employees
    assert _counted("We had approximately 186,700 retirees as of December 31, 2022.", "employees",
                    "December 31, 2022") is None
    assert _counted("We had approximately 117,100 employees as of December 31, 2022.", "employees",
                    "December 31, 2022") == 117100.0
    assert _spent("In 2022 and 2021, we paid $433 million and $986 million to settle RSUs and PSUs, respectively.",
                  "pay", ["settle", "rsus"]) is None
    assert _spent("We spent $3.0 billion more on repurchases of our stock than in 2021.", "spend", ["repurchases"]) is None


def test_a_total_asked_is_stated_without_the_word():
    # Lockheed Martin's 2019 10-K: "our backlog was $144.0 billion compared with $130.5 billion at ..."
    question = "What was the total backlog of \"Lockheed Martin Corporation\" at December 31, 2019, in USD billions?"
    quotes = ["Backlog At December 31, 2019, our backlog was $144.0 billion compared with $130.5 billion at December 31, "
              "2018.", "As of December 31, 2019, our ending backlog was $144.0 billion."]
    assert lead(question, quotes) == (144.0, "USD billion", "$144 billion")
    # a qualified part of it is not the total ("Funded backlog was approximately $95.5 billion")
    assert lead(question, ["Funded backlog was approximately $95.5 billion at year-end 2019."]) is None
