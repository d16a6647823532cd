"""A document's number convention, read from its own numbers, and every amount read by it.

Generated PDFs of one income statement written three ways: the US way (1,234,567.8), the
continental way (1.234.567,8: Indonesian, many European and Latin American reports), and both
at once. The continental one must never be read the US way ("987.654" as 987.654, "405,9" as
4,059); in the mixed one a number only a convention settles ("987.654") is not read at all.
"""

from __future__ import annotations

import pytest

from answering import numbers
from answering.aspects import prose_amounts
from finrag.numerals import AmbiguousNumber, read_number, scale_of
from loaders.document import load_document
from loaders.facts import extract_facts

_STATEMENT = """PT Contoh Karya Tbk
Annual Report 2023
CONSOLIDATED STATEMENTS OF PROFIT OR LOSS
For the years ended December 31, 2023 and 2022
(Expressed in millions of Rupiah)
2023 2022
Revenue {revenue}
Cost of revenue ({cost})
Gross profit {gross}
Net income {net}
"""
_PROSE = "Net income for 2023 was Rp{prose} miliar, up {pct}% from the year before, on revenue of {revenue} million.\n"

US = {"revenue": "9,799,598 7,627,703", "cost": "8,812,150) (6,931,507", "gross": "987,448 696,196",
      "net": "405,9 211,6".replace(",", "."), "prose": "405.9", "pct": "91.9"}
CONTINENTAL = {"revenue": "9.799.598 7.627.703", "cost": "8.812.150) (6.931.507", "gross": "987.448 696.196",
               "net": "405,9 211,6", "prose": "405,9", "pct": "91,9"}


def _pdf(tmp_path, name: str, values: dict[str, str], extra: str = "") -> object:
    from tests.support.pdfs import write_pdf

    page = _STATEMENT.format(**values) + _PROSE.format(**values) + extra
    return load_document(write_pdf(tmp_path / f"{name}.pdf", [page]))


@pytest.fixture(scope="module")
def continental(tmp_path_factory):
    return _pdf(tmp_path_factory.mktemp("continental"), "contoh_2023", CONTINENTAL)


@pytest.fixture(scope="module")
def us(tmp_path_factory):
    return _pdf(tmp_path_factory.mktemp("us"), "acme_2023", US)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    # the same statement, with a page of US-style figures beside it: neither convention decides
    extra = "Shares outstanding 1,234,567,890 1,234,567,890 and 2,345,678,901; average 3,456,789,012\n" \
            "Other figures 4,567,890,123 and 5,678,901,234 and 6,789,012,345 and 7,890,123,456\n"
    return _pdf(tmp_path_factory.mktemp("mixed"), "mixed_2023", CONTINENTAL, extra)


def _row(doc, label: str):
    chunk = next(c for c in doc.chunks if label in c.text)
    line = next(ln for ln in chunk.text.splitlines() if ln.startswith(label))
    return numbers.split_row(line, chunk.number_convention)


def test_a_continental_document_is_known_by_its_numbers_and_says_why(continental):
    convention = continental.meta.number_convention
    assert convention.convention == "continental"
    assert convention.continental_numbers >= 3 and convention.us_numbers == 0
    assert "9.799.598" in convention.examples and "continental" in convention.reason
    assert convention.scale_words == ["miliar"]
    assert {c.number_convention for c in continental.chunks} == {"continental"}
    assert {p.number_convention for p in continental.pages} == {"continental"}


def test_a_us_document_is_us(us):
    assert us.meta.number_convention.convention == "us"
    assert {c.number_convention for c in us.chunks} == {"us"}


def test_a_document_that_writes_both_ways_is_ambiguous(mixed):
    convention = mixed.meta.number_convention
    assert convention.convention == "ambiguous"
    assert convention.reason.startswith("both conventions")


def test_continental_rows_are_read_by_the_continental_convention(continental):
    assert _row(continental, "Revenue").values == [9799598.0, 7627703.0]
    assert _row(continental, "Cost of revenue").values == [-8812150.0, -6931507.0]
    assert _row(continental, "Gross profit").values == [987448.0, 696196.0]  # not 987.448
    assert _row(continental, "Net income").values == [405.9, 211.6]  # not 4,059


def test_us_rows_are_read_as_before(us):
    assert _row(us, "Revenue").values == [9799598.0, 7627703.0]
    assert _row(us, "Gross profit").values == [987448.0, 696196.0]


def test_where_the_convention_is_ambiguous_a_number_it_would_settle_is_not_read(mixed):
    # "987.448" is 987,448 or 987.448: neither is given; "9.799.598" is one number either way
    assert _row(mixed, "Gross profit") is None
    assert _row(mixed, "Revenue").values == [9799598.0, 7627703.0]


def test_facts_of_a_continental_statement_are_read_by_its_convention(continental):
    meta = continental.meta.model_copy(update={"company": "Contoh Karya", "fiscal_year": 2023, "form": "annual",
                                               "period": "FY2023"})
    facts = {(f.metric, f.fiscal_year): f.value for f in extract_facts(meta, continental.pages)}
    assert facts[("revenue", 2023)] == 9799598.0
    assert facts[("gross_profit", 2023)] == 987448.0
    assert facts[("net_income", 2023)] == 405.9


def test_prose_amounts_in_the_documents_language_and_convention(continental):
    chunk = next(c for c in continental.chunks if "miliar" in c.text)
    sentence = next(s for s in chunk.text.replace("\n", " ").split(". ") if "miliar" in s)
    assert prose_amounts(sentence, chunk.number_convention) == [(405900.0, "Rp405,9 miliar")]
    # an amount only the convention settles is counted, never read
    assert prose_amounts("Rp1.234 juta", "ambiguous") == [(None, "Rp1.234 juta")]


def test_numbers_and_scale_words_by_convention():
    assert read_number("1.234.567,8", "continental") == 1234567.8
    assert read_number("405,9", "continental") == 405.9
    assert read_number("1.234", "continental") == 1234.0
    assert read_number("1,234.5", "us") == 1234.5
    assert read_number("1.234.567", "ambiguous") == 1234567.0
    with pytest.raises(AmbiguousNumber):
        read_number("1,234", "ambiguous")
    with pytest.raises(ValueError):
        read_number("12.5", "continental")  # a number the continental convention never writes
    assert (scale_of("ribu"), scale_of("juta"), scale_of("miliar"), scale_of("triliun")) == (0.001, 1.0, 1000.0, 1e6)
    assert scale_of("billions") == scale_of("billion") == 1000.0
