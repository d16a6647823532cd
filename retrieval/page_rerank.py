"""The page stage: re-rank candidate PAGES as whole pages, offline and deterministically.

The hybrid search ranks chunks, and a chunk that shares the question's words is not the
page that answers it: for "what drove the margin change" the answer is a paragraph of the
MD&A on a page whose best chunk may rank 12th. Here each candidate page is scored as a
whole, from parts a reader would use, each in [0, 1]:

- prior: its first-stage rank (1 / (1 + rank / prior_depth)); a page added for its
  section alone has none;
- lexical: BM25 of the full page text against the question (instructions stripped), the
  IDF taken over the candidate pages, so words every page shares (the company) count for
  nothing; scaled by the best candidate's;
- window: the IDF share of the question's terms found together within a window of
  `window` tokens (where the deciding sentence is);
- phrase: the share of the question's adjacent term pairs that appear adjacent on the page;
- section: the page is in the section the question asks for (`retrieval.sections`), or
  on a statement its metric is read from (page tags);
- causal: for a question about drivers, how much of the page explains changes ("primarily
  due to", "driven by", "partially offset by");
- kind: the page's filing is of the kind the question implies (quarter -> 10-Q,
  adjusted / guidance -> earnings release).

The weighted sum orders the pages; `PageScore.reason` says why a page won.
"""

from __future__ import annotations

import math
from collections import Counter

from pydantic import BaseModel, Field

from finrag.models import Chunk, SearchHit
from finrag.sparse import tokenize
from retrieval.sections import (
    QuestionNeeds,
    SectionKind,
    explains_changes,
    filing_kind_of,
    page_sections,
)

K1 = 1.2
B = 0.75


class PageWeights(BaseModel):
    """Weights of the page score's parts. Chosen on the tune half of the FinanceBench dev
    companies (`finrag eval retrieval --split`), in the middle of a broad plateau: the
    first-stage order stays the strongest part, the section the question asks for can
    lift a page about three places, the question's terms found together (window) count
    more than the words of the whole page. Measured there and left out: a bonus for the
    statement a metric is read from (the first stage boosts those already: counting it
    twice lost R@1 and R@5), whole-page BM25 at 0.5 (lost R@1), causal 0.6.

    Then, with the wild, wild2..wild6 and fresh sets beside the tune half (241 questions):
    section 0.8 and prior_depth 3 let a long section (a 30-page MD&A) outrank the first
    stage's best page on the section alone and lost R@5 on wild, wild3, wild6 and fresh;
    section 0.5, prior_depth 6 and `section_spread` 1 (a section most candidates are in
    counts for little) lifted R@1 153 -> 159 and R@5 234 -> 235 of 241, MRR@10 up on every
    set but fresh (0.735 -> 0.717); flat for section 0.4-0.6 and prior_depth 6-8."""

    prior: float = 1.0
    lexical: float = 0.1
    window: float = 0.5
    phrase: float = 0.2
    section: float = 0.5
    statement: float = 0.0  # on a statement the metric is read from (the first stage boosts those already)
    kind: float = 0.3
    causal: float = 0.3
    # The section bonus shrinks with the share of the first stage's pages already in the
    # asked-for sections (1: a section every candidate is in tells them nothing apart).
    section_spread: float = 1.0
    prior_depth: float = 6.0  # first-stage rank at which the prior halves
    window_tokens: int = 40


class PageCandidate(BaseModel):
    """One page as the page stage sees it."""

    doc: str
    page: int  # zero-based
    text: str  # the whole page when its filing's chunks were read, else the retrieved chunks
    labels: list[str] = Field(default_factory=list)  # section labels of the chunks on it
    tags: list[str] = Field(default_factory=list)  # page tags stored at ingest
    form: str = "other"
    period: str | None = None
    fiscal_year: int | None = None
    first_rank: int | None = None  # zero-based page rank of the first stage; None: added by section
    tokens: list[str] | None = Field(default=None, repr=False)  # tokenize(text), when already known
    kinds: set[SectionKind] | None = None  # page_sections(...), when already known


