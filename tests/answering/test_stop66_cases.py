"""Readings stop 66 changed, from the misses of the pair held out through stop 65 (tmpl34, erc_blind25), each on the
shared filing it failed on or a one-page fixture: a be-question's subject names what a deciding sentence must be
about ("Was the Intel Optane memory business included ...?"), "included" is decided by the word or its opposite, a
part said of a counted whole ("nine out of the ten counts") is a No of "all ten", and a short name the question
defines ("Defense, Space & Security (BDS)") is read in a sentence that writes only the short name."""

from __future__ import annotations

from answering.kinds import abbreviations, asked_subject
from tests.answering.kinds.conftest import ask, filing, one_page

APPLE = "financebench-extra/pdfs/APPLE_2021_10K.pdf"
INTEL = "financebench-extra/pdfs/INTEL_2020_10K.pdf"
BOEING = "financebench/pdfs/BOEING_2022_10K.pdf"
ADOBE = "financebench/pdfs/ADOBE_2017_10K.pdf"
ORACLE = "financebench-extra/pdfs/ORACLE_2023_10K.pdf"
PEPSICO = "financebench/pdfs/PEPSICO_2022_10K.pdf"
LOCKHEED = "financebench/pdfs/LOCKHEEDMARTIN_2019_10K.pdf"
CORNING = "financebench/pdfs/CORNING_2020_10K.pdf"
PEPSICO_8K = "financebench/pdfs/PEPSICO_2023_8K_dated-2023-05-05.pdf"


def test_a_part_said_of_the_counted_whole_the_question_asks_is_a_no(services):
    answer = ask('Did the U.S. District Court for the Northern District of California rule in favor of "Apple Inc." on '
                 "all ten counts of the claim filed by Epic Games, Inc. in its September 10, 2021 decision? If there is "
                 "no mention, return False.", filing(APPLE), [19], services)
    assert answer.text.startswith("No."), answer.text
    assert "nine out of the ten counts" in answer.text, answer.text


def test_the_whole_said_whole_is_no_part():
    ask_ = "Did the court rule for Acme on all ten counts?"
    assert asked_subject.part_of_the_whole(ask_, "The court ruled for Acme on nine out of the ten counts.")
    assert asked_subject.part_of_the_whole(ask_, "It prevailed on 3 of the 10 counts.")
    assert not asked_subject.part_of_the_whole(ask_, "The court ruled for Acme on all ten counts.")
    assert not asked_subject.part_of_the_whole("Did the court rule for Acme?", "nine out of the ten counts")


def test_a_sentence_on_what_else_is_included_decides_nothing_of_the_asked_subject(services):
    answer = ask('Was the Intel Optane memory business included in the NAND memory business that "INTEL CORPORATION" '
                 "agreed in October 2020 to divest to SK hynix Inc.? If there is no mention, return False.",
                 filing(INTEL), [13, 30, 94], services)
    assert answer.text.startswith("No."), answer.text
    assert "Optane memory business is expressly excluded" in answer.text, answer.text
    assert "Dalian" not in answer.text, answer.text


def test_the_subject_of_a_be_question_is_named_without_the_company_articles_or_months():
    assert asked_subject.subject_names("Was the Intel Optane memory business included in the NAND business",
                                       "", ["Intel"]) == ["Optane"]
    assert asked_subject.subject_names('Was the "Acme Corp" Credit Agreement amended in May 2024', "amended",
                                       ["Acme Corp"]) == ["Credit", "Agreement"]
    assert asked_subject.subject_names("Did Acme repurchase shares", "repurchase", ["Acme"]) == []
    assert asked_subject.subject_names("Is Kraft Heinz's senior debt still rated investment grade", "rated",
                                       ["Kraft Heinz"]) == []
    # (a period or a title in capitals names no subject; a possessive is read as its name)
    assert asked_subject.subject_names("Was Acme's FY2024 effective tax rate lower than 21%", "lower", ["Acme"]) == []
    assert asked_subject.subject_names("Was the CEO's pay approved in 2024", "approved", ["Acme"]) == []
    assert asked_subject.subject_names("Was Beta Systems' acquisition completed in 2024", "completed",
                                       ["Acme"]) == ["Beta", "Systems"]
    # (the head of the subject: its parties, after a preposition, a filing names by defined terms, "Parent")
    assert asked_subject.subject_names("Is the completion of Acme's merger with United Petroleum conditioned on "
                                       "financing", "conditioned", ["Acme"]) == []


