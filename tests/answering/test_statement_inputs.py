"""A metric's inputs are the statement's own lines, in the definition the question asks.

Real filings, loaded once per module without embedding: VERIZON_2022_10K (its balance sheet
prints "Debt maturing within one year $ 9,963 $ 7,443"; the note on its asset-backed debt
entities prints a row with the same label, 6,809 / 5,024, a part of it) and INTEL_2020_10K
(its statements' header lines carry the scale note: "Years Ended (In Millions, Except Per
Share Amounts) Dec 26, 2020 ..."; a note says "Additional capital purchases of approximately
$1.8 billion ... will be classified as assets held for sale") and PG_E_2022_10K (a combined 10-K:
PG&E Corporation's income statement prints "Interest expense (1,917)", its utility's "(1,658)").
The retriever is a stand-in
that does what the store's hard filters do (company, page tags) over the filing's own chunks.
"""

from __future__ import annotations

import pytest

from answering import checks, numbers
from answering.kinds import yes_no
from answering.metric_answer import Evidence
from answering.metric_formula import Missing
from answering.writer import write_answer
from answering.written_answer import WrittenAnswer
from finrag.config import load_settings
from finrag.llm import Usage
from finrag.models import (
    CatalogCompany,
    Chunk,
    Citation,
    LoadedDocument,
    SearchFilters,
    SearchHit,
    StoreCatalog,
)
from finrag.vocabulary import load_vocabulary
from loaders.document import load_document
from retrieval.page_rerank import FilingPages
from retrieval.query_understanding import understand
from strategies.services import Services

CATALOG = StoreCatalog(companies=[CatalogCompany(name="Verizon", fiscal_years=[2022]),
                                  CatalogCompany(name="Intel", fiscal_years=[2020]),
                                  CatalogCompany(name="PG&E", fiscal_years=[2022]),
                                  CatalogCompany(name="Oracle", fiscal_years=[2022])], fiscal_years=[2020, 2022])


class FilteredChunks:
    """The store's hard filters (company, page tags) over one filing's chunks, in reading order."""

    def __init__(self, doc: LoadedDocument):
        self.doc = doc

    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None,
               mode: str | None = None) -> list[SearchHit]:
        f = filters or SearchFilters()
        chunks = [c for c in self.doc.chunks if (not f.companies or c.company in f.companies)
                  and (not f.tags or set(f.tags) & set(c.tags))]
        words = set(query.lower().split())  # ranked by the query's words, as the sparse search would
        chunks.sort(key=lambda c: -sum(w in c.text.lower() for w in words))
        return [SearchHit(chunk=c, score=1.0) for c in chunks[: k or 8]]

    def filing(self, doc: str) -> FilingPages:
        return FilingPages(self.doc.chunks)


@pytest.fixture(scope="module")
def verizon(financebench_dir) -> LoadedDocument:
    return load_document(financebench_dir / "pdfs" / "VERIZON_2022_10K.pdf")


@pytest.fixture(scope="module")
def intel(financebench_extra_dir) -> LoadedDocument:
    return load_document(financebench_extra_dir / "pdfs" / "INTEL_2020_10K.pdf")


def services(doc: LoadedDocument | None = None) -> Services:
    return Services(settings=load_settings(), store=None, embedder=None,  # type: ignore[arg-type]
                    retriever=FilteredChunks(doc) if doc else None, llm=None, graph=None,  # type: ignore[arg-type]
                    vocabulary=load_vocabulary())


def find(doc: LoadedDocument, *lines: str, tag: str | None = None) -> Chunk:
    return next(c for c in doc.chunks if all(line in c.text for line in lines) and (tag is None or tag in c.tags))


def ask(question: str, chunks: list[Chunk], with_services: Services) -> WrittenAnswer:
    hits = [SearchHit(chunk=c, score=1.0 - n / 100) for n, c in enumerate(chunks)]
    return write_answer(question, hits, understand(question, CATALOG), with_services, Usage())


