"""Answer a metric question exactly: its typed target computed from cited statement rows.

1. Read the target (answering.metric_target): metric, formula (the question's own
   definition wins over the vocabulary's), years or quarter, aggregation, unit, scale,
   rounding.
2. Gather each input (base metric × fiscal year): the knowledge graph's facts first
   (statement rows read at ingest, with doc, page and row text), then statement rows in
   the retrieved chunks. Where several filings report an input, the filing the question's
   period points to wins (the one for the last year asked, else the nearest later one);
   a different value elsewhere is named "also reported".
3. Compute in code, show the formula with the numbers filled in, answer in the unit,
   scale and rounding asked, and cite every row used. A missing input is named
   ("not found: could not find Inventories FY2016 for Amazon"), never replaced by
   another quantity.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING, Protocol

from answering import checks, numbers, owners_share
from answering.absence import absent_statement_line, named_filing
from answering.aspects import (
    Aspect,
    Reading,
    metric_label,
    read_aspect,
    row_names,
    section_row_names,
    segment_row_names,
    unsettled_row,
)
from answering.checks import CheckedInput, CheckFailure
from answering.citations import cite, quote_in_text, unique_citations
from answering.metric_formula import InputValue, MetricResult, Missing, compute
from answering.metric_target import ask_phrase, line_unit, read_target
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import (
    ANNUAL_FILINGS,
    RELEASE_FORMS,
    Chunk,
    Citation,
    Fact,
    MetricTarget,
    NumberConventionName,
    SearchFilters,
    SearchHit,
)
from finrag.vocabulary import Entry, Vocabulary
from loaders.interim_columns import dated_period
from loaders.release_tables import placed_rows

if TYPE_CHECKING:
    from finrag.knowledge_graph import GraphStore
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever


# a tax row whose label says which sign is which: "Income tax (expense)/benefit", "benefit (expense)"
_EXPENSE_BENEFIT = re.compile(r"\(expense\)\s*/?\s*benefit|benefit\s*/?\s*\(expense\)", re.I)

class MetricServices(Protocol):
    """What metric answers need of the open services (strategies.services.Services has it)."""

    @property
    def vocabulary(self) -> Vocabulary: ...

    @property
    def graph(self) -> GraphStore | None: ...

    @property
    def retriever(self) -> Retriever: ...


_SAME = 0.005  # values within 0.5% are the same figure (rounding of printed statements)


# --------------------------------------------------------------------------- evidence


class Evidence:
    """Input values for one company: graph facts first, then rows in retrieved chunks."""

    def __init__(self, company: str, anchor_year: int, hits: list[SearchHit], vocab: Vocabulary,
                 graph: GraphStore | None = None, period: str = "FY", question: str = "",
                 retriever: Retriever | None = None):
        self.company = company
        self.retriever = retriever  # for a statement's own page when the hits hold only a note's row
        # the names its filings were stored under: one filing's cover says "Patriot Transportation
        # Holding", the next "Patriot"; the catalog holds both as one company, and so do its facts
        catalog = getattr(retriever, "catalog", None)
        entry = next((c for c in getattr(catalog, "companies", []) if company in c.filter_names), None)
        self.names = [company] + [n for n in (entry.filter_names if entry else []) if n != company]
        self.question = question
        self.period = period  # "FY", or a 10-Q column: "Q2" (the quarter) / "Q2YTD" (year to date)
        self.anchor = anchor_year
        self.hits = hits
        self.vocab = vocab
        self.graph = graph
        self.used: dict[tuple[str, int], InputValue] = {}
        self._doc_years = graph.document_years() if graph is not None else {}
        self.question_lines: set[str] = set()  # lines only the question names (MetricTarget.lines)
        self.wordings: dict[str, list[str]] = {}  # the question's own words for lines it names (MetricTarget.wordings)
        self.as_of: str | None = None  # the day the question asks (MetricTarget.as_of) and its span's months
        self.months: int | None = None
        self.years: list[int] = []  # every year the answer reads (MetricTarget.years)
        self._headings: dict[str, dict[int, str]] = {}  # per filing: its pages headed by a registrant's name

    def get(self, metric: str, year: int) -> InputValue:
        key = (metric, year)
        if key not in self.used:
            found = self._from_dated(metric) or self._from_facts(metric, year) or self._from_hits(metric, year)
            if found is None and metric == _SHORT_TERM_DEBT:
                found = self._no_current_debt_line(year)
            if found is None and metric == _SHORT_TERM_INVESTMENTS:
                found = self._no_current_investments_line(year)
            if found is None:
                raise Missing(metric, year)
            if metric in self.wordings:
                found = self._as_worded(found)
            if metric == _NET_INCOME and owners_share.ASKS_OWNERS.search(self.question) \
                    and not owners_share.ASKS_OWNERS.search(found.quote):
                found = self._owners_part(found)
            if metric == _DEPRECIATION_AMORTIZATION and _asks_whole_depreciation(self.question):
                found = self._whole_depreciation(found)
            if metric == _TAX:
                found = self._tax_as_expense(found, year)
            elif metric in self.question_lines and ((_OUTFLOW.search(label := self.vocab.label(metric) or "")
                                                     and not _NET_FLOW.match(label))
                                                    or (_COST_LINE.search(label) and found.value < 0)):
                # "(cost of products + cost of services) / average inventories": a cost a statement
                # prints as a deduction, "Cost of products (49,954)", is the cost the question adds
                # "minus payments for acquisition of property, plant and equipment": the amount
                # paid, which the cash flow statement prints as "(10,495)"; the question's own
                # arithmetic already subtracts it (as the vocabulary's spending lines are read)
                found = found.model_copy(update={"value": abs(found.value)})
            self.used[key] = found
        return self.used[key]

    def _page_text(self, doc: str, page: int) -> tuple[str, NumberConventionName]:
        """A page's text, its chunks in order (the filing's, else, in a store that does not hold the filing whole,
        the retrieved ones), and its number convention."""
        filing = getattr(self.retriever, "filing", None)
        own = [c for c in filing(doc).pages.get(page, []) if c.page == page] if filing else []
        own = own or [h.chunk for h in self.hits if h.chunk.doc == doc and h.chunk.page == page]
        chunks = sorted({c.chunk_id: c for c in own}.values(), key=lambda c: c.index)
        return "\n".join(c.text for c in chunks), (chunks[0].number_convention if chunks else "us")

    def _row_on_page(self, found: InputValue) -> tuple[numbers.Row | None, list[str], int | None, NumberConventionName]:
        """The row read, its page's lines (stripped), the row's line number among them (None when the page does not
        print it as quoted) and the page's number convention."""
        text, convention = self._page_text(found.doc, found.page)
        lines = [line.strip() for line in text.splitlines()]
        at = next((i for i, line in enumerate(lines) if line == found.quote.strip()), None)
        return numbers.statement_row(found.quote.strip(), convention), lines, at, convention

    def _as_worded(self, found: InputValue) -> InputValue:
        """The row labelled in the question's own words for the line ("operating profit"), where the page of the
        row read under another of its names ("Operating income", a total of operating revenues there) prints one:
        read at the same column. The row read, when the page prints none so labelled."""
        words = [w for w in self.wordings.get(found.metric, []) if " " in w.strip()]
        if not words:
            return found
        row, lines, at, convention = self._row_on_page(found)
        if row is None or at is None or any(_labelled(row, w) for w in words):
            return found
        # the nearest row so labelled in the same table: as many amounts, no heading of another table between
        for i in sorted(range(len(lines)), key=lambda i: abs(i - at))[: 2 * _SAME_TABLE_ROWS + 1]:
            other = numbers.statement_row(lines[i], convention)
            if other is None or i == at or len(other.values) != len(row.values) \
                    or not any(_labelled(other, w) for w in words):
                continue
            column = numbers.column_from_right(row, found.value, other)
            if column is None or other.values[-column[0]] is None:
                return found
            right, factor = column
            sign = -1.0 if (row.values[-right] or 0) * found.value < 0 else 1.0
            return found.model_copy(update={"value": sign * other.values[-right] * factor,
                                            "quote": other.line.strip(), "chunk": None})
        return found

    def _whole_depreciation(self, part: InputValue) -> InputValue:
        """Depreciation and amortization read from a row of one part ("Depreciation 1,230") whose neighbour row is the
        other part ("Amortization of intangible assets 1,662"): the two rows together at the same column, both quoted.
        The row read when no neighbour is the other part; the checks then refuse it (`checks.check_whole_measure`)."""
        row, lines, at, convention = self._row_on_page(part)
        other_part = checks.other_part(row.label) if row is not None else None
        if row is None or other_part is None or at is None:
            return part
        if any(other_part.search(line.removeprefix("line_").replace("_", " ")) for line in self.question_lines):
            return part  # "operating income plus depreciation plus amortization of intangible assets": read on its own
        # the parts stand together in the statement's list of add-backs: only the rows right before and after
        for i in (at + 1, at - 1):
            other = numbers.statement_row(lines[i], convention) if 0 <= i < len(lines) else None
            if other is None or len(other.values) != len(row.values) or not other_part.search(other.label):
                continue
            column = numbers.column_from_right(row, part.value, other)
            if column is None or other.values[-column[0]] is None \
                    or sum(1 for v in row.values if v is not None and v * column[1] == part.value) > 1:
                return part  # (the value printed in two columns of the row: which one was read is not told)
            right, factor = column
            both = [lines[min(at, i)], lines[max(at, i)]]
            return part.model_copy(update={"value": part.value + abs(other.values[-right]) * factor,
                                           "quote": "\n".join(both), "chunk": None})
        return part

    def _owners_part(self, whole: InputValue) -> InputValue:
        """The parent's owners' share of the year's profit the question asks ("net income attributable to owners
        of the parent"), where the statement splits the profit read (`whole`) after it; the whole when it prints
        no split. A split whose rows cannot be read, or do not add up to the whole, answers nothing."""
        text, convention = self._page_text(whole.doc, whole.page)
        split = owners_share.split_of(text, whole.quote, whole.value, convention)
        if split is None:
            return whole
        if split.owners is None:
            raise Missing(_NET_INCOME, whole.fiscal_year)
        return whole.model_copy(update={"value": split.owners.value, "quote": split.owners.quote, "chunk": None})

    def _no_current_debt_line(self, year: int) -> InputValue | None:
        """Debt due within a year as nil where the balance sheet that prints the year's long-term
        debt lists its current liabilities, down to their total, without one line of debt (Lyft's
        FY2020: "Accounts payable", "Insurance reserves", "Accrued and other current liabilities",
        ...): the debt on the balance sheet is its long-term line. Quoted with the total that
        closes the list."""
        long_term = self.used.get((_LONG_TERM_DEBT, year))
        filing = getattr(self.retriever, "filing", None)
        if long_term is None or filing is None or _NET_OF_CURRENT.search(long_term.quote):
            # "Long-term debt, net of current portion": a current portion exists, inside another line
            return None
        own = [c for c in filing(long_term.doc).pages.get(long_term.page, []) if c.page == long_term.page]
        pages = [(long_term.doc, long_term.page, "\n".join(c.text for c in own))]
        # the balance sheet itself, when the long-term line was read from another table of the year
        aspect = Aspect(company=self.company, fiscal_year=year, metric=_LONG_TERM_DEBT)
        pages += [(h.chunk.doc, h.chunk.page, h.chunk.text) for h in self._statement_hits(_LONG_TERM_DEBT)
                  if (r := read_aspect(h.chunk, aspect, self.vocab)) is not None
                  and abs(r.value - long_term.value) <= 0.005 * max(1.0, abs(r.value))]
        for doc, page, text in pages:
            listed = _CURRENT_LIABILITIES.search(text)
            total = numbers.split_row(listed.group("total").strip()) if listed is not None else None
            if total is not None and len(total.values) >= 2 and not _DEBT_WORDS.search(listed.group("rows")):
                return InputValue(metric=_SHORT_TERM_DEBT, fiscal_year=year, value=0.0, doc=doc, page=page,
                                  quote=total.line.strip())
        return None

    def _no_current_investments_line(self, year: int) -> InputValue | None:
        """Short-term investments as nil where the balance sheet that prints the year's cash lists its
        current assets, from the cash line down to their total, without one line of investments
        (Verizon's FY2022: cash, accounts receivable, inventories, prepaid and other): the quick assets
        are its cash and receivables. A cash line that holds them ("Cash, cash equivalents and
        marketable securities") already counts them. Quoted with the total that closes the list."""
        cash = self.used.get((_CASH, year))
        if cash is None:
            return None
        text, _convention = self._page_text(cash.doc, cash.page)
        start = text.find(cash.quote.strip()[:40]) if cash.quote.strip() else -1
        listed = _CURRENT_ASSETS_TOTAL.search(text, start) if start >= 0 else None
        if listed is None:
            return None  # the list is not read whole: a missing line proves nothing
        rows = text[start:listed.start()].splitlines()[1:]  # (the cash line itself is cash)
        total = numbers.split_row(listed.group(0).strip())
        if total is None or len(total.values) < 2 or any(_INVESTMENT_WORDS.search(row) for row in rows):
            return None
        return InputValue(metric=_SHORT_TERM_INVESTMENTS, fiscal_year=year, value=0.0, doc=cash.doc, page=cash.page,
                          quote=total.line.strip())

    def _tax_as_expense(self, tax: InputValue, year: int) -> InputValue:
        """The income tax as an expense (a benefit negative). A statement printing it as a deduction
        ("Provision for income taxes (411)" under "Income before income taxes 1,797", over "Net
        income 1,386") prints an expense in parentheses, and one labelled "Income tax
        (expense)/benefit 743" a benefit unbracketed: the statement's own arithmetic (pre-tax
        income less the expense is net income) tells which it is."""
        try:
            pretax, net = self.get("pretax_income", year).value, self.get("net_income", year).value
        except Missing:
            return tax
        as_printed, flipped = abs(pretax - tax.value - net), abs(pretax + tax.value - net)
        # only a clear fit flips it: net income may be the parent's share (less a minority's) or
        # hold discontinued operations, so a near miss of both readings decides nothing; and only
        # a row printed as a deduction "(411)", labelled "(expense)/benefit", or an unbracketed
        # amount on a pre-tax loss (a benefit, as a loss usually brings) can be flipped; a plain
        # "Provision 200" on a profit, beside equity income that makes the arithmetic fit, is an expense
        signed = tax.value < 0 or pretax < 0 or _EXPENSE_BENEFIT.search(tax.quote or "")
        if signed and flipped <= 0.25 * abs(tax.value) < as_printed:
            return tax.model_copy(update={"value": -tax.value})
        return tax

    def _rank(self, doc: str) -> tuple[int, int, int]:
        """The filing the question points to first, then the nearest later one, then the rest."""
        year = self._doc_years.get(doc) or 0
        return (0 if year == self.anchor else 1 if year > self.anchor else 2, abs(year - self.anchor), -year)

    def _registrant(self, doc: str, page: int) -> int:
        """A filing of two registrants prints each one's statements under its name ("PG&E CORPORATION", "PACIFIC
        GAS AND ELECTRIC COMPANY"): the page of the registrant the question names first (0), a page of neither next
        (1), the other registrant's last (2). A statement's second page, headed by its title only, is of the
        registrant named on the page before; a filing of one registrant ranks every page alike."""
        headed = self._registrant_headings(doc)
        if len(set(headed.values())) < 2:
            return 1
        core = next((headed[p] for p in range(page, page - _STATEMENT_PAGES, -1) if p in headed), None)
        if core is None:
            return 1
        return 0 if core in self.question.casefold() else 2

    def _registrant_headings(self, doc: str) -> dict[int, str]:
        """Each page of the filing headed by a registrant's name: the name without its legal form, casefolded."""
        if doc not in self._headings:
            filing = getattr(self.retriever, "filing", None)
            # (statement pages only: a registrant's name heads its statements; the cover and notes name it too)
            chunks = filing(doc).chunks if filing else [h.chunk for h in self.hits if h.chunk.doc == doc]
            pages = sorted({c.page for c in chunks if set(c.tags) & _STATEMENT_TAGS})
            found: dict[int, str] = {}
            for page in pages:
                head = [line.strip() for line in self._page_text(doc, page)[0].splitlines()[:4] if line.strip()]
                named = next((line for line in head if _REGISTRANT_HEADING.fullmatch(line)), None)
                if named is not None and (core := _LEGAL_SUFFIX.sub("", named).strip(" ,.").casefold()):
                    found[page] = core
            self._headings[doc] = found
        return self._headings[doc]

    def _from_dated(self, metric: str) -> InputValue | None:
        """The input in an interim report's column of the day the question asks: a balance at
        it, or a flow of the months the question names ending then (loaders.interim_columns)."""
        if self.graph is None or self.as_of is None:
            return None
        balance = self.vocab.statement_of(metric) == "balance_sheet"
        if not balance and self.months is None:
            return None
        period = dated_period(date.fromisoformat(self.as_of), None if balance else self.months)
        facts = [f for f in self.graph.facts(self.names, [metric], [int(self.as_of[:4])], latest_only=False,
                                             periods=[period]) if not f.formula]
        if not facts and not balance and self.months in (6, 9):
            # "the first nine months of FY2023 (nine months ended July 1, 2023)": a 10-Q's year-to-date column
            # of the asked fiscal year, which its facts label by quarter ("Q3YTD"), not by date
            period = f"Q{self.months // 3}YTD"
            facts = [f for f in self.graph.facts(self.names, [metric], [self.anchor], latest_only=False,
                                                 periods=[period]) if not f.formula]
        if not facts:
            return None
        facts.sort(key=lambda f: (self._rank(f.doc), self._registrant(f.doc, f.page)))
        best = facts[0]
        others = {f.doc: f.value for f in facts[1:]
                  if abs(f.value - best.value) > _SAME * max(abs(best.value), 1e-9) and f.doc != best.doc}
        return _input(best, list(others.items())).model_copy(update={"period": period})

    def _from_facts(self, metric: str, year: int) -> InputValue | None:
        if self.graph is None:
            return None
        facts = [f for f in self.graph.facts(self.names, [metric], [year], latest_only=False, periods=[self.period])
                 if not f.formula]
        if not facts:
            return None
        rows = self._rows_printing_years(metric)
        facts.sort(key=lambda f: (self._rank(f.doc), self._registrant(f.doc, f.page),
                                  -rows.get((f.doc, f.page, f.source_text), 0)))
        best = facts[0]
        others: dict[str, float] = {}
        for f in facts[1:]:
            if abs(f.value - best.value) > _SAME * max(abs(best.value), 1e-9) and f.doc != best.doc:
                others.setdefault(f.doc, f.value)
        return _input(best, list(others.items()))

    def _rows_printing_years(self, metric: str) -> dict[tuple[str, int, str], int]:
        """How many of the asked years each of a filing's rows prints. A change is read from the
        one row that prints both years, as the filing compares them: a row of another table that
        prints one year only (a deconsolidated unit's "Revenue — 122,343") is another quantity."""
        if self.graph is None or len(self.years) < 2:
            return {}
        counts: dict[tuple[str, int, str], int] = {}
        for f in self.graph.facts(self.names, [metric], self.years, latest_only=False, periods=[self.period]):
            counts[(f.doc, f.page, f.source_text)] = counts.get((f.doc, f.page, f.source_text), 0) + 1
        return counts

    def _from_hits(self, metric: str, year: int) -> InputValue | None:
        if self.period != "FY":
            # a chunk's row is read by fiscal-year columns, except a line only the question
            # names (no fact holds it) in a release's table, whose columns are placed by header
            return self._release_line(metric, year) if metric in self.question_lines else None
        best = self._best_reading(metric, year, self.hits)
        if (best is None or best[0][2]) and (own := self._statement_hits(metric)):
            # not read, or read off its statement (a note's table can share the label and hold
            # a part: an asset-backed entity's "Debt maturing within one year"): the statement's
            # own page, searched for, decides when it prints the row
            best = self._best_reading(metric, year, own) or best
        if best is None:
            # a statement row in a chunk below the one with its column header: the page's retrieved
            # chunks read together, in order
            best = self._best_reading(metric, year, self._pages_of_hits())
        if best is None and (statement := self.vocab.statement_of(metric)) \
                and (tagged := [h for h in self.hits if statement in h.chunk.tags]):
            # the statement's page was retrieved, but not the chunk that prints the line (a release's
            # balance sheet cut in three): the whole page is read, any form's
            best = self._best_reading(metric, year, self._whole_pages(tagged))
        if best is None and metric in self.question_lines and self.retriever is not None:
            # a line only the question names may stand in any table (supplemental data, a
            # note), on a page the question's words did not retrieve: searched for by its words
            found = self.retriever.search(self.vocab.label(metric) or "", k=8, mode="sparse",
                                          filters=SearchFilters(companies=[self.company]))
            best = self._best_reading(metric, year, self._whole_pages(found))
        if best is None:
            return None
        r = best[1]
        if r.from_table and self.retriever is not None and checks.stated_scale(r.chunk.text, r.quote) is None:
            # a chunk cut from the middle of its table states no scale: the whole page, whose
            # header says "(In thousands)", reads the row at the table's own scale
            page = self._whole_pages([SearchHit(chunk=r.chunk, score=0.0)])
            again = self._best_reading(metric, year, page)
            if again is not None and again[1].quote == r.quote and checks.stated_scale(again[1].chunk.text, r.quote):
                r = again[1]
        return InputValue(metric=metric, fiscal_year=year, value=r.value, doc=r.chunk.doc, page=r.chunk.page,
                          quote=r.quote, chunk=r.chunk)

    def _statement_hits(self, metric: str) -> list[SearchHit]:
        statement = self.vocab.statement_of(metric)
        if self.retriever is None or statement is None:
            return []
        query = " ".join(dict.fromkeys([*self.vocab.expansions(metric)[:6], self.vocab.label(statement) or ""]))
        # annual filings only: a 10-Q's balance sheet dated "September 30, 2022" is no FY2022 column
        found = self.retriever.search(query, filters=SearchFilters(companies=[self.company], tags=[statement],
                                                                   forms=list(ANNUAL_FILINGS)), k=8, mode="sparse")
        return self._whole_pages([h for h in found if statement in h.chunk.tags and h.chunk.form in ANNUAL_FILINGS])

    def _pages_of_hits(self) -> list[SearchHit]:
        """Each page of which two chunks or more were retrieved, as one chunk of their text in the
        document's order (a table cut into chunks keeps its column years in the first)."""
        on_page: dict[tuple[str, int], list[SearchHit]] = {}
        for hit in self.hits:
            on_page.setdefault((hit.chunk.doc, hit.chunk.page), []).append(hit)
        pages = []
        for found in on_page.values():
            chunks = sorted({h.chunk.chunk_id: h.chunk for h in found}.values(), key=lambda c: c.index)
            if len(chunks) >= 2:
                text = "\n".join(c.text for c in chunks)
                pages.append(found[0].model_copy(update={"chunk": chunks[0].model_copy(update={"text": text})}))
        return pages

    def _whole_pages(self, found: list[SearchHit]) -> list[SearchHit]:
        """Each hit's page once, as one chunk of the whole page's text: a table cut into chunks
        keeps its column years in the first one (chunks that begin on an earlier page are left
        out: their dates are no header)."""
        pages: dict[tuple[str, int], SearchHit] = {}
        filing = getattr(self.retriever, "filing", None)  # a stand-in retriever may hold no pages
        for hit in found:
            key = (hit.chunk.doc, hit.chunk.page)
            if key in pages:
                continue
            on_page = [c for c in (filing(hit.chunk.doc).pages.get(hit.chunk.page, []) if filing else [])
                       if c.page == hit.chunk.page]
            whole = "\n".join(c.text for c in on_page) if on_page else hit.chunk.text
            pages[key] = hit.model_copy(update={"chunk": hit.chunk.model_copy(update={"text": whole})})
        return list(pages.values())

    def _best_reading(self, metric: str, year: int, hits: list[SearchHit]) -> tuple[tuple[int, ...], Reading] | None:
        best = None
        for rank, hit in enumerate(hits):
            reading = read_aspect(hit.chunk, Aspect(company=self.company, fiscal_year=year, metric=metric), self.vocab)
            if reading is None or (metric in self.question_lines and not reading.from_table):
                # a line only the question names is read from a statement row, never from prose
                continue
            # a consolidated statement's row before a segment's, a quarter's or a
            # non-controlling interest's (answering.checks refuses those if nothing else is found)
            suspect = checks.not_consolidated(reading.quote, hit.chunk.text, self.question, annual=True) is not None
            # a line item from its own statement's page before a note's table with the same label
            # ("Debt maturing within one year" is also a row of the debt note, with other amounts)
            statement = self.vocab.statement_of(metric)
            off_statement = int(statement is not None and statement not in hit.chunk.tags)
            key = (int(suspect), 0 if reading.from_table else 1, off_statement, self._registrant(hit.chunk.doc, hit.chunk.page),
                   -self._years_in_row(hit.chunk, metric, year, reading),
                   0 if reading.chunk.fiscal_year == self.anchor else 1, rank)
            if best is None or key < best[0]:
                best = (key, reading)
        return best

    def _years_in_row(self, chunk: Chunk, metric: str, year: int, reading: Reading) -> int:
        """How many of the other asked years the reading's row prints too: `_rows_printing_years`
        for a row read from the hits."""
        return sum(1 for other in self.years if other != year and (
            again := read_aspect(chunk, Aspect(company=self.company, fiscal_year=other, metric=metric), self.vocab))
            is not None and again.quote == reading.quote)

    def _release_line(self, metric: str, year: int) -> InputValue | None:
        chunks = [hit.chunk for hit in self.hits]
        found = self._placed_line(metric, year, chunks)
        filing = getattr(self.retriever, "filing", None)  # a stand-in retriever may hold no pages
        if found is None and filing is not None:
            # the row may stand on a page no hit is from (a release's operating data table,
            # whose rows the question's words do not retrieve): the retrieved filings read whole
            for doc in dict.fromkeys(c.doc for c in chunks if self._quarter_chunk(c)):
                if (found := self._placed_line(metric, year, filing(doc).chunks)) is not None:
                    break
        return found

    def _quarter_chunk(self, chunk: Chunk) -> re.Match[str] | None:
        """The chunk's quarter, when it is of this company's release or 10-Q."""
        quarter = re.fullmatch(r"\d{4}Q([1-4])", chunk.period or "")
        if chunk.form not in _QUARTER_TABLE_FORMS or not chunk.fiscal_year or \
                (chunk.company or "").casefold() != self.company.casefold():
            return None
        return quarter

    def _placed_line(self, metric: str, year: int, chunks: list[Chunk]) -> InputValue | None:
        for chunk in chunks:
            quarter = self._quarter_chunk(chunk)
            if not quarter or not chunk.fiscal_year:
                continue
            for row in placed_rows(chunk.text, chunk.fiscal_year, int(quarter.group(1)), chunk.number_convention):
                value = row.amounts.get(f"{year} {self.period}")
                named = segment_row_names(row.label, row.segment_section, metric, self.vocab) \
                    if row.segment_section else row_names(row.label, metric, self.vocab) \
                    or section_row_names(row.label, row.section, metric, self.vocab)
                if value is not None and named:
                    return InputValue(metric=metric, fiscal_year=year, value=value, doc=chunk.doc, page=chunk.page,
                                      quote=row.text, chunk=chunk)
        return None


