"""drivers read from the statement itself: the lines that moved a total, proven by its own arithmetic.

When no sentence of the filing explains a change (a small company's annual report has no MD&A;
a 10-Q's explanation sits on a page the search did not bring back), the income statement still
does: the asked total (net loss, operating income) is the signed sum of the lines printed above
it. The lines are taken only when that sum holds for *both* columns of the asked period and the
one before with one sign per line (a subtotal such as gross profit may be left out, a line never
counted twice): a table the question is not about, or columns read wrongly, does not add up and
is refused. The answer is the total's change and the lines whose change moved it most.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pydantic import BaseModel

from answering.citations import cite, unique_citations
from answering.kinds.statement_lines import has_line
from answering.numbers import Row, header_years, normalize_label, split_row, split_two_label_row
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import Vocabulary

# A line that totals others ("Total operating expenses", "Gross profit", "Loss before income
# tax"): it may be part of the sum or left out of it; any other line must be in it.
_SUBTOTAL = re.compile(
    r"^(?!income\s+tax)(?:total\b|gross\s+(?:profit|margin|loss)|net\s+(?:revenues?|sales)\b|(?:operating\s+)?(?:income|loss|profit|"
    r"earnings)\b|(?:\(loss\)|\(income\))|net\s+(?:income|loss|earnings)|(?:income|profit|loss|earnings)\s*\(?(?:loss|income)?"
    r"\)?\s+(?:before|from|after)\b)",
    re.I,
)
# the statement totals a line may be, in the filing's own language ("Laba usaha" is operating income,
# "Laba sebelum pajak penghasilan" income before tax): the vocabulary's `languages` table
TOTALS = ("gross_profit", "operating_income", "pretax_income", "income_tax", "net_income")
_PER_UNIT = re.compile(r"\bper\b", re.I)  # "Net assets per unit", "Net income per share": not a statement total
# "Quarters Ended June 30, 2023 2022 Inc/ (Dec)": the two periods, then their change in $ and in %
_CHANGE_HEADER = re.compile(r"^(?P<years>[A-Za-z ,0-9]*?(?:19|20)\d\d\s+(?:19|20)\d\d)\s+(?:inc(?:rease)?\s*/\s*\(?dec(?:rease)?\)?|"
                            r"\$?\s*change\b|increase\s*\(decrease\))", re.I)
_CHANGE_COLUMNS = re.compile(r"\s+\$?\s*\(?-?[\d,]+(?:\.\d+)?\)?\s+(?:\(?-?[\d,]+(?:\.\d+)?\)?\s*%?|n/?m)\s*%?\s*$",
                             re.I)
_MAX_ROWS = 14  # 2^14 sign choices at most: a statement's lines above a total, not a whole note
# the lines shown: a total's change often has several movers of like size (revenue, a provision, other
# charges, tax), and an answer naming three of five leaves main drivers out
_SHOWN = 5
_ON_THE_WAY = 3
# note references printed after a label ("2.q,", "3.s, 3.v,"), left once the amounts are read
_NOTE_AFTER = re.compile(r"(?:\s+\d{1,2}(?:\.[a-z]{1,2}){1,2},?)+\s*$")
_MIN_SHARE = 0.1  # a line shown moved the total by at least a tenth of what all lines moved it


class Line(BaseModel):
    row: Row
    chunk: Chunk
    label: str
    subtotal: bool = False  # it totals lines above it: it may be part of the sum or left out
    gloss: str = ""  # the vocabulary's English name of a line labelled in another language ("Net income")

    @property
    def name(self) -> str:
        """The label as shown: without the note references printed after it ("Pendapatan Lainnya
        2.q,") and with its English name when the statement is in another language."""
        bare = _NOTE_AFTER.sub("", self.label).rstrip(" :")
        return f"{bare} ({self.gloss})" if self.gloss and self.gloss.lower() != bare.lower() else bare


class StatementChange(BaseModel):
    """The total's two columns and the lines that sum to it, with their signs."""

    total: Line
    years: tuple[int, int]  # (before, asked)
    columns: tuple[int, int]  # value columns of (before, asked), counted from the right end of the row
    parts: list[tuple[Line, int]]  # (line, +1 / -1)
    run: list[tuple[Line, int]] = []  # every line above the total in the statement's order, 0: left out of the sum
    subtotals: list[Line] = []  # subtotals of the run left out of the sum (operating income on the way to net income)

    def value(self, line: Line, which: int) -> float:
        v = line.row.values[len(line.row.values) - self.columns[which]]
        return v or 0.0


def _language_rows(vocab: Vocabulary) -> list[tuple[str, str]]:
    """How statements in other languages than English label the vocabulary's lines, each wording
    with its metric ("laba usaha" -> operating_income), longest first."""
    rows = [(normalize_label(w), m) for lang in vocab.languages.values() for m, ws in lang.metrics.items() for w in ws]
    return sorted((r for r in rows if r[0]), key=lambda r: -len(r[0]))


def _subtotal(label: str, metric: str | None) -> bool:
    return bool(_SUBTOTAL.search(label)) or metric in TOTALS


def _language_metric(label: str, rows: list[tuple[str, str]]) -> str | None:
    key = normalize_label(label)
    return next((m for w, m in rows if key.startswith(w)), None)


def _lines(hits: Sequence[SearchHit], companies: list[str], vocab: Vocabulary | None = None
           ) -> list[list[Line | tuple[int, ...]]]:
    """Runs of consecutive chunks of one filing joined, each as its lines: a `Line` for a table
    row (a label-only line above a row that continues it in lower case is joined to it), the
    years of a header line as a tuple."""
    wanted = {c.casefold() for c in companies}
    rows = _language_rows(vocab) if vocab is not None else []
    chunks = {(h.chunk.doc, h.chunk.index): h.chunk for h in hits
              if not wanted or (h.chunk.company or "").casefold() in wanted}
    runs: list[list[Chunk]] = []
    for key in sorted(chunks, key=lambda k: (k[0], k[1])):
        if runs and runs[-1][-1].doc == key[0] and runs[-1][-1].index == key[1] - 1:
            runs[-1].append(chunks[key])
        else:
            runs.append([chunks[key]])
    out: list[list[Line | tuple[int, ...]]] = []
    for run in runs:
        lines: list[Line | tuple[int, ...]] = []
        changes = False  # the header's last columns are the change in $ and in % ("Inc/ (Dec)")
        last: list[str] = []
        for chunk in run:
            pending = ""
            for raw in _without_overlap(chunk.text.splitlines(), last):
                if m := _CHANGE_HEADER.match(raw):
                    lines.append(tuple(int(y) for y in re.findall(r"(?:19|20)\d\d", m.group("years"))[-2:]))
                    pending, changes = "", True
                    continue
                if years := header_years(raw):
                    lines.append(tuple(years))
                    pending, changes = "", False
                    continue
                row = split_row(_CHANGE_COLUMNS.sub("", raw) if changes else raw, chunk.number_convention) \
                    or split_two_label_row(raw, chunk.number_convention)  # a bilingual statement: its English label
                if row is None:
                    pending = raw.strip() if re.search(r"[A-Za-z]", raw) else pending
                    continue
                label = row.label
                if pending and label[:1].islower():
                    label = f"{pending} {label}"
                elif pending and row.label_before and not re.search(r"\d", pending):
                    # a bilingual row whose two labels both began on the line above ("LABA KOTOR SETELAH
                    # LABA VENTURA GROSS PROFITS AFTER CONSTRUCTION" / "BERSAMA KONSTRUKSI 1,247 ... JOINT
                    # VENTURES"): the line's words as printed, which no split can part by language
                    label = f"{pending} {row.label_before} {label}"
                pending = ""
                metric = _language_metric(label, rows)
                # a bilingual row has its English label already
                gloss = (vocab.label(metric) or "") if vocab is not None and metric and not row.label_before else ""
                lines.append(Line(row=row, chunk=chunk, label=label, subtotal=_subtotal(label, metric), gloss=gloss))
            last = chunk.text.splitlines()
        out.append(lines)
    return out


_OVERLAP = 3


def _without_overlap(raw: list[str], before: list[str]) -> list[str]:
    """A chunk's lines without those it repeats from the end of the chunk before (the chunker's
    overlap): a statement row read twice would be counted twice in the sum."""
    for k in range(min(_OVERLAP, len(raw), len(before)), 0, -1):
        if raw[:k] == before[-k:] and any(re.search(r"\d", x) for x in raw[:k]):
            return raw[k:]
    return raw


def _columns(header: list[int], year: int | None, width: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(before, asked) years and their columns counted from the right of a row `width` amounts
    wide, from the header's last `width` years: the asked year beside the one before, else the
    first two when the header runs latest first around the asked year (the asked year's own
    filing, its fiscal year named for the calendar year it ends in)."""
    if len(header) < width or width < 2:
        return None
    years = header[-width:]
    if year is not None and year in years and year - 1 in years:
        now, before = years.index(year), years.index(year - 1)
    elif years[0] == years[1] + 1 and (year is None or abs(years[0] - year) <= 1):
        now, before = 0, 1
    else:
        return None
    return (years[before], years[now]), (width - before, width - now)


def _signs(parts: list[Line], total: Line, cols: list[int], width: int) -> list[int] | None:
    """One sign per line (0 allowed for a subtotal) under which the lines sum to the total in
    every column, the fewest subtotals used; None when no choice does. A line printed negative
    in every column is already signed (a loss, an expense in parentheses): it is added, unless
    its label says which way it reads ("Other (income) expense")."""
    def value(line: Line, c: int) -> float:
        return line.row.values[len(line.row.values) - c] or 0.0

    targets = [value(total, c) for c in cols]
    vals = [[value(p, c) for c in cols] for p in parts]
    digits = max((len(t.split(".")[1].rstrip(")")) if "." in t else 0) for p in [*parts, total]
                 for t in p.row.tokens[-width:])
    unit = 10.0 ** -digits
    choices = []
    for p, v in zip(parts, vals, strict=True):
        signed = all(x < 0 for x in v) and "(" not in p.label
        base = (1,) if signed else (1, -1)
        choices.append((*base, 0) if p.subtotal else base)
    tolerance = unit * (1 + len(parts) // 4)
    best: list[int] | None = None
    for signs in itertools.product(*choices):
        subtotals = sum(1 for s, p in zip(signs, parts, strict=True) if s and p.subtotal)
        if best is not None and subtotals >= sum(1 for s, p in zip(best, parts, strict=True) if s and p.subtotal):
            continue
        if all(abs(sum(s * v[k] for s, v in zip(signs, vals, strict=True)) - targets[k]) <= tolerance
               for k in range(len(cols))):
            best = list(signs)
    return best


def read_change(metric: str, year: int | None, hits: Sequence[SearchHit], companies: list[str],
                vocab: Vocabulary, question: str = "") -> StatementChange | None:
    """The asked total's row and the statement lines above it that sum to it, or None. A
    question that states the total's figures or its change ("went from a net loss of $88
    million to net income of $1,814 million", "rose 15%") is about the row that has them."""
    for lines in _lines(hits, companies, vocab):
        for at, item in enumerate(lines):
            if not isinstance(item, Line) or not has_line(metric, normalize_label(item.label), vocab) \
                    or _PER_UNIT.search(item.label) or item.row.percent:
                continue
            if year is not None and item.chunk.fiscal_year not in (None, year):
                continue  # another period's filing: its latest column is not the asked period
            found = _above(lines, at, item, year)
            if found is not None and _agrees(found, question):
                return found
    return None


def _header(lines: list[Line | tuple[int, ...]]) -> list[int]:
    """The years of the nearest header above: consecutive header lines ("2022" / "2021", each
    on its own line) read as one."""
    years: list[int] = []
    for item in reversed(lines):
        if isinstance(item, tuple):
            years = [*item, *years]
        elif years:
            break
    return years


def _above(lines: list[Line | tuple[int, ...]], at: int, total: Line, year: int | None) -> StatementChange | None:
    width = len(total.row.values)
    header = _header(lines[:at])
    # a row prints a note number before its amounts: the columns are the header's years, read from the right
    width = min(width, len(header)) if header else width
    placed = _columns(header, year, width)
    if placed is None:
        return None
    years, cols = placed
    # walk up from the total while rows have its columns; the largest run that sums to it wins
    run: list[Line] = []
    for item in reversed(lines[:at]):
        if isinstance(item, tuple):
            continue
        if len(item.row.values) < width or item.row.percent or len(run) >= _MAX_ROWS:
            break
        run.insert(0, item)
    for start in range(len(run)):
        parts = run[start:]
        if len(parts) < 2:
            break
        signs = _signs(parts, total, list(range(1, width + 1)), width)
        if signs is not None and sum(1 for s in signs if s) >= 3:
            used = [(p, s) for p, s in zip(parts, signs, strict=True) if s]
            totals = [total.row.values[len(total.row.values) - c] for c in cols]
            between = [p for p, s in zip(parts, signs, strict=True) if not s and p.subtotal
                       and not re.match(r"(?:total\s+)?(?:net\s+)?(?:revenues?|sales)\b", p.label, re.I)
                       and [p.row.values[len(p.row.values) - c] for c in cols] != totals]
            return StatementChange(total=total, years=years, columns=cols, parts=used, subtotals=between,
                                   run=list(zip(parts, signs, strict=True)))
    return None


_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)
_AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)|\b(\d{1,3}(?:,\d{3})+(?:\.\d+)?)\b"
                     r"|\b(\d+(?:\.\d+)?)\s*(?:thousand|million|billion)\b", re.I)


