"""Facts from statement tables: row grammar on real filing layouts, and the sample corpus's truth."""

from __future__ import annotations

import json

import pytest

from finrag.models import DocumentMeta, Page
from finrag.vocabulary import load_vocabulary
from loaders.facts import LINE_ITEMS, extract_facts, header_years, parse_row, statement_kind

# Statement text as pypdfium2 prints real 10-K pages: one row per line, "$" tokens,
# parentheses for negatives, em-dashes for zero, a title and a header line of years.
CASH_FLOW = """Table of Contents
Consolidated Statement of Cash Flows
PepsiCo, Inc. and Subsidiaries
Fiscal years ended December 31, 2022, December 25, 2021 and December 26, 2020
(in millions)
2022 2021 2020
Operating Activities
Net income $ 8,978 $ 7,679 $ 7,175
Depreciation and amortization 2,763 2,710 2,548
Gain associated with the Juice Transaction (3,321) — —
Net Cash Provided by Operating Activities 10,811 11,616 10,613
Investing Activities
Capital spending (5,207) (4,625) (4,240)
Sales of property, plant and equipment 251 166 55
"""

INCOME_THOUSANDS = """ADOBE SYSTEMS INCORPORATED
CONSOLIDATED STATEMENTS OF INCOME
(In thousands, except per share data)
Years Ended
December 2,
2016
November 27,
2015
November 28,
2014
Total revenue.................................. 5,854,430 4,795,511 4,147,065
Operating income.................................. 1,492,867 903,095 412,685
Net income .......................................... $ 1,168,782 $ 629,551 $ 268,395
Basic net income per share ............ $ 2.35 $ 1.26 $ 0.54
"""

ANNUAL = DocumentMeta(file="x.pdf", doc="PEPSICO_2022_10K", sha256="0", company="PepsiCo", fiscal_year=2022,
                      form="10-K", period="FY2022")


def _facts(text: str, meta: DocumentMeta = ANNUAL) -> dict[tuple[str, int], float]:
    return {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, [Page(number=3, text=text)])}


def test_row_parsing_handles_dollar_signs_parentheses_dashes_and_leaders():
    row = parse_row("Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)")
    assert row is not None and row.values == [-1577, -1373, -1420]
    assert row.label == "Purchases of property, plant and equipment (PP&E)"
    assert parse_row("Gain associated with the Juice Transaction (3,321) — —").values == [-3321, 0, 0]
    assert parse_row("Net income $ 8,978 $ 7,679 $ 7,175").values == [8978, 7679, 7175]
    assert parse_row("Cash and cash equivalents........ $ 876,560 $ 1,117,400").values == [876560, 1117400]
    assert parse_row("Operating Activities") is None


def test_header_years_from_one_line_dates_or_one_date_per_line():
    assert header_years(["2022 2021 2020"]) == [2022, 2021, 2020]
    assert header_years(["December 28, 2019 December 29, 2018 December 30, 2017"]) == [2019, 2018, 2017]
    assert header_years(["November 27,", "2015", "November 28,", "2014"]) == [2015, 2014]
    # a dated title line followed by a plain year line counts each year once
    assert header_years(["Fiscal years ended December 31, 2022, December 25, 2021 and December 26, 2020",
                         "(in millions)", "2022 2021 2020"]) == [2022, 2021, 2020]


def test_statement_titles_are_recognised_but_prose_and_summaries_are_not():
    assert statement_kind(Page(number=0, text="NIKE, Inc. Consolidated Statements of Income\n")) == "income_statement"
    assert statement_kind(Page(number=0, text="Consolidated Statements of Financial Position\n")) == "balance_sheet"
    prose = "We have audited the accompanying consolidated balance sheets of X as of December 31\n"
    assert statement_kind(Page(number=0, text=prose)) is None
    assert statement_kind(Page(number=0, text="Item 6. Selected Consolidated Financial Data\nStatements of Operations:\n")) is None
    # a title may close with its period; prose that names a statement and a period is no title
    titled = "Patriot Transportation Holding, Inc. Consolidated Statements of Income - Years ended September 30\n"
    assert statement_kind(Page(number=0, text=titled)) == "income_statement"
    for prose in ("The following table presents data from our consolidated statements of operations for the years ended\n",
                  "The table below summarizes our balance sheets as of December 31\n"):
        assert statement_kind(Page(number=0, text=prose)) is None, prose


