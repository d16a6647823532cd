"""passage: the sentences that *state* the asked fact, quoted and cited.

A sentence qualifies only when it names the question's key phrase (answering.kinds.
sentences.Topic), is about the asked company, is not hedged risk language (unless the
question asks about risks), and shares at least half the question's content words. When
no sentence qualifies, None: the caller refuses rather than quote look-alikes.
"""

from __future__ import annotations

import re
from datetime import date
from itertools import pairwise
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds import abbreviations, dependence, legal, schedule
from answering.kinds.amount_ask import amount_asked, states_amount_of
from answering.kinds.ask_scope import MONTH, ask_parts, asked_months, topic_ask
from answering.kinds.counts import asked_thing, states_count
from answering.kinds.every_part import asked_parts, part_unanswered, unanswered_part
from answering.kinds.legal_outcome import searches_outcome
from answering.kinds.named_part import said_of_another_part
from answering.kinds.other_words import answered_in_other_words, asks_in_other_words
from answering.kinds.sentences import (
    HEDGE,
    REFERS_BACK,
    Sentence,
    asks_about_risk,
    content_words,
    dates_a_bare_month,
    hedge_trimmed,
    in_a_straddled_year,
    is_lead_in,
    last_sentence,
    lists_items,
    mentions_years,
    overlap,
    period_ends,
    quoted,
    read_topic,
    sentences,
)
from answering.numbers import years_in
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import Chunk, Citation, SearchFilters, SearchHit
from finrag.vocabulary import load_vocabulary, tokenize
from loaders.dates import days_written, same_snapshot, snapshot_days
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

_MIN_OVERLAP = 0.5
_FIGURE = re.compile(r"\d")
_PLACE_TIME = re.compile(r"^\W*(?:where|when|who|whom)\b", re.I)
_ASKS_MONEY = re.compile(r"\bhow\s+much\b|\bcost\b|\bprice\b|\bpaid\b|\bspen[dt]\b", re.I)
_CONTINUES = re.compile(r"^(?:in\s+addition|additionally|also|further(?:more)?|moreover)\b", re.I)
# "The companies also reached a multi-year license agreement ...", "We also entered into ...": the subject's own
# "also" adds to what the sentence before it stated ("also known as" names, it adds nothing)
_ALSO = re.compile(r"^(?:the\s+)?(?:[A-Za-z][\w'’&-]*\s+){1,2}also\s+(?!known\b)[a-z]+", re.I)
# "As a result, we recorded a $1.2 billion charge": what the sentence states follows from the one before
# (not "As a result of the Merger, ...", which names its cause)
_FOLLOWS_FROM = re.compile(r"^(?:(?:as\s+a\s+(?:result|consequence)|consequently|accordingly),|in\s+connection\s+with\s+"
                           r"(?:this|these|that|those|such)\b|because\s+of\s+(?:this|these|that)\b)", re.I)
_ASKS_STATUS = re.compile(r"\bstatus\b|\bstand(?:s|ing)?\b|\blatest\s+developments?\b", re.I)
_BY_HOW_MUCH = re.compile(r"\bby\s+how\s+much\b", re.I)
# one amount of money in a sentence: "$4,200,000,000", "$3.8 billion"
_MONEY = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?(?:\s(?:thousand|million|billion)s?)?", re.I)


# "As part of its Consumer Direct Offense / Triple Double strategy, what long-term financial goals did ...": the
# setting the question opens with, which the sentence stating the goals need not repeat
# (only a strategy or plan it names: "Regarding the Beta acquisition, ..." names which deal is meant)
_CONTEXT_LEAD = re.compile(r"^\s*as\s+part\s+of\s+(?:its|their|the|our|this)\s+[^,?]{3,80}?\b(?:strategy|strategies|plan|"
                           r"program|programme|initiative|transformation)\s*,\s+(?=(?:what|which|who|how|when|where|why)\b)",
                           re.I)
# a parenthesis of four words or more that restricts nothing ("(for the shareholder derivative lawsuits only)" does)
_ASIDE = re.compile(r"\s*\((?![^()]*\b(?:only|exclud\w*|other\s+than|except\w*|solely|just|specifically|not)\b)"
                    r"(?:[^()\s]+\s+){3,}[^()]*\)", re.I)


# "How much coal did "PT Bayan Resources Tbk." produce in 2024?": an amount of a thing the company itself made or
# did (a change asked, "by how much did it increase ...", is stated by two amounts, not the verb)
_ASKS_COMPANY_DEED = re.compile(r"\b(?i:how\s+(?:much|many))\s+(?:[\w-]+\s+){1,3}?(?:did|does|do|has|have|had|will)\s+"
                                r"(?:\"[^\"]+\"|“[^”]+”|[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,4})\s+(?P<verb>[a-z]{4,})\b")
_HOLDING = frozenset(("have", "hold", "keep", "maintain", "carry", "report", "record", "disclose", "employ", "owe"))
# who does a deed in a sentence: a capitalised name right before the verb ("GBP produced ...")
_DOER = re.compile(r"(?<![\w'’])(?P<name>[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3})\s+(?P<verb>[a-z]{4,})\b")
_OWN_DOERS = frozenset(tokenize("we our it the company group corporation registrant"))


# a deed's noun of another stem than its verb's
_DEED_NOUNS = {"sell": ("sale", "sold"), "sold": ("sale", "sell"), "buy": ("purchas", "repurchas", "bought"),
               "bought": ("purchas", "repurchas", "buy"), "repurchase": ("bought", "buy"), "spend": ("spent",),
               "pay": ("paid", "payment"), "make": ("made",), "ship": ("shipment",)}


def _names_the_deed(text: str, verb: str) -> bool:
    """The sentence names the deed by its stem, as a verb or its noun ("produce": "produced", "production";
    "sell": "sales volume")."""
    stem = tokenize(verb)[:1]
    if not stem:
        return False
    forms = (stem[0], *_DEED_NOUNS.get(verb.lower(), ()))
    return any(w.startswith(forms) for w in tokenize(text))


# "The government has set a coal production quota ...": a sentence whose subject is another party
_OTHER_SUBJECT = re.compile(r"^\W*the\s+(?P<noun>[a-z]+)\s+(?:has|have|had|is|are|was|were|set|sets|will|expects?|"
                            r"announced|issued|imposed|requires?|required)\b", re.I)
# a market's or the world's total ("global coal production ...", "industry sales"), never one company's
_WHOLE_MARKET = re.compile(r"\b(?:global|world(?:wide)?|industry|national|country['’]s|market|seaborne|domestic)\s+"
                           r"(?P<words>(?:[a-z]+\s+){0,2}[a-z]{4,})\b", re.I)


_DEED_OF = re.compile(r"\b([a-z]{4,})\s+(?:of|by)\s+(?P<name>[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3})")


def _done_by_another(text: str, verb: str, companies: list[str]) -> bool:
    """The sentence says another party did the deed: a capitalised name that is not the company's right before
    the verb's stem ("GBP produced", "Indonesia produced"), not "We produced", "The Company produced"."""
    own = {t for c in companies for t in tokenize(c)} | _OWN_DOERS
    stem = tokenize(verb)[:1]
    if (subject := _OTHER_SUBJECT.match(text)) is not None and not set(tokenize(subject.group("noun"))) <= own:
        return True
    if stem and any(t.startswith(stem[0][:4]) for m in _WHOLE_MARKET.finditer(text) for t in tokenize(m.group("words"))):
        return True  # "global coal production is expected to surpass 9 billion MT"
    if stem and any(tokenize(m.group(1))[0].startswith(stem[0]) and not set(tokenize(m.group("name"))) <= own
                    for m in _DEED_OF.finditer(text) if tokenize(m.group(1))):
        return True  # "the coal production of China was 4.76 billion MT"
    return any(tokenize(m.group("verb"))[:1] == stem and not set(tokenize(m.group("name"))) <= own
               for m in _DOER.finditer(text))


