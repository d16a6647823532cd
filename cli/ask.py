"""`finrag ask "QUESTION"`: answer one question and print it with its sources.

`--company` / `--period` filter like a company or period the question names (query
understanding reads them; the question's text is not changed to carry the company).

Exit codes (README, "`finrag ask`"): 0 answered or refused (not_found, unverified,
needs_company: the status says which), 1 failed or the configured LLM failed (`fallback`),
2 the store is missing, empty, unreachable or held by another process (one line saying so
and how to fix it).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from finrag.config import load_settings
from finrag.console import table, to_text
from finrag.models import Answer, Question
from finrag.text import collapse_whitespace
from finrag.wording import money_for_people


def run(args: argparse.Namespace) -> int:
    from strategies.dispatch import answer_question
    from strategies.services import check_store_exists, open_services, require_documents

    settings = load_settings(store_dir=Path(args.store) if args.store else None)
    check_store_exists(settings)  # before opening: opening would create an empty store
    services = open_services(settings)  # StoreBusy: cli.main prints it as one line, rc 2
    try:
        require_documents(services.store, settings)
        question = Question(id="ask", question=args.question, company=args.company, period=args.period)
        answer = answer_question(question, services, args.strategy)
    finally:
        services.close()
    print(answer.model_dump_json(indent=2) if args.json else render(answer))
    # Failed, or the configured LLM could not be used: the answer says why, the exit code too.
    return 1 if answer.status == "failed" or answer.fallback else 0


def render(answer: Answer) -> str:
    """The answer for people: text, sources (pages one-based, as printed), then how it was found."""
    lines = [money_for_people(answer.answer) if answer.answer else f"({answer.status})"]
    if answer.reason and answer.status != "answered":
        lines.append(f"Reason: {answer.reason}")
    parts: list[object] = ["\n".join(lines)]
    if answer.rows:  # many companies: a table, highest first
        parts += ["", table(
            ["#", "company", "period", "metric", "value"],
            [[n, r.company, r.period or "", r.metric, money_for_people(r.shown)] for n, r in enumerate(answer.rows, start=1)],
            right=["#", "value"],
        )]  # fmt: skip
    if answer.citations:
        parts += ["", table(
            ["document", "page", "quote", "columns (period of each figure)"],
            [[c.doc, f"p.{c.page + 1}", _short(c.quote), " | ".join(c.columns)] for c in answer.citations],
            title="Sources (p.N is one-based)",
        )]  # fmt: skip
    details = [
        f"status: {answer.status}   strategy: {answer.strategy}   engine: {answer.engine}"
        + (f" (the LLM failed: {answer.fallback})" if answer.fallback else ""),
        f"route: {answer.route_reason}",
    ]
    cost = f"   llm calls: {answer.llm_calls}   tokens: {answer.tokens_in}/{answer.tokens_out}" \
        f"   cost: ${answer.cost_usd:.5f}" if answer.llm_calls else ""
    details.append(f"searches: {answer.searches}   latency: {answer.latency_s:.2f}s{cost}")
    if answer.flags:
        details.append(f"flags: {', '.join(answer.flags)}")
    parts += ["", "\n".join(details)]
    return to_text(*parts)


def _short(quote: str, limit: int = 160) -> str:
    quote = collapse_whitespace(quote)
    return quote if len(quote) <= limit else quote[: limit - 1] + "…"