def test_total_debt_adds_the_debt_due_within_a_year_read_from_the_balance_sheet_page(verizon):
    # the retrieved passages hold the asset-backed entities' note (its "Debt maturing within one
    # year 6,809") and the balance sheet's second chunk, which has no column years of its own
    note = find(verizon, "Debt maturing within one year 6,809 5,024")
    long_term = find(verizon, "Long-term debt 140,676 143,425", tag="balance_sheet")
    written = ask("What was Verizon's total debt at the end of FY2022?", [note, long_term], services(verizon))
    assert written.status == "answered", written.text
    assert written.value == pytest.approx(150_639.0)  # 140,676 + 9,963, the balance sheet's lines
    assert "Debt maturing within one year $ 9,963 $ 7,443" in [c.quote for c in written.citations]


def test_a_question_about_debt_is_not_answered_with_long_term_debt_alone(verizon):
    # without the balance sheet's page an input of total debt is missing: named, never replaced
    # by the long-term debt line alone
    long_term = find(verizon, "Long-term debt 140,676 143,425", tag="balance_sheet")
    written = ask("Has Verizon increased its debt on balance sheet between FY2021 and FY2022?", [long_term],
                  services())
    assert written.status == "not_found", written.text
    assert "an input of Total debt (Long-term debt + Short-term debt)" in written.text


def test_a_scale_note_in_a_header_line_leaves_its_column_years():
    assert numbers.header_years("Years Ended (In Millions, Except Per Share Amounts) Dec 26, 2020 Dec 28, 2019 "
                                "Dec 29, 2018") == [2020, 2019, 2018]
    assert numbers.header_years("(In Millions, Except Par Value) Dec 26, 2020 Dec 28, 2019") == [2020, 2019]
    assert numbers.header_years("Revenue (in millions) 2020 2019") == []  # a row's label is no header


def test_total_assets_a_fiftieth_of_revenue_is_not_given(intel):
    # the only "assets" amount in the passages is a sentence's $1.8 billion of capital purchases that
    # "will be classified as assets held for sale": the amount is the purchases', stated before the
    # word, so no total assets is read (2.3% of revenue, were it read)
    sentence = find(intel, "Additional capital purchases of approximately")
    income = find(intel, "Net revenue $ 77,867", tag="income_statement")
    written = ask("What is Intel's FY2020 total assets as a % of revenue?", [sentence, income], services())
    assert written.status == "not_found", written.text
    assert "could not find Total assets FY2020" in written.text


def test_an_amount_stated_of_another_figure_is_not_read_from_a_clause_naming_the_metric():
    """"Cash ... increased $27 million ... primarily due to cash provided by operations": the $27
    million is the cash balance's change; operating cash flow is only named among its causes
    (Netflix FY2022 10-K MD&A). "$2.0 billion of cash provided by operations" states the metric's."""
    from answering.aspects import amount_stated_of

    wordings = ["cash provided by operations"]
    assert not amount_stated_of("Cash, cash equivalents, restricted cash and short-term investments increased $27 million in "
                          "the year ended December 31, 2022 primarily due to cash provided by operations.", "$27 million",
                          wordings)
    assert amount_stated_of("We generated $2.0 billion of cash provided by operations in 2022.", "$2.0 billion", wordings)
    assert amount_stated_of("Cash provided by operations was $2.0 billion in 2022.", "$2.0 billion", wordings)
    label, plausible = checks.bounds_for("total_assets_to_revenue", "total_assets / revenue", "ratio",
                                         load_vocabulary())
    failure = checks.check_plausible(label, 1_800 / 77_867, plausible, True, "2.3%")
    assert failure is not None and failure.check == "plausible_value"
    assert checks.check_plausible(label, 153_091 / 77_867, plausible, True, "196.6%") is None


