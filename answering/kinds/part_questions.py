"""part_questions: a question of two asks as two questions a reader can answer alone.

"Why did NVIDIA record an acquisition termination cost in fiscal year 2023, and how large was it?"
is two questions; the second only says what it asks of by referring back ("it"). The second is asked
on its own with the thing it refers to written in: "how large was the acquisition termination cost?".
That thing is the noun phrase the first ask is about, read from its grammar:
- the measure a wh-word asks: "What capital expenditure range did Meta guide to" (capital expenditure range);
  a thing asked by name ("Which segment ...", "What acquisition ...") is the answer a later "it" means, which
  no description of it stands for;
- the object of the first ask's verb: "Why did NVIDIA record an acquisition termination cost";
- the part a yes/no asks of: "Is Meta's Reality Labs segment profitable".
A second ask that refers back to nothing it can be given, that names no thing of its own (neither a pronoun
nor a name: "how much of the preliminary purchase price allocation was goodwill?" is the acquisition's, asked
alone the company's whole), or that holds only under a condition on the first's answer ("If not, how was the
shortfall funded?"), is not split: the question stays one.
"""

from __future__ import annotations

import re

_AUX = r"(?:did|does|do|has|have|had|was|were|is|are|will|would|could|can)"
# the thing a wh-word asks: "What capital expenditure range did ...", "Which acquisition was ..."
# (a measure only: "Which segment ...", "What acquisition ..." ask for a name, which is what a later "it" is)
_WH_THING = re.compile(rf"^\W*what\s+(?P<np>(?:[\w'’-]+\s+){{0,4}}?(?i:range|amount|rate|ratio|margin|cost|charge|"
                       rf"expense|expenditure|price|guidance|target|level|size)s?)\s+{_AUX}\b", re.I)
# the object of the ask's verb: "Why did NVIDIA record an acquisition termination cost in fiscal year 2023"
# (with what qualifies it, up to the period: "a reach-forward loss on the KC-46A Tanker program in 2022")
_OBJECT = re.compile(rf"^\W*(?:why|how|when|where)\s+{_AUX}\s+(?:\S+\s+){{1,5}}?[a-z]+\s+"
                     r"(?P<np>(?:an?|the|its|their)\s+[^?,]*?)"
                     r"(?=\s+(?:in|during|for|as\s+of)\s+(?:the\s+)?(?:fiscal\s+|first|second|third|fourth|Q[1-4]|FY|"
                     r"(?:19|20)\d\d)|\s*[?,]|$)", re.I)
# the part a yes/no asks of: "Is Meta's Reality Labs segment profitable"
_SUBJECT_PART = re.compile(r"^\W*(?i:is|was|are|were)\s+(?:[\w&.'’-]+['’]s\s+)?(?:the\s+)?"
                           r"(?P<np>(?:[A-Z][\w&'’-]*\s+){1,4}(?:segment|division|business|unit|subsidiary))\b")
_REFERS = re.compile(r"\b(?P<pronoun>it|they|them)\b|\b(?:that|this|those|these)\s+(?P<noun>[a-z][\w-]*)\b"
                     r"|\b(?:is|was|will|would)\s+one\b", re.I)
_ITS = re.compile(r"\b(?:its|their)\b", re.I)
# a second ask about something it names only by its kind: "What was the effect on Q1 2023 results?", "What are
# the terms of the transaction involved?", "What explains the gap between the two measures?"
_IMPLICIT = re.compile(r"\bthe\s+(?:effects?|impacts?|gap|difference|outcome|consequences?|reasons?)\b(?!\s+of\b)"
                       r"|\binvolved\W*$|\bthe\s+two\b|\bas\s+a\s+result\b", re.I)
# a yes/no on a measure's move: "Did Best Buy's Domestic segment gross profit rate improve in FY2019?"
_MOVE_ASK = re.compile(r"^\W*(?:did|has|have|does|do)\s+(?P<np>[^?]{3,80}?)\s+(?:improve|increase|decrease|decline|grow|"
                       r"rise|fall|expand|contract|deteriorate|shrink|change)[sd]?\s*(?P<when>(?:in|during|for|over|"
                       r"between|from)\s+[^?]{2,60})?\s*\??\s*$", re.I)
