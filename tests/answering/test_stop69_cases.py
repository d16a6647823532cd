"""Stop 69: a question worded its own way, or asking several things at once, is answered by the sentences that cover
each part by the question's rarest words (answering.kinds.covering), every part or none; a sentence that ends inside
its closing quotation mark ends there."""

from __future__ import annotations

from answering.aspects import split_sentences
from answering.kinds import covering
from answering.metric_target import read_target
from finrag.models import SearchHit
from tests.answering.kinds.conftest import ask, filing, one_page

EBAY = "financebench-extra/pdfs/EBAY_2017_10K.pdf"


def _hits(*sentences: str) -> list[SearchHit]:
    return [SearchHit(chunk=c, score=1.0) for c in one_page(*sentences)]


def test_a_sentence_ending_inside_its_closing_quote_ends_there():
    said = split_sentences("“We may be unable to protect our rights.”\nEmployees\nAs of December 31, 2017 , we employed "
                           "approximately 14,100 people globally.")
    assert said[-1] == "Employees As of December 31, 2017 , we employed approximately 14,100 people globally."


def test_each_part_is_quoted_from_the_sentence_that_states_it_in_the_filing_s_own_words(services):
    answer = ask("How many people did eBay employ globally as of December 31, 2017, and how many of them were located "
                 "in the U.S.?", filing(EBAY), [7, 46, 34], services)
    assert answer.status == "answered", answer.text
    assert "14,100" in answer.text and "7,300" in answer.text, answer.text


def test_a_part_no_sentence_covers_refuses_the_whole_question():
    found = _hits("As of December 31, 2024, we employed approximately 9,000 people in 30 countries.",
                  "Our employees are not represented by labor unions.")
    question = "How many employees did Acme have at the end of 2024, and how many of them were union members in Europe?"
    assert covering.write(question, found, ["Acme Corp"], [2024]) is None


def test_a_name_no_sentence_read_has_is_not_covered():
    found = _hits("In March 2024 we acquired Widgetco for $120 million in cash, recording $80 million of goodwill.")
    assert covering.write("What did Acme pay to acquire Gadgetron in 2024, and how much goodwill did it record?",
                          found, ["Acme Corp"], [2024]) is None
    answer = covering.write("What did Acme pay to acquire Widgetco in 2024, and how much goodwill did it record?",
                            found, ["Acme Corp"], [2024])
    assert answer is not None and "$120 million" in answer.text


def test_a_part_asking_a_figure_needs_one_and_a_footnote_mark_is_none():
    found = _hits("(1) Net sales are attributed to countries based on location of customer.",
                  "Our employees work in many countries around the world.")
    assert covering.write("In how many countries did Acme have employees in 2024?", found, ["Acme Corp"], [2024]) is None


def test_a_part_asking_why_needs_a_stated_cause():
    found = _hits("Operating cash flow decreased to $4 million in 2024 from $900 million in 2023.")
    assert covering.write("Why did Acme's operating cash flow decrease in 2024?", found, ["Acme Corp"], [2024]) is None
    found = _hits("Operating cash flow decreased to $4 million in 2024, primarily due to lower collections of "
                  "receivables.")
    assert covering.write("Why did Acme's operating cash flow decrease in 2024?", found, ["Acme Corp"], [2024])


def test_a_sentence_of_another_year_covers_nothing():
    found = _hits("As of December 31, 2022, we employed approximately 9,000 people globally.")
    assert covering.write("How many people did Acme employ globally in 2024?", found, ["Acme Corp"], [2024]) is None


def test_a_yes_or_no_is_left_to_the_reader_that_decides_it():
    found = _hits("Total debt increased to $9.1 billion in 2024 from $7.7 billion in 2023.")
    assert covering.write("Did Acme's total debt increase in 2024? By how much?", found, ["Acme Corp"], [2024]) is None


