"""Statement pages whose text layer gives one word a line (PG&E's 10-Ks set every bold label
that way): rows put back on one line, so the page has its title, its rows their labels and
every column's amount."""

from __future__ import annotations

import pytest

from finrag.models import DocumentMeta, Page
from loaders.cleaning import clean_pages
from loaders.facts import extract_facts, statement_kind
from loaders.pdf_text import extract_pages
from loaders.word_lines import rejoin_word_lines


@pytest.fixture(scope="module")
def pge_2017(financebench_extra_dir):
    """PG&E's FY2017 10-K: its income statement, balance sheets, cash flows (zero-based pages
    119-123) and Schedule I, the parent's condensed statements (207-209)."""
    numbers = [119, 120, 121, 122, 123, 207, 208, 209]
    path = financebench_extra_dir / "pdfs" / "PG_E_2017_10K.pdf"
    pages = clean_pages(extract_pages(path).pages)  # all of them: running headers are told by repetition
    return numbers, [pages[n] for n in numbers]


def test_a_bold_subtotal_printed_word_by_word_is_one_row_with_every_column(pge_2017):
    _, pages = pge_2017
    balance = pages[2].splitlines()
    # as printed: "Total\ncurrent\nassets 6,281\n6,164" and "TOTAL\nASSETS $ 68,012\n$ 68,598"
    assert "Total current assets 6,281 6,164" in balance
    assert "TOTAL ASSETS $ 68,012 $ 68,598" in balance
    assert "assets 6,281" not in balance
    # a heading over a row printed whole stays a heading: "Electric" is the row's own label
    assert "Property, Plant, and Equipment" in balance
    assert "Electric 55,133 52,556" in balance


def test_the_title_and_the_filer_s_name_are_lines_of_their_own(pge_2017):
    numbers, pages = pge_2017
    kinds = [statement_kind(Page(number=n, text=t)) for n, t in zip(numbers[:5], pages[:5], strict=True)]
    assert kinds == ["income_statement", None, "balance_sheet", "balance_sheet", "cash_flow"]
    assert pages[2].splitlines()[:3] == ["PG&E Corporation", "CONSOLIDATED BALANCE SHEETS", "(in millions)"]


def test_the_statements_give_the_consolidated_facts_and_schedule_i_none(pge_2017):
    numbers, pages = pge_2017
    meta = DocumentMeta(file="PG_E_2017_10K.pdf", doc="pge", sha256="0" * 64, company="PG&E",
                        company_legal="PG&E CORPORATION", fiscal_year=2017, period="FY2017", form="10-K",
                        pages=267, page_tags={"balance_sheet": [208], "cash_flow": [209]})
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(
        meta, [Page(number=n, text=t) for n, t in zip(numbers, pages, strict=True)])}
    assert facts[("total_assets", 2017)] == 68012 and facts[("total_assets", 2016)] == 68598
    assert facts[("current_assets", 2016)] == 6164
    assert facts[("revenue", 2017)] == 17135 and facts[("net_income", 2016)] == 1407
    # the parent's own cash flows (Schedule I, "CONDENSED FINANCIAL INFORMATION OF PARENT"),
    # tagged a cash flow statement, are not the company's: its investing cash flow is no fact
    assert ("investing_cash_flow", 2017) not in facts


def test_an_ordinary_page_is_left_as_it_is():
    text = ("CONSOLIDATED BALANCE SHEETS\n(in millions)\n2017 2016\nCash and cash equivalents $ 449 $ 177\n"
            "Inventories\nGas 115 117\nTotal assets 68,012 68,598")
    assert rejoin_word_lines(text) == text
