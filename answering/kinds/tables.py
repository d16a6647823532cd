"""Tables in retrieved chunks as blocks of rows: the items a choice or list is read from.

A block is a run of consecutive statement rows (answering.numbers.split_row) in one chunk
with the same number of amounts; its column years come from the nearest header line above
it, and its context is the prose just above (or, when the block opens its chunk, the end
of the previous chunk of the same filing when it was retrieved too: tables are often cut
between two chunks right after their caption).
"""

from __future__ import annotations

import re
from itertools import takewhile
from typing import TYPE_CHECKING

from pydantic import BaseModel

from answering.numbers import Row, header_years, split_row, table_scale, unlabelled_sum
from finrag.models import Chunk, NumberConventionName, SearchFilters, SearchHit
from loaders.statement_layout import FOOTNOTE_MARK

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

_CONTEXT_LINES = 6
_CAPTION_WORDS = 8  # "Weighted average common shares:" groups the rows under it
_HEADER_CHUNKS = 4  # the chunks before a table's rest read for its header

# A change column closing a header of year columns ("2020 2021 2020 to 2021 % Change", "2022 2021
# $ Change % Change", "2023 2022 Increase (Decrease)"): the years before it are the columns, the
# change is one more column at the right, which no year names.
_CHANGE_COLUMNS = re.compile(
    r"(?:\b(?:19|20)\d\d\s*(?:to|vs\.?|versus|over|compared\s+(?:to|with))\s*(?:19|20)\d\d\s*)?"
    r"(?:[%$]\s*|\bpercent(?:age)?\s+)?\(?\b(?:change|chg|variance|increase|decrease)\b.*$", re.I)
# Change columns after each year column but the last ("2021 Change 2020 Change 2019"; "2018 Actual Constant
# 2017 Actual Constant 2016", a change as reported and in constant currency): each row prints an amount,
# its changes, the next amount ("iPhone $ 191,973 39 % $ 137,781 (3) % $ 142,381"), under a header that may
# open with its title and percent-change captions ("Year Ended May 31, Percent Change Percent Change ...")
_CHANGE_WORD = r"(?:[%$]\s*)?(?:change|chg|actual|constant|reported)"
_INTERLEAVED = re.compile(rf"(?:^|\)|\s)\s*(?P<tail>(?:19|20)\d\d(?:\s+{_CHANGE_WORD}){{1,3}}\s+"
                          rf"(?:(?:19|20)\d\d(?:\s+{_CHANGE_WORD}){{1,3}}\s+)*(?:19|20)\d\d)\s*$", re.I)


_CELL = re.compile(r"[$%(]?\s*(?:change|chg|variance|increase|decrease|year\s+ended|years\s+ended)\s*[$%)]?", re.I)


class Block(BaseModel):
    chunk: Chunk
    rows: list[Row]
    years: list[int]  # column years, left to right ([] when no header)
    context: str  # caption / prose just above the table
    scale: str  # "millions", "thousands", "billions"
    # the printed amount columns read, left to right, when some are changes left out ([]: all of them),
    # of `width` printed amounts a row
    columns: list[int] = []
    width: int = 0
    # the chunk before, when the table began there: its first `borrowed` rows are that chunk's last
    before: Chunk | None = None
    borrowed: int = 0
    # the caption of the group whose breakdown the rows are, inside a bigger table ("Client Computing":
    # Desktop, Notebook, Other, then their sum as one of the table's items)
    group: str = ""

    def chunk_of(self, row: Row) -> Chunk:
        """The chunk that prints `row` (a citation quotes it from there)."""
        if self.before is not None and any(r is row or r.line == row.line for r in self.rows[: self.borrowed]):
            return self.before
        return self.chunk

    def column(self, year: int | None) -> int:
        """The column of `year`; the first (latest, in filings) when the year is not a column."""
        if year is not None and year in self.years:
            return self.years.index(year)
        return 0

    def is_rate(self, row: Row) -> bool:
        """The row's amounts are percents; a row ending in "%" past its year columns ("17% (3)%") has its
        percent in the change columns, not in the years'."""
        return row.percent and not (self.years and len(row.values) > len(self.years))

    def read(self, row: Row) -> Row | None:
        """A row of this table printed elsewhere (the chunk before, where the table began) in the
        columns the block reads; None when it prints another number of amounts."""
        row = _without_marks(row, self.width or len(self.rows[0].values))
        if not self.columns:
            return row if len(row.values) == len(self.rows[0].values) else None
        return _kept(row, self.columns) if len(row.values) == self.width else None