def _agrees(change: StatementChange, question: str) -> bool:
    """The figures the question states, if any: two of them (or its only one) are the total's
    two values (at any scale), or one is its change in percent."""
    amounts = [float(next(g for g in m.groups() if g).replace(",", "")) for m in _AMOUNT.finditer(question)]
    percents = [float(m.group(1)) for m in _PERCENT.finditer(question)]
    if not amounts and not percents:
        return True
    t0, t1 = abs(change.value(change.total, 0)), abs(change.value(change.total, 1))
    matched = sum(1 for x in amounts if any(t and any(abs(x * 10.0 ** k - t) <= 0.005 * t for k in (-6, -3, 0, 3, 6))
                                            for t in (t0, t1)))
    if amounts and matched >= min(2, len(amounts)):
        return True
    if t0:
        moved = abs(change.value(change.total, 1) - change.value(change.total, 0)) / t0 * 100
        if any(abs(moved - p) <= 1.0 for p in percents):
            return True
    return False


def _shown(value: float, token_like: str) -> str:
    digits = len(token_like.split(".")[1].rstrip(")")) if "." in token_like else 0
    text = f"{abs(value):,.{digits}f}"
    return f"({text})" if value < 0 else text


_CATCH_ALL = re.compile(r"^(?:all\s+)?others?\b", re.I)


