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
