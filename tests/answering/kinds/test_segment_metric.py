"""One segment's revenue growth or operating margin, read from the filing's segment table: rows that
are the segments, adding up to the table's total, under the asked period's columns (Uber's FY2021
10-K, Alphabet's Q2 2023 release, PepsiCo's Q1 2023 release, whose table the chunker cut in two)."""

from __future__ import annotations

import pytest

from answering.kinds.segment_metric import asked_part
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def uber():
    return filing("filings-wild/pdfs/Uber_2021_10-K.pdf")


@pytest.fixture(scope="module")
def alphabet():
    return filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q2.pdf")


@pytest.fixture(scope="module")
def pepsico():
    return filing("financebench/pdfs/PEPSICO_2023Q1_EARNINGS.pdf")


def test_the_part_is_named_by_the_words_before_segment_or_division():
    assert asked_part("By what percentage did Uber's Delivery segment revenue grow?", ["Uber"]) == "Delivery"
    assert asked_part("the operating margin of PepsiCo's Frito-Lay North America division", ["PepsiCo"]) \
        == "Frito-Lay North America"
    assert asked_part("How did Alphabet's segments grow?", ["Alphabet"]) is None


def test_segment_revenue_growth_from_the_segment_table_of_a_10k(uber, services):
    # p.60: "Mobility $ 6,089 $ 6,953 14 % / Delivery 3,904 8,362 114 % / ... / Total revenue $ 11,139 $ 17,455"
    written = ask("By what percentage did Uber's Delivery segment revenue grow in fiscal year 2021 compared with "
                  "fiscal year 2020? Answer in percent, rounded to one decimal place.", uber, [59, 60], services)
    assert written.status == "answered", written.text
    assert written.value == 114.2
    assert "Delivery 3,904 8,362" in written.citations[0].quote


def test_segment_revenue_growth_of_a_quarter_from_a_release(alphabet, services):
    # p.1: Google Cloud 6,276 8,031 under "Quarter Ended June 30, 2022 2023", inside a table whose
    # "Google Services total" stands for the rows above it, all adding up to "Total revenues"
    written = ask("By what percentage did Alphabet's Google Cloud segment revenue grow year over year in Q2 2023 "
                  "(quarter ended June 30, 2023)? Round to one decimal place.", alphabet, [0, 1], services)
    assert written.status == "answered", written.text
    assert written.value == 28.0


def test_division_operating_margin_from_a_table_cut_between_chunks(pepsico, services):
    # p.4: Net Revenue by division, then Operating Profit/(Loss) by division, cut by the chunker after
    # "PepsiCo Beverages North America" (its rest, up to "Total $ 2,629", opens the next chunk)
    written = ask("What was the operating margin of PepsiCo's Frito-Lay North America division in Q1 2023 (12 weeks "
                  "ended March 25, 2023)? Operating margin = division operating profit / division net revenue. "
                  "Answer in percent, rounded to two decimal places.", pepsico, [3, 4], services)
    assert written.status == "answered", written.text
    assert written.value == 28.64  # 1,599 / 5,583


def test_no_segment_table_of_the_measure_is_no_answer(uber, services):
    # Uber's segments report adjusted EBITDA, not operating income: no margin is read from it
    written = ask("What was the operating margin of Uber's Delivery segment in fiscal year 2021?", uber, [59, 60],
                  services)
    assert written.status != "answered" or "segment table" not in written.text


def test_a_quarter_is_not_read_from_a_years_columns(uber, services):
    written = ask("By what percentage did Uber's Delivery segment revenue grow year over year in Q4 2021? Answer in "
                  "percent.", uber, [59, 60], services)
    assert "segment table" not in written.text



def test_whether_a_segment_is_profitable_is_the_sign_of_its_operating_income_in_the_segment_table(services):
    # Meta's Q1 2023 release, p.10: "Income (loss) from operations: Family of Apps $ 11,219 $ 11,484 / Reality Labs
    # (3,992) (2,960) / Total income from operations $ 7,227 $ 8,524"
    meta = filing("filings-wild/pdfs/MetaPlatforms_2023_EarningsRelease_Q1.pdf")
    labs = ask("Is Meta's Reality Labs segment profitable in Q1 2023?", meta, [9], services)
    assert labs.status == "answered" and labs.text.startswith("No. Reality Labs segment operating loss in Q1 2023: "
                                                              "-$3,992 million"), labs.text
    apps = ask("Is Meta's Family of Apps segment profitable in Q1 2023?", meta, [9], services)
    assert apps.status == "answered" and apps.text.startswith("Yes. Family of Apps"), apps.text


