"""Every ask of a question is covered by the answer, or the answer is refused naming the ask it
leaves out (answering.kinds.ask_coverage). Answers as the writers give them, quoting shared
filings' sentences and statement rows; the asks are read from the question's grammar alone."""

from __future__ import annotations

from answering.kinds.ask_coverage import (
    FLAG,
    answered_in_every_ask,
    lower_case_counterparts,
    uncovered_ask,
)
from answering.written_answer import WrittenAnswer
from finrag.config import load_settings
from finrag.models import SearchHit
from strategies.services import Services
from tests.answering.kinds.conftest import ask, filing, write_answer_over


def _answer(text: str, kind: str = "passage") -> WrittenAnswer:
    return WrittenAnswer(status="answered", text=text, kind=kind)  # type: ignore[arg-type]


RESTRUCTURING = "Acme Restructuring charges FY2023: $20.00 million (statement line item). Read from acme_2023_10K."
# Zegona's 2022 annual report: no dividend, read from its cash flow statement
ZEGONA_DIVIDENDS = "Zegona Dividends paid FY2022: €0.00 million (statement line item). Dividends paid = €0.0M."


def test_a_figure_covers_no_thing_or_event_the_question_asks_for(vocab):
    plan = answered_in_every_ask(_answer(RESTRUCTURING, "metric"), "What restructuring plan did Acme announce in 2023?",
                                 ["Acme"], vocab)
    assert plan.status == "unverified" and FLAG in plan.flags and "partial_answer" in plan.flags
    assert "“the restructuring plan”" in plan.text and RESTRUCTURING in plan.text
    matter = _answer("McDonald's Income tax expense FY2022: $1,648.00 million (statement line item).", "metric")
    assert uncovered_ask(matter, "What income tax matter has McDonald's settled with France?", ["McDonald's"], vocab) \
        == "the income tax matter"
    # a quantity asked by its head ("dividend", "costs") is what a line item is
    assert uncovered_ask(_answer(ZEGONA_DIVIDENDS, "metric"), "What dividend per share did Zegona pay or declare for 2022?",
                         ["Zegona"], vocab) is None
    assert uncovered_ask(_answer(RESTRUCTURING, "metric"), "What restructuring costs did Acme record in 2023?",
                         ["Acme"], vocab) is None
    # "Which company had ..." asks the subject, which a comparison of figures names
    compared = _answer("Bolt Motors had the higher Revenue: Acme FY2023 Revenue $2,500.0M; Bolt Motors FY2023 Revenue "
                       "$5,000.0M.", "metric")
    assert uncovered_ask(compared, "Which company had the highest revenue in FY2023?", ["Acme", "Bolt Motors"], vocab) is None


def test_a_figure_says_no_yes_or_no_unless_its_sign_does(vocab):
    capex = _answer("Verizon Capex to revenue FY2022: 16.9% (standard definition). Capex to revenue = Capital "
                    "expenditures / Revenue = $23,087.0M / $136,835.0M = 16.9%. Read from VERIZON_2022_10K.", "metric")
    asked = "Is Verizon a capital intensive business based on FY 2022 data?"
    assert uncovered_ask(capex, asked, ["Verizon"], vocab) == asked.rstrip("?")
    concluded = capex.model_copy(update={"text": "Yes. " + capex.text})
    assert uncovered_ask(concluded, asked, ["Verizon"], vocab) is None
    # Oracle's FY2023 10-K: the working capital's sign says whether it is positive
    working = _answer("Oracle Working capital FY2023: $-2,086.00 million (standard definition). Working capital = Total "
                      "current assets - Total current liabilities = $21,004.0M - $23,090.0M = -$2,086.0M.", "metric")
    assert uncovered_ask(working, "Does Oracle have positive working capital at the end of FY2023?", ["Oracle"], vocab) is None


def test_a_figure_states_no_cause_and_describes_nothing(vocab):
    loss = _answer("eBay FY2022 Net income: -$1,269.0M.", "metric")
    asked = "eBay reported a net loss for FY2022. Was the loss caused by its core marketplace operations? Explain what drove it."
    assert uncovered_ask(loss, asked, ["eBay"], vocab) in ("Was the loss caused by its core marketplace operations",
                                                           "Explain what drove it")
    described = "Describe the restructuring plan Acme announced in 2023 and the charges it recorded."
    assert uncovered_ask(_answer(RESTRUCTURING, "metric"), described, ["Acme"], vocab) is not None