def test_a_title_under_the_note_that_the_notes_are_part_of_the_statements_is_read():
    """Some reports print the note above the title (Bayan Resources' 2024 statements, in both languages); the title
    block is the twelve lines after it. A note's table whose thirteenth line names "our consolidated balance sheets"
    (Microsoft's allowance for doubtful accounts) is still no statement."""
    noted = ("165\nPT BAYAN RESOURCES Tbk. DAN ENTITAS ANAK/AND SUBSIDIARIES\n\nLampiran 2 Schedule\n\n"
             "Catatan atas laporan keuangan konsolidasian\nterlampir merupakan bagian yang tidak terpisahkan\n"
             "dari laporan keuangan konsolidasian.\nThe accompanying notes to the consolidated\n"
             "financial statements form an integral part of these\nconsolidated financial statements.\n\n  \n"
             "LAPORAN LABA RUGI DAN PENGHASILAN\nKOMPREHENSIF LAIN KONSOLIDASIAN\nUNTUK TAHUN-TAHUN YANG BERAKHIR\n"
             "31 DESEMBER 2024 DAN 2023\n(Dinyatakan dalam United States Dollars)\n"
             "CONSOLIDATED STATEMENTS OF PROFIT OR LOSS\nAND OTHER COMPREHENSIVE INCOME\n")
    assert statement_kind(Page(number=0, text=noted)) == "income_statement"
    note = "\n".join(["Activity in the allowance for doubtful accounts was as follows:", "(In millions)",
                      "Year Ended June 30, 2023 2022 2021", "Balance, beginning of period $ 710 $ 798 $ 816",
                      "Charged to costs and other 258 157 234", "Write-offs (252 ) (245 ) (252 )",
                      "Balance, end of period $ 716 $ 710 $ 798",
                      "Allowance for doubtful accounts included in our consolidated balance sheets:", "(In millions)",
                      "June 30, 2023 2022 2021", "Accounts receivable, net of allowance for doubtful accounts $ 650 $ 633 $ 751",
                      "Other long-term assets 66 77 47", "Total $ 716 $ 710 $ 798",
                      "As of June 30, 2023 and 2022, other receivables related to activities to facilitate the purchase of",
                      "respectively, and are included in other current assets in our consolidated balance sheets."])
    assert statement_kind(Page(number=0, text=note)) is None


def test_cash_flow_facts_with_sign_conventions_and_millions():
    facts = _facts(CASH_FLOW)
    assert facts[("capex", 2022)] == 5207  # parentheses = cash spent, stored as a positive amount
    assert facts[("operating_cash_flow", 2020)] == 10613
    assert facts[("depreciation_amortization", 2021)] == 2710
    assert facts[("net_income", 2022)] == 8978  # cash flow's net income: a secondary source
    assert ("revenue", 2022) not in facts  # nothing invented


def test_scale_is_applied_and_amounts_are_kept_in_millions():
    meta = ANNUAL.model_copy(update={"doc": "ADOBE_2016_10K", "company": "Adobe", "fiscal_year": 2016})
    facts = _facts(INCOME_THOUSANDS, meta)
    assert facts[("revenue", 2016)] == pytest.approx(5854.430)
    assert facts[("operating_income", 2014)] == pytest.approx(412.685)
    assert facts[("eps_basic", 2015)] == 1.26  # per-share amounts are not scaled


def test_no_facts_without_a_stated_scale_or_from_quarterly_filings():
    assert _facts(CASH_FLOW.replace("(in millions)", "")) == {}
    quarterly = ANNUAL.model_copy(update={"form": "10-Q", "period": "2023Q2"})
    assert _facts(CASH_FLOW, quarterly) == {}


def test_conflicting_values_for_one_fact_in_one_document_are_dropped():
    other = CASH_FLOW.replace("Capital spending (5,207)", "Capital spending (5,999)")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(
        ANNUAL, [Page(number=3, text=CASH_FLOW), Page(number=9, text=other)])}
    assert ("capex", 2022) not in facts
    assert facts[("capex", 2021)] == 4625  # the columns that agree stay


