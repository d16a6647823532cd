"""A quoted answer to who did a deed ("Which company completed the spin-off of Patriot?") is led by the
name its sentence states (answering.kinds.subject_name). Quotes from shared filings: Patriot
Transportation's FY2015 10-K, Salesforce's FY2023 10-K, TD SYNNEX's FY2022 annual report."""

from __future__ import annotations

from answering.kinds.subject_name import asked, lead_name
from tests.answering.kinds.conftest import ask, filing

SPIN_OFF = ('On January 30, 2015, FRP Holdings, Inc. ("FRP") completed the tax-free spin-off (the “Spin-off") of '
            'Patriot Transportation Holding, Inc., (the "Company" or "Patriot").')
RESIGNED = ("In January 2023, former co-CEO and Vice Chair of the Company’s Board of Directors, Bret Taylor, resigned "
            "his positions from the Company.")
RENAMED = ("As a result of the Merger, on October 22, 2021, we filed with the Secretary of State of the State of "
           "Delaware a Certificate of Amendment to the Company’s Restated Certificate of Incorporation to change our "
           "corporate name from SYNNEX Corporation to TD SYNNEX Corporation, effective November 3, 2021.")


def test_the_doer_is_the_name_before_the_deed_past_its_alias_and_appositive_commas():
    question = 'Which company completed the spin-off of "Patriot Transportation Holding, Inc." on January 30, 2015?'
    assert asked(question)
    assert lead_name(question, [SPIN_OFF], ["Patriot Transportation Holding, Inc."]) == "FRP Holdings, Inc."
    assert lead_name('Which co-CEO of "Salesforce, Inc." resigned from that position in January 2023?', [RESIGNED],
                     ["Salesforce, Inc."]) == "Bret Taylor"


def test_a_former_name_is_the_name_changed_from():
    question = 'What was the corporate name of "TD SYNNEX Corporation" before the name change effective November 3, 2021?'
    assert asked(question)
    assert lead_name(question, [RENAMED], ["TD SYNNEX Corporation"]) == "SYNNEX Corporation"


def test_the_filer_itself_or_two_different_names_are_no_lead():
    question = "Which company completed the acquisition of Tech Data?"
    assert lead_name(question, ["In September 2021, TD SYNNEX Corporation completed the acquisition of Tech Data."],
                     ["TD SYNNEX Corporation"]) is None
    assert lead_name(question, ["Acme Corp. completed the acquisition of Tech Data.",
                                "Beta Inc. completed the acquisition of Tech Data."], ["TD SYNNEX"]) is None
    assert not asked("What was the revenue of Acme in 2022?")


def test_the_answer_from_the_filing_leads_with_the_name(services):
    chunks = filing("filings-wild/pdfs/PatriotTransportation_2015_10-K.pdf")
    written = ask('Which company completed the spin-off of "Patriot Transportation Holding, Inc." on January 30, '
                  "2015?", chunks, [3, 59], services)
    assert written.status == "answered" and written.text.startswith("FRP Holdings, Inc.\n\n"), written.text


def test_a_title_or_one_of_two_doers_is_no_name():
    from answering.kinds.subject_name import _doer

    assert _doer("In March 2023, our Chief Financial Officer resigned.", "resigned") is None
    assert _doer("Mr. Smith, our former CFO, resigned.", "resigned") is None
    assert _doer("Dell Technologies and VMware completed the spin-off.", "completed") is None
    assert _doer("PG&E Corporation and the Utility filed a motion.", "filed") is None


def test_the_party_a_deed_was_done_to_or_with_is_the_name_after_it_or_the_agreement_s_counterparty():
    # eBay's FY2019 10-K (StubHub to viagogo) and Lyft's FY2021 10-K (Level 5 to Woven Planet)
    question = 'To which company did "eBay Inc." agree in November 2019 to sell StubHub?'
    quotes = ["On November 24, 2019, we entered into a stock purchase agreement with an affiliate of viagogo to sell "
              "StubHub for $4.05 billion, subject to certain adjustments.",
              "On November 24, 2019, we entered into a definitive agreement for eBay to sell StubHub to viagogo, with "
              "closing of the transaction expected by the end of the first quarter of 2020."]
    assert asked(question) and lead_name(question, quotes, ["eBay Inc."]) == "viagogo"
    lyft = ("On July 13, 2021, the Company completed a multi-element transaction with Woven Planet, a subsidiary of "
            "Toyota Motor Corporation, for the divestiture of certain assets related to the Company’s self-driving "
            "vehicle division, Level 5.")
    assert lead_name('To which company did "Lyft, Inc." divest certain assets of its Level 5 division in July 2021?',
                     [lyft], ["Lyft, Inc."]) == "Woven Planet"
    # selling to customers names no party
    assert lead_name("To which company did Acme sell its products?", ["We sell our products to customers worldwide."],
                     ["Acme"]) is None


def test_a_party_s_name_is_capitalised_or_one_brand_word_and_the_deed_follows_the_company():
    from answering.kinds.subject_name import _ASKS_PARTY

    assert _ASKS_PARTY.search("To whom did Pfizer sell its Upjohn business?").group("verb") == "sell"
    # a name does not run on into the words after it
    assert lead_name("To whom did eBay agree to sell StubHub?",
                     ["We agreed to sell StubHub to viagogo for a purchase price of $4.05 billion."], ["eBay"]) \
        == "viagogo"