# Alphabet's Q1 2023 earnings release, p.2: why DeepMind moved, not by how much the costs rose
DEEPMIND = ('"Segment Operating Results Reflecting DeepMind’s increasing collaboration with Google Services, Google '
            'Cloud, and Other Bets, beginning in the first quarter of 2023 DeepMind is reported as part of Alphabet’s '
            'unallocated corporate costs instead of within Other Bets." (d304f54b110d p.2)')


def test_by_how_much_needs_an_amount_even_in_a_drivers_answer(vocab):
    asked = ("Alphabet's unallocated corporate costs rose sharply in the first quarter of 2023 compared with the first "
             "quarter of 2022. By how much, and what mainly explains the increase?")
    refused = answered_in_every_ask(_answer(DEEPMIND, "drivers"), asked, ["Alphabet"], vocab)
    assert refused.status == "not_found" and "“By how much”" in refused.text
    sized = _answer("Alphabet's unallocated corporate costs went from $(338) million to $(3,288) million. " + DEEPMIND,
                    "drivers")
    assert uncovered_ask(sized, asked, ["Alphabet"], vocab) is None


# Apple's fiscal 2018 10-K, p.25
APPLE_PROGRAM = ('"In May 2018, the Company announced a new capital return program of $100 billion and raised its '
                 'quarterly dividend from $0.63 to $0.73 per share beginning in May 2018." (5a6d5757 p.25)')


def test_an_amount_is_stated_where_the_ask_s_own_words_are(vocab):
    asked = ("What capital return program did Apple announce in fiscal 2018, and how much capital did it deploy on "
             "business acquisitions that year?")
    # the program's $100 billion is no amount deployed on acquisitions
    assert uncovered_ask(_answer(APPLE_PROGRAM), asked, ["Apple"], vocab) == \
        "how much capital did it deploy on business acquisitions that year"
    # a sentence stating the amount deployed (worded for the test)
    deployed = _answer(APPLE_PROGRAM + ' "During 2018, the Company deployed $0.7 billion of capital on business '
                       'acquisitions, net of cash acquired." (fixture p.1)')
    assert uncovered_ask(deployed, asked, ["Apple"], vocab) is None


def test_changes_asked_are_stated_by_what_was_done(vocab):
    asked = ("What revolving credit capacity did Boeing have at the end of FY2022, and what changes did it make to its "
             "credit facilities during 2022?")
    capacity = ('"At December 31, 2022, we had $12.0 billion of unused borrowing capacity on revolving credit line '
                'agreements." (4af859e21a p.45) "The 364-day credit facility has a one-year term out option which '
                'allows us to extend the maturity of any borrowings." (4af859e21a p.93)')
    assert uncovered_ask(_answer(capacity), asked, ["Boeing"], vocab) == \
        "what changes did it make to its credit facilities during 2022"
    done = _answer(capacity + ' "In August 2022, we entered into a new $5.8 billion 364-day revolving credit facility '
                   'and amended our five-year credit facility." (4af859e21a p.93)')
    assert uncovered_ask(done, asked, ["Boeing"], vocab) is None
    # a change of a person or a plan announced is no change made to something: not asked this way
    announced = _answer('"Alphabet and Google CFO Ruth Porat will assume the newly created role of President and Chief '
                        'Investment Officer, effective September 1, 2023." (1fcb3dcb604a p.3)')
    assert uncovered_ask(announced, "What executive change did Alphabet announce with its second-quarter 2023 results?",
                         ["Alphabet"], vocab) is None


def test_savings_asked_are_an_amount(vocab):
    asked = "What is FedEx's DRIVE program and what cost savings does management target from it?"
    said = _answer('"In addition, we made excellent progress implementing structural cost savings at FedEx Express." '
                   '(6c454a7858 p.2)')
    assert uncovered_ask(said, asked, ["FedEx"], vocab) == "what cost savings does management target from it"


# Oracle's FY2022 10-K, p.106: the segment reconciliation's rows
ORACLE_ROWS = ('"Year Ended May 31, (in millions) 2022 2021 2020 Total revenues $ 42,440 $ 40,479 $ 39,068 Research and '
               'development (7,219) (6,527) (6,067) Acquisition related and other (4,713) (138) (56) Restructuring (191) '
               '(431) (250)" (f37dd3c23019 p.106)')


