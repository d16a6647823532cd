"""A measure the question defines over statement lines the vocabulary has no metric for
("revenues from franchised restaurants") is computed from the rows
labelled in the question's words (answering.metric_target, answering.metric_answer), with
the same checks and citations; a term that cannot be read as a line is still refused."""

from __future__ import annotations

import pytest

from answering.metric_formula import Missing
from answering.metric_target import parse_formula, read_target
from finrag.vocabulary import load_vocabulary
from tests.answering.kinds.conftest import ask, filing, hits

DEBT_TO_EQUITY = ("What is eBay's debt-to-equity ratio at the end of FY2022? Define it as: (short-term debt + "
                  "long-term debt) / total stockholders' equity, all as of December 31, 2022. Round your answer "
                  "to two decimal places.")


@pytest.fixture(scope="module")
def ebay() -> list:
    return filing("financebench-extra/pdfs/EBAY_2022_10K.pdf")


def test_a_defined_term_the_vocabulary_lacks_is_a_line_of_its_own():
    vocab = load_vocabulary()
    # "short-term debt" is a vocabulary line (debt due within a year): no line of its own needed
    target = read_target(DEBT_TO_EQUITY, vocab)
    assert target is not None and target.formula == "(short_term_debt + long_term_debt) / equity"
    assert target.lines == {}
    # a part named beside its whole is the part's own line, not the whole twice (a ratio of 1)
    share = read_target("What share of Acme's revenue in fiscal 2023 came from franchised restaurants? Define it as: "
                        "revenues from franchised restaurants / total revenues.", vocab)
    assert share is not None and share.formula == "line_revenues_from_franchised_restaurants / revenue"
    # an average or a change of a line cannot be read from one printed row: still refused
    assert read_target("What is Acme's FY2023 ratio? Define it as: average short-term debt / total revenues.",
                       vocab) is None
    # a per-share figure or a price is read as printed (no table scale): only in a ratio of such
    # lines alone, a pure number; beside money in millions its unit would be no unit at all
    premium = read_target("At the end of FY2023, at what premium to its net asset value did Acme's Class A share "
                          "trade? Define it as: (closing market price of the Class A share - net assets per Class A "
                          "share) / net assets per Class A share.", vocab)
    assert premium is not None and premium.formula == ("(line_closing_market_price_of_the_class_a_share - "
                                                       "line_net_assets_per_class_a_share) / line_net_assets_per_class_a_share")
    assert read_target("What was Acme's ratio in FY2023? Define it as: net assets per Class A share / total revenues.",
                       vocab) is None
    # an operand per share that a money metric's words match ("cash dividends declared per common
    # share" is no dividends paid in millions) is a per-share line, and divides by the EPS metric
    payout = read_target("What was Acme's dividend payout ratio for fiscal 2020? Dividend payout ratio is defined "
                         "as: cash dividends declared per common share / diluted earnings per share.", vocab)
    assert payout is not None and payout.formula == "line_cash_dividends_declared_per_common_share / eps_diluted"


def test_a_defined_ratio_is_computed_from_the_rows_the_question_names(ebay, services):
    a = ask(DEBT_TO_EQUITY, ebay, [57], services)
    assert a.status == "answered" and a.value == 1.72  # (1,150 + 7,721) / 5,153
    quotes = {c.quote for c in a.citations}
    assert any(q.startswith("Short-term debt $ 1,150") for q in quotes)
    assert any(q.startswith("Total stockholders’ equity 5,153") for q in quotes)


def test_a_named_line_missing_from_the_statements_is_named_not_replaced(ebay, services):
    question = DEBT_TO_EQUITY.replace("short-term debt", "commercial paper")
    a = ask(question, ebay, [57], services)
    assert a.status == "not_found" and a.value is None
    assert "could not find commercial paper FY2022" in a.text  # the line looked for, by name


CLOUD_MARGIN = ("What was NICE's GAAP gross margin on cloud revenue in 2022? Define it as: (cloud revenue - cloud cost "
                "of revenue) / cloud revenue, using the consolidated statements of income. Express as a percentage "
                "rounded to one decimal place.")


