"""What a terminal shows: no noise, right words, and a pipe that closes early is no error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli.ask import render
from cli.catalog import format_catalog
from finrag.models import Answer, CatalogCompany, CatalogFiling, StoreCatalog
from finrag.wording import money_for_people, plural

REPO = Path(__file__).resolve().parents[2]


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    read, write = os.pipe()
    os.close(read)  # `| head -1` after its line: every write now meets a closed pipe
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    try:
        proc = subprocess.run([sys.executable, "-m", "cli.main", "sample", str(tmp_path / "corpus"),
                               "--companies", "2", "--years", "1"],
                              cwd=tmp_path, env=env, stdout=write, stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write)
    assert proc.stderr == ""
    assert proc.returncode == 141  # 128 + SIGPIPE, what the shell reports for a killed writer


def test_counts_take_the_right_number_of_their_word():
    assert [plural(1, "company"), plural(2, "company"), plural(1, "search"), plural(3, "search"),
            plural(0, "filing")] == ["1 company", "2 companies", "1 search", "3 searches", "0 filings"]


def test_the_catalog_counts_one_company_and_one_filing_in_the_singular():
    filing = CatalogFiling(doc="acme_2023_10K", form="10-K", fiscal_year=2023)
    catalog = StoreCatalog(companies=[CatalogCompany(name="Acme", filings=[filing])], documents=1)
    assert format_catalog(catalog).splitlines()[-1] == "1 company, 1 filing"


def test_negative_money_is_shown_with_a_minus_before_the_dollar():
    assert money_for_people("change: $-24.50 million; -$3.1M; $12.0M; FY2023-$5") == \
        "change: −$24.50 million; −$3.1M; $12.0M; FY2023-$5"
    answer = Answer(status="answered", answer="Acme operating income FY2023: $-24.50 million.", strategy="single")
    assert render(answer).splitlines()[0] == "Acme operating income FY2023: −$24.50 million."
