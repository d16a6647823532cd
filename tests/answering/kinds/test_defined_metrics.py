"""Metric questions answered by the formula they define, on real filings (Adobe FY2021, Amazon
FY2022, Best Buy FY2022, Costco FY2022, Activision Blizzard FY2022 10-Ks): "Defined as: ..." in
a sentence of its own is the formula; a metric is "not meaningful" only by a line its own formula
reads; a segment's line is read under the segment's name; rows a text layer ran together are
read one by one; capital intensity rests on capex and PP&E, not on total assets."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


def _statement_pages(chunks, *tags):
    return sorted({c.page for c in chunks if set(tags) & set(c.tags)})


def _whole_pages(chunks):
    """Each page's chunks as one chunk, as the metric path reads a statement's page whole (through
    the retriever's filing pages): a row cut at a chunk's end goes on in the next chunk."""
    pages: dict[int, list] = {}
    for c in chunks:
        pages.setdefault(c.page, []).append(c)
    return [cs[0].model_copy(update={"text": "\n".join(c.text for c in cs)}) for _, cs in sorted(pages.items())]


@pytest.fixture(scope="module")
def adobe():
    return filing("financebench/pdfs/ADOBE_2021_10K.pdf")


@pytest.fixture(scope="module")
def amazon():
    return filing("financebench/pdfs/AMAZON_2022_10K.pdf")


@pytest.fixture(scope="module")
def bestbuy():
    return filing("financebench/pdfs/BESTBUY_2022_10K.pdf")


@pytest.fixture(scope="module")
def costco():
    return filing("financebench/pdfs/COSTCO_2022_10K.pdf")


@pytest.fixture(scope="module")
def activision():
    return filing("financebench/pdfs/ACTIVISIONBLIZZARD_2022_10K.pdf")


def test_a_defined_quick_ratio_is_computed_though_the_balance_sheet_has_no_inventories(adobe, services):
    # the quick ratio never needs an inventories line when the question says what it adds up
    written = ask("What is Adobe's quick ratio at the end of FY2021 (December 3, 2021)? Defined as: (cash and cash "
                  "equivalents + short-term investments + trade receivables, net) / total current liabilities, from "
                  "the balance sheet. Round to two decimal places.", adobe, _statement_pages(adobe, "balance_sheet"),
                  services)
    assert written.status == "answered" and written.kind == "metric", written.text
    assert "1.11" in written.text and "not a meaningful" not in written.text


def test_a_segments_operating_margin_is_read_from_the_segment_note(amazon, services):
    written = ask("What was the FY2022 operating margin of Amazon's AWS segment? Defined as: AWS segment operating "
                  "income / AWS segment net sales. Answer in percent, rounded to one decimal place.", amazon,
                  _statement_pages(amazon, "segment_note", "income_statement"), services)
    assert written.status == "answered", written.text
    assert "28.5%" in written.text  # 22,841 / 80,096, not the consolidated 12,248 / 513,983 (2.4%)


def test_rows_run_together_by_the_text_layer_are_read_one_by_one(bestbuy, services):
    # "Less accumulated depreciation 6,091 6,996 Net property and equipment 2,250 2,260 ... Accounts payable
    # $ 6,803 $" / "6,979 ...": each row its own, the cut one completed from the next line
    written = ask("What is Best Buy's FY2022 days payable outstanding (fiscal year ended January 29, 2022)? Defined "
                  "as: 365 * (average accounts payable between FY2021 and FY2022 year-ends) / FY2022 cost of sales. "
                  "Round to two decimal places.", _whole_pages(bestbuy),
                  _statement_pages(bestbuy, "balance_sheet", "income_statement"), services)
    assert written.status == "answered", written.text
    assert "62.69" in written.text


def test_a_judgement_over_a_defined_ratio_computes_the_definition(bestbuy, services):
    written = ask("Does Best Buy have a healthy liquidity profile based on its quick ratio at the end of FY2022 "
                  "(January 29, 2022)? Quick ratio defined as (cash and cash equivalents + receivables, net) / total "
                  "current liabilities.", _whole_pages(bestbuy), _statement_pages(bestbuy, "balance_sheet"), services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "0.37" in written.text


def test_the_growth_of_a_line_named_in_the_questions_words_is_that_lines(costco, services):
    written = ask("What was the year-over-year growth in Costco's membership fee revenue from FY2021 to FY2022? "
                  "Answer in percent, rounded to one decimal place.", costco,
                  _statement_pages(costco, "income_statement"), services)
    assert written.status == "answered", written.text
    assert "9.0%" in written.text and "4,224" in written.text


def test_capital_intensity_rests_on_capex_and_ppe_not_on_intangible_heavy_assets(activision, services):
    # total assets are 3.64x revenue, but goodwill and intangibles, not plant: capex 1.2% of revenue,
    # net PP&E 0.7% of total assets
    written = ask("Is Activision Blizzard a capital-intensive business based on FY2022 data?", activision,
                  _statement_pages(activision, "balance_sheet", "income_statement", "cash_flow"), services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "1.2% of revenue" in written.text and "0.7% of total assets" in written.text


@pytest.fixture(scope="module")
def boeing2021():
    return filing("financebench/pdfs/BOEING_2021_10K.pdf")


def test_costs_the_defined_formula_adds_are_read_as_costs_though_printed_as_deductions(boeing2021, services):
    # "Cost of products (49,954)" / "Cost of services (9,283)": a turnover of costs, positive
    written = ask("What is Boeing's FY2021 inventory turnover ratio? Defined as: (cost of products + cost of services) "
                  "/ average inventories between FY2020 and FY2021 year-ends. Round to two decimal places.", boeing2021,
                  _statement_pages(boeing2021, "balance_sheet", "income_statement"), services)
    assert written.status == "answered", written.text
    assert "0.74" in written.text and "-0.74" not in written.text


def test_a_count_asked_is_stated_by_a_number_of_the_things_counted(costco, services):
    pages = sorted({c.page for c in costco if "operated 838" in c.text})
    written = ask("How many warehouses did Costco operate at the end of FY2022 (August 28, 2022), and how many were in "
                  "the United States?", costco, pages, services)
    assert written.status == "answered", written.text
    assert "838 warehouses" in written.text and "578 in the United States" in written.text


@pytest.fixture(scope="module")
def oracle2023():
    return filing("financebench-extra/pdfs/ORACLE_2023_10K.pdf")


def test_more_capital_intensive_is_a_change_of_capex_to_revenue_between_the_two_years(oracle2023, services):
    # Oracle FY2023 10-K, cash flow statement "Capital expenditures (8,695 ) (4,511 )" (its text layer
    # spaces the parenthesis off) over total revenues 49,954 / 42,440: 10.6% -> 17.4%. A level in
    # one year (net PP&E is 12.7% of total assets) answers "is it", not "did it become more"
    # (the cash flow statement's capex row sits in a chunk below its header: the MD&A's table of
    # cash flows, p.55, prints it with its years)
    written = ask("Did Oracle become more capital intensive in fiscal 2023?", oracle2023,
                  [*_statement_pages(oracle2023, "income_statement", "cash_flow"), 54], services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert "from 10.6% of revenue (FY2022) to 17.4% (FY2023)" in written.text


@pytest.fixture(scope="module")
def mcdonalds2022():
    return filing("financebench-extra/pdfs/MCDONALDS_2022_10K.pdf")


def test_a_remark_in_the_questions_formula_names_the_line_it_is_printed_with(mcdonalds2022, services):
    # "interest expense (net of capitalized interest)": McDonald's prints "Interest expense-net of
    # capitalized interest of $9.5, $6.8 and $6.0 1,207.0 1,185.8 1,218.1"; the parenthesis is no
    # operand, and the amounts inside the label are no columns
    written = ask("What was McDonald's interest coverage ratio for FY2022, defined as operating income divided by "
                  "interest expense (net of capitalized interest)? Round to two decimal places.", mcdonalds2022,
                  _statement_pages(mcdonalds2022, "income_statement"), services)
    assert written.status == "answered", written.text
    assert "7.76" in written.text and "$1,207.0M" in written.text


def test_a_statement_whose_header_runs_into_its_first_row_is_read_below_it(services):
    # Netflix FY2022 10-K p.42: "2022 2021 2020 Cash flows from operating activities: Net income $ ..."
    # in one chunk, "Net cash provided by operating activities 2,026,257 ..." in the next
    netflix = filing("financebench/pdfs/NETFLIX_2022_10K.pdf")
    written = ask("Compute Netflix's FY2022 free cash flow margin, where free cash flow = net cash provided by operating "
                  "activities minus purchases of property and equipment and the margin is FCF divided by revenues. "
                  "Round to one decimal.", netflix, [39, 41], services)
    assert written.status == "answered", written.text
    assert "5.1%" in written.text and "$2,026.3M - $407.7M" in written.text


def test_does_one_amount_cover_another_is_the_first_against_the_second(services):
    # Kraft Heinz FY2022 10-K cash flow statement: operating cash flow 2,469, capital expenditures (916),
    # dividends paid (1,960): free cash flow of 1,553 does not cover the dividends
    kraft = filing("financebench/pdfs/KRAFTHEINZ_2022_10K.pdf")
    written = ask("Did Kraft Heinz's FY2022 free cash flow (cash from operations minus capital expenditures) cover its "
                  "dividend payments?", kraft, _statement_pages(kraft, "cash_flow"), services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "free cash flow $1,553.00 million against dividends paid $1,960.00 million (free cash flow covers it 0.79x; 126.2% of free cash flow)" \
        in written.text


def test_a_formula_written_after_an_operand_defines_that_operand(services):
    # Boeing FY2018 10-K cash flow statement: operating cash flow 15,322, property, plant and equipment
    # additions (1,722), common shares repurchased (9,000), dividends paid (3,946): the parenthesis
    # defines free cash flow, which the share divides by
    boeing = filing("financebench/pdfs/BOEING_2018_10K.pdf")
    written = ask("In fiscal 2018, what percentage of Boeing's free cash flow (net cash provided by operating activities "
                  "minus property, plant and equipment additions) was returned to shareholders through dividends paid "
                  "and common share repurchases?", boeing, _statement_pages(boeing, "cash_flow"), services)
    assert written.status == "answered", written.text
    assert "95.2%" in written.text and "($3,946.0M + $9,000.0M) / ($15,322.0M - $1,722.0M)" in written.text


def test_an_amount_and_its_share_of_another_are_both_given(services):
    # Corning FY2021 10-K: operating cash flow 3,412, capital expenditures (1,637), net sales 14,082
    corning = filing("financebench/pdfs/CORNING_2021_10K.pdf")
    written = ask("What was Corning's free cash flow in fiscal year 2021, calculated as net cash provided by operating "
                  "activities minus capital expenditures (in USD millions), and what was it as a percentage of 2021 net "
                  "sales (one decimal place)?", corning,
                  _statement_pages(corning, "cash_flow", "income_statement"), services)
    assert written.status == "answered", written.text
    assert "12.6%" in written.text and "Free cash flow = Cash from operations - Capital expenditures = " \
        "$3,412.0M - $1,637.0M = $1,775.0M" in written.text


def test_gross_profit_is_revenue_less_the_cost_of_revenue_where_no_line_prints_it(services):
    # Meta FY2022 10-K: "Revenue", "Costs and expenses: Cost of revenue ...", no gross profit line
    meta = _whole_pages(filing("filings-wild/pdfs/MetaPlatforms_2022_10-K.pdf"))
    written = ask("What is Meta's FY2022 gross margin?", meta, _statement_pages(meta, "income_statement"), services)
    assert written.status == "answered" and written.value is not None, written.text
    assert "Gross margin = (Revenue - Cost of revenue) / Revenue = ($116,609.0M - $25,249.0M) / $116,609.0M" \
        in written.text
    # Costco FY2021: "Merchandise costs" pair with net sales, not with the total revenue that holds membership
    # fees; a margin on the total would be another quantity than Costco's own gross margin percentage
    costco = _whole_pages(filing("financebench/pdfs/COSTCO_2021_10K.pdf"))
    refused = ask("What was Costco's gross margin in FY2021?", costco, _statement_pages(costco, "income_statement"),
                  services)
    assert refused.status == "not_found" and "Gross profit FY2021" in refused.text, refused.text


def test_a_line_named_with_its_carrying_basis_is_that_line(services):
    # McDonald's FY2022 10-K balance sheet: "Inventories, at cost, not in excess of market 52.0 ..."
    mcd = _whole_pages(filing("financebench-extra/pdfs/MCDONALDS_2022_10K.pdf"))
    written = ask("What is the year end FY2022 total amount of inventories for McDonald's? Answer in USD millions. "
                  "Base your judgments on the information provided primarily in the balance sheet.", mcd,
                  _statement_pages(mcd, "balance_sheet"), services)
    assert written.status == "answered" and written.value == pytest.approx(52.0), written.text
    # cost alone names the gross line, which "less accumulated depreciation" follows: never the net one
    from loaders.facts import without_contra_tail

    assert without_contra_tail("Property and equipment, at cost") == "Property and equipment, at cost"
    assert without_contra_tail("Inventories, at lower of cost or market") == "Inventories"
