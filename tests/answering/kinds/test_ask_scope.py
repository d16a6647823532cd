"""A fact question's source and date clauses name the filing, not the fact: a sentence that
states the fact is found without them (answering.kinds.ask_scope, answering.kinds.passage)."""

from __future__ import annotations

from answering.kinds.ask_scope import ask_parts, asked_months, topic_ask
from tests.answering.kinds.conftest import ask, filing


def test_source_document_and_date_clauses_are_left_out_of_the_topic():
    assert topic_ask("According to Apple's 10-Q for the third quarter of fiscal 2023 (quarter ended July 1, 2023), "
                     "what is the status of the lawsuit?") == "what is the status of the lawsuit?"
    assert topic_ask("What cost savings does FedEx expect, according to the stockholder letter in its FY2023 "
                     "annual report?") == "What cost savings does FedEx expect?"
    assert topic_ask("What company did eBay acquire in July 2023, according to its second-quarter 2023 earnings "
                     "release, and what does it do?") == "What company did eBay acquire, and what does it do?"
    assert topic_ask("How did PG&E change its 2023 earnings guidance with its second-quarter 2023 results?"
                     ) == "How did PG&E change its 2023 earnings guidance?"
    assert topic_ask("What guidance did Twilio give for the first quarter of 2024 in its Q4 2023 earnings "
                     "presentation?") == "What guidance did Twilio give for the first quarter of 2024?"
    # the day a form was filed and the verb pointing at the report name the source too
    assert topic_ask("According to eBay's Form 8-K dated February 7, 2023, how many employees was eBay letting go?"
                     ) == "how many employees was eBay letting go?"
    assert topic_ask("What equity fundraisings did Ethernity Networks complete after the end of FY2022, as disclosed "
                     "in its FY2022 annual report?") == "What equity fundraisings did Ethernity Networks complete after the end of FY2022?"
    assert topic_ask("What were the terms of the disposal disclosed in its FY2022 annual report?"
                     ) == "What were the terms of the disposal?"
    assert asked_months("What did X acquire in July 2023?") == ["jul"]


def test_a_two_part_question_is_split_at_its_second_question_word():
    assert ask_parts("What plan did X announce, and how much did it cost?") == [
        "What plan did X announce?", "how much did it cost?"]
    assert ask_parts("What were revenue and net income?") == ["What were revenue and net income?"]


def test_a_fact_is_found_when_the_question_names_its_source_at_length(boeing, services):
    question = ("According to the risk discussion in Boeing's annual report on Form 10-K for fiscal 2022 "
                "(year ended December 31, 2022), what cybersecurity incident did Boeing discover?")
    a = ask(question, boeing, [15, 16, 14], services)
    assert a.status == "answered" and a.kind == "passage"
    assert "Jeppesen" in a.text


def test_a_two_part_question_is_refused_unless_each_part_has_its_sentence(boeing, services):
    """The second part asks something no retrieved sentence states: nothing is answered
    (half an answer reads as the whole one)."""
    question = ("According to Boeing's annual report on Form 10-K for fiscal 2022, what cybersecurity incident "
                "did Boeing discover, and how many customer records were exposed in the breach?")
    a = ask(question, boeing, [15, 16, 14], services)
    assert a.status == "not_found"


def test_a_stating_sentence_carried_on_by_the_next_one_brings_it_along(boeing, services):
    """ "In addition, ..." right after the stating sentence is the same statement's second half."""
    from answering.kinds.passage import _continued
    from answering.kinds.sentences import sentences
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog, hits

    found = sentences(hits(boeing, [17, 16]), ["Boeing"])
    debt = [s for s in found if s.text.startswith("As of December 31, 2022, our debt totaled $57.0 billion")]
    understanding = understand("Boeing debt due FY2022", catalog(boeing), services.vocabulary)
    carried = _continued(debt, hits(boeing, [17, 16]), understanding)
    assert [s.text for s in carried] == ["In addition, as of December 31, 2022, our airplane financing commitments "
                                         "totaled $16.1 billion."]


