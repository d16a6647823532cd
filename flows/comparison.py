"""Strategies compared on the same questions: typed rows, totals with intervals, pairwise tests.

`build_comparison` turns run records of several strategies over the same questions into a
`Comparison`: per question what each strategy answered (with citations and the agent's
trace), per strategy accuracy with a Wilson 95% interval and latency/cost, per pair of
strategies the four-way outcome split (won / lost / both right / both wrong) with an exact
McNemar p-value, and the verdict sentence. Rendering is elsewhere (flows/report.py).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from finrag.models import REFUSAL_STATUSES, Citation, RunRecord, TraceStep
from flows.stats import mcnemar_exact, wilson_interval

BASELINE = "single"  # what the other strategies are measured against, when it was run
AGENTIC = "iterative"  # single-shot vs this is the verdict's first clause
ROUTED = "auto"  # the router: its clause is split by the route each question took
SIGNIFICANCE = 0.05
Outcome = Literal["won", "lost", "both right", "both wrong", "unscored"]
OUTCOMES: tuple[Outcome, ...] = ("won", "lost", "both right", "both wrong", "unscored")


class ScoreLike(Protocol):
    correct: bool
    reason: str


# scorer(gold, answer, question_type, question=text) -> object with .correct and .reason
# (answering/scoring.py's `score`, flows/compare_scoring.py), or None: not scored.
Scorer = Callable[..., "ScoreLike | None"]


class StrategyOutcome(BaseModel):
    """How one strategy did on one question."""

    status: str
    answer: str
    strategy_used: str  # what actually ran (differs from the column for "auto")
    correct: bool | None = None  # None: no gold answer to score against
    score_reason: str = ""
    latency_s: float = 0.0
    searches: int = 0
    stopped_by: str | None = None
    tokens: int = 0
    cost_usd: float = 0.0
    citations: list[Citation] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)


class QuestionRow(BaseModel):
    id: str
    question: str
    type: str
    gold: Any = None
    outcomes: dict[str, StrategyOutcome] = Field(default_factory=dict)
    vs: dict[str, Outcome] = Field(default_factory=dict)  # pair key -> outcome for the pair's first

    @property
    def gold_text(self) -> str:
        """The gold answer as a person writes it (a list as items, not a Python literal)."""
        if self.gold is None:
            return "(none: declining is right)" if self.type == "unanswerable" else ""
        if isinstance(self.gold, list | tuple):
            return "; ".join(str(g) for g in self.gold)
        return str(self.gold)


class StrategyTotals(BaseModel):
    strategy: str
    questions: int
    scored: int
    correct: int
    answered: int
    refused: int  # any of REFUSAL_STATUSES: unverified, not_found, needs_company
    failed: int
    ci_low: float  # Wilson 95% interval of the accuracy (0..1 when nothing was scored)
    ci_high: float
    latency_mean_s: float
    latency_median_s: float
    latency_p95_s: float
    searches_mean: float
    tokens_mean: float
    cost_mean_usd: float

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.scored if self.scored else None


class PairComparison(BaseModel):
    """`first` against `second` on the questions both were scored on."""

    first: str
    second: str
    won: int  # first right, second wrong
    lost: int  # first wrong, second right
    both_right: int
    both_wrong: int
    p_value: float  # exact McNemar on won vs lost

    @property
    def key(self) -> str:
        return pair_key(self.first, self.second)

    @property
    def scored(self) -> int:
        return self.won + self.lost + self.both_right + self.both_wrong

    @property
    def significant(self) -> bool:
        return self.p_value < SIGNIFICANCE


class Comparison(BaseModel):
    strategies: list[str]
    rows: list[QuestionRow]
    totals: list[StrategyTotals]
    pairs: list[PairComparison]
    accuracy_by_type: dict[str, dict[str, float]]  # type -> strategy -> accuracy (scored rows only)
    best: str | None  # the most accurate strategy (the faster one on a tie); None if unscored
    headline: str | None  # pair key shown first: best against the baseline (or the runner-up)
    verdict: str  # one sentence, the first thing the report says
    scorer_note: str = ""
    # strategies in which an LLM was configured and every call to it failed: their answers
    # were written offline, so the comparison is not the LLM's
    llm_failed: list[str] = Field(default_factory=list)

    def totals_of(self, strategy: str) -> StrategyTotals:
        return next(t for t in self.totals if t.strategy == strategy)

    def pair(self, key: str) -> PairComparison:
        return next(p for p in self.pairs if p.key == key)

    @property
    def has_cost(self) -> bool:
        return any(t.cost_mean_usd > 0 for t in self.totals)


def pair_key(first: str, second: str) -> str:
    return f"{first}-vs-{second}"


def build_comparison(
    records_by_strategy: Mapping[str, Sequence[RunRecord]], scorer: Scorer | None, scorer_note: str = ""
) -> Comparison:
    strategies = list(records_by_strategy)
    by_id: dict[str, QuestionRow] = {}
    for strategy, records in records_by_strategy.items():
        for r in records:
            row = by_id.setdefault(
                r.id, QuestionRow(id=r.id, question=r.question, type=r.type or "untyped", gold=r.gold)
            )
            row.outcomes[strategy] = _outcome(r, scorer)
    rows = list(by_id.values())
    # Pairs read "later strategy against earlier one": single, iterative, auto gives
    # iterative-vs-single, auto-vs-single, auto-vs-iterative.
    ordered = [(b, a) for a, b in combinations(strategies, 2)]
    for row in rows:
        row.vs = {pair_key(a, b): _row_outcome(row, a, b) for a, b in ordered}
    pairs = [_pair(rows, a, b) for a, b in ordered]
    totals = [_totals(s, [row.outcomes[s] for row in rows if s in row.outcomes]) for s in strategies]
    best = _best(totals)
    headline = _headline(best, strategies, totals, pairs)
    return Comparison(
        strategies=strategies,
        rows=rows,
        totals=totals,
        pairs=pairs,
        accuracy_by_type=_accuracy_by_type(rows, strategies),
        best=best,
        headline=headline,
        verdict=_verdict_sentence(best, headline, totals, pairs, scorer_note, rows),
        scorer_note=scorer_note,
    )


def is_scorable(r: RunRecord) -> bool:
    # An unanswerable question has no gold but is still scored: declining is the right answer.
    return r.gold is not None or r.type == "unanswerable"


def _outcome(r: RunRecord, scorer: Scorer | None) -> StrategyOutcome:
    a = r.answer
    correct, reason = None, ""
    if scorer is not None and is_scorable(r):
        s = scorer(r.gold, a, r.type, question=r.question)
        if s is not None:
            correct, reason = bool(s.correct), s.reason
    return StrategyOutcome(
        status=a.status,
        answer=a.answer,
        strategy_used=a.strategy,
        correct=correct,
        score_reason=reason,
        latency_s=a.latency_s,
        searches=a.searches,
        stopped_by=a.stopped_by,
        tokens=a.tokens_in + a.tokens_out,
        cost_usd=a.cost_usd,
        citations=a.citations,
        trace=a.trace,
    )


def _row_outcome(row: QuestionRow, first: str, second: str) -> Outcome:
    a, b = row.outcomes.get(first), row.outcomes.get(second)
    if a is None or b is None or a.correct is None or b.correct is None:
        return "unscored"
    if a.correct and b.correct:
        return "both right"
    if not a.correct and not b.correct:
        return "both wrong"
    return "won" if a.correct else "lost"


def _pair(rows: list[QuestionRow], first: str, second: str) -> PairComparison:
    key = pair_key(first, second)
    counts = {o: sum(r.vs[key] == o for r in rows) for o in OUTCOMES}
    return PairComparison(
        first=first,
        second=second,
        won=counts["won"],
        lost=counts["lost"],
        both_right=counts["both right"],
        both_wrong=counts["both wrong"],
        p_value=mcnemar_exact(counts["won"], counts["lost"]),
    )


def _totals(strategy: str, outcomes: list[StrategyOutcome]) -> StrategyTotals:
    latencies = sorted(o.latency_s for o in outcomes) or [0.0]
    scored = [o for o in outcomes if o.correct is not None]
    correct = sum(bool(o.correct) for o in scored)
    low, high = wilson_interval(correct, len(scored))
    n = max(len(outcomes), 1)
    return StrategyTotals(
        strategy=strategy,
        questions=len(outcomes),
        scored=len(scored),
        correct=correct,
        answered=sum(o.status == "answered" for o in outcomes),
        refused=sum(o.status in REFUSAL_STATUSES for o in outcomes),
        failed=sum(o.status == "failed" for o in outcomes),
        ci_low=low,
        ci_high=high,
        latency_mean_s=statistics.fmean(latencies),
        latency_median_s=statistics.median(latencies),
        latency_p95_s=latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))],
        searches_mean=sum(o.searches for o in outcomes) / n,
        tokens_mean=sum(o.tokens for o in outcomes) / n,
        cost_mean_usd=sum(o.cost_usd for o in outcomes) / n,
    )


def _best(totals: list[StrategyTotals]) -> str | None:
    scored = [t for t in totals if t.accuracy is not None]
    if not scored:
        return None
    return min(scored, key=lambda t: (-(t.accuracy or 0.0), t.latency_median_s)).strategy


def _headline(
    best: str | None, strategies: list[str], totals: list[StrategyTotals], pairs: list[PairComparison]
) -> str | None:
    """The pair the verdict talks about first: single-shot against agentic (iterative) when
    both ran — the question the report exists for — else the best against single-shot, or
    single against the runner-up."""
    if len(strategies) < 2:
        return None
    if AGENTIC in strategies and BASELINE in strategies:
        return next((p.key for p in pairs if {p.first, p.second} == {AGENTIC, BASELINE}), None)
    if best is None:
        return None
    if best != BASELINE and BASELINE in strategies:
        other = BASELINE
    else:
        others = [t for t in totals if t.strategy != best and t.accuracy is not None]
        if not others:
            return None
        other = _best(others) or others[0].strategy
    return next((p.key for p in pairs if {p.first, p.second} == {best, other}), None)


def oriented(pair: PairComparison, first: str) -> PairComparison:
    """The same pair read from `first`'s side (won and lost swap)."""
    if pair.first == first:
        return pair
    return pair.model_copy(update={"first": pair.second, "second": pair.first, "won": pair.lost, "lost": pair.won})


