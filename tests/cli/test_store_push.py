"""`finrag store push` is a copy: a wrong source never empties the server.

Against a Qdrant-API server on loopback (tests/support/qdrant_server.py), through the real
client: a missing or empty source is refused before anything is sent (rc 2, one line, no
store created); another store's documents are added beside the target's; documents are
deleted on the server only with --prune, after they were listed, and in a script only with
--yes.
"""

from __future__ import annotations

import io

import pytest
from qdrant_client import QdrantClient

from cli.main import main
from finrag.config import load_settings
from finrag.store import open_store
from finrag.store.qdrant import QdrantStore
from finrag.store.transfer import push_store
from tests.finrag.test_store import DIM, _meta, _write
from tests.finrag.test_store_transfer import _fill
from tests.support.qdrant_server import QdrantApiServer


@pytest.fixture
def server(tmp_path):
    """A server whose collection already holds three documents (6 chunks)."""
    with QdrantApiServer() as server, open_store(load_settings(store_dir=tmp_path / "good"), dim=DIM) as good:
        _fill(good)
        with _target(server) as target:
            push_store(good, target)
        server.requests.clear()
        yield server


def _target(server: QdrantApiServer) -> QdrantStore:
    return QdrantStore(QdrantClient(url=server.url), "finrag_chunks", DIM, server.url, engine="qdrant-server")


def _held(server: QdrantApiServer) -> tuple[int, list[str]]:
    with _target(server) as target:
        return target.count(), [r["doc"] for r in target.document_records()]


def _push(server: QdrantApiServer, store, *extra: str) -> int:
    return main(["store", "push", "--to", server.url, "--store", str(store), *extra])


def test_a_mistyped_store_is_refused_and_the_server_keeps_its_points(server, tmp_path, capsys):
    typo = tmp_path / "stor"
    assert _push(server, typo) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"finrag store: no store at {typo}: nothing to push (check --store or FINRAG_STORE)"]
    assert not typo.exists()  # no store was created
    assert _held(server) == (6, ["acme_2022", "acme_2023", "beta_2022"])
    assert server.deletes() == []


def test_an_empty_store_is_refused_before_anything_is_sent(server, tmp_path, capsys):
    empty = tmp_path / "empty"
    open_store(load_settings(store_dir=empty), dim=DIM).close()
    assert _push(server, empty) == 2
    assert "holds no documents: nothing to push" in capsys.readouterr().err
    assert [path for _, path in server.requests if "/points" in path] == []
    assert _held(server) == (6, ["acme_2022", "acme_2023", "beta_2022"])


def test_another_store_is_copied_beside_what_the_server_holds(server, tmp_path, capsys):
    other = tmp_path / "other"
    with open_store(load_settings(store_dir=other), dim=DIM) as store:
        _write(store, _meta("gamma_2022", "Gamma", 2022, "e" * 64), ["Gamma revenue."], 3)
    assert _push(server, other) == 0
    assert "1 documents" in capsys.readouterr().out
    assert _held(server) == (7, ["acme_2022", "acme_2023", "beta_2022", "gamma_2022"])


def test_prune_lists_what_goes_and_needs_yes_in_a_script(server, tmp_path, capsys, monkeypatch):
    other = tmp_path / "other"
    with open_store(load_settings(store_dir=other), dim=DIM) as store:
        _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["Beta revenue fell.", "$ % —"], 1)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a script: no terminal to ask at
    assert _push(server, other, "--prune") == 2
    err = capsys.readouterr().err
    assert "--prune deletes 2 documents" in err and "acme_2022, acme_2023" in err and "--yes" in err
    assert _held(server)[1] == ["acme_2022", "acme_2023", "beta_2022"]
    assert server.deletes() == []

    assert _push(server, other, "--prune", "--yes") == 0
    assert "pruned 2 documents the store does not hold: acme_2022, acme_2023" in capsys.readouterr().out
    assert _held(server) == (2, ["beta_2022"])


class _Terminal(io.StringIO):
    """Typed answers at a terminal."""

    def isatty(self) -> bool:
        return True


def test_prune_at_a_terminal_asks_and_no_keeps_everything(server, tmp_path, capsys, monkeypatch):
    other = tmp_path / "other"
    with open_store(load_settings(store_dir=other), dim=DIM) as store:
        _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["Beta revenue fell.", "$ % —"], 1)
    monkeypatch.setattr("sys.stdin", _Terminal("n\n"))
    assert _push(server, other, "--prune") == 1
    assert "--prune deletes 2 documents" in capsys.readouterr().err
    assert _held(server)[1] == ["acme_2022", "acme_2023", "beta_2022"] and server.deletes() == []
    monkeypatch.setattr("sys.stdin", _Terminal("y\n"))
    assert _push(server, other, "--prune") == 0
    assert _held(server) == (2, ["beta_2022"])


def test_a_store_built_with_another_encoder_is_refused_before_any_point_is_sent(server, tmp_path, capsys, monkeypatch):
    fp32 = tmp_path / "fp32"
    with open_store(load_settings(store_dir=fp32), dim=DIM) as store:
        _write(store, _meta("gamma_2022", "Gamma", 2022, "d" * 64), ["Gamma revenue rose."], 3)
    assert _push(server, fp32) == 0  # the collection now records the encoder of its vectors
    monkeypatch.setenv("FINRAG_EMBEDDING_QUANTIZE", "1")  # this process and the next store: int8
    int8 = tmp_path / "int8"
    with open_store(load_settings(store_dir=int8), dim=DIM) as store:
        _write(store, _meta("delta_2022", "Delta", 2022, "e" * 64), ["Delta revenue fell."], 2)
    capsys.readouterr()
    server.requests.clear()

    assert _push(server, int8) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "was built with the encoder all-MiniLM-L6-v2 (fp32)" in err[0]
    assert "embeds with all-MiniLM-L6-v2|torch|int8" in err[0]
    assert [path for _, path in server.requests if "/points" in path] == []
    assert _held(server) == (7, ["acme_2022", "acme_2023", "beta_2022", "gamma_2022"])
