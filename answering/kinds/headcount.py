"""headcount: "What was the number of employees of X at the end of fiscal 2020?" read from the
sentence in which the company itself states how many people it employs.

Every annual report says it once, in the company's own voice: "As of December 31, 2019, we employed
approximately 13,300 people globally", "we had 79,390 employees", "our highly-skilled global
workforce of 110,600 people", "PG&E Corporation and the Utility had approximately 23,000 regular
employees". The same filings give parts of it too ("Approximately 6,600 of our employees were
located in the U.S.", "FedEx Express employed approximately 245,000 employees", "the plan affected
approximately 5,000 employees"): a count counts only when its subject is the company (we, the
Company, its name with nothing after it) or its whole workforce. Several such counts that differ
are no answer (which one is the total is not for an extractive reader to guess).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.people import asked_filing
from answering.kinds.sentences import Sentence, sentences
from answering.kinds.tables import blocks
from answering.written_answer import WrittenAnswer
from loaders.dates import same_snapshot, snapshot_days

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import Chunk, SearchHit
    from retrieval.query_understanding import QueryUnderstanding

ASKS_HEADCOUNT = re.compile(
    r"\bnumber\s+of\s+(?:full[- ]time\s+|total\s+)?(?:employees|staff|people\s+employed)\b"
    r"|\bhow\s+many\s+(?:full[- ]time\s+)?(?:employees|people)\s+(?:\S+\s+){0,5}?(?:employ|work|have|had)"
    r"|\b(?:employee\s+)?headcount\b|\bsize\s+of\s+(?:its|the)\s+workforce\b"
    r"|\bhow\s+(?:large|big)\s+(?:was|is|were)\s+(?:[\w'’.&-]+\s+){0,3}?workforce\b", re.I)

# a part of the workforce asked ("the number of employees affected by the plan", "... located in the U.S.",
# "... covered by collective bargaining agreements"): not the company's own count
_PART = re.compile(r"\b(?:number\s+of|how\s+many)\s+(?:[\w-]+\s+){0,2}?(?:employees|staff|people)\s+(?:who|that|were|are|to\s+be|"
                   r"affected|impacted|laid|terminated|cut|eliminated|reduced|in|located|based|outside|covered|"
                   r"represented|under|by|from|within|working\s+in|at\s+(?!the\s+end\b|(?:the\s+)?(?:fiscal\s+)?year))"
                   # "How many employees did Oracle's hardware business employ": a part's count
                   r"|\b(?:employees|people)\s+(?:\S+\s+){0,5}?(?:business|unit|division|segment|subsidiary|organi[sz]ation|"
                   r"group|operations|team|department|function)\s+(?:employ|have|had)"
                   # "how many full-time employees of Oracle worked in research and development": a function's count
                   r"|\b(?:employees|staff|people)\b[^?]{0,60}?\b(?:work|works|worked|working|employed)\s+in\b"
                   r"(?!\s+(?:total|all|aggregate|fiscal|FY|(?:19|20)\d\d|(?:the\s+)?(?:fiscal\s+)?year)\b)",
                   re.I)
def asks_the_whole_count(question: str) -> bool:
    """The question asks the company's own count of its people, not a part's."""
    return ASKS_HEADCOUNT.search(question) is not None and _PART.search(question) is None


_COUNT = r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s+(?:thousand|million))"
_ABOUT = r"(?:(?:a\s+total\s+of|approximately|about|around|over|more\s+than|nearly|some|roughly)\s+)*"
# (the people word is the noun counted, not a modifier: "27,000 people managers" are some of them)
_PEOPLE = r"(?:(?:full[- ]time|regular|total|global|equivalent)\s+){0,2}(?:employees|people|persons|team\s+members|associates|staff)\b" \
          r"(?!\s+(?:managers?|leaders?|supervisors?)\b)"
_VERB = r"(?:had|has|have|employed|employs|employ|had\s+a\s+workforce\s+of)"


def _stated(company: str) -> list[re.Pattern[str]]:
    name = re.escape(company.split()[0])
    # the subject is the company: "we", "the Company", or its name (and its utility, its subsidiaries)
    # right before the verb; "FedEx Express employed" is a part of FedEx, not FedEx
    subject = rf"(?:\bwe|\bthe\s+company|\b{name}(?:\s+(?:Corporation|Inc\.?|Corp\.?|Limited|Ltd\.?|plc|PLC|Group))?" \
              rf"(?:\s+and\s+(?:the|its)\s+\w+)?)"
    return [re.compile(rf"{subject},?\s+(?:\w+\s+){{0,2}}?{_VERB}\s+{_ABOUT}{_COUNT}\s+{_PEOPLE}", re.I),
            re.compile(rf"\b(?:our|its)\s+(?:[\w-]+\s+){{0,3}}?(?:workforce|headcount)\s+(?:of|was|is|totaled|totalled)\s+"
                       rf"{_ABOUT}{_COUNT}", re.I),
            re.compile(rf"\b(?:total|global)\s+headcount\s+(?:of|was|is)\s+{_ABOUT}{_COUNT}", re.I),
            # a release's bullet, headed by its subject: "Headcount – Headcount was 77,114 as of March 31, 2023"
            re.compile(rf"^\W*(?:(?:employee\s+)?headcount\s*[–—:-]\s*)?(?:employee\s+)?headcount\s+"
                       rf"(?:was|is|totaled|totalled)\s+{_ABOUT}{_COUNT}", re.I),
            # "With approximately 117,100 employees on a full-time equivalent basis as of December 31, 2022, ...
            # we know that ...": the company's count, dated, in its own voice
            re.compile(rf"^\W*with\s+{_ABOUT}{_COUNT}\s+{_PEOPLE}(?:\s+on\s+a\s+[\w\s-]{{3,30}}?\s+basis)?,?\s+"
                       rf"(?:as\s+of|at\s+(?:the\s+end\s+of|[A-Z])|worldwide|globally)", re.I)]


# "a reduction of our workforce of approximately 12,000 roles": the size of a cut, not of the workforce
_CUT_OF = re.compile(r"\b(?:reduc\w*|cut\w*|decreas\w*|eliminat\w*|lay-?offs?)\s+(?:of|in|to)\s+$", re.I)


def _value(raw: str) -> float:
    number, _, scale = raw.partition(" ")
    return float(number.replace(",", "")) * {"thousand": 1e3, "million": 1e6}.get(scale.lower(), 1.0)


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The company's own count of its people, with its sentence; None when no sentence states it
    or the sentences that do disagree."""
    if not asks_the_whole_count(question) or len(understanding.companies) != 1:
        return None
    company = understanding.companies[0]
    stated = _stated(company)
    found: dict[float, tuple[Sentence, str]] = {}
    # (risks=True: a risk factor quoted just before the count, '... rights.”', runs into its sentence)
    years = set(understanding.fiscal_years)
    filing = asked_filing(hits, company, services)
    for s in sentences(filing, [company], risks=True):
        if years and s.chunk.fiscal_year not in years:
            continue  # another year's filing: another year's count
        for m in (m for pattern in stated if (m := pattern.search(s.text)) is not None
                  and not _CUT_OF.search(s.text[: m.start()])):
            found.setdefault(_value(m.group("n")), (s, _own_sentence(s.text, m.start())))
    if not found:
        found = _in_rows_run_on(filing, stated, years)
    if asked_day := snapshot_days(question):
        # "as of April 30, 2023" asked, "As of January 31, 2023, we had 79,390 employees" said: another day's count
        found = {n: (s, quote) for n, (s, quote) in found.items()
                 if not (said := snapshot_days(quote)) or same_snapshot(asked_day, said)}
    if not found:
        return _table_count(filing, company, max(years) if years else None)
    if len(found) != 1:
        return None
    (count, (s, quote)), = found.items()
    return WrittenAnswer(status="answered", kind="passage", value=count, unit="employees",
                         text=f'{count:,.0f} employees: "{quote}" ({s.chunk.doc} p.{s.chunk.page + 1})',
                         citations=[cite(s.chunk, quote)])


