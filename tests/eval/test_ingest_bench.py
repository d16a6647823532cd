"""`finrag bench ingest`: every encoder runtime measured in the same run, side by side."""

from __future__ import annotations

from eval.ingest_bench import RUNTIMES, runtime_rows
from finrag.config import load_settings


def test_each_runtime_gets_its_chunks_per_second_and_its_agreement_with_torch(embedding_cache_dir):
    texts = [f"Revenue for segment {i} increased primarily due to higher deliveries." for i in range(12)]
    rows = runtime_rows("given", texts, pages=3, settings=load_settings(cache_dir=embedding_cache_dir))
    assert [r.stage for r in rows] == [f"embed alone ({runtime})" for runtime in RUNTIMES]
    assert RUNTIMES == ("torch", "onnx", "torch+int8", "onnx+int8")
    for row in rows:
        assert row.chunks == 12 and float(row.cells()[6]) > 0  # chunks/s
    notes = {r.stage: r.note for r in rows[1:]}
    # fp32 under ONNX gives torch's vectors; int8 close to them, not the same.
    assert "cosine to torch mean 1.0000" in notes["embed alone (onnx)"]
    for runtime in ("torch+int8", "onnx+int8"):
        mean = float(notes[f"embed alone ({runtime})"].split("cosine to torch mean ")[1].split(",")[0])
        assert 0.8 < mean < 0.9999
