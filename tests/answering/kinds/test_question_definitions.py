"""A question's own definitions are read as the analyst wrote them, or not at all: a
where-clause that spells out an average defines an operand (it is not a factor of the
formula), a definition that names its own line ("define capital expenditure as purchases
of property and equipment") is that line, and a formula the reader cannot express is
refused, never a crash of the question (answering.metric_target)."""

from __future__ import annotations

import pytest

from answering.metric_target import UnreadableFormula, parse_formula, read_target
from finrag.vocabulary import load_vocabulary
from tests.answering.kinds.conftest import ask, filing

ROA = ("What is eBay's FY2022 return on assets? ROA is defined as: net income / average total assets{where}. "
       "Express as a percentage rounded to two decimal places.")
WHERE = (", where average total assets = (total assets at December 31, 2021 + total assets at "
         "December 31, 2022) / 2")
CAPEX_SHARE = ("What is eBay's FY2022 capital expenditure as a percentage of revenue? Define capital expenditure "
               "as purchases of property and equipment from the cash flow statement. Express as a percentage "
               "rounded to two decimal places.")


@pytest.fixture(scope="module")
def vocab():
    return load_vocabulary()


@pytest.fixture(scope="module")
def ebay() -> list:
    return filing("financebench-extra/pdfs/EBAY_2022_10K.pdf")


def test_a_where_clause_spelling_out_the_average_reads_as_the_plain_definition(vocab):
    spelled, plain = read_target(ROA.format(where=WHERE), vocab), read_target(ROA.format(where=""), vocab)
    assert spelled is not None and plain is not None
    assert spelled.formula == plain.formula == "net_income / avg(total_assets)"


def test_a_definition_naming_its_own_line_is_that_line(vocab):
    target = read_target(CAPEX_SHARE, vocab)
    assert target is not None and target.formula == "capex / revenue" and target.definitions == {}


def test_a_formula_the_reader_cannot_express_is_unreadable_not_evaluated(vocab):
    # "average total assets (...)" would read as a call of a call: refused when parsed
    with pytest.raises(UnreadableFormula):
        parse_formula("average total assets (total assets + total assets)", vocab, 2022)


def test_both_forms_answer_from_the_statements(ebay, services):
    share = ask(CAPEX_SHARE, ebay, [58, 61], services)
    assert share.status == "answered" and share.value == 4.58  # 449 / 9,795
    roa = ask(ROA.format(where=WHERE), ebay, [57, 58], services)
    assert roa.status == "answered" and roa.value == -5.35  # -1,269 / avg(20,850, 26,626)


SEGMENT_MARGIN = ("What was the operating margin of NVIDIA's Graphics segment in the first quarter of fiscal 2024? "
                  "Express as a percentage rounded to two decimal places.")


def test_an_operand_qualified_by_a_proper_name_is_that_segments_line(vocab):
    target = read_target(SEGMENT_MARGIN + " Define it as: Graphics operating income / Graphics revenue.", vocab)
    assert target is not None
    assert target.formula == "line_graphics_operating_income / line_graphics_revenue"
    # title case throughout is a style, not a name: still the company's lines
    plain = read_target("What is Acme's FY2022 net profit margin? Define it as: Net Income / Total Revenue.", vocab)
    assert plain is not None and plain.formula == "net_income / revenue"


def test_a_segments_metric_is_never_answered_with_the_companys(services):
    nvidia = filing("filings-wild/pdfs/NVIDIA_2024_10-Q_Q1.pdf")
    pages = sorted({c.page for c in nvidia if "Total operating expenses" in c.text or "Graphics" in c.text})[:12]
    written = ask(SEGMENT_MARGIN, nvidia, pages, services)
    assert written.status != "answered", written.text
    assert "segment" in written.text
