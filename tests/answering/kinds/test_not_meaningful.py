"""not_meaningful: a metric whose inputs the business does not have is explained from its
income statement's lines, not refused (CrossFirst Bankshares, a bank, FY2022 10-K); a
business that has the inputs gets the question answered as asked (Boeing)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

BANK = "erc-round1/pdfs/e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf"  # CrossFirst Bankshares FY2022 10-K


@pytest.fixture(scope="module")
def bank():
    return filing(BANK)



def test_a_bank_has_no_gross_margin_and_the_answer_says_why(bank, services):
    company = bank[0].company
    written = ask(f"Does {company} have an improving gross margin profile as of FY2022? If gross margin is not a "
                  "useful metric for a company like this, then state that and explain why.", bank,
                  [64, 65, 40], services)
    assert (written.status, written.kind) == ("answered", "not_meaningful"), written.text
    assert written.text.startswith(f"Gross margin is not a meaningful measure for {company}")
    assert "net interest margin" in written.text
    quotes = [c.quote for c in written.citations]
    assert "Total interest income 248,513 193,150 203,448" in quotes
    assert "Net Interest Income 193,534 168,691 160,249" in quotes


def test_a_plain_gross_margin_question_is_explained_too(bank, services):
    written = ask(f"What was the gross profit margin of {bank[0].company} in FY2022?", bank, [64, 65], services)
    assert written.kind == "not_meaningful" and written.value is None


def test_a_partly_read_statement_decides_nothing(bank, services):
    # the page with the interest lines only: the statement's other lines were not read
    written = ask(f"What was the gross profit margin of {bank[0].company} in FY2022?", bank, [], services)
    assert written.kind != "not_meaningful"
    partial = [c for c in bank if c.page == 64 and "Net Interest Income" in c.text]
    from answering.kinds.classify import classify
    from answering.kinds.not_meaningful import write
    from finrag.models import SearchHit
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog

    question = f"What was the gross profit margin of {bank[0].company} in FY2022?"
    understanding = understand(question, catalog(bank), services.vocabulary)
    decision = classify(question, services.vocabulary, companies=[bank[0].company])
    assert write(decision, question, [SearchHit(chunk=c, score=1.0) for c in partial], understanding, services) is None


def test_a_business_with_costs_of_what_it_sells_is_answered_as_asked(boeing, services):
    # Boeing prints "Cost of products" and "Cost of services", no gross profit line
    written = ask("Does Boeing have an improving gross margin profile as of FY2022? If gross margin is not a useful "
                  "metric for a company like this, then state that and explain why.", boeing, [53, 54], services)
    assert written.kind == "yes_no"


def test_the_questions_state_0_rule_needs_the_whole_statement_without_the_line(bank, services):
    question = (f"What is the quantity of restructuring costs directly outlined in {bank[0].company}'s income "
                "statements for FY2022? If restructuring costs are not explicitly outlined then state 0.")
    written = ask(question, bank, [64, 65], services)
    assert (written.status, written.value) == ("answered", 0.0), written.text
    assert "question_default" in written.flags
    assert any("Consolidated Statements of Operations" in c.quote for c in written.citations)
    partial = ask(question, bank, [65], services)  # the statement's first page was not read
    assert partial.status == "not_found"


def test_an_ifrs_statement_of_profit_or_loss_without_revenue_is_read_whole(services):
    # eMetals (an Australian explorer, IFRS): "CONSOLIDATED STATEMENT OF PROFIT OR LOSS AND OTHER
    # COMPREHENSIVE INCOME", no revenue or cost of sales lines, ending on "Net loss for the year";
    # its period heading ("FOR THE YEAR ENDED 30 JUNE 2022") is no line of what it earns
    explorer = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    written = ask("What was eMetals Limited's gross profit margin for the financial year ended 30 June 2022? Gross "
                  "profit margin is defined as: (revenue - cost of sales) / revenue. If the metric is not meaningful "
                  "for the company, state that and explain why.", explorer, [16], services)
    assert (written.status, written.kind, written.value) == ("answered", "not_meaningful", None), written.text
    assert written.text.startswith("Gross margin is not a meaningful measure for")
    quotes = [c.quote for c in written.citations]
    assert "Other income 2 21,343 16,331" in quotes and "Net loss for the year (1,925,704) (909,186)" in quotes
    assert "ENDED" not in written.text


def test_operating_margin_of_a_company_without_revenue_is_explained(services):
    # Zegona FY2022 (after selling its investment): its single statement of comprehensive income prints costs
    # down to "Operating loss (3,331) (34,010)" and no revenue line, so an operating margin has no base
    zegona = filing("filings-wild/pdfs/ZegonaCommunications_2022_AnnualReport.pdf")
    a = ask("What drove the operating margin change as of FY2022 for Zegona? If operating margin is not a useful "
            "metric for a company like this, then please state that and explain why.", zegona, [48], services)
    assert (a.status, a.kind) == ("answered", "not_meaningful"), a.text
    assert "no revenue" in a.text and "Operating loss (3,331)" in a.text


def test_the_filers_own_word_that_a_measure_is_not_its_meaningful_one_is_the_answer(services):
    # Amazon's FY2019 10-K, p.25: "We believe that operating income (loss) is a more meaningful measure than
    # gross profit and gross margin due to the diversity of our product categories and services."
    amazon = filing("financebench/pdfs/AMAZON_2019_10K.pdf")
    written = ask("What is Amazon's FY2019 gross margin? If gross margin is not a useful metric for a company like "
                  "this, then please state that and explain why.", amazon, [24, 39], services)
    assert (written.status, written.kind) == ("answered", "not_meaningful"), written.text
    assert written.text.startswith("Gross margin is not the measure Amazon itself treats as meaningful")
    assert "operating income (loss) as the more meaningful measure" in written.text
    assert any("more meaningful measure than gross profit and gross margin" in c.quote for c in written.citations)


def test_a_filer_that_calls_another_measure_more_meaningful_leaves_the_asked_one_alone(boeing, services):
    written = ask("Does Boeing have an improving operating margin profile as of FY2022? If operating margin is not a "
                  "useful metric for a company like this, then state that and explain why.", boeing, [54, 55], services)
    assert written.kind != "not_meaningful", written.text


def test_a_return_over_a_base_smaller_than_its_numerator_is_not_meaningful_when_asked_to_say_so(services):
    # Boeing's FY2018 10-K: net earnings $10,460M over total shareholders' equity of $339M (shrunk by buybacks)
    boeing_2018 = filing("financebench/pdfs/BOEING_2018_10K.pdf")
    question = ("What is Boeing's FY2018 return on equity (net earnings / total shareholders' equity)? If return on "
                "equity is not a useful or meaningful metric for this company, then please state that and explain why.")
    written = ask(question, boeing_2018, [49, 51], services)
    assert (written.status, written.kind) == ("answered", "not_meaningful"), written.text
    assert written.text.startswith("Return on equity is not a meaningful measure for Boeing: it computes to 3,085.5%")
    # asked without the clause, the figure is the answer
    plain = ask("What is Boeing's FY2018 return on equity (net earnings / total shareholders' equity)?", boeing_2018,
                [49, 51], services)
    assert plain.kind == "metric" and "3,085.5%" in plain.text, plain.text
