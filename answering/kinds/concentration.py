"""concentration: "does X have significant customer concentration?" read from its major-customer disclosure.

A filing says whether it depends on a few customers by the share of its sales a customer
accounts for ("no customer met or exceeded 10% of Corning's consolidated net sales",
"Customer A accounted for 14% of net revenue"), the 10% line of the disclosure rules. A
sentence that only names customers ("adversely impact our customers"), or a table's
introduction, says nothing of it; a share of one segment's sales ("a large percentage of
segment net sales") is a segment's concentration, not the company's, and decides nothing
about the company. Sentences that disagree, or none, give no answer (the caller refuses).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import Sentence, split_sentences
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

_ASKS = re.compile(r"\bcustomer\s+concentration\b|\bconcentration\s+(?:of|in|among)\s+(?:its\s+|our\s+|the\s+)?"
                   r"(?:customers?|customer\s+base)\b|"
                   # "Is its revenue concentrated in a small number of customers?", "dependent on a few customers"
                   r"\b(?:concentrated|dependent|reliant|depend|rely|relies)\s+(?:in|on|among|upon|with)\s+(?:a\s+)?"
                   r"(?:small\s+(?:number|group)\s+of\s+|few\s+|handful\s+of\s+|limited\s+number\s+of\s+)(?:\w+\s+)?customers\b",
                   re.I)
# a customer counted one by one ("no customer", "Customer A", "two customers"), not the customers of a
# place ("sales to customers outside of the United States accounted for 67%": a geography's share)
# (or a customer named as a company: "sales to Walmart Inc. (Walmart) and its affiliates", not "sales to China")
_CUSTOMER = re.compile(r"\bcustomer\b|\b(?:two|three|four|five|several|\d)\s+(?:\w+\s+)?customers\b|"
                       r"\bsales\s+to\s+(?-i:[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3}),?\s+(?:Inc|Corp|Corporation|LLC|Ltd|plc|"
                       r"Co)\b|\bsales\s+to\s+(?-i:[A-Z][\w&.'’-]*)\s+and\s+its\s+affiliates\b", re.I)
# a share written in figures or words: "10%", "14 percent", "five percent"
_WORDS = {"five": 5.0, "ten": 10.0, "fifteen": 15.0, "twenty": 20.0}
_PCT = rf"(?P<pct>\d{{1,3}}(?:\.\d+)?|{'|'.join(_WORDS)})\s?(?:%|percent)"
# a share of the company's sales or revenue: "10% of Corning's consolidated net sales", "14% of net revenue"
_SHARE = re.compile(_PCT + r"\s+(?:or\s+more\s+)?of\s+(?:[\w’'.&-]+\s+){0,4}?(?:sales|revenues?)\b", re.I)
_NONE = re.compile(r"\b(?:no|none\s+of\s+(?:our|its|the)|no\s+single|not\s+(?:have\s+)?any)\s+(?:(?!other\b)\w+\s+){0,2}?"
                   r"customers?\b|\bcustomers?\b[^.;]{0,40}\b(?:did\s+not|does\s+not|do\s+not)\b", re.I)
_ANY_PERCENT = re.compile(r"\d(?:\.\d+)?\s?(?:%|percent\b)", re.I)  # one share in the sentence, its only figure
# a bound, not a share: "exceeded 10%", "more than 10%", "no other customer accounted for 10% or more"
_BOUND = re.compile(r"\b(?:exceed\w*|more\s+than|greater\s+than|over|at\s+least|no\s+other|or\s+more|or\s+greater)\b",
                    re.I)
_SEVERAL = re.compile(r"\b(?:two|three|four|five|several|\d+)\s+(?:\w+\s+)?customers\b", re.I)  # a share of them together
_CALLED_CUSTOMER = re.compile(r"\bcustomers?\b", re.I)
_LEGAL_SUFFIX = re.compile(r"\b(?:Inc|Corp|Corporation|LLC|Ltd|plc|Co)\b")
_COMBINED = re.compile(r"\b(?:together|combined|collectively|in\s+the\s+aggregate|in\s+total)\b", re.I)
_SEGMENT = re.compile(r"\bsegments?['’]?\b", re.I)
_THRESHOLD = 10.0  # the disclosure rules' line for a major customer


# "Did any single customer represent 10% (5%) or more of its total revenue?": a line of the disclosure, asked
_ASKS_LINE = re.compile(r"\b(?:any|a|one)\s+(?:single\s+|individual\s+|direct\s+)?customers?\b[^?]{0,60}?"
                        r"(?:\b(?:more|greater)\s+than\s+|\bover\s+|\bat\s+least\s+)?\b" + _PCT
                        + r"(?:\s+or\s+more)?\s+of\b[^?]{0,40}\b(?:sales|revenues?)\b", re.I)


def asks(ask: str) -> bool:
    return bool(_ASKS.search(ask) or _ASKS_LINE.search(ask))


def _percent(written: str) -> float:
    return _WORDS.get(written.lower()) or float(written)


def _line(ask: str) -> float:
    """The share the question draws the line at, else the disclosure rules' 10%."""
    return _percent(m.group("pct")) if (m := _ASKS_LINE.search(ask)) else _THRESHOLD