_STATEMENT_TAGS = frozenset({"balance_sheet", "income_statement", "cash_flow"})
_STATEMENT_PAGES = 3  # a statement runs over at most this many pages, its name on the first
# a statement page's heading naming its registrant, "PG&E CORPORATION", "PACIFIC GAS AND ELECTRIC COMPANY": its name,
# then its legal form
_LEGAL_FORM = r"[\s,]+(?:CORPORATION|COMPANY|INC\.?|INCORPORATED|CORP\.?|LLC|L\.P\.|LP|PLC|LIMITED|LTD\.?)"
_LEGAL_SUFFIX = re.compile(_LEGAL_FORM + "$")
_REGISTRANT_HEADING = re.compile(r"(?:[A-Z0-9&.,'’-]+\s+){0,6}?[A-Z0-9&.,'’-]+" + _LEGAL_FORM)


_TAX = "income_tax"
_DEPRECIATION_AMORTIZATION = "depreciation_amortization"
# a question that names amortization, D&A or EBITDA asks both parts; "depreciation expense" alone asks the one row
# (EBITDA asked without naming the parts; "operating income plus depreciation expense" defines it on one)
_ASKS_BOTH_PARTS = re.compile(r"depreciation\b[^?.]{0,40}\bamorti[sz]ation|\bD\s*&\s*A\b", re.I)
_EBITDA = re.compile(r"\bEBITDA\b", re.I)
_DEPRECIATION_WORD = re.compile(r"\bdepreciation\b", re.I)


