"""stated_rate: a rate a filing states in a sentence, when its inputs are printed nowhere the reader finds.

"What was the GAAP effective tax rate for continuing operations of eBay for the second quarter of 2023?": a
release prints no tax line beside its pre-tax income, and says it in words: "The GAAP effective tax rate for
continuing operations for the second quarter of 2023 was 39.7%, compared to 26.3% for the second quarter of
2022." Signals any filing carries:
- the sentence names the asked measure by one of its wordings (a ratio of the vocabulary: a rate, a margin);
- the figure is the first percentage after that wording, said of it ("was", "of", "at"): the asked period's,
  before the one it is compared to;
- the sentence names the asked period: the quarter and year ("second quarter of 2023", "Q2 2023") for a
  quarter, the year and no quarter for a year;
- GAAP and non-GAAP are told apart: a question asking one is answered only by a sentence naming the same;
- one figure, or none (sentences that disagree are no answer).
"""

from __future__ import annotations

import re

from answering.citations import cite
from answering.kinds.sentences import sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import Vocabulary
from retrieval.periods import parse_periods

_NON_GAAP = re.compile(r"\bnon-?\s?gaap\b|\badjusted\b|\bcore\b|\bunderlying\b", re.I)
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_REACH = 120  # characters between the measure's wording and its figure


def _names_period(text: str, year: int, quarter: int | None) -> bool:
    if str(year) not in text:
        return False
    if quarter is None:
        return not re.search(r"\bquarter\b|\bQ[1-4]\b|\b(?:three|six|nine)\s+months\b", text, re.I)
    return bool(re.search(rf"\b{_ORDINAL[quarter]}\s+quarter\b|\bQ{quarter}\b", text, re.I))


def write(question: str, metric: str | None, hits: list[SearchHit], companies: list[str],
          vocab: Vocabulary) -> WrittenAnswer | None:
    """The one rate the filing's sentences state for the asked measure and period; None otherwise."""
    entry = vocab.metrics.get(metric or "")
    if entry is None or entry.unit != "ratio" or len(companies) != 1:
        return None
    mentions = parse_periods(question)
    if len(set(mentions.years)) != 1 or len(set(mentions.periods)) > 1:
        return None
    year = mentions.years[0]
    quarter = int(mentions.periods[0][-1]) if mentions.periods else None
    non_gaap = bool(_NON_GAAP.search(question))
    wordings = sorted({w.lower() for w in entry.wordings if len(w) > 6}, key=len, reverse=True)
    found: dict[float, tuple[str, SearchHit]] = {}
    for s in sentences(hits, companies):
        low = s.text.lower()
        at = next((low.find(w) for w in wordings if w in low), -1)
        if at < 0 or bool(_NON_GAAP.search(s.text[:at + 60])) != non_gaap or not _names_period(s.text, year, quarter):
            continue
        m = re.search(r"\b(?:was|were|of|at|is)\s+(?:approximately\s+|about\s+)?(?P<v>\(?-?\d{1,3}(?:\.\d+)?\)?)\s?%",
                      s.text[at: at + _REACH + 40])
        if m is None:
            continue
        raw = m.group("v")
        value = -float(raw.strip("()")) if raw.startswith("(") else float(raw)
        found.setdefault(value, (s.text, SearchHit(chunk=s.chunk, score=0.0)))
    if len(found) != 1:
        return None
    (value, (sentence, hit)), = found.items()
    when = f"Q{quarter} {year}" if quarter else f"FY{year}"
    chunk = hit.chunk
    return WrittenAnswer(status="answered", kind="metric", value=value, unit="percent",
                         text=f'{companies[0]} {entry.label} {when}: {value:g}% (as the filing states it): '
                              f'"{sentence}" ({chunk.doc} p.{chunk.page + 1})',
                         citations=[cite(chunk, sentence)], flags=["stated_rate"])