def test_a_cause_is_not_stated_by_a_table_s_rows(vocab):
    asked = ("Oracle's 'acquisition related and other' expenses jumped to $4,713 million in FY2022 from $138 million in "
             "FY2021. What caused the increase?")
    assert uncovered_ask(_answer(ORACLE_ROWS), asked, ["Oracle"], vocab) == "What caused the increase"
    # a sentence saying why (worded for the test)
    said = _answer('"Acquisition related and other expenses increased in fiscal 2022 primarily due to a litigation '
                   'related charge of $4.7 billion." (fixture p.1)')
    assert uncovered_ask(said, asked, ["Oracle"], vocab) is None


def test_an_alternative_asks_which_not_whether(vocab):
    asked = ("eBay's net transaction revenues grew in 2017. Was that growth driven by a higher take rate or by higher "
             "volume?")
    bare = _answer('Yes. "Total transaction take rate was flat in 2017 compared to 2016." (27481631 p.40)', "yes_no")
    assert uncovered_ask(bare, asked, ["eBay"], vocab) == "Was that growth driven by a higher take rate or by higher volume"
    which = _answer('"The increase in net transaction revenues in 2017 compared to 2016 was primarily due to an increase '
                    'in Marketplace GMV." (27481631 p.40)')
    assert uncovered_ask(which, asked, ["eBay"], vocab) is None


# eBay's 2018 10-K, p.7
EBAY_DEALS = ('"In the second quarter of 2018, we completed the acquisition of Giosis Pte." (6e27f40a p.7) "In the third '
              'quarter of 2018, we sold our equity investment in Flipkart, for cash proceeds of approximately $1.0 '
              'billion." (6e27f40a p.7)')


def test_things_asked_together_or_listed_are_each_stated(vocab):
    listed = "What acquisitions, divestitures and joint ventures did eBay complete or announce in 2018?"
    assert uncovered_ask(_answer(EBAY_DEALS), listed, ["eBay"], vocab) == "the joint ventures"
    assert uncovered_ask(_answer(EBAY_DEALS), "What acquisitions and divestitures did eBay complete in 2018?", ["eBay"],
                         vocab) is None
    including = ("What did Apple announce in May 2018, including the program size, the repurchase authorization and "
                 "the quarterly dividend?")
    assert uncovered_ask(_answer(APPLE_PROGRAM), including, ["Apple"], vocab) == "the repurchase authorization"


def test_a_name_asked_is_a_name_the_question_does_not_give(vocab):
    asked = "What new credit facility did Pepsico enter into on May 26, 2023, and with which bank as agent?"
    unnamed = _answer('"On May 26, 2023, PepsiCo entered into a new $4,200,000,000 five year unsecured revolving credit '
                      'agreement." (PEPSICO_2023_8K p.2)')
    assert uncovered_ask(unnamed, asked, ["PepsiCo"], vocab) == "with which bank as agent"
    named = unnamed.model_copy(update={"text": unnamed.text.replace(
        "agreement.", "agreement among PepsiCo, as borrower, the lenders party thereto, and Citibank, N.A., as "
        "administrative agent.")})
    assert uncovered_ask(named, asked, ["PepsiCo"], vocab) is None


def test_an_answer_covering_every_ask_and_refusals_are_left_as_they_are(vocab):
    asked = ("What capital return program did Apple announce in fiscal 2018, and how much did it spend on share "
             "repurchases and dividends during that fiscal year?")
    full = _answer(APPLE_PROGRAM + ' "During 2018, the Company spent $73.1 billion to repurchase shares of its common '
                   'stock and paid dividends and dividend equivalents of $13.7 billion." (5a6d5757 p.25)')
    assert answered_in_every_ask(full, asked, ["Apple"], vocab) == full
    refused = WrittenAnswer(status="not_found", text="Not found.", kind="passage")
    assert answered_in_every_ask(refused, asked, ["Apple"], vocab) == refused


def test_a_question_s_only_amount_is_any_figure_and_a_share_is_a_percentage(vocab):
    # FinanceBench's PepsiCo Q1 2023 release: one ask, so no other ask's figure to mistake for it
    points = _answer("1 percentage point (8% previously, now 9% core constant currency EPS growth).")
    asked = ("As of FY2023Q1, by how many percentage points did Pepsico raise full year guidance in respect of core "
             "constant currency EPS growth?")
    assert uncovered_ask(points, asked, ["PepsiCo"], vocab) is None
    # eBay's February 2023 8-K: "about 4% of eBay's total employee base" is the share of its workforce
    cuts = _answer('"About 500 employees globally will be told that their jobs are being eliminated, about 4% of our '
                   'total employee base." (fixture p.1) "We are taking these steps to evolve the organization." (fixture p.1)')
    asked = ("In early February 2023 eBay announced job cuts. How many employees were affected, what share of the "
             "workforce was that, and what reasons did the CEO give?")
    assert uncovered_ask(cuts, asked, ["eBay"], vocab) is None
    without = cuts.model_copy(update={"text": cuts.text.replace(", about 4% of our total employee base", "")})
    assert uncovered_ask(without, asked, ["eBay"], vocab) == "what share of the workforce was that"