def _verdict_sentence(
    best: str | None, headline: str | None, totals: list[StrategyTotals], pairs: list[PairComparison],
    note: str, rows: list[QuestionRow] | None = None,
) -> str:
    if best is None:
        return "No strategy could be scored" + (f" ({note})." if note else ": no question has a gold answer.")
    if headline is None:
        t = next(x for x in totals if x.strategy == best)
        return f"{best} is right on {pct(t.accuracy)} (95% CI {pct(t.ci_low)}–{pct(t.ci_high)})."
    p = next(x for x in pairs if x.key == headline)
    # Read the headline from the agentic side when it is single-shot vs agentic, else from the best.
    first = AGENTIC if {p.first, p.second} == {AGENTIC, BASELINE} else best
    sentence = _pair_clause(oriented(p, first), totals)
    routing = _routing_clause(totals, pairs, rows or []) if first == AGENTIC else ""
    return sentence + (f" {routing}" if routing else "")


def _pair_clause(mine: PairComparison, totals: list[StrategyTotals]) -> str:
    """"iterative is right on 70% (95% CI ..) at 2.1× the median latency of single-shot; against
    single-shot (60%) it won 3 and lost 1 questions (exact McNemar p = 0.625, not ...)."""
    t = next(x for x in totals if x.strategy == mine.first)
    o = next(x for x in totals if x.strategy == mine.second)
    sentence = f"{mine.first} is right on {pct(t.accuracy)} (95% CI {pct(t.ci_low)}–{pct(t.ci_high)})"
    against = "single-shot" if mine.second == BASELINE else mine.second
    if o.latency_median_s > 0:
        sentence += f" at {t.latency_median_s / o.latency_median_s:.1f}× the median latency of {against}"
    if t.cost_mean_usd > 0 or o.cost_mean_usd > 0:
        sentence += f" and ${t.cost_mean_usd:.4f} per question (vs ${o.cost_mean_usd:.4f})"
    significance = "a significant difference" if mine.significant else "not a significant difference at 5%"
    return (
        f"{sentence}; against {against} ({pct(o.accuracy)}) it won {mine.won} and lost {mine.lost} "
        f"questions (exact McNemar {p_clause(mine.p_value)}, {significance})."
    )


