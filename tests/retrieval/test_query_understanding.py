"""Query understanding reads company, years, quarter, form and metrics from varied phrasings.

The catalog below is made up (companies a store could hold); matching must work from the
names in the catalog only.
"""

from __future__ import annotations

import pytest

from finrag.models import CatalogCompany, StoreCatalog
from retrieval.periods import parse_periods
from retrieval.query_understanding import filing_years, understand

CATALOG = StoreCatalog(
    companies=[
        CatalogCompany(name="3M", legal_names=["3M Company"], tickers=["MMM"], fiscal_years=[2020, 2021, 2022]),
        CatalogCompany(name="Best Buy", legal_names=["Best Buy Co., Inc."], tickers=["BBY"], fiscal_years=[2022, 2023, 2024]),
        CatalogCompany(name="Johnson & Johnson", legal_names=["Johnson & Johnson"], tickers=["JNJ"], fiscal_years=[2021, 2022]),
        CatalogCompany(name="Lockheed Martin", legal_names=["Lockheed Martin Corporation"], tickers=["LMT"], fiscal_years=[2019, 2020, 2021, 2022]),
        CatalogCompany(name="PepsiCo", legal_names=["PepsiCo, Inc."], tickers=["PEP"], fiscal_years=[2020, 2021, 2022, 2023]),
        CatalogCompany(name="Zentrix Dynamics", legal_names=["Zentrix Dynamics Holdings plc"], aliases=["Zentrix"], fiscal_years=[2015, 2016, 2017]),
    ],
    fiscal_years=[2015, 2016, 2017, 2019, 2020, 2021, 2022, 2023, 2024],
    forms=["10-K", "10-Q", "8-K", "earnings"],
)


@pytest.mark.parametrize(
    ("question", "company"),
    [
        ("What was 3M's revenue in FY2021?", "3M"),
        ("What is the quick ratio of 3M Company?", "3M"),
        ("MMM capital expenditures 2022", "3M"),
        ("best buy inventories at year end fiscal 2023", "Best Buy"),
        ("BestBuy store count", "Best Buy"),
        ("Best Buy Co., Inc. total assets", "Best Buy"),
        ("What was J&J's free cash flow?", "Johnson & Johnson"),
        ("johnson and johnson net income", "Johnson & Johnson"),
        ("How did Lockheed's backlog change?", "Lockheed Martin"),
        ("LOCKHEED MARTIN CORPORATION net sales", "Lockheed Martin"),
        ("Pepsico geographies", "PepsiCo"),
        ("Has PEPSICO raised guidance?", "PepsiCo"),
        ("Zentrix operating margin in FY2016", "Zentrix Dynamics"),
        ("zentrix dynamics holdings plc revenue", "Zentrix Dynamics"),
    ],
)
def test_company_names_in_many_forms(question, company):
    u = understand(question, CATALOG)
    assert u.companies == [company]
    assert not u.no_filter_match


@pytest.mark.parametrize(
    ("question", "years", "periods"),
    [
        ("What is the FY2018 revenue?", [2018], []),
        ("Operating income in fiscal 2019", [2019], []),
        ("Operating income in fiscal year 2019", [2019], []),
        ("net income in 2022", [2022], []),
        ("What is the FY2015 - FY2017 3 year average net margin?", [2015, 2016, 2017], []),
        ("Compare FY2015–FY2017 gross margin", [2015, 2016, 2017], []),
        ("Did it grow its PPNE between FY20 and FY21?", [2020, 2021], []),
        ("What was FY15 revenue?", [2015], []),
        ("Cash at the year ended December 31, 2021", [2021], []),
        ("Was there any drop in cash between FY 2023 and Q2 of FY2024?", [2023, 2024], ["2024Q2"]),
        ("As of FY2023Q1, why was guidance raised?", [2023], ["2023Q1"]),
        ("As of Q2'2023, is it spinning off a segment?", [2023], ["2023Q2"]),
        ("biggest drop in Q22023 revenue", [2023], ["2023Q2"]),
        ("revenue in the second quarter of 2023", [2023], ["2023Q2"]),
        ("What is the total revenue?", [], []),
    ],
)
def test_years_and_quarters(question, years, periods):
    mentions = parse_periods(question)
    assert mentions.years == years
    assert mentions.periods == periods


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("PepsiCo revenue over the last three years", [2021, 2022, 2023]),
        ("PepsiCo revenue over the past 2 years", [2022, 2023]),
        ("Lockheed Martin backlog in the most recent fiscal year", [2022]),
        ("Zentrix revenue over the last two years", [2016, 2017]),  # relative to THAT company's years
    ],
)
def test_relative_years_resolve_against_the_companys_latest_filings(question, years):
    u = understand(question, CATALOG)
    assert u.fiscal_years == years
    assert u.relative_years


