"""`finrag inspect` over a directory: a table for people, JSON for programs."""

from __future__ import annotations

import json

from cli.main import main
from tests.support.sample_filing import filing_pages


def test_inspect_json_and_table(make_pdf, tmp_path, capsys):
    make_pdf("filing.pdf", filing_pages())
    (tmp_path / "broken.pdf").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("not listed: only *.pdf files of a directory are read")

    assert main(["inspect", str(tmp_path), "--json"]) == 1  # one file failed
    documents = json.loads(capsys.readouterr().out)["documents"]
    assert [d["doc"] for d in documents] == ["broken", "filing"]
    broken, filing = documents
    assert (broken["status"], broken["reason"]) == ("failed", "empty file (0 bytes)")
    assert filing["status"] == "ok"
    assert (filing["company"], filing["fiscal_year"], filing["form"], filing["pages"]) == ("Acme Widgets", 2022, "10-K", 7)
    assert filing["page_tags"]["cash_flow"] == [4, 5]
    assert filing["chunks"] is None  # inspect does not chunk
    # Each field says where it was read and how sure the reader is.
    assert {f: (v["source"], v["confidence"]) for f, v in filing["sources"].items()} == {
        "company": ("cover", 0.95), "ticker": ("cover", 0.95), "fiscal_year": ("cover", 0.95),
        "period": ("cover", 0.95), "form": ("cover", 0.95),
    }
    assert filing["low_confidence"] == []

    main(["inspect", str(tmp_path / "filing.pdf")])
    table = capsys.readouterr().out
    assert "Acme Widgets" in table and "2022-12-31" in table
    assert "cash_flow p.5,6" in table and "one-based" in table


def test_inspect_with_manifest(make_pdf, tmp_path, capsys):
    path = make_pdf("filing.pdf", filing_pages())
    manifest = tmp_path / "manifest.csv"
    manifest.write_text("file,company,form\nfiling.pdf,Acme Renamed,annual\n")
    assert main(["inspect", str(path), "--json", "--manifest", str(manifest)]) == 0
    [document] = json.loads(capsys.readouterr().out)["documents"]
    assert (document["company"], document["form"]) == ("Acme Renamed", "annual")
    assert document["sources"]["company"] == {"source": "manifest", "confidence": 1.0}
    assert document["sources"]["form"] == {"source": "manifest", "confidence": 1.0}


def _page_tree_with_a_non_page(source, target):
    """A copy of `source` whose page tree lists a font dictionary as its second page."""
    from pypdf import PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, NumberObject

    writer = PdfWriter(clone_from=str(source))
    pages = writer._root_object["/Pages"]
    font = writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/Font"),
                                                NameObject("/Subtype"): NameObject("/Type1"),
                                                NameObject("/BaseFont"): NameObject("/Helvetica")}))
    pages["/Kids"].insert(1, font)
    pages[NameObject("/Count")] = NumberObject(int(pages["/Count"]) + 1)
    writer.write(str(target))
    return target


def test_one_unreadable_pdf_fails_alone_and_the_others_are_reported(make_pdf, tmp_path, capsys):
    good = make_pdf("filing.pdf", filing_pages())
    make_pdf("other.pdf", filing_pages() + ["another page"])
    _page_tree_with_a_non_page(good, tmp_path / "broken.pdf")
    assert main(["inspect", str(tmp_path), "--json"]) == 1  # some files failed
    reports = {d["doc"]: d for d in json.loads(capsys.readouterr().out)["documents"]}
    assert reports["broken"]["status"] == "failed"
    assert reports["broken"]["reason"].startswith("the PDF cannot be read (PdfiumError")
    assert (reports["filing"]["status"], reports["other"]["status"]) == ("ok", "ok")


def test_a_file_that_kills_its_reader_process_fails_alone(make_pdf, tmp_path, monkeypatch):
    import os

    import loaders.inspect as inspect_module
    from loaders.inspect import inspect_paths

    for name in ("a", "b", "killer", "c"):
        make_pdf(f"{name}.pdf", filing_pages() + [f"page of {name}"])
    real = inspect_module.read_document

    def dies_on_the_killer(path, *args):  # the workers are forked: they run this too
        if path.stem == "killer":
            os._exit(9)  # as the kernel's OOM killer or a crash in pdfium would end it
        return real(path, *args)

    monkeypatch.setattr(inspect_module, "read_document", dies_on_the_killer)
    reports = {r.doc: r for r in inspect_paths([tmp_path], workers=2)}
    assert reports["killer"].status == "failed" and "reader process died" in reports["killer"].reason
    assert [reports[n].status for n in ("a", "b", "c")] == ["ok", "ok", "ok"]


def test_a_flate_bomb_fails_alone_within_its_memory_budget(make_pdf, tmp_path, capfd, monkeypatch):
    import time

    from tests.support.pdfs import flate_bomb

    make_pdf("filing.pdf", filing_pages())
    bomb = flate_bomb(tmp_path / "bomb.pdf", inflated_mb=400)
    assert bomb.stat().st_size < 2**20  # within every size and page limit
    monkeypatch.setenv("FINRAG_PDF_MAX_MEMORY_MB", "128")
    started = time.monotonic()
    assert main(["inspect", str(tmp_path), "--json"]) == 1
    captured = capfd.readouterr()  # the reader processes' stderr too
    reports = {d["doc"]: d for d in json.loads(captured.out)["documents"]}
    assert "Traceback" not in captured.err
    assert reports["filing"]["status"] == "ok"
    assert reports["bomb"]["status"] == "failed"
    assert "reader process died" in reports["bomb"]["reason"] or "MemoryError" in reports["bomb"]["reason"]
    assert time.monotonic() - started < 30
