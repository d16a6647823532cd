"""A text answer's quotes state what the question's focus asks for, or it is refused as a
look-alike (answering.kinds.quote_focus). The answers are those the system gave on the shared
sets (graded "look-alike-quote": wild3_03, wild3_10, wild3_16, wild3_21, wild_21, fresh_07,
fresh_11), beside the right answers to the same questions, which stay answered."""

from __future__ import annotations

import pytest

from answering.kinds.quote_focus import FLAG, answered_on_focus
from answering.written_answer import WrittenAnswer
from tests.answering.kinds.conftest import ask, filing, write_answer_over


def _answer(text: str, kind: str = "passage") -> WrittenAnswer:
    return WrittenAnswer(status="answered", text=text, kind=kind)  # type: ignore[arg-type]


def _kept(text: str, question: str, companies: list[str], kind: str = "passage") -> bool:
    return answered_on_focus(_answer(text, kind), question, companies).status == "answered"


@pytest.fixture(scope="module")
def patriot_2015() -> list:
    return filing("filings-wild/pdfs/PatriotTransportation_2015_10-K.pdf")


def test_an_auditors_consent_is_no_answer_and_the_refusal_shows_it(patriot_2015, services):
    # the exhibit page shares "Patriot Transportation Holding" and "independent ... public" with
    # the question, and states nothing it asks
    written = ask("How did Patriot Transportation Holding become an independent public company?", patriot_2015,
                  [34], services)
    assert written.status == "unverified" and FLAG in written.flags, written.text
    assert "consents" in (written.reason or "") and "We hereby consent" in written.text


def test_a_quote_that_names_what_is_asked_is_kept(patriot_2015, services):
    written = ask("Who was Patriot Transportation Holding's former parent company?", patriot_2015, [3, 20], services)
    assert written.status == "answered" and "FRP Holdings" in written.text, written.text


def test_with_an_llm_the_evidence_is_read_afresh(patriot_2015, tmp_path):
    """Offline the consent is refused as a look-alike; an LLM configured reads the same pages for
    the question itself (its answer is then held to the evidence by answering.llm_writer)."""
    from finrag.config import load_settings
    from finrag.llm import get_llm
    from finrag.vocabulary import load_vocabulary
    from strategies.services import Services
    from tests.answering.kinds.conftest import hits
    from tests.support.fake_openai import FakeOpenAI, ToolCall

    with FakeOpenAI() as server:
        settings = load_settings(llm_base_url=server.url, llm_api_key="sk-test", llm_max_retries=1,
                                 store_dir=tmp_path / "store")
        services = Services(settings=settings, store=None, embedder=None, retriever=None,  # type: ignore[arg-type]
                            llm=get_llm(settings), graph=None, vocabulary=load_vocabulary())
        server.script(ToolCall({"found": False, "answer": "The passages do not say.", "value": None, "citations": []}))
        written = write_answer_over("How did Patriot Transportation Holding become an independent public company?",
                                    hits(patriot_2015, [34]), patriot_2015, services)
        assert len(server.requests) == 1, written.text


MANDIANT = ('"• On September 12, 2022, we closed the acquisition of Mandiant for a total purchase price of $6.1 billion '
            'and added more than 2,600 employees." (edbd3f196a9e p.31)')


