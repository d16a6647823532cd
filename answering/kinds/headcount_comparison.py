"""headcount_comparison: "Which of the companies had the lowest number of employees at the end of fiscal
2022: "A", "B", "C"?" answered from each company's own count of its people (kinds/headcount.py).

Like any comparison among named companies (answering.company_comparison), the pick is given only when
every named company is held and each one's count is read, each from its own filing of the asked fiscal
year (fiscal years end on different dates: each report's "as of" is its own year's end); a company whose
count was not read refuses the comparison, naming it. The question's own rule for missing data ("If data
is not available, return 'N/A'") is that refusal.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import unique_citations
from answering.company_comparison import catalog_of, held_companies, latest_year
from answering.intent import detect_intent
from answering.kinds import headcount
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import AnswerRow, SearchFilters

if TYPE_CHECKING:
    from answering.company_comparison import ComparisonServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

_QUOTED = re.compile(r"[\"“”]([^\"“”]+)[\"“”]")


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: ComparisonServices) -> WrittenAnswer | None:
    """The named company with the higher / lower count of its people, or a refusal naming what is missing;
    None when the question is no such comparison."""
    quoted = [n.strip() for n in _QUOTED.findall(question) if n.strip()]
    names = quoted if len(quoted) >= 2 else list(understanding.companies)
    if len(names) < 2 or not headcount.asks_the_whole_count(question):
        return None
    intent = detect_intent(question, len(names), len(understanding.fiscal_years))
    if intent not in ("higher", "lower"):
        return None
    held = held_companies(names, quoted, understanding, services)
    missing = [n for n in names if n not in held]
    if missing:
        return _refused(f"the store holds no filing of {', '.join(missing)}: their headcounts cannot be compared")
    retriever = getattr(services, "retriever", None)
    years = sorted(set(understanding.fiscal_years))
    catalog = catalog_of(services)
    read: dict[str, WrittenAnswer] = {}
    for name, company in held.items():
        year = years[-1] if years else latest_year(company, catalog)
        one = understanding.model_copy(update={"companies": [company], "fiscal_years": [year] if year else []})
        asked = f"What was the number of employees of {company} at the end of fiscal {year}?"
        own = [h for h in hits if h.chunk.company == company]
        if retriever is not None:  # the company's own filing of the year, whatever the question's hits held
            filters = SearchFilters(companies=[company], fiscal_years=[year] if year else [])
            own = [*own, *retriever.search(asked, filters=filters, k=8)]
        got = headcount.write(asked, own, one, services) if own else None
        if got is None or got.value is None:
            return _refused(f"the number of employees was not found for {name}: the companies cannot be compared",
                            list(read.values()))
        read[name] = got
    ranked = sorted(read.items(), key=lambda item: item[1].value or 0.0, reverse=intent == "higher")
    pick, best = ranked[0]
    word = ("higher" if len(ranked) == 2 else "highest") if intent == "higher" else \
        ("lower" if len(ranked) == 2 else "lowest")
    lines = [f"{pick}: the {word} number of employees of the {len(ranked)} companies."]
    lines += [f"- {name}: {a.text}" for name, a in ranked]
    return WrittenAnswer(status="answered", kind="choice", text="\n".join(lines), value=best.value, unit="employees",
                         citations=unique_citations([c for _, a in ranked for c in a.citations]),
                         rows=[AnswerRow(company=name, metric="Employees", value=a.value) for name, a in ranked])


def _refused(why: str, read: list[WrittenAnswer] | None = None) -> WrittenAnswer:
    return WrittenAnswer(status="not_found", kind="choice", reason=why, text=f"{NOT_FOUND.capitalize()}: {why}.",
                         citations=unique_citations([c for a in read or [] for c in a.citations]))
