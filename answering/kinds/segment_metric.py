"""segment_metric: one segment's revenue growth, operating margin or amount, read from the
filing's segment table ("By what percentage did Uber's Delivery segment revenue grow in 2021?",
"the operating margin of PepsiCo's Frito-Lay North America division in Q1 2023").

The consolidated statements give the company's lines, so the metric path refuses these. A filing
prints each segment's figures in a table whose rows are the segments and whose last row is the
total they add up to ("Mobility / Delivery / Freight / All Other / Total revenue"; a section's
subtotal, "Google Services total", stands for the rows it sums). Signals any filing carries:
- the part is named by the question's grammar: capitalised words before "segment" / "division";
- the table's measure is named by its total row ("Total revenues") or the heading just above its
  rows ("Net Revenue", "Operating income (loss):"), read with the vocabulary;
- the rows add up to that total in every column read (else it is no segment table, or a cut one);
- the columns are the asked period's: a year header naming the asked year once (and the year
  before, for a growth), in a filing of the asked period (a quarter's release or 10-Q, or the
  year's annual report), under a header that spans the asked period only.
A margin reads its two amounts from the same page, under the same columns. Two tables that give
different figures, or a printed change that disagrees with the one computed, leave it refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from answering.citations import cite
from answering.kinds.sentences import name_words
from answering.kinds.tables import Block, blocks, column_years
from answering.kinds.whole_table import rest, runs_on
from answering.metric_target import asked_decimals, share_asked
from answering.numbers import Row, normalize_label
from answering.written_answer import WrittenAnswer
from finrag.models import ANNUAL_FILINGS, Chunk, Citation, SearchHit
from finrag.vocabulary import tokenize
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from finrag.vocabulary import Vocabulary
    from retrieval.retriever import Retriever

# "Uber's Delivery segment", "the Google Cloud segment's", "Frito-Lay North America division": the
# part's name, capitalised words (with "of", "and", "&") just before the word that makes it a part
_PART = re.compile(r"(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|and|&)){0,6})\s+"
                   r"(?:reportable\s+|operating\s+|business\s+)?(?:segment|division|Group|brand)\b(?!s)")
_MARGIN = re.compile(r"\boperating\s+(?:profit\s+)?margin\b", re.I)
_OTHER_MARGIN = re.compile(r"\b(?:gross|net|ebitda|ebit|adjusted|contribution|pre-?tax)\b[\w\s]{0,20}\bmargin\b", re.I)
_GROWTH = re.compile(r"\bgr[oe]w(?:th|n)?\b|\b(?:increase|decrease|change)d?\b|\byear[\s-]+over[\s-]+year\b", re.I)
_PERCENT = re.compile(r"\bpercent(?:age)?\b|%", re.I)
_REVENUE = re.compile(r"\b(?:net\s+)?(?:revenues?|sales)\b", re.I)
# a header over the rows that spans more (or less) than the asked period
_QUARTER_SPAN = re.compile(r"\b(?:quarters?|three\s+months|13\s+weeks|12\s+weeks|16\s+weeks)\b", re.I)
_LONGER_SPAN = re.compile(r"\b(?:six|nine|twelve|6|9)\s+months\b|\byear[\s-]+to[\s-]+date\b|\b(?:24|36|40)\s+weeks\b"
                          r"|\byears?\s+ended\b|\bfiscal\s+years?\b", re.I)
_TOTAL = re.compile(r"^total\b", re.I)
_MEASURES = ("revenue", "operating_income")


# words before a part's name that are no part of it: an article, a pronoun, the question's own verb ("Is Meta's ...")
_LEADING = frozenset({"The", "Its", "Is", "Was", "Are", "Were", "Did", "Does", "Has", "Had", "How", "What", "Which"})


def asked_part(question: str, companies: list[str]) -> str | None:
    """The one segment or division the question's grammar names, without the company's name."""
    company_words = name_words(*companies)
    names = set()
    for m in _PART.finditer(question):
        tokens = m.group("name").split()
        while tokens and (re.sub(r"['’]s$", "", tokens[0]).lower() in company_words or tokens[0] in _LEADING):
            tokens = tokens[1:]
        name = re.sub(r"['’]s$", "", " ".join(tokens))
        if name and not name_words(name) <= company_words:
            names.add(name)
    return names.pop() if len(names) == 1 else None


# "Is Meta's Reality Labs segment profitable?": the sign of its operating income (loss)
_SIGN_WORD = r"(?P<word>profitable|unprofitable|loss-making|making\s+(?:a\s+)?(?:profit|loss))"
_PROFITABLE = re.compile(rf"^\W*(?:is|was|are|were)\b[^?]*?\b(?:segment|division)\s+(?:still\s+)?{_SIGN_WORD}\b", re.I)


def _of_profit(word: str) -> bool:
    """Whether the sign word asks about a profit ("profitable", "making a profit"), not a loss."""
    return word.lower() in ("profitable", "making profit", "making a profit")


# "profitable on a gross margin basis", "profitable excluding stock-based compensation": another measure than the
# segment's operating result, which its sign does not answer
_OTHER_BASIS = re.compile(r"\bbasis\b|\bexclud\w*|\bbefore\b|\bafter\b|\bnon-?gaap\b|\badjusted\b|\bgross\b|\bmargins?\b|"
                          r"\bebitda\b|\bcash\b|\bnet\s+income\b", re.I)


def asks_profitable(question: str) -> bool:
    """The question asks whether a segment made an operating profit (no other measure named)."""
    ask = question.split("?")[0]
    m = _PROFITABLE.search(ask)
    return m is not None and not _OTHER_BASIS.search(ask[m.end():])


def _ask(question: str) -> str | None:
    """What is asked of the part: "margin", "growth", "profitable", "amount" (of revenue) or "result" (its operating
    income or loss); None otherwise."""
    ask = question.split("?")[0]
    if asks_profitable(question):
        return "profitable"
    if _MARGIN.search(question) and not _OTHER_MARGIN.search(question):
        return "margin"
    if "margin" not in question.lower() and _OPERATING_RESULT.search(ask) and _ASKS_AMOUNT.search(ask):
        return "result"  # "What was the loss from operations of the Reality Labs segment ...?"
    if "margin" in question.lower() or not _REVENUE.search(ask):
        return None
    if _GROWTH.search(ask):
        return "growth" if _PERCENT.search(question) or re.search(r"\bgrowth\s+rate\b", ask, re.I) else None
    return "amount" if _ASKS_AMOUNT.search(ask) else None


_ASKS_AMOUNT = re.compile(r"\bwhat\s+(?:was|were)\b", re.I)
_OTHER_RESULT = re.compile(r"\badjusted\b|\bnon-?gaap\b|\bbefore\s+depreciation\b|\boibda\b|\bebitda\b|\bsegment\s+profit\b",
                           re.I)
# a segment's operating result, by any of its names ("loss from operations", "operating income (loss)")
_OPERATING_RESULT = re.compile(r"\boperating\s+(?:income|loss|profit)\b|\b(?:income|loss|profit)\s+(?:\(loss\)\s+)?"
                               r"from\s+operations\b", re.I)


# the words around a share's part that name no row: "its Domestic segment", "the Americas"
_PART_WORDS = re.compile(r"^(?:the|its|their)\s+|\s+(?:segment|division|business|brand|category|region)s?$", re.I)


def _share_of_revenue(question: str) -> tuple[str, str] | None:
    """(whole, part) of a share of revenue the question asks ("What percentage of Apple's FY2019 net sales came from
    iPhone?" -> "Apple's FY2019 net sales", "iPhone"), the part in its row's words; None when it asks no such share."""
    asked = share_asked(question.split("?")[0] + "?")
    if asked is None or not _REVENUE.search(asked[0]) or _GROWTH.search(asked[0]):
        return None
    part = _PART_WORDS.sub("", _PART_WORDS.sub("", asked[1].strip()))
    return (asked[0], part) if part else None


def _whole_words(whole: str, companies: list[str], vocab: Vocabulary) -> set[str]:
    """The stems of the words that qualify the whole a share is asked of ("Apple's FY2019 product net sales" ->
    product): the measure's own wording ("revenue", "net sales", any of the vocabulary's), the company, the period and
    "total" or "consolidated" left out, each of which the table's total row needs not repeat."""
    text = re.sub(r"['’]s\b|\b(?:FY|fiscal|year|quarter|Q[1-4])\s*\d*|\b(?:19|20)\d\d\b", " ", whole)
    for wording in sorted(vocab.metrics["revenue"].wordings, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(wording)}\b", " ", text, flags=re.I)
    company = {t for c in companies for t in tokenize(c)}
    return {t for t in tokenize(text) if t not in company and t not in _NO_QUALIFIER}