def test_which_company_was_acquired_needs_another_company_named_as_acquired():
    alphabet = ("What cybersecurity company did Alphabet acquire in 2022, when did the acquisition close, what was the "
                "total purchase price, and in which segment are its results reported?")
    refused = answered_on_focus(_answer("Alphabet — segment: Google Services, Google Cloud.", "choice"), alphabet,
                                ["Alphabet"])
    assert refused.status == "unverified" and "which company was acquired" in (refused.reason or "")
    assert _kept(MANDIANT, alphabet, ["Alphabet"])
    ebay = ("What company did eBay acquire in July 2023, according to its second-quarter 2023 earnings release, and "
            "what does that company do?")
    assert _kept('"In July, eBay acquired Certilogo, an AI-powered authentication provider for fashion." '
                 '(cf0e8d78d907 p.2)', ebay, ["eBay"])
    header = ('"(Nasdaq: EBAY), a global commerce leader that connects millions of buyers and sellers around the world, '
              'today reported -nancial results for its second quarter ended June 30, 2023." (cf0e8d78d907 p.1)')
    assert not _kept(header, ebay, ["eBay"])
    # "which acquisition" asks the same: the acquired company's name
    meta = ("Which proposed acquisition by Meta did the U.S. Federal Trade Commission sue to block in 2022, and what "
            "relief did the FTC seek according to Meta's 2022 annual report?")
    complaint = ('"In addition, on July 27, 2022, the FTC filed a complaint against us in the U.S. District Court for the '
                 'Northern District of California seeking to preliminarily enjoin our proposed acquisition of Within '
                 'Unlimited as an alleged violation of antitrust law." (644e95921842 p.49)')
    assert _kept(complaint, meta, ["Meta"])
    assert not _kept('"Our proposed acquisitions are subject to regulatory review." (p.49)', meta, ["Meta"])
    # another company agreeing to acquire from the filer is not what the filer acquired
    emetals = "What company did eMetals Limited acquire in January 2022, what does it hold, and what did eMetals pay?"
    scorpion = ('"POONA PROJECT Scorpion Minerals Limited announced that it had entered into a binding Heads of '
                'Agreement (“the agreement”) with eMetals Limited (ASX: EMT) (“eMetals” or “EMT”) to acquire a 100% '
                'interest in tenements E 20/896, E 20/963, E 20/964 and a 90% interest in E 20/885 (collectively the '
                '“tenements”) which cover a combined 904km² in the Murchison Goldfield of Western Australia." '
                '(642cd2ea2a51 p.10)')
    assert not _kept(scorpion, emetals, ["eMetals Limited"])
    # a deal the filing names as a defined term ("the Just Spices Acquisition") names what was acquired
    kraft = "Which two acquisitions did Kraft Heinz close in 2022, and how much cash did each cost?"
    assert _kept('"In the first quarter of 2022, we closed the Just Spices Acquisition for cash consideration of '
                 'approximately $243 million." (37a89e02ab p.34)', kraft, ["Kraft Heinz"])
    assert not _kept('"In the first quarter of 2022, we closed the acquisition for cash consideration of '
                     'approximately $243 million." (37a89e02ab p.34)', kraft, ["Kraft Heinz"])


def test_a_ratio_is_stated_by_a_figure_not_by_a_tables_headings():
    question = ("What was Patriot Transportation Holding's GAAP operating ratio for the second quarter of fiscal 2015 "
                "(three months ended March 31, 2015)?")
    headings = ('"Three months ended Six months ended March 31, 2015 March 31, 2015 Intangible asset impairment charge '
                '1,265 1,265 Adjusted net income $ 914 2,016 Adjusted Operating Ratio Adjusted operating ratio excludes '
                'the impact of the intangible asset impairment charge." (02da9ed38e9c p.6)')
    refused = answered_on_focus(_answer(headings), question, ["Patriot Transportation Holding"])
    assert refused.status == "unverified" and "ratio" in (refused.reason or "")
    assert _kept('"Our operating ratio was 101.9% for the quarter." (02da9ed38e9c p.1)', question,
                 ["Patriot Transportation Holding"])
    # what drove a margin is asked of the drivers, not a figure
    assert _kept('"Gross margin fell on higher freight costs." (p.3)', "What drove the change in gross margin?", [])


def test_table_headers_and_captions_state_nothing_but_a_sentence_ending_in_a_colon_does():
    question = ("What was Patriot Transportation Holding's operating ratio for the second quarter of fiscal 2019 "
                "(three months ended March 31, 2019)?")
    headers = ('"Comparative Results of Operations for the Three Months ended March 31, 2019 and 2018 Three months '
               'ended March 31 (dollars in thousands) 2019 % 2018 % Revenue miles (in thousands) 8,975 9,354 Revenues:" '
               '(f4e5a6109d3a p.16)')
    assert not _kept(headers, question, ["Patriot Transportation Holding"])
    pepsico = ("At the Pepsico AGM held on May 3, 2023, what was the outcome of the shareholder vote on the shareholder "
               "proposal for a congruency report by Pepsico on net-zero emissions policies?")
    assert _kept('"(8) The shareholder proposal regarding a congruency report on net-zero emissions policies was '
                 'defeated:" (PEPSICO_2023_8K_dated-2023-05-05 p.4)', pepsico, ["PepsiCo"])