def test_which_segment_made_a_loss_is_read_from_the_segment_table_by_the_sign_of_its_result(services):
    # Meta's FY2022 10-K, p.119: "Income (loss) from operations: Family of Apps $ 42,661 ... Reality Labs (13,717) ...
    # Total income from operations $ 28,944" (a choice's list of both segments names neither)
    meta = filing("filings-wild/pdfs/MetaPlatforms_2022_10-K.pdf")
    loss = ask("Which of Meta's segments was unprofitable in FY2022?", meta, [71, 118], services)
    assert loss.status == "answered" and loss.text.split("\n\n")[0] == "Reality Labs", loss.text
    profit = ask("Which of Meta Platforms' reportable segments was profitable in FY2022?", meta, [71, 118], services)
    assert profit.status == "answered" and profit.text.split("\n\n")[0] == "Family of Apps", profit.text


def test_a_segment_profitable_on_another_basis_is_not_read_from_its_operating_result():
    from answering.kinds.segment_metric import asks_profitable

    assert asks_profitable("Is Meta's Reality Labs segment profitable in 2022?")
    assert not asks_profitable("Is Meta's Reality Labs segment profitable on a gross margin basis in 2022?")
    assert not asks_profitable("Is Meta's Reality Labs segment profitable in 2022, excluding stock-based compensation?")


def test_a_segment_below_a_subtotal_is_read_up_to_the_grand_total(services):
    """Nike's FY2018 10-K (p.73): "Total NIKE Brand" sums the geographies, then Converse and Corporate add up
    with it to "TOTAL NIKE, INC. REVENUES": Converse is a segment of that table. The question asks in the
    challenge's way ("What were the revenues of the Converse segment of "NIKE, Inc." ..."), an amount, no list."""
    nike = filing("financebench/pdfs/NIKE_2018_10K.pdf")
    written = ask('What were the revenues of the Converse segment of "NIKE, Inc." in fiscal 2018, in USD millions?',
                  nike, [72], services)
    assert (written.status, written.kind) == ("answered", "metric"), written.text
    assert written.text.startswith("Converse segment revenue in fiscal 2018: $1,886 million"), written.text


def test_a_brand_s_revenue_is_its_segment_row_not_the_company_s(services):
    """Nike's FY2023 10-K (p.90): "Converse 2,427 2,346 2,205". The consolidated revenue read for "the revenues of
    the Converse brand" was gated as the whole company's; the part's row is the answer."""
    nike = filing("financebench/pdfs/NIKE_2023_10K.pdf")
    written = ask('What were the revenues of the Converse brand of "NIKE, Inc." in fiscal 2023 (in USD millions)?',
                  nike, [89], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Converse segment revenue in fiscal 2023: $2,427 million"), written.text


def test_a_total_asked_around_a_brand_is_no_brand_s_figure(services):
    # "total revenues ..., including (excluding) the Converse brand": the whole asked, never the part's row
    nike = filing("financebench/pdfs/NIKE_2023_10K.pdf")
    for around in ("including", "excluding"):
        written = ask(f'What were the total revenues of "NIKE, Inc." in fiscal 2023, {around} the Converse brand (in USD '
                      "millions)?", nike, [89, 58], services)
        assert "$2,427" not in written.text.split("(")[0], written.text


def test_a_share_of_revenue_is_the_part_row_over_the_total_it_adds_up_to_in_one_table(services):
    """"What share of total revenues came from X" names X in its own words, a row of a table whose rows add up to
    its total: Oracle's FY2018 statement of operations (p.78), whose first row carries the table's heading
    ("Revenues: Cloud services and license support"); its deferred revenues note (p.105) adds up the same rows to a
    balance owed, no revenue; its MD&A (p.54) prints revenues as adjusted, another amount of the same share."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf")
    written = ask("What share of Oracle's FY2018 total revenues came from cloud services and license support? Answer "
                  "in units of percents and round to one decimal place.", oracle, [77, 104, 53], services)
    assert written.status == "answered", written.text
    assert written.value == 65.9 and "$26,254 million / $39,831 million" in written.text
    apple = filing("financebench-extra/pdfs/APPLE_2019_10K.pdf")
    iphone = ask("What percentage of Apple's FY2019 total net sales came from iPhone?", apple, [21], services)
    assert iphone.status == "answered" and iphone.value == 54.7, iphone.text
    # the whole in another of the measure's wordings is the same total
    assert ask("What percentage of Apple's FY2019 revenue came from iPhone?", apple, [21], services).value == 54.7
    # the total the rows add up to is the whole asked: "product net sales" are no "Total net sales"
    products = ask("What percentage of Apple's FY2019 product net sales came from iPhone?", apple, [21], services)
    assert products.value != 54.7, products.text
    # how a share moved between two years is not one year's row over its total
    moved = ask("What share of Apple's net sales came from iPhone in FY2019 compared with FY2018?", apple, [21],
                services)
    assert moved.status != "answered" or moved.value != 54.7, moved.text
