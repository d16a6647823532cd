"""The sentences that cover every part of a question, weighed by how rare each of its words is in the pages read.

The kind readers look for a sentence that names the question's topic as the vocabulary or the question words it
(`sentences.Topic`): a question that words its topic its own way ("How many people did it employ globally ...")
or asks several things at once ("what did it pay, when did the deal close, how much goodwill ...") is refused
though the page read states each thing. This reader needs no wording of the topic, only signals any filing carries:

- a word of the question weighs by how rare it is among the sentences read (idf): "Yardbird", "warrant" and
  "employees" decide, "total" or "net" hardly; a word no sentence read has weighs most (the pages may be on another
  thing), save the words of asking ("roughly", "according"), the deed a "did it ..." asks and a change the question
  words its own way; a name the question capitalizes that no sentence has leaves the part uncovered;
- each part is covered by one sentence holding most of the part's weight and the kind of thing the part asks
  (a figure near the part's words for "how many", a date for "when", a cause for "why");
- every sentence comes from the one filing the best hit is from, of the asked years, on the things the question names,
  and states no deal agreed or pending for one done.

Every part covered, or nothing: a partial answer is a refusal (answering.kinds.every_part's rule).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from answering.citations import cite, unique_citations
from answering.kinds.cause_cues import CAUSE
from answering.kinds.every_part import asked_parts
from answering.kinds.sentences import (
    REFERS_BACK,
    Sentence,
    content_words,
    mentions_years,
    same_stem,
    sentences,
)
from answering.numbers import years_in
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import tokenize
from loaders.dates import MONTH_NAMES

FLAG = "covering_sentences"

# a part's share of weight one sentence must hold (all of it where the part asks no figure, date or cause to check
# the sentence by), and the fewest of the part's words it must name
_COVERED = 0.7
_COVERED_UNTYPED = 1.0
_FEWEST_WORDS = 2
# the words of how a question is asked, not of what: no sentence need say them
_ASKING = frozenset(tokenize("roughly approximately approximate about around according exactly specifically precisely "
                             "actually overall total give provide tell describe explain list name state disclose "
                             "disclosed report almost nearly nothing"))
# a sentence of table cells run together ("Goodwill 4,772 Net assets acquired 489 Total purchase price $ 6,101"):
# what a cell means is its row's and column's, not the words around it
_MOST_FIGURES = 4

_ASKS_COUNT = re.compile(r"^\W*(?:\w+\s+){0,3}?how\s+many\b", re.I)
_ASKS_AMOUNT = re.compile(r"\bhow\s+much\b|\bwhat\s+(?:\w+\s+){0,3}?(?:amount|price|value|paid|pay|cost|fee|"
                          r"proceeds|consideration|share|percentage|percent|portion|rate)\b|\bby\s+how\s+much\b", re.I)
_ASKS_WHEN = re.compile(r"^\W*(?:\w+\s+){0,3}?(?:when|by\s+what\s+date|on\s+what\s+date|after\s+what\s+date)\b", re.I)
_ASKS_WHY = re.compile(r"\bwhy\b|\bwhat\s+(?:\w+\s+){0,2}?(?:drove|drives|caused|causes|explains?|led\s+to)\b|"
                       r"\bdrivers?\b|\breasons?\b", re.I)
_SHARE_ASKED = re.compile(r"\bwhat\s+(?:share|percentage|percent|portion|proportion|fraction)(?=\s+of\b)", re.I)
# "What was the headcount ...", "what was its cash position": a measure asked by its name, answered by a figure
_ASKS_MEASURE = re.compile(r"^\W*(?:\w+\s+){0,3}?what\s+(?:was|were|is|are)\s+(?:the\s+|its\s+|their\s+|[\w.&-]+['’]s\s+)?"
                           r"(?:\w+\s+){0,2}?(?:headcount|number|count|total|amount|size|balance|value|level|price|cost|"
                           r"position|percentage|share|rate|margin|ratio)\b", re.I)
# a yes/no ask: its answer is a yes or a no the sentences would not give
_YES_NO = re.compile(r"^\W*(?:did|does|do|is|was|were|are|has|have|had|will|can|could)\b", re.I)
# (a footnote's mark, "(1) Net sales are attributed ...", is no figure)
# (nor the number of a reference: "Item 7", "Note 12")
_NUMBER = re.compile(r"(?<!\bItem\s)(?<!\bNote\s)(?<!\bPart\s)(?<!\bpage\s)(?<![\w.(])\$?\d[\d,]*(?:\.\d+)?%?(?![\w])|(?<=\()\d{2,}[\d,]*(?:\.\d+)?%?(?![\w])")
# "Refer to Item 7 ... for tables reconciling ...", "See Note 4": a pointer to where a thing is stated states nothing
_REFERS = re.compile(r"^\W*(?:refer\s+to|see|for\s+(?:more|further|additional)\s+(?:information|details?))\b", re.I)
# ", in how many countries, and roughly how many ...": the asks one part strings together
_ASK_BREAK = re.compile(r",\s*(?:and\s+)?(?=(?:\w+\s+){0,2}?(?:how|what|when|which|who|whom|why|where)\b)", re.I)
_MONTH = re.compile(rf"\b(?:{MONTH_NAMES}|first|second|third|fourth)\b|\b(?:quarter|half)\b|\b(?:19|20)\d{{2}}\b", re.I)
# a name the question capitalizes inside a sentence (not its first word): "Yardbird", "Permira"
_CAPITALIZED = re.compile(r"(?<=\w[\s,(])[A-Z][A-Za-z&'-]{2,}")


def write(question: str, hits: list[SearchHit], companies: list[str], years: list[int]) -> WrittenAnswer | None:
    """The quoted sentences that cover every part of `question`, or None."""
    if len(companies) != 1 or not hits:
        return None
    parts = _lead_ins_joined([p for part in asked_parts(question) for p in _ASK_BREAK.split(part) if p.strip()])
    if not parts or _YES_NO.match(parts[0]):
        return None  # (a yes or a no is the yes/no reader's to give, with the sentence that decides it)
    own = [h for h in hits if (h.chunk.company or "").casefold() == companies[0].casefold()]
    if not own:
        return None
    doc = own[0].chunk.doc
    plans_asked = _PLAN.search(question) is not None
    read = [s for s in sentences([h for h in own if h.chunk.doc == doc], companies)
            if _of_the_asked_years(s, years)
            and _figures(s.text) <= _MOST_FIGURES and not s.text.rstrip().endswith(":")
            and not _REFERS.match(s.text) and (plans_asked or not _PLAN.search(s.text))]
    if not read:
        return None
    words = [set(tokenize(s.text)) for s in read]
    chosen: list[Sentence] = []
    for part in parts:
        best = _cover(part, parts[0], companies, read, words)
        if best is None:
            return None
        if best not in chosen:
            chosen.append(best)
    if not _on_the_named_things(chosen, question, companies):
        return None
    text = " ".join(s.shown() for s in chosen)
    return WrittenAnswer(status="answered", kind="passage", text=text, flags=[FLAG],
                         citations=unique_citations([cite(s.chunk, s.text) for s in chosen]))


def _cover(part: str, first_part: str, companies: list[str], read: list[Sentence],
           words: list[set[str]]) -> Sentence | None:
    """The sentence that best covers one part, or None."""
    lead, _, part = part.rpartition(_LEAD)
    # ("what share of its global workforce were women": the share is how the figure is asked, "49% of")
    stems = list(dict.fromkeys(content_words(_SHARE_ASKED.sub("what", part), companies)))
    first = [t for t in dict.fromkeys(content_words(first_part.rpartition(_LEAD)[2], companies)) if t not in stems]
    borrowed: list[str] = []
    if part != first_part and set(stems) <= REFERS_BACK:
        # "By how much did it increase, and what drove the improvement?": a part naming no thing of its own asks of
        # the first part's thing; its sentence must cover that thing
        stems = list(dict.fromkeys([*first, *stems]))
    elif lead:
        # (the scene a lead-in sets, "For its November 2023 merger agreement": its sentence names some of it)
        borrowed = [t for t in dict.fromkeys(content_words(lead, companies)) if t not in stems]
    elif len(stems) < _FEWEST_WORDS and part != first_part:
        # "..., and how many of them were located in the U.S.?", "in how many countries": a part that names too little
        # of its own is said of the first part's thing: its sentence names one of the first part's words too
        borrowed = first
    names = _names(part) - _company_words(companies)
    n = len(read)
    df = {t: sum(any(_is(w, t) for w in ws) for ws in words) for t in [*stems, *borrowed]}
    if any(df.get(t, 0) == 0 for t in names if t in df):
        return None  # a name no sentence read has: the thing asked is not on these pages
    # (a word of the topic no sentence read has weighs most: the pages read may not be about the thing asked; the
    # deed a "did it ..." asks, or the change it names, is another matter: a filing words them its own way ("paid",
    # "for $120 million"; "fell to almost nothing", "decreased"))
    deeds = _deeds(part, companies)
    weight = {t: math.log(1 + n / max(df[t], 1)) for t in stems
              if t not in _ASKING and (df[t] or (t not in deeds and t not in REFERS_BACK))}
    total = sum(weight.values())
    if not total:
        return None
    context = [t for t in borrowed if df[t] > 0]
    fits, typed = _fits(part, [*stems, *borrowed])
    counted = (m := _COUNTED.search(part)) and (tokenize(m.group(1)) or [""])[0]
    best, best_score = None, 0.0
    for s, ws in zip(read, words, strict=True):
        have = [t for t in weight if any(_is(w, t) for w in ws)]
        score = sum(weight[t] for t in have) / total
        if len(have) < min(_FEWEST_WORDS, len(weight)) or score < (_COVERED if typed else _COVERED_UNTYPED) \
                or not fits(s.text):
            continue
        if borrowed and not any(any(_is(w, t) for w in ws) for t in context):
            continue
        if len(have) + sum(any(_is(w, t) for w in ws) for t in context) < _FEWEST_WORDS \
                and not (counted and _counts(s.text, counted)):
            # one word of the question is no topic ("patents" is said of "patent applications pending"), but for the
            # thing a count asks, counted as such: "61,200 full- and part-time employees in 44 countries"
            continue
        if score > best_score:
            best, best_score = s, score
    return best


def _figure_near(text: str, stems: list[str]) -> bool:
    """A figure (no date) within `_NEAR` words of a word of `stems`."""
    words = _DATES.sub(" ", text).split()
    figures = [i for i, w in enumerate(words) if _NUMBER.search(w)
               and not (i and re.fullmatch(r"\(?(?:Item|Note|Part|page|Section)", words[i - 1], re.I))]
    named = [i for i, w in enumerate(words) if any(_is(t, stem) for t in tokenize(w) for stem in stems)]
    return any(abs(i - j) <= _NEAR for i in figures for j in named)


_NEAR = 8


def _fits(part: str, stems: list[str]) -> tuple[Callable[[str], bool], bool]:
    """What a sentence must hold to answer the kind of thing the part asks, and whether the part asks a kind of thing
    a sentence can be checked for."""
    if _ASKS_WHY.search(part):
        return (lambda text: CAUSE.search(text) is not None), True
    if _ASKS_WHEN.search(part):
        return (lambda text: _MONTH.search(text) is not None), True
    if _ASKS_COUNT.search(part) or _ASKS_AMOUNT.search(part) or _ASKS_MEASURE.search(part):
        # a figure of the thing asked: within a few words of one of the part's words (a date's day is no figure: "On
        # July 13, 2021, we completed a transaction with ..."; nor "$24.0 million to the Pension Plan" for a headcount)
        return (lambda text: _figure_near(text, stems)), True
    return (lambda text: True), False


def _figures(text: str) -> int:
    """How many figures a sentence states: its dates' days and years are none ("As of December 31, 2021, ...")."""
    return len(_NUMBER.findall(_DATES.sub(" ", text)))