def test_how_long_needs_a_span_of_time_where_the_ask_s_own_words_are(vocab):
    # Zegona's 2022 annual report: the going-concern review's "next 12 months" is not how long its cash lasts
    question = ("Does Zegona Communications' 2022 annual report raise any doubt about the company's ability to continue "
                "as a going concern, and how long do the directors expect its cash to last?")
    review = _answer('Yes. "The Board has concluded that there is a material uncertainty affecting Zegona\'s ability '
                     'to continue in business or meet its liabilities as they fall due for the next 12 months." '
                     '(ZEGONA p.16)', "yes_no")
    assert uncovered_ask(review, question, ["Zegona"], vocab) == "how long do the directors expect its cash to last"
    runway = _answer(review.text + ' "Provided no material unforeseen costs arise, the Directors expect the cash '
                     'reserves to fund the business until the first quarter of 2025." (ZEGONA p.52)', "yes_no")
    assert uncovered_ask(runway, question, ["Zegona"], vocab) is None


PEPSICO_8K = "financebench/pdfs/PEPSICO_2023_8K_dated-2023-05-30.pdf"
CREDIT = ("Under PepsiCo's 2023 Five Year Credit Agreement (8-K, May 2023), how large is the Euro swing line "
          "subfacility, and up to what amount can the commitments be increased?")


def test_each_part_after_a_shared_lead_in_is_asked_by_its_own_words(vocab):
    """"..., and up to what amount ...?" asks a part of its own; the lead-in "Under PepsiCo's 2023 Five
    Year Credit Agreement" is what both parts are about, so a sentence on the commitments' increase,
    which names that agreement, does not cover "how large is the Euro swing line subfacility"."""
    chunks = filing(PEPSICO_8K)
    services = Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                        graph=None, vocabulary=vocab)
    increase = [c for c in chunks if "increase the commitments" in c.text and "swing line" not in c.text]
    written = write_answer_over(CREDIT, [SearchHit(chunk=c, score=1.0) for c in increase], chunks, services)
    assert written.status != "answered", written.text
    assert "swing line" in (written.reason or written.text), written.reason
    # with the agreement's first page whole, both parts are answered
    written = ask(CREDIT, chunks, [0, 1, 2], services)
    assert written.status == "answered" and "$750,000,000 swing line" in written.text, written.reason
    assert "$4,950,000,000" in written.text, written.text


# Corning's FY2022 10-K, p.25, as the drivers writer quoted it
CORNING_GROSS_MARGIN = (
    'Gross margin fell from 36.0% (FY2021) to 31.8% (FY2022). What drove it, as the filing says: "Gross margin '
    'decreased by $557 million, or 11% and gross margin as a percentage of sales decreased by 4 percentage points '
    'when compared to 2021." (d2a8a38655 p.25) "The decrease in gross margin was primarily driven by higher '
    'production, material and freight costs as well as incremental severance, accelerated depreciation, asset '
    'write-offs and other related charges of $257 million." (d2a8a38655 p.25)')
CORNING_FX = (' "In addition, movements in foreign exchange rates adversely impacted Corning’s consolidated net sales '
              'by $616 million for the year ended December 31, 2022, when compared to the same period in 2021." '
              '(d2a8a38655 p.25)')


def test_an_amount_ask_is_covered_by_a_figure_of_its_own_words_not_of_the_words_it_shares(vocab):
    question = ("What drove the decrease in Corning's FY2022 gross margin, and how much did foreign exchange movements "
                "hurt net sales and gross margin?")
    # the gross margin figures answer the first ask; the second is about foreign exchange
    assert uncovered_ask(_answer(CORNING_GROSS_MARGIN, "drivers"), question, ["Corning"], vocab) \
        == "how much did foreign exchange movements hurt net sales and gross margin"
    assert uncovered_ask(_answer(CORNING_GROSS_MARGIN + CORNING_FX, "drivers"), question, ["Corning"], vocab) is None


# eBay's Q2 2023 10-Q, p.44: the restructuring table and its lead-in; no headcount
EBAY_RESTRUCTURING = (
    '"Three Months Ended June 30, 2023 Six Months Ended June 30, 2023 Accrued liability, beginning of period $ 28 $ — '
    'Charges — 42 Payments (22) (36) Adjustments (1) (1) Accrued liability, end of period $ 5 $ 5 During the first '
    'quarter of 2023, management announced plans that included a reduction in workforce and other exit costs." '
    '(bc6a31fb02 p.43)')


