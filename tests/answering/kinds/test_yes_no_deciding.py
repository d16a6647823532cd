"""yes_no answers from the sentence that decides the asked fact, not one that names its topic
(answering.kinds.yes_no, answering.kinds.concentration): a table's introduction states nothing; a
stock plan's dividend terms for its awards say nothing of dividends paid; a question about a plan is
not said Yes by shares bought back; customer concentration is the major-customer share disclosure,
and a segment's concentration is not the company's. Real filings (Boeing 2021, Corning 2019, Kraft
Heinz 2022 10-Ks) and one-page fixtures."""

from __future__ import annotations

from answering.kinds.concentration import _verdict
from finrag.models import Chunk
from tests.answering.kinds.conftest import ask, filing, one_page


def _pages(chunks: list[Chunk], *phrases: str) -> list[int]:
    return list(dict.fromkeys(c.page for c in chunks for p in phrases if p in c.text))


def test_dividend_terms_of_stock_awards_do_not_say_dividends_were_paid(services):
    boeing = filing("financebench/pdfs/BOEING_2021_10K.pdf")
    awards = _pages(boeing, "credited with dividends paid", "dividend equivalents pursuant to Awards")
    assert awards
    question = "Did Boeing pay dividends to shareholders in FY2021?"
    written = ask(question, boeing, awards, services)
    assert not written.text.startswith("Yes"), written.text
    written = ask(question, boeing, [*awards, *_pages(boeing, "we paid no dividends")], services)
    assert written.text.startswith("No."), written.text
    assert all("Award" not in c.quote for c in written.citations), written.text
    assert any(w in c.quote for c in written.citations for w in ("paid no dividends", "suspend")), written.text


def test_customer_concentration_is_decided_by_the_share_of_consolidated_sales(services):
    corning = filing("financebench/pdfs/CORNING_2019_10K.pdf")
    question = "Does Corning have significant customer concentration based on its FY2019 10-K?"
    segments = _pages(corning, "accounted for a large percentage of segment net sales")
    assert segments
    # a segment's customers (a table's introduction, its "high percentage of net sales in each of our
    # reportable segments") say nothing of the company's
    written = ask(question, corning, segments, services)
    assert written.status != "answered", written.text
    written = ask(question, corning, [*segments, *_pages(corning, "no customer met or exceeded 10%")], services)
    assert written.text.startswith("No."), written.text
    assert any("no customer met or exceeded 10%" in c.quote for c in written.citations), written.text


def test_a_customer_over_the_line_is_concentration():
    from answering.kinds.concentration import _verdict

    assert _verdict("Sales to Customer A accounted for 14% of our consolidated net revenues in 2024.") is True
    assert _verdict("No single customer accounted for 10% or more of net sales in 2024.") is False
    assert _verdict("Customer A accounted for 40% of the Display segment's net sales.") is None
    assert _verdict("Our customers are located in 40 countries.") is None


def test_shares_bought_back_do_not_say_a_buyback_plan_was_announced(services):
    kraft = filing("financebench/pdfs/KRAFTHEINZ_2022_10K.pdf")
    pages = _pages(kraft, "Our share repurchase activity in the three months")
    written = ask('Did "The Kraft Heinz Company" announce a share buyback plan in the fiscal year 2022? '
                  "If there is no mention, return False.", kraft, pages, services)
    assert written.text.startswith("No."), written.text
    assert any("do not have any publicly-announced share repurchase plans" in c.quote for c in written.citations)


def test_a_tables_introduction_decides_nothing(services):
    acme = one_page("The following table shows the dividends paid to shareholders in fiscal 2024:")
    written = ask("Did Acme Corp pay dividends in fiscal 2024?", acme, [0], services)
    assert not written.text.startswith("Yes"), written.text


