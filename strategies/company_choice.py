""""Which company had a higher X: "A", "B" or "C", in the fiscal year 2022?"

A choice among named companies is answered as an analyst would: X is read for each named
company from its own filing (one metric question per company, answered and checked like any
other), and the pick is named as the question spells it. The pick is given only when every
named company is held and its X was read, in one currency; otherwise the answer is
`not_found`, naming the company the store does not hold or whose X was not found. Ranking
the companies that happen to be found would name a winner over a company never read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic import BaseModel

from finrag.models import Answer, AnswerRow, Citation, Question, StoreCatalog
from finrag.vocabulary import Vocabulary
from retrieval.periods import parse_periods
from retrieval.query_understanding import understand

_QUOTED = re.compile(r"[\"“”]([^\"“”]+)[\"“”]")
_WHICH = re.compile(r"\bwhich\s+(?:company|companies|one|of\s+(?:the|these)\s+companies)\b", re.I)
_HIGHER = re.compile(r"\b(?:higher|highest|larger|largest|greater|greatest|bigger|biggest|more|most)\b", re.I)
_LOWER = re.compile(r"\b(?:lower|lowest|smaller|smallest|less|least|fewer|fewest)\b", re.I)


class CompanyChoice(BaseModel):
    question: str
    names: list[str]  # as the question spells them
    held: dict[str, str]  # spelled name -> the catalog company it resolves to
    metric: str  # vocabulary key
    label: str  # the metric as people read it
    year: int | None
    highest: bool


def asks_company_choice(question: str) -> bool:
    """The question's words ask to pick one of several quoted names (no catalog needed)."""
    return len(_QUOTED.findall(question)) >= 2 and bool(_WHICH.search(question))


def read_choice(question: str, catalog: StoreCatalog, vocabulary: Vocabulary) -> CompanyChoice | None:
    """The choice a question asks for, or None when it is not a pick among quoted companies
    by one metric."""
    names = [n.strip() for n in _QUOTED.findall(question) if n.strip()]
    if len(names) < 2 or not asks_company_choice(question):
        return None
    higher, lower = bool(_HIGHER.search(question)), bool(_LOWER.search(question))
    if higher == lower:
        return None
    text = _QUOTED.sub(" ", question)
    metrics = vocabulary.match_metrics(text)
    if len(metrics) != 1:
        return None
    held = {}
    for name in names:
        companies = understand(f'"{name}"', catalog, vocabulary).companies
        if len(companies) == 1:
            held[name] = companies[0]
    years = parse_periods(text).years
    return CompanyChoice(question=question, names=names, held=held, metric=metrics[0],
                         label=vocabulary.label(metrics[0]) or metrics[0].replace("_", " "),
                         year=max(years) if years else None, highest=higher)


def answer_choice(choice: CompanyChoice, ask: Callable[[Question], Answer]) -> Answer:
    """The pick, or not_found naming what is missing. `ask` answers one metric question."""
    reason = "a choice among named companies: the metric read for each company"
    missing = [n for n in choice.names if n not in choice.held]
    if missing:
        return _refused(choice, f"The store holds no filing of {_listed(missing)}: the companies cannot be compared.",
                        reason)
    period = f" in the fiscal year {choice.year}" if choice.year else ""
    answers = {name: ask(Question(id=f"choice-{i}", question=f'What was the {choice.label} of "{name}"{period}?'))
               for i, name in enumerate(choice.names)}
    unread = [n for n, a in answers.items() if a.status != "answered" or a.value is None]
    if unread:
        return _refused(choice, f"{choice.label} was not found for {_listed(unread)}: the companies cannot be "
                        "compared.", reason, [c for a in answers.values() for c in a.citations])
    units = {a.unit for a in answers.values()}
    if len(units) != 1 or None in units:
        shown = ", ".join(f"{n}: {a.unit or 'unit unknown'}" for n, a in answers.items())
        return _refused(choice, f"{choice.label} is stated in different units or currencies ({shown}): not compared.",
                        reason, [c for a in answers.values() for c in a.citations])
    ranked = sorted(answers.items(), key=lambda item: item[1].value or 0.0, reverse=choice.highest)
    pick, best = ranked[0]
    word = "highest" if choice.highest else "lowest"
    when = f"FY{choice.year}" if choice.year else "the latest reports held"
    lines = [f"{pick}: the {word} {choice.label.lower()} of the {len(ranked)} companies ({when})."]
    lines += [f"- {a.answer}" for _, a in ranked]
    return Answer(
        status="answered", answer="\n".join(lines), strategy=best.strategy, kind="choice", route_reason=reason,
        citations=_unique([c for _, a in ranked for c in a.citations]), value=best.value, unit=best.unit,
        rows=[AnswerRow(company=name, period=f"FY{choice.year}" if choice.year else None, metric=choice.label,
                        value=a.value) for name, a in ranked],
    )


def _refused(choice: CompanyChoice, text: str, reason: str, citations: list[Citation] | None = None) -> Answer:
    return Answer(status="not_found", answer=text, reason=text, strategy="single", kind="choice", route_reason=reason,
                  citations=_unique(citations or []))


def _listed(names: list[str]) -> str:
    quoted = [f'"{n}"' for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" and {quoted[-1]}"


def _unique(citations: list[Citation]) -> list[Citation]:
    return list({(c.doc, c.page, c.quote): c for c in citations}.values())
