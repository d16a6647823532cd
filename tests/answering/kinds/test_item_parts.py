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


def test_what_drove_it_after_a_pick_asks_the_picks_own_causes():
    parts = read_parts("Which of eBay's revenue lines grew fastest in 2018, and what drove it?")
    assert parts is not None and parts.about_pick and [i.test for i in parts.items] == ["grew_most"]
    # two items picked: "it" is neither
    assert read_parts("Which product and which region grew fastest, and what drove it?") is None


@pytest.mark.parametrize("ask_text", [
    "What drove the increase, and how much did it spend on buybacks?",  # an amount part: not an item part
    "What drove the increase?",  # no item part
])
def test_no_item_parts_are_read_where_the_question_asks_none(ask_text):
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


def test_which_product_lines_declined_reads_a_table_the_chunker_cut_before_its_first_row(services):
    # Apple's FY2018 10-K p.26: "Net Sales by Product:" and its iPhone row end one chunk; the next
    # repeats the caption and header, then iPad ... Total net sales: read whole, it adds up
    apple = filing("financebench-extra/pdfs/APPLE_2018_10K.pdf")
    written = ask("Apple's iPhone unit sales were essentially flat in fiscal 2018, yet net sales rose 16%. What drove "
                  "the increase, and which product lines declined?", apple, [24, 25], services)
    assert written.status == "answered", written.text
    declined = written.text.split("Which product lines declined?")[1].split(" All: ")[0]
    assert "iPad: 19,222 in 2017 to 18,805 in 2018" in declined and "Mac: 25,850 in 2017 to 25,484 in 2018" in declined
    assert "iPhone" not in declined and "Services" not in declined
    assert any(c.quote.startswith("iPhone (1) $ 166,699") for c in written.citations)  # cited as printed


def test_the_segment_that_fell_most_and_the_categories_that_grew_come_from_their_own_tables(services):
    # Apple's FY2016 10-K p.26: net sales by operating segment (places) and by product, one table each
    apple = filing("financebench-extra/pdfs/APPLE_2016_10K.pdf")
    written = ask("Apple's net sales declined in fiscal 2016. What caused the decline, which geographic segment fell "
                  "the most, and did any product category grow?", apple, [24, 25, 27, 28], services)
    assert written.status == "answered", written.text
    assert "Which geographic segment fell the most? Greater China, the largest fall by rate" in written.text
    grew = written.text.split("Did any product category grow?")[1].split(" All: ")[0]
    assert grew.startswith(" Yes: Services: 19,909 in 2015 to 24,348 in 2016") and "Other Products" in grew
    assert "Japan" not in grew and "iPhone" not in grew


def test_a_section_of_a_larger_table_is_not_read_as_all_its_items():
    # eBay's FY2018 10-K: net transaction revenues (Marketplace, StubHub, their total) and marketing
    # services and other revenues (Marketplace, Classifieds, ..., their total) under one total net revenues
    from answering.kinds.item_parts import _a_section

    ebay = filing("financebench-extra/pdfs/EBAY_2018_10K.pdf")
    chunk = next(c for c in ebay if "Classifieds 1,022 897 791" in c.text)
    found = [b for b in blocks([SearchHit(chunk=chunk, score=1.0)], [chunk.company or ""])
             if any(r.label.startswith("Total") for r in b.rows) and not b.rows[-1].label.startswith("Total net revenues")]
    assert found and all(_a_section(b) for b in found)


def test_a_pick_part_of_a_drivers_answer_is_stated_only_by_its_own_words_with_amounts():
    from answering.kinds.every_part import answered_in_every_part
    from answering.written_answer import WrittenAnswer

    cause = '"Net sales increased 16% during 2018 compared to 2017, driven by higher net sales of iPhone." (5a6d p.25)'
    picked = WrittenAnswer(status="answered", kind="drivers", text=f"{cause} Which product lines declined? iPad: 19,222 "
                           "in 2017 to 18,805 in 2018 (-417 millions, -2.2%); Mac: 25,850 in 2017 to 25,484 in 2018.")
    question = "Apple's net sales rose 16%. What drove the increase, and which product lines declined?"
    assert answered_in_every_part(picked, question, ["Apple"]).status == "answered"
    # a figure's own words share "revenue", "line" and the year with the pick part, and pick nothing
    figure = WrittenAnswer(status="answered", kind="drivers", text="Revenue rose from $9,927.00 million (FY2017) to "
                           f"$10,746.00 million (FY2018). What drove it, as the filing says: {cause} Working: Revenue "
                           "FY2018: $10,746.00 million (statement line item).")
    refused = answered_in_every_part(figure, "Which of eBay's revenue lines grew fastest in 2018, and what drove it?",
                                     ["eBay"])
    assert refused.status == "not_found"


