"""Metric questions answered from real filings' statement pages, read as a 10-K prints them."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from answering.aspects import Aspect, read_aspect
from answering.metric_target import read_target
from answering.writer import write_answer
from finrag.config import load_settings
from finrag.llm import Usage
from finrag.models import CatalogCompany, Chunk, SearchHit, StoreCatalog
from finrag.vocabulary import load_vocabulary
from loaders.cleaning import clean_pages
from retrieval.query_understanding import understand
from strategies.services import Services


@pytest.fixture(scope="module")
def services() -> Services:
    return Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                    graph=None, vocabulary=load_vocabulary())


def _page_hits(path: Path, numbers: list[int], company: str, year: int) -> list[SearchHit]:
    """Pages of a filing, cleaned as ingest cleans them, as retrieved chunks in this order."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        raw = [pdf[n].get_textpage().get_text_range() for n in range(len(pdf))]
    finally:
        pdf.close()
    pages = clean_pages(raw)
    return [SearchHit(chunk=Chunk(chunk_id=f"{path.stem}-{n}", doc=path.stem, doc_sha256="0" * 64, index=n,
                                  company=company, fiscal_year=year, form="10-K", page=n, page_end=n,
                                  text=pages[n]), score=1.0) for n in numbers]


def _ask(question: str, company: str, years: list[int], hits: list[SearchHit], services: Services):
    catalog = StoreCatalog(companies=[CatalogCompany(name=company, fiscal_years=years)], fiscal_years=years)
    return write_answer(question, hits, understand(question, catalog), services, Usage())


def test_a_per_share_row_with_a_footnote_marker_is_read_in_its_year_column(financebench_extra_dir, services):
    # PG&E's FY2015 Selected Financial Data: "Dividends declared per common share (2) 1.82 1.82 1.82
    # 1.82 1.82" under five year columns; the "(2)" is the footnote's mark, not a sixth amount
    hits = _page_hits(financebench_extra_dir / "pdfs" / "PG_E_2015_10K.pdf", [41], "PG&E", 2015)
    answer = _ask("What is PG&E Corporation's FY2015 dividend payout ratio? Define it as dividends declared per "
                  "common share divided by diluted net earnings per common share, using the FY2015 figures. "
                  "Express as a percentage rounded to one decimal place.", "PG&E", [2015], hits, services)
    assert answer.status == "answered", answer.text
    assert round(answer.value, 1) == 101.7  # 1.82 / 1.79


def test_a_growth_between_two_years_compared_is_one_company_s_change(financebench_extra_dir, services):
    # "grow in 2020 compared with 2019" sets one year against another, not one company against
    # another: the income statement's line, never the MD&A's change ("increased $546 million")
    hits = _page_hits(financebench_extra_dir / "pdfs" / "PG_E_2020_10K.pdf", [66, 108], "PG&E", 2020)
    answer = _ask("By what percentage did PG&E Corporation's total operating revenues grow in 2020 compared with "
                  "2019? Express as a percentage rounded to one decimal place. Base your judgment on the "
                  "consolidated statements of income.", "PG&E", [2019, 2020], hits, services)
    assert answer.status == "answered", answer.text
    assert round(answer.value, 1) == 7.8  # 18,469 / 17,129 - 1
    assert "metric_target" in answer.flags  # computed from the statement's rows, each year's cited


def test_how_a_rate_compares_between_two_years_gives_both_and_the_change(financebench_dir, services):
    # Boeing's FY2022 income statement: "(Loss)/earnings before income taxes (5,022) (5,033)" and
    # "Income tax (expense)/benefit (31) 743"; the filing states the rates as (0.6)% and 14.8%
    hits = _page_hits(financebench_dir / "pdfs" / "BOEING_2022_10K.pdf", [54], "Boeing", 2022)
    answer = _ask("How does Boeing's effective tax rate in FY2022 compare to FY2021?", "Boeing", [2021, 2022],
                  hits, services)
    assert answer.status == "answered", answer.text
    assert "(14.8% in FY2021 to -0.6% in FY2022)" in answer.text


@pytest.mark.parametrize("question", [
    "Which company grew revenue faster in 2020 compared with Acme?",
    "How does Acme's revenue compare to Beta's revenue in FY2022?",
    "How does Acme's revenue in FY2022 compare to FY2021's operating income?",
])  # fmt: skip
def test_a_comparison_of_things_is_still_no_single_metric(question):
    target = read_target(question, load_vocabulary())
    assert target is None or target.aggregation in ("change", "amount_change")


