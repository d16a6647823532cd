"""yes_no decides by the sentence that states what is asked, read where it says it
(answering.kinds.asked_predicate, answering.kinds.polarity): a sentence naming the topic's
nouns but not the asked predicate decides nothing; a negation counts where it governs the
predicate; a restriction, a plan or an authorization is no deed; sentences that disagree,
and questions that ask which of two, get no Yes or No. Real filings (Patriot Transportation's
2023 8-K, Zegona's 2022 annual report) and one-page fixtures."""

from __future__ import annotations

import pytest

from finrag.models import Chunk
from tests.answering.kinds.conftest import ask, filing, one_page


def _pages(chunks: list[Chunk], *phrases: str) -> list[int]:
    return list(dict.fromkeys(c.page for c in chunks for p in phrases if p in c.text))


def test_quotes_naming_the_parties_do_not_say_the_merger_is_conditioned_on_financing(services):
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2023_8-K.pdf")
    pages = _pages(patriot, "Agreement and Plan of Merger", "Debt Financing")
    written = ask("Is the completion of Patriot Transportation Holding's merger with United Petroleum Transports' "
                  "affiliates (agreement dated November 1, 2023) conditioned on the buyer obtaining financing?",
                  patriot, pages, services)
    assert written.text.startswith("Yes."), written.text
    assert all("financing" in c.quote.lower() for c in written.citations), written.text
    assert any("conditioned upon Parent" in c.quote for c in written.citations)


def test_a_review_of_going_concern_is_no_doubt_about_it(services):
    zegona = filing("filings-wild/pdfs/ZegonaCommunications_2022_AnnualReport.pdf")
    written = ask("Does Zegona Communications' 2022 annual report raise any doubt about the company's ability to "
                  "continue as a going concern?", zegona, _pages(zegona, "going concern"), services)
    assert written.text.startswith("Yes."), written.text
    assert all("uncertainty" in c.quote or "doubt" in c.quote for c in written.citations), written.text


def test_an_authorization_remaining_is_no_buyback_done(services):
    acme = one_page("As of the end of fiscal 2024, Acme Corp had $500 million remaining under its share repurchase "
                 "authorization.")
    written = ask("Did Acme Corp repurchase any shares in fiscal 2024?", acme, [0], services)
    assert written.status != "answered", written.text
    assert "authorization" in (written.reason or ""), written.reason
    done = one_page("In fiscal 2024 Acme Corp used $200 million to repurchase 4 million shares under its share "
                 "repurchase program.")
    written = ask("Did Acme Corp repurchase any shares in fiscal 2024?", done, [0], services)
    assert written.text.startswith("Yes."), written.text


def test_a_negation_counts_only_where_it_governs_the_predicate(services):
    acme = one_page("Sales to one customer represented 13% of total revenue for fiscal year 2024, and no other "
                 "customer accounted for more than 5% of total revenue.")
    written = ask("Did any single customer account for 10% or more of Acme Corp's revenue in fiscal year 2024?",
                  acme, [0], services)
    assert written.text.startswith("Yes."), written.text


def test_sentences_that_disagree_are_refused(services):
    acme = one_page("In fiscal 2024 Acme Corp paid a cash dividend of $0.10 per share to its shareholders.",
                 "Acme Corp did not pay any dividend to its shareholders in fiscal 2024.")
    written = ask("Did Acme Corp pay a dividend to its shareholders in fiscal 2024?", acme, [0], services)
    assert written.status != "answered", written.text
    assert "disagree" in (written.reason or ""), written.reason


def test_a_restriction_is_no_deed(services):
    acme = one_page("Under the credit agreement, Acme Corp will not pay common dividends until it has repaid "
                 "its term loan in full.")
    written = ask("Did Acme Corp pay a common stock dividend in fiscal 2024?", acme, [0], services)
    assert written.status != "answered", written.text
    assert "restriction" in (written.reason or ""), written.reason
    # the stop answers; the restriction is quoted when the question asks for it too
    acme = one_page("In fiscal 2022 Acme Corp suspended its quarterly cash dividends on common stock.",
                 "Under the dividend restriction of its credit agreement, Acme Corp will not pay common dividends "
                 "until it has repaid its $500 million term loan.")
    written = ask("Did Acme Corp pay a common stock dividend in fiscal 2024? What restrictions applied?", acme, [0],
                  services)
    assert written.text.startswith("No."), written.text
    assert [c.quote.split()[:3] for c in written.citations] == [["In", "fiscal", "2022"], ["Under", "the", "dividend"]]