def test_capital_intensity_reads_total_assets_from_the_balance_sheet(intel):
    sentence = find(intel, "Additional capital purchases of approximately")
    income = find(intel, "Net revenue $ 77,867", tag="income_statement")
    cash = find(intel, "Additions to property, plant and equipment", tag="cash_flow")
    written = ask("Is Intel a capital-intensive business based on its FY2020 financial statements?",
                  [sentence, income, cash], services(intel))
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert "1.97x revenue" in written.text and "$153,091.0M" in written.text  # Total assets $ 153,091
    assert "18.3% of revenue" in written.text


def test_a_judgement_drops_a_side_figure_read_from_a_sentence(intel):
    sentence = find(intel, "Additional capital purchases of approximately")
    quote = next(s for s in sentence.text.replace("\n", " ").split(". ") if "Additional capital purchases" in s)
    read = WrittenAnswer(status="answered", text="Intel Total assets / Revenue FY2020: 2.3%.", value=2.3,
                         citations=[Citation(doc=sentence.doc, page=sentence.page, chunk_id=sentence.chunk_id, quote=quote),
                                    Citation(doc=sentence.doc, page=75, chunk_id="income",
                                             quote="Net revenue $ 77,867 $ 71,965 $ 70,848")])
    dropped = yes_no._from_rows(yes_no.Value(2020, read, "2.3%"))
    assert isinstance(dropped, WrittenAnswer) and dropped.status == "not_found"
    rows = read.model_copy(update={"citations": read.citations[1:]})
    assert isinstance(yes_no._from_rows(yes_no.Value(2020, rows, "2.3%")), yes_no.Value)


def test_inputs_from_two_statements_of_one_filing_are_not_combined(financebench_extra_dir):
    pge = load_document(financebench_extra_dir / "pdfs" / "PG_E_2022_10K.pdf")
    utility = find(pge, "Interest expense (1,658)", tag="income_statement")
    # the corporation's statement is cut into two chunks: operating income in one, interest in the other
    corporation = [find(pge, "Operating Income 1,837", tag="income_statement"),
                   find(pge, "Interest expense (1,917)", tag="income_statement")]
    written = ask("What is PG&E Corporation's FY2022 interest coverage ratio? Define it as: operating income / "
                  "interest expense, for the year ended December 31, 2022.", [utility, *corporation], services())
    assert written.status == "unverified", written.text
    assert "check_failed:one_statement" in written.flags and "$1,917.0M" in written.text


def test_a_quarterly_report_balance_sheet_is_no_fiscal_year_column(financebench_extra_dir):
    # Apple's 10-Q for the quarter ended July 1, 2023: its balance sheet's "July 1, 2023" column is
    # a quarter-end balance, not FY2023's; the statement-page search reads annual filings only
    apple = load_document(financebench_extra_dir / "pdfs" / "APPLE_2023Q3_10Q.pdf")
    evidence = Evidence("Apple", 2023, [], load_vocabulary(), None, "FY", "", FilteredChunks(apple))
    with pytest.raises(Missing):
        evidence.get("total_assets", 2023)


def test_a_balance_sheet_line_is_not_read_from_a_sentence_about_a_flow(financebench_extra_dir):
    # Oracle's FY2022 MD&A: "... primarily due to an issuance of $15.0 billion of senior notes in fiscal
    # 2021": the notes issued that year, not the long-term debt the balance sheet holds (~$72 billion)
    oracle = load_document(financebench_extra_dir / "pdfs" / "ORACLE_2022_10K.pdf")
    sentence = find(oracle, "Net cash used for financing activities during fiscal 2022 increased")
    written = ask("What was Oracle's long-term debt at the end of FY2022?", [sentence], services())
    assert written.status == "unverified", written.text
    assert "check_failed:cited_values" in written.flags and "a sentence about a flow" in written.text


@pytest.fixture(scope="module")
def lyft(filings_wild_dir) -> LoadedDocument:
    return load_document(filings_wild_dir / "pdfs" / "Lyft_2020_10-K.pdf")