_NO_QUALIFIER = frozenset(tokenize("total consolidated overall the its their of in for company group"))


def _label(text: str) -> str:
    return " ".join(normalize_label(re.sub(r"\(\d\)|\$", " ", text)).split())


def _names_part(label: str, part: str) -> bool:
    """The row names the part: its label is the part's name ("Delivery"), or the name and the
    measure's word ("Delivery revenue", as a revenue note prints it)."""
    # ("Revenues: Cloud services and license support": the table's heading printed on its first row's line)
    row, name = _label(re.sub(r"^[A-Z][\w\s]{0,30}:\s+", "", label)), _label(part)
    return row == name or (row.startswith(name + " ") and _REVENUE.fullmatch(row[len(name) + 1:]) is not None)


def _close(a: float, b: float, count: int) -> bool:
    return abs(a - b) <= 0.5 * count + 1  # each printed amount rounded to the table's unit


def _total(rows: list[list[float]], labels: list[str]) -> int | None:
    """The index of the row that totals the table: a "Total" row equal, in every column, to the
    rows above it, each subtotal ("Google Services total" = the rows it sums) standing for its rows.
    The last such row: "Total NIKE Brand" sums the geographies, and "TOTAL NIKE, INC. REVENUES" sums
    it with Converse and Corporate below it."""
    items: list[list[float]] = []
    found = None
    for i, values in enumerate(rows):
        if len(items) >= 2 and _TOTAL.match(labels[i]) and all(
                _close(sum(v[c] for v in items), values[c], len(items)) for c in range(len(values))):
            found, items = i, [values]
            continue
        for k in range(len(items), 1, -1):
            if all(_close(sum(v[c] for v in items[-k:]), values[c], k) for c in range(len(values))):
                items = items[:-k]  # a subtotal: it stands for the rows it sums
                break
        items.append(values)
    return found