def test_no_ceo_change_is_said_by_the_ceos_own_start_before_the_year(services):
    lockheed = filing("financebench/pdfs/LOCKHEEDMARTIN_2019_10K.pdf")
    pages = _pages(lockheed, "Chief Executive Officer of Lockheed Martin since")
    assert pages
    written = ask('Did "Lockheed Martin Corporation" have a change in CEO in the fiscal year 2019? If there is no '
                  "mention, return False.", lockheed, pages, services)
    assert written.text.startswith("No."), written.text
    assert any("since January 2014" in c.quote for c in written.citations), written.text


def test_a_ceo_who_started_in_the_asked_year_is_no_default_no(services):
    acme = one_page("Jane Roe has served as President and Chief Executive Officer of Acme Corp since March 2024.",
                 "Acme Corp makes industrial pumps.")
    written = ask("Did Acme Corp have a change in CEO in the fiscal year 2024? If there is no mention, return False.",
                  acme, [0], services)
    assert not written.text.startswith("No."), written.text
    assert written.status != "answered", written.text


def test_a_change_in_ceo_is_not_answered_by_another_officers_change():
    from answering.kinds.sentences import Sentence
    from answering.kinds.yes_no import _of_the_asked_role
    from finrag.models import Chunk

    chunk = Chunk(chunk_id="c", doc="D", doc_sha256="x", page=1, page_end=1, index=0, text="", company="Lyft")
    cfo = Sentence(text="Employee hereby resigns as Chief Financial Officer of the Company.", chunk=chunk, rank=0,
                   position=0)
    ceo = cfo.model_copy(update={"text": "Jane Roe was appointed Chief Executive Officer effective May 1, 2021."})
    asked = "Did \"Lyft, Inc.\" announce a change in CEO in the fiscal year 2021?"
    assert _of_the_asked_role(asked, [cfo]) == []
    assert _of_the_asked_role(asked, [cfo, ceo]) == [ceo]
    # "changes in its leadership" are any officer's
    assert _of_the_asked_role("Did Lyft mention any changes in its leadership in 2021?", [cfo]) == [cfo]



def test_a_question_asking_the_major_customer_line_is_read_from_that_disclosure(services):
    # NVIDIA's Q1 FY2024 10-Q: "No customer represented 10% or more of total revenue ..." decides; the
    # share of "customers outside of the United States" (67%) is a geography's, not a customer's
    nvidia = filing("filings-wild/pdfs/NVIDIA_2024_10-Q_Q1.pdf")
    pages = _pages(nvidia, "customers outside of the United States accounted for", "No customer represented 10%")
    assert pages
    written = ask("Did any single customer represent 10% or more of NVIDIA's total revenue in the first quarter of "
                  "fiscal year 2024?", nvidia, pages, services)
    assert written.status == "answered" and written.text.startswith("No."), written.text


def test_a_customer_over_the_line_beside_no_other_is_concentration():
    from answering.kinds.concentration import _verdict

    assert _verdict("Sales to one customer represented 13% of total revenue for fiscal year 2024, and no other "
                    "customer accounted for more than 5% of total revenue.") is True
    assert _verdict("Revenue from sales to customers outside of the United States accounted for 67% of total "
                    "revenue.") is None