def test_how_many_people_is_answered_by_a_number_of_people_not_by_a_figure_beside_them(vocab):
    question = "How many employees were affected by the workforce reduction eBay announced in the first quarter of 2023?"
    assert uncovered_ask(_answer(EBAY_RESTRUCTURING), question, ["eBay"], vocab) is not None
    corning = ('"Each of our 57,500 full- and part-time employees in 44 countries make an important contribution." '
               '(d2a8a38655 p.9)')
    assert uncovered_ask(_answer(corning), "How many employees did Corning have at the end of 2022?", ["Corning"],
                         vocab) is None


ORACLE_MORE_INTENSIVE = ("Yes. Oracle's capital expenditures rose from 10.6% of revenue (FY2022) to 17.4% (FY2023). "
                         "Capital expenditures / Revenue = $8,695.0M / $49,954.0M = 17.4%.")


def test_two_requests_in_one_sentence_are_each_asked(vocab):
    question = ("Did Oracle become more capital intensive in fiscal 2023? Compare capital expenditures relative to "
                "revenue in FY2023 and FY2022 and explain what happened to free cash flow.")
    assert uncovered_ask(_answer(ORACLE_MORE_INTENSIVE, "yes_no"), question, ["Oracle"], vocab) \
        == "explain what happened to free cash flow"
    alone = "Did Oracle become more capital intensive in fiscal 2023? Compare capital expenditures relative to revenue."
    assert uncovered_ask(_answer(ORACLE_MORE_INTENSIVE, "yes_no"), alone, ["Oracle"], vocab) is None


# McDonald's FY2022 10-K, p.13 and p.29
MCDONALDS_FRANCHISED = ('"Franchised restaurants represented 95% of McDonald\'s restaurants worldwide at December 31, '
                        '2022." (6f0228f121 p.13) "The revenues we realize from franchised restaurants are largely '
                        'dependent on the ability of our franchisees to grow their sales." (6f0228f121 p.29)')


def test_figures_asked_in_support_of_an_answer_are_each_asked(vocab):
    question = ("How dependent was McDonald's profitability on its franchised restaurants in FY2022? Use revenue and "
                "restaurant-margin figures to support your answer.")
    assert uncovered_ask(_answer(MCDONALDS_FRANCHISED), question, ["McDonald's"], vocab) == "the revenue figure"


def test_a_line_item_of_the_whole_does_not_weigh_a_part_of_it(vocab):
    written = _answer("Apple FY2022 Revenue: $394.3B.", "metric")
    question = "How important was Services to Apple's profitability in FY2022 compared with its share of sales?"
    assert answered_in_every_ask(written, question, ["Apple"], vocab).status == "unverified"


def test_what_stands_behind_a_change_is_a_cause_no_figure_states(vocab):
    # Verizon's FY2021 cash: the balance's own change restates the question's premise
    figure = _answer("Verizon Cash and cash equivalents FY2020-FY2021: -86.8% (statement line item). Cash and cash "
                     "equivalents FY2020 = $22,171.0M. Cash and cash equivalents FY2021 = $2,921.0M.", "metric")
    question = ("Verizon's cash and cash equivalents fell from about $22.2 billion at the end of 2020 to about $2.9 billion "
                "at the end of 2021. What was the main use of cash behind this decline?")
    assert answered_in_every_ask(figure, question, ["Verizon"], vocab).status == "unverified"


def test_which_segment_is_answered_only_by_a_pick_over_the_parts(vocab):
    # Microsoft's FY2016 10-K: the company's operating income and a quote about one line name no segment
    whole = _answer('Operating income rose from $18,161.00 million (FY2015) to $20,182.00 million (FY2016). What drove it, '
                    'as the filing says: "Corporate and Other revenue decreased $6.9 billion, primarily due to the impact '
                    'of the net revenue deferral from Windows 10." (34e36cf102 p.37)', "drivers")
    asked = "In fiscal 2016, which Microsoft segment grew operating income even though its revenue fell, and why?"
    assert uncovered_ask(whole, asked, ["Microsoft"], vocab) == (
        "In fiscal 2016, which Microsoft segment grew operating income even though its revenue fell")
    picked = _answer("More Personal Computing (+32.0% ...) ranks highest by change in the table ...", "choice")
    assert uncovered_ask(picked, "Which Microsoft segment grew operating income the most in fiscal 2016?",
                         ["Microsoft"], vocab) is None
    # a composed answer that states the part in its own words (kinds.item_parts) answers it
    composed = whole.model_copy(update={"text": whole.text + " Which segment fell the most? Greater China, ..."})
    assert uncovered_ask(composed, "What caused the decline, and which segment fell the most?", ["Apple"], vocab) is None


