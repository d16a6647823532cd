"""Metric questions: the typed target read from the question, computed exactly from cited rows.

Evidence is statement text as the PDF extractor prints it (tests/strategies/test_writer.py
has the layout conventions); questions are worded as FinanceBench's metric questions.
"""

from __future__ import annotations

import pytest

from answering.metric_target import parse_formula, read_target
from answering.writer import write_answer
from finrag.config import load_settings
from finrag.knowledge_graph import GraphStore
from finrag.llm import Usage
from finrag.models import CatalogCompany, Chunk, DocumentKnowledge, Fact, SearchHit, StoreCatalog
from finrag.vocabulary import load_vocabulary
from retrieval.query_understanding import understand
from strategies.services import Services

BALANCE = """ACME WIDGETS, INC.
Consolidated Balance Sheets
(in millions) December 31, 2023 December 31, 2022
Inventories 300.0 200.0
Total current assets 1,400.0 1,100.0
Accounts payable 250.0 150.0
Total current liabilities 700.0 650.0"""

INCOME = """ACME WIDGETS, INC.
Consolidated Statements of Operations
(in millions) 2023 2022 2021
Revenue $ 2,500.0 $ 2,000.0 $ 1,800.0
Cost of revenue 1,500.0 1,250.0 1,100.0
Operating income 410.0 300.0 250.0"""

CASH = """ACME WIDGETS, INC.
Consolidated Statements of Cash Flows
(in millions) 2023 2022 2021
Depreciation and amortization 90.0 80.0 70.0
Purchases of property, plant and equipment (1,577.0) (1,373.0) (1,200.0)"""

CATALOG = StoreCatalog(
    companies=[CatalogCompany(name="Acme Widgets", legal_names=["Acme Widgets, Inc."], fiscal_years=[2022, 2023])],
    fiscal_years=[2022, 2023],
)
DPO = ("What is Acme Widgets' FY2023 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts "
       "payable between FY2022 and FY2023) / (FY2023 COGS + change in inventory between FY2022 and FY2023). "
       "Round your answer to two decimal places.")


def chunk(text: str, year: int = 2023, index: int = 0, doc: str = "ACME_2023_10K") -> Chunk:
    return Chunk(chunk_id=f"{doc}-{index}", doc=doc, doc_sha256="0" * 64, index=index, company="Acme Widgets",
                 fiscal_year=year, page=40 + index, page_end=40 + index, text=text)


HITS = [SearchHit(chunk=chunk(t, index=i), score=1.0) for i, t in enumerate((BALANCE, INCOME, CASH))]


@pytest.fixture(scope="module")
def services() -> Services:
    return Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                    graph=None, vocabulary=load_vocabulary())


def ask(question: str, services: Services, hits: list[SearchHit] = HITS):
    return write_answer(question, hits, understand(question, CATALOG), services, Usage())


def test_a_formula_given_in_the_question_overrides_the_vocabulary_formula(services):
    vocab = services.vocabulary
    assert vocab.formula("days_payable_outstanding") == "365 * avg(accounts_payable) / cost_of_revenue"
    target = read_target(DPO, vocab)
    assert target is not None and target.formula_source == "question"
    assert target.formula == "365 * (avg(accounts_payable)) / (cost_of_revenue + change(inventories))"
    assert (target.unit, target.decimals, target.years) == ("days", 2, [2023])

    written = ask(DPO, services)
    question_formula = round(365 * (250 + 150) / 2 / (1500 + (300 - 200)), 2)  # 45.62
    vocabulary_formula = round(365 * (250 + 150) / 2 / 1500, 2)  # 48.67
    assert written.status == "answered"
    assert written.value == question_formula != vocabulary_formula
    assert "as the question defines it" in written.text
    assert "$1,500.0M + ($300.0M - $200.0M)" in written.text  # the numbers filled into the formula
    quotes = {c.quote for c in written.citations}
    assert {"Accounts payable 250.0 150.0", "Inventories 300.0 200.0"} <= quotes


def test_a_term_the_question_defines_is_used_as_an_input(services):
    question = ("What is Acme Widgets' FY2023 unadjusted EBITDA less capex? Define unadjusted EBITDA as unadjusted "
                "operating income + depreciation and amortization [from cash flow statement]. Answer in USD millions.")
    target = read_target(question, services.vocabulary)
    assert target.formula == "ebitda - capex" and target.definitions == {
        "ebitda": "operating_income + depreciation_amortization"}
    assert ask(question, services).value == pytest.approx(410 + 90 - 1577)


def test_unit_scale_rounding_and_aggregation_are_read_from_the_question(services):
    capex = ask("What is Acme Widgets' FY2023 capital expenditure amount (in USD billions)?", services)
    assert capex.value == pytest.approx(1.577)
    average = ask("What is the FY2021 - FY2023 3 year average of capex as a % of revenue for Acme Widgets? "
                  "Answer in units of percents and round to one decimal place.", services)
    assert average.value == round((1577 / 2500 + 1373 / 2000 + 1200 / 1800) / 3 * 100, 1)
    margin = ask("What is Acme Widgets' year-over-year change in unadjusted operating income from FY2022 to "
                 "FY2023 (in units of percents and round to one decimal place)?", services)
    assert margin.value == round((410 - 300) / 300 * 100, 1)
    ratio = ask("What is Acme Widgets' FY2023 working capital ratio? Round your answer to two decimal places.",
                services)
    assert ratio.status == "not_found" or ratio.value == pytest.approx(2.0)