def test_a_table_captioned_on_its_first_row_with_its_total_in_the_next_chunk_is_read_whole(services):
    # Oracle's FY2018 10-K p.51: "Total Revenues by Business: Cloud and license $ 32,444 7% 5% $ 30,218 ...",
    # Hardware, Services; the next chunk repeats the header ("2018 Actual Constant 2017 ...") and opens
    # with "Total revenues $ 39,831 ...": the caption is no row, the percent changes no years' amounts
    oracle = filing("financebench-extra/pdfs/ORACLE_2018_10K.pdf")
    written = ask("What drove Oracle's revenue growth in fiscal 2018, and which businesses declined?", oracle, [50],
                  services)
    assert written.status == "answered", written.text
    declined = written.text.split("Which businesses declined?")[1].split(" All: ")[0]
    assert declined.startswith(" Hardware: 4,152 in 2017 to 3,993 in 2018") and "Services" not in declined
    assert "Cloud and license: 30,218 in 2017 to 32,444 in 2018" in written.text
    assert any(c.quote.startswith("Total Revenues by Business: Cloud and license $ 32,444") for c in written.citations)


def test_the_higher_of_two_named_categories_is_read_under_the_heading_of_the_asked_measure(services):
    # Apple's FY2022 10-K p.26: "Gross margin:" (Products, Services, Total in dollars), then "Gross margin
    # percentage:" (36.3%, 71.7%, 43.3%): the percentage is read under its own heading, not the amounts
    apple = filing("financebench-extra/pdfs/APPLE_2022_10K.pdf")
    question = ("Which of Apple's two revenue categories, Products or Services, earned the higher gross margin "
                "percentage in FY2022, and what drove the change in the Products gross margin percentage compared "
                "with FY2021?")
    parts = read_parts(question)
    assert parts is not None and parts.items[0].candidates == ["Products", "Services"]
    assert parts.items[0].measure == "gross margin percentage" and parts.items[0].test == "higher"
    written = ask(question, apple, [25], services)
    assert written.status == "answered", written.text
    assert "earned the higher gross margin percentage in FY2022? Services (71.7% in 2022" in written.text
    assert "Products gross margin percentage increased during 2022 compared to 2021 due primarily to a different " \
           "Products mix" in written.text


def test_the_fastest_growing_revenue_line_is_a_leaf_of_a_table_in_sections_with_its_own_cause(services):
    # eBay's FY2018 10-K p.78 (Note 5): "Net transaction revenues:" Marketplace, StubHub, their total;
    # "Marketing services and other revenues:" Marketplace, Classifieds, StubHub, Corporate and other, their
    # total; "Total net revenues": the lines are the leaves (Marketplace twice, each in its section)
    ebay = filing("financebench-extra/pdfs/EBAY_2018_10K.pdf")
    written = ask("Which of eBay's revenue lines grew fastest in 2018, and what drove it?", ebay, [37, 40, 77],
                  services)
    assert (written.status, written.kind) == ("answered", "choice"), written.text
    assert written.text.startswith("Which of eBay's revenue lines grew fastest in 2018? Classifieds — Marketing "
                                   "services and other revenues, the fastest growth"), written.text
    assert "Marketplace — Net transaction revenues: 6,809 in 2017 to 7,416 in 2018" in written.text
    assert "primarily driven by increased revenue from our Classifieds horizontal and vertical motors platforms" \
        in written.text
    assert any("10,746" in c.quote for c in written.citations)


def test_a_table_is_read_in_sections_only_when_each_section_and_the_whole_add_up():
    from answering.kinds.sectioned_table import flattened

    def chunk(text: str) -> Chunk:
        return Chunk(chunk_id="c", doc="d", doc_sha256="0", index=0, page=0, page_end=0, company="Acme", text=text)

    head = "Revenue by type (in millions):\nYear Ended December 31,\n2018 2017\n"
    good = (head + "Products:\nWidgets $ 100 $ 90\nGadgets 50 40\nTotal products 150 130\n"
            "Services:\nSupport 30 20\nTraining 20 10\nTotal services 50 30\nTotal revenues $ 200 $ 160")
    found = flattened(blocks([SearchHit(chunk=chunk(good), score=1.0)], ["Acme"]))
    assert [[r.label for r in b.rows] for b in found] == [["Widgets — Products", "Gadgets — Products",
                                                            "Support — Services", "Training — Services",
                                                            "Total revenues"]]
    # a section whose rows miss its subtotal, or a grand total the sections miss: no set of items
    for bad in (good.replace("Gadgets 50 40", "Gadgets 50 45"), good.replace("$ 200 $ 160", "$ 210 $ 160")):
        assert flattened(blocks([SearchHit(chunk=chunk(bad), score=1.0)], ["Acme"])) == []