def test_the_end_of_a_wrapped_label_is_not_the_row_s_name(services):
    # as PG&E's FY2017 balance sheet's text layer printed it before its rows were put back:
    # "Total\ncurrent\nassets 6,281\n6,164": "assets 6,281" is the end of total current assets
    text = ("PG&E Corporation\nCONSOLIDATED BALANCE SHEETS\n(in millions)\nBalance at December 31,\n2017 2016\n"
            "Other 464 290\nTotal\ncurrent\nassets 6,281\n6,164\nElectric 55,133 52,556\n")
    chunk = Chunk(chunk_id="pge-121", doc="pge", doc_sha256="0" * 64, index=121, company="PG&E",
                  fiscal_year=2017, form="10-K", page=121, page_end=121, text=text)
    assert read_aspect(chunk, Aspect(company="PG&E", fiscal_year=2017, metric="total_assets")) is None


def test_a_quarter_set_against_the_same_quarter_a_year_before_is_its_change():
    # "the second quarter of 2023 (three months ended July 2, 2023, vs three months ended July 3, 2022)":
    # the year over year change of the asked quarter, not two things weighed against each other
    vocab = load_vocabulary()
    target = read_target("By what percentage did Pfizer's total revenues change year over year in the second quarter "
                         "of 2023 (three months ended July 2, 2023, vs three months ended July 3, 2022)? Answer in "
                         "percent, rounded to one decimal place.", vocab)
    assert target is not None and (target.metric, target.years, target.quarter, target.aggregation) == \
        ("revenue", [2022, 2023], 2, "change")
    # one quarter against another of the same year is no year over year change
    assert read_target("What was Pfizer's revenue for the three months ended July 2, 2023 vs the three months ended "
                       "April 2, 2023?", vocab) is None
    assert read_target("How did Pfizer's revenue in Q2 2023 compare with Q1 2023?", vocab) is None


def test_a_quarters_revenue_change_from_a_10q(financebench_dir, services, tmp_path):
    from finrag.knowledge_graph import GraphStore
    from finrag.models import DocumentKnowledge
    from loaders.document import load_document
    from loaders.facts import extract_facts
    from tests.answering.kinds.conftest import hits as page_hits

    pfizer = load_document(financebench_dir / "pdfs" / "Pfizer_2023Q2_10Q.pdf")
    # p.8: "Revenues $ 12,734 $ 27,742 $ 31,015 $ 53,402" under Three Months Ended / Six Months Ended,
    # each column a fact of its quarter (10-Q columns, read at ingest)
    question = ("By what percentage did Pfizer's total revenues change year over year in the second quarter of 2023 "
                "(three months ended July 2, 2023, vs three months ended July 3, 2022)? Answer in percent, rounded "
                "to one decimal place.")
    with GraphStore(tmp_path / "g.sqlite") as graph:
        graph.replace_document(DocumentKnowledge(doc=pfizer.meta.doc, company="Pfizer",
                                                 facts=extract_facts(pfizer.meta, pfizer.pages)))
        with_graph = Services(settings=services.settings, store=None, embedder=None, retriever=None,  # type: ignore[arg-type]
                              llm=None, graph=graph, vocabulary=services.vocabulary)
        written = _ask(question, "Pfizer", [2022, 2023], page_hits(pfizer.chunks, [7]), with_graph)
    assert written.status == "answered", written.text
    assert written.value == -54.1


def test_a_change_is_read_from_the_row_that_prints_both_years(filings_wild_dir, services):
    # Mercurity's FY2022 20-F: a deconsolidated unit's table prints "Revenue — 122,343" (FY2021 only),
    # the statement of operations "Total revenue $ 863 $ 670 $ 1,402"; the change is the statement's,
    # never one year from each table (which gave -100.0%)
    hits = _page_hits(filings_wild_dir / "pdfs" / "MercurityFintech_2022_20-F.pdf", [128, 63], "Mercurity", 2022)
    answer = _ask("What is Mercurity's year-over-year change in total revenue from FY2021 to FY2022 (in units of "
                  "percents and round to one decimal place)? Calculate what was asked by utilizing the line items "
                  "clearly shown in the statement of operations.", "Mercurity", [2021, 2022], hits, services)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(28.8, abs=0.05)  # (863 - 670) / 670