def test_the_word_that_makes_one_operand_a_line_qualifies_the_others_alike():
    # "cloud cost of revenue" is not the total cost of revenue: the ratio would mix a part and a whole
    vocab = load_vocabulary()
    target = read_target(CLOUD_MARGIN, vocab)
    assert target is not None and target.formula == "(line_cloud_revenue - line_cloud_cost_of_revenue) / line_cloud_revenue"
    swapped = read_target(CLOUD_MARGIN.replace("(cloud revenue - cloud cost of revenue) / cloud revenue",
                                               "cloud cost of revenue / cloud revenue"), vocab)
    assert swapped is not None and swapped.formula == "line_cloud_cost_of_revenue / line_cloud_revenue"
    plain = read_target("What is Acme's FY2022 gross margin? Define it as: (revenue - cost of revenue) / revenue.", vocab)
    assert plain is not None and plain.formula == "(revenue - cost_of_revenue) / revenue"


def test_a_named_line_is_read_from_a_row_under_its_section(services):
    # NICE's income statement (thousands) prints "Cloud" under "Revenue:" and under "Cost of revenue:"
    nice = filing("filings-wild/pdfs/NICE_2022_AnnualReport.pdf")
    a = ask(CLOUD_MARGIN, nice, [113], services)
    assert a.status == "answered" and a.value == 63.5, a.text  # (1,295,323 - 472,805) / 1,295,323
    assert {c.quote for c in a.citations} >= {"Cloud $ 1,295,323 $ 1,018,624 $ 777,331", "Cloud 472,805 410,671 339,985"}


def test_a_presentations_fiscal_year_column_is_read_in_its_printed_millions(services):
    # Twilio's Q4 2023 deck: "Metrics Q3 2023 Q4 2023 FY 2023" over "Communications Revenue $960M
    # $1,001M $3,859M", and "Total Revenue $1,076M $4,154M" under "Metrics Q4 2023 FY 2023"
    twilio = filing("filings-wild/pdfs/Twilio_2023_EarningsPresentation_Q4.pdf")
    question = ("What share of Twilio's fiscal year 2023 total revenue came from its Communications business? Define "
                "it as: FY2023 Communications revenue / FY2023 total revenue. Express as a percentage rounded to one "
                "decimal place.")
    a = ask(question, twilio, [2, 4], services)
    assert a.status == "answered" and a.value == 92.9, a.text  # 3,859 / 4,154, not the quarter's 1,001 / 1,076
    # a deck whose columns are quarters only gives no fiscal year
    quarters = [c.model_copy(update={"text": c.text.replace("FY 2023", "Q4 2022")}) for c in twilio]
    assert ask(question, quarters, [2, 4], services).status != "answered"


def test_a_metric_word_before_a_noun_it_modifies_is_another_quantity():
    # NICE's CEO question: "what salary, bonus and equity compensation costs did NICE record" asks
    # for pay, not the balance sheet's shareholders' equity
    vocab = load_vocabulary()
    target = read_target("Who is NICE's Chief Executive Officer, since when, and what salary, bonus and equity "
                         "compensation costs did NICE record for the CEO for 2022?", vocab)
    assert target is None or (target.unresolved or "").startswith("the question asks for equity compensation")
    plain = read_target("What was NICE's total equity at the end of 2022?", vocab)
    assert plain is not None and plain.unresolved is None


def test_a_series_inside_a_line_name_is_one_line():
    # "proceeds from sales of property, plant and equipment": the comma is the name's own, no period
    # clause; the line cut there ("... of property") is printed nowhere
    lines: dict[str, str] = {}
    parse_formula("cash generated by operating activities plus proceeds from sales of property, plant and "
                  "equipment", load_vocabulary(), 2019, lines)
    assert "proceeds from sales of property plant and equipment" in lines.values(), lines


def test_a_named_line_of_a_10q_is_read_from_its_quarter_column():
    # Patriot's Q2 fiscal 2019 10-Q: "THREE MONTHS ENDED SIX MONTHS ENDED / MARCH 31, / 2019 2018
    # 2019 2018" over "Total cost of operations 26,715 28,271 53,662 55,428" (the revenue is a
    # fact of the graph; the line only the question names is read from the statement's row)
    from answering.metric_answer import Evidence, with_lines

    patriot = filing("filings-wild/pdfs/PatriotTransportation_2019_10-Q_Q2.pdf")
    target = read_target("What was Patriot Transportation Holding's operating ratio for the second quarter of fiscal "
                         "2019 (three months ended March 31, 2019)? Operating ratio is defined as: total cost of "
                         "operations / total revenues. Express as a percentage rounded to one decimal place.",
                         load_vocabulary())
    assert target is not None and target.label == "Operating ratio" and target.quarter == 2
    evidence = Evidence(patriot[0].company or "", 2019, hits(patriot, [4]), with_lines(load_vocabulary(), target),
                        period="Q2")
    evidence.question_lines = set(target.lines)
    found = evidence.get("line_total_cost_of_operations", 2019)
    assert found.value == 26.715 and found.quote.startswith("Total cost of operations 26,715")  # not the six months'


