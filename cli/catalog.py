"""`finrag catalog`: the companies the store holds, their filings and names, and corrections.

    finrag catalog [--json]                  companies, aliases, filings (form, period), and
                                             flags on suspect entries (fragment names,
                                             near duplicates, no ticker)
    finrag catalog alias NAME CANONICAL      NAME (a stored spelling or a nickname) means CANONICAL
    finrag catalog unalias NAME              forget a correction
    finrag catalog merge A B                 the company A is the company B (all its filings)

A correction that would merge two issuers whose filings give different tickers or legal
names, or make a cycle, is refused (alias / merge --force overrides the first). Commands on
a store that is not there never create it; a corrupt catalog.json is one line naming it.

Corrections are kept beside the store (`Settings.catalog_path`) and change which filings a
question's company filter reaches at once: no chunk is rewritten or re-embedded.
"""

from __future__ import annotations

import json
from pathlib import Path

from finrag.catalog import (
    TEXT_SAMPLE,
    add_alias,
    catalog_from_documents,
    find_company,
    flag_suspects,
    load_corrections,
    refuse_other_issuer,
    remove_alias,
    resolve,
)
from finrag.config import Settings, load_settings
from finrag.errors import StoreUnavailable, UsageError
from finrag.models import StoreCatalog
from finrag.store import open_store
from finrag.store.layout import is_local_mode_store
from finrag.wording import plural

STORE_WAIT_S = 60.0  # a correction waits for a store another command has open


def check_store_exists(settings: Settings) -> None:
    """Refuse a store folder that is not there (opening one would create it). A server's
    collection is checked by opening it."""
    where = settings.store_dir
    if not settings.qdrant_url and not (where / "store.json").exists() and not is_local_mode_store(where):
        raise StoreUnavailable(f"no store at {where}: build it first with `finrag ingest PDF_DIR --store {where}`")


def stored_catalog(settings: Settings) -> StoreCatalog:
    """The store's catalog as its filings read (no correction applied). A store that is
    not there is refused, never created (a typo in --store must not become a store)."""
    check_store_exists(settings)
    with open_store(settings, wait_s=STORE_WAIT_S) as store:
        metas = store.documents()
    return catalog_from_documents(metas)


def current_catalog(settings: Settings) -> StoreCatalog:
    return resolve(stored_catalog(settings), load_corrections(settings.catalog_path))


def checked_catalog(settings: Settings) -> StoreCatalog:
    """The resolved catalog with its suspect entries flagged (reads a sample of each
    filing's text to check the names it was stored under)."""
    check_store_exists(settings)
    corrections = load_corrections(settings.catalog_path)
    with open_store(settings, wait_s=STORE_WAIT_S) as store:
        resolved = resolve(catalog_from_documents(store.documents()), corrections)
        return flag_suspects(resolved, texts=lambda doc: store.chunk_texts(doc, TEXT_SAMPLE))


def format_catalog(catalog: StoreCatalog) -> str:
    if not catalog.companies:
        return "the store holds no company yet (finrag ingest PATH...)"
    lines = []
    for company in catalog.companies:
        names = [*company.tickers, *(a for a in company.aliases if a not in company.tickers)]
        lines.append(f"{company.name}" + (f"  (also: {', '.join(names)})" if names else ""))
        for filing in company.filings:
            period = filing.period or (str(filing.fiscal_year) if filing.fiscal_year else "period ?")
            weak = f"  low confidence: {', '.join(filing.low_confidence)}" if filing.low_confidence else ""
            lines.append(f"  {filing.form:<8} {period:<8} {filing.doc}{weak}")
        lines.extend(f"  ! {flag}" for flag in company.flags)
    lines.append("")
    suspect = sum(1 for c in catalog.companies if set(c.flags) - {"no ticker"})
    lines.append(f"{plural(len(catalog.companies), 'company')}, {plural(catalog.documents, 'filing')}"
                 + (f"; {suspect} to check (marked !)" if suspect else ""))
    return "\n".join(lines)


def run(args) -> int:
    settings = load_settings(store_dir=Path(args.store) if getattr(args, "store", None) else None)
    action = getattr(args, "catalog_command", None)
    if action == "alias":
        name, canonical = args.name.strip(), args.canonical.strip()
        if not name or not canonical:
            raise UsageError("NAME and CANONICAL must not be empty")
        add_alias(settings.catalog_path, name, canonical, catalog=stored_catalog(settings), force=args.force)
        print(f"{name!r} now means {canonical!r} (saved in {settings.catalog_path})")
        return 0
    if action == "unalias":
        check_store_exists(settings)
        removed = remove_alias(settings.catalog_path, args.name)
        print(f"{args.name!r}: {'correction removed' if removed else 'no such correction'}")
        return 0 if removed else 1
    if action == "merge":
        return merge(settings, args)
    catalog = checked_catalog(settings)  # StoreBusy: cli.main prints it as one line, rc 2
    if getattr(args, "json", False):
        print(json.dumps(catalog.model_dump(mode="json"), indent=2))
    else:
        print(format_catalog(catalog))
    return 0


def merge(settings: Settings, args) -> int:
    """`finrag catalog merge A B`: every name A's filings were stored under now means B's
    name (the same guard as alias: different tickers or legal names need --force)."""
    stored = stored_catalog(settings)
    resolved = resolve(stored, load_corrections(settings.catalog_path))
    first, second = find_company(resolved, args.first), find_company(resolved, args.second)
    for given, found in ((args.first, first), (args.second, second)):
        if found is None:
            raise UsageError(f"no company {given!r} in the catalog (see `finrag catalog`)")
    if first is second:
        print(f"{args.first!r} and {args.second!r} already are one company: {first.name!r}")
        return 0
    if not args.force:
        refuse_other_issuer(resolved, first.name, second.name)
    for spelling in first.filter_names:
        add_alias(settings.catalog_path, spelling, second.name, catalog=stored, force=True)
    print(f"merged {first.name!r} ({len(first.docs)} filings) into {second.name!r}: "
          f"{', '.join(repr(n) for n in first.filter_names)} now mean {second.name!r} "
          f"(saved in {settings.catalog_path}; nothing re-embedded)")
    return 0
