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
from answering.kinds.ask_scope import MONTH
from answering.kinds.deal_words import (
    ANY_EVENT,
    BUY_SELL,
    FAMILIES,
    families,
    named,
    names,
    names_its_object,
    of_family,
    states_a_deal,
)
from answering.kinds.event_coverage import (
    ASKED_DETAILS,
    DATE,
    MONEY,
    asks_accounting,
    asks_closing,
    asks_structure,
    missing_in_event,
)
from answering.kinds.every_part import asked_parts
from answering.kinds.other_words import happened_to_a_name, own_thing
from answering.kinds.sentences import (
    Sentence,
    after_table_rows,
    content_words,
    mentions_years,
    overlap,
    quoted,
    sentences,
)
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

_MAX_QUOTES = 6
_PLURAL = 3  # deals of one kind quoted for a plural ask ("what acquisitions did it complete in 2018")


def _plural(part: str, kind: tuple[str, ...]) -> bool:
    """Whether `part` asks for this kind of event in the plural ("acquisitions and divestitures")."""
    return any(re.search(rf"\b{re.escape(stem)}\w*s\b", part, re.I) for stem in kind)


def _same_deal(one: Sentence, other: Sentence, companies: list[str]) -> bool:
    """Whether two sentences name a deal by the same name (a name past the sentence's start), on the
    same day if both date it: "the transfer of Classifieds ... shares of Adevinta" on June 24, 2021 and
    "the sale of ... our voting shares in Adevinta to Permira" on November 18, 2021 are two deals."""
    if not set(names(one.text, companies)) & set(names(other.text, companies)):
        return False
    days, others = _months(one.text), _months(other.text)
    return not (days and others and not days & others)


def _months(text: str) -> set[tuple[str, str]]:
    """The (month, year) of each date a sentence gives."""
    return {(m.group(1).lower()[:3], m.group(2)) for m in _MONTH_YEAR.finditer(text)}


_MONTH_YEAR = re.compile(rf"\b({MONTH})\s+(?:\d{{1,2}},?\s+)?(\d{{4}})\b", re.I)


