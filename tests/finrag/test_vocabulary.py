"""The financial vocabulary: wordings map to metric keys, statements and formulas hold together."""

from __future__ import annotations

import re

import pytest

from finrag.vocabulary import load_vocabulary, parse_vocabulary


@pytest.fixture(scope="module")
def vocab():
    return load_vocabulary()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Purchases of property, plant and equipment", ["capex"]),
        ("Additions to property and equipment", ["capex"]),
        ("capital expenditures", ["capex"]),
        ("Total net revenues", ["revenue"]),
        ("Net sales", ["revenue"]),
        ("Income from operations", ["operating_income"]),
        ("operating profit", ["operating_income"]),
        ("Cost of goods sold", ["cost_of_revenue"]),
        ("COGS", ["cost_of_revenue"]),
        ("Property and equipment, net", ["ppe_net"]),
        ("PP&E", ["ppe_net"]),
        ("depreciation and amortization", ["depreciation_amortization"]),
        ("D&A", ["depreciation_amortization"]),
        ("Diluted earnings per share", ["eps_diluted"]),
        ("Net cash provided by operating activities", ["operating_cash_flow"]),
        ("Merchandise inventories", ["inventories"]),
        ("What is the FY2019 fixed asset turnover ratio?", ["fixed_asset_turnover"]),
        ("capex as a % of revenue", ["capex_to_revenue"]),
        ("unadjusted EBITDA less capex", ["ebitda", "capex"]),
        ("days payable outstanding (DPO)", ["days_payable_outstanding"]),
        ("What was its accounts receivable turnover in FY2022?", ["receivables_turnover"]),
        # a turnover asked in days is the days outstanding, not the number of turns
        ("What was its accounts receivable turnover in days for FY2022?", ["days_sales_outstanding"]),
        ("payables turnover period in days", ["days_payable_outstanding"]),
        ("accounts payable turnover", ["payables_turnover"]),
        ("What was its cash conversion cycle in days?", ["cash_conversion_cycle"]),
        ("net debt at year end", ["net_debt"]),
        # a driver question's premise: "posted an operating loss yet a pre-tax profit"
        ("yet a pre-tax profit", ["pretax_income"]),
        ("a pretax loss", ["pretax_income"]),
    ],
)
def test_line_item_wordings_map_to_metric_keys(vocab, text, expected):
    assert vocab.match_metrics(text) == expected


def test_longest_wording_wins(vocab):
    # "cost of revenue" is not also "revenue"; "total current assets" is not "total assets".
    assert vocab.match_metrics("cost of revenues") == ["cost_of_revenue"]
    assert vocab.match_metrics("Total current assets") == ["current_assets"]
    assert vocab.match_metrics("free cash flow") == ["free_cash_flow"]


def test_statement_names_are_not_metrics(vocab):
    text = "D&A (from the cash flow statement) and the statement of financial position"
    assert vocab.match_metrics(text) == ["depreciation_amortization"]
    assert vocab.match_statements(text) == ["cash_flow", "balance_sheet"]
    assert vocab.match_statements("Using the P&L statement") == ["income_statement"]


def test_statement_of_base_and_derived_metrics(vocab):
    assert vocab.statement_of("capex") == "cash_flow"
    assert vocab.statement_of("inventories") == "balance_sheet"
    assert vocab.statement_of("revenue") == "income_statement"
    assert vocab.statement_of("quick_ratio") is None  # derived: no single statement
    assert set(vocab.statements_for("fixed_asset_turnover")) == {"income_statement", "balance_sheet"}


def test_formulas_use_known_metrics(vocab):
    assert vocab.formula("free_cash_flow") == "operating_cash_flow - capex"
    assert vocab.inputs("quick_ratio") == ["cash", "short_term_investments", "receivables", "current_liabilities"]
    assert vocab.inputs("ebitda") == ["operating_income", "depreciation_amortization"]
    for key, entry in vocab.metrics.items():
        if entry.kind == "derived":
            assert vocab.inputs(key), key
        else:
            assert entry.statement in vocab.statements, key