def test_a_verb_of_a_metric_s_stem_is_refused_by_name():
    # "the total amount Acme may borrow under its revolving credit agreements" is a capacity, not
    # total debt; "what net proceeds did Acme receive" no receivables
    vocab = load_vocabulary()
    borrow = read_target("As of May 26, 2023, what is the total amount Acme may borrow under its unsecured revolving "
                         "credit agreements?", vocab)
    assert borrow is not None and borrow.unresolved == "the question asks for borrow, which is not Total debt"
    receive = read_target("What net proceeds did Acme receive from the August 2023 notes offering?", vocab)
    assert receive is None or (receive.unresolved or "").startswith("the question asks for receive")


class _Filings:
    """A retriever that holds one filing's pages and finds nothing more: the evidence reads whole pages."""

    def __init__(self, chunks: list) -> None:
        from retrieval.page_rerank import FilingPages

        self._filing = FilingPages(chunks)

    def filing(self, doc: str):
        return self._filing

    def search(self, *args, **kwargs) -> list:
        return []


def test_a_per_share_line_is_read_under_its_section_in_any_order_of_its_words():
    # Canadian Banc's "Ratios and Supplemental Data" prints "Closing market price (TSX):" over
    # "Class A shares $13.40 $13.20 ..." under "Years ended November 30 / 2022 2021 ...": the
    # question's "closing TSX market price of the Class A share" is that row, as printed
    from answering.metric_answer import Evidence, with_lines

    bank = filing("filings-wild/pdfs/CanadianBancCorp_2022_AnnualReport.pdf")
    target = read_target("At November 30, 2022, at what premium (or discount) to its net asset value did Canadian "
                         "Banc Corp.'s Class A share trade? Define it as: (closing TSX market price of the Class A "
                         "share - net assets per Class A share) / net assets per Class A share, both at November 30, "
                         "2022. Express as a percentage rounded to one decimal place.", load_vocabulary())
    assert target is not None
    evidence = Evidence(bank[0].company or "", 2022, hits(bank, [7]), with_lines(load_vocabulary(), target))
    evidence.question_lines = set(target.lines)
    price = evidence.get("line_closing_tsx_market_price_of_the_class_a_share", 2022)
    assert price.value == 13.40 and price.quote.startswith("Class A shares $13.40")  # not the Preferred shares'
    # a row with a word less ("Closing market price (TSX):" / "Preferred shares") is another line
    target.lines["line_closing_tsx_market_price"] = "closing TSX market price of the Class B share"
    evidence = Evidence(bank[0].company or "", 2022, hits(bank, [7]), with_lines(load_vocabulary(), target))
    evidence.question_lines = set(target.lines)
    with pytest.raises(Missing):
        evidence.get("line_closing_tsx_market_price", 2022)


def test_a_row_of_a_chunk_cut_from_its_table_is_read_at_the_page_s_scale():
    # Patriot's 2017 annual report: the cash flow statement's "(In thousands)" heads the page,
    # and the chunk holding "Purchase of property and equipment ... (6,332)" states no scale
    from answering.metric_answer import Evidence

    patriot = filing("filings-wild/pdfs/PatriotTransportation_2017_AnnualReport.pdf")
    evidence = Evidence(patriot[0].company or "", 2017, hits(patriot, [16]), load_vocabulary(),
                        retriever=_Filings(patriot))  # type: ignore[arg-type]
    capex = evidence.get("capex", 2017)
    assert capex.value == 6.332 and capex.quote.startswith("Purchase of property and equipment")


