"""The comparison report's plots, as base64 PNGs (matplotlib Agg) to inline in the HTML.

Every plot has data or is not drawn: a panel that would be empty axes (cost when no LLM
was called, anything when nothing was scored) is left out instead.
"""

from __future__ import annotations

import base64
import io

from flows.comparison import Comparison, StrategyTotals


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")  # no display; must be chosen before pyplot is imported
    import matplotlib.pyplot as plt

    return plt


def _png(fig) -> str:
    plt = _pyplot()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def plots(c: Comparison) -> list[tuple[str, str]]:
    """(caption, base64 PNG) for every plot that has something to show."""
    scored = [t for t in c.totals if t.accuracy is not None]
    if not scored:
        return []
    out = [("Accuracy (95% Wilson interval) against latency" + (" and cost" if c.has_cost else ""),
            plot_tradeoff(scored, c.has_cost))]  # fmt: skip
    if c.accuracy_by_type:
        out.append(("Accuracy per question type and strategy", plot_accuracy_by_type(c)))
    return out


def plot_tradeoff(totals: list[StrategyTotals], with_cost: bool) -> str:
    """One point per strategy: accuracy with its interval, against median latency (and cost)."""
    plt = _pyplot()
    panels = 2 if with_cost else 1
    fig, axes = plt.subplots(1, panels, figsize=(5.5 * panels, 3.8), squeeze=False)
    xs = [("latency_median_s", "median seconds per question")]
    if with_cost:
        xs.append(("cost_mean_usd", "mean USD per question"))
    for ax, (field, label) in zip(axes[0], xs, strict=True):
        for t in totals:
            x, acc = getattr(t, field), t.accuracy or 0.0
            ax.errorbar([x], [acc], yerr=[[acc - t.ci_low], [t.ci_high - acc]], fmt="o", capsize=4, label=t.strategy)
            ax.annotate(t.strategy, (x, acc), textcoords="offset points", xytext=(6, 4))
        ax.set_xlabel(label)
        ax.set_ylabel("accuracy")
        ax.set_ylim(0, 1.05)
        ax.set_xlim(left=0)
        ax.margins(x=0.2)
        ax.grid(alpha=0.3)
    axes[0][0].set_title("Up and to the left is better")
    return _png(fig)


def plot_accuracy_by_type(c: Comparison) -> str:
    plt = _pyplot()
    types = list(c.accuracy_by_type)
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(types) * len(c.strategies) / 2), 3.6))
    width = 0.8 / max(len(c.strategies), 1)
    for i, s in enumerate(c.strategies):
        values = [c.accuracy_by_type[t].get(s, 0.0) for t in types]
        ax.bar([x + i * width for x in range(len(types))], values, width, label=s)
    ax.set_xticks([x + width * (len(c.strategies) - 1) / 2 for x in range(len(types))], types, rotation=20)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("accuracy")
    ax.legend()
    return _png(fig)
