"""A full disk is one line naming the path and what was kept: real `finrag` processes on
a small tmpfs (tests/support/disks.py). The embedded store writes through memory maps, so
without the free-space guard a full disk kills the process with SIGBUS and no message."""

from __future__ import annotations

import pytest

from tests.cli.test_errors import finrag, one_line_error, store_copy, store_env  # noqa: F401 - fixtures
from tests.flows.test_ingest import make_report
from tests.support.disks import small_disk

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pdfs")
    make_report(folder / "acme-2022.pdf", "Acme", 2022, 1577)
    make_report(folder / "beta-2022.pdf", "Beta", 2022, 900)
    return folder


def test_a_store_on_a_full_disk_is_one_line_and_keeps_what_it_held(tmp_path, store_env, pdfs):  # noqa: F811
    with small_disk(tmp_path / "disk", 300) as disk:
        store = disk.path / "store"
        disk.fill(leave_mb=20)
        one_line_error(finrag("ingest", str(pdfs / "acme-2022.pdf"), "--store", str(store), env=store_env),
                       f"{store}: no space left on device to create a store")
        disk.unfill()
        assert finrag("ingest", str(pdfs / "acme-2022.pdf"), "--store", str(store), env=store_env).rc == 0
        assert finrag("store", "info", "--store", str(store), env=store_env).rc == 0  # materializes its files
        disk.fill(leave_mb=20)
        one_line_error(finrag("ingest", str(pdfs), "--store", str(store), env=store_env),
                       f"{store}: no space left on device to open the store", "documents already stored are kept")
        disk.unfill()
        info = finrag("store", "info", "--store", str(store), env=store_env)
        assert info.rc == 0 and "documents:    1" in info.out  # nothing lost


def test_a_full_out_folder_is_one_line_naming_it_and_what_was_kept(tmp_path, store_env, sample_dir):  # noqa: F811
    with small_disk(tmp_path / "disk", 1) as disk:
        out = disk.path / "out"
        out.mkdir()
        disk.fill(leave_mb=0)
        run = finrag("batch", str(sample_dir / "questions.jsonl"), "--out", str(out), "--strategy", "single",
                     env=store_env)
    line = one_line_error(run, f"{out}: no space left on device", "answers kept in", "run again to resume")
    assert "Traceback" not in run.err, line


def test_a_disk_that_fills_during_an_ingest_stops_it_with_one_line_and_keeps_what_was_stored(
    tmp_path, pdfs, embedding_cache_dir, monkeypatch, capsys
):
    """The store opened with room; the disk fills after the first document: the next write
    (graph or store) ends the ingest with one line naming the path and what was kept, not a
    traceback per remaining file."""
    from cli.ingest import TerminalProgress
    from cli.main import main

    monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))
    with small_disk(tmp_path / "disk", 300) as disk:
        store = disk.path / "store"
        first_document = TerminalProgress.document

        def fill_after_the_first(self, report, done, total):
            first_document(self, report, done, total)
            if done == 1:
                disk.fill(leave_mb=0)

        monkeypatch.setattr(TerminalProgress, "document", fill_after_the_first)
        assert main(["ingest", str(pdfs), "--store", str(store)]) == 2
        err = capsys.readouterr().err
        disk.unfill()
        monkeypatch.undo()
        monkeypatch.setenv("FINRAG_CACHE", str(embedding_cache_dir))
        assert "Traceback" not in err
        [line] = [line for line in err.splitlines() if line.startswith("finrag ingest:")]
        assert f"{store}" in line and "no space left on device" in line, line
        assert "stopped at beta-2022: 1 documents stored in this run are kept" in line, line
        assert main(["store", "info", "--store", str(store)]) == 0
        assert "documents:    1" in capsys.readouterr().out  # the first document is intact
