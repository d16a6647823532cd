"""One company per issuer in what the store holds, and the analyst's corrections to it.

The store records, per filing, the company name its reader chose. Two filings of one
issuer can disagree ("NIKE" on one cover, "Nike" on another), and a reader can be
wrong. `resolve(catalog, corrections)` turns the store's catalog into one entry per
issuer:
- entries that share a name (any case), a ticker or a legal name are one issuer;
- a correction `NAME -> CANONICAL` (from `finrag catalog alias` or a manifest at ingest)
  makes NAME a spelling of CANONICAL: a stored company name is moved under it, any other
  name becomes an alias questions may use ("Amex"). Chains resolve to their end (A -> B ->
  C: A is C); a correction that would make a cycle, or merge two issuers whose filings give
  different tickers or legal names, is refused (unless forced).

Each resolved entry keeps every spelling stored in chunk payloads (`stored_names`): the
retrieval filter matches those, so a correction changes which filings a question reaches
without touching (or re-embedding) a single chunk. Corrections live in a small JSON file
in the store's folder (`Settings.catalog_path`), changed only under a file lock and
replaced atomically (`updating`), so concurrent corrections never lose one another.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from difflib import SequenceMatcher
from pathlib import Path

from filelock import FileLock, Timeout
from pydantic import BaseModel, Field, ValidationError

from finrag.errors import UserError
from finrag.models import CatalogCompany, CatalogFiling, DocumentMeta, StoreCatalog
from finrag.text_files import write_text_atomic

# Names this alike (difflib ratio) are a misreading of one another, not two issuers:
# "glbex" / "globex" is 0.91, "meta" / "beta" 0.75, "northwind robotics" / "helix dynamics" 0.25.
MISREAD_RATIO = 0.85
LOCK_WAIT_S = 60.0  # how long a correction waits for another one writing catalog.json


class CatalogError(UserError):
    """catalog.json cannot be read, or a correction would merge or swap issuers."""


class Corrections(BaseModel):
    """Analyst corrections: name as written -> canonical company name."""

    aliases: dict[str, str] = Field(default_factory=dict)

    def target(self, name: str) -> str | None:
        """The one-step correction of `name` (any case), or None."""
        wanted = name.casefold()
        return next((c for n, c in self.aliases.items() if n.casefold() == wanted), None)

    def chain(self, name: str) -> list[str]:
        """`name` and the names its corrections lead to, in order ("A", "B", "C" for A -> B
        -> C). Stops before a name seen already (a cycle in a hand-edited file)."""
        path, seen = [name], {name.casefold()}
        while (nxt := self.target(path[-1])) is not None and nxt.casefold() not in seen:
            path.append(nxt)
            seen.add(nxt.casefold())
        return path

    def canonical(self, name: str) -> str | None:
        """Where `name`'s corrections end (an alias of an alias is followed), or None."""
        path = self.chain(name)
        return path[-1] if len(path) > 1 else None


def load_corrections(path: Path) -> Corrections:
    """The corrections in `path` (none when it does not exist); a file that is not a
    corrections file raises CatalogError naming it (the CLI's one line)."""
    if not path.is_file():
        return Corrections()
    try:
        return Corrections.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "the file"
        raise CatalogError(f"{path}: not a valid catalog file ({where}: {first['msg']}); fix it or move it "
                           "away (it holds only name corrections, the store is not affected)") from exc


def save_corrections(path: Path, corrections: Corrections) -> None:
    """Written to a temporary file, flushed and renamed: a crash never leaves half a file.
    Call it under `updating` when the file may have other writers."""
    write_text_atomic(path, json.dumps(corrections.model_dump(), indent=2, sort_keys=True))