class PageScore(BaseModel):
    doc: str
    page: int
    score: float
    prior: float
    lexical: float
    window: float
    phrase: float
    section: float
    statement: float = 0.0
    kind: float
    causal: float = 0.0
    first_rank: int | None = None
    sections: list[str] = Field(default_factory=list)  # sections / statements asked for that it is in

    def reason(self, weights: PageWeights) -> str:
        """'BOEING_2022_10K p.113: section legal (+0.40), lexical 0.82, window 0.67, first-stage #7'."""
        parts = []
        if self.sections:
            bonus = weights.section * self.section + weights.statement * self.statement
            parts.append(f"section {'/'.join(self.sections)} (+{bonus:.2f})")
        if self.causal:
            parts.append(f"explains changes (+{weights.causal * self.causal:.2f})")
        if self.kind:
            parts.append(f"filing kind (+{weights.kind * self.kind:.2f})")
        if self.lexical or self.window or self.phrase:
            parts.append(f"lexical {self.lexical:.2f}, window {self.window:.2f}, phrase {self.phrase:.2f}")
        parts.append(f"first-stage #{self.first_rank + 1}" if self.first_rank is not None else "added by section")
        return f"{self.doc} p.{self.page + 1} score {self.score:.2f}: " + ", ".join(parts)


class FilingPages:
    """One filing's chunks by the page(s) they cover; each page's terms and section kinds
    are computed when first asked for and kept (a filing is read once per process)."""

    def __init__(self, chunks: list[Chunk]) -> None:
        self.chunks = chunks  # in reading order
        self.pages: dict[int, list[Chunk]] = {}
        for chunk in chunks:
            for page in range(chunk.page, chunk.page_end + 1):
                self.pages.setdefault(page, []).append(chunk)
        self._tokens: dict[int, list[str]] = {}
        self._kinds: dict[int, set[SectionKind]] = {}

    def text(self, page: int) -> str:
        return "\n".join(c.text for c in self.pages[page])

    def tokens(self, page: int) -> list[str]:
        if page not in self._tokens:
            self._tokens[page] = tokenize(self.text(page))
        return self._tokens[page]

    def kinds(self, page: int) -> set[SectionKind]:
        if page not in self._kinds:
            on_page = self.pages[page]
            self._kinds[page] = page_sections(
                [c.section for c in on_page], [t for c in on_page for t in c.tags], self.text(page)
            )
        return self._kinds[page]

    def candidate(self, doc: str, page: int, rank: int | None) -> PageCandidate:
        cand = page_candidate(self.pages[page], doc, page, rank, self.tokens(page))
        cand.kinds = self.kinds(page)
        return cand


def page_candidate(
    chunks: list[Chunk], doc: str, page: int, rank: int | None, tokens: list[str] | None = None
) -> PageCandidate:
    """One page as a candidate, from the chunks on it (all of them when its filing was read)."""
    first = chunks[0]
    return PageCandidate(
        doc=doc, page=page, text="\n".join(c.text for c in chunks),
        labels=list(dict.fromkeys(c.section for c in chunks if c.section)),
        tags=list(dict.fromkeys(t for c in chunks for t in c.tags)),
        form=first.form, period=first.period, fiscal_year=first.fiscal_year, first_rank=rank, tokens=tokens,
    )


def first_stage_pages(hits: list[SearchHit], weights: PageWeights) -> list[PageScore]:
    """The pages of `hits` where the first stage put them (by their best chunk), scored by
    their rank alone: what a rerank service re-scores when the page stage does not run."""
    order = list(dict.fromkeys((h.chunk.doc, h.chunk.page) for h in hits))
    out = []
    for rank, (doc, page) in enumerate(order):
        prior = 1.0 / (1.0 + rank / weights.prior_depth)
        out.append(PageScore(doc=doc, page=page, score=weights.prior * prior, prior=prior, lexical=0.0, window=0.0,
                             phrase=0.0, section=0.0, kind=0.0, first_rank=rank))
    return out