def test_a_risk_hedge_states_nothing_unless_risks_are_asked():
    question = ("What cost savings does FedEx expect from its DRIVE transformation program, according to the "
                "stockholder letter in its FY2023 annual report?")
    hedge = ('"We may not be able to achieve the expected operational efficiencies and network flexibility, alignment '
             'of our cost base with demand, cost savings and reductions to our permanent cost structure, and other '
             'benefits from our DRIVE transformation and one FedEx consolidation plan." (50ce56f00bf0 p.30)')
    assert not _kept(hedge, question, ["FedEx"])
    assert _kept(hedge, "What risks does FedEx see in its DRIVE transformation program?", ["FedEx"])
    assert _kept('"DRIVE has gained significant momentum, and we expect to realize $4 billion in permanent and '
                 'structural cost savings in FY25." (6c454a78587b p.2)', question, ["FedEx"])


def test_when_needs_a_date_and_who_a_name():
    segment = ('"The financial results of Mandiant have been included within the Google Cloud segment as of the close '
               'of the acquisition." (edbd3f196a9e p.73)')
    assert not _kept(segment, "When did Alphabet close the acquisition of Mandiant?", ["Alphabet"])
    assert _kept(MANDIANT, "When did Alphabet close the acquisition of Mandiant?", ["Alphabet"])
    spin = ('"On January 30, 2015, FRP Holdings, Inc. ("FRP") completed the tax-free spin-off (the “Spin-off") of '
            'Patriot Transportation Holding, Inc., (the "Company" or "Patriot")." (PatriotTransportation_2015_10-K p.4)')
    assert _kept(spin, "Who spun off Patriot Transportation Holding?", ["Patriot Transportation Holding"])
    own = '"Patriot Transportation Holding, Inc. completed the tax-free spin-off in 2015." (p.4)'
    assert not _kept(own, "Who spun off Patriot Transportation Holding?", ["Patriot Transportation Holding"])


def test_figures_are_left_to_their_own_checks():
    assert _kept("Operating ratio Q2 FY2019: 98.9%.", "When did it close?", [], kind="metric")


def test_an_effect_on_results_is_stated_by_an_amount():
    # Oracle's FY2018 10-K, p.49: the Tax Act "impacted" comparability (no effect stated); the
    # paragraph after it gives the effect: "$7.8 billion of income tax expense"
    question = "How did the U.S. Tax Cuts and Jobs Act affect Oracle's fiscal 2018 results?"
    comparability = ('"The comparability of our operating results in fiscal 2018 compared to the corresponding prior '
                     'year periods, and of our consolidated balance sheets as of May 31, 2018 relative to May 31, 2017, '
                     'was impacted by the U.S. Tax Cuts and Jobs Act of 2017 (the Tax Act), which was signed into law on '
                     'December 22, 2017." (da466942 p.49)')
    refused = answered_on_focus(_answer(comparability), question, ["Oracle"])
    assert refused.status == "unverified" and "effect as an amount" in (refused.reason or "")
    effect = (' "During fiscal 2018, our provision for income taxes increased and our net income decreased, primarily '
              'as a result of the following items related to the enactment of the Tax Act: $7.8 billion of income tax '
              'expense" (da466942 p.49)')
    assert _kept(comparability + effect, question, ["Oracle"])