def test_a_missing_input_is_named_instead_of_answering_another_quantity(services):
    written = ask("What is the FY2023 inventory turnover ratio for Acme Widgets? Inventory turnover ratio is "
                  "defined as: (FY2023 COGS) / (average inventory between FY2022 and FY2023).", services,
                  hits=HITS[1:])  # no balance sheet
    assert written.status == "not_found" and written.value is None
    assert "Inventories FY2023" in written.text


def test_formula_words_become_vocabulary_formulas():
    vocab = load_vocabulary()
    assert parse_formula("total current assets less total current liabilities", vocab) == \
        "current_assets - current_liabilities"
    assert parse_formula("FY2019 revenue / (average PP&E between FY2018 and FY2019)", vocab, 2019) == \
        "revenue / (avg(ppe_net))"
    assert parse_formula("cash from operations / FY2018 total current liabilities", vocab, 2019) == \
        "operating_cash_flow / prior(current_liabilities)"


def test_a_margin_over_its_own_denominator_is_its_amount_and_a_ratio_over_an_amount_is_unread():
    from answering.metric_target import UnreadableFormula

    vocab = load_vocabulary()
    # "Gross margin percentage is defined as: gross margin / net sales" (Corning's FY2019 10-K says
    # "Gross margin" for the dollars): gross profit over revenue, not revenue divided twice
    assert parse_formula("gross margin / net sales", vocab) == "gross_profit / revenue"
    with pytest.raises(UnreadableFormula, match="divided by an amount"):
        parse_formula("net margin / total assets", vocab)


def test_the_filing_of_the_question_year_wins_and_the_other_is_also_reported(tmp_path):
    graph = GraphStore(tmp_path / "g.sqlite")

    def fact(doc: str, value: float, year: int) -> Fact:
        return Fact(company="Acme Widgets", metric="revenue", fiscal_year=2022, value=value, doc=doc, page=40,
                    source_text=f"Revenue $ {value:,.1f}")

    # the FY2023 filing restates FY2022 revenue; the FY2022 filing has the original figure
    graph.replace_document(DocumentKnowledge(doc="ACME_2022_10K", company="Acme Widgets", facts=[
        fact("ACME_2022_10K", 2000.0, 2022)]))
    graph.replace_document(DocumentKnowledge(doc="ACME_2023_10K", company="Acme Widgets", facts=[
        fact("ACME_2023_10K", 2050.0, 2022),
        Fact(company="Acme Widgets", metric="revenue", fiscal_year=2023, value=2500.0, doc="ACME_2023_10K",
             page=40, source_text="Revenue $ 2,500.0")]))
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    hits = [SearchHit(chunk=chunk("Revenue $ 2,000.0", 2022, doc="ACME_2022_10K"), score=1.0)]
    written = ask("What was Acme Widgets' FY2022 revenue in USD millions?", services, hits)
    assert written.value == 2000.0
    assert "Also reported" in written.text and "2,050.00 in ACME_2023_10K" in written.text
    assert [c.doc for c in written.citations] == ["ACME_2022_10K"]
    graph.close()


def test_a_quarter_question_is_answered_from_the_10q_quarter_column(tmp_path):
    graph = GraphStore(tmp_path / "g.sqlite")
    row = "Revenue $ 9,583 $ 10,329 $ 19,050 $ 20,976"
    facts = [Fact(company="Acme Widgets", metric="revenue", fiscal_year=year, value=value, doc="ACME_2024Q2_10Q",
                  page=3, source_text=row, period=period)
             for year, period, value in ((2024, "Q2", 9583.0), (2023, "Q2", 10329.0), (2024, "Q2YTD", 19050.0))]
    graph.replace_document(DocumentKnowledge(doc="ACME_2024Q2_10Q", company="Acme Widgets", facts=facts))
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    hits = [SearchHit(chunk=chunk(row, 2024, doc="ACME_2024Q2_10Q"), score=1.0)]
    quarter = ask("What was Acme Widgets' revenue in the second quarter of fiscal 2024, in USD millions?", services, hits)
    assert quarter.value == 9583.0 and "Q2" in quarter.text
    to_date = ask("What was Acme Widgets' year-to-date revenue at Q2 FY2024 (in USD millions)?", services, hits)
    assert to_date.value == 19050.0
    assert graph.facts(["Acme Widgets"], ["revenue"]) == []  # annual lookups never see quarters
    graph.close()


def test_months_ended_a_day_read_the_10q_year_to_date_column(tmp_path):
    # Apple's Q3 FY2023 10-Q (cash flow statement "Nine Months Ended July 1, 2023"): "the first nine months
    # of FY2023 (nine months ended July 1, 2023)" is the year-to-date column, which its facts label "Q3YTD"
    graph = GraphStore(tmp_path / "g.sqlite")
    facts = [Fact(company="Acme Widgets", metric=metric, fiscal_year=2023, value=value, doc="ACME_2023Q3_10Q",
                  page=7, source_text=row, period="Q3YTD")
             for metric, value, row in (("operating_cash_flow", 88945.0, "Cash generated by operating activities 88,945 98,024"),
                                        ("capex", 8796.0, "Payments for acquisition of property, plant and equipment (8,796) (7,419)"))]
    graph.replace_document(DocumentKnowledge(doc="ACME_2023Q3_10Q", company="Acme Widgets", facts=facts))
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    hits = [SearchHit(chunk=chunk(f.source_text, 2023, doc="ACME_2023Q3_10Q"), score=1.0) for f in facts]
    written = ask("What is Acme Widgets' free cash flow (in USD millions) for the first nine months of FY2023 (nine months "
                  "ended July 1, 2023)? Free cash flow is defined as cash generated by operating activities minus "
                  "payments for acquisition of property, plant and equipment.", services, hits)
    assert written.status == "answered" and written.value == 80149.0, written.text
    graph.close()


