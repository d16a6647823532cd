"""`finrag bench scale`: synthetic stores made from real chunks, measured in local mode.

Uses a copy of the session sample store (the session's services may hold the original:
local mode admits one client per directory) as the source of real chunks.
"""

from __future__ import annotations

import argparse
import shutil
import socket

import numpy as np
import pytest

from eval.scale_bench import (
    KINDS,
    format_rows,
    measure,
    query_plan,
    run_cli,
    source_points,
    synthetic_points,
)
from finrag.embeddings import get_embedder
from finrag.models import SearchFilters
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


def test_source_is_every_chunk_of_the_store_with_its_vectors(source, source_settings):
    with open_store(source_settings) as store:
        assert len(source) == store.count()
    assert all("dense" in p.vector and p.payload["text"] for p in source)


def test_copies_keep_real_vectors_and_rename_company_and_document_after_the_first_pass(source):
    size = 2 * len(source) + 5
    points = [p for batch in synthetic_points(source, size) for p in batch]
    assert len(points) == size
    assert len({p.id for p in points}) == size

    for i in (0, len(source) - 1, len(source), 2 * len(source) + 4):
        original, copy = source[i % len(source)], points[i]
        dense = np.array(copy.vector["dense"])
        assert np.linalg.norm(dense) == pytest.approx(1.0, abs=1e-5)
        # a perturbed copy stays the nearest neighbour of its source
        cosine = float(dense @ np.array(original.vector["dense"]) / np.linalg.norm(original.vector["dense"]))
        assert cosine > 0.95
        assert copy.vector.get("sparse") == original.vector.get("sparse")
        assert copy.payload["text"] == original.payload["text"]

    first, second = points[0].payload, points[len(source)].payload
    assert first["company"] == source[0].payload["company"]
    assert first["doc"] == source[0].payload["doc"]
    assert second["company"] == f"{source[0].payload['company']} 2"
    assert second["doc"] == f"{source[0].payload['doc']}-copy2"


def test_large_local_stores_time_fewer_repeats_of_the_same_queries_and_a_server_the_most():
    small, large = query_plan(10_000, local=True), query_plan(200_000, local=True)
    assert large.queries == small.queries  # sizes compare like for like
    assert 4 <= large.samples < small.samples  # still enough for a median
    assert query_plan(200_000, local=False).samples >= small.samples


def test_measure_builds_a_store_of_the_asked_size_and_times_every_kind(source, source_settings, tmp_path):
    embedder = get_embedder(source_settings)
    question = "total revenue"
    vectors = [(embedder.embed_query(question), query_vector(question))]
    size = len(source) + 25
    target = source_settings.with_overrides(store_dir=tmp_path / "scaled", collection="finrag_scale")

    row = measure(target, size, source, vectors)

    assert row.size == size
    assert set(row.latency_ms) == set(KINDS)
    assert all(0 < p50 <= p95 for p50, p95 in row.latency_ms.values())
    assert row.open_s > 0 and row.build_s > 0 and row.store_gb > 0
    with open_store(target) as store:
        assert store.count() == size
        # the benchmark's filter (one company, one year) matches only the first pass's chunks
        src = source[0].payload
        one_filing = SearchFilters(companies=[src["company"]], fiscal_years=[src["fiscal_year"]])
        expected = sum(
            1 for p in source if p.payload["company"] == src["company"] and p.payload["fiscal_year"] == src["fiscal_year"]
        )
        hits = store.query(vectors[0][0], None, one_filing, k=size, mode="dense")
        assert len(hits) == expected
    assert str(size) in format_rows("t", [row])


def test_cli_prints_one_row_per_size_with_the_load_average(source_settings, monkeypatch, capsys):
    monkeypatch.setenv("FINRAG_STORE", str(source_settings.store_dir))
    monkeypatch.setenv("FINRAG_CACHE", str(source_settings.cache_dir))

    assert run_cli(argparse.Namespace(sizes="40,90")) == 0

    out = capsys.readouterr().out
    assert "load average at start" in out
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [r[0] for r in rows] == ["40", "90"]


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_an_unreachable_qdrant_url_is_refused_before_any_local_work(tmp_path, monkeypatch, capsys):
    url = f"http://127.0.0.1:{_closed_port()}"
    monkeypatch.setenv("QDRANT_URL", url)
    # an empty store: had the bench not refused first, it would stop on "no ingested store"
    monkeypatch.setenv("FINRAG_STORE", str(tmp_path / "empty"))

    assert run_cli(argparse.Namespace(sizes="10")) == 2

    err = capsys.readouterr().err
    assert url in err and "does not answer" in err
