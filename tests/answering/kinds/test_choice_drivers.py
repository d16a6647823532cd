"""A pick and what drove it: the item ranked by its part of a change, read from the table of the
items, its share of the total when asked, and the filing's own sentences on why that item moved
(Apple's FY2021 10-K, NVIDIA's FY2024 10-K, Uber's FY2021 10-K)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def apple():
    return filing("financebench-extra/pdfs/APPLE_2021_10K.pdf")


def test_a_pick_by_its_dollar_part_of_the_increase_with_its_own_cause(apple, services):
    # p.24: "2021 Change 2020 Change 2019" over "iPhone $ 191,973 39 % $ 137,781 (3) % $ 142,381": the
    # change columns between the years are no year's amounts; iPhone added $54.2B of the $91.3B
    written = ask("Apple's net sales rose sharply in fiscal 2021. Which product or service category contributed "
                  "the most to the increase in dollar terms, what drove it, and did every category grow?",
                  apple, [23], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("iPhone (+54,192 (millions), +39.3% (137,781 in 2020 to 191,973 in 2021)) "
                                   "contributed the most to the increase among the product or service category"), written.text
    assert "2. Services: +14,657" in written.text and "Yes: all 5 grew" in written.text
    # the cause is iPhone's own, never the company's or another category's
    assert "iPhone net sales increased during 2021 compared to 2020 due primarily to higher net sales from the " \
           "Company’s new iPhone models" in written.text
    assert "Mac net sales" not in written.text


@pytest.fixture(scope="module")
def nvidia():
    return filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")


def test_which_segment_drove_the_growth_is_read_from_the_segment_table_not_the_markets_one(nvidia, services):
    # p.84 ranks markets (Data Center, Gaming, ...), p.41 "Revenue by Reportable Segments" under a header
    # cut one cell a line ("$", "Change", "%"): the question asks which reportable segment
    written = ask("Which of NVIDIA's two reportable segments drove its revenue growth in fiscal year 2024, what "
                  "share of total revenue did it represent, and why did it grow?", nvidia, [83, 40], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Compute & Networking (+32,337 (millions)"), written.text
    assert "Compute & Networking was 77.8% of Total" in written.text
    # its revenue's cause (the table cut "Compute &" off the sentence's start), not its operating income's
    assert "Compute & Networking revenue – The year-on-year increase was due to higher Data Center revenue." \
        in written.text
    assert "operating income was driven by" not in written.text


def test_a_segment_picked_by_its_level_with_the_cause_of_its_growth(services):
    # Uber's p.60 revenue by segment, p.61: "Delivery revenue increased primarily attributable to ..."
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    written = ask("Which of Uber's reportable segments generated the most revenue in 2021, and what drove that "
                  "segment's revenue growth compared with 2020?", uber, [58, 59, 127, 60], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Delivery (8,362 (millions)) ranks highest (the most revenue among the "
                                   "reportable segments)"), written.text
    assert "Delivery revenue increased primarily attributable to an increase in Delivery Gross Bookings" in written.text


def _capex_pages(chunks):
    return sorted({c.page for c in chunks if "capital expenditures by asset category and reportable segment" in c.text})


_CAPEX = ("Which FedEx reportable segment accounted for the largest share of capital expenditures in FY2023, and why "
          "did total capital expenditures fall compared with FY2022?")


def test_a_pick_then_why_the_total_fell_gives_the_totals_causes_from_the_segment_part_of_the_table(services):
    # FedEx's FY2023 annual report: "capital expenditures by asset category and reportable segment": the
    # asset categories end at "Total capital expenditures", the segments follow under the same header
    # ("2023 2022 Percent Change"); the why-part asks about the total, not the picked segment
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf")
    written = ask(_CAPEX, fedex, _capex_pages(fedex), services)
    assert written.status == "answered", written.text
    assert written.text.startswith("FedEx Express segment (3,055 (millions)) ranks highest"), written.text
    assert "Aircraft and related equipment" not in written.text.split("Ranking:")[1].split(".")[0]
    assert "primarily due to decreased spending on aircraft" in written.text


def test_asset_categories_under_a_caption_by_category_and_segment_are_no_segments(services):
    # the 10-K prints the same table with the segment rows unread: the categories are never the pick
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_10K.pdf")
    written = ask(_CAPEX, fedex, _capex_pages(fedex), services)
    pick, _, why = written.text.partition("What drove the total's change:")
    assert pick.startswith("FedEx Express segment (3,055 (millions)) ranks highest"), written.text
    assert "Package handling" not in pick, written.text
    assert "primarily due to decreased spending on aircraft and related equipment at FedEx Express" in why


def test_grew_fastest_is_the_highest_growth_in_the_asked_quarters_columns(services):
    # Salesforce's Q3 FY2023 10-Q p.17: "Three Months Ended ... Nine Months Ended ... 2022 2021 2022 2021"
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023Q3_10Q.pdf")
    written = ask("Which of Salesforce's subscription and support service offerings grew fastest in the third quarter "
                  "of fiscal 2023 (quarter ended October 31, 2022), and by how much?", salesforce, [16], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Platform and Other (+18.5% (1,277 in 2021 to 1,513 in 2022)) ranks highest"), \
        written.text


def test_a_header_printed_one_cell_a_line_is_read_by_its_years(services):
    # Pfizer's Q2 2023 10-Q p.38: "July 2," / "2023" / "July 3," / "2022" / "%" / "Change" twice over
    # "United States $ 6,185 $ 11,222 (45) $ 14,692 $ 20,140 (27)": the quarter's columns, no change
    # column read as a year's amount
    pfizer = filing("financebench/pdfs/Pfizer_2023Q2_10Q.pdf")
    written = ask("For Pfizer, which geographic region had the biggest drop in Q22023 year over year revenues (on a "
                  "percentage basis)?", pfizer, [37], services)
    assert written.text.startswith("Developed Rest of World (-74.1% (5,034 in 2022 to 1,305 in 2023)) ranks lowest (the "
                                   "largest fall in revenue among the geographic region)"), written.text


def test_categories_of_one_market_are_ranked_under_that_markets_caption(services):
    # Best Buy's Q2 FY2024 10-Q p.13: "Revenue by product category" then "Domestic:": categories,
    # though a place heads them
    bestbuy = filing("financebench/pdfs/BESTBUY_2024Q2_10Q.pdf")
    written = ask("Which Best Buy product category performed the best (by top line) in the domestic (USA) Market "
                  "during Q2 of FY2024?", bestbuy, [12], services)
    assert written.text.startswith("Entertainment (+7.1% (508 in 2022 to 544 in 2023))"), written.text


def test_subtotals_inside_one_list_leave_the_table_whole():
    from answering.kinds.tables import _parts
    from answering.numbers import split_row

    rows = [split_row(line) for line in ["Canada 1,000 900", "Mexico 800 700", "Total North America 1,800 1,600",
                                         "United Kingdom 5,000 4,000", "Germany 2,000 1,900",
                                         "Total Europe 7,000 5,900", "Total net sales 8,800 7,500"]]
    assert [len(p) for p in _parts(rows)] == [7]  # every region ranks, the UK first
    # the same total printed twice: the amounts by asset category, then by segment
    again = [split_row(line) for line in ["Aircraft 3,000 3,500", "Vehicles 3,174 3,263", "Total 6,174 6,763",
                                          "Express 3,055 3,500", "Ground 3,119 3,263", "Total 6,174 6,763"]]
    assert [len(p) for p in _parts(again)] == [3, 3]


def test_a_row_the_question_names_as_its_measure_is_no_item_to_rank():
    from answering.kinds.choice import _names_item

    asked = "Which of Acme's service offerings grew its subscription and support revenue fastest in the quarter?"
    assert _names_item(asked, "Subscription and support")  # the measure: a table of measures, not of offerings
    assert not _names_item(asked, "Service")  # one word may be the dimension's own ("service offerings")
    assert not _names_item(asked, "Data Cloud")
    listed = "Among operations, investing, and financing activities, which brought in the most cash flow for Acme?"
    assert not _names_item(listed, "financing activities (Total cash used in financing activities)")


@pytest.fixture(scope="module")
def salesforce_q1():
    return filing("financebench-extra/pdfs/SALESFORCE_2024Q1_EARNINGS.pdf")


def test_items_ranked_by_a_measure_the_question_names_come_from_the_table_that_measure_heads(salesforce_q1, services):
    # Q1 FY2024 10-Q: the income statement's "Subscription and support" row is the question's measure; p.10
    # "Subscription and support revenues consisted of the following": Sales ... Data, their total printed
    # unlabelled at the top of the next chunk ("$ 7,642 $ 6,856"); "which was the largest" the level pick
    statement = sorted({c.page for c in salesforce_q1 if "Professional services and other" in c.text})[:1]
    written = ask("Which of Salesforce's service offerings grew its subscription and support revenue fastest in the "
                  "first quarter of fiscal 2024, and which was the largest?", salesforce_q1, [*statement, 9], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Data (+18.4% (955 in 2022 to 1,131 in 2023)) ranks highest (the fastest growth "
                                   "in subscription and support revenue among the service offerings)"), written.text
    assert "Which was the largest? Service, at 1,964 (millions) in 2023" in written.text
