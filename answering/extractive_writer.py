"""The offline extractive writer: deterministic answers whose every figure is quoted.

Read each needed figure from a statement row or sentence (answering.aspects,
answering.sufficiency), compute what the question asks in code (answering.figures,
answering.answer_composition) and show the arithmetic, citing the rows used. Questions
without figures get the best-matching sentences quoted; a definition question with no
company or year is answered from the vocabulary's glossary.

Report text never changes behaviour: it is only ever quoted.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering import arithmetic, checks
from answering.answer_composition import compose_answer
from answering.answer_rows import figure_rows
from answering.aspects import (
    asks_across_companies,
    figure_years,
    implied_years,
    metric_label,
    plan_aspects,
    primary_metrics,
    split_sentences,
)
from answering.checks import CheckedInput, CheckFailure
from answering.citations import cite, is_instruction, unique_citations
from answering.figures import Figure, build_figure
from answering.intent import Intent, detect_intent
from answering.sufficiency import best_readings
from answering.written_answer import GLOSSARY, NOT_FOUND, WrittenAnswer
from finrag.models import Chunk, Citation, SearchHit
from finrag.vocabulary import Vocabulary, tokenize
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

_DEFINITION = re.compile(
    r"^\s*(what is|what's|what are|define|explain|what does|how (is|are|do you|does one))\b", re.I
)
_IN_BILLIONS = re.compile(r"\bin (usd |us\$ |\$ ?)?billions?\b", re.I)
_STOP = set(tokenize(
    "what which who how did does do is was were the a an of in for to from and or by on at with "
    "its their company companies report reported fiscal year fy as much many"
))


def write_offline(
    question: str,
    hits: list[SearchHit],
    understanding: QueryUnderstanding,
    vocab: Vocabulary,
) -> WrittenAnswer:
    """The deterministic answer: figures read, computed and cited, or sentences quoted."""
    metrics = primary_metrics(list(understanding.metrics), vocab)
    companies = list(understanding.companies)
    years = implied_years(question, sorted(set(understanding.fiscal_years)), metrics, vocab)
    if metrics and not companies and not years and _DEFINITION.search(question):
        return define_term(metrics[0], vocab)
    if not metrics:
        return _quote_sentences(question, hits, companies)
    if not companies and re.search(r"\bcompanies\b", question, re.I) and not asks_across_companies(question, []):
        # "The Industrials companies": a group the offline engine cannot resolve; one
        # company's figure would be a wrong answer, so say so (the graph strategy can).
        return WrittenAnswer(
            status="not_found",
            text=f"{NOT_FOUND.capitalize()}: the question is about a group of companies "
            "that the extractive engine cannot resolve.",
            reason="unresolved group of companies",
        )
    if asks_across_companies(question, companies):
        companies = list(dict.fromkeys(h.chunk.company for h in hits if h.chunk.company))
    years = figure_years(years, metrics, vocab)
    aspects = plan_aspects(companies, years, metrics, vocab)
    readings = best_readings(aspects, hits, vocab)

    figures: list[Figure] = []
    missing: list[str] = []
    for company in companies or [None]:
        for year in years or [None]:
            for metric in metrics:
                got = build_figure(company, year, metric, readings, vocab)
                if isinstance(got, Figure):
                    figures.append(got)
                else:
                    missing.append(" ".join(p for p in (company or "", got) if p))
    if missing:
        return _not_found(missing, figures)

    intent = detect_intent(question, len(companies), len(years))
    citations = [cite(r.chunk, r.quote) for f in figures for r in f.readings]
    text, value = compose_answer(intent, figures, vocab, question)
    inputs = [CheckedInput(metric=r.aspect.metric, fiscal_year=r.fiscal_year, value=r.value, quote=r.quote,
                           doc=r.chunk.doc, page=r.chunk.page, context=r.chunk.text, from_table=r.from_table,
                           number_convention=r.chunk.number_convention)
              for f in figures for r in f.readings]
    failure = check_figures(question, intent, figures, value, inputs, hits, vocab)
    if failure is not None:
        what = "; ".join(f"{f.who_when()} {metric_label(f.metric, vocab)}" for f in figures)
        shown = "; ".join(f.shown() for f in figures) if value is None or len(figures) == 1 else f"{value:,.2f}"
        return checks.unverified(what, shown, failure, inputs, citations, vocab)
    money = intent in ("value", "amount_change", "difference", "average", "sum")
    if value is not None and money and all(f.unit == "USD" for f in figures) and _IN_BILLIONS.search(question):
        value = round(value / 1000, 4)  # the question asks in billions; figures are in millions
        text += f" In billions: ${value:,.2f}B."
    return WrittenAnswer(status="answered", text=text, citations=unique_citations(citations), value=value,
                         rows=figure_rows(figures, vocab), unit=_value_unit(intent, figures, value, question))  # fmt: skip


def check_figures(question: str, intent: Intent, figures: list[Figure], value: float | None,
                  inputs: list[CheckedInput], hits: list[SearchHit], vocab: Vocabulary) -> CheckFailure | None:
    """answering.checks on the figures of an extractive answer: their rows, each figure's
    range, a change's size and arithmetic, and the filing's own statement of a percentage."""
    annual = not parse_periods(question).periods
    failure = checks.check_inputs(inputs, question, annual, vocab, hits)
    if failure is not None:
        return failure
    for f in figures:
        bounded = checks.bounds_for(f.metric, vocab.formula(f.metric) or f.metric, f.unit, vocab)
        if bounded is not None:
            label, plausible = bounded
            failure = checks.check_plausible(f"{label} {f.who_when()}", f.value, plausible,
                                             arithmetic.is_percent_metric(f.metric), f.shown())
            if failure is not None:
                return failure
    same_metric = len({f.metric for f in figures}) == 1
    if intent == "change" and same_metric and len(figures) >= 2 and value is not None \
            and not re.search(r"\bcagr\b|compound annual", question, re.I):
        ordered = sorted(figures, key=lambda f: f.fiscal_year or 0)
        label = metric_label(ordered[0].metric, vocab)
        failure = checks.check_change(ordered[0].value, ordered[-1].value, value, label, 0.005)
        if failure is None and checks.size_metric(ordered[0].metric, vocab):
            failure = checks.check_size_change(label, value)
        if failure is not None:
            return failure
    if (failure := checks.check_size(inputs, vocab)) is not None:
        return failure
    if intent == "value" and annual:
        for f in figures:
            if f.unit == "ratio" and arithmetic.is_percent_metric(f.metric) and f.fiscal_year is not None:
                stated = checks.stated_percent(f.metric, f.fiscal_year, f.company, hits, vocab)
                failure = checks.check_stated(f"{metric_label(f.metric, vocab)} FY{f.fiscal_year}",
                                              f.value * 100, stated)
                if failure is not None:
                    return failure
    return None


def _value_unit(intent: Intent, figures: list[Figure], value: float | None, question: str) -> str | None:
    """The unit of the headline value compose_answer returned (None when there is none)."""
    units = {f.unit for f in figures}
    if value is None or len(units) != 1:
        return None
    unit = units.pop()
    if intent == "change":
        return "percent"
    if unit == "ratio" and arithmetic.is_percent_metric(figures[0].metric) and intent in ("value", "higher", "lower"):
        return "percent"  # Figure.headline: margins as percentages; sums and differences stay fractions
    if unit == "USD":
        money = intent in ("value", "amount_change", "difference", "average", "sum")
        return "USD billions" if money and _IN_BILLIONS.search(question) else "USD millions"
    return {"USD/share": "USD per share", "shares": "shares (millions)"}.get(unit, unit)


def define_term(metric: str, vocab: Vocabulary) -> WrittenAnswer:
    """General finance knowledge from the vocabulary's glossary (no report needed)."""
    label = metric_label(metric, vocab)
    text = f"{label}: {vocab.define(metric)}"
    longest = max(vocab.expansions(metric), key=len, default="")
    if len(longest) > len(label) + 8:
        text += f" (also: {longest})"
    formula = vocab.formula(metric)
    if formula:
        readable = re.sub(r"[a-z_]+", lambda m: metric_label(m.group(0), vocab) if m.group(0) in vocab.metrics else m.group(0), formula)
        text += f" Formula: {label} = {readable}."
    return WrittenAnswer(status="answered", text=text, flags=[GLOSSARY])


