"""yes_no: a Yes or No with what decides it, on real filings (Boeing and PepsiCo FY2022
10-Ks); never a bare quote, never a guess."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing, one_page


@pytest.fixture(scope="module")
def pepsico():
    return filing("financebench/pdfs/PEPSICO_2022_10K.pdf")


def test_a_fact_stated_in_text_is_answered_yes_with_the_sentence_that_says_it(boeing, services):
    written = ask("Does Boeing's business depend on a cyclical industry?", boeing, [112, 7, 8], services)
    assert (written.status, written.kind) == ("answered", "yes_no")
    assert written.text.startswith("Yes.")
    assert any("cyclical" in c.quote for c in written.citations)


def test_a_disclaimed_matter_is_a_no_when_the_question_asks_about_material_ones(pepsico, services):
    # "party to a variety of litigation ... will not have a material adverse effect": no material case
    written = ask("Is PepsiCo involved in any material litigation in FY2022?", pepsico, [25, 24, 26], services)
    assert written.text.startswith("No."), written.text
    assert any("will not have a material adverse effect" in c.quote for c in written.citations)


def test_a_specific_lawsuit_is_a_yes(boeing, services):
    written = ask("Is Boeing facing any material lawsuits as of FY2022?", boeing, [112, 111], services)
    assert written.text.startswith("Yes."), written.text
    assert any("legal actions have been filed against us" in c.quote for c in written.citations)


def test_no_deciding_sentence_is_refused_unless_the_question_gives_its_own_rule(boeing, services):
    pages = [61, 54]  # segment tables: nothing about a spin-off
    refused = ask("Is Boeing spinning off one of its segments?", boeing, pages, services)
    assert (refused.status, refused.kind) == ("not_found", "yes_no")
    assert "spin-off" in refused.text.lower()
    ruled = ask("Did Boeing announce a spin-off of a segment? If there is no mention, return False.", boeing, pages,
                services)
    assert ruled.status == "answered" and ruled.text.startswith("No.")
    assert "question_default" in ruled.flags


def test_a_share_threshold_is_judged_item_by_item_from_the_table(boeing, services):
    written = ask("Are there any business segments that represent more than 20% of Boeing's revenue for FY2022?",
                  boeing, [54, 61], services)
    assert written.text.startswith("Yes."), written.text
    picked = written.text.split("Shares:")[0]
    assert all(name in picked for name in ("Commercial Airplanes", "Defense, Space & Security", "Global Services"))
    assert "Boeing Capital (" not in picked  # 0.3% of revenue
    assert any("Total revenues" in c.quote for c in written.citations)


def test_a_ratio_convention_is_named_and_its_inputs_cited(boeing, services):
    written = ask("Does Boeing have a healthy liquidity profile based on its quick ratio for FY2022?", boeing,
                  [56, 57], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    # cash, short-term and other investments and accounts receivable over current liabilities:
    # ($14,614M + $2,606M + $2,517M) / $90,052M = 0.22 (never the inventories and other current assets)
    assert written.text.startswith("No. Boeing quick ratio FY2022 was 0.22, below 1")
    assert "quick ratio of 1.0 or more" in written.text
    assert any(c.quote.startswith("Total current liabilities") for c in written.citations)


def test_a_change_over_two_years_is_judged_from_both_years_rows(boeing, services):
    written = ask("Does Boeing have an improving operating margin profile as of FY2022?", boeing, [54, 55], services)
    assert written.text.startswith("No. Boeing operating margin fell from -4.7% (FY2021) to -5.3% (FY2022)")
    assert {"Total revenues 66,608 62,286 58,158", "Loss from operations (3,547) (2,902) (12,767)"} <= {
        c.quote for c in written.citations}


def test_a_sentence_that_denies_the_practice_says_no(boeing, services):
    written = ask("Did Boeing pay dividends to its shareholders in FY2022?", boeing, [43, 42], services)
    assert written.text.startswith("No."), written.text
    assert any("did not pay any dividends" in c.quote for c in written.citations)


@pytest.fixture(scope="module")
def nvidia_q1() -> list:
    return filing("filings-wild/pdfs/NVIDIA_2024_10-Q_Q1.pdf")


def test_a_question_whether_it_goes_on_is_a_no_when_the_filing_says_it_stopped(nvidia_q1, services):
    # "stopped direct sales ... and closed business operations in Russia" denies "still operating"
    written = ask("Was NVIDIA still operating in Russia as of the first quarter of fiscal year 2024?",
                  nvidia_q1, [39, 23], services)
    assert written.status == "answered" and written.text.startswith("No.")
    assert "closed business operations in Russia" in written.text


def test_a_comparison_is_decided_only_by_a_sentence_that_compares(services):
    # eBay's FY2019 10-K: "During 2019, the company paid a total of $473 million in cash dividends"
    # names one side of "more cash to shareholders than its operations generated"; it says no Yes
    ebay = filing("financebench-extra/pdfs/EBAY_2019_10K.pdf")
    page = next(c.page for c in ebay if "paid a total of $473 million in cash dividends" in c.text)
    compared = ask("Did eBay return more cash to shareholders in 2019 than its operations generated?", ebay, [page],
                   services)
    assert compared.status != "answered", compared.text
    plain = ask("Did eBay pay dividends in 2019?", ebay, [page], services)
    assert plain.text.startswith("Yes."), plain.text


def test_a_comparison_said_the_other_way_is_no_yes():
    from answering.kinds.yes_no import _upward

    assert _upward("Did Acme return more cash to shareholders than its operations generated?") is True
    assert _upward("Cash returned to shareholders was lower than cash from operations.") is False
    assert _upward("Dividends and buybacks exceeded operating cash flow.") is True


def test_a_deed_asked_is_not_said_yes_by_a_sentence_about_its_topic(services):
    # PG&E's 2020 10-K: p.154 and p.75 tell of dividend restrictions ("will not pay common dividends
    # until ..."), none says a common dividend was paid in 2020; they once answered "Yes"
    pge = filing("financebench-extra/pdfs/PG_E_2020_10K.pdf")
    written = ask("Did PG&E Corporation pay a common stock dividend in 2020? What restrictions applied?", pge,
                  [153, 74], services)
    assert not written.text.startswith("Yes")


def test_a_raise_is_still_said_by_the_new_rate(services):
    # PG&E's 2016 10-K, p.59: "declared a new quarterly common stock dividend of $0.49 per share"
    # after $0.455 answers "Did it raise its common dividend in 2016?" though it never says "raised"
    pge = filing("financebench-extra/pdfs/PG_E_2016_10K.pdf")
    written = ask("Did PG&E Corporation raise its common dividend in 2016, and what dividend policy did its board "
                  "adopt?", pge, [58], services)
    assert written.text.startswith("Yes")


def test_a_history_is_consistent_only_when_each_year_moves_less_than_the_tolerance_asked(services):
    # NVIDIA FY2024 10-K, income statement (p.50 in the PDF): gross margin 64.9%, 56.9%, 72.7%
    nvidia = filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")
    pages = sorted({c.page for c in nvidia if "income_statement" in c.tags})
    written = ask("Are NVIDIA's gross margins historically consistent (not fluctuating more than roughly 2% each "
                  "year)? If gross margins are not a relevant metric for a company like this, then please state "
                  "that and explain why.", nvidia, pages, services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "64.9% (FY2022), 56.9% (FY2023), 72.7% (FY2024)" in written.text
    assert "-8.0, +15.8 percentage points, more than the 2 percentage points asked" in written.text


def test_dividends_paid_in_the_asked_year_are_a_yes_from_the_cash_flow_row(pepsico, services):
    written = ask("Did PepsiCo pay dividends to common shareholders in FY2022?", pepsico, [64, 63], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes. PepsiCo paid dividends: $6,172.00 million"), written.text
    assert any(c.quote.startswith("Cash dividends paid (6,172)") for c in written.citations)


def test_a_stable_dividend_trend_is_judged_on_each_year_the_cash_flow_statement_shows(pepsico, services):
    # 5,509 -> 5,815 -> 6,172: paid every year, never less than the year before
    written = ask("Does PepsiCo maintain a stable trend of dividend distribution as of FY2022?", pepsico, [64, 63],
                  services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes. PepsiCo paid dividends in each of the last 3 years"), written.text
    assert "$5,509.00 million in FY2020" in written.text and "$6,172.00 million in FY2022" in written.text


def test_a_one_year_jump_in_dividends_paid_is_the_irregularity_not_the_year_after_it(services):
    # Costco's FY2022 10-K: 1,479 -> 5,748 -> 1,498; the jump is a special dividend its text names
    costco = filing("financebench/pdfs/COSTCO_2022_10K.pdf")
    written = ask("Have Costco's dividend payments been stable over FY2020-FY2022, based on the cash flow statement? "
                  "If there are any irregularities, explain them.", costco, [39, 28], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No. Costco's dividends paid were irregular: FY2021's $5,748.00 million was a "
                                   "one-year jump"), written.text
    assert "special dividend of $10.00 per share" in written.text and "fell in" not in written.text
    # without the page naming it, the jump is still the finding (no cause made up)
    bare = ask("Have Costco's dividend payments been stable over FY2020-FY2022, based on the cash flow statement?",
               costco, [39], services)
    assert "one-year jump" in bare.text and "special" not in bare.text, bare.text


def test_a_dividend_trend_is_judged_on_the_two_years_a_release_shows(services):
    # McDonald's Q4 2022 release: "Common stock dividends (4,168.2) (3,918.6)", two years only (a row's
    # wording of dividends paid, which a question saying it need not mean: vocabulary row_labels)
    release = filing("financebench-extra/pdfs/MCDONALDS_2022Q4_EARNINGS.pdf")
    page = next(c.page for c in release if "Common stock dividends" in c.text)
    written = ask("Does McDonald's maintain a stable trend of dividend distribution as of FY2022?", release, [page],
                  services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes. McDonald's paid dividends in each of the last 2 years"), written.text
    assert "$3,918.60 million in FY2021" in written.text and "$4,168.20 million in FY2022" in written.text


def test_dividends_begun_in_the_last_year_shown_are_no_trend_maintained(services, tmp_path):
    # eBay's FY2019 10-K: "Payments for dividends (473) — —": none in 2017 and 2018, its first in 2019
    from finrag.knowledge_graph import GraphStore
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge
    from tests.conftest import SHARED

    ebay = filing("financebench-extra/pdfs/EBAY_2019_10K.pdf")
    pages = sorted({c.page for c in ebay if "cash_flow" in c.tags})
    # the statement facts read at ingest (a dash is none paid), as a store's graph holds them
    with GraphStore(tmp_path / "graph.sqlite") as graph:
        graph.replace_document(extract_knowledge(load_document(str(SHARED / "financebench-extra/pdfs/EBAY_2019_10K.pdf"))))
        with_facts = services.__class__(**{**services.__dict__, "graph": graph})
        written = ask("Does eBay maintain a stable trend of dividend distribution as of FY2019?", ebay, pages,
                      with_facts)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No. eBay began paying dividends only in FY2019"), written.text


def test_an_improving_margin_asked_of_a_quarter_compares_that_quarter_a_year_apart(services, tmp_path):
    from finrag.knowledge_graph import GraphStore
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge
    from tests.conftest import SHARED

    path = SHARED / "financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf"
    if not path.is_file():
        pytest.skip("APPLE_2023Q3_10Q not in ../shared")
    apple_q3 = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    # the 10-Q's statement facts, read at ingest as a store's graph holds them
    with GraphStore(tmp_path / "graph.sqlite") as graph:
        graph.replace_document(extract_knowledge(load_document(str(path))))
        with_facts = services.__class__(**{**services.__dict__, "graph": graph})
        written = ask("Does Apple have an improving gross margin profile as of Q3 FY2023?", apple_q3, [3], with_facts)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    # 35,885 / 82,959 = 43.3% in Q3 FY2022; 36,413 / 81,797 = 44.5% in Q3 FY2023 (the 10-Q's quarter columns)
    assert written.text.startswith("Yes. Apple gross margin rose from 43.3% (FY2022 Q3) to 44.5% (FY2023 Q3)"), written.text


def test_any_item_that_declined_is_read_item_by_item_from_the_table_of_the_items(boeing, services):
    # the segments' own revenues: BDS 26,540 -> 23,162 and Boeing Capital 272 -> 199 fell; total revenue rose
    written = ask("Are there any business segments for Boeing that saw a year-over-year decline in revenue in FY2022?",
                  boeing, [54, 61], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes. Items whose revenue fell"), written.text
    found = written.text.split("Every item")[0]
    assert "Defense, Space & Security (-12.7%" in found and "Boeing Capital (-26.8%" in found
    assert "Commercial Airplanes" not in found



def test_a_row_printing_fewer_amounts_than_its_header_gives_no_year(boeing, services):
    # Boeing's FY2022 cash flow statement: "Dividends paid (1,158)" under "2022 2021 2020", the 2022 and
    # 2021 cells blank (dividends were suspended in 2020): which year the one amount is, the line does not say
    written = ask("Did Boeing pay dividends to common shareholders in FY2022?", boeing, [58], services)
    assert not written.text.startswith("Yes."), written.text
    assert "1,158" not in written.text


def test_no_item_fell_only_when_every_row_of_the_cut_table_is_read_and_adds_up(services):
    # Corning's FY2021 10-K, p.31: segment net sales cut by the chunker after Optical Communications; the rest
    # (Specialty Materials ... All Other) and its total, $14,120M, come from the next chunk; a "%" in the change
    # columns "17% (3)%" leaves the year columns amounts that add up
    corning = filing("financebench/pdfs/CORNING_2021_10K.pdf")
    written = ask("Did any of Corning's reportable segments see a year-over-year decline in net sales in FY2021?",
                  corning, [30], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No. Items whose revenue fell"), written.text
    assert "Life Sciences rose from 998 (2020) to 1,234 (2021)" in written.text


def test_footnote_marks_after_each_label_are_no_amounts(services):
    # Apple's FY2019 10-K (p.22): "iPhone (1) $ 142,381 (14)% $ 164,888 18 % $ 139,337" under "2019 Change 2018
    # Change 2017", and the table's rest in the next chunk ("Wearables, Home and Accessories (1)(2) 24,482 ...")
    apple = filing("financebench-extra/pdfs/APPLE_2019_10K.pdf")
    pages = sorted({c.page for c in apple if "Net sales by category" in c.text or "Wearables, Home and Accessories (1)(2)"
                    in c.text})
    written = ask("Are there any product categories / service categories for Apple that have seen year-over-year "
                  "decline in FY2019?", apple, pages, services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes. Items whose revenue fell") and "iPhone (-13.6%" in written.text, written.text
    assert "Wearables, Home and Accessories rose from 17,381 (2018) to 24,482 (2019)" in written.text


def test_a_deed_dated_after_the_period_the_question_says_ended_is_no_deed_of_it(services):
    # Oracle's FY2022 10-K (ercblind4-12): "On June 8, 2022, we closed the acquisition of Cerner" is no
    # acquisition completed "within the fiscal year 2022 (ended May 31, 2022)"
    oracle = filing("financebench-extra/pdfs/ORACLE_2022_10K.pdf")
    pages = sorted({c.page for c in oracle if "we closed the acquisition of Cerner" in c.text})
    assert pages
    written = ask('Did "Oracle Corporation" complete its acquisition of Cerner Corporation within the fiscal year 2022 '
                  "(ended May 31, 2022)? If there is no mention, return False.", oracle, pages, services)
    assert not written.text.startswith("Yes"), written.text
    # the same sentence says Yes of the year it is dated in
    later = ask('Did "Oracle Corporation" complete its acquisition of Cerner Corporation in 2022? If there is no '
                "mention, return False.", oracle, pages, services)
    assert later.text.startswith("Yes"), later.text


def test_a_judgement_over_part_of_a_year_reads_those_months_never_the_fiscal_year(services, tmp_path):
    """Adhi Karya's June 2012 interim statements, p.8: "Net Cash Used in Operating Activities" for the six
    months ended June 30, 2012 (Rp776.5 billion used); its fiscal year 2012 (Rp241.2 billion provided, in the
    next annual report) is another period, whose sign says the opposite."""
    from finrag.knowledge_graph import GraphStore
    from loaders.document import load_document
    from loaders.knowledge import extract_knowledge
    from tests.conftest import SHARED

    relative = "filings-wild/pdfs/AdhiKarya_2012_FinancialStatements_Q2.pdf"
    adhi = filing(relative)
    # the interim columns' facts, read at ingest as a store's graph holds them
    with GraphStore(tmp_path / "graph.sqlite") as graph:
        graph.replace_document(extract_knowledge(load_document(str(SHARED / relative))))
        with_facts = services.__class__(**{**services.__dict__, "graph": graph})
        written = ask("Did PT Adhi Karya generate positive cash flow from operations in the first half of 2012 (six "
                      "months ended June 30, 2012)?", adhi, [7, 5], with_facts)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "for the six months ended June 30, 2012 was -$776,478.50 million" in written.text, written.text


def test_a_stock_split_in_the_form_of_a_stock_dividend_is_no_cash_dividend(services):
    # Netflix's FY2017 10-K: "We have not declared or paid any cash dividends" (p.17), and "the Company's Board of
    # Directors declared a seven-for-one stock split in the form of a stock dividend" (p.56)
    netflix = filing("financebench/pdfs/NETFLIX_2017_10K.pdf")
    written = ask('Had "Netflix, Inc." declared or paid any cash dividends on its common stock as of its annual '
                  "report for fiscal year 2017? If there is no mention, return False.", netflix, [16, 55], services)
    assert written.text.startswith("No.") and "not declared or paid any cash dividends" in written.text, written.text


def test_a_cash_dividend_beside_a_split_or_on_common_stock_is_still_a_cash_dividend(services):
    for said in ("In 2024, the Board declared quarterly dividends totaling $0.88 per share, as adjusted for the "
                 "two-for-one stock split effected in 2023.",
                 "In 2024, we declared and paid common stock dividends of $0.50 per share."):
        written = ask("Did Acme Corp declare or pay any cash dividends in 2024? If there is no mention, return False.",
                      one_page(said), [0], services)
        assert written.text.startswith("Yes."), (said, written.text)
