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
from typing import TYPE_CHECKING, Literal

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

EVERY_ITEM = "every_listed_item_stated"  # the flag of an answer whose every listed item was checked here
_MIN_ITEMS = 3  # a list of several amounts: fewer is a passage's or a metric's question
_MAX_ITEM_WORDS = 4  # an item is a noun phrase, not a clause
_WH = r"(?:how|what|which|who|whom|when|where|why|did|does|do|was|were|is|are)"
# the clauses of a question: "...: what were ...", "...?", ", and how much ..."
_CLAUSE_BREAK = re.compile(rf"[?:;]|,?\s+and\s+(?={_WH}\b)|,\s+(?={_WH}\b|(?:for|under|in)\s+which\b)", re.I)
_PAREN = re.compile(r"\(([^()]+)\)")
# "what were the new total program size, share repurchase authorization and quarterly dividend"
_WHAT_WERE = re.compile(r"^\s*what\s+(?:was|were|is|are)\s+(?:the\s+|its\s+|their\s+)?(?P<list>.+)$", re.I)
# "what changes to its share repurchase authorization, dividend and share count did Apple announce"
_CHANGES_TO = re.compile(r"^\s*what\s+(?:changes?|increases?|revisions?)\s+to\s+(?:its|the|their)\s+(?P<list>.+?)"
                         r"\s+(?:did|does|do|has|have|had|were|was)\b", re.I)
# "how much did it spend on buybacks and dividends in the year"
_SPEND_ON = re.compile(r"^\s*how\s+much\s+(?:cash\s+)?did\s+.{1,40}?\s+(?:spend|pay|use|return)\s+(?:on|for|in|to)\s+"
                       r"(?P<list>.+)$", re.I)
# "what restructuring charges did McDonald's record in the first quarter of 2023"
_WHAT_DID = re.compile(r"^\s*what\s+(?P<list>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s+(?:did|does|has|have|had)\s+", re.I)
# "for which initiative": the name of what the item before was for, said with it
_FOR_WHICH = re.compile(r"^\s*(?:for|under|in)\s+which\s+[a-z][\w-]+\s*$", re.I)
# "what was diluted EPS with and without them": the amount as reported and the one excluding them
_WITH_WITHOUT = re.compile(r"^\s*what\s+(?:was|were|is|are)\s+(?:the\s+|its\s+|their\s+)?(?P<item>.+?)\s+with\s+and\s+"
                           r"without\s+(?:them|it|those|these|the\s+[\w\s]+)\s*$", re.I)
_HOW_DID = re.compile(r"^\s*how\s+did\s+", re.I)
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
_ENDED = re.compile(r"[.!?)\"\u201d]\s*$")
_LEAD_IN = re.compile(r"^(?P<own>.*[a-z0-9)])\s+(?P<lead>[A-Z][^:.;!?]{5,80}:)\s*$", re.S)
_NEAR = 8  # words between an amount and the item's word
# "$180 million", "$ 1,281 million", "$33.0 billion"; "$0.63 per share", "$2.45"
_SCALED = re.compile(r"^\(?\$\s?\d[\d,.]*\s*(?:thousand|million|billion|trillion)s?\b", re.I)
_PER_SHARE = re.compile(r"^\(?\$\s?\d{1,3}(?:\.\d+)?\b", re.I)
_PER_SHARE_ITEM = re.compile(r"\b(?:dividends?|eps|per\s+share|price)\b", re.I)
_EXCLUDING = re.compile(r"\b(?:excluding|excludes?|excluded|exclusive\s+of|without|adjusted|non-gaap)\b", re.I)
# "related to Accelerating the Organization", "under the 2023 Restructuring Plan": a name after its link
_FOR_NAME = re.compile(r"\b(?:related\s+to|associated\s+with|in\s+connection\s+with|attributable\s+to|under|for)\s+"
                       r"(?:the\s+|its\s+|our\s+)?(?:\d{4}\s+)?[A-Z][a-z]+(?:\s+(?:the\s+|of\s+|and\s+)?[A-Z][a-z]+)+")
_QUARTERLY = re.compile(r"\bquarterly\b", re.I)
# "As of September 30, 2017, $166 billion of the share repurchase program had been utilized": a
# balance at a date (all the years of a program), not what was spent in the asked year
_AS_OF = re.compile(r"^\W*as\s+of\b", re.I)