def _verdict(text: str, line: float = _THRESHOLD) -> bool | None:
    """True: a customer's share of the company's sales at or over the line; False: none reaches it;
    None: the sentence does not say (no share, a segment's share, or a share under the line). A
    sentence that no customer reached a share above the line ("none reached 10%", 5% asked) says
    nothing of the customers between the two."""
    if not _CUSTOMER.search(text) or _of_a_segment(text) or text.rstrip().endswith(":"):
        return None
    if not _CALLED_CUSTOMER.search(text) and (len(_LEGAL_SUFFIX.findall(text)) > 1 or _COMBINED.search(text)):
        # "sales to McKesson Corporation, Cardinal Health, Inc. and AmerisourceBergen Corporation together represented
        # 82%": several named customers' combined share, no one customer's
        return None
    shares = [_percent(m.group("pct")) for m in _SHARE.finditer(text)]
    if not shares:
        return None
    if _NONE.search(text):
        return False if min(shares) <= line else None
    return True if max(shares) >= line else None


def _of_a_segment(text: str) -> bool:
    """The share is of a segment's sales ("a large percentage of segment net sales"), not the company's: a
    segment named where the share is stated, not in a clause that attributes the company's share to one
    ("13% of total revenue ..., which was attributable to the Compute & Networking segment")."""
    if not _SEGMENT.search(text):
        return False
    stated = list(_SHARE.finditer(text))
    # (the attribution follows the share it attributes, in the same sentence's next words)
    return not stated or any(_SEGMENT.search(m.group(0)) for m in stated) \
        or not all(_ATTRIBUTED.match(text, m.end()) for m in stated)


# the segment a company-wide share came from, said after it
# (in a clause of its own after the share, "..., which was attributable to", "and was attributable primarily to": not
# "35% of revenues attributable to our Industrial segment", a share of the segment's revenues)
_ATTRIBUTED = re.compile(r"[^.;%]{0,60}?(?:,\s*which|\band)\s+(?:was|were|is|are)\s+(?:\w+\s+)?"
                         r"(?:attributable|attributed|related|reported)\s+(?:\w+\s+){0,2}?(?:to|in)\s+(?:the\s+|our\s+|its\s+)?"
                         r"[^.;]{0,60}?\bsegments?\b", re.I)


def answer(ask: str, hits: list[SearchHit], company: str, years: list[int],
           retriever: Retriever | None) -> WrittenAnswer:
    """Yes / No from the sentences stating a customer's share of the company's sales, those of
    the hits and of one more search of the asked filing; else a refusal naming what is missing."""
    line = _line(ask)
    asked = years[-1] if years else None
    found = _read(hits, company, line, asked)
    if not any(found.values()) and retriever is not None:
        filters = SearchFilters(companies=[company], fiscal_years=years[-1:])
        more = retriever.search(f"{company} single customer accounted for {line:g}% or more of consolidated net sales "
                                "revenues", filters=filters, k=8, mode="sparse")
        found = _read(more, company, line, asked)
    yes, no = found[True], found[False]
    if yes and no:
        reason = (f"the filing's sentences disagree on a customer's share of {company}'s sales: "
                  f"{yes[0].shown()} and {no[0].shown()}")
        return _refused(reason, [yes[0], no[0]])
    if not yes and not no:
        return _refused(f"no sentence of {company}'s filing states whether a customer's share of its sales "
                        f"reached {line:g}%", [])
    evidence = (yes or no)[:2]
    word = "Yes" if yes else "No"
    read = ""
    if yes and (row := _CUSTOMER_ROW.match(evidence[-1].text)) is not None:
        # a table's row: the verdict is over the share it prints, said as such
        read = f"The largest customer's share of revenue = {_latest_share(row)}% " \
               f"(at or over the {line:g}% line of a major customer). "
    elif yes and len(shares := [_percent(m.group("pct")) for m in _SHARE.finditer(evidence[0].text)]) == 1 \
            and len(_ANY_PERCENT.findall(evidence[0].text)) == 1 and not _SEVERAL.search(evidence[0].text) \
            and not _BOUND.search(evidence[0].text):
        # a sentence stating one customer's share: the verdict is over that figure, said as such too (of several
        # shares, "our three largest customers accounted for 39% ..., with Dell Inc. accounting for 17%", which is
        # one customer's is not read)
        read = f"A customer's share of revenue = {shares[0]:g}% (at or over the {line:g}% line of a major customer). "
    return WrittenAnswer(status="answered", kind="yes_no",
                         text=f"{word}. {read}" + " ".join(s.shown() for s in evidence),
                         citations=unique_citations([cite(s.chunk, s.text) for s in evidence]))


