"""Checks before answering: a figure whose inputs or result cannot be right is not given.

Evidence is real: chunks of two shared FinanceBench filings as the loader cuts them
(COSTCO_2021_10K, statements in millions with a non-controlling interest; NETFLIX_2015_10K,
statements in thousands, segment and quarterly tables), loaded once for the module. An
absurd input is made the way the pipeline meets one: a non-controlling-interest row, a
continuation chunk whose table states no scale, a segment or quarterly table. Each must
come back `unverified`, naming the check, the figures and their pages.
"""

from __future__ import annotations

import pytest

from answering import checks
from answering.checks import CheckedInput
from answering.writer import write_answer
from finrag.knowledge_graph import GraphStore
from finrag.llm import Usage
from finrag.models import (
    CatalogCompany,
    Chunk,
    DocumentKnowledge,
    LoadedDocument,
    SearchHit,
    StoreCatalog,
)
from finrag.vocabulary import load_vocabulary
from loaders.document import load_document
from loaders.facts import extract_facts
from retrieval.query_understanding import understand
from strategies.services import Services

CATALOG = StoreCatalog(
    companies=[CatalogCompany(name="Costco", fiscal_years=[2021]), CatalogCompany(name="Netflix", fiscal_years=[2015])],
    fiscal_years=[2015, 2021],
)


@pytest.fixture(scope="module")
def costco(financebench_dir) -> LoadedDocument:
    return load_document(financebench_dir / "pdfs" / "COSTCO_2021_10K.pdf")


@pytest.fixture(scope="module")
def netflix(financebench_dir) -> LoadedDocument:
    return load_document(financebench_dir / "pdfs" / "NETFLIX_2015_10K.pdf")


def find(doc: LoadedDocument, *lines: str) -> Chunk:
    """The chunk holding all these lines."""
    return next(c for c in doc.chunks if all(line in c.text for line in lines))


def cut(chunk: Chunk, keep: list[str]) -> Chunk:
    """The chunk with only the lines that start with one of `keep` (its title, its column
    headers, one row): a continuation chunk as a chunker may cut a statement page."""
    lines = [line for line in chunk.text.splitlines() if any(line.startswith(k) for k in keep)]
    return chunk.model_copy(update={"text": "\n".join(lines), "chunk_id": chunk.chunk_id + "-cut"})


def ask(question: str, chunks: list[Chunk], services: Services):
    hits = [SearchHit(chunk=c, score=1.0 - n / 100) for n, c in enumerate(chunks)]
    return write_answer(question, hits, understand(question, CATALOG), services, Usage())


def refused(written, check: str) -> None:
    assert written.status == "unverified", written.text
    assert written.value is None
    assert f"check_failed:{check}" in written.flags and written.reason.startswith(check)
    assert written.text.startswith("Not given:") and " p." in written.text  # the figures found, with pages


# --------------------------------------------------------------------------- consolidated inputs


def test_net_income_is_not_read_from_the_non_controlling_interest_line(costco, services):
    statement = find(costco, "Total revenue 195,929")
    nci_page = find(costco, "Net income attributable to noncontrolling interests (72)")
    nci_only = cut(nci_page, ["CONSOLIDATED STATEMENTS", "52 Weeks", "August 29, 2021", "2021", "2020", "2019",
                              "Net income attributable"])
    written = ask("What is Costco's FY2021 net profit margin?", [statement, nci_only], services)
    refused(written, "consolidated_inputs")
    assert "non-controlling-interest line" in written.text and "(72)" in written.text


def test_the_consolidated_row_of_a_chunk_wins_over_its_non_controlling_interest_row(costco, services):
    nci_page = find(costco, "Net income attributable to noncontrolling interests (72)")
    written = ask("What was Costco's net income in FY2021 (in USD millions)?", [nci_page], services)
    assert written.status == "answered" and written.value == pytest.approx(5007.0)
    assert "NET INCOME ATTRIBUTABLE TO COSTCO" in written.citations[0].quote


def test_segment_quarterly_and_guarantor_tables_are_not_the_consolidated_statements(netflix):
    segment = find(netflix, "The following tables represent segment information for the year ended December 31, 2015")
    quarterly = find(netflix, "Selected Quarterly Financial Data")
    statement = find(netflix, "Provision for income taxes 19,244 82,570")
    question = "What is Netflix's FY2015 effective tax rate?"
    assert "segment" in checks.not_consolidated("Provision for income taxes 19,244", segment.text, question, True)
    assert "quarter" in checks.not_consolidated("Net income 43,178 29,432 26,335 23,696", quarterly.text,
                                                question, annual=True)
    # the consolidated statement is; and a question that asks for the quarter may use it
    assert checks.not_consolidated("Provision for income taxes 19,244 82,570 58,671", statement.text, question,
                                   True) is None
    assert checks.not_consolidated("Net income 43,178 29,432 26,335 23,696", quarterly.text,
                                   "What was Netflix's net income in the fourth quarter of 2015?", True) is None
    assert "guarantor" in checks.not_consolidated("Net sales 1,200 900", "Condensed Consolidating Statements\n"
                                                   "Guarantor Subsidiaries\n2021 2020\nNet sales 1,200 900",
                                                   question, True)