class _Figure(NamedTuple):
    """One segment row's amounts by year, with the table it is read from."""

    measure: str  # "revenue" or "operating_income"
    values: dict[int, float]
    change: float | None  # the table's own change column, when it prints one
    block: Block
    quote: str
    total: dict[int, float]  # the table's total row, which the segment rows add up to
    total_quote: str


def _measure(block: Block, total_label: str, vocab: Vocabulary) -> str | None:
    """The table's measure, by its total row's label or else by the heading just above its rows ("Total deferred
    revenues" is a balance owed, no revenue)."""
    heading = block.context.splitlines()[-1] if block.context else ""
    if _BALANCE_WORD.search(total_label) or _BALANCE_WORD.search(heading):
        return None
    found = [m for m in vocab.match_metrics(total_label) if m in _MEASURES][:1]
    if not found:
        found = [m for m in vocab.match_metrics(heading) if m in _MEASURES][:1]
    return found[0] if found else None


# words that make a year's measure a balance: "deferred revenues", "unearned revenue", "accrued", "unbilled"
_BALANCE_WORD = re.compile(r"\b(?:deferred|unearned|accrued|unbilled|receivables?)\b", re.I)


def _header_above(block: Block) -> str:
    """The column header over the block's rows with the lines just above it ("12 Weeks Ended",
    "Quarter Ended June 30,"), past the rows of a table printed above it under the same header."""
    lines = block.chunk.text.splitlines()
    first = next((i for i, line in enumerate(lines) if line == block.rows[0].line), 0)
    at = next((i for i in range(first - 1, max(-1, first - 40), -1) if column_years(lines[i])), None)
    return "\n".join(lines[max(0, first - 6):first] if at is None else lines[max(0, at - 3):first])