def test_included_is_decided_by_the_word_or_its_opposite_in_the_subjects_clause():
    assert asked_subject.inclusion_said("The Dalian facility is included in the transaction.", ["Dalian"]) is True
    assert asked_subject.inclusion_said("Our Optane business is expressly excluded from the transaction.",
                                        ["Optane"]) is False
    assert asked_subject.inclusion_said("Widget results are not included in our guidance.", ["Widget"]) is False
    assert asked_subject.inclusion_said("We focus our efforts on Optane technology.", ["Optane"]) is None
    both = "The business sold includes the Dalian facility and the SSD business, excluding the Optane memory business."
    assert asked_subject.inclusion_said(both, ["Dalian"]) is True
    assert asked_subject.inclusion_said(both, ["Optane"]) is False


def test_a_yes_on_the_asked_subject_still_stands(services):
    answer = ask("Was the Widget Tools business included in the sale Acme Corp agreed in 2024? If there is no mention, "
                 "return False.", one_page("In 2024, Acme Corp agreed to sell its tools unit.",
                                           "The Widget Tools business is included in the sale."), [0], services)
    assert answer.text.startswith("Yes."), answer.text


def test_a_short_name_the_question_defines_is_read_as_its_words(services):
    answer = ask('Which companies does "THE BOEING COMPANY" name as the primary competitors of its Defense, Space & '
                 "Security (BDS) segment? If data is not available, return 'N/A'.", filing(BOEING), [4, 2], services)
    assert answer.status == "answered", answer.text
    assert "Lockheed Martin Corporation, Northrop Grumman Corporation" in answer.text, answer.text


def test_short_names_are_spelled_out_only_where_written_whole():
    defined = abbreviations.defined_in("its Defense, Space & Security (BDS) segment and its Global Services (BGS)")
    assert defined == {"BDS": "Defense, Space & Security", "BGS": "Global Services"}
    assert abbreviations.spelled_out("BDS faces competition.", defined) == "BDS Defense, Space & Security faces competition."
    assert abbreviations.spelled_out("BDSX and ABDS are other words.", defined) == "BDSX and ABDS are other words."


def test_whether_things_that_moved_a_metric_exist_is_no_test_of_the_metrics_own_move():
    from answering.kinds.classify import classify
    from finrag.vocabulary import load_vocabulary

    vocab = load_vocabulary()
    asked = classify("Were there any events outside Uber's core operations that substantially reduced its net loss "
                     "in FY2021?", vocab, companies=["Uber"])
    assert asked.kind == "yes_no" and asked.test == "stated", asked
    moved = classify("Did Uber's net income decrease in FY2021?", vocab, companies=["Uber"])
    assert moved.test == "decreased", moved


def test_a_degree_of_concentration_is_answered_by_a_share():
    from answering.kinds.asked_shape import answered_in_the_asked_shape
    from answering.written_answer import WrittenAnswer

    question = "How concentrated was the customer base of Corning's Display Technologies segment in FY2020?"
    markets = WrittenAnswer(status="answered", kind="passage",
                            text='"Today, Corning’s markets include optical communications, display technology." (x p.2)')
    assert answered_in_the_asked_shape(markets, question).status == "not_found"
    share = markets.model_copy(update={"text": '"Four customers accounted for 74% of segment net sales." (x p.7)'})
    assert answered_in_the_asked_shape(share, question).status == "answered"


def test_a_change_between_two_years_quoted_from_the_earlier_year_only_is_refused():
    from answering.kinds.every_part import answered_over_the_asked_years
    from answering.written_answer import WrittenAnswer

    question = "How did Oracle's effective tax rate change between FY2020 and FY2021, and what drove the change?"
    earlier = WrittenAnswer(status="answered", kind="drivers",
                            text='"For fiscal 2020, ... resulted in an effective tax rate of 18.4%." (x p.48)')
    assert answered_over_the_asked_years(earlier, question).status == "not_found"
    later = earlier.model_copy(update={"text": '"Our effective tax rate in fiscal 2021 fell from the prior year." (x p.48)'})
    assert answered_over_the_asked_years(later, question).status == "answered"
    undated = WrittenAnswer(status="answered", kind="drivers",
                            text='"This compares with income of $475 million for the first quarter of 2022." (x p.1) '
                                 '"The increase in GAAP results was primarily driven by lower costs." (x p.1)')
    asked = "What drove the increase in PG&E's GAAP earnings in Q1 2023 compared with Q1 2022?"
    assert answered_over_the_asked_years(undated, asked).status == "answered"