def test_forms_metrics_and_statements():
    u = understand(
        "Based on the cash flow statement in PepsiCo's 10-K, what was FY2021 capex as a share of net sales?",
        CATALOG,
    )
    assert u.forms == ["10-K"]
    assert "capex" in u.metrics
    assert "revenue" in u.metrics
    assert u.statements[0] == "cash_flow"
    assert understand("PepsiCo Q1 2023 earnings release guidance", CATALOG).forms == ["earnings"]
    assert understand("Best Buy 10-Q store count", CATALOG).forms == ["10-Q"]
    assert understand("PepsiCo 8-K credit agreement", CATALOG).forms == ["8-K"]


def test_derived_metric_implies_the_statements_of_its_inputs():
    u = understand("What is Best Buy's FY2023 inventory turnover ratio?", CATALOG)
    assert u.metrics == ["inventory_turnover"]
    assert set(u.statements) == {"income_statement", "balance_sheet"}


@pytest.mark.parametrize(
    ("question", "unknown"),
    [
        ("What was Tesla's revenue in 2022?", "Tesla"),
        ("What is Acme Widgets Inc. total debt?", "Acme Widgets"),
        ("What is the FY2021 operating margin for Globex Corporation?", "Globex"),
        ("How much did Initech spend on R&D in FY2022? Answer for Initech.", "Initech"),
    ],
)
def test_unknown_company_is_reported_and_not_filtered_on(question, unknown):
    u = understand(question, CATALOG)
    assert u.companies == []
    assert unknown in u.unknown_company_mentions
    assert u.no_filter_match


@pytest.mark.parametrize(
    "question",
    [
        "What is the FY2019 fixed asset turnover ratio for PepsiCo? Here's the definition: revenue / avg PP&E.",
        "Using the Balance Sheet, what were Best Buy's total assets in FY2023?",
        "Among operations, investing, and financing activities, which brought in the most cash for 3M in FY2022?",
        "What is the Non-GAAP EPS of PepsiCo for Q1 of FY2023?",
        "What was total revenue in FY2022?",
    ],
)
def test_no_false_unknown_companies(question):
    u = understand(question, CATALOG)
    assert u.unknown_company_mentions == []
    assert not u.no_filter_match


def test_a_goal_s_horizon_is_no_period_reported_on():
    # a target set in a held report runs to a later year: the company's reports are searched, not refused
    u = understand("What long-term financial goals did PepsiCo set for the period through FY2035?", CATALOG)
    assert u.companies == ["PepsiCo"] and u.fiscal_years == [] and u.missing_years == []
    # a year asked of a figure, or a goal's year written as a plain "in", is still a period that must be held
    assert understand("What is PepsiCo's revenue through FY2035?", CATALOG).missing_years == [2035]
    assert understand("What goals did PepsiCo meet in FY2035?", CATALOG).missing_years == [2035]
    # a forward word elsewhere in the question makes no horizon of a year asked of a figure
    assert understand("What was PepsiCo's revenue for FY2035, and what growth was expected in the long run?",
                      CATALOG).missing_years == [2035]