def test_a_lead_in_that_asks_nothing_sets_the_scene_of_the_ask_after_it():
    found = _hits("The Widgetco merger is expected to close in the first quarter, subject to customary conditions.",
                  "The Gadgetron contract is expected to end in the second quarter.")
    answer = covering.write("For Acme's merger agreement with Widgetco, when is the merger expected to close?", found,
                            ["Acme Corp"], [])
    assert answer is not None and "Widgetco merger" in answer.text and "Gadgetron" not in answer.text


def test_a_part_naming_no_thing_of_its_own_asks_of_the_first_part_s_thing():
    found = _hits("Net cash used in investing activities increased $737 million, primarily due to purchases of "
                  "short-term investments.",
                  "Our engineers work primarily on improvements to the service.")
    question = ("Acme's net cash provided by operating activities jumped in 2024. By how much did it increase, and what "
                "drove the improvement?")
    assert covering.write(question, found, ["Acme Corp"], [2024]) is None
    found = _hits("Net cash provided by operating activities increased $1,634 million in 2024, primarily due to higher "
                  "revenues and lower payments for content assets.", *[h.chunk.text for h in found])
    answer = covering.write(question, found, ["Acme Corp"], [2024])
    assert answer is not None and "$1,634 million" in answer.text and "investing" not in answer.text


CORNING = "financebench/pdfs/CORNING_2021_10K.pdf"


def test_a_line_the_vocabulary_has_no_measure_for_is_read_as_printed_over_the_measure_named(services):
    vocab = services.vocabulary
    target = read_target("What were Corning's research, development and engineering expenses as a percentage of net "
                         "sales in FY2021?", vocab, ["Corning"])
    assert target is not None and target.unresolved is None
    assert target.formula == "line_research_development_and_engineering_expenses / revenue"
    # (words of another measure inside the line's own, "content assets", are the line's, not total assets)
    target = read_target("What was Netflix's amortization of content assets as a percentage of revenues in FY2022?",
                         vocab, ["Netflix"])
    assert target is not None and target.formula == "line_amortization_of_content_assets / revenue"
    # a measure the vocabulary knows is its own formula still
    target = read_target("What was Acme's selling, general and administrative expense as a percentage of revenue in "
                         "FY2021?", vocab, ["Acme"])
    assert target is not None and target.formula == "sga / revenue"


def test_the_line_over_the_measure_is_computed_from_the_statement_rows(services):
    chunks = filing(CORNING)
    pages = sorted({c.page for c in chunks if "Research, development and engineering expenses" in c.text
                    and "Net sales" in c.text})
    answer = ask("What were Corning's research, development and engineering expenses as a percentage of net sales in "
                 "FY2021? Round to one decimal place. Base your answer on the consolidated statements of income.",
                 chunks, pages, services)
    assert answer.status == "answered", answer.text
    assert "7.1%" in answer.text and "$995.0M / $14,082.0M" in answer.text, answer.text


# stop 69's review: what covering must never quote


def test_a_deal_agreed_is_no_deal_done():
    found = _hits("In January 2024, we entered into a definitive agreement to acquire Widgetco for a purchase price of "
                  "$300 million, subject to regulatory approvals.")
    assert covering.write("When did Acme close the acquisition of Widgetco, and what was the purchase price?", found,
                          ["Acme Corp"], [2024]) is None


def test_a_part_is_not_answered_by_a_sentence_on_another_named_thing():
    found = _hits("In March 2024 we acquired Widgetco for total consideration of $120 million in cash.",
                  "We recorded $80 million of goodwill in connection with the Gadgetron acquisition in 2024.")
    assert covering.write("What was the total consideration Acme paid for the Widgetco acquisition in 2024, and how "
                          "much goodwill did it record?", found, ["Acme Corp"], [2024]) is None
    found = _hits("As of December 31, 2024, we had approximately 9,000 employees, of which 3,000 were in Europe.",
                  "Approximately 1,200 of our employees in Mexico are represented by unions.")
    assert covering.write("How many employees did Acme have in Europe in 2024, and how many of them were unionized?",
                          found, ["Acme Corp"], [2024]) is None