def _routing_clause(totals: list[StrategyTotals], pairs: list[PairComparison], rows: list[QuestionRow]) -> str:
    """What the router adds over single-shot, split by the route each question took (its wins
    may all be one route's, e.g. the graph's relationship questions)."""
    key = next((p.key for p in pairs if {p.first, p.second} == {ROUTED, BASELINE}), None)
    if key is None:
        return ""
    mine = oriented(next(p for p in pairs if p.key == key), ROUTED)
    t = next(x for x in totals if x.strategy == ROUTED)
    by_route: dict[str, list[int]] = {}
    for r in rows:
        o = r.outcomes.get(ROUTED)
        outcome = r.vs.get(key)
        if o is None or outcome not in ("won", "lost"):
            continue
        # the pair may be stored as single-vs-auto: flip to the router's side
        won = (outcome == "won") == (next(p for p in pairs if p.key == key).first == ROUTED)
        counts = by_route.setdefault(o.strategy_used, [0, 0])
        counts[0 if won else 1] += 1
    split = "; ".join(f"{route} won {w}, lost {lost}" for route, (w, lost) in sorted(by_route.items()))
    return (
        f"Routing (auto) is right on {pct(t.accuracy)}: against single-shot it won {mine.won} and lost "
        f"{mine.lost} (exact McNemar {p_clause(mine.p_value)})" + (f", by route taken: {split}." if split else ".")
    )


def _accuracy_by_type(rows: list[QuestionRow], strategies: list[str]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for qtype in sorted({r.type for r in rows}):
        for s in strategies:
            scored = [r.outcomes[s].correct for r in rows if r.type == qtype and s in r.outcomes]
            scored = [c for c in scored if c is not None]
            if scored:
                table.setdefault(qtype, {})[s] = sum(scored) / len(scored)
    return table


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.0f}%"


def p_clause(p: float) -> str:
    """"p = 0.062" or "p < 0.001"."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def p_text(p: float) -> str:
    """A p-value as people read it: three decimals, or "< 0.001"."""
    return "< 0.001" if p < 0.001 else f"{p:.3f}"