_DATES = re.compile(rf"\b(?:{MONTH_NAMES})\s+\d{{1,2}},?(?:\s+(?:19|20)\d{{2}})?|\b(?:19|20)\d{{2}}\b")


def _of_the_asked_years(s: Sentence, years: list[int]) -> bool:
    """A sentence naming a year names an asked one; one naming none is of its filing's year, which must be asked."""
    if not years:
        return True
    if years_in(s.text):
        return mentions_years(s.text, years)
    return s.chunk.fiscal_year is None or s.chunk.fiscal_year in years


def _on_the_named_things(chosen: list[Sentence], question: str, companies: list[str]) -> bool:
    """Every sentence quoted is on the things the question names by name ("Widgetco", "Europe"): it names one of them,
    or it follows one that does in its passage and names no other thing by name ("the Gadgetron acquisition", "our
    employees in Mexico" are another deal's, another region's)."""
    own = _company_words(companies)
    # (a company's legal name the question quotes, '"eBay Inc."', is the company's)
    named = _names(re.sub(r"[\"“][^\"“”]*[\"”]", " ", question)) - own - _COMMON_CAPITALIZED
    if not named:
        return True
    naming = [bool(_names(s.text, first_too=True) & named) for s in chosen]
    for i, s in enumerate(chosen):
        if naming[i]:
            continue
        after_one = any(naming[j] and chosen[j].chunk.chunk_id == s.chunk.chunk_id and chosen[j].position < s.position
                        for j in range(len(chosen)))
        others = _names(s.text) - named - own - _COMMON_CAPITALIZED
        if not after_one or others:
            return False
    return True