def test_a_named_line_of_a_release_is_read_off_the_pages_no_hit_is_from():
    # eBay's Q1 2023 release: the question's words retrieve the highlights page, and "Total Gross
    # Merchandise Volume" stands in the operating data table of another page: the filing is read whole
    from answering.metric_answer import Evidence, with_lines

    ebay_q1 = filing("financebench-extra/pdfs/EBAY_2023Q1_EARNINGS.pdf")
    target = read_target("What were eBay's net revenues as a percentage of gross merchandise volume in the first "
                         "quarter of 2023? Define it as net revenues / GMV. Express as a percentage rounded to two "
                         "decimal places.", load_vocabulary())
    assert target is not None and target.quarter == 1
    evidence = Evidence(ebay_q1[0].company or "", 2023, hits(ebay_q1, [0]), with_lines(load_vocabulary(), target),
                        period="Q1", retriever=_Filings(ebay_q1))  # type: ignore[arg-type]
    evidence.question_lines = set(target.lines)
    gmv = evidence.get("line_gmv", 2023)
    assert gmv.value == 18410.0 and gmv.quote.startswith("Total Gross Merchandise Volume $ 18,410")


def test_a_release_row_is_named_by_the_caption_it_is_under(services):
    """Salesforce's Q2 FY2024 release prints "Subscription and support" under "Revenues:" and under "Cost of
    revenues (1)(2):"; the question's "subscription and support revenue" and "... cost of revenues" are
    those two rows, in the quarter's column (p.6, one-based)."""
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2024Q2_EARNINGS.pdf")
    a = ask("What was Salesforce's subscription and support gross margin in Q2 FY2024 (quarter ended July 31, 2023)? "
            "Use (subscription and support revenue - subscription and support cost of revenues) / subscription and "
            "support revenue. Answer in percent, rounded to one decimal place.", salesforce, [5], services)
    assert (a.status, a.value) == ("answered", 81.1), a.text  # (8,006 - 1,515) / 8,006


def test_the_revenue_a_part_generates_is_that_part_s_never_the_company_s():
    from answering.metric_target import read_target
    from finrag.vocabulary import load_vocabulary

    vocab = load_vocabulary()
    part = read_target("How much revenue did eBay's first-party advertising products generate in Q2 FY2023?", vocab)
    assert part is not None and "first-party advertising products revenue" in (part.unresolved or ""), part
    whole = read_target("How much revenue did eBay generate in Q2 FY2023?", vocab)
    assert whole is not None and whole.unresolved is None and whole.formula == "revenue"


def test_a_qualifier_that_opens_one_line_opens_the_other_though_a_wording_of_the_total_holds_the_word():
    # "services" is a word of "cost of goods and services sold", a wording of the total cost of revenue; said first, as
    # in "Services net sales", it names the Services row under "Cost of sales:" (Apple's FY2022: 22,075, not 223,546)
    target = read_target("What was Apple's FY2022 gross margin on its Services business? Compute it as (Services net "
                         "sales - Services cost of sales) / Services net sales.", load_vocabulary())
    assert target is not None
    assert target.formula == "(line_services_net_sales - line_services_cost_of_sales) / line_services_net_sales"


@pytest.mark.parametrize("question", [
    "What were Apple's Services net sales in the third quarter of fiscal 2023?",
    'What were the Services net sales of "Apple Inc." in the third quarter of fiscal 2023 (in USD)? If data is not '
    "available, return 'N/A'.",
])  # fmt: skip
def test_a_line_named_by_its_source_before_the_measures_full_name_is_that_row(services, question):
    """Apple's Q3 FY2023 10-Q prints "Net sales:" then "Products $ 60,584" and "Services 21,213": "Services net sales"
    is the Services row of the quarter's column, never total net sales ($81,797M)."""
    apple = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    written = ask(question, apple, [3], services)
    assert written.status == "answered" and written.value == pytest.approx(21_213.0), written.text
    assert "81,797" not in written.text


def test_a_plain_word_or_the_company_before_a_measures_full_name_names_no_line():
    vocab = load_vocabulary()
    # a lower-case word before the measure's full name is its own wording ("total", "GAAP", "cash dividends paid");
    # the company's name is no line's source
    for question in ("What were Apple's total net sales in FY2022?", "What were Apple Inc. net sales in FY2022?",
                     "What was Apple's GAAP net income in FY2022?"):
        target = read_target(question, vocab, ["Apple Inc."])
        assert target is not None and not target.lines, (question, target)