def _asks_whole_depreciation(question: str) -> bool:
    """The question asks depreciation and amortization both (by name, "D&A", or as EBITDA's add-back when it names
    no depreciation of its own)."""
    return bool(_ASKS_BOTH_PARTS.search(question)
                or (_EBITDA.search(question) and not _DEPRECIATION_WORD.search(question)))
_NET_INCOME = "net_income"
_SAME_TABLE_ROWS = 25  # lines either side of a row read that a row of its own table stands within
_SHORT_TERM_DEBT, _LONG_TERM_DEBT = "short_term_debt", "long_term_debt"
_CASH, _SHORT_TERM_INVESTMENTS = "cash", "short_term_investments"
# a balance sheet's row closing its current assets, and the words of a row of investments above it
_CURRENT_ASSETS_TOTAL = re.compile(r"^\s*total\s+current\s+assets\b[^\n]*$", re.I | re.M)
_INVESTMENT_WORDS = re.compile(r"\b(?:investments?|marketable|securities|deposits|treasury|bills)\b", re.I)
# a balance sheet's current liabilities, from their heading to their total row
_CURRENT_LIABILITIES = re.compile(r"^\s*current\s+liabilities:?\s*$(?P<rows>.*?)^(?P<total>\s*total\s+current\s+liabilities\b[^\n]*)$",
                                  re.I | re.M | re.S)
