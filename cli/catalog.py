"""`finrag catalog`: the companies the store holds, their filings and names, and corrections.

    finrag catalog [--json]                  companies, aliases, filings (form, period)
    finrag catalog alias NAME CANONICAL      NAME (a stored spelling or a nickname) means CANONICAL
    finrag catalog unalias NAME              forget a correction

Corrections are kept beside the store (`Settings.catalog_path`) and change which filings a
question's company filter reaches at once: no chunk is rewritten or re-embedded.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from finrag.catalog import (
    add_alias,
    catalog_from_documents,
    load_corrections,
    remove_alias,
    resolve,
)
from finrag.config import Settings, load_settings
from finrag.models import StoreCatalog
from finrag.store import open_store
from finrag.wording import plural


def current_catalog(settings: Settings) -> StoreCatalog:
    with open_store(settings) as store:
        metas = store.documents()
    return resolve(catalog_from_documents(metas), load_corrections(settings.catalog_path))


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
    lines.append("")
    lines.append(f"{plural(len(catalog.companies), 'company')}, {plural(catalog.documents, 'filing')}")
    return "\n".join(lines)


def run(args) -> int:
    settings = load_settings(store_dir=Path(args.store) if getattr(args, "store", None) else None)
    action = getattr(args, "catalog_command", None)
    if action == "alias":
        name, canonical = args.name.strip(), args.canonical.strip()
        if not name or not canonical:
            print("finrag catalog alias: NAME and CANONICAL must not be empty", file=sys.stderr)
            return 2
        add_alias(settings.catalog_path, name, canonical)
        print(f"{name!r} now means {canonical!r} (saved in {settings.catalog_path})")
        return 0
    if action == "unalias":
        removed = remove_alias(settings.catalog_path, args.name)
        print(f"{args.name!r}: {'correction removed' if removed else 'no such correction'}")
        return 0 if removed else 1
    catalog = current_catalog(settings)  # StoreBusy: cli.main prints it as one line, rc 2
    if getattr(args, "json", False):
        print(json.dumps(catalog.model_dump(mode="json"), indent=2))
    else:
        print(format_catalog(catalog))
    return 0
