"""stated_share: "what share of a total goes to a part", from the sentences that state both amounts.

A current report or a press release states a deal's amounts in prose, not in a statement:
"The financial commitments stipulated in the agreement total $50 million" and "to fund $45
million in contributions to numerous organizations"; "Intel contributed ... approximately $1.3
billion and, when taken together with Intel's commitment for future contributions, will be
$14.8 billion in the aggregate". The question names both amounts in its own words ("what share
of PG&E's total financial commitment goes to contributions to community and nonprofit
organizations"), so each amount is the one whose own words (the text between it and the
amounts beside it, in its sentence) hold most of its phrase's words.

Precision first: each of the two amounts must be named by at least two of its phrase's words
and by more of them than any amount of another value; both are money stated in the one
filing, the part is less than the total, and the answer cites both sentences. Anything else
is no answer here (None), and the caller's refusal stands.
"""

from __future__ import annotations

import re

from answering.aspects import PROSE_AMOUNT, PROSE_SCALE, split_sentences
from answering.citations import cite
from answering.metric_target import asked_decimals
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit

# "what share (percentage, proportion, portion, fraction) of W goes to P?"
_ASK = re.compile(r"\bwhat\s+(?:share|percent(?:age)?|proportion|portion|fraction)\s+of\s+(?P<rest>[^?]+)\?", re.I)
# the verb that ends the total's phrase: "W goes to P", "W had Intel contributed", "W is paid to P"
_VERB = re.compile(r"\s+(?:goes|go|went|is|was|were|are|has|had|have|did|does|do|will)\s+(?:to\s+|been\s+)?", re.I)
# what the part is set against, not part of it: "(rather than the civil penalty)", ", excluding X"
_AGAINST = re.compile(r"\(\s*(?:rather\s+than|instead\s+of|as\s+opposed\s+to|excluding|not)\b[^)]*\)"
                      r"|,?\s+(?:rather\s+than|instead\s+of|as\s+opposed\s+to|excluding)\b.*$", re.I)
# any number in a sentence bounds the words that name the amount beside it
_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?")
# a share of a period's flow ("of its fiscal 2023 revenue", "in the second quarter") is a statement's
# figure, for the metric reader: prose amounts carry no column that places them in the period
_PERIOD_ASKED = re.compile(r"\bfiscal\b|\bFY\s?'?\d|\bquarter\b|\bQ[1-4]\b|\byear[- ]end|\b(?:six|nine|twelve)\s+months\b"
                           r"|\b(?:19|20)\d\d\s+(?:[a-z]+\s+)?(?:revenues?|sales|income|profit|earnings|cash)\b", re.I)
_STOP = frozenset((
    "the", "a", "an", "of", "to", "and", "or", "in", "on", "at", "by", "for", "with", "from",
    "its", "their", "his", "her", "this", "that", "which", "what", "share", "percent", "percentage", "proportion", "portion", "fraction",
    "was", "were", "is", "are", "be", "been", "has", "had", "have", "will", "would", "did", "does", "do",
    "as", "into", "than",
))
_STEM = 6  # words sharing their first letters are one word: "contribution", "contributed", "contributions"
_MIN_WORDS = 2


def _stems(text: str) -> set[str]:
    words = re.findall(r"[a-z][a-z&'’-]*", text.lower())
    return {w.removesuffix("'s").removesuffix("’s")[:_STEM] for w in words if w not in _STOP and len(w) > 2}


def asked_parts(question: str) -> tuple[str, str] | None:
    """(the total's phrase, the part's phrase) of a share-of question, or None."""
    m = _ASK.search(question)
    if not m or _PERIOD_ASKED.search(question):
        return None
    rest = m.group("rest")
    verb = _VERB.search(rest)
    if verb is None:
        return None
    whole, part = rest[: verb.start()].strip(), _AGAINST.sub("", rest[verb.end():]).strip(" ,")
    if len(_stems(whole)) < _MIN_WORDS or not _stems(part):
        return None
    return whole, part


class _Amount:
    """One money amount stated in a sentence, with the words that name it."""

    def __init__(self, value: float, text: str, words: set[str], sentence: str, chunk: Chunk):
        self.value, self.text, self.words, self.sentence, self.chunk = value, text, words, sentence, chunk


def _amounts(hits: list[SearchHit]) -> list[_Amount]:
    found: list[_Amount] = []
    for hit in hits:
        for sentence in split_sentences(hit.chunk.text):
            bounds = [(m.start(), m.end()) for m in _NUMBER.finditer(sentence)]
            for m in PROSE_AMOUNT.finditer(sentence):
                before = max((end for _, end in bounds if end <= m.start()), default=0)
                after = min((start for start, _ in bounds if start >= m.end()), default=len(sentence))
                words = _stems(sentence[before:m.start()]) | _stems(sentence[m.end():after])
                value = float(m.group(1).replace(",", "")) * PROSE_SCALE[m.group(2).lower()]
                found.append(_Amount(value, m.group(0), words, sentence, hit.chunk))
    return found


def _named(amounts: list[_Amount], phrase: str, other_than: float | None = None) -> _Amount | None:
    """The amount the phrase names: most of its words, at least two (or all of a shorter
    phrase's), and more than any amount of another value."""
    wanted = _stems(phrase)
    scored = sorted(((len(a.words & wanted), a) for a in amounts if a.value != other_than),
                    key=lambda s: -s[0])
    if not scored or scored[0][0] < min(_MIN_WORDS, len(wanted)):
        return None
    best_score, best = scored[0]
    if any(score == best_score and a.value != best.value for score, a in scored[1:]):
        return None  # two amounts named alike: which one is meant is not settled
    return best


def write(question: str, hits: list[SearchHit], company: str | None = None) -> WrittenAnswer | None:
    """The part's share of the total, computed from the two stated amounts, or None."""
    parts = asked_parts(question)
    if parts is None:
        return None
    # the asked company's filings only: one company per answer (answering.evidence)
    amounts = _amounts([h for h in hits if company is None or h.chunk.company in (None, company)])
    whole = _named(amounts, parts[0])
    if whole is None or whole.value <= 0:
        return None
    part = _named([a for a in amounts if a.chunk.doc == whole.chunk.doc], parts[1], other_than=whole.value)
    if part is None or not 0 < part.value < whole.value:
        return None
    decimals = asked_decimals(question)
    decimals = 1 if decimals is None else decimals
    share = round(part.value / whole.value * 100, decimals)
    text = (f"Share of {parts[0]} that is {parts[1]}: {share:.{decimals}f}%. "
            f"Share = {part.text} / {whole.text} = {share:.{decimals}f}%. Read from {whole.chunk.doc}.")
    citations = [cite(part.chunk, part.sentence)]
    if whole.sentence != part.sentence:
        citations.append(cite(whole.chunk, whole.sentence))
    return WrittenAnswer(status="answered", kind="metric", text=text, value=share, unit="percent",
                         citations=citations)