def test_the_share_of_the_total_asked_with_the_companys_name_and_year_is_given(services):
    answer = ask("Which of Apple's geographic reportable segments grew net sales the fastest in FY2021, and what share "
                 "of Apple's FY2021 total net sales did that segment represent?", filing(APPLE), [24], services)
    assert answer.text.startswith("Greater China"), answer.text
    assert "Greater China was 18.7% of Total net sales" in answer.text, answer.text


def test_an_officer_asked_by_two_joined_titles_is_found_in_a_table_whose_biographies_run_over_pages(services):
    # Adobe's officers' table prints a row every page or so between long biographies: Parasnis is its eighth row
    answer = ask('Who served as Executive Vice President and Chief Technology Officer of "ADOBE SYSTEMS INCORPORATED" '
                 "according to its annual report for fiscal year 2017? If data is not available, return 'N/A'.",
                 filing(ADOBE), [14, 15, 16], services)
    assert answer.status == "answered" and answer.text.startswith("Abhay Parasnis"), answer.text


def test_a_deal_that_only_dates_the_ask_is_not_what_the_list_asks_for(services):
    answer = ask('Which large healthcare IT providers does "Oracle Corporation" name as competitors following its '
                 "acquisition of Cerner? If data is not available, return 'N/A'.", filing(ORACLE), [16], services)
    assert answer.status == "answered", answer.text
    assert "Epic Systems Corporation, Allscripts Healthcare Solutions" in answer.text, answer.text


def test_a_later_filings_deal_dated_by_its_day_in_the_asked_year_is_that_years_deal(services):
    answer = ask('Which companies did "PepsiCo, Inc." acquire in 2020? If data is not available, return \'N/A\'.',
                 filing(PEPSICO), [107], services)
    assert answer.status == "answered", answer.text
    assert all(name in answer.text for name in ("Pioneer Foods", "Rockstar", "Be & Cheery")), answer.text


def test_a_deal_dated_only_by_another_year_is_not_the_asked_years():
    from answering.kinds.acquisitions import _dated_in, undated

    assert _dated_in("On March 23, 2020, we acquired all of the outstanding shares of Pioneer Foods.", [2020])
    assert not _dated_in("On March 23, 2019, we acquired Acme.", [2020])
    assert not _dated_in("In fiscal 2020 we integrated Acme.", [2020])
    assert not _dated_in("Beta was acquired in January 2025, as announced in October 2024.", [2024])
    assert undated("Which providers does Oracle name following its acquisition of Cerner?") == \
        "Which providers does Oracle name ?"


def test_a_dividend_raise_asked_of_years_the_filer_paid_none_is_answered_by_its_premise(services):
    answer = ask("By how much did Boeing increase its dividend per share in FY2022 compared with FY2021?",
                 filing(BOEING), [43], services)
    assert answer.status == "answered", answer.text
    assert "paid no dividend in FY2021 or FY2022" in answer.text and "did not pay any dividends in 2022 and 2021" \
        in answer.text, answer.text


def test_no_dividend_said_of_one_year_says_nothing_of_another():
    from answering.kinds.not_meaningful import _paid_none_in

    said = "As a result, we did not pay any dividends in 2022 and 2021 compared with $1.2 billion paid in 2020."
    assert _paid_none_in(said, [2021, 2022])
    assert not _paid_none_in(said, [2020, 2021])
    assert not _paid_none_in("If we did not pay any dividends in 2022, our shares could fall.", [2023])


def test_which_customer_accounted_for_a_share_is_asked_of_whom_the_revenues_come_from():
    from answering.kinds.classify import classify
    from answering.kinds.customer_words import WHO_AND_SHARE
    from answering.kinds.every_part import answered_in_every_part
    from answering.written_answer import WrittenAnswer
    from finrag.vocabulary import load_vocabulary

    question = ("Which single customer accounted for a significant share of PepsiCo's FY2022 net revenue, and how large "
                "was that share?")
    assert classify(question, load_vocabulary(), companies=["PepsiCo"]).kind == "list"
    said = WrittenAnswer(status="answered", kind="list", flags=[WHO_AND_SHARE],
                         text='"In 2022, sales to Walmart and its affiliates represented approximately 14% of our '
                              'consolidated net revenue." (x p.75)')
    assert answered_in_every_part(said, question, ["PepsiCo"]).status == "answered"


def test_a_dependence_is_stated_by_the_share_of_sales_the_thing_makes_up(services):
    answer = ask("How dependent was Lockheed Martin on the F-35 program in FY2019?", filing(LOCKHEED), [2], services)
    assert answer.status == "answered", answer.text
    assert "generating 27% of our total consolidated net sales" in answer.text, answer.text


