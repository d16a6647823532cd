"""The catalog: one company per issuer, and corrections that change which filings a
question reaches without rewriting or re-embedding a chunk."""

from __future__ import annotations

import csv

import pytest

from cli.main import main
from finrag.catalog import (
    CatalogError,
    Corrections,
    add_alias,
    catalog_from_documents,
    catalog_key,
    flag_suspects,
    load_corrections,
    remove_alias,
    resolve,
)
from finrag.config import load_settings
from finrag.embeddings import get_embedder
from finrag.models import DocumentMeta
from finrag.store import open_store
from indexing.pipeline import ingest_paths
from indexing.summary import ingest_warnings
from retrieval.retriever import Retriever
from tests.flows.test_ingest import make_report


def _meta(doc, company, year, ticker=None, legal=None, aliases=()):
    return DocumentMeta(
        file=f"{doc}.pdf", doc=doc, sha256=doc, company=company, company_legal=legal, ticker=ticker,
        aliases=list(aliases), fiscal_year=year, period=f"FY{year}", form="10-K",
    )


def test_spellings_tickers_and_legal_names_make_one_issuer():
    catalog = catalog_from_documents([
        _meta("nke-2021", "NIKE", 2021, legal="NIKE, Inc."),
        _meta("nke-2022", "Nike", 2022, legal="NIKE, Inc."),
        _meta("nke-2023", "Nike", 2023),
        _meta("amzn-2022", "Amazon", 2022, ticker="AMZN"),
        _meta("amzn-2019", "Amazon.com", 2019, ticker="AMZN"),
        _meta("pep-2022", "PepsiCo", 2022, ticker="PEP"),
    ])
    resolved = resolve(catalog)
    assert [c.name for c in resolved.companies] == ["Amazon", "Nike", "PepsiCo"]
    nike = resolved.companies[1]
    assert set(nike.filter_names) == {"NIKE", "Nike"}  # what the company filter matches
    assert nike.fiscal_years == [2021, 2022, 2023]
    assert [f.doc for f in nike.filings] == ["nke-2021", "nke-2022", "nke-2023"]
    assert "NIKE" in nike.aliases  # a question may write either


def test_a_correction_moves_a_misread_name_and_adds_nicknames():
    catalog = catalog_from_documents([
        _meta("ebay-2022", "eBay", 2022, ticker="EBAY"),
        _meta("ebay-q1", "Bay", 2023),  # a release read wrong
        _meta("axp-2022", "American Express", 2022, ticker="AXP"),
    ])
    assert len(resolve(catalog).companies) == 3
    corrections = Corrections(aliases={"bay": "eBay", "Amex": "American Express"})
    resolved = resolve(catalog, corrections)
    assert [c.name for c in resolved.companies] == ["American Express", "eBay"]
    ebay = resolved.companies[1]
    assert set(ebay.filter_names) == {"eBay", "Bay"}
    assert "Amex" in resolved.companies[0].aliases


def test_corrections_file_round_trip(tmp_path):
    path = tmp_path / "store.catalog.json"
    assert load_corrections(path) == Corrections()
    add_alias(path, "Amex", "American Express")
    add_alias(path, "AMEX", "American Express Company")  # the same name again: the later wins
    assert load_corrections(path).aliases == {"AMEX": "American Express Company"}
    assert remove_alias(path, "amex") and load_corrections(path).aliases == {}


# --------------------------------------------------------------------------- with a real store


@pytest.fixture(scope="module")
def corrected_store(tmp_path_factory, embedding_cache_dir):
    root = tmp_path_factory.mktemp("catalog-store")
    pdfs = root / "pdfs"
    pdfs.mkdir()
    make_report(pdfs / "gx-2022.pdf", "Globex", 2022, 900)
    make_report(pdfs / "gx-2023.pdf", "Glbex", 2023, 1000)  # the same issuer, read under a typo
    settings = load_settings(store_dir=root / "store", cache_dir=embedding_cache_dir)
    reports = ingest_paths([pdfs], settings)
    assert [r.company for r in reports] == ["Globex", "Glbex"]
    return settings, pdfs, reports


