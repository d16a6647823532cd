"""A question asking an open list of special items with their amounts, or how an event affected
results, is answered by the filing's own enumeration (a lead-in dated as asked and its bullets, each
with its amount) or not at all (answering.kinds.listed_items). McDonald's Q4 2022 release and
Oracle's fiscal 2018 10-K."""

from __future__ import annotations

from answering.kinds import listed_items
from finrag.vocabulary import load_vocabulary
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import catalog, filing, hits

SPECIAL_2022 = "What special items affected McDonald's full-year 2022 results, and what were their amounts?"
TAX_ACT_2018 = "How did the U.S. Tax Cuts and Jobs Act affect Oracle's fiscal 2018 results?"


def _write(question: str, chunks, pages: list[int]):
    vocab = load_vocabulary()
    return listed_items.write(question, hits(chunks, pages), understand(question, catalog(chunks), vocab), None)


def test_the_years_special_items_are_its_own_enumeration_each_with_its_amount():
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2022Q4_EARNINGS.pdf")
    written = _write(SPECIAL_2022, mcdonalds, [2, 0, 1])
    assert written is not None and written.status == "answered"
    for stated in ("Results for 2022 included the following", "$1,281 million", "Dynamic Yield business",
                   "$537 million, or $0.73 per share"):
        assert stated in written.text, written.text
    # 2021's list follows 2022's on the same page
    assert "$54 million" not in written.text and "$339 million" not in written.text


def test_another_years_enumeration_answers_nothing():
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2022Q4_EARNINGS.pdf")
    question = SPECIAL_2022.replace("2022", "2020")
    vocab = load_vocabulary()
    understanding = understand(question, catalog(mcdonalds), vocab)
    assert listed_items.write(question, hits(mcdonalds, [2, 0, 1]), understanding, None) is None


def test_an_events_effect_on_results_is_the_enumeration_its_lead_in_names():
    oracle = filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf")
    written = _write(TAX_ACT_2018, oracle, [47, 48])
    assert written is not None and written.status == "answered"
    for stated in ("as a result of the following items related to the enactment", "$7.8 billion of income tax expense",
                   "$820 million of income tax benefit", "net favorable impacts of the Tax Act"):
        assert stated in written.text, written.text
    assert "The net expense related to the enactment" not in written.text


def test_a_list_with_an_item_without_amount_is_no_special_items_answer():
    assert listed_items._items("\n\u2022 Pre-tax charges of $10 million related to X\n\u2022 the sale of Y\n"
                               "Results for 2021 included the following:\n") == [
        "Pre-tax charges of $10 million related to X", "the sale of Y"]
    assert listed_items.asks_items("What one-time charge did PG&E record in 2017?") is None


SPLIT_2017 = ("What one-time charge did PG&E Corporation record in 2017 for the transitional impacts of the Tax Cuts "
              "and Jobs Act, and how was it split?")


def test_how_an_amount_was_split_is_the_sentences_after_it_whose_amounts_add_up_to_it():
    from answering.kinds import stated_split

    pge = filing("financebench-extra/pdfs/PG_E_2017_10K.pdf")
    vocab = load_vocabulary()
    written = stated_split.write(SPLIT_2017, hits(pge, [150, 76]), understand(SPLIT_2017, catalog(pge), vocab), None)
    assert written is not None and written.status == "answered"
    for stated in ("one-time provisional tax expense of $147 million", "Of this amount, $83 million",
                   "The remaining $64 million"):
        assert stated in written.text, written.text
    # another year asked: the 2017 charge and its parts answer nothing
    wrong = SPLIT_2017.replace("2017", "2016")
    assert stated_split.write(wrong, hits(pge, [150, 76]), understand(wrong, catalog(pge), vocab), None) is None


def _release(text: str):
    from finrag.models import Chunk

    return Chunk(chunk_id="c0", doc="contoso", doc_sha256="0" * 64, index=0, company="Contoso", fiscal_year=2023, page=0, page_end=0,
                 text=text)


def test_a_special_items_list_with_an_item_stating_no_amount_is_refused_whole():
    lead = "Contoso reported strong sales.\nResults for 2023 included the following:\n"
    whole = (lead + "\u2022 Pre-tax charges of $120 million, or $0.10 per share, related to the sale of a plant\n"
             "\u2022 Pre-tax gain of $45 million, or $0.04 per share, related to the sale of a brand\n"
             "Outlook for 2024 is unchanged.\n")
    question = "What special items affected Contoso's 2023 results, and what were their amounts?"
    listed = listed_items._enumeration(_release(whole), [], question, "special", set(), {2023})
    assert listed is not None and len(listed[1]) == 2
    partial = whole.replace("Pre-tax gain of $45 million, or $0.04 per share, related to", "Costs related to")
    assert listed_items._enumeration(_release(partial), [], question, "special", set(), {2023}) is None
    # the year's list, not another's
    assert listed_items._enumeration(_release(whole), [], question, "special", set(), {2022}) is None