# "$ (3)": an amount in brackets after its currency sign, never a footnote mark
_DOLLAR_MARK = re.compile(r"[$€£]\s*\(\d\)")


def blocks(hits: list[SearchHit], companies: list[str]) -> list[Block]:
    wanted = {c.casefold() for c in companies}
    by_index = {(h.chunk.doc, h.chunk.index): h.chunk for h in hits}
    out: list[Block] = []
    for hit in hits:
        chunk = hit.chunk
        if wanted and (chunk.company or "").casefold() not in wanted:
            continue
        lines = chunk.text.splitlines()
        run: list[Row] = []
        start = 0
        for i, line in enumerate([*lines, ""]):
            row = split_row(line, chunk.number_convention) if line.strip() and not column_years(line) else None
            if row is not None and run and len(row.values) == len(run[0].values) + 1 and row.tokens \
                    and FOOTNOTE_MARK.fullmatch(row.tokens[0]):
                # "EMEA (1) 2,239 2,618 (379) (14)": a footnote marker after the label is no amount
                row = row.model_copy(update={"values": row.values[1:], "tokens": row.tokens[1:]})
            if row is not None and len(run) >= 2 and len(row.values) + 1 == len(run[0].values) \
                    and all(r.tokens and FOOTNOTE_MARK.fullmatch(r.tokens[0]) and not _DOLLAR_MARK.search(r.line)
                            for r in run):
                # "iPad (1) 18,805 ..." then "Other Products (1)(3) 17,417 ...": the marks the rows above
                # opened with were no amounts either (the first row had no row above to be measured by)
                run = [r.model_copy(update={"values": r.values[1:], "tokens": r.tokens[1:]}) for r in run]
            if row is not None and (not run or len(row.values) == len(run[0].values)):
                if not run:
                    start = i
                run.append(row)
                continue
            group = _group_total(lines, start, run, line, chunk.number_convention) if row is None else None
            if len(run) >= 2 or _closes_a_continued_table(lines, start, run):
                # the chunks before this one, nearest first, while the hits hold them
                earlier = list(takewhile(lambda c: c is not None, (by_index.get((chunk.doc, chunk.index - k))
                                                                    for k in range(1, _HEADER_CHUNKS + 1))))
                previous = earlier[0] if earlier else None
                block = _block(chunk, lines, start, run, earlier)
                if previous is not None and _opens(lines[:start]):
                    block = _begun_before(block, previous)
                out += [block.model_copy(update={"rows": part, "group": group.label if group else ""})
                        for part in _parts(block.rows)]
            if group is not None:
                # the group's rows were its own table; the table goes on with the group as one of its items
                run, start = [group], start - 1
                continue
            run = [row] if row is not None else []
            start = i
    return out


def _group_total(lines: list[str], start: int, run: list[Row], line: str, convention: NumberConventionName) -> Row | None:
    """A row for a group of a nested table: "Client Computing" over "Desktop", "Notebook", "Other"
    and then their sum printed with no label. The sum is the group's line among the table's items
    (its peers, "Data Center and AI", ... follow), labelled by the group's caption; None when `line`
    is not such a sum of `run` under a caption of its own."""
    if start < 1:
        return None
    caption = lines[start - 1].strip()
    if not re.fullmatch(r"[A-Za-z][\w&,.'’()\- ]{2,60}", caption) or caption.endswith(":"):
        return None
    total = unlabelled_sum(line, run, convention)
    return total.model_copy(update={"label": caption}) if total is not None else None


_TOTAL = re.compile(r"total\b", re.I)


_PRINTED_AMOUNTS = re.compile(r"(?:\s+(?:\$\s*)?(?:\(?-?[\d,]*\.?\d+\)?%?|[—–-]))+\s*$")


def _header_over(earlier: list[Chunk], width: int) -> list[int]:
    """The years of the header the chunks before (nearest first) print over rows of `width` amounts that run
    to their end (a five-year summary cut in pieces: "Number of employees 475 508 607 761 783" under "2022
    2021 2020 2019 2018" two chunks up); [] when a line of prose, or rows of another width, come first."""
    convention = earlier[0].number_convention if earlier else "us"
    for line in (line for c in earlier for line in reversed(c.text.splitlines())):
        text = line.strip()
        if not text:
            continue
        if years := column_years(text):
            return years if len(years) == width else []
        row = split_row(text, convention)
        # (the amounts as printed: ".18" is a row's cents, which no amount reader takes)
        amounts = _PRINTED_AMOUNTS.search(text) if row is not None else None
        printed = len(amounts.group(0).split()) if amounts is not None else 0
        if row is not None and width not in (len(row.values), printed):
            return []
        if row is None and not (text.endswith(":") and len(text.split()) <= _CAPTION_WORDS):
            return []  # prose, or a caption that is not a group's
    return []