class _CountingEmbedder:
    """The real embedder, counting document embeddings (a correction must cause none)."""

    def __init__(self, inner):
        self.inner, self.documents_embedded = inner, 0
        self.name, self.dim = inner.name, inner.dim

    def embed_documents(self, texts):
        self.documents_embedded += len(texts)
        return self.inner.embed_documents(texts)

    def embed_query(self, text):
        return self.inner.embed_query(text)


def test_an_alias_changes_the_filter_without_re_embedding(corrected_store, capsys):
    settings, _, _ = corrected_store
    embedder = _CountingEmbedder(get_embedder(settings))
    question = "What was Globex's revenue in FY2023?"
    with open_store(settings) as store:
        before_ids = store.chunk_ids()
        retriever = Retriever(store, embedder, settings)
        assert retriever.retrieve(question).filters.companies == ["Globex"]
        assert all(h.chunk.doc == "gx-2022" for h in retriever.retrieve(question).hits)

    assert main(["catalog", "alias", "Glbex", "Globex", "--store", str(settings.store_dir)]) == 0
    try:
        with open_store(settings) as store:
            retriever = Retriever(store, embedder, settings)
            result = retriever.retrieve(question)
            assert set(result.filters.companies) == {"Globex", "Glbex"}
            assert result.preferred_year == 2023 and result.hits[0].chunk.doc == "gx-2023"
            assert {h.chunk.company for h in result.hits} == {"Globex"}  # as the catalog names it
            assert store.chunk_ids() == before_ids
        assert embedder.documents_embedded == 0
        capsys.readouterr()
        assert main(["catalog", "--store", str(settings.store_dir)]) == 0
        listing = capsys.readouterr().out
        first, *filings = listing.splitlines()
        assert first.startswith("Globex  (also: ") and "Glbex" in first
        assert "FY2023   gx-2023  low confidence: company" in listing  # a fallback reading says so
        assert "1 company, 2 filings" in listing
    finally:
        remove_alias(settings.catalog_path, "Glbex")


def test_a_manifest_renaming_a_stored_filing_is_a_correction_not_a_re_ingest(corrected_store):
    settings, pdfs, _ = corrected_store
    manifest = pdfs.parent / "manifest.csv"
    with manifest.open("w", newline="") as handle:
        csv.writer(handle).writerows([["file", "company"], ["gx-2023.pdf", "Globex"]])
    try:
        reports = ingest_paths([pdfs / "gx-2023.pdf"], settings, manifest=manifest)
        assert [(r.status, r.company) for r in reports] == [("unchanged", "Globex")]
        assert load_corrections(settings.catalog_path).aliases == {"Glbex": "Globex"}
        with open_store(settings) as store:
            resolved = resolve(store.catalog(), load_corrections(settings.catalog_path))
        assert [(c.name, sorted(c.docs)) for c in resolved.companies] == [("Globex", ["gx-2022", "gx-2023"])]
    finally:
        remove_alias(settings.catalog_path, "Glbex")


def test_ingest_warns_about_filings_read_with_low_confidence(corrected_store):
    # The made-up covers have no "(Exact name of registrant ...)" caption: the company is
    # a fallback reading (a line ending in "Inc."), and the summary says so.
    _, _, reports = corrected_store
    assert all(r.low_confidence == ["company"] for r in reports)
    assert all(r.sources["fiscal_year"].source == "cover" for r in reports)
    warnings = ingest_warnings(reports)
    assert warnings[1] == "warning: gx-2023: low confidence in company 'Glbex' (cover, 0.50)"


# --------------------------------------------------------------------------- safe corrections (issue 23)


def _two_issuers():
    return catalog_from_documents([
        _meta("nwr-2023", "Northwind Robotics", 2023, ticker="NWRB", legal="Northwind Robotics, Inc."),
        _meta("hlx-2023", "Helix Dynamics", 2023, ticker="HLXD", legal="Helix Dynamics Corporation"),
        _meta("nw-q1", "Northwind", 2024),  # a release read under a short name, no ticker
    ])


def test_an_alias_merging_two_issuers_with_different_tickers_is_refused_unless_forced(tmp_path):
    path = tmp_path / "catalog.json"
    with pytest.raises(CatalogError, match=r"'Northwind Robotics' \(NWRB\) and 'Helix Dynamics' \(HLXD\) have "
                                           r"different tickers.*--force"):
        add_alias(path, "Northwind Robotics", "Helix Dynamics", catalog=_two_issuers())
    assert load_corrections(path).aliases == {}  # nothing saved
    add_alias(path, "Northwind", "Northwind Robotics", catalog=_two_issuers())  # a misread: accepted
    add_alias(path, "Northwind Robotics", "Helix Dynamics", catalog=_two_issuers(), force=True)
    assert load_corrections(path).aliases["Northwind Robotics"] == "Helix Dynamics"


