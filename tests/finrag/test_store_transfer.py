"""Moving a store: `migrate` (local mode -> Edge), `push` (-> a server collection), the folder.

Both copies must keep every point with its vectors and payload, and every document record;
qdrant-client local mode stands in for the server the push goes to.
"""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from cli.main import main
from finrag.config import load_settings
from finrag.store import StoreNeedsMigration, open_store
from finrag.store.transfer import migrate_local_store, push_store
from tests.finrag.test_store import DIM, _meta, _write, open_server_stand_in


def _everything(store) -> tuple[dict, list[dict]]:
    """Every point (vectors and payload) and every document record of a store.

    Vectors are compared to 6 decimals: engines store float32, local mode keeps sparse
    weights as float64 and re-normalizes dense vectors for cosine (1-ulp differences)."""
    points = {
        p.id: (_f32(p.dense), (tuple(p.sparse.indices), _f32(p.sparse.values)) if p.sparse else None, p.payload)
        for page in store.iter_points(page=3) for p in page
    }
    return points, store.document_records()


def _f32(values: list[float]) -> tuple[float, ...]:
    return tuple(round(x, 6) for x in np.asarray(values, dtype=np.float32).tolist())


def _fill(store) -> None:
    _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64, ticker="ACM"), ["Revenue was 1,577.", "Capex 200.", "Cash"], 0)
    _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["Beta revenue fell.", "$ % —"], 1)
    _write(store, _meta("acme_2023", "Acme", 2023, "c" * 64), ["Revenue 2023 grew."], 2)


@pytest.fixture
def local_mode_store(tmp_path):
    """A store of the previous embedded engine, with its graph beside the folder."""
    folder = tmp_path / "old-store"
    with open_server_stand_in(folder) as old:
        _fill(old)
        expected = _everything(old)
    (tmp_path / "old-store.graph.sqlite").write_bytes(b"graph bytes")
    return folder, expected


def test_opening_an_old_store_names_the_one_migrate_command(local_mode_store, capsys):
    folder, _ = local_mode_store
    with pytest.raises(StoreNeedsMigration, match=f"finrag store migrate --store {folder}"):
        open_store(load_settings(store_dir=folder), dim=DIM)
    assert main(["store", "info", "--store", str(folder)]) == 2
    assert f"finrag store migrate --store {folder}" in capsys.readouterr().err


def test_migrate_keeps_every_point_vector_record_and_the_graph(local_mode_store, tmp_path):
    folder, expected = local_mode_store
    report = migrate_local_store(folder, tmp_path / "new", "finrag_chunks")
    assert (report.points, report.documents) == (6, 3)
    with open_store(load_settings(store_dir=tmp_path / "new")) as new:
        assert new.engine == "qdrant-edge"
        assert _everything(new) == expected
    assert (tmp_path / "new" / "graph.sqlite").read_bytes() == b"graph bytes"


def test_migrate_in_place_from_the_cli_keeps_the_old_folder_as_a_backup(local_mode_store, tmp_path, capsys):
    folder, expected = local_mode_store
    assert main(["store", "migrate", "--store", str(folder)]) == 0
    assert "migrated 6 chunks and 3 documents" in capsys.readouterr().out
    settings = load_settings(store_dir=folder)
    with open_store(settings) as new:
        assert _everything(new) == expected
    assert settings.graph_path.read_bytes() == b"graph bytes"
    assert (tmp_path / "old-store.local-mode-backup" / "collection").is_dir()
    assert main(["store", "migrate", "--store", str(folder)]) == 2  # nothing left to migrate


def test_push_keeps_every_point_and_resumes_and_converges(tmp_path):
    settings = load_settings(store_dir=tmp_path / "edge")
    with open_store(settings, dim=DIM) as store:
        _fill(store)
        expected = _everything(store)
        with open_server_stand_in(tmp_path / "server") as server:
            first = push_store(store, server, page=2)
            assert (first.points, first.written, first.documents) == (6, 6, 3)
            assert _everything(server) == expected

            # A push killed halfway: run again, it writes only what is missing.
            server.delete_document("beta_2022")
            again = push_store(store, server, page=2)
            assert again.written == 2
            assert _everything(server) == expected

            # The store changed since: the server follows a replaced document; a document the
            # store no longer has stays there until a push with prune.
            _write(store, _meta("acme_2022", "Acme", 2022, "d" * 64), ["Revenue was restated."], 0)
            store.delete_document("acme_2023")
            kept = push_store(store, server, page=2)
            assert kept.pruned == [] and server.document_sha("acme_2023") == "c" * 64
            assert push_store(store, server, page=2, prune=True).pruned == ["acme_2023"]
            assert _everything(server) == _everything(store)


def test_a_copied_store_folder_is_the_whole_store(tmp_path):
    settings = load_settings(store_dir=tmp_path / "a" / "store")
    with open_store(settings, dim=DIM) as store:
        _fill(store)
        expected = _everything(store)
    settings.graph_path.write_bytes(b"graph")
    moved = tmp_path / "elsewhere" / "renamed"
    shutil.copytree(settings.store_dir, moved.parent / moved.name)
    copy = load_settings(store_dir=moved)
    with open_store(copy) as store:
        assert _everything(store) == expected
    assert copy.graph_path.read_bytes() == b"graph"