def test_a_change_over_the_first_six_months_reads_both_years_year_to_date_columns(tmp_path):
    # Patriot Transportation's Q2 FY2015 release ("THREE MONTHS ENDED SIX MONTHS ENDED", fiscal year ending in
    # September): the change "for the first six months of fiscal 2015" is 63,491 -> 61,454 (-3.2%), not the quarter's
    # 31,900 -> 29,737 nor a fiscal year's; the question names no quarter, its six months are Q2's year to date
    graph = GraphStore(tmp_path / "g.sqlite")
    row = "Total revenues 29,737 31,900 61,454 63,491"
    facts = [Fact(company="Acme Widgets", metric="revenue", fiscal_year=year, value=value, doc="ACME_2015Q2_RELEASE",
                  page=4, source_text=row, period=period)
             for year, period, value in ((2015, "Q2", 29.737), (2014, "Q2", 31.9), (2015, "Q2YTD", 61.454),
                                         (2014, "Q2YTD", 63.491))]
    graph.replace_document(DocumentKnowledge(doc="ACME_2015Q2_RELEASE", company="Acme Widgets", facts=facts))
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    hits = [SearchHit(chunk=chunk(row, 2015, doc="ACME_2015Q2_RELEASE"), score=1.0)]
    written = ask("What is Acme Widgets' year-over-year change in total revenues for the first six months of fiscal "
                  "2015 (six months ended March 31, 2015)? Answer in units of percents and round to one decimal "
                  "place.", services, hits)
    assert written.status == "answered" and "-3.2%" in written.text, written.text
    graph.close()


def test_differences_are_amounts_and_comparisons_are_left_to_the_general_writer(services):
    vocab = services.vocabulary
    more = ask("How much more revenue did Acme Widgets report in FY2023 than in FY2022, in USD millions?", services)
    assert more.value == pytest.approx(500.0) and "metric_target" in more.flags
    assert read_target("Which year had the higher revenue for Acme Widgets, FY2022 or FY2023?", vocab) is None


@pytest.mark.parametrize(("question", "other"), [
    ("What were Acme's right-of-use assets in FY2022?", "right-of-use assets"),
    ("What were Acme's deferred tax assets in FY2022?", "tax assets"),
    ("What was the deferred revenue of Acme in FY2021?", "deferred revenue"),
    ("What was the segment revenue of Acme in FY2022?", "segment revenue"),
])  # fmt: skip
def test_a_qualified_one_word_name_is_another_line_item_never_the_metric(question, other):
    # "assets" is a synonym of total assets; "intangible assets" is not total assets.
    target = read_target(question, load_vocabulary())
    assert target is not None and target.unresolved == f"the question asks for {other}, which is not {target.label}"


@pytest.mark.parametrize("question", [
    "What were the total assets of Acme in FY2021?", "What were the assets of Acme in FY2021?",
    "What was Acme's revenue in FY2022?", "What were the total operating revenues of Acme in FY2022?",
    'What was the total revenue of "Mercia Asset Management PLC" in the fiscal year 2021?',
    # a line item of its own in the vocabulary is that metric, not total assets qualified
    'What was the intangible assets of "TransUnion" in the fiscal year 2021?',
])  # fmt: skip
def test_neutral_words_and_possessives_before_a_metric_name_keep_it(question):
    target = read_target(question, load_vocabulary())
    assert target is not None and target.unresolved is None


def test_define_it_as_defines_what_the_ask_names():
    target = read_target("What is Acme's FY2023 capital expenditure to revenue ratio? Define it as: FY2023 capital "
                         "expenditures / FY2023 revenue. Express as a percentage rounded to two decimal places.",
                         load_vocabulary())
    assert target is not None and target.unresolved is None
    assert (target.formula, target.formula_source, target.unit) == ("capex / revenue", "question", "percent")
    assert target.label == "Capital expenditures / Revenue"  # a ratio, not the amount's name


def test_an_amount_and_its_share_of_another_asked_together_is_that_share_with_the_amount_in_its_working():
    # Boeing's FY2018 10-K question: the cash returned, then "what percentage of ... was that?"
    target = read_target("How much cash did Acme return to shareholders in FY2018 through share repurchases and "
                         "dividends combined, and what percentage of net cash provided by operating activities was "
                         "that? Answer the total in USD millions and the percentage rounded to one decimal place.",
                         load_vocabulary(), ["Acme"])
    assert target is not None and target.unresolved is None
    assert (target.formula, target.unit) == ("(share_repurchases + dividends_paid) / operating_cash_flow", "percent")
    # a change's share is no level over the other: "How much did its long-term debt decrease ..., and what
    # percentage of total liabilities was that?" is not long-term debt / total liabilities
    changed = read_target("How much did Acme's long-term debt decrease in 2022, and what percentage of total liabilities "
                          "was that?", load_vocabulary(), ["Acme"])
    assert changed is None or changed.formula != "long_term_debt / total_liabilities"
    # a measure and a part of it summed counts the part twice
    twice = read_target("How much cash did Acme return to shareholders in FY2022 through buybacks, and what percentage "
                        "of net income was that?", load_vocabulary(), ["Acme"])
    assert twice is None or twice.unresolved is not None


