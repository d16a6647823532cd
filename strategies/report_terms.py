"""An answer said in its report's terms: the report's currency, and the year it is for.

Run on every answer the dispatcher returns (strategies.dispatch), whatever strategy made it:
- amounts shown with "$" are shown in the currency the cited filing states
  (answering.currency), and `Answer.unit` says the currency and the scale;
- a metric question that names no year is answered from the latest filing held for the
  company, and the answer says so ("FY2022, the latest report held for Mercia").
"""

from __future__ import annotations

from collections.abc import Callable

from answering.currency import ReportCurrency, in_report_currency, report_currency
from finrag.models import Answer, DocumentMeta
from retrieval.periods import parse_periods
from strategies.services import Services

# doc -> its currency: a filing's chunks never change under one name within a process run
# (a re-ingested file gets a new record, and a new sha, which is part of the key).
_CACHE: dict[tuple[str, str], ReportCurrency | None] = {}


def in_report_terms(answer: Answer, question: str, services: Services) -> Answer:
    if answer.status == "failed" or not answer.citations:
        return answer
    # the store's document list is read only when the note applies (passed uncalled)
    return with_latest_year_note(_in_currency(answer, services), question, services.store.documents)


def _in_currency(answer: Answer, services: Services) -> Answer:
    if "$" not in answer.answer:
        return answer
    docs = list(dict.fromkeys(c.doc for c in answer.citations))
    currencies = {doc: _doc_currency(doc, [c.page for c in answer.citations if c.doc == doc], services)
                  for doc in docs}
    codes = {c.code for c in currencies.values() if c is not None}
    if len(codes) != 1:
        # Figures of filings in different currencies: no single currency can be shown.
        return answer.model_copy(update={"flags": [*answer.flags, "mixed_currencies"]}) if len(codes) > 1 else answer
    return in_report_currency(answer, next(c for c in currencies.values() if c is not None))


def _doc_currency(doc: str, pages: list[int], services: Services) -> ReportCurrency | None:
    filing = services.retriever.filing(doc)  # the retriever's per-process copy, not a new scroll
    cited = "\n".join(filing.text(p) for p in pages if p in filing.pages)
    if cited and (code := report_currency(cited)) is not None and code.source == "header":
        return code  # the cited page's own header: "£'000" above the row that was read
    key = (doc, services.store.document_sha(doc) or "")
    if key not in _CACHE:
        _CACHE[key] = report_currency("\n".join(c.text for c in filing.chunks))
    return _CACHE[key]


def with_latest_year_note(answer: Answer, question: str,
                          filings: list[DocumentMeta] | Callable[[], list[DocumentMeta]]) -> Answer:
    """A metric answer to a question that names no year says which year it is for, and
    whether that is the latest filing held for the company ("What was the total revenue of
    X?" is asked of the latest report). `filings`: the store's documents, or how to read them
    (only once the note is known to apply)."""
    if answer.status != "answered" or answer.kind != "metric":
        return answer
    mentions = parse_periods(question)
    if mentions.years or mentions.periods or mentions.last_n_years:
        return answer
    if callable(filings):
        filings = filings()
    docs = {c.doc for c in answer.citations}
    cited = [f for f in filings if f.doc in docs]
    companies = {f.company for f in cited}
    years = {f.fiscal_year for f in cited}
    if len(companies) != 1 or None in companies or len(years) != 1 or None in years:
        return answer
    company, year = companies.pop(), years.pop()
    latest = max(f.fiscal_year or 0 for f in filings if f.company == company)
    if year == latest:
        note = f"(FY{year}, the latest report held for {company}.)"
    else:
        note = f"(FY{year}; the latest report held for {company} is FY{latest}.)"
    return answer.model_copy(update={"answer": f"{answer.answer.rstrip()} {note}"})
