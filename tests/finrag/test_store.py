"""The store: crash-safe document replacement, filters, catalog, busy lock.

Behaviour tests run against both engines: the embedded one (Qdrant Edge) and the Qdrant
API through qdrant-client, with local mode standing in for a server.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import uuid

import pytest

from finrag.config import load_settings
from finrag.embeddings import vector_family
from finrag.errors import UserError
from finrag.models import Chunk, DocumentMeta, SearchFilters
from finrag.sparse import document_vector, query_vector
from finrag.store import EncoderMismatch, StoreBusy, open_store
from tests.support.qdrant_server import QdrantApiServer

DIM = 4


def _meta(doc: str, company: str, year: int, sha: str, **extra) -> DocumentMeta:
    return DocumentMeta(file=f"{doc}.pdf", doc=doc, sha256=sha, company=company,
                        fiscal_year=year, form="10-K", period=f"FY{year}", pages=3, **extra)


def _chunks(meta: DocumentMeta, texts: list[str], tags: list[str] | None = None) -> list[Chunk]:
    return [
        Chunk(
            chunk_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"{meta.sha256}/{i}/{t}")),
            doc=meta.doc, doc_sha256=meta.sha256, index=i, company=meta.company,
            fiscal_year=meta.fiscal_year, period=meta.period, form=meta.form,
            page=i, page_end=i, section="Item 8", tags=tags or [], text=t,
            header=f"{meta.company} {meta.period}",
        )
        for i, t in enumerate(texts)
    ]


def _dense(direction: int, n: int) -> list[list[float]]:
    # Points of one document share a direction, so a dense query picks a document.
    base = [0.05] * DIM
    base[direction] = 1.0
    return [list(base) for _ in range(n)]


def _write(store, meta, texts, direction, tags=None):
    chunks = _chunks(meta, texts, tags)
    store.replace_document(meta, chunks, _dense(direction, len(chunks)),
                           [document_vector(c.embed_text) for c in chunks])
    return chunks


@pytest.fixture
def settings(tmp_path):
    return load_settings(store_dir=tmp_path / "store", cache_dir=tmp_path / "cache")


def open_server_stand_in(path, dim: int = DIM):
    """The server engine (qdrant-client) on a local-mode directory instead of a URL."""
    from qdrant_client import QdrantClient

    from finrag.store.qdrant import QdrantStore

    return QdrantStore(QdrantClient(path=str(path)), "finrag_chunks", dim, str(path), engine="qdrant-server")


@pytest.fixture(params=["edge", "server"])
def store(request, settings, tmp_path):
    opened = open_store(settings, dim=DIM) if request.param == "edge" else open_server_stand_in(tmp_path / "server")
    with opened:
        yield opened


def test_document_round_trips_and_is_complete(store):
    meta = _meta("acme_2022", "Acme", 2022, "a" * 64, company_legal="Acme Corp.", ticker="ACM")
    chunks = _write(store, meta, ["Revenue was 1,577 million.", "Capex was 200."], 0, ["income_statement"])
    assert store.count() == 2
    assert store.document_sha("acme_2022") == "a" * 64
    assert store.documents() == [meta]
    assert store.docs_with_sha("a" * 64) == ["acme_2022"]
    assert store.chunk_counts() == {"acme_2022": 2}
    hits = store.query(_dense(0, 1)[0], None, k=5, mode="dense")
    assert {h.chunk.chunk_id: h.chunk for h in hits} == {c.chunk_id: c for c in chunks}


def test_doc_chunks_are_one_filing_in_reading_order(store):
    acme = _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["first", "second", "third"], 0, ["mdna"])
    _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["beta text"], 1)
    assert store.doc_chunks("acme_2022") == acme  # payload only, every field, index order
    assert store.doc_chunks("nothing") == []


def test_replacing_a_document_leaves_no_orphans(store):
    old = _meta("acme_2022", "Acme", 2022, "a" * 64)
    _write(store, old, ["old one", "old two", "old three"], 0)
    _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["beta text"], 1)
    new = _meta("acme_2022", "Acme", 2022, "c" * 64)
    new_chunks = _write(store, new, ["new one"], 0)
    assert store.chunk_ids("acme_2022") == {new_chunks[0].chunk_id}
    assert store.count() == 2
    assert store.document_sha("acme_2022") == "c" * 64
    assert store.docs_with_sha("a" * 64) == []


def test_chunks_without_a_record_are_an_incomplete_document(store):
    meta = _meta("acme_2022", "Acme", 2022, "a" * 64)
    chunks = _chunks(meta, ["partial one", "partial two"])
    store.write_chunks_only(chunks, _dense(0, 2), [document_vector(c.text) for c in chunks])
    assert store.count() == 2
    assert store.document_sha("acme_2022") is None
    assert store.documents() == []
    # Finishing the write later converges to the complete document, nothing extra.
    _write(store, meta, ["partial one"], 0)
    assert store.count() == 1
    assert store.document_sha("acme_2022") == "a" * 64


def test_delete_document(store):
    _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["x", "y"], 0)
    _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["z"], 1)
    store.delete_document("acme_2022")
    assert store.count() == 1
    assert [m.doc for m in store.documents()] == ["beta_2022"]


@pytest.mark.parametrize("mode", ["dense", "sparse", "hybrid"])
@pytest.mark.parametrize("fusion", ["rrf", "dbsf"])
def test_every_mode_honours_filters(store, mode, fusion):
    _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64),
           ["Acme revenue grew strongly", "Acme cash flow"], 0, ["income_statement"])
    _write(store, _meta("acme_2023", "Acme", 2023, "d" * 64), ["Acme revenue 2023"], 0, ["cash_flow"])
    _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["Beta revenue fell"], 1)
    # The query points at Acme (dense direction 0, words "Acme revenue"); filters say Beta.
    dense, sparse = _dense(0, 1)[0], query_vector("Acme revenue")
    beta = store.query(dense, sparse, SearchFilters(companies=["Beta"]), k=5, mode=mode, fusion=fusion)
    assert beta and {h.chunk.company for h in beta} == {"Beta"}
    acme_2023 = store.query(dense, sparse, SearchFilters(companies=["Acme"], fiscal_years=[2023]),
                            k=5, mode=mode, fusion=fusion)
    assert [h.chunk.doc for h in acme_2023] == ["acme_2023"]
    tagged = store.query(dense, sparse, SearchFilters(tags=["income_statement"]), k=5, mode=mode)
    assert {h.chunk.doc for h in tagged} == {"acme_2022"}
    unfiltered = store.query(dense, sparse, None, k=5, mode=mode, fusion=fusion)
    assert unfiltered[0].chunk.company == "Acme"
    # Every hit knows its dense cosine to the query, whatever the ranking score was.
    assert unfiltered[0].similarity == pytest.approx(1.0, abs=1e-5)
    assert all(h.similarity is not None and h.similarity < 0.9 for h in unfiltered if h.chunk.company == "Beta")


def test_sparse_search_ranks_by_matching_terms(store):
    _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64),
           ["capital expenditures were 1,577 million", "dividends were paid quarterly"], 0)
    hits = store.query(None, query_vector("capital expenditure 1577"), k=2, mode="sparse")
    assert hits[0].chunk.text.startswith("capital expenditures")


def test_catalog_and_version(store):
    v0 = store.version()
    _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64, company_legal="Acme Corp.",
                        ticker="ACM", aliases=["ACME"]), ["x"], 0)
    _write(store, _meta("acme_2023", "Acme", 2023, "d" * 64, company_legal="Acme Corporation"), ["y"], 0)
    _write(store, _meta("beta_2022", "Beta", 2022, "b" * 64), ["z"], 1)
    v1 = store.version()
    catalog = store.catalog()
    assert [c.name for c in catalog.companies] == ["Acme", "Beta"]
    acme = catalog.companies[0]
    assert acme.legal_names == ["Acme Corp.", "Acme Corporation"]
    assert acme.tickers == ["ACM"] and acme.aliases == ["ACME"]
    assert acme.fiscal_years == [2022, 2023]
    assert catalog.fiscal_years == [2022, 2023] and catalog.forms == ["10-K"]
    assert catalog.documents == 3
    assert len({v0, v1}) == 2
    _write(store, _meta("beta_2022", "Beta", 2022, "e" * 64), ["z changed"], 1)
    assert store.version() != v1


def test_store_reopens_with_its_data(settings):
    with open_store(settings, dim=DIM) as store:
        _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["x", "y"], 0)
    with open_store(settings, dim=DIM) as store:
        assert store.count() == 2
        assert store.document_sha("acme_2022") == "a" * 64


def _open_in_subprocess(store_dir, hold_s: float) -> subprocess.Popen:
    code = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from finrag.config import load_settings
        from finrag.store import StoreBusy, holding_as, open_store
        settings = load_settings(store_dir=Path({str(store_dir)!r}))
        try:
            with holding_as("the answer_batch run 'clever-fox'"), open_store(settings, dim={DIM}):
                print("opened", flush=True)
                time.sleep({hold_s})
        except StoreBusy as err:
            print("BUSY:", err, flush=True)
    """)
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_second_process_is_refused_clearly_naming_who_holds_it_and_since_when_and_may_wait(settings):
    holder = _open_in_subprocess(settings.store_dir, hold_s=3)
    assert holder.stdout.readline().strip() == "opened"
    with pytest.raises(StoreBusy) as busy:
        open_store(settings, dim=DIM)
    assert re.fullmatch(
        rf"store at {re.escape(str(settings.store_dir))} is in use by another process: "
        rf"the answer_batch run 'clever-fox' \(pid {holder.pid}\), since \d\d:\d\d UTC \(\d+ s ago\) — "
        r"wait for it to finish or use a Qdrant server \(QDRANT_URL\)", str(busy.value)), str(busy.value)
    told = []
    with open_store(settings, dim=DIM, wait_s=120, on_wait=told.append) as store:  # a flow waits its turn
        assert store.count() == 0
    assert told and told[0].what == "the answer_batch run 'clever-fox'" and told[0].pid == holder.pid
    holder.wait(timeout=60)


