"""The amounts a question lists, each given by the sentence that states it.

"How did Apple enlarge its capital return program during fiscal 2017: what were the new total
program size, share repurchase authorization and quarterly dividend, and how much did it spend
on buybacks and dividends in the year?" asks for five amounts of named corporate actions. No
statement line holds a program's size or an authorization, and no one sentence shares half the
question's words, so the metric and passage readers find nothing; the filing states each in its
own words ("raising the expected total size of the program from $250 billion to $300 billion",
"increasing its share repurchase authorization from $175 billion to $210 billion", "spent $33.0
billion to repurchase shares").

The question's grammar lists the items ("what were A, B and C", "(A, B and C)", "what changes to
its A, B and C", "how much did it spend on A and B"). Each item is covered by a sentence that
names every word of it and states an amount: an amount spent ("spend on buybacks") only by a
sentence that says it was spent, paid or repurchased, with the item's word beside the amount (an
authorization's "$210 billion" is no amount spent). A sentence dated to other years than the
asked ones is another period's fact; an undated one counts only after a sentence dated as asked
("In May 2017, ... This included increasing ..."). Every item covered, in as few sentences as
cover them, or None: the caller's refusal stands (a part left out makes the answer wrong).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from answering.citations import cite, unique_citations
from answering.kinds.sentences import Sentence, content_words, quoted, sentences
from answering.numbers import years_in
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit
from finrag.vocabulary import Vocabulary, tokenize

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

_MIN_ITEMS = 3  # a list of several amounts: fewer is a passage's or a metric's question
_MAX_ITEM_WORDS = 4  # an item is a noun phrase, not a clause
_WH = r"(?:how|what|which|who|whom|when|where|why|did|does|do|was|were|is|are)"
# the clauses of a question: "...: what were ...", "...?", ", and how much ..."
_CLAUSE_BREAK = re.compile(rf"[?:;]|,?\s+and\s+(?={_WH}\b)|,\s+(?={_WH}\b)", re.I)
_PAREN = re.compile(r"\(([^()]+)\)")
# "what were the new total program size, share repurchase authorization and quarterly dividend"
_WHAT_WERE = re.compile(r"^\s*what\s+(?:was|were|is|are)\s+(?:the\s+|its\s+|their\s+)?(?P<list>.+)$", re.I)
# "what changes to its share repurchase authorization, dividend and share count did Apple announce"
_CHANGES_TO = re.compile(r"^\s*what\s+(?:changes?|increases?|revisions?)\s+to\s+(?:its|the|their)\s+(?P<list>.+?)"
                         r"\s+(?:did|does|do|has|have|had|were|was)\b", re.I)
# "how much did it spend on buybacks and dividends in the year"
_SPEND_ON = re.compile(r"^\s*how\s+much\s+(?:cash\s+)?did\s+.{1,40}?\s+(?:spend|pay|use|return)\s+(?:on|for|in|to)\s+"
                       r"(?P<list>.+)$", re.I)
# a list's trailing time ("in the year", "during fiscal 2015", "that year")
_TRAILING_TIME = re.compile(r"\s+(?:in|during|for|over|that|this|each)\s+(?:the\s+)?"
                            r"(?:year|quarter|period|fiscal|fy|\d{4}|same)\b.*$", re.I)
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s+or\s+", re.I)
# modifiers a question puts on an item that a stating sentence need not repeat ("the new ... size")
_MODIFIERS = frozenset(tokenize("new current latest revised updated enlarged higher"))
# one word of an item that a filing writes another way
_ALIASES = {"buyback": ("repurchas",), "repurchas": ("buyback",)}
# a money or per-share amount
_AMOUNT = re.compile(r"\$\s?\d|\d\s*(?:cents?|per\s+share)\b", re.I)
_SPENT = re.compile(r"\b(?:spent|spend|paid|pay|used|utilized|repurchased|returned|bought)\b", re.I)
_SPENT_NEAR = 8  # words between an amount spent and the item's word
_QUARTERLY = re.compile(r"\bquarterly\b", re.I)
# "As of September 30, 2017, $166 billion of the share repurchase program had been utilized": a
# balance at a date (all the years of a program), not what was spent in the asked year
_AS_OF = re.compile(r"^\W*as\s+of\b", re.I)


class Item(BaseModel):
    model_config = ConfigDict(frozen=True)

    words: str  # as the question says it
    stems: tuple[str, ...]
    spent: bool  # an amount spent ("how much did it spend on X"), not a program's size


def listed_items(question: str, companies: list[str], vocab: Vocabulary) -> list[Item]:
    """The items a question lists and asks an amount of, in its order ([] when it lists none, or
    lists a line of the income statement or balance sheet: the metric path reads those rows)."""
    items: list[Item] = []
    for clause in _CLAUSE_BREAK.split(question):
        found: list[tuple[str, bool]] = []
        for inner in _PAREN.findall(clause):
            found += [(w, False) for w in _ITEM_SPLIT.split(inner)]
        clause = _PAREN.sub(" ", clause)
        if m := _SPEND_ON.match(clause):
            found += [(w, True) for w in _ITEM_SPLIT.split(_TRAILING_TIME.sub("", m["list"]))]
        elif m := (_CHANGES_TO.match(clause) or _WHAT_WERE.match(clause)):
            found += [(w, False) for w in _ITEM_SPLIT.split(_TRAILING_TIME.sub("", m["list"]))]
        for words, spent in found:
            stems = tuple(s for s in dict.fromkeys(content_words(words, companies)) if s not in _MODIFIERS)
            if _QUARTERLY.search(words):
                stems = ("quarter", *stems)  # a quarterly dividend is not the year's dividends paid
            if any(vocab.statement_of(m) != "cash_flow" for m in vocab.match_metrics(words)):
                return []
            if spent:
                stems = tuple(s for s in stems if s not in ("spend", "spent", "pay", "paid"))
            if not stems or len(words.split()) > _MAX_ITEM_WORDS:
                return []  # a clause, not a noun phrase: the question is not a list of amounts
            items.append(Item(words=words.strip(), stems=stems, spent=spent))
    return items if len(items) >= _MIN_ITEMS else []


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding, vocab: Vocabulary,
          retriever: Retriever | None) -> WrittenAnswer | None:
    companies = list(understanding.companies)
    items = listed_items(question, companies, vocab)
    if not items or len(companies) != 1:
        return None
    years = set(understanding.fiscal_years)
    chosen = _cover(items, sentences(hits, companies), years)
    missing = [i for i in items if not any(_covers(s, i, years) for s in chosen)]
    if missing and retriever is not None:
        # an item's sentence may stand on a page the whole question's words did not retrieve
        for item in missing:
            found = retriever.search(f"{companies[0]} {item.words}", k=8, mode="sparse",
                                     filters=SearchFilters(companies=companies, fiscal_years=sorted(years)))
            hits = [*hits, *found]
        chosen = _cover(items, sentences(hits, companies), years)
        missing = [i for i in items if not any(_covers(s, i, years) for s in chosen)]
    if missing:
        return None
    chosen.sort(key=lambda s: (s.chunk.doc, s.chunk.page, s.chunk.index, s.position))
    return WrittenAnswer(status="answered", kind="passage", text=quoted(chosen),
                         citations=unique_citations([cite(s.chunk, s.text) for s in chosen]))


def _cover(items: list[Item], found: list[Sentence], years: set[int]) -> list[Sentence]:
    """As few sentences as cover the items, greedily: the one covering most of the items left
    first (the better-retrieved of equals); items no sentence covers are left uncovered."""
    left, chosen = list(items), []
    while left:
        scored = [(sum(_covers(s, i, years) for i in left), -s.rank, -s.position, s) for s in found]
        best = max(scored, key=lambda t: t[:3], default=None)
        if best is None or best[0] == 0:
            break
        chosen.append(best[3])
        left = [i for i in left if not _covers(best[3], i, years)]
    return chosen


def _covers(s: Sentence, item: Item, years: set[int]) -> bool:
    if not _AMOUNT.search(s.text) or not _dated(s, years):
        return False
    stems = set(tokenize(s.text))
    if not all(_named(stem, stems) for stem in item.stems):
        return False
    return _spent_beside(s.text, item) if item.spent else True


def _named(stem: str, stems: set[str]) -> bool:
    return stem in stems or any(a in stems for a in _ALIASES.get(stem, ()))


def _dated(s: Sentence, years: set[int]) -> bool:
    """Dated as asked: a year of its own among the asked, or none and the sentence before it is."""
    if not years:
        return True
    own = years_in(s.text)
    if own:
        return bool(own & years)
    before = years_in(s.before)
    return bool(before) and before <= years | {y + 1 for y in years} | {y + 2 for y in years} \
        and bool(before & years)


def _spent_beside(text: str, item: Item) -> bool:
    """An amount said spent, with the item's word within a few words of it: "spent $33.0 billion
    to repurchase shares", "paid dividends and dividend equivalents of $12.8 billion"."""
    if not _SPENT.search(text) or _AS_OF.match(text):
        return False
    words = text.split()
    for at, word in enumerate(words):
        if not word.startswith("$"):
            continue
        near = set(tokenize(" ".join(words[max(0, at - _SPENT_NEAR): at + _SPENT_NEAR + 1])))
        if all(_named(stem, near) for stem in item.stems):
            return True
    return False
