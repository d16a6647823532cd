"""An answer is given only when it states what was asked, from the table or sentence that says it;
otherwise it is refused with the reason. Each case is a kind of wrong answer seen on filings no rule
was written for (stop 42), specified on the shared filing where it was seen:

- a ratio's inputs from two tables: an affiliate's "Gross profit" over the company's net sales;
- a judgement ("a comfortable liquidity position") that no sentence states;
- measures the question asks the answer to be supported with ("Answer using the current ratio");
- a lead-in ("... due to the following:") whose list is a graphic: it states no driver;
- "driven by A or by B?" answered by sentences that weigh neither;
- a part's "cause" that states no change ("30% of BDS backlog was attributable to ...");
- a figure asked without something ("Excluding wildfire-related claims, ...") that never names it.
"""

from __future__ import annotations

import pytest

from answering.kinds.ask_coverage import uncovered_ask
from answering.written_answer import WrittenAnswer
from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def corning():
    return filing("financebench/pdfs/CORNING_2020_10K.pdf")


def test_a_margin_is_not_computed_from_an_affiliates_table(corning, services):
    # p.86 prints HSG's (an equity affiliate's) "Statement of operations (1): Net sales $ 423 $ 779 ...
    # Gross profit $ 87 $ 9 ..."; the income statement (p.70) prints Corning's own net sales
    question = ("By how much did Corning's gross margin percentage change in FY2020 versus FY2019? Compute from net "
                "sales and gross margin dollars on the income statement.")
    written = ask(question, corning, [85, 69], services)
    assert written.status != "answered", written.text
    assert "two different statements" in (written.reason or ""), written.reason


def test_a_judgement_no_sentence_states_is_refused(corning, services):
    # p.44 states the cash balance and p.102 a yen facility: neither says the position is comfortable
    written = ask("Did Corning have a comfortable short-term liquidity position at the end of 2020?", corning,
                  [43, 101], services)
    assert written.status == "not_found", written.text
    assert "judgement" in (written.reason or ""), written.reason


def test_each_measure_the_answer_is_to_use_is_asked(vocab):
    quoted = WrittenAnswer(status="answered", kind="yes_no", text=(
        'Yes. "Management Assessment of Liquidity We ended the fourth quarter of 2020 with approximately $2.7 '
        'billion of cash and cash equivalents." (682843bccc p.44)'))
    asked = ("Did Corning have a comfortable short-term liquidity position at the end of 2020? Answer using the "
             "current ratio and cash balance.")
    assert uncovered_ask(quoted, asked, ["Corning"], vocab) == "the current ratio figure"
    supported = ("Is PG&E Corporation a capital-intensive business? Support your answer with its 2019 capital "
                 "expenditures relative to revenues, depreciation and operating cash flow.")
    ratios = WrittenAnswer(status="answered", kind="yes_no", text=(
        "Yes. PG&E FY2019: capital expenditures are 36.9% of revenue (capital intensive at 10% or more); net "
        "property, plant and equipment is 72.3% of total assets (capital intensive at 40% or more)."))
    assert uncovered_ask(ratios, supported, ["PG&E"], vocab) == "the depreciation figure"
    # where the figures are ("from the Q4 2022 earnings release") is no measure of its own
    sourced = ("Is Intel a capital-intensive business? Support your answer with capex and asset metrics from the Q4 "
               "2022 earnings release.")
    figures = WrittenAnswer(status="answered", kind="yes_no", text=(
        "Yes. Intel FY2022: capital expenditures are 39.4% of revenue; net property, plant and equipment is 44.4% "
        "of total assets."))
    assert uncovered_ask(figures, sourced, ["Intel"], vocab) is None


def test_a_lead_in_whose_list_is_a_graphic_states_no_driver(services):
    # NIKE FY2019 p.31: "Gross margin increased 90 basis points ... due to the following:" then a chart
    nike = filing("financebench/pdfs/NIKE_2019_10K.pdf")
    written = ask("What drove Nike's gross margin expansion in fiscal 2019, and how large was it?", nike, [30],
                  services)
    assert "due to the following:\"" not in written.text, written.text


