"""Readings stop 62 changed, from the misses of the pair held out through stop 61 (tmpl30, erc_blind21), each on the
shared filing it failed on or a one-page fixture: a clause naming the asked place decides over one that names another,
a quarter's ordinal is no topic word, a table cut by footnote marks is read whole (and a share of part of its items is
no answer), a segment's operating loss is read from its segment table, a limit or a weighting asks for figures, and a
month without a year is dated by its filing's period end."""

from __future__ import annotations

import pytest

from answering.kinds.sentences import Sentence, content_words, dates_a_bare_month
from answering.kinds.tables import blocks
from finrag.models import Chunk, SearchHit
from tests.answering.kinds.conftest import ask, filing, one_page

ORACLE = "financebench-extra/pdfs/ORACLE_2017_10K.pdf"
PATRIOT = "filings-wild/pdfs/PatriotTransportation_2023_EarningsRelease_Q4.pdf"
APPLE = "financebench-extra/pdfs/APPLE_2018_10K.pdf"
META = "filings-wild/pdfs/MetaPlatforms_2022_10-K.pdf"
MCDONALDS = "financebench-extra/pdfs/MCDONALDS_8K_dated-2023-02-13.pdf"


def test_the_clause_naming_the_asked_place_decides_over_the_one_naming_another(services):
    answer = ask('Were any of the employees of "Oracle Corporation" in the United States represented by a labor union '
                 "as of May 31, 2017? If there is no mention, return False.", filing(ORACLE), [21], services)
    assert answer.status == "answered" and answer.text.startswith("No."), answer.text


def test_crossed_clauses_that_name_as_much_of_the_ask_stay_undecided(services):
    rows = one_page("Some of our employees are represented by a labor union; however, other employees are not "
                    "represented by a labor union.")
    answer = ask("Were any of Acme Corp's employees represented by a labor union in 2024?", rows, [0], services)
    assert not answer.text.startswith("Yes."), answer.text


def test_a_releases_heading_with_the_quarter_does_not_say_a_call_was_held(services):
    answer = ask('Did "PATRIOT TRANSPORTATION HOLDING, INC." hold an earnings conference call for its fourth quarter '
                 "and fiscal year 2023 results? If there is no mention, return False.", filing(PATRIOT), [0, 1], services)
    assert not answer.text.startswith("Yes."), answer.text


def test_which_quarter_is_no_word_of_what_is_asked(services):
    rows = one_page("ACME CORP ANNOUNCES RESULTS FOR THE FOURTH QUARTER AND FISCAL YEAR 2024. The Company reported net "
                    "income of $5 million for the quarter.")
    answer = ask("Did Acme Corp hold an earnings conference call for its fourth quarter and fiscal year 2024 results?",
                 rows, [0], services)
    assert not answer.text.startswith("Yes."), answer.text


def test_rows_opening_with_footnote_marks_stay_one_table_with_rows_marked_twice():
    rows = one_page("(dollars in millions)\n2018 Change 2017\niPad (1) 18,805 (2)% 19,222\nMac (1) 25,484 (1)% 25,850\n"
                    "Other Products (1)(3) 17,417 35 % 12,863\nTotal net sales $ 61,706 6 % $ 57,935")
    found = blocks([SearchHit(chunk=rows[0], score=0.0)], [])
    assert [[r.label for r in b.rows] for b in found] == [["iPad", "Mac", "Other Products", "Total net sales"]]


def test_shares_of_items_that_do_not_add_up_to_the_printed_total_are_no_answer(services):
    # Apple's FY2018 page prints iPad, Mac, Services and Other Products above the total; iPhone's row is elsewhere
    answer = ask("Are there any product categories that represent more than 20% of Apple's net sales for FY2018?",
                 filing(APPLE), [25], services)
    assert "iPad (23.1%)" not in answer.text and not answer.text.startswith("No."), answer.text


def test_a_segments_loss_from_operations_is_read_from_its_segment_table(services):
    answer = ask('What was the loss from operations of the Reality Labs segment of "Meta Platforms, Inc." in the fiscal '
                 "year 2022 (in USD)? If data is not available, return 'N/A'.", filing(META), [71, 118], services)
    assert answer.status == "answered" and answer.value == -13717, answer.text


def test_a_maximum_and_a_weighting_ask_for_figures_an_introduction_does_not_give(services):
    answer = ask("According to McDonald's 8-K dated February 13, 2023, how are 2023 Target Incentive Plan (TIP) payouts "
                 "for named executive officers weighted across performance metrics, and what is the maximum payout?",
                 filing(MCDONALDS), [1], services)
    assert answer.status != "answered" or "%" in answer.text, answer.text