# "What factors drove the change?", "What caused it?", "If not, what did management say caused the change?"
_CAUSE_OF_THE_MOVE = re.compile(r"^\W*(?:if\s+(?:so|not)\s*,?\s*)?(?:what|which)\s+(?:[\w'’]+\s+){0,4}?(?:drove|drives|"
                                r"caused?|explains?|factors?|drivers?|reasons?)\b[^?]*?\b(?:the\s+(?:change|increase|"
                                r"decrease|decline|improvement|deterioration|move|drop|rise)|it|this|that)\s*\??\s*$", re.I)
# a second ask that holds only under a condition on the first's answer
_CONDITIONAL = re.compile(r"^\W*(?:if\s+(?:so|not|yes|no)|otherwise|in\s+that\s+case)\b", re.I)
# a second ask that names what it asks of: a capitalised name past its first word ("FRP shareholders", "Israel")
_NAMES_ITS_OWN = re.compile(r"\b(?!(?:Q[1-4]|FY|H[12])(?:\d|\b)|GAAP\b)[A-Z][A-Za-z&'’-]+")
_GENERIC = frozenset({"the", "a", "an", "its", "their", "it", "company", "companies"})


def _thing(first: str) -> tuple[str, bool] | None:
    """The noun phrase the first ask is about, and whether it is a part of the company (whose "its" it takes)."""
    for pattern, part in ((_SUBJECT_PART, True), (_OBJECT, False), (_WH_THING, False)):
        m = pattern.search(first)
        if m is None:
            continue
        words = m.group("np").split()
        while words and words[0].lower() in ("an", "a", "the", "its", "their"):
            words = words[1:]
        if words and not all(w.lower() in _GENERIC for w in words):
            return " ".join(words), part
    return None


def part_questions(parts: list[str]) -> list[str] | None:
    """The two asks of a question, the second with what it refers back to written in; None when the
    question is not two asks that can be asked alone."""
    if len(parts) != 2:
        return None
    first, second = parts
    if (moved := _MOVE_ASK.match(first)) is not None and _CAUSE_OF_THE_MOVE.match(second):
        # "Did Corning's gross margin improve in FY2019? If not, what did management say caused the change?": the
        # move's cause, asked of the measure and the period the first ask names (a move there always is, so the
        # condition on the first's answer leaves the cause to be said either way)
        when = f" {moved.group('when').strip()}" if moved.group("when") else ""
        return [first, f"What drove the change in {moved.group('np').strip()}{when}?"]
    if _CONDITIONAL.match(second) or _IMPLICIT.search(second):
        return None
    refers = _REFERS.search(second)
    part_its = False
    if refers is None and not _ITS.search(second) and not _NAMES_ITS_OWN.search(second[1:]):
        # "How much of the preliminary purchase price allocation was goodwill?": a thing of the first ask's (the
        # acquisition's), named by neither a pronoun nor a name; asked alone it is the company's whole
        return None
    their = re.search(r"\btheir\b", second, re.I) is not None
    if refers is not None or _ITS.search(second):
        thing = _thing(first)
        if thing is None:
            # ("its" is the company's, which the question's understanding holds, unless the first ask asks for a
            # thing by name: "Which segment ..., and what was its operating income?" is the segment's; "their" is
            # some thing's)
            if refers is not None or their or re.match(r"^\W*which\b", first, re.I):
                return None
            return [first, second]
        np, part_its = thing
        second = _REFERS.sub(f"the {np}", second)
        if part_its or their:
            second = _ITS.sub(f"the {np}'s", second)
    return [first, second[0].upper() + second[1:]]


# an ask a quoted sentence answers by its figure: "how much", "how many", "how large", "what share ..."
_ASKS_A_FIGURE = re.compile(r"^\W*(?:how\s+(?:much|many|large|big|dependent|high|low)|by\s+how\s+much|what\s+(?:\w+\s+){0,2}"
                            r"(?:percentage|percent|share|ratio|rate|amount|range|proportion))\b", re.I)
_FIGURE = re.compile(r"\d")


def quoted_answer_holds(ask: str, text: str) -> bool:
    """Whether a part's answer may be given in a whole of parts: a reader's own answer (a figure worked, a
    verdict, a name it leads with) may; quotes alone only for an ask of a figure, and only quotes stating one
    (sentences sharing the words of "who is its CEO, since when?" are no answer to any part of it)."""
    if not text.lstrip().startswith('"'):
        return True
    quoted = re.sub(r"\([^()]*\bp\.\s?\d+[^()]*\)", " ", text)  # (a citation's page is no figure)
    return bool(_ASKS_A_FIGURE.match(ask)) and bool(_FIGURE.search(quoted))