def test_a_sentence_naming_the_thing_without_a_share_says_nothing_of_the_dependence(services):
    answer = ask("How dependent was Acme Corp on the Falcon program in fiscal 2024?",
                 one_page("The Falcon program is our largest program and we expect it to grow."), [0], services)
    assert answer.status != "answered", answer.text


def test_an_amount_in_a_sentence_the_chunks_end_cut_is_read_whole_from_the_chunk_after(services):
    answer = ask('By how much did "THE BOEING COMPANY" increase the reach-forward loss on the VC-25B Presidential Aircraft '
                 "contract during the year ended December 31, 2022 (in USD)? If data is not available, return 'N/A'.",
                 filing(BOEING), [89, 90], services)
    assert answer.status == "answered", answer.text
    assert "we increased the reach-forward loss on the contract by $1,452" in answer.text, answer.text


def test_the_chunk_after_a_hit_is_fetched_from_its_filing_once():
    from types import SimpleNamespace

    from answering.kinds.passage import following_chunks
    from finrag.models import SearchHit

    chunks = filing(BOEING)
    first = next(c for c in chunks if c.page == 89)
    retriever = SimpleNamespace(filing=lambda doc: SimpleNamespace(chunks=chunks))
    after = following_chunks([first, first], [SearchHit(chunk=first, score=1.0)], retriever)
    assert [h.chunk.index for h in after] == [first.index + 1]
    held = [SearchHit(chunk=first, score=1.0), *after]
    assert following_chunks([first], held, retriever) == []


def test_a_deal_asked_searches_the_companys_filings_once_in_the_words_deals_are_stated_in():
    from types import SimpleNamespace

    from answering.kinds.acquisitions import with_deal_pages
    from finrag.models import SearchHit

    chunks = filing(PEPSICO)
    note = next(c for c in chunks if c.page == 107)
    asked = []

    def search(query, filters, k, mode):
        asked.append((query, filters.companies, filters.fiscal_years))
        return [SearchHit(chunk=note, score=1.0)]

    understanding = SimpleNamespace(companies=["PepsiCo"], fiscal_years=[2020])
    first = SearchHit(chunk=chunks[0], score=2.0)
    more = with_deal_pages([first], understanding, SimpleNamespace(retriever=SimpleNamespace(search=search)))
    assert [h.chunk.chunk_id for h in more] == [chunks[0].chunk_id, note.chunk_id]
    assert asked == [("PepsiCo completed acquisitions acquired 2020", ["PepsiCo"], [])], asked
    assert with_deal_pages([first], understanding, SimpleNamespace(retriever=None)) == [first]


def test_the_biggest_drag_is_the_largest_fall_in_amount_and_its_cause_is_read_from_a_bulleted_run(services):
    # p.27 runs "The primary sales drivers by segment were as follows: \uf0b7 Display ...; \uf0b7 Optical ..." in one line
    answer = ask("Which of Corning's reportable segments was the biggest drag on net sales in FY2020, and what caused "
                 "the decline?", filing(CORNING), [32, 26], services)
    assert answer.status == "answered", answer.text
    assert answer.text.startswith("Optical Communications (-501 (millions), -12.3%"), answer.text
    assert "due to general market weakness and capital spending reductions" in answer.text, answer.text


def test_a_bulleted_run_is_read_item_by_item_dated_by_its_lead_in():
    from answering.kinds.drivers import _bullet_items
    from finrag.models import SearchHit

    page = one_page("For the year ended December 31, 2024, net sales decreased by $20 million. The primary drivers were "
                    "as follows: \uf0b7 Tools' net sales decreased by $15 million, due to weaker demand; \uf0b7 Parts' net "
                    "sales decreased by $5 million, due to lower prices.")
    items, dated = _bullet_items([SearchHit(chunk=page[0], score=1.0)], ["Acme Corp"])
    assert [i.text for i in items] == ["Tools' net sales decreased by $15 million, due to weaker demand.",
                                       "Parts' net sales decreased by $5 million, due to lower prices."]
    assert all(dated[id(i)] == {2024} for i in items)
    assert _bullet_items([SearchHit(chunk=one_page("No list: a colon and prose.")[0], score=1.0)], ["Acme Corp"]) == ([], {})


def test_the_row_a_table_of_named_columns_ranks_first_by_the_asked_column(services):
    # the tally of fifteen nominees runs over three chunks of p.3 (For / Against / Abstain / Broker Non-Votes)
    answer = ask('Which director nominee of "PepsiCo, Inc." received the most votes against at the 2023 Annual Meeting '
                 "of Shareholders held on May 3, 2023? If data is not available, return 'N/A'.", filing(PEPSICO_8K),
                 [2], services)
    assert answer.status == "answered", answer.text
    assert answer.text.startswith("Ramon L. Laguarta, with the most (69,085,058)"), answer.text
    assert "Jennifer Bailey: 4,200,722" in answer.text, answer.text


