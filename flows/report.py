"""The comparison (flows/comparison.py) as HTML (with plots) and markdown; formatting only.

The HTML is one self-contained file: plots are PNGs drawn with matplotlib's Agg backend
and inlined as base64, so the report can be mailed or opened from a results folder
without a server.
"""

from __future__ import annotations

import base64
import html
import io
import statistics

from flows.artifacts import markdown_cell
from flows.comparison import AGENT, BASELINE, Comparison, latency_ratios

# --------------------------------------------------------------------------- plots


def _png(fig) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")  # no display; must be chosen before pyplot is imported
    import matplotlib.pyplot as plt

    return plt


def plot_accuracy_by_type(c: Comparison) -> str:
    plt = _pyplot()
    types = list(c.accuracy_by_type) or ["(no scored questions)"]
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(types) * len(c.strategies) / 2), 3.6))
    width = 0.8 / max(len(c.strategies), 1)
    for i, s in enumerate(c.strategies):
        values = [c.accuracy_by_type.get(t, {}).get(s, 0.0) for t in types]
        ax.bar([x + i * width for x in range(len(types))], values, width, label=s)
    ax.set_xticks([x + width * (len(c.strategies) - 1) / 2 for x in range(len(types))], types, rotation=20)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("accuracy")
    ax.set_title("Accuracy per question type and strategy")
    ax.legend()
    return _png(fig)


def plot_latency(c: Comparison) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.6))
    data = [[r.outcomes[s].latency_s for r in c.rows if s in r.outcomes] or [0.0] for s in c.strategies]
    ax.boxplot(data, tick_labels=c.strategies, showfliers=True)
    ax.set_ylabel("seconds per question")
    ax.set_title("Latency distribution")
    return _png(fig)


def plot_tokens_cost(c: Comparison) -> str:
    plt = _pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 3.4))
    ax1.bar(c.strategies, [t.tokens_mean for t in c.totals], color="tab:blue")
    ax1.set_title("Tokens per question (mean)")
    ax2.bar(c.strategies, [t.cost_mean_usd for t in c.totals], color="tab:orange")
    ax2.set_title("Cost per question (mean USD)")
    if all(t.tokens_mean == 0 for t in c.totals):
        for ax in (ax1, ax2):
            ax.text(0.5, 0.5, "offline engine: no LLM calls", ha="center", transform=ax.transAxes)
    return _png(fig)


