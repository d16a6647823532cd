"""A question listing follow-on parts ("when did the deal close, how was it paid for, who is
its partner, what share does it hold") is answered part by part, each part by a sentence that
states it in its own words: a date, a means of payment, an organisation's name, a percentage
interest (answering.kinds.other_words). Real filings of filings-wild."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing


def test_when_and_how_paid_are_answered_by_the_date_and_the_cash_the_sentence_states(services):
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    written = ask("What freight logistics company did Uber acquire in 2021 to expand Uber Freight, when did the "
                  "deal close, how was it paid for, and what was the consideration?", uber, [143, 53], services)
    assert (written.status, written.kind) == ("answered", "passage"), written.text
    assert "November 12, 2021" in written.text and "all-cash" in written.text, written.text
    assert "consideration transferred for Transplace was $2.3 billion" in written.text


def test_a_joint_venture_its_partner_and_the_share_held_come_from_the_note_that_defines_it(services):
    accuray = filing("filings-wild/pdfs/Accuray_2022_10-K.pdf")
    written = ask("What is Accuray's joint venture in China, who is its partner, and what ownership share does "
                  "Accuray hold in it (as of fiscal year end June 30, 2022)?", accuray, [96, 127], services)
    assert written.status == "answered", written.text
    # "Co., Ltd. (the “CIRC Subsidiary”)" does not end the sentence that names the partner and the JV
    assert "CNNC High Energy Equipment (Tianjin) Co., Ltd. (the “CIRC Subsidiary”)" in written.text, written.text
    assert "CNNC Accuray (Tianjin) Medical Technology Co. Ltd. (the “JV”)" in written.text
    assert "49%" in written.text


def test_the_lawsuits_of_the_asked_month_with_what_they_allege_and_the_remedies_they_seek(services):
    # "filed complaints against us" names a lawsuit; the remedies are what "both seek" (a
    # permanent injunction, divestiture), a sentence about the same parties (the FTC)
    facebook = filing("filings-wild/pdfs/Facebook_2020_10-K.pdf")
    written = ask("What antitrust lawsuits were filed against Facebook in December 2020, what did they allege, and "
                  "what remedies did they seek?", facebook, [35, 45, 103, 104, 30], services)
    assert written.status == "answered", written.text
    assert "In December 2020, the FTC and the attorneys general from 46 states" in written.text
    assert "both seek a permanent injunction" in written.text
    assert "Multiple putative class actions" not in written.text  # other suits than the asked month's


def test_a_yes_no_with_how_significant_is_completed_by_the_sentence_that_judges_it(services):
    # NVIDIA's Q3 FY2023 10-Q: "No" (operations closed), and "Direct sales to Russia in fiscal year
    # 2022 were immaterial." answers how significant Russia had been; without it the answer is partial
    nvidia = filing("filings-wild/pdfs/NVIDIA_2023_10-Q_Q3.pdf")
    written = ask("Was NVIDIA still operating in Russia as of its third quarter of fiscal year 2023 (quarter ended "
                  "October 30, 2022), and how significant had Russia been to its sales?", nvidia, [26, 40], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No.") and "Direct sales to Russia in fiscal year 2022 were immaterial." in written.text


def test_when_it_was_payable_is_the_date_of_the_sentence_that_says_payable(services):
    # Patriot's FY2020 10-K: "On December 4, 2020 the ... Board ... declared a special cash dividend
    # of $3.00 per share" dates the declaration; the next sentence "This one-time, special dividend is
    # payable on December 30, 2020, ..." dates what the second part asks. The declaration alone is a
    # partial answer, however many dates it gives.
    from answering.kinds.other_words import answered_in_other_words

    patriot = filing("filings-wild/pdfs/PatriotTransportation_2020_10-K.pdf")
    written = ask("What special dividend did Patriot Transportation Holding's board declare after the end of "
                  "fiscal 2020, and when was it payable?", patriot, [38, 18], services)
    assert written.status == "answered", written.text
    assert "declared a special cash dividend of $3.00 per share" in written.text, written.text
    assert "payable on December 30, 2020" in written.text, written.text
    declared = "On December 4, 2020 the Board of Directors declared a special cash dividend of $3.00 per share."
    assert not answered_in_other_words("when was it payable?", declared)
    assert answered_in_other_words("when did the deal close?", "On November 12, 2021, we completed the acquisition.")


def test_a_going_concern_yes_with_its_conditions_and_what_management_did(services):
    # Mercurity's FY2022 20-F: the auditor's sentence states the conditions with their causal link
    # ("..., which raise substantial doubt ..."), and Note 3, beside its own going-concern sentence,
    # what management did ("secured new financing and clarified new business plans"): a part that
    # refers back ("address it") is answered from a passage about the first part's topic
    mercurity = filing("filings-wild/pdfs/MercurityFintech_2022_20-F.pdf")
    written = ask("Does Mercurity Fintech's fiscal 2022 annual report (Form 20-F) raise substantial doubt about its "
                  "ability to continue as a going concern? What conditions cause this, and what has management done "
                  "to address it?", mercurity, [112, 135, 337, 29], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes.") and "which raise substantial doubt" in written.text, written.text
    assert "the Company secured new financing and clarified new business plans" in written.text, written.text


def test_what_management_did_is_searched_for_past_the_chunk_retrieved(services):
    # the search brought the auditor's going-concern sentence (p.113), not the part of Note 3 that
    # says what management did: one more search, for the first part and the unanswered one together,
    # finds it (a stand-in for the store's sparse search, serving the real filing's Note 3 page)
    from dataclasses import replace

    from tests.answering.kinds.conftest import hits

    mercurity = filing("filings-wild/pdfs/MercurityFintech_2022_20-F.pdf")

    class NoteSearch:
        def __init__(self) -> None:
            self.queries: list[str] = []

        def search(self, query, filters=None, k=None, mode=None, sparse=None):
            self.queries.append(query)
            return hits(mercurity, [135])

    search = NoteSearch()
    written = ask("Does Mercurity Fintech's fiscal 2022 annual report (Form 20-F) raise substantial doubt about its "
                  "ability to continue as a going concern? What conditions cause this, and what has management done "
                  "to address it?", mercurity, [112], replace(services, retriever=search))
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert "the Company secured new financing and clarified new business plans" in written.text, written.text
    assert len(search.queries) == 1 and "address it" in search.queries[0]


def test_a_part_is_answered_by_what_states_it_not_by_shared_words():
    from answering.kinds.every_part import _A_SINCE
    from answering.kinds.other_words import answered_in_other_words

    declared = "On December 4, 2020 the Board declared a special dividend of $3.00 per share."
    payable = " This one-time, special dividend is payable on December 30, 2020 to shareholders of record."
    # the declaration's date shares "special dividend", it is not when the dividend is payable
    assert not answered_in_other_words("when is the special dividend payable?", declared)
    assert answered_in_other_words("when is the special dividend payable?", declared + payable)
    # what management did is an action said of who acts, not "reduced liquidity"
    doubt = "The Company has recurring losses and reduced liquidity, which raise substantial doubt."
    assert not answered_in_other_words("what has management done to address it?", doubt)
    assert answered_in_other_words("what has management done to address it?",
                                   "Management has secured new financing and clarified new business plans.")
    # since when: a tenure's start, not a figure's change "from fiscal 2021"
    assert not _A_SINCE.search("Revenue increased from fiscal 2021 to fiscal 2022.")
    assert _A_SINCE.search("Barak Eilam has served as Chief Executive Officer since April 2014.")


def test_a_suits_decision_next_step_and_status_are_answered_by_a_ruling_or_a_later_step():
    from answering.kinds.other_words import answered_in_other_words, asks_in_other_words

    ruled = "On September 10, 2021, the court ruled in favor of the Company with respect to nine out of the ten counts."
    appealed = "Epic appealed the decision."
    assert asks_in_other_words("what did the court decide in the antitrust lawsuit")
    assert answered_in_other_words("what did the court decide in the antitrust lawsuit", ruled)
    assert not answered_in_other_words("what did the court decide", "Epic filed a lawsuit alleging violations.")
    assert answered_in_other_words("and what happened next?", appealed)
    assert not answered_in_other_words("and what happened next?", ruled)
    assert answered_in_other_words("what was its status?", "The trial began on May 23, 2016.")


def test_the_reasons_someone_gave_are_a_reason_or_a_purpose():
    from answering.kinds.other_words import answered_in_other_words, asks_in_other_words

    assert asks_in_other_words("and what reasons did the CEO give?")
    assert answered_in_other_words("and what reasons did the CEO give?",
                                   "Today’s actions are designed to strengthen our ability to deliver better experiences.")
    assert not answered_in_other_words("and what reasons did the CEO give?", "This number represents about 4%.")


def test_the_outcome_of_a_trial_is_a_verdict_not_the_trial_beginning():
    from answering.kinds.other_words import answered_in_other_words, asks_in_other_words

    # PG&E's 2016 10-K: the trial began on June 14, the jury found the Utility guilty on August 9
    part = "What was the outcome of the federal criminal trial against PG&E's utility in 2016"
    assert not answered_in_other_words(part, "On June 14, 2016, a federal criminal trial against the Utility began.")
    assert answered_in_other_words(part, "On August 9, 2016, the jury in the federal criminal trial against the Utility "
                                         "found the Utility guilty on one count of obstructing a federal agency proceeding.")
    # an outcome of no suit is asked in its own words
    assert not asks_in_other_words("What was the outcome of the strategic review")


def test_when_a_deal_closed_is_not_the_date_its_agreement_was_signed():
    from answering.kinds.other_words import dated_as_asked

    # Verizon's FY2021 10-K p.46: the TracFone agreement's date, and the closing's consideration without a date
    signed = ('"In September 2020, we entered into a purchase agreement (Tracfone Purchase Agreement) with América Móvil '
              'to acquire TracFone Wireless, Inc." (8d8a2dc27e p.45) "The aggregate cash consideration paid by Verizon at '
              'the closing of the transaction was approximately $3.6 billion, net of cash acquired." (8d8a2dc27e p.45)')
    assert not dated_as_asked("when did the deal close?", signed)
    closed = signed + ' "On November 23, 2021, we completed the acquisition of Tracfone." (8d8a2dc27e p.45)'
    assert dated_as_asked("when did the deal close?", closed)
    # Oracle's FY2023 10-K: the day its tender offer for Cerner began is no completion's
    commenced = ('"On January 19, 2022, pursuant to the Merger Agreement, we commenced a tender offer to purchase all of '
                 'the issued and outstanding shares of common stock of Cerner at a purchase price of $95.00 per share." '
                 '(4c6 p.60)')
    assert not dated_as_asked("When did Oracle complete its acquisition of Cerner?", commenced)
    # a closing still to come is dated by the agreement and the expectation (Microsoft's FY2022 10-K)
    assert dated_as_asked("when did Microsoft expect the deal to close?", '"On January 18, 2022, we entered into a '
                          'definitive agreement to acquire Activision Blizzard, Inc. for $95.00 per share." (0ba p.40)')


def test_when_a_plan_is_to_be_implemented_is_the_date_of_the_sentence_on_its_implementation(services):
    # FedEx's FY2023 10-K: the plan's sentence is dated by its announcement ("In the fourth quarter of 2023") and
    # says "fully integrated"; the date asked is in the next sentence ("full implementation expected in June 2024")
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_10K.pdf")
    written = ask("What is the 'one FedEx' plan announced in FY2023, and when is it expected to be fully implemented?",
                  fedex, [5, 90], services)
    assert written.status == "answered", written.text
    assert "full implementation expected in June 2024" in written.text, written.text


def test_how_a_change_affected_results_is_the_sentence_stating_its_effect_in_amounts(services):
    # Alphabet's Q2 2023 release: the change of servers' useful lives, then "the effect was a reduction in
    # depreciation expense of $966 million ... and an increase in net income of $752 million"
    alphabet = filing("filings-wild/pdfs/Alphabet_2023_EarningsRelease_Q2.pdf")
    written = ask("What change in accounting estimate did Alphabet make for its servers and network equipment in 2023, "
                  "and how did it affect Q2 FY2023 results?", alphabet, [2], services)
    assert written.status == "answered", written.text
    assert "from four years to six years" in written.text and "$966 million" in written.text, written.text


def test_where_someone_worked_before_is_an_employer_named_not_the_company_or_a_signature():
    from answering.kinds.every_part import unanswered_part
    from answering.written_answer import WrittenAnswer

    question = ("Before his Oracle career, where did the executive serving as Oracle's Executive Vice President, "
                "Corporate Controller and Chief Accounting Officer work?")
    signature = WrittenAnswer(status="answered", kind="passage", text='"/s/ WILLIAM COREY WEST Executive Vice President, '
                              'Corporate Controller and Chief Accounting Officer" (doc p.90)')
    assert unanswered_part(signature, question, ["Oracle"]) is not None
    career = signature.model_copy(update={"text": '"Mr. West was with Arthur Andersen LLP for 14 years." (doc p.17)'})
    assert unanswered_part(career, question, ["Oracle"]) is None


def test_where_people_are_located_or_a_service_expanded_asks_no_employer():
    from answering.kinds.other_words import ASKS_EMPLOYER

    assert not ASKS_EMPLOYER.match("Where were most of Adobe's employees located in fiscal 2015?")
    assert not ASKS_EMPLOYER.match("Where did Uber expand its Delivery service?")
    assert ASKS_EMPLOYER.match("Before joining the company, where did its CFO work?")