def _item_rows(block: Block, years: list[int], quarter: bool, vocab: Vocabulary) -> tuple[str, list, Row] | None:
    """(the table's measure, its item rows above their total, the total row) when the block is a table of the asked
    period's columns whose rows add up to a total; None otherwise."""
    width = len(block.years)
    if width < 1 or any(block.years.count(y) != 1 for y in years) or \
            not all(width <= len(r.values) <= width + 1 and all(v is not None for v in r.values[:width])
                    for r in block.rows):
        return None
    header = _header_above(block)
    if quarter and (_LONGER_SPAN.search(header) or not _QUARTER_SPAN.search(header)):
        return None  # a quarter's figure only under a header that spans the quarter alone
    if not quarter and (_QUARTER_SPAN.search(header) or re.search(r"\b(?:six|nine)\s+months\b", header, re.I)):
        return None
    rows = [[float(v) for v in r.values[:width]] for r in block.rows]  # type: ignore[arg-type]
    labels = [r.label for r in block.rows]
    end = _total(rows, labels)
    if end is None:
        return None
    measure = _measure(block, labels[end], vocab)
    return (measure, block.rows[:end], block.rows[end]) if measure is not None else None


def _figures(block: Block, part: str, years: list[int], quarter: bool, vocab: Vocabulary) -> list[_Figure]:
    width = len(block.years)
    table = _item_rows(block, years, quarter, vocab)
    if table is None:
        return []
    measure, items, total = table
    found = [r for r in items if _names_part(r.label, part)]
    if len(found) != 1:
        return []
    row = found[0]
    change = row.values[width] if len(row.values) == width + 1 else None
    return [_Figure(measure, {y: float(row.values[block.years.index(y)]) for y in years},  # type: ignore[arg-type]
                    change, block, row.line,
                    {y: float(total.values[block.years.index(y)]) for y in years}, total.line)]  # type: ignore[arg-type]


def _chunks(hits: list[SearchHit], company: str, retriever: Retriever | None) -> list[Chunk]:
    """Every chunk of the asked company's retrieved filings: a segment table is often on a page
    the question's words did not bring back."""
    docs = list(dict.fromkeys(h.chunk.doc for h in hits if (h.chunk.company or "").casefold() == company.casefold()))
    filing = getattr(retriever, "filing", None)
    chunks: list[Chunk] = []
    for doc in docs:
        chunks += filing(doc).chunks if filing is not None else [h.chunk for h in hits if h.chunk.doc == doc]
    return chunks


def _whole(block: Block, chunks: list[Chunk]) -> Block:
    """The table with its rest when the chunker cut it (whole_table: the next chunk's first rows)."""
    if not runs_on(block):
        return block
    after = next((c for c in chunks if c.doc == block.chunk.doc and c.index == block.chunk.index + 1), None)
    return block if after is None else block.model_copy(update={"rows": [*block.rows, *rest(block, after)]})


def _cited(figure: _Figure, chunks: list[Chunk]) -> Citation:
    """The row cited from the stored chunk that prints it (a cut table's rest is in the next one)."""
    block = figure.block.chunk
    holding = [c for c in chunks if c.doc == block.doc and figure.quote in c.text]
    own = min(holding, key=lambda c: abs(c.index - block.index), default=block)
    return cite(own, figure.quote)


