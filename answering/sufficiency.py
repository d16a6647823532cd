"""Is the evidence enough? Aspect coverage, and the next search for what is missing.

Deterministic: each aspect (company × year × metric) is covered when some retrieved
chunk yields a reading for it (answering.aspects.read_aspect). The next query targets
the first uncovered aspect: its company, the metric's wording and the year, with
filters for that company and year (the year's figures also appear as comparatives in
the next year's filing, so that filing is allowed too).
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

from answering.aspects import Aspect, Reading, metric_label, read_aspect
from finrag.models import SearchFilters, SearchHit
from finrag.vocabulary import Vocabulary, load_vocabulary


class NextQuery(BaseModel):
    text: str
    filters: SearchFilters
    aspect: Aspect | None = None  # the uncovered aspect it looks for
    k: int | None = None  # more hits when several companies are searched together


class Coverage(BaseModel):
    aspects: list[Aspect]
    readings: list[Reading] = Field(default_factory=list)  # one per covered aspect
    uncovered: list[Aspect] = Field(default_factory=list)
    next_query: NextQuery | None = None  # None when complete or nothing new to try

    @property
    def complete(self) -> bool:
        return bool(self.aspects) and not self.uncovered

    def reading(self, aspect: Aspect) -> Reading | None:
        return next((r for r in self.readings if r.aspect == aspect), None)

    def summary(self) -> str:
        if not self.aspects:
            return "no figures to look for"
        return f"{len(self.readings)}/{len(self.aspects)} aspects covered"


def _preference(reading: Reading, rank: int) -> tuple[int, int, int]:
    """Lower is better: the year's own filing, then a table row, then retrieval rank."""
    own_filing = reading.chunk.fiscal_year == reading.fiscal_year
    return (0 if own_filing else 1, 0 if reading.from_table else 1, rank)


def best_readings(
    aspects: Iterable[Aspect], hits: list[SearchHit], vocabulary: Vocabulary | None = None
) -> dict[Aspect, Reading]:
    vocab = vocabulary or load_vocabulary()
    found: dict[Aspect, tuple[tuple[int, int, int], Reading]] = {}
    for aspect in aspects:
        for rank, hit in enumerate(hits):
            reading = read_aspect(hit.chunk, aspect, vocab)
            if reading is None:
                continue
            key = _preference(reading, rank)
            if aspect not in found or key < found[aspect][0]:
                found[aspect] = (key, reading)
    return {aspect: reading for aspect, (_, reading) in found.items()}


def query_variants(
    aspect: Aspect, vocabulary: Vocabulary | None = None, companies: list[str] | None = None
) -> list[NextQuery]:
    """Searches for one aspect: by statement and wording, then by wording alone.

    `companies`: other companies missing the same metric and year, searched together
    (one search can bring back several companies' statements).
    """
    vocab = vocabulary or load_vocabulary()
    together = companies or ([aspect.company] if aspect.company else [])
    filters = SearchFilters(
        companies=together,
        fiscal_years=[aspect.fiscal_year, aspect.fiscal_year + 1] if aspect.fiscal_year else [],
    )
    # Names in the text keep BM25 on the right companies (and make each group's query new).
    name = ", ".join(together) if len(together) <= 4 else ""
    year = f"fiscal {aspect.fiscal_year}" if aspect.fiscal_year else ""
    label = metric_label(aspect.metric, vocab)
    texts = [" ".join(p for p in (name, label, year) if p)]
    statement = vocab.statement_of(aspect.metric)
    if statement:
        # The statement's name first: it pulls the table chunk rather than MD&A prose.
        statement_label = vocab.label(statement) or statement.replace("_", " ")
        texts.insert(0, " ".join(p for p in (name, statement_label, label, year) if p))
    # A statement page per company: room for two chunks of each when searching several.
    k = 2 * len(together) if len(together) > 4 else None
    return [NextQuery(text=t, filters=filters, aspect=aspect, k=k) for t in texts]


def assess(
    aspects: list[Aspect],
    hits: list[SearchHit],
    vocabulary: Vocabulary | None = None,
    tried: Iterable[str] = (),
) -> Coverage:
    """Which aspects the hits cover, and the next untried query for the first uncovered one."""
    vocab = vocabulary or load_vocabulary()
    readings = best_readings(aspects, hits, vocab)
    uncovered = [a for a in aspects if a not in readings]
    tried_set = set(tried)
    next_query = None
    for aspect in uncovered:
        peers = [a.company for a in uncovered
                 if a.company and (a.metric, a.fiscal_year) == (aspect.metric, aspect.fiscal_year)]
        untried = [q for q in query_variants(aspect, vocab, peers) if q.text not in tried_set]
        if untried:
            next_query = untried[0]
            break
    return Coverage(
        aspects=list(aspects),
        readings=[readings[a] for a in aspects if a in readings],
        uncovered=uncovered,
        next_query=next_query,
    )
