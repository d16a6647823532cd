"""drivers: what explains a change, as the filing's own sentences say it, with the change itself.

The sentences quoted name the asked metric (or the question's topic: "why did it raise
guidance") and carry a cause cue ("due to", "driven by", "primarily", "partially offset by",
"as a result of", "reflecting", "given"); the asked period's filing and MD&A come first.
The change is computed from cited rows when the metric machinery can (the asked year
against the one before), else the sentences' own wording of it stands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import asks_about_risk, read_topic, sentences
from answering.kinds.yes_no import Value, metric_value
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_CAUSE = re.compile(
    r"\b(?:due\s+to|driven\s+by|drove|primarily|mainly|largely|partially\s+offset|partly\s+offset|offset\s+by|"
    r"as\s+a\s+result\s+of|result(?:ed|ing)?\s+(?:from|in)|reflect(?:s|ed|ing)?|attributable\s+to|"
    r"because|given|caused\s+by|led\s+by|owing\s+to|on\s+the\s+strength\s+of|thanks\s+to)\b",
    re.I,
)
_LIMIT = 3


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    companies = list(understanding.companies)
    vocab = services.vocabulary
    topic = read_topic(decision.ask, companies, vocab)
    if topic is None:
        return None
    years = sorted(set(understanding.fiscal_years))
    scored = []
    for s in sentences(hits, companies, risks=asks_about_risk(decision.ask)):
        if not (topic.stated_by(s.text) and _CAUSE.search(s.text)):
            continue
        in_period = not years or s.chunk.fiscal_year == years[-1] or any(str(y) in s.text for y in years)
        mdna = "mdna" in s.chunk.tags or "Management" in s.chunk.section
        scored.append(((0 if in_period else 1, 0 if mdna else 1, s.rank, s.position), s))
    if not scored:
        return None
    best = [s for _, s in sorted(scored, key=lambda t: t[0])[:_LIMIT]]
    text = " ".join(s.shown() for s in best)
    change = _change(decision, hits, understanding, services, years)
    citations = [cite(s.chunk, s.text) for s in best]
    flags: list[str] = []
    if change is not None:
        first, last = change
        verb = "rose" if last.value > first.value else "fell" if last.value < first.value else "was unchanged"
        label = (vocab.label(decision.metric or "") or "").lower()
        text = (f"{label.capitalize()} {verb} from {first.shown} (FY{first.year}) to {last.shown} (FY{last.year}). "
                f"What drove it, as the filing says: {text} Working: {first.answer.text} {last.answer.text}")
        citations = [*citations, *first.answer.citations, *last.answer.citations]
        flags = list(dict.fromkeys([*first.answer.flags, *last.answer.flags]))
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=flags)


def _change(decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices, years: list[int]) -> tuple[Value, Value] | None:
    """The asked metric in the year before and the asked year, when both can be computed."""
    if not decision.metric or len(understanding.companies) != 1 or not years:
        return None
    span = [years[-1] - 1, years[-1]] if len(years) == 1 else [years[0], years[-1]]
    label = (services.vocabulary.label(decision.metric) or "").lower()
    got = [metric_value(label, y, hits, understanding, services) for y in span]
    if not all(isinstance(v, Value) for v in got):
        return None
    return got[0], got[1]  # type: ignore[return-value]
