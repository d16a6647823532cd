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