def test_every_entry_has_a_definition_and_expansions(vocab):
    required = {
        "revenue", "cost_of_revenue", "gross_profit", "operating_income", "net_income", "eps_basic",
        "eps_diluted", "total_assets", "total_liabilities", "equity", "cash", "current_assets",
        "current_liabilities", "inventories", "receivables", "accounts_payable", "ppe_net",
        "long_term_debt", "operating_cash_flow", "capex", "depreciation_amortization",
        "dividends_paid", "shares_weighted", "research_and_development", "sga", "interest_expense",
        "income_tax", "pretax_income", "gross_margin", "operating_margin", "net_margin",
        "revenue_growth", "fixed_asset_turnover", "inventory_turnover", "quick_ratio",
        "current_ratio", "debt_to_equity", "dividend_payout_ratio", "capex_to_revenue",
        "return_on_assets", "days_payable_outstanding", "days_sales_outstanding", "ebitda",
        "free_cash_flow",
    }
    assert required <= set(vocab.metrics)
    for key, entry in vocab.entries.items():
        assert entry.definition.strip(), key
        assert len(entry.definition) < 200, key  # a short, plain sentence
    assert "purchases of property and equipment" in vocab.expansions("capex")
    assert vocab.expansions("no_such_metric") == []


@pytest.mark.parametrize("term", ["EBITDA", "ebitda", "quick ratio", "Quick Ratio", "PP&E", "capex", "working capital", "10-K"])
def test_define_accepts_keys_labels_and_wordings(vocab, term):
    definition = vocab.define(term)
    assert definition and re.search(r"[a-z]", definition)


def test_define_unknown_term_is_none(vocab):
    assert vocab.define("flux capacitor") is None


def test_a_broken_formula_is_rejected():
    bad = """
statements:
  income_statement: {label: Income statement, definition: d}
metrics:
  revenue: {label: Revenue, statement: income_statement, definition: d}
derived:
  margin: {label: Margin, formula: profit / revenue, definition: d}
"""
    with pytest.raises(ValueError, match="profit"):
        parse_vocabulary(bad)


def test_tokenize_is_safe_from_concurrent_threads():
    # Batches answer questions on several threads; a shared Snowball stemmer corrupts its state.
    import threading

    from finrag import sparse
    from finrag.vocabulary import tokenize

    expected = tokenize("Purchases of property, plant and equipment increased")
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for i in range(2000):
                assert tokenize("Purchases of property, plant and equipment increased") == expected
                sparse.tokenize(f"running companies expenditures {i}")
        except BaseException as exc:  # collected and asserted in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_glossary_topics_are_matched_in_the_words_questions_and_filings_use(vocab):
    # answering.kinds requires a quoted sentence to name the topic a question asks about
    assert vocab.match_terms("Has it reported any materially important ongoing legal battles?") == ["legal_proceedings"]
    assert vocab.match_terms("Various lawsuits and litigation are pending") == ["legal_proceedings"]
    assert vocab.match_terms("Is the business subject to cyclicality?") == ["cyclicality"]
    assert vocab.match_terms("What was the gross margin?") == []  # metrics are not glossary terms


def test_a_verbs_ed_form_names_no_noun_of_its_stem():
    vocab = load_vocabulary()
    # "received" shares "receiv" with "receivables", but the nominee who received votes holds none
    assert vocab.match_metrics("which director nominee received the most votes against") == []
    assert vocab.match_metrics("how many votes did that nominee receive") == []  # nor does the verb itself
    assert vocab.match_metrics("its accounts receivable at year end") == ["receivables"]
    # a wording written as a participle still names its entry
    assert "acquisitions" in vocab.match_terms("the businesses it acquired in 2022")


def test_a_wording_set_before_another_noun_or_said_as_an_adjective_names_no_metric():
    vocab = load_vocabulary()
    # "equity interests" are a stake, "be payable" says a fee is paid: no shareholders' equity, no payables
    assert vocab.match_metrics("List the buyers to which it sold its equity interests in Heinz India.") == []
    assert vocab.match_metrics("What termination fees could be payable by each side?") == []
    assert vocab.match_metrics("What was total equity at year end?") == ["equity"]
    assert vocab.match_metrics("What were its payables?") == ["accounts_payable"]


def test_a_singular_metric_after_a_copula_and_an_investment_are_still_metrics():
    vocab = load_vocabulary()
    assert vocab.match_metrics("What was revenue in FY2022?") == ["revenue"]
    assert vocab.match_metrics("What was inventory at the end of FY2022?") == ["inventories"]
    assert vocab.match_metrics("How much was Adobe's R&D investment in FY2022?") == ["research_and_development"]