def rerank_pages(
    question: str, needs: QuestionNeeds, candidates: list[PageCandidate], weights: PageWeights | None = None
) -> list[PageScore]:
    """The candidates scored and sorted, best first (ties keep the first-stage order)."""
    w = weights or PageWeights()
    if not candidates:
        return []
    query = list(dict.fromkeys(tokenize(question)))
    pages = [c.tokens if c.tokens is not None else tokenize(c.text) for c in candidates]
    idf = _idf(query, pages)
    lexical = _bm25(query, pages, idf)
    best = max(lexical) or 1.0
    pairs = list(zip(query, query[1:], strict=False)) if len(query) > 1 else []
    total_idf = sum(idf.values()) or 1.0
    wanted = set(needs.sections)

    kinds_of = [
        (c.kinds if c.kinds is not None else page_sections(c.labels, c.tags, c.text)) if wanted else set()
        for c in candidates
    ]
    ranked = [k for c, k in zip(candidates, kinds_of, strict=True) if c.first_rank is not None]
    share = sum(bool(wanted & k) for k in ranked) / len(ranked) if ranked else 0.0
    in_section = max(0.0, 1.0 - w.section_spread * share)

    scores = []
    for cand, tokens, lex, kinds in zip(candidates, pages, lexical, kinds_of, strict=True):
        matched: list[str] = sorted(wanted & kinds)
        statements = [t for t in needs.statements if t in cand.tags]
        prior = 0.0 if cand.first_rank is None else 1.0 / (1.0 + cand.first_rank / w.prior_depth)
        window = _window_share(tokens, idf, w.window_tokens) / total_idf
        phrase = _phrase_share(tokens, pairs)
        kind = 1.0 if needs.filing_kind and filing_kind_of(cand.form, cand.period) == needs.filing_kind else 0.0
        section = in_section if matched else 0.0
        statement = 1.0 if statements else 0.0
        causal = explains_changes(cand.text) if "results_discussion" in wanted else 0.0
        total = (w.prior * prior + w.lexical * lex / best + w.window * window + w.phrase * phrase
                 + w.section * section + w.statement * statement + w.kind * kind + w.causal * causal)
        scores.append(PageScore(
            doc=cand.doc, page=cand.page, score=total, prior=prior, lexical=lex / best, window=window,
            phrase=phrase, section=section, statement=statement, kind=kind, causal=causal,
            first_rank=cand.first_rank, sections=matched + statements,
        ))
    order = sorted(range(len(scores)), key=lambda i: (-scores[i].score, i))
    return [scores[i] for i in order]


def _idf(query: list[str], pages: list[list[str]]) -> dict[str, float]:
    n = len(pages)
    sets = [set(p) for p in pages]
    df = {t: sum(t in s for s in sets) for t in query}
    # BM25's IDF, floored at 0: a term on every candidate page tells them nothing apart.
    return {t: max(0.0, math.log((n - df[t] + 0.5) / (df[t] + 0.5) + 1.0) - math.log(1.5)) for t in query}


def _bm25(query: list[str], pages: list[list[str]], idf: dict[str, float]) -> list[float]:
    avg = sum(len(p) for p in pages) / len(pages) or 1.0
    out = []
    for tokens in pages:
        tf = Counter(tokens)
        norm = K1 * (1 - B + B * len(tokens) / avg)
        out.append(sum(idf[t] * tf[t] * (K1 + 1) / (tf[t] + norm) for t in query if tf[t]))
    return out


def _window_share(tokens: list[str], idf: dict[str, float], size: int) -> float:
    """The largest IDF sum of distinct question terms inside any `size`-token window."""
    hits = [(i, t) for i, t in enumerate(tokens) if idf.get(t)]
    best, inside, start = 0.0, Counter(), 0
    current = 0.0
    for pos, term in hits:
        if inside[term] == 0:
            current += idf[term]
        inside[term] += 1
        while hits[start][0] <= pos - size:
            old = hits[start][1]
            inside[old] -= 1
            if inside[old] == 0:
                current -= idf[old]
            start += 1
        best = max(best, current)
    return best


def _phrase_share(tokens: list[str], pairs: list[tuple[str, str]]) -> float:
    if not pairs:
        return 0.0
    present = set(zip(tokens, tokens[1:], strict=False))
    return sum(pair in present for pair in pairs) / len(pairs)