def test_which_of_two_causes_is_refused_when_no_sentence_weighs_them(services):
    oracle = filing("financebench-extra/pdfs/ORACLE_2017_10K.pdf")
    written = ask("Was Oracle's fiscal 2017 revenue growth driven by its cloud business or by its traditional "
                  "on-premise and hardware lines?", oracle, [61, 57, 58], services)
    assert written.status == "not_found", written.text
    assert "which of two" in (written.reason or ""), written.reason


def test_a_parts_cause_states_a_change_of_the_asked_measure(services):
    # Boeing FY2018 p.32: "At the end of 2018, 30% of BDS backlog was attributable to non-U.S. customers."
    # says what the backlog is made of; p.33 says why BDS earnings from operations fell
    boeing = filing("financebench/pdfs/BOEING_2018_10K.pdf")
    written = ask("What caused earnings from operations at Boeing's Defense, Space & Security (BDS) segment to fall "
                  "in 2018 even though its revenues grew?", boeing, [31, 32], services)
    assert "backlog was attributable" not in written.text, written.text
    if written.status == "answered":
        assert "decreased" in written.text, written.text


def test_a_figure_asked_without_something_names_it(vocab):
    reported = WrittenAnswer(status="answered", kind="metric", value=-58.9, text=(
        "PG&E Operating margin FY2019: -58.9% (standard definition). Operating margin = Operating income / Revenue "
        "= -$10,094.0M / $17,129.0M = -58.9%. Read from 218ee49afa."))
    asked = ("Excluding wildfire-related claims (net of insurance recoveries), what would PG&E Corporation's 2019 "
             "operating margin have been?")
    assert uncovered_ask(reported, asked, ["PG&E"], vocab) == "excluding wildfire-related claims"
    assert uncovered_ask(reported, "What was PG&E Corporation's 2019 operating margin?", ["PG&E"], vocab) is None
    # "without adding back" asks the unadjusted figure: nothing is left out of it (Yellow Pages' FY2022 EBITDA margin)
    unadjusted = ("What was PG&E Corporation's 2019 operating margin, i.e. without adding back wildfire-related claims?")
    assert uncovered_ask(reported, unadjusted, ["PG&E"], vocab) is None


def test_an_amount_is_stated_in_the_sentence_that_names_what_it_is_of(vocab):
    # Netflix FY2015 p.22: the page's "66% growth in memberships" is no constant-currency revenue figure,
    # though another sentence of the page speaks of exchange rates
    asked = ("According to Netflix's 2015 10-K, how much higher would International streaming revenues have been in "
             "2015 at constant 2014 exchange rates, and what caused the drop in international average monthly revenue "
             "per paying membership?")
    page = ('"The increase in our international revenues was due to the 66% growth in the average number of paid '
            'international memberships offset partially by a 10% decrease in average monthly revenue per paying '
            'membership." (831d2bf648 p.22) "The decrease in average monthly revenue per paying membership was due to '
            'the impact of exchange rate fluctuations and to a lesser extent the impact of absorbing higher VAT rates '
            'across our European markets beginning January 1, 2015." (831d2bf648 p.22)')
    written = WrittenAnswer(status="answered", kind="drivers", text=page)
    assert uncovered_ask(written, asked, ["Netflix"], vocab) == (
        "how much higher would International streaming revenues have been in 2015 at constant 2014 exchange rates")
    stated = page + (' "We believe international revenues would have been approximately $331 million higher in 2015 '
                     'if foreign exchange rates had remained consistent with those for the year ended December 31, '
                     '2014." (831d2bf648 p.22)')
    assert uncovered_ask(WrittenAnswer(status="answered", kind="drivers", text=stated), asked, ["Netflix"],
                         vocab) is None