def catch_all(line: Line) -> bool:
    """Whether a line is a catch-all ("Other operating (income) expense, net"), whose name explains nothing."""
    return bool(_CATCH_ALL.match(line.label))


def shown_value(value: float, token_like: str) -> str:
    """A value as the statement prints its amounts (its decimals, a negative in parentheses)."""
    return _shown(value, token_like)


def movers(change: StatementChange) -> list[tuple[Line, float]]:
    """The lines that moved the total most, largest first, with what each moved it by."""
    moves = [(line, sign * (change.value(line, 1) - change.value(line, 0))) for line, sign in change.parts]
    moved = sum(abs(m) for _, m in moves) or 1.0
    return [(line, m) for line, m in sorted(moves, key=lambda t: -abs(t[1])) if abs(m) >= _MIN_SHARE * moved][:_SHOWN]


def write(change: StatementChange) -> WrittenAnswer | None:
    """The total's change and the lines that moved it most, each with its two columns; None when
    the line that moved it most is a catch-all ("Other operating (income) expense, net"): its
    name explains nothing, and what it holds is not on the statement."""
    before, now = change.years
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""
    t0, t1 = change.value(change.total, 0), change.value(change.total, 1)
    top = movers(change)
    if not top or _CATCH_ALL.match(top[0][0].label):
        return None
    label = change.total.name
    shown = "; ".join(
        f"{line.name}: {_shown(change.value(line, 0), sample)} ({before}) to "
        f"{_shown(change.value(line, 1), sample)} ({now}), {'+' if m > 0 else '-'}{_shown(abs(m), sample)} on {label}"
        for line, m in top)
    text = (f"{label} went from {_shown(t0, sample)} ({before}) to {_shown(t1, sample)} ({now}), a change of "
            f"{'+' if t1 >= t0 else '-'}{_shown(abs(t1 - t0), sample)}. What drove it, from the statement's lines "
            f"(those between the top of the statement and {label} sum to it in both years): {shown}.")
    if change.subtotals:
        # where the change arose: above or below operating income, before or after tax
        text += " On the way: " + "; ".join(
            f"{line.name}: {_shown(change.value(line, 0), sample)} ({before}) to "
            f"{_shown(change.value(line, 1), sample)} ({now})" for line in change.subtotals[-_ON_THE_WAY:]) + "."
    citations = [cite(change.total.chunk, change.total.row.line), *(cite(line.chunk, line.row.line) for line, _ in top),
                 *(cite(line.chunk, line.row.line) for line in change.subtotals[-_ON_THE_WAY:])]
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=["drivers_from_statement_lines"])