def test_an_amount_is_stated_beside_the_thing_asked_for():
    # TransUnion's 2022 annual report, p.72 (an ERC round-1 filing): "intangible assets" ends a
    # sentence whose amount is a change in depreciation and amortization
    question = 'What was the intangible assets of "TransUnion" in the fiscal year 2021?'
    look_alike = ('"For 2021, depreciation and amortization increased $30.3 million compared with 2020, due primarily '
                  'to recent acquisitions of tangible and intangible assets." (85fb23ba p.72)')
    refused = answered_on_focus(_answer(look_alike), question, ["TransUnion"])
    assert refused.status == "unverified" and "intangible assets" in (refused.reason or ""), refused.text
    assert _kept('"At December 31, 2021, intangible assets, net were $5,679.5 million." (p.115)', question,
                 ["TransUnion"])
    # what is asked of an amount's nature or sources is a description, not a figure
    assert _kept('"Revenue is recognized when control of the services transfers to the customer." (p.80)',
                 "What is the nature of TransUnion's revenue?", ["TransUnion"])
    assert _kept('"Cash provided by operating activities funds our capital expenditures." (p.60)',
                 "What were the main sources of cash in 2021?", ["TransUnion"])


def test_two_quotes_giving_the_asked_amount_two_values_answer_neither():

    # Boeing's FY2021 10-K: a segment section's "Total backlog" (p.43) and the company's (p.124)
    both = WrittenAnswer(status="answered", kind="passage", text=(
        '"Backlog Total backlog of $59,828 million at December 31, 2021 was $1,019 million lower than December 31, '
        '2020." (B p.43) "Our backlog at December 31, 2021 was $377,499." (B p.124)'))
    question = "What was Boeing's total backlog at December 31, 2021?"
    refused = answered_on_focus(both, question, ["Boeing"])
    assert refused.status == "unverified" and "two different amounts" in (refused.reason or ""), refused.text
    # the same amount said twice (one in billions) is one answer
    same = both.model_copy(update={"text": '"Total backlog was $377.5 billion at December 31, 2021." (B p.32) '
                                           '"Our backlog at December 31, 2021 was $377,499 million." (B p.124)'})
    assert answered_on_focus(same, question, ["Boeing"]).status == "answered"
    # another year's amount beside it is no second answer
    other_year = both.model_copy(update={"text": '"Our backlog at December 31, 2021 was $377,499." (B p.124) '
                                                 '"Our backlog at December 31, 2020 was $363,404." (B p.120)'})
    assert answered_on_focus(other_year, question, ["Boeing"]).status == "answered"


def test_an_answer_by_region_names_a_region():
    """A table's lead-in ("... by region for the years ended ...:") and the company's totals answer
    no "by region" question; a quote naming the regions does."""
    netflix = "By region, where did Netflix's 2022 paid membership growth come from, and did any region lose members?"
    lead_in = ('"The following tables summarize revenues, paid net membership additions, and ending paid memberships by '
               'region for the years ended December 31, 2022, 2021 and 2020, respectively:" (af4efc04f8 p.47) '
               '"Paid memberships at end of period 230,747 221,844 203,663 4 %" (af4efc04f8 p.22)')
    refused = answered_on_focus(_answer(lead_in), netflix, ["Netflix"])
    assert refused.status == "unverified" and "by region" in (refused.reason or "")
    assert _kept('"Paid net membership additions in Asia-Pacific were 5,391 thousand, while United States and Canada '
                 'lost 919 thousand." (af4efc04f8 p.48)', netflix, ["Netflix"])


def test_a_percentage_change_asked_needs_a_quote_stating_that_change():
    # Lyft's 10-K (tmpl2_04): the definition change's "0.01% increase" answers no question of a decline
    question = "By what percentage did Lyft's Active Riders decline year-over-year in the fourth quarter of 2020?"
    wrong = ('"In the fourth quarter of 2019, we updated the definition of Active Riders ..., which resulted in a '
             '0.01% increase, or an additional 1,167 Active Riders, in the fourth quarter." (lyft p.62)')
    assert not _kept(wrong, question, ["Lyft"])
    right = '"Active Riders declined 45% year-over-year to 12.6 million in the fourth quarter." (lyft p.60)'
    assert _kept(right, question, ["Lyft"])


def test_the_amount_of_a_thing_is_stated_beside_the_thing():
    # PG&E's FY2015 10-K: "the total amount of penalties" is the penalties' sum, said beside "penalties"
    question = "What was the total amount of penalties the CPUC imposed on PG&E's utility in its Penalty Decision?"
    right = ('"In April 2015, the CPUC concluded its three investigative enforcement actions against the Utility by '
             'imposing penalties totaling $1.6 billion." (pge p.8)')
    assert _kept(right, question, ["PG&E"])
    unsure = ('"PG&E Corporation and the Utility believe it is probable that the CPUC will impose penalties on the '
              'Utility in the OII but they are unable to reasonably estimate the amount." (pge p.9)')
    assert not _kept(unsure, question, ["PG&E"])