_OTHER = re.compile(r"\b(?:other|another|else)\b", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _happened_to(part: str, companies: list[str]) -> bool:
    """Whether `part` asks what happened to a thing it names ("what happened to its Enterprise business")."""
    return happened_to_a_name(part, companies)


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
    every_sentence = sentences(hits, companies)
    asked_names = names(question, companies)
    parts = asked_parts(question)
    # a part asking "what happened to <a named thing>" asks a deal of any kind
    kinds_asked = [*families(question), *([*FAMILIES.values()] if any(_happened_to(p, companies) for p in parts) else [])]
    every = [s for s in every_sentence if of_family(s.text, kinds_asked) and states_a_deal(s.text)]

    asked_months = _months(question)

    def score(s: Sentence) -> tuple[int, int, int, int, int]:
        # a deal the question dates by its month ("in March 2021") is stated on that month, not another's
        return (len(named(s.text, asked_names)), int(bool(asked_months & _months(s.text))),
                int(bool(MONEY.search(s.text))) + int(bool(DATE.search(s.text))), -s.rank, -s.position)

    every.sort(key=score, reverse=True)
    chosen: list[Sentence] = []
    for n, part in enumerate(parts):
        part_names = names(part, companies)
        # "what happened to its Enterprise business": any kind of deal done with the thing it names
        kinds = families(part) or ([*FAMILIES.values()] if _happened_to(part, companies) else families(question))
        explicit = [int(y) for y in _YEAR.findall(part)]  # the part's own year holds for a named deal too
        years = explicit or (sorted(set(understanding.fiscal_years)) if n == 0 else [])
        quoted_names = [x for x in asked_names if any(named(c.text, [x]) for c in chosen)]
        for kind in kinds:
            if n and not part_names and not explicit and not _OTHER.search(part) and not _plural(part, kind) \
                    and not own_thing(part) and any(of_family(c.text, [kind]) for c in chosen):
                # "What major acquisition did it complete in fiscal 2015: whom did it buy, ...": a later part
                # naming nothing of its own asks of the deal already quoted, not of another one
                continue
            fits = [s for s in every if of_family(s.text, [kind]) and s not in chosen
                    and (part_names or kind not in BUY_SELL or names_its_object(s.text))
                    and (not explicit or mentions_years(s.text, explicit))
                    and (part_names or not years or mentions_years(s.text, years))
                    and not (_OTHER.search(part) and named(s.text, quoted_names))]
            if (thing := own_thing(part) if n else []):
                # "what new credit facility did it enter into at the separation": a sentence of that thing
                fits = [s for s in fits if overlap(s.text, thing) >= 0.5]
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
                if thing and added:
                    # "what new credit facility did it enter into": the thing's terms, in the sentence that goes
                    # on with it ("The new credit agreement provides a $25 million revolving line of credit ...")
                    chosen += [t for t in every_sentence if t.chunk.chunk_id == added[0].chunk.chunk_id
                               and t.position == added[0].position + 1 and _BACK_TO_THE_DEAL.search(t.text)
                               and MONEY.search(t.text) and t not in chosen][:1]
    if not chosen:
        return []
    # what is asked by type (the price per share, when, why) from a sentence of the same deal: one
    # naming a name the question gives, or on a page a chosen sentence is on
    # and naming what a chosen sentence names ("MICROS"): another deal on the page is not this one's
    # a detail need not restate the deal ("On July 3, 2014, we commenced a tender offer ... of MICROS at
    # $68.00 per share"), nor name it: the sentences right after one naming it go on with its story
    # ("... to sell StubHub." "The sale is expected to close in the first quarter of 2020")
    told = [s for s in sentences(hits, companies) if s not in chosen]
    # of the sentences that give a detail, the one in the question's own words first ("what charges did it
    # expect ..., how much in the fourth quarter": the charges, not the cash the plan will cost)
    words = content_words(question, companies)
    read = sorted([*every, *told], key=lambda s: -overlap(s.text, words)) if words else [*every, *told]
    for asked, gives in ASKED_DETAILS:
        if asked(question) and not any(gives(c.text) for c in chosen):
            extra = next((s for s in read if gives(s.text) and s not in chosen
                          and _of_the_deal(s, chosen, [*every, *told], asked_names, companies)), None)
            if extra is not None:
                chosen.append(extra)
                # a completion dated in parts ("the employee actions ... by the end of fiscal 2024", "the real
                # estate actions ... in fiscal 2026"): each part, as its chunk goes on to give it
                if asked is asks_closing:
                    chosen += [s for s in read if s not in chosen and s.chunk.chunk_id == extra.chunk.chunk_id
                               and 0 < s.position - extra.position <= _GOES_ON and gives(s.text)][:1]
                elif asked is asks_structure:
                    # a deal done in steps (a first merger, then a second into another subsidiary), each its sentence
                    chosen += [s for s in sorted(read, key=lambda t: (t.chunk.index, t.position))
                               if s not in chosen and (s.chunk.doc, s.chunk.page) == (extra.chunk.doc, extra.chunk.page)
                               and (s.chunk.index, s.position) > (extra.chunk.index, extra.position)
                               and gives(s.text) and not _restates(s, chosen)][:1]
                elif asked is asks_accounting:
                    # the accounting of a deal is told in parts too: the stake recorded, the gain on what was given up
                    chosen += [s for s in read if s not in chosen and gives(s.text) and not _restates(s, chosen)
                               and _of_the_deal(s, chosen, read, asked_names, companies)][:1]
    return chosen[:_MAX_QUOTES]


def _restates(s: Sentence, chosen: list[Sentence]) -> bool:
    """Whether `s` says again what a chosen sentence says (the MD&A's words repeated in a note)."""
    words = set(re.findall(r"\w+", s.text.lower()))
    return any(len(words & (other := set(re.findall(r"\w+", c.text.lower())))) >= 0.7 * len(words | other)
               for c in chosen)


_ONE_DEAL = 3  # names a sentence that states one deal gives it at most ("MICROS Systems, Inc.")
_GOES_ON = 2  # sentences after one naming the deal, in its chunk, read as going on with its story


def _of_the_deal(s: Sentence, chosen: list[Sentence], read: list[Sentence], asked_names: list[str],
                 companies: list[str]) -> bool:
    """Whether `s` tells of the deal the chosen sentences state: it names a name the question gives,
    or, on a chosen sentence's page, a name that sentence names (another deal on the page is not
    this one's), or it names nothing else and follows closely, in its chunk, a sentence naming the deal."""
    if named(s.text, asked_names):
        return True
    deal = {x for c in chosen for x in names(c.text, companies)}
    own = set(names(s.text, companies))
    pages = {(c.chunk.doc, c.chunk.page) for c in chosen}
    if (s.chunk.doc, s.chunk.page) in pages and own & deal:
        return True
    # anywhere in the filings, a name of a deal a chosen sentence states alone ("we acquired MICROS Systems,
    # Inc. in fiscal 2015" -> "a tender offer ... of MICROS at $68.00 per share"); a sentence naming several
    # deals lends none its names
    if own & {x for c in chosen if len(names(c.text, companies)) <= _ONE_DEAL for x in names(c.text, companies)}:
        return True
    if own - deal - set(asked_names) - _REFERS or not _BACK_TO_THE_DEAL.search(s.text):
        return False
    return any(t.chunk.chunk_id == s.chunk.chunk_id and 0 < s.position - t.position <= _GOES_ON
               and (t in chosen or set(names(t.text, companies)) & deal) for t in [*chosen, *read])


# a sentence that goes on with the deal before it says so: "The sale is expected to close ...", "It was
# funded ..."; "We believe our acquisition program strengthens ..." speaks of every deal
_BACK_TO_THE_DEAL = re.compile(r"^\W*(?:(?:the|this|that|these|such)\s+(?:[\w-]+\s+){0,2}?(?:sale|acquisition|merger|"
                               r"transaction|deal|agreement|plan|divestiture|disposal|spin-?off|separation|distribution|"
                               r"offering|notes|closing|transfer|purchase|tender\s+offer)\b|(?:it|they)\b)", re.I)
# capitalised words that refer back to the deal or its parties rather than name another deal
_REFERS = frozenset(["company", "merger", "agreement", "plan", "transaction", "acquisition", "sale", "closing", "the"])


def _following_chunks(chosen: list[Sentence], hits: list[SearchHit], services: MetricServices) -> list[SearchHit]:
    """The filing's chunk after each chosen sentence's chunk, as hits, when no hit holds it already."""
    have = {(h.chunk.doc, h.chunk.index) for h in hits}
    wanted = {(c.chunk.doc, c.chunk.index + 1) for c in chosen} - have
    retriever = getattr(services, "retriever", None)
    if not wanted or retriever is None:
        return []
    company = {h.chunk.doc: h.chunk.company for h in hits}  # the hits' name for the company, as searched
    return [SearchHit(chunk=c.model_copy(update={"company": company.get(c.doc, c.company)}), score=0.0)
            for doc in sorted({d for d, _ in wanted}) for c in retriever.filing(doc).chunks if (c.doc, c.index) in wanted]


# the words a sentence giving each missing detail is written in, to search by
_DETAIL_WORDS = {"why": "acquired to expand strengthen because in order to",
                 "the ratio of shares": "share for every shares held record date",
                 "how it was structured": "merged with and into surviving wholly owned subsidiary", "the date it closed": "completed closed effective",
                 "the date": "on date", "the price per share": "per share in cash", "the amount": "total purchase price billion",
                 "its terms": "terms consideration",
                 "that the deal is pending (the agreement, or what its closing awaits)":
                     "entered into definitive merger agreement expected to close subject to regulatory approvals",
                 "how it is financed": "finance financing debt notes issued cash"}
_SEARCH_K = 8


def _searched_for_details(question: str, chosen: list[Sentence], hits: list[SearchHit],
                          understanding: QueryUnderstanding, services: MetricServices) -> list[SearchHit]:
    """Hits of one more search, for the details of the chosen deal the quotes lack, by its names."""
    companies = list(understanding.companies)
    retriever = getattr(services, "retriever", None)
    missing = missing_in_event(question, quoted(chosen), companies)
    deal = [x for c in chosen for x in names(c.text, companies)][:_ONE_DEAL]
    if not missing or not deal or retriever is None or len(companies) != 1:
        return []
    words = " ".join(_DETAIL_WORDS.get(m, "") for m in missing)
    filters = SearchFilters(companies=companies, docs=sorted({c.chunk.doc for c in chosen}))
    have = {h.chunk.chunk_id for h in hits}
    return [h for h in retriever.search(f"{' '.join(deal)} {words}", filters=filters, k=_SEARCH_K)
            if h.chunk.chunk_id not in have]


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The event's stating sentences as the answer, or None when no sentence states it."""
    best = stating(question, hits, understanding)
    if not best:
        return None
    # a chunk ends where its size runs out, not its story: a list of tranches cut at its third bullet,
    # the closing date in the next sentence; read each chosen sentence's chunk on into the next
    onward = _following_chunks(best, hits, services)
    if onward:
        hits = [*hits, *onward]
        best = stating(question, hits, understanding) or best
    # a detail asked and still not quoted (why it was bought, when it closed) is often on a page the
    # question's words did not find: searched for once more by the deal's own names, in its filings
    found = _searched_for_details(question, best, hits, understanding, services)
    if found:
        best = stating(question, [*hits, *found], understanding) or best
    # in the order the filing gives them: a deal's story reads forward, each without the table rows the
    # page's text ran into its start ("Lease liability $ 26,618 ... Note 2: Acquisition Activities On November 22, ...")
    best = [s.model_copy(update={"text": after_table_rows(s.text)}) for s in best]
    best.sort(key=lambda s: (s.chunk.doc, s.chunk.page, s.chunk.index, s.position))
    return WrittenAnswer(status="answered", text=quoted(best), kind=decision.kind,
                         citations=unique_citations([cite(s.chunk, s.text) for s in best]))
