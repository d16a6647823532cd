"""What a company acquired: only sentences that name a business bought answer it (Oracle's and
eBay's 10-Ks), never a risk factor about "the companies we acquire" or an expense line."""

from __future__ import annotations

from answering.kinds.acquisitions import names_acquired
from tests.answering.kinds.conftest import ask, filing


def test_the_sentence_naming_the_business_bought_is_kept_the_expense_line_left_out(services):
    """Oracle FY2023 10-K: p.45 "... impacted by our recent acquisitions, including Cerner." names one;
    p.82 "For fiscal 2022, acquisition related and other expenses included certain litigation related
    charges." names none."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2023_10K.pdf")
    written = ask("What are major acquisitions that Oracle has done in FY2023, FY2022 and FY2021?", oracle,
                  [80, 43], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "including Cerner" in written.text
    assert "litigation" not in written.text
    assert all(names_acquired(c.quote) for c in written.citations)


def test_risk_factors_about_acquiring_are_no_acquisitions(services):
    """eBay FY2022 10-K p.28: bullets on "the companies we acquire" name no business bought: refused."""
    ebay = filing("financebench-extra/pdfs/EBAY_2022_10K.pdf")
    written = ask("What are major acquisitions that eBay has done in FY2022?", ebay, [27], services)
    assert written.status == "not_found", written.text


def test_a_name_after_the_acquiring_words():
    assert names_acquired("On June 8, 2022, we completed the acquisition of Cerner Corporation for $28.4 billion.")
    assert names_acquired("In September 2022, Google acquired Mandiant, Inc.")
    assert not names_acquired("We may not realize the benefits of the businesses we acquire.")
    assert not names_acquired("Acquisition related and other expenses increased in fiscal 2022.")


def test_the_businesses_listed_after_a_dash_are_the_answer_each_named_once(services):
    """eBay's FY2016 10-K (note 3): "we completed six acquisitions — Cargigi Inc., Expertmaker,
    SalesPredict, Ticketbis, Ticket Utils and Corrigon Ltd. — for ...": the items lead the answer
    ("; "-joined, a company's "Ltd." kept whole), the sentence quoted after them."""
    ebay = filing("financebench-extra/pdfs/EBAY_2016_10K.pdf")
    written = ask('What are the names of the companies acquired by "eBay Inc." in the fiscal year 2016?', ebay,
                  [0, 74], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert written.text.splitlines()[0] == \
        "Cargigi Inc.; Expertmaker; SalesPredict; Ticketbis; Ticket Utils; Corrigon Ltd."


def test_each_deals_own_sentence_is_an_item_with_what_was_paid(services):
    """Adobe's FY2021 10-K states each deal in a sentence of its own (p.39: Workfront "for approximately
    $1.52 billion in cash consideration"; p.70: Frame.io "for approximately $1.18 billion"): no sentence
    lists them, so each one about the asked year is an item, with its amount."""
    adobe = filing("financebench/pdfs/ADOBE_2021_10K.pdf")
    written = ask("What were Adobe's major acquisitions in FY2021, and how much did it pay for them?", adobe,
                  [38, 69], services)
    assert written.status == "answered", written.text
    assert "acquisition of Workfront" in written.text and "$1.52 billion" in written.text
    assert "acquisition of Frame.io" in written.text and "$1.18 billion" in written.text


def test_a_deal_of_another_year_is_no_item():
    from answering.kinds.acquisitions import each_deal
    from answering.kinds.sentences import Sentence
    from finrag.models import Chunk

    chunk = Chunk(chunk_id="c", doc="D", doc_sha256="x", page=3, page_end=3, index=0, text="", company="Acme",
                  fiscal_year=2021)
    said = Sentence(text="In fiscal 2019 we completed the acquisition of Widget Co for $10 million.", chunk=chunk,
                    rank=0, position=0)
    assert each_deal("What were Acme's acquisitions in FY2021?", [said], [2021]) is None
    dated = said.model_copy(update={"text": "In fiscal 2021 we completed the acquisition of Widget Co."})
    assert each_deal("What were Acme's acquisitions in FY2021?", [dated], [2021]) is not None
    # what was paid is asked: a sentence without an amount is no item
    assert each_deal("What were Acme's acquisitions in FY2021, and how much did it pay?", [dated], [2021]) is None
    # how acquisitions are accounted for is no deal done ("acquired IPR&D" names no business)
    policy = said.model_copy(update={"text": "We account for acquired businesses using the acquisition method, and "
                                             "the fair value of acquired IPR&D is recorded in fiscal 2021."})
    assert each_deal("What were Acme's acquisitions in FY2021?", [policy], [2021]) is None
    assert each_deal("What companies did Acme acquire?", [policy], []) is None


def test_businesses_whose_assets_were_acquired_are_listed_from_the_one_sentence_naming_them(services):
    """Holley's FY2022 10-K, Note 3 (p.64): "In 2022, the Company acquired substantially all the assets of John's
    Ind., Inc. ("John's"), Southern Kentucky Classics ("SKC"), and Vesta Motorsports USA, Inc., doing business as
    RaceQuip": a deal said done, naming the businesses after "all the assets of"; the answer leads with them."""
    holley = filing("erc-round1/pdfs/194000c9109c6fa628f1fed33b44ae4c2b8365f4.pdf")
    written = ask('List the businesses whose assets "HOLLEY INC." acquired in 2022.', holley, [63, 64, 65], services)
    assert written.status == "answered", written.text
    assert written.text.startswith("John's Ind., Inc.; Southern Kentucky Classics; Vesta Motorsports USA, Inc.\n\n")


def test_one_business_named_is_no_list_to_lead_with():
    from answering.kinds.acquisitions import listed_names

    assert listed_names("In fiscal 2021, we completed the acquisition of Workfront for approximately $1.52 billion.") is None


def test_a_sentence_with_clauses_among_the_names_leads_with_no_list():
    from answering.kinds.acquisitions import listed_names

    assert listed_names("In 2022 we acquired Alpha Robotics, headquartered in Austin, Texas, and Beta Sensors.") is None
    assert listed_names("We acquired Alpha and Beta on March 1, 2022 and June 5, 2022, respectively.") is None


def test_a_list_of_deals_quoted_one_a_sentence_leads_with_the_business_each_names(services):
    """PepsiCo's FY2020 10-K, Note 13 (p.105): "On March 23, 2020, we acquired all of the outstanding shares of
    Pioneer Foods, ...", "On June 1, 2020, we acquired all of the outstanding shares of Be & Cheery, ...", and
    "On April 24, 2020, we acquired Rockstar, ...": three sentences, one deal each."""
    pepsico = filing("financebench/pdfs/PEPSICO_2020_10K.pdf")
    written = ask('List the companies acquired by "PepsiCo, Inc." in 2020.', pepsico, [104], services)
    assert written.status == "answered", written.text
    lead = written.text.split("\n\n")[0]
    assert set(lead.split("; ")) == {"Pioneer Foods", "Be & Cheery", "Rockstar"}, written.text


def test_deal_names_need_every_quote_to_state_one_deal_done_in_an_asked_year():
    from answering.kinds.acquisitions import deal_names

    done = ["On March 23, 2020, we acquired all of the outstanding shares of Pioneer Foods, a food company.",
            "On June 1, 2020, we acquired Be & Cheery, one of the largest online snacks companies in China."]
    assert deal_names(done, [2020]) == ["Pioneer Foods", "Be & Cheery"]
    assert deal_names(done, [2021]) is None  # another year's deals
    policy = "We account for acquired businesses using the acquisition method in 2020."
    assert deal_names([done[0], policy], [2020]) is None  # a quote that states no deal: no list read


def test_deal_names_are_read_whole_once_each_and_dated_by_their_own_clause():
    from answering.kinds.acquisitions import deal_names

    assert deal_names(["In fiscal 2022, we acquired Cerner’s business for $28 billion.",
                       "On June 1, 2022, we acquired Beta Co. for cash."], [2022]) == ["Cerner", "Beta Co."]
    assert deal_names(["On March 23, 2020, we acquired Pioneer Foods. The deal closed.", "We acquired Rockstar in 2020."],
                      [2020]) == ["Pioneer Foods", "Rockstar"]
    # a deal of another year, whose quote names the asked year in a later clause; two deals in one quote
    assert deal_names(["In 2018 we acquired SodaStream, which added revenue in 2020.",
                       "On June 1, 2020, we acquired Be & Cheery."], [2020]) is None
    assert deal_names(["On March 1, 2020, we acquired Alpha and on May 1, 2020 we acquired Beta.",
                       "On June 1, 2020, we acquired Gamma."], [2020]) is None