def test_an_adjusted_measure_is_not_answered_from_gaap_lines(netflix, services):
    statement = find(netflix, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Revenues $ 6,779,511")
    written = ask("What is Netflix's FY2015 adjusted operating margin?", [statement], services)
    refused(written, "adjusted_measure")
    assert "“Operating income” (NETFLIX_2015_10K p.40)" in written.text
    unadjusted = ask("What is Netflix's FY2015 unadjusted operating margin?", [statement], services)
    assert unadjusted.status == "answered" and unadjusted.value == pytest.approx(305_826 / 6_779_511 * 100)
    # the adjusted figure named only to set it aside asks the statement's own
    set_aside = ask("What is Netflix's FY2015 operating margin, from the income statement (not the adjusted "
                    "figures management presents)?", [statement], services)
    assert set_aside.status == "answered", set_aside.text
    for adjusted in ("What is Netflix's FY2015 operating margin on a non-GAAP basis?",
                     "What is Netflix's FY2015 adjusted operating margin (the adjusted figure, not the unadjusted one)?"):
        refused(ask(adjusted, [statement], services), "adjusted_measure")


# --------------------------------------------------------------------------- units and scale


def test_a_row_in_thousands_read_as_millions_is_refused(netflix, services):
    income = find(netflix, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Revenues $ 6,779,511")
    rest = find(netflix, "Net income $ 122,641 $ 266,799", "Provision for income taxes 19,244")  # same page
    no_scale_note = income.model_copy(update={"text": income.text.replace("(in thousands, except per share data)\n", "")})
    written = ask("What is Netflix's FY2015 net profit margin?", [no_scale_note, rest], services)
    refused(written, "units_and_scale")
    assert "read in millions but its table is in thousands" in written.text
    assert ask("What is Netflix's FY2015 net profit margin?", [income, rest], services).value == pytest.approx(
        122_641 / 6_779_511 * 100)  # the same rows at the stated scale are answered


def test_a_thousands_table_whose_scale_note_was_never_seen_is_refused_by_size(netflix, services):
    # the scale note printed below the rows (or on a chunk not retrieved): 6,779,511 read as
    # $6.8 trillion of revenue, which no company reports
    income = find(netflix, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Revenues $ 6,779,511")
    no_scale_note = income.model_copy(update={"text": income.text.replace("(in thousands, except per share data)\n", "")})
    written = ask("What was Netflix's FY2015 revenue?", [no_scale_note], services)
    refused(written, "units_and_scale")
    assert "more than any company reports" in written.text
    # amounts in millions of yen or rupiah do run that high: not bounded so
    yen = CheckedInput(metric="revenue", fiscal_year=2023, value=37_154_298.0, doc="X", page=1,
                       quote="Total revenues 37,154,298 31,379,507", context="(Millions of yen)\nTotal revenues "
                       "37,154,298 31,379,507")
    assert checks.check_size([yen], load_vocabulary()) is None
    assert checks.check_size([yen.model_copy(update={"context": yen.quote})], load_vocabulary()) is not None
    # a heading capitalises the currency's name
    capitalised = yen.model_copy(update={"context": "(Millions of Yen)\n" + yen.quote})
    assert checks.check_size([capitalised], load_vocabulary()) is None
    assert checks.check_size([yen.model_copy(update={"context": "(Millions of Korean Won)\n" + yen.quote})],
                             load_vocabulary()) is None
    # "won" the verb names no currency: the bound stands
    verb = yen.model_copy(update={"context": "We won the contract in 2023.\n" + yen.quote})
    assert checks.check_size([verb], load_vocabulary()) is not None


def test_a_percentage_is_not_a_dollar_amount(netflix):
    row = "Revenues $ 6,779,511 $ 5,504,656 $ 4,374,562 23 % 26%"  # MD&A: amounts, then the changes
    context = find(netflix, row).text
    as_revenue = CheckedInput(metric="revenue", fiscal_year=2015, value=23.0, quote=row, doc="NETFLIX_2015_10K",
                              page=17, context=context)
    failure = checks.check_units_and_scale([as_revenue], load_vocabulary())
    assert failure is not None and failure.check == "units_and_scale" and "percentage" in failure.why
    right = as_revenue.model_copy(update={"value": 6_779.511})
    assert checks.check_units_and_scale([right], load_vocabulary()) is None


def test_tables_of_one_filing_in_different_scales_are_refused(netflix, costco):
    thousands = find(netflix, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Revenues $ 6,779,511")
    millions = find(costco, "Total revenue 195,929")
    a = CheckedInput(metric="revenue", fiscal_year=2015, value=6_779.511, quote="Revenues $ 6,779,511 $ 5,504,656 "
                     "$ 4,374,562", doc="X_10K", page=39, context=thousands.text)
    b = CheckedInput(metric="operating_income", fiscal_year=2015, value=6_708.0, quote="Operating income 6,708 5,435 "
                     "4,737", doc="X_10K", page=35, context=millions.text)
    failure = checks.check_units_and_scale([a, b], load_vocabulary())
    assert failure is not None and "one filing's consolidated statements share one scale" in failure.why
    assert checks.check_units_and_scale([a, b.model_copy(update={"doc": "Y_10K"})], load_vocabulary()) is None


# --------------------------------------------------------------------------- cited values


def test_a_figure_not_printed_in_its_cited_row_is_refused(costco):
    row = "NET INCOME ATTRIBUTABLE TO COSTCO $ 5,007 $ 4,002 $ 3,659"
    made_up = CheckedInput(metric="net_income", fiscal_year=2021, value=9_999.0, quote=row, doc="COSTCO_2021_10K",
                           page=35, context=find(costco, row).text)
    failure = checks.check_cited_values([made_up])
    assert failure is not None and failure.check == "cited_values" and "$9,999.0M" in failure.why
    assert checks.check_cited_values([made_up.model_copy(update={"value": 5_007.0})]) is None
    assert checks.check_change(100.0, 120.0, 20.0, "revenue") is None
    assert checks.check_change(100.0, 120.0, 14_742.0, "revenue").check == "cited_values"


# --------------------------------------------------------------------------- plausible values


def test_a_margin_beyond_100_percent_is_refused(netflix, services):
    selected = find(netflix, "Item 6. Selected Financial Data", "Revenues $ 6,779,511")  # in thousands
    statement = find(netflix, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Revenues $ 6,779,511")
    no_scale = cut(statement, ["CONSOLIDATED STATEMENTS", "Year ended", "2015 2014 2013", "Operating income"])
    selected_revenue = cut(selected, ["Consolidated Statements", "Year ended", "2015 2014", "(in thousands", "Revenues"])
    written = ask("What is Netflix's FY2015 operating margin?", [no_scale, selected_revenue], services)
    refused(written, "plausible_value")
    assert "±100%" in written.text and "4511" in written.text.replace(",", "")
    # the extractive writer (a question the metric target does not express) checks its figures too
    written = ask("What was Netflix's FY2015 operating margin compared with FY2014?", [no_scale, selected_revenue],
                  services)
    refused(written, "plausible_value")


def test_capex_above_three_quarters_of_revenue_is_refused(netflix, services):
    selected = find(netflix, "Item 6. Selected Financial Data", "Revenues $ 6,779,511")
    cash = find(netflix, "Purchases of property and equipment (91,248)")
    no_scale = cut(cash, ["CONSOLIDATED STATEMENTS", "Year Ended", "2015 2014 2013", "Purchases of property"])
    selected_revenue = cut(selected, ["Consolidated Statements", "Year ended", "2015 2014", "(in thousands", "Revenues"])
    question = "What is Netflix's FY2015 capital expenditure as a % of revenue?"
    written = ask(question, [no_scale, selected_revenue], services)
    refused(written, "plausible_value")
    assert "capex" in written.text and "75%" in written.text
    right = cut(cash, ["CONSOLIDATED STATEMENTS", "(in thousands)", "Year Ended", "2015 2014 2013", "Purchases of"])
    assert ask(question, [right, selected_revenue], services).value == pytest.approx(91_248 / 6_779_511 * 100, abs=0.05)


def test_a_revenue_change_beyond_500_percent_is_refused(netflix, services, tmp_path):
    """FY2014 revenue from the graph (read at ingest, in thousands), FY2015 from a chunk whose
    table states no scale (read as millions): +123,000% is no year's growth."""
    facts = [f for f in extract_facts(netflix.meta, netflix.pages) if f.metric == "revenue" and f.fiscal_year == 2014]
    assert [f.value for f in facts] == [pytest.approx(5_504.656)]
    statement = find(netflix, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Revenues $ 6,779,511")
    no_scale = cut(statement, ["CONSOLIDATED STATEMENTS", "Year ended", "2015 2014 2013", "Revenues"])
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(DocumentKnowledge(doc=netflix.meta.doc, company="Netflix", facts=facts))
        with_graph = Services(settings=services.settings, store=None, embedder=None, retriever=None,  # type: ignore[arg-type]
                              llm=None, graph=graph, vocabulary=services.vocabulary)
        written = ask("What is the year-over-year change in Netflix's revenue from FY2014 to FY2015? "
                      "Answer in units of percents.", [no_scale], with_graph)
    refused(written, "plausible_value")
    assert "-99% to +500%" in written.text


def test_plausible_ranges_come_from_the_vocabulary_by_metric_or_formula():
    vocab = load_vocabulary()
    assert checks.bounds_for("capex_revenue", "capex / revenue", "percent", vocab)[0] == "Capex to revenue"
    assert checks.bounds_for("days_payable_outstanding", "365 * avg(accounts_payable) / cost_of_revenue", "days",
                             vocab)[1].high == 1000
    assert checks.bounds_for("x", "365 * avg(inventories) / (cost_of_revenue + 1)", "days", vocab)[0] == "days"
    assert "share of revenue" in checks.bounds_for("sga_revenue", "sga / revenue", "percent", vocab)[0]
    assert checks.bounds_for("ebitda", "operating_income + depreciation_amortization", "USD", vocab) is None


# --------------------------------------------------------------------------- the filing's own statement


def test_a_computed_percentage_must_agree_with_the_one_the_filing_states(costco, services):
    page = costco.pages[next(c.page for c in costco.chunks if "Effective tax rate 24.0 % 24.4 % 22.3 %" in c.text)]
    stated_page = Chunk(chunk_id="costco-p", doc=costco.meta.doc, doc_sha256=costco.meta.sha256, index=0,
                        company="Costco", fiscal_year=2021, page=page.number, page_end=page.number, text=page.text)
    hits = [SearchHit(chunk=stated_page, score=1.0)]
    stated = checks.stated_percent("effective_tax_rate", 2021, "Costco", hits, services.vocabulary)
    assert stated is not None and (stated.value, stated.decimals) == (24.0, 1)
    failure = checks.check_stated("Effective tax rate FY2021", 30.0, stated)
    assert failure is not None and failure.check == "stated_value" and "24%" in failure.why
    assert checks.check_stated("Effective tax rate FY2021", 1_601 / 6_680 * 100, stated) is None  # 23.97%

    # CORNING_2022_10K p.26 names another rate in the same sentence: no statement of its own rate
    corning = stated_page.model_copy(update={"company": "Corning", "fiscal_year": 2022, "text": (
        "Provision for Income Taxes\nFor the year ended December 31, 2022, the effective tax rate differed from the "
        "U.S. statutory rate of 21% primarily due to the following:")})
    assert checks.stated_percent("effective_tax_rate", 2022, "Corning", [SearchHit(chunk=corning, score=1.0)],
                                 services.vocabulary) is None

    statement = find(costco, "Total revenue 195,929")
    written = ask("What is Costco's FY2021 effective tax rate?", [statement, stated_page], services)
    assert written.status == "answered" and written.value == pytest.approx(1_601 / 6_680 * 100, abs=0.05)
    pretax_of_2020 = cut(statement, ["CONSOLIDATED STATEMENTS", "(amounts", "52 Weeks", "August", "September", "2021",
                                     "2020", "2019", "Provision for income taxes"])
    # the pre-tax row shifted one column (the wrong column, as seen on unseen filings):
    # FY2020's pre-tax income under FY2021; 1,601 / 5,367 = 29.8%, a plausible rate
    wrong = pretax_of_2020.model_copy(update={"text": pretax_of_2020.text + "\nINCOME BEFORE INCOME TAXES 5,367 "
                                              "4,765 4,765"})
    written = ask("What is Costco's FY2021 effective tax rate?", [wrong, stated_page], services)
    refused(written, "stated_value")


# --------------------------------------------------------------------------- a meaningful base


def test_a_return_on_a_shareholders_deficit_is_not_given(financebench_extra_dir, services):
    # McDonald's equity is negative after years of buybacks: "Total shareholders' equity (deficit)
    # (6,003.4) (4,601.0)". Net income over it computes (-116%) but is no return an analyst reads.
    mcd = load_document(financebench_extra_dir / "pdfs" / "MCDONALDS_2022_10K.pdf")
    income = find(mcd, "Net income $ 6,177.4")
    balance = find(mcd, "Total shareholders’ equity (deficit)")
    question = "What is McDonald's FY2022 return on equity (net income / average total shareholders' equity)?"
    catalog = StoreCatalog(companies=[CatalogCompany(name="McDonald's", fiscal_years=[2022])], fiscal_years=[2022])
    hits = [SearchHit(chunk=c, score=1.0 - n / 100) for n, c in enumerate([income, balance])]
    written = write_answer(question, hits, understand(question, catalog), services, Usage())
    refused(written, "meaningful_base")
    assert "negative (a deficit" in written.text and "not a meaningful measure" in written.text


def test_asked_whether_it_applies_the_deficit_is_the_answer(financebench_extra_dir, services):
    mcd = load_document(financebench_extra_dir / "pdfs" / "MCDONALDS_2022_10K.pdf")
    chunks = [find(mcd, "Net income $ 6,177.4"), find(mcd, "Total shareholders’ equity (deficit)")]
    question = ("What is McDonald's FY2022 return on equity (net income / average total shareholders' equity)? "
                "If return on equity is not a useful metric for McDonald's, state that and explain why.")
    catalog = StoreCatalog(companies=[CatalogCompany(name="McDonald's", fiscal_years=[2022])], fiscal_years=[2022])
    hits = [SearchHit(chunk=c, score=1.0 - n / 100) for n, c in enumerate(chunks)]
    written = write_answer(question, hits, understand(question, catalog), services, Usage())
    assert (written.status, written.kind, written.value) == ("answered", "not_meaningful", None)
    assert written.text.startswith("Shareholders") and "is not a meaningful measure" in written.text
    assert written.citations  # the deficit's row


def test_a_preferred_stock_dividend_is_not_the_common_dividend(financebench_extra_dir):
    # PG&E's 10-K: "... unpaid dividends on the Utility's preferred stock as of January 31, 2022
    # totaling $59.1 million ..." is no dividend to PG&E Corporation's common shareholders.
    pge = load_document(financebench_extra_dir / "pdfs" / "PG_E_2022_10K.pdf")
    chunk = find(pge, "totaling $59.1 million")
    sentence = next(s for s in chunk.text.replace("\n", " ").split(". ") if "totaling $59.1 million" in s)
    question = "What was PG&E Corporation's FY2022 dividend payout ratio on its common stock?"
    what = checks.not_consolidated(sentence, chunk.text, question, annual=True)
    assert what is not None and what.startswith("a preferred-stock figure")
    assert checks.not_consolidated(sentence, chunk.text, "What preferred dividends did PG&E pay in 2022?", True) is None


def test_an_amount_in_a_sentence_that_conditions_it_is_not_reported(financebench_extra_dir):
    # PG&E's 10-K: "... may not pay dividends on shares of its common stock until it recognizes
    # $6.2 billion in Non-GAAP ..." is a condition, not the dividends paid.
    pge = load_document(financebench_extra_dir / "pdfs" / "PG_E_2022_10K.pdf")
    chunk = find(pge, "may not pay dividends")
    sentence = next(s for s in chunk.text.replace("\n", " ").split(". ") if "may not pay dividends" in s)
    dividends = CheckedInput(metric="dividends_paid", fiscal_year=2022, value=6200.0, quote=sentence,
                             doc=pge.meta.doc, page=chunk.page, context=chunk.text, from_table=False)
    failure = checks.check_cited_values([dividends])
    assert failure is not None and failure.check == "cited_values" and "does not report it" in failure.why


def test_a_formula_the_question_defines_but_cannot_be_read_is_never_replaced(costco, services):
    # The question's own debt-to-equity adds short-term debt: the vocabulary's long-term debt /
    # equity would be another quantity. Costco's balance sheet prints no row labelled
    # "short-term debt" (its "current portion of long-term debt" is another line): nothing is
    # answered, and the refusal names the line looked for.
    question = ("What is Costco's debt-to-equity ratio at the end of FY2021? Define it as: (short-term debt + "
                "long-term debt) / total stockholders' equity. Round your answer to two decimal places.")
    balance = find(costco, "Long-term debt, excluding current portion")
    written = ask(question, [balance], services)
    assert (written.status, written.value) == ("not_found", None), written.text
    assert "could not find short-term debt fy2021" in written.text.lower()


def test_the_balance_sheet_side_naming_preferred_stock_is_still_the_consolidated_table(filings_wild_dir):
    # Lyft's 10-K heads the second half of its balance sheet "Liabilities, Redeemable Convertible
    # Preferred Stock and Stockholders' Equity": its "Total current liabilities" row is the
    # consolidated figure, while a table about preferred stock alone stays refused.
    lyft = load_document(filings_wild_dir / "pdfs" / "Lyft_2020_10-K.pdf")
    chunk = find(lyft, "Total current liabilities 2,074,471")
    question = "What is Lyft's FY2020 current ratio?"
    assert checks.not_consolidated("Total current liabilities 2,074,471 2,451,365", chunk.text, question, True) is None
    preferred = "Redeemable Convertible Preferred Stock\nDividends declared 1,000 2,000"
    what = checks.not_consolidated("Dividends declared 1,000 2,000", preferred, "What dividends did Lyft declare?", True)
    assert what is not None and what.startswith("a preferred-stock figure")


def test_cash_from_continuing_operations_is_another_line_than_the_statements_total(financebench_extra_dir):
    # eBay's Q2 2023 release: free cash flow 492 = "Net cash provided by continuing operating
    # activities $ 605" (its reconciliation, p.15) - capex 113 (the cash flow statement, p.9). The
    # statement's "Net cash provided by operating activities 601" includes discontinued operations:
    # another line, not a second statement. A total read as 605 against the statement's 601 is refused.
    ebay = load_document(financebench_extra_dir / "pdfs" / "EBAY_2023Q2_EARNINGS.pdf")
    statement = find(ebay, "Purchases of property and equipment (113)")
    reconciliation = find(ebay, "Free cash flow $ 492")
    vocab = load_vocabulary()
    capex = CheckedInput(metric="capex", fiscal_year=2023, value=113.0, doc=ebay.meta.doc, page=statement.page,
                         quote="Purchases of property and equipment (113) (111) (245) (194)", context=statement.text)
    continuing = CheckedInput(metric="operating_cash_flow", fiscal_year=2023, value=605.0, doc=ebay.meta.doc,
                              page=reconciliation.page, context=reconciliation.text,
                              quote="Net cash provided by continuing operating activities $ 605 $ 577 $ 1,446 $ 1,206")
    assert checks.check_one_statement([continuing, capex], vocab) is None
    total = continuing.model_copy(update={"quote": "Net cash provided by operating activities $ 605 $ 577"})
    failure = checks.check_one_statement([total, capex], vocab)
    assert failure is not None and failure.check == "one_statement" and "$601.0M" in failure.why


def test_a_dash_in_the_years_column_is_a_printed_nil(filings_wild_dir):
    # Zegona's 2022 cash flow statement: "Dividends paid to shareholders 23 – (12,169)" (note 23,
    # nothing in 2022): 0 is the figure printed for 2022; an amount the row does not print stays refused
    zegona = load_document(filings_wild_dir / "pdfs" / "ZegonaCommunications_2022_AnnualReport.pdf")
    chunk = find(zegona, "Dividends paid to shareholders")
    quote = next(line for line in chunk.text.splitlines() if line.startswith("Dividends paid to shareholders"))
    nil = CheckedInput(metric="dividends_paid", fiscal_year=2022, value=0.0, quote=quote, doc=zegona.meta.doc,
                       page=chunk.page, context=chunk.text)
    assert checks.check_cited_values([nil]) is None
    made_up = nil.model_copy(update={"value": 5.0})
    failure = checks.check_cited_values([made_up])
    assert failure is not None and failure.check == "cited_values"


def test_an_amount_with_a_bound_on_it_is_not_reported(filings_wild_dir):
    # Patriot's merger 8-K: "... with combined revenues in excess of $200 million ..." is a floor of
    # two companies' revenues, not Patriot's revenue for the year
    patriot = load_document(filings_wild_dir / "pdfs" / "PatriotTransportation_2023_8-K.pdf")
    chunk = next(c for c in patriot.chunks if "in excess of $200 million" in c.text.replace("\n", " "))
    text = chunk.text.replace("\n", " ")
    sentence = next(s for s in text.split(". ") if "in excess of $200 million" in s)
    revenue = CheckedInput(metric="revenue", fiscal_year=2023, value=200.0, quote=sentence, doc=patriot.meta.doc,
                           page=chunk.page, context=chunk.text, from_table=False)
    failure = checks.check_cited_values([revenue])
    assert failure is not None and failure.check == "cited_values" and "in excess of" in failure.why
    stated = revenue.model_copy(update={"quote": "Revenue for the year was $200 million."})
    assert checks.check_cited_values([stated]) is None


def test_a_twelve_months_column_beside_a_quarter_is_the_fiscal_year(filings_wild_dir):
    # Patriot's Q4 release heads its income statement "THREE MONTHS ENDED TWELVE MONTHS ENDED":
    # net income 2,673 (thousands) is printed under the twelve months, the year's figure; 526,
    # under the three months, stays a quarter's for a fiscal-year question
    patriot = load_document(filings_wild_dir / "pdfs" / "PatriotTransportation_2023_EarningsRelease_Q4.pdf")
    row = "Net income $ 526 470 2,673 7,190"
    chunk = find(patriot, row)
    question = "What was Patriot's net profit margin for fiscal year 2023?"
    assert checks.not_consolidated(row, chunk.text, question, True, 2.673) is None
    what = checks.not_consolidated(row, chunk.text, question, True, 0.526)
    assert what is not None and what.startswith("a quarter's figure")
    assert checks.not_consolidated(row, chunk.text, question, True) is not None


# --------------------------------------------------------------------------- years, signs and periods


def test_a_year_in_a_wrapped_column_header_is_not_an_amount(financebench_extra_dir):
    # Salesforce's 10-Q results table wraps its header: "% of Total / Revenues 2021" puts the
    # year 2021 on a line of its own after the word "Revenues"; read as a row it is revenue of
    # $2,021 million (an operating margin of 22.8% instead of 5.9%)
    crm = load_document(financebench_extra_dir / "pdfs" / "SALESFORCE_2023Q3_10Q.pdf")
    chunk = find(crm, "Revenues 2021", "Total revenues 7,837")
    header = CheckedInput(metric="revenue", fiscal_year=2022, value=2_021.0, quote="Revenues 2021",
                          doc=crm.meta.doc, page=chunk.page, context=chunk.text)
    failure = checks.check_cited_values([header], load_vocabulary())
    assert failure is not None and failure.check == "cited_values" and "a year printed in a column header" in failure.why
    total = header.model_copy(update={"value": 7_837.0, "quote": "Total revenues 7,837 100 6,863 100 22,968 100 19,166 100"})
    assert checks.check_cited_values([total], load_vocabulary()) is None


def test_a_balance_read_from_the_cash_flow_statements_change_is_refused(financebench_extra_dir):
    # Apple's FY2015 cash flow statement prints the change in inventories, "Inventories (238) (76)
    # (973)": read as the FY2014 balance it gives an inventory turnover of 123 instead of 62.8
    apple = load_document(financebench_extra_dir / "pdfs" / "APPLE_2015_10K.pdf")
    row = "Inventories (238) (76) (973)"
    chunk = find(apple, row)
    change = CheckedInput(metric="inventories", fiscal_year=2014, value=-76.0, quote=row, doc=apple.meta.doc,
                          page=chunk.page, context=chunk.text)
    failure = checks.check_cited_values([change], load_vocabulary())
    assert failure is not None and failure.check == "cited_values" and "never negative" in failure.why
    balance_chunk = find(apple, "Inventories 2,349 2,111")
    balance = change.model_copy(update={"value": 2_111.0, "quote": "Inventories 2,349 2,111",
                                        "page": balance_chunk.page, "context": balance_chunk.text})
    assert checks.check_cited_values([balance], load_vocabulary()) is None
    # a shareholders' deficit is a negative balance some companies do report
    deficit = change.model_copy(update={"metric": "equity"})
    assert checks.check_cited_values([deficit], load_vocabulary()) is None


def test_a_quarter_is_not_answered_from_a_table_of_years(filings_wild_dir):
    # NVIDIA's FY2024 10-K prints fiscal years only ("Year Ended"): its gross profit 17,475 is the
    # year's to January 30, 2022, not the three months ended October 30, 2022 its 10-Q reports
    quarter = "What was NVIDIA's gross margin for the three months ended October 30, 2022?"
    annual_10k = load_document(filings_wild_dir / "pdfs" / "NVIDIA_2024_10-K.pdf")
    row = "Gross profit 44,301 15,356 17,475"
    chunk = find(annual_10k, row)
    year = CheckedInput(metric="gross_profit", fiscal_year=2022, value=17_475.0, quote=row,
                        doc=annual_10k.meta.doc, page=chunk.page, context=chunk.text)
    failure = checks.check_period_kind([year], quarter, load_vocabulary())
    assert failure is not None and failure.check == "period_kind" and "Year Ended" in failure.why
    assert checks.check_period_kind([year], "What was NVIDIA's gross margin in fiscal 2022?", load_vocabulary()) is None
    q3 = load_document(filings_wild_dir / "pdfs" / "NVIDIA_2023_10-Q_Q3.pdf")
    q_row = next(line for c in q3.chunks for line in c.text.splitlines() if line.startswith("Gross profit 3,177"))
    q_chunk = find(q3, q_row)
    three_months = year.model_copy(update={"value": 3_177.0, "quote": q_row, "doc": q3.meta.doc,
                                           "page": q_chunk.page, "context": q_chunk.text})
    assert checks.check_period_kind([three_months], quarter, load_vocabulary()) is None


def test_a_quarter_is_not_answered_from_a_sentence_about_a_year(filings_wild_dir):
    # NVIDIA's FY2024 10-K: "Revenue recognized during fiscal year 2024 that was included in
    # deferred revenue ... was $338 million" is a year's part of revenue; as the prior quarter's
    # revenue it made a -94.3% change of a quarter's revenue
    annual_10k = load_document(filings_wild_dir / "pdfs" / "NVIDIA_2024_10-K.pdf")
    chunk = find(annual_10k, "was $338 million")
    sentence = next(s for s in chunk.text.replace("\n", " ").split(". ") if "$338 million" in s)
    prose = CheckedInput(metric="revenue", fiscal_year=2023, value=338.0, quote=sentence, doc=annual_10k.meta.doc,
                         page=chunk.page, context=chunk.text, from_table=False)
    quarter = "What is NVIDIA's year-over-year change in revenue for the three months ended October 30, 2022?"
    failure = checks.check_period_kind([prose], quarter, load_vocabulary())
    assert failure is not None and failure.check == "period_kind" and "fiscal year" in failure.why
    assert checks.check_period_kind([prose], "What was NVIDIA's revenue in fiscal 2024?", load_vocabulary()) is None


def test_depreciation_alone_is_not_d_and_a_beside_an_amortization_row(financebench_extra_dir):
    # Oracle's FY2015 cash flow statement prints "Depreciation 712" and "Amortization of intangible
    # assets 2,149" on rows of their own: D&A is 2,861, and depreciation alone made an EBITDA
    # margin of 38.1% instead of 43.8%
    oracle = load_document(financebench_extra_dir / "pdfs" / "ORACLE_2015_10K.pdf")
    row = next(line for c in oracle.chunks for line in c.text.splitlines() if line.startswith("Depreciation 712"))
    chunk = find(oracle, row, "Amortization of intangible assets 2,149")
    depreciation = CheckedInput(metric="depreciation_amortization", fiscal_year=2015, value=712.0, quote=row,
                                doc=oracle.meta.doc, page=chunk.page, context=chunk.text)
    failure = checks.check_whole_measure([depreciation])
    assert failure is not None and failure.check == "whole_measure" and "Amortization of intangible assets" in failure.why
    # a row that names both parts is the whole measure
    both = depreciation.model_copy(update={"quote": "Depreciation and amortization 2,861 2,908 2,931"})
    assert checks.check_whole_measure([both]) is None
    # without the other part's row, depreciation is all the table gives
    alone = depreciation.model_copy(update={"context": "\n".join(
        line for line in chunk.text.splitlines() if not line.startswith("Amortization"))})
    assert checks.check_whole_measure([alone]) is None
    # a formula that adds the amortization row itself ("operating income plus depreciation plus amortization of
    # intangible assets") reads the whole
    amortization = depreciation.model_copy(update={"metric": "line_amortization_of_intangible_assets", "value": 2_149.0,
                                                    "quote": "Amortization of intangible assets 2,149 2,300 2,430"})
    assert checks.check_whole_measure([depreciation, amortization]) is None


def test_a_ratio_of_an_amount_and_a_per_share_figure_mixes_units(financebench_extra_dir):
    # Oracle's FY2020 10-K: "dividends declared per share / diluted EPS" read as the cash flow
    # statement's dividends paid ($3,070M) over diluted EPS (3.08) gave a payout ratio of 99,675%
    oracle = load_document(financebench_extra_dir / "pdfs" / "ORACLE_2020_10K.pdf")
    paid_row, eps_row = "Payments of dividends to stockholders (3,070) (2,932) (3,140)", "Diluted $ 3.08 $ 2.97 $ 0.85"
    paid_chunk, eps_chunk = find(oracle, paid_row), find(oracle, eps_row)
    paid = CheckedInput(metric="dividends_paid", fiscal_year=2020, value=3_070.0, quote=paid_row, doc=oracle.meta.doc,
                        page=paid_chunk.page, context=paid_chunk.text)
    eps = CheckedInput(metric="eps_diluted", fiscal_year=2020, value=3.08, quote=eps_row, doc=oracle.meta.doc,
                       page=eps_chunk.page, context=eps_chunk.text)
    vocab = load_vocabulary()
    failure = checks.check_unit_mix([paid, eps], "percent", vocab)
    assert failure is not None and failure.check == "units_and_scale" and "mixes units" in failure.why
    # amounts with amounts, per-share figures with per-share figures, are one unit
    net_income = paid.model_copy(update={"metric": "net_income", "value": 10_135.0})
    assert checks.check_unit_mix([paid, net_income], "percent", vocab) is None
    assert checks.check_unit_mix([eps, eps.model_copy(update={"value": 2.97})], "ratio", vocab) is None
    # a per-share amount is no ratio: the check is for unitless results only
    assert checks.check_unit_mix([paid, eps], "USD/share", vocab) is None


def test_an_amount_after_a_verb_of_change_is_the_change_not_the_years_amount(financebench_extra_dir):
    # PG&E's 2020 10-K, MD&A: "operating revenues ... increased $546 million, or 5%, in 2020 compared to
    # 2019" read as both years' revenue gave a growth of 0.0% (the statements say 7.8%)
    pge = load_document(financebench_extra_dir / "pdfs" / "PG_E_2020_10K.pdf")
    words = "operating revenues that impacted earnings increased $546 million, or 5%, in 2020 compared to 2019"
    chunk = find(pge, "increased $546 million, or 5%")
    sentence = next(s for s in chunk.text.replace("\n", " ").split(". ") if "increased $546 million" in s)
    assert words in " ".join(sentence.split())
    change = CheckedInput(metric="revenue", fiscal_year=2020, value=546.0, quote=sentence, doc=pge.meta.doc,
                          page=chunk.page, context=chunk.text, from_table=False)
    failure = checks.check_prose_change([change], load_vocabulary())
    assert failure is not None and failure.check == "cited_values" and "increased $546 million" in failure.why
    # the same sentence is no bar to an amount it does not state as a change
    other = change.model_copy(update={"value": 18_469.0})
    assert checks.check_prose_change([other], load_vocabulary()) is None


def test_a_dividends_row_naming_common_and_preferred_is_the_whole_not_one_class():
    # Nike's cash flow statement: "Dividends — common and preferred (2,012) (1,837) (1,638)" is every
    # class's dividends paid; a row of preferred dividends alone stays another figure.
    question = "What share of Nike's FY2023 cash provided by operations was paid as dividends?"
    both = "Dividends — common and preferred (2,012) (1,837) (1,638)"
    assert checks.not_consolidated(both, both, question, True) is None
    alone = "Dividends on preferred stock (12) (12) (12)"
    what = checks.not_consolidated(alone, alone, question, True)
    assert what is not None and what.startswith("a preferred-stock figure")


def test_a_small_company_s_money_keeps_its_thousands():
    from answering.numbers import format_money

    # Patriot Transportation's working capital of $(307) thousand is not "$-0.3M" (2% off)
    assert [format_money(v) for v in (-0.307, 1.735, 0.0, 1203.44, 274515.0)] == \
        ["-$0.307M", "$1.735M", "$0.0M", "$1,203.4M", "$274.5B"]


def test_a_sentence_explaining_a_change_is_told_by_its_cause_not_by_its_first_words():
    from answering.checks import _A_CAUSE, _EXPLAINED_CHANGE

    # TD SYNNEX FY2022: "The increase in our interest expense ... was primarily due to ..., partially offset by the
    # $47 million of ... financing costs in fiscal year 2021" explains; "Net increase in cash ... was $X" states
    explains = ("The increase in our interest expense and finance charges net, during fiscal year 2022, was primarily "
                "due to an increase in interest expense, partially offset by the $47 million of financing costs.")
    states = "Net increase in cash and cash equivalents was $1,203 million."
    assert _EXPLAINED_CHANGE.match(explains) and _A_CAUSE.search(explains)
    assert _EXPLAINED_CHANGE.match(states) and not _A_CAUSE.search(states)
