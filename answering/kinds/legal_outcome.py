"""What a court decided in a suit, and where the suit stands: asked in the question's words
("what did the court decide", "what was its status", "what happened next"), stated in the
filing's ("ruled in favor of", "found that", "Epic appealed the decision", "the trial, which
began on May 23, 2016"). Neither side shares words with the other, so a part asking this is
answered by a sentence of the kind it asks for, not by the part's own words.

- a decision ("what did the court / jury decide, rule, find, award"): a sentence saying a court,
  jury or tribunal ruled, found, decided, awarded, dismissed, granted, denied, affirmed;
- what happened next ("what happened next / after"): a step after a decision: an appeal, a
  cross-appeal, a remand, a stay, a settlement, a trial begun or set, a petition;
- its outcome ("what was the outcome of the trial"): a decision, as a decision is asked;
- its status ("what is / was its status"): a decision or a later step.
"""

from __future__ import annotations

import re

from answering.aspects import split_sentences

# the part asks a decision of a court, jury, judge, tribunal or arbitrator
_ASKS_DECISION = re.compile(r"^\W*(?:and\s+)?(?:what|how)\s+did\s+the\s+(?:[\w.-]+\s+){0,3}?(?:court|jury|judge|tribunal|"
                            r"arbitrat\w+|panel)\s+(?:decide|rule|find|award|hold|conclude|determine)\b", re.I)
_ASKS_NEXT = re.compile(r"^\W*(?:and\s+)?what\s+(?:has\s+)?happened\s+(?:next|then|after(?:wards?)?|since)\b", re.I)
_ASKS_STATUS = re.compile(r"^\W*(?:and\s+)?what\s+(?:is|was|are|were)\s+(?:its|their|the)\s+(?:current\s+|latest\s+|"
                          r"procedural\s+)?status\b", re.I)
# an outcome is decided: "what was the outcome of the trial" is not answered by "the trial began on June 14"
_ASKS_OUTCOME = re.compile(r"^\W*(?:and\s+)?what\s+(?:is|was|are|were)\s+(?:its|their|the)\s+(?:final\s+)?"
                           r"(?:outcome|result|resolution)\b", re.I)
# a court's decision, said of the court, the jury, or the ruling itself
_DECISION = re.compile(r"\b(?:ruled|rules|ruling|found\s+(?:that|in\s+favou?r)|finding\s+that|decided|decision|verdict|"
                       r"judgment|jury\s+(?:awarded|found|returned)|awarded|dismissed|granted|denied|affirmed|reversed|"
                       r"vacated|issued\s+an\s+injunction|enjoined|acquitted|convicted|sentenced|found\s+(?:\w+\s+){0,3}?(?:not\s+)?"
                       r"(?:guilty|liable))\b", re.I)
# a step taken after a decision, or where the matter now stands
_NEXT_STEP = re.compile(r"\b(?:appeal(?:s|ed|ing)?|cross-appeal\w*|remanded|stay(?:ed)?\s+(?:of|pending)|(?:was|were|is|are)\s+"
                        r"stayed|settled|settlement\s+agreement|petition(?:ed)?|trial[^.;]{0,40}?\b(?:began|begin|commenced|"
                        r"scheduled|set\s+for)|remains?\s+pending|is\s+pending|cannot\s+(?:currently\s+)?estimate)\b", re.I)


# what a suit is called: "the outcome of the federal criminal trial", "the status of the Epic Games lawsuit"
_A_SUIT = re.compile(r"\b(?:trials?|lawsuits?|suits?|cases?|litigation|court|jury|complaints?|proceedings?|appeals?|"
                     r"arbitrations?|actions?|claims?|verdicts?|antitrust|indictments?|charges?)\b", re.I)
_OF_THE = re.compile(r"^\W*(?:and\s+)?what\s+(?:is|was|are|were)\s+the\b", re.I)


def asks_outcome(part: str) -> bool:
    """Whether `part` asks what a court decided, what happened next, or a suit's status: "what was the
    outcome of X" only when X is a suit ("the outcome of the strategic review" is no court's)."""
    if _ASKS_DECISION.match(part) or _ASKS_NEXT.match(part):
        return True
    if _ASKS_STATUS.match(part) or _ASKS_OUTCOME.match(part):
        return not _OF_THE.match(part) or bool(_A_SUIT.search(part))
    return False


def searches_outcome(question: str) -> bool:
    """Whether any clause of `question` asks a suit's decision, next step or status."""
    return any(asks_outcome(c) for c in re.split(r"[,;?]\s*|\band\s+(?=what|how)", question))


def outcome_stated(part: str, text: str) -> bool:
    """Whether `text` states what the outcome `part` asks: a decision, a later step, or either."""
    said = split_sentences(text)
    if _ASKS_DECISION.match(part) or _ASKS_OUTCOME.match(part):
        return any(_DECISION.search(s) for s in said)
    if _ASKS_NEXT.match(part):
        return any(_NEXT_STEP.search(s) for s in said)
    return any(_DECISION.search(s) or _NEXT_STEP.search(s) for s in said)
