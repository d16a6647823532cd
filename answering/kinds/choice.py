"""choice: one item among several, read from the table that ranks them.

- The question names the candidates ("among operating, investing and financing
  activities"): each candidate's row is found by its label (the net total row first), in
  the asked year's column, and the rows are ranked.
- Otherwise ("which derivative had the highest notional value"): the table whose caption
  and labels best match the question is read, one column (the asked year's, else the
  first), and its items ranked; a question about a change ("biggest drop", "worst
  performance") ranks the change between the table's first two year columns.
- "Which segment will become a discontinued operation" ranks nothing: the sentence that
  states it answers (answering.kinds.passage).

The answer names the pick and shows the whole ranking with each value, every row cited.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel

from answering.citations import cite, unique_citations
from answering.kinds import passage
from answering.kinds.places import PLACE_NAMES, names_a_place
from answering.kinds.sentences import Sentence, content_words, overlap, prose
from answering.kinds.tables import Block, blocks, more_tables
from answering.kinds.whole_table import TOTAL_ROW, adds_up, following, rest, runs_on, subtotals
from answering.numbers import Row, normalize_label, plain
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import ANNUAL_FILINGS, Chunk, SearchFilters, SearchHit
from finrag.vocabulary import Vocabulary, tokenize
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

_CHANGE = re.compile(r"\b(?:drop|decline|decrease|growth|grew|grow|change|increase|performance|perform\w*|dragged|drag|"
                     r"topline)\b",
                     re.I)
# a change asked in amount, not rate: "contributed the most to the increase in dollar terms", "drove
# the growth" (an item's share of the change is its amount)
_BY_AMOUNT = re.compile(r"\b(?:dollars?|contribut\w*|drove|driv\w*|dragg\w*|drag|accounted\s+for|absolute)\b", re.I)
# the items a question ranks ("which of its reportable segments", "which revenue line")
_ITEMS = (r"(?:segments?|categor(?:y|ies)|regions?|geograph\w*|countr(?:y|ies)|products?(?:\s+lines?)?|"
          r"brands?|offerings?|revenue\s+lines?|business(?:es|\s+units?)?|(?:market\s+)?platforms?|end\s+markets?|divisions?)\b")
_DIMENSION = re.compile(r"\b" + _ITEMS, re.I)
# "which of Uber's reportable segments", "which product or service category": the items as the question names them
_DIMENSION_PHRASE = re.compile(r"\bwhich\s+(?:of\s+(?:the\s+|its\s+|[\w&.-]+['’]s?\s+))?(?:(?:two|three|four|five)\s+)?"
                               r"(?P<items>(?:[\w&-]+\s+){0,4}" + _ITEMS + ")", re.I)
_SUPERLATIVE_WORD = re.compile(r"\b(?:most|highest|largest|biggest|greatest|lowest|smallest|least|best|worst|fastest|"
                               r"strongest|weakest)\b", re.I)
# ("what share of Apple's FY2021 total net sales": the company's name and the year may stand before the total)
_ASKS_SHARE = re.compile(r"\b(?:share|proportion|portion|percent(?:age)?)\s+of\s+(?:the\s+|its\s+)?(?:[\w&.-]+['’]s?\s+)?"
                         r"(?:(?:fiscal\s+)?(?:FY\s?)?(?:19|20)\d\d\s+)?(?:total|overall|all)\b", re.I)
# (a company's units are asked by any of the names filings give them)
_SEGMENTS = re.compile(r"\b(?:segments?|business\s+units?)\b", re.I)
# "did every category grow?", "did all of its segments grow?"
_ASKS_EVERY = re.compile(r"\b(?:every|all|each)\b[^?]{0,60}?\b(?:grow|grew|increas\w*|ris[ei]|rose|declin\w*|fell|fall)\b", re.I)
# the motion a why-part asks about ("and why did it grow?"), said back in the answer
_WHY_VERB = re.compile(r"\bwhy\s+(?:did|has|have|does|do)\s+(?:it|they|(?:the\s+|that\s+|this\s+)?\w+)\s+"
                       r"(grow|increase|rise|decline|decrease|fall|drop|shrink|change|improve|weaken)\b", re.I)
# a table's whole, not one of its items: "Total revenue", "Net sales", "Consolidated operating income"
_WHOLE_ROW = re.compile(r"(?:total|net|consolidated)\b", re.I)
# what reconciles the segments to the total: "Corporate, other, and eliminations"
_RECONCILING = re.compile(r"\b(?:eliminations?|reconcil\w*|unallocated|intersegment|inter-segment)\b"
                          # the rest of the company, not a unit of it: "All other", "Corporate and other"
                          r"|^(?:all\s+other|other|corporate(?:\s+(?:and|&)\s+other)?)\s*$", re.I)
# a why-part about the whole, not an item: "why did total capital expenditures fall"
_TOTAL = re.compile(r"\b(?:total|overall|consolidated|company-wide|whole)\b", re.I)
# "what happened to the other two", "and the others": the items not picked are asked too
_ASKS_OTHERS = re.compile(r"\bthe\s+other\s+(?:two|three|four|segments?|lines?|categor(?:y|ies)|regions?)\b|"
                          r"\bthe\s+(?:others|rest)\b", re.I)
# a caption of a table in two parts: "capital expenditures by asset category and reportable segment"
_OTHER_ITEMS = r"(?:categor(?:y|ies)|products?|geograph\w*|regions?|countr(?:y|ies))"
_BY_OTHER_AND_SEGMENT = re.compile(
    rf"\bby\s+(?:[\w-]+\s+){{0,3}}?{_OTHER_ITEMS}\s+and\s+(?:[\w-]+\s+){{0,2}}?segments?\b|"
    rf"\bby\s+(?:[\w-]+\s+){{0,2}}?segments?\s+and\s+(?:[\w-]+\s+){{0,3}}?{_OTHER_ITEMS}\b", re.I)
_FASTEST = re.compile(r"\b(?:grew|grow|grown|growing|increased|rose)\s+(?:the\s+)?(?:fastest|most\s+quickly|most\s+rapidly)\b|"
                      r"\bfastest[-\s]growing\b", re.I)
_DROP = re.compile(r"\b(?:drop|decline|decrease|fall|fell|dragged|drag|shr[ai]nk\w*|contract\w*)\b", re.I)
_RANK_WORDS = set(tokenize("highest largest biggest most greatest top best lowest smallest least worst fewest one item "
                           "amount value brought lost cash"))
_JOINED_QUESTION = re.compile(r",?\s+and\s+(?=(?:what|how|why|which|when|where|did|does|is|was)\b)", re.I)
_BALANCE_OF = re.compile(r"\b(?:unearned|deferred|unbilled|accrued|prepaid)\s+\w+", re.I)
_ASKS_RATE = re.compile(r"\b(?:percent\w*|margins?|rates?|ratios?|shares?|growth|grew|increase\w*|decrease\w*|"
                        r"changes?|drop|decline)\b|%", re.I)
_MIN_MATCH = 0.3  # share of the question's words a table's caption and labels must carry

# The dimension a question ranks along and the dimension of a table's items must agree: a drop
# "by region" read from a table of products or segments names a product, not a region.
_ASKS_PLACES = re.compile(r"\b(?:regions?|regional|geograph\w*|countr(?:y|ies)|continents?|territor(?:y|ies)|"
                          r"customer\s+locations?)\b", re.I)
# (a business, "which businesses declined", is what a company sells, as its product lines are: never a place)
_ASKS_OFFERINGS = re.compile(r"\b(?:products?|brands?|categor(?:y|ies)|services?|product\s+lines?|offerings?|"
                             r"business(?:es)?|lines?\s+of\s+business)\b", re.I)
_PLACE_CAPTION = re.compile(r"\b(?:geograph\w*|regions?|countr(?:y|ies)|customer\s+location|domestic|foreign)\b",
                            re.I)
_OFFERING_CAPTION = re.compile(r"\b(?:categor(?:y|ies)|products?|brands?|product\s+lines?|offerings?)\b", re.I)


class Item(BaseModel):
    label: str
    value: float
    shown: str
    row: Row
    chunk: Chunk


def _ranked_line(decision: KindDecision, vocab: Vocabulary) -> str | None:
    """The measure the items are ranked by, as a line of their table: a growth measure is the
    change of the one line it is computed from ("drove its revenue growth": revenue's change)."""
    metric = ranked_measure(decision.ask, vocab) or decision.metric
    if metric and "prior(" in (vocab.formula(metric) or "") and len(inputs := vocab.inputs(metric)) == 1:
        return inputs[0]
    return metric


def _names_item(question: str, label: str) -> bool:
    """The question says this row's label in its own words ("its subscription and support revenue")."""
    return _measure_said(question, label) is not None


def _measure_said(question: str, label: str) -> str | None:
    """The row's label as the question says it, as a measure followed by its noun ("subscription and
    support revenue"); None when the question does not."""
    words = re.sub(r"\s*\([^)]*\)", "", label).strip()
    # two words at least: one ("Service") may be the word of the dimension asked ("service offering")
    # and said as a measure, followed by its noun ("subscription and support revenue"); an item among
    # the candidates the question lists ("operations, investing, and financing activities") is one to rank
    said = re.search(rf"\b{re.escape(words)}\s+(?:revenues?|sales|income|margins?|expenses?|costs?|profits?|earnings)\b",
                     question, re.I) if len(words.split()) >= 2 else None
    return said.group(0) if said else None


class Causes(Protocol):
    """What reads the causes of a change (answering.kinds.drivers, passed in by the writer so that
    the two kinds, each using the other, import neither)."""

    def write(self, decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
              services: MetricServices) -> WrittenAnswer | None: ...

    def item_causes(self, name: str, measure: str | None, way: int, year: int | None, hits: list[SearchHit],
                    companies: list[str], services: MetricServices) -> list[Sentence]: ...

    def shown(self, sentence: Sentence) -> str: ...


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices, reader: Causes | None = None) -> WrittenAnswer | None:
    """The item the table of the asked measure ranks first, with its share, whether every item
    grew, and (with a `reader` of causes) why it moved, as each is asked."""
    if decision.order is None and _FASTEST.search(decision.ask):
        # "which offering grew fastest": the highest growth, ranked like any other superlative
        decision = decision.model_copy(update={"order": "highest"})
    if decision.order is None:
        return passage.write(decision, question, hits, understanding, services)
    companies = list(understanding.companies)
    year = max(understanding.fiscal_years) if understanding.fiscal_years else None
    table: Table | None = None
    # "which segment dragged down its overall growth": a company's growth, with no measure named, is its sales'
    line = _ranked_line(decision, services.vocabulary) or _unnamed_measure(decision.ask)
    if decision.candidates:
        found = _candidate_items(decision.candidates, hits, companies, year)
    else:
        metric = line
        # (the search for the question's own words, read again for a ratio below when no table ranks the items)
        asked_pool: list[SearchHit] = []
        table = table_items(decision.ask, hits, companies, year, services.vocabulary, metric)
        if table is None:
            asked_pool = more_tables(decision.ask, hits, companies, understanding.fiscal_years, services.retriever)
            table = table_items(decision.ask, asked_pool, companies, year, services.vocabulary, metric)
        dimension = _DIMENSION.search(_JOINED_QUESTION.split(decision.ask)[0])
        if metric and dimension and len(companies) == 1 and (table is None or (_SEGMENTS.search(dimension.group(0))
                                                                               and not table.of_segments)):
            # the ranking table is captioned by its measure ("Revenue"), its rows by the items: the
            # measure by the dimension finds it when the question's other words do not; a question
            # by segment takes a table the filing says is by segment over one of other items (markets)
            query = measure_by_items(decision.ask, companies[0], metric, services.vocabulary) or ""
            again = table_items(decision.ask, more_tables(query, hits, companies, understanding.fiscal_years,
                                                          services.retriever), companies, year, services.vocabulary, metric)
            if again is not None and (table is None or again.of_segments):
                table = again
            if table is None and not _SEGMENTS.search(dimension.group(0)):
                # items the filing breaks its measure down by in its segment note under another name
                # ("market platform" for the "specialized markets" the note's table ranks)
                query = f"{companies[0]} {services.vocabulary.label(metric) or ''} by segment"
                table = table_items(decision.ask, more_tables(query, hits, companies, understanding.fiscal_years,
                                                              services.retriever), companies, year, services.vocabulary,
                                    metric)
        by_ratio = None
        if table is None and metric and len(companies) == 1:
            # "which segment had the highest operating margin": no table prints it; each item's
            # operating income over its revenue, from the two tables (or sections) that print them
            by_ratio = _ratio_items(decision.ask, asked_pool, companies, year, services.vocabulary, metric)
        measured = [i.label for i in table.items if _names_item(question, i.label)] if table is not None else []
        if len(measured) == 1 and len(companies) == 1:
            # "which service offering grew its subscription and support revenue fastest": the table found
            # ranks measures, one of them the question's; the items are in the table that measure heads
            table = _table_of(measured[0], decision.ask, hits, companies, understanding, year, services) or table
        if table is not None:
            table, cut = whole(table, decision.ask, hits, year, services, metric)
            if cut.startswith(_PART_CUT) and dimension and len(companies) == 1:
                # one business's breakdown: the company's own, captioned by its total, is searched once more
                # (a place asked by "region" is captioned "by geography" as often)
                places = " geography" if re.search(r"region|countr|geograph|area", dimension.group(0), re.I) else ""
                query = (f"{companies[0]} total {services.vocabulary.label(metric or 'revenue') or ''} by "
                         f"{dimension.group(0)}{places}")
                pool = more_tables(query, hits, companies, understanding.fiscal_years, services.retriever)
                if (again := table_items(decision.ask, pool, companies, year, services.vocabulary, metric)) is not None:
                    again, recut = whole(again, decision.ask, pool, year, services, metric)
                    if not recut:
                        table, cut = again, recut
            if cut:
                ranked = sorted(table.items, key=lambda i: i.value, reverse=decision.order == "highest")
                return WrittenAnswer(status="not_found", kind="choice", reason=cut,
                                     text=f"{NOT_FOUND.capitalize()}: {cut}; found only: " + "; ".join(
                                         f"{i.label}: {i.shown}" for i in ranked) + ".",
                                     citations=unique_citations([cite(i.chunk, i.row.line) for i in ranked]))
        if table is not None and dimension and _SEGMENTS.search(dimension.group(0)) and len(companies) == 1 \
                and not table.of_segments and _other_segments_named(table, hits, companies[0], services.retriever):
            # "which of NVIDIA's reportable segments": a table of its markets ("Gaming", "Data Center") ranks
            # no segment where the filing calls others its segments ("Compute & Networking" and "Graphics")
            reason = (f"the table found ranks {', '.join(i.label for i in table.items[:4])}, which the filing does "
                      f"not call segments")
            return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}.")
        found = (table.items, table.how) if table else by_ratio
    if found is None:
        return _superlative_stated(decision, question, hits, understanding, services)
    items, how = found
    ranked = sorted(items, key=lambda i: i.value, reverse=decision.order == "highest")
    best = ranked[0]
    named = [i.label for i in ranked if _names_item(question, i.label)]
    if len(named) == 1:
        # "Which service offering grew its subscription and support revenue fastest?": one row of the
        # table is the question's own measure, so the table ranks measures, not the items asked
        reason = f"the table found ranks “{named[0]}”, which the question names as its measure, not the items it asks about"
        return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason}.")
    if how.startswith("by change") and _DROP.search(_JOINED_QUESTION.split(decision.ask)[0]) and best.value >= 0:
        # (of the ranking's own clause: "Which segment grew most, and did any segment decline?" asks the growth)
        # "the largest decline" among items that all grew: naming the smallest growth would
        # answer a question the filing contradicts
        reason = f"no item fell {how}: every one grew"
        return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason} ("
                                  + "; ".join(f"{i.label}: {i.shown}" for i in ranked) + ").",
                             citations=unique_citations([cite(i.chunk, i.row.line) for i in ranked]))
    clause = _JOINED_QUESTION.split(decision.ask)[0]
    listing = "; ".join(f"{n}. {i.label}: {i.shown}" for n, i in enumerate(ranked, start=1))
    losses = _losses(ranked, table) if _DRAGGED.search(clause) and not _GROWTH_ASKED.search(clause) \
        and "change" in how and line in _PROFIT_LINES else []
    if losses:
        # an item that lost money in the year drags its performance down whatever its change (a drag on growth
        # is still the change's): the losses, worst first, are the pick, the ranking of changes still shown
        ranked = losses + [i for i in ranked if i not in losses]
        best = ranked[0]
    ranks = f"ranks {decision.order}"
    among = _DIMENSION_PHRASE.search(clause)
    named = among.group("items") if among and not decision.candidates else ""
    for company in companies:
        named = re.sub(rf"^{re.escape(company)}\s+", "", named, flags=re.I)
    items = f" among the {named}" if named else ""
    if table is not None and (moved := _MOVED_MEASURE.search(clause)) \
            and services.vocabulary.match_metrics(moved.group("measure")) in ([], None) \
            and (unprinted := _unranked_quality(f"most {moved.group('measure')}", table, decision, services.vocabulary,
                                                changes=True)):
        # "Which segment contributed most to the growth in its total backlog?": a ranking of the segments' revenue
        # changes says nothing of their backlog's
        reason = f"the items were ranked {how}, which says nothing of “{unprinted}”"
        return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {listing}.",
                             citations=unique_citations([cite(i.chunk, i.row.line) for i in ranked]))
    superlative = _SUPERLATIVE_WORD.search(clause)
    if superlative and table is not None and not line \
            and (unread := _unranked_quality(clause, table, decision, services.vocabulary)):
        # "which segment has the most concentrated customer base": the table ranks its items by what it prints
        # (sales), which is no measure of what the question ranks them by
        reason = f"the items were ranked {how}, which says nothing of “{unread}”"
        return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {listing}.",
                             citations=unique_citations([cite(i.chunk, i.row.line) for i in ranked]))
    if how.startswith("by amount of change") and (best.value > 0) == (decision.order == "highest") and best.value:
        # an item's amount of change is its part of the total's: "contributed the most to the increase"
        ranks = f"contributed the most to the {'increase' if best.value > 0 else 'decrease'}{items}, ranked"
    elif items and superlative:
        # the pick said in the question's own terms: "the most revenue among the reportable segments"
        measure = (services.vocabulary.label(ranked_measure(clause, services.vocabulary) or decision.metric or "")
                   or "").lower()
        if table is not None and table.block is not None and (said := _caption_measure(clause, table)):
            measure = said.lower()  # the table's own measure, as the question says it ("subscription and support revenue")
        if how.startswith("by ") and " change from " in how:
            # "the biggest drop", "performed the best", "grew fastest": a ranking of changes, said as one
            # (not a table captioned "% change", ranked on its year's column)
            moved = "largest fall" if decision.order == "lowest" else "fastest growth" if re.search(
                r"\bfastest\b|\bmost\s+(?:quickly|rapidly)\b", clause, re.I) else "largest growth"
            if (best.value >= 0) == (decision.order == "lowest"):
                # the worst of items that all grew grew least; the best of items that all fell fell least
                moved = "smallest growth" if best.value >= 0 else "smallest fall"
            measure = re.sub(r"\s+(?:growth|change)$", "", measure)  # "the largest growth in revenue", said once
            ranks = f"{ranks} (the {moved}{' in ' + measure if measure else ''}{items})"
        else:
            ranks = f"{ranks} (the {superlative.group(0).lower()}{' ' + measure if measure else ''}{items})"
    text = f"{best.label} ({best.shown}) {ranks} {how}. Ranking: {listing}."
    if losses and table is not None and table.block is not None:
        col, block = table.compared[0], table.block
        earned = sorted((i for i in ranked if i not in losses), key=lambda i: -(i.row.values[col] or 0.0))

        def level(i: Item) -> str:
            return f"{i.label}: {_shown(i.row.values[col] or 0.0, block, i.row)}"

        text = (f"{' and '.join(i.label for i in losses)} dragged down the total: "
                f"{'they were the items' if len(losses) > 1 else 'it was the only item'} with a loss in "
                f"{block.years[col]} ({'; '.join(map(level, losses))}), while the others made a profit "
                f"({'; '.join(map(level, earned))}; the largest profit: {earned[0].label}). Changes {how}: {listing}.")
    citations = [cite(i.chunk, i.row.line) for i in ranked]
    if table is not None and table.total is not None and table.total.value and _ASKS_SHARE.search(question) \
            and table.column < len(best.row.values) and (level := best.row.values[table.column]) is not None:
        # "what share of total revenue did it represent": its amount over the table's total, same column
        text += (f" {best.label} was {level / table.total.value * 100:.1f}% of {table.total.label} "
                 f"({plain(level)} of {table.total.shown}).")
        citations.append(cite(table.total.chunk, table.total.row.line))
    if table is not None and table.block is not None and "change" in how and table.compared \
            and (level := _ASKS_LEVEL.search(question)) is not None:
        # "which grew fastest, and which was the largest?": the level pick, in the latest column compared
        col, block = table.compared[0], table.block
        levels = [(i, i.row.values[col]) for i in ranked if col < len(i.row.values) and i.row.values[col] is not None]
        if len(levels) != len(ranked) or len({v for _, v in levels}) != len(levels):
            reason = f"the items' levels in {block.years[col]} are not all printed, or tie"
            return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {text}",
                                 citations=unique_citations(citations))
        small = level.group("word").lower() == "smallest"
        top, value = (min if small else max)(levels, key=lambda p: p[1] or 0.0)
        text += (f" Which was the {level.group('word').lower()}? {top.label}, at {_shown(value or 0.0, block, top.row)} "
                 f"in {block.years[col]}, the {'smallest' if small else 'largest'} of the {len(levels)} items.")
    if table is not None and table.block is not None and "change" not in how \
            and (since := _CHANGED_FROM.search(question)) is not None \
            and int(since.group("year")) in table.block.years:
        # "..., and how did the segment mix change from FY2020?": each item against the year named, from the same table
        col, block = table.block.years.index(int(since.group("year"))), table.block
        before = [(i, i.row.values[col]) for i in ranked if col < len(i.row.values) and i.row.values[col]]
        if len(before) == len(ranked):
            text += f" Against {block.years[col]}: " + "; ".join(
                f"{i.label} {_shown(value, block, i.row)} to {i.shown} ({(i.value / value - 1) * 100:+.1f}%)"
                for i, value in before) + "."
    if how.startswith("by ") and "change" in how and _ASKS_EVERY.search(question):
        fell = [i.label for i in ranked if i.value < 0]
        text += (f" Did every item grow? No: {', '.join(fell)} fell." if fell else
                 f" Did every item grow? Yes: all {len(ranked)} grew.")
    if (why := _ASKS_WHY.search(question)) is not None:
        if reader is None:
            reason = "the question asks why, and no reader of causes was given"
            return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {text}",
                                 citations=unique_citations(citations))
        # the item the why-part asks about: one it names ("what drove the change in the Products gross
        # margin"), the total ("why did total capital expenditures fall"), else the pick ("what drove it")
        asks = question[why.start():]
        named = [i for i in ranked if (w := content_words(_item_name(i.label), companies)) and overlap(asks, w) == 1
                 and not re.match(r"(?:all\s+)?other\b", i.label, re.I)]
        if not named and _TOTAL.search(asks):
            total = reader.write(decision.model_copy(update={"kind": "drivers", "ask": asks, "order": None,
                                                              "candidates": [], "metric": _asked_metric(asks, services)
                                                              or decision.metric}),
                                  question, hits, understanding, services)
            if total is None or total.status != "answered":
                reason = "no sentence found states what drove the total's change"
                return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                                     text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {text}",
                                     citations=unique_citations(citations))
            return WrittenAnswer(status="answered", kind="choice", text=f"{text} What drove the total's change: {total.text}",
                                 citations=unique_citations([*citations, *total.citations]), flags=total.flags)
        target = named[0] if len(named) == 1 else best
        way = (1 if target.value > 0 else -1 if target.value < 0 else 0) if "change" in how else 0
        if target in losses:
            way = -1  # what drove its loss, not its change
        year = max(understanding.fiscal_years) if understanding.fiscal_years else None
        measure = _ranked_line(decision, services.vocabulary)
        name = _item_name(target.label)
        causes = reader.item_causes(name, measure, way, year, hits, companies, services)
        if not causes:
            # the pick without why it moved answers half the question: refused, the pick shown
            reason = f"no sentence found states what drove {name}'s change"
            return WrittenAnswer(status="not_found", kind="choice", reason=reason,
                                 text=f"{NOT_FOUND.capitalize()}: {reason}; found only: {text}",
                                 citations=unique_citations(citations))
        asked = _WHY_VERB.search(question)
        verb = asked.group(1).lower() if asked else "grow" if way > 0 else "decline" if way < 0 else "change"
        text += f" What drove it: why did {name} {verb}? As the filing says: " + " ".join(
            reader.shown(c) for c in causes)
        citations += [cite(c.chunk, prose(c.text)) for c in causes]
        if _ASKS_OTHERS.search(question):
            # "what happened to the other two, and why?": each other item's own causes, as the filing says them
            for other in (i for i in ranked if i is not target and not re.match(r"(?:all\s+)?other\b", i.label, re.I)):
                sign = (1 if other.value > 0 else -1 if other.value < 0 else 0) if "change" in how else 0
                more = reader.item_causes(_item_name(other.label), measure, sign, year, hits, companies, services)
                if more:
                    text += f" {_item_name(other.label)}: " + " ".join(reader.shown(c) for c in more)
                    citations += [cite(c.chunk, prose(c.text)) for c in more]
    return WrittenAnswer(status="answered", text=text, kind="choice", citations=unique_citations(citations))


