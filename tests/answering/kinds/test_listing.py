"""list: the items asked for, from the table or sentence that enumerates them (Verizon's
FY2022 10-K cover page)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing


@pytest.fixture(scope="module")
def verizon():
    return filing("financebench/pdfs/VERIZON_2022_10K.pdf")


def test_exchange_registered_debt_is_listed_from_the_cover_page(verizon, services):
    written = ask("Which debt securities does Verizon have registered on a national securities exchange as of "
                  "FY2022?", verizon, [0, 1, 2, 76], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "3.375% Notes due 2036" in written.text
    assert len(written.citations) >= 5  # one cited line per class of notes
    assert all("Notes due" in c.quote for c in written.citations)
    assert "Common Stock" not in written.text  # equity is not debt


def test_items_one_to_a_line_after_the_line_that_introduces_them_all_or_none(services):
    """Canadian Banc's investment objectives (annual report p.3) introduce the core holdings
    with "... each of the following Canadian chartered banks:" and print them two to a line;
    the question's second part (how much outside them) is the sentence after the list."""
    fund = filing("filings-wild/pdfs/CanadianBancCorp_2022_AnnualReport.pdf")
    question = ("Which banks must Canadian Banc Corp.'s portfolio include under its investment objectives, and how much "
                "of its net asset value may it invest outside those core holdings?")
    written = ask(question, fund, [2], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    for bank in ("Bank of Montreal", "National Bank of Canada", "Bank of Nova Scotia", "Royal Bank of Canada",
                 "Canadian Imperial Bank of Commerce", "Toronto-Dominion Bank"):
        assert bank in written.text
    assert "may also invest up to 20% of the net asset value" in written.text


@pytest.fixture(scope="module")
def pge_2020():
    return filing("financebench-extra/pdfs/PG_E_2020_10K.pdf")


_REGISTERED_12B = ("Which securities of PG&E Corporation and its utility subsidiary were registered under Section 12(b) "
                   "of the Exchange Act according to the 2020 annual report, and on which exchanges?")


def test_registered_securities_are_every_row_of_the_cover_table_with_its_exchange(pge_2020, services):
    """PG&E's FY2020 cover lists common stock and equity units on the NYSE and eight series of
    the Utility's first preferred stock on NYSE American; rows wrap over lines and run together."""
    written = ask(_REGISTERED_12B, pge_2020, [239, 214, 0], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "Common stock, no par value PCG The New York Stock Exchange" in written.text
    assert "Equity Units PCGU The New York Stock Exchange" in written.text
    assert written.text.count("NYSE American LLC") == 8  # each preferred series once, overlapping chunks aside
    assert "4.36% series A redeemable PCG-PI NYSE American LLC" in written.text
    assert "Under Section 12(g): none" in written.text
    assert "EXHIBIT" not in written.text


def test_registered_securities_without_the_cover_table_are_refused(pge_2020, services):
    """An exhibit's title ("securities registered under Section 12") and a Section 16 sentence
    share the question's words but list no class and no exchange: no answer."""
    written = ask(_REGISTERED_12B, pge_2020, [239, 214], services)
    assert written.status == "not_found", written.text
    assert "Section 12(b)" in (written.reason or "")


@pytest.mark.parametrize("relative", ["financebench/pdfs/VERIZON_2020_10K.pdf", "financebench/pdfs/VERIZON_2022_10K.pdf"])
def test_a_question_for_the_exchanges_is_answered_by_their_names_each_once(relative, services):
    """Verizon's cover lists its common stock on the NYSE and Nasdaq and a score of notes on the NYSE: the
    exchanges asked for are the two names, each once, the rows after them as the evidence."""
    written = ask('Which exchanges are the securities of "Verizon Communications Inc." listed on?', filing(relative),
                  [0, 1, 76], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert written.text.split("\n\n")[0].casefold() == "new york stock exchange; the nasdaq global select market"
    assert "common stock, par value $0.10 vz the nasdaq global select market" in written.text.casefold()


def test_a_cover_table_without_a_class_of_debt_says_none_is_registered(services):
    # McDonald's 8-K of August 14, 2023: its cover's Section 12(b) table lists only "Common Stock, $0.01 par
    # value MCD New York Stock Exchange"; the medium-term notes the 8-K is about are not registered there
    mcd = filing("financebench-extra/pdfs/MCDONALDS_8K_dated-2023-08-14.pdf")
    written = ask("Which debt securities are registered to trade on a national securities exchange under "
                  "McDonald's name as of the 8-K dated August 14, 2023?", mcd, [0], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert written.text.startswith("None") and "Common Stock" in written.text, written.text


def test_a_yes_no_on_registered_debt_is_decided_by_the_cover_table(services):
    # Patriot's 8-K of November 2023 (a merger agreement, 100 pages of exhibits): "Does it have any debt securities
    # registered ...?" is answered No by its cover's table ("Common Stock PATI Nasdaq Global Select Market"),
    # not Yes from an exhibit's sentence about the buyer's debt financing
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2023_8-K.pdf")
    financing = sorted({c.page for c in patriot if "Debt Financing" in c.text})[:3]
    written = ask("Does Patriot Transportation Holding have any debt securities registered to trade on a national "
                  "securities exchange, according to its November 2023 8-K?", patriot, financing + [0], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No.") and "PATI" in written.text, written.text


def test_the_cover_of_a_10_k_wrapped_in_an_annual_report_is_read(services):
    """FedEx's FY2023 annual report opens on pages of its own; the 10-K's cover, with its Section 12(b)
    table of five note issues, is the fourth page."""
    fedex = filing("financebench-extra/pdfs/FEDEX_2023_annualreport.pdf")
    written = ask("What are the debt securities registered to trade on a national securities exchange under "
                  "FedEx's name as of FY2023?", fedex, [3, 60], services)
    assert written.status == "answered", written.text
    assert all(note in written.text for note in ("0.450% Notes due 2025", "1.625% Notes due 2027",
                                                 "0.950% Notes due 2033"))
    assert "Common Stock" not in written.text


def test_a_table_the_chunk_cuts_after_its_first_rows_lists_nothing():
    """A list read from a table's row labels is the whole table's: a chunk that ends on a row (its next rows and
    total in the next chunk, as Uber's segment table: Mobility, Delivery | Freight, All Other, Total) is cut, and is
    not read when the filing's next chunk opens with more rows (`_rows_go_on`)."""
    from answering.kinds.listing import _cut_at_its_end
    from answering.kinds.tables import blocks
    from finrag.models import Chunk, SearchHit

    def chunk(*lines: str) -> list[SearchHit]:
        return [SearchHit(score=1.0, chunk=Chunk(chunk_id="acme-0", doc="ACME_2024_10K", doc_sha256="0" * 64, index=0,
                                                 company="Acme Corp", fiscal_year=2024, form="10-K", page=0,
                                                 page_end=0, text="\n".join(lines)))]

    head = ("The following table provides information about our segments (in millions):", "2020 2021",
            "Segment adjusted EBITDA:", "Mobility $ 1,169 $ 1,596", "Delivery (873) (348)")
    assert any(_cut_at_its_end(b) for b in blocks(chunk(*head), []))
    whole = chunk(*head, "Freight (227) (130)", "Total segment adjusted EBITDA (392) 1,107", "Reconciling items follow.")
    assert not any(_cut_at_its_end(b) for b in blocks(whole, []))


def test_debt_asked_by_what_the_company_has_registered_reads_the_cover_table_captioned_by_the_acts_full_name(
        services):
    # PepsiCo's FY2020 10-K: "Securities registered pursuant to Section 12(b) of the Securities Exchange Act of 1934:",
    # then the common stock and fourteen series of senior notes on The Nasdaq Stock Market LLC
    pepsico = filing("financebench/pdfs/PEPSICO_2020_10K.pdf")
    written = ask("What debt securities does PepsiCo have registered to trade on a national securities exchange "
                  "under its name as of FY2020?", pepsico, [0], services)
    assert (written.status, written.kind) == ("answered", "list"), written.text
    assert "1.750% Senior Notes Due 2021 PEP21a The Nasdaq Stock Market LLC" in written.text
    assert "1.050% Senior Notes Due 2050" in written.text and "Common Stock" not in written.text