def stating(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices, limit: int = 2, min_overlap: float = _MIN_OVERLAP,
            names: tuple[str, ...] = ()) -> list[Sentence]:
    """The best sentences that state what the question asks, best first (at most `limit`).
    `names`: proper names the ask gives ("the 2022 Mosquito fire"); a sentence that does not
    repeat them is read with the sentence before it when that one names them all ("... incur a
    loss in connection with the 2022 Mosquito fire." / "PG&E ... recorded a liability in the
    aggregate amount of $100 million ..."): the same paragraph, still on the named event."""
    companies = list(understanding.companies)
    ask = decision.ask or question
    # "How did its backlog change during 2021?": the subject's words are the topic, and a sentence states
    # the change by the two amounts it sets side by side ("was $135.4 billion compared with $147.1
    # billion"), seldom by the word "change"
    # "... for probable losses from the government matters (the DOJ/EPA inquiries and the U.S. Attorney's
    # investigation into ...)": an aside of the question, what a sentence need not repeat to state the ask
    ask = _CONTEXT_LEAD.sub("", _ASIDE.sub(" ", ask))
    changed = _ASKS_HOW_CHANGED.search(ask)
    if changed:
        ask = ask[: changed.start("verb")] + ask[changed.end("verb"):]
    topic = read_topic(ask, companies, services.vocabulary)
    if topic is None:
        return []
    wanted = content_words(ask, companies)
    years = sorted(set(understanding.fiscal_years))
    # the months of the days the question names ("as of October 31, 2022" in Salesforce's fiscal 2023): a sentence
    # dated in one is of the asked period, whatever fiscal year it falls in
    asked_months = {d[:7] for d in parse_periods(question).dates}
    asked_day = snapshot_days(question)
    # (one figure asked as of the day: of a question of several parts, the others may be of the period, not the day)
    figure_asked = len(ask_parts(ask)) == 1 and (_asks_an_amount(ask) or bool(_ASKS_COUNT.search(ask)))
    ends = period_ends(getattr(services, "retriever", None))
    firsts = {p[0] for p in topic.phrases} | {w for pair in topic.pairs for w in pair}
    scored = []
    risks = asks_about_risk(ask)
    read_all = sentences(hits, companies, risks=risks)
    # (a fact whose hedge is only in a clause after it, cut to the fact: "As of December 31, 2022, we have an accrued
    # liability of $56.0 million ... in connection with this matter[, and such an outcome could have a material
    # adverse effect ...]")
    read_all += [] if risks else hedge_trimmed(hits, companies)
    # (and each lead-in read with the items it lists: "our long-term financial goals through fiscal 2023 ... are as
    # follows: • High single-digit revenue growth; • ...", which alone states none of them)
    plain = {s.text for s in read_all}
    listed = [s for s in sentences(hits, companies, risks=risks, listed=True) if s.text not in plain
              and lists_items(s.text)]
    read_all += listed
    lead_ins = {id(s) for s in listed}
    deed = _ASKS_COMPANY_DEED.search(ask)
    if deed is not None and (not tokenize(deed.group("verb")) or deed.group("verb").lower() in _HOLDING):
        deed = None  # "how many employees did it have": a count held, which no verb of a deed states
    # ("Defense, Space & Security (BDS)": "BDS faces strong competition ..." is about the segment by the question's
    # own short name)
    defined = abbreviations.defined_in(decision.ask or question)
    for s in read_all:
        text = abbreviations.spelled_out(s.text, defined)
        if not topic.stated_by(text):
            continue
        if changed and not (_SIDE_BY_SIDE.search(s.text) and len(_MONEY.findall(s.text)) >= 2):
            # (a verb alone, "Backlog decreased in 2021 compared to 2020 primarily due to ...", is as often a
            # segment's sentence under its heading: the change is stated with the two amounts)
            continue
        if said_of_another_part(s.text, firsts, question, companies):
            continue  # "BGS total backlog of $20,496 million": one part's figure, not the company's asked
        if asked_day and (said_day := snapshot_days(s.text)) and not same_snapshot(asked_day, said_day):
            continue  # "as of April 30, 2023" asked, "As of January 31, 2023, we had 79,390 employees": another day's
        if asked_day and figure_asked and not same_snapshot(asked_day, days_written(s.text)) \
                and not _undated_of_the_day(s, asked_day):
            # "how many drivers did it employ as of September 30, 2022": a figure of other days ("holding steady at +/- 350
            # drivers" since April 2021, "a 26% increase in headcount from December 31, 2021 to December 31, 2022") is not
            # the count held on the asked one
            continue
        if deed is not None and (_done_by_another(s.text, deed.group("verb"), companies)
                                 or not _names_the_deed(s.text, deed.group("verb"))):
            # "GBP produced 0.3 million MT in 2024": a subsidiary's (or a country's) deed, not the company's; "the
            # Group has commitments to sell 227.5 million tonnes": no production at all
            continue
        if years and (said := years_in(s.text)) and max(said) < max(years) \
                and not (asked_months and {d[:7] for d in parse_periods(s.text).dates} & asked_months) \
                and not in_a_straddled_year(s, years, ends):
            # "Year ended December 31, 2014 as compared to the year ended December 31, 2013 The increase in our
            # international revenues ...": an earlier year's comparison, for a question about 2015 (against 2014)
            continue
        # (a lead-in read with its items is scored by the lead-in's words: it states what they are, and an item's
        # words are its own, not the list's; "During 2022: • ... • ..." is no answer for one item)
        read = text.split(":")[0] if id(s) in lead_ins else text
        if _named_before(names, ask, s):
            read = f"{s.before} {s.text}"  # its paragraph's event, which it names no other of
        share = overlap(read, wanted)
        if share >= min_overlap:
            # a sentence about the asked period outranks one about another
            dated = 0.25 if years and mentions_years(s.text, years) else 0.0
            scored.append((share + dated, -s.rank, -s.position, s))
    scored.sort(key=lambda t: t[:3], reverse=True)
    chosen = [t[3] for t in scored[:limit]]
    if chosen and topic.phrases and limit >= 2 and not changed and not _BY_HOW_MUCH.search(ask):
        # the sentence right after the best one that opens alike and states the same key phrase goes on with it ("The
        # Company expects to use the net proceeds for ..." / "The Company expects to use the remaining net proceeds for
        # ..."): half an answer without it, whatever words of the question it repeats
        first = chosen[0]
        after = next((x for x in read_all if x.chunk.chunk_id == first.chunk.chunk_id
                      and x.position == first.position + 1), None)
        if after is None and not any(x.chunk.chunk_id == first.chunk.chunk_id and x.position > first.position
                                     for x in read_all):
            # (the search left the next chunk out)
            after = _opening_of_next_chunk(first, companies, services, risks)
        # (held to the same reading as the sentences scored, the overlap aside: the asked years, the asked part)
        if after is not None and after not in chosen and topic.stated_by(after.text) \
                and _opening(after.text) == _opening(first.text) \
                and not said_of_another_part(after.text, firsts, question, companies) \
                and not _changed_in_other_years(after.text, years):
            chosen = [first, after, *chosen[1:]][:limit]
    return chosen


def _changed_in_other_years(text: str, years: list[int]) -> bool:
    """The sentence names years, none of them asked: it is about another period."""
    named = set(years_in(text))
    return bool(years) and bool(named) and not named & set(years)


def _opening(text: str) -> list[str]:
    """A sentence's first three words, a short heading before a colon ("Use of Proceeds:") left out: two sentences that
    open alike ("The Company expects to use the net proceeds ..." / "The Company expects to use the remaining ...") go
    on with one statement."""
    head, colon, rest = text.partition(": ")
    if colon and len(head.split()) <= 5 and all(w[:1].isupper() or w.islower() and len(w) <= 3 for w in head.split()):
        text = rest
    return text.casefold().split()[:3]


def _opening_of_next_chunk(last: Sentence, companies: list[str], services: MetricServices,
                           risks: bool) -> Sentence | None:
    """The sentence after `last`, which its chunk cuts and the next chunk of its filing (read from the store) ends."""
    following = next_chunks([last], [], getattr(services, "retriever", None))
    if not following:
        return None
    read = sentences([SearchHit(chunk=last.chunk, score=0.0), following[0]], companies, risks=risks)
    return next((x for x in read if x.chunk.chunk_id == last.chunk.chunk_id and x.position == last.position + 1), None)


_ASKS_HOW_CHANGED = re.compile(r"^\W*how\s+(?:did|has|have|does|do)\s+[^?,;]{2,80}?\s(?P<verb>change[sd]?|evolved?|moved?)\b",
                               re.I)
_SIDE_BY_SIDE = re.compile(r"\bcompared\s+(?:with|to)\b|\bversus\b|\bvs\.?\s|\bfrom\s+(?:approximately\s+)?\$", re.I)


# A question that asks for an amount ("and how much did it incur under the plan?") is not
# answered by sentences that state none: the part asked for would be missing.
# (and "... (in USD)?", "in USD millions": the unit an amount is asked in)
# ("what is the maximum payout", "how are payouts weighted": a limit and a weighting are figures)
_ASKS_AMOUNT = re.compile(r"\bhow\s+much\b|\bwhat\s+(?:amount|price|did\s+(?:it|this|that)\s+cost)\b|"
                          r"\bat\s+what\s+price\b|\bhow\s+many\b|\bwhat\s+(?:is|was|are|were)\s+(?:the\s+|its\s+)?"
                          r"(?:maximum|minimum)\b|\bhow\s+(?:is|are|was|were)\b[^?]{0,80}\bweighted\b|"
                          r"\bin\s+(?:(?:USD|US\$|EUR|GBP|CHF|dollars|euros?)\b|(?:thousands|millions|billions)\s+of\s+"
                          r"(?:USD|US\$|dollars|euros))", re.I)
_ASKS_PRICE = re.compile(r"\b(?:for|at)\s+what\s+(?:price|amount|consideration)\b|\bwhat\s+(?:was\s+|is\s+)?(?:the\s+)?"
                         r"(?:purchase\s+|sale\s+|selling\s+)?price\b|\bhow\s+much\s+did\b[^?]*\b(?:pay|cost|sell|receive)\b",
                         re.I)