def _of_period(chunk: Chunk, year: int, quarter: int | None) -> bool:
    if quarter is not None:
        return chunk.period == f"{year}Q{quarter}"
    return chunk.fiscal_year == year and chunk.form in ANNUAL_FILINGS


def _one(figures: list[_Figure], measure: str) -> _Figure | None:
    """The measure's figures, when every table that prints them agrees."""
    found = [f for f in figures if f.measure == measure]
    if not found or len({tuple(sorted(f.values.items())) for f in found}) != 1:
        return None
    return found[0]


def _money(value: float, scale: str) -> str:
    scale = scale.removesuffix("s")  # "$8,362 million"
    return f"${value:,.0f} {scale}" if value >= 0 else f"-${-value:,.0f} {scale}"


def write(question: str, hits: list[SearchHit], companies: list[str], vocab: Vocabulary,
          retriever: Retriever | None) -> WrittenAnswer | None:
    """The part's growth, margin or amount from its segment table; None when the question asks no
    such thing or no table of the asked period states it beyond doubt."""
    if len(companies) != 1:
        return None
    if (shared := _share_of_revenue(question)) is not None:
        (whole, part), ask = shared, "share"
    elif (part := asked_part(question, companies)) is None or (ask := _ask(question)) is None:
        return None
    if re.search(rf"\b(?:including|excluding|except|besides|other\s+than|without|apart\s+from|net\s+of)\s+(?:the\s+)?"
                 rf"{re.escape(part)}\b", question, re.I):
        return None  # "total revenues, including (excluding) the Converse brand": the whole, asked around the part
    mentions = parse_periods(question)
    if not mentions.years or len(set(mentions.periods)) > 1:
        return None
    year = max(mentions.years)
    quarter = int(mentions.periods[0][-1]) if mentions.periods else None
    years = [year - 1, year] if ask == "growth" else [year]
    if ask == "share" and len(set(mentions.years)) > 1:
        return None  # how a share moved between two years is read in points, not by one year's rows
    if ask == "growth" and len(mentions.years) > 1 and sorted(set(mentions.years)) != years:
        return None
    chunks = [c for c in _chunks(hits, companies[0], retriever) if _of_period(c, year, quarter)]
    tables = [_whole(b, chunks) for b in blocks([SearchHit(chunk=c, score=0.0) for c in chunks], companies)]
    figures = [f for b in tables for f in _figures(b, part, years, quarter is not None, vocab)]
    when = f"Q{quarter} {year}" if quarter else f"fiscal {year}"
    decimals = asked_decimals(question)
    places = 1 if decimals is None else decimals
    revenue = _one(figures, "revenue")
    if ask == "profitable":
        return _profitable(question, part, when, year, figures, chunks)
    if ask == "share":
        # the total the rows add up to is the whole asked ("of its product net sales" is no "Total net sales"); every
        # table that prints the part's row and that total gives one share (a table of revenues as adjusted, beside the
        # statement's, prints other amounts of the same split)
        qualifiers = _whole_words(whole, companies, vocab)
        figures = [f for f in figures if qualifiers <= set(tokenize(f.total_quote))]
        if len({f.total[year] for f in figures if f.measure == "revenue"}) > 1:
            # totals named alike that differ: a business's own table ("Total revenues" of the cloud and license
            # business, $32,491 million) beside the company's ($39,831 million); the whole asked is the company's,
            # the largest
            most = max(f.total[year] for f in figures if f.measure == "revenue")
            figures = [f for f in figures if f.measure != "revenue" or f.total[year] == most]
        shares = {round(f.values[year] / f.total[year] * 100, places) for f in figures
                  if f.measure == "revenue" and f.total[year] > 0 and 0 <= f.values[year] <= f.total[year]}
        revenue = next((f for f in figures if f.measure == "revenue"), None)
        if revenue is None or len(shares) != 1 or any(f.measure == "revenue" and not 0 <= f.values[year] <= f.total[year]
                                                      for f in figures):
            return None
        value = revenue.values[year] / revenue.total[year] * 100
        shown = f"{value:.{places}f}%"
        quotes = f'"{revenue.quote}"; "{revenue.total_quote}" ({revenue.block.chunk.doc} p.{revenue.block.chunk.page + 1})'
        return WrittenAnswer(status="answered", kind="metric", value=round(value, places), unit="percent",
                             text=f"Share of {when} revenue from {part}: {shown} = "
                                  f"{_money(revenue.values[year], revenue.block.scale)} / "
                                  f"{_money(revenue.total[year], revenue.block.scale)}, the row and the total it adds "
                                  f"up to in one table: {quotes}.",
                             citations=[_cited(revenue, chunks), _cited(revenue._replace(quote=revenue.total_quote),
                                                                        chunks)], flags=["segment_table"])
    if ask == "growth":
        if revenue is None or revenue.values[year - 1] <= 0:
            return None
        value = (revenue.values[year] / revenue.values[year - 1] - 1) * 100
        if revenue.change is not None and abs(revenue.change - value) > 1:
            return None  # the table's own change column says otherwise
        shown = f"{value:.{places}f}%"
        text = (f"{part} segment revenue grew {shown} in {when} over {year - 1}: "
                f"{_money(revenue.values[year], revenue.block.scale)} against "
                f"{_money(revenue.values[year - 1], revenue.block.scale)}")
        used = [revenue]
    elif ask == "margin":
        income = _one(figures, "operating_income")
        if revenue is None or income is None or revenue.values[year] <= 0:
            return None
        # both amounts from one page, under the same columns (a segment note prints both)
        pairs = [(i, r) for i in figures if i.measure == "operating_income" for r in figures if r.measure == "revenue"
                 and (i.block.chunk.doc, i.block.chunk.page) == (r.block.chunk.doc, r.block.chunk.page)
                 and i.block.years == r.block.years]
        if not pairs:
            return None
        income, revenue = pairs[0]
        value = income.values[year] / revenue.values[year] * 100
        shown = f"{value:.{decimals if decimals is not None else 1}f}%"
        text = (f"{part} operating margin in {when}: {shown} = operating income "
                f"{_money(income.values[year], income.block.scale)} / revenue "
                f"{_money(revenue.values[year], revenue.block.scale)}")
        used = [income, revenue]
    elif ask == "result":
        income = _one(figures, "operating_income")
        if income is None or (_OTHER_RESULT.search(f"{income.total_quote}\n{_header_above(income.block)}")
                              and not _OTHER_RESULT.search(question)):
            return None  # "Total operating income before depreciation and amortization", "adjusted": another measure
        value = income.values[year]
        text = f"{part} segment operating {'income' if value >= 0 else 'loss'} in {when}: {_money(value, income.block.scale)}"
        used = [income]
    else:
        if revenue is None:
            return None
        value = revenue.values[year]
        shown = _money(value, revenue.block.scale)
        text = f"{part} segment revenue in {when}: {shown}"
        used = [revenue]
    quotes = "; ".join(f'"{f.quote}" ({f.block.chunk.doc} p.{f.block.chunk.page + 1})' for f in used)
    amount = ask in ("amount", "result")
    unit = f"USD {used[0].block.scale}" if amount else "percent"
    return WrittenAnswer(status="answered", kind="metric", value=round(value, 0 if amount else places),
                         unit=unit, text=f"{text}, read from its segment table: {quotes}.",
                         citations=[_cited(f, chunks) for f in used], flags=["segment_table"])