def _company_words(companies: list[str]) -> set[str]:
    """The stems of the asked company's names: no thing of the question's, no word of a topic."""
    return {t for c in companies for t in tokenize(c)}


def _names(text: str, first_too: bool = False) -> set[str]:
    """The stems of the words `text` capitalizes inside its sentences (and its first word, `first_too`)."""
    found = _CAPITALIZED.findall(text) + (re.findall(r"^\W*([A-Z][A-Za-z&'-]{2,})", text) if first_too else [])
    return {t for w in found for t in tokenize(re.sub(r"['’]s$", "", w)) if len(t) >= 3}


# capitalized words every filing writes that name no thing of their own
_COMMON_CAPITALIZED = frozenset(tokenize(
    "Company Corporation Board Directors Plan Agreement Note Notes Item Part Form Annual Report Consolidated Financial "
    f"Statements Statement {MONTH_NAMES.replace('|', ' ')} "
    "Fiscal Year Quarter Inc Corp LLC Ltd Group Holdings Securities Exchange Commission SEC GAAP U.S United States"))
# a deed agreed, expected or pending is not one done: "entered into a definitive agreement to acquire Widgetco"
_PLAN = re.compile(r"\bagree(?:d|ment|ments)?\s+(?:\w+\s+){0,3}?to\s+(?:acquire|sell|merge|purchase|buy)\b|\bdefinitive\s+"
                   r"agreement\b|\bexpect(?:s|ed)?\s+to\s+(?:close|complete|be\s+completed)\b|\bpending\b|\bsubject\s+to\s+"
                   r"(?:regulatory|customary|shareholder|stockholder)|\bwill\s+(?:acquire|sell|merge|close)\b|\bplans?\s+to\b",
                   re.I)


