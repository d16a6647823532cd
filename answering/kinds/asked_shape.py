"""asked_shape: an answer has the shape its question asks for, or it is refused.

Two shapes a passage cannot stand in for, whatever words it shares with the question:
- a computed figure: a question that defines its measure ("Operating ratio is defined as:
  total cost of operations / total revenues") or asks for a rounding ("Express as a
  percentage rounded to one decimal place") is answered by a value, never by quoting the
  table's headings or a note about another ratio;
- an explanation: a question that asks why, or what explains or drove a change, is not
  answered by one figure ("Revenue FY2015: $122.88 million");
- a share: "what share of its consolidated net revenues came from its licensing agreements with
  NetEase" asks for a part of the total, and the total itself ("Revenue FY2022: $7,528 million")
  is no share of it;
- a degree of dependence: "How concentrated was its customer base?", "How dependent was it on the F-35
  program?" are answered by a share ("four customers accounted for 74% of segment net sales"), never by a
  sentence that names the customers or the program and states none;
- figures from a statement: "Support your answer with figures from the consolidated statement of
  income" is answered with that statement's rows (or figures computed from them), never by sentences
  alone ("Deferred membership fees ... were $2,174 and $2,042").
A refusal says which shape was asked and what was found instead.
"""

from __future__ import annotations

import re

from answering import numbers
from answering.kinds.ask_scope import IF_NOT_USEFUL
from answering.kinds.dependence import A_SHARE
from answering.metric_target import split_definitions
from answering.written_answer import JUDGED, NOT_FOUND, WrittenAnswer

_ROUNDED = re.compile(r"\bround(?:ed|ing)?\b[^.?]*?\b(?:decimal|nearest|whole)\b|\bexpress(?:ed)?\s+(?:it\s+|your\s+"
                      r"answer\s+)?as\s+an?\s+(?:%|percent(?:age)?)", re.I)
_EXPLAIN = re.compile(r"\b(?:explain\w*|why\b|what\s+(?:drove|caused|explains?|were\s+the\s+(?:main\s+)?(?:drivers|"
                      r"factors|reasons))|main\s+(?:factors|drivers|reasons))\b", re.I)
# "what share (percentage, proportion) of X came from Y", "as a percentage of revenue"
_SHARE_OF = re.compile(r"\b(?:what|which)\s+(?:share|percent(?:age)?|proportion|portion|fraction)\s+of\b|"
                       r"\bas\s+an?\s+(?:share|percent(?:age)?|proportion)\s+of\b|%\s+of\b", re.I)
# a rate of change asked ("by what percentage did it decline", "the year-over-year percentage change in ..."), which
# only a percentage answers
_ASKS_PERCENT_CHANGE = re.compile(r"\b(?:by\s+)?what\s+(?:percentage|percent)\s+(?:did|does|has|have|had|was|were|is)\b"
                                  r"[^?]*?\b(?:declin|decreas|f[ae]ll|drop|shr[iu]nk|gr[eo]w|increas|r[io]se|chang)|"
                                  r"\bpercent(?:age)?\s+(?:change|increase|decrease|decline|growth)\b", re.I)
_A_PERCENT = re.compile(r"\d\s*%|\bpercent\b|\bpp\b|\bpercentage\s+points?\b", re.I)
# "Support your answer with figures from the consolidated statement of income", "using figures from the balance sheet"
_STATEMENT_FIGURES = re.compile(r"\bfigures?\s+(?:from|in|on|of)\s+(?:the\s+|its\s+)?(?:consolidated\s+)?"
                                r"(?P<statement>(?:income|cash\s+flows?)\s+statements?|statements?\s+of\s+(?:income|"
                                r"operations|earnings|cash\s+flows?|financial\s+position)|balance\s+sheets?)\b", re.I)
# "How concentrated was ...", "How dependent / reliant was it on ...": a degree, which a share states
_ASKS_DEGREE = re.compile(r"^\W*how\s+(?:heavily\s+|much\s+)?(?:concentrated|dependent|reliant)\b", re.I)
_A_SHARE = re.compile(A_SHARE, re.I)
# kinds whose answer is itself the asked shape, or is checked by its own writer
_FIGURES = {"metric", "not_meaningful"}


def answered_in_the_asked_shape(written: WrittenAnswer, question: str) -> WrittenAnswer:
    if written.status != "answered":
        return written
    if written.value is None and written.kind not in _FIGURES and JUDGED not in written.flags \
            and _asks_a_figure(question):
        # (a yes/no judged over the measure the question defines gives that figure with its conclusion)
        return _refused(written, "the question asks for a figure computed as it defines, and no figure was "
                                 "computed; the passages found state none")
    if written.kind == "metric" and _EXPLAIN.search(IF_NOT_USEFUL.sub(" ", question)):
        return _refused(written, "the question asks what explains a change, and a figure alone explains nothing")
    if written.kind == "metric" and _ASKS_PERCENT_CHANGE.search(question) \
            and not _A_PERCENT.search(written.text.split(". ")[0]):
        # "By what percentage did its weighted-average shares decline?": a count, or an amount, is no percentage
        return _refused(written, "the question asks by what percentage something changed, and the figure found is "
                                 "not a percentage")
    if written.kind == "metric" and (written.unit or "").startswith("USD") and _SHARE_OF.search(question):
        return _refused(written, "the question asks for a share of a total, and the figure found is an amount")
    if _ASKS_DEGREE.search(question) and written.kind not in _FIGURES and not _A_SHARE.search(written.text):
        return _refused(written, "the question asks how concentrated or dependent, which a share states, and the "
                                 "answer states none")
    if (named := _STATEMENT_FIGURES.search(question)) is not None and written.kind not in _FIGURES \
            and JUDGED not in written.flags and not any(numbers.statement_row(c.quote) for c in written.citations):
        return _refused(written, f"the question asks for figures from the {named.group('statement')}, and the "
                                 "answer quotes none of its rows")
    return written


def _asks_a_figure(question: str) -> bool:
    return bool(split_definitions(question)[1]) or bool(_ROUNDED.search(question))


def _refused(written: WrittenAnswer, reason: str) -> WrittenAnswer:
    return WrittenAnswer(status="not_found", kind=written.kind, reason=reason, citations=written.citations,
                         text=f"{NOT_FOUND.capitalize()}: {reason}. Found: {written.text}")