# ("how concentrated was its customer base", "how dependent is it on its largest customer": a degree of
# concentration is a share of the whole, which sentences about the customers without one do not state)
_ASKS_PERCENT = re.compile(r"\bas\s+a\s+percent(?:age)?\s+of\b|\bwhat\s+(?:percentage|percent)\b|\bhow\s+many\s+"
                           r"(?:\w+\s+)?percentage\s+points\b|\bhow\s+(?:concentrated|dependent|reliant)\b", re.I)
_A_PERCENT = re.compile(r"\d\s*(?:%|percent\b|percentage\s+points?\b)", re.I)
AN_AMOUNT = re.compile(r"\$\s?\d|\d[\d,.]*\s*(?:%|percent\b|(?:thousand|million|billion)s?\b)|"
                        r"\b\d{1,3}(?:,\d{3})+\b", re.I)


def _undated_of_the_day(s: Sentence, asked: set[date]) -> bool:
    """A sentence that dates nothing, in a filing of the asked day's year: its present tense is the report's day ("Of
    the Utility's regular employees, approximately 13,500 are covered by collective bargaining agreements", FY2015's
    10-K, asked at December 31, 2015)."""
    return not years_in(s.text) and not _A_MONTH.search(s.text) \
        and any(s.chunk.fiscal_year in (d.year, d.year + 1) for d in asked)


_ASKS_COUNT = re.compile(r"\bheadcount\b|\bnumber\s+of\b", re.I)  # a figure asked without "how many"


def _asks_an_amount(question: str) -> bool:
    # (and an amount as the focus gate reads one, "What was the total purchase price of ...": read as the gate
    # reads it, the sentences are chosen for what the answer is then held to)
    return any(rx.search(question) for rx in (_ASKS_AMOUNT, _ASKS_PRICE, _ASKS_PERCENT)) \
        or amount_asked(question) is not None


def _measure_asked(question: str) -> re.Pattern[str] | None:
    """What a figure asked must be written as: money for a price ("25 Beale Street" is no price), a
    percentage for a percentage; None when the question asks neither."""
    return _MONEY if _ASKS_PRICE.search(question) else _A_PERCENT if _ASKS_PERCENT.search(question) else None


def _states_asked_amount(text: str, question: str) -> bool:
    """An amount, or, when the question counts things ("how many pairs of shoes"), a number of those
    things: a percentage change of them ("unit sales increased 20%") is no count."""
    if (measure := _measure_asked(question)) is not None:
        return bool(measure.search(text))
    if asked_thing(question) is not None:
        return states_count(text, question)
    if (amount := amount_asked(question)) is not None:
        return states_amount_of(text, amount.head)
    return bool(AN_AMOUNT.search(text)) or states_count(text, question)


def _best(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices, parts: list[str]) -> list[Sentence]:
    """The sentences that state what the question asks, read as a whole or part by part."""
    if any(_PLACE_TIME.match(p) for p in parts[1:]):
        # "..., and where did that fire start?": sentences sharing the words of the whole may
        # all answer the first part; a place, date or person is checked part by part
        return _scoped(decision, question, hits, understanding, services)
    best = stating(decision, question, hits, understanding, services)
    if best and any(_ASKS_MONEY.search(p) for p in parts[1:]) and not any(_MONEY.search(s.text) for s in best):
        # "..., and how much did it incur?": sentences without an amount answer half of it
        best = []
    best = best or _scoped(decision, question, hits, understanding, services)
    if not best and (cut := following_chunks([h.chunk for h in hits[:_WINDOW_CHUNKS]], hits,
                                             getattr(services, "retriever", None))):
        # a sentence the chunk's end cut ("During 2022, we increased the reach-forward loss on the contract by
        # $1,452 primarily driven by ... that we now"), read whole with the chunk after it (and with the sentence
        # before it, "... the U.S. Air Force's VC-25B Presidential Aircraft ...", which names what it leaves to it)
        # (only such a sentence: one read whole in a chunk after is for the other readers, the second look's search)
        names = tuple(_names(decision.ask or question, list(understanding.companies)))
        best = [s for s in stating(decision, question, [*hits, *cut], understanding, services, names=names)
                if " ".join(s.text.split()) not in " ".join(s.chunk.text.split())]
    return best


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    parts = ask_parts(topic_ask(decision.ask or question))
    companies = list(understanding.companies)
    if (_ASKS_STATUS.search(decision.ask or question) or searches_outcome(decision.ask or question)) \
            and (matter := legal.write(decision, question, hits, understanding, services)) is not None:
        # "what is the status of the Epic Games lawsuit?": the matter's whole paragraph (filed, ruled,
        # appealed), of which the sentence naming the suit is the start, not the status
        return matter
    if dependence.ASKS.search(decision.ask or question) \
            and (share := dependence.write(decision.ask or question, hits, understanding)) is not None:
        # "How dependent was it on the F-35 program?": the program's share of its sales, in other words than the ask's
        return share
    best = _best(decision, question, hits, understanding, services, parts)
    if not best and _ASKS_AMOUNT.search(decision.ask or question) \
            and (row := schedule.write(decision.ask or question, hits, understanding, decision.kind)) is not None:
        return row  # "how much did X expect to pay ... in 2024?": a schedule's row for the year
    if not best:
        # a named legal matter is described under its own heading, in words the question does not use
        return legal.write(decision, question, hits, understanding, services)
    if _asks_an_amount(question) and not any(_states_asked_amount(s.text, question) for s in best):
        stated = [s for s in stating(decision, question, hits, understanding, services, limit=8)
                  if _states_asked_amount(s.text, question)] or _amount_after(best, question, hits, companies) \
            or _amount_of_its_part(parts, decision, question, hits, understanding, services)
        if not stated and (row := schedule.write(decision.ask or question, hits, understanding, decision.kind)):
            return row  # "The benefit payments ... are expected to be paid as follows:": the schedule's row
        if not stated:
            reason = "the question asks for an amount, and the sentences that state the rest name none"
            return WrittenAnswer(status="not_found", kind=decision.kind, reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}; found: {quoted(best)}")
        best = [best[0], stated[0]]
    if decision.quantities and not any(AN_AMOUNT.search(s.text) for s in best):
        # "what were its inventory turnover and days inventory outstanding?": figures asked, and a
        # sentence about inventories that states none (its accounting policy) is no answer
        reason = "the question asks for figures, and the sentences that name them state none"
        return WrittenAnswer(status="not_found", kind=decision.kind, reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason}; found: {quoted(best)}")
    ends = period_ends(services.retriever)
    if (dated := _dated_deed(decision.ask or question)) is not None \
            and not _dates_it(best[:1], dated, before=False, ends=ends):
        # "What change ... did its Board make in January 2019?": the sentences that date the deed to that month
        # themselves ("In January 2019, our Board of Directors initiated a quarterly cash dividend ..."), before one
        # that goes on about it ("The timing, declaration, amount and payment of any future dividends ...")
        best = [s for s in stating(decision, question, hits, understanding, services, limit=8)
                if _dates_it([s], dated, before=False, ends=ends)][:2] or best
    best = _completed(best, decision, question, hits, understanding, retriever=services.retriever)
    enumerated = _enumerated(best[0], decision, hits, understanding, services)
    best = enumerated or _carried_on(best, [s for s in _continued(best, hits, understanding, decision.ask) if s not in best])
    best = _with_antecedents(best, hits, understanding, decision.ask or question)
    if len(parts) > 1 and _leaves_a_part(best, decision, question, companies) \
            and (scoped := _scoped(decision, question, hits, understanding, services)):
        # "What company did X acquire, what does it hold, and what did X pay?": the sentences
        # sharing the most words with the whole may all answer its first parts; part by part
        # each gets its own, taken when it leaves none out (else the question is refused as before)
        scoped = _completed(scoped, decision, question, hits, understanding, beside=True, retriever=services.retriever)
        scoped += [s for s in _continued(scoped, hits, understanding) if s not in scoped]
        best = best if _leaves_a_part(scoped, decision, question, companies) else scoped
    best = _whole(best, hits, understanding, services.retriever)
    best = _with_items(best, question, hits, understanding, services.retriever)
    # (the parts the answer is held to: "What agreement did it enter into? Give the price per share, the approximate
    # equity and transaction values, and the expected closing timeline." asks five things in two sentences)
    if len(asked_parts(question)) > 1 and _leaves_a_part(best, decision, question, companies) \
            and (window := _covering_window(decision, question, hits, companies)):
        best = window  # (the last resort: what was read leaves a part, which one paragraph states)
    if dated is not None:
        if not _dates_it(best, dated, before=False) and _dates_it(best, dated):
            # "In January 2019, we initiated a quarterly cash dividend on our common stock." / "The timing, declaration,
            # amount and payment of any future dividends ...": the sentence before one found states the dated deed
            first = next(s for s in best if _dates_it([s], dated))
            best = [Sentence(text=first.before, chunk=first.chunk, rank=first.rank, position=first.position - 1), *best]
        if not _dates_it(best, dated, before=False, ends=ends):
            reason = f"the question dates what it asks to {dated[0]} {dated[1]}, and no sentence found does"
            return WrittenAnswer(status="not_found", kind=decision.kind, reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}; found: {quoted(best)}")
        # (another month's deed beside the one dated as asked is another deed: "In January 2024, ... approved a new
        # repurchase authorization" for "the change approved in April 2024")
        best = [s for s in best if _dates_it([s], dated, before=False, ends=ends) or not _A_MONTH.search(s.text)]
    text, value = quoted(best), None
    # "$1.234 million" of a document not written the US way is not read by the US pattern
    if _BY_HOW_MUCH.search(decision.ask) and len(best) == 2 and all(s.chunk.number_convention == "us" for s in best):
        amounts = [_MONEY.findall(s.text) for s in best]
        if all(len(a) == 1 for a in amounts):
            low, high = sorted(_amount(a[0]) for a in amounts)
            value = high - low
            text = (f"${value:,.0f}: from ${low:,.0f} to ${high:,.0f}, as the two "
                    f"sentences state (difference computed). {text}")
    return WrittenAnswer(status="answered", text=text, kind=decision.kind, value=value, unit="USD" if value else None,
                         citations=unique_citations([cite(s.chunk, s.text) for s in best]))


