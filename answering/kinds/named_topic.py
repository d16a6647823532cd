"""A yes or no about a named thing is decided by a sentence that names it.

"Are the operating results of the Converse brand reported within the NIKE Brand geographic segments?" answered
Yes from "Each NIKE Brand geographic segment operates predominantly in one industry", or "Did PepsiCo complete the
sale of its Tropicana brands to PAI Partners?" answered Yes from an auditor's sentence on sales incentives: the
quotes share the question's common words and decide nothing about the thing it names. A question that names
things by proper names (capitalised runs that are not the filer's own name nor words every filing capitalises)
is answered only when a deciding quote names at least one of them whole; else the answer is refused saying so.
"""

from __future__ import annotations

import re

from answering.shape_record import evidence_form
from answering.written_answer import WrittenAnswer
from finrag.vocabulary import tokenize

FLAG = "topic_unnamed"

# a run of capitalised words ("PAI Partners", "Converse", "KPMG"), "&" and "of" inside a name kept
_RUN = re.compile(r"(?<![\w'’-])[A-Z][\w&'’.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&'’.-]*)*")
_PERIOD = re.compile(r"(?:fy|q[1-4]|h[12])?\d*")
_QUOTED = re.compile(r'"([^"]{12,})"|“([^”]{12,})”')
# words that filings and questions capitalise without naming anyone: roles, documents, periods, the answer's format
_COMMON = frozenset(tokenize(
    "the a an if is are was were did does do has have had will can could would should in on at of for to by with "
    "and or its their our we it this that these those which what who when where why how whether "
    "false true n/a return mention data available "
    "company companies corporation corp inc ltd limited llc plc group holdings co incorporated "
    "board directors director committee audit chief executive financial operating officer president chairman "
    "ceo cfo coo vice senior general counsel secretary treasurer "
    "annual report form item part note notes statement statements consolidated fiscal year quarter "
    "first second third fourth q1 q2 q3 q4 fy gaap non-gaap u.s us usa united states "
    "brand brands segment segments business division utility subsidiary parent "
    "january february march april may june july august september october november december"))


def _names(question: str, companies: list[str]) -> list[tuple[str, set[str]]]:
    """The proper names the question gives, each with the set of its distinctive word stems (the filer's own
    names and every run of only common words left out)."""
    own = {t for c in companies for t in tokenize(c)}
    names = []
    for m in _RUN.finditer(question):
        run = m.group(0)
        if m.start() == 0 or re.search(r"[.?!]\s*$", question[: m.start()]):
            run = run.partition(" ")[2]  # a sentence's first word is capitalised whatever it is ("Did KPMG ...")
        words = set(tokenize(run))
        if words & own:
            continue  # "NIKE Brand", "PepsiCo": the filer's own
        # (a period, "FY2020", "Q2", is no name; nor one word the question capitalises only to stress it, "Free
        # cash flow": a name is a run of capitals, an acronym, or one word mid-sentence that is no common word)
        distinctive = {w for w in words if w not in _COMMON and not _PERIOD.fullmatch(w)}
        if distinctive:
            names.append((run, distinctive))
    return names


def _quotes(written: WrittenAnswer) -> list[str]:
    return [c.quote for c in written.citations if c.quote] \
        or [a or b for a, b in _QUOTED.findall(written.text)]


def answered_naming_the_topic(written: WrittenAnswer, question: str, companies: list[str]) -> WrittenAnswer:
    """The yes or no, or a refusal when the question names things and no quote deciding it names any."""
    if written.status != "answered" or written.kind != "yes_no" or evidence_form(written.text) != "quoted":
        return written  # (a verdict over statement figures is decided by the rows, which name the company only)
    names = _names(question, companies)
    quotes = _quotes(written)
    if not names or not quotes:
        return written
    said = {t for q in quotes for t in tokenize(q)}
    if any(stems <= said for _, stems in names):
        return written
    shown = ", ".join(dict.fromkeys(name for name, _ in names))
    reason = f"the question asks about {shown}, and no quote that decides the answer names it"
    return written.model_copy(update={
        "status": "unverified", "value": None, "reason": reason, "flags": [*written.flags, FLAG],
        "text": f"Not given: {reason}; found only: {written.text}",
    })