def _said(text: str, form: str) -> Sentence:
    chunk = Chunk(chunk_id="c", doc="ACME", doc_sha256="0" * 64, index=0, company="Acme", fiscal_year=2023, form=form,
                  page=0, page_end=0, text=text)
    return Sentence(text=text, chunk=chunk, rank=0, position=0)


def test_a_month_without_a_year_is_of_the_year_its_filing_puts_it_in():
    june = {"ACME": "2023-06-30"}
    acquired = "In July, Acme acquired Beta, an authentication provider."
    assert dates_a_bare_month(_said(acquired, "8-K"), "July", 2023, june)  # a release tells what happened since
    assert not dates_a_bare_month(_said(acquired, "8-K"), "July", 2022, june)
    assert not dates_a_bare_month(_said(acquired, "10-K"), "July", 2023, june)  # after a year's end: which year?
    assert not dates_a_bare_month(_said("In March, Acme acquired Beta.", "10-K"), "March", 2023, june)  # either year
    assert dates_a_bare_month(_said("In May, Acme acquired Beta.", "8-K"), "May", 2023, june)  # its own quarter
    december = {"ACME": "2023-12-31"}
    assert dates_a_bare_month(_said("In January, Acme acquired Beta.", "8-K"), "January", 2024, december)
    assert not dates_a_bare_month(_said("In January, Acme acquired Beta.", "8-K"), "January", 2023, december)
    # a word that begins as a month does ("market", "may") is no month
    assert not dates_a_bare_month(_said("Acme may buy shares in the open market.", "8-K"), "May", 2023, june)
    assert not dates_a_bare_month(_said("Acme bought shares in the open market.", "8-K"), "March", 2023, december)
    assert not dates_a_bare_month(_said("In July 2021, Acme acquired Beta.", "8-K"), "July", 2023, june)
    assert not dates_a_bare_month(_said(acquired, "8-K"), "July", 2023, {})


def test_segments_named_before_constitute_our_reportable_segments_are_the_list(services):
    answer = ask("List the reportable segments of \"FedEx Corporation\" for the fiscal year ended May 31, 2023. If data "
                 "is not available, return 'N/A'.", filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf"),
                 [60, 111], services)
    assert answer.text.split("\n")[0] == "FedEx Express; FedEx Ground; FedEx Freight; FedEx Services", answer.text


def test_a_sentence_naming_one_thing_before_constitute_is_no_list(services):
    rows = one_page("REPORTABLE SEGMENTS\nThe Americas constitute our reportable segments for the year.")
    answer = ask("What are the reportable segments of Acme Corp for 2024?", rows, [0], services)
    assert "Americas" not in answer.text.split("\n")[0] or answer.status != "answered", answer.text


def test_the_deeds_other_party_asked_is_read_from_the_sentence_naming_one(services):
    answer = ask("To which company did \"eBay Inc.\" complete the sale of its StubHub business on February 13, 2020? If "
                 "data is not available, return 'N/A'.", filing("financebench-extra/pdfs/EBAY_2020_10K.pdf"),
                 [66, 75, 3], services)
    assert answer.text.startswith("viagogo\n"), answer.text


def test_where_and_over_which_span_the_question_reads_are_no_topic_words():
    words = content_words('Who were the largest competitors named by "ACME, INC." in its annual report for the fiscal year '
                          "ended September 30, 2020?", ["Acme"])
    assert words == ["largest", "competitor", "name"]


def test_competitors_a_sentence_lists_answer_a_question_dated_by_its_report(services):
    answer = ask('Who were the largest competitors named by "PATRIOT TRANSPORTATION HOLDING, INC." in its annual report '
                 "for the fiscal year ended September 30, 2020? If data is not available, return 'N/A'.",
                 filing("filings-wild/pdfs/PatriotTransportation_2020_10-K.pdf"), [3], services)
    assert "Kenan Advantage Group, Eagle Transport, and Penn Tank Lines" in answer.text, answer.text


