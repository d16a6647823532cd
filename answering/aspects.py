"""What a question needs from the reports, and reading it from one chunk.

An aspect is one (company, fiscal year, base metric) figure. A question's aspects are
its companies × years × metrics, where a derived metric (gross margin, quick ratio ...)
stands for the base metrics of its vocabulary formula — `avg(x)` and `prior(x)` add
the prior year. A chunk covers an aspect when it is that company's, a statement row
in it is labelled with one of the metric's wordings and has a number in the year's
column (or, for prose, a sentence names the metric, the year and an amount).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from answering import numbers
from answering.row_scope import label_not_consolidated
from finrag.models import Chunk, NumberConventionName, SearchHit
from finrag.numerals import (
    ENGLISH_SCALE,
    SCALE_WORDS,
    AmbiguousNumber,
    depends_on_convention,
    read_number,
    scale_of,
)
from finrag.vocabulary import Vocabulary, load_vocabulary, tokenize
from loaders.facts import without_contra_tail
from loaders.release_tables import span_periods
from loaders.statement_layout import has_note_column, without_note

# Line items printed as negatives (outflows) or positives depending on the filer, but
# meant as an amount spent in the vocabulary's formulas ("capex / revenue").
SPENDING_METRICS = frozenset(
    {"capex", "dividends_paid", "share_repurchases", "interest_expense", "income_tax",
     "cost_of_revenue", "research_and_development", "sga", "depreciation_amortization"}
)
_PER_SHARE_UNITS = {"USD/share"}
LINE_PREFIX = "line_"  # the key of a statement line a question names and the vocabulary lacks
_FORMULA_NAME = re.compile(r"\b(avg|prior)\s*\(\s*([a-z_]+)\s*\)|\b([a-z_][a-z0-9_]*)\b")
# "$1,234.5 million" in a sentence.
PROSE_AMOUNT = re.compile(r"\$\s?(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s*(million|billion|thousand)", re.I)
PROSE_SCALE = {"thousand": 0.001, "million": 1.0, "billion": 1000.0}
# The same in a document not written the US way: the currency marks its prose prints
# ("Rp405,9 miliar", "€1.234,5 million") and the scale words of its language (finrag.numerals).
_SCALE_WORD = "|".join(re.escape(w) + ("s?" if w in ENGLISH_SCALE else "")
                       for w in sorted(SCALE_WORDS, key=len, reverse=True))
_OTHER_PROSE_AMOUNT = re.compile(rf"(?:US\$|\$|Rp\.?|IDR|€|EUR)\s?(\d[\d.,]*\d|\d)\s*({_SCALE_WORD})(?!\w)", re.I)


def prose_amounts(text: str, convention: NumberConventionName = "us") -> list[tuple[float | None, str]]:
    """The money amounts a sentence prints with a scale word, in millions, each with its text:
    "$1,234.5 million" -> 1234.5; in a continental document "Rp405,9 miliar" -> 405,900.0. An
    amount only the convention would settle ("Rp1.234 juta" where the document writes numbers
    both ways) is None: counted, never read."""
    if convention == "us":
        return [(float(d.replace(",", "")) * PROSE_SCALE[w.lower()], f"{d} {w}") for d, w in PROSE_AMOUNT.findall(text)]
    out: list[tuple[float | None, str]] = []
    for m in _OTHER_PROSE_AMOUNT.finditer(text):
        scale = scale_of(m.group(2))
        try:
            value: float | None = read_number(m.group(1), convention) * (scale or 1.0)
        except AmbiguousNumber:
            value = None
        except ValueError:
            continue  # not a number the document writes ("12.5" in a continental one)
        out.append((value, m.group(0)))
    return out


class Aspect(BaseModel):
    """One figure a question needs: a base metric of a company in a fiscal year."""

    model_config = ConfigDict(frozen=True)

    company: str | None  # canonical name; None = whichever company the evidence is about
    fiscal_year: int | None  # None = the latest year found
    metric: str  # vocabulary key of a base metric

    def label(self, vocabulary: Vocabulary | None = None) -> str:
        parts = [self.company or "", metric_label(self.metric, vocabulary)]
        if self.fiscal_year:
            parts.append(f"FY{self.fiscal_year}")
        return " ".join(p for p in parts if p)


class Reading(BaseModel):
    """A figure read from a chunk, with the exact text it came from (the citation quote)."""

    aspect: Aspect
    value: float  # millions for money; as printed for per-share, percent and ratio rows
    unit: str = "USD"
    quote: str  # a line or sentence copied from chunk.text
    chunk: Chunk
    fiscal_year: int | None  # the column's year
    from_table: bool = True
    # the table's unit line: ISO currency ("£'000" -> "GBP"; None for a bare "$" or prose)
    # and the scale its amounts were printed in ("thousands"); `value` is in millions anyway
    currency: str | None = None
    table_scale: str | None = None


# --------------------------------------------------------------------------- vocabulary helpers


def metric_label(metric: str, vocabulary: Vocabulary | None = None) -> str:
    vocab = vocabulary or load_vocabulary()
    return vocab.label(metric) or metric.replace("_", " ").capitalize()


def metric_unit(metric: str, vocabulary: Vocabulary | None = None) -> str:
    entry = (vocabulary or load_vocabulary()).metrics.get(metric)
    return (entry.unit if entry else None) or "USD"


def wordings(metric: str, vocabulary: Vocabulary | None = None) -> list[str]:
    """The metric's normalised line-item wordings, longest first."""
    vocab = vocabulary or load_vocabulary()
    return _wordings(vocab, metric)