def test_an_operand_the_ask_qualifies_into_another_quantity_is_unresolved():
    # Netflix's FY2015 question: "additions to streaming content assets" read as total assets gave 150.5%
    target = read_target("What were Acme's FY2015 additions to streaming content assets as a percentage of FY2015 "
                         "revenues?", load_vocabulary(), ["Acme"])
    assert target is not None and target.unresolved is not None and "content assets" in target.unresolved
    for plain in ("What was Acme's FY2018 capital expenditure as a percentage of revenue?",
                  "What were Acme's FY2018 inventories as a percentage of total assets?",
                  # how the cash went back is no other measure (Apple's FY2021 question)
                  "How much cash did Acme return to shareholders in FY2021 through dividends (including dividend "
                  "equivalents) and repurchases of common stock, and what percentage of FY2021 cash generated by "
                  "operating activities did this represent?"):
        assert read_target(plain, load_vocabulary(), ["Acme"]).unresolved is None


def test_a_margin_of_a_measure_the_question_defines_reads_that_definition():
    # Oracle's FY2016 10-K question: the margin's vocabulary formula spells EBITDA out; the question's EBITDA adds
    # the amortization of intangible assets besides, and that is the numerator computed
    target = read_target("What was Acme's FY2016 unadjusted EBITDA margin? Define unadjusted EBITDA as operating income "
                         "plus depreciation plus amortization of intangible assets, with depreciation and amortization "
                         "taken from the cash flow statement. Answer in percent and round to one decimal place.",
                         load_vocabulary())
    assert target is not None and target.unresolved is None
    assert (target.formula, target.formula_source, target.unit) == ("ebitda / revenue", "question", "percent")
    assert "line_amortization_of_intangible_assets" in target.definitions["ebitda"]


@pytest.mark.parametrize("question", [
    # "operating lease liabilities" is no debt line the vocabulary reads
    "What is Acme's debt-to-equity ratio at the end of FY2022? Define it as: (operating lease liabilities + long-term "
    "debt) / total stockholders' equity. Round your answer to two decimal places.",
    # a part of revenue the vocabulary does not know, over revenue: read as revenue / revenue
    "What share of Acme's FY2023 revenues came from franchised restaurants? Define it as: revenues from franchised "
    "restaurants / total revenues.",
])  # fmt: skip
def test_a_definition_with_a_term_the_vocabulary_lacks_reads_it_as_its_own_line(question):
    """Never as the vocabulary metric it resembles: a line of its own, read from the row
    labelled in the question's words (tests/answering/kinds/test_question_lines.py)."""
    target = read_target(question, load_vocabulary())
    assert target is not None and len(target.lines) == 1
    line = next(iter(target.lines))
    assert line in target.formula and "long_term_debt + long_term_debt" not in target.formula
    assert target.formula != "revenue / revenue"


@pytest.mark.parametrize("question", [
    "What is Acme's FY2022 free cash flow conversion?",
    "What is the FY2022 debt-to-equity ratio for Acme?",
])  # fmt: skip
def test_a_metric_computed_in_more_than_one_way_needs_the_question_definition(question):
    target = read_target(question, load_vocabulary())
    assert target is not None and target.unresolved is not None
    assert "computed in more than one way" in target.unresolved and "does not define it" in target.unresolved
    defined = read_target(question + " Define it as: free cash flow / net income.", load_vocabulary())
    assert defined is not None and defined.unresolved is None and defined.formula_source == "question"


RELEASE_QUARTER = """ACME WIDGETS, INC.
CONDENSED CONSOLIDATED STATEMENT OF INCOME (UNAUDITED)
Dollars in millions, except per share data
Quarters Ended June 30, 2023 2022 Inc/ (Dec)
Revenues
Sales by Company-operated restaurants $ 2,487.0 $ 2,112.8 $ 374.2 18 %
Revenues from franchised restaurants 3,933.3 3,526.8 406.5 12
TOTAL REVENUES 6,497.5 5,718.4 779.1 14"""
FRANCHISED = ("What share of Acme Widgets' total revenues in the second quarter of 2023 came from franchised "
              "restaurants? Define it as: revenues from franchised restaurants / total revenues. Express as a "
              "percentage rounded to one decimal place.")


@pytest.mark.parametrize(("table", "expected"), [
    (RELEASE_QUARTER, 60.5),
    # the same rows under a six-month header are the year to date: never the quarter's
    (RELEASE_QUARTER.replace("Quarters Ended", "Six Months Ended"), None),
])
def test_a_line_the_question_names_is_read_from_a_release_quarter_column(tmp_path, table, expected):
    graph = GraphStore(tmp_path / "g.sqlite")
    doc = "ACME_2023Q2_EARNINGS"
    graph.replace_document(DocumentKnowledge(doc=doc, company="Acme Widgets", facts=[
        Fact(company="Acme Widgets", metric="revenue", fiscal_year=2023, value=6497.5, doc=doc, page=4,
             source_text="TOTAL REVENUES 6,497.5 5,718.4 779.1 14", period="Q2")]))
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    release = chunk(table, 2023, doc=doc).model_copy(update={"form": "earnings", "period": "2023Q2"})
    answer = ask(FRANCHISED, services, [SearchHit(chunk=release, score=1.0)])
    assert answer.value == expected
    graph.close()