def test_line_items_use_vocabulary_metric_keys_and_statements():
    vocab = load_vocabulary()
    for item in LINE_ITEMS:
        assert item.metric in vocab.metrics, item.metric
        assert vocab.statement_of(item.metric) in (item.statement, None) or item.secondary


def test_sample_corpus_facts_match_truth(sample_dir):
    from loaders import load_document

    truth = json.loads((sample_dir / "truth.json").read_text())
    want = {(t["doc"], t["metric"], t["fiscal_year"]): t["value"] for t in truth["facts"]}
    got = {}
    for pdf in sorted((sample_dir / "pdfs").glob("*.pdf")):
        loaded = load_document(pdf)
        for f in extract_facts(loaded.meta, loaded.pages):
            got[(f.doc, f.metric, f.fiscal_year)] = f.value
            # the source row is the page's own text
            assert f.source_text in loaded.pages[f.page].text
    scored = {k: v for k, v in got.items() if k[1] in {m for _, m, _ in want}}
    correct = sum(1 for k, v in scored.items() if k in want and abs(v - want[k]) < 0.051)
    assert correct / len(scored) >= 0.98  # precision
    assert correct / len(want) >= 0.98  # recall


# --------------------------------------------------------------------------- real filings, only the pages needed

def real_pages(path, numbers: list[int]) -> list[Page]:
    """Pages of a real filing as the loader reads them (pypdfium2 text, cleaned), only those asked."""
    import pypdfium2 as pdfium

    from loaders.cleaning import clean_pages

    pdf = pdfium.PdfDocument(path)
    try:
        raw = [pdf[n].get_textpage().get_text_range() for n in numbers]
    finally:
        pdf.close()
    return [Page(number=n, text=t) for n, t in zip(numbers, clean_pages(raw), strict=True)]


@pytest.fixture(scope="module")
def extra_dir(financebench_dir):
    path = financebench_dir.parent / "financebench-extra"
    if not (path / "pdfs").is_dir():
        pytest.skip("../shared/financebench-extra not present")
    return path


@pytest.mark.parametrize(
    ("shared_set", "doc", "company", "year", "page", "row", "capex"),
    [
        # FinanceBench: "Payments to acquire property, plant and equipment" (a vocabulary variant)
        ("financebench", "BOEING_2022_10K", "Boeing", 2022, 58, "Payments to acquire property, plant and equipment",
         1222.0),
        # FinanceBench-extra: "Additions to property, plant and equipment"
        ("financebench-extra", "INTEL_2020_10K", "Intel", 2020, 78, "Additions to property, plant and equipment",
         14259.0),
    ],
)
def test_capex_line_item_variants_of_both_shared_sets_are_found(
    financebench_dir, extra_dir, shared_set, doc, company, year, page, row, capex
):
    root = financebench_dir if shared_set == "financebench" else extra_dir
    pages = real_pages(root / "pdfs" / f"{doc}.pdf", [page])
    meta = DocumentMeta(file=f"{doc}.pdf", doc=doc, sha256="0", company=company, fiscal_year=year, form="10-K",
                        period=f"FY{year}")
    facts = {(f.metric, f.fiscal_year): f for f in extract_facts(meta, pages)}
    fact = facts[("capex", year)]
    assert fact.value == capex  # the amount spent, positive, in USD millions
    assert fact.source_text.startswith(row) and fact.page == page


def test_a_10q_quarter_column_gives_the_quarters_value_apart_from_the_year_to_date(financebench_dir):
    # Best Buy's Q2 of fiscal 2024 (quarter ended July 29, 2023): income statement p.4, cash flows p.6
    pages = real_pages(financebench_dir / "pdfs" / "BESTBUY_2024Q2_10Q.pdf", [3, 5])
    meta = DocumentMeta(file="q.pdf", doc="BESTBUY_2024Q2_10Q", sha256="0", company="Best Buy", fiscal_year=2024,
                        period="2024Q2", period_end="2023-07-29", form="10-Q",
                        page_tags={"income_statement": [3], "cash_flow": [5]})
    facts = {(f.metric, f.fiscal_year, f.period): f.value for f in extract_facts(meta, pages)}
    # "Three Months Ended | Six Months Ended" x "July 29, 2023 | July 30, 2022"
    assert facts[("revenue", 2024, "Q2")] == 9583.0
    assert facts[("revenue", 2023, "Q2")] == 10329.0  # the same quarter a year earlier
    assert facts[("revenue", 2024, "Q2YTD")] == 19050.0
    assert facts[("operating_income", 2024, "Q2")] == 348.0
    # the cash flow statement has six-month columns only: capex is year to date, never a quarter's
    assert facts[("capex", 2024, "Q2YTD")] == 395.0
    assert ("capex", 2024, "Q2") not in facts
    assert not any(period == "FY" and year == 2024 for _, year, period in facts)  # nothing passes for annual