def from_subtotal(change: StatementChange, start: Line, lines: list[Line], sample: str) -> tuple[int, ...] | None:
    """One sign per line under which the subtotal and the lines after it add up to the total in both
    columns, or None: a line printed negative in every column is already signed; a line that reads
    as a subtotal ("Income from discontinued operations") is added as printed or left out, the
    fewest such used."""
    digits = len(sample.split(".")[1].rstrip(")")) if "." in sample else 0
    tolerance = 10.0 ** -digits * (1 + len(lines) // 4)
    if len(lines) > _MAX_ROWS:
        return None
    choices = [(0, 1) if line.subtotal else
               (1,) if all(change.value(line, k) < 0 for k in (0, 1)) and "(" not in line.label else (1, -1)
               for line in lines]
    best: tuple[int, ...] | None = None
    for signs in itertools.product(*choices):
        used = sum(1 for s, line in zip(signs, lines, strict=True) if s and line.subtotal)
        if best is not None and used >= sum(1 for s, line in zip(best, lines, strict=True) if s and line.subtotal):
            continue
        if all(abs(change.value(start, k) + sum(s * change.value(line, k) for s, line in zip(signs, lines, strict=True))
                   - change.value(change.total, k)) <= tolerance for k in (0, 1)):
            best = signs
    return best


# a total of costs ("Total operating expenses") is no profit a loss was turned from ("Income before tax
# and financial charges" is one)
_EXPENSES = re.compile(r"^(?!.*\b(?:income|profit|loss|earnings)\b).*\b(?:expenses?|costs?|charges?)\b", re.I)


def _turned_from(change: StatementChange) -> tuple[Line, list[Line], tuple[int, ...]] | None:
    """The last subtotal above the total of the other sign that the lines after it take to the total
    ("Income from discontinued operations" reads as one, but nothing follows it), those lines and
    their signs; None when there is none."""
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""
    total = change.value(change.total, 1)
    turned = [i for i, (line, _) in enumerate(change.run)
              if line.subtotal and not _EXPENSES.search(line.label) and change.value(line, 1) * total < 0]
    if not total:
        return None
    for at in reversed(turned):
        start, lines = change.run[at][0], [line for line, _ in change.run[at + 1:]]
        signs = from_subtotal(change, start, lines, sample) if lines else None
        if signs is not None and any(signs):
            return start, lines, signs
    return None


def _turners(change: StatementChange, lines: list[Line], signs: tuple[int, ...]) -> list[tuple[Line, float]]:
    """The lines that turned the subtotal into the total, largest first, with their asked-year values."""
    between = [(line, sign * change.value(line, 1)) for line, sign in zip(lines, signs, strict=True) if sign]
    moved = sum(abs(v) for _, v in between) or 1.0
    return [(line, v) for line, v in sorted(between, key=lambda t: -abs(t[1])) if abs(v) >= _MIN_SHARE * moved][:_SHOWN]


def main_line(change: StatementChange, make_up: bool) -> tuple[Line, int] | None:
    """The line the answer leads with (the one that moved the total most, or that turned the subtotal
    most) and the way it moved itself from the year before (+1 up, -1 down, 0 unchanged): the
    filing's own sentence about that line's change is the cause an analyst asks for."""
    if make_up:
        found = _turned_from(change)
        top = _turners(change, found[1], found[2]) if found else []
    else:
        top = movers(change)
    if not top:
        return None
    line = top[0][0]
    delta = change.value(line, 1) - change.value(line, 0)
    return line, (delta > 0) - (delta < 0)


def write_make_up(change: StatementChange, with_catch_all: bool = False) -> WrittenAnswer | None:
    """What made the asked year's total what it is, when the question asks why it was a loss (or a
    profit) rather than why it changed ("had positive pre-tax income but still reported a net loss.
    Why?"): the last subtotal above it of the other sign (income from operations of 2,350 above a net
    loss of 1,269) and the lines between the two that turned it, largest first. Refused (None) when no
    subtotal above has the other sign, or the lines between do not take that subtotal to the total, or
    (unless `with_catch_all`: the caller adds the filing's own sentence naming it) the line that turned it
    most is a catch-all ("Other income (expense), net"), whose name explains nothing."""
    _, now = change.years
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""
    total = change.value(change.total, 1)
    found = _turned_from(change)
    if found is None:
        return None
    start, lines, signs = found
    top = _turners(change, lines, signs)
    if not top or (_CATCH_ALL.match(top[0][0].label) and not with_catch_all):
        return None
    label = change.total.name
    shown = "; ".join(f"{line.name}: {_shown(change.value(line, 1), sample)}" for line, _ in top)
    text = (f"{label} was {_shown(total, sample)} in {now}, though {start.name} above it was "
            f"{_shown(change.value(start, 1), sample)}. What drove it, from the statement's lines (those between "
            f"{start.name} and {label} take the one to the other): {shown}.")
    citations = [cite(change.total.chunk, change.total.row.line), cite(start.chunk, start.row.line),
                 *(cite(line.chunk, line.row.line) for line, _ in top)]
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=["drivers_from_statement_lines"])