@contextmanager
def updating(path: Path) -> Iterator[Corrections]:
    """Read, change and write catalog.json as one step under a file lock, so concurrent
    corrections never lose one another (the body changes the yielded Corrections; it is
    saved only when the body succeeds)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with FileLock(str(path) + ".lock", timeout=LOCK_WAIT_S):
            corrections = load_corrections(path)
            yield corrections
            save_corrections(path, corrections)
    except Timeout as exc:
        raise CatalogError(f"{path} is being changed by another process (waited {LOCK_WAIT_S:.0f} s)") from exc


def add_alias(path: Path, name: str, canonical: str, catalog: StoreCatalog | None = None,
              force: bool = False) -> Corrections:
    """Record that `name` means `canonical` (a later correction of the same name wins).

    Refused (CatalogError): a correction that would make a cycle; and, given the store's
    `catalog`, one that would merge two issuers whose tickers or legal names differ, unless
    `force` (an analyst who knows better)."""
    with updating(path) as corrections:
        for existing in [n for n in corrections.aliases if n.casefold() == name.casefold()]:
            del corrections.aliases[existing]
        if name.casefold() == canonical.casefold():
            return corrections
        onward = corrections.chain(canonical)
        if any(n.casefold() == name.casefold() for n in onward):
            cycle = " -> ".join([name, *onward])
            raise CatalogError(f"{name!r} -> {canonical!r} would make a cycle ({cycle}): unalias one of them first")
        if catalog is not None and not force:
            refuse_other_issuer(resolve(catalog, corrections), name, onward[-1])
        corrections.aliases[name] = canonical
    return corrections


def refuse_other_issuer(resolved: StoreCatalog, name: str, canonical: str) -> None:
    """Raise CatalogError when `name` and `canonical` are two stored issuers that their own
    filings tell apart: different tickers, or different legal names. A legal name that is a
    misreading of the other ("Glbex, Inc." / "Globex, Inc.", a fragment "Coca" of
    "Coca-Cola") is what a correction is for, so near names do not count as different."""
    first, second = find_company(resolved, name), find_company(resolved, canonical)
    if first is None or second is None or first is second:
        return
    checks = (("tickers", first.tickers, second.tickers, lambda x, y: x.upper() == y.upper()),
              ("legal names", first.legal_names, second.legal_names, same_or_misread))
    for what, a, b, agree in checks:
        if a and b and not any(agree(x, y) for x in a for y in b):
            raise CatalogError(
                f"{first.name!r} ({', '.join(a)}) and {second.name!r} ({', '.join(b)}) have different {what}: "
                "they look like two issuers, and merging them would answer one's questions with the other's "
                "figures; add --force if they really are one company")


def same_or_misread(first: str, second: str) -> bool:
    """Two names of one issuer as far as their spelling tells: equal without case,
    punctuation and legal form, one a word-prefix of the other, or a letter or two apart."""
    a, b = core_key(first), core_key(second)
    if a == b or f"{a} ".startswith(f"{b} ") or f"{b} ".startswith(f"{a} "):
        return True
    return SequenceMatcher(None, a, b).ratio() >= MISREAD_RATIO


def find_company(catalog: StoreCatalog, name: str) -> CatalogCompany | None:
    """The entry `name` (a name, stored spelling, alias or ticker, any case) belongs to."""
    wanted = _name_key(name)
    for company in catalog.companies:
        if wanted in {_name_key(n) for n in (company.name, *company.stored_names, *company.aliases,
                                                *company.tickers)}:
            return company
    return None


def remove_alias(path: Path, name: str) -> bool:
    with updating(path) as corrections:
        found = [n for n in corrections.aliases if n.casefold() == name.casefold()]
        for existing in found:
            del corrections.aliases[existing]
    return bool(found)


def catalog_key(catalog: StoreCatalog, text: str) -> str:
    """A fingerprint of the resolved entries `text` names (by name, stored spelling, alias
    or ticker, as whole words): a batch's resume key, so a correction re-computes the
    answers to questions about the companies it changed, and keeps the others."""
    folded = text.casefold()
    named = []
    for company in catalog.companies:
        names = {n for n in (company.name, *company.stored_names, *company.aliases, *company.tickers) if n}
        if any(re.search(rf"(?<!\w){re.escape(n.casefold())}(?!\w)", folded) for n in names):
            named.append([company.name, sorted(company.filter_names), sorted(company.aliases)])
    return hashlib.sha256(json.dumps(sorted(named)).encode()).hexdigest()[:12]


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
    _join_by_filing_signals(entries, root, join)
    groups: dict[int, list[CatalogCompany]] = {}
    for i, entry in enumerate(entries):
        groups.setdefault(root(i), []).append(entry)
    companies = [_merge(group, corrections) for group in groups.values()]
    # Nicknames: a correction naming no stored company is an alias of its target.
    by_name = {c.name.casefold(): c for c in companies}
    for name in corrections.aliases:
        company = by_name.get((corrections.canonical(name) or name).casefold())
        if company is not None and name not in company.aliases and name.casefold() != company.name.casefold():
            company.aliases.append(name)
    return catalog.model_copy(update={"companies": sorted(companies, key=lambda c: c.name.casefold())})


def _join_by_filing_signals(entries: list[CatalogCompany], root, join) -> None:
    """Join entries the filings themselves say are one issuer, unless their tickers or legal
    names tell them apart (a wrong merge answers with another company's figures):
    - names equal without case, punctuation and legal form ("MGM Resorts" / "MGM Resorts
      International", "Coca-Cola" / "The Coca-Cola Company");
    - a name one filing gives itself besides its own (a former name, "formerly known as
      Square"; a defined term; a second registrant) that is another entry's name."""

    def group(i: int) -> list[CatalogCompany]:
        return [e for j, e in enumerate(entries) if root(j) == root(i)]

    def compatible(i: int, j: int, legal: bool = True) -> bool:
        a, b = group(i), group(j)
        tickers_a = {t.upper() for e in a for t in e.tickers}
        tickers_b = {t.upper() for e in b for t in e.tickers}
        # A filing lists its other share classes' symbols among its names ("Alphabet Inc.
        # (NASDAQ: GOOG, GOOGL)"): one of them is the other entry's ticker, the same issuer.
        names_a = tickers_a | {n.upper() for e in a for n in e.aliases}
        names_b = tickers_b | {n.upper() for e in b for n in e.aliases}
        if tickers_a and tickers_b and not (tickers_a & names_b or tickers_b & names_a):
            return False
        if not legal:  # a former name: the legal name changed with it
            return True
        legal_a = [n for e in a for n in e.legal_names]
        legal_b = [n for e in b for n in e.legal_names]
        return not legal_a or not legal_b or any(same_or_misread(x, y) for x in legal_a for y in legal_b)

    by_core: dict[str, int] = {}
    for i, entry in enumerate(entries):
        for name in {entry.name, *entry.stored_names}:
            key = core_key(name)
            if key in by_core and root(by_core[key]) != root(i):
                if compatible(i, by_core[key]):
                    join(i, by_core[key])
            else:
                by_core.setdefault(key, i)
    for i, entry in enumerate(entries):
        for alias in entry.aliases:
            j = by_core.get(core_key(alias))
            if j is not None and root(j) != root(i) and compatible(i, j, legal=False):
                join(i, j)


def _name_key(name: str) -> str:
    """"McDonald’s" / "McDONALD'S" / "mcdonalds": one key."""
    return re.sub(r"['\u2019\s]", "", name.casefold())


# Words that say what kind of company a name is, not which one: dropped from the end of a
# name (and "the" from its start) when comparing names. "International" is one of them
# only at the end ("MGM Resorts International"), never at the start ("International Paper").
FORM_WORDS = frozenset({
    "inc", "incorporated", "corp", "corporation", "co", "company", "companies", "plc", "ltd", "limited", "llc",
    "lp", "sa", "ag", "nv", "se", "spa", "ab", "asa", "oyj", "kk", "tbk", "pt", "bhd", "pty", "international", "the",
})  # not "Holdings" / "Group": "Acme Holdings" and "Acme Corp" can be two issuers


def core_key(name: str) -> str:
    """A name without case, punctuation and legal-form words: "MGM Resorts International",
    "MGM RESORTS" and "MGM Resorts, Inc." share "mgm resorts"; "Coca-Cola" is "coca cola"."""
    folded = re.sub(r"['\u2019]", "", name.casefold()).replace("&", " and ")
    words = re.findall(r"[^\W_]+", folded)
    if words and words[0] == "the":
        words = words[1:]
    while len(words) > 1 and words[-1] in FORM_WORDS:
        words.pop()
    return " ".join(words)


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


# --------------------------------------------------------------------------- suspect entries

TEXT_SAMPLE = 60  # chunk texts read per filing to check a name (the cover and first pages)


def flag_suspects(catalog: StoreCatalog, texts: Callable[[str], list[str]] | None = None) -> StoreCatalog:
    """The resolved catalog with `flags` on entries that look wrong, for an analyst to
    check (and `merge` or `alias`):
    - a stored name that is not a whole name in its filings' text (`texts(doc)`): it only
      occurs inside a longer word ("Coca" of "Coca-Cola", "Nternational");
    - one filing, under a name near another entry's (a misreading, a fragment);
    - no ticker (nothing ties the entry to an issuer but its name)."""
    companies = []
    for company in catalog.companies:
        flags = []
        if texts is not None:
            sample = [t for doc in company.docs[:3] for t in texts(doc)]
            flags += [f"{name!r} is not a whole name in its filings (only inside {inside!r})"
                      for name in company.stored_names if (inside := _only_inside(name, sample))]
        if (why := _not_a_name(company.name)) is not None:
            flags.append(f"{company.name!r} does not look like a company name ({why})")
        if len(company.docs) == 1:  # flagged on the weaker of the two, merged into the stronger
            near = [o.name for o in catalog.companies if o is not company
                    and same_or_misread(company.name, o.name) and _strength(o) > _strength(company)]
            flags += [f"one filing, named like {other!r}: the same issuer? "
                      f"(finrag catalog merge {company.name!r} {other!r})" for other in near]
        if not company.tickers:
            flags.append("no ticker")
        companies.append(company.model_copy(update={"flags": flags}))
    return catalog.model_copy(update={"companies": companies})


MAX_NAME_WORDS = 7  # "Federal Home Loan Mortgage Corporation of America" is 7; a sentence is longer


def _not_a_name(name: str) -> str | None:
    """Why `name` reads as a sentence, not a name (a caption or a line of prose read as the
    company), or None."""
    words = name.split()
    if re.search(r"[a-z]\.\s+\S", name):  # "Results. The": a sentence ends inside it
        return "a sentence ends inside it"
    if len(words) > MAX_NAME_WORDS:
        return f"{len(words)} words"
    return None


def _strength(company: CatalogCompany) -> tuple[bool, int, int]:
    """Which of two near entries is more likely the issuer's real one: a ticker, more
    filings, a longer (whole) name."""
    return bool(company.tickers), len(company.docs), len(company.name)


def _only_inside(name: str, texts: list[str]) -> str | None:
    """A longer word `name` occurs inside in `texts`, when it never occurs there as a whole
    name (None when it does, or does not occur at all: nothing to say)."""
    whole = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    inside = re.compile(rf"[\w-]*{re.escape(name)}[\w-]*", re.IGNORECASE)
    longer = None
    for text in texts:
        if whole.search(text):
            return None
        longer = longer or next((m.group(0) for m in inside.finditer(text) if len(m.group(0)) > len(name)), None)
    return longer