def test_two_parts_named_side_by_side_are_each_named(vocab):
    # Apple's FY2019 10-K: the Products sentence alone leaves Services out
    products = _answer('Gross margin fell from 38.3% (FY2018) to 37.8% (FY2019). What drove it, as the filing says: '
                       '"Products gross margin percentage decreased during 2019 compared to 2018 due primarily to lower '
                       'iPhone unit sales." (0630f06fe3 p.24)', "drivers")
    asked = "How did the Products and Services gross margin percentages change in fiscal 2019, and what drove each move?"
    assert uncovered_ask(products, asked, ["Apple"], vocab) == "the part Services"
    both = products.model_copy(update={"text": products.text + ' "Services gross margin percentage increased ..."'})
    assert uncovered_ask(both, asked, ["Apple"], vocab) is None
    # one name with "and" in it is one part
    act = _answer('"The Tax Act reduced the U.S. federal corporate tax rate from 35% to 21%." (x p.3)', "passage")
    assert uncovered_ask(act, "How did the U.S. Tax Cuts and Jobs Act affect Oracle's fiscal 2018 results?",
                         ["Oracle"], vocab) is None


def test_the_currency_an_answer_is_asked_in_is_no_part_of_the_company(vocab):
    # "What is Ethernity Networks' FY2022 free cash flow? ... Answer in USD.": USD names the unit, not a segment
    figure = WrittenAnswer(status="answered", kind="metric", value=-7.83,
                           text="Ethernity Networks Free cash flow FY2022: $-7.83 million (as the question defines it).")
    asked = ("What is Ethernity Networks' FY2022 free cash flow? Free cash flow is defined as net cash used in operating "
             "activities minus purchase of property and equipment. Answer in USD.")
    assert uncovered_ask(figure, asked, ["Ethernity Networks"], vocab) is None
    assert uncovered_ask(figure, asked.replace("Answer in USD.", "Answer for Services."), ["Ethernity Networks"],
                         vocab) == "the part Services"


def test_the_company_s_own_name_asks_for_no_part_of_it(vocab):
    # tmpl14 (Meta Platforms FY2022): "Platforms" in the company's name is not "which platform"
    share = _answer("Meta Platforms Research and development / Revenue FY2022: 30.3% (as the question defines it). "
                    "Research and development / Revenue = $35,338.0M / $116,609.0M = 30.3%.", "metric")
    assert uncovered_ask(share, "What was Meta Platforms' research and development expense as a percentage of revenue "
                                "in FY2022?", ["Meta Platforms"], vocab) is None
    assert uncovered_ask(share, "Which platforms of Meta Platforms grew fastest in FY2022?", ["Meta Platforms"], vocab)


def test_a_day_asked_is_stated_but_a_day_naming_the_thing_is_not_asked(vocab):
    """"What did it announce on March 1, 2017?" asks that day's deed: a passage of another day covers it not.
    "the merger agreement signed on November 1, 2023" says which agreement (a participle after its noun):
    Patriot's release of the day states the price asked without the date."""
    price = _answer('"Patriot Transportation Holding, Inc. (NASDAQ-PATI) (“Patriot” or the “Company”), today announced '
                    'an agreement under which United Petroleum Transports, Inc. (“UPT”) will acquire all of the '
                    'outstanding shares of Patriot common stock for $16.26 per share in cash." (9f3a28feb5 p.97)')
    assert uncovered_ask(price, 'What was the per-share cash merger consideration that shareholders of "Patriot '
                                'Transportation Holding, Inc." were to receive under the merger agreement signed on '
                                "November 1, 2023?", ["Patriot"], vocab) is None
    other_day = _answer('"As of March 20, 2017, $35 billion of the program remained." (apple p.20)')
    assert uncovered_ask(other_day, "What capital return actions did Apple announce on March 1, 2017?", ["Apple"],
                         vocab) == "what happened on March 1, 2017"
    assert uncovered_ask(other_day, "What dividend did the board declare on March 1, 2017?", ["Apple"],
                         vocab) == "what happened on March 1, 2017"