# a joined part asking the items' level pick after a change pick ("..., and which was the largest?")
_ASKS_LEVEL = re.compile(r",?\s+and\s+which\s+(?:one\s+)?(?:was|is|were)\s+(?:the\s+)?(?P<word>largest|biggest|smallest)"
                         r"\s*\??\s*$", re.I)
# a part of the question that asks why the picked item changed
# ("and what was the reason given?", "what were the reasons": a cause asked in a noun)
_ASKS_WHY = re.compile(r"\bwhy\b|\bwhat\s+(?:\w+\s+){0,2}(?:drove|drives|caused|explains?|led\s+to)\b|\bdrivers?\s+of\b|"
                       r"\bwhat\s+(?:was|were|is|are)\s+(?:the\s+|its\s+)?(?:main\s+|primary\s+|key\s+)?reasons?\b", re.I)


def whole(table: Table, ask: str, hits: list[SearchHit], year: int | None, services: MetricServices,
           metric: str | None) -> tuple[Table, str]:
    """The table with every one of its items (answering.kinds.whole_table): its rest read from
    the filing's next chunk when it runs on past its chunk's end; with why it is not, when the
    items cannot be shown to be the whole set (a rest read that reaches no total they sum to, or a
    total the items read do not sum to). A next chunk that goes on with anything else than the
    table's rows (prose, another table's caption) says the table ended with its chunk."""
    block = table.block
    if block is None:
        return table, ""
    if runs_on(block) and (after := following(block.chunk, hits, services.retriever)) is not None \
            and (more := rest(block, after)) \
            and not _statement_lines_for_segments(ask, more, services.vocabulary):
        # the next chunk goes on with rows of the same table: its rest, up to its total
        whole = read_table(ask, block.model_copy(update={"rows": [*block.rows, *more]}), year, services.vocabulary,
                           metric)
        if whole is None or whole.block is None or adds_up(whole.block, whole.compared) is not True:
            return table, "the table runs on past the part read, and its rest does not add up to its total"
        return whole.model_copy(update={"measure": table.measure}), ""
    if adds_up(block, table.compared) is False:
        return table, "the items ranked do not add up to the table's total, so they may not be all of its items"
    if metric == "revenue" and (part := _a_part_of_revenue(table, ask, year, services)):
        return table, part
    return table, ""


