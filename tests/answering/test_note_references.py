"""A note reference printed in a row's label ("Provision for income taxes (Note 7) (411)") is
part of the label, never a first amount of -7, at answer time and at ingest alike.

Real filing: CORNING_2022_10K (../shared/financebench), whose statements print "(Note N)" in
their labels.
"""

from __future__ import annotations

import pytest

from answering import numbers
from finrag.models import LoadedDocument
from loaders.document import load_document
from loaders.facts import parse_row


@pytest.fixture(scope="module")
def corning(financebench_dir) -> LoadedDocument:
    return load_document(financebench_dir / "pdfs" / "CORNING_2022_10K.pdf")


def _line(doc: LoadedDocument, start: str) -> str:
    return next(line for c in doc.chunks for line in c.text.splitlines() if line.startswith(start))


@pytest.mark.parametrize(("start", "label", "values"), [
    ("Provision for income taxes (Note 7)", "Provision for income taxes", [-411.0, -491.0, -111.0]),
    ("Inventories (Note 5)", "Inventories", [2904.0, 2481.0]),
    ("Other current assets (Notes 10 and 14)", "Other current assets", [1157.0, 1026.0]),
])
def test_a_note_reference_in_a_label_is_no_amount(corning, start, label, values):
    line = _line(corning, start)
    row = numbers.split_row(line)
    assert row is not None and row.label == label and row.values == values
    fact_row = parse_row(line)
    assert fact_row is not None and fact_row.values == values


def test_a_year_in_a_label_is_still_read_as_before():
    # only a parenthesised note reference is dropped: "2025" of a label is left to the reader as it was
    assert numbers.split_row("Inventories (Note 5) 2,904 2,481").label == "Inventories"
    assert numbers.split_row("Revenue 3 23,183 23,410").values == [3.0, 23183.0, 23410.0]


def test_a_dash_between_words_of_a_bilingual_rows_english_label_is_the_labels():
    from answering.numbers import split_two_label_row

    row = split_two_label_row("Laba Selisih Kurs - Bersih 3.u 110,166,380,494 17,862,052,843 Gain on Foreign Exchange - Net")
    assert row is not None and row.label == "Gain on Foreign Exchange - Net"
    assert row.values[-2:] == [110166380494.0, 17862052843.0]
    nil = split_two_label_row("Pemulihan Piutang 463,246,049 - Recovery of Receivables")
    assert nil is not None and nil.label == "Recovery of Receivables" and nil.values[-1] is None