def _profitable(question: str, part: str, when: str, year: int, figures: list[_Figure],
                chunks: list[Chunk]) -> WrittenAnswer | None:
    """Yes or No by the sign of the part's operating income (loss) in its segment table; None without one."""
    income = _one(figures, "operating_income")
    if income is None or income.values[year] == 0:
        return None
    made = income.values[year] > 0
    word = _PROFITABLE.search(question.split("?")[0]).group("word")  # type: ignore[union-attr]
    yes = made if _of_profit(word) else not made
    amount = _money(income.values[year], income.block.scale)
    text = (f"{'Yes' if yes else 'No'}. {part} segment operating {'income' if made else 'loss'} in {when}: {amount}, "
            f'read from its segment table: "{income.quote}" ({income.block.chunk.doc} p.{income.block.chunk.page + 1}).')
    return WrittenAnswer(status="answered", kind="yes_no", value=income.values[year],
                         unit=f"USD {income.block.scale}", text=text, citations=[_cited(income, chunks)],
                         flags=["segment_table"])


# "Which of Meta's segments was unprofitable in FY2022?": the items of the segment table by the sign of their result
_WHICH_BY_SIGN = re.compile(r"^\W*which\s+(?:of\s+(?:[\w&.'’-]+\s+){1,4})?(?:(?:business|reportable|operating)\s+)?"
                            r"(?P<items>segments?|divisions?|business\s+units?)\b[^?]*?\b(?:was|were|is|are)\s+(?:still\s+)?"
                            rf"{_SIGN_WORD}\b", re.I)