class _NoSearch:
    """What answer_metric needs when every input is read from the hits given it."""

    vocabulary = load_vocabulary()
    graph = None
    retriever = None


@pytest.fixture(scope="module")
def meta_release_hits(filings_wild_dir):
    """Every chunk of a real earnings release (Meta, Q1 2023), chunked without embedding."""
    from loaders.document import load_document

    doc = load_document(filings_wild_dir / "pdfs" / "MetaPlatforms_2023_EarningsRelease_Q1.pdf")
    return [SearchHit(chunk=c, score=1.0) for c in doc.chunks]


def test_a_segments_line_is_read_from_the_releases_segment_table(meta_release_hits):
    # "Segment Information": "Family of Apps 28,306" under "Revenue:" and "Family of Apps
    # $ 11,219" under "Income (loss) from operations:", a table no statement title heads.
    from answering.metric_answer import answer_metric

    question = ("What was the operating margin of Meta's Family of Apps segment in the first quarter of 2023 "
                "(quarter ended March 31, 2023)? Define it as: Family of Apps income from operations / Family "
                "of Apps revenue. Express as a percentage rounded to two decimal places.")
    catalog = StoreCatalog(companies=[CatalogCompany(name="Meta Platforms", legal_names=["Meta Platforms, Inc."])])
    written = answer_metric(question, meta_release_hits, understand(question, catalog), _NoSearch(), search=False)
    assert written.status == "answered", written.text
    assert written.value == pytest.approx(39.63, abs=0.005)
    assert {c.quote for c in written.citations} == {"Family of Apps $ 11,219 $ 11,484", "Family of Apps 28,306 27,213"}


class _OneFiling:
    """The store as answer_metric reads it: a filing's stored chunks, no search results."""

    def __init__(self, chunks):
        self.chunks = chunks

    def filing(self, doc):
        return self

    def search(self, *args, **kwargs):
        return []


@pytest.mark.parametrize(
    ("pdf", "question", "reason"),
    [
        ("PatriotTransportation_2015_EarningsRelease_Q2.pdf",
         "According to Patriot Transportation Holding's earnings release for the second quarter of fiscal 2015, "
         "what were the company's cash and cash equivalents as of March 31, 2015?",
         "prints an income statement but no balance sheet, and none of its pages states cash and cash equivalents"),
        # "net cash ... provide from operating activities" is cash from operations, not cash
        ("PatriotTransportation_2023_EarningsRelease_Q4.pdf",
         "According to Patriot Transportation Holding's fourth-quarter and fiscal 2023 earnings release, how much "
         "net cash did the company provide from operating activities in fiscal year 2023 (year ended September 30, "
         "2023)?",
         "prints an income statement and a balance sheet but no cash flow statement, and none of its pages states "
         "cash from operations"),
    ],
)
def test_an_input_the_named_filing_does_not_print_is_refused_with_the_reason(filings_wild_dir, pdf, question, reason):
    from answering.metric_answer import answer_metric
    from loaders.document import load_document

    release = load_document(filings_wild_dir / "pdfs" / pdf)
    company = release.meta.company

    class Services:
        vocabulary = load_vocabulary()
        graph = None
        retriever = _OneFiling(release.chunks)

    catalog = StoreCatalog(companies=[CatalogCompany(name=company, legal_names=["Patriot Transportation Holding, Inc."])])
    hits = [SearchHit(chunk=c, score=1.0) for c in release.chunks]
    written = answer_metric(question, hits, understand(question, catalog), Services())
    assert written.status == "not_found"
    assert reason in written.text
    assert "the filing does not report it" in written.text


# Corning's FY2022 statement prints the tax as a deduction; Boeing's FY2021 one a benefit unbracketed
DEDUCTED_TAX = """ACME WIDGETS, INC.
Consolidated Statements of Income
(in millions) 2023 2022 2021
Income before income taxes 1,797 2,426 634
Provision for income taxes (411) (491) (111)
Net income 1,386 1,935 523"""
UNBRACKETED_BENEFIT = """ACME WIDGETS, INC.
Consolidated Statements of Operations
(in millions) 2023 2022 2021
Income (loss) before income taxes (5,033) (14,476) (2,259)
Income taxes 743 2,535 (1,623)
Net income (loss) (4,290) (11,941) (636)"""


def test_a_tax_rate_reads_the_tax_as_the_statement_s_arithmetic_does(services):
    deducted = ask("What was Acme Widgets' effective tax rate in FY2023?", services,
                   [SearchHit(chunk=chunk(DEDUCTED_TAX), score=1.0)])
    assert deducted.status == "answered" and round(deducted.value, 1) == 22.9, deducted.text  # (411) / 1,797, not -22.9%
    benefit = ask("What was Acme Widgets' effective tax rate in FY2023?", services,
                  [SearchHit(chunk=chunk(UNBRACKETED_BENEFIT), score=1.0)])
    assert benefit.status == "answered" and round(benefit.value, 1) == 14.8, benefit.text  # a benefit of 743 on a loss
    # a plain provision on a profit stays an expense, even where equity income makes net income exceed pre-tax income
    equity_income = """ACME WIDGETS, INC.
Consolidated Statements of Income
(in millions) 2023 2022 2021
Income before income taxes 1,000 900 800
Provision for income taxes 200 180 160
Equity in earnings of affiliates 400 300 200
Net income 1,200 1,020 840"""
    expense = ask("What was Acme Widgets' effective tax rate in FY2023?", services,
                  [SearchHit(chunk=chunk(equity_income), score=1.0)])
    assert expense.status == "answered" and round(expense.value, 1) == 20.0, expense.text


