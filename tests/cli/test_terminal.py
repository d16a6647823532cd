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


# A run's progress bar on a terminal while Prefect's console handler logs, as `finrag batch` does.
PROGRESS_AND_LOGS = """
import logging, sys, time
from prefect.logging.handlers import PrefectConsoleHandler
from finrag.console import progress

log = logging.getLogger("run")
log.addHandler(PrefectConsoleHandler(stream=sys.stderr))  # holds the stderr of this moment
log.setLevel(logging.INFO)
with progress(transient=True) as bars:
    bar = bars.add_task("questions.csv (auto)", total=3)
    for n in range(1, 4):
        time.sleep(0.3)  # the bar is drawn (no newline) before the log line comes
        log.info("LOGLINE %d answered", n)
        bars.update(bar, completed=n)
log.info("LOGLINE after the bars")
"""


def test_the_progress_bar_never_shares_a_line_with_a_log_line():
    import re

    leader, follower = os.openpty()  # a terminal, so the bars are drawn
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "120", "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-c", PROGRESS_AND_LOGS], stdin=follower, stdout=follower,
                            stderr=follower, env=env, cwd=REPO)  # fmt: skip
    os.close(follower)
    raw = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        raw += chunk
    assert proc.wait(timeout=60) == 0, raw.decode(errors="replace")[-2000:]
    os.close(leader)
    text = raw.decode(errors="replace")
    assert "questions.csv (auto)" in text  # the bars were drawn
    ansi = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
    for n in (1, 2, 3):
        line = next(line for line in text.split("\n") if f"LOGLINE {n} answered" in line)
        before = ansi.sub("", line[: line.index(f"LOGLINE {n}")].rsplit("\r", 1)[-1])
        assert before == "", repr(line)  # the log line starts its own row: no bar before it