# "What change did its Board make in January 2019?", "What company did it acquire in July 2023?": a deed the ask
# dates to a month ("the Form 8-K dated February 7, 2023", "its 10-K filed in February 2025", "as of May 31" date a
# document or a balance, not a deed)
_DATED_DEED = re.compile(rf"(?<!\bfiled\s)(?<!\bdated\s)\b(?:in|during)\s+(?P<month>{MONTH})\s+(?P<year>(?:19|20)\d\d)\b", re.I)


# a participle right before the date with no auxiliary before it: "the Tax Act enacted in ...", "the notes issued in ..."
# (not a relative clause's verb: "the change that Acme's Board of Directors approved in April 2024")
_NOUN_PARTICIPLE = re.compile(r"\b(?:the|a|an|its|their)\s+(?!(?:[\w'’-]+\s+){0,3}?(?:that|which|who|whom)\s)"
                              r"(?:[\w-]+\s+){1,3}[a-z]+ed\s*$")


def _dated_deed(ask: str) -> tuple[str, str] | None:
    """(month, year) a deed is dated to by the ask's own words ("in" or "during" the month: a document is "dated" a
    day, a quarter "ended" one); None when undated."""
    found = _DATED_DEED.search(ask)
    if found is None or _NOUN_PARTICIPLE.search(ask[: found.start()]):
        return None  # "the Tax Act enacted in December 2017": the date of a law the ask names, not of its deed
    return found.group("month").rstrip("."), found.group("year")


def _dates_it(found: list[Sentence], dated: tuple[str, str], before: bool = True,
              ends: dict[str, str] | None = None) -> bool:
    """A sentence found, or (`before`) the one before it (its paragraph's date: "In January 2019, the Board ..." /
    "The dividend ..."), names the month and year asked, or (`ends`: the filings' period ends) the month alone in a
    filing that puts it in that year: a deed of another month, or of none named, is another deed."""
    month, year = dated
    # ("paid on both April 8, 2022 and 2021": the day said once for each year listed)
    said = re.compile(rf"\b{month[:3]}[a-z]*\.?\s+(?:of\s+)?(?:\d{{1,2}},?\s+)?(?:(?:19|20)\d\d(?:\s*,\s*|\s+and\s+|"
                      rf"\s*,\s*and\s+))*{year}\b", re.I)
    # (a sentence naming a period of its own, "In the third quarter, our Board ...", is not dated by the one before)
    return any(said.search(s.text) or (before and said.search(s.before) and not _A_PERIOD.search(s.text))
               or (ends is not None and dates_a_bare_month(s, month, int(year), ends)) for s in found)


_A_MONTH = re.compile(rf"\b{MONTH}\s+(?:of\s+)?(?:\d{{1,2}},?\s+)?(?:19|20)\d\d\b", re.I)
_A_PERIOD = re.compile(rf"\b(?:{MONTH}|(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter|(?:19|20)\d\d)\b", re.I)


_WINDOW = 4  # sentences: a paragraph's run that states the facts asked together
_WINDOW_CHUNKS = 4  # the best-ranked chunks looked into
_WINDOW_OVERLAP = 0.5  # of the question's content words, in the run
_PART_OVERLAP = 0.6  # of each part's own content words, in the run
# what a board may do, not what it did: "Each Board of Directors retains authority to change ... at any time"
_DISCRETION = re.compile(r"\b(?:retains?|reserves?)\s+(?:the\s+)?(?:authority|right|discretion)\b|\bat\s+any\s+time\b", re.I)


def _with_items(best: list[Sentence], question: str, hits: list[SearchHit],
                understanding: QueryUnderstanding, retriever: Retriever | None = None) -> list[Sentence]:
    """Each quoted lead-in ("There are three growth pillars we will be pursuing as part of Best Buy 2020:") with
    the numbered or bulleted items it introduces: alone it states none of them. A lead-in whose items are not
    found, or that names nothing the question asks of ("Second quarter financial performance:", whose items
    share words with every part), is dropped, and the parts it seemed to answer are left to the checks after."""
    if not any(is_lead_in(s.text) for s in best):
        return best
    companies = list(understanding.companies)
    # (with the chunk after each lead-in's, which the search may have left out: its items run on into it)
    hits = [*hits, *next_chunks([s for s in best if is_lead_in(s.text)], hits, retriever)]
    listed = sentences(hits, companies, listed=True)
    wanted = set(content_words(question, companies))
    out = []
    for s in best:
        if not is_lead_in(s.text):
            out.append(s)
            continue
        whole = next((x for x in listed if x.chunk.chunk_id == s.chunk.chunk_id and x.text.startswith(s.text.rstrip())
                      and len(x.text) > len(s.text) + 20), None)
        if whole is not None and len(wanted & set(content_words(s.text, companies))) >= _MIN_SHARED \
                and not _GOES_ON.search(whole.text):
            out.append(whole)  # (not a list cut after an item, "...; 2. ...;": part of the items is no answer)
    return out or best


# a name inside the ask: a capitalised word, or a model's letters and number ("the F-35 program")
_PART_NAME = re.compile(r"(?<=\s)(?:[A-Z][a-z]{2,}|[A-Z]{1,4}-?\d+[A-Za-z]*)\b")


def named_share(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: MetricServices) -> WrittenAnswer | None:
    """ "What percentage of the total consolidated net sales of Lockheed Martin did the F-35 program generate in
    2020?": a named part's share of a total, which the statements do not print and the filing states ("The F-35
    program is our largest program, generating 28% of our total consolidated net sales"); the passage answer
    only when a quote names the part and states a percentage. None otherwise."""
    own = {w.lower() for c in understanding.companies for w in re.findall(r"[A-Za-z]+", c)}
    names = [n for n in dict.fromkeys(_PART_NAME.findall(decision.ask or question))
             if n not in _NOT_NAMES and n.lower() not in own]
    if not _ASKS_PERCENT.search(decision.ask or question) or not names:
        return None
    written = write(decision.model_copy(update={"kind": "passage"}), question, hits, understanding, services)
    if written is None or written.status != "answered":
        return None
    whole = _SHARE_OF.search(decision.ask or question)
    wanted = set(content_words(whole.group("whole"), list(understanding.companies))) if whole else set()
    asked_years = set(parse_periods(decision.ask or question).years)
    best: tuple[int, float, Citation] | None = None
    for c in written.citations:
        said_years = years_in(c.quote)
        if not all(n in c.quote for n in names) or re.search(r"\brespectively\b", c.quote, re.I) \
                or (asked_years and said_years != asked_years) or len(said_years) > 1:
            # the share said of the asked year alone: "generating 28% of our total consolidated net sales ... in 2020"
            # is no answer for 2019, and "11%, 12% and 13% ... in 2019, 2018 and 2017, respectively" pairs shares
            # with years the reader does not
            continue
        for m in _PERCENT_OF.finditer(c.quote):
            if _PERCENT_BEFORE.search(c.quote, 0, m.start()):
                continue  # "10%, 12% and 15% of our total revenue": one of a list, paired with something else

            # the percentage said of the asked whole: "28% of our total consolidated net sales", not "69% of
            # Aeronautics' net sales" beside it
            shared = len(wanted & set(content_words(m.group("of"), list(understanding.companies))))
            if best is None or shared > best[0]:
                best = (shared, float(m.group("n")), c)
    if best is None or best[0] < min(2, len(wanted)):
        return None
    _shared, value, citation = best
    return WrittenAnswer(status="answered", kind="passage", value=value, unit="percent", citations=[citation],
                         text=f'{value:g}%, as the filing states it: "{citation.quote}" ({citation.doc} p.{citation.page + 1})')