def test_a_loss_year_labels_pre_tax_income_by_its_sign(financebench_dir):
    # Boeing's income statement prints "Loss before income taxes (5,022) (5,033) (14,476)": the
    # same line as "Earnings before income taxes", read with its sign (the effective tax rate's input).
    pages = real_pages(financebench_dir / "pdfs" / "BOEING_2022_10K.pdf", [54])
    meta = DocumentMeta(file="BOEING_2022_10K.pdf", doc="BOEING_2022_10K", sha256="0", company="Boeing",
                        fiscal_year=2022, form="10-K", period="FY2022")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert (facts[("pretax_income", 2022)], facts[("pretax_income", 2021)]) == (-5022.0, -5033.0)


def test_pre_tax_income_before_the_affiliates_share_and_dividends_with_their_equivalents_are_read(
        financebench_dir, financebench_extra_dir):
    # Best Buy: "Earnings before income tax expense and equity in income of affiliates 3,024" (the
    # affiliates' share is added after tax); Apple: "Dividends and dividend equivalents paid (11,561)"
    pages = real_pages(financebench_dir / "pdfs" / "BESTBUY_2023_10K.pdf", [39])
    meta = DocumentMeta(file="BESTBUY_2023_10K.pdf", doc="BESTBUY_2023_10K", sha256="0", company="Best Buy",
                        fiscal_year=2023, form="10-K", period="FY2023")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert (facts[("pretax_income", 2023)], facts[("pretax_income", 2022)]) == (1788.0, 3024.0)
    pages = real_pages(financebench_extra_dir / "pdfs" / "APPLE_2015_10K.pdf", [44])
    meta = DocumentMeta(file="APPLE_2015_10K.pdf", doc="APPLE_2015_10K", sha256="0", company="Apple",
                        fiscal_year=2015, form="10-K", period="FY2015")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert [facts[("dividends_paid", y)] for y in (2013, 2014, 2015)] == [10564.0, 11126.0, 11561.0]


@pytest.mark.parametrize(("shared_set", "doc", "page", "year", "net_income"), [
    ("financebench", "BOEING_2022_10K", 54, 2022, -4935.0),  # "Net loss attributable to Boeing Shareholders"
    # "Profit and total comprehensive income for the year 26,100" (£'000) in a UK annual report
    ("erc-round1", "ac9aa244462c80705c3ff046542c02c459989742", 76, 2022, 26.1),
])  # fmt: skip
def test_net_income_is_read_in_a_loss_year_and_in_ifrs_wording(financebench_dir, shared_set, doc, page, year,
                                                               net_income):
    pages = real_pages(financebench_dir.parent / shared_set / "pdfs" / f"{doc}.pdf", [page])
    meta = DocumentMeta(file=f"{doc}.pdf", doc=doc, sha256="0", company="X", fiscal_year=year,
                        form="10-K" if shared_set == "financebench" else "annual", period=f"FY{year}")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert facts[("net_income", year)] == pytest.approx(net_income)


def test_a_parent_and_subsidiary_filing_keeps_the_filers_own_consolidated_statement(financebench_extra_dir):
    # PG&E's 10-K holds the statements of PG&E Corporation (p.98) and of its utility, Pacific
    # Gas and Electric Company (p.105): the same lines, other figures. Both were dropped as
    # conflicting; the filer's own consolidated statement settles them.
    pages = real_pages(financebench_extra_dir / "pdfs" / "PG_E_2022_10K.pdf", [97, 104])
    meta = DocumentMeta(file="PG_E_2022_10K.pdf", doc="PG_E_2022_10K", sha256="0", company="PG&E",
                        company_legal="PG&E CORPORATION", fiscal_year=2022, form="10-K", period="FY2022")
    facts = {(f.metric, f.fiscal_year): f for f in extract_facts(meta, pages)}
    assert facts[("operating_income", 2022)].value == 1837.0 and facts[("operating_income", 2022)].page == 97
    assert facts[("interest_expense", 2022)].value == 1917.0
    # without the filer's name over either statement, the conflict stays unresolved
    anonymous = meta.model_copy(update={"company": "Some Utility", "company_legal": None})
    assert ("operating_income", 2022) not in {(f.metric, f.fiscal_year) for f in extract_facts(anonymous, pages)}


