"""Single-shot vs agentic comparison: score the runs of several strategies.

`build_comparison` turns run records of several strategies over the same questions into
typed rows (flows/report.py renders them as HTML and markdown).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from finrag.models import Answer, RunRecord

Verdict = Literal["won", "lost", "tied", "unscored"]
AGENT, BASELINE = "iterative", "single"  # "the agent" and what it is compared against


class ScoreLike(Protocol):
    correct: bool
    reason: str


# score(gold, answer, question_type) -> object with .correct and .reason (answering/scoring.py)
Scorer = Callable[[Any, Answer, "str | None"], ScoreLike]


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


class QuestionRow(BaseModel):
    id: str
    question: str
    type: str
    gold: Any = None
    outcomes: dict[str, StrategyOutcome] = Field(default_factory=dict)
    verdict: Verdict = "unscored"  # the agent (iterative) against single-shot
    why: str = ""


class StrategyTotals(BaseModel):
    strategy: str
    questions: int
    scored: int
    correct: int
    answered: int
    not_found: int
    failed: int
    latency_mean_s: float
    latency_median_s: float
    latency_p95_s: float
    searches_mean: float
    tokens_mean: float
    cost_mean_usd: float

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.scored if self.scored else None


class Comparison(BaseModel):
    strategies: list[str]
    rows: list[QuestionRow]
    totals: list[StrategyTotals]
    accuracy_by_type: dict[str, dict[str, float]]  # type -> strategy -> accuracy (scored rows only)
    latency_ratio_median: float | None  # median over questions of agent latency / single latency
    verdicts: dict[str, int]
    scorer_note: str = ""


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
    for row in rows:
        row.verdict, row.why = _verdict(row)
    return Comparison(
        strategies=strategies,
        rows=rows,
        totals=[_totals(s, [row.outcomes[s] for row in rows if s in row.outcomes]) for s in strategies],
        accuracy_by_type=_accuracy_by_type(rows, strategies),
        latency_ratio_median=_median_or_none(latency_ratios(rows)),
        verdicts={v: sum(row.verdict == v for row in rows) for v in ("won", "lost", "tied", "unscored")},
        scorer_note=scorer_note,
    )


def is_scorable(r: RunRecord) -> bool:
    # An unanswerable question has no gold but is still scored: declining is the right answer.
    return r.gold is not None or r.type == "unanswerable"


def _outcome(r: RunRecord, scorer: Scorer | None) -> StrategyOutcome:
    a = r.answer
    correct, reason = None, ""
    if scorer is not None and is_scorable(r):
        s = scorer(r.gold, a, r.type)
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
    )


def _verdict(row: QuestionRow) -> tuple[Verdict, str]:
    agent, base = row.outcomes.get(AGENT), row.outcomes.get(BASELINE)
    if agent is None or base is None or agent.correct is None or base.correct is None:
        scored = any(o.correct is not None for o in row.outcomes.values())
        return "unscored", "not run under both strategies" if scored else "no gold answer"
    work = f"{agent.searches} searches" + (f", stopped by {agent.stopped_by}" if agent.stopped_by else "")
    if agent.correct and not base.correct:
        return "won", f"agent right after {work}; single-shot: {base.score_reason or base.status}"
    if base.correct and not agent.correct:
        return "lost", f"agent: {agent.score_reason or agent.status} ({work}); single-shot right"
    both = "both right" if agent.correct else "both wrong"
    return "tied", f"{both}; agent {work}"


def _totals(strategy: str, outcomes: list[StrategyOutcome]) -> StrategyTotals:
    latencies = sorted(o.latency_s for o in outcomes) or [0.0]
    scored = [o for o in outcomes if o.correct is not None]
    n = max(len(outcomes), 1)
    return StrategyTotals(
        strategy=strategy,
        questions=len(outcomes),
        scored=len(scored),
        correct=sum(bool(o.correct) for o in scored),
        answered=sum(o.status == "answered" for o in outcomes),
        not_found=sum(o.status == "not_found" for o in outcomes),
        failed=sum(o.status == "failed" for o in outcomes),
        latency_mean_s=statistics.fmean(latencies),
        latency_median_s=statistics.median(latencies),
        latency_p95_s=latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))],
        searches_mean=sum(o.searches for o in outcomes) / n,
        tokens_mean=sum(o.tokens for o in outcomes) / n,
        cost_mean_usd=sum(o.cost_usd for o in outcomes) / n,
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


def latency_ratios(rows: list[QuestionRow]) -> list[float]:
    ratios = []
    for r in rows:
        agent, base = r.outcomes.get(AGENT), r.outcomes.get(BASELINE)
        if agent and base and base.latency_s > 0:
            ratios.append(agent.latency_s / base.latency_s)
    return ratios


def _median_or_none(values: list[float]) -> float | None:
    return statistics.median(values) if values else None
