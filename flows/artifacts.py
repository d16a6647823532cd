"""What a batch or an analyst's question looks like on a Prefect run page.

Pure text builders (markdown, table rows) plus thin `publish_*` functions that create
keyed artifacts; a key is what makes an artifact appear on the Artifacts page and keeps
its history across runs. Artifact keys allow lowercase letters, digits and dashes only.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel, Field

from agents.provenance import contributing_searches
from finrag.models import REFUSAL_STATUSES, Answer, Citation, Question, RunRecord, TraceStep
from finrag.text import collapse_whitespace
from finrag.wording import money_for_people, plural, shorten
from flows.batch_io import format_citations
from flows.outcome import count_problem

# Table cells on a run page: a 1920 px screen holds a table of about 250 characters a row,
# so the long cells share that room; the full text is in the per-question artifact and files.
QUESTION_CHARS = 100
ANSWER_CHARS = 160
CITATIONS_CHARS = 80
REASON_CHARS = 160


class BatchSummary(BaseModel):
    """Counts for one batch run; returned by the `answer_batch` flow."""

    out_dir: str
    strategy: str
    config_hash: str
    store_version: str
    total: int
    reused: int  # answered by an earlier, interrupted run with the same config and store
    answered_now: int
    by_status: dict[str, int] = Field(default_factory=dict)
    answered: int = 0  # status "answered": a checked answer was given
    refused: int = 0  # a status of REFUSAL_STATUSES (unverified, not_found, needs_company)
    by_strategy: dict[str, int] = Field(default_factory=dict)
    by_engine: dict[str, int] = Field(default_factory=dict)  # "offline" / "llm:<model>"
    by_fallback: dict[str, int] = Field(default_factory=dict)  # why answers fell back from the LLM
    llm_configured: bool = False
    previous_results: str | None = None  # where the earlier results.jsonl was moved, if it was
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    answer_seconds: float = 0.0  # sum of per-question latencies
    wall_seconds: float = 0.0  # this run, start to end
    failures: list[tuple[str, str]] = Field(default_factory=list)  # (question id, reason)

    @property
    def llm_all_failed(self) -> bool:
        """An LLM is configured, it was needed, and not one answer came from it."""
        llm_answers = sum(n for engine, n in self.by_engine.items() if engine.startswith("llm:"))
        return self.llm_configured and sum(self.by_fallback.values()) > 0 and llm_answers == 0

    def status_line(self) -> str:
        """E.g. "answered 7, refused 3 (not_found 2, unverified 1), failed 1": a refusal is never an answer."""
        refusals = ", ".join(f"{k} {v}" for k, v in sorted(self.by_status.items()) if k in REFUSAL_STATUSES)
        failed = self.by_status.get("failed", 0)
        return (f"answered {self.answered}, refused {self.refused}" + (f" ({refusals})" if refusals else "")
                + (f", failed {failed}" if failed else ""))

    @property
    def failed(self) -> int:
        return self.by_status.get("failed", 0)

    def problem(self) -> str | None:
        """Why this batch did not fully succeed (the run ends Failed, the CLI exits 1), or
        None. Refusals are answers; failed rows and an LLM that never answered are not."""
        problems = [p for p in (count_problem(self.failed, self.total, "question"),) if p]
        if self.llm_all_failed:
            problems.append("every LLM call failed (answers written offline)")
        return "; ".join(problems) or None

    def engine_line(self) -> str:
        """E.g. "engines: llm:gpt-4o-mini 10, offline 2 (fallback: connection 1, circuit_open 1)"."""
        engines = ", ".join(f"{k} {v}" for k, v in sorted(self.by_engine.items()))
        fallbacks = ", ".join(f"{k} {v}" for k, v in sorted(self.by_fallback.items()))
        return f"engines: {engines or 'none'}" + (f" (fell back from the LLM: {fallbacks})" if fallbacks else "")


def summarize(
    records: Sequence[RunRecord], *, out_dir: str, strategy: str, config_hash: str,
    store_version: str, reused: int, wall_seconds: float, llm_configured: bool = False,
    previous_results: str | None = None,
) -> BatchSummary:  # fmt: skip
    answers = [r.answer for r in records]
    return BatchSummary(
        out_dir=out_dir,
        strategy=strategy,
        config_hash=config_hash,
        store_version=store_version,
        total=len(records),
        reused=reused,
        answered_now=len(records) - reused,
        by_status=dict(Counter(a.status for a in answers)),
        answered=sum(a.status == "answered" for a in answers),
        refused=sum(a.status in REFUSAL_STATUSES for a in answers),
        by_strategy=dict(Counter(a.strategy for a in answers)),
        by_engine=dict(Counter(a.engine for a in answers)),
        by_fallback=dict(Counter(a.fallback for a in answers if a.fallback)),
        llm_configured=llm_configured,
        previous_results=previous_results,
        tokens_in=sum(a.tokens_in for a in answers),
        tokens_out=sum(a.tokens_out for a in answers),
        cost_usd=sum(a.cost_usd for a in answers),
        answer_seconds=sum(a.latency_s for a in answers),
        wall_seconds=wall_seconds,
        failures=[(r.id, r.answer.reason or "no reason given") for r in records if r.answer.status == "failed"],
    )


def batch_summary_markdown(s: BatchSummary) -> str:
    lines = [f"# Batch results — strategy `{s.strategy}`", ""]
    if s.llm_all_failed:
        lines += ["**Every LLM call failed**: all answers were written by the offline engine "
                  "(reasons in the last table). Check the LLM endpoint and key.", ""]
    lines += [
        f"- questions: **{s.total}** ({s.answered_now} answered in this run, {s.reused} kept from an earlier run)",
        f"- outcome: {s.status_line()} (a refusal says what was searched or why a figure was not trusted)",
        f"- output: `{s.out_dir}` (results.jsonl, results.csv)",
        *([f"- earlier results that no longer matched are kept in `{s.previous_results}`"]
          if s.previous_results else []),
        f"- config hash `{s.config_hash}`, store version `{s.store_version}`",
        f"- tokens: {s.tokens_in} in / {s.tokens_out} out, cost ${s.cost_usd:.4f}",
        f"- time: {s.answer_seconds:.1f} s answering, {s.wall_seconds:.1f} s wall for this run",
    ]
    tables = [("status", s.by_status), ("strategy", s.by_strategy), ("engine", s.by_engine),
              ("fell back from the LLM because", s.by_fallback)]
    for title, counts in tables:
        if counts:
            lines += ["", f"| {title} | count |", "| --- | ---: |", *[f"| {k} | {v} |" for k, v in sorted(counts.items())]]
    if s.failures:
        lines += ["", "## Failures", "", "| id | reason |", "| --- | --- |"]
        lines += [f"| {qid} | {markdown_cell(reason, REASON_CHARS)} |" for qid, reason in s.failures]
    return "\n".join(lines) + "\n"


def answers_table(records: Sequence[RunRecord]) -> list[dict[str, object]]:
    """One row per question, citations as `doc p.N` (one-based pages, for people); long
    questions, answers and citation lists shortened (the full text is in results.jsonl)."""
    return [
        {
            "id": r.id,
            "question": shorten(r.question, QUESTION_CHARS),
            "status": r.answer.status,
            "strategy": r.answer.strategy,
            "engine": r.answer.engine + (f" (fallback: {r.answer.fallback})" if r.answer.fallback else ""),
            "answer": shorten(money_for_people(r.answer.answer), ANSWER_CHARS),
            "citations": shorten(format_citations(r), CITATIONS_CHARS),
            "latency_s": round(r.answer.latency_s, 3),
        }
        for r in records
    ]


def citation_text(c: Citation) -> str:
    """`doc p.N: “quote” (columns: 2023 | 2022)`: one-based page, the period of each figure."""
    columns = f" (columns: {' | '.join(c.columns)})" if c.columns else ""
    return f"{c.doc} p.{c.page + 1}: “{markdown_cell(c.quote)}”{columns}"


def answer_markdown(question: Question, answer: Answer) -> str:
    """One analyst's question: the answer, then its sources, then the agent's steps (collapsed)."""
    lines = [f"### {question.question}", "", money_for_people(answer.answer) or "_(no answer)_", ""]
    if answer.rows:  # many companies: a table, highest first
        lines += ["| # | company | period | metric | value |", "| ---: | --- | --- | --- | ---: |"]
        lines += [f"| {n} | {markdown_cell(r.company)} | {r.period or ''} | {markdown_cell(r.metric)} | {money_for_people(r.shown)} |"
                  for n, r in enumerate(answer.rows, start=1)]  # fmt: skip
        lines.append("")
    if answer.reason and answer.status != "answered":
        lines += [f"_Reason: {answer.reason}_", ""]
    if answer.citations:
        lines.append("**Sources** (page numbers one-based; a table row's columns give the period of each figure):")
        lines += [f"- {citation_text(c)}" for c in answer.citations]
        several = sum(step.step == "search" for step in answer.trace) > 1
        if several and (found_by := contributing_searches(answer)):  # which of the agent's searches counted
            lines.append(f"\nFound by {', '.join(found_by)}.")
    else:
        lines.append("_No citations._")
    lines += [
        "",
        f"`{answer.status}` via **{answer.strategy}** ({answer.route_reason or 'no route reason'}), "
        f"{plural(answer.searches, 'search')}, {answer.latency_s:.2f} s"
        + (f" (and {answer.review_wait_s:.0f} s waiting for the plan review)" if answer.review_wait_s else ""),
    ]
    if answer.trace:
        # One HTML block, no blank line inside: markdown between <details> tags ends the
        # HTML block, and the UI then shows the steps below a closed toggle.
        items = "".join(f"<li>{step_text(step)}</li>" for step in answer.trace)
        lines += ["", f"<details><summary>Agent steps ({len(answer.trace)})</summary><ol>{items}</ol></details>"]
    return "\n".join(lines) + "\n"


def step_text(step: TraceStep) -> str:
    """One trace step for people (HTML): what it did, with which query, and what it decided."""
    parts = [f"<b>{html.escape(step.step)}</b>"]
    if step.query:
        parts.append(f"“{html.escape(collapse_whitespace(step.query))}”")
    if step.decision:
        parts.append(f"— {html.escape(collapse_whitespace(step.decision))}")
    return " ".join(parts)


def answers_overview_markdown(questions: Sequence[Question], answers: Sequence[Answer]) -> str:
    """Every question of a run with its answer, shortened to fit a screen (each question's
    own artifact has the answer in full)."""
    lines = ["| question | status | strategy | answer | sources |", "| --- | --- | --- | --- | --- |"]
    for q, a in zip(questions, answers, strict=True):
        sources = shorten("; ".join(f"{c.doc} p.{c.page + 1}" for c in a.citations), CITATIONS_CHARS)
        answer = markdown_cell(money_for_people(a.answer), ANSWER_CHARS)
        lines.append(f"| {markdown_cell(q.question, QUESTION_CHARS)} | {a.status} | {a.strategy} | {answer} | {sources} |")
    return "\n".join(lines) + "\n"


def artifact_key(*parts: str) -> str:
    """A valid artifact key from free text (lowercase letters, digits, dashes)."""
    key = re.sub(r"[^a-z0-9]+", "-", "-".join(parts).lower()).strip("-")
    return key[:100] or "finrag"


def publish_batch_artifacts(summary: BatchSummary, records: Sequence[RunRecord], key_prefix: str) -> None:
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    create_markdown_artifact(
        key=artifact_key(key_prefix, "summary"),
        markdown=batch_summary_markdown(summary),
        description="Counts by strategy and status, failures, tokens, cost and time",
    )
    create_table_artifact(
        key=artifact_key(key_prefix, "answers"),
        table=answers_table(records),
        description="Answers with citations",
    )


def markdown_cell(text: str, limit: int | None = None) -> str:
    """Keep free text from breaking a markdown table row (and, with a limit, from widening it
    past a screen)."""
    text = collapse_whitespace(text) if limit is None else shorten(text, limit)
    return text.replace("|", "\\|")