def test_legal_names_that_differ_only_by_form_or_punctuation_are_not_a_conflict(tmp_path):
    catalog = catalog_from_documents([
        _meta("a", "Acme", 2022, legal="ACME, Inc."), _meta("b", "Acme Corp", 2023, legal="Acme Inc"),
        _meta("c", "Apex", 2023, legal="Apex Industries plc"),
    ])
    add_alias(tmp_path / "catalog.json", "Acme Corp", "Acme", catalog=catalog)
    with pytest.raises(CatalogError, match="different legal names"):
        add_alias(tmp_path / "catalog.json", "Apex", "Acme", catalog=catalog)


def test_a_cycle_is_refused_and_chains_resolve_to_their_end(tmp_path):
    path = tmp_path / "catalog.json"
    add_alias(path, "NW", "Northwind")
    add_alias(path, "Northwind", "Northwind Robotics")
    for name, canonical in (("Northwind", "NW"), ("Northwind Robotics", "NW")):
        with pytest.raises(CatalogError, match="would make a cycle"):
            add_alias(path, name, canonical)
    corrections = load_corrections(path)
    assert corrections.canonical("nw") == "Northwind Robotics"  # an alias of an alias is followed
    resolved = resolve(_two_issuers(), corrections)
    northwind = next(c for c in resolved.companies if c.name == "Northwind Robotics")
    assert set(northwind.filter_names) == {"Northwind Robotics", "Northwind"} and "NW" in northwind.aliases


@pytest.mark.parametrize("text", ["{not json", '{"aliases": ["Amex"]}', "\udcff".encode("utf-8", "surrogatepass")])
def test_a_corrupt_catalog_file_is_one_error_naming_it(tmp_path, text):
    path = tmp_path / "catalog.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(CatalogError, match=f"^{path}: not a valid catalog file"):
        load_corrections(path)
    with pytest.raises(CatalogError):
        add_alias(path, "Amex", "American Express")
    assert path.read_bytes() == (text if isinstance(text, bytes) else text.encode())  # left for the analyst


def test_the_resume_key_changes_only_for_questions_naming_a_corrected_company():
    before = resolve(_two_issuers())
    after = resolve(_two_issuers(), Corrections(aliases={"Northwind": "Northwind Robotics"}))
    about_northwind = "What did Northwind Robotics report as capex in FY2023?"
    about_helix = "What did Helix Dynamics report as capex in FY2023?"
    assert catalog_key(before, about_northwind) != catalog_key(after, about_northwind)
    assert catalog_key(before, about_helix) == catalog_key(after, about_helix)
    assert catalog_key(before, "NWRB capex?") != catalog_key(before, "capex?")  # a ticker names it too
    nickname = resolve(_two_issuers(), Corrections(aliases={"Robo": "Northwind Robotics"}))
    assert catalog_key(before, "Robo capex?") != catalog_key(nickname, "Robo capex?")  # a new nickname reaches it


# --------------------------------------------------------------------------- one issuer, one entry (issue 21)


def test_names_differing_by_case_punctuation_or_legal_form_are_one_issuer_unless_tickers_differ():
    resolved = resolve(catalog_from_documents([
        _meta("mgm-2022", "MGM Resorts International", 2022, ticker="MGM", legal="MGM Resorts International"),
        _meta("mgm-q1", "MGM RESORTS", 2023),  # a release: no ticker printed
        _meta("ko-2022", "The Coca-Cola Company", 2022, ticker="KO"),
        _meta("ko-2023", "Coca Cola", 2023, legal="THE COCA-COLA COMPANY"),
        _meta("acm-2022", "Acme Corp", 2022, ticker="ACM"),
        _meta("acx-2022", "ACME, Inc.", 2022, ticker="ACX"),  # same name, another ticker: two issuers
        _meta("ach-2022", "Acme Holdings", 2022),  # "Holdings" is not a legal form: not joined
    ]))
    groups = sorted(sorted(c.docs) for c in resolved.companies)
    assert groups == [["ach-2022"], ["acm-2022"], ["acx-2022"], ["ko-2022", "ko-2023"], ["mgm-2022", "mgm-q1"]]