def test_a_companys_legal_form_after_its_name_is_no_part_of_it(vocab):
    """"Canadian Banc Corp.'s dividend income": "Corp." is the company's legal form (the catalog names it
    "Canadian Banc"), not a part whose figure the whole's would stand in for."""
    figure = _answer("Canadian Banc Dividends FY2021-FY2022: 17.0% (statement line item). Dividends FY2021 = C$8.5M. "
                     "Dividends FY2022 = C$10.0M. change = (9.95 - 8.50) / 8.50 = +17.0%.", kind="metric")
    question = ("What was the year-over-year change in Canadian Banc Corp.'s dividend income from FY2021 to FY2022 "
                "(years ended November 30)? Answer in percent, rounded to one decimal place.")
    assert uncovered_ask(figure, question, ["Canadian Banc"], vocab) is None
    assert uncovered_ask(figure, "What was the year-over-year change in dividend income for Quadravest from FY2021 to "
                                 "FY2022?", ["Canadian Banc"], vocab) == "the part Quadravest"


def test_an_amount_per_share_asked_is_stated_by_an_amount_per_share(vocab):
    """"what will shareholders receive per share?": "$16.26 per share in cash" states it, though the passage
    says "the outstanding shares", not "shareholders" (Patriot's 2023 8-K)."""
    price = _answer('"Patriot Transportation Holding, Inc. today announced an agreement under which United Petroleum '
                    "Transports, Inc. (“UPT”) will acquire all of the outstanding shares of Patriot common stock for "
                    '$16.26 per share in cash." (9f3a28feb5 p.97)')
    question = "Who agreed to acquire Patriot and what will shareholders receive per share?"
    assert uncovered_ask(price, question, ["Patriot"], vocab) is None
    assert uncovered_ask(_answer('"UPT will acquire all of the outstanding shares of Patriot." (9f3a28feb5 p.97)'),
                         question, ["Patriot"], vocab) is not None


def test_a_bridge_of_the_statement_s_lines_between_two_measures_says_why_they_moved_apart(vocab):
    # Patriot Transportation's Q1 FY2017 release: operating profit rose, net income fell; the lines between
    # them on its statement (a prior-year claim settlement) are the why
    bridge = ("Net income went from 1,375 (2015) to 912 (2016), while Total operating profit went from 599 (2015) to "
              "1,248 (2016). The lines between them on the statement (Total operating profit plus these lines is Net "
              "income in both years) moved Net income by -1,112 more than Total operating profit: BP claim "
              "settlement: 1,687 (2015) to 0 (2016), -1,687 on Net income.")
    question = ("Patriot Transportation's operating profit rose in the first quarter of fiscal 2017, yet net income "
                "fell year over year. Why?")
    assert uncovered_ask(_answer(bridge, "drivers"), question, ["Patriot Transportation"], vocab) is None
    rows = "Net income went from 1,375 (2015) to 912 (2016), while Total operating profit went from 599 to 1,248."
    assert uncovered_ask(_answer(rows, "drivers"), question, ["Patriot Transportation"], vocab) is not None


def test_a_name_in_capitals_is_the_ask_s_own_word_whatever_it_means_in_lower_case(services):
    # FedEx's 2023 annual report, p.2: "DRIVE has gained significant momentum, and we expect to realize $4 billion in
    # permanent and structural cost savings in FY25." ("drive" is a cause's word, "DRIVE" the program's name)
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf")
    written = ask("According to FedEx's 2023 annual report, how much in permanent cost savings does FedEx expect from its "
                  "DRIVE transformation program, and by when?", fedex, [1, 2, 3], services)
    assert written.status == "answered" and "$4 billion in permanent and structural cost savings in FY25" in written.text, \
        written.text


def test_a_day_in_a_lead_in_names_the_deal_asked_of_and_asks_nothing_of_that_day():
    from answering.kinds.ask_coverage import _asked_day

    # PG&E's May 31, 2023 release: the ask is the amount committed, not what happened on May 31
    assert _asked_day("Under its settlement with the Shasta County District Attorney announced on May 31, 2023, how "
                      "much did PG&E commit to fund in contributions?") is None
    assert _asked_day("What did PG&E announce on May 31, 2023?") is not None


def test_a_day_that_names_the_document_the_answer_comes_from_is_still_asked():
    from answering.kinds.ask_coverage import _asked_day

    # PG&E's July 27, 2023 release, not its May 4 one: the day says which release
    assert _asked_day("In the earnings release PG&E issued on July 27, 2023, what was its updated 2023 GAAP earnings "
                      "guidance per diluted share?") is not None


