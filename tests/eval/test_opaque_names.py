"""Evaluations copy filings under names that give nothing away, the same names every run."""

from __future__ import annotations

from eval.opaque_names import copy_under_opaque_names


def test_copies_are_numbered_in_a_shuffled_order_and_reused(tmp_path):
    sources = []
    for name in ("ACME_2022_10K", "ACME_2023_10K", "BETA_2022Q2_10Q", "GAMMA_2021_8K"):
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(name.encode())
        sources.append(path)
    copies = copy_under_opaque_names(sources, tmp_path / "opaque")
    assert sorted(c.name for c in copies.values()) == ["doc_001.pdf", "doc_002.pdf", "doc_003.pdf", "doc_004.pdf"]
    assert [copies[s].name for s in sources] != sorted(c.name for c in copies.values())  # order not kept
    assert all(copies[s].read_bytes() == s.read_bytes() for s in sources)
    before = {c: c.stat().st_mtime_ns for c in copies.values()}
    assert copy_under_opaque_names(sources, tmp_path / "opaque") == copies  # same names again
    assert {c: c.stat().st_mtime_ns for c in copies.values()} == before  # not copied twice
