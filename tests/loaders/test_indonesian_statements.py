"""Statements printed in Indonesian (PSAK) are read like English ones: PT Adhi Karya's own
filings (shared filings-wild), read whole (parse only, no store).

- FY2009 annual report: Indonesian only, numbers written the continental way, "(Dinyatakan dalam
  Rupiah Penuh)" (whole rupiah), a "Catatan" (notes) column, a net income the text layer cut
  ("Laba bersih 165.529.733.25 2 81.482.495.008") and an EPS block that repeats "Laba bersih".
- FY2013 annual report: bilingual, every row labelled on both sides of its amounts
  ("LABA BERSIH TAHUN BERJALAN 408,437,913,454 213,317,532,467 NET INCOME FOR THE YEAR").
- Q2 2012 interim report (filed as no 10-Q): six-month columns, a June 30 balance sheet.
"""

from __future__ import annotations

import pytest

from finrag.models import Fact
from finrag.vocabulary import load_vocabulary, parse_vocabulary
from loaders.document import read_document
from loaders.facts import extract_facts
from loaders.page_tags import page_tags
from loaders.sections import line_sections
from loaders.statement_layout import has_note_column, statement_unit
from tests.conftest import FILINGS_WILD

PDFS = FILINGS_WILD / "pdfs"


def _read(name: str):
    path = PDFS / name
    if not path.is_file():
        pytest.skip(f"{path} not present")
    return read_document(path)


@pytest.fixture(scope="module")
def fy2009():
    return _read("AdhiKarya_2009_AnnualFinancialStatements.pdf")


@pytest.fixture(scope="module")
def fy2013():
    return _read("AdhiKarya_2013_AnnualFinancialStatements.pdf")


def _facts(read) -> dict[tuple[str, int], Fact]:
    meta, pages = read
    return {(f.metric, f.fiscal_year): f for f in extract_facts(meta, pages) if f.period == "FY"}


def test_indonesian_statement_rows_give_facts_in_whole_rupiah(fy2009):
    # p.7 "Pendapatan usaha 2m,41 7.714.613.580.798 6.639.941.610.900", p.5 "Jumlah Aset lancar
    # 5.204.366.361.603", p.6 "Jumlah ekuitas 731.199.659.939", all "(Dinyatakan dalam Rupiah Penuh)"
    facts = _facts(fy2009)
    assert facts[("revenue", 2009)].value == pytest.approx(7_714_613.580798)
    assert facts[("revenue", 2008)].value == pytest.approx(6_639_941.6109)
    assert facts[("current_assets", 2009)].value == pytest.approx(5_204_366.361603)
    assert facts[("current_liabilities", 2009)].value == pytest.approx(4_352_268.432391)
    assert facts[("equity", 2009)].value == pytest.approx(731_199.659939)
    assert facts[("pretax_income", 2009)].value == pytest.approx(331_773.348809)
    assert facts[("revenue", 2009)].currency == "IDR" and facts[("revenue", 2009)].table_scale == "units"


def test_a_number_the_text_layer_cut_is_read_whole_and_the_eps_row_is_not_net_income(fy2009):
    # "Laba bersih 165.529.733.25 2 81.482.495.008": read apart, the FY2009 column would hold "2";
    # "Laba bersih 94,20 46,04" under "Laba per lembar saham dasar" is rupiah per share
    facts = _facts(fy2009)
    assert facts[("net_income", 2009)].value == pytest.approx(165_529.733252)
    assert facts[("net_income", 2008)].value == pytest.approx(81_482.495008)


def test_current_tax_alone_is_not_the_income_tax_expense(fy2009):
    # "Beban Pajak Penghasilan (156.787.818.519)" is the current tax, a deferred tax row follows and
    # no total is printed: the statement names no income tax expense line of its own
    facts = _facts(fy2009)
    assert ("pretax_income", 2009) in facts and ("income_tax", 2009) not in facts


def test_bilingual_statement_rows_are_read_by_either_label(fy2013):
    facts = _facts(fy2013)
    assert facts[("net_income", 2013)].value == pytest.approx(408_437.913454)
    assert facts[("current_liabilities", 2012)].value == pytest.approx(5_852_574.120387)
    assert facts[("operating_cash_flow", 2013)].value == pytest.approx(562_062.507571)
    # "Total Ekuitas 1,548,462,792,571 ... Total Equity", not "Kepentingan Non Pengendali" above it
    assert facts[("equity", 2013)].value == pytest.approx(1_548_462.792571)


def test_an_interim_report_gives_no_fiscal_year_facts():
    # "Untuk Periode Enam Bulan yang Berakhir 30 Juni 2012": its statements are read (tagged), but
    # their columns are six months and a June balance sheet, no fiscal year's figures
    meta, pages = _read("AdhiKarya_2012_FinancialStatements_Q2.pdf")
    texts = [p.text for p in pages]
    assert page_tags(texts, line_sections(texts))["balance_sheet"] == [3, 4]
    assert not [f for f in extract_facts(meta, pages) if f.period == "FY"]