def test_one_word_of_the_question_is_no_topic():
    found = _hits("We have approximately 500 patent applications pending worldwide.",
                  "Our key patents expire between 2027 and 2031.")
    assert covering.write("How many patents does Acme hold, and when do its key patents expire?", found, ["Acme Corp"],
                          []) is None


def test_an_undated_sentence_is_of_its_filing_s_year():
    found = _hits("Approximately 3,000 of our employees are located in Europe.",
                  "Approximately 2,000 of our employees are located in Asia.")
    question = "How many employees did Acme have in Europe in {}, and how many were in Asia?"
    assert covering.write(question.format(2022), found, ["Acme Corp"], [2022]) is None
    assert covering.write(question.format(2024), found, ["Acme Corp"], [2024]) is not None


def test_a_balance_sheet_line_printed_twice_is_not_read_over_a_balance(services):
    # (deferred revenue is printed under current and non-current liabilities: the first row is half of it)
    target = read_target("What was Adobe's deferred revenue as a percentage of total liabilities in FY2022?",
                         services.vocabulary, ["Adobe"])
    assert target is None or target.unresolved is not None or "line_deferred_revenue" not in target.formula
    target = read_target("What was Adobe's deferred revenue as a percentage of revenue in FY2022?", services.vocabulary,
                         ["Adobe"])
    assert target is None or target.unresolved is not None


def test_the_thing_a_count_asks_counted_as_such_is_a_topic_of_its_own():
    found = _hits("Each of our 61,200 full- and part-time employees in 44 countries make an important contribution.")
    answer = covering.write("How many employees did Acme have in 2024?", found, ["Acme Corp"], [2024])
    assert answer is not None and "61,200" in answer.text
    found = _hits("We have approximately 500 patent applications pending worldwide.")
    assert covering.write("How many patents did Acme have in 2024?", found, ["Acme Corp"], [2024]) is None


def test_a_quoted_legal_name_is_no_thing_a_sentence_must_name():
    found = _hits("In 2024, we received cash proceeds of $1.1 billion in the aggregate from the sales of shares in "
                  "Widgetco, Gadgetron and Sprocketly.")
    answer = covering.write('From the sales of shares in which companies did "Acme Corp" receive cash proceeds of $1.1 '
                            "billion in the aggregate in 2024?", found, ["Acme Corp"], [2024])
    assert answer is not None and "Sprocketly" in answer.text


NIKE_2022 = "financebench/pdfs/NIKE_2022_10K.pdf"


def test_a_measure_asked_again_of_another_year_is_read_for_each_year(services):
    chunks = filing(NIKE_2022)
    pages = sorted({c.page for c in chunks if "Demand creation expense" in c.text and "Revenues" in c.text})
    answer = ask("What was NIKE's demand creation expense as a percentage of revenues in fiscal 2022 (year ended May 31, "
                 "2022), and what was it in fiscal 2021? Round each to one decimal place. Base your answer on the "
                 "consolidated statements of income.", chunks, pages, services)
    assert answer.status == "answered", answer.text
    assert "8.2%" in answer.text and "7.0%" in answer.text, answer.text


def test_a_sentence_s_dates_are_no_table_figures_and_a_share_asked_is_how_a_figure_is_asked():
    found = _hits("As of December 31, 2024, we employed approximately 79,000 people worldwide, with approximately 29,000 "
                  "based in the U.S. Women compose approximately 49% of our global workforce, and approximately 34% of "
                  "our U.S. workforce.")
    answer = covering.write("How many people did Acme employ worldwide at the end of 2024, how many were based in the "
                            "U.S., and what share of its global workforce were women?", found, ["Acme Corp"], [2024])
    assert answer is not None and "79,000" in answer.text and "49%" in answer.text