@lru_cache(maxsize=512)
def _normalized(words: tuple[str, ...]) -> tuple[str, ...]:
    normal = {numbers.normalize_label(w) for w in words}
    return tuple(sorted((w for w in normal if w), key=len, reverse=True))


def _wordings(vocab: Vocabulary, metric: str) -> list[str]:
    return list(_normalized((*vocab.row_wordings(metric), metric.replace("_", " "))))


@lru_cache(maxsize=512)
def _label_keys(words: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    """Stemmed token sequences of the wordings, so "Revenues" matches "revenue"."""
    return frozenset(tuple(tokenize(w)) for w in words)


def formula_inputs(metric: str, vocabulary: Vocabulary | None = None) -> list[tuple[str, int]]:
    """Base metrics a derived metric needs, with a year offset (0 or -1 for avg()/prior())."""
    vocab = vocabulary or load_vocabulary()
    formula = vocab.formula(metric)
    if not formula:
        return []
    inputs: list[tuple[str, int]] = []
    for func, inner, name in _FORMULA_NAME.findall(str(formula)):
        if func:
            inputs += [(inner, 0), (inner, -1)] if func == "avg" else [(inner, -1)]
        elif name and name not in ("avg", "prior"):
            inputs.append((name, 0))
    return list(dict.fromkeys(inputs))


# --------------------------------------------------------------------------- planning

_ACROSS = re.compile(r"\bwhich (company|companies|firm|firms)\b|\b(rank|order|sort)\b", re.I)


def asks_across_companies(question: str, companies: list[str]) -> bool:
    """"Which company had the highest revenue?" names no company: it is about all of them."""
    return not companies and bool(_ACROSS.search(question))


def figure_years(years: list[int], metrics: list[str], vocabulary: Vocabulary | None = None) -> list[int]:
    """A growth rate "from FY2022 to FY2023" is one figure, FY2023's: its formula reads the
    prior year itself (prior(), avg()), so the years named are its inputs' years."""
    vocab = vocabulary or load_vocabulary()
    formulas = [vocab.formula(m) or "" for m in metrics]
    if len(years) > 1 and metrics and all("prior(" in f or "avg(" in f for f in formulas):
        return years[-1:]
    return years


_YOY = re.compile(r"\b(year[- ]over[- ]year|yoy|growth|grew|grow|change[ds]?|increase[ds]?|decrease[ds]?|decline[ds]?)\b", re.I)


def implied_years(
    question: str, years: list[int], metrics: list[str], vocabulary: Vocabulary | None = None
) -> list[int]:
    """"Year-over-year growth in total assets in FY2023" needs FY2022 too."""
    vocab = vocabulary or load_vocabulary()
    growth_metric = any("prior(" in (vocab.formula(m) or "") for m in metrics)
    if len(years) == 1 and not growth_metric and _YOY.search(question):
        return [years[0] - 1, years[0]]
    return years


def primary_metrics(metrics: list[str], vocabulary: Vocabulary | None = None) -> list[str]:
    """Drop metrics that are inputs of another one named: "fixed asset turnover (revenue /
    average PP&E)" asks for the turnover, not also for revenue and PP&E."""
    vocab = vocabulary or load_vocabulary()
    inputs = {i for m in metrics for i in vocab.inputs(m)}
    return [m for m in metrics if m not in inputs] or metrics


def plan_aspects(
    companies: list[str],
    fiscal_years: list[int],
    metrics: list[str],
    vocabulary: Vocabulary | None = None,
) -> list[Aspect]:
    """Companies × years × base metrics (derived metrics replaced by their formula inputs)."""
    vocab = vocabulary or load_vocabulary()
    company_axis: list[str | None] = list(companies) or [None]
    year_axis: list[int | None] = list(fiscal_years) or [None]
    aspects: list[Aspect] = []
    for company in company_axis:
        for year in year_axis:
            for metric in metrics:
                inputs = formula_inputs(metric, vocab) or [(metric, 0)]
                for base, offset in inputs:
                    if offset and year is None:
                        continue  # prior-year inputs need a known year
                    y = year + offset if year is not None else None
                    aspects.append(Aspect(company=company, fiscal_year=y, metric=base))
    return list(dict.fromkeys(aspects))


# --------------------------------------------------------------------------- reading


def _company_matches(chunk: Chunk, company: str | None) -> bool:
    if company is None:
        return True
    return (chunk.company or "").casefold() == company.casefold()


# "Net earnings attributable to Best Buy Co., Inc. shareholders" is still net earnings.
_QUALIFIER = re.compile(r"\s+attributable to\b.*$")


def _label_matches(label: str, metric_wordings: list[str]) -> bool:
    keys = _label_keys(tuple(metric_wordings))
    norm = numbers.normalize_label(label)
    # "Trade accounts receivable, net of allowance of $11.0 and $10.7": the line is the
    # receivables, named with or without the "net" its tail leaves
    bare = numbers.normalize_label(without_contra_tail(label))
    return any(
        (key := tuple(tokenize(candidate))) and key in keys
        for candidate in (norm, _QUALIFIER.sub("", norm), bare, re.sub(r"\s+net$", "", bare))
    )


_FILLER = frozenset(tokenize("of the"))


def _same_words(label: str, section: str, metric_wordings: list[str]) -> bool:
    """A row names a line the question words in another order: the label's words (with its
    section's, "Closing market price (TSX):" over "Class A shares") are the wording's words,
    every one, and no other ("closing TSX market price of the Class A share"). A row with a
    word more or less is another line."""
    keys = {frozenset(key) - _FILLER for key in _label_keys(tuple(metric_wordings))}
    candidates = [label] + ([f"{section} {label}"] if section else [])
    # a parenthesis of the label is words of it too ("Closing market price (TSX):")
    return any(frozenset(tokenize(form)) - _FILLER in keys
               for c in candidates for form in (numbers.normalize_label(c), re.sub(r"[()]", " ", c)))


def row_names(label: str, metric: str, vocabulary: Vocabulary) -> bool:
    """Whether a statement row's label names the metric (the row reader's own test)."""
    return _label_matches(label, _wordings(vocabulary, metric)) or _spells(label, _acronym(vocabulary, metric)) \
        or (metric.startswith(LINE_PREFIX) and _same_words(label, "", _wordings(vocabulary, metric)))


def section_row_names(label: str, section: str, metric: str, vocabulary: Vocabulary) -> bool:
    """Whether a row under its caption ("Subscription and support" under "Cost of revenues:") names a
    line only the question names ("subscription and support cost of revenues"), as the row reader
    reads a line under its section."""
    if not (metric.startswith(LINE_PREFIX) and section):
        return False
    wordings = _wordings(vocabulary, metric)
    return _same_words(label, section, wordings) or any(
        _label_matches(candidate, wordings) for candidate in (f"{label} {section}", f"{section} {label}"))


def unsettled_row(hits: list[SearchHit], metric: str, vocabulary: Vocabulary) -> str | None:
    """Why a row naming the metric was not read, when the reason is its numbers: its document
    writes numbers both ways and the row prints one only a convention settles ("Gross profit
    987.448": 987,448 or 987.448). None when no such row is among the hits."""
    for hit in hits:
        chunk = hit.chunk
        if chunk.number_convention != "ambiguous":
            continue
        for line in chunk.text.splitlines():
            row = numbers.split_row(line)  # read the US way only to find the row and its numbers
            if row is None or numbers.split_row(line, "ambiguous") is not None \
                    or not row_names(row.label, metric, vocabulary):
                continue
            token = next((t for t in row.tokens if depends_on_convention(t.strip("$()%-"))), None)
            if token is None:
                continue
            digits = token.strip("$()%-")
            return (f"the row “{line.strip()}” ({chunk.doc} p.{chunk.page + 1}) prints {digits}, which is "
                    f"{digits.replace(',', '').replace('.', '')} written the US way and "
                    f"{digits.replace(',', '.')} written the continental way; the document writes numbers both "
                    "ways, so it is not read")
    return None


_NOT_INITIAL = frozenset({"total", "of", "and", "the", "&", "net"})


def _acronym(vocabulary: Vocabulary, metric: str) -> str | None:
    """The acronym a question names a line by ("GMV"), lower-cased; None for any other line. Only
    a line the question names: the vocabulary's own short wordings ("cash") are words, not initials."""
    entry = vocabulary.metrics.get(metric)
    if not metric.startswith(LINE_PREFIX) or entry is None:
        return None
    # three letters at least: two ("OI") are spelled by too many labels ("Other income", "Operating income")
    return entry.label.lower() if re.fullmatch(r"[A-Z]{3,6}", entry.label) else None


def _spells(label: str, acronym: str | None) -> bool:
    """The label's words spell the acronym by their initials: "Total Gross Merchandise Volume" is
    GMV, as the filing's defined term "Gross Merchandise Volume (GMV)" says."""
    if acronym is None:
        return False
    words = [w for w in re.findall(r"[A-Za-z]+", numbers.normalize_label(label)) if w.lower() not in _NOT_INITIAL]
    return "".join(w[0] for w in words).lower() == acronym


_SEGMENT_WORDS = frozenset(tokenize("segment segments reportable"))
# a segment's name printed alone over its rows: a few capitalised words, no figures ("AWS",
# "North America", "Family of Apps")
_SEGMENT_HEADING = re.compile(r"[A-Z][\w&'’.-]*(?:\s+(?:of|and|&|[A-Z][\w&'’.-]*)){0,4}")


def segment_row_names(label: str, section: str, metric: str, vocabulary: Vocabulary) -> bool:
    """Whether a segment table's row ("Google Cloud" under "Operating income (loss):") names a
    line the question words as the segment's amount ("Google Cloud segment operating income",
    "Family of Apps income from operations"): the segment's name and its section's words, in
    either order, are the wording's words without "segment" (the table says it is one)."""
    keys = {tuple(t for t in key if t not in _SEGMENT_WORDS) for key in _label_keys(tuple(_wordings(vocabulary, metric)))}
    return any(
        (key := tuple(tokenize(numbers.normalize_label(candidate)))) and key in keys
        for candidate in (f"{label} {section}", f"{section} {label}")
    )


def _money(value: float, unit: str, scale_factor: float, metric: str) -> float:
    if unit == "USD":
        value *= scale_factor
    return abs(value) if metric in SPENDING_METRICS else value


# A bare four-digit year: amounts of that size print a thousands separator.
_BARE_YEAR = re.compile(r"(?:19|20)\d\d")
# A sentence's amount that is a capacity or a ceiling, not what the period saw: "$82.3 million
# was available to be paid as dividends", "may repurchase up to $30 million".
_CAPACITY = re.compile(
    r"\bavailable\s+(?:to\s+be|to|for|under)\b|\bremain(?:s|ed|ing)?\s+available\b|\b(?:could|may|might|can)\s+(?:be\s+)?(?:paid|pay|declared?|distributed?"
    r"|borrowed?|drawn|spent|used|repurchased?)\b|\bup\s+to\s+(?:an?\s+)?(?:aggregate\s+(?:of\s+)?)?[$£€\d]"
    r"|\b(?:permitted|allowed)\s+to\b",
    re.I,
)


def read_aspect(chunk: Chunk, aspect: Aspect, vocabulary: Vocabulary | None = None) -> Reading | None:
    """The aspect's figure in this chunk: a statement row first, a sentence otherwise."""
    if not _company_matches(chunk, aspect.company):
        return None
    vocab = vocabulary or load_vocabulary()
    row = _read_row(chunk, aspect, vocab)
    if row is None and unsettled_row([SearchHit(chunk=chunk, score=0.0)], aspect.metric, vocab):
        return None  # the chunk's row for it prints a number its convention does not settle: no look-alike
    return row or _read_sentence(chunk, aspect, vocab)


_BILINGUAL_ROWS = 3


def _bilingual(lines: list[str], convention: NumberConventionName = "us") -> bool:
    """A bilingual statement prints every row with a label on each side: one such line among
    ordinary rows is two rows run together ("Total revenues 5,000 4,800 Cost of revenues")."""
    return sum(1 for line in lines if numbers.split_row(line, convention) is None
               and numbers.split_two_label_row(line, convention) is not None) >= _BILINGUAL_ROWS


# a balance sheet's or cash flow statement's captions, printed before the first row under them
# when the text layer runs them together ("Assets Current assets Cash and cash equivalents $ 2,936")
_CAPTIONS = re.compile(
    r"^(?:(?:Assets|Current\s+assets|Liabilities|Current\s+liabilities|Liabilities\s+and\s+(?:(?:share|stock)holders['’]?\s+)?"
    r"(?:equity|deficit)|(?:Share|Stock)holders['’]?\s+equity|Equity|Operating\s+activities|Investing\s+activities|"
    r"Financing\s+activities)\s+)+(?=[A-Z])")


def _unrun(line: str, queue: list[str], columns: int, convention: NumberConventionName) -> list[str] | None:
    """The rows of a line whose rows the text layer ran together, each without the captions run
    into it; a row cut at the line's end is completed from the next lines (which are taken from
    `queue`) when they open with its missing amounts. None for an ordinary line."""
    text, taken = line, 0
    while True:
        pieces = numbers.run_rows(text, columns, convention)
        if pieces is not None or taken >= 2 or taken >= len(queue):
            break
        following = queue[taken].split()
        if not following or not numbers.is_amount(following[0], convention):
            break
        text, taken = f"{text} {queue[taken]}", taken + 1
    if pieces is None:
        row = numbers.split_row(line, convention)
        bare = _CAPTIONS.sub("", line.strip())
        return [bare] if row is not None and bare != line.strip() and numbers.split_row(bare, convention) else None
    del queue[:taken]
    return [_CAPTIONS.sub("", p) if numbers.split_row(_CAPTIONS.sub("", p), convention) else p for p in pieces]


# a table's lead-in naming the measure its rows break down: "Revenue by major offerings ... were as follows:"
_AMOUNT_BY = re.compile(r"^(?:(?:our|total|the)\s+)?(?P<measure>(?:net\s+)?(?:revenues?|sales|net\s+sales))\s+"
                        r"(?:by|from)\s+[^:]{3,200}:$", re.I)


_LESS_DEPRECIATION = re.compile(r"less\b.*\bdepreciation\b", re.I)
# a line that ends inside a parenthesised aside in words ("(net of allowance ... at"), not inside a
# bracketed amount ("(1,234")
_OPEN_ASIDE = re.compile(r"\((?=[A-Za-z])[^()]*$")


_GROUP_ROWS = 8  # rows a caption's group may hold before its sum


def _group_sum(caption: str, queue: list[str], convention: NumberConventionName) -> numbers.Row | None:
    """The caption's own row when the lines after it are its components and then their sum with no
    label ("Inventories" / "Raw materials 1,517 1,441" / ... / "13,224 10,776"); None otherwise."""
    parts: list[numbers.Row] = []
    for line in queue[: _GROUP_ROWS + 1]:
        if (row := numbers.split_row(line, convention)) is not None:
            parts.append(row)
            continue
        total = numbers.unlabelled_sum(line, parts, convention) if len(parts) >= 2 else None
        return total.model_copy(update={"label": caption}) if total is not None else None
    return None


def _read_row(chunk: Chunk, aspect: Aspect, vocab: Vocabulary) -> Reading | None:
    metric_wordings = _wordings(vocab, aspect.metric)
    acronym = _acronym(vocab, aspect.metric)
    unit = metric_unit(aspect.metric, vocab)
    scale, factor = numbers.table_scale(chunk.text)
    currency = numbers.table_currency(chunk.text)
    years: list[int] = []
    side: Reading | None = None  # a matching row that is not the consolidated figure
    in_header = False  # headers wrap: "December 2,\n2016\nNovember 27,\n2015"
    note_column = False  # an IFRS "Note" heading: rows lead with a note reference
    # column spans above the years ("THREE MONTHS ENDED TWELVE MONTHS ENDED" / "2023 2022 2023
    # 2022"): a fiscal year's figure is the twelve months' column, not the first with its year
    spans = ""
    periods: list[str] | None = None
    section = ""  # the caption a row is under ("Cost of revenue:")
    # a segment note prints each segment's name alone over its rows ("AWS" / "Net sales $ 45,370"),
    # a statement its captions in capitals ("REVENUE" / "Membership fees"): the last such heading,
    # read only for a line the question names (a segment's, or one a caption in capitals qualifies)
    heading = ""
    segment_line = aspect.metric.startswith(LINE_PREFIX) and any(
        set(tokenize(w)) & _SEGMENT_WORDS for w in metric_wordings)
    depreciated = ""  # the last row read, when it was "Less accumulated depreciation"
    lines = chunk.text.splitlines()
    bilingual: bool | None = None  # counted once, when the first two-label row is met
    queue = list(lines)
    while queue:
        line = queue.pop(0)
        if _OPEN_ASIDE.search(line) and (close := next((k for k in range(min(3, len(queue))) if ")" in queue[k]),
                                                        None)) is not None:
            # a label's aside wrapped over lines ("Trade receivables (net of allowance ... at" /
            # "December 31, 2022 and 2021, respectively) 518,517 395,583"): one row, whose dates
            # are the aside's, not a column header. Only an aside closed within three lines: a
            # chunk cut inside one leaves it open, and the rows after it are rows of their own
            line = " ".join([line.rstrip(), *(q.strip() for q in queue[:close + 1])])
            del queue[:close + 1]
        if len(years) >= 2 and (pieces := _unrun(line, queue, len(years), chunk.number_convention)):
            # rows run together on one line (or cut over two) by the text layer: one row each
            line, queue[:0] = pieces[0], pieces[1:]
        deck = numbers.period_columns(line)
        if deck is not None:
            # a presentation's "Metrics Q3 2023 Q4 2023 FY 2023": each year with its period (a
            # fiscal year is read only from an FY column; quarters alone give it none)
            years, periods = (deck[0], deck[1]) if "fy" in deck[1] else ([], None)
            in_header, spans = False, ""
            continue
        found = numbers.header_years(line)
        if not found and (run := numbers.header_then_row(line, chunk.number_convention)) is not None:
            # the header's dates and the first row on one line: the header, then the row
            found, queue[:0] = run[0], [run[1]]
            in_header = False
        if found:
            years = [*years, *(y for y in found if y not in years)] if in_header else found
            in_header = True
            note_column = note_column or has_note_column([line])
            periods = span_periods(spans, years)
            continue
        row = numbers.split_row(line, chunk.number_convention)
        if row is None and depreciated and section and (bare := numbers.split_row(f"net {line.strip()}",
                                                                                 chunk.number_convention)):
            # amounts without a label under "Less accumulated depreciation": the net of the caption's
            # asset ("Property, plant and equipment, at cost:" ... "Less accumulated depreciation" / "42,620")
            asset = re.sub(r",?\s*at\s+cost$", "", section, flags=re.I)
            line = f"{depreciated} {line.strip()}"  # quoted with the line it nets, which names it
            row = bare.model_copy(update={"label": f"{asset}, net", "line": line})
        depreciated = line.strip() if row is not None and _LESS_DEPRECIATION.match(row.label) else ""
        if row is None and _label_matches(line.strip().rstrip(":"), metric_wordings) \
                and (group := _group_sum(line.strip().rstrip(":"), queue, chunk.number_convention)) is not None:
            # "Inventories" over "Raw materials", "Work in process", "Finished goods" and their sum printed
            # with no label: the sum is the caption's line (quoted as printed)
            row, line = group, group.line
        if row is None and years and (two := numbers.split_two_label_row(line, chunk.number_convention)) is not None:
            if bilingual is None:
                bilingual = _bilingual(lines, chunk.number_convention)
            row = two if bilingual else None
        if row is None:
            note_column = note_column or has_note_column([line])
            spans = f"{spans} {line}" if len(line) < 100 else ""
            section = line.strip().rstrip(":") if line.strip().endswith(":") and len(line) < 60 else section
            if line.strip().endswith(":") and (by := _AMOUNT_BY.match(line.strip())):
                # "Revenue by major offerings in our Digital Media reportable segment ... were as follows:":
                # the rows under it ("Document Cloud") are that measure's
                section = by.group("measure")
            heading = line.strip() if _SEGMENT_HEADING.fullmatch(line.strip()) else heading
            continue
        if row.tokens and all(_BARE_YEAR.fullmatch(t) for t in row.tokens):
            # a wrapped column header ("% of Total / Revenues 2021"): its years are no amounts; two or
            # more years in a run ("September 30, September 30," / "Assets 2023 2022") are the columns'
            run = [int(t) for t in row.tokens]
            if len(run) >= 2 and all(abs(a - b) == 1 for a, b in zip(run, run[1:], strict=False)):
                years, periods, in_header = run, span_periods(spans, run), True
            continue
        in_header = False
        spans = ""
        if row.label[:1].islower() and not row.label_before:
            # the end of a label wrapped over lines ("Total current" / "assets 6,281"): its words
            # are not the row's name ("assets" is no total assets)
            continue
        if not _label_matches(row.label, metric_wordings) and not _spells(row.label, acronym) and not (
                row.label_before and _label_matches(row.label_before, metric_wordings)) and not (
                aspect.metric.startswith(LINE_PREFIX) and section
                and any(_label_matches(f"{a} {b}", metric_wordings) for a, b in ((row.label, section), (section, row.label)))
        ) and not (aspect.metric.startswith(LINE_PREFIX) and (_same_words(row.label, section, metric_wordings) or (
                heading.isupper() and _same_words(row.label, heading, metric_wordings)))) and not (
                segment_line and heading and segment_row_names(row.label, heading, aspect.metric, vocab)):
            # a line the question names is also a row under its section ("Revenue:" / "Cloud")
            continue
        if "per share" in row.label.lower() and unit not in _PER_SHARE_UNITS:
            continue
        values = without_note(row.values, row.tokens, len(years), note_column) if years else None
        if years and values is None and len(row.values) < len(years) and queue \
                and not re.search(r"[A-Za-z]", queue[0]) \
                and (wrapped := numbers.split_row(f"x {queue[0]}", chunk.number_convention)) is not None \
                and len(row.values) + len(wrapped.values) == len(years):
            # "Purchase of property and equipment ... (6,332)" / "(11,503) (9,905)": the row's other
            # amounts wrapped onto the next line, which prints nothing else
            values = row.values + wrapped.values
        # (a row printing fewer amounts than its header's columns, "Dividends paid (1,158)" under "2022 2021
        # 2020", leaves which column each amount is in unsaid: it gives no year)
        column_years = years if values is not None else [] if years else _implied_years(chunk, row.values)
        fiscal_only = values is not None and periods is not None and "fy" in periods
        nil_is_zero = vocab.statement_of(aspect.metric) == "balance_sheet" and any(v is not None for v in row.values)
        for index, (col_year, value) in enumerate(zip(column_years, values or row.values, strict=False)):
            if value is None and nil_is_zero and values is not None:
                # a balance sheet's "—" (split_row's None: a dash) beside an amount is a balance of nil
                # ("Long-term debt 644,236 —": no debt the year before); a flow's dash may mean a table
                # that does not cover the year
                value = 0.0
            if value is None or (fiscal_only and periods[index] != "fy"):
                continue
            if aspect.fiscal_year is None or col_year == aspect.fiscal_year:
                reading = Reading(
                    aspect=aspect,
                    value=_money(value, unit, 1.0 if numbers.millions_cells(row) else factor, aspect.metric),
                    unit=unit,
                    quote=line.strip(),
                    chunk=chunk,
                    fiscal_year=col_year,
                    currency=currency,
                    table_scale=scale,
                )
                # "Net income attributable to noncontrolling interests" also reads as net
                # income: a later row of the same chunk that is the consolidated one wins
                if not label_not_consolidated(row.label):
                    return reading
                side = side or reading
                break
    return side


def _implied_years(chunk: Chunk, values: list[float | None]) -> list[int]:
    """Without a header line, a single-value row belongs to the filing's own year."""
    if chunk.fiscal_year and len(values) == 1:
        return [chunk.fiscal_year]
    return []


# a figure in thousands' groups with no currency sign or scale word of its own ("2,184"): a table's cell;
# prose says its amounts ("$2.2 billion")
_BARE_FIGURE = re.compile(r"(?<![\w.,$€£¥])(?<!\$\s)\(?\d{1,3}(?:,\d{3})+\)?(?![\w%,.]|\s+(?:million|billion|thousand)\b)", re.I)
_TABLE_RUN = 3


def _read_sentence(chunk: Chunk, aspect: Aspect, vocab: Vocabulary) -> Reading | None:
    """MD&A prose: "Revenue increased 8.2% to $1,234.5 million in fiscal 2023"."""
    unit = metric_unit(aspect.metric, vocab)
    if unit != "USD":
        return None
    metric_wordings = _wordings(vocab, aspect.metric)
    for sentence in split_sentences(chunk.text):
        norm = f" {numbers.normalize_label(sentence)} "
        if not any(f" {w} " in norm for w in metric_wordings):
            continue
        if _CAPACITY.search(sentence):
            continue  # what could be paid or spent is no amount of the period
        if _joined_with_another(norm, aspect.metric, metric_wordings, vocab):
            continue  # "returned $7.5 billion through share repurchases and dividends": the two together
        if len(_BARE_FIGURE.findall(sentence)) >= _TABLE_RUN:
            continue  # statement rows the text layer ran into one "sentence": its one amount in words is a row's aside
        amounts = prose_amounts(sentence, chunk.number_convention)
        if len(amounts) != 1 or amounts[0][0] is None:
            # several amounts: which one is the metric's is a guess; one the document's
            # convention does not settle ("1.234" in a document that writes both ways): not read
            continue
        mentioned = numbers.years_in(sentence)
        year = aspect.fiscal_year
        if year is not None and year not in mentioned and not (not mentioned and chunk.fiscal_year == year):
            continue
        if not amount_stated_of(sentence, amounts[0][1], metric_wordings):
            continue  # "Cash ... increased $27 million ... due to cash provided by operations": another's amount
        value = amounts[0][0]
        return Reading(
            aspect=aspect,
            value=abs(value) if aspect.metric in SPENDING_METRICS else value,
            unit=unit,
            quote=sentence.strip(),
            chunk=chunk,
            fiscal_year=year if year is not None else chunk.fiscal_year,
            from_table=False,
        )
    return None


def amount_stated_of(sentence: str, amount: str, metric_wordings: list[str]) -> bool:
    """Whether the amount is the metric's: the metric named before it ("Revenue increased 8.2% to
    $1,234.5 million") or right after it ("$2.0 billion of cash provided by operations"), not only in a
    clause after it that says why another figure moved."""
    at = sentence.find(amount)
    if at < 0:
        return True  # the amount as read is not the text as written: no position to judge by
    before = f" {numbers.normalize_label(sentence[:at])} "
    after = f" {numbers.normalize_label(sentence[at + len(amount):])} "
    return any(f" {w} " in before or re.match(rf"\s*(?:of|in|for)\s+(?:the\s+|our\s+)?{re.escape(w)}\b", after)
               for w in metric_wordings)


def _joined_with_another(norm: str, metric: str, metric_wordings: list[str], vocab: Vocabulary) -> bool:
    """The sentence names the metric joined by "and" / "or" to another measure ("share repurchases
    and dividends"): an amount it states is theirs together, not the metric's alone."""
    for wording in metric_wordings:
        for m in re.finditer(rf"(?:^| )((?:[a-z]+ ){{1,4}})(?:and|or|&) {re.escape(wording)} "
                             rf"| {re.escape(wording)} (?:and|or|&) ((?:[a-z]+ ?){{1,4}})", norm):
            partner = m.group(1) or m.group(2) or ""
            others = [k for k in vocab.match_metrics(partner) if k != metric
                      and k not in vocab.inputs(metric) and metric not in vocab.inputs(k)]
            if others:
                return True
    return False


def split_sentences(text: str) -> list[str]:
    """Sentences of prose (lines joined); table rows come out as their own "sentences"."""
    parts: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        joined = " ".join(line.strip() for line in block.splitlines() if line.strip())
        # a text layer that lost the space after a period ("... authorized in 2017.On November 9, 2022, our
        # Board ..."): a sentence's opening word after a year's or a word's period starts a new one
        joined = _RUN_ON.sub(". ", joined)
        # (a bullet after a sentence's end opens the next item: "... for the 2023 test year. • In August, ...")
        # (and a quotation opening with a curly mark: '... as of February 7, 2023. “Despite the economic ...')
        # (never after a legal form's or an initial's period: 'XYZ Corp. “the Buyer”', 'The U.S. “Inflation Reduction Act”')
        # (and a name that opens in lower case, "... royalty payments. iOS Performance Management Cases ...", "eBay")
        # (and a sentence that ends inside its closing quotation mark: '... their intellectual property rights.” Employees')
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(•])|(?<=[.!?][\u201d\u2019\"])\s+(?=[A-Z(•\u201c])|(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<![A-Z]\.[A-Z]\.)(?<!\bvs\.)(?<!\betc\.)"
                          r"(?<!\bincl\.)(?<!\bapprox\.)(?<!\bNo\.)\s+(?=[a-z][A-Z])|"
                          r"(?<=[.!?])(?<!\bInc\.)(?<!\bCorp\.)(?<!\bCo\.)(?<!\bLtd\.)"
                          r"(?<![A-Z]\.[A-Z]\.)\s+(?=\u201c)|"
                          # a heading that opens with its year ("... net of cash acquired. 2022 Acquisition Activity On
                          # March 17, 2022, we acquired ..."): the year opens the next sentence, not an amount of this one
                          # (after a sentence's own end, a word's: not "Apple Inc. 2014 Employee Stock Plan", "2020 vs. 2019")
                          r"(?<=[a-z%)\u201d\"]\.)(?<!\bInc\.)(?<!\bCo\.)(?<!\bCorp\.)(?<!\bLtd\.)(?<!\bvs\.)(?<!\bv\.)"
                          r"(?<!\bNo\.)\s+(?=(?:19|20)\d\d\s+(?!vs?\.|v\.|compared)[A-Z][a-z])", joined):
            if not s.strip():
                continue
            if parts and ((_LEGAL_FORM_END.search(parts[-1]) and _NAME_GOES_ON.match(s))
                          or ((_INITIALS_END.search(parts[-1]) or _TITLE_END.search(parts[-1])
                               or _MIDDLE_INITIAL_END.search(parts[-1]))
                              and _NAME_WORD.match(s) and not _OPENS.match(s))):
                # "Tupelo Parent, Inc. (“Transplace”), a leading ...": the period ends a company's
                # legal form, not the sentence; what follows is its defined name or the rest of its name
                parts[-1] = f"{parts[-1]} {s}"
            else:
                parts.append(s)
    return parts


# "the U.S. District Court", "U.S. Federal Trade Commission": initials before a name go on
_INITIALS_END = re.compile(r"\b(?:[A-Z]\.){2,}$")
# a person's title before the name: "Direktur Utama Ir. Kiswodarmawan", "Dr. Lisa Su" (the period is the title's)
_TITLE_END = re.compile(r"(?:^|\s)(?:Mr|Mrs|Ms|Dr|Drs|Dra|Ir|Prof|Sir|Rev|Hon)\.$")
# a name's middle initial: "/s/ Colette M. Kress", "Robert E. Sandlin" (the period is the initial's)
_MIDDLE_INITIAL_END = re.compile(r"\b(?!(?:Class|Series|Exhibit|Appendix|Schedule|Note|Plan|Tier|Item|Part|Level|Phase|"
                                 r"Type|Grade|Section|Article|Annex|Unit|Group|Block|Building|Stage)\b)[A-Z][a-z]+\s+[A-Z]\.$")
_NAME_WORD = re.compile(r"[A-Z][a-z]+\b")
_OPENS = re.compile(r"(?:The|We|Our|In|This|These|Those|It|Its|As|For|On|At|A|An|Such|Other|During|Although|However|If|"
                    r"Any|Each|All|There|Because|While|When|Since|To|With|From|By|Following|Under|See|Refer)\b")
_RUN_ON = re.compile(rf"(?<=[a-z0-9]{{3}})\.(?={_OPENS.pattern}\s)")
_LEGAL_FORM_END = re.compile(r"\b(?:Co|Ltd|Inc|Corp|L\.P|N\.V|S\.A)\.$")
_NAME_GOES_ON = re.compile(r"\(|(?:Ltd|Inc|Co|Limited|LLC|L\.P)\b")
