"""guidance: what a company said it expects, quoted from its earnings release, for the asked
period, never read from the period's actual figures (answering.kinds.guidance)."""

from __future__ import annotations

import pytest

from answering.kinds.guidance_ask import asks_guidance
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def pepsico():
    return filing("financebench/pdfs/PEPSICO_2023Q1_EARNINGS.pdf")


@pytest.fixture(scope="module")
def intel():
    return filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")


def _all(chunks):
    return sorted({c.page for c in chunks})


def test_a_raised_guidance_change_is_computed_from_the_clause_that_states_both_figures(pepsico, services):
    a = ask("By how many percentage points did PepsiCo raise its full-year 2023 organic revenue growth guidance?",
            pepsico, _all(pepsico), services)
    assert a.status == "answered" and a.value == 2.0 and a.unit == "percentage points"
    assert "guidance" in a.flags
    assert any("(previously 6 percent)" in c.quote for c in a.citations)


def test_why_guidance_was_raised_is_the_guidance_sentence_that_gives_its_reason(pepsico, services):
    a = ask("Why did PepsiCo raise its full-year 2023 guidance?", pepsico, _all(pepsico), services)
    assert a.status == "answered"
    assert "strong start to the year" in a.text


def test_a_quarter_guidance_is_read_from_the_outlook_table_not_from_the_quarter_actuals(intel, services):
    a = ask("What GAAP EPS guidance did Intel give for the first quarter of 2023?", intel, _all(intel), services)
    assert a.status == "answered"
    assert "$(0.80)" in a.text  # the Business Outlook table's Q1 2023 GAAP column
    assert "Q1 2023" in a.text  # with the table's column line


def test_the_results_a_guidance_was_given_with_are_its_occasion_not_its_period(intel, services):
    """"when it reported its fourth-quarter 2022 results" says when Intel spoke; the guidance
    asked is the first quarter of 2023's."""
    a = ask("What GAAP EPS guidance did Intel give for the first quarter of 2023 when it reported its "
            "fourth-quarter 2022 results?", intel, _all(intel), services)
    assert a.status == "answered"
    assert "$(0.80)" in a.text and "Q1 2023" in a.text


def test_guidance_for_a_period_the_release_does_not_name_is_refused(intel, services):
    a = ask("What EPS guidance did Intel give for fiscal 2025?", intel, _all(intel), services)
    assert a.status == "not_found"
    assert "fiscal 2025" in a.text and "actual figures" in a.text


def test_accounting_guidance_is_not_a_company_s_expectations():
    assert asks_guidance("What revenue guidance did Intel give for Q2 2023?")
    assert not asks_guidance("What new accounting guidance did Intel adopt in 2023?")


def test_a_year_s_guidance_is_never_read_from_a_quarter_only_outlook(services):
    """eBay's first-quarter 2023 release guides the second quarter only: asked for the full
    year, it refuses rather than give the quarter's range."""
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q1_EARNINGS.pdf")
    quarter = ask("What revenue guidance did eBay give for the second quarter of 2023?", ebay, _all(ebay), services)
    assert quarter.status == "answered" and "$2.47 - $2.54" in quarter.text and "Q2 2023" in quarter.text
    year = ask("What full-year 2023 non-GAAP EPS guidance did eBay give?", ebay, _all(ebay), services)
    assert year.status == "not_found"


def test_outlook_rows_come_with_the_column_titles_that_say_which_period_each_figure_is_for(services):
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2024Q1_EARNINGS.pdf")
    a = ask("What GAAP EPS guidance did Salesforce give for the second quarter of fiscal 2024?", salesforce,
            _all(salesforce), services)
    assert a.status == "answered"
    assert a.text.startswith('"Q2 FY24 | Guidance | Full Year FY24 | Guidance"')
    assert "$0.79 - $0.80 $2.67 - $2.69" in a.text


def test_a_quarters_and_the_years_guidance_asked_together_each_in_its_own_period(services):
    # Meta's Q1 2023 release: Q2 revenue, full-year expenses, then "We expect capital expenditures
    # to be in the range of $30-33 billion" (no year of its own: the outlook's year goes on)
    from tests.answering.kinds.conftest import ask, filing

    release = filing("filings-wild/pdfs/MetaPlatforms_2023_EarningsRelease_Q1.pdf")
    a = ask("What outlook did Meta give in its first-quarter 2023 earnings release for second-quarter 2023 revenue "
            "and for full-year 2023 total expenses and capital expenditures?", release, [2, 0, 1], services)
    assert a.status == "answered" and "guidance" in a.flags, a.text
    assert "$29.5-32 billion" in a.text and "$86-90 billion" in a.text and "$30-33 billion" in a.text