def test_a_figure_asked_of_a_part_names_the_part(vocab):
    # Apple FY2021: the company's gross margin (41.8%) is no gross margin "for Products"
    whole = WrittenAnswer(status="answered", kind="metric", value=41.8, text=(
        "Apple Gross margin FY2021: 41.8% (standard definition). Gross margin = Gross profit / Revenue = $152,836.0M / "
        "$365,817.0M = 41.8%. Read from 92fc5c856b."))
    asked = ("What was Apple's FY2021 gross margin percentage for Products, computed from net sales and cost of sales "
             "on the income statement?")
    assert uncovered_ask(whole, asked, ["Apple"], vocab) == "the part Products"
    # the company, a statement or a period named so is no part
    assert uncovered_ask(whole, "What was the gross margin for Apple in FY2021, from the Consolidated Statements of "
                                "Operations?", ["Apple"], vocab) is None


def test_charges_asked_are_sums_of_money_not_a_rate(vocab):
    # NIKE FY2018 p.27: "Our effective tax rate was 55.3% for fiscal 2018, reflecting the impact of the Tax Act"
    # names the Act beside a rate, not the charges ($1,875 million and $158 million)
    asked = "What was Nike's effective tax rate in fiscal 2018, and what Tax Act charges caused it?"
    rate = WrittenAnswer(status="answered", kind="drivers", text=(
        'Effective tax rate rose from 13.2% (FY2017) to 55.3% (FY2018). What drove it, as the filing says: "Our '
        'effective tax rate was 55.3% for fiscal 2018, reflecting the impact of the Tax Cuts and Jobs Act (the “Tax '
        'Act”)." (f1b9411c42 p.27) Working: Effective tax rate = Income tax expense / Income before income taxes = '
        '$2,392.0M / $4,325.0M = 55.3%.'))
    assert uncovered_ask(rate, asked, ["Nike"], vocab) == "what Tax Act charges caused it"
    charges = rate.model_copy(update={"text": rate.text + (
        ' "The impact of the Tax Act primarily reflects provisional expense of $1,875 million for the one-time '
        'transition tax on the deemed repatriation of undistributed foreign earnings." (f1b9411c42 p.27)')})
    assert uncovered_ask(charges, asked, ["Nike"], vocab) is None


def test_a_yes_no_asked_first_needs_a_yes_or_a_no(vocab):
    # PG&E FY2022 p.74: the Board's discretion over future dividends says neither that PG&E Corporation
    # was paying one nor that it was not
    asked = ("As of its FY2022 10-K, was PG&E Corporation paying a common stock dividend, and what condition "
             "restricts it from doing so?")
    quotes = WrittenAnswer(status="answered", kind="passage", text=(
        '"Subject to the dividend restrictions described in Note 7 of the Notes to the Consolidated Financial Statements '
        'in Item 8, any decision to declare and pay dividends on PG&E Corporation’s common stock in the future will be '
        'made at the discretion of the Board of Directors." (66be28089c p.74)'))
    assert uncovered_ask(quotes, asked, ["PG&E"], vocab) == "was PG&E Corporation paying a common stock dividend"


def test_what_drove_each_change_needs_a_cause_for_each(vocab):
    # PG&E's Q2 2023 release: the core earnings' decline is explained, the GAAP earnings' rise is not
    asked = ("According to PG&E's Q2 2023 earnings release, GAAP earnings rose year over year while non-GAAP core "
             "earnings fell. What drove each change?")
    one = WrittenAnswer(status="answered", kind="drivers", text=(
        '"The decrease in quarter-over-quarter non-GAAP core earnings is primarily driven by timing items and other '
        'increases, including property taxes." (2c227f96bc p.2)'))
    assert uncovered_ask(one, asked, ["PG&E"], vocab) == "what drove each of the changes"
    both = one.model_copy(update={"text": one.text + (
        ' "The increase in GAAP earnings was primarily due to lower Chapter 11 and wildfire-related costs." '
        '(2c227f96bc p.2)')})
    assert uncovered_ask(both, asked, ["PG&E"], vocab) is None


def test_which_business_drove_it_needs_a_pick(vocab):
    asked = "Which of Oracle's businesses drove its FY2018 revenue growth, and why did hardware revenues decline?"
    causes = WrittenAnswer(status="answered", kind="drivers", text=(
        '"The constant currency decrease in our hardware revenues during fiscal 2018 was due to the reduction in our '
        'hardware products revenues." (58e0477550 p.51)'))
    assert uncovered_ask(causes, asked, ["Oracle"], vocab) == ("Which of Oracle's businesses drove its FY2018 revenue "
                                                               "growth")


