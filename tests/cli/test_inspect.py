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