def plot_latency_ratio(c: Comparison) -> str:
    plt = _pyplot()
    ratios = latency_ratios(c.rows)
    fig, ax = plt.subplots(figsize=(6, 3.4))
    if ratios:
        ax.hist(ratios, bins=min(20, max(5, len(ratios) // 2)), color="tab:green")
        median = statistics.median(ratios)
        ax.axvline(median, color="black", linestyle="--", label=f"median {median:.2f}×")
        ax.legend()
    else:
        ax.text(0.5, 0.5, "needs single and iterative runs", ha="center", transform=ax.transAxes)
    ax.set_xlabel(f"latency {AGENT} / {BASELINE} (per question)")
    ax.set_title("How much slower is the agent?")
    return _png(fig)


# --------------------------------------------------------------------------- rendering


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.0f}%"


def _totals_rows(c: Comparison) -> list[list[str]]:
    return [
        [
            t.strategy, str(t.questions), _pct(t.accuracy), f"{t.correct}/{t.scored}", str(t.answered),
            str(t.not_found), str(t.failed), f"{t.latency_mean_s:.2f}", f"{t.latency_median_s:.2f}",
            f"{t.latency_p95_s:.2f}", f"{t.searches_mean:.1f}", f"{t.tokens_mean:.0f}", f"{t.cost_mean_usd:.5f}",
        ]
        for t in c.totals
    ]  # fmt: skip


TOTALS_HEADER = [
    "strategy", "questions", "accuracy", "correct", "answered", "not found", "failed",
    "mean s", "median s", "p95 s", "searches", "tokens/q", "USD/q",
]  # fmt: skip


def _ratio_text(c: Comparison) -> str:
    if c.latency_ratio_median is None:
        return "Latency ratio agentic/single: n/a."
    return f"Latency ratio agentic/single (median per question): **{c.latency_ratio_median:.2f}×**."


def render_markdown(c: Comparison) -> str:
    v = c.verdicts
    lines = [
        "# Single-shot vs agentic",
        "",
        f"Agent ({AGENT}) against single-shot: **won {v['won']}**, lost {v['lost']}, tied {v['tied']}, "
        f"unscored {v['unscored']}. {_ratio_text(c)}",
        "",
        "| " + " | ".join(TOTALS_HEADER) + " |",
        "|" + " --- |" * len(TOTALS_HEADER),
        *["| " + " | ".join(row) + " |" for row in _totals_rows(c)],
    ]
    if c.scorer_note:
        lines += ["", f"_{c.scorer_note}_"]
    decided = [r for r in c.rows if r.verdict in ("won", "lost")]
    if decided:
        lines += ["", "## Where the agent won or lost", "", "| id | verdict | why |", "| --- | --- | --- |"]
        lines += [f"| {r.id} | {r.verdict} | {markdown_cell(r.why)} |" for r in decided]
    return "\n".join(lines) + "\n"


def render_html(c: Comparison, title: str = "FinRAG — single-shot vs agentic") -> str:
    plots = [
        ("Accuracy per question type and strategy", plot_accuracy_by_type(c)),
        ("Latency distribution", plot_latency(c)),
        ("Tokens and cost per question", plot_tokens_cost(c)),
        ("Latency ratio agentic / single", plot_latency_ratio(c)),
    ]
    v = c.verdicts
    parts = [
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{_h(title)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{_h(title)}</h1>",
        f"<p>{len(c.rows)} questions under {', '.join(c.strategies)}. The agent ({AGENT}) against "
        f"single-shot: <b>won {v['won']}</b>, lost {v['lost']}, tied {v['tied']}, unscored {v['unscored']}. "
        f"{_h(_ratio_text(c)).replace('**', '')}</p>",
        f"<p class='note'>{_h(c.scorer_note)}</p>" if c.scorer_note else "",
        "<h2>Per strategy</h2>",
        _html_table(TOTALS_HEADER, _totals_rows(c)),
        "<h2>Accuracy by question type</h2>",
        _html_table(
            ["type", *c.strategies],
            [[t, *[_pct(acc.get(s)) for s in c.strategies]] for t, acc in c.accuracy_by_type.items()],
        ),
        "<h2>Plots</h2><div class='plots'>",
        *[f"<figure><img alt='{_h(name)}' src='data:image/png;base64,{png}'><figcaption>{_h(name)}</figcaption></figure>" for name, png in plots],
        "</div>",
        "<h2>Per question: where the agent won, lost or tied</h2>",
        _question_table(c),
        "</body></html>",
    ]
    return "\n".join(parts)


def _question_table(c: Comparison) -> str:
    header = ["id", "type", "question", "gold", *[f"{s}" for s in c.strategies], "verdict", "why"]
    body = []
    order = {"won": 0, "lost": 1, "tied": 2, "unscored": 3}
    for r in sorted(c.rows, key=lambda r: (order[r.verdict], r.id)):
        cells = [_h(r.id), _h(r.type), _h(r.question), _h("" if r.gold is None else str(r.gold))]
        for s in c.strategies:
            o = r.outcomes.get(s)
            if o is None:
                cells.append("")
                continue
            mark = {True: "✔", False: "✘", None: "·"}[o.correct]
            detail = f"{o.status}, {o.strategy_used}, {o.searches} searches, {o.latency_s:.2f}s"
            if o.stopped_by:
                detail += f", stopped by {o.stopped_by}"
            cells.append(f"<span class='m'>{mark}</span> {_h(o.answer[:160])}<br><small>{_h(detail)}</small>")
        cells += [f"<span class='{r.verdict}'>{r.verdict}</span>", _h(r.why)]
        body.append("<tr>" + "".join(f"<td>{x}</td>" for x in cells) + "</tr>")
    head = "".join(f"<th>{_h(h)}</th>" for h in header)
    return f"<table class='questions'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _html_table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{_h(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_h(x)}</td>" for x in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _h(text: str) -> str:
    return html.escape(str(text), quote=True)




_CSS = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1200px;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:0.5rem 0 1.5rem;font-size:0.9rem}
th,td{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}
th{background:#f3f3f3}
.plots{display:flex;flex-wrap:wrap;gap:1rem}
figure{margin:0}
figcaption{font-size:0.85rem;color:#555}
.won{color:#1a7f37;font-weight:bold}.lost{color:#c62828;font-weight:bold}.tied{color:#555}
.unscored{color:#999}.note{color:#666;font-style:italic}.m{font-weight:bold}
"""