def test_two_words_for_one_set_of_things_and_a_quoted_name_ask_one_thing(vocab):
    # "the operating and reportable segments" are one set; "Uber Technologies, Inc." one name
    question = ('List the operating and reportable segments of "Uber Technologies, Inc." as of December 31, 2021. If '
                "data is not available, return 'N/A'.")
    listed = _answer("Mobility; Delivery; Freight (38516ea4b6 p.128).", "list")
    assert uncovered_ask(listed, question, ["Uber"], vocab) is None


def test_the_deal_referred_back_is_no_word_of_its_own_but_its_costs_are(vocab):
    question = "How much did Acme pay to acquire Beta Sensors? How much were the transaction costs?"
    price = _answer('"Acme acquired Beta Sensors for $310 million in cash." (p.3)')
    assert uncovered_ask(price, question, ["Acme"], vocab) == "How much were the transaction costs"
    # a loss asked is said by its kin: "a goodwill impairment charge of $1.2 billion"
    charge = _answer('"In the fourth quarter we recorded a non-cash goodwill impairment charge of $1.2 billion." (p.5)')
    assert uncovered_ask(charge, "What goodwill impairment loss did Acme record in fiscal 2024?", ["Acme"], vocab) is None
    # two things asked are two asks ("give revenue and net income"), two words for one set are one
    causes = _answer('"Gross margin declined due to higher freight costs." (p.4)')
    assert uncovered_ask(causes, "Why did Acme's gross margin decline in fiscal 2024? Also give revenue and net income "
                                 "for fiscal 2024.", ["Acme"], vocab) is not None


def test_a_day_that_dates_an_instrument_or_a_passive_deed_asks_nothing_of_that_day(vocab):
    # "the Merger Agreement entered into on November 1, 2023", "the notes issued by McDonald's on August 14, 2023":
    # the day names the thing asked of; an answer that does not repeat it leaves nothing uncovered
    price = _answer('"UPT will acquire all of the outstanding shares of Patriot common stock for $16.26 per share in '
                    'cash." (1fea2c8903 p.97)')
    assert uncovered_ask(price, "What cash amount per share will holders of Patriot common stock receive under the Merger "
                         "Agreement entered into on November 1, 2023?", ["Patriot"], vocab) is None
    # a company's deed on the day is what is asked of it
    assert uncovered_ask(price, "What did Patriot announce on November 1, 2023?", ["Patriot"], vocab) is not None


def test_a_day_that_dates_the_asked_thing_still_rules_out_an_answer_dated_only_in_other_years(vocab):
    other_issue = _answer('"On March 1, 2022, Acme Corp issued $500 million of 4.0% Notes due 2032." (aa p.3)')
    assert uncovered_ask(other_issue, "What was the total principal amount of the Notes issued by Acme Corp on August "
                         "14, 2023?", ["Acme Corp"], vocab) is not None


def test_a_name_in_lower_case_on_the_other_side_of_the_questions_relation_is_a_name_given(vocab):
    # eBay's Q1 2023 release writes its partner in lower case
    asked = 'Which company partnered with "eBay Inc." to launch the Verified Condition program for heavy equipment?'
    named = _answer('"In partnership with bidadoo, eBay launched the Verified Condition program for heavy equipment." '
                    "(fa p.2)")
    assert uncovered_ask(named, asked, ["eBay Inc."], vocab) is None
    unnamed = _answer(named.text.replace("bidadoo", "a dealer"))
    assert uncovered_ask(unnamed, asked, ["eBay Inc."], vocab) is not None



def test_lower_case_counterparts_come_only_from_the_relation_asked_of_the_subject():
    asked = 'Which company partnered with "eBay Inc." to launch the Verified Condition program?'
    assert lower_case_counterparts("In partnership with bidadoo, eBay launched the program.", asked) == ["bidadoo"]
    # a fixed phrase after the preposition is no other side
    assert lower_case_counterparts("We partnered with respect to the program.", asked) == []
    # "according to", "borrow from" in the question ask no relation of its subject
    assert lower_case_counterparts("According to management, the structure will not change.",
                                   'Which company is the business of "Foo Inc." conducted through, according to '
                                   "its annual report?") == []
    assert lower_case_counterparts("We may borrow from time to time under the facility.",
                                   'Which bank did "Foo Inc." borrow from in 2022?') == []
    # an infinitive ("agreed to acquire") is no relation to another side
    assert lower_case_counterparts("Foo agreed to sell, subject to approvals, its Russian business.",
                                   'Which buyer agreed to acquire the Russian business of "Foo Inc."?') == []