# rows of a segment table that are no segment: the reconciling items between the segments and the total
_NOT_A_SEGMENT = re.compile(r"\b(?:corporate|eliminations?|unallocated|reconcil\w*|other|intersegment|adjustments?)\b", re.I)


def asks_by_sign(question: str) -> bool:
    """The question asks which segments made a profit (or a loss)."""
    return _WHICH_BY_SIGN.search(question) is not None


def by_sign(question: str, hits: list[SearchHit], companies: list[str], vocab: Vocabulary,
            retriever: Retriever | None) -> WrittenAnswer | None:
    """The segments whose operating result in the asked period has the asked sign, read from the segment table of
    operating income (its rows adding up to its total); one for "which segment was", any for "which segments were";
    None when no table of the period decides it, or its tables disagree."""
    asked = _WHICH_BY_SIGN.search(question)
    if asked is None or len(companies) != 1:
        return None
    mentions = parse_periods(question)
    if len(set(mentions.years)) != 1 or len(set(mentions.periods)) > 1:
        return None
    year, quarter = mentions.years[0], (int(mentions.periods[0][-1]) if mentions.periods else None)
    want_profit = _of_profit(asked.group("word"))
    chunks = [c for c in _chunks(hits, companies[0], retriever) if _of_period(c, year, quarter)]
    picks: set[tuple[str, ...]] = set()
    quotes: list[tuple[Block, list]] = []
    for block in (_whole(b, chunks) for b in blocks([SearchHit(chunk=c, score=0.0) for c in chunks], companies)):
        table = _item_rows(block, [year], quarter is not None, vocab)
        if table is None or table[0] != "operating_income":
            continue
        items = [r for r in table[1] if not _NOT_A_SEGMENT.search(r.label)]
        if len(items) < 2:
            continue
        column = block.years.index(year)
        chosen = [r for r in items if (float(r.values[column]) > 0) == want_profit and float(r.values[column]) != 0]
        picks.add(tuple(_label(r.label) for r in chosen))
        quotes.append((block, chosen))
    if len(picks) != 1 or not (chosen := quotes[0][1]) or (not asked.group("items").lower().endswith("s")
                                                          and len(chosen) != 1):
        return None
    block = quotes[0][0]
    when = f"Q{quarter} {year}" if quarter else f"fiscal {year}"
    names = "; ".join(re.sub(r"\s*\$\s*$", "", r.label).strip() for r in chosen)
    rows = " ".join(f'"{r.line}"' for r in chosen)
    verdict = "an operating profit" if want_profit else "an operating loss"
    return WrittenAnswer(status="answered", kind="choice",
                         text=f"{names}\n\n{names}: {verdict} in {when}, read from its segment table of operating income "
                              f"(its rows add up to its total): {rows} ({block.chunk.doc} p.{block.chunk.page + 1})",
                         citations=[cite(block.chunk_of(r), r.line) for r in chosen], flags=["segment_table"])