def test_a_deed_of_an_earlier_year_is_searched_in_the_later_reports_history():
    # "Which provider did NICE acquire in 2016?" over its 2022 report: the report's history of the company tells it
    u = understand("Which company did PepsiCo acquire in 2012?", CATALOG)
    assert u.companies == ["PepsiCo"] and u.fiscal_years == [] and not u.no_filter_match
    # a figure of that year is still a period that must be held
    assert understand("What was PepsiCo's revenue in 2012?", CATALOG).missing_years == [2012]


def test_year_not_in_store_is_flagged():
    u = understand("What is PepsiCo's FY2035 revenue?", CATALOG)
    assert u.companies == ["PepsiCo"]
    assert u.missing_years == [2035]
    assert u.no_filter_match
    # Older years are still covered by comparatives in later filings.
    assert not understand("What was PepsiCo's FY2019 revenue?", CATALOG).no_filter_match


@pytest.mark.parametrize(
    ("years", "store_years", "expected"),
    [
        ([2021], [2020, 2021, 2022], ([2021, 2022], 2021)),  # own filing preferred, next allowed
        ([2016, 2017], [2017, 2019], ([2017], 2017)),  # comparative in the later filing
        ([2015, 2016, 2017], [2015, 2016, 2017, 2021], ([2015, 2016, 2017], 2017)),
        ([2019], [2021, 2022], ([2021], 2021)),  # three-year income statement of the FY2021 10-K
        ([2023], [2018, 2021, 2022], ([2022], 2022)),  # outlook in the prior year's filing
        ([2035], [2016, 2017], ([], None)),
    ],
)
def test_filing_years_for_named_years(years, store_years, expected):
    assert filing_years(years, store_years) == expected


@pytest.mark.parametrize(
    ("question", "search_text"),
    [
        (
            "What is Best Buy's FY2023 quick ratio? Round your answer to two decimal places. "
            "Base your judgments on the information provided primarily in the balance sheet.",
            "What is Best Buy's FY2023 quick ratio?",
        ),
        (
            "Using only the information within the balance sheet, how much total assets did "
            "PepsiCo have at the end of FY2021? Answer in USD millions.",
            "how much total assets did PepsiCo have at the end of FY2021?",
        ),
        (
            "You are an investment banker and your only resource to answer the following question is "
            "the cash flow statement. Here's the question: what is 3M's FY2022 capex?",
            "what is 3M's FY2022 capex?",
        ),
        (
            "We need to calculate a financial metric by using information only provided within the "
            "balance sheet. Please answer the following question: what is Zentrix's FY2016 net PP&E?",
            "what is Zentrix's FY2016 net PP&E?",
        ),
        (
            "What is Lockheed Martin's revenue growth from FY2020 to FY2021 (in units of percents and "
            "round to one decimal place)? Give a solution to the question by using the income statement.",
            "What is Lockheed Martin's revenue growth from FY2020 to FY2021?",
        ),
        (
            "Does PepsiCo have an improving gross margin profile as of FY2022? If gross margin is not "
            "a useful metric for a company like this, then state that and explain why.",
            "Does PepsiCo have an improving gross margin profile as of FY2022?",
        ),
    ],
)
def test_answer_format_instructions_are_not_searched_for(question, search_text):
    u = understand(question, CATALOG)
    assert u.search_text == search_text
    # The statements the instructions name still steer the statement boosts.
    assert u.statements


@pytest.mark.parametrize(
    "question",
    [
        # Instruction-like words, but the sentence says WHAT to compute: kept whole.
        "What is PepsiCo's FY2022 EBITDA margin? Calculate EBITDA using operating income and D&A.",
        "Based on FY2022 data, is Best Buy a capital intensive business?",
        "Among operations, investing, and financing activities, which brought in the most cash for 3M in FY2022?",
        "What was total revenue in FY2022?",
        # "return" of a measure, not of a typed answer's value
        "Amazon's operating income fell in FY2022. If the AWS segment had not grown, what would its return on invested "
        "capital have been?",
    ],
)
def test_questions_without_instructions_are_searched_as_written(question):
    assert understand(question, CATALOG).search_text == question