def test_targets_for_a_coming_year_are_asked_guidance():
    assert asks_guidance("What targets did Acme's management set for 2025 for revenue and EBITDA?")
    assert asks_guidance("What are Acme's 2024 projections for sales volume?")
    assert not asks_guidance("What is Acme's target leverage ratio?")  # no period: a policy
    assert not asks_guidance("What production rate changes is Acme forecasting for FY2023?")


def test_what_a_company_expects_to_spend_in_a_coming_year_is_asked_guidance():
    assert asks_guidance("How much does Acme expect to spend on property, plant and equipment in 2022?")
    assert asks_guidance("How much did Acme plan to invest in capital projects in fiscal 2024?")
    assert not asks_guidance("How much does Acme expect to pay in retiree benefits in 2024?")  # a schedule's row
    assert not asks_guidance("How much did Acme spend on property, plant and equipment in 2022?")  # the actual
    assert not asks_guidance("How much does Acme expect to spend on research?")  # no period named


def test_a_year_s_targets_are_quoted_one_statement_per_listed_item(bayan_annual_report, services):
    """Bayan's 2024 annual report: under "2025 Projections", statements that name no year of their
    own ("The Company targets EBITDA to be in the range of US$1.4 billion to US$1.6 billion.") go
    on in the year of the section; the 2024 targets compared with actuals beside them are not 2025's."""
    chunks = bayan_annual_report.chunks
    a = ask("What targets did Bayan Resources' management set for 2025 for sales volume, average coal selling "
            "price, revenue, EBITDA and capital expenditure?", chunks, [80, 81, 82], services)
    assert a.status == "answered" and "guidance" in a.flags, a.text
    for figure in ("US$58.0/MT to US$60.0/MT", "70.0 to 72.0 million MT", "US$4.1 to US$4.4 billion",
                   "US$1.4 billion to US$1.6 billion", "US$200 million to US$300 million"):
        assert figure in a.text, figure
    assert "US$3.30" not in a.text and "US$230 to US$260" not in a.text  # 2024's targets


def test_targeted_states_guidance_as_a_verb_not_as_an_adjective():
    from answering.kinds.guidance import _STATES

    assert _STATES.search("Total production for 2025 is targeted to be 70-72 million MT.")
    assert _STATES.search("Capital expenditure is anticipated to be US$200-300 million.")
    # an actual result in a market the company targets is no expectation
    assert not _STATES.search("In 2024, revenue from our targeted growth markets increased 12% to $500 million.")


def test_a_second_part_about_the_outlook_is_answered_from_its_footnote(intel, services):
    """The outlook is read by its own part's words; the accounting change asked beside it is the
    outlook table's footnote ("*Effective January 2023, Intel increased the estimated useful life
    ..."), not a reason to refuse the outlook for lacking the words "accounting change"."""
    a = ask("What outlook did Intel give for the first quarter of 2023 when it reported its fourth-quarter 2022 "
            "results, and what accounting change affects the comparison with 2022?", intel, _all(intel), services)
    assert a.status == "answered", a.text
    assert "$(0.80)" in a.text and "Q1 2023" in a.text
    assert "useful life" in a.text and "five years to eight years" in a.text


def test_a_cost_included_in_the_guidance_is_the_footnote_of_its_line(services):
    twilio = filing("filings-wild/pdfs/Twilio_2023_EarningsPresentation_Q4.pdf")
    a = ask("What guidance did Twilio give for the first quarter of 2024 in its Q4 2023 earnings presentation, and "
            "what one-off cost factor is included in its non-GAAP operating income guidance?", twilio, _all(twilio),
            services)
    assert a.status == "answered", a.text
    assert "$1.025 billion to $1.035 billion" in a.text and "organic basis, respectively" in a.text
    assert "$20 million of incremental expenses" in a.text


def test_a_second_part_nothing_beside_the_outlook_states_refuses_the_whole_question(intel, services):
    a = ask("What outlook did Intel give for the first quarter of 2023, and what dividend did its board declare "
            "for the first quarter?", intel, _all(intel), services)
    assert a.status == "not_found", a.text


