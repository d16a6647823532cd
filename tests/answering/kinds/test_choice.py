"""choice: the item that ranks first, read from the table that ranks the items, every value
shown and cited (Verizon's FY2021 and Boeing's FY2022 10-Ks)."""

from __future__ import annotations

import dataclasses

import pytest

from finrag.llm import Usage
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def verizon():
    return filing("financebench/pdfs/VERIZON_2021_10K.pdf")



def test_the_table_whose_caption_matches_is_ranked(verizon, services):
    # the notional-amounts table is cut from its caption by the chunker: the caption is read
    # from the previous chunk; the designated-derivatives table below repeats its labels
    written = ask("Which derivative instrument used by Verizon had the highest notional amount in FY2021?",
                  verizon, [84, 85, 83], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Cross currency swaps (32,502")
    assert "Interest rate swaps: 19,779" in written.text  # the ranking, with each value
    assert "Cross currency swaps 32,502 26,288" in [c.quote for c in written.citations]


def test_candidates_named_by_the_question_are_read_from_their_rows(boeing, services):
    written = ask("Among operating, investing and financing activities, which brought in the most cash for Boeing "
                  "in FY2022?", boeing, [58, 59, 54], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    # Boeing's investing activities brought in $4,370M in 2022 (sales of short-term investments),
    # more than operating activities' $3,512M; financing used $1,266M
    assert written.text.startswith("investing (Net cash provided/(used) by investing activities) (4,370"), written.text
    ranking = written.text.split("Ranking:")[1]
    assert ranking.index("operating activities): 3,512") < ranking.index("-1,266")
    assert all(any(word in c.quote for c in written.citations) for word in ("operating", "investing", "financing"))


def test_a_segment_ranking_comes_from_the_segment_table_not_the_contents_page(boeing, services):
    written = ask("Which segment of Boeing had the highest revenue in FY2022?", boeing, [2, 54, 61], services)
    assert written.text.startswith("Commercial Airplanes (25,867"), written.text
    assert "Boeing Capital: 199" in written.text


def test_a_drop_by_region_is_read_from_the_table_of_places(boeing, services):
    # Boeing's revenues by customer location (p.114): Europe is the one region whose revenue fell
    written = ask("Which region had the largest drop in revenue for Boeing in FY2022?", boeing, [61, 113], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Europe ("), written.text


def test_a_drop_by_region_is_never_read_from_a_table_of_segments(boeing, services):
    # only the business segments' table is retrieved: a segment is no region, so nothing is ranked
    written = ask("Which region had the largest drop in revenue for Boeing in FY2022?", boeing, [61], services)
    assert written.status == "not_found", written.text


def test_a_table_whose_caption_names_another_measure_ranks_nothing_for_the_asked_one(services):
    # Netflix's FY2015 10-K p.60: "The Company's long-lived tangible assets were located as follows:"
    # United States / International: places, but assets, not revenue
    netflix = filing("financebench/pdfs/NETFLIX_2015_10K.pdf")
    written = ask("Which region had the largest revenue decline for Netflix in FY2015?", netflix, [59], services)
    assert written.status == "not_found" and "International" not in written.text, written.text


def test_the_largest_decline_among_items_that_all_grew_is_refused(services):
    netflix = filing("financebench/pdfs/NETFLIX_2015_10K.pdf")
    written = ask("Which region had the largest decline in long-lived tangible assets for Netflix in FY2015?",
                  netflix, [59], services)
    assert written.status == "not_found" and "every one grew" in written.text, written.text


def test_a_drop_by_region_is_never_read_from_revenue_drivers_captioned_by_geographic_area(services):
    # Pfizer's Q2 2023 10-Q p.45: under "the change in worldwide revenues by geographic areas", a
    # table of drivers ("channel mix", "Revenues from recently acquired products"): no region
    pfizer = filing("financebench/pdfs/Pfizer_2023Q2_10Q.pdf")
    written = ask("For Pfizer, which geographic region had the biggest drop in Q22023 year over year revenues?",
                  pfizer, [44], services)
    assert "channel mix" not in written.text.split("Ranking")[0], written.text


@pytest.fixture(scope="module")
def uber():
    return filing("filings-wild/pdfs/Uber_2021_10-K.pdf")


def test_a_revenue_ranking_reads_a_header_of_years_then_a_change_column(uber, services):
    # Uber's FY2021 10-K p.60: "(In millions, except percentages) 2020 2021 2020 to 2021 % Change":
    # two year columns, then the change, whose "%" is not the revenue's
    written = ask("Which of Uber's segments generated the most revenue in 2021?", uber, [58, 59, 127], services)
    assert written.text.startswith("Delivery (8,362 (millions))"), written.text
    assert "Mobility: 6,953 (millions)" in written.text


def test_a_revenue_ranking_is_never_read_from_another_measures_table(uber, services):
    # p.128 holds the segment adjusted EBITDA table (cut in two, its second part Freight -130 and
    # All Other -11 under no caption) and revenue by geography (no segment): no revenue by segment
    written = ask("Which of Uber's segments generated the most revenue in 2021?", uber, [127], services)
    assert written.status == "not_found", written.text
    assert not any(word in written.text for word in ("All Other", "Freight", "United States")), written.text



def test_a_measure_is_read_from_its_own_group_of_columns(services):
    # PepsiCo's FY2022 10-K p.70: "Net Revenue Operating Profit/(Loss)" over "2022 2021 2020 2022
    # 2021 2020": the second group of columns is the operating profit (FLNA 6,135; PBNA's 26,213 is
    # its net revenue)
    pepsico = filing("financebench/pdfs/PEPSICO_2022_10K.pdf")
    written = ask("Which of PepsiCo's divisions had the highest operating profit in FY2022?", pepsico, [69], services)
    assert written.text.startswith("FLNA (6,135"), written.text
    assert "PBNA: 5,426" in written.text


def test_unearned_revenue_is_no_revenue(services):
    # Microsoft's FY2023 10-K p.86: "Unearned revenue by segment" and "Changes in unearned revenue"
    # (Balance, beginning of period; Deferral of revenue; ...): a balance, not the segments' revenue
    microsoft = filing("financebench/pdfs/MICROSOFT_2023_10K.pdf")
    written = ask("Which segment of Microsoft had the highest revenue in FY2023?", microsoft, [85], services)
    assert written.status == "not_found", written.text
    assert not any(w in written.text for w in ("Deferral of revenue", "27,572")), written.text


@pytest.fixture(scope="module")
def costco():
    return filing("financebench/pdfs/COSTCO_2022_10K.pdf")


def test_a_segment_ranking_is_never_read_from_a_table_of_product_categories(costco, services):
    # Costco's FY2022 10-K p.63: net sales "to the applicable merchandise categories" (Foods and
    # Sundries, Non-Foods, Fresh Foods): categories, not the segments (U.S., Canada, Other International)
    written = ask("Which segment of Costco had the highest net sales in FY2022?", costco, [62], services)
    assert "Foods and Sundries" not in written.text.split("Ranking")[0], written.text


def test_rates_are_no_amounts_of_the_asked_measure(costco, services):
    # p.25: "Increases in net sales: U.S. 17% Canada 16% Other International 10%" ranks growth, not net sales
    written = ask("Which segment of Costco had the highest net sales in FY2022?", costco, [24], services)
    assert written.status == "not_found", written.text


def test_a_question_joined_after_the_ranking_names_neither_its_measure_nor_a_change(uber, services):
    # wild2_02: "... the most revenue in 2021, and what drove that segment's revenue growth compared
    # with 2020?": the ranking is of 2021 revenue (not of growth); the drivers part, unanswered by a
    # ranking, refuses the whole (answering.kinds.every_part)
    written = ask("Which of Uber's reportable segments generated the most revenue in 2021, and what drove that "
                  "segment's revenue growth compared with 2020?", uber, [58, 59, 127], services)
    assert written.status == "not_found" and "found only: Delivery (8,362 (millions))" in written.text, written.text


def test_column_groups_of_another_dimension_are_read_in_their_first_group(services):
    # Pfizer's FY2022 10-K p.39: "Worldwide U.S. International" over three repeats of "2022 2021
    # 2020": no measure names the groups, so the first (worldwide) is read
    pfizer = filing("financebench/pdfs/PFIZER_2022_10K.pdf")
    written = ask("Which segment of Pfizer had the highest revenue in FY2022?", pfizer, [38], services)
    assert written.text.startswith("Biopharma (98,988"), written.text


def test_a_question_about_one_market_never_reads_another_markets_table(services):
    # Best Buy's Q2 FY2024 10-Q p.13: revenue by product category under "Domestic:", then the
    # international block (its total "Total International revenue") in the same chunk
    bestbuy = filing("financebench/pdfs/BESTBUY_2024Q2_10Q.pdf")
    written = ask("Which Best Buy product category performed the best (by top line) in the domestic (USA) Market "
                  "during Q2 of FY2024?", bestbuy, [12], services)
    assert "(37 in 2022 to 38 in 2023)" not in written.text, written.text


def test_topline_performance_is_revenue_by_region(services):
    """'Topline' in one word is revenue: Apple's FY2022 'Net sales by reportable segment' ranks
    its regions, Japan fell (-8.8%)."""
    apple = filing("financebench-extra/pdfs/APPLE_2022_10K.pdf")
    written = ask("Which region had the worst topline performance for Apple during FY2022?", apple, [24], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Japan")


def test_a_change_asked_for_a_year_the_table_does_not_print_is_refused(services):
    """Apple's FY2022 table prints 2022, 2021 and 2020: asked for FY2024 (printed 2024, or 2023 by a
    fiscal year's start), its 2021-2022 change would be another year's, so nothing is picked."""
    apple = filing("financebench-extra/pdfs/APPLE_2022_10K.pdf")
    written = ask("Which region had the worst topline performance for Apple during FY2024?", apple, [24], services)
    assert written.status == "not_found", written.text


def test_the_worst_of_regions_that_all_grew_grew_least(services):
    """NVIDIA FY2024 10-K p.84: every region's revenue grew; the worst is the smallest growth, never
    called a fall."""
    nvidia = filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")
    written = ask("Which region had the worst topline performance for NVIDIA during FY2024?", nvidia, [83], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Other countries")
    assert "smallest growth" in written.text and "fall" not in written.text


def test_shares_of_a_total_are_no_amounts_to_rank_by_change(services):
    """Accuray's FY2022 MD&A (p.81) prints net revenue, then each region's share of it ("Japan 13 %
    15 %"): a share's change is no region's revenue change, so nothing is ranked from it."""
    accuray = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask("Which region had the worst topline performance for Accuray during FY2022?", accuray, [80], services)
    assert written.status == "not_found", written.text


@pytest.fixture(scope="module")
def accuray():
    return filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")


def _chunk_hits(chunks, indexes):
    from finrag.models import SearchHit

    return [SearchHit(chunk=c, score=1.0) for i in indexes for c in chunks if c.index == i]


def test_a_table_cut_between_two_chunks_is_ranked_whole(accuray, services):
    """Accuray's FY2022 revenue by geographic region (p.135) is cut by the chunker after Americas
    and EMEA; Japan, the one region that fell, is in the next chunk with China and the total: the
    rest is read before ranking, and the five regions add up to the total (429,909)."""
    from answering.writer import write_answer
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog

    question = "Which region had the worst topline performance for Accuray during FY2022?"
    understanding = understand(question, catalog(accuray), services.vocabulary)
    first = next(c for c in accuray if c.page == 134 and "Americas $ 126,005" in c.text)
    written = write_answer(question, _chunk_hits(accuray, [first.index, first.index + 1]), understanding, services,
                           Usage())
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Japan (-14.8%"), written.text
    assert all(region in written.text for region in ("China: +9.0%", "Americas: +19.0%", "Asia Pacific"))


def test_the_rest_of_a_cut_table_is_read_from_the_filing_when_no_search_found_it(accuray, services):
    """Only the table's first chunk is retrieved: its rest is the filing's next chunk, read from the store."""
    from answering.writer import write_answer
    from retrieval.page_rerank import FilingPages
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog

    class Filings:  # the retriever's reading of a stored filing, over the loaded chunks
        def filing(self, doc):
            return FilingPages([c for c in accuray if c.doc == doc])

    question = "Which region had the worst topline performance for Accuray during FY2022?"
    understanding = understand(question, catalog(accuray), services.vocabulary)
    first = next(c for c in accuray if c.page == 134 and "Americas $ 126,005" in c.text)
    reading = dataclasses.replace(services, retriever=Filings())
    written = write_answer(question, _chunk_hits(accuray, [first.index]), understanding, reading, Usage())
    assert written.text.startswith("Japan (-14.8%"), written.text


def test_a_ranking_shows_every_row_of_a_table_cut_by_the_chunker(services):
    """PepsiCo's FY2022 10-K p.70: the divisions' net revenue table runs past its chunk after FLNA, QFNA,
    PBNA, LatAm and Europe (no total yet); AMESA, APAC and "Total division" (86,392) open the next chunk:
    the ranking is of all seven divisions, which add up to it."""
    pepsico = filing("financebench/pdfs/PEPSICO_2022_10K.pdf")
    written = ask("Which of PepsiCo's divisions had the highest net revenue in FY2022?", pepsico, [69], services)
    assert written.text.startswith("PBNA (26,213"), written.text
    assert "AMESA: 6,438" in written.text and "APAC: 4,787" in written.text, written.text


def test_items_named_otherwise_than_the_question_are_found_in_the_segment_note(services):
    """NVIDIA's Q1 FY2024 10-Q: "which market platform" is answered by the segment note's table of "the
    specialized markets we serve" (p.22), which no page the question's words bring back holds; a search
    for the measure by segment finds it, and the growth ranks Automotive first (296 against 138)."""
    from answering.writer import write_answer
    from finrag.models import SearchFilters, SearchHit
    from retrieval.page_rerank import FilingPages
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog, hits

    nvidia = filing("filings-wild/pdfs/NVIDIA_2024_10-Q_Q1.pdf")

    class Searches:  # the store's sparse search over the loaded chunks (header and text): the query's words
        def search(self, query: str, filters: SearchFilters | None = None, k: int = 8, mode: str | None = None):
            words = set(query.lower().split())
            ranked = sorted(nvidia, key=lambda c: -sum(w in f"{c.header} {c.text}".lower() for w in words))
            return [SearchHit(chunk=c, score=1.0) for c in ranked[:k]]

        def filing(self, doc):
            return FilingPages([c for c in nvidia if c.doc == doc])

    question = ("Which NVIDIA market platform had the highest year-over-year revenue growth rate in the first quarter "
                "of fiscal year 2024?")
    highlights = sorted({c.page for c in nvidia if "Automotive revenue for the first quarter" in c.text})
    understanding = understand(question, catalog(nvidia), services.vocabulary)
    written = write_answer(question, hits(nvidia, highlights), understanding,
                           dataclasses.replace(services, retriever=Searches()), Usage())
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Automotive (+114.5%"), written.text


def test_a_table_of_growth_rates_is_ranked_on_the_asked_year_s_rates(services):
    """McDonald's Q2 2023 release: "COMPARABLE SALES Increase/(Decrease)" prints each segment's growth
    ("U.S. 10.3 % 3.7 %", "International Developmental Licensed Markets & Corporate 14.0 16.0"): the highest
    growth is the highest rate of 2023, never the rate that moved most (the U.S., +178% from 3.7 to 10.3)."""
    mcd = filing("financebench-extra/pdfs/MCDONALDS_2023Q2_EARNINGS.pdf")
    page = next(c.page for c in mcd if "COMPARABLE SALES" in c.text and "International Operated Markets 11.9" in c.text)
    written = ask("Which McDonald's segment delivered the highest comparable sales growth in Q2 FY2023?", mcd, [page],
                  services)
    assert written.status == "answered", written.text
    assert written.text.startswith("International Developmental Licensed Markets & Corporate (14%)"), written.text


def test_a_region_is_ranked_only_from_a_table_of_places(boeing, services):
    # Boeing's FY2022 10-K, pp.114-116: revenue by customer location (Europe fell 8,967 -> 7,916) beside tables of
    # contract types in the same note; a contract type is no region
    written = ask("Which region had the worst topline performance for Boeing during FY2022?", boeing, [113, 114, 115],
                  services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Europe (-11.7%"), written.text
    assert "fixed-price" not in written.text


def test_the_segment_that_dragged_growth_down_is_the_largest_fall_in_segment_revenue(boeing, services):
    # "overall growth", no measure named: the segments' revenues; "dragged down": the amount each took off,
    # never the statement lines (income tax, interest) printed under the segments' earnings
    written = ask("Which segment dragged down Boeing's overall growth in FY2022?", boeing, [54, 61, 55], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Defense, Space & Security (-3,378 (millions)"), written.text
    assert "Income tax" not in written.text and "Interest" not in written.text


def test_a_footnote_marker_after_an_items_label_is_no_amount_of_its_row(services):
    # Activision Blizzard's FY2019 10-K, p.44: "EMEA (1) 2,239 2,618 (379) (14)" beside "Americas $ 3,341 $ 3,880
    # $ (539) (14)%": the "(1)" refers to a footnote; read as an amount it split the table
    activision = filing("financebench/pdfs/ACTIVISIONBLIZZARD_2019_10K.pdf")
    written = ask("Which region had the worst topline performance for Activision Blizzard during FY2019?", activision,
                  [43], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("EMEA (-14.5% (2,618 in 2018 to 2,239 in 2019))"), written.text
    assert "3. Asia Pacific: -9.3%" in written.text


def test_a_group_inside_a_segment_table_is_one_item_by_its_sum_and_the_rest_is_no_unit(services):
    """Intel's Q4 2022 release p.11: "Client Computing" over Desktop, Notebook and Other, then their sum with
    no label (6,625), then Data Center and AI, ... "All other": the business units are the group by its sum
    and its peers; the group's own products are not units, nor is "All other" (down 97%)."""
    intel = filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")
    written = ask("Which of Intel's business units had the worst topline performance in Q4 2022?", intel, [10],
                  services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Client Computing (-35.7%"), written.text
    assert "Desktop" not in written.text and "All other" not in written.text


def test_a_margin_no_table_prints_is_each_item_s_income_over_its_revenue(services):
    """Intel's Q4 2022 release p.11 prints segment revenue, then segment operating income under a header
    the chunker repeated (its total row names it): the highest operating margin is Mobileye's, 210 / 565,
    in the quarter's column, every item in both parts."""
    intel = filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")
    written = ask("Which of Intel's operating segments had the highest operating margin in Q4 2022?", intel, [10],
                  services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Mobileye (37.2% (210 / 565))"), written.text
    assert "Client Computing: 10.6% (699 / 6,625)" in written.text and "All other" not in written.text


def test_a_year_asked_of_a_table_of_quarter_and_year_columns_reads_the_twelve_months(services):
    """Intel's Q4 2022 release p.11 prints each segment's revenue under "Three Months Ended" and "Twelve
    Months Ended", both headed 2022 and 2021: FY2022 is the twelve months' (Client Computing 41,067 to
    31,708), never the quarter's columns labelled by their year."""
    intel = filing("financebench-extra/pdfs/INTEL_2022Q4_EARNINGS.pdf")
    written = ask("Which segment dragged down Intel's overall growth in FY2022?", intel, [10], services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Client Computing (-9,359"), written.text
    assert "41,067 in 2021 to 31,708 in 2022" in written.text


def test_a_service_said_of_a_place_is_no_region(services):
    """FedEx's FY2023 annual report breaks revenue down by service ("U.S. overnight box", "International
    priority", "International economy"): no region, so "which region did worst" is not answered from it."""
    from answering.kinds.places import names_a_place

    assert not names_a_place("International priority") and not names_a_place("U.S. overnight box")
    assert names_a_place("Greater China") and names_a_place("Rest of world") and names_a_place("EMEA (1)")
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf")
    pages = sorted({c.page for c in fedex if "International priority" in c.text and "U.S. overnight box" in c.text})
    assert pages
    written = ask("Which region had the worst topline performance for FedEx during FY2023?", fedex, pages, services)
    assert "International priority" not in written.text.split(" ranks ")[0], written.text


def test_operating_statistics_are_no_items_to_rank(services):
    """PG&E's FY2022 10-K prints gas volumes and prices by customer class ("Bundled gas sales (MMcf):",
    "Average price of natural gas purchased (price per Mcf)"): no segment's revenue, so which segment
    dragged growth down is not ranked from them."""
    pge = filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")
    pages = sorted({c.page for c in pge if "(MMcf)" in c.text or "per Mcf" in c.text})
    assert pages
    written = ask("Which segment dragged down PG&E's overall growth in FY2022?", pge, pages, services)
    picked = written.text.split(" ranks ")[0].split(" contributed ")[0]
    assert written.status != "answered" or not any(w in picked for w in ("MMcf", "per Mcf", "Residential")), written.text


def test_a_table_of_two_measures_a_year_is_not_ranked_by_guessed_columns(services):
    """Oracle's FY2018 10-K geographic note prints, for each of 2018, 2017 and 2016, the revenues and the
    long-lived assets side by side ("United States $ 19,077 $ 4,976 $ 17,770 ..."): the second amount is
    no year before's revenue (US +283% from 4,976), so no region is ranked from it."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf")
    pages = sorted({c.page for c in oracle if "Long-" in c.text and "United Kingdom" in c.text})
    assert pages
    written = ask("Which region had the worst topline performance for Oracle during FY2018?", oracle, pages, services)
    assert "4,976 in 2017" not in written.text and "+283" not in written.text, written.text


def test_a_year_asked_of_a_quarterly_report_reads_its_months_to_date(services):
    """Salesforce's Q3 FY2023 10-Q prints revenue by region for the three and the nine months ended October
    31: asked of FY2023, the nine months are the year so far (Asia Pacific +17.8%, 1,823 to 2,147), not the
    quarter (Europe, +10.4%)."""
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023Q3_10Q.pdf")
    pages = sorted({c.page for c in salesforce if "Revenues by geographical region" in c.text})
    assert pages
    written = ask("Which region had the worst topline performance for Salesforce during FY2023?", salesforce, pages,
                  services)
    assert written.text.startswith("Asia Pacific (+17.8% (1,823 in 2021 to 2,147 in 2022))"), written.text


def test_the_search_for_items_names_the_measure_by_the_items_asked(vocab):
    """A ranking's table is searched for as the measure by the items the question names ("Revenue net sales by
    product", "... by region geographic segment"); a question naming no kind of items gets no such search."""
    from answering.kinds.choice import measure_by_items

    assert measure_by_items("Are there any product categories / service categories for Oracle that have seen "
                            "year-over-year decline in FY2018?", "Oracle", "revenue", vocab) == \
        "Oracle Revenue net sales by product"
    assert measure_by_items("Which region had the worst topline performance?", "Acme", "revenue", vocab).endswith(
        "by region geographic segment")
    assert measure_by_items("Did revenue decline in FY2018?", "Acme", "revenue", vocab) is None


def test_a_quarter_written_run_together_reads_the_quarter_s_columns(services):
    """Pfizer's Q2 2023 10-Q prints revenue by region for the three and the six months: "Q22023" asks the
    quarter (Developed Rest of World, -74.1%), never the six months to date (Developed Europe, -54.7%)."""
    pfizer = filing("financebench/pdfs/Pfizer_2023Q2_10Q.pdf")
    pages = sorted({c.page for c in pfizer if "Developed Rest of World" in c.text and "Six Months Ended" in c.text})
    assert pages
    written = ask("For Pfizer, which geographic region had the biggest drop in Q22023 year over year revenues (on a "
                  "percentage basis)?", pfizer, pages, services)
    assert written.text.startswith("Developed Rest of World (-74.1%"), written.text


def test_a_header_with_two_change_columns_between_years_reads_each_year_s_amounts(services):
    """Oracle's FY2018 10-K (p.51) prints "2018 Actual Constant 2017 Actual Constant 2016" over "Total Revenues
    by Geography: Americas $ 22,088 5% 5% $ 21,038 3% 3% $ 20,466": each year's amount, never a percent change,
    and the caption on the first row's line is no part of its label (read so, "Total ..." passed for a total).
    The company's revenues by region rank, not one business's beside them (p.57, "Services Revenues: Americas
    $ 1,653 ..."): the same items adding up to less are a part's."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf")
    written = ask("Which region had the worst topline performance for Oracle during FY2018?", oracle, [50, 56], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Asia Pacific (+4.5% (6,060 in 2017 to 6,333 in 2018))"), written.text
    assert 'in the table "Total Revenues by Geography"' in written.text


def test_items_adding_up_to_a_part_of_the_company_s_revenue_are_not_its_ranking(services, tmp_path):
    """Only Oracle's services revenues by region found (p.57: Americas 1,653, EMEA 1,046, Asia Pacific 695 of
    revenues of 39,831 in FY2018, as its income statement's fact says): the region that fell is the services
    business's, not the company's; refused with the sums."""
    from finrag.knowledge_graph import GraphStore
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge
    from tests.conftest import SHARED

    oracle = filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf")
    with GraphStore(tmp_path / "graph.sqlite") as graph:
        graph.replace_document(extract_knowledge(load_document(str(SHARED / "financebench-extra/pdfs/ORACLE_2018_10K.pdf"))))
        with_facts = services.__class__(**{**services.__dict__, "graph": graph, "retriever": None})
        written = ask("Which region had the worst topline performance for Oracle during FY2018?", oracle, [56],
                      with_facts)
    assert (written.status, written.kind) == ("not_found", "choice"), written.text
    assert "add up to 3,394 million, under half of Oracle's revenue of 39,831 million" in written.text


def test_a_part_asking_how_the_items_changed_from_a_year_is_answered_from_the_same_table(services):
    # Uber's FY2021 10-K, revenue by segment: "Mobility $ 6,089 $ 6,953 14 %", "Delivery 3,904 8,362 114 %",
    # "Freight 1,011 2,132 111 %" (2020, 2021, change)
    written = ask("Which of Uber's segments generated the most revenue in FY2021, and how did the segment mix change "
                  "from FY2020?", filing("filings-wild/pdfs/Uber_2021_10-K.pdf"), [58, 59], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("Delivery (8,362")
    assert "Against 2020: Delivery 3,904" in written.text and "(+114.2%)" in written.text


def test_the_segments_are_the_rows_their_total_sums_not_the_lines_bridging_it_to_another(services):
    corning = filing("financebench/pdfs/CORNING_2020_10K.pdf")
    # p.27: five segments and All Other sum to "Net sales of reportable segments and All Other" ($11,452), then
    # "Impact of foreign currency movements" (44) bridges it to consolidated net sales; the header says "% change"
    written = ask("Which reportable segment of Corning had the highest segment net sales in 2020?", corning, [26],
                  services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Optical Communications (3,563 (millions)) ranks highest (the highest revenue"), \
        written.text
    assert "foreign currency" not in written.text and "growth" not in written.text, written.text


def test_a_segment_below_a_brands_subtotal_is_one_of_the_segments_the_grand_total_sums(services):
    nike = filing("financebench/pdfs/NIKE_2023_10K.pdf")
    # p.90 segment note: the NIKE Brand's geographies, "Total NIKE Brand", then Converse and Corporate, "Total NIKE, Inc."
    written = ask("Which Nike segment had the smallest additions to property, plant and equipment in fiscal 2023?",
                  nike, [89, 88], services)
    assert written.text.startswith("Converse (7 (millions)) ranks lowest"), written.text
    # a follow-on part asking each segment's figure of another measure is not answered by the ranking
    both = ask("Which Nike segment had the highest revenues in fiscal 2023, and what were the additions to property, "
               "plant and equipment for each segment?", nike, [89, 88], services)
    assert both.status == "not_found", both.text


def test_a_table_captioned_with_both_measures_is_no_ratio_of_its_rows_over_themselves(services):
    """Activision Blizzard's FY2019 10-K (p.40): "Information on the reportable segment net revenues and segment
    operating income are presented below": the segments are its columns and the measures its rows, so reading
    the table as both the numerator's and the denominator's gave each row over itself, 100%, and "Segment net
    revenues" as the most profitable segment."""
    activision = filing("financebench/pdfs/ACTIVISIONBLIZZARD_2019_10K.pdf")
    written = ask("Which of Activision Blizzard's three reportable segments was the most profitable by segment "
                  "operating margin in FY2019?", activision, [39], services)
    assert "Segment net revenues" not in written.text.split("\n")[0][:80], written.text
    assert "100.0%" not in written.text, written.text


def test_a_picked_segments_cause_is_its_own_sentence_never_a_fragment_cut_open_at_a_parenthesis(services):
    """Creative Media & Community Trust's FY2022 report: Lending fell most (p.60, "Lending revenue decreased by 45.6%
    ... The decrease is primarily due to lower premium income ..."); a fragment "(primarily resulting from $12.7
    million recognized in connection with the Series L Repurchase ...) and a decrease in lending segment net operating
    income" is about the company's net income, no cause of Lending's."""
    from answering.kinds.sentences import opens_inside

    assert opens_inside("(primarily resulting from $12.7 million recognized) and a decrease in lending income.")
    assert not opens_inside("(c) Net earnings include a noncash pension settlement charge of $1.5 billion.")
    cmct = filing("erc-round1/pdfs/e0d6bb578bfc233c3bdbded229960fed01624631.pdf")
    written = ask("Which of Creative Media & Community Trust's segments dragged down its FY2022 performance, and why?",
                  cmct, sorted({c.page for c in cmct if "Lending revenue" in c.text or "summary segment results" in c.text}),
                  services)
    assert written.status == "answered" and written.text.startswith("Lending"), written.text
    why = written.text[written.text.find("What drove it"):]
    assert "lower premium income" in why and "Series L" not in why, why