def test_a_part_asking_where_or_when_makes_a_fact_question_not_a_metric():
    from answering.kinds.classify import classify
    from finrag.vocabulary import load_vocabulary

    decision = classify("What liability did Acme record for claims from the plant explosion, and when did the "
                        "explosion occur?", load_vocabulary(), companies=["Acme"])
    assert decision.kind == "passage"  # not Acme's total liabilities
    assert classify("What liability did Acme record at the end of FY2022?", load_vocabulary(), ["Acme"]).kind == "metric"


def test_each_part_needs_a_sentence_about_the_named_thing_with_its_amount(services):
    """PG&E's 10-Q for Q3 2022 records liabilities for four named fires: the first part asks
    the one for the Mosquito fire (an amount). A sentence about the Dixie fire's insurance,
    or one about the Mosquito fire without an amount, answers another question. The note on the
    Mosquito fire (p.90) states it in the sentence after the one that names the fire ("...
    recorded a liability in the aggregate amount of $100 million ...")."""
    pge = filing("financebench-extra/pdfs/PG_E_2023Q3_10Q.pdf")
    question = ("In PG&E's 10-Q for the quarter ended September 30, 2022, what liability had PG&E recorded for "
                "claims from the 2022 Mosquito fire, and where did that fire start?")
    a = ask(question, pge, [6, 89, 90], services)
    assert a.kind == "passage" and a.status == "answered", a.text
    assert "recorded a liability in the aggregate amount of $100 million" in a.text
    assert "Dixie" not in a.text
    # the Dixie fire's insurance page alone (p.7) states no Mosquito liability: refused
    assert ask(question, pge, [6], services).status == "not_found"
    # p.12's sentence states each fire's liability ("$100 million ... the 2022 Mosquito fire, respectively");
    # where the fire started is where the filing defines its term, not the investigation's sentence
    both = ask(question, pge, [6, 11, 89, 90], services)
    assert both.status == "answered" and "$100 million for claims" in both.text, both.text
    assert "ignited near OxBow Reservoir in Placer County" in both.text


def test_a_part_asking_how_much_needs_a_sentence_with_the_amount(services):
    """Salesforce's 10-K announces its January 2023 restructuring plan in the notes (p.85) and
    states its cost in the MD&A (p.48) and, a few sentences on, in the note itself ("The Company incurred
    approximately $828 million in charges in connection with the Plan"): the announcement alone answers
    half the question, so the note's amount is quoted with it."""
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf")
    question = "What restructuring plan did Salesforce announce in January 2023, and how much did it cost?"
    alone = ask(question, salesforce, [84], services)
    assert alone.status == "not_found" or "$828 million" in alone.text, alone.text
    both = ask(question, salesforce, [84, 47], services)
    assert both.status == "answered" and "$828 million" in both.text and "announced a restructuring plan" in both.text


def test_follow_on_questions_listed_with_commas_are_parts_and_a_lead_in_clause_is_none():
    from answering.kinds.ask_scope import ask_parts

    assert ask_parts("What company did X acquire in 2021, when did the deal close, how was it paid for, and what "
                     "was the consideration?") == ["What company did X acquire in 2021?", "when did the deal close?",
                                                   "how was it paid for?", "what was the consideration?"]
    # a clause that sets the scene opens the question; it asks nothing of its own
    assert ask_parts("At the AGM held on May 3, what was the outcome of the vote on the proposal?") == [
        "At the AGM held on May 3, what was the outcome of the vote on the proposal?"]
    # the statement before a question is its premise; the question after it still asks its parts
    assert ask_parts("X's costs rose sharply in 2023. By how much, and what mainly explains the increase?") == [
        "X's costs rose sharply in 2023. By how much?", "what mainly explains the increase?"]