def test_percentage_points_asked_of_a_percentage_are_its_difference(services):
    # "gross margin percentage change" also reads as a percentage change: the points asked decide
    income = """ACME WIDGETS, INC.
Consolidated Statements of Income
(in millions) 2023 2022 2021
Revenue $ 2,500.0 $ 2,000.0 $ 1,800.0
Cost of revenue 1,500.0 1,250.0 1,100.0
Gross profit 1,000.0 750.0 700.0"""
    a = ask("By how many percentage points did Acme Widgets' gross margin percentage change from FY2022 to FY2023? "
            "Round to one decimal place.", services, [SearchHit(chunk=chunk(income), score=1.0)])
    assert a.status == "answered" and a.value == 2.5, a.text  # 40.0% (1,000 / 2,500) - 37.5% (750 / 2,000)
    assert "percentage points" in a.text


def test_a_rate_s_change_is_read_in_percentage_points(services):
    hits = [SearchHit(chunk=chunk(DEDUCTED_TAX), score=1.0)]
    a = ask("How much has the effective tax rate of Acme Widgets changed between FY2022 and FY2023?", services, hits)
    assert a.status == "answered", a.text
    assert "+2.6 percentage points (20.2% in FY2022 to 22.9% in FY2023)" in a.text
    # asked as a percentage change: the rate's own relative change
    target = read_target("What is the percentage change in Acme Widgets' effective tax rate between FY2022 and "
                         "FY2023?", services.vocabulary)
    assert target is not None and target.aggregation == "change"


def test_a_line_the_question_names_as_an_outflow_is_the_amount_paid(services):
    # Apple's FY2019 cash flow statement: "Payments for acquisition of property, plant and equipment
    # (10,495)"; "cash generated by operating activities minus payments for ..." subtracts the amount
    # paid, never adds it back by subtracting the printed negative
    cash = """ACME WIDGETS, INC.
Consolidated Statements of Cash Flows
(in millions) 2023 2022 2021
Cash generated by operating activities 69,391 77,434 64,225
Payments for acquisition of property, plant and equipment (10,495) (13,313) (12,451)"""
    a = ask("What was Acme Widgets' free cash flow for fiscal year 2023? Free cash flow is defined as: cash generated "
            "by operating activities minus payments for acquisition of property, plant and equipment. Answer in USD "
            "millions.", services, [SearchHit(chunk=chunk(cash), score=1.0)])
    assert a.status == "answered" and a.value == pytest.approx(58_896), a.text  # 69,391 - 10,495, not + 10,495


def test_a_question_asking_a_day_reads_the_interim_report_s_column_of_that_day(tmp_path):
    # an annual report's FY2012 balance (December 31) and an interim report's June 30 columns: "at June
    # 30, 2012" is the interim's, and "the nine months ended September 30, 2011" its nine-month flow
    graph = GraphStore(tmp_path / "g.sqlite")
    annual = [Fact(company="Acme Widgets", metric=m, fiscal_year=2012, value=v, doc="ACME_2012_AR", page=5,
                   source_text=f"{m} {v}") for m, v in (("current_assets", 7283.0), ("current_liabilities", 5852.0))]
    interim = [Fact(company="Acme Widgets", metric=m, fiscal_year=y, value=v, doc="ACME_2012_H1", page=3,
                    source_text=f"{m} {v}", period=p)
               for m, y, p, v in (("current_assets", 2012, "2012-06-30", 5644.0),
                                  ("current_liabilities", 2012, "2012-06-30", 5270.0),
                                  ("pretax_income", 2011, "9M2011-09-30", 104.95),
                                  ("income_tax", 2011, "9M2011-09-30", 74.66),
                                  ("pretax_income", 2011, "3M2011-09-30", 30.0))]
    graph.replace_document(DocumentKnowledge(doc="ACME_2012_AR", company="Acme Widgets", facts=annual))
    graph.replace_document(DocumentKnowledge(doc="ACME_2012_H1", company="Acme Widgets", facts=interim))
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    hits = [SearchHit(chunk=chunk("\n".join(f.source_text for f in facts), 2012, index=i, doc=facts[0].doc), score=1.0)
            for i, facts in enumerate((annual, interim))]
    ratio = ask("What was Acme Widgets' current ratio at June 30, 2012? Define it as total current assets divided "
                "by total current liabilities. Round to two decimal places.", services, hits)
    assert ratio.status == "answered" and ratio.value == 1.07 and "at 2012-06-30" in ratio.text
    rate = ask("What was Acme Widgets' effective income tax rate for the nine months ended September 30, 2011? "
               "Define it as total income tax expense divided by profit before income tax. Express as a "
               "percentage rounded to one decimal place.", services, hits)
    assert rate.status == "answered" and rate.value == 71.1
    annual_ratio = ask("What was Acme Widgets' FY2012 current ratio? Round to two decimal places.", services, hits)
    assert annual_ratio.value == 1.24  # a fiscal year's question never sees the dated columns
    graph.close()


