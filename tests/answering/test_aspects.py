"""Rows read from retrieved chunks at answer time: an IFRS statement's note column and its
"£'000" unit cell, on the chunk FinRAG's own chunker makes of a real UK annual report."""

from __future__ import annotations

import pytest

from answering.aspects import Aspect, read_aspect
from finrag.models import Chunk
from loaders.document import load_document
from tests.conftest import SHARED

MERCIA = SHARED / "erc-round1" / "pdfs" / "ac9aa244462c80705c3ff046542c02c459989742.pdf"


@pytest.fixture(scope="module")
def statement_chunk() -> Chunk:
    """The chunk opening Mercia's consolidated statement of comprehensive income (p.76)."""
    if not MERCIA.is_file():
        pytest.skip(f"{MERCIA} not present")
    doc = load_document(MERCIA)
    return next(c for c in doc.chunks if c.page == 76 and "Revenue 3 23,183 23,410" in c.text)


@pytest.mark.parametrize(("year", "millions"), [(2022, 23.183), (2021, 23.410)])
def test_revenue_of_both_columns_under_a_note_column_in_thousands_of_pounds(statement_chunk, year, millions):
    aspect = Aspect(company=statement_chunk.company, fiscal_year=year, metric="revenue")
    reading = read_aspect(statement_chunk, aspect)
    assert reading is not None and reading.fiscal_year == year
    assert reading.value == pytest.approx(millions)  # not note 3, not the other year's column
    assert (reading.currency, reading.table_scale) == ("GBP", "thousands")
    assert reading.quote == "Revenue 3 23,183 23,410"


def test_a_figure_from_pound_rows_says_pounds(statement_chunk):
    from answering.figures import build_figure
    from finrag.vocabulary import load_vocabulary

    aspect = Aspect(company=statement_chunk.company, fiscal_year=2021, metric="revenue")
    reading = read_aspect(statement_chunk, aspect)
    figure = build_figure(statement_chunk.company, 2021, "revenue", {aspect: reading}, load_vocabulary())
    assert not isinstance(figure, str) and figure.currency == "GBP"


def test_the_citation_of_a_wrapped_header_row_shows_both_years_in_order(statement_chunk):
    from answering.citations import cite

    assert cite(statement_chunk, "Revenue 3 23,183 23,410").columns == ["2022", "2021"]


@pytest.fixture(scope="module")
def patriot_release(filings_wild_dir) -> list[Chunk]:
    """Patriot's FY2023 fourth-quarter release: its income statement is headed "THREE MONTHS ENDED
    TWELVE MONTHS ENDED" over "2023 2022 2023 2022" (in thousands), in every chunk of it."""
    return load_document(filings_wild_dir / "pdfs" / "PatriotTransportation_2023_EarningsRelease_Q4.pdf").chunks


@pytest.mark.parametrize(("metric", "year", "row", "millions"), [
    ("revenue", 2023, "Operating revenues $ 24,217", 94.785), ("revenue", 2022, "Operating revenues $ 24,217", 87.882),
    ("net_income", 2023, "Net income $ 526", 2.673)])
def test_a_fiscal_year_is_read_from_the_twelve_months_columns(patriot_release, metric, year, row, millions):
    # the first column printing 2023 is the fourth quarter's (24,217): a fiscal year's figure is
    # the one under the twelve months' span
    chunk = next(c for c in patriot_release if row in c.text)
    reading = read_aspect(chunk, Aspect(company=chunk.company, fiscal_year=year, metric=metric))
    assert reading is not None and reading.value == pytest.approx(millions)


@pytest.fixture(scope="module")
def bilingual_chunks(bayan_annual_report) -> list[Chunk]:
    """The chunks of an Indonesian annual report's statement of profit or loss (p.165):
    Indonesian label, note, amounts in whole US dollars, English label, on every row."""
    return [c for c in bayan_annual_report.chunks if c.page == 165]


@pytest.mark.parametrize(
    ("metric", "year", "millions"),
    [("revenue", 2024, 3446.214954), ("gross_profit", 2024, 1332.785498), ("gross_profit", 2023, 1664.223263)],
)
def test_a_bilingual_rows_english_label_after_its_amounts_in_whole_dollars_is_read(bilingual_chunks, metric, year,
                                                                                   millions):
    # "Laba bruto 1,332,785,498 1,664,223,263 Gross profit" under "(Expressed in United States Dollars)"
    readings = [r for c in bilingual_chunks
                if (r := read_aspect(c, Aspect(company=c.company, fiscal_year=year, metric=metric)))]
    assert readings and readings[0].fiscal_year == year
    assert readings[0].value == pytest.approx(millions)  # millions of US$, not the printed dollars


def test_one_row_run_into_the_next_is_no_bilingual_row():
    # "Total revenues 5,000 4,800 Cost of revenues": two rows of an ordinary statement run together;
    # read as a two-label row it would give cost of revenues the revenue's 5,000
    chunk = Chunk(chunk_id="x", doc="x", doc_sha256="0", company="Acme", fiscal_year=2023, page=3, page_end=3, index=0,
                  text="Consolidated Statements of Operations\n(in millions)\n2023 2022\n"
                       "Total revenues 5,000 4,800 Cost of revenues\n3,100 2,900\nGross profit 1,900 1,900\n")
    # the run rows are split and the cut row completed from the next line: its own 3,100, never 5,000
    reading = read_aspect(chunk, Aspect(company="Acme", fiscal_year=2023, metric="cost_of_revenue"))
    assert reading is not None and reading.value == 3100