def test_whether_a_result_recurs_is_a_judgement_a_sentence_must_state():
    # eBay FY2016 p.47: a cash flow sentence naming net income states nothing of whether it recurs
    from answering.kinds.classify import KindDecision
    from answering.kinds.yes_no import _judged_as_asked
    from finrag.models import Citation

    decision = KindDecision(kind="yes_no", reason="", ask="Is the reported net income representative of its "
                                                          "recurring operating profitability?")
    cash = ("The net cash provided by continuing operating activities of $2.8 billion in 2016 was primarily due to net "
            "income of $7.3 billion with adjustments for $682 million in depreciation and amortization.")
    stated = WrittenAnswer(status="answered", kind="yes_no", text=f'Yes. "{cash}" (2f667660ea p.47)',
                           citations=[Citation(doc="2f667660ea", page=46, chunk_id="c", quote=cash)])
    assert _judged_as_asked(decision, stated).status == "not_found"
    one_off = ("Net income included a non-recurring income tax benefit of $3.6 billion from the realignment of our "
               "legal structure.")
    said = stated.model_copy(update={"citations": [Citation(doc="2f667660ea", page=46, chunk_id="c", quote=one_off)]})
    assert _judged_as_asked(decision, said).status == "answered"


def test_a_loss_asked_is_stated_by_its_name_beside_its_figure(vocab):
    # Netflix FY2017 p.53: the euro notes' principal is "remeasured" each balance sheet date, which names no loss;
    # "remeasurement loss on long-term debt was $140.8 million" does
    asked = ("What euro-denominated debt did Netflix have outstanding at the end of FY2017, and what remeasurement loss "
             "did it record on that debt during the year?")
    debt = WrittenAnswer(status="answered", kind="passage", text=(
        '"(1) Debt is denominated in euro with a €1,300 million aggregate principal amount and is remeasured into U.S. '
        'dollars at each balance sheet date." (f593e88690 p.53)'))
    assert uncovered_ask(debt, asked, ["Netflix"], vocab) == "what remeasurement loss did it record on that debt during the year"
    loss = debt.model_copy(update={"text": debt.text + (
        ' "Total proceeds were $1,420.5 million and remeasurement loss on long-term debt was $140.8 million for the year '
        'ended December 31, 2017." (f593e88690 p.53)')})
    assert uncovered_ask(loss, asked, ["Netflix"], vocab) is None


def test_an_amount_expected_is_covered_only_by_a_passage_saying_what_is_expected(vocab):
    # Pfizer's Q2 2023 10-Q: "net amounts due to Viatris were $25 million as of July 2, 2023" is a balance at a date;
    # "We expect to incur costs of approximately $700 million in connection with separating Upjohn, of which
    # approximately 90% has been incurred" says what it expects
    asked = "How much does Pfizer expect to pay to spin off Upjohn in the future in USD million?"
    due = WrittenAnswer(status="answered", kind="passage", text=(
        '"Under agreements related to the 2020 spin-off and the combination of the Upjohn Business with Mylan to form '
        'Viatris, net amounts due to Viatris were $25 million as of July 2, 2023." (Pfizer_2023Q2_10Q p.14)'))
    assert uncovered_ask(due, asked, ["Pfizer"], vocab) is not None
    expected = due.model_copy(update={"text": (
        '"We expect to incur costs of approximately $700 million in connection with separating Upjohn, of which '
        'approximately 90% has been incurred since inception." (Pfizer_2023Q2_10Q p.41)')})
    assert uncovered_ask(expected, asked, ["Pfizer"], vocab) is None


def test_a_unit_asked_is_no_topic_word():
    from answering.kinds.sentences import content_words

    assert content_words('What was the backlog of "LOCKHEED MARTIN CORPORATION" at the end of 2022 (in USD millions)?',
                         ["Lockheed Martin"]) == ["backlog"]