_NET_OF_CURRENT = re.compile(r"\b(?:net\s+of|excluding|less|exclusive\s+of)\s+(?:the\s+)?current\b", re.I)
_DEBT_WORDS = re.compile(r"\b(?:debt|borrowings?|loans?|notes\s+payable|credit\s+facilit\w*|commercial\s+paper|"
                         r"convertible|bonds?|debentures?|financing\s+obligations?)\b", re.I)
# a line the question names as a cost or an expense ("cost of products", "selling expenses")
_COST_LINE = re.compile(r"\bcosts?\b|\bexpenses?\b", re.I)
# a line the question names as money going out ("payments for", "purchases of", "repayments of")
_OUTFLOW = re.compile(r"\b(?:payments?|purchases?|repayments?|repurchases?|paid|spent|outflows?|expenditures?)\b"
                      r"|\bused\s+(?:in|for|by)\b", re.I)
# a net flow keeps its sign whatever its label says ("Net cash used in operating activities
# (7,570,342)" is cash the business consumed: free cash flow is that less capex, not its size less capex)
_NET_FLOW = re.compile(r"\s*net\s+cash\b", re.I)


def _held_quarter(target: MetricTarget, understanding: QueryUnderstanding) -> MetricTarget:
    """"The quarter ended March 31, 2023" read as the quarter of the held filing whose period ends that day
    (retrieval.query_understanding.dated_quarters): a release's columns are labelled by quarter, not by day."""
    quarters = {p for p in understanding.periods if re.fullmatch(r"\d{4}Q[1-4]", p)}
    if target.quarter is not None or target.months != 3 or len(target.years) != 1 or len(quarters) != 1:
        return target
    (period,) = quarters
    return target.model_copy(update={"quarter": int(period[-1]), "years": [int(period[:4])], "months": None,
                                     "as_of": None})