def test_a_10q_header_with_years_stacked_under_its_month_days_places_each_column(filings_wild_dir):
    # NVIDIA's Q1 of fiscal 2024: "Three Months Ended April 30, May 1," over "2023 2022" (income
    # statement p.3), "April 30, January 29," over "2023 2023" (balance sheet p.5); read whole, the
    # text has one date ("May 1, 2023") for two columns and gave no fact at all
    pages = real_pages(filings_wild_dir / "pdfs" / "NVIDIA_2024_10-Q_Q1.pdf", [2, 4])
    meta = DocumentMeta(file="q.pdf", doc="NVIDIA_2024_10-Q_Q1", sha256="0", company="Nvidia", fiscal_year=2024,
                        period="2024Q1", period_end="2023-04-30", form="10-Q",
                        page_tags={"income_statement": [2], "balance_sheet": [4]})
    facts = {(f.metric, f.fiscal_year, f.period): f.value for f in extract_facts(meta, pages)}
    assert facts[("income_tax", 2024, "Q1")] == 166.0
    assert facts[("pretax_income", 2023, "Q1")] == 1805.0  # the quarter ended May 1, 2022
    assert facts[("current_assets", 2024, "Q1")] == 24883.0
    assert facts[("current_liabilities", 2024, "Q1")] == 7260.0
    assert facts[("current_assets", 2023, "FY")] == 23073.0  # the prior fiscal year-end, January 29, 2023


@pytest.fixture(scope="module")
def patriot_2015(filings_wild_dir):
    """A spin-off's first 10-K (real, read once): "CONSOLIDATED AND COMBINED STATEMENTS OF
    INCOME - Years ended September 30", its statements' titles opened by "Consolidated and
    Combined" and closed by their period."""
    from loaders.document import read_document

    meta, pages = read_document(filings_wild_dir / "pdfs" / "PatriotTransportation_2015_10-K.pdf")
    return meta, {(f.metric, f.fiscal_year): f for f in extract_facts(meta, pages)}


def test_a_consolidated_and_combined_statement_titled_with_its_period_is_read(patriot_2015):
    meta, facts = patriot_2015
    assert meta.page_tags["income_statement"] == [55]
    assert meta.page_tags["balance_sheet"] == [56]
    assert facts[("revenue", 2015)].value == pytest.approx(122.882)
    assert facts[("net_income", 2015)].value == pytest.approx(3.339)
    assert facts[("total_assets", 2014)].value == pytest.approx(61.134)


def test_payments_of_dividends_to_stockholders_is_dividends_paid(financebench_extra_dir):
    # Oracle's cash flow statement: "Payments of dividends to stockholders (2,932) (3,140) (2,631)".
    # Unread, a dividend payout ratio fell back to a sentence's rounded "$2.9 billion" (26.2%, not
    # the statement's 26.5%)
    from loaders.document import load_document

    oracle = load_document(financebench_extra_dir / "pdfs" / "ORACLE_2019_10K.pdf")
    paid = {f.fiscal_year: f.value for f in extract_facts(oracle.meta, oracle.pages) if f.metric == "dividends_paid"}
    assert paid == {2019: 2_932.0, 2018: 3_140.0, 2017: 2_631.0}
    # the same suffix on another payment is not the shareholders' dividends
    assert ("dividends_paid", 2022) not in _facts(
        "Consolidated Statements of Cash Flows\n(in millions)\n2022 2021 2020\n"
        "Payments of dividends to noncontrolling interests (12) (10) (9)\n")