def test_a_former_name_a_filing_gives_links_the_two_entries():
    resolved = resolve(catalog_from_documents([
        _meta("sq-2016", "Square", 2016, legal="Square, Inc."),
        _meta("xyz-2023", "Block", 2023, ticker="SQ", legal="Block, Inc.", aliases=["Square"]),  # formerly Square
        _meta("other", "Squarespace", 2023, ticker="SQSP", aliases=["Square Online"]),
    ]))
    block = next(c for c in resolved.companies if "xyz-2023" in c.docs)
    assert block.name == "Block" and sorted(block.docs) == ["sq-2016", "xyz-2023"]
    assert set(block.filter_names) == {"Block", "Square"}
    assert len(resolved.companies) == 2


def test_suspect_entries_are_flagged():
    resolved = resolve(catalog_from_documents([
        _meta("ko-2022", "Coca-Cola", 2022, ticker="KO"),
        _meta("ko-2023", "Coca-Cola", 2023, ticker="KO"),
        _meta("ko-q1", "Coca", 2023),  # a fragment read off a release
    ]))
    texts = {"ko-q1": ["The Coca-Cola Company reports first quarter results", "Coca-Cola's unit case volume"],
             "ko-2022": ["The Coca-Cola Company"], "ko-2023": ["Coca-Cola"]}
    flagged = {c.name: c.flags for c in flag_suspects(resolved, texts=texts.get).companies}
    assert flagged["Coca-Cola"] == []
    assert flagged["Coca"] == [
        "'Coca' is not a whole name in its filings (only inside 'Coca-Cola')",
        "one filing, named like 'Coca-Cola': the same issuer? (finrag catalog merge 'Coca' 'Coca-Cola')",
        "no ticker",
    ]


def test_the_catalog_file_follows_the_umask(tmp_path):
    import os

    old = os.umask(0o022)
    try:
        add_alias(tmp_path / "catalog.json", "Amex", "American Express")
    finally:
        os.umask(old)
    assert (tmp_path / "catalog.json").stat().st_mode & 0o777 == 0o644


def test_a_line_of_prose_read_as_a_company_is_flagged():
    resolved = resolve(catalog_from_documents([
        _meta("a", "First Quarter Operating Results. The", 2023),
        _meta("b", "He is also Chairman of corporate advisory firm Cicero Advisory Services Pty", 2022),
        _meta("c", "Amazon.com", 2022, ticker="AMZN"),  # a dot inside a name is not a sentence
        _meta("d", "Federal Home Loan Mortgage Corp", 2022, ticker="FMCC"),
    ]))
    flags = {c.name: c.flags for c in flag_suspects(resolved).companies}
    assert "'First Quarter Operating Results. The' does not look like a company name (a sentence ends inside it)" \
        in flags["First Quarter Operating Results. The"]
    assert any("(12 words)" in f for f in flags["He is also Chairman of corporate advisory firm Cicero Advisory Services Pty"])
    assert flags["Amazon.com"] == [] and flags["Federal Home Loan Mortgage Corp"] == []


def test_a_release_listing_both_share_classes_is_one_issuer_with_the_10k():
    # The release's line "Alphabet Inc. (NASDAQ: GOOG, GOOGL)" gives GOOG (GOOGL among its
    # names); the 10-K's cover table gives GOOGL: one issuer, not two "Alphabet" entries.
    release = DocumentMeta(file="r.pdf", doc="r", sha256="1", company="Alphabet", company_legal="Alphabet Inc.",
                           ticker="GOOG", aliases=["Alphabet Inc.", "GOOGL"], form="earnings", fiscal_year=2023)
    annual = DocumentMeta(file="k.pdf", doc="k", sha256="2", company="Alphabet Inc", company_legal="ALPHABET INC",
                          ticker="GOOGL", aliases=["GOOGL"], form="10-K", fiscal_year=2022)
    other = DocumentMeta(file="o.pdf", doc="o", sha256="3", company="Alphabet Holdings", ticker="ALPH", form="10-K")
    names = [c.name for c in resolve(catalog_from_documents([release, annual, other])).companies]
    assert len(names) == 2 and "Alphabet Holdings" in names
