"""named_filing: a question that names the filing it asks about is answered from that filing.

"In PG&E's 10-Q for the quarter ended September 30, 2022, what liability had it recorded?"
asks what that 10-Q says; a sentence of the later 10-K ("As of December 31, 2022, ... had
recorded ...") states another period's figure, even when the amount happens to be the same.
So an answer that cites a filing of another kind than the one the question names is
refused, with what was found and where. Kinds count as one where a filing
carries the other: an annual report around a 10-K (or a 20-F, read as `annual`) is the annual
filing, and an earnings release is the 8-K it is filed with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import FORM_FAMILY, SearchHit

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding

_NAMED = {"annual": "annual report (10-K)", "quarterly": "10-Q", "current": "8-K or earnings release"}


def answered_from_the_named_filing(written: WrittenAnswer, understanding: QueryUnderstanding,
                                   hits: list[SearchHit]) -> WrittenAnswer:
    """`written`, or a refusal when the question names a kind of filing and the answer cites
    another kind (an answer whose filings are not known is kept)."""
    named = {FORM_FAMILY[f] for f in understanding.forms if f in FORM_FAMILY}
    if written.status != "answered" or not named or not written.citations:
        return written
    form_of = {h.chunk.doc: h.chunk.form for h in hits}
    cited = {form_of.get(c.doc) for c in written.citations}
    if None in cited or "other" in cited or {FORM_FAMILY.get(f or "") for f in cited} <= named:
        return written
    docs = ", ".join(dict.fromkeys(f"{c.doc} ({form_of[c.doc]})" for c in written.citations
                                   if FORM_FAMILY.get(form_of[c.doc]) not in named))
    asked = " / ".join(_NAMED[n] for n in sorted(named))
    reason = f"the question asks what its {asked} says, and what was found is from {docs}"
    return WrittenAnswer(status="not_found", kind=written.kind, reason=reason, citations=written.citations,
                         text=f"{NOT_FOUND.capitalize()}: {reason}: {written.text}")