_PERCENT_BEFORE = re.compile(r"\d\s?(?:%|percent)\s*(?:,|and|or|to)\s*$", re.I)
_SHARE_OF = re.compile(r"\bpercent(?:age)?\s+of\s+(?P<whole>[^?]+?)\s+(?:did|does|do|was|were|is|are|came|comes)\b", re.I)
_PERCENT_OF = re.compile(r"(?P<n>\d+(?:\.\d+)?)\s?(?:%|percent)\s+of\s+(?P<of>[^,;.]{3,80})", re.I)


_GOES_ON = re.compile(r"[;:,]\s*(?:and|or)?\s*$")


def _amount_of_its_part(parts: list[str], decision: KindDecision, question: str, hits: list[SearchHit],
                        understanding: QueryUnderstanding, services: MetricServices) -> list[Sentence]:
    """The sentences stating the amount one part asks, read by that part's own words: the whole
    question's topic ("... and what share work in production and maintenance roles?") is the other
    parts' too, which the sentence stating the count ("Each of our 57,500 full- and part-time
    employees in 44 countries ...") need not repeat."""
    if len(parts) < 2:
        return []  # (a one-part question was read by its own words already)
    for part in parts:
        if not _asks_an_amount(part):
            continue
        found = [s for s in stating(decision.model_copy(update={"ask": part}), question, hits, understanding,
                                    services, limit=8) if _states_asked_amount(s.text, part)]
        if found:
            return found
    return []


def _covering_window(decision: KindDecision, question: str, hits: list[SearchHit],
                     companies: list[str]) -> list[Sentence]:
    """The shortest run of consecutive sentences (the best-ranked first), in the best-ranked chunks, that states every part of
    a question asking several facts ("How many C-Band licenses did it win, how much did it pay, and what
    clearing payments does it estimate?": the paragraph on the auction states all three, while the
    sentences sharing the most words with each part may be spread over other pages); [] when none does."""
    wanted = content_words(question, companies)
    # in reading order; a run goes on into the next chunk (one sentence is kept once, in the chunk it starts)
    read = sorted(sentences(hits[:_WINDOW_CHUNKS], companies), key=lambda s: (s.chunk.doc, s.chunk.index, s.position))
    runs: list[list[Sentence]] = []
    for size in range(2, _WINDOW + 1):
        runs += [read[i:i + size] for i in range(len(read) - size + 1)
                 if all(_next_sentence(a, b) for a, b in pairwise(read[i:i + size]))]
    asks = [w for w in (content_words(part, companies) for part in asked_parts(question)) if w]
    years = parse_periods(question).years
    for run in sorted(runs, key=lambda r: (len(r), min(s.rank for s in r))):
        said = " ".join(_PREFIXED.sub(" ", s.text) for s in run)
        # the run speaks of what each part asks, in most of its own words, a sentence of it for each part ("coal sales
        # volume against budget" is not stated by revenue against budget, whatever the run's figures); of the year
        # asked ("In April 2015 ..." is another year's program); and states it (no "retains authority to change")
        if overlap(said, wanted) >= _WINDOW_OVERLAP and all(overlap(said, words) >= _PART_OVERLAP for words in asks) \
                and all(any(overlap(_PREFIXED.sub(" ", s.text), words) >= _WINDOW_OVERLAP for s in run)
                        for words in asks) \
                and (not years or mentions_years(said, years[-1:])) \
                and not any(HEDGE.search(s.text) or _DISCRETION.search(s.text) for s in run) \
                and not _leaves_a_part(run, decision, question, companies):
            return run
    return []


# "a pre-closing special dividend" speaks of no closing: a prefixed word is another word
_PREFIXED = re.compile(r"\b(?:pre|post|non|un)-\w+", re.I)


def _next_sentence(a: Sentence, b: Sentence) -> bool:
    """`b` follows `a` in its filing: the next one in its chunk, or the first kept of the chunk after."""
    return b.chunk.doc == a.chunk.doc and ((b.chunk.index == a.chunk.index and b.position == a.position + 1)
                                           or b.chunk.index == a.chunk.index + 1)


def _leaves_a_part(best: list[Sentence], decision: KindDecision, question: str, companies: list[str]) -> bool:
    written = WrittenAnswer(status="answered", kind=decision.kind, text=quoted(best))
    return unanswered_part(written, question, companies) is not None


def _scoped(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices) -> list[Sentence]:
    """The question as asked found no stating sentence: ask again without the clauses that
    name its source document or date (answering.kinds.ask_scope), and a two-part question
    part by part: each part with words of its own needs its own stating sentence, or
    nothing is answered. A part that only refers back ("what does that company do") is left
    to the sentence that answers the part before it."""
    ask = topic_ask(decision.ask or question)
    if ask == (decision.ask or question) and len(ask_parts(ask)) == 1:
        return []  # nothing to leave out: the first reading stands
    months = asked_months(decision.ask or question)
    if not parse_periods(ask).years:
        # the year was the source document's ("its FY2023 annual report"), not the fact's
        understanding = understanding.model_copy(update={"fiscal_years": []})
    parts = ask_parts(ask)
    if (lead := _lead_in(question, decision.ask or question)) and len(content_words(parts[0], list(understanding.companies))) < 2:
        # "In 2021 Lyft divested its self-driving vehicle division. To whom was it sold, ...?": the
        # statement before the asking sentence names what "it" is
        parts[0] = f"{lead} {parts[0]}"
    if len(parts) == 1:
        best = stating(decision.model_copy(update={"ask": ask}), question, hits, understanding, services, limit=1)
        return best + _continued(best, hits, understanding) if best else []
    found: list[Sentence] = []
    named: list[str] = []  # proper names the parts before gave ("Mosquito")
    # each part's own months: "... authorize in 2022, and how much ... in the quarter ended October
    # 31, 2022?" dates the second part, not the first (the parts as asked, before dates were left out)
    asked = ask_parts(decision.ask or question)
    dates = [asked_months(p) for p in asked] if len(asked) == len(parts) else [months] * len(parts)
    for part, months in zip(parts, dates, strict=True):
        if not content_words(part, list(understanding.companies)):
            continue  # refers back to the part before
        if found and asks_in_other_words(part):
            if answered_in_other_words(part, " ".join(s.text for s in found)):
                continue  # "when did the deal close?": the sentence found names the date it closed
            if (other := _in_other_words(part, found, hits, understanding, months)) is not None:
                found.append(other)  # "what share does it hold in it?": "owned a 49% interest in the JV"
                continue
            if (other := _following(part, found, hits, understanding, services.retriever)) is not None:
                found.append(other)  # "when was it payable?": "This one-time, special dividend is payable on ..."
                continue
        # more than the best few: the one dated as the question asks may rank below another period's
        names = _names(part, list(understanding.companies))
        # (and the chunk after what the parts before found: "the CFPB filed a lawsuit against us ... As of December 31,
        # 2022, we have an accrued liability of $56.0 million", the amount's sentence cut into the next chunk)
        read = [*hits, *next_chunks(found, hits, services.retriever)] if found else hits
        best = stating(decision.model_copy(update={"ask": part}), question, read, understanding, services, limit=6,
                       names=tuple(names))
        if found and len(set(content_words(part, list(understanding.companies)))) < 2:
            # "..., and what did eMetals pay?": one word of its own ("pay") is no topic; the part is
            # about what the part before found, so it is answered on that sentence's page or not at all
            best = [s for s in best if (s.chunk.doc, s.chunk.page) == (found[-1].chunk.doc, found[-1].chunk.page)]
        # "claims from the 2022 Mosquito fire": a sentence about another fire answers another question
        best = [s for s in best if _names_all(names, s.text) or _named_before(names, part, s)]
        if (measure := _measure_asked(part)) is not None:
            # "For what price did it agree to sell the complex?": money, which the sentence on its application
            # to sell ("25 Beale Street") does not give; "... as a percentage of base salary?": a percentage
            best = [s for s in best if measure.search(s.text)]
        elif asked_thing(part) is not None:
            # "how many C-Band licenses did it win": a number of licenses ("the winning bidder on 3,511 licenses"),
            # not any figure ("Auction 107")
            best = [s for s in best if states_count(s.text, part)]
        elif _ASKS_AMOUNT.search(part):
            best = [s for s in best if _FIGURE.search(s.text)]  # "how much ...": a sentence without a figure does not say
        elif any(services.vocabulary.metrics[m].unit == "USD" for m in services.vocabulary.match_metrics(part)) \
                and not _ASKS_EVENT.search(part):
            # "what liability had X recorded for ...": an amount of money, which a sentence must give
            # ("what restructuring plan did X announce" asks for the plan)
            best = [s for s in best if _MONEY.search(s.text)]
        if _PLACE_TIME.match(part) and named:
            # "..., and where did that fire start?": the filing introduces the named event where it
            # defines its term ("a wildfire had ignited near OxBow Reservoir ... (the “2022 Mosquito fire”)");
            # a later sentence that mentions it ("the fire started in the area of the Utility's power
            # line") is about an investigation of it, not where it began
            best = _defining(named, hits, understanding) or best
        named += names
        if asks_in_other_words(part):
            # "To whom was it sold?", "when did the transaction close?": a sentence that shares the
            # part's words without the name or date asked ("... as part of the transaction at closing")
            # does not answer it
            best = [s for s in best if answered_in_other_words(part, s.text)]
        if not best and found and _POINTS_BACK.search(part):
            # "..., and in which segment are its results reported?": the part's words said of what
            # the parts before found ("The financial results of Mandiant have been included within
            # the Google Cloud segment"), not side by side as a key phrase
            best = _about_found(part, found, hits, understanding)
        if not best:
            return []
        if _WHAT_IS.match(part):
            # "What is its joint venture in China?": where the filing defines its term for it (the “JV”)
            best = [s for s in best if _DEFINES.search(s.text)] or best
        dated = [s for s in best if any(re.search(rf"\b{m}", s.text, re.I) for m in months)]
        # a part with words of its own is stated by a sentence of its own when one qualifies: the
        # sentence quoted for a part before shares its words by chance ("... meeting held on ..."
        # for "what does it hold?")
        pick = next((s for s in [*dated, *best] if s not in found), (dated or best)[0])
        if _named_before(names, part, pick):
            # the sentence before names what it is about: quoted with it
            found += [b for b in sentences(hits, list(understanding.companies))
                      if b.chunk.chunk_id == pick.chunk.chunk_id and b.position == pick.position - 1 and b not in found]
        if pick not in found:
            found.append(pick)
    return found