def test_a_store_built_with_one_encoder_refuses_queries_embedded_by_another(settings):
    with open_store(settings, dim=DIM) as store:
        _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["x"], 0)
    assert json.loads((settings.store_dir / "store.json").read_text())["encoder"] == "all-MiniLM-L6-v2 (fp32)"
    # The ONNX runtime gives the same fp32 vectors: the same family.
    with open_store(settings.with_overrides(embedding_runtime="onnx"), dim=DIM) as store:
        assert store.count() == 1
    int8 = settings.with_overrides(embedding_quantize=True)
    with pytest.raises(EncoderMismatch) as refused:
        open_store(int8, dim=DIM)
    assert str(refused.value).startswith(
        f"the store at {settings.store_dir} was built with the encoder all-MiniLM-L6-v2 (fp32) but this process "
        "embeds with all-MiniLM-L6-v2|torch|int8:"
    )
    # A UserError: the CLI prints it as this one line and exits 2.
    assert isinstance(refused.value, UserError) and "\n" not in str(refused.value)
    # An endpoint's family is its model at its URL, without any user:password in it.
    remote = settings.with_overrides(embedding_url="http://u:pw@host:8080/v1", embedding_model="m")
    assert vector_family(remote) == "m@http://host:8080/v1"


def test_a_server_collection_built_with_one_encoder_refuses_queries_embedded_by_another(settings):
    """As the embedded store does, through QDRANT_URL (a Qdrant-API server on loopback)."""
    with QdrantApiServer() as server:
        on_server = settings.with_overrides(qdrant_url=server.url)
        with open_store(on_server, dim=DIM) as store:
            _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["x"], 0)
        assert server.engine.get_collection("finrag_chunks").config.metadata == {
            "finrag_encoder": "all-MiniLM-L6-v2 (fp32)"}
        with open_store(on_server.with_overrides(embedding_runtime="onnx"), dim=DIM) as store:  # same vectors
            assert store.count() == 1
        with pytest.raises(EncoderMismatch) as refused:
            open_store(on_server.with_overrides(embedding_quantize=True), dim=DIM)
        assert str(refused.value).startswith(
            f"the collection 'finrag_chunks' at {server.url} was built with the encoder all-MiniLM-L6-v2 (fp32) but "
            "this process embeds with all-MiniLM-L6-v2|torch|int8:"
        )
        assert isinstance(refused.value, UserError) and "\n" not in str(refused.value)