@pytest.mark.parametrize("question, day, months", [
    ("What was the current ratio at June 30, 2012?", "2012-06-30", None),
    ("What was the effective tax rate for the nine months ended September 30, 2011?", "2011-09-30", 9),
    ("What was the gross margin for the first quarter of 2009 (three months ended March 31, 2009)?", "2009-03-31", 3),
    ("What was the current ratio at June 30, 2012 and at December 31, 2011?", None, None),
])
def test_the_day_a_question_asks_and_its_span(question, day, months):
    target = read_target(question, load_vocabulary())
    assert target is not None and (target.as_of, target.months) == (day, months)


def test_a_measure_over_itself_is_read_as_the_line_its_words_name(services):
    # "sales" is a word of revenue; eBay's income statement prints "Sales and marketing" as a line of its own
    vocab = services.vocabulary
    target = read_target("At eBay, what was sales and marketing expense as a percentage of net revenues in 2018 versus "
                         "2017, and by how many percentage points did that ratio change?", vocab)
    assert target.formula == "line_sales_and_marketing_expense / revenue"
    assert target.lines == {"line_sales_and_marketing_expense": "sales and marketing expense"}
    assert target.wordings["line_sales_and_marketing_expense"] == ["sales and marketing"]
    assert (target.aggregation, target.unit, target.years) == ("amount_change", "percent", [2017, 2018])
    # a measure named twice is no ratio at all
    assert read_target("What was Acme's revenue as a percentage of revenue in 2018?", vocab) is None


def test_a_share_of_the_whole_that_refers_back_shares_the_amounts_named_before(services):
    vocab = services.vocabulary
    apple = read_target("How much cash did Apple return to shareholders through dividends and share repurchases in "
                        "fiscal 2019, and what percentage of its fiscal 2019 free cash flow (operating cash flow minus "
                        "payments for property, plant and equipment) did that represent?", vocab)
    assert apple.formula == "(dividends_paid + share_repurchases) / free_cash_flow"
    # the inline definition is of the operand just before it, not of the words before the first period clause
    assert apple.definitions == {"free_cash_flow": "operating_cash_flow - capex"}
    assert (apple.unit, apple.unresolved) == ("percent", None)
    lockheed = read_target("Using Lockheed Martin's own definition of free cash flow (cash from operations less capital "
                           "expenditures), what was its 2019 free cash flow, and what share of it went back to "
                           "shareholders through dividends and share repurchases?", vocab)
    assert lockheed.formula == "(dividends_paid + share_repurchases) / free_cash_flow" and lockheed.unit == "percent"


def test_a_short_question_after_a_request_asks_of_what_the_request_names(services):
    target = read_target("Calculate Acme's gross margin percentage for fiscal 2016 and fiscal 2015. By how many "
                         "percentage points did it change?", services.vocabulary)
    assert (target.metric, target.aggregation, target.years) == ("gross_margin", "amount_change", [2015, 2016])
    expanded = read_target("What was Acme's operating margin for fiscal 2023 compared with fiscal 2022, and how much "
                           "did it expand?", services.vocabulary)
    assert (expanded.metric, expanded.aggregation) == ("operating_margin", "amount_change")


# Ethernity Networks' FY2022 statements (pp.30, 33): whole US dollars, a currency cell over the columns
ETHERNITY_INCOME = """Statements of Comprehensive Loss
For the year ended 31 December 2022
US dollars
For the year ended
31 December
Notes 2022 2021
Revenue 17 2,937,424 2,635,420
Cost of sales 1,339,096 690,517
Research and development expenses 18 6,618,795 5,550,912
Operating loss (8,696,876) (6,327,475)"""
ETHERNITY_CASH = """Statements of Cash Flows
For the year ended 31 December 2022
US dollars
For the year ended
31 December
2022 2021
Net cash used in operating activities (7,570,342) (5,386,653)
Purchase of property and equipment (258,838) (194,195)"""


def _graph_of(tmp_path, company: str, doc: str, rows: list[tuple[str, int, float, str, int]], period: str = "FY"):
    graph = GraphStore(tmp_path / "g.sqlite")
    facts = [Fact(company=company, metric=metric, fiscal_year=year, value=value, doc=doc, page=page,
                  source_text=row, period=period) for metric, year, value, row, page in rows]
    graph.replace_document(DocumentKnowledge(doc=doc, company=company, facts=facts))
    return graph


def test_a_net_cash_flow_keeps_its_sign_when_its_label_says_used_in(tmp_path):
    # "Free cash flow is defined as net cash used in operating activities minus purchase of property and
    # equipment": the net flow is -7,570,342 (cash consumed), so free cash flow is -7,829,180, not 7,311,504
    graph = _graph_of(tmp_path, "Acme Widgets", "ACME_2022_AR", [
        ("operating_cash_flow", 2022, -7.570342, "Net cash used in operating activities (7,570,342) (5,386,653)", 33),
        ("capex", 2022, 0.258838, "Purchase of property and equipment (258,838) (194,195)", 33)])
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    hits = [SearchHit(chunk=chunk(ETHERNITY_CASH, 2022, doc="ACME_2022_AR"), score=1.0)]
    written = ask("What is Acme Widgets' FY2022 free cash flow? Free cash flow is defined as net cash used in operating "
                  "activities minus purchase of property and equipment. Answer in USD.", services, hits)
    assert written.status == "answered" and written.value == pytest.approx(-7.82918), written.text
    graph.close()