@pytest.fixture(scope="module")
def meta(filings_wild_dir) -> LoadedDocument:
    return load_document(filings_wild_dir / "pdfs" / "MetaPlatforms_2022_10-K.pdf")


def _debt_increased(doc: LoadedDocument, years: tuple[int, int]) -> WrittenAnswer:
    company = doc.chunks[0].company
    catalog = StoreCatalog(companies=[CatalogCompany(name=company, fiscal_years=list(years))], fiscal_years=list(years))
    question = f"Has {company} increased its debt on balance sheet between FY{years[1]} and the FY{years[0]} period?"
    balance_sheet = next(c.page for c in doc.chunks if "balance_sheet" in c.tags and "Total current liabilities" in c.text)
    found = [SearchHit(chunk=c, score=1.0) for c in doc.chunks if c.page == balance_sheet]
    return write_answer(question, found, understand(question, catalog), services(doc), Usage())


def test_current_liabilities_without_a_line_of_debt_hold_no_debt_due_within_a_year(meta):
    # Meta's FY2022 balance sheet: "Long-term debt 9,923 —" and current liabilities ("Accounts payable",
    # "Partners payable", "Operating lease liabilities, current", "Accrued expenses and other current
    # liabilities") with no debt line: the debt on the balance sheet rose from nil to $9.9 billion
    written = _debt_increased(meta, (2021, 2022))
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert any(c.quote.startswith("Total current liabilities") for c in written.citations), written.citations


def test_a_long_term_line_net_of_its_current_portion_leaves_that_portion_unread(lyft):
    # Lyft's FY2020 balance sheet: "Long-term debt, net of current portion 644,236 —", and no current line
    # of debt: the current portion ($35.8 million) is inside another line, so total debt is not known
    written = _debt_increased(lyft, (2019, 2020))
    assert written.status != "answered", written.text
    assert "Short-term debt" in written.text, written.text


def _asked_of(doc: LoadedDocument, question: str, year: int, *pages: int) -> WrittenAnswer:
    company = doc.chunks[0].company
    catalog = StoreCatalog(companies=[CatalogCompany(name=company, fiscal_years=[year - 1, year])],
                           fiscal_years=[year - 1, year])
    found = [SearchHit(chunk=c, score=1.0) for p in pages for c in doc.chunks if c.page == p]
    return write_answer(question, found, understand(question, catalog), services(doc), Usage())


@pytest.fixture(scope="module")
def oracle(financebench_extra_dir) -> LoadedDocument:
    return load_document(financebench_extra_dir / "pdfs" / "ORACLE_2018_10K.pdf")


def test_a_quick_ratio_is_not_called_meaningless_for_a_line_it_never_reads(oracle):
    """Oracle's FY2018 balance sheet lists its current assets (cash, marketable securities, receivables,
    prepaid and other) to their total with no inventories line: the quick ratio still applies, as its
    quick assets over current liabilities: (21,620 + 45,641 + 5,279) / 19,195 = 3.78, never "not meaningful"."""
    page = next(c.page for c in oracle.chunks if "balance_sheet" in c.tags and "Total current assets" in c.text)
    written = _asked_of(oracle, "Does Oracle have a reasonably healthy liquidity profile based on its quick ratio for "
                        "FY2018? If the quick ratio is not relevant to measure liquidity, please state that and explain "
                        "why.", 2018, page)
    assert written.kind != "not_meaningful" and "not a meaningful" not in written.text, written.text
    # (its receivables' label wraps over two lines, "... as of May 31, 2018 and 2017, / respectively 5,279 5,300",
    # which the store's facts read and a page read alone does not: the figure is refused here, never guessed)
    assert written.status != "answered" or written.text.startswith("Yes. Oracle quick ratio FY2018 was 3.78"), \
        written.text