# filings whose income statement prints a quarter's columns: a release's, and a 10-Q's
# ("THREE MONTHS ENDED ... SIX MONTHS ENDED"), placed by the same header rules
_QUARTER_TABLE_FORMS = frozenset({*RELEASE_FORMS, "10-Q"})


def with_lines(vocab: Vocabulary, target: MetricTarget) -> Vocabulary:
    """The vocabulary with the statement lines the question's definition names and the
    vocabulary lacks ("short-term debt"), each read from a row labelled in those words, and
    with the question's own wording of a line it does know (MetricTarget.wordings)."""
    if not target.lines and not target.wordings:
        return vocab
    extra = [Entry(key=key, kind="metric", label=wording, unit=line_unit(wording) or "USD",
                   synonyms=[w for w in target.wordings.get(key, []) if w != wording],
                   definition=f"the statement line '{wording}', as the question names it")
             for key, wording in target.lines.items()]
    entries = [e.model_copy(update={"synonyms": [*e.synonyms, *target.wordings[e.key]]}) if e.key in target.wordings
               else e for e in vocab.entries.values()]
    return Vocabulary([*entries, *extra], list(vocab.languages.values()))


def _labelled(row: numbers.Row, wording: str) -> bool:
    """The row's label (either side of a bilingual row) is the wording, as a statement prints it."""
    want = numbers.normalize_label(wording)
    return any(numbers.normalize_label(label) == want for label in (row.label, row.label_before) if label)


