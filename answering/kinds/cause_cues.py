"""The wording of a cause and of a change, as MD&A and releases write them: a cause cue ("due to",
"driven by", "primarily", "as a result of", "partially offset by"), not a composition that shares one
("primarily consists of"), and the words of a figure's change ("increased", "fell")."""

from __future__ import annotations

import re

CAUSE = re.compile(
    r"\b(?:due\s+to|driven\s+by|drove|primarily|mainly|largely|partially\s+offset|partly\s+offset|offset\s+by|"
    r"as\s+a\s+result\s+of|result(?:ed|ing)?\s+(?:from|in)|reflect(?:s|ed|ing)?|(?:a\s+)?reflection\s+of|attributable\s+to|"
    r"because|given|caused\s+by|led\s+by|owing\s+to|on\s+the\s+strength\s+of|thanks\s+to)\b",
    re.I,
)
# "net loss decreased ... and primarily consists of income taxes, interest expense ...": what a
# figure is made of, which its "primarily" does not turn into a cause of its change
COMPOSITION = re.compile(r"\b(?:primarily|mainly|largely|principally|chiefly)\s+(?:consist\w*|compris\w*|composed)\b"
                         r"|\b(?:consist\w*|compris\w*|composed)\s+(?:\w+\s+)?(?:primarily|mainly|largely|principally|chiefly)\b",
                         re.I)


def is_cause(text: str) -> bool:
    """Whether a sentence states a cause ("due to", "driven by", "primarily reflecting"), not
    only what a figure consists of ("primarily consists of income taxes")."""
    return bool(CAUSE.search(COMPOSITION.sub(" ", text)))


CHANGED = re.compile(r"\b(?:increas|decreas|declin|grew|grow|rose|rise|fell|fall|higher|lower|jump|drop|reduc)\w*", re.I)