def store_chunks(wanted: set[tuple[str, int]], pool: list[SearchHit], store: object) -> list[SearchHit]:
    """The store's chunks at these (doc, index) places, as hits, each under the company name its
    filing's hits carry: the search names a filing's company as the catalog does ("Patriot
    Transportation Holding"), the stored chunk as its own cover does ("Patriot"), and a chunk under
    another name than the asked company's is left out of its sentences."""
    company = {h.chunk.doc: h.chunk.company for h in pool}
    return [SearchHit(chunk=c.model_copy(update={"company": company.get(c.doc, c.company)}), score=0.0)
            for doc in sorted({d for d, _ in wanted}) for c in store.doc_chunks(doc)  # type: ignore[attr-defined]
            if (c.doc, c.index) in wanted]


ABOVE = 2  # a statement cut into chunks: its total's chunk and the two before it hold its lines


def with_chunks_above(pool: list[SearchHit], retriever: object) -> list[SearchHit]:
    """The pool and, for each income statement chunk in it, the chunks just before it in its
    filing: the lines above a total are often in a chunk the search did not bring back."""
    store = getattr(retriever, "store", None)
    wanted = {(h.chunk.doc, h.chunk.index - d) for h in pool if "income_statement" in h.chunk.tags
              for d in range(1, ABOVE + 1)}
    have = {(h.chunk.doc, h.chunk.index) for h in pool}
    missing = wanted - have
    if store is None or not missing:
        return pool
    return [*pool, *store_chunks(missing, pool, store)]
