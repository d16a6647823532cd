"""drivers: the MD&A sentences that explain the asked metric's change in the asked year, with
the change itself computed from cited rows (Boeing's FY2022 10-K)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing, hits, write_answer_over


def test_the_change_and_the_sentences_that_explain_it(boeing, services):
    written = ask("What drove the change in Boeing's operating margin in FY2022?", boeing,
                  [54, *range(20, 32)], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    # the change, from the income statement's rows: -$2,902M / $62,286M and -$3,547M / $66,608M
    assert written.text.startswith("Operating margin fell from -4.7% (FY2021) to -5.3% (FY2022).")
    quotes = [c.quote for c in written.citations]
    assert any("primarily due to" in q and "2022" in q for q in quotes)
    assert "Total revenues 66,608 62,286 58,158" in quotes  # the rows behind the change are cited too


def test_sentences_that_do_not_explain_the_asked_metric_are_not_quoted(boeing, services):
    # pages about the business and its risks: causes of other things, none of the margin
    written = ask("What drove the change in Boeing's gross margin in FY2022?", boeing, [5, 6, 7, 8], services)
    assert (written.status, written.kind) == ("not_found", "drivers")
    assert "gross margin" in written.text


def test_an_ask_that_only_refers_back_takes_its_subject_from_the_sentence_before(services):
    """"What caused the increase?" names nothing: the subject is the premise, Oracle's
    acquisition related and other expenses (FY2022 10-K MD&A, p.54); a sentence saying what
    those expenses consist of, or why another line moved, is not a driver."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2022_10K.pdf")
    question = ("Oracle's acquisition related and other expenses rose to about $4.7 billion in fiscal 2022. "
                "What caused the increase?")
    written = ask(question, oracle, [53], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "increased during fiscal 2022 due to litigation related charges of $4.7 billion" in written.text
    assert "primarily consist of" not in written.text and "Restructuring expenses resulted" not in written.text


def test_a_sentence_about_an_earlier_years_change_is_not_a_driver_of_the_asked_year(services):
    """Accuray's FY2022 10-K (fiscal year ended June 30) explains product revenue for 2022
    against 2021, and also for 2021 against 2020: only the first explains the asked year; a
    sentence naming only the year before ("as compared to the year ended June 30, 2021")
    stays, it is the asked year's own comparison."""
    accuray = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask("Accuray's total net revenue grew 8% in fiscal 2022 (year ended June 30, 2022). What drove the "
                  "revenue growth?", accuray, [80, 81, 82], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "for the year ended June 30, 2022 or 22%" in written.text
    assert "for the year ended June 30, 2021 or 6%" not in written.text
    assert "as compared to the year ended June 30, 2021, primarily due to a decrease in service" in written.text


def test_a_quarters_change_is_never_headed_by_the_years_change(services):
    """Asked why gross margin fell in NVIDIA's third quarter of fiscal 2023, with the fiscal
    2024 10-K's income statement among the hits: the full years' margins (64.9% -> 56.9%) are
    another period's change and must not head the answer; the quarter's own sentences stay."""
    quarter = filing("filings-wild/pdfs/NVIDIA_2023_10-Q_Q3.pdf")
    annual = filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")
    found = hits(quarter, [27, 30]) + hits(annual, [51])
    written = write_answer_over("Why did NVIDIA's gross margin fall year over year in the third quarter of fiscal "
                                "2023 (quarter ended October 30, 2022)?", found, quarter + annual, services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "(FY2022)" not in written.text and "64.9%" not in written.text
    assert "$702 million inventory charge" in written.text


def test_without_an_explaining_sentence_the_statement_lines_that_sum_to_the_total(services):
    """eMetals' FY2022 annual report has no MD&A: its income statement (p.17) is the
    explanation. Its lines sum to the net loss in both years, so the lines that moved it most
    are the drivers: the exploration write-off, exploration expenses, the smaller fair value gain."""
    emetals = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    written = ask("eMetals Limited's net loss roughly doubled in the year ended 30 June 2022. What were the main "
                  "drivers compared with the prior year?", emetals, [16], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("Net loss for the year went from (909,186) (2021) to (1,925,704) (2022)")
    drivers = written.text.split("What drove it")[1]
    assert drivers.index("Impairment of deferred exploration") < drivers.index("Exploration expenses") \
        < drivers.index("Fair value gain")
    assert "Loss before income tax" not in drivers  # a subtotal is not a driver of its own total
    assert any("(673,526) (59,177)" in c.quote for c in written.citations)


def test_statement_lines_that_do_not_sum_to_the_total_are_not_drivers(services):
    """The statement of changes in equity (p.19) prints the year's loss among other movements
    of equity; its lines do not sum to the loss, so nothing is read from them."""
    emetals = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    written = ask("eMetals Limited's net loss roughly doubled in the year ended 30 June 2022. What were the main "
                  "drivers compared with the prior year?", emetals, [18], services)
    assert written.status == "not_found", written.text



def test_the_statement_the_question_states_the_figures_of_and_a_cause_yes_no_answered_by_the_drivers(services):
    """PG&E's FY2022 10-K prints two income statements on consecutive pages (PG&E Corporation
    p.98, the Utility p.105) and a parent-only one (p.217, the same 2021 loss of $88M): the
    question's figures ($88M loss, $1,814M income) pick PG&E Corporation's. The swing came
    from income taxes, below a falling pre-tax income: the drivers answer the yes/no part."""
    pge = filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")
    question = ("PG&E Corporation went from a net loss of $88 million in FY2021 to net income of $1,814 million in "
                "FY2022. Was this driven by better operating performance? What drove the change?")
    written = ask(question, pge, [104, 216, 97], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("Net Income (Loss) went from (88) (2021) to 1,814 (2022)")
    drivers = written.text.split("What drove it")[1]
    assert drivers.index("Income tax provision (benefit): 836 (2021) to (1,338) (2022)") < drivers.index("Interest expense")
    assert "Income Before Income Taxes: 748 (2021) to 476 (2022)" in written.text  # pre-tax income fell


def test_a_statement_whose_total_is_not_the_one_the_question_states_is_not_read(services):
    """The Utility's statement (net income $138M to $2,226M) and the parent-only one ($88M loss
    to $1,743M income) both add up, but neither has the question's $88M loss and $1,814M income."""
    pge = filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")
    question = ("PG&E Corporation went from a net loss of $88 million in FY2021 to net income of $1,814 million in "
                "FY2022. Was this driven by better operating performance? What drove the change?")
    written = ask(question, pge, [104, 216], services)
    assert written.status == "not_found", written.text


MCDONALDS_Q2 = ("McDonald's consolidated operating income rose 81% in the second quarter of 2023. "
                "What drove such a large increase?")


def test_a_statement_with_change_columns_is_read_by_its_two_periods(services):
    """McDonald's Q2 2023 release prints each line's change beside its two quarters ("Quarters
    Ended June 30, 2023 2022 Inc/ (Dec)"; "(35.8) 886.1 (921.9) n/m"): the lines are read by
    the two periods, and they sum to operating income in both."""
    from answering.kinds import statement_drivers

    release = filing("financebench-extra/pdfs/MCDONALDS_2023Q2_EARNINGS.pdf")
    change = statement_drivers.read_change("operating_income", 2023, hits(release, [4]), [], services.vocabulary,
                                           MCDONALDS_Q2)
    assert change is not None
    assert (change.value(change.total, 0), change.value(change.total, 1)) == (1711.8, 3104.1)
    labels = [line.label for line, _ in change.parts]
    assert "Other operating (income) expense, net" in labels and "Sales by Company-operated restaurants" in labels


def test_a_catch_all_line_that_moved_the_total_most_explains_nothing(services):
    """The line that moved McDonald's operating income most is "Other operating (income) expense,
    net" (886.1 to (35.8)): what it holds is not on the statement, so no driver is given."""
    release = filing("financebench-extra/pdfs/MCDONALDS_2023Q2_EARNINGS.pdf")
    written = ask(MCDONALDS_Q2, release, [4], services)
    assert written.status == "not_found", written.text


def test_a_segments_change_or_a_rounding_note_does_not_explain_the_companys(services):
    # NICE's 2022 MD&A: "The revenue increase in our Financial Crime and Compliance business segment
    # ... is primarily attributed to ..." explains one segment, and the results table's caption
    # "(totals may not add up due to rounding)" explains nothing; neither is quoted for the total
    nice = filing("filings-wild/pdfs/NICE_2022_AnnualReport.pdf")
    written = ask("NICE's total revenue grew about 13.5% in 2022. What drove the growth?", nice,
                  [58, 59, 60, 112], services)
    quotes = " ".join(c.quote for c in written.citations)
    assert "Financial Crime and Compliance business segment" not in quotes, written.text
    assert "due to rounding" not in quotes


def test_the_last_metric_of_the_premise_is_explained_and_a_prior_years_one_time_gain_explains_it(services):
    # revenues rose, net income fell: the release's "Net income in the fiscal year ended September
    # 30, 2022 included $6,281,000 ... from one-time gains on real estate" explains the decline
    # (Patriot Transportation's Q4 FY2023 release)
    release = filing("filings-wild/pdfs/PatriotTransportation_2023_EarningsRelease_Q4.pdf")
    written = ask("Patriot Transportation Holding's operating revenues rose about 8% in fiscal 2023 (year ended "
                  "September 30, 2023), but its net income fell from $7.2 million to $2.7 million. What explains "
                  "the decline?", release, [2, 0, 3, 1], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "from one-time gains on real estate" in written.text
    assert "Operating revenues for the" not in written.text  # why revenue rose is not why net income fell


def test_an_ask_that_refers_back_to_the_premise_gets_the_cause_and_what_offset_it(services):
    """Lyft's FY2021 10-K MD&A (pp.63-64): "What drove the increase, and what partly offset it?"
    names no subject; the premise's revenue is it. The paragraph goes on past its first cause:
    "Revenue in 2021 also benefited from ..." and "These increases were offset by ...", and the
    results table the page ran into the paragraph's first sentence is not quoted with it."""
    lyft = filing("filings-wild/pdfs/Lyft_2021_10-K.pdf")
    written = ask("Lyft's revenue grew 36% in 2021. What drove the increase, and what partly offset it?", lyft,
                  [62, 63], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith('"Revenue increased $843.6 million, or 36%, in 2021')
    assert "driven primarily by the significant increase in the number of Active Riders" in written.text
    assert "also benefited from revenues from licensing and data access agreements" in written.text
    assert "These increases were offset by investments in driver supply" in written.text


def test_a_cause_that_refers_back_is_read_with_the_sentence_that_names_the_change(services):
    """Bayan Resources' 2024 annual report (p.73) states each change, then its cause in a sentence
    of its own ("This was principally due to a significant decrease in the average selling price
    ..."). The premise's last clause ("yet its revenue and gross profit fell") names what is
    explained: both, and not cost of revenue or selling expenses."""
    bayan = filing("filings-wild/pdfs/BayanResources_2024_AnnualReport.pdf")
    written = ask("Bayan Resources sold a record volume of coal in 2024, yet its revenue and gross profit fell from "
                  "2023. What explains this?", bayan, [72], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "revenue of US$3,446.2 million in 2024 was 3.8% lower" in written.text
    assert "This was principally due to a significant decrease in the average selling price of coal" in written.text
    assert "gross profit of US$1,332.8 million in 2024 was 19.9% lower" in written.text
    assert "overburden removal costs" not in written.text and "DMO compensation" not in written.text


def test_a_cause_after_a_table_the_page_ran_into_it_is_found(services):
    """Accuray's FY2022 10-K (p.81): the regional revenue table runs into "Gross profit The overall
    gross profit ... increased by $0.4 million ... due to ...", read as one sentence too long to
    be prose; without the table it is the cause of the gross margin's fall."""
    accuray = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask("Accuray's total net revenue grew 8% in fiscal 2022 (year ended June 30, 2022), yet its gross "
                  "margin fell from 40% to 37%. What explains this?", accuray, [80], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith('"The overall gross profit for the year ended June 30, 2022 increased by $0.4 '
                                   'million')
    assert "decrease in service gross profit of $12.4 million" in written.text


def test_a_cost_that_shares_the_asked_metrics_words_does_not_explain_it(services):
    """Facebook's 2020 10-K: "Marketing and sales expenses in 2020 increased ... The increase was
    primarily driven by ..." and "Cost of revenue in 2020 increased ..." name "sales" and
    "revenue", but explain costs, not the revenue growth asked about."""
    facebook = filing("filings-wild/pdfs/Facebook_2020_10-K.pdf")
    written = ask("Facebook's revenue grew 22% in 2020. What drove the growth?", facebook, [65, 66], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "increase in the number of ads delivered" in written.text
    assert "Marketing and sales expenses" not in written.text and "Cost of revenue" not in written.text


def test_a_sentence_that_says_the_metric_moved_the_other_way_explains_another_figure(services):
    """PG&E's FY2022 10-K (p.64) explains the parent-only results: "The increase in PG&E
    Corporation's net loss for 2022 ... is primarily due to increased interest rates". The question
    says net income went from a loss to income: a loss that grew is another figure, so the
    consolidated statement's lines explain the change instead."""
    pge = filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")
    question = ("PG&E Corporation went from a net loss of $88 million in FY2021 to net income of $1,814 million in "
                "FY2022. Was this driven by better operating performance? What drove the change?")
    written = ask(question, pge, [63, 104, 216, 97], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "net loss for 2022" not in written.text
    assert written.text.startswith("Net Income (Loss) went from (88) (2021) to 1,814 (2022)")


def test_a_margin_that_reduced_is_the_fall_the_question_asks_about(services):
    """Ethernity Networks' 2022 annual report (p.10): "The gross margin percentage reduced to 54.4%
    in 2022 from 73.8% in 2021, related mainly to increased component costs ..." says the margin
    fell, as the question does ("increased" is its cause's, not the margin's); the revenue the
    premise also names is not what is explained."""
    ethernity = filing("filings-wild/pdfs/EthernityNetworks_2022_AnnualReport.pdf")
    written = ask("Ethernity Networks grew revenue in 2022, but its gross margin percentage fell sharply. By how much "
                  "did it fall, and why?", ethernity, [9], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "The gross margin percentage reduced to 54.4% in 2022 from 73.8% in 2021" in written.text


def test_a_loss_that_grew_is_asked_as_income_that_fell():
    # the question and the filing's sentences are read the same way: "net loss increased" in a
    # sentence is net income moving down, so the question's "net loss increase" must be too, or
    # every sentence explaining the asked change is dropped as moving "the other way"
    from answering.kinds.drivers import _direction, asked_direction

    own = [("net", "income")]
    assert asked_direction("Why did Acme's net loss increase in 2022?", own) == -1
    assert asked_direction("Acme's net loss increased to $50 million in 2022", own) == -1
    assert asked_direction("Acme's net income rose 8% in 2022", own) == 1
    stated = "Net loss increased by $20 million in 2022, primarily due to higher interest expense."
    assert _direction(stated, own) == asked_direction("Why did Acme's net loss increase in 2022?", own)


def test_a_table_run_into_a_sentence_is_cut_off_but_a_sentence_listing_amounts_is_whole():
    from answering.kinds.sentences import prose

    run_in = ("Americas 29 % 27 % Europe 21 % 22 % China 20 % 20 % Gross profit The overall gross profit for the year "
              "increased due to pricing.")
    assert prose(run_in) == "The overall gross profit for the year increased due to pricing."
    # its year is what ties a sentence to the asked period: a sentence of amounts keeps its start
    listing = ("In fiscal 2023, sales in the Americas were $1,234, $1,100 and $980 million, and Europe sales were "
               "$500 million, up 5%, primarily due to pricing.")
    assert prose(listing) == listing


def test_a_fiscal_year_s_causes_are_not_read_from_a_first_quarter_release(services):
    # Patriot Transportation's Q1 FY2017 release explains the quarter ("Transportation revenues ... were
    # down $750,000 ... as a result of the lower revenue miles"), not the fiscal year asked
    from tests.answering.kinds.conftest import filing, hits, write_answer_over

    release = filing("filings-wild/pdfs/PatriotTransportation_2017_EarningsRelease_Q1.pdf")
    assert {c.period for c in release} == {"2017Q1"}
    written = write_answer_over("Why did Patriot Transportation's revenues fall in fiscal 2017?",
                                hits(release, [0]), release, services)
    assert written.status != "answered", written.text


def test_a_bilingual_statements_lines_are_read_by_their_english_labels_each_once(services):
    """Adhi Karya's FY2013 statement (p.8) prints each row with an Indonesian label before its
    amounts and an English one after ("Laba Selisih Kurs - Bersih 3.u 110,166,380,494
    17,862,052,843 Gain on Foreign Exchange - Net"), and its chunks repeat a row at their seams:
    the rows are read by their English labels, each once, and sum to net income in both years.
    Its movers are more than three of like size: the five largest are named."""
    adhi = filing("filings-wild/pdfs/AdhiKarya_2013_AnnualFinancialStatements.pdf")
    written = ask("PT Adhi Karya's net income nearly doubled in FY2013. What were the main drivers?", adhi, [7],
                  services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("NET INCOME FOR THE YEAR went from 213,317,532,467 (2012) to 408,437,913,454 (2013)")
    drivers = written.text.split("What drove it")[1].split("On the way")[0]
    for line in ("Allowance for Impairment of Receivables", "Other Charges - Net", "Income Tax Expenses",
                 "Gain on Foreign Exchange - Net: 17,862,052,843 (2012) to 110,166,380,494 (2013)"):
        assert line in drivers, line


def test_a_statement_in_another_language_has_its_subtotals_read_from_the_vocabulary(services):
    """Adhi Karya's nine-month 2011 statement (p.5) is in Indonesian only: "Laba usaha" (operating
    income) and "Laba sebelum pajak penghasilan" (income before tax) total the lines above them,
    as the vocabulary's language table names them, so the lines sum to the period's profit. A row
    with a nil cell ("463,246,049 --") is still one of its lines."""
    adhi = filing("filings-wild/pdfs/AdhiKarya_2011_FinancialStatements_Q3.pdf")
    written = ask("PT Adhi Karya's revenue grew slightly in the first nine months of 2011, yet its net profit fell "
                  "sharply. What drove the decline?", adhi, [4], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("LABA PERIODE BERJALAN (Net income) went from 75,670,311,698 (2010) to "
                                   "30,286,425,503 (2011)")
    drivers = written.text.split("What drove it")[1].split("On the way")[0]
    assert drivers.index("Pendapatan Lainnya: 24,057,661,139 (2010) to (2,844,704,649) (2011)") \
        < drivers.index("Pajak Kini")
    assert "2.q," not in drivers  # the note references after a label are not part of its name


def test_why_a_year_ended_in_a_loss_is_read_from_the_lines_that_turned_a_subtotal_of_the_other_sign(services):
    """eBay's FY2022 statement (p.59): no change between years is asked, but why the year was a
    loss. Income from operations (2,350) is the last subtotal above the net loss (1,269) with the
    other sign, and the lines after it take it to the loss in both columns: the equity
    investments' loss turned it. "Income from discontinued operations" reads as a subtotal but has
    nothing after it."""
    ebay = filing("financebench-extra/pdfs/EBAY_2022_10K.pdf")
    written = ask("eBay reported a net loss for FY2022. Was the loss caused by its core marketplace operations? "
                  "Explain what drove it.", ebay, [58], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert written.text.startswith("Net income (loss) was (1,269) in 2022, though Income from operations above it "
                                   "was 2,350.")
    assert "Gain (loss) on equity investments and warrant, net: (3,786)" in written.text


def test_a_loss_under_a_positive_pre_tax_income_is_turned_by_the_tax_line(services):
    """PG&E Corporation's FY2021 10-K (its statement on p.100): income before income taxes of 748
    and a tax provision of 836 make the net loss of 88."""
    pge = filing("financebench-extra/pdfs/PG_E_2021_10K.pdf")
    written = ask("PG&E Corporation had positive pre-tax income in FY2021 but still reported a net loss. Why?", pge,
                  [99], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "was (88) in 2021, though Income (Loss) Before Income Taxes above it was 748" in written.text
    assert "Income tax provision (benefit): 836" in written.text


def test_the_line_that_turned_the_total_is_explained_by_the_filings_own_sentence_about_it(services):
    """The arithmetic says the tax provision turned PG&E's pre-tax income into a loss, not why the tax
    was so large; the MD&A (p.71) says it: a DTA write-off tied to the Fire Victim Trust's grantor
    trust election. The statement's rows (p.100), read as one "sentence" with "attributable to" in
    it, are no cause."""
    pge = filing("financebench-extra/pdfs/PG_E_2021_10K.pdf")
    question = "PG&E Corporation had positive pre-tax income in FY2021 but still reported a net loss. Why?"
    written = ask(question, pge, [99, 70], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    cause = written.text.split("Why Income tax provision (benefit) moved, in the filing's words:")[1]
    assert "primarily due to a DTA write-off associated with the grantor trust election" in cause
    assert any(c.page == 70 and "DTA write-off" in c.quote for c in written.citations)  # zero-based page
    alone = ask(question, pge, [99], services)  # no page says why: the arithmetic alone, no made-up cause
    assert "in the filing's words" not in alone.text and "Income tax provision (benefit): 836" in alone.text


def test_a_part_with_a_subject_of_its_own_is_explained_by_a_sentence_of_its_own(services):
    """"What drove the growth, and how did the pandemic show up in its advertising metrics?": the
    growth is the premise's revenue, explained on p.66; the second part asks about other things
    (the pandemic, the ad metrics), which the sentence on the average price per ad explains."""
    fb = filing("filings-wild/pdfs/Facebook_2020_10-K.pdf")
    written = ask("Facebook's revenue grew 22% in 2020 despite the COVID-19 pandemic. What drove the growth, and how "
                  "did the pandemic show up in its advertising metrics?", fb, [65], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "increase in the number of ads delivered" in written.text
    assert "The decrease in average price per ad during the year ended December 31, 2020 was primarily driven by " \
           "a decrease in advertising demand globally" in written.text


def test_earnings_per_diluted_share_is_the_asked_eps_and_another_quarters_release_explains_its_own(services):
    """PG&E's Q1 2023 release says its EPS as "$0.27 per diluted share" and explains "the change in
    quarter-over-quarter non-GAAP core earnings per diluted share" and "the increase in GAAP
    results": both are the asked earnings per share. Its Q2 2023 release explains the second
    quarter's change, not the first's."""
    q1 = filing("financebench-extra/pdfs/PG_E_2023_EARNINGS_dated-2023-05-04.pdf")
    q2 = filing("financebench-extra/pdfs/PG_E_2023_EARNINGS-dated-2023-07-27.pdf")
    found = hits(q1, [0, 1]) + hits(q2, [1])
    written = write_answer_over("What drove the change in PG&E Corporation's GAAP and non-GAAP core earnings per share "
                                "in the first quarter of 2023?", found, q1 + q2, services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "primarily driven by lower operating and maintenance costs due to crews reallocated" in written.text
    assert "The increase in GAAP results was primarily driven by lower costs related to investigation" in written.text
    assert "second quarter of 2023" not in written.text and "timing items and other increases" not in written.text


_AMAZON = "Amazon reported positive operating income in FY2022 but a net loss. What drove the net loss?"


def test_a_loss_turned_by_a_catch_all_line_is_given_with_the_filings_sentence_naming_it(services):
    """Amazon's FY2022 10-K: operating income of 12,248 above a net loss of (2,722), turned mostly by
    "Other income (expense), net" of (16,806), whose name explains nothing; the MD&A (p.27) names it
    as printed and says what it held: the valuation loss on the Rivian investment."""
    amazon = filing("financebench/pdfs/AMAZON_2022_10K.pdf")
    written = ask(_AMAZON, amazon, [26, 36], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Net income (loss) was (2,722) in 2022, though Operating income above it was 12,248" in written.text
    assert "Other income (expense), net: (16,806)" in written.text
    assert "$(12.7) billion from our equity investment in Rivian" in written.text
    # "Other Operating Expense (Income), Net ... primarily related to ..." shares every word: another line
    assert "amortization of intangible assets" not in written.text


def test_a_catch_all_line_the_filing_does_not_name_is_no_answer(services):
    amazon = filing("financebench/pdfs/AMAZON_2022_10K.pdf")
    written = ask(_AMAZON, amazon, [36], services)  # the statement alone
    assert written.status != "answered", written.text


def test_a_change_the_filings_sentence_states_otherwise_is_not_shown_as_computed(services):
    """Costco's FY2022 10-K: "Net sales increased $30,678" (p.25). Read from the store's facts, the
    vocabulary's revenue was the statement's total revenue (with membership fees: 195,929 to 226,954,
    up 31,025): figures of another line, which the filing's own sentence contradicts."""
    from answering.kinds.drivers import _stated_otherwise
    from answering.kinds.sentences import Sentence
    from answering.kinds.yes_no import Value
    from answering.written_answer import WrittenAnswer

    costco = filing("financebench/pdfs/COSTCO_2022_10K.pdf")
    page = next(c for c in costco if "Net sales increased $30,678" in " ".join(c.text.split()))
    said = [Sentence(text="Net sales increased $30,678 or 16% during 2022.", chunk=page, rank=0, position=0)]

    def year(y: int, v: float) -> Value:
        return Value(y, WrittenAnswer(status="answered", kind="metric", text="", value=v, unit="USD millions"), f"{v}")

    asked = "What drove Costco's net sales growth in FY2022?"
    total, net = (year(2021, 195_929.0), year(2022, 226_954.0)), (year(2021, 192_052.0), year(2022, 222_730.0))
    assert _stated_otherwise(total, said, asked)  # total revenue: up 31,025
    assert not _stated_otherwise(net, said, asked)  # net sales: up 30,678
    # a change stated in billions agrees within its rounding ("$30.7 billion")
    rounded = [said[0].model_copy(update={"text": "Net sales increased $30.7 billion during 2022."})]
    assert not _stated_otherwise(net, rounded, asked)
    # a cost line's change is no statement of the asked one's
    cost = [said[0].model_copy(update={"text": "Compensation and benefits decreased $8,123,000 due to fewer miles."})]
    assert not _stated_otherwise(total, cost, asked)


def test_what_the_filing_says_drove_a_change_its_premise_states_is_read_across_an_anaphor(services):
    """"What does its FY2022 10-K say drove the decline?" refers back to the premise (operating cash
    flow); the cause sentence opens "This decrease was primarily driven by ..." and names other
    measures after its subject (Adjusted EBITDA): its subject is the sentence before (Kraft Heinz
    FY2022 10-K, p.35)."""
    kraft = filing("financebench/pdfs/KRAFTHEINZ_2022_10K.pdf")
    question = ("Kraft Heinz's operating cash flow fell from $5.4 billion in 2021 to $2.5 billion in 2022. "
                "What does its FY2022 10-K say drove the decline?")
    written = ask(question, kraft, [34, 33, 29], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Cheese Transaction" in written.text and "Net cash provided by operating activities was $2.5" in written.text


def test_a_change_said_to_happen_in_another_year_explains_that_year():
    from answering.kinds.drivers import _changed_in_another_year

    # Apple's FY2019 10-K (p.24) explains the 2018 change beside the 2019 one
    said_2018 = ("Year-over-year Products gross margin percentage decreased during 2018 due primarily to higher product "
                 "cost structures.")
    said_2019 = "Products gross margin percentage decreased during 2019 compared to 2018 due primarily to lower iPhone unit sales."
    assert _changed_in_another_year(said_2018, 2019)
    assert not _changed_in_another_year(said_2019, 2019)
    assert not _changed_in_another_year("Gross margin decreased compared to 2018 due to ...", 2019)


def test_a_quarter_s_change_is_not_explained_by_the_year_s_10k(services):
    # NVIDIA's FY2024 10-K explains the fiscal year ("Automotive revenue for the fiscal year 2024 was up 21%. The
    # increase primarily reflected growth in self-driving platforms."): no cause of the first quarter's revenue
    tenk = filing("filings-wild/pdfs/NVIDIA_2024_10-K.pdf")
    written = ask("What drove the change in NVIDIA's revenue in the first quarter of fiscal year 2024?", tenk,
                  [37, 38, 41], services)
    assert not any("fiscal year 2024" in c.quote or "self-driving" in c.quote for c in written.citations), written.text


def test_causes_numbered_after_a_lead_in_are_read_as_its_list(services):
    """Bayan Resources' 2024 financial review: "Net cash generated from operations of US$1,059.8 million in 2024 was
    US$328.4 million higher than the US$731.4 million generated in 2023 due to:" then "1. Increase in receipts of tax
    refunds ...", "2. ...", "3. ...", and "Partially offset by:" with its own 1. and 2. Each lead-in is read with its
    numbered items, quoted as printed, as a bulleted list is."""
    from tests.answering.kinds.conftest import ask, filing

    report = filing("filings-wild/pdfs/BayanResources_2024_AnnualReport.pdf")
    written = ask("Bayan Resources' profit fell in 2024, yet its operating cash flow rose. What drove the increase in net "
                  "cash from operating activities?", report, [73, 72], services)
    assert written.status == "answered", written.text
    assert "generated in 2023 due to: 1. Increase in receipts of tax refunds of US$195.1 million. 2. Decrease in " \
           "payments of taxes of US$425.4 million" in written.text
    assert "Partially offset by: 1. Increase in payments to suppliers of US$224.6 million" in written.text


def test_the_ask_s_own_direction_decides_over_a_premise_saying_both_ways(services):
    # Apple's FY2018 10-K, p.29: "Gross margin increased in 2018 compared to 2017 due primarily to a favorable shift in
    # mix ... Gross margin percentage decreased year-over-year due primarily to higher product cost structures,
    # partially offset by higher Services net sales." (Apple's "gross margin" is the dollars)
    apple = filing("financebench-extra/pdfs/APPLE_2018_10K.pdf")
    written = ask("Apple's gross margin dollars grew in FY2018 but its gross margin percentage fell. What explains the "
                  "decline in gross margin percentage?", apple, [28, 29, 38], services)
    assert written.status == "answered", written.text
    assert "higher product cost structures, partially offset by higher Services" in written.text
    assert "favorable shift in mix of iPhones" not in written.text
