"""core_operations: "Was the improvement driven by its core operations?" judged from the statement's own lines.

An analyst asks whether a result's change came from the business or from items beside it: "Net income grew 63%
while operating income grew 10% ... was it driven by core operations?", "Operating profit fell 50%: does this
signal a deterioration in the underlying business?", "Was the first quarter's positive net income driven by its
core construction operations?". The income statement answers it by its arithmetic, in any filing:
- a result below operating income (net income, a net loss, earnings per share, read as the net income they
  divide) moved by the change of operating income plus the lines between the two (interest, other income,
  gains on investments, taxes): the statement proves the split in both columns (answering.kinds.gap);
- operating income itself moved by its operating lines, among which a statement may print items that are no
  operations of the period (a gain on the sale of property, an impairment, a restructuring or settlement
  charge, by their labels' words).

Only a change is judged so (the question names one: "narrowed by 93%", "jumped from ... to ..."): a level asked
("was its positive net income driven by core operations?") is another question. The core change is operating income's (less such items when operating income is the result asked). The answer
is No when the other lines are most of the result's change or the core moved the other way, with the figures.
A change operating income led is not judged Yes: operating income may hold items that are no operations under
lines the statement does not name so (a market's exit charges in "other operating expense"), which only the
filing's prose says. Refused (None) then, and when the statement does not give both columns or the question
names no result of the income statement.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds import gap, statement_drivers
from answering.kinds.statement_drivers import Line, StatementChange, with_chunks_above
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit
from finrag.vocabulary import Vocabulary

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

# "driven (mainly) by its core (trucking) operations", "from its underlying business"
_BY_CORE = re.compile(r"\b(?:driven|caused|explained|generated|produced|come|came|coming)\s+(?:\w+ly\s+)?(?:by|from)\s+"
                      r"(?:its\s+|the\s+company['’]s\s+|the\s+)?(?:core|underlying|ongoing|day-to-day)\s+(?:[\w-]+\s+){0,2}?"
                      r"(?:operations|business(?:es)?|activities|performance)\b", re.I)
# "signal a deterioration in the underlying business", "reflect a weakening of its core operations"
_SIGNALS = re.compile(r"\b(?:signal|reflect|indicate|mean|show)s?\s+(?:an?\s+)?(?:deterioration|weakening|decline|"
                      r"worsening|improvement|strengthening)\s+(?:in|of)\s+(?:the\s+|its\s+)?(?:underlying|core)\s+"
                      r"(?:business|operations|performance|profitability)\b", re.I)
# what a result of the statement the question names is read as (earnings per share: the net income it divides)
_RESULTS = (("net_income", re.compile(r"\bnet\s+(?:income|profit|earnings|loss)\b|\bearnings\s+per\s+share\b|\bEPS\b|"
                                      r"\bbottom\s+line\b", re.I)),
            ("operating_income", re.compile(r"\boperating\s+(?:income|profit|result)\b|\bincome\s+from\s+operations\b|"
                                            r"\bEBIT\b", re.I)))
# operating lines that are no operations of the period: a gain or loss on disposing of assets, an impairment, a
# restructuring, a settlement, a deal's costs
_NOT_OPERATIONS = re.compile(r"\b(?:gains?|loss(?:es)?)\b[^,;]{0,30}\b(?:sale|sales|disposal|disposition|dispositions|"
                             r"divestiture|sold)\b|\bimpairment|\brestructuring\b|\bsettlement\b|\btransaction\s+(?:costs|"
                             r"expenses)\b|\bone-?time\b", re.I)
_MOST = 0.5  # the core change is "most" of the result's change at half of it or more


# the question sets a change against the operations ("narrowed by 93%", "jumped from ... to ...", "fell about 50%"),
# not a level ("Was its positive net income driven by core operations?": operating income's own sign says that)
_A_CHANGE = re.compile(r"\b(?:improv\w*|narrow\w*|widen\w*|grew|grow\w*|rose|rise[sn]?|fell|fall\w*|declin\w*|increas\w*|"
                       r"decreas\w*|jump\w*|drop\w*|deteriorat\w*|weaken\w*|strengthen\w*|swung|swing|doubled|tripled|"
                       r"halved|change[sd]?|shr[au]nk|smaller|larger|lower|higher|better|worse|turned|reversed)\b|"
                       r"\bfrom\s+[$€£]?\(?\d[^?]{0,40}?\bto\s+[$€£]?\(?\d", re.I)


def asks(question: str) -> bool:
    return bool(_BY_CORE.search(question) or _SIGNALS.search(question))


def _result(question: str) -> str | None:
    """The statement result the question asks about: the first it names."""
    found = [(m.start(), key) for key, rx in _RESULTS if (m := rx.search(question))]
    return min(found)[1] if found else None


def _core_of_operating_income(change: StatementChange) -> tuple[float, list[tuple[Line, float]]]:
    """Operating income's change less that of its lines that are no operations, and those lines' moves."""
    moved = change.value(change.total, 1) - change.value(change.total, 0)
    items = [(line, sign * (change.value(line, 1) - change.value(line, 0))) for line, sign in change.parts
             if _NOT_OPERATIONS.search(line.name)]
    return moved - sum(m for _, m in items), [(line, m) for line, m in items if m]


def answer(question: str, hits: Sequence[SearchHit], companies: list[str], year: int | None,
           vocab: Vocabulary, retriever: Retriever | None = None) -> WrittenAnswer | None:
    """The judgement from the hits' income statement, else from the asked year's statement searched for once.
    (`question` whole: the result asked of may be named in the premise before the ask, "Uber's net loss narrowed
    by 93%. Was that improvement driven by its core operations?")"""
    if len(companies) != 1 or not asks(question) or not _A_CHANGE.search(question) \
            or (result := _result(question)) is None:
        return None
    for pool in (list(hits), None):
        if pool is None:
            if retriever is None:
                return None
            # (a page the loader did not tag as the income statement is searched for by its words too)
            query = f"{companies[0]} consolidated statements of income revenues operating income net income"
            years = [year] if year else []
            pool = [*retriever.search(query, filters=SearchFilters(companies=companies, fiscal_years=years,
                                                                   tags=["income_statement"]), k=8),
                    *retriever.search(query, filters=SearchFilters(companies=companies, fiscal_years=years), k=8)]
        if (judged := _judged(result, with_chunks_above(pool, retriever), companies, year, vocab)) is not None:
            return judged
    return None


def _judged(result: str, hits: Sequence[SearchHit], companies: list[str], year: int | None,
            vocab: Vocabulary) -> WrittenAnswer | None:
    """No, with the figures, when the lines beside the operations made most of the result's change (the way a
    "deterioration" or an "improvement" is asked does not matter then: the operations did not make it); else None."""
    if result == "net_income":
        found = gap.read("operating_income", "net_income", year, hits, companies, vocab)
        if found is None:
            return None
        change, core_line = found.change, found.upper
        core = change.value(core_line, 1) - change.value(core_line, 0)
        others = [(line, found.moved(line, sign)) for line, sign in found.between]
    else:
        change = statement_drivers.read_change("operating_income", year, hits, companies, vocab)
        if change is None:
            return None
        core_line = None
        core, others = _core_of_operating_income(change)
    total = change.value(change.total, 1) - change.value(change.total, 0)
    if not total:
        return None
    outside = total - core
    if core * total > 0 and abs(core) >= _MOST * abs(total):
        # operating income may hold items that are no operations under lines the statement does not name so (a
        # market's exit charges in "other operating expense"), which only the filing's prose says: a change it led
        # is not judged core from the statement alone; one the lines beside it made is judged not core
        return None
    before, now = change.years
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""

    def shown(v: float) -> str:
        return f"{'+' if v >= 0 else '-'}{statement_drivers.shown_value(abs(v), sample)}"

    def two(line: Line) -> str:
        return (f"{statement_drivers.shown_value(change.value(line, 0), sample)} ({before}) to "
                f"{statement_drivers.shown_value(change.value(line, 1), sample)} ({now})")

    core_name = core_line.name if core_line is not None else f"{change.total.name} without the items below"
    top = sorted(others, key=lambda t: -abs(t[1]))[:3]
    items = "; ".join(f"{line.name}: {two(line)}, {shown(m)}" for line, m in top if m)
    finding = (f"{change.total.name} went from {two(change.total)}, {shown(total)}. "
               + (f"{core_line.name} went from {two(core_line)}, {shown(core)}" if core_line is not None
                  else f"Its operations without the items below moved it by {shown(core)}")
               + f"; the other lines moved it by {shown(outside)}" + (f": {items}." if items else "."))
    verdict = f"No. Most of the change came from lines beside the operations ({core_name} moved by {shown(core)}). "
    citations = [cite(change.total.chunk, change.total.row.line),
                 *([cite(core_line.chunk, core_line.row.line)] if core_line is not None else []),
                 *(cite(line.chunk, line.row.line) for line, _ in top)]
    return WrittenAnswer(status="answered", kind="yes_no", text=verdict + finding, citations=unique_citations(citations),
                         flags=["judged_from_statement_lines"])
