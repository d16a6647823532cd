"""abbreviations: a short name the question defines ("Defense, Space & Security (BDS)"), read in a sentence as
the words it stands for.

A filing writes a defined term's short form once it has defined it ("BDS faces strong competition primarily
from ..."); a sentence so written shares none of the long name's words with the question, though it is about
exactly what is asked. Any question that defines its own short form carries the signal.
"""

from __future__ import annotations

import re

# "Defense, Space & Security (BDS)": one to six capitalised words (joined by "&", "and", "of" or a comma) and the
# capitals in brackets after them
_DEFINED = re.compile(r"(?P<long>[A-Z][\w'’-]*(?:,?\s+(?:&\s+|and\s+|of\s+)?[A-Z][\w'’-]*){0,5})\s+\((?P<short>[A-Z]{2,6})\)")


def defined_in(text: str) -> dict[str, str]:
    """The short forms a text defines, each with the words it stands for."""
    return {m.group("short"): m.group("long") for m in _DEFINED.finditer(text)}


def spelled_out(text: str, defined: dict[str, str]) -> str:
    """The text with each defined short form followed by its words ("BDS Defense, Space & Security faces ...")."""
    for short, long in defined.items():
        text = re.sub(rf"(?<![\w-]){short}(?![\w-])", lambda m, long=long: f"{m.group(0)} {long}", text)
    return text
