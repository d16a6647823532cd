"""Yes/no on a deed done in a period, read from what the sentences say of it (real shared filings):
a deal with a company the question names is decided by a sentence naming that company (or, naming no
other, standing in the passage that names it); a deal the
filing expects to close after the asked year was not completed in it; a total to date ("As of
December 31, 2022, the Company has repurchased ...") and a policy for such deeds ("Shares
repurchased by the Company are accounted for ...") say nothing of what was done in the year."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing, one_page

ACTIVISION = ('Did "Microsoft Corporation" complete its acquisition of Activision Blizzard, Inc. during fiscal year '
              '2022 (ended June 30, 2022)? If there is no mention, return False.')
NETFLIX = 'Did "Netflix, Inc." repurchase any shares of its common stock during 2022? If there is no mention, return False.'


def test_another_deal_completed_does_not_answer_for_the_named_one(services):
    microsoft = filing("financebench/pdfs/MICROSOFT_2022_10K.pdf")
    # p.25: "in March 2022 we completed our acquisition of Nuance Communications" (another deal)
    written = ask(ACTIVISION, microsoft, [24], services)
    assert not written.text.startswith("Yes"), written.text


def test_a_deal_expected_to_close_after_the_asked_year_was_not_completed_in_it(services):
    microsoft = filing("financebench/pdfs/MICROSOFT_2022_10K.pdf")
    # p.78 the business combinations note: "we expect it to close in fiscal year 2023"
    written = ask(ACTIVISION, microsoft, [24, 77], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No. The filing has it still to be completed after fiscal 2022 ended"), written.text
    assert "expect it to close in fiscal year 2023" in written.text, written.text


def test_a_total_to_date_and_a_policy_for_repurchases_are_no_repurchase_in_the_year(services):
    netflix = filing("financebench/pdfs/NETFLIX_2022_10K.pdf")
    # p.27: "As of December 31, 2022, the Company has repurchased 1,182,410 shares ... $600 million" (all in 2021);
    # p.58: "Shares repurchased by the Company are accounted for when the transaction is settled."
    written = ask(NETFLIX, netflix, [26, 57], services)
    assert not written.text.startswith("Yes"), written.text


def test_a_sentence_on_the_deal_that_names_no_company_stands_in_the_passage_on_the_named_one(services):
    emetals = filing("filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf")
    # p.7 the directors' report on the Salmon Gums acquisition: "EMT completed the acquisition in January 2022"
    written = ask('Did "eMetals Limited" complete the acquisition of Salmon Gums Minerals Pty Ltd during the year '
                  'ended 30 June 2022? If there is no mention, return False.', emetals, [6], services)
    assert written.text.startswith('Yes. "ACQUISITION TERMS EMT completed the acquisition in January 2022'), \
        written.text


def test_a_deal_done_after_the_asked_period_ended_was_not_done_in_it(services):
    oracle = filing("financebench-extra/pdfs/ORACLE_2022_10K.pdf")
    # p.110 subsequent events, under the page's running date "May 31, 2022": "On June 8, 2022, ... we acquired all the
    # outstanding Cerner shares"
    written = ask('Did "Oracle Corporation" complete its acquisition of Cerner Corporation within fiscal year 2022 '
                  '(ended May 31, 2022)? If there is no mention, return False.', oracle, [109], services)
    assert written.text.startswith("No. The filing dates it after the asked period ended (May 31, 2022)"), written.text
    assert "On June 8, 2022" in written.text, written.text


def test_a_deal_called_off_was_never_completed(services):
    nvidia = filing("filings-wild/pdfs/NVIDIA_2023_10-Q_Q3.pdf")
    # p.9 "Termination of the Arm Share Purchase Agreement ... whereby NVIDIA would have acquired Arm"
    written = ask('Did "NVIDIA Corporation" complete its acquisition of Arm Limited according to its 10-Q for the '
                  'quarter ended October 30, 2022? If there is no mention, return False.', nvidia, [8], services)
    assert written.text.startswith("No. The filing says the deal was terminated"), written.text


def test_a_company_the_filing_names_by_its_initials_is_named(services):
    pfizer = filing("financebench/pdfs/PFIZER_2022_10K.pdf")
    # p.66 the acquisitions note: "GBT––On October 5, 2022, we acquired GBT"
    written = ask('Did "Pfizer Inc." complete the acquisition of Global Blood Therapeutics, Inc. during 2022? If there '
                  'is no mention, return False.', pfizer, [65], services)
    assert written.text.startswith("Yes.") and "we acquired GBT" in written.text, written.text


def test_dividends_declared_and_paid_since_a_date_were_paid(services):
    synnex = filing("filings-wild/pdfs/TDSYNNEX_2022_AnnualReport.pdf")
    # p.37: "Since then, dividends have been declared ... and paid" is no total to date held back
    written = ask("Did TD SYNNEX pay dividends in fiscal 2022?", synnex, [36], services)
    assert written.text.startswith("Yes."), written.text


def test_a_deal_the_years_report_heads_as_pending_was_not_completed_in_it(services):
    lockheed = filing("financebench/pdfs/LOCKHEEDMARTIN_2021_10K.pdf")
    # p.3 "Pending Acquisition of Aerojet Rocketdyne Holdings, Inc. On December 20, 2020, we entered into an
    # agreement to acquire Aerojet Rocketdyne ..."
    written = ask('Did "Lockheed Martin Corporation" complete its acquisition of Aerojet Rocketdyne Holdings, Inc. in '
                  '2021? If there is no mention, return False.', lockheed, [2], services)
    assert written.text.startswith("No. The filing has it still to be completed after fiscal 2021 ended"), written.text


def test_a_day_in_the_fiscal_year_its_report_covers_is_of_that_year(services):
    import dataclasses

    from finrag.models import CatalogCompany, CatalogFiling, StoreCatalog

    bestbuy = filing("financebench/pdfs/BESTBUY_2019_10K.pdf")
    # p.4: "On October 1, 2018, we acquired all of the outstanding shares of GreatCall", in the report on the fiscal
    # year ended February 2, 2019: calendar 2018, fiscal 2019

    class Store:  # the store's catalog of its filings' last days; no further search finds anything
        catalog = StoreCatalog(companies=[CatalogCompany(name=bestbuy[0].company or "Best Buy", filings=[
            CatalogFiling(doc="BESTBUY_2019_10K", form="10-K", fiscal_year=2019, period_end="2019-02-02")])])

        def search(self, *args, **kwargs):
            return []

    question = ('Did "Best Buy Co., Inc." complete an acquisition of GreatCall, Inc. during fiscal 2019? If there is '
                'no mention, return False.')
    written = ask(question, bestbuy, [3], dataclasses.replace(services, retriever=Store()))
    assert written.text.startswith("Yes.") and "October 1, 2018" in written.text, written.text
    # without the filing's last day the day's year is all it has: never the default No
    assert not ask(question, bestbuy, [3], services).text.startswith("No."), written.text


def test_the_transaction_referred_back_to_is_the_deal_named_last_before_it(services):
    """Verizon's 2020 10-K: "The acquisition of BlueJeans was accounted for ... as of the close of the
    acquisition" (p.72) is BlueJeans' deal, not Tracfone's named further on, and "the acquisition date fair
    value" is a policy; "The transaction is subject to regulatory approvals ... and is expected to close in
    the second half of 2021", after the Tracfone agreement (p.72), leaves that deal pending after 2020."""
    verizon = filing("financebench/pdfs/VERIZON_2020_10K.pdf")
    written = ask('Did "Verizon Communications Inc." complete its acquisition of Tracfone during 2020? If there is no '
                  'mention, return False.', verizon, [71, 46], services)
    assert written.text.startswith("No. The filing has it still to be completed after fiscal 2020 ended"), written.text
    assert "expected to close in the second half of 2021" in written.text


