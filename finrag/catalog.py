"""One company per issuer in what the store holds, and the analyst's corrections to it.

The store records, per filing, the company name its reader chose. Two filings of one
issuer can disagree ("NIKE" on one cover, "Nike" on another), and a reader can be
wrong. `resolve(catalog, corrections)` turns the store's catalog into one entry per
issuer:
- entries that share a name (any case), a ticker or a legal name are one issuer;
- a correction `NAME -> CANONICAL` (from `finrag catalog alias` or a manifest at ingest)
  makes NAME a spelling of CANONICAL: a stored company name is moved under it, any other
  name becomes an alias questions may use ("Amex").

Each resolved entry keeps every spelling stored in chunk payloads (`stored_names`): the
retrieval filter matches those, so a correction changes which filings a question reaches
without touching (or re-embedding) a single chunk. Corrections live in a small JSON file
beside the store (`Settings.catalog_path`).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from pathlib import Path

from pydantic import BaseModel, Field

from finrag.models import CatalogCompany, CatalogFiling, DocumentMeta, StoreCatalog


class Corrections(BaseModel):
    """Analyst corrections: name as written -> canonical company name."""

    aliases: dict[str, str] = Field(default_factory=dict)

    def canonical(self, name: str) -> str | None:
        wanted = name.casefold()
        return next((c for n, c in self.aliases.items() if n.casefold() == wanted), None)


def load_corrections(path: Path) -> Corrections:
    if not path.is_file():
        return Corrections()
    return Corrections.model_validate_json(path.read_text(encoding="utf-8"))


def save_corrections(path: Path, corrections: Corrections) -> None:
    """Written to a temporary file and renamed: a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(corrections.model_dump(), indent=2, sort_keys=True))
    os.replace(tmp, path)


def add_alias(path: Path, name: str, canonical: str) -> Corrections:
    """Record that `name` means `canonical` (a later correction of the same name wins)."""
    corrections = load_corrections(path)
    for existing in [n for n in corrections.aliases if n.casefold() == name.casefold()]:
        del corrections.aliases[existing]
    if name.casefold() != canonical.casefold():
        corrections.aliases[name] = canonical
    save_corrections(path, corrections)
    return corrections


def remove_alias(path: Path, name: str) -> bool:
    corrections = load_corrections(path)
    found = [n for n in corrections.aliases if n.casefold() == name.casefold()]
    for existing in found:
        del corrections.aliases[existing]
    save_corrections(path, corrections)
    return bool(found)


def catalog_from_documents(metas: list[DocumentMeta]) -> StoreCatalog:
    """The store's catalog from its document records, one entry per stored company name."""
    companies: dict[str, CatalogCompany] = {}
    for meta in metas:
        if not meta.company:
            continue
        entry = companies.setdefault(meta.company, CatalogCompany(name=meta.company, stored_names=[meta.company]))
        for field, values in (
            ("legal_names", [meta.company_legal]),
            ("tickers", [meta.ticker]),
            ("aliases", meta.aliases),
            ("forms", [meta.form]),
            ("docs", [meta.doc]),
            ("fiscal_years", [meta.fiscal_year]),
        ):
            target = getattr(entry, field)
            target.extend(v for v in values if v is not None and v != "" and v not in target)
        entry.filings.append(
            CatalogFiling(
                doc=meta.doc, form=meta.form, fiscal_year=meta.fiscal_year, period=meta.period,
                period_end=meta.period_end, low_confidence=meta.low_confidence,
            )
        )
    for entry in companies.values():
        entry.fiscal_years.sort()
    return StoreCatalog(
        companies=sorted(companies.values(), key=lambda c: c.name),
        fiscal_years=sorted({m.fiscal_year for m in metas if m.fiscal_year is not None}),
        forms=sorted({m.form for m in metas}),
        documents=len(metas),
    )


def resolve(catalog: StoreCatalog, corrections: Corrections | None = None) -> StoreCatalog:
    """The catalog with one entry per issuer (see the module docstring)."""
    corrections = corrections or Corrections()
    entries = list(catalog.companies)
    parent = list(range(len(entries)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        parent[root(i)] = root(j)

    # Entries sharing a key are one issuer; a correction's target is a key too.
    owner: dict[str, int] = {}
    for i, entry in enumerate(entries):
        target = corrections.canonical(entry.name)
        keys = {f"name:{_name_key(target or entry.name)}"}
        keys |= {f"ticker:{t.upper()}" for t in entry.tickers}
        keys |= {f"legal:{n.casefold()}" for n in entry.legal_names}
        for key in keys:
            if key in owner:
                join(i, owner[key])
            else:
                owner[key] = i
    groups: dict[int, list[CatalogCompany]] = {}
    for i, entry in enumerate(entries):
        groups.setdefault(root(i), []).append(entry)
    companies = [_merge(group, corrections) for group in groups.values()]
    # Nicknames: a correction naming no stored company is an alias of its target.
    by_name = {c.name.casefold(): c for c in companies}
    for name, target in corrections.aliases.items():
        company = by_name.get(target.casefold())
        if company is not None and name not in company.aliases and name.casefold() != company.name.casefold():
            company.aliases.append(name)
    return catalog.model_copy(update={"companies": sorted(companies, key=lambda c: c.name.casefold())})


def _name_key(name: str) -> str:
    """"McDonald’s" / "McDONALD'S" / "mcdonalds": one key."""
    return re.sub(r"['\u2019\s]", "", name.casefold())


def _merge(group: list[CatalogCompany], corrections: Corrections) -> CatalogCompany:
    targets = [t for e in group if (t := corrections.canonical(e.name))]
    if targets:
        name = Counter(targets).most_common(1)[0][0]
    else:
        # The name of the latest filing (a company's current name), then the most used.
        name = max(group, key=lambda e: (max(e.fiscal_years, default=0), len(e.docs), e.name)).name
    merged = CatalogCompany(name=name)
    for entry in group:
        for field in ("stored_names", "legal_names", "tickers", "aliases", "forms", "docs"):
            values = getattr(entry, field) or ([entry.name] if field == "stored_names" else [])
            target = getattr(merged, field)
            target.extend(v for v in values if v not in target)
        merged.fiscal_years = sorted(set(merged.fiscal_years) | set(entry.fiscal_years))
        merged.filings.extend(entry.filings)
    for spelling in merged.stored_names:
        if spelling != name and spelling not in merged.aliases:
            merged.aliases.append(spelling)
    merged.filings.sort(key=lambda f: (f.fiscal_year or 0, f.period or "", f.doc))
    return merged
