"""`finrag catalog` corrections are safe: real processes on a real (small) store.

Twelve `alias` commands at once all land (catalog.json is changed under a file lock and
replaced atomically); a correction that would merge two issuers is refused unless forced;
a mistyped store is never created; a corrupt catalog.json is one line naming it; `merge`
joins two entries without touching a chunk.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cli.main import main
from finrag.catalog import load_corrections
from finrag.config import load_settings
from finrag.store import open_store
from tests.finrag.test_store import DIM, _meta, _write
from tests.support.prefect_server import REPO


@pytest.fixture
def store(tmp_path):
    settings = load_settings(store_dir=tmp_path / "store")
    with open_store(settings, dim=DIM) as opened:
        _write(opened, _meta("nwr-2023", "Northwind Robotics", 2023, "a" * 64, ticker="NWRB"), ["Capex 120."], 0)
        _write(opened, _meta("hlx-2023", "Helix Dynamics", 2023, "b" * 64, ticker="HLXD"), ["Capex 950."], 1)
        _write(opened, _meta("nw-q1", "Northwind", 2024, "c" * 64), ["Northwind revenue rose."], 2)
    return settings


def _finrag(*args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FINRAG_", "QDRANT_"))}
    env.update(PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.Popen([sys.executable, "-m", "cli.main", *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_twelve_concurrent_aliases_are_all_saved(store):
    procs = [_finrag("catalog", "alias", f"Nick {i}", "Helix Dynamics", "--store", str(store.store_dir))
             for i in range(12)]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs]
    assert all(rc == 0 for rc, _ in results), results
    assert load_corrections(store.catalog_path).aliases == {f"Nick {i}": "Helix Dynamics" for i in range(12)}


RACE = """
import sys, time
from pathlib import Path
from finrag.catalog import add_alias
path, name, start = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
time.sleep(max(0.0, start - time.time()))  # all twelve read-modify-write at the same instant
add_alias(path, name, "Helix Dynamics")
"""


def test_twelve_corrections_released_at_the_same_instant_lose_none(tmp_path):
    import time

    path = tmp_path / "catalog.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("FINRAG_")} | {"PYTHONPATH": str(REPO)}
    start = time.time() + 8  # after every interpreter has started
    procs = [subprocess.Popen([sys.executable, "-c", RACE, str(path), f"Nick {i}", str(start)], env=env,
                              stderr=subprocess.PIPE, text=True) for i in range(12)]
    assert [(p.wait(timeout=120), p.stderr.read()) for p in procs] == [(0, "")] * 12
    assert load_corrections(path).aliases == {f"Nick {i}": "Helix Dynamics" for i in range(12)}


def test_merging_two_issuers_is_refused_unless_forced_and_merge_joins_without_touching_chunks(store, capsys):
    where = ["--store", str(store.store_dir)]
    assert main(["catalog", "alias", "Northwind Robotics", "Helix Dynamics", *where]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "different tickers" in err[0] and "--force" in err[0]
    assert main(["catalog", "merge", "Northwind Robotics", "Helix Dynamics", *where]) == 2
    assert load_corrections(store.catalog_path).aliases == {}

    with open_store(store) as opened:
        chunks = opened.chunk_ids()
    assert main(["catalog", "merge", "northwind", "NWRB", *where]) == 0  # a name, a ticker
    assert "nothing re-embedded" in capsys.readouterr().out
    assert main(["catalog", *where]) == 0
    listing = capsys.readouterr().out
    assert listing.startswith("Helix Dynamics  (also: HLXD)\n") and "Northwind Robotics  (also: NWRB, Northwind)" in listing
    assert "2 companies, 3 filings" in listing
    with open_store(store) as opened:
        assert opened.chunk_ids() == chunks


def test_a_mistyped_store_is_never_created(tmp_path, capsys):
    typo = tmp_path / "stor"
    for args in (["alias", "Amex", "American Express"], ["unalias", "Amex"], ["merge", "A", "B"], []):
        assert main(["catalog", *args, "--store", str(typo)] if args else ["catalog", "--store", str(typo)]) == 2
        assert f"no store at {typo}" in capsys.readouterr().err
    assert not typo.exists()


def test_a_corrupt_catalog_file_is_one_line_naming_it(store, capsys):
    store.catalog_path.write_text('{"aliases": {"Amex": ', encoding="utf-8")
    for args in ([], ["alias", "Amex", "American Express"]):
        assert main(["catalog", *args, "--store", str(store.store_dir)]) == 2
        [line] = capsys.readouterr().err.strip().splitlines()
        assert line.startswith(f"finrag catalog: {store.catalog_path}: not a valid catalog file")


def test_the_listing_flags_suspect_entries_from_their_filings_text(tmp_path, capsys):
    settings = load_settings(store_dir=tmp_path / "store")
    with open_store(settings, dim=DIM) as opened:
        _write(opened, _meta("ko-2023", "Coca-Cola", 2023, "a" * 64, ticker="KO"), ["The Coca-Cola Company"], 0)
        _write(opened, _meta("ko-q1", "Coca", 2024, "b" * 64), ["Coca-Cola reports results", "Coca-Cola's volume"], 1)
    assert main(["catalog", "--store", str(settings.store_dir)]) == 0
    listing = capsys.readouterr().out
    assert "  ! 'Coca' is not a whole name in its filings (only inside 'Coca-Cola')" in listing
    assert "  ! one filing, named like 'Coca-Cola': the same issuer? (finrag catalog merge 'Coca' 'Coca-Cola')" in listing
    assert listing.rstrip().endswith("2 companies, 2 filings; 1 to check (marked !)")
    assert main(["catalog", "--json", "--store", str(settings.store_dir)]) == 0
    assert '"no ticker"' in capsys.readouterr().out