_TO_MILLIONS = {"thousands": 1e-3, "millions": 1.0, "billions": 1e3}
_QUARTER_TABLE = re.compile(r"\b(?:three|six|nine|3|6|9)\s+months\b|\bquarters?\b", re.I)
_PART_CUT = "the items ranked add up to"
_A_PART = 0.5  # items adding up to less than half the company's revenue are one part's breakdown


def _a_part_of_revenue(table: Table, ask: str, year: int | None, services: MetricServices) -> str:
    """Why the items are not the company's revenue, broken down: they add up to under half of the year's
    revenue its statements print (a business's revenues by region, "Americas 1,653" of services, where the
    company's whole is 39,831), and the question names no part of the company; "" otherwise."""
    graph, block = getattr(services, "graph", None), table.block
    company = block.chunk.company if block is not None else None
    if graph is None or block is None or not company or year is None or block.scale not in _TO_MILLIONS:
        return ""
    if any(block.is_rate(i.row) for i in table.items) or _ASKS_QUARTER.search(ask) or parse_periods(ask).periods \
            or _QUARTER_TABLE.search(block.context) or block.chunk.form not in ANNUAL_FILINGS:
        return ""  # rates do not add up; a quarter's (or an interim report's) amounts are no year's revenue
    facts = graph.facts([company], ["revenue"], [year])
    column = table.compared[0] if table.compared else table.column
    levels = [r.values[column] for r in (i.row for i in table.items) if column < len(r.values) and r.values[column]]
    if not facts or not levels or facts[0].unit != "USD" or facts[0].value <= 0:
        return ""
    summed = sum(levels) * _TO_MILLIONS[block.scale]
    if summed >= _A_PART * facts[0].value or _names_part(ask, table):
        return ""
    return (f"{_PART_CUT} {plain(summed)} million, under half of {company}'s revenue of "
            f"{plain(facts[0].value)} million in FY{year}: they break down one part of the company, not its whole")


