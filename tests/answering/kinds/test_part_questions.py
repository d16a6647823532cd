"""A question of two asks is answered ask by ask, the second with what it refers back to written in, or not at
all (answering.kinds.part_questions, answering.writer)."""

from __future__ import annotations

from answering.kinds.every_part import asked_parts
from answering.kinds.part_questions import part_questions
from tests.answering.kinds.conftest import ask, filing


def _split(question: str) -> list[str] | None:
    return part_questions(asked_parts(question))


def test_what_the_second_ask_refers_back_to_is_written_in():
    assert _split("Why did Acme record an acquisition termination cost in fiscal year 2023, and how large was it?") == [
        "Why did Acme record an acquisition termination cost in fiscal year 2023?",
        "How large was the acquisition termination cost?"]
    assert _split("Is Acme's Rocket Labs segment profitable, and how did its performance change in Q1 2023?")[1] == \
        "How did the Rocket Labs segment's performance change in Q1 2023?"
    assert _split("What capital expenditure range did Acme guide to for 2023, and what is driving that spending?")[1] \
        == "What is driving the capital expenditure range?"


def test_the_cause_of_a_move_a_yes_no_asks_about_is_asked_of_that_measure_and_period():
    # a move there always is: the cause is asked whichever way the verdict goes ("If not, ...")
    assert _split("Did Acme's gross margin improve in FY2019? If not, what did management say caused the change?") == [
        "Did Acme's gross margin improve in FY2019?", "What drove the change in Acme's gross margin in FY2019?"]
    assert _split("Did Acme's Domestic segment gross profit rate improve in FY2019? What factors drove the change?")[1] \
        == "What drove the change in Acme's Domestic segment gross profit rate in FY2019?"
    # a cause of something else is no cause of the move
    other = _split("Did Acme's gross margin improve in FY2019? What caused the fire at its plant?")
    assert other is None or not other[1].startswith("What drove the change"), other


def test_a_second_ask_that_names_its_thing_only_by_kind_or_a_condition_is_no_question_of_its_own():
    assert _split("Did Acme generate positive cash flow from operations in 2012? If not, how was the shortfall "
                  "funded?") is None
    assert _split("What change did Acme make to the useful lives of its servers, and what was the effect on Q1 "
                  "results?") is None
    assert _split("Does Acme pay a dividend, and is one likely given its 2022 results?") is None
    assert _split("What happened to Acme's crypto holdings in 2022, and what was their book value?") is None


def test_each_ask_is_answered_as_a_question_of_its_own_or_none_is(services):
    # Salesforce's Q3 FY2023 10-Q, p.17: revenues by geography ("Americas $ 5,361 ... Europe 1,745 ... Asia Pacific
    # 731") and "Americas revenue attributed to the United States was approximately 92 percent and 94 percent during
    # the three months ended October 31, 2022 and 2021, respectively."
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023Q3_10Q.pdf")
    written = ask("Which geographic region generated most of Salesforce's revenue in Q3 fiscal 2023 (quarter ended "
                  "October 31, 2022), and how dependent is the company on the United States?", salesforce, [16],
                  services)
    assert written.status == "answered" and "by_parts" in written.flags, written.text
    first, second = written.text.split("\n\n")[:2]
    assert first.startswith("Which geographic region") and "Americas (5,361" in first
    assert second.startswith("How dependent is the company") and "approximately 92 percent" in second


def test_quotes_that_state_no_figure_answer_no_part_of_a_whole(services):
    # Patriot Transportation's Q1 FY2015 10-Q: the sentence on the distribution ratio (p.12) shares the first ask's
    # words ("separated from FRP Holdings") but says how shares were distributed, not how the company was separated
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2015_10-Q_Q1.pdf")
    written = ask("How was Patriot Transportation Holding separated from FRP Holdings, and what distribution ratio did "
                  "FRP shareholders receive?", patriot, [11, 16, 6], services)
    assert "by_parts" not in written.flags, written.text


def test_a_second_ask_naming_neither_a_pronoun_nor_a_name_is_the_first_ask_s_thing():
    # (asked alone, "the preliminary purchase price allocation" would be read as the company's whole goodwill)
    assert _split("On what terms did Acme acquire Widget Systems in fiscal 2015, and how much of the preliminary "
                  "purchase price allocation was goodwill?") is None
    assert _split("Which region generated most of Acme's revenue in Q3, and how dependent is the company on the "
                  "United States?")[1] == "How dependent is the company on the United States?"


def test_the_thing_referred_to_keeps_its_qualifiers_and_a_named_pick_s_its_is_no_company_s():
    assert _split("Why did Acme record a reach-forward loss on the KC-46A Tanker program in 2022, and how large was "
                  "it?")[1] == "How large was the reach-forward loss on the KC-46A Tanker program?"
    # "its" is the segment the first ask picks, which no description stands for
    assert _split("Which segment generated the most revenue for Acme in 2022, and what was its operating income in "
                  "2022?") is None


def test_a_citation_s_page_is_no_figure_a_quote_states():
    from answering.kinds.part_questions import quoted_answer_holds

    assert not quoted_answer_holds("How much was it?", '"We recorded a loss on the program." (acme_10K p.15)')
    assert quoted_answer_holds("How much was it?", '"We recorded a loss of $402 million." (acme_10K p.15)')
