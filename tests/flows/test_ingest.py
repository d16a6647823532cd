"""Ingestion specs: idempotent, crash-safe, duplicate-aware, and every bad file fails alone.

Real parts throughout: PDFs generated with fpdf2, the real loaders, the bundled embedding
model (cached across the session), the embedded store (Qdrant Edge) in tmp dirs, the
`finrag` CLI in a subprocess killed with SIGKILL mid-ingest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from fpdf import FPDF

from cli.main import main
from finrag.catalog import load_corrections, resolve
from finrag.config import load_settings
from finrag.store import open_store
from indexing.pipeline import ingest_paths

ROOT = Path(__file__).resolve().parents[2]

_PAGE_TEXT = (
    "{company} reported net revenue of ${revenue:,} million for fiscal year {year}, "
    "compared with ${previous:,} million in the prior year. Operating income was "
    "${income:,} million. The Company operates in {segments} segments and sells its "
    "products through retailers and distributors across North America and Europe. "
)


def make_pdf(path: Path, pages: list[str]) -> Path:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    pdf.output(str(path))
    return path


def make_report(path: Path, company: str, year: int, revenue: int, pages: int = 3) -> Path:
    cover = (
        f"UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nWashington, D.C. 20549\nFORM 10-K\n"
        f"ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934\n"
        f"For the fiscal year ended December 31, {year}\n{company}, Inc.\n"
    )
    body = [
        f"Item {i + 7}. Discussion\n"
        + _PAGE_TEXT.format(company=company, revenue=revenue + i, previous=revenue - 100 - i,
                            income=revenue // 5, year=year, segments=2 + i) * 6
        for i in range(pages - 1)
    ]
    return make_pdf(path, [cover, *body])


@pytest.fixture(scope="module")
def good_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("good")
    make_report(folder / "acme_2022_10k.pdf", "Acme", 2022, 1577)
    make_report(folder / "beta_2022_10k.pdf", "Beta", 2022, 2950)
    make_report(folder / "gamma_2023_10k.pdf", "Gamma", 2023, 812)
    return folder


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory, good_dir) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bad")
    valid = (good_dir / "acme_2022_10k.pdf").read_bytes()
    files = {
        "zero-byte": folder / "empty.pdf",
        "not-a-pdf": folder / "notes.pdf",
        "corrupt": folder / "corrupt.pdf",
        "truncated": folder / "truncated.pdf",
        "encrypted": folder / "locked.pdf",
        "image-only": folder / "scanned.pdf",
    }
    files["zero-byte"].write_bytes(b"")
    files["not-a-pdf"].write_text("Revenue,2022\nAcme,1577\n")
    files["corrupt"].write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 40)
    files["truncated"].write_bytes(valid[: len(valid) // 3])
    locked = FPDF()
    locked.set_encryption(owner_password="owner", user_password="secret")
    locked.set_font("Helvetica", size=11)
    locked.add_page()
    locked.multi_cell(0, 6, "Confidential annual report of Delta Corp. " * 20)
    locked.output(str(files["encrypted"]))
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (600, 300), "white")
    ImageDraw.Draw(image).text((20, 20), "Net revenue 1,577", fill="black")
    scanned = FPDF()
    scanned.add_page()
    scanned.image(image, x=10, y=10, w=180)
    scanned.output(str(files["image-only"]))
    return files


@pytest.fixture(scope="module")
def cache_dir(embedding_cache_dir) -> Path:
    return embedding_cache_dir


def _settings(root: Path, cache_dir: Path):
    return load_settings(store_dir=root / "store", cache_dir=cache_dir)


def _snapshot(settings) -> tuple[set[str], list[tuple[str, str]], dict, list[dict]]:
    """Chunk ids, (doc, sha256) pairs, then everything: each point's vectors and payload, and
    the document records. Two snapshots are equal only for identical stores."""
    with open_store(settings) as store:
        points = {
            p.id: (tuple(round(x, 6) for x in p.dense), p.sparse, p.payload)
            for page in store.iter_points() for p in page
        }
        return (store.chunk_ids(), [(m.doc, m.sha256) for m in store.documents()], points,
                store.document_records())


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory, good_dir, cache_dir):
    """The reference: the good corpus ingested once into a fresh store."""
    settings = _settings(tmp_path_factory.mktemp("clean"), cache_dir)
    reports = ingest_paths([good_dir], settings)
    return settings, reports, _snapshot(settings)


def test_directory_is_ingested_with_metadata_and_chunks(clean_run):
    settings, reports, (chunk_ids, docs, _, _) = clean_run
    assert [r.doc for r in reports] == ["acme_2022_10k", "beta_2022_10k", "gamma_2023_10k"]
    assert {r.status for r in reports} == {"ingested"}
    assert all(r.chunks and r.pages == 3 for r in reports)
    assert len(chunk_ids) == sum(r.chunks for r in reports)
    assert [d for d, _ in docs] == [r.doc for r in reports]


def test_every_bad_input_fails_alone_with_a_reason(tmp_path, good_dir, bad_files, cache_dir):
    settings = _settings(tmp_path, cache_dir).with_overrides(ocr_max_pages=0)  # the scan stays unreadable
    paths = [good_dir / "acme_2022_10k.pdf", *bad_files.values(), tmp_path / "missing.pdf",
             good_dir / "beta_2022_10k.pdf"]
    reports = {r.doc: r for r in ingest_paths(paths, settings)}
    assert reports["acme_2022_10k"].status == reports["beta_2022_10k"].status == "ingested"
    for case, path in bad_files.items():
        report = reports[path.stem]
        assert report.status == "failed", case
        assert report.reason, case
    assert "password" in reports["locked"].reason.lower() or "encrypt" in reports["locked"].reason.lower()
    assert reports["missing"].status == "failed" and "not found" in reports["missing"].reason
    with open_store(settings) as store:
        assert [m.doc for m in store.documents()] == ["acme_2022_10k", "beta_2022_10k"]
        assert {h for h in store.chunk_ids()} == store.chunk_ids("acme_2022_10k") | store.chunk_ids("beta_2022_10k")


def test_page_limit_comes_from_settings(tmp_path, good_dir, cache_dir):
    # The good reports have 3 pages each: a limit of 2 refuses them all, naming the setting.
    settings = _settings(tmp_path, cache_dir).with_overrides(pdf_max_pages=2)
    reports = ingest_paths([good_dir], settings)
    assert {r.status for r in reports} == {"failed"}
    assert all("FINRAG_PDF_MAX_PAGES" in r.reason for r in reports)
    relaxed = settings.with_overrides(pdf_max_pages=3)
    assert {r.status for r in ingest_paths([good_dir], relaxed)} == {"ingested"}


def test_second_run_is_unchanged_and_writes_nothing(tmp_path, good_dir, cache_dir, clean_run):
    settings = _settings(tmp_path, cache_dir)
    shutil.copytree(clean_run[0].store_dir, settings.store_dir)
    # Bytes, not mtimes: the engine rewrites its segment metadata on every open, identically.
    def contents() -> dict[Path, str]:
        return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in settings.store_dir.rglob("*")
                if p.is_file() and p.name != ".finrag.lock"}

    before = contents()
    reports = ingest_paths([good_dir], settings)
    assert {r.status for r in reports} == {"unchanged"}
    assert [r.company for r in reports] == [r.company for r in clean_run[1]]
    assert contents() == before
    assert _snapshot(settings) == clean_run[2]


def test_changed_file_replaces_its_chunks_without_orphans(tmp_path, cache_dir):
    settings = _settings(tmp_path, cache_dir)
    folder = tmp_path / "pdfs"
    folder.mkdir()
    path = make_report(folder / "acme_2022_10k.pdf", "Acme", 2022, 1577, pages=4)
    first = ingest_paths([path], settings)[0]
    old_ids = _snapshot(settings)[0]
    make_report(path, "Acme", 2022, 1604, pages=2)  # restated, shorter
    second = ingest_paths([path], settings)[0]
    assert (first.status, second.status) == ("ingested", "ingested")
    new_ids, docs = _snapshot(settings)[:2]
    assert len(new_ids) == second.chunks
    assert not old_ids & new_ids
    assert docs == [("acme_2022_10k", hashlib.sha256(path.read_bytes()).hexdigest())]


def test_duplicate_content_is_skipped_naming_the_other_file(tmp_path, good_dir, cache_dir):
    settings = _settings(tmp_path, cache_dir)
    copy = tmp_path / "acme_copy.pdf"
    shutil.copy(good_dir / "acme_2022_10k.pdf", copy)
    batch = ingest_paths([good_dir / "acme_2022_10k.pdf", copy], settings)
    assert [r.status for r in batch] == ["ingested", "skipped"]
    assert "acme_2022_10k.pdf" in batch[1].reason
    later = ingest_paths([copy], settings)[0]
    assert later.status == "skipped" and "acme_2022_10k" in later.reason
    with open_store(settings) as store:
        assert [m.doc for m in store.documents()] == ["acme_2022_10k"]


def test_interrupted_write_then_rerun_equals_clean_run(tmp_path, good_dir, cache_dir, clean_run):
    """Chunks written without the document record (a kill mid-write) are redone, not trusted."""
    from finrag.embeddings import get_embedder
    from finrag.sparse import document_vector
    from loaders import load_document

    settings = _settings(tmp_path, cache_dir)
    loaded = load_document(good_dir / "beta_2022_10k.pdf")
    half = loaded.chunks[: max(1, len(loaded.chunks) // 2)]
    embedder = get_embedder(settings)
    with open_store(settings) as store:
        store.write_chunks_only(half, embedder.embed_documents([c.embed_text for c in half]),
                                [document_vector(c.embed_text) for c in half])
    reports = ingest_paths([good_dir], settings)
    assert [r.status for r in reports] == ["ingested"] * 3
    assert _snapshot(settings) == clean_run[2]


def _cli(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "cli.main", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_killed_cli_run_then_rerun_equals_clean_run(tmp_path, good_dir, cache_dir, clean_run, capsys, monkeypatch):
    monkeypatch.setattr("cli.ingest.STORE_WAIT_S", 0)  # the CLI waits for a busy store; not here
    settings = _settings(tmp_path, cache_dir)
    env_cache = {"FINRAG_CACHE": str(cache_dir)}
    os.environ.update(env_cache)
    try:
        run = _cli("ingest", str(good_dir), "--store", str(settings.store_dir))
        # Library warnings may precede it on stderr; wait for the first document's line.
        first_line = next((line for line in run.stderr if line.startswith("[")), "<no progress line>")
        # Frozen at once, mid-run, holding the store (with warm caches it would otherwise finish
        # the other two files before the second process below gets to ask).
        run.send_signal(signal.SIGSTOP)
        assert first_line.startswith("[1/3] acme_2022_10k: ingested"), first_line
        # While it holds the store, a second process is told so plainly (exit 2).
        assert main(["ingest", str(good_dir), "--store", str(settings.store_dir)]) == 2
        err = capsys.readouterr().err
        assert f"is in use by another process: `finrag ingest` (pid {run.pid}), since " in err  # who, since when
        assert "Traceback" not in err
        run.send_signal(signal.SIGKILL)
        run.wait(timeout=60)
    finally:
        for key in env_cache:
            os.environ.pop(key, None)
    reports = ingest_paths([good_dir], settings)
    assert reports[0].status == "unchanged"
    assert _snapshot(settings) == clean_run[2]


def test_cli_json_reports_every_file_and_exit_code(tmp_path, good_dir, bad_files, cache_dir, capsys, monkeypatch):
    monkeypatch.setenv("FINRAG_CACHE", str(cache_dir))
    store = str(tmp_path / "store")
    code = main(["ingest", str(good_dir / "gamma_2023_10k.pdf"), str(bad_files["corrupt"]), "--json",
                 "--store", store])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["store"] == store and out["seconds"] > 0
    assert [(d["doc"], d["status"]) for d in out["documents"]] == [("gamma_2023_10k", "ingested"),
                                                                  ("corrupt", "failed")]
    assert main(["ingest", str(good_dir / "gamma_2023_10k.pdf"), "--store", store]) == 0
    captured = capsys.readouterr()
    assert "unchanged" in captured.out and "gamma_2023_10k" in captured.out
    assert "[1/1] gamma_2023_10k: unchanged" in captured.err


def test_knowledge_graph_slice_is_written(clean_run):
    from finrag.knowledge_graph import open_graph

    settings, reports, _ = clean_run
    with open_graph(settings) as graph:
        assert graph.stats().documents == len(reports)


def test_prefect_flow_publishes_progress_and_summary(tmp_path, good_dir, bad_files, cache_dir, monkeypatch):
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey
    from prefect.testing.utilities import prefect_test_harness

    from flows.ingest import ingest_reports
    from flows.outcome import result_of

    monkeypatch.setenv("FINRAG_CACHE", str(cache_dir))
    with prefect_test_harness(server_startup_timeout=300):  # a loaded 2-core machine is slow to start it
        state = ingest_reports([str(good_dir / "acme_2022_10k.pdf"), str(bad_files["corrupt"])],
                               store=str(tmp_path / "store"), return_state=True)
        reports = result_of(state)
        with get_client(sync_client=True) as client:
            summary = client.read_artifacts(
                artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=["ingest-summary"])))
            progress = client.read_artifacts(
                artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=["ingest-progress"])))
    assert [r.status for r in reports] == ["ingested", "failed"]
    assert state.is_failed() and state.message == "1 of 2 documents failed"  # monitoring sees it
    assert len(summary) == 1 and summary[0].type == "table"
    table = json.loads(summary[0].data) if isinstance(summary[0].data, str) else summary[0].data
    assert [row["document"] for row in table] == ["acme_2022_10k", "corrupt"]
    assert [row["status"] for row in table] == ["ingested", "failed"]
    assert progress and progress[0].data == 100.0


def test_graph_failure_fails_the_document_and_leaves_it_unrecorded(tmp_path, good_dir, cache_dir, monkeypatch):
    import indexing.pipeline as pipeline

    class BrokenGraph:
        def write(self, loaded):
            if loaded.meta.doc == "beta_2022_10k":
                raise RuntimeError("graph database is read-only")

        def close(self):
            pass

    monkeypatch.setattr(pipeline, "open_graph_writer", lambda settings: BrokenGraph())
    settings = _settings(tmp_path, cache_dir)
    reports = {r.doc: r for r in ingest_paths([good_dir], settings)}
    assert reports["beta_2022_10k"].status == "failed"
    assert reports["beta_2022_10k"].reason == "knowledge graph: RuntimeError: graph database is read-only"
    assert reports["acme_2022_10k"].status == reports["gamma_2023_10k"].status == "ingested"
    with open_store(settings) as store:
        assert store.document_sha("beta_2022_10k") is None  # the next run redoes it
        assert store.count("beta_2022_10k") == 0


def test_manifest_hints_apply_and_a_changed_manifest_reingests(tmp_path, good_dir, cache_dir):
    settings = _settings(tmp_path, cache_dir)
    path = good_dir / "gamma_2023_10k.pdf"
    read_as = ingest_paths([path], settings)[0].company
    assert read_as != "Gamma Holdings"
    manifest = tmp_path / "manifest.csv"
    # Another company name for a stored, unchanged filing is a correction of the name: a
    # catalog alias, no re-ingest (and no re-embedding).
    manifest.write_text("file,company,form\ngamma_2023_10k.pdf,Gamma Holdings,10-K\n")
    hinted = ingest_paths([path], settings, manifest=manifest)[0]
    assert (hinted.status, hinted.company) == ("unchanged", "Gamma Holdings")
    assert load_corrections(settings.catalog_path).aliases == {read_as: "Gamma Holdings"}
    with open_store(settings) as store:
        resolved = resolve(store.catalog(), load_corrections(settings.catalog_path))
        assert [(c.name, c.filter_names) for c in resolved.companies] == [("Gamma Holdings", [read_as])]
    # A manifest that changes what the chunks carry (the form) re-ingests.
    manifest.write_text("file,company,form\ngamma_2023_10k.pdf,Gamma Holdings,10-Q\n")
    hinted = ingest_paths([path], settings, manifest=manifest)[0]
    assert (hinted.status, hinted.company, hinted.form) == ("ingested", "Gamma Holdings", "10-Q")
    assert ingest_paths([path], settings, manifest=manifest)[0].status == "unchanged"
    with open_store(settings) as store:
        assert [c.name for c in store.catalog().companies] == ["Gamma Holdings"]
        hits = store.query(None, None, k=50, mode="sparse")
    assert hits == []  # no query vector, no hits (and no error)


def test_a_dead_llm_leaves_relations_pending_and_a_later_ingest_retries_only_those(tmp_path, good_dir, cache_dir,
                                                                                    clean_run):
    import time

    from finrag.knowledge_graph import GraphStore
    from tests.support.fake_openai import FakeOpenAI, ToolCall
    from tests.support.prefect_server import free_port

    base = _settings(tmp_path, cache_dir).with_overrides(llm_api_key="sk-test", llm_breaker_failures=3)
    dead = base.with_overrides(llm_base_url=f"http://127.0.0.1:{free_port()}/v1")
    started = time.monotonic()
    reports = ingest_paths([good_dir], dead)
    # The breaker: a dead endpoint costs three attempts for the whole ingest, not 16 x 5 per document.
    assert time.monotonic() - started < 60
    assert [r.status for r in reports] == ["ingested"] * 3
    assert all(r.reason.startswith("LLM relations pending") for r in reports), [r.reason for r in reports]
    with GraphStore(dead.graph_path) as graph:
        assert sorted(graph.relations_pending()) == sorted(r.doc for r in reports)
    stored = _snapshot(dead)

    with FakeOpenAI(default=ToolCall({"triples": []})) as server:
        alive = base.with_overrides(llm_base_url=server.url)
        retried = ingest_paths([good_dir], alive)
        assert [r.status for r in retried] == ["unchanged"] * 3
        assert all(r.reason == "LLM relations completed (vectors unchanged)" for r in retried)
        assert server.requests, "the pending relations were asked for again"
        asked = len(server.requests)
        again = ingest_paths([good_dir], alive)
        assert [(r.status, r.reason) for r in again] == [("unchanged", "")] * 3
        assert len(server.requests) == asked  # nothing pending: no further call
    with GraphStore(dead.graph_path) as graph:
        assert graph.relations_pending() == {}
    assert _snapshot(dead) == stored  # vectors untouched by the retry


def test_a_symlink_loop_in_a_folder_is_reported_not_skipped(tmp_path, good_dir, cache_dir):
    folder = tmp_path / "reports"
    folder.mkdir()
    shutil.copy(good_dir / "acme_2022_10k.pdf", folder)
    (folder / "loop.pdf").symlink_to(folder / "loop.pdf")
    (folder / "gone.pdf").symlink_to(tmp_path / "missing.pdf")
    reports = {r.doc: r for r in ingest_paths([folder], _settings(tmp_path, cache_dir))}
    assert reports["acme_2022_10k"].status == "ingested"
    assert (reports["loop"].status, reports["loop"].reason) == ("failed", "symbolic link loop: the link points back to itself")
    assert reports["gone"].status == "failed" and "broken symbolic link" in reports["gone"].reason


def test_a_file_that_kills_its_reader_process_fails_alone_and_the_others_are_ingested(tmp_path, good_dir,
                                                                                       cache_dir, monkeypatch):
    import indexing.load

    folder = tmp_path / "reports"
    folder.mkdir()
    for name in ("acme_2022_10k", "beta_2022_10k"):
        shutil.copy(good_dir / f"{name}.pdf", folder)
    make_report(folder / "killer.pdf", "Killer", 2022, 99)
    real = indexing.load.load_document

    def dies_on_the_killer(path, *args, **kwargs):  # the reader process is forked: it runs this too
        if Path(path).stem == "killer":
            os._exit(9)  # as the kernel's OOM killer or a crash inside pdfium would end it
        return real(path, *args, **kwargs)

    monkeypatch.setattr(indexing.load, "load_document", dies_on_the_killer)
    settings = _settings(tmp_path, cache_dir)
    reports = {r.doc: r for r in ingest_paths([folder], settings)}
    assert reports["killer"].status == "failed" and "reader process died" in reports["killer"].reason
    assert (reports["acme_2022_10k"].status, reports["beta_2022_10k"].status) == ("ingested", "ingested")
    with open_store(settings) as store:
        assert [m.doc for m in store.documents()] == ["acme_2022_10k", "beta_2022_10k"]


def test_a_flate_bomb_fails_alone_within_the_reader_memory_budget(tmp_path, good_dir, cache_dir, capfd,
                                                                  monkeypatch):
    import time

    from tests.support.pdfs import flate_bomb

    folder = tmp_path / "reports"
    folder.mkdir()
    shutil.copy(good_dir / "gamma_2023_10k.pdf", folder)
    bomb = flate_bomb(folder / "bomb.pdf", inflated_mb=400)
    assert bomb.stat().st_size < 2**20  # within every size and page limit
    monkeypatch.setenv("FINRAG_CACHE", str(cache_dir))
    monkeypatch.setenv("FINRAG_PDF_MAX_MEMORY_MB", "128")
    started = time.monotonic()
    assert main(["ingest", str(folder), "--json", "--store", str(tmp_path / "store")]) == 1
    captured = capfd.readouterr()  # the reader process's stderr too
    reports = {d["doc"]: d for d in json.loads(captured.out)["documents"]}
    assert "Traceback" not in captured.err
    assert reports["gamma_2023_10k"]["status"] == "ingested"
    assert reports["bomb"]["status"] == "failed"
    assert "reader process died" in reports["bomb"]["reason"] or "MemoryError" in reports["bomb"]["reason"]
    assert time.monotonic() - started < 60


def test_a_pdf_whose_page_tree_holds_a_non_page_fails_alone_without_a_traceback(tmp_path, good_dir, cache_dir,
                                                                                 capfd, monkeypatch):
    from tests.cli.test_inspect import _page_tree_with_a_non_page

    folder = tmp_path / "reports"
    folder.mkdir()
    shutil.copy(good_dir / "gamma_2023_10k.pdf", folder)
    _page_tree_with_a_non_page(good_dir / "acme_2022_10k.pdf", folder / "broken.pdf")
    monkeypatch.setenv("FINRAG_CACHE", str(cache_dir))
    assert main(["ingest", str(folder), "--json", "--store", str(tmp_path / "store")]) == 1
    captured = capfd.readouterr()
    reports = {d["doc"]: d for d in json.loads(captured.out)["documents"]}
    assert reports["gamma_2023_10k"]["status"] == "ingested"
    assert reports["broken"]["status"] == "failed"
    assert reports["broken"]["reason"].startswith("the PDF cannot be read (PdfiumError")
    assert "Traceback" not in captured.err
