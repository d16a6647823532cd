"""A `Comparison` as people read it: the HTML report (jinja2), a markdown summary, table rows.

The HTML is one self-contained file (plots inlined as PNG, a few lines of script for the
won/lost filter, nothing fetched), so it can be mailed or opened from a results folder.
The markdown summary and the per-question rows are what the compare flow publishes as
Prefect artifacts.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from finrag.wording import money_for_people, shorten
from flows.artifacts import QUESTION_CHARS
from flows.comparison import Comparison, p_text, pct
from flows.report_plots import plots

TITLE = "FinRAG — which strategy to use"
_TEMPLATES = Path(__file__).parent / "templates"
# A table artifact's cells on a screen: each strategy's mark and answer, and the gold answer,
# shortened (the HTML report's drill-down has them in full).
STRATEGY_ANSWER_CHARS = 80
GOLD_CHARS = 60


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(_TEMPLATES),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(pct=pct, p_text=p_text)
    return env


def render_html(c: Comparison, title: str = TITLE) -> str:
    return _environment().get_template("compare_report.html.j2").render(c=c, title=title, plots=plots(c))


def llm_failed_text(c: Comparison) -> str:
    return (f"every LLM call failed in {', '.join(c.llm_failed)}: those answers were written offline, "
            "so this is not a comparison of the LLM's strategies")


def render_markdown(c: Comparison, report_path: str | None = None) -> str:
    """The verdict, per-strategy accuracy with intervals, and every pair's split and p-value."""
    lines = ["# Which strategy to use", ""]
    if c.llm_failed:
        lines += [f"**Warning: {llm_failed_text(c)}**", ""]
    lines += [f"**{c.verdict}**", ""]
    if report_path:
        lines += [f"Full report (expandable questions, plots): `{report_path}`", ""]
    lines += [
        "| strategy | accuracy | 95% CI | correct | median s | searches | USD/q |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for t in c.totals:
        ci = f"{pct(t.ci_low)}–{pct(t.ci_high)}" if t.scored else "n/a"
        lines.append(
            f"| {t.strategy} | {pct(t.accuracy)} | {ci} | {t.correct}/{t.scored} | {t.latency_median_s:.2f} "
            f"| {t.searches_mean:.1f} | {t.cost_mean_usd:.5f} |"
        )
    if c.pairs:
        lines += [
            "",
            "| strategy | against | won | lost | both right | both wrong | exact McNemar p |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        lines += [
            f"| {p.first} | {p.second} | {p.won} | {p.lost} | {p.both_right} | {p.both_wrong} | {p_text(p.p_value)} |"
            for p in c.pairs
        ]
    if c.scorer_note:
        lines += ["", f"_{c.scorer_note}_"]
    if c.headline:
        p = c.pair(c.headline)
        decided = [r for r in c.rows if r.vs[c.headline] in ("won", "lost")]
        if decided:
            lines += ["", f"## Where {p.first} and {p.second} differ", "",
                      f"| id | type | {p.first} against {p.second} |", "| --- | --- | --- |"]  # fmt: skip
            lines += [f"| {r.id} | {r.type} | {r.vs[c.headline]} |" for r in decided]
    return "\n".join(lines) + "\n"


def question_table(c: Comparison) -> list[dict[str, object]]:
    """One row per question for a table artifact: gold, and each strategy's mark and answer."""
    rows = []
    for r in c.rows:
        row: dict[str, object] = {"id": r.id, "type": r.type, "question": shorten(r.question, QUESTION_CHARS),
                                  "gold": shorten(r.gold_text, GOLD_CHARS)}
        for s in c.strategies:
            o = r.outcomes.get(s)
            mark = "" if o is None else {True: "right", False: "wrong"}.get(o.correct, "unscored")
            row[s] = "" if o is None else shorten(f"{mark}: {money_for_people(o.answer)}", STRATEGY_ANSWER_CHARS)
        if c.headline:
            row[c.headline] = r.vs[c.headline]
        rows.append(row)
    return rows
