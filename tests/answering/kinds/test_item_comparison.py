"""Is A more X than B: two rows of the table whose heading names the measure, in the asked year,
and how both moved across the asked years (Apple's FY2020 10-K)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask, filing

_ASKED = ("Is Apple's Services business more profitable than its Products business on a gross margin basis, and how "
          "did the two gross margin percentages move from fiscal 2018 to fiscal 2020?")


@pytest.fixture(scope="module")
def apple():
    return filing("financebench-extra/pdfs/APPLE_2020_10K.pdf")


def _pages(chunks):
    return sorted({c.page for c in chunks if "Gross margin percentage:" in c.text})


def test_more_profitable_compares_the_two_rows_of_percents_under_the_bases_heading(apple, services):
    # p.26: "Gross margin:" Products $ 69,461 / Services 35,495 (amounts: Products higher), then "Gross margin
    # percentage:" Products 31.5 % / Services 66.0 %: profitability is the rate
    written = ask(_ASKED, apple, _pages(apple), services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Yes: the gross margin percentage of Services was 66.0% in 2020, above the 31.5% "
                                   "of Products"), written.text
    assert "Services: 60.8% (2018) → 63.7% (2019) → 66.0% (2020), up 5.2 points" in written.text
    assert "Products: 34.4% (2018) → 32.2% (2019) → 31.5% (2020), down 2.9 points" in written.text
    assert {c.quote for c in written.citations} >= {"Products 31.5 % 32.2 % 34.4 %", "Services 66.0 % 63.7 % 60.8 %"}


def test_no_comparison_is_read_where_the_table_lacks_an_asked_year_or_item(apple, services):
    for asked in (_ASKED.replace("fiscal 2018", "fiscal 2016"), _ASKED.replace("Products business", "Wearables business")):
        written = ask(asked, apple, _pages(apple), services)
        assert "Gross margin percentage:" not in written.text, written.text


def test_more_or_less_across_two_years_is_read_from_the_measures_line_in_both(services):
    # Oracle's FY2020 10-K p.75, cash flow statement: "Payments for repurchases of common stock (19,240)
    # (36,140) (11,347)": no sentence says "less", the line in the two asked years does
    oracle = filing("financebench-extra/pdfs/ORACLE_2020_10K.pdf")
    pages = sorted({c.page for c in oracle if "Payments for repurchases of common stock (19,240)" in c.text})
    written = ask("Did Oracle return more or less cash to shareholders through buybacks in fiscal 2020 than in "
                  "fiscal 2019?", oracle, pages, services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("Less: share repurchases were $19,240.00 million in FY2020, against "
                                   "$36,140.00 million in FY2019"), written.text
    # no two years compared: nothing to read across years
    once = ask("Did Oracle return more or less cash to shareholders through buybacks in fiscal 2020?", oracle, pages,
               services)
    assert not once.text.startswith(("Less", "More")), once.text