def test_a_balance_sheet_without_investments_has_none_among_its_quick_assets(financebench_extra_dir):
    """McDonald's Q4 2022 release lists its current assets from cash to their total, "Cash and equivalents",
    "Accounts and notes receivable", "Inventories, at cost, not in excess of market", "Prepaid expenses and other
    current assets", with no line of investments: its quick assets are its cash and receivables,
    (2,583.8 + 2,115.0) / 3,802.1 = 1.24, the nil investments quoted with the total that closes the list."""
    release = load_document(financebench_extra_dir / "pdfs" / "MCDONALDS_2022Q4_EARNINGS.pdf")
    page = next(c.page for c in release.chunks if "Accounts and notes receivable" in c.text)
    question = "What is McDonald's quick ratio for FY2022? Round to two decimal places."
    catalog = StoreCatalog(companies=[CatalogCompany(name=release.chunks[0].company, fiscal_years=[2021, 2022])],
                           fiscal_years=[2021, 2022])
    found = [SearchHit(chunk=c, score=1.0) for c in release.chunks if c.page == page]
    written = write_answer(question, found, understand(question, catalog), services(release), Usage())
    assert written.status == "answered" and written.value == pytest.approx(1.24, abs=0.005), written.text
    assert any(c.quote.lower().startswith("total current assets") for c in written.citations), written.citations
    assert "Short-term investments = $0.0M" in written.text or "$0.0M" in written.text, written.text


def test_a_statement_whose_title_the_chunker_repeated_is_read_from_its_start(oracle):
    """Oracle's FY2018 statement of operations is cut in two chunks, each under the statement's title; the
    second, with no revenue line, is not the statement: its operating margin applies, and what drove it is
    read (it rose, on revenue)."""
    from answering.kinds.statement_lines import income_statement

    page = next(c.page for c in oracle.chunks if "income_statement" in c.tags and "Total revenues" in c.text)
    second = [c for c in oracle.chunks if c.page == page and "Total revenues" not in c.text
              and "income_statement" in c.tags]
    assert second
    question = "What was Oracle's operating margin in FY2018?"
    understanding = understand(question, StoreCatalog(companies=[CatalogCompany(name="Oracle", fiscal_years=[2018])],
                                                      fiscal_years=[2018]))
    statement = income_statement("Oracle", [SearchHit(chunk=c, score=1.0) for c in second], understanding,
                                 services(oracle))
    assert statement is not None and "Total revenues" in statement[0].text


def test_a_caption_over_its_parts_and_their_unlabelled_sum_is_read_as_that_sum(financebench_extra_dir):
    """Intel's Q4 2022 release: "Inventories" / "Raw materials 1,517" / "Work in process 7,565" / "Finished
    goods 4,142" / "13,224": the inventories are the sum (never the finished goods), here from the
    balance sheet's page whose first chunk no search brought back, and its turnover is over them."""
    release = load_document(financebench_extra_dir / "pdfs" / "INTEL_2022Q4_EARNINGS.pdf")
    page = next(c.page for c in release.chunks if "Finished goods" in c.text)
    later = [c for c in release.chunks if c.page == page and "Finished goods" not in c.text]
    assert later
    question = ("What is the year-end FY2022 total amount of inventories for Intel? Answer in USD millions. Base your "
                "judgments on the information provided primarily in the balance sheet.")
    catalog = StoreCatalog(companies=[CatalogCompany(name="Intel", fiscal_years=[2021, 2022])], fiscal_years=[2021, 2022])
    written = write_answer(question, [SearchHit(chunk=c, score=1.0) for c in later], understand(question, catalog),
                           services(release), Usage())
    assert written.status == "answered" and written.value == 13224.0, written.text


