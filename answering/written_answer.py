"""What a writer returns (`WrittenAnswer`), and the honest answer when evidence is missing.

Both writers (answering.extractive_writer, answering.llm_writer) and the strategies that
call them (single, the iterative agent) share this type; a strategy turns it into the
public `Answer` with `to_answer`, adding its own counts and trace.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from finrag.llm import Usage
from finrag.models import (
    Answer,
    AnswerKind,
    AnswerRow,
    AnswerStatus,
    Citation,
    SearchFilters,
    StrategyName,
    TraceStep,
)

NOT_FOUND = "not found in the reports"
# a flag: a conclusion (a yes/no) judged over figures the metric machinery computed and checked
JUDGED = "judged_over_computed_figures"
# a flag: a definition answered from the vocabulary's glossary, which reads no filing (no
# company's evidence to hold it to, no record of readings is its)
GLOSSARY = "glossary"
# a flag: an answer to part of what the question asks, shown but not given (an LLM may complete it)
PARTIAL = "partial_answer"
# a flag: an answer the question's own rule for what is not found gave ("If there is no mention, return False",
# a line the statement does not print read as 0), resting on the pages naming nothing
QUESTION_DEFAULT = "question_default"


class WrittenAnswer(BaseModel):
    status: AnswerStatus
    text: str
    citations: list[Citation] = Field(default_factory=list)
    value: float | None = None
    flags: list[str] = Field(default_factory=list)
    reason: str | None = None
    engine: str = "offline"
    rows: list[AnswerRow] = Field(default_factory=list)  # many companies: one row each, sorted
    fallback: str | None = None  # why the LLM writer was not used although configured
    kind: AnswerKind | None = None  # the shape of answer given (answering.kinds)
    kind_reason: str | None = None  # why that kind (answering.kinds.classify), for the trace
    unit: str | None = None  # of `value`

    def to_answer(
        self,
        strategy: StrategyName,
        usage: Usage,
        searches: int,
        trace: list[TraceStep],
        flags: list[str] | None = None,
        stopped_by: str | None = None,
    ) -> Answer:
        return Answer(
            status=self.status,
            answer=self.text,
            citations=self.citations,
            strategy=strategy,
            stopped_by=stopped_by,
            engine=self.engine,
            fallback=self.fallback,
            searches=searches,
            llm_calls=usage.llm_calls,
            tokens_in=usage.tokens_in,
            tokens_out=usage.tokens_out,
            cost_usd=round(usage.cost_usd, 6),
            trace=trace,
            rows=self.rows,
            reason=self.reason,
            flags=list(dict.fromkeys([*(flags or []), *self.flags])),
            value=self.value,
            kind=self.kind,
            unit=self.unit,
        )


def describe_filters(filters: SearchFilters | None) -> str:
    if filters is None or filters.is_empty():
        return "no filters"
    parts = [f"{name}={','.join(map(str, values))}" for name, values in filters.model_dump().items() if values]
    return " ".join(parts)


def not_found(searched: list[tuple[str, SearchFilters | None]], reason: str) -> WrittenAnswer:
    """The honest answer when evidence is missing: say so, and say what was searched."""
    tried = "; ".join(f'"{q}" ({describe_filters(f)})' for q, f in searched) or "nothing"
    return WrittenAnswer(
        status="not_found",
        text=f"{NOT_FOUND.capitalize()}: {reason}. Searched: {tried}.",
        reason=reason,
    )