def test_a_deal_question_is_answered_only_by_a_quote_that_names_the_other_party():
    # Best Buy's FY2022 10-K: the rationale stated for another acquisition (CST, p.53) is not the one asked;
    # the sentence on p.52 names Current Health
    question = "What was the strategic rationale for Best Buy's FY2022 acquisition of Current Health?"
    other = ('"The acquisition of CST is aligned with our strategy to address health and wellness with a focus on '
             'aging seniors and how technology can help them live longer in their homes." (17639fd5b6 p.53)')
    own = ('"The acquisition of Current Health is aligned with our focus in virtual care to enable people in their '
           'homes to connect seamlessly with their health care providers." (17639fd5b6 p.52)')
    refused = answered_on_focus(_answer(other), question, ["Best Buy"])
    assert refused.status == "unverified" and FLAG in refused.flags
    assert "no quote names Current Health" in (refused.reason or "")
    assert _kept(own, question, ["Best Buy"])
    # the filer itself is no other party ("the acquisition of Best Buy Health" names the filer's own words)
    assert _kept(other, "What did Best Buy say about its health strategy after the acquisition of Best Buy Health?",
                 ["Best Buy", "Best Buy Health"])


def test_a_deals_purpose_or_financing_is_answered_only_by_quotes_that_state_it():
    # Amazon's FY2017 10-K: the date and price of the Whole Foods Market deal say nothing of its agenda
    agenda = "What was the key agenda of Amazon's acquisition of Whole Foods Market in 2017?"
    price = ('"On August 28, 2017, we acquired Whole Foods Market, a grocery store chain, for approximately $13.2 '
             'billion, net of cash acquired." (8ed2e26c7f p.52)')
    refused = answered_on_focus(_answer(price), agenda, ["Amazon"])
    assert refused.status == "unverified" and "purpose of a deal" in (refused.reason or "")
    assert _kept(price + ' "We acquired Whole Foods Market to expand our presence in physical retail and grocery." '
                         "(x p.52)", agenda, ["Amazon"])
    # Microsoft's FY2016 10-K: an all-cash price is no source of funds; new indebtedness is
    financing = "How did Microsoft plan to finance its acquisition of LinkedIn announced in June 2016?"
    all_cash = ('"In June 2016, we entered into a definitive agreement to acquire LinkedIn in an all-cash transaction '
                'valued at $26.2 billion, inclusive of LinkedIn\'s net cash." (5335e1c407 p.37)')
    assert answered_on_focus(_answer(all_cash), financing, ["Microsoft"]).status == "unverified"
    assert _kept(all_cash + ' "We expect to finance the transaction primarily through the issuance of new '
                            'indebtedness." (5335e1c407 p.37)', financing, ["Microsoft"])


def test_the_agenda_of_a_filing_is_no_deals_purpose():
    # "the key agenda of McDonald's 8-K" asks what the filing reports: quotes of the notes it issued answer it
    quotes = ('"The Notes were issued pursuant to the Company’s medium-term notes program, as set forth in the '
              'Company’s Registration Statement on Form S-3." (4689a214b8 p.2)')
    assert _kept(quotes, "What was the key agenda of McDonald's 8-K filing dated August 14, 2023?", ["McDonald's"])


def test_acquisitions_counted_then_named_name_what_was_acquired():
    from answering.kinds.quote_focus import missing_focus

    quote = ('"In 2016, eBay completed six acquisitions — Cargigi Inc., Expertmaker, SalesPredict, Ticketbis, Ticket '
             'Utils and Corrigon Ltd. — for an aggregate purchase consideration of approximately $212 million." (x p.8)')
    written = WrittenAnswer(status="answered", kind="passage", text=quote)
    assert missing_focus(written, "What acquisitions did eBay complete in FY2016?", ["eBay"]) is None