class Item(BaseModel):
    model_config = ConfigDict(frozen=True)

    words: str  # as the question says it
    stems: tuple[str, ...]
    # what is asked of it: an amount ("the new program size"), an amount spent ("how much did it
    # spend on buybacks"), the name of what the item before was for ("for which initiative"), or
    # an amount as reported ("with") and excluding the items before ("without")
    ask: Literal["amount", "spent", "name", "with", "without"] = "amount"
    phrases: tuple[tuple[str, ...], ...] = ()  # a vocabulary metric's wordings, when the item is one

    @property
    def spent(self) -> bool:
        return self.ask == "spent"


def listed_items(question: str, companies: list[str], vocab: Vocabulary) -> list[Item]:
    """The items a question lists and asks an amount of, in its order ([] when it lists none, or
    lists lines of the income statement or balance sheet alone: the metric path reads those rows)."""
    found: list[tuple[str, str]] = []
    for at, clause in enumerate(c for c in _CLAUSE_BREAK.split(question) if c and c.strip()):
        before = len(found)
        for inner in _PAREN.findall(clause):
            found += [(w, "amount") for w in _ITEM_SPLIT.split(inner)]
        clause = _PAREN.sub(" ", clause)
        if m := _SPEND_ON.match(clause):
            found += [(w, "spent") for w in _ITEM_SPLIT.split(_TRAILING_TIME.sub("", m["list"]))]
        elif m := _WITH_WITHOUT.match(clause):
            found += [(m["item"], "with"), (m["item"], "without")]
        elif _FOR_WHICH.match(clause) and found:
            found.append((found[-1][0], "name"))
        elif m := (_CHANGES_TO.match(clause) or _WHAT_WERE.match(clause) or _WHAT_DID.match(clause)):
            found += [(w, "amount") for w in _ITEM_SPLIT.split(_TRAILING_TIME.sub("", m["list"]))]
        if len(found) == before and not (at == 0 and _HOW_DID.match(clause)):
            # a part that is no list of amounts ("what happened to headcount", "why ..."): the question
            # is not this reader's (only "How did Apple enlarge its program: ..." leads into the list)
            return []
    items: list[Item] = []
    for words, ask in found:
        stems = tuple(s for s in dict.fromkeys(content_words(words, companies)) if s not in _MODIFIERS)
        if _QUARTERLY.search(words):
            stems = ("quarter", *stems)  # a quarterly dividend is not the year's dividends paid
        if ask == "spent":
            stems = tuple(s for s in stems if s not in ("spend", "spent", "pay", "paid"))
        if not stems or len(words.split()) > _MAX_ITEM_WORDS:
            return []  # a clause, not a noun phrase: the question is not a list of amounts
        metrics = vocab.match_metrics(words)
        own = tuple(t for t in tokenize(words) if t not in _MODIFIERS)
        phrases = tuple(p for m in metrics for w in vocab.metrics[m].wordings if (p := tuple(tokenize(w))))
        items.append(Item(words=words.strip(), stems=stems, ask=ask,  # type: ignore[arg-type]
                          phrases=phrases if own in phrases else ()))
    if not any(i.ask in ("name", "with", "without") for i in items) and any(
            vocab.statement_of(m) != "cash_flow" for i in items for m in vocab.match_metrics(i.words)):
        # "what were revenue, operating income and net income": statement lines, read from their rows;
        # a charge asked with what it was for, or with the figure excluding it, is a named action's
        return []
    return items if len(items) >= _MIN_ITEMS else []


def _own(found: list[Sentence]) -> list[Sentence]:
    """Each sentence without the next list's lead-in a bullet ran into ("• Pre-tax restructuring
    charges of $180 million, ... related to Accelerating the Organization Results for 2022 included
    the following:"): the lead-in dates the next items, not this one."""
    out = []
    for s in found:
        m = _LEAD_IN.match(s.text)
        out.append(s.model_copy(update={"text": m["own"]}) if m else s)
    return out


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding, vocab: Vocabulary,
          retriever: Retriever | None) -> WrittenAnswer | None:
    companies = list(understanding.companies)
    items = listed_items(question, companies, vocab)
    if not items or len(companies) != 1:
        return None
    years = set(understanding.fiscal_years)
    hits = [*hits, *_neighbours(hits, retriever)]
    chosen = _cover(items, _own(sentences(hits, companies)), years)
    missing = [i for i in items if not any(_covers(s, i, years) for s in chosen)]
    if missing and retriever is not None:
        # an item's sentence may stand on a page the whole question's words did not retrieve
        for item in missing:
            found = retriever.search(f"{companies[0]} {item.words}", k=8, mode="sparse",
                                     filters=SearchFilters(companies=companies, fiscal_years=sorted(years)))
            hits = [*hits, *found]
        chosen = _cover(items, _own(sentences(hits, companies)), years)
        missing = [i for i in items if not any(_covers(s, i, years) for s in chosen)]
    if missing:
        return None
    chosen.sort(key=lambda s: (s.chunk.doc, s.chunk.page, s.chunk.index, s.position))
    # every item was checked here, one by one: the part gate's word overlap would miss the ask's own
    # words ("record", "initiative") that no filing repeats
    return WrittenAnswer(status="answered", kind="passage", text=quoted(chosen), flags=[EVERY_ITEM],
                         citations=unique_citations([cite(s.chunk, s.text) for s in chosen]))


