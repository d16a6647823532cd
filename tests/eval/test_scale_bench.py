"""`finrag bench scale`: synthetic stores made from real chunks, measured per engine.

Uses a copy of the session sample store (the session's services hold the original: an
embedded store admits one process, and one open handle) as the source of real chunks.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket

import numpy as np
import pytest

from eval.scale_bench import format_runs, measure, run_cli, source_points, synthetic_points
from finrag.embeddings import get_embedder
from finrag.sparse import query_vector
from finrag.store import open_store

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def source_settings(sample_settings, tmp_path_factory):
    copy = tmp_path_factory.mktemp("scale-source") / "store"
    shutil.copytree(sample_settings.store_dir, copy, ignore=shutil.ignore_patterns(".finrag.lock"))
    return sample_settings.with_overrides(store_dir=copy)


@pytest.fixture(scope="module")
def source(source_settings):
    return source_points(source_settings)


@pytest.fixture(scope="module")
def vectors(source_settings):
    embedder = get_embedder(source_settings)
    return [(embedder.embed_query(q), query_vector(q)) for q in ("total revenue", "risk factors")]


def test_source_is_every_chunk_of_the_store_with_its_vectors(source, source_settings):
    with open_store(source_settings) as store:
        assert len(source) == store.count()
    assert all(len(p.dense) == 384 and p.payload["text"] for p in source)


def test_copies_keep_real_vectors_and_rename_company_and_document_after_the_first_pass(source):
    size = 2 * len(source) + 5
    points = [p for batch in synthetic_points(source, size) for p in batch]
    assert len(points) == size
    assert len({p.id for p in points}) == size

    for i in (0, len(source) - 1, len(source), 2 * len(source) + 4):
        original, copy = source[i % len(source)], points[i]
        dense = np.array(copy.dense)
        assert np.linalg.norm(dense) == pytest.approx(1.0, abs=1e-5)
        # a perturbed copy stays the nearest neighbour of its source
        assert float(dense @ np.array(original.dense)) > 0.95
        if original.sparse is not None:
            assert copy.sparse.indices == original.sparse.indices
            assert np.allclose(copy.sparse.values, original.sparse.values, rtol=0.1)
        assert copy.payload["text"] == original.payload["text"]

    first, second = points[0].payload, points[len(source)].payload
    assert first["company"] == source[0].payload["company"]
    assert first["doc"] == source[0].payload["doc"]
    assert second["company"] == f"{source[0].payload['company']} 2"
    assert second["doc"] == f"{source[0].payload['doc']}-copy2"


@pytest.mark.parametrize("engine", ["edge", "local"])
def test_measure_builds_a_store_of_the_asked_size_and_times_both_searches(engine, source, source_settings, vectors, tmp_path):
    size = len(source) + 25
    run = measure(engine, str(tmp_path / engine), size, source, vectors, source_settings)

    assert (run.engine, run.chunks) == (engine, size)
    assert 0 < run.hybrid_ms.p50 <= run.hybrid_ms.p95
    assert 0 < run.filtered_ms.p50 <= run.filtered_ms.p95
    assert run.open_s > 0 and run.build_s > 0 and run.rss_gb is not None
    assert 0.9 <= run.overlap_at_10 <= 1.0  # at this size both scorers are exact, up to ties
    assert str(size) in format_runs([run])


def test_a_filing_without_a_company_is_copied_without_one_and_not_used_as_the_filter(source, source_settings, vectors,
                                                                                     tmp_path):
    unnamed = source[0].__class__(source[0].id, source[0].dense, source[0].sparse, {**source[0].payload, "company": None})
    mixed = [unnamed, *source[1:]]
    copies = [p for batch in synthetic_points(mixed, len(mixed) + 1) for p in batch]
    assert copies[len(mixed)].payload["company"] is None  # not "None 2"
    run = measure("edge", str(tmp_path / "edge"), len(mixed) + 5, mixed, vectors, source_settings)
    assert run.filtered_ms.p50 > 0


def test_cli_json_has_one_run_per_engine_and_size(source_settings, monkeypatch, capsys):
    monkeypatch.setenv("FINRAG_STORE", str(source_settings.store_dir))
    monkeypatch.setenv("FINRAG_CACHE", str(source_settings.cache_dir))

    assert run_cli(argparse.Namespace(sizes="40,90", engines="edge,local", json=True)) == 0

    out = json.loads(capsys.readouterr().out)
    assert [(r["engine"], r["chunks"]) for r in out["runs"]] == [("edge", 40), ("local", 40), ("edge", 90), ("local", 90)]
    keys = {"engine", "chunks", "build_s", "open_s", "rss_gb", "hybrid_ms", "filtered_ms", "overlap_at_10"}
    assert all(keys <= set(r) and set(r["filtered_ms"]) == {"p50", "p95"} for r in out["runs"])
    assert len(out["load_average"]["start"]) == 3


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_an_unreachable_qdrant_url_is_refused_before_any_local_work(tmp_path, monkeypatch, capsys):
    url = f"http://127.0.0.1:{_closed_port()}"
    monkeypatch.setenv("QDRANT_URL", url)
    # an empty store: had the bench not refused first, it would stop on "no ingested store"
    monkeypatch.setenv("FINRAG_STORE", str(tmp_path / "empty"))

    assert run_cli(argparse.Namespace(sizes="10", engines="edge,server", json=False)) == 2

    err = capsys.readouterr().err
    assert url in err and "does not answer" in err