def _read(hits: list[SearchHit], company: str, line: float, asked: int | None = None) -> dict[bool, list[Sentence]]:
    """Every sentence of the company's hits, read whole: the disclosure is often one sentence under
    its heading, its years in front ("Significant Customers For 2019, 2018 and 2017, no customer met
    ..."), which the prose reader takes for table rows; a share of sales is no table row. A sentence
    of other years than the `asked` one says nothing of it ("No customer represented 10% ... for fiscal
    years 2023 and 2022", FY2024 asked)."""
    out: dict[bool, list[Sentence]] = {True: [], False: []}
    seen: set[str] = set()
    for rank, hit in enumerate(hits):
        if (hit.chunk.company or "").casefold() != company.casefold():
            continue
        for position, text in enumerate(split_sentences(hit.chunk.text.replace("\n", " "))):
            text = re.sub(r"\s+\d{1,2}\.$", "", text.strip())  # a next heading's number run on: "... net sales. 3."
            if text in seen:
                continue
            seen.add(text)
            if asked is not None and not _of_the_year(text, asked):
                continue
            if (v := _verdict(text, line)) is not None:
                out[v].append(Sentence(text=text, chunk=hit.chunk, rank=rank, position=position))
        out[True] += [s for s in _table_shares(hit, rank, line) if s.text not in seen]
    return out


_PERIOD_YEARS = 3  # a disclosure's years: the asked one and the two or three before it
_FISCAL_YEARS = re.compile(r"\bfiscal\s+(?:years?\s+)?(?:19|20)\d\d\b", re.I)


def _of_the_year(text: str, asked: int) -> bool:
    """The sentence names no year, or the asked fiscal year: as such ("fiscal years 2023 and 2022"), else by
    a calendar year it ends or starts in ("the nine months ended October 31, 2022" of FY2023)."""
    # (a year long before is history, not the disclosure's period: "our largest customer, which we have served since 1998")
    named = {y for y in map(int, _YEARS.findall(text)) if y >= asked - _PERIOD_YEARS}
    if not named:
        return True
    return asked in named if _FISCAL_YEARS.search(text) else bool({asked, asked - 1} & named)


# a table of the major customers' shares, under its lead-in sentence ("The Company's revenues from major customers
# as a percentage of total revenue was:"), a row each: "Customer A 58% 29%" (a column per year)
_TABLE_LEAD = re.compile(r"\b(?:major|significant|largest|principal|main)\s+customers?\b[^.:]{0,120}?"
                         r"(?:percentage|per\s?cent|%)[^.:]{0,60}:", re.I)
_CUSTOMER_ROW = re.compile(r"^[ \t]*(?P<row>Customer\s+[A-Z0-9]{1,2}\b[ \t]+(?P<shares>\d{1,3}(?:\.\d+)?\s?%"
                           r"(?:[ \t]+\d{1,3}(?:\.\d+)?\s?%)*))[ \t]*$", re.M)
_YEARS = re.compile(r"\b(?:19|20)\d\d\b")
_TABLE_SPAN = 600  # characters of the table after its lead-in


def _latest_share(row: re.Match[str]) -> str:
    """A customer row's share in its first column, the latest year's, as printed ("58" of "58% 29%")."""
    return re.findall(r"\d{1,3}(?:\.\d+)?", row.group("shares"))[0]


def _table_shares(hit: SearchHit, rank: int, line: float) -> list[Sentence]:
    """The lead-in and the row of the largest customer's share, when the chunk's major-customer table has one at
    or over the line in its latest year's column, the first (as the header's years run, latest first)."""
    text = hit.chunk.text
    lead = _TABLE_LEAD.search(text)
    if lead is None or not re.search(r"\b(?:revenues?|sales)\b", lead.group(0), re.I) \
            or re.search(r"\b(?:receivabl|purchas|payabl)", lead.group(0), re.I):
        return []  # ("significant customers as a percentage of accounts receivable": no share of revenue)
    span = text[lead.end(): lead.end() + _TABLE_SPAN]
    rows = list(_CUSTOMER_ROW.finditer(span))
    if not rows:
        return []
    header = [int(y) for y in _YEARS.findall(span[: rows[0].start()])]
    if header and header[0] != max(header):
        return []  # (the latest year's column is read first; a table that prints it last is not read)
    shares = [(float(_latest_share(row)), row.group("row").strip()) for row in rows]
    if not shares or max(shares)[0] < line:
        return []
    # the lead-in quoted whole (from its sentence's start), then the row: what the share is of, and the share
    start = max((m.end() for m in re.finditer(r"[.!?]\s", text[: lead.start()])), default=0)
    caption = " ".join(text[start: lead.end()].split())
    return [Sentence(text=caption, chunk=hit.chunk, rank=rank, position=0),
            Sentence(text=max(shares)[1], chunk=hit.chunk, rank=rank, position=1)]


def _refused(reason: str, evidence: list[Sentence]) -> WrittenAnswer:
    return WrittenAnswer(status="not_found", kind="yes_no", reason=reason, text=f"{NOT_FOUND.capitalize()}: {reason}.",
                         citations=unique_citations([cite(s.chunk, s.text) for s in evidence]))