def test_indonesian_statement_titles_tag_their_pages(fy2009):
    _, pages = fy2009
    texts = [p.text for p in pages]
    tags = page_tags(texts, line_sections(texts))
    assert tags["balance_sheet"] == [4, 5] and tags["income_statement"] == [6] and tags["cash_flow"] == [8]


def test_statement_layout_reads_the_notes_column_and_whole_units():
    assert has_note_column(["Catatan 2009 2008 *)"]) and has_note_column(["Catatan/ 2013 2012"])
    assert not has_note_column(["Catatan atas laporan keuangan merupakan bagian"])
    unit = statement_unit("(Dalam Rupiah Penuh)")
    assert unit is not None and unit.scale == "units" and unit.factor == 1.0 and unit.currency == "IDR"
    assert statement_unit("(In Full of Rupiah)").scale == "units"


def test_the_language_table_words_metrics_in_questions_and_rows():
    vocab = load_vocabulary()
    assert vocab.match_metrics("net profit (laba bersih) / operating revenues (pendapatan usaha)") == [
        "net_income", "revenue"]
    assert vocab.match_metrics("Jumlah aset lancar") == ["current_assets"]
    assert vocab.statement_words().months["desember"] == 12


def test_a_language_table_naming_an_unknown_metric_fails_loudly():
    bad = ("statements: {income_statement: {label: I, definition: d}}\n"
           "metrics: {}\nlanguages: {id: {label: Indonesian, metrics: {laba: [laba bersih]}}}\n")
    with pytest.raises(ValueError, match="unknown base metric"):
        parse_vocabulary(bad)


def _income_statement_facts(*lines: str) -> dict[tuple[str, int], float]:
    """(metric, year) -> value of one income statement page of these lines, fiscal year 2023."""
    from finrag.models import Page
    from loaders.facts import page_facts

    page = Page(number=0, text="\n".join(lines))
    return {(f.metric, f.fiscal_year): f.value for f, _ in page_facts(page, "income_statement", "Acme", "acme", 2023)}


def test_two_rows_run_together_are_no_bilingual_row():
    # a page whose rows carry a label after their amounts is read as bilingual; a row whose label
    # after the amounts names another line item is two rows run together and read as neither
    facts = _income_statement_facts(
        "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In millions)", "2023 2022",
        "Total revenues 5,000 4,800 Cost of revenues",
        "Laba kotor 1,200 1,100 Gross profit",
        "Laba usaha 700 650 Operating income",
        "Laba bersih 400 380 Net income",
    )
    assert facts[("gross_profit", 2023)] == pytest.approx(1200) and facts[("net_income", 2022)] == pytest.approx(380)
    assert ("revenue", 2023) not in facts and ("cost_of_revenue", 2023) not in facts


def test_a_bilingual_report_in_whole_dollars_is_read_by_its_english_labels():
    """Bayan Resources' 2024 report prints each statement under the bilingual note that the notes are part of
    it (the title comes after), "(Expressed in United States Dollars)" with no scale word (whole dollars), and
    Indonesian labels the vocabulary does not hold before the amounts ("Pendapatan 22 3,446,214,954 3,581,375,403
    Revenue"): the English label after them names the line."""
    meta, pages = _read("BayanResources_2024_AnnualReport.pdf")
    facts = {(f.metric, f.fiscal_year): f for f in extract_facts(meta, pages)}
    assert facts[("revenue", 2024)].value == pytest.approx(3_446.214954)
    assert facts[("pretax_income", 2024)].value == pytest.approx(1_205.522529)
    assert facts[("income_tax", 2024)].value == pytest.approx(-262.147463)
    assert facts[("revenue", 2024)].currency == "USD"
    assert statement_unit("(Expressed in United States Dollars)").scale == "units"
    assert statement_unit("(Expressed in thousands of United States Dollars)").scale == "thousands"
    # a scale marked some other way than the patterns read ("in 000s", "000s omitted", "in MM") is no whole units
    for header in ("(Expressed in US dollars)\n(in 000s)", "(000s omitted) Expressed in U.S. dollars",
                   "Amounts expressed in U.S. dollars, in MM"):
        assert statement_unit(header) is None, header


def test_a_line_two_rows_name_only_after_their_amounts_is_read_from_neither():
    # one label after the amounts names its row's line; two rows whose labels before them name nothing, each
    # followed by "Cost of revenue", leave which is the line unsettled (a label printed out of line)
    facts = _income_statement_facts(
        "CONSOLIDATED STATEMENTS OF PROFIT OR LOSS", "(In millions)", "2023 2022",
        "Pendapatan 5,000 4,800 Revenue",
        "Biaya operasi 3,000 2,900 Cost of revenue",
        "Penghasilan lain-lain 50 40 Cost of revenue",
        "Laba tahun berjalan 400 380 Profit for the year",
    )
    assert facts[("revenue", 2023)] == pytest.approx(5000) and facts[("net_income", 2023)] == pytest.approx(400)
    assert ("cost_of_revenue", 2023) not in facts
