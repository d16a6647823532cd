"""Cases a review of stop 61's readings found answered wrongly, each now refused or read right: a net loss of
another figure, a prior fiscal year's month, one part of D&A, digits for a span, a deed in a quarter of the span, a
deed done until a day, a count of one place's things, a counterparty's quoted name."""

from __future__ import annotations

import pytest

from answering.kinds.classify import classify
from answering.kinds.counts import states_count
from answering.kinds.sentences import Sentence, content_words, in_a_straddled_year
from answering.metric_target import read_target
from finrag.models import Chunk
from finrag.vocabulary import load_vocabulary
from tests.answering.kinds.conftest import ask, filing, one_page

VOCAB = load_vocabulary()


@pytest.mark.parametrize("question", [
    "Did Acme Corp report a net loss from discontinued operations in 2024?",
    "Did Acme Corp incur net losses on its foreign currency forward contracts in 2024?",
    "Did Acme Corp report a net loss in any of the years 2022 through 2024?",
    "Has Acme Corp incurred net losses in recent years?",
])  # fmt: skip
def test_a_net_loss_of_another_figure_is_not_the_periods_net_income_below_nil(question):
    assert classify(question, VOCAB, ["Acme Corp"]).test != "negative"


def test_a_net_loss_for_a_period_is_its_net_income_below_nil():
    assert classify("Did Acme Corp report a net loss for the first six months of fiscal 2015?", VOCAB,
                    ["Acme Corp"]).test == "negative"


def _said(text: str) -> Sentence:
    chunk = Chunk(chunk_id="c", doc="ACME", doc_sha256="0" * 64, index=0, company="Acme", fiscal_year=2023, form="10-K",
                  page=0, page_end=0, text=text)
    return Sentence(text=text, chunk=chunk, rank=0, position=0)


def test_only_a_month_inside_the_asked_fiscal_year_is_of_it():
    september = {"ACME": "2023-09-30"}  # fiscal 2023: October 2022 to September 2023
    assert in_a_straddled_year(_said("In November 2022, the Board authorized a program."), [2023], september)
    assert not in_a_straddled_year(_said("In March 2022, the Board authorized a program."), [2023], september)
    assert not in_a_straddled_year(_said("In fiscal 2022, Acme announced a restructuring plan."), [2023], september)


def test_amortization_asked_alone_or_a_value_in_two_columns_is_not_summed(services):
    rows = one_page("Cash flows from operating activities:\nNet income 640 600\nDepreciation 30 28\nAmortization 5 3\n"
                    "Net cash provided by operating activities 700 650")
    amortization = ask("What was Acme Corp's amortization expense in fiscal 2024, in USD millions?", rows, [0], services)
    assert "35" not in amortization.text.split("(")[0], amortization.text


def test_a_span_of_months_in_digits_reads_the_year_to_date_column():
    target = read_target("What was Acme's net income for the first 6 months of fiscal 2015?", VOCAB)
    assert target is not None and target.quarter == 2 and target.year_to_date


def test_a_deed_done_in_a_quarter_of_the_asked_span_is_done_in_the_span(services):
    page = one_page("In the second quarter of 2024, Acme Corp repurchased 1.0 million shares of its common stock.")
    written = ask('Did "Acme Corp" repurchase any shares during the first six months of 2024? If there is no mention, '
                  "return False.", page, [0], services)
    assert written.text.startswith("Yes."), written.text


def test_a_deed_done_until_a_day_in_the_asked_year_was_done_that_year(services):
    page = one_page("Acme Corp operated the Springfield plant through June 2023, when production was transferred to "
                    "its Dayton plant.")
    written = ask('Did "Acme Corp" operate the Springfield plant in 2023? If there is no mention, return False.', page,
                  [0], services)
    assert not written.text.startswith("No."), written.text


@pytest.mark.parametrize(("text", "question"), [
    ("Of the new stores, 12 were opened in Texas and 9 in Florida.", "How many new stores were opened by Acme in 2024?"),
    ("Of our U.S. employees, approximately 1,200 are covered by collective bargaining agreements.",
     "How many employees were covered by collective bargaining agreements?"),
])  # fmt: skip
def test_a_count_of_one_place_or_one_group_of_the_things_is_no_count_of_them(text, question):
    assert not states_count(text, question)


def test_a_counterpartys_quoted_legal_name_stays_a_word_of_the_topic():
    words = content_words('What did "Acme Corp" pay to acquire "Beta Systems Inc." in 2024?', ["Acme Corp"])
    assert "beta" in words and "acme" not in words


def test_an_interim_reports_quarter_end_is_no_fiscal_year_end():
    """A calendar-year company's Q2 10-Q ends June 30, 2023: September 2022 is in fiscal 2022, whatever the quarter's
    end month says; a 10-Q whose quarter ends in the calendar year before its fiscal year (Salesforce's October 31,
    2022 of fiscal 2023) holds its own quarter's months."""
    def interim(doc: str, text: str) -> Sentence:
        chunk = Chunk(chunk_id="c", doc=doc, doc_sha256="0" * 64, index=0, company="Acme", fiscal_year=2023, form="10-Q",
                      page=0, page_end=0, text=text)
        return Sentence(text=text, chunk=chunk, rank=0, position=0)

    ends = {"CALENDAR_Q2": "2023-06-30", "JANUARY_Q3": "2022-10-31"}
    assert not in_a_straddled_year(interim("CALENDAR_Q2", "In September 2022, Acme announced a plan."), [2023], ends)
    assert in_a_straddled_year(interim("JANUARY_Q3", "In August 2022, the Board authorized a program."), [2023], ends)
    assert not in_a_straddled_year(interim("JANUARY_Q3", "In March 2022, the Board authorized a program."), [2023], ends)


@pytest.mark.parametrize("question", [
    "Did Acme Corp report a net loss in 2024 from discontinued operations?",
    "Did Acme Corp's Widget segment report a net loss in 2024?",
    "Did Acme Corp record a net loss in 2024 on the sale of its Widget business?",
])  # fmt: skip
def test_words_after_the_period_make_the_loss_another_figure(question):
    assert classify(question, VOCAB, ["Acme Corp"]).test != "negative"


def test_a_counterpartys_quoted_name_is_kept_when_the_company_is_named_outside_quotes():
    words = content_words('How much did Acme Corp pay to acquire "Beta Systems Inc." in 2024?', ["Acme Corp"])
    assert "beta" in words


def test_a_count_narrowed_by_a_clause_after_it_is_no_count_of_the_things():
    assert not states_count("Of our employees, approximately 1,200 are covered by collective bargaining agreements that "
                            "expire in 2025.", "How many employees were covered by collective bargaining agreements?")


def test_a_licence_to_operate_through_a_year_is_no_stop(services):
    page = one_page("The Springfield plant is licensed to be operated through 2035 by Acme Corp.")
    written = ask("Is Acme Corp still operating the Springfield plant?", page, [0], services)
    assert not written.text.startswith("No."), written.text


def test_depreciation_alone_in_an_ebitda_definition_is_not_summed_with_amortization(services):
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    written = ask("What was Oracle's FY2015 EBITDA? Define EBITDA as operating income plus depreciation expense, both "
                  "from the statements. Answer in USD millions.", oracle, [90, 93], services)
    assert "16,732" not in written.text, written.text


def test_notes_due_a_year_ask_that_tranche_not_the_issue_total():
    from answering.kinds import note_tranches

    assert not note_tranches.asks_total_principal("For the Medium-Term Notes due 2053 that McDonald's issued on August "
                                                  "14, 2023, what was the total principal amount issued?")