_ASKS_EVENT = re.compile(r"^\W*(?:what|which)\s+(?:[\w-]+\s+){0,3}(?:plan|program|programme|agreement|settlement|"
                         r"initiative|transaction|deal|authori[sz]ation)s?\b", re.I)
_DEFINES = re.compile(r"\((?:the\s+|collectively,?\s+the\s+)?[\"“']([A-Z0-9][\w\s-]{1,40}?)[\"”']\)")


_NAMED = re.compile(r"(?<=[a-z,;] )(?:[A-Z]{2,6}|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+)\b")


def _completed(best: list[Sentence], decision: KindDecision, question: str, hits: list[SearchHit],
               understanding: QueryUnderstanding, beside: bool = False, retriever: Retriever | None = None
               ) -> list[Sentence]:
    """The stating sentences and, for a follow-on part they leave unanswered that a sentence
    answers in other words ("what remedies did they seek?"), the sentence about the same parties
    (a name the found sentences give: "the FTC", "attorneys general") that answers it."""
    companies = list(understanding.companies)
    out = list(best)
    for part in asked_parts(question)[1:]:
        if not asks_in_other_words(part) or answered_in_other_words(part, quoted(out)):
            continue
        if (following := _following(part, out, hits, understanding, retriever)) is not None:
            out.append(following)  # the next sentence carries on the statement, whatever names it repeats
            continue
        names = {n for s in out for n in _NAMED.findall(s.text)}
        about = [s for s in sentences(hits, companies) if s not in out and answered_in_other_words(part, s.text)
                 and any(re.search(rf"\b{re.escape(n)}\b", s.text) for n in names)]
        if about:
            out.append(about[0])
    # `beside`: the sentences were found part by part, each for its part's own words; a sentence
    # found for the whole question may answer its first part only in look-alike words ("a remaining
    # $8.3 billion" for "what program did the board authorize"), which a completed answer would hide
    for part in asked_parts(question)[1:] if beside else []:
        if not part_unanswered(part, quoted(out), decision.kind, companies):
            continue
        if (beside := _beside(part, out, hits, companies)) is not None:
            out.append(beside)
    return out


def _beside(part: str, found: list[Sentence], hits: list[SearchHit], companies: list[str]) -> Sentence | None:
    """A part the stating sentences leave unanswered ("Give the per-share price, ..."), answered on
    the page they were found on (the note on the acquisition goes on with its price and date): the
    first sentence there that states the part (what its kind needs: an amount, a date) and holds
    at least half its own words, or None. Only words of its own: one word ("pay") is no topic."""
    words = [w for w in content_words(part, companies) if w not in _REFERS_WORDS]
    if len(set(words)) < 2:
        return None
    # the page a stating sentence is on and the next (a note runs on over the page break)
    pages = {(s.chunk.doc, s.chunk.page + n) for s in found for n in (0, 1)}
    for s in sentences(hits, companies):
        if s in found or (s.chunk.doc, s.chunk.page) not in pages:
            continue
        if overlap(s.text, words) >= _MIN_OVERLAP and not part_unanswered(part, s.text, "passage", companies):
            return s
    return None


_REFERS_WORDS = frozenset({"deal", "transact", "acquisit", "acquir", "compani", "busi"})


def completed(written: WrittenAnswer, question: str, hits: list[SearchHit],
              understanding: QueryUnderstanding, retriever: Retriever | None = None,
              in_other_words_only: bool = False) -> WrittenAnswer:
    """Another kind's answer (a yes/no with its deciding sentences) and, for each follow-on part
    it leaves unanswered that a sentence answers in other words ("..., and how significant had
    Russia been to its sales?"), the sentence about what the part names ("Russia") that answers
    it ("Direct sales to Russia in fiscal year 2022 were immaterial."). Parts still unanswered
    are left to answering.kinds.every_part, which refuses. A part that refers back and that no
    retrieved sentence answers gets one more search (with `retriever`), for the first part and
    it together: the note that states the fact goes on past the chunk retrieved for it.
    `in_other_words_only`: only the parts of those kinds (a date, an effect, a means), each stated in words of
    its own; a part asked in its own words is not completed by a sentence sharing them."""
    if written.status != "answered":
        return written
    companies = list(understanding.companies)
    added: list[Sentence] = []
    parts = asked_parts(question)
    # "Does X raise substantial doubt about ... going concern? ..., and what has management done to
    # address it?": a part that refers back is about what the first part asks, so a sentence
    # answering it comes from a passage that states that topic
    anchor = read_topic(topic_ask(parts[0]), companies, load_vocabulary(), metrics=False) if parts else None
    for part in parts[1:]:
        if not asks_in_other_words(part) or answered_in_other_words(part, f"{written.text} {quoted(added)}"):
            continue
        names = _names(part, companies)

        def answering(found: list[SearchHit], part: str = part, names: list[str] = names) -> list[Sentence]:
            return [s for s in sentences(found, companies) if s.text not in written.text
                    and (all(re.search(rf"\b{re.escape(n)}\b", s.text) for n in names) if names
                         else anchor is not None and anchor.stated_by(s.chunk.text))
                    and answered_in_other_words(part, s.text)]

        about = answering(hits)
        if not about and not names and retriever is not None and companies:
            about = answering(retriever.search(f"{parts[0]} {part}", filters=SearchFilters(
                companies=companies, fiscal_years=sorted(set(understanding.fiscal_years))),
                                               k=8, mode="sparse"))
        if about:
            added.append(about[0])
    for part in parts[1:] if not in_other_words_only else []:
        text = f"{written.text} {quoted(added)}"
        own = [w for w in content_words(part, companies) if w not in REFERS_BACK]
        if asks_in_other_words(part) or (not part_unanswered(part, text, written.kind or "", companies)
                                         and (not own or overlap(text, own) == 1.0)):
            continue  # stated: what the part asks for (an amount) said of what it names
        if (own := _own_statement(part, text, hits, understanding, retriever)) is not None:
            added.append(own)  # "Did it buy back shares? How much repurchase authorization remained?"
    if not added:
        return written
    return written.model_copy(update={
        "text": f"{written.text} {quoted(added)}",
        "citations": unique_citations([*written.citations, *(cite(s.chunk, s.text) for s in added)]),
    })


def _own_statement(part: str, text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                   retriever: Retriever | None) -> Sentence | None:
    """A follow-on part with words of its own (two at least: "How much repurchase authorization
    remained") stated by a sentence of its own: one that names the part's key phrase, holds at
    least half its own words and what the part asks for (an amount, a date), in the retrieved
    pages or else in one search of the asked company's filings for the part's words; or None."""
    companies = list(understanding.companies)
    words = [w for w in content_words(part, companies) if w not in REFERS_BACK]
    topic = read_topic(part, companies, load_vocabulary())
    if len(set(words)) < 2 or topic is None:
        return None
    names = _names(part, companies)

    asked_years = set(understanding.fiscal_years)

    def stated(found: list[SearchHit]) -> list[Sentence]:
        # a sentence dated to other years only ("As of December 31, 2021, $5.2 billion remained")
        # states another period's fact, however well its words match the part
        return [s for s in sentences(found, companies) if s.text not in text and topic.stated_by(s.text)
                and overlap(s.text, words) >= _MIN_OVERLAP and _names_all(names, s.text)
                and not (asked_years and years_in(s.text) and not years_in(s.text) & asked_years)
                and not part_unanswered(part, s.text, "passage", companies)]

    found = stated(hits)
    if not found and retriever is not None and companies:
        found = stated(retriever.search(part, filters=SearchFilters(
            companies=companies, fiscal_years=sorted(set(understanding.fiscal_years))), k=8, mode="sparse"))
    return max(found, key=lambda s: overlap(s.text, words), default=None)