def test_one_company_catalogued_under_two_spellings_matches_both():
    # Cover pages of different years can spell the name differently ("ZENTRIX" / "Zentrix").
    catalog = StoreCatalog(
        companies=[
            CatalogCompany(name="ZENTRIX", fiscal_years=[2018]),
            CatalogCompany(name="Zentrix", fiscal_years=[2019, 2020]),
        ],
        fiscal_years=[2018, 2019, 2020],
    )
    u = understand("What were Zentrix's total current assets at the end of FY2019?", catalog)
    assert set(u.companies) == {"ZENTRIX", "Zentrix"}
    assert not u.no_filter_match


NICKNAMES = StoreCatalog(companies=[
    CatalogCompany(name="American Express", legal_names=["American Express Company"], tickers=["AXP"]),
    CatalogCompany(name="Johnson & Johnson", tickers=["JNJ"]),
    CatalogCompany(name="McDonald's", legal_names=["McDONALD'S CORPORATION"], tickers=["MCD"]),
    CatalogCompany(name="Activision Blizzard"),
])


@pytest.mark.parametrize(
    ("question", "company"),
    [
        ("What was Amex's FY2022 net income?", "American Express"),  # first words clipped
        ("Did JnJ grow sales in FY2022?", "Johnson & Johnson"),  # "n" for "&"
        ("What were McDonalds FY2022 capital expenditures?", "McDonald's"),  # apostrophe dropped
        ("What were McDonald’s FY2022 capital expenditures?", "McDonald's"),
    ],
)
def test_nicknames_people_write_without_a_hand_list(question, company):
    assert understand(question, NICKNAMES).companies == [company]


def test_a_clipped_word_matching_no_company_is_not_one():
    u = understand("What is Adex's revenue in FY2022?", NICKNAMES)
    assert u.companies == [] and u.unknown_company_mentions == ["Adex"]


# --------------------------------------------------------------------------- the asker's hints


@pytest.mark.parametrize("hint", ["PepsiCo", "pepsico", "PEP", "pep", "PepsiCo, Inc."])
def test_a_company_hint_filters_like_a_company_the_question_names(hint):
    u = understand("What was capex in FY2022?", CATALOG, company=hint)
    assert u.companies == ["PepsiCo"]
    assert not u.no_filter_match


def test_a_company_hint_the_store_does_not_hold_is_missing_with_the_nearest_names():
    u = understand("What was capex in FY2022?", CATALOG, company="Lockhead Martin")
    assert u.companies == []
    assert u.missing_companies == ["Lockhead Martin"]
    assert u.nearest_companies[0] == "Lockheed Martin" and len(u.nearest_companies) == 3
    assert u.no_filter_match  # never searched (and answered) as another company


def test_a_company_the_question_names_that_the_store_does_not_hold_gets_the_nearest_names():
    u = understand("What was Pepsi Cola's revenue in FY2022?", CATALOG)
    assert u.missing_companies == ["Pepsi Cola"]
    assert u.nearest_companies[0] == "PepsiCo"


def test_a_period_hint_gives_the_fiscal_years_and_a_period_not_held_is_missing():
    assert understand("What was PepsiCo's revenue?", CATALOG, period="FY2022").fiscal_years == [2022]
    u = understand("What was PepsiCo's revenue?", CATALOG, period="FY2035")
    assert u.missing_years == [2035] and u.no_filter_match


# --------------------------------------------------------------------------- renamed companies

RENAMED = StoreCatalog(
    companies=[
        # One issuer that the catalog keeps as two entries: its old filings under the old name.
        CatalogCompany(name="Block", legal_names=["Block, Inc."], tickers=["SQ"], fiscal_years=[2021, 2022]),
        CatalogCompany(name="Square", legal_names=["Square, Inc."], fiscal_years=[2016, 2017]),
        CatalogCompany(name="PepsiCo", tickers=["PEP"], fiscal_years=[2016, 2022]),
    ],
    fiscal_years=[2016, 2017, 2021, 2022],
)


