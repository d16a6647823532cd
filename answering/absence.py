"""Why a metric's input is not found, when the filing the question names is read and lacks it.

"According to the company's Q2 earnings release, what was its cash at March 31?": a release
that prints a statement of operations and no balance sheet does not report a cash balance.
"Could not find Cash FY2015 Q2" says the same as a search that missed; an analyst wants the
reason. It is given only when checked on the whole filing (every stored chunk of it, not
the retrieved ones):
- the question names a kind of filing (an earnings release, a 10-Q, ...) and exactly one
  filing of the company of that kind is for the asked period;
- the input is a line of one primary statement, and that filing prints no such statement
  (no page tagged as it at ingest, no table titled as it);
- no row of it is labelled as the input ("Cash 1,234"), and no wording of the input of two
  words or more ("cash" alone is in every filing's prose) occurs anywhere in its text.
Anything else keeps the plain "could not find" (a line may be missed for other reasons).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering import numbers
from answering.aspects import row_names
from finrag.models import FORM_FAMILY, Chunk, MetricTarget, Page, SearchHit
from finrag.vocabulary import Vocabulary
from loaders.release_tables import release_tables

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

_STATEMENTS = ("income_statement", "balance_sheet", "cash_flow")
_NAME = {"income_statement": "income statement", "balance_sheet": "balance sheet", "cash_flow": "cash flow statement"}
_ARTICLE = {"income_statement": "an", "balance_sheet": "a", "cash_flow": "a"}
_KIND_NAME = {"earnings": "earnings release", "8-K": "8-K", "10-Q": "10-Q", "10-K": "10-K", "annual": "annual report"}


def named_filing(target: MetricTarget, company: str, understanding: QueryUnderstanding,
                 hits: list[SearchHit]) -> str | None:
    """The one retrieved filing of `company` of the kind the question names, for the asked
    period; None when the question names no kind or the period matches none or several."""
    families = {FORM_FAMILY[f] for f in understanding.forms if f in FORM_FAMILY}
    if not families:
        return None
    year = max(target.years)
    docs = {
        h.chunk.doc for h in hits
        if (h.chunk.company or "").casefold() == company.casefold()
        and FORM_FAMILY.get(h.chunk.form) in families and h.chunk.fiscal_year == year
        and (target.quarter is None or (h.chunk.period or "").endswith(f"Q{target.quarter}"))
    }
    return next(iter(docs)) if len(docs) == 1 else None


def absent_statement_line(metric: str, label: str, chunks: list[Chunk], vocab: Vocabulary) -> str | None:
    """Why the filing whose stored chunks are `chunks` does not report `metric`: it prints
    no statement the line belongs to and no wording of it; None when that is not certain."""
    statement = vocab.statement_of(metric)
    if statement not in _STATEMENTS or not chunks:
        return None
    text = "\n".join(c.text for c in chunks)
    printed = {t for c in chunks for t in c.tags if t in _STATEMENTS}
    printed |= {kind for kind, *_ in release_tables([Page(number=0, text=text)]) if kind in _STATEMENTS}
    if statement in printed:
        return None
    if any((row := numbers.split_row(line, c.number_convention)) is not None and row_names(row.label, metric, vocab)
           for c in chunks for line in c.text.splitlines()):
        return None  # a row labelled as the line ("Cash 1,234"), wherever it stands
    flat = re.sub(r"\s+", " ", text).casefold()
    wordings = [w for w in (*vocab.expansions(metric), label) if len(w.split()) > 1]
    if not wordings or any(re.search(rf"\b{re.escape(w.casefold())}\b", flat) for w in wordings):
        return None
    first = chunks[0]
    kind = _KIND_NAME.get(first.form, first.form)
    period = first.period or (f"FY{first.fiscal_year}" if first.fiscal_year else "")
    shown = [f"{_ARTICLE[s]} {_NAME[s]}" for s in _STATEMENTS if s in printed]
    prints = f"prints {' and '.join(shown)} but no {_NAME[statement]}" if shown else f"prints no {_NAME[statement]}"
    return (f"the {kind} the question names ({first.doc}, {period}) {prints}, and none of its pages "
            f"states {label.lower()}: the filing does not report it")