def test_who_a_deed_was_done_to_is_the_name_after_its_verb_or_before_it_in_the_passive():
    question = 'Who was appointed as a member of the Board of Directors of "eBay Inc." on March 14, 2023?'
    assert asked(question)
    active = ("On March 14, 2023, the Board of Directors (the “Board”) of eBay Inc. (the “Company”) increased its size "
              "to 10 members and appointed Shripriya Mahesh as a member of the Board effective immediately.")
    assert lead_name(question, [active], ["eBay"]) == "Shripriya Mahesh"
    assert lead_name(question, ["Ms. Jane Q. Doe was appointed to the Board in March."], ["eBay"]) == "Jane Q. Doe"
    # a title is not who: "appointed Chief Financial Officer" names no one
    assert lead_name(question, ["The Board appointed Chief Financial Officer for the interim."], ["eBay"]) is None


def test_a_title_before_the_name_and_two_people_named():
    question = "Who was appointed as Chief Financial Officer in 2023?"
    assert lead_name(question, ["The Board appointed Executive Vice President John Smith as Chief Financial Officer."],
                     ["Acme"]) == "John Smith"
    assert lead_name(question, ["The Board elected Directors Alice Wong and Bob Li to the Board."], ["Acme"]) is None


def test_people_named_together_are_no_one_name_and_a_title_after_a_name_is_not_a_second_person():
    question = "Who was appointed to the Board in 2023?"
    for quote in ("John Smith and Jane Doe were appointed to the Board.", "The Board elected John Smith, Jane Doe and Bob Li.",
                  "Mr. Smith and Ms. Doe were appointed to the Board."):
        assert lead_name(question, [quote], ["Acme"]) is None, quote
    assert lead_name(question, ["The Board appointed Jane Doe President and Chief Executive Officer."], ["Acme"]) == \
        "Jane Doe"


def test_a_deed_to_take_effect_and_an_irregular_verb_name_their_party():
    # Intel's 2020 10-K: the successor announced, an alias in brackets inside his name
    intel = ('In January 2021, we announced that Mr. Swan would depart from the company and our Board of Directors '
             'effective as of February 15, 2021 and that Patrick ("Pat") Gelsinger would be appointed Chief Executive '
             'Officer and a member of our Board effective as of that date.')
    assert lead_name("Who was to be appointed Chief Executive Officer of Intel effective February 15, 2021?",
                     [intel], ["Intel"]) == "Patrick Gelsinger"
    # PepsiCo's 2022 10-K: "sell" said "sold", eight words before the party
    pepsico = ("In the first quarter of 2022, we sold our Tropicana, Naked and other select juice brands to PAI Partners, "
               "while retaining a 39% noncontrolling interest in a newly formed joint venture.")
    assert lead_name('To which buyer did "PepsiCo, Inc." sell its Tropicana, Naked and other select juice brands in '
                     '2022?', [pepsico], ["PepsiCo"]) == "PAI Partners"


def test_what_was_acquired_in_the_month_asked_is_named_after_the_deed_in_that_months_clause():
    # Microsoft's FY2022 10-K names two deals, a year apart, in one sentence
    quote = ("For example, in March 2021 we completed our acquisition of ZeniMax Media Inc. for $8.1 billion, and in "
             "March 2022 we completed our acquisition of Nuance Communications, Inc. for $18.8 billion.")
    question = 'Which company did "Microsoft Corporation" complete the acquisition of in March 2022?'
    assert asked(question)
    assert lead_name(question, [quote], ["Microsoft"]) == "Nuance Communications, Inc."
    assert lead_name(question.replace("2022", "2021"), [quote], ["Microsoft"]) == "ZeniMax Media Inc."


def test_a_party_is_named_for_the_object_asked_and_two_acquired_names_are_none():
    # eBay's 2021 10-K: Adevinta shares "later sold to Permira" is no sale of the Classifieds business to Permira
    assert lead_name("To which company did eBay sell its Classifieds business in 2021?",
                     ["eBay received 540 million Adevinta shares, a portion of which was later sold to Permira."],
                     ["eBay"]) is None
    question = 'Which company did "Uber Technologies, Inc." complete the acquisition of in March 2022?'
    assert lead_name(question, ["In March 2022 we completed our acquisitions of Careem and Postmates."], ["Uber"]) is None
    # the month asked with its day ("On March 4, 2022"), a name ending at its sentence's end
    assert lead_name(question, ["On March 4, 2022, we completed our acquisition of Xilinx. The deal adds chips."],
                     ["Uber"]) == "Xilinx"


def test_what_was_acquired_is_named_after_the_holding_bought_and_on_the_day_asked():
    # Boeing's 2018 10-K (p.75) and Pfizer's 2021 10-K (p.70): the shares or common stock "of" the company bought
    klx = "On October 9, 2018, we acquired all the outstanding shares of KLX Inc. (KLX)."
    question = 'Which company did "The Boeing Company" acquire on October 9, 2018?'
    assert asked(question)
    assert lead_name(question, [klx], ["Boeing"]) == "KLX Inc."
    assert lead_name(question.replace("October 9", "October 19"), [klx], ["Boeing"]) is None  # another day
    trillium = ("On November 17, 2021, we acquired all of the issued and outstanding common stock not already owned by "
                "Pfizer of Trillium, a clinical stage immuno-oncology company developing therapies ...")
    question = 'Which clinical stage immuno-oncology company did "Pfizer Inc." acquire in November 2021?'
    assert asked(question)
    assert lead_name(question, [trillium], ["Pfizer"]) == "Trillium"
    # a stake or share in a company asks an amount of it, not its name
    assert not asked("What stake in the company did Acme acquire in March 2024?")
    assert not asked("What percentage of the company did Acme acquire in March 2024?")
    # Adobe's FY2015 10-K: "our acquisition of privately held Fotolia": held privately, named after it
    fotolia = "On January 27, 2015, we completed our acquisition of privately held Fotolia, a leading marketplace."
    assert lead_name("Which company did Adobe acquire in January 2015?", [fotolia], ["Adobe"]) == "Fotolia"