# a summary table's row: "Number of employees ........ 475 508 607 761 783", "Total employees 12,600 11,800"
_ROW_LABEL = re.compile(r"^(?:total\s+)?(?:number\s+of\s+)?(?:full[- ]time\s+)?(?:employees|headcount)\W*$", re.I)


def _table_count(hits: list[SearchHit], company: str, year: int | None) -> WrittenAnswer | None:
    """The count a table's row of employees gives in the asked year's column (a five-year summary's);
    None when no table has one, or its tables disagree."""
    found: dict[float, tuple[Chunk, str]] = {}
    for block in blocks(hits, [company]):
        if year is not None and year not in block.years:
            continue
        for row in block.rows:
            value = row.values[block.column(year)] if len(row.values) == len(block.years) else None
            if _ROW_LABEL.match(row.label.rstrip(" .")) and value and value > 0 and value == int(value):
                found.setdefault(value, (block.chunk_of(row), row.line))
    if len(found) != 1:
        return None
    (count, (chunk, line)), = found.items()
    when = f" in {year}" if year is not None else ""
    return WrittenAnswer(status="answered", kind="passage", value=count, unit="employees",
                         text=f'{count:,.0f} employees{when}, its table\'s row: "{line.strip()}" '
                              f"({chunk.doc} p.{chunk.page + 1})",
                         citations=[cite(chunk, line.strip())])


_ENDS = re.compile(r"[.!?][\"\u201d\u2019]?\s+")


def _in_rows_run_on(filing: list[SearchHit], stated: list[re.Pattern[str]], years: set[int | None]
                    ) -> dict[float, tuple[Sentence, str]]:
    """The counts stated in sentences the text layer ran into a table's rows ("we had 7,926 employees worldwide,
    which represented an increase of approximately Total 7,926 7,102 6,383": a chunk's opening lines carried
    over from the page before, then the page's table), which the prose reader leaves out: each quoted from its
    sentence's start up to the count's people word, no rows."""
    found: dict[float, tuple[Sentence, str]] = {}
    for rank, hit in enumerate(filing):
        if years and hit.chunk.fiscal_year not in years:
            continue
        text = " ".join(hit.chunk.text.split())
        for pattern in stated:
            for m in pattern.finditer(text):
                if _CUT_OF.search(text[: m.start()]):
                    continue
                quote = _own_sentence(text[: m.end()], m.start()).strip()
                found.setdefault(_value(m.group("n")), (Sentence(text=quote, chunk=hit.chunk, rank=rank, position=0), quote))
    return found


def _own_sentence(text: str, at: int) -> str:
    """The sentence the count at `at` is in, when the splitter ran an earlier one into it."""
    ends = [m.end() for m in _ENDS.finditer(text, 0, at)]
    return text[ends[-1]:] if ends else text