def test_an_exception_denies_a_question_about_all(services):
    acme = one_page("Net sales grew in all of Acme Corp's geographic segments in fiscal 2024 except Europe.")
    written = ask("Did all of Acme Corp's geographic segments grow in fiscal 2024?", acme, [0], services)
    assert written.text.startswith("No."), written.text


@pytest.mark.parametrize(("question", "alternative"), [
    ("Did Acme Corp return more or less cash to shareholders in fiscal 2024 than in fiscal 2023?", "More."),
    ("Did Acme Corp's revenue grow in fiscal 2024 because of higher prices or because of higher volume?",
     "Higher volume."),
])
def test_a_question_asking_which_of_two_is_answered_by_the_alternative_not_yes_or_no(services, question, alternative):
    acme = one_page("Acme Corp returned more cash to shareholders in fiscal 2024 than in fiscal 2023.",
                 "Revenue grew in fiscal 2024 primarily due to higher volume.")
    written = ask(question, acme, [0], services)
    assert written.text.startswith(alternative), written.text


def test_a_question_asking_which_of_two_is_refused_when_no_sentence_decides(services):
    acme = one_page("Acme Corp's net transaction revenue grew in fiscal 2024, reflecting higher volume and a higher "
                 "take rate.")
    written = ask("Did Acme Corp's net transaction revenue grow in fiscal 2024 because of a higher take rate or "
                  "because of higher volume?", acme, [0], services)
    assert not written.text.startswith(("Yes.", "No.")), written.text
    assert written.status != "answered" and "both" in (written.reason or ""), written.text


def test_a_deed_asked_in_the_past_is_said_done_by_a_past_form_or_its_figure(services):
    considered = one_page("Acme Corp continually evaluates a variety of options, including share repurchases and "
                       "dividends, as a means to return capital to its shareholders in fiscal 2024.")
    written = ask("Did Acme Corp repurchase shares in fiscal 2024?", considered, [0], services)
    assert written.status != "answered", written.text
    figured = one_page("Share repurchases were $450 million in fiscal 2024.")
    written = ask("Did Acme Corp repurchase shares in fiscal 2024?", figured, [0], services)
    assert written.text.startswith("Yes."), written.text


def test_a_decision_not_to_answers_a_question_about_what_will_be(services):
    # PG&E's May 2023 8-K on the Zogg fire settlement states the same: "will not seek cost recovery"
    acme = one_page("The financial commitments stipulated in the settlement total $50 million, and Acme Corp will "
                 "not seek cost recovery from customers.")
    written = ask("Will Acme Corp recover the cost of its 2024 settlement from customers through rates?", acme, [0],
                  services)
    assert written.text.startswith("No."), written.text
    maybe = one_page("Acme Corp may not recover the cost of its 2024 settlement from customers through rates.")
    written = ask("Will Acme Corp recover the cost of its 2024 settlement from customers through rates?", maybe, [0],
                  services)
    assert written.status != "answered", written.text


def test_sentences_that_disagree_are_decided_by_the_one_naming_the_asked_quarter(services):
    # PG&E's FY2017 10-K states both: dividends paid in July and October, suspended from the fourth quarter
    acme = one_page("In July and October of 2024, respectively, Acme Corp paid quarterly common stock dividends of "
                 "$0.53 per share.",
                 "On December 20, 2024, the Board of Acme Corp suspended quarterly cash dividends on its common "
                 "stock, beginning with the fourth quarter of 2024, due to uncertainty about wildfire liabilities.")
    written = ask("Did Acme Corp pay a common stock dividend for the fourth quarter of 2024? Explain why or why not.",
                  acme, [0], services)
    assert written.text.startswith("No.") and "fourth quarter" in written.text, written.text
    # without a quarter asked, the same sentences still disagree
    written = ask("Did Acme Corp pay a common stock dividend in 2024?", acme, [0], services)
    assert written.status != "answered", written.text


