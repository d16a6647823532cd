"""named_paragraph: a question about a thing the filing names is answered by the paragraph naming
it, as far as the paragraph goes on answering every part; a paragraph that leaves a part out is
refused by the writer's gates (Verizon's FY2021 10-K, note on business acquisitions, p.68)."""

from __future__ import annotations

import pytest

from answering.kinds.named_paragraph import FLAG, distinctive_names
from answering.kinds.sentences import content_words
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def verizon() -> list:
    return filing("financebench/pdfs/VERIZON_2021_10K.pdf")


def test_the_names_a_question_gives_are_its_own_not_the_company_s_or_a_period_s():
    assert distinctive_names("From whom did Verizon acquire TracFone Wireless, when did the deal close?",
                             ["Verizon"]) == {"tracfon", "wireless"}
    assert distinctive_names("What was Verizon's revenue in FY2021 (December 31, 2021)?", ["Verizon"]) == set()


def test_the_paragraph_naming_the_deal_answers_whom_when_and_what_was_paid(verizon, services):
    written = ask("From whom did Verizon acquire TracFone Wireless, when did the deal close, and what consideration "
                  "did Verizon pay?", verizon, [67], services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert FLAG in written.flags
    assert "América Móvil" in written.text and "November 23, 2021" in written.text
    assert "57,596,544 shares of Verizon common stock" in written.text  # in the note's next chunk


def test_a_paragraph_that_leaves_an_asked_part_out_is_refused(verizon, services):
    written = ask("From whom did Verizon acquire TracFone Wireless, and what were TracFone's ten largest markets?",
                  verizon, [67], services)
    assert written.status == "not_found", written.text
    # the refusal names the part left out, and shows the paragraph it read
    assert "ten largest markets" in written.text and "América Móvil" in written.text


def test_an_amount_asked_is_stated_beside_its_own_word_or_refused(services):
    # Intel's August 16, 2023 8-K (p.4) names the Tower deal and states a $353 million termination fee Intel
    # "will pay", and no purchase price: the fee is another amount
    intel = filing("financebench-extra/pdfs/INTEL_2023_8K_dated-2023-08-16.pdf")
    written = ask("According to Intel's August 16, 2023 8-K, what was the total purchase price (deal value) Intel had "
                  "agreed to pay to acquire Tower Semiconductor?", intel, [3], services)
    assert written.status == "not_found", written.text


def test_a_companys_legal_form_is_no_name_the_question_gives():
    """"PT ADHI KARYA (Persero) Tbk.": "Tbk" (and "Persero") are the listed company's legal form, not a thing
    the filing names; read as one, a paragraph naming the company in a joint operation's list was quoted as
    the company's headcount. The topic's words leave it out too."""
    question = ('What was the number of employees of "PT ADHI KARYA (Persero) Tbk." at the end of the fiscal year '
                "2009? If data is not available, return 'N/A'.")
    assert distinctive_names(question, ["PT ADHI KARYA (Persero)"]) == set()
    assert "tbk" not in content_words(question, ["PT ADHI KARYA (Persero)"])


def test_the_companys_full_name_is_no_name_and_a_measure_asked_is_stated_beside_its_own_word(services):
    # the store knows the company as "Patriot"; the question writes "Patriot Transportation's"
    question = ("According to Patriot Transportation's November 1, 2023 Form 8-K, what was Patriot's standalone "
                "revenue for fiscal 2023 (year ended September 30, 2023)?")
    assert distinctive_names(question, ["Patriot"]) == set()
    # the 8-K's merger paragraph states a price per share, no revenue of Patriot's: nothing quoted for it
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2023_8-K.pdf")
    page = next(c.page for c in patriot if "$16.26 per share" in c.text)
    written = ask(question, patriot, [page], services)
    assert written.status == "not_found", written.text


def test_only_the_companys_possessive_full_name_is_the_companys():
    assert distinctive_names("What is Pfizer CentreOne?", ["Pfizer"]) == {"centreon"}
    assert distinctive_names("What is the Kraft Heinz Foundation?", ["Kraft Heinz"]) == {"foundat"}
