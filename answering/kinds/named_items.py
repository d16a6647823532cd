"""named_items: "In which states did Patriot operate terminals?" answered by the names the filing's sentence
gives after the deed: "We operate terminals in Florida, Georgia, Alabama, South Carolina, North Carolina and
Tennessee."

A question that asks which things (plural) the company did something to or in names them in one sentence of
the filing. Signals any filing carries:
- the question asks "which <things> did <it> <verb> ..." (or "in which", "from which");
- the sentence holds the verb's stem ("operate", "excluded") and half of the question's other words at least;
- the items are the capitalised names after the verb, split at commas and "and": "Argentina and Lebanon" of
  "McDonald's excluded results from Argentina and Lebanon in the calculation of comparable sales"; an aside
  in parentheses ("(Venezuela continues to be excluded)") is another statement;
- two items at least, none of them the company's own name or a word of the question; one sentence only (two
  sentences naming different items are no answer).
"""

from __future__ import annotations

import re

from answering.citations import cite
from answering.kinds.ask_scope import topic_ask
from answering.kinds.sentences import Sentence, content_words, overlap, same_stem, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import tokenize
from retrieval.periods import parse_periods

# "Which markets did X begin excluding from ...", "In which states did X operate terminals"
# ("Which business acquisitions did X complete in 2021": the things may be qualified)
_ASK = re.compile(r"^\W*(?:(?:in|from|to|at)\s+)?which\s+(?:[a-z]+\s+){0,2}?(?P<things>[a-z]+(?:s|ies))\s+"
                  r"(?:did|does|do|has|have|had)\s+"
                  r"(?P<doer>(?:the\s+)?(?:company|group|firm|it|we|they)\s+|[\"“][^\"”]+[\"”]\s+|"
                  r"(?:[A-Z][\w&.'’-]*\s+){1,5})(?:begin\s+|start\s+|continue\s+)?(?P<verb>(?-i:[a-z]{4,}))\b", re.I)
# where the names after the deed end: a clause break, or words that go on to say something else of them
_CLAUSE_END = re.compile(r"[;:]|\s(?:which|that|who|where|while|whereas|respectively|pursuant|under|as\s+well\s+as)\b|"
                         r"\.\s", re.I)
_NAME = re.compile(r"(?<![\w'’])[A-Z][\w'’.&-]*(?:\s+(?:of\s+)?[A-Z][\w'’.&-]*){0,3}")
_ASIDE = re.compile(r"\s*\([^()]*\)")
_MIN_ITEMS = 2
_MIN_SHARED = 0.5
_NOT_ITEMS = frozenset(tokenize("the company we our its in of and comparable january february march april may june july "
                                "august september october november december note form item exhibit agreement credit "
                                "section part"))


def _same_deed(word: str, verb: str) -> bool:
    """One deed in two forms: "excluded" and "excluding" (their stems), "operate" and "operate"."""
    return same_stem(word, verb) or tokenize(word)[:1] == tokenize(verb)[:1] != []


def asked(question: str) -> bool:
    return _ASK.search(topic_ask(question)) is not None


def _items(sentence: str, verb: str, own: set[str]) -> list[str]:
    """The capitalised names after the sentence's word of the verb's stem, in their order, up to the end of
    that clause; none from a sentence that pairs its names with others ("respectively")."""
    text = _ASIDE.sub("", sentence)
    if re.search(r"\brespectively\b", text, re.I):
        return []
    at = next((m.end() for m in re.finditer(r"\b[a-z]{4,}\b", text) if _same_deed(m.group(0), verb)), None)
    if at is None:
        return []
    end = _CLAUSE_END.search(text, at)
    text = text[: end.start()] if end else text
    names: list[str] = []
    joins: list[str] = []  # the words each kept name follows the one before by
    last = None  # where the last name kept ends: the next one is listed beside it, or the list has ended
    for m in _NAME.finditer(text, at):
        name = m.group(0).strip(" .,")
        between = text[last:m.start()] if last is not None else ""
        if last is not None and _LEGAL_FORM.fullmatch(name):
            names[-1] = f"{names[-1]}, {name}"  # "TracFone Wireless, Inc.": the name's own legal form
            last = m.end()
            continue
        if last is not None and not _LISTED_BESIDE.fullmatch(between):
            break  # ", a provider of prepaid ... in the U.S.": words about the name, not another item
        words = set(tokenize(name))
        if not words or words <= _NOT_ITEMS or words & own:
            continue
        names.append(name)
        joins.append(between)
        last = m.end()
    if any(_SERIAL_AND.fullmatch(j) for j in joins):
        # "Productivity and Business Processes, Intelligent Cloud, and More Personal Computing": a serial comma
        # before the last name says commas part the items; an "and" without one joins words of one name
        merged: list[str] = []
        for name, join in zip(names, joins, strict=True):
            if merged and _BARE_AND.fullmatch(join):
                merged[-1] = f"{merged[-1]} and {name}"
            else:
                merged.append(name)
        names = merged
    return list(dict.fromkeys(names))


_SERIAL_AND = re.compile(r"\s*,\s*and\s+(?:the\s+)?", re.I)
_BARE_AND = re.compile(r"\s+and\s+", re.I)


_LISTED_BESIDE = re.compile(r"\s*(?:,|,?\s*(?:and|or))\s*(?:the\s+)?", re.I)
_LEGAL_FORM = re.compile(r"(?:Inc|LLC|Ltd|Corp|Co|plc|L\.P|N\.V|S\.A|AG|SE|GmbH)\.?")


def write(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    ask = _ASK.search(topic_ask(question))
    if ask is None:
        return None
    own = {t for c in companies for t in tokenize(c)} | set(tokenize(ask.group("doer")))
    # the ask's own words: not the doer's name as quoted ("Verizon Communications Inc."), nor a rule after the
    # question mark ("If data is not available, return 'N/A'.")
    asking = topic_ask(question).split("?")[0].replace(ask.group("doer"), " ")
    wanted = [w for w in content_words(asking, companies) if not _same_deed(w, ask.group("verb"))]
    found: list[tuple[Sentence, list[str]]] = []
    years = [str(y) for y in parse_periods(topic_ask(question)).years]
    for s in sentences(hits, companies):
        if overlap(s.text, wanted) < _MIN_SHARED or (years and not any(y in s.text for y in years)):
            continue  # (a year asked is the sentence's: "in 2022" is not answered by a deal of December 2021)
        items = _items(s.text, ask.group("verb"), own | set(tokenize(ask.group("things"))))
        if len(items) >= _MIN_ITEMS:
            found.append((s, items))
    if len({tuple(items) for _, items in found}) != 1:
        return None
    sentence, items = found[0]
    return WrittenAnswer(status="answered", kind="list", text=f"{'; '.join(items)}\n\n{sentence.shown()}",
                         citations=[cite(sentence.chunk, sentence.text)])
