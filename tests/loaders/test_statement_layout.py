"""Statement rows of non-US annual reports: a "Note" column, "£'000"-style unit cells,
day-first year ends, titles of IFRS statements; read from real shared reports (parse only)."""

from __future__ import annotations

import pytest

from finrag.models import Fact
from loaders.document import read_document
from loaders.facts import extract_facts, statement_kind
from loaders.statement_layout import has_note_column, statement_unit, without_note
from tests.conftest import SHARED

MERCIA = SHARED / "erc-round1" / "pdfs" / "ac9aa244462c80705c3ff046542c02c459989742.pdf"
ETHERNITY = SHARED / "filings-wild" / "pdfs" / "EthernityNetworks_2022_AnnualReport.pdf"


def _facts(path) -> list[Fact]:
    if not path.is_file():
        pytest.skip(f"{path} not present")
    meta, pages = read_document(path)
    return extract_facts(meta, pages)


@pytest.fixture(scope="module")
def mercia_facts() -> list[Fact]:
    return _facts(MERCIA)


@pytest.fixture(scope="module")
def ethernity_facts() -> list[Fact]:
    return _facts(ETHERNITY)


def _revenue(facts: list[Fact]) -> dict[int, Fact]:
    return {f.fiscal_year: f for f in facts if f.metric == "revenue"}


def test_uk_statement_of_comprehensive_income_gives_both_years_in_thousands_of_pounds(mercia_facts):
    # Mercia p.76: "Note / Year ended / 31 March / 2022 / £’000 / ... 2021 / £’000",
    # then "Revenue 3 23,183 23,410": 3 is note 3, 23,410 is the FY2021 comparative.
    revenue = _revenue(mercia_facts)
    assert revenue[2022].value == pytest.approx(23.183) and revenue[2021].value == pytest.approx(23.410)
    assert {revenue[y].currency for y in (2021, 2022)} == {"GBP"}
    assert {revenue[y].table_scale for y in (2021, 2022)} == {"thousands"}
    assert revenue[2022].page == 76 and revenue[2022].source_text == "Revenue 3 23,183 23,410"
    assert all(f.value != 3 and f.value != pytest.approx(0.003) for f in mercia_facts)


def test_israeli_aim_report_in_us_dollars_reads_revenue_under_a_multi_note_reference(ethernity_facts):
    # Ethernity p.30: the page's top names two statements (a running header), the unit is a
    # "US dollars" line (whole dollars) and the revenue row's note cell is "17,27".
    revenue = _revenue(ethernity_facts)
    assert revenue[2022].value == pytest.approx(2.937424) and revenue[2021].value == pytest.approx(2.635420)
    assert revenue[2022].currency == "USD" and revenue[2022].table_scale == "units"


@pytest.mark.parametrize(("header", "scale", "currency"), [
    ("Note Year ended 31 March 2022 £’000", "thousands", "GBP"),
    ("Notes 2022 €m 2021 €m", "millions", "EUR"),
    ("US$'000", "thousands", "USD"),
    ("(in thousands of Canadian dollars, except share and per share information)", "thousands", "CAD"),
    ("(In millions, except per share data)", "millions", None),  # a bare US "$" names no currency
    ("Rs. in crore", "crores", "INR"),
    ("CHF000 Notes 2022 2021", "thousands", "CHF"),
    # a currency named elsewhere on the page is not the table's
    ("(In millions)\n2022 2021\nSales of euro-denominated notes 5 4", "millions", None),
])  # fmt: skip
def test_the_unit_line_gives_scale_and_currency(header, scale, currency):
    unit = statement_unit(header)
    assert unit is not None and (unit.scale, unit.currency) == (scale, currency)


def test_a_note_heading_is_a_header_cell_not_prose():
    assert has_note_column(["Note"]) and has_note_column(["For the years ended December 31, Note 2022 2021"])
    assert not has_note_column(["Notes to the consolidated financial statements"])
    assert not has_note_column(["see note 3 for details"])


def test_a_leading_small_integer_is_dropped_only_under_a_note_heading_and_only_when_one_too_many():
    assert without_note([3, 23183, 23410], ["3", "23,183", "23,410"], 2, True) == [23183, 23410]
    assert without_note([3, 23183, 23410], ["3", "23,183", "23,410"], 2, False) is None
    assert without_note([1200, 23183, 23410], ["1,200", "23,183", "23,410"], 2, True) is None
    assert without_note([23183, 23410], ["23,183", "23,410"], 2, True) == [23183, 23410]


def test_a_us_style_comprehensive_income_statement_without_revenue_is_not_the_income_statement():
    from finrag.models import Page

    page = Page(number=0, text="Consolidated Statements of Comprehensive Income\n(in millions)\n2022 2021\n"
                               "Net income $ 100 $ 90\nForeign currency translation (5) 3\n"
                               "Comprehensive income $ 95 $ 93\n")
    assert statement_kind(page) is None


def test_a_footnote_marker_after_the_label_is_no_column():
    # "Dividends declared per common share (2) 1.82 1.55": one digit in parentheses, one cell too many
    assert without_note([-2, 1.82, 1.55], ["(2)", "1.82", "1.55"], 2, False) == [1.82, 1.55]
    # a row of small bracketed amounts prints its cells alike: which one is a marker is not told
    assert without_note([-2, -1, -1], ["(2)", "(1)", "(1)"], 2, False) is None
    assert without_note([-20, 1.82, 1.55], ["(20)", "1.82", "1.55"], 2, False) is None