def test_a_closing_parenthesis_spaced_off_its_number_is_still_a_negative_value():
    # Microsoft's FY2023 cash flow statement text layer: "Additions to property and equipment (28,107 ) ..."
    row = parse_row("Additions to property and equipment (28,107 ) (23,886 ) (20,622 )")
    assert row is not None and row.values == [-28107, -23886, -20622]
    assert row.label == "Additions to property and equipment"


def test_net_cash_from_operations_is_the_operating_cash_flow():
    statement = ("Consolidated Statements of Cash Flows\n(In millions)\n2023 2022 2021\n"
                 "Net cash from operations 87,582 89,035 76,740\n")
    assert _facts(statement)[("operating_cash_flow", 2023)] == pytest.approx(87_582.0)


def test_a_dividends_row_naming_its_share_classes_is_dividends_paid():
    # Nike's cash flow statement: "Dividends — common and preferred (2,012) (1,837) (1,638)"; a
    # dividend received is no payment to shareholders
    statement = "Consolidated Statements of Cash Flows\n(in millions)\n2023 2022 2021\n{row}\n"
    paid = _facts(statement.format(row="Dividends — common and preferred (2,012) (1,837) (1,638)"))
    assert paid[("dividends_paid", 2023)] == pytest.approx(2_012.0)  # paid: the outflow as an amount
    assert ("dividends_paid", 2023) not in _facts(statement.format(row="Dividends received 15 12 9"))


def test_column_years_printed_on_the_first_section_line_head_the_statement(filings_wild_dir):
    # Patriot's FY2022 annual report to shareholders prints its cash flow statement's years at
    # the end of the first section line: "Cash flows from operating activities: 2022 2021 2020".
    # Read as the first row, the statement had no years and gave no facts: free cash flow was
    # refused for want of capex.
    from loaders.document import read_document

    meta, pages = read_document(filings_wild_dir / "pdfs" / "PatriotTransportation_2022_AnnualReport.pdf")
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert facts[("operating_cash_flow", 2022)] == pytest.approx(4.235)
    assert facts[("capex", 2022)] == pytest.approx(5.248)
    assert facts[("capex", 2021)] == pytest.approx(0.910)
    # "Operating revenues" is the revenue line of a carrier's (or a utility's) income statement
    assert facts[("revenue", 2022)] == pytest.approx(87.882)
    assert header_years(["Cash flows from operating activities: 2022 2021 2020"]) == [2022, 2021, 2020]
    # amounts are no years, and years a year apart need the colon of a section line
    assert header_years(["Net income 2,022 2,021"]) == [] and header_years(["Units sold 2022 2020"]) == []


def test_total_operating_revenues_is_revenue():
    # a utility's income statement (PG&E): "Total operating revenues" under "Operating Revenues"
    facts = _facts("CONSOLIDATED STATEMENTS OF INCOME\n(in millions)\n2020 2019 2018\nOperating Revenues\n"
                   "Electric $ 13,858 $ 12,740 $ 12,713\nNatural gas 4,611 4,389 4,046\n"
                   "Total operating revenues 18,469 17,129 16,759\nNet Loss (1,304) (7,642) (6,837)\n",
                   ANNUAL.model_copy(update={"fiscal_year": 2020, "period": "FY2020"}))
    assert facts[("revenue", 2019)] == 17_129.0


def test_an_untitled_page_closing_a_balance_sheet_is_that_registrant_s_in_its_unit(financebench_extra_dir):
    # PG&E's FY2015 10-K: PG&E Corporation's balance sheet runs from p.71 (titled, "(in millions)", the
    # assets) to p.72 ("Balance at December 31," ... "Total liabilities and equity", no title, no scale);
    # the utility's, titled on one page (p.79), prints other debt. The corporation's liabilities page is
    # a balance sheet page of the filer's, read in millions
    from loaders.page_tags import page_tags

    pages = real_pages(financebench_extra_dir / "pdfs" / "PG_E_2015_10K.pdf", [70, 71, 77, 78])
    tags = page_tags([p.text for p in pages], [[] for _ in pages])
    assert tags["balance_sheet"] == [0, 1, 2, 3]  # (positions in the list given)
    meta = DocumentMeta(file="PG_E_2015_10K.pdf", doc="PG_E_2015_10K", sha256="0", company="PG&E",
                        company_legal="PG&E CORPORATION", fiscal_year=2015, form="10-K", period="FY2015",
                        page_tags={"balance_sheet": [70, 71, 77, 78]})
    facts = {(f.metric, f.fiscal_year): f for f in extract_facts(meta, pages)}
    assert facts[("long_term_debt", 2015)].value == 16030.0 and facts[("long_term_debt", 2015)].page == 71
    assert facts[("long_term_debt", 2014)].value == 15050.0