_WHAT_IS = re.compile(r"^\W*what\s+(?:is|are|was|were)\s+(?!the\s+(?:amount|number|total|value)\b)", re.I)


def _in_other_words(part: str, found: list[Sentence], hits: list[SearchHit], understanding: QueryUnderstanding,
                    months: list[str]) -> Sentence | None:
    """A sentence about what the sentences found define (the “JV”, “Transplace”) that answers a
    follow-on part in other words (answering.kinds.other_words), or None."""
    terms = [t.strip() for s in found for t in _DEFINES.findall(s.text)]
    if not terms:
        return None
    about = [s for s in sentences(hits, list(understanding.companies))
             if any(re.search(rf"\b{re.escape(t)}\b", s.text) for t in terms) and answered_in_other_words(part, s.text)]
    # "(as of fiscal year end June 30, 2022)": the sentence dated as asked before another
    dated = [s for s in about if any(re.search(rf"\b{m}", s.text, re.I) for m in months)]
    return (dated or about or [None])[0]


def _lead_in(question: str, ask: str) -> str:
    """The statement right before the asking sentence ("In 2021 X divested its division."), or ""."""
    at = question.find(ask)
    lead = question[:at].strip() if at > 0 else ""
    last = last_sentence(lead) if lead else ""
    return last if last.endswith(".") and "?" not in last else ""


def _following(part: str, found: list[Sentence], hits: list[SearchHit], understanding: QueryUnderstanding,
               retriever: Retriever | None = None) -> Sentence | None:
    """A sentence after a found one (the next, or up to four on when it refers back to the deal), which carries on the same statement, when it answers
    a follow-on part in other words ("This one-time, special dividend is payable on December 30,
    2020"), or None. A sentence the found one's chunk cuts at its end ("is comprised of (i) $11
    billion ..., plus (iii)") is read whole from the filing's next chunk."""
    # the next sentence or the one after it carries on the statement ("... for $95.00 per share. The acquisition
    # has been approved by its shareholders. We continue to work toward closing ..."); three or four on, only a
    # sentence that refers back to the deal ("... closing the transaction") still speaks of it
    # (the found sentences' chunks and the ones after them read first: a sentence printed twice in the filing is
    # kept once, where the first chunk read has it, and it follows a found one only in that one's chunk)
    read = [*hits, *next_chunks(found, hits, retriever)]
    places = {(s.chunk.doc, s.chunk.index + n) for s in found for n in (0, 1)}
    read = sorted(read, key=lambda h: (h.chunk.doc, h.chunk.index) not in places)
    pool = sentences(read, list(understanding.companies))
    following = {(s.chunk.chunk_id, s.position + step): step for s in found for step in (1, 2, 3, 4)}
    for s in found:
        if any(t.chunk.chunk_id == s.chunk.chunk_id and t.position > s.position for t in pool):
            continue
        # the chunk's last sentence: the statement carries on in the filing's next chunk, whose first
        # sentence may be this one's tail (chunks overlap)
        nxt = [t for t in pool if t.chunk.doc == s.chunk.doc and t.chunk.index == s.chunk.index + 1]
        # (or the next chunk opens with the found sentence itself, which the sentences read whole leave out there)
        opens = next((t.chunk.text for t in nxt), "")
        tail = any(t.position == 0 and t.text in s.text for t in nxt) \
            or " ".join(opens.split()).startswith(" ".join(s.text.split())[:60])
        following.update({(t.chunk.chunk_id, t.position): t.position + (0 if tail else 1) for t in nxt
                          if 1 <= t.position + (0 if tail else 1) <= 4})
    after = [s for s in pool
             if (s.chunk.chunk_id, s.position) in following and s not in found and answered_in_other_words(part, s.text)
             and (following[(s.chunk.chunk_id, s.position)] <= 2 or _THE_DEAL.search(s.text))]
    return min(after, key=lambda s: following[(s.chunk.chunk_id, s.position)], default=None)


_THE_DEAL = re.compile(r"\bthe\s+(?:proposed\s+|pending\s+)?(?:transaction|acquisition|merger|deal|sale|divestiture)\b", re.I)


def _whole(found: list[Sentence], hits: list[SearchHit], understanding: QueryUnderstanding,
           retriever: Retriever | None) -> list[Sentence]:
    """Each found sentence whole: one its chunk cuts at its end ("... plus (ii) $47.5 million for
    expected professional fees ..., plus (iii)") carried on into the filing's next chunk."""
    more = next_chunks(found, hits, retriever)
    if not more:
        return found
    read = {(s.chunk.chunk_id, s.position): s for s in sentences([*hits, *more], list(understanding.companies))}
    out = []
    for s in found:
        whole = read.get((s.chunk.chunk_id, s.position))
        out.append(s.model_copy(update={"text": whole.text}) if whole is not None and len(whole.text) > len(s.text)
                   and whole.text.startswith(s.text) else s)
    return out


def next_chunks(found: list[Sentence], hits: list[SearchHit], retriever: Retriever | None) -> list[SearchHit]:
    """The chunk after each found sentence's chunk, in its filing, when the hits lack it (appended
    after the hits: it completes a cut sentence and outranks none)."""
    return following_chunks([s.chunk for s in found], hits, retriever)


def following_chunks(chunks: list[Chunk], hits: list[SearchHit], retriever: Retriever | None) -> list[SearchHit]:
    """The chunk after each of `chunks`, in its filing, when the hits lack it."""
    filing = getattr(retriever, "filing", None)  # a stand-in retriever may hold no pages
    if filing is None:
        return []
    held = {(h.chunk.doc, h.chunk.index) for h in hits}
    out: list[SearchHit] = []
    for chunk in {c.chunk_id: c for c in chunks}.values():
        if (chunk.doc, chunk.index + 1) in held:
            continue
        after = next((c for c in filing(chunk.doc).chunks if c.index == chunk.index + 1), None)
        if after is not None:
            held.add((after.doc, after.index))
            out.append(SearchHit(chunk=after, score=0.0))
    return out


_POINTS_BACK = re.compile(r"\b(?:its|it|their|they|that|this|these|those)\b", re.I)
_NOT_NAMED = frozenset({"the", "on", "in", "our", "we", "as", "for", "at", "to", "of"})


def _about_found(part: str, found: list[Sentence], hits: list[SearchHit],
                 understanding: QueryUnderstanding) -> list[Sentence]:
    """A sentence that names what the sentences found name (“Mandiant”: a capitalised word inside
    them that is no month and no word of the part) and holds every content word of a part that
    refers back to it (at least two), or []."""
    companies = list(understanding.companies)
    words = set(content_words(part, companies))
    if len(words) < 2:
        return []
    asked = {w.lower() for w in re.findall(r"[A-Za-z]+", part)}
    # a proper name is never written in lower case: a heading's "Acquisition" is the word "acquisition"
    said = " ".join(s.text for s in found)
    names = {n for n in _NAME.findall(said) if n not in _NOT_NAMES and n.lower() not in _NOT_NAMED
             and n.lower() not in asked and not re.search(rf"\b{n.lower()}", said)}
    if not names:
        return []
    return [s for s in sentences(hits, companies) if s not in found and overlap(s.text, list(words)) == 1.0
            and any(re.search(rf"\b{re.escape(n)}\b", s.text) for n in names)][:1]


def _defining(names: list[str], hits: list[SearchHit], understanding: QueryUnderstanding) -> list[Sentence]:
    """The sentence that defines a term with one of these names in it (the “2022 Mosquito fire”)."""
    for s in sentences(hits, list(understanding.companies)):
        if any(re.search(rf"\b{re.escape(n)}\b", term) for term in _DEFINES.findall(s.text) for n in names):
            return [s]
    return []


_NAME = re.compile(r"(?<=\s)[A-Z][a-z]{2,}\b")  # a capitalised word inside the ask: a proper name
_NOT_NAMES = frozenset({"January", "February", "March", "April", "May", "June", "July", "August", "September",
                        "October", "November", "December", "Form", "Company", "Corporation", "Inc",
                        # a name's legal form ("eMetals Limited"): the filing calls it "the Company"
                        "Limited", "Ltd", "Incorporated", "Corp", "Plc", "Group"})


def _named_before(names: list[str] | tuple[str, ...], ask: str, s: Sentence) -> bool:
    """The sentence leaves the asked names to the sentence before it, and names no other of
    their kind: "the 2022 Mosquito fire" asked, the sentence before names it, this one no
    "<Name> fire" (another fire's liability is another answer)."""
    if not names or _names_all(names, s.text) or not _names_all(names, s.before):
        return False
    kinds = [m.group(1) for n in names if (m := re.search(rf"\b{re.escape(n)}\s+([a-z]{{3,}})", ask))]
    if len(kinds) != len(names):
        return False  # a name not followed by what it names: nothing to tell another one by
    if any(re.search(rf"\b(?:{k}s|\w*{k}-related)\b", s.text, re.I) for k in kinds):
        return False  # "a liability for wildfire-related claims", "for these fires": every fire's, not the one named
    return not any(m.group(1) not in names for k in kinds for m in re.finditer(rf"\b([A-Z][\w-]+)\s+{k}\b", s.text))


