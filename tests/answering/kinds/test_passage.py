"""passage: only sentences that state the asked fact are quoted; look-alikes (risk-factor
hedges, sentences that share words but not the key phrase) are refused (Boeing FY2022 10-K)."""

from __future__ import annotations

from answering.writer import write_answer
from finrag.llm import Usage
from finrag.models import SearchHit
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import ask, catalog, filing, one_page


def test_the_sentence_that_states_the_fact_is_quoted(boeing, services):
    written = ask("What production rate changes does Boeing expect for the 787 program in FY2023?", boeing,
                  [7, 8, 9, 51], services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert "we expect to gradually increase to 5 per month in 2023" in written.citations[0].quote


def test_risk_language_and_shared_words_are_not_an_answer(boeing, services):
    # the risk-factor pages talk about production, suppliers and costs, none states a plant closure
    written = ask("What plant closures did Boeing announce in FY2022?", boeing, [7, 8, 9, 10], services)
    assert (written.status, written.kind) == ("not_found", "passage"), written.text
    assert written.citations == []


def test_by_how_much_is_the_difference_of_the_two_amounts_the_sentences_state(services):
    eight_k = filing("financebench/pdfs/PEPSICO_2023_8K_dated-2023-05-30.pdf")
    written = ask("By how much did PepsiCo increase its unsecured five year revolving credit agreement on May 26, "
                  "2023?", eight_k, [0, 1, 2], services)
    assert written.text.startswith("$400,000,000: from $3,800,000,000 to $4,200,000,000"), written.text
    assert written.value == 400_000_000
    assert len(written.citations) == 2


def test_a_risk_that_a_plan_may_not_succeed_is_not_the_plan():
    from answering.kinds.sentences import HEDGE  # the hedges a stating sentence never has

    # FedEx's risk factors: the plan's targets are stated elsewhere, in the stockholder letter
    risk = ("We may not be able to achieve the expected operational efficiencies and network flexibility, "
            "alignment of our cost base with demand, cost savings and reductions to our permanent cost structure, "
            "and other benefits from our DRIVE transformation and one FedEx consolidation plan.")
    target = "DRIVE is expected to deliver $4 billion in permanent cost savings in fiscal 2025."
    assert HEDGE.search(risk) and not HEDGE.search(target)


def test_a_question_that_asks_how_much_is_answered_with_the_sentence_that_states_the_amount(services):
    # Salesforce's Q2 FY2024 release (p.6) states the plan ("In January 2023, the Company announced
    # a restructuring plan ..."), no amount; the FY2023 10-K's p.48 states the costs
    # ("approximately $828 million of costs were incurred")
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf")
    release = filing("financebench-extra/pdfs/SALESFORCE_2024Q2_EARNINGS.pdf")
    question = ("What restructuring plan did Salesforce announce in January 2023, and how much did it incur under "
                "the plan in fiscal 2023?")
    only_the_plan = [c for c in release if c.page == 5]
    refused = write_answer(question, [SearchHit(chunk=c, score=1.0) for c in only_the_plan],
                           understand(question, catalog(salesforce), services.vocabulary), services, Usage())
    # refused: the plan's sentence alone would answer half of the question
    assert refused.status == "not_found" and "announced a restructuring plan" not in refused.text.split(";")[0], \
        refused.text
    written = ask(question, salesforce, [84, 47], services)
    assert written.status == "answered", written.text
    assert "announced a restructuring plan" in written.text and "$828 million" in written.text


def test_the_next_bullet_that_refers_back_to_the_stating_one_is_part_of_the_answer(services):
    """Ethernity's 2022 highlights (p.8) list the $3 million PON contract with its Chinese/Indian
    OEM, and in the next bullet a follow-on contract "with that customer": one contract of two
    would be a partial list."""
    ethernity = filing("filings-wild/pdfs/EthernityNetworks_2022_AnnualReport.pdf")
    written = ask("What PON (passive optical network) contracts did Ethernity Networks have with its Chinese/Indian "
                  "OEM customer in 2022?", ethernity, [7], services)
    assert written.status == "answered", written.text
    assert "$3 million GPON and XGS-PON OLT SoC contract" in written.text
    assert "follow-on contract of $4.6 million with that customer" in written.text
    assert "UEP2025" not in written.text  # the bullet after it is about another customer


def test_an_authorization_asked_after_a_lead_in_clause_is_an_event_the_text_states(services):
    """"According to ..., what additional share repurchase authorization did its Board approve":
    an event, stated under the release's "Stock Repurchases" heading (p.3), not the quarter's
    repurchases line of the cash flow statement."""
    release = filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q1.pdf")
    written = ask("According to Alphabet's first-quarter 2023 earnings release, what additional share repurchase "
                  "authorization did its Board approve, when, and for which share classes?", release, [2, 6], services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert "On April 19, 2023, the Board of Directors of Alphabet authorized the company to repurchase up to an " \
           "additional $70.0 billion of its Class A and Class C shares" in written.text


def test_a_plan_asked_for_is_the_plan_and_the_amount_part_its_own_sentence(services):
    """"What restructuring plan did Salesforce announce ..., and how much did it incur under
    the plan?": the plan is described without an amount (its Q2 FY2024 release, p.6 footnote;
    FY2023 10-K note 10, p.85); the amount is the 10-K MD&A's sentence (p.48). Restructuring is
    a line of the statements too, but the first part asks for the plan, not its charge."""
    from tests.answering.kinds.conftest import hits

    annual = filing("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf")
    release = filing("financebench-extra/pdfs/SALESFORCE_2024Q2_EARNINGS.pdf")
    question = ("What restructuring plan did Salesforce announce in January 2023, and how much did it incur under "
                "the plan in fiscal 2023?")
    understanding = understand(question, catalog(annual), services.vocabulary)
    written = write_answer(question, [*hits(release, [5]), *hits(annual, [84, 47])], understanding, services,
                           Usage())
    assert written.status == "answered", written.text
    assert "announced a restructuring plan" in written.text and "intended to reduce operating costs" in written.text
    assert "$828 million" in written.text


def test_where_a_named_event_began_is_where_the_filing_defines_its_term(services):
    """PG&E's FY2022 10-K states the liability recorded for each fire (MD&A p.61) and introduces
    the fire where it defines it (note 15, p.167): "a wildfire had ignited near OxBow Reservoir in
    Placer County, California (the “2022 Mosquito fire”)". No sentence says where it "began"."""
    pge = filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")
    written = ask("What liability had PG&E recorded for claims from the 2022 Mosquito fire, and where did that fire "
                  "begin?", pge, [60, 166], services)
    assert written.status == "answered", written.text
    assert "and $100 million for claims in connection with" in written.text
    assert "ignited near OxBow Reservoir in Placer County, California" in written.text


def test_a_part_with_one_word_of_its_own_is_answered_beside_the_part_before_or_not_at_all(services):
    """"..., and what did eMetals pay?" has one word of its own: the directors' declaration (p.42)
    says the company "will be able to pay its debts", which is not what it paid for what the
    first part found (p.10). No answer rather than that quote."""
    emetals = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    written = ask("What company did eMetals Limited acquire in January 2022, what does it hold, and what did eMetals "
                  "pay?", emetals, [9, 41], services)
    assert "pay its debts" not in written.text
    assert written.status == "not_found", written.text


def test_a_sentence_announcing_several_items_brings_every_item_sentence_after_it(boeing, services):
    """Boeing's FY2022 10-K (p.9): "We have previously announced plans to adjust production rates
    on several of our commercial aircraft programs." and then the 787, the 777X and the 737 one
    by one, up to "In addition, ...": one program of three would be a partial answer."""
    written = ask("What changes to production rates does Boeing plan for its commercial aircraft in 2023?", boeing,
                  [8], services)
    assert written.status == "answered", written.text
    for program in ("787 program", "777X", "737 program"):
        assert program in written.text
    assert "In addition" not in written.text


def test_initials_end_no_sentence_and_an_abbreviation_states_the_name_it_stands_for(services):
    # "the U.S. Federal Trade Commission" in the question, "the FTC filed a complaint against us in
    # the U.S. District Court ..." in the filing (Meta FY2022 10-K p.49)
    meta = filing("filings-wild/pdfs/MetaPlatforms_2022_10-K.pdf")
    written = ask("Which proposed acquisition by Meta did the U.S. Federal Trade Commission sue to block in 2022, "
                  "and what relief did the FTC seek according to Meta's 2022 annual report?", meta,
                  [110, 48, 111, 47, 112], services)
    assert written.status == "answered", written.text
    assert "seeking to preliminarily enjoin our proposed acquisition of Within Unlimited" in written.text


def test_a_release_headline_before_its_dateline_is_no_statement_of_what_happened(services):
    # Alphabet's Q2 2023 release opens "Alphabet Announces Second Quarter 2023 Results Announces Plans for
    # Chief Financial Officer Transition ... MOUNTAIN VIEW, Calif. – July 25, 2023 – Alphabet Inc. ...
    # today announced financial results ...": the headline names the topic, it does not say who moves
    # where and when. Quoted as the answer it was graded wrong; the sentence after the dateline is
    # what the release states.
    from answering.kinds.sentences import sentences
    from tests.answering.kinds.conftest import hits

    alphabet = filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q2.pdf")
    written = ask("What executive change did Alphabet announce with its second-quarter 2023 results?",
                  alphabet, [0, 1, 2], services)
    assert "Chief Financial Officer Transition" not in written.text or written.status != "answered", written.text
    opening = [s.text for s in sentences(hits(alphabet, [0]), []) if "today announced financial results" in s.text]
    assert opening and opening[0].startswith("Alphabet Inc. (NASDAQ: GOOG, GOOGL) today announced"), opening


def test_a_sale_read_part_by_part_after_the_statement_that_leads_into_it(services):
    # Lyft's FY2021 10-K: "In 2021 Lyft divested its self-driving vehicle division. To whom was it
    # sold, when did the transaction close, how much cash ..., and what gain ...?" The lead-in names
    # what "it" is; "to whom" is answered by the sentence naming the buyer (“Woven Planet”, a
    # subsidiary of Toyota Motor Corporation) and dating the closing; a pre-tax gain is one word
    # from "recognized" ("We recognized a pre-tax gain of $119.3 million").
    lyft = filing("filings-wild/pdfs/Lyft_2021_10-K.pdf")
    question = ("In 2021 Lyft divested its self-driving vehicle division. To whom was it sold, when did the transaction "
                "close, how much cash will Lyft receive and on what schedule, and what gain did Lyft recognize?")
    written = ask(question, lyft, [95, 75, 56, 71, 47, 96, 69], services)
    assert written.status == "answered", written.text
    for stated in ("Woven Planet", "July 13, 2021", "$515 million", "$165 million paid upfront", "$119.3 million"):
        assert stated in written.text, (stated, written.text)
    # the note alone: "The Company recognized a $119.3 million pre-tax gain": the amount between the
    # two key words is one word of the sentence, as the article is none
    note = ask(question, lyft, [95], services)
    assert note.status == "answered" and "recognized a $119.3 million pre-tax gain" in note.text, note.text


def test_how_a_balance_changed_is_stated_by_its_two_amounts_side_by_side(services):
    """"How did its backlog change during 2021?": Lockheed Martin's FY2021 10-K states it as "our backlog
    was $135.4 billion compared with $147.1 billion" (p.36, one-based), never with the word "change"."""
    lockheed = filing("financebench/pdfs/LOCKHEEDMARTIN_2021_10K.pdf")
    a = ask("How did Lockheed Martin's backlog change during 2021?", lockheed, [35], services)
    assert a.status == "answered", a.text
    assert "$135.4 billion compared with $147.1 billion" in a.text


def test_a_count_asked_is_not_answered_by_a_percentage_change_of_the_things_counted(services):
    # the 10-K gives footwear unit growth in percent ("Unit sales of footwear increased 20%") and no
    # number of pairs sold; the same pages do state a count of employees, which is answered
    nike = filing("financebench/pdfs/NIKE_2021_10K.pdf")
    pairs = ask("How many pairs of footwear did Nike sell in FY2021?", nike, [34, 39, 40, 7], services)
    assert pairs.status == "not_found", pairs.text
    staff = ask("How many employees did Nike have at the end of FY2021?", nike, [34, 39, 40, 7], services)
    assert staff.status == "answered" and "73,300" in staff.text, staff.text


def test_a_percentage_asked_is_not_answered_by_a_sentence_that_states_none(services):
    # McDonald's 8-K of February 13, 2023: "what is the CFO's target 2023 TIP award as a percentage of base salary?"
    # The sentence that approves the plan's payout structure names the plan and the date, and no percentage
    mcd = filing("financebench-extra/pdfs/MCDONALDS_8K_dated-2023-02-13.pdf")
    written = ask("According to McDonald's 8-K dated February 13, 2023, what is CFO Ian Borden's target 2023 Target "
                  "Incentive Plan (TIP) award as a percentage of base salary?", mcd, [1], services)
    assert not (written.status == "answered" and "%" not in written.text), written.text


def test_a_price_asked_is_money_not_a_street_number():
    from answering.kinds.passage import _states_asked_amount

    asked = "For what price did the Utility agree in 2021 to sell its San Francisco General Office complex?"
    assert not _states_asked_amount("the Utility filed an application to sell the SFGO located at 25 Beale Street", asked)
    assert _states_asked_amount("the Utility agreed to sell the SFGO for $800 million", asked)


def test_a_bullet_after_a_sentence_s_end_opens_the_next_sentence():
    from answering.aspects import split_sentences

    # PG&E's FY2021 10-K: the revenue requirement's amount belongs to its own sentence, not to the SFGO sale's
    text = ("The application requests a revenue requirement of $15.46 billion for the 2023 test year. • In August, the "
            "CPUC approved the Utility's agreement to sell the SFGO.")
    assert split_sentences(text) == ["The application requests a revenue requirement of $15.46 billion for the 2023 "
                                     "test year.", "• In August, the CPUC approved the Utility's agreement to sell the SFGO."]


def test_a_person_s_title_before_the_name_ends_no_sentence():
    from answering.aspects import split_sentences

    # PT Adhi Karya's 2013 statements (Note 1.e): "Ir." is the President Director's title, not a sentence's end
    text = "Dewan Direksi 2013 Board of Directors Direktur Utama Ir. Kiswodarmawan President Director"
    assert split_sentences(text) == [text]
    assert len(split_sentences("The plan was approved by Dr. Lisa Su. The board met twice.")) == 2


def test_how_the_proceeds_are_used_is_not_the_amount_raised(services):
    """PG&E's June 2023 8-K prints its bonds' pricing term sheet: "Proceeds to the Company: Approximately
    $2,466,258,500" shares the question's words; the use is the next item, "The Company expects to use the net
    proceeds for the repayment of ...", then "The Company expects to use the remaining net proceeds for ...". Asked how
    the proceeds were to be used, both uses are quoted."""
    eight_k = filing("financebench-extra/pdfs/PG_E_2023_EARNINGS-dated-2023-06-01.pdf")
    written = ask("How did Pacific Gas and Electric Company plan to use the net proceeds of its June 2023 offering of "
                  "$2.5 billion of first mortgage bonds?", eight_k, [35, 2], services)
    assert written.status == "answered", written.text
    assert "expects to use the net proceeds for the repayment" in written.text
    assert "Approximately $2,466,258,500" not in written.text
    # the next sentence states the same key phrase and goes on with the answer: half of it without
    assert "expects to use the remaining net proceeds for the repayment of borrowings" in written.text


def test_a_following_sentence_goes_on_only_when_it_opens_alike_and_keeps_to_the_asked_years():
    from answering.kinds.passage import _changed_in_other_years, _opening

    assert _opening("Use of Proceeds: The Company expects to use the net proceeds for X.") == \
        _opening("The Company expects to use the remaining net proceeds for Y.")
    # a colon inside a sentence is no heading: the sentence opens with its own words
    assert _opening("The terms were as follows: the Company pays X.") == ["the", "terms", "were"]
    assert _changed_in_other_years("For the year ended December 31, 2021, share repurchases totaled $2.9 billion.", [2023])
    assert not _changed_in_other_years("The Company expects to use the remaining net proceeds for Y.", [2023])


def test_an_aside_in_parentheses_is_no_part_of_what_a_sentence_must_state(services):
    # eBay's Q2 2023 10-Q, p.37: "In connection with the government matters and civil action described above, the
    # Company to date has accrued for probable losses of approximately $64 million in the aggregate."; the question
    # describes the matters in a parenthesis the sentence does not repeat
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_10Q.pdf")
    written = ask("As of its Q2 2023 10-Q, how much had eBay accrued in aggregate for probable losses from the government "
                  "matters (the DOJ/EPA inquiries and the U.S. Attorney's investigation into the 2019 stalking of the "
                  "Ecommercebytes editor and publisher) and the related civil action?", ebay, [36, 35, 34], services)
    assert written.status == "answered" and "approximately $64 million in the aggregate" in written.text, written.text


def test_a_parenthesis_that_restricts_the_ask_is_kept(services):
    # eBay's Q2 2023 10-Q: the $64 million accrued is the government matters', not the derivative lawsuits'
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_10Q.pdf")
    written = ask("As of its Q2 2023 10-Q, how much had eBay accrued in aggregate for probable losses (for the "
                  "shareholder derivative lawsuits only)?", ebay, [36, 35, 34], services)
    assert "$64 million" not in written.text or written.status != "answered", written.text


def test_an_amount_asked_is_read_from_the_sentence_after_the_one_naming_the_thing(services):
    # Accuray's FY2022 10-K: the joint venture's sentence names the parties; the next gives Accuray's share
    chunks = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask('What percentage ownership interest did "Accuray Incorporated" hold in its China joint venture (the '
                  "JV with CNNC High Energy Equipment (Tianjin) Co., Ltd.) as of June 30, 2022?", chunks, [127, 75],
                  services)
    assert written.status == "answered" and "49%" in written.text, written.text


def test_a_release_s_contact_block_and_headline_before_its_dateline_are_no_part_of_its_first_sentence(services):
    # PG&E's May 31, 2023 release: "... www.pge.com May 31, 2023 PG&E and Shasta County District Attorney Reach
    # Settlement ... OAKLAND, Calif.— Pacific Gas and Electric Company (PG&E) announced today ..."
    chunks = filing("financebench-extra/pdfs/PG_E_2023_EARNINGS_dated-2023-05-31.pdf")
    written = ask("What did PG&E announce on May 31, 2023 about the Shasta County District Attorney?", chunks,
                  [3, 4], services)
    assert "www.pge.com" not in written.text and "415.973" not in written.text, written.text


def test_an_amount_of_the_company_s_own_deed_is_not_another_party_s():
    from answering.kinds.passage import _ASKS_COMPANY_DEED, _done_by_another, _names_the_deed

    # PT Bayan Resources' 2024 annual report: a subsidiary's and a country's coal output are not the company's
    ask = _ASKS_COMPANY_DEED.search('How much coal did "PT Bayan Resources Tbk." produce in 2024?')
    assert ask is not None and ask.group("verb") == "produce"
    company = ["PT Bayan Resources Tbk."]
    assert _done_by_another("GBP produced 0.3 million MT in 2024, whilst in 2023 no coal was produced.", "produce",
                            company)
    assert _done_by_another("In 2024, the coal production of China was 4.76 billion MT.", "produce", company)
    assert not _done_by_another("The Company achieved coal production of 56.9 million MT in 2024.", "produce", company)
    assert _names_the_deed("The Company achieved coal production of 56.9 million MT in 2024.", "produce")
    assert not _names_the_deed("The Group has commitments to sell 227.5 million metric tonnes of coal.", "produce")
    # a change asked is stated by two amounts, not by its verb
    assert _ASKS_COMPANY_DEED.search("By how much did PepsiCo increase its credit agreement?") is None


def test_a_count_the_company_has_is_no_deed_to_check(services):
    # Accuray's FY2022 10-K: "As of June 30, 2022, we had 1044 full-time employees ..."
    chunks = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask("How many full-time employees did Accuray have as of June 30, 2022?", chunks, [26, 27], services)
    assert written.status == "answered" and "1044" in written.text, written.text


def test_the_world_s_output_is_no_company_s_and_sales_name_a_deed_of_selling():
    from answering.kinds.passage import _done_by_another, _names_the_deed

    company = ["PT Bayan Resources Tbk."]
    assert _done_by_another("In 2025, global coal production is expected to surpass 9 billion MT.", "produce", company)
    assert _names_the_deed("Sales volume was 56.2 million MT in 2024.", "sell")


def test_a_city_and_a_word_before_a_dash_are_no_dateline_without_the_state_s_abbreviation():
    from answering.kinds.sentences import _after_dateline

    assert _after_dateline("GAAP, Topic — Revenue recognition applies.") == "GAAP, Topic — Revenue recognition applies."
    assert _after_dateline("Zogg Fire OAKLAND, Calif.— Pacific Gas and Electric Company (PG&E) announced today.") == \
        "Pacific Gas and Electric Company (PG&E) announced today."


def test_an_outcome_that_follows_from_the_sentence_before_is_quoted_with_it(services):
    microsoft = filing("financebench/pdfs/MICROSOFT_2023_10K.pdf")
    # p.41 the MD&A's overview: the January 2023 decisions, then "As a result, we recorded a $1.2 billion
    # charge" (the two sentences in two chunks)
    written = ask("What cost actions did Microsoft announce in January 2023, and what charge did it record in "
                  "FY2023 as a result?", microsoft, [40], services)
    assert written.status == "answered", written.text
    assert written.text.index("align our cost structure") < written.text.index("As a result, we recorded a $1.2 billion")


def test_a_sentence_naming_the_asked_thing_only_by_pointing_back_is_quoted_with_the_ones_it_points_to(services):
    microsoft = filing("financebench/pdfs/MICROSOFT_2023_10K.pdf")
    # p.41: "... we determined we should increase the estimated useful lives of both server and network equipment
    # from four years to six years. This change in accounting estimate was effective beginning fiscal year 2023.
    # Based on ..., the effect of this change in estimate for fiscal year 2023 was an increase in operating income
    # of $3.7 billion ..."
    written = ask("What change in accounting estimate did Microsoft make for its server and network equipment in "
                  "FY2023, and how much did it affect FY2023 operating income and net income?", microsoft, [40], services)
    assert written.status == "answered", written.text
    assert written.text.index("from four years to six years") < written.text.index("$3.7 billion"), written.text


def test_only_a_sentence_that_leaves_its_cause_out_brings_the_one_before():
    from answering.kinds.passage import _FOLLOWS_FROM

    assert _FOLLOWS_FROM.match("As a result, we recorded a $1.2 billion charge in the second quarter.")
    # it names its own cause
    assert not _FOLLOWS_FROM.match("As a result of the Merger, the Company changed its name to TD SYNNEX.")


def test_an_earlier_years_comparison_does_not_answer_for_the_latest_year_asked(services):
    """Netflix's FY2015 10-K (p.23): "Year ended December 31, 2014 as compared to the year ended December 31, 2013
    The increase in our international revenues was primarily due to ..." is the year before's story, quoted
    for a question about FY2015 (against FY2014) as if it were its answer."""
    netflix = filing("financebench/pdfs/NETFLIX_2015_10K.pdf")
    written = ask("By approximately how much would Netflix's international streaming revenues have been higher in FY2015 "
                  "if foreign exchange rates had stayed at FY2014 levels, and what happened to average monthly revenue "
                  "per paying international membership?", netflix, [21, 22, 18], services)
    assert "as compared to the year ended December 31, 2013" not in written.text, written.text


def test_a_deed_the_question_dates_to_a_month_is_answered_by_a_sentence_that_dates_it(services):
    """"What change to its capital return policy did eBay's Board of Directors make in January 2019?" was answered
    from the FY2021 10-K with a governance sentence about its Board: a deed of no month named is another deed."""
    question = "What change to its capital return policy did eBay's Board of Directors make in January 2019?"
    refused = ask(question, filing("financebench-extra/pdfs/EBAY_2021_10K.pdf"), [52], services)
    assert refused.status == "not_found" and "January 2019" in refused.text, refused.text
    # the FY2018 10-K: the sentence found goes on about the dividend the sentence before it dates ("In January 2019,
    # we initiated a quarterly cash dividend on our common stock. The timing, declaration, ..."), quoted with it
    written = ask(question, filing("financebench-extra/pdfs/EBAY_2018_10K.pdf"), [26, 31, 32, 36, 47, 92], services)
    assert written.status == "answered", written.text
    assert written.text.startswith('"In January 2019, we initiated a quarterly cash dividend'), written.text
    # a document's date dates no deed: "according to its 10-K filed in February 2025" asks nothing of the month
    undated = one_page("Our Board of Directors initiated a quarterly cash dividend of $0.14 per share of common stock, "
                       "a change to our capital return policy.")
    assert ask("What change to its capital return policy did Acme's Board of Directors make in fiscal 2024, according "
               "to its 10-K filed in February 2025?", undated, [0], services).status == "answered"


def test_a_sentence_after_which_a_heading_opens_in_lower_case_ends_at_its_period(services):
    """Apple's FY2019 10-K (p.56): "... the withheld royalty payments. iOS Performance Management Cases Various civil
    litigation ...": the next matter's heading opens in lower case, and read as one sentence with the settlement it
    carried the answer into another lawsuit, without the agreements that came with the settlement."""
    apple = filing("financebench-extra/pdfs/APPLE_2019_10K.pdf")
    written = ask("How was Apple's litigation with Qualcomm resolved during FY2019, and what agreements accompanied "
                  "the resolution?", apple, [55, 20, 21], services)
    assert written.status == "answered", written.text
    assert "multi-year license agreement and a multi-year supply agreement" in written.text
    assert "Performance Management" not in written.text and "monetary damages" not in written.text



def test_a_dated_deed_is_never_another_deed_of_that_month_nor_dated_by_a_sentence_naming_its_own_period(services):
    """A review's cases: a buyback of the month is no dividend change; a dividend raised "in the third quarter" is not
    dated by the acquisition "In January 2024" before it; a law "enacted in December 2017" dates the law, not the
    effect asked; "January of 2024" is that month."""
    asked = "What change did Acme's Board of Directors make to its dividend in January 2024?"
    buyback = one_page("In the first quarter of 2024, our Board of Directors increased the quarterly dividend by 10% to "
                       "$0.55 per share.", "In January 2024, our Board of Directors approved a change to the share "
                       "repurchase program, adding $5 billion.")
    assert "share repurchase program" not in ask(asked, buyback, [0], services).text.split("; found")[0]
    other_period = one_page("In January 2024, we completed the acquisition of Beta Corp for $2 billion.",
                            "In the third quarter, our Board of Directors increased the quarterly dividend by 10% to "
                            "$0.55 per share.")
    assert ask(asked, other_period, [0], services).status == "not_found"
    law = ask("What effect did the Tax Act enacted in December 2017 have on Acme's deferred tax assets?",
              one_page("The Tax Act was enacted on December 22, 2017.", "As a result of the Tax Act, we remeasured our "
                       "deferred tax assets and recorded a charge of $1.2 billion."), [0], services)
    assert law.status == "answered" and "remeasured our deferred tax assets" in law.text, law.text
    written = ask("What did Acme's Board of Directors authorize in January 2024?", one_page(
        "In January of 2024, our Board of Directors authorized a new $5 billion share repurchase program."), [0], services)
    assert written.status == "answered", written.text


def test_a_subjects_also_does_not_carry_on_a_by_how_much_answer(services):
    written = ask("By how much did Acme increase its unsecured five year revolving credit agreement in 2024?", one_page(
        "In 2024, Acme increased its unsecured five year revolving credit agreement by $400,000,000.",
        "Acme also paid $2,000,000 of arrangement fees to the lenders."), [0], services)
    assert written.value is None and "$398,000,000" not in written.text, written.text


def test_a_relative_clauses_verb_keeps_the_month_it_is_dated_to(services):
    written = ask("What was the change that Acme's Board of Directors approved in April 2024?", one_page(
        "In January 2024, our Board of Directors approved a new $2 billion share repurchase authorization.",
        "In April 2024, our Board of Directors approved an increase of the quarterly cash dividend to $0.60 per share."),
        [0], services)
    assert written.status == "answered" and written.text.startswith('"In April 2024'), written.text
    assert "repurchase authorization" not in written.text


def test_a_pointer_is_dropped_but_a_fact_glued_after_it_is_read(services):
    glued = one_page('For more information, see Note 9, "Acquisitions." On March 1, 2024, Acme completed the acquisition '
                     'of Beta Inc., a maker of industrial sensors, for $120 million.')
    written = ask("What company did Acme acquire in 2024, and for how much?", glued, [0], services)
    assert written.status == "answered" and "Beta Inc." in written.text, written.text


def test_a_price_asked_of_two_dated_deals_is_read_without_a_traceback(services):
    # a price sentence's amount was read as True, and comparing two of them raised a TypeError
    two = one_page("In March 2023, Acme acquired Beta Systems for $120 million in cash, expanding its sensor portfolio.",
                   "In July 2023, Acme acquired Gamma Robotics for $340 million in cash, expanding its automation "
                   "portfolio.")
    written = ask("What was the purchase price of the business Acme acquired in July 2023?", two, [0], services)
    assert written.status in ("answered", "not_found", "unverified")
    assert "$120 million" not in written.text.split("; found")[0] or "$340 million" in written.text


def test_the_thing_asked_what_it_was_is_a_noun_not_a_verb():
    from answering.kinds.passage import _ASKED_WHAT

    assert _ASKED_WHAT.match("What change in accounting estimate did it make?").group("head") == "change"
    assert _ASKED_WHAT.match("What were the main drivers?") is None
    assert _ASKED_WHAT.match("What amount did it pay?") is None