@pytest.mark.parametrize(
    "question",
    [
        "What was Block (formerly known as Square)'s revenue in FY2016?",
        "What was the FY2016 revenue of Block, formerly Square?",
        "Block (f/k/a Square): FY2016 revenue?",
        "What was Square's (now Block) revenue in FY2016?",
    ],
)
def test_formerly_known_as_resolves_to_both_names_as_one_company(question):
    u = understand(question, RENAMED)
    assert u.companies == ["Block"]  # one company, under its current name
    assert u.renamed == {"Square": "Block"}  # whose former name's filings are searched too
    assert u.fiscal_years == [2016] and not u.no_filter_match  # FY2016 is the former name's filing


def test_two_companies_named_without_a_rename_stay_two():
    u = understand("Compare Block and PepsiCo revenue in FY2022", RENAMED)
    assert u.companies == ["Block", "PepsiCo"] and u.renamed == {}


def test_a_rename_in_the_company_hint_is_read_too():
    u = understand("What was revenue in FY2016?", RENAMED, company="Block (formerly Square)")
    assert u.companies == ["Block"] and u.renamed == {"Square": "Block"}


def test_a_period_hint_with_no_year_is_not_ignored():
    u = understand("What was PepsiCo's revenue?", CATALOG, period="Q2")
    assert u.unread_period == "Q2" and u.no_filter_match  # not answered for the latest year instead


def test_a_one_word_name_the_company_styles_in_lower_case_is_found_as_styled():
    # "eBay" is one common-looking word, so a one-word name must be capitalised to count as a
    # company ("apple of his eye" is no company); the company's own spelling counts too.
    catalog = StoreCatalog(companies=[
        CatalogCompany(name="eBay", legal_names=["eBay Inc."], tickers=["EBAY"], fiscal_years=[2022]),
        CatalogCompany(name="Apple", legal_names=["Apple Inc."], tickers=["AAPL"], fiscal_years=[2022]),
    ], fiscal_years=[2022], forms=["10-K"])  # fmt: skip
    assert understand("What is eBay's debt-to-equity ratio at the end of FY2022?", catalog).companies == ["eBay"]
    assert understand("What is the apple of his eye in 2022?", catalog).companies == []


@pytest.fixture(scope="module")
def bayan_catalog(bayan_annual_report):
    """The catalog a store makes of a real Indonesian annual report ("PT BAYAN RESOURCES Tbk."
    on its running headers)."""
    from finrag.catalog import catalog_from_documents, resolve

    return resolve(catalog_from_documents([bayan_annual_report.meta]))


@pytest.mark.parametrize(
    "question",
    [
        "What targets did Bayan Resources' management set for 2025 for sales volume and capex?",
        "What was PT Bayan Resources' gross profit margin for fiscal year 2024?",
        "Bayan Resources Tbk revenue 2024",
    ],
)
def test_a_name_asked_without_its_legal_form_words_before_or_after_it_is_the_stored_company(bayan_catalog, question):
    # The store names the company "PT Bayan Resources" (legal name "PT BAYAN RESOURCES Tbk."):
    # the Indonesian "PT" before a name is a legal form as much as "Tbk", "Inc." or "plc" after.
    u = understand(question, bayan_catalog)
    assert u.companies == [bayan_catalog.companies[0].name]
    assert not u.missing_companies



@pytest.mark.parametrize("question", [
    'From which companies does "Acme Corp" purchase memory? If data is not available, return \'N/A\'.',
    'Did "Acme Corp" announce a buyback in 2024? If there is no mention, return False.',
])
def test_a_typed_answers_rule_for_a_missing_fact_is_not_searched_for(question):
    # the Enterprise RAG Challenge's tails say how to answer, not what: searched, their words outrank the page
    assert understand(question, CATALOG).search_text == question.split("? ")[0] + "?"