def test_a_server_collection_from_before_the_encoder_was_recorded_is_stamped_by_its_next_write(settings):
    from qdrant_client import QdrantClient

    from finrag.store.qdrant import QdrantStore

    with QdrantApiServer() as server:
        QdrantStore(QdrantClient(url=server.url), "finrag_chunks", DIM, server.url, engine="qdrant-server").close()
        on_server = settings.with_overrides(qdrant_url=server.url)
        with open_store(on_server.with_overrides(embedding_quantize=True), dim=DIM) as store:  # read only
            assert store.count() == 0
        assert not server.engine.get_collection("finrag_chunks").config.metadata
        with open_store(on_server, dim=DIM) as store:
            _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["x"], 0)
        with pytest.raises(EncoderMismatch):
            open_store(on_server.with_overrides(embedding_quantize=True), dim=DIM)


def test_a_store_from_before_the_encoder_was_recorded_is_stamped_by_its_next_write(settings):
    with open_store(settings, dim=DIM):
        pass
    meta_file = settings.store_dir / "store.json"
    meta = json.loads(meta_file.read_text())
    meta.pop("encoder")
    meta_file.write_text(json.dumps(meta))
    with open_store(settings.with_overrides(embedding_quantize=True), dim=DIM) as store:  # read only: not stamped
        assert store.count() == 0
    assert "encoder" not in json.loads(meta_file.read_text())
    with open_store(settings, dim=DIM) as store:
        _write(store, _meta("acme_2022", "Acme", 2022, "a" * 64), ["x"], 0)
    assert json.loads(meta_file.read_text())["encoder"] == "all-MiniLM-L6-v2 (fp32)"


def test_two_stores_never_wait_on_each_other(tmp_path):
    first, second = (load_settings(store_dir=tmp_path / name) for name in ("a", "b"))
    with open_store(first, dim=DIM), open_store(second, dim=DIM) as other:  # at once, in one process even
        assert other.count() == 0
        with pytest.raises(StoreBusy):
            open_store(first, dim=DIM)  # while the same store is one at a time


def test_a_damaged_store_file_is_one_error_naming_it(settings, capsys):
    from cli.main import main

    with open_store(settings, dim=DIM):
        pass
    meta = settings.store_dir / "store.json"
    meta.write_text("{oops", encoding="utf-8")
    assert main(["store", "info", "--store", str(settings.store_dir)]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"finrag store: {meta}: not a valid store file")