def test_an_exception_is_answered_with_the_excepted_items_own_change_and_cause(services):
    # Apple's FY2017 10-K: the highlights name the exception (p.25), the segment table (p.26) and
    # the segment's own discussion (p.29) say by how much and why
    apple = filing("financebench-extra/pdfs/APPLE_2017_10K.pdf")
    question = ("Apple's total net sales grew in fiscal 2017. Did all of its geographic segments grow that year? "
                "If not, which segment declined, by how much, and why?")
    written = ask(question, apple, [24, 25, 28], services)
    assert written.text.startswith("No. The exception, Greater China, declined: 44,764 in 2017 against 48,492 in "
                                   "2016, a change of (8)%."), written.text
    assert any("lower net sales of iPhone" in c.quote for c in written.citations), written.text
    # the 2016 discussion ("decreased during 2016 compared to 2015") is not the asked year's
    assert not any("during 2016 compared to 2015" in c.quote for c in written.citations), written.text


def test_a_cause_asked_beside_the_yes_or_no_is_the_filing_s_own_cause_sentence(services):
    # Patriot Transportation's Q1 FY2015 10-Q, p.18: the change, then (run on into the next chunk) its cause
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2015_10-Q_Q1.pdf")
    question = ("Did Patriot Transportation's operating ratio, the profitability measure it uses, improve in the first "
                "quarter of fiscal 2015 (the quarter ended December 31, 2014)? What drove the change?")
    written = ask(question, patriot, [17, 18], services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert any("attributable to the increase in revenue per mile" in c.quote for c in written.citations), written.text
    # without a cause asked, the deciding sentence alone answers
    written = ask(question.split("?")[0] + "?", patriot, [17, 18], services)
    assert not any("attributable" in c.quote for c in written.citations), written.text


def test_a_how_long_part_is_answered_by_the_sentence_stating_that_span_of_its_own_words(services):
    # Zegona's 2022 annual report: the going-concern doubt (p.16), and how long the cash lasts (p.60)
    zegona = filing("filings-wild/pdfs/ZegonaCommunications_2022_AnnualReport.pdf")
    question = ("Does Zegona Communications' 2022 annual report raise any doubt about the company's ability to continue "
                "as a going concern, and how long do the directors expect its cash to last?")
    written = ask(question, zegona, [15, 59], services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert any("until at least the first quarter of 2025" in c.quote for c in written.citations), written.text
    # without the runway's page, the review's "next 12 months" does not answer how long the cash lasts
    written = ask(question, zegona, [15], services)
    assert written.status != "answered", written.text


def test_a_negation_before_a_short_word_that_is_part_of_a_topic_word_governs_nothing(services):
    """ "to" is inside "stock", "on" inside "common": only a whole topic word is where the asked
    thing is said (CrossFirst's EPS table ran into its buyback note: "awards not included because
    to do so would be antidilutive ... Share repurchases On October 18, 2021, the Company
    announced ... a new stock repurchase program" read as a No)."""
    acme = one_page("Diluted earnings per share $ 1.23 $ 1.33 Stock-based awards not included because to do so would "
                 "be antidilutive 523,768 658,100 Share repurchases On October 18, 2024, the Company announced that "
                 "its Board of Directors adopted a new stock repurchase program.")
    written = ask('Did "Acme Corp" announce a share buyback plan in the annual report? If there is no mention, '
                  "return False.", acme, [0], services)
    assert written.text.startswith("Yes."), written.text


def test_what_a_company_concluded_is_judged_on_the_concluded_clause(services):
    """eBay's FY2016 10-K: "... internal control over financial reporting was not effective as of December
    31, 2016": asked whether management concluded it was effective, the sentence that management
    "concluded" something is no Yes; the predicate is the concluded clause's, not the verb of saying."""
    from answering.kinds.asked_predicate import read_predicate

    predicate = read_predicate("Did eBay's management conclude that its internal control over financial reporting "
                               "was effective as of the end of FY2016?", ["eBay"])
    assert not predicate.word.lower().startswith("conclud") and not any(s.startswith("conclud") for s in predicate.stems)
    ebay = filing("financebench-extra/pdfs/EBAY_2016_10K.pdf")
    pages = sorted({c.page for c in ebay if "internal control over financial reporting was not effective" in " ".join(
        c.text.split())})
    assert pages
    written = ask("Did eBay's management conclude that its internal control over financial reporting was effective "
                  "as of the end of FY2016?", ebay, pages, services)
    assert not written.text.startswith("Yes"), written.text


def test_a_stop_the_question_asks_about_is_its_yes_not_a_no(services):
    """"Did it announce the termination of an acquisition agreement?": the termination is the deed
    asked (a noun after a verb of saying), so a sentence stating it says Yes; read as a stop of the
    acquisition it said No. NVIDIA's Q3 FY2023 10-Q records the cost of ending the Arm deal."""
    nvidia = filing("filings-wild/pdfs/NVIDIA_2023_10-Q_Q3.pdf")
    written = ask('Did "NVIDIA Corporation" announce the termination of an acquisition agreement in the fiscal year '
                  "2023? If there is no mention, return False.", nvidia, _pages(nvidia, "acquisition termination"),
                  services)
    assert written.status == "answered" and written.text.startswith("Yes.") and "termination" in written.text


def test_a_company_named_limited_is_no_limit_on_the_deed(services):
    written = ask("Did Acme Corp complete the acquisition of a company in 2024?", one_page(
        "In 2024, Acme Corp completed the acquisition of Widget Holdings Limited for $45 million in cash."), [0], services)
    assert written.status == "answered" and written.text.startswith("Yes.")


def test_an_announcement_is_what_the_company_says_it_will_do(services):
    """eBay's 8-K of February 7, 2023 quotes the CEO: "we'll be letting approximately 500 employees globally know
    that their jobs will be eliminated"; asked whether it announced a reduction of its workforce, that is the
    announcement (a plan is no deed done, but it is what was announced), found in the filing's words (layoffs,
    jobs eliminated) rather than the question's."""
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q1_8K.pdf")
    written = ask('Did "eBay Inc." announce a reduction of its workforce (layoffs) in the fiscal year 2023? If there is '
                  "no mention, return False.", ebay, _pages(ebay, "jobs will be eliminated"), services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert "jobs will be eliminated" in written.text



def test_a_plan_to_consider_is_no_announcement(services):
    """"we will consider ..." announces no dividend: only a deed said plainly to come is what was announced."""
    written = ask("Did Acme Corp announce a dividend in 2024?", one_page(
        "In 2024, we will consider paying a dividend to our shareholders if our results allow."), [0], services)
    assert not written.text.startswith("Yes."), written.text


def test_a_participle_describing_the_subject_is_not_what_is_asked(services):
    """eBay's 8-K of March 2023: "appointed Shripriya Mahesh as a member of the Board" does not answer whether
    "the newly appointed director" was named to a committee; "has not been named to a committee" does."""
    from answering.kinds.asked_predicate import read_predicate

    question = ('Was the newly appointed director of "eBay Inc." named to a committee of the Board at the time of her '
                "appointment in March 2023? If there is no mention, return False.")
    assert read_predicate(question, ["eBay"]).word == "named"
    assert read_predicate("Was the acquired business integrated into the segment?", []).word == "integrated"
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_8K.pdf")
    written = ask(question, ebay, _pages(ebay, "named to a committee"), services)
    assert written.text.startswith("No.") and "has not been named to a committee" in written.text, written.text


def test_an_adverb_before_the_verb_is_no_predicate():
    from answering.kinds.asked_predicate import read_predicate

    asked = read_predicate("Did Verizon materially increase its debt during FY2021?", ["Verizon"])
    assert (asked.word, asked.change, asked.objects) == ("increase", "up", frozenset({"debt"}))
    assert read_predicate("Did Apple supply chips to its customers?", ["Apple"]).word == "supply"


def test_completing_a_deal_is_said_by_the_deals_own_verb():
    from answering.kinds import polarity
    from answering.kinds.asked_predicate import read_predicate
    from answering.kinds.sentences import read_topic
    from finrag.vocabulary import load_vocabulary

    asked = 'Did "Best Buy Co., Inc." complete an acquisition of GreatCall, Inc. during fiscal 2019?'
    predicate = read_predicate(asked, ["Best Buy"])
    assert {"complet", "acquir"} <= predicate.stems
    # Best Buy's fiscal 2019 10-K
    said = ('On October 1, 2018, we acquired all of the outstanding shares of GreatCall, Inc. ("GreatCall"), a leading '
            'connected health services provider for aging consumers.')
    topic = read_topic(asked, ["Best Buy"], load_vocabulary())
    assert polarity.read(said, predicate, topic, False).verdict == "yes"
    # another deal's verb is not the asked one's
    assert "acquir" not in read_predicate("Did it complete the sale of its Tropicana brands?", ["PepsiCo"]).stems


def test_a_quoted_subject_s_dot_com_is_no_verb():
    from answering.kinds.asked_predicate import read_predicate
    # ERC's way of naming the company: "Did "Amazon.com, Inc." complete the acquisition of Whole Foods Market?"
    predicate = read_predicate('Did "Amazon.com, Inc." complete the acquisition of Whole Foods Market in 2017?',
                               ["Amazon"])
    assert predicate.word == "complete" and "whole" in predicate.objects
    # the verb right after the quoted name, not the last word of an aside after it
    assert read_predicate('Did "eBay Inc." acquire Certilogo, according to its second quarter 2023 earnings release?',
                          ["eBay"]).word == "acquire"


def test_no_governs_the_noun_after_it_not_the_asked_deed_further_on():
    from answering.kinds import polarity
    from answering.kinds.asked_predicate import read_predicate
    from answering.kinds.sentences import read_topic
    from finrag.vocabulary import load_vocabulary
    ask = 'Did the Board of "eBay Inc." authorize an additional stock repurchase program in 2022?'
    predicate, topic = read_predicate(ask, ["eBay"]), read_topic(ask, ["eBay"], load_vocabulary())
    # eBay's 2022 10-K (p.46): the program has no expiration; it was authorized
    said = ("In February 2022 our Board authorized an additional $4.0 billion stock repurchase program, with no "
            "expiration from the date of authorization.")
    assert polarity.read(said, predicate, topic, False).verdict == "yes"
    # "no" before the asked noun still denies it
    assert polarity.read("In 2022 no stock repurchase program was authorized by our Board.", predicate, topic,
                         False).verdict == "no"
    # words that qualify the denied noun keep the denial: "no individually material goodwill impairment charges"
    ask = "Did Acme Corp record a goodwill impairment in fiscal 2024?"
    predicate, topic = read_predicate(ask, ["Acme Corp"]), read_topic(ask, ["Acme Corp"], load_vocabulary())
    assert polarity.read("In fiscal 2024 we recorded no individually material goodwill impairment charges.", predicate,
                         topic, False).verdict != "yes"


def test_an_irregular_past_form_states_its_verb():
    # "In January 2022, we began deploying C-Band spectrum" states "did it begin deploying"
    from answering.kinds.asked_predicate import same_stem

    assert same_stem("began", "begin") and same_stem("sold", "sell") and not same_stem("begun", "sell")
    # a form a filing writes as an adjective too is no deed ("lost sales at a major customer")
    assert not same_stem("lost", "lose") and not same_stem("held", "holder")


def test_a_deed_that_went_on_until_a_day_is_said_stopped():
    """Tower's FY2022 20-F defines "Arai E" as "the semiconductor fabrication facility TPSCo operated through July 2022":
    to "was it still operating at the end of 2022?" that is a stop, never a Yes."""
    from answering.kinds import polarity
    from answering.kinds.asked_predicate import read_predicate
    from answering.kinds.sentences import read_topic
    from finrag.vocabulary import load_vocabulary

    asked = 'Was the Arai E fabrication facility of "TOWER SEMICONDUCTOR LTD." still operating at the end of 2022?'
    predicate = read_predicate(asked, ["Tower Semiconductor"])
    topic = read_topic(asked, ["Tower Semiconductor"], load_vocabulary())
    said = "“Arai E” means the semiconductor fabrication facility TPSCo operated through July 2022 in Kurihara, Japan."
    reading = polarity.read(said, predicate, topic, False)
    assert reading.verdict == "no" and reading.ceased, reading
    assert polarity.read("The Arai E fabrication facility operated at full capacity in 2022.", predicate, topic,
                         False).verdict == "yes"