def _lead_ins_joined(pieces: list[str]) -> list[str]:
    """ "For its November 2023 merger agreement, what shareholder vote is required ...": a piece that asks nothing sets
    the scene of the ask after it and is read with it."""
    out: list[str] = []
    lead = ""
    for piece in pieces:
        if not _ASKS.search(piece):
            lead = f"{lead} {piece}".strip()
            continue
        out.append(f"{lead}{_LEAD} {piece}" if lead else piece)
        lead = ""
    if lead and out:
        out[-1] = f"{out[-1]} {lead}"
    return out


_ASKS = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how)\b|^\W*(?:did|does|do|is|was|were|are|has|have|"
                   r"had|will|can|could)\b|\?", re.I)


# where a scene-setting lead-in ends in a part it was joined to
_LEAD = " ¦"


def _deeds(part: str, companies: list[str]) -> set[str]:
    """The verbs a part asks about with "did", "does", "will" ("What did Best Buy pay", "did it record"): the first word
    after the helper verb that is no name of the company, no pronoun and no article."""
    names = _company_words(companies)
    out: set[str] = set()
    for m in _HELPER.finditer(part):
        for word in re.findall(r"[A-Za-z][\w'-]*", part[m.end():])[:6]:
            token = (tokenize(word) or [""])[0]
            if token and token not in names and word.lower() not in _NOT_A_DEED and not word[0].isupper():
                out.add(token)
                break
    return out


_HELPER = re.compile(r"\b(?:did|does|do|will|would)\b", re.I)
_NOT_A_DEED = frozenset({"the", "its", "it", "they", "their", "company", "management", "a", "an", "s"})


def _counts(text: str, stem: str) -> bool:
    """The sentence counts the thing itself: a figure, a few words, the thing, and no noun after it that it would only
    qualify ("500 patent applications")."""
    for m in re.finditer(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])", text):
        after = re.findall(r"[A-Za-z][\w-]*|[^\w\s]", text[m.end():])[:6]
        at = next((i for i, w in enumerate(after) if tokenize(w) and _is(tokenize(w)[0], stem)), None)
        if at is not None and (at + 1 == len(after) or not after[at + 1][0].isalpha()
                               or after[at + 1].lower() in _AFTER_A_COUNT):
            return True
    return False


# "How many employees ...": the thing a count asks
_COUNTED = re.compile(r"\bhow\s+many\s+([A-Za-z-]+)", re.I)
# the words that may follow a counted thing without making it another ("employees in 44 countries", "stores were")
_AFTER_A_COUNT = frozenset({"in", "at", "of", "and", "or", "were", "are", "was", "is", "worldwide", "globally", "located",
                            "who", "that", "which", "across", "around", "as", "on", "for", "from", "with", "including"})


def _is(word: str, stem: str) -> bool:
    """A sentence's word is a form of the question's: "addit" (addition) of "add", beside `same_stem`'s forms."""
    return same_stem(word, stem) or (len(stem) >= 3 and word.startswith(stem) and len(word) - len(stem) <= 2)