def _neighbours(hits: list[SearchHit], retriever: Retriever | None) -> list[SearchHit]:
    """The chunks before and after each hit's, in its filing, when the hits lack them: a sentence
    a chunk cuts ("... diluted earnings per share was $2" / "year restructuring charges ...") is read
    whole (answering.kinds.sentences joins a chunk with the next)."""
    filing = getattr(retriever, "filing", None)  # a stand-in retriever may hold no pages
    if filing is None:
        return []
    held = {(h.chunk.doc, h.chunk.index) for h in hits}
    out: list[SearchHit] = []
    for doc in dict.fromkeys(h.chunk.doc for h in hits):
        own = {i for d, i in held if d == doc}
        wanted = {j for i in own for j in (i - 1, i + 1)} - own
        out += [SearchHit(chunk=c, score=0.0) for c in filing(doc).chunks if c.index in wanted]
    return out


def _cover(items: list[Item], found: list[Sentence], years: set[int]) -> list[Sentence]:
    """As few sentences as cover the items, greedily: the one covering most of the items left
    first (the better-retrieved of equals); items no sentence covers are left uncovered."""
    left, chosen = list(items), []
    while left:
        # a sentence read to its end before one a chunk cut ("... diluted earnings per share was $2")
        # (and one read from its start before a fragment a chunk began with: "year restructuring ...")
        scored = [(sum(_covers(s, i, years) for i in left), bool(_ENDED.search(s.text)), not s.text[:1].islower(),
                   -s.rank, -s.position, s) for s in found]
        best = max(scored, key=lambda t: t[:5], default=None)
        if best is None or best[0] == 0:
            break
        chosen.append(best[5])
        left = [i for i in left if not _covers(best[5], i, years)]
    return chosen


def _covers(s: Sentence, item: Item, years: set[int]) -> bool:
    if not _AMOUNT.search(s.text) or not _dated(s, years):
        return False
    if item.ask == "name":
        # "Pre-tax restructuring charges of $180 million, ... related to Accelerating the Organization"
        return _beside(s.text, item.model_copy(update={"ask": "amount"})) and bool(_FOR_NAME.search(s.text))
    if item.ask == "spent" and (not _SPENT.search(s.text) or _AS_OF.match(s.text)):
        return False
    if item.ask == "without" and not _EXCLUDING.search(s.text):
        return False
    if item.ask == "with" and _EXCLUDING.search(s.text):
        return False
    return _beside(s.text, item)


def _beside(text: str, item: Item) -> bool:
    """An amount with the item's words within a few words of it ("spent $33.0 billion to repurchase
    shares", "raising its quarterly dividend from $0.57 to $0.63 per share"): a charge, a program or
    an amount spent in money at a scale ("$180 million"), a dividend or earnings per share also per
    share (a charge's "$0.18 per share" is its effect on earnings, not the charge)."""
    per_share = bool(_PER_SHARE_ITEM.search(item.words)) or any("per" in p or "ep" in p for p in item.phrases)
    words = text.split()
    for at, word in enumerate(words):
        if not word.startswith(("$", "($")):
            continue
        amount = " ".join(words[at: at + 4])
        if not (_SCALED.match(amount) or (per_share and _PER_SHARE.match(amount))):
            continue
        near = " ".join(words[max(0, at - _NEAR): at + _NEAR + 1])
        if _names(near, item):
            return True
    return False


def _names(text: str, item: Item) -> bool:
    stems = set(tokenize(text))
    if all(_named(stem, stems) for stem in item.stems):
        return True
    tokens = tokenize(text)
    return any(tuple(tokens[i: i + len(p)]) == p for p in item.phrases for i in range(len(tokens) - len(p) + 1))


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
    if not before:
        # neither dated: the filing's own period ("Diluted earnings per share was $2.45" in the
        # quarter's release)
        return s.chunk.fiscal_year in years
    return before <= years | {y + 1 for y in years} | {y + 2 for y in years} and bool(before & years)