def _not_found(missing: list[str], found: list[Figure]) -> WrittenAnswer:
    text = f"{NOT_FOUND.capitalize()}: could not find {', '.join(dict.fromkeys(missing))}."
    citations: list[Citation] = []
    if found:
        text += " Found: " + "; ".join(f"{f.who_when()} {f.metric} {f.shown()}" for f in found) + "."
        citations = [cite(r.chunk, r.quote) for f in found for r in f.readings]
    return WrittenAnswer(
        status="not_found", text=text, citations=unique_citations(citations), reason=f"missing: {', '.join(missing)}"
    )


def _quote_sentences(
    question: str, hits: list[SearchHit], companies: list[str], limit: int = 2
) -> WrittenAnswer:
    """No figure asked for: quote the sentences sharing the most words with the question.

    Company names are left out of the comparison (the hits are that company's already and
    reports say "we"); "auditor" matches "audits" by shared stem prefix.
    """
    names = {t for c in companies for t in tokenize(c)}
    tickers = set(tokenize(" ".join(re.findall(r"\b[A-Z]{2,5}\b", question))))  # "HTFC's"
    wanted = set(tokenize(question)) - _STOP - names - tickers
    wanted_companies = {c.casefold() for c in companies}
    scored: list[tuple[float, int, str, Chunk]] = []
    flags: list[str] = []
    for rank, hit in enumerate(hits):
        if wanted_companies and (hit.chunk.company or "").casefold() not in wanted_companies:
            continue
        for sentence in split_sentences(hit.chunk.text):
            if is_instruction(sentence):
                flags.append("ignored_instruction_in_evidence")
                continue
            words = set(tokenize(sentence))
            overlap = sum(1 for w in wanted if any(_same_word(w, x) for x in words))
            if overlap and len(sentence) < 600:
                scored.append((overlap / max(1, len(wanted)), -rank, sentence, hit.chunk))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    best = [s for s in scored if s[0] >= 0.5][:limit]
    if not best:
        return WrittenAnswer(
            status="not_found",
            text=f"{NOT_FOUND.capitalize()}: no passage answers the question.",
            reason="no passage shares the question's key words",
            flags=sorted(set(flags)),
        )
    text = " ".join(f'"{s}" ({c.doc} p.{c.page + 1})' for _, _, s, c in best)
    return WrittenAnswer(
        status="answered",
        text=text,
        citations=unique_citations([cite(c, s) for _, _, s, c in best]),
        flags=sorted(set(flags)),
    )


def _same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short)