def _input(fact: Fact, also: list[tuple[str, float]]) -> InputValue:
    return InputValue(metric=fact.metric, fiscal_year=fact.fiscal_year, value=fact.value, doc=fact.doc,
                      page=fact.page, quote=fact.source_text, also=also)


# --------------------------------------------------------------------------- answering


# where a computed figure's formula came from, as the answer says it in parentheses
SOURCE_NOTES = {"question": "as the question defines it", "vocabulary": "standard definition",
                "line item": "statement line item"}

def _column(target: MetricTarget) -> str:
    if target.quarter is None:
        return "FY"
    return f"Q{target.quarter}YTD" if target.year_to_date else f"Q{target.quarter}"


def _period(target: MetricTarget, inputs: list[InputValue] | None = None, vocab: Vocabulary | None = None) -> str:
    dated = [i.period for i in inputs or [] if i.period != "FY"]
    if dated and len(dated) == len(inputs or []):
        # every input read from the asked day's column of an interim report
        # (a 10-Q's year-to-date column is labelled by its quarter, "Q2YTD": the months asked say what it spans)
        flow = any("M" in p or p.endswith("YTD") for p in dated) and target.months
        return f"{target.months} months ended {target.as_of}" if flow else f"at {target.as_of}"
    years = target.years
    if target.as_of and target.quarter is None and target.aggregation == "value" and inputs and vocab is not None \
            and all(vocab.statement_of(i.metric) == "balance_sheet" for i in inputs):
        return f"at {target.as_of}"  # balances asked by their day ("as of July 1, 2023"), not a fiscal year's end
    if target.quarter is not None:
        span = f"Q{target.quarter} year to date" if target.year_to_date else f"Q{target.quarter}"
        if target.aggregation != "value" and len(years) > 1:
            return f"FY{years[0]} {span}-FY{years[-1]} {span}"  # the same quarter a year apart
        return f"FY{years[-1]} {span}"
    if target.aggregation == "value":
        return f"FY{years[-1]}"
    return f"FY{years[0]}-FY{years[-1]}"


def answer_metric(
    question: str, hits: list[SearchHit], understanding: QueryUnderstanding, services: MetricServices,
    search: bool = True,
) -> WrittenAnswer | None:
    """The exact answer to a one-company metric question; None when the question is not one
    (no metric, no year, or not exactly one company): the general writer answers it then.
    `search`: an input's statement page may be searched for (not after the question's deadline)."""
    if len(understanding.companies) != 1:
        return None
    target = read_target(question, services.vocabulary, understanding.companies)
    if target is None:
        return None
    target = _held_quarter(target, understanding)
    company = understanding.companies[0]
    vocab = with_lines(services.vocabulary, target)
    if target.unresolved:
        return WrittenAnswer(status="not_found", text=f"{NOT_FOUND.capitalize()}: {target.unresolved}; no formula "
                             "for the quantity asked is known.", reason=target.unresolved, flags=["metric_target"])
    evidence = Evidence(company, max(target.years), hits, vocab, services.graph, _column(target),
                        question, services.retriever if search else None)
    evidence.question_lines = set(target.lines)
    evidence.wordings = target.wordings
    evidence.as_of, evidence.months = target.as_of, target.months
    evidence.years = target.years
    try:
        result = _computed(target, vocab, evidence)
    except Missing as missing:
        label = metric_label(missing.metric, vocab)
        found = "; ".join(f"{metric_label(i.metric, vocab)} FY{i.fiscal_year} {i.value:,.2f}"
                          for i in evidence.used.values())
        where = f"FY{missing.year}" + ("" if evidence.period == "FY" else f" {evidence.period}")
        if search and (absent := _absent_from_named_filing(target, company, understanding, hits, services,
                                                            missing.metric, label)):
            return WrittenAnswer(status="not_found", text=f"{NOT_FOUND.capitalize()}: {absent}.",
                                 reason=f"not reported: {label} {where}", flags=["metric_target", "not_reported"])
        unsettled = unsettled_row(hits, missing.metric, vocab)
        return WrittenAnswer(
            status="not_found",
            text=f"{NOT_FOUND.capitalize()}: could not find {label} {where} for {company}, an input of "
                 f"{target.label} ({_in_words(target, vocab)})." + (f" Found: {found}." if found else "")
                 + (f" Not read: {unsettled}." if unsettled else ""),
            reason=f"missing input: {label} {where}",
            flags=["metric_target"],
        )
    except ZeroDivisionError:
        return WrittenAnswer(status="not_found", text=f"{NOT_FOUND.capitalize()}: {target.label} divides by zero.",
                             reason="division by zero", flags=["metric_target"])
    source = SOURCE_NOTES[target.formula_source]
    text = f"{company} {target.label} {_period(target, result.inputs, vocab)}: {result.shown} ({source}). " + " ".join(
        f"{w}." for w in result.working)
    also = [f"{metric_label(i.metric, vocab)} FY{i.fiscal_year} {v:,.2f} in {doc}"
            for i in result.inputs for doc, v in i.also]
    filings = list(dict.fromkeys(i.doc for i in result.inputs))
    text += f" Read from {', '.join(filings)}."
    if also:
        text += " Also reported: " + "; ".join(also) + "."
    cited = _citations(result.inputs, hits, services)
    citations = [c for c, _ in cited]
    inputs = checked_inputs(result.inputs, cited)
    failure = check_result(question, target, result, inputs, company, hits, vocab,
                           services.retriever if search else None)
    if failure is not None:
        return checks.unverified(f"{company} {target.label} {_period(target, result.inputs, vocab)}", result.shown, failure, inputs,
                                 citations, vocab, ["metric_target"])
    flags = ["metric_target"] + ([] if len(citations) == len(result.inputs) else ["uncited_input"])
    return WrittenAnswer(status="answered", text=text, citations=unique_citations(citations), value=result.value,
                         flags=flags, unit=value_unit(target))