def test_a_wrapped_column_header_year_is_not_read_as_an_amount(financebench_extra_dir):
    # Salesforce's 10-Q results table wraps its header ("% of Total" / "Revenues 2021"): the
    # line "Revenues 2021" names the metric and prints a number, but the number is a column's
    # year, not revenue of $2,021 million
    crm = load_document(financebench_extra_dir / "pdfs" / "SALESFORCE_2023Q3_10Q.pdf")
    chunks = [c for c in crm.chunks if "Revenues 2021" in c.text.splitlines()]
    assert chunks
    for chunk in chunks:
        for year in (2021, 2022, None):
            reading = read_aspect(chunk, Aspect(company=None, fiscal_year=year, metric="revenue"))
            assert reading is None or reading.value != 2_021.0, reading.quote


def _prose(text: str) -> Chunk:
    return Chunk(chunk_id="c", doc="bank_2022", doc_sha256="0", index=0, company="Acme Bank", fiscal_year=2022,
                 form="10-K", page=3, page_end=3, text=text)


def test_a_sentences_capacity_is_no_amount_of_the_period():
    """ "$82.3 million was available to be paid as dividends" names dividends and one amount,
    but what could be paid is not what was paid (First Mid's 10-K read it as dividends paid)."""
    aspect = Aspect(company="Acme Bank", fiscal_year=2022, metric="dividends_paid")
    capacity = ("At December 31, 2022, approximately $82.3 million was available to be paid as dividends to the "
                "Company by the Bank.")
    assert read_aspect(_prose(capacity), aspect) is None
    paid = "In 2022 the Company paid dividends to shareholders of $17.8 million."
    reading = read_aspect(_prose(paid), aspect)
    assert reading is not None and reading.value == pytest.approx(17.8)


def test_an_amount_available_under_a_program_is_no_balance():
    """PG&E's 10-Q for the quarter ended September 30, 2022 (p.23): "$400 million available under PG&E
    Corporation's At the Market Equity Distribution Program" names equity and one amount; it was read
    as shareholders' equity (a debt-to-equity of 126.7)."""
    pge = load_document(str(SHARED / "financebench-extra/pdfs/PG_E_2023Q3_10Q.pdf")).chunks
    chunk = next(c for c in pge if "At the Market Equity Distribution Program for future offerings" in c.text)
    aspect = Aspect(company=chunk.company, fiscal_year=2022, metric="equity")
    assert read_aspect(chunk, aspect) is None


def test_rows_under_a_lead_in_naming_their_measure_are_that_measure():
    # Adobe's FY2022 10-K: "Revenue by major offerings in our Digital Media reportable segment ... were as
    # follows:" heads the rows "Creative Cloud" and "Document Cloud", each a line of revenue
    from answering.aspects import Aspect, read_aspect
    from answering.metric_answer import with_lines
    from answering.metric_target import read_target
    from finrag.models import Chunk
    from finrag.vocabulary import load_vocabulary

    vocab = load_vocabulary()
    target = read_target("By what percentage did Acme's Document Cloud revenue grow year over year in FY2022?", vocab)
    assert target is not None
    text = ("Revenue by major offerings in our Digital Media reportable segment for fiscal 2022, 2021 and 2020 were as "
            "follows:\n(dollars in millions) Fiscal 2022 Fiscal 2021 Fiscal 2020\nCreative Cloud $ 10,459 $ 9,546 $ 7,736\n"
            "Document Cloud 2,383 1,974 1,497\nTotal Digital Media revenue $ 12,842 $ 11,520 $ 9,233\n")
    chunk = Chunk(chunk_id="c", doc="d", doc_sha256="0", page=41, page_end=41, index=0, text=text, company="Acme",
                  fiscal_year=2022)
    reading = read_aspect(chunk, Aspect(company="Acme", fiscal_year=2021, metric="line_document_cloud_revenue"),
                          with_lines(vocab, target))
    assert reading is not None and reading.value == 1_974.0


def test_a_middle_initial_ends_no_sentence():
    """"/s/ Colette M. Kress Colette M. Kress Executive Vice President ...": the initial's period goes with the
    name (a quote cut there began "Kress Executive Vice President", the name lost); a sentence's end stays one."""
    from answering.aspects import split_sentences
    assert split_sentences("By: /s/ Robert E. Sandlin Name: Robert E. Sandlin Title: President and Chief Executive "
                           "Officer. The merger closed.") == [
        "By: /s/ Robert E. Sandlin Name: Robert E. Sandlin Title: President and Chief Executive Officer.",
        "The merger closed."]
    # a label's letter ends a sentence as any word does
    assert split_sentences("It issued shares of Class A. Revenue increased 5%.") == [
        "It issued shares of Class A.", "Revenue increased 5%."]


def test_a_name_opening_in_lower_case_starts_a_sentence_but_not_after_an_abbreviation():
    from answering.aspects import split_sentences
    assert split_sentences("Apple paid Qualcomm. iOS Performance Management Cases Various civil matters were filed.") == [
        "Apple paid Qualcomm.", "iOS Performance Management Cases Various civil matters were filed."]
    assert len(split_sentences("Revenue from U.S. mRNA vaccine sales declined 40%.")) == 1
    assert len(split_sentences("Demand for Macs vs. iPhone sales rose.")) == 1