def test_an_expense_above_revenue_printed_beside_it_in_one_statement_is_answered(services):
    # a young company's R&D at 225% of its sales: both rows of one statement page, one column
    hits = [SearchHit(chunk=chunk(ETHERNITY_INCOME, 2022, doc="ACME_2022_AR"), score=1.0)]
    written = ask("What is Acme Widgets' FY2022 research and development expense as a percentage of revenue? Answer in "
                  "units of percents and round to one decimal place.", services, hits)
    assert written.status == "answered" and "225.3%" in written.text, written.text
    assert "$6.619M" in written.text  # whole dollars ("US dollars" over the columns), not $6,618,795M


def test_the_change_in_a_net_loss_is_the_loss_s_own_change(tmp_path):
    # eMetals FY2022: "Net loss for the year (1,925,704) (909,186)": the loss grew by 111.8%
    row = "Net loss for the year (1,925,704) (909,186)"
    graph = _graph_of(tmp_path, "Acme Widgets", "ACME_2022_AR", [
        ("net_income", 2022, -1.925704, row, 16), ("net_income", 2021, -0.909186, row, 16)])
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    text = "CONSOLIDATED STATEMENT OF PROFIT OR LOSS\nNotes 2022 $ 2021 $\nOther income 2 21,343 16,331\n" + row
    hits = [SearchHit(chunk=chunk(text, 2022, doc="ACME_2022_AR"), score=1.0)]
    written = ask("What is Acme Widgets' year-over-year change in net loss from FY2021 to FY2022? Answer in units of "
                  "percents and round to one decimal place.", services, hits)
    assert written.status == "answered" and written.value == pytest.approx(111.8, abs=0.05), written.text
    assert "Net loss" in written.text
    graph.close()


def test_a_span_of_months_is_read_from_its_column_of_a_release_s_table(tmp_path):
    # Patriot's Q2 FY2015 release: "THREE MONTHS ENDED SIX MONTHS ENDED" over four columns; "the first six
    # months of FY2015 (six months ended March 31, 2015)" is the third: 751 / 61,454 = 1.2%
    income = "Net (loss) income $ (351) 279 $ 751 1,019"
    revenue = "Total revenues 29,737 31,900 61,454 63,491"
    graph = _graph_of(tmp_path, "Acme Widgets", "ACME_2015Q2_ER", [
        ("net_income", 2015, 0.751, income, 4), ("revenue", 2015, 61.454, revenue, 4)], period="Q2YTD")
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=graph, vocabulary=load_vocabulary())
    text = ("CONSOLIDATED STATEMENTS OF OPERATIONS\n(In thousands)\nTHREE MONTHS ENDED SIX MONTHS ENDED\n"
            f"MARCH 31, MARCH 31,\n2015 2014 2015 2014\n{revenue}\n{income}")
    hits = [SearchHit(chunk=chunk(text, 2015, doc="ACME_2015Q2_ER"), score=1.0)]
    written = ask("What is Acme Widgets' net profit margin for the first six months of FY2015 (six months ended March "
                  "31, 2015)? Answer in units of percents and round to one decimal place.", services, hits)
    assert written.status == "answered" and "1.2%" in written.text, written.text
    graph.close()


def test_a_business_is_not_called_light_on_capital_without_its_plant_read(services):
    # capital expenditures at 4% of revenue alone do not say No: net PP&E against total assets (Patriot's
    # tank-truck fleet, 58% of its assets) may be the signal that says Yes, and no balance sheet was read;
    # the plant's low share does (NVIDIA FY2024, 6% of total assets)
    cash = CASH.replace("(1,577.0) (1,373.0) (1,200.0)", "(100.0) (90.0) (80.0)")
    hits = [SearchHit(chunk=chunk(t, index=i), score=1.0) for i, t in enumerate((INCOME, cash))]
    written = ask("Is Acme Widgets a capital-intensive business based on FY2023 data?", services, hits)
    assert not (written.status == "answered" and written.text.startswith("No.")), written.text
    with_plant = hits + [SearchHit(chunk=chunk(BALANCE + "\nProperty and equipment, net 300.0 280.0\n"
                                                "Total assets 3,000.0 2,800.0", index=2), score=1.0)]
    written = ask("Is Acme Widgets a capital-intensive business based on FY2023 data?", services, with_plant)
    assert written.status == "answered" and written.text.startswith("No."), written.text


def test_a_measure_the_question_defines_by_calculate_as_is_the_one_its_ask_means():
    vocab = load_vocabulary()
    # "how many times did it sell its inventory" names inventory; the question's "Calculate ... as" defines
    # the turnover, whose input it is: the turnover is asked, by the question's formula
    target = read_target("Roughly how many times did Best Buy sell its inventory in FY2022? Calculate the inventory "
                         "turnover ratio as FY2022 cost of sales / average merchandise inventories (FY2021 and FY2022 "
                         "year-end balances); if conventional inventory management is not meaningful for the company "
                         "then state that and explain why.", vocab)
    assert target is not None
    assert (target.metric, target.formula, target.formula_source) == (
        "inventory_turnover", "cost_of_revenue / avg(inventories)", "question")
    assert target.unresolved is None