def test_costs_named_after_each_revenue_line_are_a_cost_of_sales(oracle):
    """Oracle's FY2018 statement of operations prints no "cost of revenue" line, but its operating expenses
    repeat its revenue lines ("Cloud services and license support", "Hardware", "Services"): each line's
    own cost. Gross margin is not called "not meaningful" for want of the words."""
    page = next(c.page for c in oracle.chunks if "income_statement" in c.tags and "Total revenues" in c.text)
    written = _asked_of(oracle, "Does Oracle have an improving gross margin profile as of FY2018? If gross margin is "
                        "not a useful metric for a company like this, then please state that and explain why.", 2018,
                        page)
    assert written.kind != "not_meaningful" and "not a meaningful" not in written.text, written.text


def test_costs_by_revenue_line_leave_inventory_turnover_to_the_balance_sheet(oracle):
    """Oracle's revenue lines each have their own cost, but its FY2018 balance sheet, read whole, has no
    inventories line: inventory turnover is explained as not meaningful from the balance sheet, never refused
    for a "cost of revenue" the statement names otherwise."""
    income = next(c.page for c in oracle.chunks if "income_statement" in c.tags and "Total revenues" in c.text)
    balance = sorted({c.page for c in oracle.chunks if "balance_sheet" in c.tags})
    written = _asked_of(oracle, "Roughly how many times has Oracle sold its inventory in FY2018? If inventory turnover "
                        "ratio is not a useful metric for a company like this, then please state that and explain why.",
                        2018, income, *balance)
    assert (written.status, written.kind) == ("answered", "not_meaningful"), written.text
    assert "balance sheet" in written.text and "no inventories line" in written.text


def test_the_parent_only_schedule_is_not_the_company_s_balance_sheet(financebench_extra_dir):
    """PG&E's FY2022 10-K closes with Schedule I, "Condensed financial information of PG&E Corporation
    ("Parent")": a balance sheet of cash, advances to affiliates and investments in subsidiaries. It is not
    tagged as a statement at ingest, and a store that still holds it as one never reads it as the company's:
    the inventories are not said to be missing (the consolidated sheet prints them under a caption)."""
    from answering.kinds.balance_sheet import balance_sheet

    pge = load_document(financebench_extra_dir / "pdfs" / "PG_E_2022_10K.pdf")
    schedule = [c for c in pge.chunks if "Investments in subsidiaries" in c.text]
    assert schedule and all("balance_sheet" not in c.tags for c in schedule)
    question = ("What is the year-end FY2022 total amount of inventories for PG&E? Answer in USD millions. Base your "
                "judgments on the information provided primarily in the balance sheet.")
    catalog = StoreCatalog(companies=[CatalogCompany(name=pge.chunks[0].company, fiscal_years=[2021, 2022])],
                           fiscal_years=[2021, 2022])
    tagged_as_before = [SearchHit(chunk=c.model_copy(update={"tags": [*c.tags, "balance_sheet"]}), score=1.0)
                        for p in sorted({c.page for c in schedule}) for c in pge.chunks if c.page == p]
    understanding = understand(question, catalog)
    assert balance_sheet(pge.chunks[0].company, tagged_as_before, understanding, services(pge)) is None
    written = write_answer(question, tagged_as_before, understanding, services(pge), Usage())
    assert written.kind != "not_meaningful" and "no inventories line" not in written.text, written.text


def test_notes_payable_current_and_non_current_are_the_debt_lines(financebench_extra_dir):
    """Oracle's FY2015 balance sheet calls its debt "Notes payable, current $ 1,999" and "Notes payable, non-current
    39,959": the debt due within a year and the long-term debt, each year's column."""
    from loaders.facts import extract_facts

    doc = load_document(financebench_extra_dir / "pdfs" / "ORACLE_2015_10K.pdf")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(doc.meta, doc.pages)}
    assert facts[("long_term_debt", 2015)] == 39_959.0 and facts[("short_term_debt", 2015)] == 1_999.0
    assert facts[("long_term_debt", 2014)] == 22_589.0 and facts[("short_term_debt", 2014)] == 1_508.0