def test_a_share_of_total_revenues_is_of_the_companys_total_not_a_businesss_own(services):
    # Oracle's MD&A prints the cloud and license business's "Total revenues" ($32,491 million) beside the statement's
    answer = ask("What share of Oracle's FY2018 total revenues came from cloud services and license support? Answer in "
                 "units of percents and round to one decimal place. Use the consolidated statement of operations.",
                 filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf"), [53, 77], services)
    assert answer.value == 65.9, answer.text


def test_a_certification_that_omits_no_material_fact_says_nothing_of_legal_proceedings(services):
    answer = ask("Has PG&E reported any materially important ongoing legal battles in FY2016?",
                 filing("financebench-extra/pdfs/PG_E_2016_10K.pdf"), [252, 254], services)
    assert not answer.text.startswith("No."), answer.text


def test_items_picked_by_a_figure_are_not_every_row_of_a_table_nor_a_sentence_with_other_figures(services):
    rows = one_page("The target 2024 incentive awards for the named executive officers are as shown in the table below.\n"
                    "Name Target award\nJane Roe 200%\nJohn Doe 120%\nMary Major 120%\n"
                    "Payouts will also include human capital metrics (15%) and new store openings (15%).")
    answer = ask("Which named executive officers of Acme Corp had a target 2024 incentive award of 120% of base salary?",
                 rows, [0], services)
    assert "Jane Roe" not in answer.text and "(15%)" not in answer.text, answer.text


def test_a_party_of_another_deal_of_the_same_kind_never_leads_the_answer(services):
    ebay = filing("financebench-extra/pdfs/EBAY_2021_10K.pdf")
    korea = ask('To which company did "eBay Inc." complete the sale of its eBay Korea business in November 2021?', ebay,
                [3], services)
    assert korea.text.startswith("E-mart"), korea.text
    stubhub = ask("To which company did \"eBay Inc.\" complete the sale of its StubHub business on February 13, 2020? If "
                  "data is not available, return 'N/A'.", ebay, [30, 62], services)
    assert "Adevinta" not in stubhub.text.split("\n")[0], stubhub.text


@pytest.mark.parametrize(("text", "question"), [
    ("We paid regular quarterly cash dividends on our common stock in 2023; however, we did not pay dividends in 2024.",
     "Did Acme Corp pay cash dividends on its common stock in 2024?"),
    ("Although none of our customers accounted for 10% of sales, we paid cash dividends of $0.50 per share in 2024.",
     "Did Acme Corp pay cash dividends in 2024?"),
])  # fmt: skip
def test_crossed_clauses_of_other_periods_and_another_clauses_none_decide_no_yes_nor_no(services, text, question):
    answer = ask(question, one_page(text), [0], services)
    assert answer.text.startswith("Yes.") == ("Although" in text), answer.text


@pytest.mark.parametrize("subject", [
    "Retail, Food and Beverage, and Industrial",  # a name with "and" in it
    "Together, North America and International",  # a lead-in
    "Consumer and Professional, as reviewed by the Company's Chief Executive Officer,",  # a title
])  # fmt: skip
def test_names_before_constitute_are_segments_only_when_the_filing_calls_each_one_so(services, subject):
    rows = one_page(f"{subject} constitute our reportable segments.")
    answer = ask("What are the reportable segments of Acme Corp for 2024?", rows, [0], services)
    assert answer.status != "answered" or ";" not in answer.text.split("\n")[0], answer.text


def test_a_party_to_a_deal_of_another_business_or_year_is_not_the_one_asked(services):
    rows = one_page("On June 30, 2024, we completed the sale of our Industrial business for cash proceeds of $500 million.",
                    "In 2021, we sold our Retail business to Beta Holdings LLC for $120 million.")
    answer = ask("To which company did Acme Corp sell its Industrial business in 2024?", rows, [0], services)
    assert "Beta Holdings" not in answer.text.split("\n")[0], answer.text


@pytest.mark.parametrize("text", [
    "None of our employees are subject to collective bargaining agreements or represented by a labor union.",
    "As of December 31, 2024, none of our employees in the United States were represented by a labor union; however, "
    "in certain foreign subsidiaries, labor unions or workers' councils represent some of our employees.",
])  # fmt: skip
def test_none_of_a_subject_with_its_own_and_or_or_or_an_as_of_day_still_denies(services, text):
    answer = ask("Were any of the employees of Acme Corp in the United States represented by a labor union in 2024?",
                 one_page(text), [0], services)
    assert answer.text.startswith("No."), answer.text


def test_a_sentence_stating_its_figure_before_pointing_to_a_table_still_states_it(services):
    rows = one_page("The settlement agreement proposes an additional increase to authorized revenues of $361 million in "
                    "2019, as shown in the table below.")
    answer = ask("Did the settlement agreement of Acme Corp propose an additional increase to authorized revenues in "
                 "2019?", rows, [0], services)
    assert answer.text.startswith("Yes."), answer.text


def test_a_quarters_own_months_before_the_year_turned_are_of_the_year_before():
    january = {"ACME": "2023-01-31"}
    november = _said("In November, Acme acquired Beta Systems Inc.", "8-K")
    assert dates_a_bare_month(november, "November", 2022, january)
    assert not dates_a_bare_month(november, "November", 2023, january)
