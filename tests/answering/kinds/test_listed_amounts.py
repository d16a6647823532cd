"""A question that lists several amounts of corporate actions (a capital return program's new
size, the repurchase authorization, the quarterly dividend, what was spent on buybacks and
dividends) is answered by the sentence that states each, dated as asked, or not at all
(answering.kinds.listed_amounts); and a cash flow statement's repurchase row is read however the
filer words it (the payment, the stock or the shares). Apple's and Oracle's real 10-Ks."""

from __future__ import annotations

from answering.aspects import Aspect, read_aspect
from answering.kinds import listed_amounts
from finrag.vocabulary import load_vocabulary
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import catalog, filing, hits
from tests.support.pdfs import write_pdf

ENLARGED_2017 = ("How did Apple enlarge its capital return program during fiscal 2017: what were the new total "
                 "program size, share repurchase authorization and quarterly dividend, and how much did it spend on "
                 "buybacks and dividends in the year?")
ENLARGED_2015 = ("What enlargement of its capital return program did Apple announce in fiscal 2015 (new program size, "
                 "share repurchase authorization and quarterly dividend), and how much did it spend on buybacks and "
                 "dividends during fiscal 2015?")


def _write(question: str, chunks, pages: list[int]):
    vocab = load_vocabulary()
    return listed_amounts.write(question, hits(chunks, pages), understand(question, catalog(chunks), vocab), vocab,
                                None)


def test_each_listed_amount_from_the_sentence_that_states_it_in_the_asked_year():
    apple = filing("financebench-extra/pdfs/APPLE_2017_10K.pdf")
    written = _write(ENLARGED_2017, apple, [24, 25])
    assert written is not None and written.status == "answered"
    for stated in ("from $250 billion to $300 billion", "authorization from $175 billion to $210 billion",
                   "from $0.57 to $0.63 per share", "spent $33.0 billion to repurchase", "$12.8 billion"):
        assert stated in written.text, written.text
    # fiscal 2016's highlights on the same page state the same kinds of amounts for another year
    assert "$29.0 billion" not in written.text and "$200 billion to $250 billion" not in written.text
    assert len(written.citations) == 3


def test_a_list_in_brackets_is_read_as_the_items_asked():
    apple = filing("financebench-extra/pdfs/APPLE_2015_10K.pdf")
    written = _write(ENLARGED_2015, apple, [24, 33])
    assert written is not None, "every item is stated on the highlights page"
    assert "to $200 billion" in written.text and "to $0.52 per share" in written.text
    assert "spent $36.0 billion" in written.text and "$11.6 billion" in written.text


def test_an_item_no_sentence_states_leaves_the_question_to_its_refusal():
    apple = filing("financebench-extra/pdfs/APPLE_2017_10K.pdf")
    # fiscal 2017 had no stock split: the share count's change is stated nowhere
    assert _write("What changes to its share repurchase authorization, dividend and share count did Apple announce "
                  "during fiscal 2017, and how much did it spend on buybacks and dividends?", apple, [24, 25]) is None


PROGRAM_NOTE = (
    "CONTOSO CORPORATION\nFORM 10-K\nFor the fiscal year ended December 31, 2023\n"
    "Capital Return Program\n"
    "In May 2023, the Board of Directors of Contoso Corporation increased the total capital return program from\n"
    "$50 billion to $60 billion, which included an increase in the share repurchase authorization from $35 billion to\n"
    "$42 billion. The Board also raised the quarterly cash dividend from $0.20 to $0.25 per share, beginning in June\n"
    "2023. As of December 31, 2023, $33 billion of the share repurchase program had been utilized.\n")
SPENT = "During 2023, Contoso Corporation spent $9.5 billion to repurchase shares of its common stock.\n"
ENLARGED = ("How did Contoso enlarge its capital return program in fiscal 2023: what were the new share repurchase "
            "authorization, quarterly dividend and total capital return program, and how much did it spend on buybacks?")


def test_a_programs_balance_at_a_date_is_no_amount_spent_in_the_year(tmp_path):
    # "As of December 31, 2023, $33 billion of the share repurchase program had been utilized": the
    # program's whole use since it began, not the year's buybacks
    from loaders.document import load_document

    note = load_document(str(write_pdf(tmp_path / "note.pdf", [PROGRAM_NOTE]))).chunks
    assert _write(ENLARGED.replace(", and how much did it spend on buybacks", ""), note, [0]) is not None
    assert _write(ENLARGED, note, [0]) is None
    spent = load_document(str(write_pdf(tmp_path / "spent.pdf", [PROGRAM_NOTE + SPENT]))).chunks
    written = _write(ENLARGED, spent, [0])
    assert written is not None and "spent $9.5 billion" in written.text and "$33 billion" not in written.text


def test_items_that_are_statement_lines_are_left_to_the_metric_path():
    vocab = load_vocabulary()
    assert listed_amounts.listed_items("What were Apple's revenue, operating income and net income in 2019?",
                                       ["Apple"], vocab) == []
    items = listed_amounts.listed_items(ENLARGED_2017, ["Apple"], vocab)
    assert [(i.words, i.spent) for i in items] == [
        ("new total program size", False), ("share repurchase authorization", False), ("quarterly dividend", False),
        ("buybacks", True), ("dividends", True)]


def test_a_repurchase_row_worded_as_the_payment_is_the_share_repurchases():
    oracle = filing("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    readings = [r for c in oracle if c.page == 72
                if (r := read_aspect(c, Aspect(company=c.company, fiscal_year=2019, metric="share_repurchases")))]
    assert readings and readings[0].value == 36140.0, readings
    assert "Payments for repurchases of common stock" in readings[0].quote


CHARGES = ("What restructuring charges did McDonald's record in the first quarter of 2023, for which initiative, and "
           "what was diluted EPS with and without them?")


def test_a_charge_what_it_was_for_and_earnings_with_and_without_it():
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2023Q1_EARNINGS.pdf")
    written = _write(CHARGES, mcdonalds, [0, 1])
    assert written is not None, "the release states each part"
    # the charge in money, with what it was for (its "$0.18 per share" is its effect on earnings);
    # the bullet is read without the next list's lead-in ("Results for 2022 included the following:")
    assert "Pre-tax restructuring charges of $180 million, or $0.18 per share, related to Accelerating the " \
           "Organization\"" in written.text, written.text
    assert "Diluted earnings per share was $2.45" in written.text  # as reported
    assert "Excluding $0.18 per share" in written.text and "was $2.63" in written.text  # without them
    assert "$127 million" not in written.text  # 2022's charges, under 2022's lead-in


def test_earnings_without_the_charge_must_be_stated_too():
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2023Q1_EARNINGS.pdf")
    # the key metrics table and the 2023 items alone: no sentence gives diluted EPS excluding the charges
    assert _write(CHARGES, mcdonalds, [1]) is None


def test_the_writer_gives_every_checked_item_though_the_ask_words_are_not_the_filings(services):
    # "record", "initiative": the ask's words, which no sentence repeats; each item was checked by
    # the reader, so the part gates do not refuse it for them
    from tests.answering.kinds.conftest import ask

    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_2023Q1_EARNINGS.pdf")
    written = ask(CHARGES, mcdonalds, [0, 1], services)
    assert written.status == "answered", written.text
    assert "$180 million" in written.text and "$2.45" in written.text and "$2.63" in written.text
