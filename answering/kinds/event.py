"""event: the sentences that state a corporate event the question asks about, quoted and cited.

A deal is stated by a sentence whose verb is the deal's (acquired, completed the sale, issued,
entered into an agreement, appointed, announced) and whose object is the business, party or
security the question names: "On November 14, 2021, we completed the sale of 80.01% of ... eBay
Korea to Emart for approximately $3.0 billion". The question's own words are seldom the
filing's ("what did it receive for its Korean business"), so the passage reading, which asks
for the question's word pairs, finds none; this reading asks instead for

- a verb or noun of the asked kind of event (selling: sold, sale, divested, transfer; buying:
  acquired, acquisition, merger; issuing: issued, notes; ...), and
- every name the question gives the event (Korean -> Korea, Classifieds, Flipkart) that some
  sentence names, each name by its best sentence, or, when it names none, the asked year.

What each ask needs by type (a date, an amount, the price per share, why) is then added from
the same sentences when the chosen ones lack it. The writer's gates (every part answered, quotes
on focus, every ask covered, answering.kinds.event_coverage) decide whether it is an answer;
this module only reads.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.deal_words import (
    ANY_EVENT,
    BUY_SELL,
    families,
    named,
    names,
    names_its_object,
    of_family,
    states_a_deal,
)
from answering.kinds.event_coverage import ASKED_DETAILS, DATE, MONEY
from answering.kinds.every_part import asked_parts
from answering.kinds.sentences import Sentence, mentions_years, quoted, sentences
from answering.written_answer import WrittenAnswer

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

_MAX_QUOTES = 6
_PLURAL = 3  # deals of one kind quoted for a plural ask ("what acquisitions did it complete in 2018")


def _plural(part: str, kind: tuple[str, ...]) -> bool:
    """Whether `part` asks for this kind of event in the plural ("acquisitions and divestitures")."""
    return any(re.search(rf"\b{re.escape(stem)}\w*s\b", part, re.I) for stem in kind)


def _same_deal(one: Sentence, other: Sentence, companies: list[str]) -> bool:
    """Whether two sentences name a deal by the same name (a name past the sentence's start)."""
    return bool(set(names(one.text, companies)) & set(names(other.text, companies)))


_OTHER = re.compile(r"\b(?:other|another|else)\b", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def stating(question: str, hits: list[SearchHit], understanding: QueryUnderstanding) -> list[Sentence]:
    """The sentences that state the asked event, in the order chosen (at most six), or none.
    Part by part, each kind of event a part asks ("acquisitions and divestitures") gets its best
    sentence: one of that kind naming every name the part gives, or, naming none, the part's year;
    "what other divestiture" one naming none of the names already quoted."""
    companies = list(understanding.companies)
    if not families(question) or (families(question) == [ANY_EVENT] and not names(question, companies)):
        # "what executive change did it announce": "announced" is in every release; a deal of no
        # kind is read only by a name the question gives it ("what transaction ... with Flipkart")
        return []
    every = [s for s in sentences(hits, companies) if of_family(s.text, families(question)) and states_a_deal(s.text)]
    asked_names = names(question, companies)

    def score(s: Sentence) -> tuple[int, int, int, int]:
        return (len(named(s.text, asked_names)), int(bool(MONEY.search(s.text))) + int(bool(DATE.search(s.text))),
                -s.rank, -s.position)

    every.sort(key=score, reverse=True)
    chosen: list[Sentence] = []
    for n, part in enumerate(asked_parts(question)):
        kinds = families(part) or families(question)
        part_names = names(part, companies)
        explicit = [int(y) for y in _YEAR.findall(part)]  # the part's own year holds for a named deal too
        years = explicit or (sorted(set(understanding.fiscal_years)) if n == 0 else [])
        quoted_names = [x for x in asked_names if any(named(c.text, [x]) for c in chosen)]
        for kind in kinds:
            fits = [s for s in every if of_family(s.text, [kind]) and s not in chosen
                    and (part_names or kind not in BUY_SELL or names_its_object(s.text))
                    and (not explicit or mentions_years(s.text, explicit))
                    and (part_names or not years or mentions_years(s.text, years))
                    and not (_OTHER.search(part) and named(s.text, quoted_names))]
            # the same deal stated again ("eBay Korea ... to Emart" in the MD&A and in a note) is quoted once
            fits = [s for s in fits if not any(_same_deal(s, c, companies) for c in chosen)]
            if part_names:
                # each name by its best sentence, unless one chosen already names it
                for name in part_names:
                    if not any(named(c.text, [name]) for c in chosen):
                        chosen += [s for s in fits if named(s.text, [name])][:1]
            else:
                # "what acquisitions did it complete in 2018": every one of them, not the first
                added: list[Sentence] = []
                for s in fits:
                    if len(added) >= (_PLURAL if _plural(part, kind) else 1):
                        break
                    if not any(_same_deal(s, c, companies) for c in chosen + added):
                        added.append(s)
                chosen += added
    if not chosen:
        return []
    # what is asked by type (the price per share, when, why) from a sentence of the same deal: one
    # naming a name the question gives, or on a page a chosen sentence is on
    # and naming what a chosen sentence names ("MICROS"): another deal on the page is not this one's
    pages = {(c.chunk.doc, c.chunk.page) for c in chosen}
    deal_names = {x for c in chosen for x in names(c.text, companies)}
    for asked, gives in ASKED_DETAILS:
        if asked.search(question) and not any(gives.search(c.text) for c in chosen):
            extra = next((s for s in every if gives.search(s.text) and s not in chosen
                          and (((s.chunk.doc, s.chunk.page) in pages and deal_names & set(names(s.text, companies)))
                               or named(s.text, asked_names))), None)
            if extra is not None:
                chosen.append(extra)
    return chosen[:_MAX_QUOTES]


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The event's stating sentences as the answer, or None when no sentence states it."""
    best = stating(question, hits, understanding)
    if not best:
        return None
    # in the order the filing gives them: a deal's story reads forward
    best.sort(key=lambda s: (s.chunk.doc, s.chunk.page, s.chunk.index, s.position))
    return WrittenAnswer(status="answered", text=quoted(best), kind=decision.kind,
                         citations=unique_citations([cite(s.chunk, s.text) for s in best]))
