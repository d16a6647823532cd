"""A drivers question whose other parts ask about the items of a table: the causes from the
filing's sentences, each item part from the table whose rows are items of the asked kind."""

from __future__ import annotations

import pytest

from answering.kinds.classify import classify
from answering.kinds.item_parts import ItemAsk, of_kind, read_parts
from answering.kinds.tables import blocks
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import load_vocabulary
from tests.answering.kinds.conftest import ask, filing


def test_the_parts_of_a_drivers_question_with_item_parts_are_read_by_their_grammar():
    parts = read_parts("What caused the decline, which geographic segment fell the most, and did any product "
                       "category grow?")
    assert parts is not None and parts.drivers == ["What caused the decline"]
    assert [(i.kind, i.test) for i in parts.items] == [("places", "fell_most"), ("offerings", "any_grew")]
    both = read_parts("Which product and which geographic segment drove the growth, and what held it back?")
    assert both is not None and [(i.noun, i.kind, i.test) for i in both.items] == [
        ("product", "offerings", "drove"), ("geographic segment", "places", "drove")]
    every = read_parts("What drove the increase, and did every revenue type grow?")
    assert every is not None and [(i.kind, i.test) for i in every.items] == [("offerings", "every_grew")]


@pytest.mark.parametrize("ask_text", [
    "Which of eBay's revenue lines grew fastest in 2018, and what drove it?",  # the pick's own causes: choice
    "What drove the increase, and how much did it spend on buybacks?",  # an amount part: not an item part
    "What drove the increase?",  # no item part
])
def test_no_item_parts_are_read_where_the_question_asks_none_or_asks_the_picks_causes(ask_text):
    assert read_parts(ask_text) is None


def _block(text: str):
    chunk = Chunk(chunk_id="c1", doc="d", doc_sha256="0", company="Co", page=0, page_end=0, index=0, text=text)
    return blocks([SearchHit(chunk=chunk, score=1.0)], ["Co"])[-1]


def test_a_table_is_of_the_asked_kind_by_its_row_labels_not_its_caption_alone():
    places = _block("Net Sales by Operating Segment:\n2016 2015\nAmericas $ 86,613 $ 93,864\nEurope 49,952 50,337\n"
                    "Greater China 48,492 58,715\nTotal net sales $ 184,057 $ 202,916")
    products = _block("Net sales by product were as follows (in millions):\n2016 2015\niPhone $ 136,700 $ 155,041\n"
                      "Services 24,348 19,909\nTotal net sales $ 161,048 $ 174,950")
    place = ItemAsk(part="which geographic segment fell the most", noun="geographic segment", kind="places",
                    test="fell_most")
    product = place.model_copy(update={"kind": "offerings"})
    assert of_kind(place.kind, places) and not of_kind(product.kind, places)
    assert of_kind(product.kind, products) and not of_kind(place.kind, products)


def test_which_segment_fell_the_most_ranks_the_lowest_change():
    decision = classify("Which geographic segment fell the most in fiscal 2016?", load_vocabulary())
    assert decision.kind == "choice" and decision.order == "lowest"


def test_did_every_revenue_type_grow_is_answered_from_the_table_of_revenue_types(services):
    # eBay's FY2020 10-K: p.38 explains the increase; p.81's "Net Revenues by type" table (net transaction
    # revenues, marketing services and other revenues, total net revenues) says which type fell
    ebay = filing("financebench-extra/pdfs/EBAY_2020_10K.pdf")
    written = ask("eBay's net revenues rose 19% in 2020. What drove the increase, and did every revenue type grow?",
                  ebay, [37, 80], services)
    assert written.status == "answered", written.text
    assert "due to an increase in GMV" in written.text
    assert "Did every revenue type grow? No: Marketing services and other revenues: 1,058 in 2019 to 971 in 2020" \
        in written.text
    assert any("971" in c.quote for c in written.citations) and any("10,271" in c.quote for c in written.citations)


def test_an_item_part_no_table_of_its_kind_answers_refuses_the_question(services):
    # only the geography table beside the causes: no table of revenue types, no answer
    ebay = filing("financebench-extra/pdfs/EBAY_2020_10K.pdf")
    written = ask("eBay's net revenues rose 19% in 2020. What drove the increase, and did every product category "
                  "grow?", ebay, [37], services)
    assert written.status != "answered", written.text