def test_a_quarter_balance_sheet_with_its_years_after_a_heading_is_read_by_its_dates(filings_wild_dir):
    # Patriot's Q2 FY2019 10-Q: "March 31, September 30," over "Assets 2019 2018" - the years follow the
    # section's heading on one line, which is the column header, not a row of two amounts
    assert header_years(["March 31, September 30,", "Assets 2019 2018"]) == [2019, 2018]
    pages = real_pages(filings_wild_dir / "pdfs" / "PatriotTransportation_2019_10-Q_Q2.pdf", [3])
    meta = DocumentMeta(file="q.pdf", doc="q", sha256="0", company="Patriot", fiscal_year=2019, period="2019Q2",
                        period_end="2019-03-31", form="10-Q", page_tags={"balance_sheet": [3]})
    facts = {(f.metric, f.fiscal_year, f.period): f.value for f in extract_facts(meta, pages)}
    assert facts[("current_assets", 2019, "Q2")] == pytest.approx(32.851)
    assert facts[("current_liabilities", 2019, "Q2")] == pytest.approx(9.561)


def test_a_10q_s_condensed_statements_of_the_filer_settle_its_subsidiary_s(financebench_extra_dir):
    # PG&E's Q3 2022 10-Q: PG&E CORPORATION's "CONDENSED CONSOLIDATED STATEMENTS OF INCOME" (p.42) and its
    # utility's (p.50) give other operating income; the filer's condensed statement settles them
    pages = real_pages(financebench_extra_dir / "pdfs" / "PG_E_2023Q3_10Q.pdf", [41, 49])
    meta = DocumentMeta(file="q.pdf", doc="q", sha256="0", company="PG&E", company_legal="PG&E Corporation",
                        fiscal_year=2022, period="2022Q3", period_end="2022-09-30", form="10-Q",
                        page_tags={"income_statement": [41, 49]})
    facts = {(f.metric, f.fiscal_year, f.period): f.value for f in extract_facts(meta, pages)}
    assert facts[("operating_income", 2022, "Q3")] == 726.0


def test_an_unlabelled_line_closing_a_group_is_that_group_s_total_when_the_rows_sum_to_it(filings_wild_dir):
    # Canadian Banc Corp.'s FY2022 statement of financial position (p.16): "Current Assets" over four rows,
    # then "353,118,238 238,523,756" with no words; the rows add up to it in both columns, so it is the total
    # current assets. Its "($) ($)" over the columns says the amounts are whole dollars
    pages = real_pages(filings_wild_dir / "pdfs" / "CanadianBancCorp_2022_AnnualReport.pdf", [15])
    meta = DocumentMeta(file="c.pdf", doc="c", sha256="0", company="Canadian Banc", fiscal_year=2022, period="FY2022",
                        form="annual", page_tags={"balance_sheet": [15]})
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert facts[("current_assets", 2022)] == pytest.approx(353.118238)
    assert facts[("current_assets", 2021)] == pytest.approx(238.523756)
    assert facts[("current_liabilities", 2022)] == pytest.approx(168.768418)
    # its assets are all current (the group closes on "LIABILITIES"), and it prints no total assets but that one
    assert facts[("total_assets", 2022)] == pytest.approx(353.118238)


def test_an_amounts_only_line_that_the_rows_do_not_sum_to_is_no_total():
    page = ("STATEMENTS OF FINANCIAL POSITION\n2022 2021\n($) ($)\nCurrent Assets\nInvestments 100 90\n"
            "Cash 20 10\n125 100\n")
    assert ("current_assets", 2022) not in _facts(page, ANNUAL.model_copy(update={"form": "annual"}))