# Gross profit where the income statement prints no such line (Meta's "Revenue", "Cost of revenue",
# then the other costs): revenue less the cost of what was sold, as the vocabulary defines it. Only
# a cost line that names what it is the cost of (revenue, sales, goods, products) is read for it: a
# retailer's "Merchandise costs" pairs with its net sales, not with the total revenue that includes
# membership fees, and the margin computed against the total would be another quantity.
_GROSS_PROFIT = "gross_profit"
_GROSS_PROFIT_IDENTITY = "(revenue - cost_of_revenue)"
_COST_OF_WHAT_IS_SOLD = re.compile(r"\bcost\s+of\s+(?:net\s+)?(?:revenues?|sales|goods|products)\b", re.I)


def _prints_gross_profit(hits: list[SearchHit], vocab: Vocabulary) -> bool:
    """Whether a row among the hits names gross profit, whatever its numbers (read the US way
    only to find the row, as aspects.unsettled_row does)."""
    return any((row := numbers.split_row(line)) is not None and row_names(row.label, _GROSS_PROFIT, vocab)
               for h in hits for line in h.chunk.text.splitlines())


def _computed(target: MetricTarget, vocab: Vocabulary, evidence: Evidence) -> MetricResult:
    try:
        return compute(target, vocab, evidence.get)
    except Missing as missing:
        if missing.metric != _GROSS_PROFIT or not re.search(rf"\b{_GROSS_PROFIT}\b", target.formula) \
                or _prints_gross_profit(evidence.hits, vocab):
            raise  # (a line printed but not read, "Gross profit 987.448" in a document that writes numbers
            # both ways, is refused for its reason, never replaced by a sum of other lines)
        identity = target.model_copy(update={"formula": re.sub(rf"\b{_GROSS_PROFIT}\b", _GROSS_PROFIT_IDENTITY,
                                                                target.formula)})
        try:
            result = compute(identity, vocab, evidence.get)
        except Missing:
            raise missing from None  # the line asked is what is missing, whatever the identity lacked
        if not all(_COST_OF_WHAT_IS_SOLD.search(i.quote) for i in result.inputs if i.metric == "cost_of_revenue"):
            raise missing from None
        return result


def _absent_from_named_filing(target: MetricTarget, company: str, understanding: QueryUnderstanding,
                              hits: list[SearchHit], services: MetricServices, metric: str, label: str) -> str | None:
    """Why the filing the question names does not report the missing input, read on all of
    its stored pages (answering.absence); None when that is not certain."""
    doc = named_filing(target, company, understanding, hits)
    filing = getattr(services.retriever, "filing", None)  # a stand-in retriever may hold no pages
    if doc is None or filing is None:
        return None
    return absent_statement_line(metric, label, filing(doc).chunks, services.vocabulary)


def value_unit(target: MetricTarget) -> str:
    """The unit of an answer's `value`, as results.csv and the JSON say it."""
    if target.unit == "USD":
        return f"USD {target.scale}"
    return {"USD/share": "USD per share"}.get(target.unit, target.unit)


def checked_inputs(inputs: list[InputValue], cited: list[tuple[Citation, Chunk]]) -> list[CheckedInput]:
    """The inputs as the checks see them, each with the text of the chunk it is cited from."""
    context = {(c.doc, c.quote): chunk for c, chunk in cited}
    out = []
    for i in inputs:
        chunk = i.chunk if i.chunk is not None else next(
            (t for (doc, quote), t in context.items() if doc == i.doc and quote_in_text(quote, i.quote)), None)
        convention = chunk.number_convention if chunk is not None else "us"
        out.append(CheckedInput(metric=i.metric, fiscal_year=i.fiscal_year, value=i.value, quote=i.quote, doc=i.doc,
                                page=i.page, context=chunk.text if chunk is not None else "",
                                # a measure read as the sum of two rows quotes both, a line each
                                from_table=all(numbers.statement_row(line, convention) is not None
                                               for line in i.quote.strip().splitlines()),
                                number_convention=convention, period=i.period))
    return out


def _pages_of(inputs: list[CheckedInput], retriever: Retriever | None) -> dict[tuple[str, int], str]:
    """Each input's whole page (its title block dates the columns), where the store holds it."""
    filing = getattr(retriever, "filing", None)  # a stand-in retriever may hold no pages
    if filing is None:
        return {}
    pages: dict[tuple[str, int], str] = {}
    for i in inputs:
        if (i.doc, i.page) not in pages:
            chunks = [c for c in filing(i.doc).pages.get(i.page, []) if c.page == i.page]
            pages[(i.doc, i.page)] = "\n".join(c.text for c in chunks)
    return pages


