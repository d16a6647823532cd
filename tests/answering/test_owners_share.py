"""The owners' share of a split profit is read from the row under the split's heading, trusted only when it and
the minority's row add up to the whole (the statement's own arithmetic)."""

from __future__ import annotations

from answering.owners_share import split_of
from tests.answering.kinds.conftest import ask, filing

WHOLE = "Profit for the year 408,437 213,317"
STATEMENT = f"""Income tax expense (305,926) (209,997)
{WHOLE}
Other comprehensive income 1,423 333
Profit attributable to:
Owners of the parent 405,976 211,590
Non-controlling interests 2,461 1,727
Total comprehensive income attributable to:
Owners of the parent 407,400 211,923
Non-controlling interests 2,461 1,727"""


def test_the_owners_row_under_the_split_heading_at_the_column_read():
    split = split_of(STATEMENT, WHOLE, 408.437)  # read in thousands as millions
    assert split is not None and split.owners is not None
    assert round(split.owners.value, 3) == 405.976 and split.owners.quote == "Owners of the parent 405,976 211,590"
    prior = split_of(STATEMENT, WHOLE, 213317)
    assert prior is not None and prior.owners is not None and prior.owners.value == 211590


def test_no_split_printed_is_the_whole_and_rows_that_do_not_add_up_are_no_split_read():
    assert split_of(f"{WHOLE}\nEarnings per share 1.20 0.90", WHOLE, 408437) is None
    wrong = STATEMENT.replace("Non-controlling interests 2,461 1,727\nTotal", "Non-controlling interests 9,999 1,727\nTotal")
    split = split_of(wrong, WHOLE, 408437)
    assert split is not None and split.owners is None


def test_a_margin_defined_on_the_owners_share_reads_their_row_of_a_bilingual_statement(services):
    # Adhi Karya's FY2013 statements: "LABA BERSIH TAHUN BERJALAN 408,437,913,454 ..." then, under "KEPADA NET
    # INCOME ATTRIBUTABLE TO", "Pemilik Entitas Induk 46 405,976,801,046 ... Owners of The Parent" (a note's "46")
    adhi = filing("filings-wild/pdfs/AdhiKarya_2013_AnnualFinancialStatements.pdf")
    question = ("What is Adhi Karya's FY2013 net profit margin? Define net profit margin as: net income attributable to "
                "owners of the parent / revenues. Answer in units of percents and round to one decimal place.")
    written = ask(question, adhi, [7], services)
    assert written.status == "answered" and "4.1%" in written.text and "405,976.8M" in written.text, written.text
    # the same margin on the whole profit keeps the profit line
    whole = ask(question.replace("net income attributable to owners of the parent", "net income"), adhi, [7], services)
    assert "408,437.9M" in whole.text, whole.text



def test_the_us_layout_prints_the_owners_share_as_one_row_under_the_whole(services):
    # PepsiCo's FY2022 10-K (p.62): "Net income 8,978", "Less: Net income attributable to noncontrolling interests 68",
    # "Net Income Attributable to PepsiCo $ 8,910"
    pepsico = filing("financebench/pdfs/PEPSICO_2022_10K.pdf")
    written = ask("What is PepsiCo's FY2022 net profit margin? Define it as net income attributable to shareholders of "
                  "the company / revenue. Answer in percent, one decimal.", pepsico, [61], services)
    assert written.status == "answered" and "$8,910.0M" in written.text and "10.3%" in written.text, written.text


def test_a_per_share_heading_and_a_minority_row_first_are_no_owners_share():
    per_share = f"{WHOLE}\nNet income per common share attributable to\nAcme:\nBasic 1.20 0.90\nDiluted 1.19 0.89"
    assert split_of(per_share, WHOLE, 408437) is None  # the whole stands
    minority_first = STATEMENT.replace("Owners of the parent 405,976 211,590\nNon-controlling interests 2,461 1,727",
                                       "Non-controlling interests 2,461 1,727\nOwners of the parent 405,976 211,590", 1)
    split = split_of(minority_first, WHOLE, 408437)
    assert split is not None and split.owners is not None and split.owners.value == 405976


def test_a_value_is_placed_in_its_closest_column():
    from answering.numbers import column_of

    assert column_of([1234, 1230], 1230) == (1, 1.0)
    assert column_of([408437913454, 213317532467], 408437.913454) == (0, 1e-6)
    assert column_of([100, 200], 150) is None


def test_the_owners_share_is_asked_by_any_owner_but_the_minority():
    from answering.owners_share import ASKS_OWNERS

    assert ASKS_OWNERS.search("net income attributable to PepsiCo / revenue")
    assert ASKS_OWNERS.search("net income attributable to owners of the parent / revenues")
    assert not ASKS_OWNERS.search("net income attributable to noncontrolling interests")
    assert not ASKS_OWNERS.search("net income attributable to non-controlling interests")


def test_a_minority_named_a_few_words_after_attributable_to_is_not_the_owners():
    from answering.owners_share import ASKS_OWNERS

    for minority in ("income attributable to redeemable noncontrolling interests",
                     "attributable to holders of non-controlling interests", "attributable to NCI",
                     "attributable to the Company's noncontrolling interests"):
        assert not ASKS_OWNERS.search(minority), minority