def test_a_statement_of_profit_or_loss_and_oci_is_the_income_statement_without_a_revenue_row(filings_wild_dir):
    # eMetals' FY2022 report (p.17): "CONSOLIDATED STATEMENT OF PROFIT OR LOSS AND OTHER COMPREHENSIVE INCOME",
    # an explorer's rows from "Other income" down to "Net loss for the year (1,925,704) (909,186)" in whole dollars
    pages = real_pages(filings_wild_dir / "pdfs" / "eMetals_2022_AnnualFinancialReport.pdf", [16])
    assert statement_kind(pages[0]) == "income_statement"
    meta = DocumentMeta(file="e.pdf", doc="e", sha256="0", company="eMetals", fiscal_year=2022, period="FY2022",
                        form="annual", page_tags={"income_statement": [16]})
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert facts[("net_income", 2021)] == pytest.approx(-0.909186)
    assert facts[("net_income", 2022)] == pytest.approx(-1.925704)


def test_a_10q_whose_title_and_header_both_state_the_quarter_reads_its_columns_once(filings_wild_dir):
    # Patriot's Q1 FY2015 10-Q: the cash flow statement's title says "THREE MONTHS ENDED DECEMBER 31, 2014 AND
    # 2013" and its header "Three Months Ended December 31, 2014 2013" (p.6); the balance sheet prints
    # "December 31, September 30," over "Assets 2014 2014", two days of one year (p.4)
    pages = real_pages(filings_wild_dir / "pdfs" / "PatriotTransportation_2015_10-Q_Q1.pdf", [3, 5])
    meta = DocumentMeta(file="q.pdf", doc="q", sha256="0", company="Patriot", fiscal_year=2015, period="2015Q1",
                        period_end="2014-12-31", form="10-Q", page_tags={"balance_sheet": [3], "cash_flow": [5]})
    facts = {(f.metric, f.fiscal_year, f.period): f.value for f in extract_facts(meta, pages)}
    assert facts[("capex", 2015, "Q1")] == pytest.approx(2.463)
    assert facts[("capex", 2014, "Q1")] == pytest.approx(5.334)
    assert facts[("current_liabilities", 2015, "Q1")] == pytest.approx(9.060)


def test_a_total_of_all_liabilities_that_the_current_ones_add_up_to_is_their_total_too(filings_wild_dir):
    # Zegona's FY2022 statement of financial position (p.50): "Current liabilities" over "Accruals and other
    # payables 17 402 1,457" and "Bank borrowings 18 – 106", then "Total liabilities 402 1,563": no other
    # liabilities, so the current ones total 402 (and the current assets' unlabelled "5,965 10,753" 5,965)
    pages = real_pages(filings_wild_dir / "pdfs" / "ZegonaCommunications_2022_AnnualReport.pdf", [50])
    meta = DocumentMeta(file="z.pdf", doc="z", sha256="0", company="Zegona", fiscal_year=2022, period="FY2022",
                        form="annual", page_tags={"balance_sheet": [50]})
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, pages)}
    assert facts[("current_liabilities", 2022)] == pytest.approx(0.402)
    assert facts[("current_liabilities", 2021)] == pytest.approx(1.563)
    assert facts[("current_assets", 2022)] == pytest.approx(5.965)


def test_a_statement_of_comprehensive_income_whose_rows_start_from_the_business_is_the_income_statement(
        filings_wild_dir):
    # Zegona FY2022 (p.49): "CONSOLIDATED STATEMENT OF COMPREHENSIVE INCOME" over costs down to "Operating loss"
    # and no revenue; a US separate statement of comprehensive income starts from net income instead
    from loaders.page_tags import page_tags

    pages = real_pages(filings_wild_dir / "pdfs" / "ZegonaCommunications_2022_AnnualReport.pdf", [48])
    assert statement_kind(pages[0]) == "income_statement"
    assert page_tags([pages[0].text], [[]]).get("income_statement") == [0]
    us = ("CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME\n(in millions)\n2022 2021 2020\nNet income 100 90 80\n"
          "Other comprehensive income (loss), net of tax 5 (3) 2\nForeign currency translation 1 2 3\n"
          "Unrealized gains 1 2 3\nReclassification 1 2 3\nPension 1 2 3\nHedges 1 2 3\nComprehensive income 106 87 82\n")
    assert statement_kind(Page(number=0, text=us)) is None and "income_statement" not in page_tags([us], [[]])
