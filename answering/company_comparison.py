"""Which of the named companies had the higher (or lower) X: X read for each one, in one currency.

A comparison among named companies ("Which company had a higher total assets: "Holley Inc."
or "CrossFirst Bank", in the fiscal year 2022?", "Did Acme or Globex have more revenue in
FY2022?") is answered as an analyst would: X is computed for each company from its own
filing's statement rows, like any one-company metric question (answering.metric_answer, its
checks apply), and the pick is given only when
- every company the question names is held: a quoted name that the catalog does not resolve
  to exactly one company is named in the refusal;
- every company's X was read; and
- all are in one unit and one currency (each cited filing's own: answering.currency).
Otherwise the answer is `not_found`, naming what is missing. Ranking the companies that happen
to be found would name a winner over a company never read.

The question's own rule for a missing company ("If data for a company is not available,
exclude it from the comparison") is followed only where the absence is certain: a company the
store holds no filing of, and, when the question asks for one currency ("in USD"), a company
whose filing states X in another (FinRAG converts no currencies). A held company whose X was
not read still refuses the comparison: that may be a reading failure, not missing data.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from answering.aspects import metric_label, primary_metrics
from answering.citations import unique_citations
from answering.currency import asked_currency, report_currency
from answering.intent import detect_intent
from answering.metric_answer import MetricServices, answer_metric
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import AnswerRow, SearchHit, StoreCatalog
from retrieval.query_understanding import understand

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

_QUOTED = re.compile(r"[\"“”]([^\"“”]+)[\"“”]")
# "If data for a company is not available, exclude it from the comparison."
_EXCLUDE_RULE = re.compile(
    r"\b(?:not\s+available|unavailable|missing|no\s+data)\b[^.?!]{0,40}?\bexclude\b"
    r"|\bexclude\b[^.?!]{0,60}?\b(?:not\s+available|unavailable|missing|no\s+data)\b", re.I)


def excludes_unavailable(question: str) -> bool:
    """The question's own rule: a company whose data is not available is left out, not a refusal."""
    return _EXCLUDE_RULE.search(question) is not None


class ComparisonServices(MetricServices, Protocol):
    def catalog(self) -> StoreCatalog: ...


def compare_companies(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                      services: ComparisonServices, search: bool = True) -> WrittenAnswer | None:
    """The pick among the named companies, or not_found naming what is missing; None when the
    question is not a higher/lower comparison of one metric among two or more named companies.
    `search`: each company's statement page may be searched for (not after the deadline)."""
    quoted = [n.strip() for n in _QUOTED.findall(question) if n.strip()]
    names = quoted if len(quoted) >= 2 else list(understanding.companies)
    if len(names) < 2:
        return None
    intent = detect_intent(question, len(names), len(understanding.fiscal_years))
    metrics = primary_metrics(list(understanding.metrics), services.vocabulary) or \
        services.vocabulary.match_metrics(_QUOTED.sub(" ", question))
    if intent not in ("higher", "lower") or len(metrics) != 1:
        return None
    label = metric_label(metrics[0], services.vocabulary)
    held = held_companies(names, quoted, understanding, services)
    missing = [n for n in names if n not in held]
    exclude = excludes_unavailable(question)
    if missing and not exclude:
        return _refused(f"the store holds no filing of {_listed(missing)}: the companies cannot be compared")
    left_out = [f"{_listed([n])} (no filing held)" for n in missing]
    years = sorted(set(understanding.fiscal_years))
    catalog = catalog_of(services)
    read: dict[str, WrittenAnswer] = {}
    for name, company in held.items():
        year = years[-1] if years else latest_year(company, catalog)
        if year is None:
            return _refused(f"no fiscal year is named and none is held for {company}")
        one = understanding.model_copy(update={"companies": [company], "fiscal_years": [year]})
        own = [h for h in hits if h.chunk.company == company]
        got = answer_metric(f"What was the FY{year} {label}?", own, one, services, search)
        read[name] = got if got is not None else WrittenAnswer(status="not_found", text="")
    unread = [n for n, a in read.items() if a.status != "answered" or a.value is None]
    if unread:
        return _refused(f"{label} was not found for {_listed(unread)}: the companies cannot be compared",
                        [a for a in read.values() if a.status == "answered"])
    units = {n: _unit(a, services) for n, a in read.items()}
    asked = asked_currency(question)
    if exclude and asked:
        other = [n for n, u in units.items() if re.match(r"[A-Z]{3}\b", u) and not u.startswith(asked)]
        left_out += [f"{_listed([n])} (stated in {units[n][:3]}, not {asked})" for n in other]
        read = {n: a for n, a in read.items() if n not in other}
        units = {n: u for n, u in units.items() if n not in other}
    if not read:
        return _refused(f"no named company's {label.lower()} is available: {', '.join(left_out)}")
    if len(set(units.values())) != 1:
        shown = ", ".join(f"{n}: {u}" for n, u in units.items())
        return _refused(f"{label} is stated in different units or currencies ({shown}): not compared",
                        list(read.values()))
    ranked = sorted(read.items(), key=lambda item: item[1].value or 0.0, reverse=intent == "higher")
    pick, best = ranked[0]
    two = len(ranked) == 2
    word = ("higher" if two else "highest") if intent == "higher" else ("lower" if two else "lowest")
    lines = [f"{pick}: the {word} {label.lower()} of the {len(ranked)} companies." if len(ranked) > 1 else
             f"{pick}: the only named company whose {label.lower()} is available."]
    lines += [f"- {a.text}" for _, a in ranked]
    if left_out:  # the question's own rule: data not available -> excluded, said so
        lines.append(f"Excluded as the question asks, data not available: {', '.join(left_out)}.")
    return WrittenAnswer(
        status="answered", kind="choice", text="\n".join(lines), value=best.value, unit=best.unit,
        citations=unique_citations([c for _, a in ranked for c in a.citations]),
        rows=[AnswerRow(company=name, metric=label, value=a.value) for name, a in ranked],
    )


