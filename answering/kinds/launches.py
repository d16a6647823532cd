"""launches: "What are the names of the new products launched by X in the reporting period?" answered by
the names the report's own sentences of its period give the products the company launched.

A sentence counts when the company is its subject ("we", "the Company", a word of its name, before the
verb in the same clause), its verb is a launch's (launched, introduced, unveiled, debuted, rolled out; deployed a new ...) and
the product's name follows, capitalised: right after the verb ("launched Clean Room") or after the kind of
thing it is ("introduced a new mobile app, Pulse", "launched the platform Kallidus"). A regulator that
introduced a rule, a company that "introduced the CEO" (a title) or "released" a party from claims states
no product; a sentence with no year of the report's period (stated, or carried from the sentences just
before, answering.kinds.role_changes) is history. Nothing read: None, and the question is refused.

The answer leads with the names, "; "-joined on its first line, then quotes the sentences read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.people import asked_filing
from answering.kinds.role_changes import dated, in_period
from answering.kinds.sentences import Sentence, quoted, sentences
from answering.written_answer import WrittenAnswer
from loaders.dates import MONTH_NAMES

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

_ASKS = re.compile(r"\b(?:new\s+)?products?\s+(?:\w+\s+){0,2}?(?:launch\w*|introduc\w*|unveil\w*|releas\w*)\b"
                   r"|\b(?:launch\w*|introduc\w*|unveil\w*)\s+(?:of\s+)?(?:any\s+|the\s+)?new\s+products?\b|"
                   r"\bproduct\s+launch(?:es)?\b", re.I)
# "deployed" launches only what it calls new: "we deployed a new customer analytics platform, Optimizer"
_VERB = r"(?:launched|introduced|unveiled|debuted|rolled\s+out|deployed(?=\s+(?:a|an|our|its)\s+new\b))"
# the kind of thing a product is, written before its name
_KIND = (r"(?:product|products|platform|app|application|service|solution|brand|range|line|card|tool|offering|"
         r"model|device|software|suite|feature|fund|system|program(?:me)?)")
_NAME_WORD = r"(?:[A-Z][\w&'\u2019.+-]*[®™]?|\d[\w.]*)"
_NAME = rf"(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})"
_OBJECT = re.compile(
    rf"\s+(?:(?:the|our|its|a|an)\s+)?(?:new\s+)?(?:{_NAME}(?![\w-])|(?:[a-z][\w-]*\s+){{0,3}}?{_KIND},?\s+{_NAME.replace('name', 'kname')})")
_NOT_A_PRODUCT = re.compile(r"\b(?:Officer|President|Director|CEO|CFO|COO|Chair\w*|Board|Company|Group|Phase|Stage|"
                            + MONTH_NAMES + "|"
                            r"Q[1-4]|The|Our|We|In|On|At)\b")
_CLAUSE_BREAK = re.compile(r"[;:]|\b(?:which|that|who|whom|whose)\b")
_MAX = 8


def asks_launches(question: str) -> bool:
    return bool(_ASKS.search(question))


def _subject(company: str) -> re.Pattern[str]:
    words = [w for w in re.findall(r"[A-Z][\w&]+", company) if len(w) > 2][:1]
    names = "|".join(re.escape(w) for w in words)
    return re.compile(r"\b(?:[Ww]e|the\s+Company|[Oo]ur\s+(?:Company|Group)" + (rf"|{names}" if names else "") + r")\b")


def _launched(s: Sentence, subject: re.Pattern[str]) -> list[str]:
    out = []
    for verb in re.finditer(rf"\b{_VERB}\b", s.text):
        before = s.text[:verb.start()]
        who = list(subject.finditer(before))
        if not who or _CLAUSE_BREAK.search(before[who[-1].end():]) or len(before[who[-1].end():].split()) > 20:
            continue
        m = _OBJECT.match(s.text, verb.end())
        if m is None:
            continue
        name = (m.group("name") or m.group("kname") or "").rstrip(".,")
        if name and not _NOT_A_PRODUCT.search(name):
            out.append(name)
    return out


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The names of the products the asked company launched in its report's period, or None."""
    companies = list(understanding.companies)
    if len(companies) != 1 or not asks_launches(question):
        return None
    filing = asked_filing(hits, companies[0], services)
    subject = _subject(companies[0])
    names: dict[str, str] = {}
    cited: list[Sentence] = []
    for s, years in dated(sentences(filing, companies)):
        if not in_period(s, years):
            continue
        found = _launched(s, subject)
        for name in found:
            names.setdefault(name.casefold(), name)
        cited += [s] if found else []
    if not names:
        return None
    text = "; ".join(list(names.values())[:_MAX]) + "\n\n" + quoted(cited)
    return WrittenAnswer(status="answered", text=text, kind=decision.kind, flags=["launches"],
                         citations=unique_citations([cite(s.chunk, s.text) for s in cited]))