def test_a_label_whose_aside_wraps_is_one_row_and_its_dates_no_column_header(filings_wild_dir, services):
    # NICE's balance sheet: "Trade receivables (net of allowance for credit losses of $9,253 and $9,927 at" /
    # "December 31, 2022 and 2021, respectively) 518,517 395,583"; the cash flow statement's "Trade
    # receivables, net (129,712)" is a change in the balance, which the checks refuse
    hits = _page_hits(filings_wild_dir / "pdfs" / "NICE_2022_AnnualReport.pdf", [119, 111, 112], "NICE", 2022)
    answer = _ask("What is NICE's FY2022 quick ratio? Quick ratio is defined as: (cash and cash equivalents + "
                  "short-term investments + trade receivables, net) / total current liabilities. Round your answer "
                  "to two decimal places.", "NICE", [2021, 2022], hits, services)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(1.83, abs=0.005)  # (529,596 + 1,041,943 + 518,517) / 1,141,217


def test_the_amounts_under_less_accumulated_depreciation_are_the_net_asset(filings_wild_dir, services):
    # Patriot's FY2015 balance sheet: "Property, plant and equipment, at cost:" ... "Less accumulated
    # depreciation 57,366 54,897" / "42,620 42,174" - the net line, printed without a label
    hits = _page_hits(filings_wild_dir / "pdfs" / "PatriotTransportation_2015_10-K.pdf", [55, 56], "Patriot", 2015)
    answer = _ask("What is the FY2015 fixed asset turnover ratio for Patriot? Fixed asset turnover ratio is defined "
                  "as: FY2015 total revenues / (average net property, plant and equipment between FY2014 and FY2015). "
                  "Round your answer to two decimal places.", "Patriot", [2014, 2015], hits, services)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(2.90, abs=0.005)  # 122,882 / avg(42,620, 42,174)


def test_a_balance_sheet_dash_beside_an_amount_is_a_nil_balance(filings_wild_dir, services):
    # Lyft's FY2020 balance sheet: "Long-term debt, net of current portion 644,236 —" (no debt in 2019)
    hit = _page_hits(filings_wild_dir / "pdfs" / "Lyft_2020_10-K.pdf", [80], "Lyft", 2020)[0]
    vocab = services.vocabulary
    before = read_aspect(hit.chunk, Aspect(company="Lyft", fiscal_year=2019, metric="long_term_debt"), vocab)
    after = read_aspect(hit.chunk, Aspect(company="Lyft", fiscal_year=2020, metric="long_term_debt"), vocab)
    assert before is not None and before.value == 0.0
    assert after is not None and after.value == pytest.approx(644.236)
    # a flow's dash is no nil: the statement may not cover the year
    assert read_aspect(hit.chunk, Aspect(company="Lyft", fiscal_year=2019, metric="revenue"), vocab) is None


def test_a_capitalised_part_before_the_metric_word_is_its_own_line(services):
    # "change in Google Cloud revenue" is one segment's revenue, never Alphabet's total
    target = read_target("What is Alphabet's year-over-year change in Google Cloud revenue from Q2 2022 to Q2 2023 "
                         "(in units of percents and round to one decimal place)?", services.vocabulary)
    assert target is not None and target.unresolved is None
    assert target.lines == {"line_google_cloud_revenue": "google cloud revenue"}
    # the company's own name, said by its possessive elsewhere, and an accounting basis are no part
    own = read_target("What was Alphabet's change in GAAP revenue from FY2021 to FY2022?", services.vocabulary)
    assert own is not None and own.formula == "revenue"


def test_where_a_definition_says_its_operands_are_taken_from_is_no_operand(services):
    target = read_target("What is Alphabet's Q2 2023 unadjusted EBITDA (in USD millions)? Define unadjusted EBITDA as "
                         "income from operations plus depreciation and amortization, where D&A is taken from the cash "
                         "flow statement as depreciation and impairment of property and equipment plus amortization "
                         "and impairment of intangible assets.", services.vocabulary)
    assert target is not None and target.unresolved is None
    assert "taken" not in " ".join(target.lines.values())
    assert any("depreciation and impairment of property and equipment" in w for w in target.lines.values())


def test_the_company_s_own_name_before_the_metric_is_no_part(financebench_extra_dir, services):
    # "PG&E Corporation revenue" names the company, not a line of it: the income statement's total
    hits = _page_hits(financebench_extra_dir / "pdfs" / "PG_E_2015_10K.pdf", [41], "PG&E Corporation", 2015)
    answer = _ask("What was PG&E Corporation revenue in FY2015 in USD millions?", "PG&E Corporation", [2015], hits,
                  services)
    assert answer.status == "answered", answer.text
    assert answer.value == pytest.approx(16_833.0)