_HYPHEN_LIKE = re.compile(r"[\ufffe\u00ad\u2010\u2011]")  # a PDF's hyphen read as another character ("VC\ufffe25B")


def _names_all(names: list[str] | tuple[str, ...], text: str) -> bool:
    text = _HYPHEN_LIKE.sub("-", text)
    return all(re.search(rf"\b{re.escape(n)}\b", text, re.I) for n in names)


def _names(ask: str, companies: list[str]) -> list[str]:
    """Proper names a question part gives ("the 2022 Mosquito fire"), besides its company's."""
    own = {w.lower() for c in companies for w in re.findall(r"[A-Za-z]+", c)}
    return [n for n in dict.fromkeys(_NAME.findall(ask)) if n not in _NOT_NAMES and n.lower() not in own]


_AFTER = 2  # sentences after a stating one that may go on to give its amount
_MIN_SHARED = 2


def _amount_after(best: list[Sentence], question: str, hits: list[SearchHit], companies: list[str]) -> list[Sentence]:
    """The amount asked, stated a sentence or two after the one that names the asked thing: "... entered into an
    agreement with CNNC ... to form a joint venture ... (the “JV”)." / "Accuray Asia has a 49% ownership interest in
    the JV ...". The later sentence states the asked kind of amount and shares two of the ask's words at least."""
    wanted = content_words(topic_ask(question), companies)
    after = {(s.chunk.chunk_id, s.position + k) for s in best for k in range(1, _AFTER + 1)}
    return [s for s in sentences(hits, companies)
            if (s.chunk.chunk_id, s.position) in after and s not in best and _states_asked_amount(s.text, question)
            and round(overlap(s.text, wanted) * len(set(wanted))) >= _MIN_SHARED][:1]


def _continued(best: list[Sentence], hits: list[SearchHit], understanding: QueryUnderstanding,
               ask: str = "") -> list[Sentence]:
    """The sentence right after the stating one when it carries it on ("In addition, we expect
    an incremental $2 billion ...", "The companies also reached ..."): the same statement's second half. Also the next item of
    the same bulleted list when it refers back to the stating one ("• ... the $3 million
    contract for its Chinese/Indian OEM" / "• the Company signed a follow-on contract of $4.6
    million with that customer"): what it says is about the same thing, and leaving it out
    gives one item of two."""
    after = {(s.chunk.chunk_id, s.position + 1): s for s in best}
    out = []
    for s in sentences(hits, list(understanding.companies)):
        before = after.get((s.chunk.chunk_id, s.position))
        if before is None or s in best:
            continue
        # (not for "by how much": two sentences' amounts are read as the two ends of a change)
        also = _ALSO.match(s.text) and not _BY_HOW_MUCH.search(ask)
        if _CONTINUES.match(s.text) or also or (_BULLET.match(before.text) and _BULLET.match(s.text)
                                         and _refers_to(s.text, before.text)):
            out.append(s)
    return out


def _carried_on(best: list[Sentence], continued: list[Sentence]) -> list[Sentence]:
    """Each sentence that carries one of `best` on, quoted right after it: "... reached a settlement agreement ..."
    / "The companies also reached a multi-year license agreement ...", before another page's sentence."""
    out: list[Sentence] = []
    for s in best:
        out += [s, *(c for c in continued if c.chunk.chunk_id == s.chunk.chunk_id and c.position == s.position + 1)]
    return out + [c for c in continued if c not in out]


def _with_antecedents(best: list[Sentence], hits: list[SearchHit], understanding: QueryUnderstanding,
                      ask: str = "") -> list[Sentence]:
    """A stating sentence that opens by following from the one before ("As a result, we recorded a $1.2
    billion charge ...") quoted after that one ("On January 18, 2023, we announced decisions ... to align
    our cost structure"): alone it states an outcome whose cause it leaves out. So is one that names the
    thing the ask asks what it was only by pointing back to it ("What change in accounting estimate did it
    make ...?": "the effect of this change in estimate was ..."): the sentence before says what it was."""
    asked = _ASKED_WHAT.match(ask)
    head = asked.group("head").lower() if asked else None
    if head is not None and head.endswith("s") and not head.endswith("ss"):
        head = head[:-1]  # ("What actions": "these actions"; "What loss", "What business" as they are)

    def points_back(text: str) -> bool:
        if _FOLLOWS_FROM.match(text):
            return True
        if head is None:
            return False
        mentions = list(re.finditer(rf"\b{re.escape(head)}s?\b", text, re.I))
        return bool(mentions) and all(_DEMONSTRATIVE_BEFORE.search(text[max(0, m.start() - 25): m.start()])
                                      for m in mentions)

    if not any(points_back(s.text) for s in best):
        return best
    # each sentence in reading order: a chunk's own, then the chunk before's last (a cut between chunks)
    read = sorted(sentences(hits, list(understanding.companies)), key=lambda s: (s.chunk.doc, s.chunk.index, s.position))
    before_of = {(a.chunk.chunk_id, a.position): b for b, a in pairwise(read) if _next_sentence(b, a)}
    out: list[Sentence] = []
    for s in best:
        chain: list[Sentence] = []
        current = s
        while points_back(current.text) and len(chain) < _ANTECEDENTS:
            # (the sentence before may point back in turn: "This change in accounting estimate was effective ...")
            before = before_of.get((current.chunk.chunk_id, current.position))
            if before is None or before in best or before in out or before.text.rstrip().endswith(":"):
                break
            chain.insert(0, before)
            current = before
        out.extend([*chain, s])
    return out


_ANTECEDENTS = 2  # sentences read back for the one a pointing sentence refers to


# "What change in accounting estimate did ...", "What actions did ...": the thing asked, by its head noun
_ASKED_WHAT = re.compile(r"^\W*(?:what|which)\s+(?!(?:were|was|have|has|will|would|does|did|could|should|might|must|"
                         r"shall|kind|type|sort|amount|percentage|share|portion|part|extent|impact|effect)\b)"
                         r"(?P<head>[a-z]{4,})\b(?!\s+(?:is|was|are|were|did|does|do|has|had)\s+(?:the|its|their)\b)",
                         re.I)
# "this change in estimate", "these actions", "the effect of such changes": the noun names one said before
_DEMONSTRATIVE_BEFORE = re.compile(r"\b(?:this|these|that|those|such)\s+(?:[a-z-]+\s+)?$", re.I)
_SEVERAL = re.compile(r"\b(?:several|various|a\s+number\s+of|multiple|certain\s+of|each\s+of)\b", re.I)
_MAX_ENUMERATED = 5


def _enumerated(first: Sentence, decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: MetricServices) -> list[Sentence]:
    """The sentence before the stating one announces several items of the asked topic ("We have
    previously announced plans to adjust production rates on several of our commercial aircraft
    programs."), and the sentences after it take them one by one: the announcement and every
    item sentence up to one that moves on ("In addition, ..."), else [] (the stating sentence
    stands). One program's rate of several is a partial answer."""
    companies = list(understanding.companies)
    topic = read_topic(decision.ask, companies, services.vocabulary)
    own = [s for s in sentences(hits, companies) if s.chunk.chunk_id == first.chunk.chunk_id]
    intro = next((s for s in own if s.position == first.position - 1), None)
    if topic is not None and _SEVERAL.search(first.text) and topic.stated_by(first.text):
        # the stating sentence is itself the announcement: its items follow it
        intro, first = first, next((s for s in own if s.position == first.position + 1), first)
        if first is intro:
            return []
    if topic is None or intro is None or not _SEVERAL.search(intro.text) or not topic.stated_by(intro.text):
        return []
    named = [w for w in re.findall(r"\b\w*\d\w*\b", decision.ask) if not parse_periods(w).years]
    if any(re.search(rf"\b{re.escape(w)}\b", first.text) for w in [*named, *_names(decision.ask, companies)]):
        return []  # "... for the 787 program": the question names its item
    items = []
    for s in sorted((s for s in own if s.position >= first.position), key=lambda s: s.position):
        if _CONTINUES.match(s.text) or s.position != first.position + len(items) or len(items) >= _MAX_ENUMERATED:
            break
        items.append(s)
    return [intro, *items] if len(items) >= 2 else []


_BULLET = re.compile(r"^\s*(?:[\u2022•\-\u2013*]|\(?[a-z0-9]{1,3}\))\s")
_REFERS = re.compile(r"\b(?:that|this|the\s+same|such)\s+([a-z][a-z-]{2,})\b", re.I)


def _refers_to(text: str, before: str) -> bool:
    """ "with that customer": a demonstrative before a noun the previous item names."""
    named = {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z][A-Za-z-]+", before)}
    return any(m.group(1).lower().rstrip("s") in named for m in _REFERS.finditer(text))


def _amount(token: str) -> float:
    number, _, word = token.partition(" ")
    scale = {"thousand": 1e3, "million": 1e6, "billion": 1e9}.get(word.lower().rstrip("s"), 1.0)
    return float(number.replace("$", "").replace(",", "")) * scale