def test_a_table_whose_rows_run_to_the_end_of_what_was_read_ranks_no_one():
    from answering.kinds.column_choice import _ranked

    header = "Nominee For Against Abstain"
    rows = ["Ann Lee 100 7 1", "Bo Chan 90 9 2"]
    assert _ranked("\n".join([header, *rows, "(2) The shareholders ratified ..."]), {"against"}, "us") == \
        ("Against", [("Ann Lee", 7.0, rows[0]), ("Bo Chan", 9.0, rows[1])])
    assert _ranked("\n".join([header, *rows]), {"against"}, "us") is None
    assert _ranked("\n".join([header, *rows, "end"]), {"abstentions"}, "us") is None


def test_a_dependence_is_read_only_from_a_sentence_naming_every_word_of_the_thing(services):
    international = "International revenue was 42% of our total revenues in 2024."
    answer = ask("How reliant is Acme Corp on government revenue in fiscal 2024?", one_page(international), [0], services)
    assert international not in answer.text or answer.status != "answered", answer.text
    answer = ask("How dependent was Acme Corp on its largest supplier in 2024?",
                 one_page("Our largest customer accounted for 18% of our total net sales in 2024."), [0], services)
    assert answer.status != "answered", answer.text


def test_a_share_written_in_words_is_a_share():
    from answering.kinds.asked_shape import answered_in_the_asked_shape
    from answering.written_answer import WrittenAnswer

    said = WrittenAnswer(status="answered", kind="passage",
                         text='"No single customer accounted for more than ten percent of our net sales." (x p.4)')
    assert answered_in_the_asked_shape(said, "How concentrated is Acme's customer base?").status == "answered"


def test_a_customer_of_another_measure_is_not_asked_of_whom_revenues_come_from():
    from answering.kinds.customer_words import ASKS_CUSTOMERS

    assert ASKS_CUSTOMERS.match("Which single customer accounted for a significant share of PepsiCo's net revenue?")
    assert not ASKS_CUSTOMERS.match("Which customer accounted for more than 10% of Acme's accounts receivable?")


def test_no_dividend_is_the_premise_of_a_payout_asked_not_of_the_rules_on_dividends(services):
    page = one_page("We do not currently pay cash dividends on our common stock.")
    answer = ask("What covenants in Acme Corp's credit agreement restrict its ability to pay dividends in fiscal 2024?",
                 page, [0], services)
    assert "does not apply" not in answer.text, answer.text


def test_the_last_bulleted_item_ends_at_its_sentence():
    from answering.kinds.drivers import _bullet_items
    from finrag.models import SearchHit

    page = one_page("For the year ended December 31, 2024, net sales decreased. The drivers were as follows: \uf0b7 Parts' "
                    "net sales decreased by $5 million, due to lower prices; \uf0b7 Tools' net sales decreased by $300 "
                    "million. Gross margin decreased in 2024 primarily due to higher raw material costs.")
    items, _ = _bullet_items([SearchHit(chunk=page[0], score=1.0)], ["Acme Corp"])
    assert items[-1].text == "Tools' net sales decreased by $300 million.", items


def test_titles_joined_by_and_are_each_held_in_any_order(services):
    page = one_page("x")[0]
    table = page.model_copy(update={"text": "\n".join([
        "Executive Officers of the Registrant", "Name Age Position",
        "John A. Smith 60 Chairman, President and Chief Executive Officer",
        "Mary B. Jones 52 Executive Vice President and Chief Financial Officer"])})
    answer = ask("Who served as Chairman and Chief Executive Officer of Acme Corp in fiscal 2024?", [table], [0], services)
    assert answer.text.startswith("John A. Smith"), answer.text


def test_companies_that_have_named_one_as_a_competitor_is_still_a_reverse_question():
    from retrieval.query_understanding import DONE_TO_COMPANIES

    assert DONE_TO_COMPANIES.search('Which companies does "THE BOEING COMPANY" name as its competitors?')
    assert not DONE_TO_COMPANIES.search("Which companies have Helix Dynamics listed as a competitor?")


def test_a_deal_the_ask_is_about_is_kept():
    from answering.kinds.acquisitions import undated

    assert undated("Which risks does Acme identify in connection with its acquisition of Beta Foods?") == \
        "Which risks does Acme identify in connection with its acquisition of Beta Foods?"
