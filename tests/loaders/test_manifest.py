"""Manifests (CSV or JSONL) and descriptive file names give hints, nothing more."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders import DocumentHints, read_manifest
from loaders.manifest import hints_for, hints_from_file_name


def test_csv_manifest(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("file,company,fiscal_year,period,form\nacme.pdf,Acme,2022,FY2022,10k\nb.pdf,,,,\n")
    manifest = read_manifest(path)
    assert manifest["acme.pdf"] == DocumentHints(company="Acme", fiscal_year=2022, period="FY2022", form="10-K")
    assert manifest["b.pdf"] == DocumentHints()


def test_jsonl_manifest_keyed_by_stem(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text('{"doc_name": "PEPSICO_2023Q1_EARNINGS", "company": "PepsiCo", "doc_type": "Earnings", "doc_period": 2023}\n')
    manifest = read_manifest(path)
    hints = hints_for(manifest, Path("/x/PEPSICO_2023Q1_EARNINGS.pdf"))
    assert hints is not None and (hints.company, hints.form) == ("PepsiCo", "earnings")


def test_unknown_form_is_an_error(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("file,form\na.pdf,brochure\n")
    with pytest.raises(ValueError, match="unknown form"):
        read_manifest(path)


@pytest.mark.parametrize(
    ("name", "form", "year", "period"),
    [
        ("PEPSICO_2022_10K.pdf", "10-K", 2022, None),
        ("BESTBUY_2024Q2_10Q.pdf", "10-Q", 2024, "2024Q2"),
        ("PEPSICO_2023_8K_dated-2023-05-30.pdf", "8-K", 2023, None),
        ("doc_001.pdf", None, None, None),
    ],
)
def test_hints_from_descriptive_file_names(name, form, year, period):
    hints = hints_from_file_name(Path(name))
    assert (hints.form, hints.fiscal_year, hints.period) == (form, year, period)