def test_full_year_guidance_intel_did_not_give_stays_refused(intel, services):
    a = ask("What full-year 2023 revenue guidance did Intel give when it announced its fourth-quarter and "
            "full-year 2022 results?", intel, _all(intel), services)
    assert a.status == "not_found", a.text


def test_a_question_splits_into_its_guidance_part_and_the_parts_that_ask_something_else():
    from answering.kinds.guidance import guidance_parts

    guided, others = guidance_parts("What guidance did Twilio give for the first quarter of 2024, and what one-off "
                                    "cost factor is included in its non-GAAP operating income guidance?")
    assert guided.startswith("What guidance did Twilio give") and "cost factor" not in guided
    assert others == ["what one-off cost factor is included in its non-GAAP operating income guidance?"]
    # two guidance asks are one guidance part: both read from the outlook
    ask = "What revenue guidance did eBay give for Q2 2023, and what is its full-year EPS guidance?"
    assert guidance_parts(ask) == (ask, [])


def test_a_segments_outlook_in_a_10k_is_read_with_its_rate_in_words(services):
    # Corning's FY2019 10-K, MD&A: "Full-year 2020 Optical Communications sales are expected to decrease by
    # five to ten percent on a year-over-year basis." (p.40), and "to decline by 5% to 10%" (p.25)
    corning = filing("financebench/pdfs/CORNING_2019_10K.pdf")
    written = ask("What is Corning's full-year 2020 sales outlook for its Optical Communications segment, as stated "
                  "in its FY2019 10-K?", corning, [24, 39], services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert "five to ten percent" in written.text or "5% to 10%" in written.text


def test_what_a_company_expects_for_a_named_period_is_guidance():
    from answering.kinds.guidance_ask import asks_guidance

    assert asks_guidance("How much in total cash returns to shareholders does PepsiCo expect for fiscal year 2023?")
    assert asks_guidance("What does PepsiCo expect its FY2023 organic revenue growth to be?")
    assert not asks_guidance("Does PepsiCo expect to pay dividends in 2023?")  # a yes/no, read as stated


def test_a_quarter_s_guidance_is_read_from_the_release_before_that_quarter(intel, services):
    """Q1 2023's outlook was given with Q4 2022's results: a search scoped to the asked quarter brings
    back only Q1 2023's own release (its actuals, and Q2's outlook); the filing before it is read first."""
    import dataclasses

    from answering.writer import write_answer
    from finrag.llm import Usage
    from finrag.models import CatalogCompany, CatalogFiling, StoreCatalog
    from retrieval.page_rerank import FilingPages
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import hits

    q1 = filing("financebench-extra/pdfs/INTEL_2023Q1_EARNINGS.pdf")
    both = [*intel, *q1]
    filings = [CatalogFiling(doc=intel[0].doc, form="earnings", fiscal_year=2022, period="2022Q4"),
               CatalogFiling(doc=q1[0].doc, form="earnings", fiscal_year=2023, period="2023Q1")]
    catalog = StoreCatalog(companies=[CatalogCompany(name="Intel", fiscal_years=[2022, 2023], forms=["earnings"],
                                                     docs=[f.doc for f in filings], filings=filings)],
                           fiscal_years=[2022, 2023], forms=["earnings"], documents=2)

    class Store:  # the store's catalog and its reading of a stored filing, over the loaded chunks
        def __init__(self):
            self.catalog = catalog

        def filing(self, doc):
            return FilingPages([c for c in both if c.doc == doc])

    question = "What revenue guidance did Intel give for Q1 2023?"
    understanding = understand(question, catalog, services.vocabulary)
    written = write_answer(question, hits(q1, _all(q1)), understanding,
                           dataclasses.replace(services, retriever=Store()), Usage())
    assert written.status == "answered", written.text
    assert "$10.5-11.5 billion" in written.text and all(c.doc == intel[0].doc for c in written.citations)


def test_a_forecast_asked_by_its_verb_is_guidance_and_an_assumption_used_to_project_is_not():
    assert asks_guidance("What did Acme project for its 2023 revenue?")
    assert asks_guidance("What 2023 revenue is Acme forecasting?")
    assert not asks_guidance("What discount rates did Acme use to project future cash flows in its 2022 impairment test?")