def test_a_prefixed_line_is_not_the_line_a_topic_names():
    from answering.kinds.sentences import Topic
    from finrag.vocabulary import tokenize

    topic = Topic(words="operating income", phrases=[tuple(tokenize("operating income"))], pairs=[])
    assert not topic.stated_by("On a constant currency basis, our non-operating income, net in fiscal 2015 increased")
    assert topic.stated_by("Operating income decreased 6% in fiscal 2015")


def test_non_gaap_earnings_are_not_the_gaap_earnings_asked(financebench_extra_dir):
    # PG&E's Q2 2023 release (tmpl12_15): asked what drove its GAAP earnings, the answer quoted why its
    # "non-GAAP core earnings" fell, a figure that moved the other way; the topic's words paired across
    # "non-GAAP" had counted as "GAAP ... earnings"
    from answering.kinds.sentences import read_topic
    from finrag.vocabulary import load_vocabulary
    from loaders.document import load_document

    topic = read_topic("the change in PG&E Corporation's GAAP earnings in the second quarter of 2023 compared with the "
                       "second quarter of 2022", ["PG&E"], load_vocabulary())
    assert topic is not None
    release = load_document(financebench_extra_dir / "pdfs" / "PG_E_2023_EARNINGS-dated-2023-07-27.pdf")
    core = next(s for c in release.chunks for s in c.text.replace("\n", " ").split(". ")
                if "non-GAAP core earnings, which exclude" in s)
    assert not topic.stated_by(core)
    assert topic.stated_by("PG&E Corporation's GAAP earnings were $406 million in the second quarter of 2023")


def test_how_much_of_a_named_amount_is_stated_beside_that_name(financebench_extra_dir):
    # Salesforce (tmpl12_25): asked the charges it estimated for its January 2023 restructuring, the answer
    # led with the "future cash expenditures" of its 10-K, another amount; the 8-K states the charges
    from answering.kinds.quote_focus import missing_focus
    from loaders.document import load_document

    current = load_document(financebench_extra_dir / "pdfs" / "SALESFORCE_2021_8K_dated-2023-01-04.pdf")
    text = " ".join(c.text.replace("\n", " ") for c in current.chunks)
    charges = next(s for s in text.split(". ") if "will incur approximately" in s) + "."
    question = ("How much did Salesforce estimate it would incur in charges under the restructuring plan announced on "
                "January 4, 2023?")
    expenditures = WrittenAnswer(status="answered", kind="passage", text=(
        '"Additionally, related to the restructuring plan announced in January 2023, we expect approximately $1.2 '
        'billion to $1.7 billion in future cash expenditures, primarily related to workforce costs such as severance '
        'payments." (x p.51)'))
    assert "charges" in (missing_focus(expenditures, question, ["Salesforce"]) or "")
    stated = WrittenAnswer(status="answered", kind="passage", text=f'"{charges}" (y p.2)')
    assert missing_focus(stated, question, ["Salesforce"]) is None


def test_when_a_deal_happened_is_stated_by_a_date_beside_the_deal():
    # Oracle FY2022 (tmpl13_12): "When did Oracle complete its acquisition of Cerner?" had been answered by
    # "... of which $1.5 billion were paid on June 8, 2022", the date of a repayment, not of the completion
    from answering.kinds.quote_focus import missing_focus

    question = "When did Oracle complete its acquisition of Cerner Corporation?"
    repaid = WrittenAnswer(status="answered", kind="passage", text=(
        '"In connection with the acquisition of Cerner, we assumed $1.6 billion of senior notes and other borrowings, '
        'of which $1.5 billion were paid on June 8, 2022." (x p.86)'))
    assert "no quote dates the deal itself" in (missing_focus(repaid, question, ["Oracle"]) or "")
    completed = WrittenAnswer(status="answered", kind="passage", text=(
        '"On June 8, 2022, we completed our acquisition of Cerner Corporation." (x p.86)'))
    assert missing_focus(completed, question, ["Oracle"]) is None


