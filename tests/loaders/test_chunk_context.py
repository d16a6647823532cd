"""A table split over chunks repeats its column header above the rows that run on.

Real filing: EBAY_2023Q1_EARNINGS (financebench-extra). Its supplemental operating data prints
the header one date per line ("Three Months Ended" / "March 31," / "2023" / "December 31," /
"2022" ...) over five quarter columns; the GMV rows fall into the next chunk.
"""

from __future__ import annotations

import pytest

from finrag.models import LoadedDocument
from loaders.document import load_document


@pytest.fixture(scope="module")
def release(financebench_extra_dir) -> LoadedDocument:
    return load_document(financebench_extra_dir / "pdfs" / "EBAY_2023Q1_EARNINGS.pdf")


def test_a_header_printed_one_date_per_line_is_repeated_whole(release):
    chunk = next(c for c in release.chunks if "Total Gross Merchandise Volume $ 18,410" in c.text)
    header = chunk.text.split("Total Gross Merchandise Volume")[0]
    # every column's date, in order: the last lines alone ("2022 2022 2022") place no column
    assert "March 31, 2023 December 31, 2022 September 30, 2022 June 30, 2022 March 31, 2022" in header


def test_a_footnote_marker_between_rows_does_not_replace_the_header():
    from loaders.chunking import _fragment

    assert _fragment("March 31,") and _fragment("2023")
    assert not _fragment("(1)") and not _fragment("45") and not _fragment("12")


def test_a_currency_cell_naming_whole_units_is_a_column_header_repeated_over_the_rows_that_run_on():
    from loaders.lines import is_column_header

    assert is_column_header("US dollars") and is_column_header("($) ($)")  # Ethernity's and Canadian Banc's
    assert not is_column_header("$")  # a row's dollar sign on a line of its own
    assert not is_column_header("Revenue 2,937,424 2,635,420")


def test_a_statement_in_whole_units_keeps_its_unit_line_in_every_chunk(filings_wild_dir):
    # Ethernity Networks' FY2022 statements print "US dollars" over the columns and no scale; a chunk of the
    # balance sheet's lower rows must still say so, or its amounts are read as millions
    document = load_document(filings_wild_dir / "pdfs" / "EthernityNetworks_2022_AnnualReport.pdf")
    chunk = next(c for c in document.chunks if "Current liabilities 4,172,982" in c.text)
    assert "US dollars" in chunk.text.split("Current liabilities 4,172,982")[0]