def _opens(above: list[str]) -> bool:
    """The lines above a table's first row in its chunk are only its header, as the chunker
    repeats it over a table's rest: the table may have begun in the chunk before."""
    return all(not line.strip() or column_years(line) or _cells(line.strip()) is not None
               or (line.strip().endswith(":") and not re.search(r"\d", line)) for line in above)


def _begun_before(block: Block, previous: Chunk) -> Block:
    """The block with the rows its table began with at the end of the chunk before (the chunker
    cut it after its first rows), when that chunk ends on rows of the same amounts."""
    rows: list[Row] = []
    for line in reversed([line for line in previous.text.splitlines() if line.strip()]):
        raw = split_row(line, previous.number_convention) if not column_years(line) else None
        row = block.read(raw) if raw is not None else None
        if row is None or _TOTAL.match(row.label):
            break
        rows.insert(0, row)
    labels = {r.label.casefold() for r in block.rows}
    if not rows or any(r.label.casefold() in labels for r in rows):
        return block
    return block.model_copy(update={"rows": [*rows, *block.rows], "before": previous, "borrowed": len(rows)})


# a net or total line: "Net cash used in investing activities", "Total liabilities"
_NET_OR_TOTAL = re.compile(r"^(?:net|total)\b", re.I)


def _closes_a_continued_table(lines: list[str], start: int, run: list[Row]) -> bool:
    """One net or total line right under the repeated column years, before a heading: the last line of a
    section the chunk before began ("Net cash used in investing activities (115,508) ..." then "Cash
    flows from financing activities:"), a table's row of its own though no row of its kind follows it."""
    return len(run) == 1 and start > 0 and bool(column_years(lines[start - 1])) and bool(_NET_OR_TOTAL.match(run[0].label))


def _parts(rows: list[Row]) -> list[list[Row]]:
    """The table's parts: the same total printed twice ("Total capital expenditures" after the
    asset categories, then the same amounts by segment, ending on the same total) splits it
    at the first total; subtotals inside one list ("Total North America", "Total Europe",
    "Total net sales") leave it whole."""
    totals = [i for i, row in enumerate(rows) if _TOTAL.match(row.label)]
    for i in totals:
        if any(rows[j].values == rows[i].values for j in totals if j > i + 1):
            return [p for p in (rows[: i + 1], rows[i + 1:]) if len(p) >= 2]
    return [rows]


def column_years(line: str) -> list[int]:
    """The year columns of a header line, a change column at its right end left out."""
    if _SPAN_CELL.fullmatch(line.strip()):
        return []  # "2017-2016" under "% Change": a change column's name printed a cell a line, no header
    span = _SPAN_COLUMN.search(line)
    if span is not None and span.start() > 0 and len(before := header_years(line[: span.start()])) >= 2:
        return before  # "2022 2021 2021-2022": the change column is named by the two years it spans
    years = header_years(line)
    if years:
        return years
    cut = _CHANGE_COLUMNS.search(line) or _SHORT_VS.search(line)
    return header_years(line[: cut.start()]) if cut and cut.start() > 0 else []


_SPAN_CELL = re.compile(r"(?:19|20)\d\d\s*[-–]\s*(?:(?:19|20)\d\d|\d\d)")
_SPAN_COLUMN = re.compile(r"\s(?:19|20)\d\d\s*[-–]\s*(?:(?:19|20)\d\d|\d\d)\s*$")
# change columns named by two-digit years: "2021 2020 2019 21 vs. 20 20 vs. 19"
_SHORT_VS = re.compile(r"\s\d{2}\s*(?:vs\.?|versus)\s*\d{2}\b.*$", re.I)