def test_a_signature_block_states_nothing_but_who_signed():
    from answering.kinds.quote_focus import _states_nothing

    # Oracle's FY2020 10-K signature page
    block = ("CATZ Chief Executive Officer and Director (Principal Executive and Financial Officer) June 22, 2020 "
             "Safra A. Catz /s/ WILLIAM COREY WEST Executive Vice President, Corporate Controller and Chief Accounting "
             "Officer (Principal Accounting Officer) June 22, 2020 William Corey West")
    assert _states_nothing(block, risks=False)
    # a sentence beside the mark still states something to a question about signing
    signed = "/s/ PricewaterhouseCoopers LLP San Jose, California. We have served as the Company's auditor since 1997."
    assert _states_nothing(signed, risks=False)
    assert not _states_nothing(signed, risks=False, signs=True)


def test_an_amount_of_a_named_thing_is_stated_by_a_quote_that_names_it():
    # Alphabet's Q1 2023 release: a footnote on hedging gains "related to revenue" is no Google Cloud revenue
    question = 'What was the Google Cloud segment revenue of "Alphabet Inc." for the quarter ended March 31, 2023?'
    hedging = WrittenAnswer(status="answered", kind="passage", text=(
        '"(1) Hedging gains (losses) related to revenue included in unallocated corporate costs were $278 million and '
        '$84 million for the three months ended March 31, 2022 and 2023, respectively." (b5065554e6 p.2)'))
    assert answered_on_focus(hedging, question, ["Alphabet"]).flags[-1] == FLAG
    cloud = hedging.model_copy(update={"text": '"Google Cloud revenues were $7,454 million for the quarter, up 28%." '
                                               '(b5065554e6 p.2)'})
    assert answered_on_focus(cloud, question, ["Alphabet"]).status == "answered"


def test_asked_who_acquired_the_company_a_deal_of_its_own_answers_nothing():
    from answering.kinds.quote_focus import missing_focus

    question = 'Which company acquired "BEST BUY CO., INC." in fiscal 2022?'
    own_deal = WrittenAnswer(status="answered", kind="passage", text=(
        '"The acquisition of Yardbird was not material to the results of our operations." (fbbc5c3231 p.53)'))
    assert missing_focus(own_deal, question, ["Best Buy"]) == (
        "the question asks who acquired the company, and no quote says the company was acquired")
    # Patriot's 8-K: another company acquiring the filer's shares says it
    acquired = WrittenAnswer(status="answered", kind="passage", text=(
        '"United Petroleum Transports, Inc. will acquire all of the outstanding shares of Patriot common stock for '
        '$16.26 per share in cash." (1fea2c8903 p.97)'))
    assert missing_focus(acquired, "Which company will acquire Patriot Transportation?", ["Patriot Transportation"]) is None


def test_asked_which_company_acquired_another_the_filers_own_deal_answers():
    from answering.kinds.quote_focus import _says_acquired, missing_focus

    own = WrittenAnswer(status="answered", kind="passage",
                        text='"Acme Corp completed the acquisition of Beta Sensors for $310 million." (a p.3)')
    assert missing_focus(own, "Which company acquired Beta Sensors in fiscal 2024?", ["Acme Corp"]) is None
    # the filer named as the buyer of another's shares is no sale of the filer
    assert not _says_acquired("Acme will acquire all of the outstanding shares of Beta", ["Acme Corp"])
    assert not _says_acquired("net assets acquired by the Company in the Yardbird acquisition", ["Best Buy"])


def test_by_how_much_a_figure_was_raised_needs_a_quote_stating_the_change():
    # PG&E's Q1 2023 release: GAAP EPS guidance "updated" to $1.00-$1.13 states the new range, no rise nor the range
    # before it; the question's premise is not supported, and the quote is no answer
    question = "By how much did PG&E raise its 2023 GAAP EPS guidance in its first-quarter 2023 earnings release?"
    updated = ('"2023 EPS guidance updated for GAAP earnings in the range of $1.00 to $1.13 per share." (fbadc62769 p.1)')
    assert not _kept(updated, question, ["PG&E"])
    raised = ('"We raised 2023 GAAP EPS guidance to a range of $1.00 to $1.13 per share from $0.98 to $1.08." '
              "(fbadc62769 p.1)")
    assert _kept(raised, question, ["PG&E"])