def test_the_line_the_question_draws_is_the_one_a_no_must_reach(services):
    """Salesforce's Q3 FY2023 10-Q: "No single customer accounted for five percent or more of total revenue
    during the nine months ...": a No to a 5% question; a "none reached 10%" sentence says nothing of 5%."""
    from answering.kinds.concentration import _verdict

    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023Q3_10Q.pdf")
    pages = _pages(salesforce, "No single customer")
    assert pages
    written = ask("Did any single customer account for 5% or more of Salesforce's total revenue in the first nine "
                  "months of FY2023?", salesforce, pages, services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "five percent or more of total revenue" in written.text
    assert _verdict("No customer represented 10% or more of total revenue.", line=5.0) is None
    assert _verdict("No customer represented 10% or more of total revenue.", line=10.0) is False


def test_a_dividend_paid_to_the_company_is_not_one_it_paid(services):
    """PG&E's FY2022 10-K: the Utility's dividend "that was paid to PG&E Corporation" (its parent) says
    nothing of PG&E Corporation paying one; its common dividend, suspended since 2017, decides the No."""
    pge = filing("financebench-extra/pdfs/PG_E_2022_10K.pdf")
    pages = _pages(pge, "that was paid to PG&E Corporation", "suspended quarterly cash dividends")
    assert len(pages) >= 2
    written = ask("Did PG&E Corporation pay dividends on its common stock in FY2022?", pge, pages, services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert "suspended" in written.text


def test_more_than_the_line_is_asked_of_the_major_customer_disclosure(services):
    """Apple's FY2016 10-K: "No single customer accounted for more than 10% of net sales in 2016, 2015 and
    2014"; its table of countries' shares of net sales (the U.S. 35%, China 22%) names no customer."""
    apple = filing("financebench-extra/pdfs/APPLE_2016_10K.pdf")
    pages = _pages(apple, "single customer")
    assert pages
    written = ask("Did any single customer account for more than 10% of Apple's net sales in FY2016?", apple, pages,
                  services)
    assert written.status == "answered" and written.text.startswith("No."), written.text


def test_a_major_customer_table_decides_concentration(services):
    """Ethernity Networks' 2022 report prints the shares as a table under its lead-in ("The Company's revenues from
    major customers as a percentage of total revenue was:", then "Customer A 58% 29%", 2022 first): asked in the
    analyst's words ("concentrated in a small number of customers"), the verdict is over the largest share."""
    ethernity = filing("filings-wild/pdfs/EthernityNetworks_2022_AnnualReport.pdf")
    written = ask("Is Ethernity Networks' FY2022 revenue concentrated in a small number of customers?", ethernity,
                  _pages(ethernity, "Customer A 58%"), services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert "share of revenue = 58%" in written.text and any("Customer A 58%" in c.quote for c in written.citations)


def test_a_table_of_customers_shares_of_receivables_is_no_revenue_concentration():
    from answering.kinds.concentration import _table_shares
    from finrag.models import SearchHit

    def table(lead: str) -> SearchHit:
        text = f"{lead}\n% Year ended 31 December\n2022 2021\nCustomer A 58% 29%\nCustomer B 10% 14%\n"
        return SearchHit(chunk=Chunk(chunk_id="acme-0", doc="ACME_2022_AR", doc_sha256="0" * 64, index=0,
                                     company="Acme Corp", fiscal_year=2022, form="annual", page=0, page_end=0,
                                     text=text), score=1.0)

    revenue = _table_shares(table("The Company's revenues from major customers as a percentage of total revenue was:"), 0, 10.0)
    assert [s.text for s in revenue][-1] == "Customer A 58% 29%"
    assert _table_shares(table("Significant customers as a percentage of accounts receivable were:"), 0, 10.0) == []


def test_a_deed_in_part_of_the_year_is_not_denied_by_a_quarter_without_one(services):
    # FedEx's FY2023 10-K: an ASR in the third quarter repurchased $1.5 billion of stock; "We did not repurchase any
    # shares of FedEx common stock during the fourth quarter of 2023" speaks of one quarter only
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_10K.pdf")
    pages = sorted({c.page for c in fedex if "ASR agreement with a bank in the third quarter" in c.text
                    or "did not repurchase any shares of FedEx common stock during the fourth quarter" in c.text})
    written = ask('Did "FedEx Corporation" repurchase any of its common stock during fiscal year 2023? If there is no '
                  "mention, return False.", fedex, pages, services)
    assert written.text.startswith("Yes."), written.text


def test_debt_reduced_below_investment_grade_says_it_is_not_rated_investment_grade(services):
    """Kraft Heinz's FY2019 10-K (p.24): "The downgrades by Fitch and S&P reduce our senior debt below
    investment grade, potentially resulting in higher borrowing costs ... which may result in ...": a
    fact stated before a hedged consequence clause, and "below" the state asked of is its No."""
    kraft = filing("financebench/pdfs/KRAFTHEINZ_2019_10K.pdf")
    written = ask("Based on the FY2019 10-K, is Kraft Heinz's senior debt still rated investment grade?", kraft, [23],
                  services)
    assert written.text.startswith("No."), written.text
    assert "reduce our senior debt below investment grade" in written.text


def test_a_possible_fall_below_the_state_decides_nothing(services):
    for sentence in ("A further decline in our results could push our senior debt below investment grade in the "
                     "coming year.",
                     "A downgrade of our senior unsecured debt below investment grade would increase our costs."):
        written = ask("Is Acme's senior debt rated investment grade?", one_page(sentence), [0], services)
        assert not written.text.startswith(("Yes.", "No.")), written.text


def test_a_customer_named_as_a_company_is_a_customer_of_the_concentration_disclosure(services):
    """PepsiCo's 2020 10-K (p.9): "In 2020, sales to Walmart Inc. (Walmart) and its affiliates ... represented
    approximately 14% of our consolidated net revenue": a customer named, not called one. Over a higher line
    asked (20%), the share says nothing; "sales to China" would be a market, not a customer."""
    pepsico = filing("financebench/pdfs/PEPSICO_2020_10K.pdf")
    written = ask("Did any single customer account for 10% or more of PepsiCo's consolidated net revenue in 2020?",
                  pepsico, [8], services)
    assert written.text.startswith("Yes."), written.text
    assert "sales to Walmart Inc. (Walmart) and its affiliates" in written.text
    higher = ask("Did any single customer account for 20% or more of PepsiCo's consolidated net revenue in 2020?",
                 pepsico, [8], services)
    assert not higher.text.startswith(("Yes.", "No.")), higher.text
    assert _verdict("In 2020, sales to China represented approximately 14% of our consolidated net revenue.") is None
    # several named customers' combined share is no one customer's
    assert _verdict("Sales to McKesson Corporation, Cardinal Health, Inc. and AmerisourceBergen Corporation together "
                    "represented 82% of our total net revenues.") is None


def test_a_stop_on_the_occasion_of_the_deed_takes_the_deed_as_done(services):
    """PG&E's FY2020 10-K: "... all commitments thereunder were terminated in connection with emergence from Chapter
    11" read as a No to "Did PG&E emerge from Chapter 11 in 2020?", and "For more information about the Chapter 11
    Cases, Chapter 11 emergence ..., see ..." as a Yes: a pointer states nothing, and a stop of other things on the
    occasion of the deed says it happened."""
    pge = filing("financebench-extra/pdfs/PG_E_2020_10K.pdf")
    question = 'Did "PG&E Corporation" emerge from Chapter 11 in 2020? If there is no mention, return False.'
    occasion = _pages(pge, "terminated in connection with emergence from Chapter 11")
    emerged = _pages(pge, "emerged from Chapter 11 on the Effective Date")
    assert occasion and emerged
    written = ask(question, pge, [*occasion, *emerged], services)
    assert written.text.startswith("Yes."), written.text
    assert not any(c.quote.startswith("For more information") for c in written.citations), written.text
    pointer = "For more information about the Chapter 11 Cases and Chapter 11 emergence, see Note 2."
    assert not ask("Did Acme emerge from Chapter 11 in 2024?", one_page(pointer), [0], services).text.startswith("Yes")


def test_upon_and_following_are_a_verbs_prepositions_which_keep_the_negation(services):
    # a second review's cases: "not dependent upon", "no gain upon the sale", "has not, following the Merger, paid"
    assert ask("Is Acme dependent on any single customer?", one_page(
        "Acme is not dependent upon any single customer or small group of customers."), [0],
        services).text.startswith("No")
    assert not ask("Did Acme pay a dividend after the merger?", one_page(
        "Acme has not, following the Merger, declared or paid any dividends."), [0], services).text.startswith("Yes")