def _block(chunk: Chunk, lines: list[str], start: int, rows: list[Row], earlier: list[Chunk]) -> Block:
    """The table the rows make, its header and caption read above them (`earlier`: the chunks before
    this one, nearest first, where a table cut by the chunker began)."""
    previous = earlier[0] if earlier else None
    above = lines[max(0, start - _CONTEXT_LINES * 3) : start]
    header = next((line for line in reversed(above) if column_years(line)), "")
    years = column_years(header)
    kept: list[int] = []
    width = 0
    spread = header if _INTERLEAVED.search(header) else next((line for line in reversed(above)
                                                                if _INTERLEAVED.search(line)), "")
    interleaved = _INTERLEAVED.search(spread)
    tail = interleaved.group("tail") if interleaved is not None else ""
    spread_years = [int(y) for y in re.findall(r"(?:19|20)\d\d", tail)] if interleaved is not None else years
    step = _interleaved_step(tail) if interleaved is not None else None
    # how many amounts a row prints: its years, and the change columns between them
    printed = step * (len(spread_years) - 1) + 1 if step else len(spread_years)
    rows = [_without_marks(r, printed) for r in rows]
    if step:
        years, width = spread_years, printed
        kept = list(range(0, width, step))
        if step > 2 and any(len(r.values) != width for r in rows):
            # rows that do not print every column (a line cut inside a row, "Asia Pacific -1% 4,855 6%"):
            # which amount is which year's is not known
            years, kept, width = [], [], 0
        rows = [_amounts_only(r, kept, width) for r in rows] if kept else rows
    if len(years) < 2 and (cells := _stacked_cells(above)) and cells[1].count("Y") >= 2 \
            and all(len(r.values) == len(cells[1]) for r in rows):
        # "July 2," / "2023" / "July 3," / "2022" / "%" / "Change" ...: a header printed one cell a line
        years, kept, width = cells[0], [i for i, c in enumerate(cells[1]) if c == "Y"], len(cells[1])
        rows = [_kept(r, kept) for r in rows]
    # a header cut into one line per cell ("$", "Change", "%") is no prose: it would push the caption
    # ("Revenue by Reportable Segments") out of the lines kept
    prose = [line for line in above if split_row(line, chunk.number_convention) is None and not column_years(line)
             and re.search(r"[A-Za-z]{3}", line) and not _CELL.fullmatch(line.strip())
             and _cells(line.strip()) is None][-_CONTEXT_LINES:]
    if len([p for p in prose if len(p) > 30]) < 1 and previous is not None:
        # its caption, above the header and any first rows of the table the chunk before ends on
        tail = [line for line in previous.text.splitlines()[-_CONTEXT_LINES * 3:]
                if split_row(line, previous.number_convention) is None and not column_years(line)
                and _cells(line.strip()) is None and re.search(r"[A-Za-z]{3}", line)][-_CONTEXT_LINES:]
        prose = tail + prose
        years = years or next((column_years(line) for line in reversed(previous.text.splitlines()[-_CONTEXT_LINES:])
                               if column_years(line)), [])
    if not years and earlier and _opens(above):
        # the table's rest, under captions only: its header is where the table began, chunks up
        years = _header_over(earlier, len(rows[0].values))
    scale, _ = table_scale("\n".join(above[-_CONTEXT_LINES:] + (previous.text.splitlines()[-3:] if previous else [])))
    # "Total Revenues by Geography: Americas $ 22,088 ...": the caption of the rows printed on their first row's
    # line is no part of its label (read as "Total ...", the row would pass for the table's total)
    if rows and (captioned := _CAPTIONED_LABEL.match(rows[0].label)):
        # (the caption is the table's, read with the prose above it)
        rows = [rows[0].model_copy(update={"label": captioned.group("label")}), *rows[1:]]
        prose = [*prose, captioned.group("caption")]
    return Block(chunk=chunk, rows=rows, years=years, context="\n".join(prose), scale=scale, columns=kept, width=width)


_CAPTIONED_LABEL = re.compile(r"^(?P<caption>[A-Z%][^:]{6,80}?):\s+(?P<label>[A-Z][^:]{0,80})$")


def _kept(row: Row, kept: list[int]) -> Row:
    """The row with only the `kept` amount columns (a year's, not a change's)."""
    return row.model_copy(update={"values": [row.values[i] for i in kept],
                                  "tokens": [row.tokens[i] for i in kept] if len(row.tokens) == len(row.values) else row.tokens,
                                  "percent": False})


_STACKED_CELL = re.compile(r"(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s*)?(?:19|20)\d\d|[A-Z][a-z]{2,8}\.?\s+\d{1,2},?|[%$]|"
                           r"(?:[%$]\s*)?change|\((?:in\s+)?(?:millions|thousands|billions)[^)]*\)", re.I)


def _stacked_cells(above: list[str]) -> tuple[list[int], list[str]] | None:
    """A column header printed one cell a line just above the rows: its years in order, and
    per amount column "Y" (a year's) or "C" (a change's); None when the lines above are not one.
    A line may hold two cells ("2022 Change": the year's column, then its change's), and a
    sub-caption between the header and the rows ("Net sales by reportable segment:") is passed over."""
    run: list[str] = []
    for line in reversed(above):
        cells = _cells(line.strip())
        if cells is None:
            if not run and line.strip().endswith(":") and not re.search(r"\d", line):
                continue
            break
        run[:0] = cells
    years: list[int] = []
    cells: list[str] = []
    for cell in run:
        if found := re.search(r"\b(?:19|20)\d\d\b", cell):
            years.append(int(found.group(0)))
            cells.append("Y")
        elif re.search(r"change", cell, re.I):
            cells.append("C")
    return (years, cells) if years else None


