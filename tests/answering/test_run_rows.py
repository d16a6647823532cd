"""Statement rows a PDF text layer runs together: split back only where the table's own column
count says where each row ends (answering.numbers.run_rows, header_then_row)."""

from __future__ import annotations

from answering.numbers import header_then_row, run_rows


def test_rows_run_together_are_split_where_each_has_the_tables_column_count():
    line = ("Less accumulated depreciation 6,091 6,996 Net property and equipment 2,250 2,260 Goodwill 1,384 986 "
            "Total assets $ 17,504 $ 19,067")
    assert run_rows(line, 2) == ["Less accumulated depreciation 6,091 6,996", "Net property and equipment 2,250 2,260",
                                 "Goodwill 1,384 986", "Total assets $ 17,504 $ 19,067"]


def test_a_label_with_figures_or_a_row_with_more_amounts_is_left_as_it_is():
    assert run_rows("Preferred stock, $1.00 par value 5 5 Other 3 3", 2) is None
    assert run_rows("Revenue 5 4 3 Cost 2 2 2", 2) is None  # three amounts a row: not a two-column table
    assert run_rows("Receivables, net 1,042 1,061", 2) is None  # one row is no run


def test_a_note_reference_after_the_last_row_is_no_amount():
    rows = run_rows("Short-term debt - 110 Long-term debt 1,216 1,253 Contingencies and commitments (Note 13) Equity", 2)
    assert rows == ["Short-term debt - 110", "Long-term debt 1,216 1,253", "Contingencies and commitments (Note 13) Equity"]


def test_a_header_run_into_the_first_row_is_the_header_then_the_row():
    line = ("$ and shares in millions, except per share amounts Fiscal Years Ended January 29, 2022 January 30, 2021 "
            "February 1, 2020 Revenue $ 51,761 $ 47,262 $ 43,638")
    assert header_then_row(line) == ([2022, 2021, 2020], "Revenue $ 51,761 $ 47,262 $ 43,638")
    assert header_then_row("Revenue $ 51,761 $ 47,262 $ 43,638") is None


def test_a_header_of_bare_years_run_into_the_first_row_is_the_header():
    # Netflix's FY2022 10-K cash flow statement, p.42: the years, a caption and the first row on one line
    line = "2022 2021 2020 Cash flows from operating activities: Net income $ 4,491,924 $ 5,116,228 $ 2,761,395"
    assert header_then_row(line) == ([2022, 2021, 2020],
                                     "Cash flows from operating activities: Net income $ 4,491,924 $ 5,116,228 $ 2,761,395")
    assert header_then_row("2022 2021 2020") is None  # a header alone is read as one
