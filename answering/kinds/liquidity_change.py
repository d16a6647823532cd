"""What happened to a company's liquidity in a year, as its own filing states it.

"..., and what happened to its liquidity?": the part is answered by the sentence of the asked
year's filing that states the change of its cash balance or liquidity ("The decrease in cash,
cash equivalents and marketable securities at May 31, 2019 in comparison to May 31, 2018 was
primarily due to ..."; "Total liquidity increased to $9.1 billion"), naming the asked year.
A sentence about what *could* happen (risk factors), one not naming the year, or one of another
company's or year's filing states nothing of it: None.
"""

from __future__ import annotations

import re

from answering.aspects import split_sentences
from answering.citations import cite
from finrag.models import Citation, SearchHit

# "what happened to its liquidity", "how did its cash position change", "its liquidity position"
ASKS_LIQUIDITY = re.compile(r"\bliquidity\b|\bcash\s+(?:position|balances?|reserves?)\b", re.I)
# the balance named whole ("cash and cash equivalents", "cash, cash equivalents and marketable
# securities", "liquidity", "cash position"): bare "cash" is as often a flow ("cash inflows")
_BALANCE = (r"(?:(?:our|its|the\s+company's|total)\s+)?(?:liquidity|cash\s+and\s+cash\s+equivalents|cash,\s+cash\s+equivalents"
            r"(?:,?\s+and\s+(?:marketable\s+securities|short-term\s+investments|investments))?|cash\s+(?:position|balances?))")
# the change stated of the balance itself: "The decrease in cash, cash equivalents and marketable
# securities at May 31, 2019", "Total liquidity increased to ...", not a flow ("cash provided by")
_CHANGED = re.compile(rf"\b(?:decrease|increase|decline|reduction|growth)\s+in\s+{_BALANCE}\b(?!\s+(?:provided|used|(?:in|out)?flows?|generated))|"
                      rf"\b{_BALANCE}\s+(?:(?:at|as\s+of)\s+[^,.;]{{3,30}}?\s+)?(?:decreased|increased|declined|fell|rose|grew)\b",
                      re.I)
# a statement's row ("Net (decrease) increase in cash and cash equivalents $ (3,352) $ 1,786") is
# read as a "sentence" too: a row states figures, not the change in the filing's words
_A_ROW = re.compile(r"\((?:decrease|increase)\)|\$\s?\(?[\d,.]+\)?\s+\$\s?\(?[\d,.]+", re.I)
_MAY_HAPPEN = re.compile(r"\b(?:could|may|might|would|if|expect\w*|anticipat\w*)\b", re.I)


def stated_change(hits: list[SearchHit], company: str, year: int) -> tuple[str, Citation] | None:
    """The first sentence of `company`'s fiscal `year` filing stating its liquidity's change, or None."""
    for hit in hits:
        chunk = hit.chunk
        if chunk.company != company or chunk.fiscal_year != year:
            continue
        for sentence in split_sentences(chunk.text):
            m = _CHANGED.search(sentence)
            if m is None or str(year) not in sentence or _MAY_HAPPEN.search(sentence[: m.start()]) \
                    or _A_ROW.search(sentence):
                continue
            return sentence, cite(chunk, sentence)
    return None