def _cells(line: str) -> list[str] | None:
    """The header cells one line holds, side by side ("July 1, 2023 June 25,", "2022 Change"), each
    a `_STACKED_CELL`; None when the line holds anything else."""
    cells: list[str] = []
    at = 0
    while at < len(line):
        cell = _STACKED_CELL.match(line, at)
        if cell is None or cell.end() == at or (cell.end() < len(line) and not line[cell.end()].isspace()
                                                and not line[cell.end() - 1].isspace()):
            return None
        cells.append(cell.group(0).strip())
        at = cell.end()
        while at < len(line) and line[at].isspace():
            at += 1
    return cells or None


def _without_marks(row: Row, width: int) -> Row:
    """The row without the footnote marks after its label ("iPhone (1) $ 142,381 (14)% ..."), which read as
    amounts of -1, when it prints that many amounts more than its header's columns."""
    if (label := _TRAILING_MARKS.sub("", row.label)) != row.label and label:
        row = row.model_copy(update={"label": label})  # "Wearables, Home and Accessories (1)(2)"
    extra = len(row.values) - width
    if width < 2 or extra <= 0 or len(row.tokens) != len(row.values) \
            or not all(FOOTNOTE_MARK.fullmatch(t.strip()) for t in row.tokens[:extra]):
        return row
    return row.model_copy(update={"values": row.values[extra:], "tokens": row.tokens[extra:]})


_TRAILING_MARKS = re.compile(r"\s*(?:\(\d\))+$")


def _interleaved_step(tail: str) -> int | None:
    """Columns from one year's to the next ("2018 Actual Constant 2017": 3); None when the years are not
    evenly apart."""
    words = tail.split()
    at = [i for i, w in enumerate(words) if re.fullmatch(r"(?:19|20)\d\d", w)]
    # ("% Change" is one column: its sign and its word)
    gaps = {len([w for w in words[a + 1:b] if w not in ("%", "$")]) + 1 for a, b in zip(at, at[1:], strict=False)}
    return gaps.pop() if len(gaps) == 1 else None


def _amounts_only(row: Row, kept: list[int], width: int) -> Row:
    """A row of a table with change columns after each year column but the last, with its
    year columns only: the changes between them would be read as the next year's amounts."""
    if len(row.values) != width:
        return row
    tokens = [row.tokens[i] for i in kept] if len(row.tokens) == len(row.values) else row.tokens
    # a percent only when one of the year columns' own amounts is printed as one
    percent = any(re.search(re.escape(t) + r"\s*%", row.line) for t in tokens) if tokens else row.percent
    return row.model_copy(update={"values": [row.values[i] for i in kept], "tokens": tokens, "percent": percent})


def more_tables(ask: str, hits: list[SearchHit], companies: list[str], years: list[int],
                retriever: Retriever | None) -> list[SearchHit]:
    """The hits and one more search, for the question's words in the asked company's filings:
    a ranking table is often on a page the first search did not bring back."""
    if retriever is None:
        return hits
    filters = SearchFilters(companies=companies, fiscal_years=years[-1:])
    extra = retriever.search(ask, filters=filters, k=8, mode="sparse")
    seen = {h.chunk.chunk_id for h in hits}
    out = [*hits]
    for hit in extra:
        if hit.chunk.chunk_id in seen:
            continue
        seen.add(hit.chunk.chunk_id)
        out.append(hit)
        if _ends_on_row(hit.chunk) and (after := next_chunk(hit.chunk, retriever)) and after.chunk_id not in seen:
            # a table cut by the chunker after its first rows: its rest is the next chunk's start
            seen.add(after.chunk_id)
            out.append(SearchHit(chunk=after, score=hit.score))
    return out


def _ends_on_row(chunk: Chunk) -> bool:
    lines = [line for line in chunk.text.splitlines() if line.strip()]
    return bool(lines) and not column_years(lines[-1]) and split_row(lines[-1], chunk.number_convention) is not None


def next_chunk(chunk: Chunk, retriever: Retriever) -> Chunk | None:
    """The filing's chunk after `chunk`, read from the store."""
    filing = getattr(retriever, "filing", None)  # (a searcher of chunks only reads no filing whole)
    return next((c for c in filing(chunk.doc).chunks if c.index == chunk.index + 1), None) if filing else None
