"""An LLM's answer held to the evidence: every number it states must be one the code checked.

A number in the LLM's text is supported when it equals the checked offline value (or a
figure of the checked offline answer's working), occurs in a passage the LLM cited, or
in the question itself, within rounding and scale ("$2.5 billion" is "2,500.0" millions,
"24%" is "23.97%" rounded). Anything else (a figure the model made up or miscomputed) means
the LLM answer is not used: answering.llm_writer gives the checked offline answer with a
note naming the number.

Numbers that are not figures are left alone: years, fiscal periods ("FY2023", "Q2",
"10-K"), and small counts ("2 decimal places", "3 segments").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel

# A number with its sign, currency, percent and scale word; not inside a word ("FY2023",
# "Q2", "10-K": a letter or "-letter" touching it makes it an identifier).
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.,\[])(?P<neg>[-−(])?\s?(?P<cur>\$|US\$|USD\s?)?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?![-–]?[A-Za-z0-9\]])\)?\s?(?P<pct>%|percent\b|per cent\b)?\s?"
    r"(?P<scale>thousand|million|billion|trillion|bn\b|mn\b|[kKmMbB]\b)?",
)
_SCALE = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "b": 1e9,
          "trillion": 1e12}
# Ratios between a figure and the same figure printed at another scale (a table in
# millions, a sentence in billions; a percent as a fraction).
_FACTORS = (1.0, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9, 100.0, 0.01)


class Figure(BaseModel):
    """One number as written: value (unscaled), decimals shown, and the text it was read from."""

    value: float
    decimals: int
    text: str
    money: bool = False
    percent: bool = False
    scale: float = 1.0

    @property
    def is_figure(self) -> bool:
        """A figure worth checking: money, a percentage, a scaled amount, a decimal, or >= 10
        (not a year: a four-digit integer 1900..2100 without currency or percent)."""
        if self.money or self.percent or self.scale != 1.0:
            return True
        if self.decimals == 0 and 1900 <= self.value <= 2100 and "," not in self.text:
            return False  # a year
        return self.decimals > 0 or self.value >= 10


def figures_in(text: str) -> list[Figure]:
    out = []
    for m in _NUMBER.finditer(text):
        digits = m.group("num")
        value = float(digits.replace(",", ""))
        scale_word = (m.group("scale") or "").lower()
        out.append(Figure(
            value=value, decimals=len(digits.split(".")[1]) if "." in digits else 0, text=m.group(0).strip(),
            money=bool(m.group("cur")), percent=bool(m.group("pct")), scale=_SCALE.get(scale_word, 1.0),
        ))
    return out


def _matches(stated: Figure, known: float) -> bool:
    """`stated` is `known` at some scale, rounded to the decimals the statement shows
    ("$2.5 billion" for 2,477 millions, "24%" for 23.97%)."""
    half_unit = 0.5 * 10 ** -stated.decimals + 1e-9
    return any(abs(abs(stated.value) - abs(known) * factor) <= half_unit for factor in _FACTORS)


def unsupported(text: str, checked: Iterable[float], sources: Iterable[str]) -> list[str]:
    """The figures of `text` that are neither a checked value nor printed in any source text."""
    known = list(checked)
    for source in sources:
        known += [f.value for f in figures_in(source)]
    missing = []
    for figure in figures_in(text):
        if not figure.is_figure:
            continue
        if not any(_matches(figure, k) for k in known):
            missing.append(figure.text)
    return list(dict.fromkeys(missing))