def test_an_aside_left_open_by_a_chunk_cut_does_not_swallow_the_rows_after_it(services):
    # Mercurity's FY2022 statement of financial condition, two chunks read together: the first ends inside
    # the intangible assets' aside, the second repeats its last line and goes on with the liabilities
    text = ("December 31, December 31,\nNote 2022 2021\n"
            "Intangible assets, net (including digitalassets wrongfully seized and impounded by the\n"
            "Sheyang County Public Security Bureau of China, with a book value of $3,944,808 as of\n"
            "Sheyang County Public Security Bureau of China, with a book value of $3,944,808 as of\n"
            "Total current liabilities $ 1,429,761 $ 1,371,982\n")
    chunk = Chunk(chunk_id="m", doc="m", doc_sha256="0" * 64, index=0, company="Mercurity", fiscal_year=2022,
                  page=115, page_end=115, text=text)
    reading = read_aspect(chunk, Aspect(company="Mercurity", fiscal_year=2022, metric="total_current_liabilities"),
                          services.vocabulary)
    assert reading is not None and reading.quote == "Total current liabilities $ 1,429,761 $ 1,371,982"


def test_taxes_on_income_is_the_income_tax_line_an_israeli_filer_prints(filings_wild_dir, services):
    # NICE's 2022 20-F, p.114: "Income before taxes on income 345,332 240,619 237,188" over "Taxes on income 79,387
    # 41,396 40,842" (USD thousands): 79,387 / 345,332 = 23.0%
    hits = _page_hits(filings_wild_dir / "pdfs" / "NICE_2022_AnnualReport.pdf", [113], "NICE", 2022)
    answer = _ask("What was NICE's effective tax rate in 2022?", "NICE", [2020, 2021, 2022], hits, services)
    assert answer.status == "answered", answer.text
    assert round(answer.value, 1) == 23.0


def test_an_input_the_question_names_in_its_own_words_is_the_statement_s_row(financebench_extra_dir, services):
    # Apple's FY2016 10-K: "Payments for dividends and dividend equivalents (12,150)" (p.46), net income 45,687 (p.42);
    # the question calls the first "cash paid for dividends and dividend equivalents"
    hits = _page_hits(financebench_extra_dir / "pdfs" / "APPLE_2016_10K.pdf", [41, 45], "Apple", 2016)
    answer = _ask("What was Apple's dividend payout ratio for fiscal year 2016, measured as cash paid for dividends and "
                  "dividend equivalents divided by net income? Use the cash flow statement and round to one decimal "
                  "place.", "Apple", [2014, 2015, 2016], hits, services)
    assert answer.status == "answered", answer.text
    assert round(answer.value, 1) == 26.6



def test_a_quarter_named_by_its_last_day_asks_the_quarter_of_the_filing_ending_then():
    """"For the quarter ended March 31, 2023" reads three months to that day; the held release whose period
    ends then labels its columns by quarter (its facts are "Q1" of fiscal 2023), so the quarter is asked."""
    from answering.metric_answer import _held_quarter
    from retrieval.query_understanding import QueryUnderstanding

    question = "What were the total revenues of McDonald's Corporation for the quarter ended March 31, 2023, in USD millions?"
    target = read_target(question, load_vocabulary(), ["McDonald's"])
    assert target is not None and (target.quarter, target.months) == (None, 3)
    held = _held_quarter(target, QueryUnderstanding(companies=["McDonald's"], fiscal_years=[2023], periods=["2023Q1"]))
    assert (held.quarter, held.years, held.months) == (1, [2023], None)
    # no quarterly filing ends that day: the months stay asked as they were
    assert _held_quarter(target, QueryUnderstanding(companies=["McDonald's"], fiscal_years=[2023])) == target


def test_capital_expenditure_named_investments_in_property_and_equipment_is_read(services):
    """Tower Semiconductor's FY2022 20-F (../shared/erc-round1) prints its capital expenditure as "Investments in
    property and equipment (366,403)", a wording the vocabulary lacked: the metric was refused."""
    from tests.answering.kinds.conftest import ask, filing

    tower = filing("erc-round1/pdfs/cbd8fb252e8743dc53961adc53e2b4de9ff6037a.pdf")
    written = ask("What is Tower Semiconductor's FY2022 capital expenditure as a % of revenue? Answer in units of "
                  "percents and round to one decimal place.", tower, [107, 108, 103, 104], services)
    assert written.status == "answered" and written.value == 21.8, written.text