def test_a_close_still_expected_in_the_report_on_the_asked_year_was_not_done_in_it(services):
    """Microsoft's FY2016 10-K (p.85), written after June 30, 2016: "we expect the acquisition will close in
    the 2016 calendar year": LinkedIn's deal was not completed in fiscal 2016."""
    microsoft = filing("financebench/pdfs/MICROSOFT_2016_10K.pdf")
    written = ask('Did "Microsoft Corporation" complete its acquisition of LinkedIn during fiscal year 2016 (ended '
                  'June 30, 2016)? If there is no mention, return False.', microsoft, [84], services)
    assert written.text.startswith("No. The filing has it still to be completed after fiscal 2016 ended"), written.text
    assert "expect the acquisition will close in the 2016 calendar year" in written.text


def test_the_word_in_brackets_after_the_deed_is_the_filing_s_word_for_it(services):
    """eBay's 2015 10-K (p.5): "On July 17, 2015, we completed the distribution of 100% of the outstanding common
    stock of PayPal to our stockholders": the question names the deed "the separation (distribution)"."""
    ebay = filing("financebench-extra/pdfs/EBAY_2015_10K.pdf")
    written = ask('Did "eBay Inc." complete the separation (distribution) of PayPal to its stockholders in 2015? If '
                  'there is no mention, return False.', ebay, [4], services)
    assert written.text.startswith("Yes."), written.text
    assert "completed the distribution of 100% of the outstanding common stock of PayPal" in written.text


def test_a_close_expected_in_a_quarter_s_report_or_after_another_deal_leaves_the_named_one_open(services):
    """Pfizer's Q2 2023 10-Q (p.13): "The transaction is expected to close in late 2023 or early 2024" is written
    before the year ended: no "No" for Seagen in 2023. A close expected after the agreement to divest another
    business is that deal's, not the named acquisition's."""
    pfizer = filing("financebench/pdfs/Pfizer_2023Q2_10Q.pdf")
    written = ask("Did Pfizer complete its acquisition of Seagen in 2023?", pfizer, [12], services)
    assert not written.text.startswith("No."), written.text
    acme = one_page("In March 2024, we completed our acquisition of Beta Inc. for $2.0 billion.",
                    "In May 2024, we entered into an agreement to divest our Gamma business.",
                    "The transaction is expected to close in 2025.")
    written = ask("Did Acme complete its acquisition of Beta during 2024? If there is no mention, return False.", acme,
                  [0], services)
    assert written.text.startswith("Yes."), written.text


def test_selling_the_company_s_plant_names_no_other_deal(services):
    acme = one_page("In January 2024, we agreed to acquire Beta Inc. for $2.0 billion.",
                    "In February 2024, we agreed to sell the Company's Delta plant for $50 million.",
                    "The acquisition was completed on March 3, 2024.")
    written = ask("Did Acme complete its acquisition of Beta during fiscal 2024? If there is no mention, return False.",
                  acme, [0], services)
    assert written.text.startswith("Yes."), written.text


def test_a_fiscal_period_written_as_one_word_is_no_name_of_a_deal():
    from answering.kinds.deal_words import names

    assert names("it in FY2022 with Central", []) == ["central"]
    assert names("What did it buy in Q3 and 1H23?", []) == []