def _names_part(ask: str, table: Table) -> bool:
    """The question names what the table's caption (its line just above the rows) does beyond the company's
    revenue (a business: "Hardware revenues by region")."""
    return table.block is not None and _caption_named(content_words(ask, []), table.block)


_BREAKDOWN_WORDS = frozenset(tokenize("revenue revenues sale sales region regions segment segments geography geographic "
                                      "total net topline"))


def _statement_lines_for_segments(ask: str, rows: list[Row], vocab: Vocabulary) -> bool:
    """Whether segments are asked and `rows` hold statement lines ("Income tax benefit", "Interest
    expense") other than a total or a segment's own line: such lines are no segments, nor are the
    rows beside them."""
    return bool(_SEGMENTS.search(ask)) and any(
        vocab.match_metrics(r.label) for r in rows if not TOTAL_ROW.match(r.label) and not _SEGMENTS.search(r.label)
    )


_MEASURE_NOUN = r"(?:revenues?|sales|income|margins?|expenses?|costs?|profits?|earnings)"


def _superlative_stated(decision: KindDecision, question: str, hits: list[SearchHit],
                        understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None:
    """No table ranks the items, and the filing says the pick itself: "The largest properties we occupy outside of the
    United States are our Bangalore, India and Noida, India offices". The sentence stating the question's own
    superlative is the answer; one that does not say it ranks nothing."""
    said = _RANKED_BY.search(_JOINED_QUESTION.split(decision.ask)[0])
    head = content_words(said.group("by"), list(understanding.companies))[:1] if said else []
    if not head:
        return None
    stated = passage.write(decision.model_copy(update={"order": None}), question, hits, understanding, services)
    if stated is None or stated.status != "answered" or not stated.citations:
        return None
    # (the superlative and the thing it ranks, together: "the largest properties", not "largest" of anything)
    words = tokenize(stated.citations[0].quote)
    superlative = said.group(0).split()[0].lower()
    if not any(w == superlative and head[0] in words[i + 1:i + 4] for i, w in enumerate(words)) \
            or not re.search(r"\b(?:is|are)\b", stated.citations[0].quote):
        return None  # (and said of now: "the largest plant we operated ... was sold in 2023" is no longer one)
    return stated.model_copy(update={"kind": "choice"})


# what a superlative says the items are ranked by: "the most concentrated customer base among its segments"
_RANKED_BY = re.compile(_SUPERLATIVE_WORD.pattern + r"\s+(?P<by>(?:[\w-]+\s+){0,4}?[\w-]+?)\s*"
                        r"(?=\b(?:among|in|of|for|during|by|across|within|as|at|on|to|from|and|or|with)\b|[?,.;:]|$)", re.I)


# the measure a change is asked of: "the growth in its total backlog during FY2018" (backlog)
_MOVED_MEASURE = re.compile(r"\b(?:growth|increase|decrease|decline|change|drop|rise|fall)\s+in\s+(?:its\s+|the\s+|their\s+)?"
                            r"(?:total\s+|overall\s+|consolidated\s+)?(?P<measure>[a-z][\w-]*(?:\s+(?!during|in|for|of|from|"
                            r"between|at|by|and|or|to|over|since)[a-z][\w-]*){0,2})", re.I)
# words of any ranking, no quality of their own: "the biggest contributor", "the largest by size", "the top performer"
_RANKING_NOUNS = ("contribut", "size", "perform", "one", "item", "part", "share", "portion", "amount", "valu", "number",
               "total", "player", "compon", "piec", "unit", "busi", "segment")


def _unranked_quality(clause: str, table: Table, decision: KindDecision, vocab: Vocabulary,
                      changes: bool = False) -> str | None:
    """The quality the question ranks the items by ("concentrated customer base") when neither the
    vocabulary reads a measure in the ranking clause nor the table's caption or labels say any of
    its words: the table's own ranking (by sales) would answer another question."""
    said = _RANKED_BY.search(clause)
    if said is None or (not changes and (" change from " in table.how or table.how.startswith("by ") or decision.metric
                                          or ranked_measure(clause, vocab) or _caption_measure(clause, table))):
        return None
    words = [w for w in content_words(said.group("by"), []) if not w.startswith(_RANKING_NOUNS)]
    printed = " ".join([table.block.context if table.block is not None else "", table.how, table.measure]
                       + [i.label for i in table.items])
    return said.group("by") if words and overlap(printed, words) == 0 else None


def _caption_measure(clause: str, table: Table) -> str | None:
    """The measure the question's ranking clause names ("its subscription and support revenue") when
    the table's caption names it too, every word ("Subscription and support revenues consisted of")."""
    if table.measure:
        return _measure_said(clause, table.measure) or table.measure
    if table.block is None:
        return None
    caption = " ".join(table.block.context.splitlines()[-4:])
    for said in re.finditer(rf"\b(?:its|their|the)\s+(?P<m>(?:[\w&-]+\s+){{1,4}}?{_MEASURE_NOUN})\b", clause, re.I):
        words = content_words(said.group("m"), [])
        if len(words) >= 2 and overlap(caption, words) == 1.0:
            return said.group("m")
    return None


def _table_of(measure: str, ask: str, hits: list[SearchHit], companies: list[str], understanding: QueryUnderstanding,
              year: int | None, services: MetricServices) -> Table | None:
    """The table whose caption names `measure` (a line of another table, "Subscription and support")
    and whose rows are the items the question ranks by it ("Subscription and support revenues
    consisted of the following": Sales, Service, ...): among the hits, else one more search."""
    dimension = _DIMENSION.search(_JOINED_QUESTION.split(ask)[0])
    query = f"{companies[0]} {measure} by {dimension.group(0) if dimension else ''}".strip()
    for pool in (hits, more_tables(query, hits, companies, understanding.fiscal_years, services.retriever)):
        if (found := table_items(ask, pool, companies, year, services.vocabulary, captioned=measure)) is not None:
            return found.model_copy(update={"measure": measure})
    return None


def measure_by_items(ask: str, company: str, metric: str, vocab: Vocabulary) -> str | None:
    """A search for the table that breaks the measure down by the items the question names ("Revenue
    net sales by product categories"), or None when it names no kind of items."""
    dimension = _DIMENSION.search(_JOINED_QUESTION.split(ask)[0])
    if dimension is None:
        return None
    query = f"{company} {_measure_words(metric, vocab)} by {dimension.group(0)}"
    if _ASKS_PLACES.search(dimension.group(0)):
        # a filing calls its regions "reportable segments" or "geographic areas" as often as regions
        query += " geographic segment"
    return query


def _measure_words(metric: str, vocab: Vocabulary) -> str:
    """The measure as a search says it: its label and its first wording in other words ("Revenue
    net sales"), for a filing that prints the one the question does not."""
    label = vocab.label(metric) or ""
    other = next((w for w in vocab.expansions(metric) if not set(tokenize(w)) & set(tokenize(label))), "")
    return f"{label} {other}".strip()


def _asked_metric(text: str, services: MetricServices) -> str | None:
    named = services.vocabulary.match_metrics(text)
    return named[0] if named else None


# "International Developmental Licensed Markets & Corporate": a segment printed with the company's
# unallocated rest on one row, which the text names by the segment alone
_WITH_CORPORATE = re.compile(r"\s+(?:&|and)\s+(?:corporate|other)(?:\s+(?:&|and)\s+other)?$", re.I)


def _item_name(label: str) -> str:
    """A candidate's own name, without the row label shown after it ("Operating (Net cash ...)") or the
    corporate rest printed on its row."""
    return _WITH_CORPORATE.sub("", re.sub(r"\s*\(.*\)$", "", label))


# a company's performance or profitability, with no line named, is its operating income's: a
# table of another line broken down by the same items (depreciation by segment) ranks no performance
_PERFORMANCE = re.compile(r"\b(?:operating\s+(?:performance|results)|profitability|profits?)\b", re.I)
_DRAGGED = re.compile(r"\bdragg\w*|\bdrag\b", re.I)


# the lines a unit makes a profit or a loss on: a revenue line's negative row is a reconciling item, no loss
_PROFIT_LINES = frozenset({"operating_income", "net_income", "pretax_income", "gross_profit", "ebitda"})
# a cost centre beside the units, not a unit: "Corporate", "Unallocated", "All other" (a table that prints one holds
# costs no unit carries, and which of its negative rows is a unit's loss is not told)
_COST_CENTRE = re.compile(r"\b(?:corporate|unallocated|eliminations?|reconcil\w*|headquarters)\b|^(?:all\s+)?other\b",
                          re.I)


def _losses(ranked: list[Item], table: Table | None) -> list[Item]:
    """The items ranked by change that show a loss in the latest year compared, worst first, where
    others show a profit (with no profit beside them, a loss drags no total of theirs down); none
    when a cost centre is among the items (its loss is the cost of the units, not a drag on them)."""
    if table is None or table.block is None or not table.compared \
            or any(_COST_CENTRE.search(i.label) for i in ranked):
        return []
    col = table.compared[0]
    levels = [(i, i.row.values[col] if col < len(i.row.values) else None) for i in ranked]
    if any(v is None for _, v in levels):
        return []
    losses = sorted((i for i, v in levels if v is not None and v < 0), key=lambda i: i.row.values[col] or 0.0)
    return losses if losses and len(losses) < len(ranked) else []


def _unnamed_measure(ask: str) -> str | None:
    """The line a ranking clause that names none asks by: a company's growth is its sales', its
    operating performance or profitability its operating income's."""
    clause = _JOINED_QUESTION.split(ask)[0]
    if _PERFORMANCE.search(clause):
        return "operating_income"
    return "revenue" if re.search(r"\bgrowth\b", clause, re.I) else None


def ranked_measure(ask: str, vocab: Vocabulary) -> str | None:
    """The measure the ranking clause names ("which segment generated the most revenue"), not one
    of a question joined after it (", and what drove that segment's revenue growth")."""
    clause = _JOINED_QUESTION.split(ask, maxsplit=1)[0]
    named = vocab.match_metrics(clause)
    return named[0] if named else None


def _candidate_items(candidates: list[str], hits: list[SearchHit], companies: list[str],
                     year: int | None) -> tuple[list[Item], str] | None:
    items: list[Item] = []
    for candidate in candidates:
        stems = content_words(candidate, companies)
        best: tuple[tuple[int, int, int], Item] | None = None
        for block in blocks(hits, companies):
            col = block.column(year)
            for row in block.rows:
                label = tokenize(row.label)
                if not stems or not all(any(t.startswith(s[:5]) for t in label) for s in stems):
                    continue
                value = row.values[col] if col < len(row.values) else None
                if value is None:
                    continue
                # the net total of the candidate ("Net cash provided by operating activities") first
                key = (0 if re.match(r"(?:net|total)\b", row.label, re.I) else 1, len(label), 0)
                if best is None or key < best[0]:
                    best = (key, Item(label=f"{candidate} ({row.label})", value=value, shown=_shown(value, block, row), row=row,
                                      chunk=block.chunk))
        if best is None:
            return None  # every candidate must be read, or the ranking would be wrong
        items.append(best[1])
    return items, f"in {f'FY{year}' if year else 'the latest year reported'}"


# another part asking how the items moved since a year: "and how did the segment mix change from FY2020?"
_CHANGED_FROM = re.compile(r"\b(?:chang\w*|shift\w*|compar\w*|evolv\w*)\b[^?]{0,40}?\b(?:from|since|with|to|versus|vs\.?)\s+"
                           r"(?:the\s+)?(?:FY\s?|fiscal\s+(?:year\s+)?)?(?P<year>(?:19|20)\d\d)\b", re.I)


class Table(BaseModel):
    """The items of the table that best matches a question, in one column (or as changes)."""

    items: list[Item]
    how: str  # which column / change, for the answer
    total: Item | None = None  # the table's total row, in the same column
    column: int = 0  # the asked year's column (the latest of a change)
    of_segments: bool = False  # the text above the table says its items are segments
    block: Block | None = None  # the table read (its rows, its chunk)
    compared: list[int] = []  # the columns the items are ranked by
    measure: str = ""  # the measure the table's caption names, a line of another table ("Subscription and support")


def table_items(ask: str, hits: list[SearchHit], companies: list[str], year: int | None,
                vocab: Vocabulary, metric: str | None = None, captioned: str | None = None) -> Table | None:
    """The items of the table that best matches the ask; with `captioned`, only a table whose caption
    names that measure and none of whose rows is it (the items the measure is broken down into)."""
    ask = _JOINED_QUESTION.split(ask, maxsplit=1)[0]  # the ranking clause, not a question joined after it
    words = [w for w in content_words(ask, companies) if w not in _RANK_WORDS]
    scored: list[tuple[float, int, Block]] = []
    found = blocks(hits, companies)
    for n, block in enumerate(found):
        labels = [normalize_label(r.label) for r in block.rows]
        if len(set(labels)) < len(labels) or not block.years:
            continue  # repeated labels: a table of several parts; no year columns: not a table of figures
        if len({m for r in block.rows for m in vocab.match_metrics(r.label)}) >= 2:
            continue  # rows that are different line items (a statement), not like items of one measure
        if not same_dimension(ask, block):
            continue
        if _CHANGE.search(ask) and len(set(block.years)) < 2 and not _rates_table(block):
            continue  # a change asked ("dragged down growth") of a table of one year: its levels rank no change
        if _statement_lines_for_segments(ask, block.rows, vocab):
            continue
        if any(_A_STATISTIC.search(label) for label in [*(r.label for r in block.rows), *block.context.splitlines()[-1:]]):
            continue  # operating statistics ("Gas purchased (MMcf)", "Average price (price per Mcf)"): no items' sales
        if block.group and overlap(block.group, words) == 0:
            continue  # one item's breakdown inside a bigger table ("Client Computing": Desktop, Notebook): not its peers
        if captioned and not _captions(block, captioned):
            continue
        if metric and not _of_measure(metric, found[: n + 1], vocab):
            continue
        if _group(block, metric, vocab) is None:
            continue
        if _other_place(ask, block):
            continue
        if year is not None and _CHANGE.search(ask) and block.years and not {year, year - 1} & set(block.years):
            # a change asked for a year this table does not print would be another year's change (a
            # fiscal year is printed by its end's calendar year, or its start's: "April 30, 2023" in FY2024)
            continue
        items = [r for r in block.rows if not re.match(r"(?:total|net)\b", r.label, re.I)] or block.rows
        if metric and all(block.is_rate(r) for r in items) and not _ASKS_RATE.search(ask):
            # rates ("Increases in net sales: U.S. 17%") are no amounts of the asked measure, also under
            # the total they are shares of ("Net revenue $ 429,909" / "Americas 29 %")
            continue
        score = overlap(block.context, words) + 0.5 * overlap(" ".join(r.label for r in block.rows), words)
        caption = "\n".join(block.context.splitlines()[-2:])
        if metric and metric in vocab.match_metrics(caption):
            score += 0.5  # the table's own caption names the asked measure ("Revenues:")
        if _SEGMENTS.search(ask) and _captioned_segments(block):
            score += 1.0  # asked by segment, and the filing says these items are its segments
        scored.append((score, -n, block))
    scored = _parts_below_their_whole(scored, words)  # (a business's breakdown under the company's)
    # the best-matching table that holds two items at least: a reconciliation under the items' table
    # ("Net sales of reportable segments and All Other" / "Impact of foreign currency movements") may match
    # the question's words best and hold none
    for score, _, block in sorted(scored, key=lambda s: (s[0], s[1]), reverse=True):
        if score < _MIN_MATCH:
            return None
        if (table := read_table(ask, block, year, vocab, metric)) is not None:
            return table
    return None


def _parts_below_their_whole(scored: list[tuple[float, int, Block]], words: list[str]) -> list[tuple[float, int, Block]]:
    """The same items in two tables ("Americas", "EMEA", "Asia Pacific": the company's revenues by region,
    then each business's): the smaller is a part's, ranked below the whole unless the question names what
    its caption does ("Services Revenues")."""

    def items(block: Block) -> frozenset[str]:
        return frozenset(normalize_label(r.label) for r in block.rows if not _WHOLE_ROW.match(r.label))

    def size(block: Block) -> float:
        return sum(abs(r.values[0]) for r in block.rows if r.values and r.values[0] is not None)

    out = []
    for score, n, block in scored:
        whole = [b for _, _, b in scored if b is not block and items(b) == items(block) and size(b) > size(block)]
        if whole and not _caption_named(words, block):
            score -= 1.0
        out.append((score, n, block))
    return out


def _caption_named(words: list[str], block: Block) -> bool:
    """The question's words name what the table's caption (its line just above the rows) does beyond a
    measure broken down (a business: "Hardware revenues" by region)."""
    caption = " ".join(block.context.splitlines()[-1:])
    return bool((set(words) & set(content_words(caption, []))) - _BREAKDOWN_WORDS)


def _captions(block: Block, measure: str) -> bool:
    """The lines just above the table name `measure` in every word, and no row of it is that measure."""
    words = content_words(measure, [])
    caption = " ".join(block.context.splitlines()[-4:])
    return bool(words) and overlap(caption, words) == 1.0 and not any(
        normalize_label(r.label) == normalize_label(measure) for r in block.rows)


def read_table(ask: str, block: Block, year: int | None, vocab: Vocabulary, metric: str | None = None) -> Table | None:
    """The items of `block` in the asked year's column, or as changes when a change is asked."""
    ask = _JOINED_QUESTION.split(ask, maxsplit=1)[0]
    rows = [r for r in block.rows if not _WHOLE_ROW.match(r.label)]
    if _SEGMENTS.search(ask):
        # "Corporate, other, and eliminations": what reconciles the segments to the total is no segment
        rows = [r for r in rows if not _RECONCILING.search(r.label)]
    if len(rows) < 2:
        return None
    if len(set(block.years)) != len(block.years) and len(block.years) % len(set(block.years)):
        return None  # years repeated unevenly ("Revenues 2018 2017 2016 / Long-Lived Assets 2018 2017"): columns unknown
    if block.years and not block.columns and len(block.years) >= 2 \
            and all(len(r.values) >= 2 * len(block.years) and len(r.values) % len(block.years) == 0 for r in rows) \
            and not all(_change_after(r, len(block.years)) for r in rows):
        # two measures a year ("2018: Revenues, Long-Lived Assets"), not a change after the years: which
        # column is which is not read
        return None
    group = _span_group(block, ask) or _group(block, metric, vocab) or range(len(block.years))
    years = [block.years[i] for i in group]
    col = group.start + (years.index(year) if year in years else 0)
    if _SEGMENTS.search(ask):
        rows = _above_their_total(rows, block, col)
    total_row = next((r for r in block.rows if re.match(r"(?:total|consolidated)\b", r.label, re.I)), None)
    total = None
    if total_row is not None and col < len(total_row.values) and total_row.values[col] is not None:
        total = Item(label=total_row.label, value=total_row.values[col], row=total_row, chunk=block.chunk,
                     shown=_shown(total_row.values[col], block, total_row))
    # a table of rates of change ("Comparable sales % increase: U.S. 10.3 3.7") is ranked on the asked
    # year's rates, not on how the rates moved: the growth asked is printed, not computed
    printed_growth = _GROWTH_ASKED.search(ask) is not None and _rates_table(block)
    changes = bool(_CHANGE.search(ask) and len(block.years) >= 2) and not printed_growth
    if changes:
        items = []
        # the latest year's column and the one before it, whichever way the header orders them
        latest, prior = sorted(group, key=lambda i: -block.years[i])[:2]
        by_amount = bool(_BY_AMOUNT.search(ask)) and not any(block.is_rate(r) for r in rows)
        for r in rows:
            now, before = (r.values + [None] * len(block.years))[latest], (r.values + [None] * len(block.years))[prior]
            if now is None or not before:
                continue
            change = (now - before) / abs(before) * 100
            amount = f"{'+' if now >= before else '-'}{plain(abs(now - before))} ({block.scale}), " if by_amount else ""
            items.append(Item(label=r.label, value=now - before if by_amount else change, row=r, chunk=block.chunk_of(r),
                              shown=f"{amount}{change:+.1f}% ({plain(before)} in {block.years[prior]} to {plain(now)} "
                                    f"in {block.years[latest]})"))
        how = (f"by {'amount of ' if by_amount else ''}change from {block.years[prior]} to {block.years[latest]} in the "
               f"table {_caption(block)}")
    else:
        items = [Item(label=r.label, value=v, shown=f"{v:g}%" if printed_growth else _shown(v, block, r), row=r,
                      chunk=block.chunk_of(r))
                 for r in rows if col < len(r.values) and (v := r.values[col]) is not None]
        when = block.years[col] if col < len(block.years) else None
        how = f"in the table {_caption(block)}" + (f" ({when} column)" if when else "")
    of_segments = _captioned_segments(block)
    compared = sorted(group, key=lambda i: -block.years[i])[:2] if changes else [col]
    if not any(r.percent for r in block.rows) and (below := subtotals(block.rows, compared, block)):
        # "Software and cloud revenues", the sum of the four lines above it: ranked, it would stand
        # beside the lines it adds; the lines are the items
        summed = {block.rows[k].label for k in below}
        items = [i for i in items if i.row.label not in summed]
    return Table(items=items, how=how, total=total, column=col, of_segments=of_segments,
                 block=block, compared=compared) if len(items) >= 2 else None


def _above_their_total(rows: list[Row], block: Block, col: int) -> list[Row]:
    """The segments a total sums ("Net sales of reportable segments and All Other"), without the lines
    after it that bridge it to another total ("Impact of foreign currency movements"): those reconcile,
    they are no segment."""
    # (the last such total: "Converse" below "Total NIKE Brand" is a segment of "Total NIKE, Inc.")
    for k, row in reversed(list(enumerate(block.rows))):
        if not _WHOLE_ROW.match(row.label) or col >= len(row.values) or row.values[col] is None:
            continue
        above = [r for r in block.rows[:k] if not _WHOLE_ROW.match(r.label)]
        values = [r.values[col] if col < len(r.values) else None for r in above]
        if len(above) >= 2 and None not in values \
                and abs(sum(v for v in values if v is not None) - row.values[col]) <= 0.5 * len(above):
            return [r for r in rows if r in above]
    return rows


def _of_measure(metric: str, found: list[Block], vocab: Vocabulary) -> bool:
    """The last block of `found` holds the asked measure: the nearest line above it that names a
    measure ("Revenues:", "Segment adjusted EBITDA ... the following table") or its total row
    ("Total revenue") names the asked one. A block with no caption continues the table above it
    in the same chunk (a table cut by a footnote line), so that table's caption and total rows
    speak for it too. A table no line of which names a measure is not taken as the asked one."""
    table = [found[-1]]
    for block in reversed(found[:-1]):
        if _caption_lines(table[0]) or block.chunk.chunk_id != table[0].chunk.chunk_id:
            break
        table.insert(0, block)
    named = {m for b in table for r in b.rows if re.match(r"total\b", r.label, re.I)
             for m in _measures(r.label, vocab)}
    heading = next((names for line in reversed(table[0].context.splitlines())
                    if (names := _measures(line, vocab))), [])
    return metric in named | set(heading)


def _measures(line: str, vocab: Vocabulary) -> list[str]:
    """The measures a line names; "unearned revenue" or "deferred income" is a balance, not the
    revenue or income it will become."""
    return vocab.match_metrics(_BALANCE_OF.sub(" ", line))


_SPAN = re.compile(r"\b(three|six|nine|twelve)\s+months\b|\b(?:fiscal\s+)?(years?)\s+ended\b", re.I)
_SPAN_KIND = {"three": "quarter", "six": "to date", "nine": "to date", "twelve": "year", "year": "year", "years": "year"}
_ASKS_QUARTER = re.compile(r"\bq[1-4]\b|\bquarter\b", re.I)


def _span_group(block: Block, ask: str) -> range | None:
    """The columns of the span the question asks, where the header repeats its years under spans
    ("Three Months Ended  Twelve Months Ended" / "2022 2021 2022 2021"): a quarter asked reads the
    quarter's, a year asked the twelve months' (never the quarter's columns labelled by their year), or
    in an interim report the months to date; None when the header names no such spans."""
    size = len(set(block.years))
    if not size or size == len(block.years) or len(block.years) % size:
        return None
    for line in reversed(block.context.splitlines()[-3:]):
        kinds = [_SPAN_KIND[(m.group(1) or m.group(2)).lower()] for m in _SPAN.finditer(line)]
        if len(kinds) == len(block.years) // size:
            # (a year asked of an interim report's quarter and year-to-date columns: the year so far)
            asks_quarter = _ASKS_QUARTER.search(ask) or any("Q" in p for p in parse_periods(ask).periods)  # "Q22023"
            wants = ["quarter"] if asks_quarter else ["year", "to date"]
            want = next((w for w in wants if w in kinds), None)
            if want is None:
                return None
            start = kinds.index(want) * size
            return range(start, start + size)
    return None


def _group(block: Block, metric: str | None, vocab: Vocabulary) -> range | None:
    """The columns of the asked measure. A header that repeats its years ("2022 2021 2020 2022 2021
    2020") holds one group of columns per measure, in the order its heading names them ("Net
    Revenue Operating Profit/(Loss)"); None when which group is the asked measure cannot be told.
    Groups no heading names as measures are of another dimension (Worldwide, U.S., International),
    the first read as a single-group table is."""
    size = len(set(block.years))
    if size == len(block.years) or len(block.years) % size:
        return range(len(block.years))
    if metric is None:
        return range(size)  # no measure asked: the first group, as a single-group table reads
    heading = next((names for line in reversed(block.context.splitlines()[-3:])
                    if len(names := list(dict.fromkeys(_measures(line, vocab)))) >= 2), [])
    if not heading:
        return range(size)  # groups of another dimension ("Worldwide U.S. International"): the first
    if len(heading) != len(block.years) // size or metric not in heading:
        return None
    start = heading.index(metric) * size
    return range(start, start + size)


def _other_place(ask: str, block: Block) -> bool:
    """The question is about one place ("in the domestic (USA) market") and the table's total row
    or the heading just above it names another ("Total International revenue")."""
    asked = {m.group(0).casefold() for m in PLACE_NAMES.finditer(ask)}
    if not asked:
        return False
    heading = (block.context.splitlines() or [""])[-1]
    named = {m.group(0).casefold() for r in block.rows if re.match(r"total\b", r.label, re.I)
             for m in PLACE_NAMES.finditer(r.label)} | {m.group(0).casefold() for m in PLACE_NAMES.finditer(heading)}
    return bool(named) and not named & asked


def places_table(block: Block) -> bool:
    """The table's items are places: its caption says so ("by customer location", "geographic
    area"), or most of its labels name regions or countries."""
    labels = [r.label for r in block.rows if not re.match(r"(?:total|net)\b", r.label, re.I)]
    placed = sum(1 for label in labels if names_a_place(label))
    return bool(_PLACE_CAPTION.search(block.context)) or (bool(labels) and placed * 2 > len(labels))


def same_dimension(ask: str, block: Block) -> bool:
    """A question by region needs a table whose items are places (a section captioned "by
    geographic area" also holds tables of revenue drivers); one by product, brand or category a
    table that is not one. A question by segment (segments are places for some companies,
    products for others) or naming no dimension takes either."""
    if re.search(r"\bsegments?\b", ask, re.I):
        # segments are places for some companies, products for others, but a table captioned by
        # places or products that never says segment is of other items: revenue by geography
        # ("based on where the trip was completed"), by merchandise category
        # ("by asset category and reportable segment": a part whose labels do not say segment is the categories)
        if any(_SEGMENTS.search(r.label) for r in block.rows):
            return True
        if _BY_OTHER_AND_SEGMENT.search(" ".join(block.context.split())):
            return False
        return bool(_SEGMENTS.search(block.context)) or not (
            _PLACE_CAPTION.search(block.context) or _OFFERING_CAPTION.search(block.context))
    if _ASKS_PLACES.search(ask):
        # most of its items are places ("Rest of world", "Other" name none, and count for neither side):
        # a section captioned by geography also holds tables of contract types or products
        labels = [r.label for r in block.rows if not re.match(r"(?:total|net|worldwide|(?:all\s+)?other\b)", r.label, re.I)
                  and not re.search(r"\brest\s+of\b", r.label, re.I)]
        placed = sum(1 for label in labels if names_a_place(label))
        return places_table(block) and (not labels or placed * 2 >= len(labels))
    if _ASKS_OFFERINGS.search(ask):
        # "Revenue by product category" under "Domestic:": categories of one market, a place in its
        # caption; a table whose caption says places and never products, or whose labels are places, is not
        labels = [r.label for r in block.rows if not re.match(r"(?:total|net)\b", r.label, re.I)]
        placed = sum(1 for label in labels if names_a_place(label))
        if labels and placed * 2 > len(labels):
            return False
        return not _PLACE_CAPTION.search(block.context) or bool(_OFFERING_CAPTION.search(block.context))
    return True


def _caption_lines(block: Block, n: int = 2) -> list[str]:
    """The last lines of prose above the table (its caption), scale notes and column dates left out."""
    lines = [line.strip() for line in block.context.splitlines()
             if len(line.split()) >= 4 and not re.search(r"\bin\s+(?:millions|thousands|billions)\b", line, re.I)
             and not re.match(r"(?:as\s+of|years?\s+ended|at)\b", line.strip(), re.I)]
    return lines[-n:]


# "the Graphics segment", "our Compute & Networking segment": a name the filing gives a segment
_NAMED_SEGMENT = re.compile(r"\b(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:&\s+)?[A-Z][\w&'’.-]*){0,4})[\"”]?\s+segment\b")
_NO_SEGMENT_NAME = frozenset({"the", "our", "its", "each", "every", "this", "that", "total", "reportable", "operating",
                              "business", "reporting", "geographic", "a", "one", "other", "all"})


def _other_segments_named(table: Table, hits: list[SearchHit], company: str, retriever: Retriever | None) -> bool:
    """Whether the filing names segments of the company ("the Graphics segment") and calls none of the table's items
    one, read in the hits and the table's own chunk, and, when none of them calls an item a segment, in one search of
    the table's filing for its segments; a filing whose segments the texts read never name leaves the items unjudged."""
    texts = [*(h.chunk.text for h in hits), table.block.chunk.text if table.block else ""]
    if any(_called_a_segment(i.label, texts) for i in table.items):
        return False
    if retriever is not None and table.block is not None:
        filters = SearchFilters(companies=[company], docs=[table.block.chunk.doc])
        texts += [h.chunk.text for h in retriever.search(f"{company} reportable segments operating segments", k=6,
                                                         mode="sparse", filters=filters)]
    named = {m.group("name") for text in texts for m in _NAMED_SEGMENT.finditer(text)
             if m.group("name").split()[-1].lower() not in _NO_SEGMENT_NAME}
    return bool(named) and not any(_called_a_segment(i.label, texts) for i in table.items)


def _called_a_segment(label: str, texts: list[str]) -> bool:
    """Whether the filing's text calls an item a segment: "<item> segment", or the item among the names a sentence
    gives its segments ("Our two operating segments are "Compute & Networking" and "Graphics"", "three segments:
    North America, International, and AWS")."""
    if re.search(r"\bsegments?\s*$", _item_name(label), re.I):
        return True  # a row the table itself labels so ("FedEx Express segment")
    name = re.escape(_item_name(label))
    called = re.compile(rf"\b{name}[\"”]?\s+(?:(?:reportable|operating|business)\s+)?segment\b|"
                        rf"\bsegments?\b[^.]{{0,40}}?(?:\b(?:consist\s+of|are|were|comprise|include)\b|:)[^.]{{0,200}}?"
                        rf"\b{name}\b")
    return any(called.search(text) for text in texts)


def _captioned_segments(block: Block) -> bool:
    """The table's own caption says its items are segments ("Revenue by Reportable Segments"); a
    word further up the page may be about another table."""
    return any(_SEGMENTS.search(line) for line in _caption_lines(block, 1))


def _caption(block: Block) -> str:
    lines = [line.strip() for line in block.context.splitlines()
             if len(line.strip()) > 12 and not re.search(r"\bin\s+(?:millions|thousands|billions)\b", line, re.I)]
    return f'"{lines[-1][:120]}"' if lines else f"on {block.chunk.doc} p.{block.chunk.page + 1}"


_GROWTH_ASKED = re.compile(r"\b(?:growth|grew|increase|decline|decrease|change)\b", re.I)


def _rates_table(block: Block) -> bool:
    """Every row is a rate: each prints "%", or the table marks its first or total row with "%" ("U.S.
    10.3 % 3.7 %" over "International Operated Markets 11.9 13.0") and no value reaches 100."""
    if all(block.is_rate(r) for r in block.rows):
        return True
    values = [v for r in block.rows for v in r.values[: len(block.years) or None] if v is not None]
    return any(block.is_rate(r) for r in block.rows) and bool(values) and all(abs(v) < 100 for v in values)


# a row of an operating statistic, in physical units or per unit: not an item's amount of money
_A_STATISTIC = re.compile(r"\b(?:price|cost|revenue)\s+per\s+\w+|\((?:in\s+)?(?:mmcf|mcf|bcf|kwh|mwh|gwh|mmbtu|tons?|"
                          r"barrels?|boe|gallons?|megawatts?|gigawatt-hours?)\)", re.I)
_RATIO = re.compile(r"^\s*(\w+)\s*/\s*(\w+)\s*$")


def _ratio_items(ask: str, hits: list[SearchHit], companies: list[str], year: int | None, vocab: Vocabulary,
                 metric: str) -> tuple[list[Item], str] | None:
    """Each item's ratio (a margin: `metric`'s formula "operating_income / revenue") from a table of the
    numerator and one of the denominator whose captions name them, over the same items in the asked
    year's column; None unless both tables list the very same items, every base positive."""
    formula = _RATIO.match(vocab.formula(metric) or "")
    if formula is None:
        return None
    tops, bottoms = formula.groups()
    found = blocks(hits, companies)

    def measured(measure: str) -> list[Block]:
        # the measure named by the caption, or by the table's total row ("Total operating income (loss)"
        # under a header the chunker repeated over the table's second part)
        return [b for b in found if not b.group and measure in vocab.match_metrics(
            "\n".join([*b.context.splitlines()[-2:], *(r.label for r in b.rows if _WHOLE_ROW.match(r.label))]))]

    def column(block: Block) -> int:
        # the asked year in the span asked (a year's twelve months, not its quarter's columns)
        spans = _span_group(block, ask) or range(len(block.years))
        within = [block.years[i] for i in spans]
        return spans.start + (within.index(year) if year in within else 0)

    def items(block: Block, col: int) -> dict[str, tuple[float, Row]]:
        return {normalize_label(r.label): (r.values[col], r) for r in block.rows
                if col < len(r.values) and r.values[col] is not None and not _WHOLE_ROW.match(r.label)
                and not _RECONCILING.search(r.label) and not block.is_rate(r)}

    for bottom_block in measured(bottoms):
        if not bottom_block.years:
            continue
        for top_block in measured(tops):
            # a part of the same table with no header of its own reads the part before's columns
            years = top_block.years or (bottom_block.years if top_block.chunk.doc == bottom_block.chunk.doc
                                        and 0 <= top_block.chunk.index - bottom_block.chunk.index <= 1 else [])
            if years != bottom_block.years:
                continue
            # (one column for both: a part with no header of its own has no spans to read)
            col = column(bottom_block)
            top, bottom = items(top_block, col), items(bottom_block, col)
            if len(top) < 2 or set(top) != set(bottom) or any(v <= 0 for v, _ in bottom.values()):
                continue
            if top_block is bottom_block or all(top[k][0] == bottom[k][0] for k in top):
                # one table captioned with both measures ("segment net revenues and segment operating income",
                # whose rows are the measures and whose columns the segments): its rows over themselves, 100% each
                continue
            year_shown = years[col]
            ranked = [Item(label=row.label, value=value / bottom[key][0] * 100, row=row, chunk=top_block.chunk_of(row),
                           shown=f"{value / bottom[key][0] * 100:.1f}% ({plain(value)} / {plain(bottom[key][0])})")
                      for key, (value, row) in top.items()]
            return ranked, (f"by {vocab.label(metric) or metric} ({vocab.label(tops) or tops} / "
                            f"{vocab.label(bottoms) or bottoms}) in {year_shown}, from the tables of "
                            f"“{_table_name(top_block)}” and “{_table_name(bottom_block)}”")
    return None


def _change_after(row: Row, years: int) -> bool:
    """The amounts after the year columns start with the change of the first two ("3,341 3,880 (539) (14)%")."""
    v = row.values
    if not len(v) > years >= 2 or None in (v[0], v[1], v[years]):
        return False
    return abs((v[0] - v[1]) - v[years]) <= max(1.0, abs(v[years]) * 0.01)


def _table_name(block: Block) -> str:
    """What a table is of: its total row's label ("Total operating income (loss)"), else its caption's last line."""
    total = next((r.label for r in block.rows if _WHOLE_ROW.match(r.label)), "")
    return total or (block.context.splitlines() or [""])[-1]


def _shown(value: float, block: Block, row: Row | None = None) -> str:
    if row is not None and block.is_rate(row):
        return f"{plain(value)}%"
    return f"{plain(value)} ({block.scale})"