def held_companies(names: list[str], quoted: list[str], understanding: QueryUnderstanding,
          services: ComparisonServices) -> dict[str, str]:
    """Name as the question spells it -> the company the store holds under it."""
    if not quoted:
        return {n: n for n in names}
    catalog = catalog_of(services)
    held = {}
    for name in names:
        companies = understand(f'"{name}"', catalog, services.vocabulary).companies if catalog else []
        if len(companies) == 1:
            held[name] = companies[0]
    return held


def catalog_of(services: ComparisonServices) -> StoreCatalog | None:
    try:
        return services.catalog()
    except AttributeError:  # a test double without a retriever holds no catalog
        return None


def latest_year(company: str, catalog: StoreCatalog | None) -> int | None:
    entry = next((c for c in (catalog.companies if catalog else []) if c.name == company), None)
    return max(entry.fiscal_years) if entry is not None and entry.fiscal_years else None


def _unit(answer: WrittenAnswer, services: ComparisonServices) -> str:
    """The value's unit in its filing's currency ("GBP millions"); a money unit whose filing
    states no currency says so (it cannot be set beside another company's)."""
    unit = answer.unit or "unit unknown"
    if not unit.startswith("USD"):
        return unit  # a ratio, a count: no currency
    return unit.replace("USD", _currency(answer, services) or "currency unknown", 1)


def _currency(answer: WrittenAnswer, services: ComparisonServices) -> str | None:
    """The currency of the filing the answer's figures are cited from (its cited page's header
    first, else the symbol the filing repeats); None when no filing can be read."""
    retriever = getattr(services, "retriever", None)
    docs = list(dict.fromkeys(c.doc for c in answer.citations))
    if retriever is None or not docs:
        return None
    filing = retriever.filing(docs[0])
    cited = "\n".join(filing.text(c.page) for c in answer.citations if c.doc == docs[0] and c.page in filing.pages)
    found = report_currency(cited, "\n".join(c.text for c in filing.chunks))
    return found.code if found is not None else None


def _refused(why: str, read: list[WrittenAnswer] | None = None) -> WrittenAnswer:
    return WrittenAnswer(status="not_found", kind="choice", reason=why, text=f"{NOT_FOUND.capitalize()}: {why}.",
                         citations=unique_citations([c for a in read or [] for c in a.citations]))


def _listed(names: list[str]) -> str:
    quoted = [f'"{n}"' for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" and {quoted[-1]}"