def _one_statement(inputs: list[CheckedInput]) -> bool:
    """Every input is a row of one table: the same page of one filing, read in one year."""
    return len(inputs) >= 2 and all(i.from_table for i in inputs) \
        and len({(i.doc, i.page, i.fiscal_year) for i in inputs}) == 1


def check_result(question: str, target: MetricTarget, result: MetricResult, inputs: list[CheckedInput],
                 company: str, hits: list[SearchHit], vocab: Vocabulary,
                 retriever: Retriever | None = None) -> CheckFailure | None:
    """The checks of answering.checks on a computed target: its inputs, then its value."""
    # (a span of months asked, "six months ended March 31, 2015", is read from its own column, as a quarter is)
    failure = checks.check_inputs(inputs, question, target.quarter is None and target.months is None, vocab, hits) \
        or (checks.check_asked_period(inputs, question, vocab, _pages_of(inputs, retriever))
            if target.quarter is None else None) \
        or checks.check_unit_mix(inputs, target.unit, vocab) \
        or checks.check_meaningful_base(target.formula, target.label, inputs, vocab)
    if failure is not None:
        return failure
    percent = target.unit == "percent"
    bounded = checks.bounds_for(target.metric, target.formula, target.unit, vocab)
    if bounded is not None:
        label, plausible = bounded
        for year, value in sorted(result.per_year.items()):
            shown = f"{value * 100:,.1f}%" if percent else f"{value:,.2f}"
            failure = checks.check_plausible(f"{label} FY{year}", value, plausible, percent, shown)
            if failure is not None and (plausible is checks.SHARE_OF_REVENUE or target.unit == "ratio") \
                    and _one_statement(inputs):
                # an expense above revenue (a young company's R&D at 225% of its sales), or an explorer's current
                # assets at 141 times its current liabilities, printed in one statement in one unit is the
                # statement's arithmetic, not rows of two tables read at two scales
                failure = None
            if failure is not None and not (percent and _stated_alike(target, year, value, company, hits, vocab,
                                                                       retriever)):
                # a rare value the filing itself states (a 144.5% tax rate in a year of a one-off
                # tax charge) is the filing's own figure, not a misread row
                return failure
    years = sorted(result.per_year)
    if target.aggregation == "change" and len(years) >= 2:
        old, new = result.per_year[years[0]], result.per_year[years[-1]]
        if target.of_loss and old < 0 and new < 0:
            old, new = abs(old), abs(new)  # the loss's own change was computed
        decimals = target.decimals if target.decimals is not None else 6
        failure = checks.check_change(old, new, result.value, target.label, 0.5 * 10 ** -decimals)
        if failure is None and checks.size_metric(target.formula, vocab):
            failure = checks.check_size_change(target.label, result.value)
        if failure is not None:
            return failure
    # (a ratio of rows of one table is the same whatever its scale: rupiah in full are no misread thousands)
    scale_free = target.unit in ("percent", "ratio") and _one_statement(inputs)
    if not scale_free and (failure := checks.check_size(inputs, vocab)) is not None:
        return failure
    if percent and target.aggregation == "value" and target.quarter is None and target.formula_source != "question":
        year = years[-1]
        stated = checks.stated_percent(target.metric, year, company, hits, vocab)
        return checks.check_stated(f"{target.label} FY{year}", result.per_year[year] * 100, stated)
    return None


def _stated_alike(target: MetricTarget, year: int, value: float, company: str, hits: list[SearchHit],
                  vocab: Vocabulary, retriever: Retriever | None) -> bool:
    """The filing states this very percent for the year (a row or a sentence naming the measure),
    in the hits or, with a retriever, on a page searched for by the measure's name."""
    stated = checks.stated_percent(target.metric, year, company, hits, vocab)
    if stated is None and retriever is not None:
        found = retriever.search(f"{target.label} {year}", filters=SearchFilters(companies=[company]), k=8,
                                 mode="sparse")
        stated = checks.stated_percent(target.metric, year, company, found, vocab)
    return stated is not None and checks.check_stated(target.label, value * 100, stated) is None


def inputs_in_graph(question: str, understanding: QueryUnderstanding, services: MetricServices) -> bool:
    """Every input of the question's metric target is a fact in the knowledge graph: more
    searches cannot change the answer (the iterative agent then writes at once)."""
    if services.graph is None or len(understanding.companies) != 1:
        return False
    target = read_target(question, services.vocabulary)
    if target is None or target.unresolved:
        return False
    evidence = Evidence(understanding.companies[0], max(target.years), [], services.vocabulary, services.graph,
                        _column(target))
    try:
        compute(target, services.vocabulary, evidence.get)
    except (Missing, ZeroDivisionError):
        return False
    return True


def _citations(inputs: list[InputValue], hits: list[SearchHit], services: MetricServices) -> list[tuple[Citation, Chunk]]:
    """Each input's row, quoted from a chunk of its filing that contains it (checked literally).

    Rows read from retrieved chunks cite them; facts first look in the hits, then one sparse
    search per filing for all its rows together (a statement page holds most of them)."""
    citations: list[tuple[Citation, Chunk]] = []
    pending: dict[str, list[InputValue]] = {}
    for value in inputs:
        chunk = value.chunk or next((h.chunk for h in hits if h.chunk.doc == value.doc
                                     and quote_in_text(value.quote, h.chunk.text)), None)
        if chunk is not None:
            citations.append((cite(chunk, value.quote), chunk))
        else:
            pending.setdefault(value.doc, []).append(value)
    for doc, values in pending.items():
        query = " ".join(dict.fromkeys(v.quote for v in values))[:2000]
        found = services.retriever.search(query, filters=SearchFilters(docs=[doc]), k=8, mode="sparse")
        for value in values:
            on_page = [h for h in found if h.chunk.page <= value.page <= h.chunk.page_end]
            chunk = next((h.chunk for h in on_page + found if quote_in_text(value.quote, h.chunk.text)), None)
            if chunk is not None:
                citations.append((cite(chunk, value.quote), chunk))
    return citations


def _in_words(target: MetricTarget, vocab: Vocabulary) -> str:
    """The formula as an analyst reads it: metrics by their labels, lines in the question's words."""
    shown = ask_phrase(target.formula, vocab)
    for key, wording in target.lines.items():
        shown = shown.replace(key, wording)
    return shown
