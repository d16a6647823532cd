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

from answering.aspects import PROSE_AMOUNT, PROSE_SCALE
from answering.citations import cite
from answering.kinds.stated_amounts import MIN_WORDS, named, stated, stems
from answering.metric_target import asked_decimals
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit

# "what share (percentage, proportion, portion, fraction) of W goes to P?"
_ASK = re.compile(r"\bwhat\s+(?:share|percent(?:age)?|proportion|portion|fraction)\s+of\s+(?P<rest>[^?]+)\?", re.I)
# the verb that ends the total's phrase: "W goes to P", "W had Intel contributed", "W is paid to P"
_VERB = re.compile(r"\s+(?:goes|go|went|is|was|were|are|has|had|have|did|does|do|will)\s+(?:to\s+|been\s+)?", re.I)
# what the part is set against, not part of it: "(rather than the civil penalty)", ", excluding X"
_AGAINST = re.compile(r"\(\s*(?:rather\s+than|instead\s+of|as\s+opposed\s+to|excluding|not)\b[^)]*\)"
                      r"|,?\s+(?:rather\s+than|instead\s+of|as\s+opposed\s+to|excluding)\b.*$", re.I)
# a share of a period's flow ("of its fiscal 2023 revenue", "in the second quarter") is a statement's
# figure, for the metric reader: prose amounts carry no column that places them in the period
_PERIOD_ASKED = re.compile(r"\bfiscal\b|\bFY\s?'?\d|\bquarter\b|\bQ[1-4]\b|\byear[- ]end|\b(?:six|nine|twelve)\s+months\b"
                           r"|\b(?:19|20)\d\d\s+(?:[a-z]+\s+)?(?:revenues?|sales|income|profit|earnings|cash)\b", re.I)


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
    if len(stems(whole)) < MIN_WORDS or not stems(part):
        return None
    return whole, part


def write(question: str, hits: list[SearchHit], company: str | None = None) -> WrittenAnswer | None:
    """The part's share of the total, computed from the two stated amounts, or None."""
    parts = asked_parts(question)
    if parts is None:
        return None
    # the asked company's filings only: one company per answer (answering.evidence)
    amounts = stated([h for h in hits if company is None or h.chunk.company in (None, company)], PROSE_AMOUNT,
                     lambda m: float(m.group(1).replace(",", "")) * PROSE_SCALE[m.group(2).lower()])
    whole = named(amounts, parts[0])
    if whole is None or whole.value <= 0:
        return None
    part = named([a for a in amounts if a.chunk.doc == whole.chunk.doc], parts[1], other_than=whole.value)
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
